"""How train cards move between draw pile, discard pile and display (§4.3, §4.4).

These procedures are deterministic except for reshuffles, which they ask of
a `Reshuffle` callback. `decide` runs them on copies with a callback that
shuffles with the game's `Rng` and records each `Shuffle`; `evolve` runs them
on the state itself with a callback that replays the recorded shuffles. The
same code thus produces the outcome and replays it, so they cannot disagree.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

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
