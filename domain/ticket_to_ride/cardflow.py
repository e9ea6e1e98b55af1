"""How train cards move between draw pile, discard pile and display (§4.3, §4.4).

A map of several decks (Rails & Sails: train and ship cards) gives each deck
its own draw pile and discards; the market (display) holds cards of any deck.
The ``chosen`` market's procedures (`fill_slot`, `wild_reset`) take the decks
as a list of ``(draw pile, discards)`` and one reshuffle callback per deck.

These procedures are deterministic except for reshuffles, which they ask of
a `Reshuffle` callback. `decide` runs them on copies with a callback that
shuffles with the game's `Rng` and records each `Shuffle`; `evolve` runs them
on the state itself with a callback that replays the recorded shuffles. The
same code thus produces the outcome and replays it, so they cannot disagree.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence

from domain.kernel.rng import Rng, Shuffle
from domain.ticket_to_ride.board import Board

#: refill an empty draw pile from the discard pile
Reshuffle = Callable[[], None]


def discard_names(board: Board, discard: list[int]) -> list[str]:
    """The discard pile in canonical order (card index order), as card names."""
    names: list[str] = []
    for card, count in enumerate(discard):
        names += [board.card_name(card)] * count
    return names


def apply_shuffle(board: Board, deck: list[int], discard: list[int], shuffle: Shuffle) -> None:
    """Make the shuffled discards the new draw pile (top = last) and empty the discards."""
    index = {name: board.card_index(name) for name in set(shuffle.after)}
    deck[:] = [index[name] for name in shuffle.after]
    discard[:] = [0] * len(discard)


def rng_reshuffle(
    board: Board, deck: list[int], discard: list[int], rng: Rng, record: list[Shuffle]
) -> Reshuffle:
    """A callback that shuffles the discards with `rng` and records the outcome in `record`."""

    def reshuffle() -> None:
        shuffle = rng.shuffle(discard_names(board, discard))
        record.append(shuffle)
        apply_shuffle(board, deck, discard, shuffle)

    return reshuffle


def replay_reshuffle(
    board: Board, deck: list[int], discard: list[int], recorded: list[Shuffle]
) -> Reshuffle:
    """A callback that applies the `recorded` shuffles in order."""
    if not recorded:
        return _nothing_recorded
    pending: Iterator[Shuffle] = iter(recorded)

    def reshuffle() -> None:
        apply_shuffle(board, deck, discard, next(pending))

    return reshuffle


def replay_reshuffles(
    board: Board, piles: Sequence[tuple[list[int], list[int]]], recorded: list[Shuffle]
) -> list[Reshuffle]:
    """One callback per deck applying the `recorded` shuffles in the order they happened.

    A shuffle needs no deck field: the decks run out in the same order when the
    movements are replayed, and a shuffle's cards (``before``) name its deck.
    """
    if not recorded:  # most openings and turns: no callback to make
        return [_nothing_recorded] * len(piles)
    pending: Iterator[Shuffle] = iter(recorded)

    def for_deck(deck: list[int], discard: list[int]) -> Reshuffle:
        def reshuffle() -> None:
            shuffle = next(pending, None)
            if shuffle is None:
                _nothing_recorded()
            else:
                apply_shuffle(board, deck, discard, shuffle)

        return reshuffle

    return [for_deck(deck, discard) for deck, discard in piles]


def _nothing_recorded() -> None:
    raise ValueError("the event records no reshuffle, yet its pile ran out")


def draw_top(deck: list[int], discard: list[int], reshuffle: Reshuffle) -> int:
    """Take the top card of the pile, reshuffling the discards if it is empty; -1 if none."""
    if not deck:
        if not any(discard):
            return -1
        reshuffle()
    return deck.pop()


def fill_display(
    locomotive: int,
    reset_at: int,
    deck: list[int],
    discard: list[int],
    display: list[int],
    reshuffle: Reshuffle,
    slots: list[int] | None = None,
) -> int:
    """Fill empty display slots (all, or only `slots`), then apply the Locomotive reset.

    While ``reset_at`` (> 0) or more face-up cards are Locomotives, the whole
    display is discarded and turned up again (§4.3) — unless fewer than the
    cards a good display needs (``len(display) - reset_at + 1``, 3 in Europe)
    are non-Locomotives across display, pile and discards: then no display
    without the condition can be formed and the display stays (§4.3 Resolved).
    Returns the number of resets.
    """
    for slot in range(len(display)) if slots is None else slots:
        if display[slot] < 0:
            display[slot] = draw_top(deck, discard, reshuffle)
    if reset_at <= 0:
        return 0
    needed = len(display) - reset_at + 1
    resets = 0
    while display.count(locomotive) >= reset_at:
        others = sum(1 for c in display if 0 <= c != locomotive)
        others += sum(discard) - discard[locomotive]
        others += len(deck) - deck.count(locomotive)
        if others < needed:
            break
        for slot, card in enumerate(display):
            if card >= 0:
                discard[card] += 1
            display[slot] = -1
        for slot in range(len(display)):
            display[slot] = draw_top(deck, discard, reshuffle)
        resets += 1
    return resets


#: each deck's draw pile (top last) and discards, in deck order
Piles = Sequence[tuple[list[int], list[int]]]


def supplying(piles: Piles) -> list[int]:
    """The decks that have a card to give (in their pile or their discards)."""
    return [d for d, (deck, discard) in enumerate(piles) if deck or any(discard)]


def first_refillable(display: list[int], piles: Piles) -> int:
    """The first empty market slot some deck can fill, or -1."""
    if -1 not in display or not supplying(piles):
        return -1
    return display.index(-1)


def fill_slot(
    piles: Piles, reshuffles: Sequence[Reshuffle], display: list[int], slot: int, deck: int
) -> None:
    """Fill `slot` from `deck`, or, when it has no card, from the first deck that has one;
    the slot stays empty when none has (Rails & Sails §3.1, dry deck)."""
    order = [deck, *(d for d in range(len(piles)) if d != deck)]
    for d in order:
        pile, discard = piles[d]
        if pile or any(discard):
            display[slot] = draw_top(pile, discard, reshuffles[d])
            return


def wild_reset(
    board: Board,
    reset_at: int,
    piles: Piles,
    reshuffles: Sequence[Reshuffle],
    display: list[int],
) -> int:
    """The ``chosen`` market's wild reset (Rails & Sails §3.1); the number of resets.

    While `reset_at` (> 0) or more face-up cards are wilds, every face-up card
    goes to its own deck's discards and each deck turns up its share
    (`Board.deck_face_up`, in slot order), a short deck's missing cards coming
    from the others. It stops when no new market could show fewer wilds
    (`_reset_futile`), so it always ends.
    """
    wild = board.locomotive
    resets = 0
    while reset_at > 0 and display.count(wild) >= reset_at:
        if _reset_futile(board, reset_at, piles, display):
            break
        for slot, card in enumerate(display):
            if card >= 0:
                piles[board.card_deck[card]][1][card] += 1
            display[slot] = -1
        slot = 0
        for deck, share in enumerate(board.deck_face_up):
            for _ in range(share):
                fill_slot(piles, reshuffles, display, slot, deck)
                slot += 1
        resets += 1
    return resets


def _reset_futile(board: Board, reset_at: int, piles: Piles, display: list[int]) -> bool:
    """Every market a reset could turn up would show `reset_at` or more wilds again.

    Counts, per deck, the cards it could give once the market is discarded and
    those that are not wilds, deals each deck's share as `wild_reset` would
    (short decks made up by the others in deck order), and counts the wilds no
    order of the cards could avoid.
    """
    wild = board.locomotive
    have = [len(pile) + sum(discard) for pile, discard in piles]
    plain = [
        sum(1 for c in pile if c != wild) + sum(discard) - discard[wild]
        for pile, discard in piles
    ]
    for card in display:
        if card >= 0:
            have[board.card_deck[card]] += 1
            plain[board.card_deck[card]] += card != wild
    dealt = [min(share, n) for share, n in zip(board.deck_face_up, have, strict=True)]
    short = sum(board.deck_face_up) - sum(dealt)
    for d in range(len(have)):
        extra = min(short, have[d] - dealt[d])
        dealt[d] += extra
        short -= extra
    forced = sum(max(0, n - p) for n, p in zip(dealt, plain, strict=True))
    return forced >= reset_at
