"""Review tests: the 15th Anniversary variants' decks and bonuses (§11) and the rules
without a test of their own before the review (no hand limit, §3).

See docs/rules-coverage-ticket-to-ride.md for the rule-to-test table.
"""

from __future__ import annotations

from collections import Counter

import pytest

from domain.kernel.errors import RuleViolation
from domain.kernel.protocol import Setup
from domain.ticket_to_ride import RULES
from domain.ticket_to_ride.commands import DrawCard
from domain.ticket_to_ride.events import GameEnded, GameStarted
from domain.ticket_to_ride.mapfile import STATIONS
from domain.ticket_to_ride.ruleset import ruleset_for

from .handmade import BOARD, SEED, city, hand, make_state, play, route


def _groups(tickets: tuple[int, ...]) -> Counter[str]:
    return Counter(BOARD.ticket_group[t] for t in tickets)


@pytest.mark.parametrize(
    ("variant", "longs", "regulars"),
    [
        ("standard", {"long": 6}, {"base-regular": 25, "base-big-city": 15}),
        (
            "europa-1912",
            {"long": 6},
            {"base-regular": 25, "base-big-city": 15, "1912-regular": 19},
        ),
        (
            "mega-europe",
            {"long": 6, "1912-long": 6},
            {"base-regular": 25, "base-big-city": 15, "1912-regular": 19, "1912-big-city": 30},
        ),
        ("big-cities", {}, {"base-big-city": 15, "1912-big-city": 30}),
    ],
)
def test_each_variant_uses_exactly_its_ticket_decks(
    variant: str, longs: dict[str, int], regulars: dict[str, int]
) -> None:
    """§11.1-11.3: which decks each variant shuffles (the 1912 long and Big Cities tickets
    stay out of Europe Expanded; Big Cities has no long tickets)."""
    rules = ruleset_for(Setup(3, "europe", variant))
    assert _groups(rules.long_tickets) == longs
    assert _groups(rules.regular_tickets) == regulars
    opening = RULES.start(Setup(3, "europe", variant), SEED)[0]
    assert isinstance(opening, GameStarted)
    assert len(opening.tickets.before) == sum(regulars.values())
    if longs:
        assert opening.long_tickets is not None
        assert len(opening.long_tickets.before) == sum(longs.values())


def test_big_cities_still_scores_the_express_and_the_station_bonus() -> None:
    """§11.3 Resolved: the European Express and 4 points per unbuilt station stay."""
    state = make_state(variant="big-cities", deck=["red"] * 4)
    amsterdam_essen = route("amsterdam", "essen")
    state.route_owner[amsterdam_essen] = 0
    state.players[0].routes.append(amsterdam_essen)
    state.players[0].score = 4
    state.station_owner[city("roma")] = 1
    state.players[1].pieces[STATIONS] = 2
    state.turns_left = 1
    _, state = play(state, 0, DrawCard())
    events, state = play(state, 0, DrawCard())
    ended = events[-1]
    assert isinstance(ended, GameEnded)
    mine, theirs = ended.scores
    assert mine.express and mine.express_bonus == 10 and mine.station_bonus == 12
    assert not theirs.express and theirs.station_bonus == 8
    assert [s.total for s in ended.scores] == [4 + 10 + 12, 8]


@pytest.mark.parametrize("option", ["orient-express", "orient-express-tickets", "max"])
def test_orient_express_and_max_tickets_are_not_offered(option: str) -> None:
    """§11.5: their tickets are missing from the data, so no option enables them."""
    with pytest.raises(RuleViolation) as caught:
        ruleset_for(Setup(2, "europe", "standard", {option: True}))
    assert caught.value.code == "bad-setup"
    assert not any("orient" in g or "max" in g for g in BOARD.ticket_group)


def test_long_1912_option_is_refused_outside_its_variants() -> None:
    """§11.4: a house option of the standard setup (and Europe Expanded) only."""
    for variant in ("mega-europe", "big-cities"):
        with pytest.raises(RuleViolation):
            ruleset_for(Setup(2, "europe", variant, {"long-1912-tickets": True}))


def test_no_hand_limit() -> None:
    """§3: a hand of any size still draws cards."""
    state = make_state(hands=[hand(red=12, blue=12, locomotive=14), hand()], deck=["green"] * 2)
    _, state = play(state, 0, DrawCard())
    _, state = play(state, 0, DrawCard())
    assert sum(state.players[0].hand) == 40
