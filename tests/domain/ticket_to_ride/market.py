"""Handcrafted states on the synthetic map's two decks (train and ship cards) and its
``chosen`` market, for the rule tests of several decks (Rails & Sails §3.1)."""

from __future__ import annotations

from collections.abc import Sequence

from domain.kernel.protocol import Setup
from domain.ticket_to_ride.ruleset import ruleset_of
from domain.ticket_to_ride.state import GameState, Pile, PlayerState

from .synthetic import BOARD

KINDS = len(BOARD.card_names)
WILD = BOARD.locomotive


def card(name: str) -> int:
    index = BOARD.card_index(name)
    assert index >= 0, name
    return index


def counts(names: Sequence[str]) -> list[int]:
    """Counts per card index of the cards named (a hand, a discard pile)."""
    out = [0] * KINDS
    for name in names:
        out[card(name)] += 1
    return out


def market_state(
    *,
    display: Sequence[str | None],
    trains: Sequence[str] = (),
    ships: Sequence[str] = (),
    train_discard: Sequence[str] = (),
    ship_discard: Sequence[str] = (),
    hand: Sequence[str] = (),
    seats: int = 2,
) -> GameState:
    """Seat 0 to move on the synthetic map with these piles (bottom first, top last)."""
    rules = ruleset_of(BOARD, Setup(seats, BOARD.id))
    return GameState(
        rules=rules,
        seats=seats,
        phase="playing",
        seed_commitment="",
        players=[
            PlayerState(counts(hand) if seat == 0 else [0] * KINDS, list(rules.piece_counts))
            for seat in range(seats)
        ],
        deck=[card(n) for n in trains],
        discard=counts(train_discard),
        display=[-1 if n is None else card(n) for n in display],
        ticket_pile=[5, 6],
        route_owner=[-1] * len(BOARD.route_a),
        station_owner=[-1] * len(BOARD.city_ids),
        closed=[0] * len(BOARD.route_a),
        first=0,
        current=0,
        draws=0,
        piles=[Pile([card(n) for n in ships], counts(ship_discard))],
    )
