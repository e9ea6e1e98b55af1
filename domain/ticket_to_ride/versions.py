"""The rules versions the Ticket to Ride engine plays, and which map data each may use.

A game's version (`domain.kernel.versions`) is ``<engine>/<map>@<digest>``. `ENGINE`
is the engine's current version; `ENGINES` every version a recorded log may name. See
``docs/rules-versions.md``.

* 0.1: logs recorded before versions were named; they name no data and were all
  played with the Europe data `LEGACY_DATA_01` names.
* 0.2: the map file format with named fields; decides as 0.1.
* 0.3: every map states every rule (`mapfile`): the format changed, so every map's
  digest did, and Northern Lights and Rails & Sails now put the tickets not kept at
  setup under the ticket pile, as their rulebooks say (their 0.2 files did not state
  it, and the engine then read it as Europe's "back to the box").

Data recorded under an older format is the data of a shipped file today: `RECORDED`
says which, pins the digest that file has now (so a later change to the file makes
the old logs refused, not replayed under other data), and names the rules that older
data stated otherwise. That is how a 0.2 Northern Lights log still sends its unkept
tickets to the box.
"""

from __future__ import annotations

import msgspec

from domain.kernel.protocol import LEGACY_RULES_VERSION
from domain.kernel.versions import split_version
from domain.ticket_to_ride.board import Board
from domain.ticket_to_ride.names import SetupReturns
from domain.ticket_to_ride.refusals import VERSIONS_SECTION, refuse

#: the engine's current version
ENGINE = "0.3"
#: every engine version a log may have been recorded under, oldest first
ENGINES = (LEGACY_RULES_VERSION, "0.2", ENGINE)


class Recorded(msgspec.Struct, frozen=True):
    """Map data an older log names by its digest then: the shipped map it is, that map's
    digest now, and a rule the older data stated otherwise (None: stated the same)."""

    map: str
    now: str
    setup_returns: SetupReturns | None = None


#: data of the 0.2 format, by its digest then (the map part, before any ticket deck)
RECORDED = {
    "sha256:31ce9ae4291bc2fa": Recorded("europe", "sha256:f3c881cea0956588"),
    "sha256:07d7cd1c1bd0b4cf": Recorded("amsterdam", "sha256:4ffeb650ff906696"),
    "sha256:de5dabfa03e90355": Recorded("northern-lights", "sha256:f07bc16b44af4aa9",
                                        setup_returns="box"),
    "sha256:cc0b008e470ea4fc": Recorded("world", "sha256:8ae1b178e5f81663",
                                        setup_returns="box"),
}
#: the map data the 0.1 engine played, by map id (0.1 logs do not name it)
LEGACY_DATA_01 = {"europe": "sha256:31ce9ae4291bc2fa"}


class Played(msgspec.Struct, frozen=True):
    """The version a game plays under, and the data's rules it states otherwise."""

    version: str
    setup_returns: SetupReturns | None = None


def current_version(board: Board) -> str:
    """The version a new game on `board` is recorded under."""
    return f"{ENGINE}/{board.id}@{board.digest}"


def check_version(board: Board, version: str | None) -> Played:
    """The version a game on `board` plays under (None: the current one), or `bad-setup`."""
    if version is None:
        return Played(current_version(board))
    engine, data = split_version(version)
    if engine not in ENGINES:
        raise refuse("bad-setup", f"rules version {version!r} is not known here",
                     VERSIONS_SECTION)
    if data is None:
        named = LEGACY_DATA_01.get(board.id) if engine == LEGACY_RULES_VERSION else None
    else:
        named = data.removeprefix(f"{board.id}@") if data.startswith(f"{board.id}@") else None
    if named is None:
        raise refuse("bad-setup", f"rules version {version!r} names no {board.id} data",
                     VERSIONS_SECTION)
    digest, _, deck = named.partition("+")
    here, _, deck_here = board.digest.partition("+")
    recorded = RECORDED.get(digest)
    # today's data was first recorded by this engine, older data only by older engines
    if deck == deck_here and digest == here and engine == ENGINE:
        return Played(version)
    if deck == deck_here and recorded is not None and engine != ENGINE and (
        recorded.map, recorded.now
    ) == (board.id, here):
        return Played(version, recorded.setup_returns)
    if deck == deck_here and (digest == here or recorded is not None):
        raise refuse(
            "bad-setup", f"rules version {version!r}: engine {engine} never played this data",
            VERSIONS_SECTION,
        )
    # a ticket deck that differs is the server's choice: say so (docs/operations.md)
    deck_note = (" (its ticket deck is the server's ticket_deck setting)"
                 if board.deck_digest else "")
    raise refuse(
        "bad-setup",
        f"rules version {version!r} needs {board.id} data {named}; "
        f"this server has {board.digest}{deck_note}",
        VERSIONS_SECTION,
    )
