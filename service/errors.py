"""Input errors the service refuses with, before or after asking the rules.

Each has a stable ``code`` (the last part of the problem ``type``) and the HTTP
status it maps to; `service.api.problems` turns them and `RuleViolation` into
RFC 9457 problem responses.
"""

from __future__ import annotations

import re
from typing import Any

from domain.kernel.errors import RuleViolation


class ServiceError(Exception):
    """A request the service refuses; nothing was recorded."""

    def __init__(self, status: int, code: str, detail: str, **extra: Any) -> None:
        super().__init__(f"{code}: {detail}")
        self.status = status
        self.code = code
        self.detail = detail
        self.extra = extra


#: the longest id a refusal repeats back (a game id is 36 characters)
SHOWN_ID = 64


#: the longest refusal text a problem document carries
SHOWN_DETAIL = 512
_LONG_WORD = re.compile(rf"\S{{{SHOWN_ID + 1},}}")


def shortened(text: str) -> str:
    """`text` with every word over `SHOWN_ID` characters cut, and at most `SHOWN_DETAIL` long.

    Refusals repeat what they refuse (an unknown colour, a bad option name...);
    a client that sent a megabyte must not get it back in the answer.
    """
    text = _LONG_WORD.sub(lambda word: word[0][:SHOWN_ID] + "...", text)
    return text if len(text) <= SHOWN_DETAIL else text[:SHOWN_DETAIL] + "..."


def unknown_game(game_id: str) -> ServiceError:
    shown = game_id if len(game_id) <= SHOWN_ID else game_id[:SHOWN_ID] + "..."
    return ServiceError(404, "unknown-game", f"there is no game {shown!r}")


def version_mismatch(expected: int, current: int) -> ServiceError:
    return ServiceError(
        412,
        "version-mismatch",
        f"If-Match asked for version {expected} but the game is at version {current}",
        current_version=current,
    )


def concurrent_update(current: int) -> ServiceError:
    return ServiceError(
        409,
        "concurrent-update",
        "another command was recorded on this game at the same time; read it and retry",
        current_version=current,
    )


class RuleRefusal(Exception):
    """The rules of game `kind` refused a command (a `RuleViolation`); nothing was recorded."""

    def __init__(self, kind: str, violation: RuleViolation) -> None:
        super().__init__(str(violation))
        self.kind = kind
        self.violation = violation
