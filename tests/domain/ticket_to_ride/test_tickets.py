"""Destination tickets during play (§6) and at setup (§2, §11)."""

from __future__ import annotations

import msgspec
import pytest

from domain.kernel.errors import RuleViolation
from domain.kernel.protocol import Setup
from domain.ticket_to_ride import RULES
from domain.ticket_to_ride.commands import ChooseTickets, DrawCard, DrawTickets, KeepTickets
from domain.ticket_to_ride.events import GameStarted, TicketsChosen, TicketsDrawn, TicketsKept
from domain.ticket_to_ride.state import GameState

from .handmade import BOARD, SEED, make_state, play


def refused(state, seat, command) -> str:  # type: ignore[no-untyped-def]
    with pytest.raises(RuleViolation) as caught:
        RULES.decide(state, seat, command, SEED)
    return caught.value.code


def test_draw_three_keep_at_least_one_rest_to_the_bottom_in_random_order() -> None:
    state = make_state(ticket_pile=[10, 11, 12, 13, 14])
    events, state = play(state, 0, DrawTickets())
    assert events == [TicketsDrawn(0, [14, 13, 12], 3)]
    assert state.players[0].offered == [14, 13, 12] and state.ticket_pile == [10, 11]
    assert state.current == 0
    moves = RULES.legal_moves(state, 0)
    assert len(moves) == 7  # every non-empty combination of three
    assert refused(state, 0, KeepTickets([])) == "keep-more"
    assert refused(state, 0, KeepTickets([10])) == "not-offered"
    assert refused(state, 0, DrawCard()) == "keep-tickets-first"
    events, state = play(state, 0, KeepTickets([13]))
    kept = events[0]
    assert isinstance(kept, TicketsKept) and kept.kept == [13] and kept.returned == 2
    assert kept.bottom is not None and sorted(kept.bottom.before) == ["12", "14"]
    assert state.ticket_pile[:2] == [int(t) for t in kept.bottom.after]
    assert state.ticket_pile[2:] == [10, 11]
    assert state.players[0].tickets == [13] and state.players[0].offered == []
    assert state.current == 1 and state.draws == 1


def test_one_returned_ticket_needs_no_shuffle() -> None:
    state = make_state(ticket_pile=[10, 11, 12])
    _, state = play(state, 0, DrawTickets())
    events, state = play(state, 0, KeepTickets([12, 10]))
    assert events[0] == TicketsKept(0, [12, 10], 2, 1, None)
    assert state.ticket_pile == [11] and state.players[0].tickets == [12, 10]


def test_fewer_tickets_than_the_draw_size() -> None:
    state = make_state(ticket_pile=[7, 8])
    events, state = play(state, 0, DrawTickets())
    assert events == [TicketsDrawn(0, [8, 7], 2)]
    assert state.ticket_pile == []
    _, state = play(state, 0, KeepTickets([7, 8]))
    assert state.players[0].tickets == [8, 7]


def test_empty_ticket_pile_offers_no_draw() -> None:
    state = make_state(deck=["red"])
    assert DrawTickets() not in [m.command for m in RULES.legal_moves(state, 0)]
    assert refused(state, 0, DrawTickets()) == "no-tickets"


def test_big_cities_draws_four() -> None:
    state = make_state(ticket_pile=[1, 2, 3, 4, 5], variant="big-cities")
    events, _ = play(state, 0, DrawTickets())
    assert events == [TicketsDrawn(0, [5, 4, 3, 2], 4)]


def _opening(variant: str, seats: int = 2, **options: bool) -> tuple[GameStarted, GameState]:
    events = RULES.start(Setup(seats, "europe", variant, dict(options)), SEED)
    assert len(events) == 1 and isinstance(events[0], GameStarted)
    return events[0], RULES.evolve(None, events[0])


def _group(ticket: int) -> str:
    return BOARD.ticket_group[ticket]


@pytest.mark.parametrize(
    ("variant", "longs", "regulars", "pile"),
    [
        ("standard", 1, 3, 40 - 9),
        ("europa-1912", 1, 3, 59 - 9),
        ("mega-europe", 2, 5, 89 - 15),
        ("big-cities", 0, 5, 45 - 15),
    ],
)
def test_setup_deals_tickets_by_variant(variant: str, longs: int, regulars: int, pile: int) -> None:
    _, state = _opening(variant, 3)
    long_groups = {"long", "1912-long"}
    for player in state.players:
        assert len(player.offered) == longs + regulars
        assert sum(1 for t in player.offered if _group(t) in long_groups) == longs
    assert len(state.ticket_pile) == pile
    assert not any(_group(t) in long_groups for t in state.ticket_pile)
    if variant == "big-cities":
        everything = [t for p in state.players for t in p.offered] + state.ticket_pile
        assert all(_group(t).endswith("big-city") for t in everything)
    if variant == "europa-1912":
        assert all(_group(t) != "1912-big-city" for t in state.ticket_pile)
    assert RULES.to_act(state) == [0, 1, 2]


def test_long_1912_option_adds_the_long_1912_tickets() -> None:
    opening, _ = _opening("standard", 2, **{"long-1912-tickets": True})
    assert opening.long_tickets is not None and len(opening.long_tickets.before) == 12
    opening, _ = _opening("standard", 2)
    assert opening.long_tickets is not None and len(opening.long_tickets.before) == 6


def test_setup_choice_is_simultaneous_and_unkept_tickets_leave_the_game() -> None:
    _, state = _opening("standard", 2)
    pile = list(state.ticket_pile)
    offered0 = list(state.players[0].offered)
    assert refused(state, 0, ChooseTickets(offered0[:1])) == "keep-more"
    assert refused(state, 0, DrawCard()) == "choose-tickets-first"
    events, state = play(state, 1, ChooseTickets(state.players[1].offered[1:3]))
    assert isinstance(events[0], TicketsChosen) and events[0].count == 2
    assert RULES.to_act(state) == [0] and state.phase == "choosing-tickets"
    assert refused(state, 1, ChooseTickets([])) == "not-your-turn"
    _, state = play(state, 0, ChooseTickets(offered0))
    assert state.phase == "playing" and RULES.to_act(state) == [state.first]
    assert state.players[0].tickets == offered0 and len(state.players[1].tickets) == 2
    assert state.ticket_pile == pile  # the two unkept tickets went back to the box


def test_mega_europe_keeps_three_with_at_most_one_long() -> None:
    _, state = _opening("mega-europe", 2)
    offered = state.players[0].offered
    longs, regulars = offered[:2], offered[2:]
    assert refused(state, 0, ChooseTickets(longs + regulars[:1])) == "too-many-long"
    assert refused(state, 0, ChooseTickets(regulars[:2])) == "keep-more"
    moves = RULES.legal_moves(state, 0)
    assert all(sum(1 for t in m.command.keep if t in longs) <= 1 for m in moves)
    assert all(len(m.command.keep) >= 3 for m in moves)
    _, state = play(state, 0, ChooseTickets(longs[:1] + regulars[:2]))
    assert state.players[0].tickets == longs[:1] + regulars[:2]


def test_first_player_is_picked_at_random() -> None:
    opening, state = _opening("standard", 4)
    assert opening.first.draw == 0 and opening.first.bound == 4
    assert state.first == state.current == opening.first.value


def test_opening_reads_any_spelling_of_a_recorded_number_and_name() -> None:
    """The replayed opening looks numbers and names up in the board's own spellings; any
    other spelling reads as before: a ticket number by `int`, an unknown card as -1."""
    opening, state = _opening("standard", 2)
    padded = [f"0{t}" for t in opening.tickets.after]
    unknown = ["no-such-card", *opening.cards.after[1:]]
    respelt = msgspec.structs.replace(
        opening,
        tickets=msgspec.structs.replace(opening.tickets, after=tuple(padded)),
        cards=msgspec.structs.replace(opening.cards, after=tuple(unknown)),
    )
    replayed = RULES.evolve(None, respelt)
    assert replayed.ticket_pile == state.ticket_pile
    assert replayed.players == state.players
    assert replayed.deck == [-1, *state.deck[1:]] and state.deck[0] >= 0
