"""Who may reach whom, checked against a second reading of §4.3 on random tables.

The oracle below is written straight from the sentences of ``rules.md``
(one bandit at a time, no scanning), so it shares no code or shape with
`domain.colt_express.train`; random positions of 2-6 bandits on trains of
3-6 cars must give the same Move destinations, Fire targets, Punch victims,
Punch knock-backs and Django pushes.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from domain.colt_express.commands import Fire, Punch
from domain.colt_express.components import CHARACTERS

from .builders import options, resolve, table, where, with_card

Spot = tuple[int, bool]  # (car, on the roof)


def oracle_moves(spot: Spot, caboose: int) -> set[int]:
    car, roof = spot
    reach = (1, 2, 3) if roof else (1,)
    return {car + s * d for d in reach for s in (-1, 1) if 0 <= car + s * d <= caboose}


def oracle_targets(shooter: str, spots: dict[str, Spot]) -> set[str]:
    car, roof = spots[shooter]
    legal = set()
    for other, (ocar, oroof) in spots.items():
        if other == shooter:
            continue
        if ocar == car:
            ok = shooter == "tuco" and oroof != roof  # Tuco: the other level of his car
        elif not roof:
            ok = not oroof and abs(ocar - car) == 1
        else:
            low, high = sorted((car, ocar))
            hidden = any(r and low < c < high for c, r in spots.values())
            ok = oroof and not hidden
        if ok:
            legal.add(other)
    if "belle" in legal and len(legal) > 1:
        legal.remove("belle")
    return legal


def oracle_victims(puncher: str, spots: dict[str, Spot]) -> set[str]:
    legal = {o for o, spot in spots.items() if o != puncher and spot == spots[puncher]}
    if "belle" in legal and len(legal) > 1:
        legal.remove("belle")
    return legal


@st.composite
def tables(draw: st.DrawFn) -> tuple[dict[str, Spot], int]:
    caboose = draw(st.integers(min_value=3, max_value=6))
    names = draw(st.permutations(CHARACTERS))[: draw(st.integers(min_value=2, max_value=6))]
    spots = {
        n: (draw(st.integers(min_value=0, max_value=caboose)), draw(st.booleans())) for n in names
    }
    return spots, caboose


def laid_out(spots: dict[str, Spot], caboose: int):
    # the Marshal far away in a spot nobody occupies inside, so no encounter interferes
    free = [c for c in range(caboose + 1) if (c, False) not in spots.values()]
    marshal = free[0] if free else 0
    state = table(
        {n: (c, "roof" if r else "inside") for n, (c, r) in spots.items()},
        cars=caboose,
        marshal=marshal,
    )
    return state, marshal


@settings(max_examples=300, deadline=None)
@given(tables())
def test_move_fire_and_punch_choices_match_a_second_reading_of_the_rules(drawn):
    spots, caboose = drawn
    state, _ = laid_out(spots, caboose)
    for name in spots:
        with_card(state, name, "move")
        moves = {c.car for c in options(state)}
        assert moves and moves == oracle_moves(spots[name], caboose)  # never without a way
        with_card(state, name, "fire")
        assert {c.target for c in options(state)} == oracle_targets(name, spots), name
        with_card(state, name, "punch")
        punches = options(state)
        assert {c.victim for c in punches} == oracle_victims(name, spots)
        for p in punches:  # knock-back: an adjacent car on the same level, never staying
            assert isinstance(p, Punch) and abs(p.car - spots[p.victim][0]) == 1


@settings(max_examples=200, deadline=None)
@given(tables())
def test_djangos_push_goes_one_car_away_from_him_on_the_same_level_or_not_at_all(drawn):
    spots, caboose = drawn
    if "django" not in spots:
        return
    for target in sorted(oracle_targets("django", spots)):
        state, marshal = laid_out(spots, caboose)
        resolve(state, "django", "fire", Fire(target=target))
        car, roof = spots[target]
        away = car + (1 if car > spots["django"][0] else -1)
        expected = away if 0 <= away <= caboose else car
        if not roof and expected == marshal and expected != car:
            assert where(state, target) == (expected, "roof")  # the Marshal sends him up
        else:
            assert where(state, target) == (expected, "roof" if roof else "inside")


def test_the_oracle_itself_reads_the_rulebook_example():
    spots = {"ghost": (1, True), "tuco": (2, True), "cheyenne": (2, True), "doc": (3, True)}
    assert oracle_targets("ghost", spots) == {"tuco", "cheyenne"}
    assert oracle_targets("tuco", spots) == {"ghost", "doc"}
    assert oracle_moves((0, True), 4) == {1, 2, 3}
