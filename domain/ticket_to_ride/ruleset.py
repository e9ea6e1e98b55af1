"""The rules of one game: its map's rules and features, its variant, its options and seats.

A `Ruleset` holds the map file's own typed structs (`mapfile.MapRules`,
`mapfile.Features`, `mapfile.Variant`), with the host options applied, and the few
facts that follow from the seat count and the rules version: the usable tracks of
each track group, the ticket numbers of the variant's decks, the piece counts, where
the tickets not kept at setup go. The engine reads rules only from here (never the
map id), so a map's rules are what its file states.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import lru_cache

import msgspec

from domain.kernel.errors import RuleViolation
from domain.kernel.protocol import Setup
from domain.kernel.refusals import Raised
from domain.kernel.versions import split_version
from domain.ticket_to_ride.board import Board, load_board, map_ids
from domain.ticket_to_ride.mapfile import Features, MapRules, Variant, with_option_rule
from domain.ticket_to_ride.names import SetupReturns
from domain.ticket_to_ride.refusals import (
    SETUP_SECTION,
    VARIANTS_SECTION,
    VERSIONS_SECTION,
    refuse,
)
from domain.ticket_to_ride.versions import check_version


class Ruleset(msgspec.Struct, frozen=True):
    """Everything that varies between maps, variants, options, seat counts and versions.

    ``core``, ``features`` and ``tickets`` are the map file's structs (options
    applied); the rest follows from them: ``pieces`` names the piece kinds in
    `state.PlayerState.pieces` order and ``piece_counts`` what a player starts with;
    ``end_pieces`` the kinds (indices) whose count triggers the end;
    ``usable_tracks[k]`` how many tracks of a group of ``k`` may be claimed at this
    seat count (every size up to the largest group, and at least 2);
    ``long_tickets``/``regular_tickets`` the ticket numbers of the variant's decks;
    ``setup_returns`` where unkept setup tickets go under this rules version.
    """

    map: str
    variant: str
    #: the rules version the game is played under, and its engine part
    version: str
    engine: str
    seats: int
    core: MapRules
    features: Features
    tickets: Variant
    pieces: tuple[str, ...]
    piece_counts: tuple[int, ...]
    end_pieces: tuple[int, ...]
    usable_tracks: tuple[int, ...]
    long_tickets: tuple[int, ...]
    regular_tickets: tuple[int, ...]
    setup_returns: SetupReturns

    @property
    def sections(self) -> Mapping[str, str]:
        """The map's own rulebook sections for the ones the engine cites."""
        return self.core.sections


def stations_built(rules: Ruleset, left: int) -> int:
    """How many stations a player with `left` unbuilt stations has built (Europe §7.1)."""
    stations = rules.features.stations
    return 0 if stations is None else stations.count - left


def _bad(message: str, section: str, known: list[str] | None = None) -> RuleViolation:
    return refuse("bad-setup", message, section, known=known)


def unknown_map(map_id: str, known: Iterable[str]) -> RuleViolation:
    """The refusal of a setup on a map this server does not play, naming those it does."""
    names = sorted(known)
    return _bad(f"unknown map {map_id!r}; the maps are {', '.join(names)}", SETUP_SECTION,
                names)


def setup_section(board: Board) -> str:
    """The section of `board`'s rulebook on setting up (Europe §2)."""
    return board.map.rules.sections.get(SETUP_SECTION, SETUP_SECTION)


def variants_section(board: Board) -> str:
    """The section a refused variant or option cites: Europe's variants (§11) on a map
    that has several, else its setup."""
    return VARIANTS_SECTION if len(board.map.variants) > 1 else setup_section(board)


def setup_refusals(board: Board) -> list[Raised]:
    """Every (code, section) a setup on `board` may be refused with (the seat count
    cites where the map's data states its player range)."""
    sections = {SETUP_SECTION, setup_section(board), variants_section(board),
                board.map.rules.players.section, VERSIONS_SECTION}
    return [("bad-setup", section) for section in sorted(sections)]


#: the map of a setup that names none
DEFAULT_MAP = "europe"
#: the variant of a setup that names none, on every map that has it
DEFAULT_VARIANT = "standard"


def ruleset_for(setup: Setup) -> Ruleset:
    """The ruleset of a setup on the shipped maps, or raise `RuleViolation` ``bad-setup``.

    The map defaults to `DEFAULT_MAP`; see `ruleset_of` for the rest.
    """
    map_id = setup.map or DEFAULT_MAP
    # only names of shipped map files: a map id is never used as a path as given
    if map_id not in map_ids():
        raise unknown_map(map_id, map_ids())
    return ruleset_of(load_board(map_id), setup)


def ruleset_of(board: Board, setup: Setup) -> Ruleset:
    """The ruleset of a setup on `board`, or raise `RuleViolation` ``bad-setup``.

    The variant defaults to `DEFAULT_VARIANT`, the rules version to the current one
    (`versions.current_version`). Options are the map file's ``options``
    (booleans adding tickets, integers setting a rule); unknown options and
    values of the wrong type or range are refused.
    """
    return ruleset_from_fields(
        board, setup.seats, setup.map, setup.variant, setup.options, setup.rules_version
    )


def ruleset_from_fields(
    board: Board,
    seats: int,
    map_id: str | None,
    variant: str | None,
    options: Mapping[str, bool | str | int],
    version: str | None,
) -> Ruleset:
    """`ruleset_of` from a setup's fields, for a caller holding them without a `Setup`
    (every replayed opening)."""
    if map_id is not None and map_id != board.id:
        raise unknown_map(map_id, [board.id])
    # each value's type is part of the key: 1 == True, but only a boolean is an option value
    key = tuple(sorted((k, v, type(v)) for k, v in options.items())) if options else ()
    return _ruleset(board, variant or DEFAULT_VARIANT, key, seats, version)


# Rulesets are frozen and a replayed opening asks for one per game: built once per
# distinct setup (bounded; a pure function of immutable arguments).
@lru_cache(maxsize=256)
def _ruleset(
    board: Board,
    variant_id: str,
    options: tuple[tuple[str, bool | str | int, type], ...],
    seats: int,
    version: str | None,
) -> Ruleset:
    played = check_version(board, version)
    data = board.map
    variant = data.variants.get(variant_id)
    section = variants_section(board)
    if variant is None:
        raise _bad(f"map {board.id!r} has no variant {variant_id!r}; its variants are "
                   f"{', '.join(data.variants)}", section)
    long_groups = list(variant.long_tickets)
    for name, value, _ in options:
        option = data.options.get(name)
        if option is None:
            raise _bad(f"unknown option {name!r}", section)
        applies = f"option {name!r} applies only to {', '.join(option.variants)}"
        if option.sets is None:
            if not isinstance(value, bool):
                raise _bad(f"option {name!r} is a boolean", section)
            if value and variant_id not in option.variants:
                raise _bad(applies, section)
            if value:
                long_groups += option.adds_long_tickets
            continue
        if isinstance(value, bool) or not isinstance(value, int):
            raise _bad(f"option {name!r} is an integer", section)
        if not option.minimum <= value <= option.maximum:
            raise _bad(f"option {name!r} is from {option.minimum} to {option.maximum}", section)
        if variant_id not in option.variants:
            raise _bad(applies, section)
        data = with_option_rule(data, option.sets, value)
    players = data.rules.players
    if not players.min <= seats <= players.max:
        raise _bad(f"{board.title} is for {players.min} to {players.max} players",
                   players.section)
    return Ruleset(
        map=board.id,
        variant=variant_id,
        version=played.version,
        engine=split_version(played.version)[0],
        seats=seats,
        core=data.rules,
        features=data.features,
        tickets=variant,
        pieces=board.pieces,
        piece_counts=_piece_counts(board, data.rules, data.features),
        end_pieces=tuple(board.pieces.index(kind) for kind in data.rules.end.pieces),
        usable_tracks=_usable_tracks(board, data.rules, seats),
        long_tickets=_tickets_of(board, long_groups),
        regular_tickets=_tickets_of(board, variant.regular_tickets),
        setup_returns=played.setup_returns or data.rules.setup_tickets.returns,
    )


def _piece_counts(board: Board, rules: MapRules, features: Features) -> tuple[int, ...]:
    """The pieces of each kind (`Board.pieces` order) a player starts with."""
    counts: dict[str, int] = {str(kind): n for kind, n in rules.pieces.counts.items()}
    counts["stations"] = 0 if features.stations is None else features.stations.count
    counts["harbors"] = 0 if features.harbors is None else features.harbors.pieces
    return tuple(counts[kind] for kind in board.pieces)


def _tickets_of(board: Board, groups: list[str]) -> tuple[int, ...]:
    return tuple(i for i, g in enumerate(board.ticket_group) if g in groups)


def _usable_tracks(board: Board, rules: MapRules, seats: int) -> tuple[int, ...]:
    """How many tracks of a group of each size (the index) may be claimed at `seats`."""
    largest = max(2, *(len(group) for group in board.route_tracks))
    usable = rules.track_groups.usable
    return (0, 1, *(usable[size][seats] if size in usable else 1
                    for size in range(2, largest + 1)))

