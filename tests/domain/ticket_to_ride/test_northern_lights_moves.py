"""Northern Lights: legal moves say exactly what decide accepts, in states of random play.

The ferry test of `test_northern_lights` is exhaustive on fresh states; this one
takes the states random games reach at 2-5 seats (track groups partly claimed,
piles short, the last round), sends commands of every kind, legal or not, in
both payment forms, and checks both ways: every entry legal moves lists is
accepted, and every command decide accepts is listed. A ferry payment named by
its cards is matched to entries through `_readings`, worked out from the rules
text, not the engine.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from domain.kernel.protocol import Setup
from domain.kernel.rng import Seed
from domain.ticket_to_ride import RULES
from domain.ticket_to_ride.board import FERRY, load_board
from domain.ticket_to_ride.commands import ClaimRoute, DrawCard, DrawTickets, Pass
from domain.ticket_to_ride.moves import Move
from domain.ticket_to_ride.state import GameState

from .handmade import copy, decide_accepts
from .test_northern_lights import _readings

NL = load_board("northern-lights")
LOCO = NL.locomotive


def _states(seats: int, seed_byte: int, every: int) -> Iterator[GameState]:
    """Every `every`-th state of one random game in play (a second card or a ticket
    choice may be pending)."""
    chooser = random.Random(seed_byte)
    seed = Seed(bytes([seed_byte]) * 32)
    state = None
    for event in RULES.start(Setup(seats, "northern-lights"), seed):
        state = RULES.evolve(state, event)
    assert state is not None
    step = 0
    while RULES.to_act(state):
        seat = RULES.to_act(state)[0]
        moves = RULES.legal_moves(state, seat)
        if state.phase == "playing":
            step += 1
            if step % every == 0:
                yield copy(state)
        for event in RULES.decide(state, seat, chooser.choice(moves).command, seed):
            state = RULES.evolve(state, event)



def _as_cards(command: ClaimRoute) -> dict[int, int]:
    """The cards a claim pays, by card index, whichever form names them."""
    if command.cards is not None:
        return {NL.card_index(name): n for name, n in command.cards.items() if n}
    length = NL.route_length[command.route]
    paid = {LOCO: command.locomotives} if command.locomotives else {}
    if length > command.locomotives and command.colour is not None:
        paid[NL.card_index(command.colour)] = length - command.locomotives
    return paid


def _covered(moves: list[Move], command: ClaimRoute) -> bool:
    """Some entry of the route lists `command`'s payment."""
    r = command.route
    paid = _as_cards(command)
    locos = paid.get(LOCO, 0)
    for move in moves:
        if not isinstance(move.command, ClaimRoute) or move.command.route != r:
            continue
        for p in move.payments or ():
            if not p.min_locomotives <= locos <= p.max_locomotives:
                continue
            if NL.route_kind[r] == FERRY:
                colour = -1 if p.colour is None else NL.card_index(p.colour)
                readings = _readings(paid, NL.route_length[r], NL.route_locomotives[r], LOCO)
                if (colour, p.pairs) in readings:
                    return True
            else:
                colours = [c for c in paid if c != LOCO]
                wanted = NL.card_name(colours[0]) if colours else None
                # all Locomotives: any entry whose range reaches the length lists it
                if p.colour == wanted or not colours:
                    return True
    return False


def _random_claims(chooser: random.Random, state: GameState, seat: int) -> list[ClaimRoute]:
    """Claims of random routes: colour-and-Locomotives form, and cards drawn from the hand
    (about the route's price: up to twice its length for a ferry)."""
    hand = state.players[seat].hand
    held = [c for c in range(LOCO + 1) for _ in range(hand[c])]
    colours = [*NL.colours, None]
    claims = []
    for _ in range(30):
        r = chooser.randrange(len(NL.route_length))
        length = NL.route_length[r]
        claims.append(ClaimRoute(r, chooser.choice(colours), chooser.randrange(length + 2)))
        size = chooser.randint(length, 2 * length if NL.route_kind[r] == FERRY else length)
        if held and size <= len(held):
            picked: dict[str, int] = {}
            for c in chooser.sample(held, size):
                picked[NL.card_name(c)] = picked.get(NL.card_name(c), 0) + 1
            claims.append(ClaimRoute(r, cards=picked))
    ferries = [r for r in range(len(NL.route_length)) if NL.route_kind[r] == FERRY]
    for _ in range(30):  # a ferry paid as the rules describe, if the hand allows it
        r = chooser.choice(ferries)
        symbols = NL.route_locomotives[r]
        plain = NL.route_length[r] - symbols
        paid = [0] * (LOCO + 1)
        plain_locos = chooser.randint(0, plain)
        paid[LOCO] = plain_locos
        paid[chooser.randrange(LOCO)] += plain - plain_locos
        for _ in range(symbols):
            if chooser.random() < 0.5:
                paid[LOCO] += 1
            else:
                paid[chooser.randrange(LOCO)] += 2
        if all(n <= h for n, h in zip(paid, hand, strict=True)):
            named = {NL.card_name(c): n for c, n in enumerate(paid) if n}
            claims.append(ClaimRoute(r, cards=named))
    return claims


@pytest.mark.parametrize(("seats", "seed_byte"), [(2, 31), (3, 32), (4, 33), (5, 34)])
def test_listed_moves_are_accepted_and_accepted_moves_are_listed(
    seats: int, seed_byte: int
) -> None:
    chooser = random.Random(seed_byte)
    listed_checked = accepted = ferries_accepted = 0
    for state in _states(seats, seed_byte, every=4):
        seat = RULES.to_act(state)[0]
        moves = RULES.legal_moves(state, seat)
        # listed -> accepted: each entry's command and each payment's ready cards
        for move in moves:
            assert decide_accepts(state, seat, move.command), move.command
            listed_checked += 1
            if isinstance(move.command, ClaimRoute):
                for p in move.payments or ():
                    if p.cards is not None:
                        variant = ClaimRoute(move.command.route, cards=p.cards)
                    else:
                        variant = ClaimRoute(move.command.route, p.colour, p.max_locomotives)
                    assert decide_accepts(state, seat, variant), (variant, p)
        # accepted -> listed
        commands: list[object] = [DrawCard(s) for s in (None, 0, 1, 2, 3, 4)]
        commands += [DrawTickets(), Pass(), *_random_claims(chooser, state, seat)]
        for command in commands:
            if not decide_accepts(state, seat, command):
                continue
            accepted += 1
            if isinstance(command, ClaimRoute):
                ferries_accepted += NL.route_kind[command.route] == FERRY
                assert _covered(moves, command), (command, state.players[seat].hand)
            else:
                assert any(m.command == command for m in moves), command
    assert listed_checked > 200 and accepted > 100 and ferries_accepted > 20
