"""The one error a decider raises: a command that the rules refuse."""

from __future__ import annotations

from typing import Any


class RuleViolation(Exception):
    """A command broke a rule.

    `code` is a stable machine code (``not-your-turn``, ``route-taken``...) that
    clients may switch on; `message` says in plain words what was wrong; `section`
    names the rules section it comes from (``"§5.2"``), so a disputed move can be
    traced to the text. The service maps this to an RFC 9457 problem response.

    A refusal may say what a client needs to do instead, as data as well as in the
    message: `to_act`, the seats whose turn it is (``not-your-turn``); `expected`,
    the command types awaited now (a command out of its phase); `known`, the names
    that would have been understood (an unknown map).
    """

    __slots__ = ("code", "expected", "known", "message", "section", "to_act")

    def __init__(self, code: str, message: str, section: str = "", *,
                 to_act: list[int] | None = None, expected: list[str] | None = None,
                 known: list[str] | None = None) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message
        self.section = section
        self.to_act = to_act
        self.expected = expected
        self.known = known


def wire_name(command: Any) -> str:
    """How clients spell `command`: its ``type`` tag (``decline-cover-fire``), for messages.

    A refusal that names the Python class (``DeclineCoverFire``) speaks of
    something no client ever sent.
    """
    tag = getattr(getattr(type(command), "__struct_config__", None), "tag", None)
    return str(tag) if tag is not None else type(command).__name__
