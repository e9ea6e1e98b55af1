"""Amsterdam, second review: the rulebook's worked payment example, the gray routes, the
double routes as `legal_moves` lists them at 2, 3 and 4 seats, the end trigger with fewer
carts than a route, and an exhaustive check that `legal_moves` says exactly what `decide`
accepts in states of random Amsterdam games.
"""

from __future__ import annotations

import random

import pytest

from domain.kernel.errors import RuleViolation
from domain.kernel.protocol import Setup
from domain.ticket_to_ride import RULES
from domain.ticket_to_ride.board import load_board
from domain.ticket_to_ride.commands import (
    ClaimRoute,
    DrawCard,
    DrawTickets,
    KeepTickets,
)
from domain.ticket_to_ride.moves import Move, legal_moves
from domain.ticket_to_ride.state import GameState

from . import handmade
from .handmade import SEED, copy, decide_accepts, play
from .test_legal_moves import _covered

BOARD = load_board("amsterdam")
#: dam - oost-indisch-huis: a double connection of 3 spaces, green and black
GREEN, BLACK = (handmade.route("dam", "oost-indisch-huis", c, board=BOARD)
                for c in ("green", "black"))


def hand(**counts: int) -> list[int]:
    return handmade.hand(BOARD, **counts)


def make_state(seats: int = 2, **given: object) -> GameState:
    given.setdefault("display", ["pink", "blue", "green", "black", "red"])
    return handmade.make_state(seats, map_id="amsterdam", **given)  # type: ignore[arg-type]


def _refused(state: GameState, seat: int, command: object) -> RuleViolation:
    with pytest.raises(RuleViolation) as caught:
        RULES.decide(state, seat, command, SEED)  # type: ignore[arg-type]
    return caught.value


def _claims(state: GameState, seat: int) -> set[int]:
    return {m.command.route for m in legal_moves(BOARD, state, seat)  # type: ignore[union-attr]
            if isinstance(m.command, ClaimRoute)}


@pytest.mark.parametrize("wilds", [0, 1, 2, 3])
def test_the_rulebooks_green_route_of_three_spaces(wilds: int) -> None:
    """The rulebook's example: a green route of 3 spaces takes 3 green cards, or green
    and wild cards making 3, or 3 wild cards; the cards go to the discard pile."""
    state = make_state(hands=[hand(green=3 - wilds, locomotive=wilds, blue=3), hand()])
    assert _covered(legal_moves(BOARD, state, 0), ClaimRoute(GREEN, "green", wilds), 3)
    _, after = play(state, 0, ClaimRoute(GREEN, "green", wilds))
    assert after.players[0].hand == hand(blue=3) and after.players[0].score == 4
    assert sum(after.discard) == 3 and after.route_owner[GREEN] == 0


def test_a_coloured_route_takes_its_own_colour_only() -> None:
    """The rulebook: "a pink route needs pink cards"; another colour, or a mix, is refused."""
    state = make_state(hands=[hand(green=2, blue=3, locomotive=1), hand()])
    assert _refused(state, 0, ClaimRoute(GREEN, "blue", 0)).code
    assert _refused(state, 0, ClaimRoute(GREEN, cards={"green": 2, "blue": 1})).code
    assert _refused(state, 0, ClaimRoute(GREEN, "green", 0)).code  # 2 green cards only
    assert not _covered(legal_moves(BOARD, state, 0), ClaimRoute(GREEN, "blue", 1), 3)


def test_a_gray_route_takes_any_one_colour_never_a_mix() -> None:
    """Rules 3.B: a gray route is paid in any one colour, plus wilds; colours do not mix."""
    gray = handmade.route("noordermarkt", "korenmetershuisje", board=BOARD)  # 3 spaces
    assert BOARD.route_colour[gray] < 0 and BOARD.route_length[gray] == 3
    state = make_state(hands=[hand(orange=2, pink=1, locomotive=1), hand()])
    moves = legal_moves(BOARD, state, 0)
    assert _covered(moves, ClaimRoute(gray, "orange", 1), 3)
    assert not _covered(moves, ClaimRoute(gray, "pink", 1), 3)  # 1 pink + 1 wild: 2 cards
    error = _refused(state, 0, ClaimRoute(gray, cards={"orange": 2, "pink": 1}))
    assert error.code
    _, after = play(state, 0, ClaimRoute(gray, "orange", 1))
    assert after.players[0].hand == hand(pink=1) and after.players[0].score == 4


def test_two_players_one_track_of_a_double_route_for_either_player() -> None:
    """Rules 3.B: at 2 players the first claim there may take either track, and then
    neither player is offered the other (the claimer not, nor the opponent)."""
    cards = [hand(green=3, black=3), hand(green=3, black=3)]
    state = make_state(hands=cards, deck=["red"] * 10)
    assert {GREEN, BLACK} <= _claims(state, 0)
    for first, other in ((GREEN, BLACK), (BLACK, GREEN)):
        colour = "green" if first == GREEN else "black"
        _, after = play(state, 0, ClaimRoute(first, colour, 0))
        assert other not in _claims(after, 1)
        assert _refused(after, 1, ClaimRoute(other, "black" if colour == "green" else "green",
                                             0)).code == "double-route-closed"
        _, after = play(after, 1, DrawCard())
        _, after = play(after, 1, DrawCard())
        assert other not in _claims(after, 0)


@pytest.mark.parametrize("seats", [3, 4])
def test_three_or_four_players_both_tracks_but_never_one_player_both(seats: int) -> None:
    """Rules 3.B Resolved: at 3 and 4 players the second track stays open to the others;
    the player owning one track is neither offered nor allowed the other."""
    cards = [hand(green=3, black=3) for _ in range(seats)]
    state = make_state(seats, hands=cards, deck=["red"] * 10)
    _, after = play(state, 0, ClaimRoute(GREEN, "green", 0))
    for seat in range(1, seats):
        mine = copy(after)
        mine.current = seat
        assert BLACK in _claims(mine, seat)
    mine = copy(after)
    mine.current = 0
    assert BLACK not in _claims(mine, 0)
    assert _refused(mine, 0, ClaimRoute(BLACK, "black", 0)).code == "double-route-closed"
    _, full = play(after, 1, ClaimRoute(BLACK, "black", 0))
    assert full.route_owner[GREEN] == 0 and full.route_owner[BLACK] == 1
    for seat in range(seats):
        full.current = seat
        assert not {GREEN, BLACK} & _claims(full, seat)


def test_fewer_carts_than_spaces_bars_the_route_in_the_list_and_in_decide() -> None:
    """Rulebook: a player with too few carts to fill the route cannot claim it."""
    state = make_state(hands=[hand(green=3, pink=1), hand()], trains=[2, 16])
    pink = handmade.route("westermarkt", "de-drie-hendricken", "pink", board=BOARD)
    claims = _claims(state, 0)
    assert GREEN not in claims and pink in claims
    assert _refused(state, 0, ClaimRoute(GREEN, "green", 0)).code
    _, after = play(state, 0, ClaimRoute(pink, "pink", 0))
    assert after.players[0].pieces[0] == 1 and after.turns_left >= 0


def test_a_final_turn_may_draw_cards_or_contracts_and_the_list_says_so() -> None:
    """Rules 4 Resolved (the reference, not issue 10's "no draws"): on a final turn the
    legal moves still offer card draws and a contract draw, and decide accepts them."""
    pile = [handmade.ticket("dam", "de-drie-hendricken", board=BOARD)] * 1
    pile += [handmade.ticket("jordaan", "oude-kerk", board=BOARD)]
    state = make_state(hands=[hand(black=3), hand()], trains=[3, 16], deck=["red"] * 10,
                       ticket_pile=pile)
    _, state = play(state, 0, ClaimRoute(BLACK, "black", 0))
    assert state.players[0].pieces[0] == 0 and state.turns_left == 2
    kinds = {type(m.command) for m in legal_moves(BOARD, state, 1)}
    assert {DrawCard, DrawTickets} <= kinds
    _, state = play(state, 1, DrawTickets())
    _, state = play(state, 1, KeepTickets([pile[0]]))
    # the triggering player, with no cart left, draws on its own final turn
    kinds = {type(m.command) for m in legal_moves(BOARD, state, 0)}
    assert DrawCard in kinds and DrawTickets in kinds and ClaimRoute not in kinds
    _, state = play(state, 0, DrawTickets())
    _, state = play(state, 0, KeepTickets([pile[1]]))
    assert state.phase == "finished"


# --- legal_moves == what decide accepts, exhaustively, in random Amsterdam games ------------


def _states(seats: int, seed: int) -> list[GameState]:
    chooser = random.Random(seed)
    state = None
    for event in RULES.start(Setup(seats, "amsterdam"), SEED):
        state = RULES.evolve(state, event)
    assert state is not None
    found = [copy(state)]
    while RULES.to_act(state):
        seat = RULES.to_act(state)[0]
        moves = RULES.legal_moves(state, seat)
        found.append(copy(state))
        for event in RULES.decide(state, seat, chooser.choice(moves).command, SEED):
            state = RULES.evolve(state, event)
    return found



def _lists(moves: list[Move], command: object) -> bool:
    if isinstance(command, ClaimRoute):
        length = BOARD.route_length[command.route]
        if command.colour is None and command.locomotives == length:
            # all wilds, no colour named: the listed payment of the route's colour with
            # only wilds stands for it
            return any(isinstance(m.command, ClaimRoute) and m.command.route == command.route
                       and any(p.max_locomotives == length for p in m.payments or ())
                       for m in moves)
        if BOARD.route_colour[command.route] < 0 and command.locomotives == length:
            return False  # a gray route paid with wilds only names no colour (as Europe)
        return _covered(moves, command, length)
    return _covered(moves, command, 0)


@pytest.mark.parametrize(("seats", "seed"), [(2, 21), (3, 22), (4, 23)])
def test_every_command_decide_accepts_is_listed_and_nothing_else(seats: int, seed: int) -> None:
    """Every claim (each route, colour and wild count), every draw and the contract draw,
    in every third state of a random game: decide accepts it exactly when a legal move
    lists it. Both tracks of a double route are claimed in these games at 3 and 4 seats."""
    colours = [*BOARD.colours, None]
    states = _states(seats, seed)
    doubles = 0
    accepted = 0
    for state in states[::3]:
        seat = RULES.to_act(state)[0]
        moves = RULES.legal_moves(state, seat)
        commands: list[object] = [DrawCard(slot) for slot in (None, 0, 1, 2, 3, 4)]
        commands.append(DrawTickets())
        commands += [ClaimRoute(r, colour, n) for r in range(len(BOARD.route_length))
                     for colour in colours for n in range(BOARD.route_length[r] + 1)]
        for command in commands:
            ok = decide_accepts(state, seat, command)
            accepted += ok
            assert ok == _lists(moves, command), (command, state.players[seat].hand)
    final = states[-1]
    for group in set(BOARD.route_tracks):
        owners = {final.route_owner[t] for t in group if final.route_owner[t] >= 0}
        if len(group) == 2 and len(owners) == 2:
            doubles += 1
        assert len(owners) == len([t for t in group if final.route_owner[t] >= 0])
        if seats == 2:
            assert len(owners) <= 1
    assert accepted > 100
    assert doubles > 0 if seats > 2 else doubles == 0
