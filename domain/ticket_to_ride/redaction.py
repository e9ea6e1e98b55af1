"""What redacting an event needs: hiding a shuffle's outcome and a drawer's cards.

Every event type has its own redaction entry, held by the part of the game that owns
the event (`hooks.Feature.redactions`); `views.redact` looks the entry up and refuses
an event type that has none, so an event nobody thought about is never published.
"""

from __future__ import annotations

from typing import Any, TypeVar

import msgspec

from domain.kernel.rng import Shuffle

E = TypeVar("E")


def blank(shuffle: Shuffle) -> Shuffle:
    """A shuffle with its outcome hidden: the draw number and input stay public."""
    return Shuffle(shuffle.draw, shuffle.before, ())


def blank_shuffles(event: E) -> E:
    """`event` with the outcomes of its ``shuffles`` hidden."""
    shuffles: list[Shuffle] = getattr(event, "shuffles")  # noqa: B009 - every caller's has them
    return msgspec.structs.replace(event, shuffles=[blank(s) for s in shuffles])  # type: ignore[type-var]


def card_for_drawer(event: E, card: Any) -> E:
    """A card draw as one viewer sees it: the drawn `card` (None: hidden) and the outcomes
    of its shuffles hidden."""
    shuffles: list[Shuffle] = getattr(event, "shuffles")  # noqa: B009
    return msgspec.structs.replace(  # type: ignore[type-var]
        event, card=card, shuffles=[blank(s) for s in shuffles]
    )


def shuffles_hidden(event: E, viewer: int | None) -> E:
    """The redaction entry of an event whose only secret is its shuffles' outcomes."""
    return blank_shuffles(event)


def public(event: E, viewer: int | None) -> E:
    """The redaction entry of an event that everyone may see whole."""
    return event
