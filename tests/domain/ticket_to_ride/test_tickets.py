"""Destination tickets in the standard game (Europe rules.md §2.5-2.8 and Resolved setup
order, §6, §10): dealt at setup and chosen at once in secret, the unkept ones to the
box; drawn during play, at least one kept, the rest under the pile in a random order.

The variants' decks, deals and draws are in `test_variants.py`; scoring a ticket in
`test_scoring.py`; what others see of tickets in `test_views.py`.
"""

from __future__ import annotations

import msgspec

from domain.kernel.protocol import Setup
from domain.ticket_to_ride import RULES
from domain.ticket_to_ride.commands import ChooseTickets, DrawCard, DrawTickets, KeepTickets
from domain.ticket_to_ride.events import GameStarted, TicketsChosen, TicketsDrawn, TicketsKept

from .europe import keeps
from .handmade import BOARD, SEED, commands, make_state, play, refused

# --- §6: drawing tickets during play --------------------------------------------------------


def test_draw_three_keep_at_least_one_rest_to_the_bottom_in_random_order() -> None:
    state = make_state(ticket_pile=[10, 11, 12, 13, 14])
    events, state = play(state, 0, DrawTickets())
    assert events == [TicketsDrawn(0, [14, 13, 12], 3)]
    assert state.players[0].offered == [14, 13, 12] and state.ticket_pile == [10, 11]
    assert state.current == 0
    assert len(RULES.legal_moves(state, 0)) == 7  # every non-empty combination of three
    more = refused(state, 0, KeepTickets([]))
    assert (more.code, more.section) == ("keep-more", "§6")
    assert refused(state, 0, KeepTickets([10])).code == "not-offered"
    assert refused(state, 0, KeepTickets([13, 13])).code == "not-offered"
    assert refused(state, 0, DrawCard()).code == "keep-tickets-first"
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


def test_a_short_pile_gives_what_remains() -> None:
    state = make_state(ticket_pile=[7, 8])
    events, state = play(state, 0, DrawTickets())
    assert events == [TicketsDrawn(0, [8, 7], 2)]
    assert state.ticket_pile == []
    _, state = play(state, 0, KeepTickets([7, 8]))
    assert state.players[0].tickets == [8, 7]


def test_an_empty_ticket_pile_offers_no_draw() -> None:
    state = make_state(deck=["red"])
    assert DrawTickets() not in commands(state)
    empty = refused(state, 0, DrawTickets())
    assert (empty.code, empty.section) == ("no-tickets", "§6")


# --- §2.5-2.8: the tickets dealt at setup ----------------------------------------------------


def _opening(seats: int) -> GameStarted:
    event = RULES.start(Setup(seats, "europe", "standard"), SEED)[0]
    assert isinstance(event, GameStarted)
    return event


def test_each_seat_is_dealt_one_long_and_three_regular_tickets() -> None:
    """§2.5, §2.6: the long tickets not dealt leave the game; the regular ones not dealt
    are the ticket pile."""
    state = RULES.evolve(None, _opening(3))
    for player in state.players:
        groups = [BOARD.ticket_group[t] for t in player.offered]
        assert groups[0] == "long" and all(g != "long" for g in groups[1:])
        assert len(groups) == 4
    assert len(state.ticket_pile) == 40 - 3 * 3
    assert not any(BOARD.ticket_group[t] == "long" for t in state.ticket_pile)


def test_the_setup_choice_is_simultaneous_and_unkept_tickets_go_to_the_box() -> None:
    """§2.7: keep at least 2 of 4, the long one too may go; §2.8: the rest leave the game;
    Resolved (setup order): the seats choose at once, then the first player starts."""
    state = RULES.evolve(None, _opening(2))
    pile = list(state.ticket_pile)
    offered0 = list(state.players[0].offered)
    assert RULES.to_act(state) == [0, 1]
    more = refused(state, 0, ChooseTickets(offered0[:1]))
    assert (more.code, more.section) == ("keep-more", "§2.7")
    assert refused(state, 0, ChooseTickets([offered0[0], offered0[0]])).code == "not-offered"
    assert refused(state, 0, DrawCard()).code == "choose-tickets-first"
    assert all(len(keep) >= 2 for keep in keeps(state))
    events, state = play(state, 1, ChooseTickets(state.players[1].offered[1:3]))  # no long one
    assert isinstance(events[0], TicketsChosen) and events[0].count == 2
    assert RULES.to_act(state) == [0] and state.phase == "choosing-tickets"
    assert refused(state, 1, ChooseTickets([])).code == "not-your-turn"
    _, state = play(state, 0, ChooseTickets(offered0))
    assert state.phase == "playing" and RULES.to_act(state) == [state.first]
    assert state.players[0].tickets == offered0 and len(state.players[1].tickets) == 2
    assert state.ticket_pile == pile  # the two unkept tickets went back to the box


def test_a_replayed_opening_reads_any_spelling_of_a_recorded_number_and_name() -> None:
    """The replayed opening looks numbers and names up in the board's own spellings; any
    other spelling reads as before: a ticket number by `int`, an unknown card as -1."""
    opening = _opening(2)
    state = RULES.evolve(None, opening)
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
