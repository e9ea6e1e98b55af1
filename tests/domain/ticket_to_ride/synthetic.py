"""The made-up maps: each a map file of existing features and nothing else, played through
the same engine as the shipped maps (a `TicketToRideRules` built from its board alone).

``maps/synthetic.json`` (`SYNTHETIC`) combines Europe's stations, tunnels and ferries
with Northern Lights' pair-paid ferries and triple routes, World's doubled spaces, sea
routes laid with ships and its chosen market of two decks (train and ship cards), the
longest-path bonus, tickets of three cities, its own tie-break order and an integer
host option. ``maps/crossroads.json`` (`CROSSROADS`) combines them otherwise (see
``test_crossroads_map.py``). Neither is listed by `/kinds`.

`market_state` is a handmade state (`handmade.make_state`) on the synthetic map's two
decks, for the rules of the chosen market.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from domain.ticket_to_ride.board import Board, board_from_map
from domain.ticket_to_ride.mapcheck import decode_map
from domain.ticket_to_ride.rules import TicketToRideRules
from domain.ticket_to_ride.state import GameState, Pile

from . import handmade

MAPS = Path(__file__).with_name("maps")


class MadeUp:
    """A made-up map file loaded: its path, board and the rules that play only it."""

    def __init__(self, name: str) -> None:
        self.path = MAPS / f"{name}.json"
        self.board: Board = board_from_map(decode_map(str(self.path), self.path.read_bytes()))
        self.rules = TicketToRideRules({self.board.id: self.board})
        self.engine = self.rules.engines[self.board.id]

    def card(self, name: str) -> int:
        """The card index of a card name."""
        return handmade.card(name, self.board)

    def counts(self, names: Sequence[str]) -> list[int]:
        """Counts per card index of the cards named (a hand, a discard pile)."""
        out = [0] * len(self.board.card_names)
        for name in names:
            out[self.card(name)] += 1
        return out

    def route(self, a: str, b: str, colour: str | None = None) -> int:
        """The route between two cities (of a colour, for a double route)."""
        return handmade.route(a, b, colour, self.board)

    def state(self, seats: int = 2, *, display: Sequence[str | None], hand: Sequence[str] = (),
              deck: Sequence[str] = (), ticket_pile: Sequence[int] = (),
              goals: Sequence[str] = (), **counts: int) -> GameState:
        """A game in play, seat 0 to move holding the cards `hand` names and `counts` more
        (``red=2``), the others nothing; `deck` is the first deck's draw pile (top last),
        any other deck as the opening left it; `goals` the goal cards in play (by id)."""
        kinds = len(self.board.card_names)
        held = [a + b for a, b in zip(self.counts(hand), handmade.hand(self.board, **counts),
                                      strict=True)]
        hands = [held, *([0] * kinds for _ in range(seats - 1))]
        return handmade.make_state(seats, map_id=self.board.id, hands=hands, display=display,
                                   deck=deck, ticket_pile=ticket_pile, goals=goals,
                                   rules=self.rules)


SYNTHETIC = MadeUp("synthetic")
CROSSROADS = MadeUp("crossroads")
#: the synthetic map's board and rules (what other tests play it by)
BOARD, RULES = SYNTHETIC.board, SYNTHETIC.rules


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
    """Seat 0 to move on the synthetic map with exactly these piles (bottom first, top last)
    and discards of its train and ship decks."""
    made = SYNTHETIC
    state = made.state(seats, display=display, hand=hand, deck=trains, ticket_pile=[5, 6])
    state.discard = made.counts(train_discard)
    state.piles = [Pile([made.card(n) for n in ships], made.counts(ship_discard))]
    return state
