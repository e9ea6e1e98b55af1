"""The one error a decider raises: a command that the rules refuse."""

from __future__ import annotations

from typing import Any


class RuleViolation(Exception):
    """A command broke a rule.

    `code` is a stable machine code (``not-your-turn``, ``route-taken``...) that
    clients may switch on; `message` says in plain words what was wrong; `section`
    names the rules section it comes from (``"§5.2"``), so a disputed move can be
    traced to the text. The service maps this to an RFC 9457 problem response.
    """

    __slots__ = ("code", "message", "section")

    def __init__(self, code: str, message: str, section: str = "") -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message
        self.section = section


def wire_name(command: Any) -> str:
    """How clients spell `command`: its ``type`` tag (``decline-cover-fire``), for messages.

    A refusal that names the Python class (``DeclineCoverFire``) speaks of
    something no client ever sent.
    """
    tag = getattr(getattr(type(command), "__struct_config__", None), "tag", None)
    return str(tag) if tag is not None else type(command).__name__
