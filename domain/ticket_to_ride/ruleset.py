"""The feature switches and numbers of one game: a map's rules plus its variant.

A `Ruleset` is plain data, built from the ``rules`` block of a map file,
overridden by the chosen variant and host options. The engine reads only the
ruleset (never the map id) to decide which rules apply, so a new map is a data
file plus, where it needs a feature the engine lacks, a new switch here and
the code behind it.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Literal

import msgspec

from domain.kernel.errors import RuleViolation
from domain.kernel.protocol import Setup
from domain.kernel.versions import split_version
from domain.ticket_to_ride.board import Board, load_board, map_ids
from domain.ticket_to_ride.mapfile import TRAINS, piece_kinds
from domain.ticket_to_ride.scoring import TieBreak
from domain.ticket_to_ride.versions import check_version


class Ruleset(msgspec.Struct, frozen=True, omit_defaults=True):
    """Everything that varies between maps and variants, as numbers and switches.

    Pieces and cards: ``trains`` and ``stations`` per player, and the map's
    own piece kinds with their number per player (``own_pieces``: ships;
    `pieces` names every kind in `PlayerState.pieces` order); ``station_costs``
    (cards for the 1st, 2nd, ... station); ``station_bonus`` points per unbuilt
    station; ``colour_cards`` per colour and ``locomotive_cards`` in the deck;
    ``hand`` cards dealt to each player; ``face_up`` display slots;
    ``locomotive_reset`` (that many face-up Locomotives reset the display, 0 =
    never). Routes: ``tunnels`` and ``ferries`` switch those kinds on
    (``ferry_pairs``: Locomotive symbols may be paid with pairs, `pricing`);
    double routes are both usable from ``double_routes_min_seats`` players,
    and ``usable_tracks[k]`` is how many tracks of a group of ``k`` may be
    claimed in this game (no seat ever claims two of one group; the tuple
    covers every group size of the map, and at least 2).
    Tickets: the ticket numbers of the ``long_tickets`` and
    ``regular_tickets`` decks, how many of each are dealt at setup, the
    minimum kept at setup (``setup_keep``) and the cap on long ones kept
    (``setup_long_max``, -1 = none), and the draw size / minimum kept during
    play. The end: ``end_trigger`` or fewer pieces left of the ``end_pieces``
    kinds (indices into `pieces`; Europe: trains) start the final round
    (``final_rounds`` of them: every seat, the one who triggered it included,
    plays that many more turns; Rails & Sails: 2); harbors (Rails & Sails,
    `decide`'s build-harbor) cost ``harbor_cards`` cards of each deck and score
    ``harbor_points`` by the completed tickets naming their city, each unbuilt
    one ``harbor_unbuilt`` (`terms`); ``box`` (per piece kind, the most a
    player owns) and ``supply`` (the pieces each takes into play, split in
    secret at setup) and ``exchange_cost`` (points per piece exchanged with
    the reserve, 0 = no exchanges) are Rails & Sails' pieces;
    ``longest_path_bonus`` points for the longest path (0 = no bonus); ties on
    points are broken by ``tie_breaks`` in order (`scoring.winners`);
    ``bonus_terms`` are the map's further end-of-game terms (`terms`);
    ``goals_in_play`` goal cards are drawn at setup (`goals`).
    ``face_up_without_piles``: with the draw pile and the discards both
    empty, face-up cards may still be drawn (Northern Lights §3.1 Resolved,
    Amsterdam 3.A Resolved; Europe §4.4 bars the draw-cards action then).
    Goods (Amsterdam): ``goods_cards`` in the pile at the start (0 = none),
    ``goods_scoring`` the points of each place at this player count.
    ``setup_returns``: tickets not kept at setup go under the ticket pile
    (Amsterdam) rather than to the box.
    ``sections`` maps the sections the engine cites (Europe's numbering) to
    the map's own rulebook.

    The market (the face-up display): ``one-deck`` (Europe) refills every
    slot from the one deck and resets it when ``locomotive_reset`` face-up
    cards are Locomotives; ``chosen`` (Rails & Sails) refills a taken slot
    from the deck the player chooses (a `state.Refill` decision when more
    than one deck has a card) and its wild reset turns up each deck's
    ``face_up`` share again (`cardflow.wild_reset`).
    """

    map: str
    variant: str
    #: the rules version the game is played under, and its engine part
    version: str
    engine: str
    min_seats: int
    max_seats: int
    trains: int
    stations: int
    station_costs: tuple[int, ...]
    station_bonus: int
    colour_cards: int
    locomotive_cards: int
    hand: int
    face_up: int
    locomotive_reset: int
    tunnels: bool
    ferries: bool
    ferry_pairs: bool
    double_routes_min_seats: int
    usable_tracks: tuple[int, ...]
    tie_breaks: tuple[TieBreak, ...]
    sections: dict[str, str]
    end_trigger: int
    longest_path_bonus: int
    long_tickets: tuple[int, ...]
    regular_tickets: tuple[int, ...]
    long_dealt: int
    regular_dealt: int
    setup_keep: int
    setup_long_max: int
    draw_tickets: int
    draw_keep: int
    # at their defaults (Europe) these are left out of the JSON, which stays as it was
    own_pieces: dict[str, int] = {}
    end_pieces: tuple[int, ...] = (TRAINS,)
    market: Literal["one-deck", "chosen"] = "one-deck"
    final_rounds: int = 1
    harbor_cards: tuple[int, ...] = ()
    harbor_points: tuple[int, ...] = ()
    harbor_unbuilt: int = 0
    #: per piece kind (`pieces` order), the most a player owns (0: not in the box)
    box: tuple[int, ...] = ()
    supply: int = 0
    exchange_cost: int = 0
    bonus_terms: tuple[str, ...] = ()
    goals_in_play: int = 0
    face_up_without_piles: bool = False
    goods_cards: int = 0
    goods_scoring: tuple[int, ...] = ()
    setup_returns: bool = False

    @property
    def pieces(self) -> tuple[str, ...]:
        """Every piece kind, indexed as `PlayerState.pieces` counts them."""
        return ("trains", "stations", *self.own_pieces)

    @property
    def piece_counts(self) -> tuple[int, ...]:
        """The pieces of each kind a player starts with."""
        return (self.trains, self.stations, *self.own_pieces.values())


def stations_built(rules: Ruleset, left: int) -> int:
    """How many stations a player with `left` unbuilt stations has built (§7.1)."""
    return rules.stations - left


def _bad(message: str) -> RuleViolation:
    return RuleViolation("bad-setup", message)


def _tickets_of(board: Board, groups: list[str]) -> tuple[int, ...]:
    return tuple(i for i, g in enumerate(board.ticket_group) if g in groups)


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
        raise _bad(f"unknown map {map_id!r}")
    return ruleset_of(load_board(map_id), setup)


def ruleset_of(board: Board, setup: Setup) -> Ruleset:
    """The ruleset of a setup on `board`, or raise `RuleViolation` ``bad-setup``.

    The variant defaults to `DEFAULT_VARIANT`, the rules version to the current one
    (`versions.current_version`). Options are the map file's ``options``
    (booleans adding tickets, integers setting a rule); unknown options and
    values of the wrong type or range are refused. Rulesets are frozen, so one is
    built per distinct setup and shared.
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
    (every replayed opening: building one there cost replay speed)."""
    if map_id is not None and map_id != board.id:
        raise _bad(f"unknown map {map_id!r}")
    # each value's type is part of the key: 1 == True, but only a boolean is an option value
    key = tuple(sorted((k, v, type(v)) for k, v in options.items())) if options else ()
    return _ruleset(board, variant or DEFAULT_VARIANT, key, seats, version)


@lru_cache(maxsize=256)
def _ruleset(
    board: Board,
    variant_id: str,
    options: tuple[tuple[str, bool | str | int, type], ...],
    seats: int,
    version: str | None,
) -> Ruleset:
    map_id = board.id
    version = check_version(board, version)
    data = board.map
    variant = data.variants.get(variant_id)
    if variant is None:
        raise _bad(f"map {map_id!r} has no variant {variant_id!r}")
    long_groups = list(variant.long_tickets)
    rules = data.rules
    for name, value, _ in options:
        option = data.options.get(name)
        if option is None:
            raise _bad(f"unknown option {name!r}")
        applies = f"option {name!r} applies only to {', '.join(option.variants)}"
        if option.sets is None:
            if not isinstance(value, bool):
                raise _bad(f"option {name!r} is a boolean")
            if value and variant_id not in option.variants:
                raise _bad(applies)
            if value:
                long_groups += option.adds_long_tickets
            continue
        if isinstance(value, bool) or not isinstance(value, int):
            raise _bad(f"option {name!r} is an integer")
        if not option.minimum <= value <= option.maximum:
            raise _bad(f"option {name!r} is from {option.minimum} to {option.maximum}")
        if variant_id not in option.variants:
            raise _bad(applies)
        rules = msgspec.structs.replace(rules, **{option.sets: value})
    if not rules.min_seats <= seats <= rules.max_seats:
        raise _bad(f"{board.title} is for {rules.min_seats} to {rules.max_seats} players")
    return Ruleset(
        map=map_id,
        variant=variant_id,
        version=version,
        engine=split_version(version)[0],
        min_seats=rules.min_seats,
        max_seats=rules.max_seats,
        trains=rules.trains,
        stations=rules.stations,
        own_pieces=dict(rules.pieces),
        end_pieces=tuple(piece_kinds(rules).index(kind) for kind in rules.end_pieces),
        market=rules.market,
        final_rounds=rules.final_rounds,
        harbor_cards=tuple(rules.harbor_cards.get(d, 0) for d in board.deck_ids)
        if rules.harbor_cards
        else (),
        harbor_points=tuple(rules.harbor_points),
        harbor_unbuilt=rules.harbor_unbuilt,
        box=tuple(rules.box.get(kind, 0) for kind in piece_kinds(rules)) if rules.box else (),
        supply=rules.supply,
        exchange_cost=rules.exchange_cost,
        station_costs=tuple(rules.station_costs),
        station_bonus=rules.station_bonus,
        colour_cards=rules.colour_cards,
        locomotive_cards=rules.locomotive_cards,
        hand=rules.hand,
        face_up=rules.face_up,
        locomotive_reset=rules.locomotive_reset,
        tunnels=rules.tunnels,
        ferries=rules.ferries,
        ferry_pairs=rules.ferry_pairs,
        double_routes_min_seats=rules.double_routes_min_seats,
        usable_tracks=_usable_tracks(board, seats),
        tie_breaks=tuple(rules.tie_breaks),
        bonus_terms=tuple(rules.bonus_terms),
        goals_in_play=rules.goals_in_play,
        face_up_without_piles=rules.face_up_without_piles,
        goods_cards=rules.goods_cards,
        goods_scoring=tuple(rules.goods_scoring.get(seats, ())),
        setup_returns=rules.setup_returns,
        sections=dict(rules.sections),
        end_trigger=rules.end_trigger,
        longest_path_bonus=rules.longest_path_bonus,
        long_tickets=_tickets_of(board, long_groups),
        regular_tickets=_tickets_of(board, variant.regular_tickets),
        long_dealt=variant.long_dealt,
        regular_dealt=variant.regular_dealt,
        setup_keep=variant.setup_keep,
        setup_long_max=variant.setup_long_max,
        draw_tickets=variant.draw_tickets,
        draw_keep=variant.draw_keep,
    )


def _usable_tracks(board: Board, seats: int) -> tuple[int, ...]:
    """How many tracks of a group of each size (the index) may be claimed at `seats`."""
    rules = board.map.rules
    largest = max(2, *(len(group) for group in board.route_tracks))
    usable = [0]
    for size in range(1, largest + 1):
        table = rules.usable_tracks.get(size)
        if table is not None and seats in table:
            usable.append(min(size, table[seats]))
        elif size == 1 or seats >= rules.double_routes_min_seats:
            usable.append(size)
        else:
            usable.append(1)
    return tuple(usable)
