"""What the store refuses, and how it fails: its own exceptions, in its own words.

The store knows nothing of HTTP. Each refusal is a class of its own carrying
what a caller needs to react (the current version, the setup's rules section,
the rules' violation), and a ``detail`` in plain words; `service.api.problems`
alone turns each class into a problem type and a status. Control flow in the
store tests classes (``except VersionConflict``), never message strings.

A refusal changes nothing: nothing was recorded. The two failures
(`StoreUnavailable`, `StoreFull`) are the database's, not the request's: the
same request may succeed later, and a write that failed so changed nothing in
memory either (see `service.store.appending`). Their details never quote the
database's own message (it names hosts and files); the store logs it.
"""

from __future__ import annotations

from domain.kernel.errors import RuleViolation

#: the longest id a refusal repeats back (a game id is 36 characters)
SHOWN_ID = 64


class StoreError(Exception):
    """Something the store refused or could not do; ``detail`` says what, for people."""

    def __init__(self, detail: str) -> None:
        super().__init__(detail)
        self.detail = detail


# -- what was asked for does not exist ----------------------------------------------------

class UnknownGame(StoreError):
    def __init__(self, game_id: str) -> None:
        shown = game_id if len(game_id) <= SHOWN_ID else game_id[:SHOWN_ID] + "..."
        super().__init__(f"there is no game {shown!r}")


class KindNotHosted(StoreError):
    """A stored game of a kind this server was not started with."""

    def __init__(self, kind: str) -> None:
        super().__init__(f"this server does not host {kind!r} games")


class UnknownKind(StoreError):
    def __init__(self, kind: str, known: list[str]) -> None:
        super().__init__(f"no game kind {kind!r}; see GET /kinds")
        self.known = known


class BadSetup(StoreError):
    """The kind's rules refuse the setup (`RuleViolation.section` says where)."""

    def __init__(self, violation: RuleViolation) -> None:
        super().__init__(violation.message)
        self.section = violation.section or None
        if violation.known is not None:  # the maps there are, when the one named is not
            self.known = violation.known


class SeatFree(StoreError):
    def __init__(self, seat: int) -> None:
        super().__init__(f"seat {seat} is not taken")


# -- who may do it -------------------------------------------------------------------------

class MissingToken(StoreError):
    def __init__(self, whose: str = "a seat's") -> None:
        super().__init__(f"this needs {whose} bearer token")


class UnknownToken(StoreError):
    """A token that belongs to no seat of the game, even after catching up with the store."""

    def __init__(self) -> None:
        super().__init__("this token belongs to no seat of this game")


class UnknownTicket(StoreError):
    def __init__(self) -> None:
        super().__init__("this stream ticket is unknown, used or expired: ask for another")


class NotTheHost(StoreError):
    def __init__(self, has_host: bool) -> None:
        super().__init__("only the game's host token may do this"
                         + ("" if has_host else " (this game has no host)"))


class NotYourSeat(StoreError):
    def __init__(self) -> None:
        super().__init__("a seat's token frees only its own seat; the host's token frees any")


class InviteRequired(StoreError):
    def __init__(self) -> None:
        super().__init__("this game is private: join with its invite code")


# -- the game is not in a state to do it ---------------------------------------------------

class GameFull(StoreError):
    def __init__(self, seats: int) -> None:
        super().__init__(f"all {seats} seats are taken")


class GameStarted(StoreError):
    pass


class SeatsEmpty(StoreError):
    def __init__(self, taken: int, seats: int) -> None:
        super().__init__(f"{taken} of {seats} seats are taken")


class GameNotStarted(StoreError):
    def __init__(self, detail: str = "the game has not started yet") -> None:
        super().__init__(detail)


class GameFinished(StoreError):
    def __init__(self) -> None:
        super().__init__("the game is over")


class RuleRefused(StoreError):
    """The rules of game `kind` refused a command (its `RuleViolation`)."""

    def __init__(self, kind: str, violation: RuleViolation) -> None:
        super().__init__(violation.message)
        self.kind = kind
        self.violation = violation


class IdempotencyKeyReused(StoreError):
    def __init__(self) -> None:
        super().__init__("this seat used this Idempotency-Key for another command")


# -- versions --------------------------------------------------------------------------------

class StaleVersion(StoreError):
    """The command was for `expected`, but the game is at `current` (an ``If-Match``)."""

    def __init__(self, expected: int, current: int) -> None:
        super().__init__(
            f"If-Match asked for version {expected} but the game is at version {current}")
        self.current_version = current


class VersionConflict(StoreError):
    """Another process recorded at this version first, and deciding again lost too."""

    def __init__(self, current: int) -> None:
        super().__init__("another command was recorded on this game at the same time; "
                         "read it and retry")
        self.current_version = current


# -- the database ------------------------------------------------------------------------------

class StoreUnavailable(StoreError):
    """The database did not answer (within its timeouts); nothing was recorded."""

    #: seconds after which trying again makes sense
    retry_after = 2

    def __init__(self) -> None:
        super().__init__("the event store does not answer; nothing was recorded, try again")


class StoreFull(StoreError):
    """The database refused the write for lack of space; nothing was recorded."""

    retry_after = 30

    def __init__(self) -> None:
        super().__init__("the event store's disk is full; nothing was recorded, try again later")
