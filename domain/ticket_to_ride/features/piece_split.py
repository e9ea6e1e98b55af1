"""The piece split and exchanges (Rails & Sails §2.6, §3.4).

Once its tickets are kept, each seat secretly splits its supply between trains and the
box's other kind (ships), within what the box holds of each; the rest of its pieces
stay in its own reserve. The splits are revealed together when the last seat has
chosen. During play a turn may exchange pieces of one kind in play for as many of the
other from the reserve, at the map's cost in points per piece, taken off the score at
once: the score sheet shows that cost as the term ``exchanges``, apart from the route
points the score also holds.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from msgspec.structs import replace

from domain.kernel.scores import Figure, ScoreTerm
from domain.ticket_to_ride.board import TRAINS, Board
from domain.ticket_to_ride.commands import ChoosePieces, ExchangePieces
from domain.ticket_to_ride.entries import Move, Payments
from domain.ticket_to_ride.events import (
    Event,
    GameStarted,
    PiecesChosen,
    PiecesExchanged,
    PiecesRevealed,
)
from domain.ticket_to_ride.hooks import Engine, Feature, Lines
from domain.ticket_to_ride.mapfile import PieceSplit
from domain.ticket_to_ride.redaction import public
from domain.ticket_to_ride.refusals import refuse
from domain.ticket_to_ride.ruleset import Ruleset
from domain.ticket_to_ride.state import FinalScore, GameState, PlayerState
from domain.ticket_to_ride.turn import Turn, end_turn, finish


def _split(rules: Ruleset) -> PieceSplit:
    split = rules.features.piece_split
    assert split is not None
    return split


def box(rules: Ruleset) -> list[int]:
    """The most of each piece kind (`Ruleset.pieces` order) a player owns (0: not boxed)."""
    most = _split(rules).box
    return [most.get(kind, 0) for kind in rules.pieces]  # type: ignore[call-overload]


def _other(rules: Ruleset) -> int:
    """The boxed kind besides trains (ships)."""
    return next(k for k, most in enumerate(box(rules)) if most and k != TRAINS)


def choose_pieces(turn: Turn, seat: int, command: ChoosePieces) -> list[Event]:
    """A seat's secret split, made once its tickets are kept; the last seat to choose
    reveals every split."""
    state = turn.state
    rules, player = state.rules, state.players[seat]
    if state.revealed or player.chosen:
        raise refuse("not-your-turn", "you have already chosen your pieces", "§2")
    if player.offered:  # so every split is revealed only after every ticket choice
        raise refuse("choose-tickets-first", "keep your tickets before choosing pieces",
                            "§2")
    most, other, supply = box(rules), _other(rules), _split(rules).supply
    trains, rest = command.trains, supply - command.trains
    if not (0 <= trains <= most[TRAINS] and 0 <= rest <= most[other]):
        low, high = max(0, supply - most[other]), min(most[TRAINS], supply)
        raise refuse("bad-split", f"take between {low} and {high} trains", "§2")
    chosen = {"trains": trains, rules.pieces[other]: rest}
    events: list[Event] = [PiecesChosen(seat, chosen)]
    if all(p.chosen for s, p in enumerate(state.players) if s != seat):
        splits = [
            chosen if s == seat else {rules.pieces[k]: p.chosen[k] for k in (TRAINS, other)}
            for s, p in enumerate(state.players)
        ]
        events.append(PiecesRevealed(splits))
    return events


def exchange_pieces(turn: Turn, seat: int, command: ExchangePieces) -> list[Event]:
    """Pieces in play swapped for the reserve's other kind, a point each (§3.4)."""
    state = turn.state
    rules, player = state.rules, state.players[seat]
    cost = _split(rules).exchange_cost
    exchanges: Exchanges = turn.engine.tables["piece split"]
    if not exchanges:
        raise refuse("no-exchange", "this map has no piece exchanges", "§3")
    found = [(give, take) for give, take, _ in exchanges if rules.pieces[give] == command.give]
    if not found:
        raise refuse("bad-exchange", f"{command.give!r} cannot be exchanged", "§3.4")
    give, take = found[0]
    most = min(player.pieces[give], player.reserve[take])
    if not 1 <= command.count <= most:
        raise refuse(
            "exchange-limit", f"exchange between 1 and {most} {command.give} here", "§3.4"
        )
    event = PiecesExchanged(seat, command.give, rules.pieces[take], command.count,
                            command.count * cost)
    return finish(turn, [event])


def start(engine: Engine, state: GameState, event: GameStarted) -> None:
    """Each player's reserve is its box less the default split, revealed only when chosen."""
    most = box(state.rules)
    counts = state.rules.piece_counts
    reserve = [m - n if m else 0 for m, n in zip(most, counts, strict=True)]
    for player in state.players:
        player.reserve = list(reserve)
    state.revealed = False


def pieces_chosen(engine: Engine, state: GameState, event: PiecesChosen) -> None:
    assert event.pieces is not None
    pieces = state.rules.pieces
    state.players[event.seat].chosen = [event.pieces.get(kind, 0) for kind in pieces]


def pieces_revealed(engine: Engine, state: GameState, event: PiecesRevealed) -> None:
    most = box(state.rules)
    for player, split in zip(state.players, event.pieces, strict=True):
        for kind, count in split.items():
            index = state.rules.pieces.index(kind)
            player.pieces[index] = count
            player.reserve[index] = most[index] - count
        player.chosen = []
    state.revealed = True
    if not any(p.offered for p in state.players):
        state.phase = "playing"


def pieces_exchanged(engine: Engine, state: GameState, event: PiecesExchanged) -> None:
    player = state.players[event.seat]
    give, take = state.rules.pieces.index(event.give), state.rules.pieces.index(event.take)
    player.pieces[give] -= event.count
    player.reserve[give] += event.count
    player.pieces[take] += event.count
    player.reserve[take] -= event.count
    player.score -= event.points
    player.exchanged += event.count
    state.passes = 0
    end_turn(engine, state)


def split_moves(engine: Engine, state: GameState, player: PlayerState) -> list[Move]:
    """Every secret split a seat may choose once its tickets are kept, the map's own
    numbers first (the rulebook's recommended 20 trains and 40 ships)."""
    if state.revealed or player.chosen or player.offered:
        return []
    rules = state.rules
    most, other, supply = box(rules), _other(rules), _split(rules).supply
    low, high = max(0, supply - most[other]), min(most[TRAINS], supply)
    default = rules.piece_counts[TRAINS]
    others = [t for t in range(low, high + 1) if t != default]
    return [Move(ChoosePieces(t)) for t in (default, *others)]


#: per kind a player may give in an exchange: its index, the index of the kind taken
#: for it, and the exchange entries by count (the most its box holds)
Exchanges = tuple[tuple[int, int, tuple[Move, ...]], ...]


def exchanges(board: Board, payments: Payments) -> Exchanges:
    """Every exchange entry of the board, built once (none where exchanges cost nothing:
    the map has none)."""
    split = board.map.features.piece_split
    assert split is not None
    if not split.exchange_cost:
        return ()
    kinds = [board.pieces.index(kind) for kind in split.box]
    return tuple(
        (give, next(k for k in kinds if k != give),
         tuple(Move(ExchangePieces(board.pieces[give], count))
               for count in range(split.box[board.pieces[give]] + 1)))  # type: ignore[index]
        for give in kinds
    )


def exchange_moves(engine: Engine, state: GameState, seat: int, out: list[Move]) -> None:
    """Each exchange the seat's pieces and reserve allow: per kind given, every count
    from 1 up to the limit."""
    player = state.players[seat]
    pieces, reserve = player.pieces, player.reserve
    give: int
    take: int
    entries: tuple[Move, ...]
    for give, take, entries in engine.tables["piece split"]:
        out += entries[1 : min(pieces[give], reserve[take]) + 1]


def reserve_field(engine: Engine, state: GameState, player: PlayerState) -> dict[str, Any]:
    """A seat's reserve, once every split is revealed (by kind)."""
    if not state.revealed:
        return {}
    most = box(state.rules)
    return {"reserve": {k: n for k, n, m in zip(state.rules.pieces, player.reserve, most,
                                                strict=True) if m}}


def sheet(engine: Engine, state: GameState, scores: Sequence[FinalScore]) -> list[Lines]:
    """The term ``exchanges``: the points each seat's exchanges cost it, which its score
    (the account's route points) already holds; and the figure ``pieces-exchanged``
    (Rails & Sails §3.4). Nothing on a map without exchanges."""
    cost = _split(state.rules).exchange_cost
    if not cost:
        return [Lines() for _ in scores]
    lines = []
    for player in state.players:
        paid = -cost * player.exchanged
        lines.append(Lines((ScoreTerm("exchanges", paid, "§3.4"),),
                           (Figure("pieces-exchanged", player.exchanged, "§3.4"),),
                           {"routes": paid}))
    return lines


def _redact_chosen(event: PiecesChosen, viewer: int | None) -> PiecesChosen:
    return event if event.seat == viewer else replace(event, pieces=None)


PIECE_SPLIT = Feature(
    name="piece split",
    refusals=(("not-your-turn", "§2"), ("choose-tickets-first", "§2"), ("bad-split", "§2"),
              ("no-exchange", "§3"), ("bad-exchange", "§3.4"), ("exchange-limit", "§3.4")),
    setup_commands={ChoosePieces: choose_pieces},
    turn_commands={ExchangePieces: exchange_pieces},
    absent={ChoosePieces: ("no-piece-split", "this map deals every player its pieces", "§2"),
            ExchangePieces: ("no-exchange", "this map has no piece exchanges", "§3")},
    appliers={PiecesChosen: pieces_chosen, PiecesRevealed: pieces_revealed,
              PiecesExchanged: pieces_exchanged},
    redactions={PiecesChosen: _redact_chosen, PiecesRevealed: public,
                PiecesExchanged: public},
    setup_moves=split_moves,
    turn_moves=exchange_moves,
    seat_fields=reserve_field,
    start=start,
    tables=exchanges,
    sheet=sheet,
)
