"""The opening (§2): the first event of a game, with every shuffle it needs."""

from __future__ import annotations

from domain.kernel.protocol import Setup
from domain.kernel.rng import Rng, Seed, Shuffle
from domain.ticket_to_ride.board import Board
from domain.ticket_to_ride.cardflow import (
    Piles,
    Reshuffle,
    fill_display,
    fill_slot,
    rng_reshuffle,
    wild_reset,
)
from domain.ticket_to_ride.events import GameStarted
from domain.ticket_to_ride.ruleset import ruleset_of


def start(board: Board, setup: Setup, seed: Seed) -> GameStarted:
    """Shuffle and deal: the game-started event.

    Random draws, in order: the first player (a pick, §2 Resolved), the train
    cards (each deck's, in deck order), the long tickets (when the variant
    deals any), the regular tickets, then any reshuffle the display's resets
    need, and last the goal cards (on a map that has them). Each seat is dealt
    its share of every deck in deck order.
    """
    rules = ruleset_of(board, setup)
    rng = Rng(seed, 0)
    first = rng.pick(setup.seats)
    card_shuffles = [rng.shuffle(cards) for cards in board.deck_cards]
    long_shuffle = None
    if rules.long_dealt:
        long_shuffle = rng.shuffle(ticket_names(board, rules.long_tickets))
    ticket_shuffle = rng.shuffle(ticket_names(board, rules.regular_tickets))
    # every name is a card
    piles = [
        (list(map(board.card_at.__getitem__, s.after)), [0] * len(board.card_names))
        for s in card_shuffles
    ]
    hands = []
    for _ in range(setup.seats):
        dealt: list[int] = []
        for (deck, _), share in zip(piles, board.deck_hand, strict=True):
            dealt += deck[len(deck) - share :]
            del deck[len(deck) - share :]
        hands.append([board.card_names[c] for c in sorted(dealt)])
    display = [-1] * rules.face_up
    shuffles: list[Shuffle] = []
    reshuffles = [rng_reshuffle(board, deck, discard, rng, shuffles) for deck, discard in piles]
    deal_market(board, rules.locomotive_reset, rules.market, piles, reshuffles, display)
    goals = rng.shuffle([g.id for g in board.map.goals]) if rules.goals_in_play else None
    longs = ticket_numbers(board, long_shuffle.after) if long_shuffle else []
    regular = ticket_numbers(board, ticket_shuffle.after)
    offered: list[list[int] | None] = []
    for _ in range(setup.seats):
        dealt_tickets = [longs.pop() for _ in range(rules.long_dealt)]
        offered.append(dealt_tickets + [regular.pop() for _ in range(rules.regular_dealt)])
    return GameStarted(
        seed_commitment=seed.commitment,
        map=rules.map,
        variant=rules.variant,
        # the ruleset refused every string value: this keeps the checked booleans and integers
        options={k: v for k, v in setup.options.items() if not isinstance(v, str)},
        seats=setup.seats,
        first=first,
        cards=card_shuffles[0],
        more_cards=card_shuffles[1:],
        long_tickets=long_shuffle,
        tickets=ticket_shuffle,
        shuffles=shuffles,
        display=[None if c < 0 else board.card_name(c) for c in display],
        hands=list(hands),
        offered=offered,
        rules_version=rules.version,
        goals=goals,
        goal_cards=None if goals is None else list(goals.after[: rules.goals_in_play]),
    )


def ticket_names(board: Board, numbers: tuple[int, ...]) -> list[str]:
    """The ticket `numbers` as a shuffle names them (their decimal strings)."""
    return list(map(board.ticket_names.__getitem__, numbers))


def ticket_numbers(board: Board, names: tuple[str, ...]) -> list[int]:
    """Each ticket number a shuffle names, by `int`: looked up from the board's own
    spellings (faster), any other spelling converted."""
    try:
        return list(map(board.ticket_at.__getitem__, names))
    except KeyError:
        return list(map(int, names))


def card_indices(board: Board, names: tuple[str, ...]) -> list[int]:
    """The card index of each name, -1 for a name the board lacks (the rare slow path)."""
    try:
        return list(map(board.card_at.__getitem__, names))
    except KeyError:
        card_at = board.card_at.get
        return [card_at(name, -1) for name in names]


def deal_market(
    board: Board,
    reset_at: int,
    market: str,
    piles: Piles,
    reshuffles: list[Reshuffle],
    display: list[int],
) -> None:
    """Turn up the opening market: Europe's from its one deck with the Locomotive reset;
    a ``chosen`` market each deck's share, then the wild reset (Rails & Sails §2.3)."""
    if market == "one-deck":
        deck, discard = piles[0]
        fill_display(board.locomotive, reset_at, deck, discard, display, reshuffles[0])
        return
    slot = 0
    for deck_index, share in enumerate(board.deck_face_up):
        for _ in range(share):
            fill_slot(piles, reshuffles, display, slot, deck_index)
            slot += 1
    wild_reset(board, reset_at, piles, reshuffles, display)
