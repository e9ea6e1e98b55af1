"""Europe's 15th Anniversary variants (Europe rules.md §11): Europe Expanded
(``europa-1912``, §11.1), Mega Europe (``mega-europe``, §11.2), Big Cities of Europe
(``big-cities``, §11.3), the house option of long 1912 tickets (§11.4) and the
Orient Express and Max tickets left out (§11.5).

The standard game's tickets are in `test_tickets.py`; every variant is also played to
its end in `test_random_play.py`.
"""

from __future__ import annotations

from collections import Counter

import pytest

from domain.kernel.errors import RuleViolation
from domain.kernel.protocol import Setup
from domain.ticket_to_ride import RULES
from domain.ticket_to_ride.board import STATIONS
from domain.ticket_to_ride.commands import ChooseTickets, DrawTickets, KeepTickets
from domain.ticket_to_ride.events import GameStarted, TicketsDrawn
from domain.ticket_to_ride.ruleset import ruleset_for
from domain.ticket_to_ride.state import GameState

from .europe import AMSTERDAM_ESSEN, keeps, last_turn
from .handmade import BOARD, SEED, city, give_route, make_state, play, refused

LONG_GROUPS = {"long", "1912-long"}


def _opening(variant: str, seats: int = 2, **options: bool) -> tuple[GameStarted, GameState]:
    events = RULES.start(Setup(seats, "europe", variant, dict(options)), SEED)
    assert len(events) == 1 and isinstance(events[0], GameStarted)
    return events[0], RULES.evolve(None, events[0])


def _groups(tickets: tuple[int, ...] | list[int]) -> Counter[str]:
    return Counter(BOARD.ticket_group[t] for t in tickets)


# --- which tickets each variant plays with --------------------------------------------------


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
def test_each_variant_shuffles_exactly_its_ticket_decks(
    variant: str, longs: dict[str, int], regulars: dict[str, int]
) -> None:
    """§2, §11.1-11.3: the 1912 long and Big Cities tickets stay out of Europe Expanded;
    Mega Europe uses all 12 long and 89 regular; Big Cities only its 45, no long one."""
    rules = ruleset_for(Setup(3, "europe", variant))
    assert _groups(rules.long_tickets) == longs
    assert _groups(rules.regular_tickets) == regulars
    opening, _ = _opening(variant, 3)
    assert len(opening.tickets.before) == sum(regulars.values())
    if longs:
        assert opening.long_tickets is not None
        assert len(opening.long_tickets.before) == sum(longs.values())
    else:
        assert opening.long_tickets is None


@pytest.mark.parametrize(
    ("variant", "longs", "regulars", "pile"),
    [
        ("europa-1912", 1, 3, 59 - 9),
        ("mega-europe", 2, 5, 89 - 15),
        ("big-cities", 0, 5, 45 - 15),
    ],
)
def test_each_variant_deals_its_tickets(variant: str, longs: int, regulars: int, pile: int) -> None:
    """§11.1: 1 long + 3 regular; §11.2: 2 long + 5 regular; §11.3: 5 Big Cities tickets;
    the long tickets not dealt leave the game, so the pile holds regular ones only."""
    _, state = _opening(variant, 3)
    for player in state.players:
        assert len(player.offered) == longs + regulars
        assert sum(1 for t in player.offered if BOARD.ticket_group[t] in LONG_GROUPS) == longs
    assert len(state.ticket_pile) == pile
    assert not any(BOARD.ticket_group[t] in LONG_GROUPS for t in state.ticket_pile)
    assert RULES.to_act(state) == [0, 1, 2]


# --- §11.2 Mega Europe ------------------------------------------------------------------------


def test_mega_europe_keeps_at_least_three_with_at_most_one_long() -> None:
    """§11.2: keep ≥ 3 of the 7 dealt, at most 1 long; the rest go back to the box."""
    _, state = _opening("mega-europe")
    pile = list(state.ticket_pile)
    offered = state.players[0].offered
    longs, regulars = offered[:2], offered[2:]
    too_many = refused(state, 0, ChooseTickets(longs + regulars[:1]))
    assert (too_many.code, too_many.section) == ("too-many-long", "§11.2")
    assert refused(state, 0, ChooseTickets(regulars[:2])).code == "keep-more"
    choices = keeps(state)
    assert choices and all(len(set(keep) & set(longs)) <= 1 for keep in choices)
    assert all(len(keep) >= 3 for keep in choices)
    _, state = play(state, 0, ChooseTickets(longs[:1] + regulars[:2]))
    assert state.players[0].tickets == longs[:1] + regulars[:2]
    assert state.ticket_pile == pile


def test_mega_europe_draws_during_play_come_from_the_regular_deck_only() -> None:
    _, state = _opening("mega-europe", 5)
    assert len(state.ticket_pile) == 89 - 5 * 5
    assert not any(BOARD.ticket_group[t] in LONG_GROUPS for t in state.ticket_pile)
    dealt_longs = [t for p in state.players for t in p.offered if t in state.rules.long_tickets]
    assert len(dealt_longs) == 10 and len(state.rules.long_tickets) == 12
    playing = make_state(variant="mega-europe", ticket_pile=state.ticket_pile)
    events, _ = play(playing, 0, DrawTickets())
    drawn = events[0]
    assert isinstance(drawn, TicketsDrawn) and drawn.count == 3


# --- §11.3 Big Cities -------------------------------------------------------------------------


def test_big_cities_deals_five_and_keeps_at_least_two() -> None:
    opening, state = _opening("big-cities")
    assert opening.long_tickets is None
    pile = list(state.ticket_pile)
    offered = list(state.players[0].offered)
    assert len(offered) == 5
    assert all(BOARD.ticket_group[t].endswith("big-city") for t in offered)
    assert refused(state, 0, ChooseTickets(offered[:1])).code == "keep-more"
    assert all(len(keep) >= 2 for keep in keeps(state))
    _, state = play(state, 0, ChooseTickets(offered[:2]))
    assert state.players[0].tickets == offered[:2] and state.ticket_pile == pile


def test_big_cities_draws_four_tickets_and_keeps_at_least_one() -> None:
    state = make_state(ticket_pile=[1, 2, 3, 4, 5], variant="big-cities")
    events, state = play(state, 0, DrawTickets())
    assert events == [TicketsDrawn(0, [5, 4, 3, 2], 4)]
    assert len(RULES.legal_moves(state, 0)) == 2**4 - 1
    assert refused(state, 0, KeepTickets([])).code == "keep-more"


def test_big_cities_draw_from_a_short_pile_takes_what_remains() -> None:
    state = make_state(ticket_pile=[1, 2], variant="big-cities")
    events, state = play(state, 0, DrawTickets())
    assert events == [TicketsDrawn(0, [2, 1], 2)]
    assert len(RULES.legal_moves(state, 0)) == 3
    assert refused(state, 0, KeepTickets([])).code == "keep-more"
    _, state = play(state, 0, KeepTickets([1]))
    assert state.ticket_pile == [2] and state.players[0].tickets == [1]


def test_big_cities_still_scores_the_european_express_and_the_station_bonus() -> None:
    """§11.3 Resolved: the European Express and 4 points per unbuilt station stay."""
    state = make_state(variant="big-cities", deck=["red"] * 2)
    give_route(state, 0, AMSTERDAM_ESSEN)
    state.players[0].score = 4
    state.station_owner[city("roma")] = 1
    state.players[1].pieces[STATIONS] = 2
    ended = last_turn(state)
    mine, theirs = ended.scores
    assert mine.express and mine.express_bonus == 10 and mine.station_bonus == 12
    assert not theirs.express and theirs.station_bonus == 8
    assert [s.total for s in ended.scores] == [4 + 10 + 12, 8]


# --- §11.4, §11.5: options -------------------------------------------------------------------


@pytest.mark.parametrize("variant", ["standard", "europa-1912"])
def test_the_long_1912_option_shuffles_the_long_1912_tickets_in(variant: str) -> None:
    """§11.4 (house option, off by default): still one long ticket dealt per player."""
    opening, state = _opening(variant, 2, **{"long-1912-tickets": True})
    assert opening.long_tickets is not None and len(opening.long_tickets.before) == 12
    assert all(sum(t in state.rules.long_tickets for t in p.offered) == 1 for p in state.players)
    opening, _ = _opening(variant, 2)
    assert opening.long_tickets is not None and len(opening.long_tickets.before) == 6


@pytest.mark.parametrize("variant", ["mega-europe", "big-cities"])
def test_the_long_1912_option_is_refused_outside_its_variants(variant: str) -> None:
    with pytest.raises(RuleViolation) as caught:
        ruleset_for(Setup(2, "europe", variant, {"long-1912-tickets": True}))
    assert caught.value.code == "bad-setup"


@pytest.mark.parametrize("option", ["orient-express", "orient-express-tickets", "max"])
def test_the_orient_express_and_max_tickets_are_not_offered(option: str) -> None:
    """§11.5: their tickets are missing from the data, so no option enables them."""
    with pytest.raises(RuleViolation) as caught:
        ruleset_for(Setup(2, "europe", "standard", {option: True}))
    assert caught.value.code == "bad-setup"
    assert not any("orient" in g or "max" in g for g in BOARD.ticket_group)
