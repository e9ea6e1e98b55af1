"""Deciding: a command from a seat becomes events, or a `RuleViolation`.

`decide` only reads the state. Where cards move it works on copies of the
piles through `cardflow`, shuffling with the game's `Rng` and recording each
outcome, so `evolve` can replay the same movements from the events alone.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import msgspec

from domain.kernel.errors import RuleViolation, wire_name
from domain.kernel.rng import Rng, Seed, Shuffle
from domain.ticket_to_ride.board import FERRY, SEA, TUNNEL, Board
from domain.ticket_to_ride.cardflow import (
    draw_top,
    fill_display,
    fill_slot,
    first_refillable,
    rng_reshuffle,
    supplying,
    wild_reset,
)
from domain.ticket_to_ride.commands import (
    BuildHarbor,
    BuildStation,
    ChoosePieces,
    ChooseTickets,
    ClaimRoute,
    Command,
    DrawBlind,
    DrawCard,
    DrawTickets,
    ExchangePieces,
    KeepTickets,
    Pass,
    PayTunnel,
    RefillSlot,
    WithdrawTunnel,
)
from domain.ticket_to_ride.events import (
    BlindDrawn,
    BonusCardsDrawn,
    CardDrawn,
    DisplayRefilled,
    Event,
    GameEnded,
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
from domain.ticket_to_ride.evolve import evolve
from domain.ticket_to_ride.final import final_scores
from domain.ticket_to_ride.mapfile import STATIONS, TRAINS
from domain.ticket_to_ride.moves import route_closed, turn_moves
from domain.ticket_to_ride.pricing import (
    DoubledSpaces,
    HarborCards,
    OneColour,
    PairFerry,
    ShipCards,
    TrainCards,
    price_rule,
)
from domain.ticket_to_ride.ruleset import stations_built
from domain.ticket_to_ride.state import (
    GameState,
    PlayerState,
    Refill,
    SecondCard,
    TicketChoice,
    Tunnel,
)

_TUNNEL_REVEAL = 3


def _refuse(code: str, message: str, section: str) -> RuleViolation:
    return RuleViolation(code, message, section)


class _Turn:
    """The card piles as they will be after this command: copies made on first need.

    Also holds the command's `Rng` (positioned at the state's draw count) and
    the shuffles it recorded.
    """

    __slots__ = (
        "_rng",
        "board",
        "deck",
        "discard",
        "display",
        "follow",
        "more",
        "owned",
        "seed",
        "shuffles",
        "state",
    )

    def __init__(self, board: Board, state: GameState, seed: Seed) -> None:
        self.board = board
        self.state = state
        # the state's own lists, read-only until `own` copies them
        self.deck = state.deck
        self.discard = state.discard
        self.display = state.display
        # the decks after the first, as (draw pile, discards)
        piles = state.piles
        # (a map of one deck skips the comprehension and the list: a turn is a few microseconds)
        self.more: Sequence[tuple[list[int], list[int]]] = (
            [(p.draw, p.discard) for p in piles] if piles else ()
        )
        self.owned = False
        # the discards are followed after a payment only when a draw may reshuffle them
        self.follow = False
        self.seed = seed
        self._rng: Rng | None = None
        self.shuffles: list[Shuffle] = []

    @property
    def rng(self) -> Rng:
        """The game's generator at its next draw (made on first use)."""
        if self._rng is None:
            self._rng = Rng(self.seed, self.state.draws)
        return self._rng

    def own(self) -> None:
        """Copy the piles before the first change, so the state stays untouched."""
        if not self.owned:
            self.deck = list(self.deck)
            self.discard = list(self.discard)
            self.display = list(self.display)
            if self.more:
                self.more = [(list(draw), list(discard)) for draw, discard in self.more]
            self.owned = True

    def decks(self) -> list[tuple[list[int], list[int]]]:
        """Every deck's draw pile and discards as this command leaves them (copies)."""
        self.own()
        return [(self.deck, self.discard), *self.more]

    def reshuffles(self) -> list[Callable[[], None]]:
        """One reshuffle callback per deck, shuffling with the game's generator."""
        return [
            rng_reshuffle(self.board, deck, discard, self.rng, self.shuffles)
            for deck, discard in self.decks()
        ]

    def discard_card(self, card: int) -> None:
        self.own()
        self.discard[card] += 1

    def empty_slot(self, slot: int) -> None:
        self.own()
        self.display[slot] = -1

    def take_shuffles(self) -> list[Shuffle]:
        """The shuffles recorded since the last call (each belongs to one event)."""
        taken, self.shuffles = self.shuffles, []
        return taken

    def reshuffle(self) -> None:
        rng_reshuffle(self.board, self.deck, self.discard, self.rng, self.shuffles)()

    def draw(self) -> int:
        self.own()
        return draw_top(self.deck, self.discard, self.reshuffle)

    def refill(self, slots: list[int] | None) -> int:
        self.own()
        rules = self.state.rules
        return fill_display(
            self.board.locomotive,
            rules.locomotive_reset,
            self.deck,
            self.discard,
            self.display,
            self.reshuffle,
            slots,
        )

    def pay(self, colour: int, locomotives: int, cards: int) -> None:
        """Discard a payment of `cards` cards, `locomotives` of them wild.

        Only the end-of-turn refill of empty display slots and a "+X" bonus
        draw (`follow`) read the discards after a payment, so without either
        there is nothing to track.
        """
        if -1 not in self.display and not self.follow:
            return
        self.own()
        self.discard[self.board.locomotive] += locomotives
        if colour >= 0:
            self.discard[colour] += cards - locomotives

    def pay_cards(self, paid: list[int]) -> None:
        """Discard the cards `paid` (counts per card index); see `pay`."""
        if -1 not in self.display and not self.follow:
            return
        piles = self.decks()
        deck_of = self.board.card_deck
        for card, count in enumerate(paid):
            piles[deck_of[card]][1][card] += count

    def display_names(self) -> list[str | None]:
        names = self.board.card_names
        return [None if c < 0 else names[c] for c in self.display]


def _colour_index(board: Board, colour: str | None, section: str) -> int:
    if colour is None:
        return -1
    index = board.card_index(colour)
    if index < 0 or index == board.locomotive:
        raise _refuse("unknown-colour", f"{colour!r} is not a card colour of this map", section)
    return index


def _check_payment(
    board: Board, hand: list[int], colour: int, locomotives: int, cards: int, section: str
) -> int:
    """Check a payment of `cards` cards, `locomotives` of them wild; return the colour used.

    All-Locomotive payments have no colour used (-1) whatever colour was named.
    """
    if not 0 <= locomotives <= cards:
        raise _refuse("bad-payment", f"locomotives must be between 0 and {cards}", section)
    if hand[board.locomotive] < locomotives:
        raise _refuse("not-enough-cards", "not enough Locomotives in hand", section)
    if locomotives == cards:
        return -1
    if colour < 0:
        raise _refuse("bad-payment", "name the colour of the non-Locomotive cards", section)
    if hand[colour] < cards - locomotives:
        raise _refuse(
            "not-enough-cards", f"not enough {board.colours[colour]} cards in hand", section
        )
    return colour


def _name(board: Board, colour: int) -> str | None:
    return None if colour < 0 else board.colours[colour]


def decide(board: Board, state: GameState, seat: int, command: Command, seed: Seed) -> list[Event]:
    """The events `command` from `seat` causes now, or raise `RuleViolation`."""
    if state.phase == "finished":
        raise _refuse("game-over", "the game has ended", "§8")
    if not 0 <= seat < state.seats:
        raise _refuse("no-such-seat", f"seat {seat} is not in this game", "§2")
    player = state.players[seat]
    if state.phase == "choosing-tickets":
        if isinstance(command, ChoosePieces):
            return _choose_pieces(state, seat, player, command)
        if not isinstance(command, ChooseTickets):
            raise _refuse("choose-tickets-first", "every player first chooses tickets", "§2.7")
        if not player.offered:
            raise _refuse("not-your-turn", "you have already chosen your tickets", "§2.7")
        return _choose_tickets(state, seat, player, command)
    if seat != state.current:
        raise _refuse("not-your-turn", f"it is seat {state.current}'s turn", "§3")
    pending = state.pending
    # the start of a turn or its second card first: the commands of nearly every turn
    if pending is not None and not isinstance(pending, SecondCard):
        return _decide_pending(board, state, seat, player, pending, command, seed)
    if isinstance(command, DrawCard):
        if state.rules.market == "chosen":
            if command.slot is None:
                return _draw_blind(board, state, seat, 0, seed)
            return _draw_face_up_chosen(board, state, seat, command.slot, seed)
        return _draw_card(board, state, seat, command, seed)
    if isinstance(command, DrawBlind):
        deck = board.deck_ids.index(command.deck) if command.deck in board.deck_ids else -1
        if deck < 0:
            raise _refuse("no-such-deck", f"this map has no deck {command.deck!r}", "§4.1")
        return _draw_blind(board, state, seat, deck, seed)
    if pending is not None:
        raise _refuse("draw-second-card", "take your second train card", "§4.1")
    if isinstance(command, ClaimRoute):
        return _claim_route(board, state, seat, player, command, seed)
    if isinstance(command, DrawTickets):
        return _draw_tickets(state, seat)
    if isinstance(command, BuildStation):
        return _build_station(board, state, seat, player, command, seed)
    if isinstance(command, BuildHarbor):
        return _build_harbor(board, state, seat, player, command, seed)
    if isinstance(command, ExchangePieces):
        return _exchange_pieces(board, state, seat, player, command, seed)
    if isinstance(command, Pass):
        if turn_moves(board, state, seat):
            raise _refuse("cannot-pass", "you may pass only when no action is possible", "§3")
        return _end_turn(board, state, _Turn(board, state, seed), [Passed(seat)])
    raise _refuse("not-now", f"{wire_name(command)!r} is not possible now", "§3")


def _decide_pending(
    board: Board,
    state: GameState,
    seat: int,
    player: PlayerState,
    pending: Refill | TicketChoice | Tunnel,
    command: Command,
    seed: Seed,
) -> list[Event]:
    """The one command a pending decision other than the second card allows."""
    if isinstance(pending, Refill):
        if not isinstance(command, RefillSlot):
            raise _refuse("refill-first", "choose the deck that refills the market slot", "§4.1")
        return _refill_slot(board, state, seat, pending, command, seed)
    if isinstance(pending, TicketChoice):
        if not isinstance(command, KeepTickets):
            raise _refuse("keep-tickets-first", "choose which drawn tickets to keep", "§6")
        return _keep_tickets(board, state, seat, player, command, seed)
    if isinstance(command, PayTunnel):
        return _pay_tunnel(board, state, pending, player, command, seed)
    if isinstance(command, WithdrawTunnel):
        return _withdraw_tunnel(board, state, pending, seed)
    raise _refuse("tunnel-pending", "pay for the tunnel or withdraw", "§5.4")


def _choose_pieces(
    state: GameState, seat: int, player: PlayerState, command: ChoosePieces
) -> list[Event]:
    """A seat's secret split of its supply between trains and the box's other kind
    (Rails & Sails §2.6), made once its tickets are kept; the last seat to choose
    reveals every split."""
    rules = state.rules
    if not rules.supply:
        raise _refuse("no-piece-split", "this map deals every player its pieces", "§2")
    if state.revealed or player.chosen:
        raise _refuse("not-your-turn", "you have already chosen your pieces", "§2")
    if player.offered:  # so every split is revealed only after every ticket choice
        raise _refuse("choose-tickets-first", "keep your tickets before choosing pieces", "§2")
    other = next(k for k, most in enumerate(rules.box) if most and k != TRAINS)
    trains, rest = command.trains, rules.supply - command.trains
    if not (0 <= trains <= rules.box[TRAINS] and 0 <= rest <= rules.box[other]):
        low = max(0, rules.supply - rules.box[other])
        high = min(rules.box[TRAINS], rules.supply)
        raise _refuse("bad-split", f"take between {low} and {high} trains", "§2")
    chosen = {"trains": trains, rules.pieces[other]: rest}
    events: list[Event] = [PiecesChosen(seat, chosen)]
    if all(p.chosen for s, p in enumerate(state.players) if s != seat):
        splits = [
            chosen if s == seat else {rules.pieces[k]: p.chosen[k] for k in (TRAINS, other)}
            for s, p in enumerate(state.players)
        ]
        events.append(PiecesRevealed(splits))
    return events


def _exchange_pieces(
    board: Board,
    state: GameState,
    seat: int,
    player: PlayerState,
    command: ExchangePieces,
    seed: Seed,
) -> list[Event]:
    """Pieces in play swapped for the reserve's other kind, a point each (§3.4)."""
    rules = state.rules
    if not rules.exchange_cost:
        raise _refuse("no-exchange", "this map has no piece exchanges", "§3")
    kinds = [k for k, most in enumerate(rules.box) if most]
    give = rules.pieces.index(command.give) if command.give in rules.pieces else -1
    if give not in kinds:
        raise _refuse("bad-exchange", f"{command.give!r} cannot be exchanged", "§3.4")
    take = next(k for k in kinds if k != give)
    most = min(player.pieces[give], player.reserve[take])
    if not 1 <= command.count <= most:
        raise _refuse(
            "exchange-limit", f"exchange between 1 and {most} {command.give} here", "§3.4"
        )
    event = PiecesExchanged(
        seat, command.give, rules.pieces[take], command.count, command.count * rules.exchange_cost
    )
    return _end_turn(board, state, _Turn(board, state, seed), [event])


def _choose_tickets(
    state: GameState, seat: int, player: PlayerState, command: ChooseTickets
) -> list[Event]:
    rules = state.rules
    keep = command.keep
    if len(set(keep)) != len(keep) or not set(keep) <= set(player.offered):
        raise _refuse("not-offered", "keep only tickets you were dealt, once each", "§2.7")
    if len(keep) < rules.setup_keep:
        raise _refuse("keep-more", f"keep at least {rules.setup_keep} tickets", "§2.7")
    longs = sum(1 for t in keep if t in rules.long_tickets)
    if rules.setup_long_max >= 0 and longs > rules.setup_long_max:
        raise _refuse(
            "too-many-long", f"keep at most {rules.setup_long_max} long ticket(s)", "§11.2"
        )
    ordered = [t for t in player.offered if t in keep]
    return [TicketsChosen(seat, ordered, len(keep), len(player.offered) - len(keep))]


def _draw_card(
    board: Board, state: GameState, seat: int, command: DrawCard, seed: Seed
) -> list[Event]:
    loco = board.locomotive
    second = state.pending is not None
    slot = command.slot
    if slot is None:
        if not state.deck and not any(state.discard):
            raise _refuse("no-cards", "the draw pile and the discard pile are empty", "§4.4")
        if state.deck and -1 not in state.display:  # the common case: no copy, no shuffle
            over = second or not (
                len(state.deck) > 1 or any(state.discard) or _takeable(state.display, loco)
            )
            event = CardDrawn(seat, None, board.card_names[state.deck[-1]], over)
            # a full display needs no refill, so the piles need not be followed further
            return _end_turn(board, state, seed, [event]) if over else [event]
        turn = _Turn(board, state, seed)
        card = turn.draw()
        over = second or not (turn.deck or any(turn.discard) or _takeable(turn.display, loco))
        event = CardDrawn(seat, None, board.card_name(card), over, shuffles=turn.take_shuffles())
        return _end_turn(board, state, turn, [event]) if over else [event]
    if not (second or state.deck or any(state.discard) or state.rules.face_up_without_piles):
        raise _refuse("no-cards", "the draw pile and the discard pile are empty", "§4.4")
    if not 0 <= slot < len(state.display) or state.display[slot] < 0:
        raise _refuse("empty-slot", f"face-up slot {slot} holds no card", "§4.1")
    card = state.display[slot]
    if second and card == loco:
        raise _refuse("locomotive-second", "a face-up Locomotive cannot be the second card", "§4.2")
    deck = state.deck
    reset_at = state.rules.locomotive_reset
    if deck and -1 not in state.display:  # the common case: the top card fills the gap
        display = list(state.display)
        display[slot] = deck[-1]
        if reset_at <= 0 or display.count(loco) < reset_at:
            over = (
                second
                or card == loco
                or not (len(deck) > 1 or any(state.discard) or _takeable(display, loco))
            )
            names = board.card_names
            event = CardDrawn(seat, slot, names[card], over, _card_names(names, display))
            # the display is full again, so the end of the turn has nothing to refill
            return _end_turn(board, state, seed, [event]) if over else [event]
    turn = _Turn(board, state, seed)
    turn.empty_slot(slot)
    resets = turn.refill([slot])
    over = (
        second
        or card == loco
        or not (turn.deck or any(turn.discard) or _takeable(turn.display, loco))
    )
    event = CardDrawn(
        seat,
        slot,
        board.card_name(card),
        over,
        display=turn.display_names(),
        resets=resets,
        shuffles=turn.take_shuffles(),
    )
    return _end_turn(board, state, turn, [event]) if over else [event]


def _draw_blind(board: Board, state: GameState, seat: int, deck: int, seed: Seed) -> list[Event]:
    """The top card of deck `deck` (Rails & Sails §3.1: a deck with no pile and no discards
    cannot be drawn from; the turn ends after it when nothing is left to take)."""
    second = state.pending is not None
    pile, discard = state.pile(deck)
    if not pile and not any(discard):
        name = board.deck_ids[deck]
        raise _refuse("no-cards", f"the {name} deck and its discards are empty", "§4.4")
    turn = _Turn(board, state, seed)
    piles = turn.decks()
    card = draw_top(*piles[deck], turn.reshuffles()[deck])
    over = second or not (supplying(piles) or _takeable(turn.display, board.locomotive))
    event = BlindDrawn(seat, board.deck_ids[deck], board.card_name(card), over,
                       turn.take_shuffles())
    return _end_turn(board, state, turn, [event]) if over else [event]


def _draw_face_up_chosen(
    board: Board, state: GameState, seat: int, slot: int, seed: Seed
) -> list[Event]:
    """A face-up card from a ``chosen`` market: refilled from the one deck that can, or
    after the player's choice of deck (a `Refill` follows) when several can (§3.1)."""
    second = state.pending is not None
    if not second and not state.can_draw():
        raise _refuse("no-cards", "every deck and every discard pile is empty", "§4.4")
    if not 0 <= slot < len(state.display) or state.display[slot] < 0:
        raise _refuse("empty-slot", f"face-up slot {slot} holds no card", "§4.1")
    card = state.display[slot]
    wild = board.locomotive
    if second and card == wild:
        raise _refuse("locomotive-second", "a face-up wild cannot be the second card", "§4.2")
    turn = _Turn(board, state, seed)
    turn.empty_slot(slot)
    piles = turn.decks()
    supply = supplying(piles)
    name = board.card_name(card)
    if len(supply) > 1:
        return [CardDrawn(seat, slot, name, False, turn.display_names())]
    reshuffles = turn.reshuffles()
    if supply:
        fill_slot(piles, reshuffles, turn.display, slot, supply[0])
    resets = wild_reset(board, state.rules.locomotive_reset, piles, reshuffles, turn.display)
    over = second or card == wild or not (supplying(piles) or _takeable(turn.display, wild))
    event = CardDrawn(
        seat, slot, name, over, turn.display_names(), resets, turn.take_shuffles()
    )
    return _end_turn(board, state, turn, [event]) if over else [event]


def _refill_slot(
    board: Board, state: GameState, seat: int, refill: Refill, command: RefillSlot, seed: Seed
) -> list[Event]:
    """Refill the pending market slot from the chosen deck; at the end of a turn the next
    empty slot a deck can fill waits for its own choice, then the wild reset runs (§3.1)."""
    deck = board.deck_ids.index(command.deck) if command.deck in board.deck_ids else -1
    if deck < 0:
        raise _refuse("no-such-deck", f"this map has no deck {command.deck!r}", "§4.1")
    turn = _Turn(board, state, seed)
    piles = turn.decks()
    if deck not in supplying(piles):
        raise _refuse("no-cards", f"the {command.deck} deck and its discards are empty", "§4.4")
    reshuffles = turn.reshuffles()
    fill_slot(piles, reshuffles, turn.display, refill.slot, deck)
    if refill.last and first_refillable(turn.display, piles) >= 0:
        return [SlotRefilled(seat, refill.slot, command.deck, turn.display_names(), False, 0,
                             turn.take_shuffles())]
    wild = board.locomotive
    resets = wild_reset(board, state.rules.locomotive_reset, piles, reshuffles, turn.display)
    over = refill.last or not (supplying(piles) or _takeable(turn.display, wild))
    event = SlotRefilled(seat, refill.slot, command.deck, turn.display_names(), over, resets,
                         turn.take_shuffles())
    return _end_turn(board, state, turn, [event]) if over else [event]


def _card_names(names: tuple[str, ...], cards: list[int]) -> list[str | None]:
    """The names of the display `cards` (no empty slot among them); apart from
    `_draw_card`, so its locals are no closure cells."""
    return [names[c] for c in cards]


def _takeable(display: list[int], loco: int) -> bool:
    """A face-up card other than a Locomotive is there to be taken as a second card."""
    return any(0 <= c != loco for c in display)


def _claim_route(
    board: Board,
    state: GameState,
    seat: int,
    player: PlayerState,
    command: ClaimRoute,
    seed: Seed,
) -> list[Event]:
    route = command.route
    if not 0 <= route < len(board.route_length):
        raise _refuse("no-such-route", f"there is no route {route}", "§5.1")
    if state.route_owner[route] >= 0:
        raise _refuse("route-taken", "this route is already claimed", "§5.1")
    if route_closed(board, state, seat, route):
        raise _refuse("double-route-closed", "the other track bars this route", "§5.5")
    length = board.route_length[route]
    piece = board.route_piece[route]
    if player.pieces[piece] < length:
        pieces = state.rules.pieces[piece]
        code = "not-enough-trains" if piece == TRAINS else f"not-enough-{pieces}"
        raise _refuse(code, f"the route needs {length} {pieces}", "§5.1")
    if command.cards is None and (board.several_train_kinds or board.route_kind[route] == SEA):
        raise _refuse("name-the-cards", "name the cards paid for this route", "§5.2")
    if command.cards is not None:
        rule = price_rule(board, state.rules, route)
        paid = _paid_cards(board, player.hand, command, "§5.2")
        if not isinstance(rule, OneColour):
            return _claim_paid(board, state, seat, route, rule, paid, seed)
        split = rule.split(board, paid)
        if split is None:
            raise _refuse("wrong-colour", "pay with cards of one colour, Locomotives wild", "§5.2")
        if sum(paid) != length:
            raise _refuse("bad-payment", f"the route takes {length} cards", "§5.2")
        command = ClaimRoute(route, _name(board, split[0]), split[1])
    colour = _colour_index(board, command.colour, "§5.2")
    route_colour = board.route_colour[route]
    if route_colour >= 0 and command.locomotives < length and colour != route_colour:
        raise _refuse(
            "wrong-colour", f"this route takes {board.colours[route_colour]} cards", "§5.2"
        )
    if command.locomotives == length and colour >= 0 and colour != route_colour:
        raise _refuse("wrong-colour", "an all-Locomotive payment names no colour", "§5.2")
    used = _check_payment(board, player.hand, colour, command.locomotives, length, "§5.2")
    rules = state.rules
    kind = board.route_kind[route]
    if rules.ferries and kind == FERRY and command.locomotives < board.route_locomotives[route]:
        raise _refuse(
            "ferry-locomotives",
            f"this ferry needs {board.route_locomotives[route]} Locomotive(s)",
            "§5.3",
        )
    points = board.route_points[route]
    name = _name(board, used)
    turn = _Turn(board, state, seed)
    turn.follow = board.route_bonus[route] > 0
    if not (rules.tunnels and kind == TUNNEL):
        turn.pay(used, command.locomotives, length)
        goods = _goods(board, state, route) if board.route_goods[route] else 0
        claimed = RouteClaimed(seat, route, name, command.locomotives, length, points, goods=goods)
        events: list[Event] = [claimed]
        return _end_turn(board, state, turn, _bonus_draw(board, turn, events) if turn.follow
                         else events)
    # plain loops, no comprehension: one would make `board` a closure cell for every claim
    revealed: list[int] = []
    names: list[str] = []
    extra = 0
    for _ in range(_TUNNEL_REVEAL):
        card = turn.draw()
        if card < 0:
            break
        revealed.append(card)
        names.append(board.card_names[card])
        if card == board.locomotive or card == used:
            extra += 1
    events = [
        TunnelAttempted(
            seat, route, name, command.locomotives, names, extra, turn.take_shuffles()
        )
    ]
    if extra:
        return events
    for card in revealed:
        turn.discard_card(card)
    turn.pay(used, command.locomotives, length)
    events.append(
        RouteClaimed(seat, route, name, command.locomotives, length, points,
                     goods=_goods(board, state, route))
    )
    return _end_turn(board, state, turn, _bonus_draw(board, turn, events))


def _bonus_draw(board: Board, turn: _Turn, events: list[Event]) -> list[Event]:
    """`events` ending in a route-claimed event, then for a "+X" route (`turn` then
    `follow`s the discards, the payment among them) its blind draw (Northern Lights
    §3.2): X cards from the top of the pile, the discards reshuffled when it runs out,
    fewer when both run out."""
    if not turn.follow:
        return events
    claimed = events[-1]
    assert isinstance(claimed, RouteClaimed)
    names = []
    for _ in range(board.route_bonus[claimed.route]):
        card = turn.draw()
        if card >= 0:
            names.append(board.card_names[card])
    shuffles = turn.take_shuffles()
    events.append(BonusCardsDrawn(claimed.seat, claimed.route, names, len(names), shuffles))
    return events


def _goods(board: Board, state: GameState, route: int) -> int:
    """The goods cards a claim of `route` takes: one for a route with the goods symbol,
    whatever its length, while the pile lasts (Amsterdam rules 3.B)."""
    return 1 if board.route_goods[route] and state.goods_pile > 0 else 0


def _paid_cards(board: Board, hand: list[int], command: ClaimRoute, section: str) -> list[int]:
    """The cards a claim names, as counts per card index, checked against the hand."""
    assert command.cards is not None
    if command.colour is not None or command.locomotives:
        raise _refuse("bad-payment", "name the cards, or a colour and Locomotives", section)
    return _named_cards(board, hand, command.cards, section)


def _named_cards(board: Board, hand: list[int], cards: dict[str, int], section: str) -> list[int]:
    """Cards named by count, as counts per card index, checked against the hand."""
    paid = [0] * len(hand)
    for name, count in cards.items():
        card = board.card_index(name)
        if card < 0:
            raise _refuse("unknown-colour", f"{name!r} is not a card of this map", section)
        if count < 0:
            raise _refuse("bad-payment", "card counts are not negative", section)
        if hand[card] < count:
            raise _refuse("not-enough-cards", f"not enough {name} cards in hand", section)
        paid[card] = count
    return paid


def _claim_paid(
    board: Board,
    state: GameState,
    seat: int,
    route: int,
    rule: PairFerry | DoubledSpaces | TrainCards | ShipCards,
    paid: list[int],
    seed: Seed,
) -> list[Event]:
    """Claim a route whose price its rule checks, paid with the cards `paid`."""
    problem = rule.check(board, paid)
    if problem is not None:
        raise _refuse("bad-payment", problem, "§5.3" if isinstance(rule, PairFerry) else "§5.2")
    turn = _Turn(board, state, seed)
    turn.follow = board.route_bonus[route] > 0
    turn.pay_cards(paid)
    names = board.card_names
    claimed = RouteClaimed(
        seat,
        route,
        None,
        paid[board.locomotive],
        sum(paid),
        board.route_points[route],
        {names[c]: n for c, n in enumerate(paid) if n},
        _goods(board, state, route),
    )
    return _end_turn(board, state, turn, _bonus_draw(board, turn, [claimed]))


def _pay_tunnel(
    board: Board,
    state: GameState,
    tunnel: Tunnel,
    player: PlayerState,
    command: PayTunnel,
    seed: Seed,
) -> list[Event]:
    seat = state.current
    length = board.route_length[tunnel.route]
    loco = board.locomotive
    extra = tunnel.extra
    if not 0 <= command.locomotives <= extra:
        raise _refuse("bad-payment", f"locomotives must be between 0 and {extra}", "§5.4")
    if tunnel.colour < 0 and command.locomotives != extra:
        raise _refuse(
            "locomotives-only", "an all-Locomotive tunnel pays its extra in Locomotives", "§5.4"
        )
    if player.hand[loco] - tunnel.locomotives < command.locomotives:
        raise _refuse("not-enough-cards", "not enough Locomotives for the extra cost", "§5.4")
    if tunnel.colour >= 0:
        spare = player.hand[tunnel.colour] - (length - tunnel.locomotives)
        if spare < extra - command.locomotives:
            raise _refuse(
                "not-enough-cards",
                f"not enough {board.colours[tunnel.colour]} cards for the extra cost",
                "§5.4",
            )
    turn = _Turn(board, state, seed)
    turn.follow = board.route_bonus[tunnel.route] > 0
    for card in tunnel.revealed:
        turn.discard_card(card)
    locomotives = tunnel.locomotives + command.locomotives
    turn.pay(tunnel.colour, locomotives, length + extra)
    claimed = RouteClaimed(
        seat,
        tunnel.route,
        _name(board, tunnel.colour),
        locomotives,
        length + extra,
        board.route_points[tunnel.route],
        goods=_goods(board, state, tunnel.route),
    )
    return _end_turn(board, state, turn, _bonus_draw(board, turn, [claimed]))


def _withdraw_tunnel(board: Board, state: GameState, tunnel: Tunnel, seed: Seed) -> list[Event]:
    turn = _Turn(board, state, seed)
    for card in tunnel.revealed:
        turn.discard_card(card)
    return _end_turn(board, state, turn, [TunnelWithdrawn(state.current, tunnel.route)])


def _draw_tickets(state: GameState, seat: int) -> list[Event]:
    pile = state.ticket_pile
    if not pile:
        raise _refuse("no-tickets", "the ticket pile is empty", "§6")
    count = min(state.rules.draw_tickets, len(pile))
    drawn = pile[-count:][::-1]
    return [TicketsDrawn(seat, drawn, count)]


def _keep_tickets(
    board: Board,
    state: GameState,
    seat: int,
    player: PlayerState,
    command: KeepTickets,
    seed: Seed,
) -> list[Event]:
    keep = command.keep
    if len(set(keep)) != len(keep) or not set(keep) <= set(player.offered):
        raise _refuse("not-offered", "keep only tickets you drew, once each", "§6")
    need = min(state.rules.draw_keep, len(player.offered))
    if len(keep) < need:
        raise _refuse("keep-more", f"keep at least {need} ticket(s)", "§6")
    returned = [t for t in player.offered if t not in keep]
    turn = _Turn(board, state, seed)
    bottom = turn.rng.shuffle([str(t) for t in returned]) if len(returned) > 1 else None
    kept = [t for t in player.offered if t in keep]
    event = TicketsKept(seat, kept, len(kept), len(returned), bottom)
    return _end_turn(board, state, turn, [event])


def _build_station(
    board: Board,
    state: GameState,
    seat: int,
    player: PlayerState,
    command: BuildStation,
    seed: Seed,
) -> list[Event]:
    rules = state.rules
    if not player.pieces[STATIONS]:
        raise _refuse("no-stations", "you have no station left", "§7.1")
    city = command.city
    if not 0 <= city < len(state.station_owner):
        raise _refuse("no-such-city", f"there is no city {city}", "§7.1")
    if state.station_owner[city] >= 0:
        raise _refuse("city-has-station", "this city already has a station", "§7.1")
    cost = rules.station_costs[stations_built(rules, player.pieces[STATIONS])]
    colour = _colour_index(board, command.colour, "§7.1")
    if command.locomotives == cost and colour >= 0:
        raise _refuse("wrong-colour", "an all-Locomotive payment names no colour", "§7.1")
    used = _check_payment(board, player.hand, colour, command.locomotives, cost, "§7.1")
    turn = _Turn(board, state, seed)
    turn.pay(used, command.locomotives, cost)
    built = StationBuilt(seat, city, _name(board, used), command.locomotives, cost)
    return _end_turn(board, state, turn, [built])


def _build_harbor(
    board: Board,
    state: GameState,
    seat: int,
    player: PlayerState,
    command: BuildHarbor,
    seed: Seed,
) -> list[Event]:
    """A harbor in a port city the player's own route reaches, one per city (§3.3)."""
    rules = state.rules
    if not rules.harbor_cards:
        raise _refuse("no-harbors", "this map has no harbors", "§3")
    if not player.pieces[rules.pieces.index("harbors")]:
        raise _refuse("no-harbors", "you have no harbor left", "§3.3")
    city = command.city
    if not 0 <= city < len(board.city_ids):
        raise _refuse("no-such-city", f"there is no city {city}", "§3.3")
    if not board.city_harbor[city]:
        raise _refuse("not-a-port", f"{board.city_names[city]} is no port city", "§3.3")
    if state.harbor_owner[city] >= 0:
        raise _refuse("city-has-harbor", "this city already has a harbor", "§3.3")
    if not any(state.route_owner[r] == seat for r in board.city_routes[city]):
        raise _refuse(
            "no-route-to-city", "build a harbor only where a route of yours ends", "§3.3"
        )
    paid = _named_cards(board, player.hand, command.cards, "§3.3")
    problem = HarborCards(rules.harbor_cards).check(board, paid)
    if problem is not None:
        raise _refuse("bad-payment", problem, "§3.3")
    turn = _Turn(board, state, seed)
    turn.pay_cards(paid)
    names = board.card_names
    built = HarborBuilt(seat, city, {names[c]: n for c, n in enumerate(paid) if n})
    return _end_turn(board, state, turn, [built])


def _end_turn(
    board: Board, state: GameState, turn: _Turn | Seed, events: list[Event]
) -> list[Event]:
    """Append what ends a turn: the short display's refill (§4.4) and the game's end (§8).

    `turn` holds the piles as `events` leave them; a bare `Seed` stands for a
    turn that leaves the display full, so nothing is refilled.
    """
    if isinstance(turn, _Turn):
        if state.rules.market == "chosen":
            if first_refillable(turn.display, turn.decks()) >= 0:
                return events  # the player first chooses the deck that refills a slot
        elif -1 in turn.display and (turn.deck or any(turn.discard)):
            resets = turn.refill(None)
            events.append(DisplayRefilled(turn.display_names(), resets, turn.take_shuffles()))
        seed = turn.seed
    else:
        seed = turn
    passes = state.passes + 1 if isinstance(events[-1], Passed) else 0
    if state.turns_left == 1 or passes >= state.seats:
        # the printed end (§8) names the reason when both hold; all-passed is the safeguard
        reason = "final-round" if state.turns_left == 1 else "all-passed"
        events.append(_game_ended(board, state, events, reason, seed))
    return events


def forfeit(board: Board, state: GameState, seat: int, seed: Seed) -> list[Event]:
    """`seat` forfeits: the game ends now, scored as it stands, `seat` never a winner."""
    scores, won = final_scores(board, state, forfeited=seat)
    return [GameEnded("forfeit", scores, won, [list(p.tickets) for p in state.players],
                      seed.hex)]


def _game_ended(
    board: Board, state: GameState, events: list[Event], reason: str, seed: Seed
) -> GameEnded:
    """The final event: scores computed on the state the turn's events leave."""
    trial = msgspec.msgpack.decode(msgspec.msgpack.encode(state), type=GameState)
    for event in events:
        trial = evolve(board, trial, event)
    scores, won = final_scores(board, trial)
    return GameEnded(reason, scores, won, [list(p.tickets) for p in trial.players], seed.hex)
