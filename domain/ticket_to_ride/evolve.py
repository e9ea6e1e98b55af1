"""Evolving: one recorded event applied to the state, in place.

Total and deterministic: every random outcome comes from the event (its
shuffles); card movements re-run the `cardflow` procedures `decide` used, with
the recorded shuffles in place of the generator.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from domain.ticket_to_ride.board import Board
from domain.ticket_to_ride.cardflow import (
    draw_top,
    fill_display,
    fill_slot,
    first_refillable,
    replay_reshuffle,
    replay_reshuffles,
    supplying,
    wild_reset,
)
from domain.ticket_to_ride.events import (
    BlindDrawn,
    BonusCardsDrawn,
    CardDrawn,
    DisplayRefilled,
    Event,
    GameEnded,
    GameStarted,
    HarborBuilt,
    Passed,
    PiecesChosen,
    PiecesExchanged,
    PiecesRevealed,
    RouteClaimed,
    SlotRefilled,
    StationBuilt,
    TicketsChosen,
    TicketsDrawn,
    TicketsKept,
    TunnelAttempted,
    TunnelWithdrawn,
)
from domain.ticket_to_ride.mapfile import STATIONS
from domain.ticket_to_ride.opening import card_indices, deal_market, ticket_numbers
from domain.ticket_to_ride.ruleset import ruleset_from_fields
from domain.ticket_to_ride.state import (
    SECOND_CARD,
    TICKET_CHOICE,
    GameState,
    Pile,
    PlayerState,
    Refill,
    SecondCard,
    Tunnel,
)


def start_state(board: Board, event: GameStarted) -> GameState:
    """The state after the opening: deal cards, display and tickets from the recorded shuffles.

    Replays open every game here, so the opening avoids per-game work (a
    `Setup` for the ruleset, a comprehension per list; Python 3.11 calls one as
    a function) that would cost replay speed.
    """
    rules = ruleset_from_fields(
        board, event.seats, event.map, event.variant, event.options, event.rules_version
    )
    kinds = len(board.card_names)
    piles = [(card_indices(board, event.cards.after), [0] * kinds)]
    for shuffle in event.more_cards:
        piles.append((card_indices(board, shuffle.after), [0] * kinds))
    pieces = rules.piece_counts
    reserve = (
        [most - n if most else 0 for most, n in zip(rules.box, pieces, strict=True)]
        if rules.box
        else None
    )
    players = []
    for _ in range(event.seats):
        hand = [0] * kinds
        for (deck, _), share in zip(piles, board.deck_hand, strict=True):
            for _ in range(share):
                hand[deck.pop()] += 1
        player = PlayerState(hand, list(pieces))
        if reserve is not None:
            player.reserve = list(reserve)
        players.append(player)
    display = [-1] * rules.face_up
    reshuffles = replay_reshuffles(board, piles, event.shuffles)
    deal_market(board, rules.locomotive_reset, rules.market, piles, reshuffles, display)
    (deck, discard), *more = piles
    longs = ticket_numbers(board, event.long_tickets.after) if event.long_tickets else []
    regular = ticket_numbers(board, event.tickets.after)
    long_dealt, regular_dealt = rules.long_dealt, rules.regular_dealt
    for player in players:
        offered = []
        for _ in range(long_dealt):
            offered.append(longs.pop())
        for _ in range(regular_dealt):
            offered.append(regular.pop())
        player.offered = offered
    goals: list[int] = []
    if event.goal_cards is not None:
        ids = [g.id for g in board.map.goals]
        goals = [ids.index(g) for g in event.goal_cards]
    return GameState(
        rules=rules,
        seats=event.seats,
        phase="choosing-tickets",
        seed_commitment=event.seed_commitment,
        players=players,
        deck=deck,
        discard=discard,
        display=display,
        ticket_pile=regular,
        route_owner=[-1] * len(board.route_length),
        station_owner=[-1] * len(board.city_ids),
        first=event.first.value,
        current=event.first.value,
        draws=_last_draw(event) + 1,
        goals=goals,
        goods_pile=rules.goods_cards,
        piles=[Pile(draw, discard) for draw, discard in more] if more else [],
        harbor_owner=[-1] * len(board.city_ids) if rules.harbor_cards else [],
        revealed=not rules.supply,
    )


def _last_draw(event: GameStarted) -> int:
    """The last random draw the opening used."""
    last = max(event.first.draw, event.cards.draw, event.tickets.draw)
    for shuffle in (*event.shuffles, *event.more_cards):
        last = max(last, shuffle.draw)
    if event.long_tickets:
        last = max(last, event.long_tickets.draw)
    if event.goals is not None:
        last = max(last, event.goals.draw)
    return last


def _end_turn(state: GameState) -> None:
    """Pass the turn on (§3) and run the end trigger's countdown (§8).

    In a ``chosen`` market an empty slot some deck can fill is refilled first,
    from the deck the player whose turn it is chooses (a `Refill`, Rails &
    Sails §3.1): the turn ends after it.
    """
    rules = state.rules
    if rules.market == "chosen":
        slot = first_refillable(state.display, state.decks())
        if slot >= 0:
            state.pending = Refill(slot, True)
            return
    state.pending = None
    state.turn += 1
    turns_left = state.turns_left
    if turns_left > 0:
        state.turns_left = turns_left - 1
    elif turns_left < 0:
        pieces = state.players[state.current].pieces
        kinds = rules.end_pieces
        # one kind (every map but World) read directly: the sum cost replays 5% of their speed
        left = pieces[kinds[0]] if len(kinds) == 1 else _pieces_left(pieces, kinds)
        if left <= rules.end_trigger:
            state.turns_left = state.seats * rules.final_rounds
    state.current = (state.current + 1) % state.seats


def _pieces_left(pieces: list[int], kinds: tuple[int, ...]) -> int:
    """The pieces left of the `kinds` that trigger the end (apart from `_end_turn`, where
    the generator would make `pieces` a closure cell on every call)."""
    return sum(pieces[kind] for kind in kinds)


def _tickets_chosen(board: Board, state: GameState, event: TicketsChosen) -> None:
    player = state.players[event.seat]
    player.tickets = list(event.kept or ())
    if state.rules.setup_returns:
        returned = [t for t in player.offered if t not in player.tickets]
        _return_under_pile(state, event.seat, returned)
    player.offered = []
    if not any(p.offered for p in state.players) and state.revealed:
        state.phase = "playing"


def _return_under_pile(state: GameState, seat: int, returned: list[int]) -> None:
    """Put `seat`'s setup returns under the ticket pile where seat order puts them.

    The returns go under the pile one seat after the other from the first
    player (Amsterdam rules 2.5 Resolved), so the last seat's lie lowest. The
    seats choose at once, in any order: each seat's returns go above those of
    the seats after it in that order that have already chosen, so the pile
    is the same whatever order the choices arrive in.
    """
    seats, first = state.seats, state.first
    dealt = state.rules.long_dealt + state.rules.regular_dealt
    later = [
        p for s, p in enumerate(state.players)
        if (s - first) % seats > (seat - first) % seats and not p.offered
    ]
    below = sum(dealt - len(p.tickets) for p in later)
    state.ticket_pile[below:below] = returned


def _card_drawn(board: Board, state: GameState, event: CardDrawn) -> None:
    player = state.players[event.seat]
    deck, discard = state.deck, state.discard
    shuffles = event.shuffles
    if shuffles:
        state.draws = shuffles[-1].draw + 1
    slot = event.slot
    if slot is None:
        if deck:
            player.hand[deck.pop()] += 1
        else:
            reshuffle = replay_reshuffle(board, deck, discard, shuffles)
            player.hand[draw_top(deck, discard, reshuffle)] += 1
        return _turn_over(state, event.turn_over)
    display = state.display
    rules = state.rules
    if rules.market == "chosen":
        return _face_up_chosen(board, state, event)
    player.hand[display[slot]] += 1
    loco, reset_at = board.locomotive, rules.locomotive_reset
    if deck:  # the common case: the top card fills the slot, as `fill_display` would
        display[slot] = deck.pop()
        if reset_at <= 0 or display.count(loco) < reset_at:
            return _turn_over(state, event.turn_over)
    else:
        display[slot] = -1
    reshuffle = replay_reshuffle(board, deck, discard, shuffles)
    fill_display(loco, reset_at, deck, discard, display, reshuffle, [slot])
    return _turn_over(state, event.turn_over)


def _face_up_chosen(board: Board, state: GameState, event: CardDrawn) -> None:
    """A face-up card taken from a ``chosen`` market: the slot waits for the player's choice
    of deck when more than one could refill it, else it is refilled at once."""
    assert event.slot is not None
    display = state.display
    card = display[event.slot]
    state.players[event.seat].hand[card] += 1
    display[event.slot] = -1
    piles = state.decks()
    supply = supplying(piles)
    if len(supply) > 1:
        second = isinstance(state.pending, SecondCard)  # a decoded state holds its own copy
        state.pending = Refill(event.slot, second or card == board.locomotive)
        return
    reshuffles = replay_reshuffles(board, piles, event.shuffles)
    if supply:
        fill_slot(piles, reshuffles, display, event.slot, supply[0])
    wild_reset(board, state.rules.locomotive_reset, piles, reshuffles, display)
    _turn_over(state, event.turn_over)


def _slot_refilled(board: Board, state: GameState, event: SlotRefilled) -> None:
    """The player's chosen deck refills the slot; at the end of a turn every other slot a
    deck can fill is refilled first, then the wild reset runs once (§3.1)."""
    refill = state.pending
    assert isinstance(refill, Refill)
    if event.shuffles:
        state.draws = event.shuffles[-1].draw + 1
    piles = state.decks()
    reshuffles = replay_reshuffles(board, piles, event.shuffles)
    fill_slot(piles, reshuffles, state.display, refill.slot, board.deck_ids.index(event.deck))
    if refill.last:
        slot = first_refillable(state.display, piles)
        if slot >= 0:
            state.pending = Refill(slot, True)
            return
    wild_reset(board, state.rules.locomotive_reset, piles, reshuffles, state.display)
    _turn_over(state, event.turn_over)


def _blind_drawn(board: Board, state: GameState, event: BlindDrawn) -> None:
    if event.shuffles:
        state.draws = event.shuffles[-1].draw + 1
    deck, discard = state.pile(board.deck_ids.index(event.deck))
    reshuffle = replay_reshuffle(board, deck, discard, event.shuffles)
    state.players[event.seat].hand[draw_top(deck, discard, reshuffle)] += 1
    _turn_over(state, event.turn_over)


def _turn_over(state: GameState, over: bool) -> None:
    """After a drawn card: the turn ends, or its second card is due."""
    if over:
        state.passes = 0
        _end_turn(state)
    else:
        state.pending = SECOND_CARD


def _tunnel_attempted(board: Board, state: GameState, event: TunnelAttempted) -> None:
    deck, discard = state.deck, state.discard
    if event.shuffles:
        state.draws = event.shuffles[-1].draw + 1
    reshuffle = replay_reshuffle(board, deck, discard, event.shuffles)
    revealed = []  # a plain loop: a comprehension would make the piles closure cells
    for _ in event.revealed:
        revealed.append(draw_top(deck, discard, reshuffle))
    colour = -1 if event.colour is None else board.card_index(event.colour)
    state.pending = Tunnel(event.route, colour, event.locomotives, revealed, event.extra)


def _discard_tunnel(state: GameState) -> None:
    if isinstance(state.pending, Tunnel):
        for card in state.pending.revealed:
            state.discard[card] += 1


def _route_claimed(board: Board, state: GameState, event: RouteClaimed) -> None:
    seat = event.seat
    player = state.players[seat]
    if event.paid is None:
        _pay(board, state, player, event.colour, event.locomotives, event.cards)
    else:
        for name, count in event.paid.items():
            card = board.card_at[name]
            player.hand[card] -= count
            state.pile(board.card_deck[card])[1][card] += count
    if state.pending is not None:  # the revealed cards of a tunnel paid for
        _discard_tunnel(state)
    route = event.route
    state.route_owner[route] = seat
    player.routes.append(route)
    player.pieces[board.route_piece[route]] -= board.route_length[route]
    player.score += event.points
    if event.goods:
        player.goods += event.goods
        state.goods_pile -= event.goods
    state.passes = 0
    if not board.route_bonus[route]:  # a "+X" route's turn ends with its bonus draw
        _end_turn(state)


def _bonus_cards_drawn(board: Board, state: GameState, event: BonusCardsDrawn) -> None:
    deck, discard = state.deck, state.discard
    if event.shuffles:
        state.draws = event.shuffles[-1].draw + 1
    reshuffle = replay_reshuffle(board, deck, discard, event.shuffles)
    hand = state.players[event.seat].hand
    for _ in range(event.count):
        hand[draw_top(deck, discard, reshuffle)] += 1
    _end_turn(state)


def _pay(
    board: Board,
    state: GameState,
    player: PlayerState,
    colour: str | None,
    locomotives: int,
    cards: int,
) -> None:
    loco = board.locomotive
    player.hand[loco] -= locomotives
    state.discard[loco] += locomotives
    if colour is not None and cards > locomotives:
        index = board.card_at[colour]
        player.hand[index] -= cards - locomotives
        state.discard[index] += cards - locomotives


def _tunnel_withdrawn(board: Board, state: GameState, event: TunnelWithdrawn) -> None:
    _discard_tunnel(state)
    state.passes = 0
    _end_turn(state)


def _tickets_drawn(board: Board, state: GameState, event: TicketsDrawn) -> None:
    pile = state.ticket_pile
    state.players[event.seat].offered = [pile.pop() for _ in range(event.count)]
    state.pending = TICKET_CHOICE


def _tickets_kept(board: Board, state: GameState, event: TicketsKept) -> None:
    player = state.players[event.seat]
    kept = event.kept or ()
    player.tickets += kept
    if event.bottom is not None:
        state.draws = event.bottom.draw + 1
        returned = [int(t) for t in event.bottom.after]
    else:
        returned = [t for t in player.offered if t not in kept]
    state.ticket_pile[:0] = returned
    player.offered = []
    state.passes = 0
    _end_turn(state)


def _station_built(board: Board, state: GameState, event: StationBuilt) -> None:
    player = state.players[event.seat]
    _pay(board, state, player, event.colour, event.locomotives, event.cards)
    state.station_owner[event.city] = event.seat
    player.pieces[STATIONS] -= 1
    state.passes = 0
    _end_turn(state)


def _harbor_built(board: Board, state: GameState, event: HarborBuilt) -> None:
    player = state.players[event.seat]
    for name, count in event.paid.items():
        card = board.card_at[name]
        player.hand[card] -= count
        state.pile(board.card_deck[card])[1][card] += count
    state.harbor_owner[event.city] = event.seat
    player.pieces[state.rules.pieces.index("harbors")] -= 1
    state.passes = 0
    _end_turn(state)


def _pieces_chosen(board: Board, state: GameState, event: PiecesChosen) -> None:
    assert event.pieces is not None
    pieces = state.rules.pieces
    state.players[event.seat].chosen = [event.pieces.get(kind, 0) for kind in pieces]


def _pieces_revealed(board: Board, state: GameState, event: PiecesRevealed) -> None:
    box = state.rules.box
    for player, split in zip(state.players, event.pieces, strict=True):
        for kind, count in split.items():
            index = state.rules.pieces.index(kind)
            player.pieces[index] = count
            player.reserve[index] = box[index] - count
        player.chosen = []
    state.revealed = True
    if not any(p.offered for p in state.players):
        state.phase = "playing"


def _pieces_exchanged(board: Board, state: GameState, event: PiecesExchanged) -> None:
    player = state.players[event.seat]
    give, take = state.rules.pieces.index(event.give), state.rules.pieces.index(event.take)
    player.pieces[give] -= event.count
    player.reserve[give] += event.count
    player.pieces[take] += event.count
    player.reserve[take] -= event.count
    player.score -= event.points
    player.exchanged += event.count
    state.passes = 0
    _end_turn(state)


def _passed(board: Board, state: GameState, event: Passed) -> None:
    state.passes += 1
    _end_turn(state)


def _display_refilled(board: Board, state: GameState, event: DisplayRefilled) -> None:
    if event.shuffles:
        state.draws = event.shuffles[-1].draw + 1
    deck, discard = state.deck, state.discard
    fill_display(
        board.locomotive,
        state.rules.locomotive_reset,
        deck,
        discard,
        state.display,
        replay_reshuffle(board, deck, discard, event.shuffles),
    )


def _game_ended(board: Board, state: GameState, event: GameEnded) -> None:
    state.phase = "finished"
    state.final = list(event.scores)
    state.winners = list(event.winners)


#: the handler of each event type after the opening
APPLY: dict[type[Any], Callable[[Board, GameState, Any], None]] = {
    TicketsChosen: _tickets_chosen,
    CardDrawn: _card_drawn,
    BlindDrawn: _blind_drawn,
    SlotRefilled: _slot_refilled,
    TunnelAttempted: _tunnel_attempted,
    RouteClaimed: _route_claimed,
    BonusCardsDrawn: _bonus_cards_drawn,
    TunnelWithdrawn: _tunnel_withdrawn,
    TicketsDrawn: _tickets_drawn,
    TicketsKept: _tickets_kept,
    StationBuilt: _station_built,
    HarborBuilt: _harbor_built,
    PiecesChosen: _pieces_chosen,
    PiecesRevealed: _pieces_revealed,
    PiecesExchanged: _pieces_exchanged,
    Passed: _passed,
    DisplayRefilled: _display_refilled,
    GameEnded: _game_ended,
}


def evolve(board: Board, state: GameState | None, event: Event) -> GameState:
    """Apply `event` to `state` in place (the opening builds a new state) and return it."""
    if isinstance(event, GameStarted):
        return start_state(board, event)
    if state is None:
        raise ValueError("a game's first event is game-started")
    APPLY[type(event)](board, state, event)
    return state
