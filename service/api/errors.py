"""Refusals of the HTTP layer itself: a header, a parameter or a body it cannot take.

The store refuses in its own words (`service.store.errors`); what only HTTP
knows about — a malformed ``Authorization`` or ``If-Match``, a body that is not
JSON, a version beyond the game's — is a `ServiceError` with its status and
stable ``code`` (the last part of the problem ``type``). `service.api.problems`
turns both into RFC 9457 problem responses.
"""

from __future__ import annotations

import re
from typing import Any

from service.store.errors import SHOWN_ID


class ServiceError(Exception):
    """A request the API refuses; nothing was recorded."""

    def __init__(self, status: int, code: str, detail: str, **extra: Any) -> None:
        super().__init__(f"{code}: {detail}")
        self.status = status
        self.code = code
        self.detail = detail
        self.extra = extra


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
