"""The opening (§2): the first event of a game, with every shuffle it needs."""

from __future__ import annotations

from domain.kernel.protocol import Setup
from domain.kernel.rng import Rng, Seed, Shuffle
from domain.ticket_to_ride.board import Board
from domain.ticket_to_ride.cardflow import fill_display, rng_reshuffle
from domain.ticket_to_ride.events import GameStarted
from domain.ticket_to_ride.ruleset import ruleset_of


def start(board: Board, setup: Setup, seed: Seed) -> GameStarted:
    """Shuffle and deal: the game-started event.

    Random draws, in order: the first player (a pick, §2 Resolved), the train
    cards, the long tickets (when the variant deals any), the regular
    tickets, then any reshuffle the display's Locomotive resets need, and
    last the goal cards (on a map that has them).
    """
    rules = ruleset_of(board, setup)
    rng = Rng(seed, 0)
    first = rng.pick(setup.seats)
    cards: list[str] = []
    for name in board.colours:
        cards += [name] * rules.colour_cards
    cards += ["locomotive"] * rules.locomotive_cards
    card_shuffle = rng.shuffle(cards)
    long_shuffle = rng.shuffle(list(map(str, rules.long_tickets))) if rules.long_dealt else None
    ticket_shuffle = rng.shuffle(list(map(str, rules.regular_tickets)))
    deck = list(map(board.card_at.__getitem__, card_shuffle.after))  # every name is a card
    hands = []
    for _ in range(setup.seats):
        dealt = sorted(deck[-rules.hand :])
        del deck[-rules.hand :]
        hands.append([board.card_names[c] for c in dealt])
    discard = [0] * (board.locomotive + 1)
    display = [-1] * rules.face_up
    shuffles: list[Shuffle] = []
    fill_display(
        board.locomotive,
        rules.locomotive_reset,
        deck,
        discard,
        display,
        rng_reshuffle(board, deck, discard, rng, shuffles),
    )
    goals = rng.shuffle([g.id for g in board.map.goals]) if rules.goals_in_play else None
    longs = list(map(int, long_shuffle.after)) if long_shuffle else []
    regular = list(map(int, ticket_shuffle.after))
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
        cards=card_shuffle,
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
