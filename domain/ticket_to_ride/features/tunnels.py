"""Tunnels (Europe §5.4): a claim whose cost the top cards of the pile may raise.

The player lays the normal cost down; the map's ``revealed`` cards are turned from the
pile; each of the colour used, and each Locomotive, adds a card. With nothing extra
the route is claimed at once; otherwise the `Tunnel` decision waits: pay the extra
(of the colour used or Locomotives; only Locomotives after an all-Locomotive payment)
or withdraw, taking the cards back. The revealed cards are discarded when the attempt
ends, before the end of the turn's refill. The turned cards, the cards laid down and
the extra are face up for everyone.
"""

from __future__ import annotations

from typing import Any

import msgspec

from domain.ticket_to_ride.board import TUNNEL
from domain.ticket_to_ride.cardflow import draw_top, replay_reshuffle
from domain.ticket_to_ride.claims import claimed
from domain.ticket_to_ride.commands import PayTunnel, WithdrawTunnel
from domain.ticket_to_ride.entries import Move, Payment
from domain.ticket_to_ride.events import Event, RouteClaimed, TunnelAttempted, TunnelWithdrawn
from domain.ticket_to_ride.hooks import Engine, Feature
from domain.ticket_to_ride.payments import colour_name
from domain.ticket_to_ride.redaction import public, shuffles_hidden
from domain.ticket_to_ride.refusals import refuse
from domain.ticket_to_ride.state import GameState, Tunnel
from domain.ticket_to_ride.turn import Turn, end_turn, finish


class TunnelView(msgspec.Struct, frozen=True):
    """A tunnel attempt awaiting its player's decision (§5.4); all of it is face up."""

    route: int
    colour: str | None
    locomotives: int
    revealed: list[str]
    extra: int


def attempt(turn: Turn, seat: int, route: int, used: int, locomotives: int) -> list[Event]:
    """A tunnel claim paid with `locomotives` Locomotives and cards of `used` (-1: none):
    reveal the pile's top cards (reshuffling the discards if needed, the cards laid down
    not among them)."""
    board, state = turn.board, turn.state
    tunnels = state.rules.features.tunnels
    assert tunnels is not None
    name = colour_name(board, used)
    revealed: list[int] = []
    extra = 0
    for _ in range(tunnels.revealed):
        card = turn.draw()
        if card < 0:
            break
        revealed.append(card)
        if card == board.locomotive or card == used:
            extra += 1
    names = [board.card_names[c] for c in revealed]
    events: list[Event] = [
        TunnelAttempted(seat, route, name, locomotives, names, extra, turn.take_shuffles())
    ]
    if extra:
        return events
    for card in revealed:
        turn.discard_card(card)
    length = board.route_length[route]
    turn.pay_colour(used, locomotives, length)
    events.append(RouteClaimed(seat, route, name, locomotives, length, board.route_points[route]))
    return claimed(turn, events)


def decide(turn: Turn, seat: int, tunnel: Tunnel, command: Any) -> list[Event]:
    """The pending tunnel: pay its extra cards, or withdraw."""
    if isinstance(command, PayTunnel):
        return _pay(turn, seat, tunnel, command)
    if isinstance(command, WithdrawTunnel):
        for card in tunnel.revealed:
            turn.discard_card(card)
        return finish(turn, [TunnelWithdrawn(seat, tunnel.route)])
    raise refuse("tunnel-pending", "pay for the tunnel or withdraw", "§5.4")


def _pay(turn: Turn, seat: int, tunnel: Tunnel, command: PayTunnel) -> list[Event]:
    board = turn.board
    player = turn.state.players[seat]
    length = board.route_length[tunnel.route]
    loco = board.locomotive
    extra = tunnel.extra
    if not 0 <= command.locomotives <= extra:
        raise refuse("bad-payment", f"locomotives must be between 0 and {extra}", "§5.4")
    if tunnel.colour < 0 and command.locomotives != extra:
        raise refuse(
            "locomotives-only", "an all-Locomotive tunnel pays its extra in Locomotives", "§5.4"
        )
    if player.hand[loco] - tunnel.locomotives < command.locomotives:
        raise refuse("not-enough-cards", "not enough Locomotives for the extra cost",
                            "§5.4")
    if tunnel.colour >= 0:
        spare = player.hand[tunnel.colour] - (length - tunnel.locomotives)
        if spare < extra - command.locomotives:
            raise refuse(
                "not-enough-cards",
                f"not enough {board.colours[tunnel.colour]} cards for the extra cost",
                "§5.4",
            )
    for card in tunnel.revealed:
        turn.discard_card(card)
    locomotives = tunnel.locomotives + command.locomotives
    turn.pay_colour(tunnel.colour, locomotives, length + extra)
    event = RouteClaimed(seat, tunnel.route, colour_name(board, tunnel.colour), locomotives,
                         length + extra, board.route_points[tunnel.route])
    return claimed(turn, [event])


def attempted(engine: Engine, state: GameState, event: TunnelAttempted) -> None:
    deck, discard = state.deck, state.discard
    if event.shuffles:
        state.draws = event.shuffles[-1].draw + 1
    reshuffle = replay_reshuffle(engine.board, deck, discard, event.shuffles)
    revealed = []
    for _ in event.revealed:
        revealed.append(draw_top(deck, discard, reshuffle))
    colour = -1 if event.colour is None else engine.board.card_index(event.colour)
    state.pending = Tunnel(event.route, colour, event.locomotives, tuple(revealed), event.extra)


def _discard_revealed(state: GameState) -> None:
    """The attempt is over: its revealed cards go to the discards."""
    tunnel = state.pending
    if isinstance(tunnel, Tunnel):
        for card in tunnel.revealed:
            state.discard[card] += 1


def on_claim(engine: Engine, state: GameState, event: RouteClaimed) -> None:
    if state.pending is not None:  # a tunnel claimed after its extra cost was paid
        _discard_revealed(state)


def withdrawn(engine: Engine, state: GameState, event: TunnelWithdrawn) -> None:
    _discard_revealed(state)
    state.passes = 0
    end_turn(engine, state)


def moves(engine: Engine, state: GameState, seat: int, tunnel: Tunnel) -> list[Move]:
    """Pay the pending tunnel's extra cards (if the hand can) or withdraw (§5.4)."""
    board = engine.board
    hand = state.players[seat].hand
    loco = board.locomotive
    length = board.route_length[tunnel.route]
    spare_locos = hand[loco] - tunnel.locomotives
    out: list[Move] = []
    if tunnel.colour < 0:
        if spare_locos >= tunnel.extra:
            payment = Payment(None, tunnel.extra, tunnel.extra)
            out.append(Move(PayTunnel(tunnel.extra), (payment,)))
    else:
        spare = hand[tunnel.colour] - (length - tunnel.locomotives)
        low = max(tunnel.extra - spare, 0)
        high = min(spare_locos, tunnel.extra)
        if low <= high:
            name = board.colours[tunnel.colour]
            out.append(Move(PayTunnel(low), (Payment(name, low, high),)))
    out.append(Move(WithdrawTunnel()))
    return out


def view(engine: Engine, state: GameState) -> dict[str, object]:
    """The pending attempt, face up (the public view's ``tunnel``)."""
    tunnel = state.tunnel
    if tunnel is None:
        return {}
    board = engine.board
    return {"tunnel": TunnelView(
        tunnel.route,
        colour_name(board, tunnel.colour),
        tunnel.locomotives,
        [board.card_names[c] for c in tunnel.revealed],
        tunnel.extra,
    )}


TUNNELS = Feature(
    name="tunnels",
    refusals=(("tunnel-pending", "§5.4"), ("bad-payment", "§5.4"), ("locomotives-only", "§5.4"),
              ("not-enough-cards", "§5.4")),
    claims={TUNNEL: attempt},
    decisions={Tunnel: decide},
    on_claim=on_claim,
    appliers={TunnelAttempted: attempted, TunnelWithdrawn: withdrawn},
    redactions={TunnelAttempted: shuffles_hidden,
                TunnelWithdrawn: public},
    decision_moves={Tunnel: moves},
    pending_names={Tunnel: "tunnel"},
    public_fields=view,
)
