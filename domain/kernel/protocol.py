"""The decider protocol every game kind implements, and the descriptors `/kinds` serves.

The service drives every game through this protocol only; it never contains a
rule of any game. The shape follows DESIGN.md:

* ``start(setup, seed) -> events``: the opening (seats, shuffles, deals).
* ``decide(state, seat, command, seed) -> events`` or raise `RuleViolation`.
* ``evolve(state, event) -> state``: apply one recorded event, total and
  deterministic; replaying a log through it rebuilds the game exactly, without
  the seed. For speed it may update the given state in place and return it:
  the caller hands the state over and keeps only the returned one.
* ``legal_moves(state, seat)``: each entry has a ``command`` the game would
  accept as it is.
* ``public_view``, ``private_view``, ``redact``: what each audience may see.
* ``board_svg(state)``: the board as a picture (presentation, public only).
* ``outcomes(state)``: what became of each component worth counting across
  finished games (routes claimed, tickets completed, characters that won).
* ``material(setup)``: the fixed components the indices in views and commands
  point into (a board's routes, the tickets, a train's cars...), all public.

Randomness enters only through `Rng` built from the seed at the draw count the
state keeps; every outcome is recorded in the events.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, Protocol, TypeVar

import msgspec

from domain.kernel.outcomes import Outcome
from domain.kernel.refusals import Refusal
from domain.kernel.rng import Seed
from domain.kernel.scores import SeatScore

StatusName = Literal["lobby", "active", "finished"]


class OptionDescriptor(msgspec.Struct, frozen=True):
    """One host option of a game kind, as `/kinds` lists it.

    The restrictions (`maps`, `variants`, `patterns`) are what `check_setup`
    refuses, said as data, so that the OpenAPI document's per-kind setup
    schemas (`service.api.setups`) state them exactly.
    """

    name: Annotated[str, msgspec.Meta(description="The option's key in `options`")]
    type: Annotated[Literal["boolean", "string", "integer"], msgspec.Meta(
        description="The JSON type of its value")]
    default: Annotated[bool | str | int, msgspec.Meta(
        description="The value a game has when the option is not given")]
    description: Annotated[str, msgspec.Meta(description="What the option does")]
    choices: Annotated[list[str] | None, msgspec.Meta(
        description="The values a string option may take; null: any that `patterns` allows")
    ] = None
    maps: Annotated[list[str] | None, msgspec.Meta(
        description="The maps it exists on; null: every map of the kind")] = None
    variants: Annotated[list[str] | None, msgspec.Meta(
        description="The variants it applies to; null: all. With another variant a "
        "boolean option may only be false (or left out), any other left out")] = None
    minimum: Annotated[int | None, msgspec.Meta(
        description="The smallest value of an integer option; null: no bound")] = None
    maximum: Annotated[int | None, msgspec.Meta(
        description="The largest value of an integer option; null: no bound")] = None
    patterns: Annotated[dict[int, str] | None, msgspec.Meta(
        description="By seat count: the regular expression a string value must match "
        "with that many seats; null: no pattern")] = None


class VariantDescriptor(msgspec.Struct, frozen=True):
    """A way of playing a map or a game (e.g. Europe's "mega-europe")."""

    id: Annotated[str, msgspec.Meta(description="The variant's id, for `variant` in a setup")]
    title: Annotated[str, msgspec.Meta(description="Its name, for people")]
    description: Annotated[str, msgspec.Meta(description="How it differs, with the rules")]
    min_seats: Annotated[int | None, msgspec.Meta(
        description="The fewest seats it is for; null: as its map or kind")] = None
    max_seats: Annotated[int | None, msgspec.Meta(
        description="The most seats it is for; null: as its map or kind")] = None


class MapDescriptor(msgspec.Struct, frozen=True):
    """A board a game kind can be played on, with its player range and variants."""

    id: Annotated[str, msgspec.Meta(description="The map's id, for `map` in a setup")]
    title: Annotated[str, msgspec.Meta(description="Its name, for people")]
    min_seats: Annotated[int, msgspec.Meta(description="The fewest seats it is for")]
    max_seats: Annotated[int, msgspec.Meta(description="The most seats it is for")]
    variants: Annotated[list[VariantDescriptor], msgspec.Meta(
        description="The ways of playing this map")] = []
    default_variant: Annotated[str | None, msgspec.Meta(
        description="The variant a setup naming none plays; null: a variant must be named")
    ] = None


class KindDescriptor(msgspec.Struct, frozen=True):
    """What a game kind is, as data: served by `/kinds` as it is."""

    kind: Annotated[str, msgspec.Meta(description="The kind's id, for `kind` in a setup")]
    title: Annotated[str, msgspec.Meta(description="The game's name")]
    min_seats: Annotated[int, msgspec.Meta(description="The fewest seats a game may have")]
    max_seats: Annotated[int, msgspec.Meta(description="The most seats a game may have")]
    hidden_information: Annotated[list[str], msgspec.Meta(
        description="What no public output shows, in words")]
    maps: Annotated[list[MapDescriptor], msgspec.Meta(
        description="The boards it is played on; empty: it has none (`map` is null)")] = []
    variants: Annotated[list[VariantDescriptor], msgspec.Meta(
        description="Variants of the kind on any map (a map lists its own)")] = []
    options: Annotated[list[OptionDescriptor], msgspec.Meta(
        description="The host options a setup may give in `options`")] = []
    score_unit: Annotated[Literal["points", "dollars"], msgspec.Meta(
        description="What the scores of its results count")] = "points"
    default_map: Annotated[str | None, msgspec.Meta(
        description="The map a setup naming none plays on; null: the kind has no maps")
    ] = None
    refusals: Annotated[list[Refusal], msgspec.Meta(
        description="Every refusal its rules give: code, rule section, meaning (and the "
        "maps citing that section); also listed in docs/refusals.md")] = []

    def resolved(self, setup: Setup) -> Setup:
        """`setup` with the map and variant it plays named (those it left to the defaults).

        A new game records what it is played on, so that its setup says what its
        view says (``europe``, ``standard``); logs recorded before keep their
        nulls, which mean the same.
        """
        map_id = setup.map or self.default_map
        chosen = next((m for m in self.maps if m.id == map_id), None)
        variant = setup.variant or (chosen.default_variant if chosen else None)
        if (map_id, variant) == (setup.map, setup.variant):
            return setup
        return msgspec.structs.replace(setup, map=map_id, variant=variant)


class Setup(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """How a game is set up: what `POST /games` asked for, checked by `check_setup`.

    ``rules_version`` names the rules a recorded game is played under (see
    ``docs/rules-versions.md``). null (None) stands for the current rules, which is
    what a setup being created means; the store stamps the current version
    (`GameRules.rules_version`) into the created record, and a recorded setup
    without one is read as `LEGACY_RULES_VERSION` by `recorded_setup`.
    """

    seats: Annotated[int, msgspec.Meta(description="The number of players")]
    map: Annotated[str | None, msgspec.Meta(
        description="The map played on (GET /kinds); null in a game: the kind has no maps, or "
        "a log recorded before setups named their defaults (then: the kind's default map)")
    ] = None
    variant: Annotated[str | None, msgspec.Meta(
        description="The variant played; null in a game: none, or a log recorded before "
        "setups named their defaults (then: the map's default variant)")] = None
    options: Annotated[dict[str, bool | str | int], msgspec.Meta(
        description="Host options by name (GET /kinds); one not given has its default")] = {}
    rules_version: Annotated[str | None, msgspec.Meta(
        description="The rules the game is played under (docs/rules-versions.md); null "
        "before it is recorded")] = None


#: the rules version of every log recorded before logs named theirs
LEGACY_RULES_VERSION = "0.1"


def recorded_setup(setup: Setup) -> Setup:
    """The setup a created record holds, with its rules version made explicit.

    Logs from before versions were recorded carry none: they were played under
    `LEGACY_RULES_VERSION`, and must be replayed under it, never under the
    current rules. Every reader of a created record goes through here.
    """
    if setup.rules_version:
        return setup
    return msgspec.structs.replace(setup, rules_version=LEGACY_RULES_VERSION)


class Result(msgspec.Struct, frozen=True):
    """The final outcome: each seat's score (index = seat), the winning seats, and each
    seat's score sheet (`scores.SeatScore`: the terms that add up to its score)."""

    scores: list[int]
    winners: list[int]
    sheets: Annotated[list[SeatScore], msgspec.Meta(
        description="Each seat's score as terms that add up to it, by seat")]


S = TypeVar("S")
C = TypeVar("C", contravariant=True)
E = TypeVar("E")


class GameRules(Protocol[S, C, E]):
    """One game kind's rules. Implementations are stateless module-level objects."""

    descriptor: KindDescriptor
    #: the tagged union of commands (msgspec Structs, tag field ``type``)
    command_type: Any
    #: the tagged union of events (msgspec Structs, tag field ``type``)
    event_type: Any
    #: the msgspec types of the views, for OpenAPI
    public_view_type: Any
    private_view_type: Any
    #: the msgspec type of one `legal_moves` entry (a Struct with a ``command``), for OpenAPI
    legal_move_type: Any
    #: the msgspec type `material` returns, for OpenAPI
    material_type: Any

    def check_setup(self, setup: Setup) -> None:
        """Raise `RuleViolation` (code ``bad-setup``) if the setup cannot be played."""
        ...

    def rules_version(self, setup: Setup) -> str:
        """The version of the current rules for `setup` (engine and data), which a new
        game's created record names; ``setup.rules_version`` itself is ignored."""
        ...

    def material(self, setup: Setup) -> Any:
        """The fixed components of a game with this `setup`, as the indices and ids in views
        and commands refer to them (board, cards, tickets, characters...).

        Public and the same for every seed: no deck order, no dealt card. Raises
        `RuleViolation` ``bad-setup`` as `check_setup` does.
        """
        ...

    def start(self, setup: Setup, seed: Seed) -> list[E]:
        """The opening events; the first carries the seed commitment."""
        ...

    def decide(self, state: S, seat: int, command: C, seed: Seed) -> list[E]:
        """The events `command` from `seat` causes, or raise `RuleViolation`."""
        ...

    def forfeit(self, state: S, seat: int, seed: Seed) -> list[E]:
        """The events that end the game now because `seat` forfeits (its turn clock ran
        out and its game was set up to forfeit): the final scoring as the rules' own end
        does it, with `seat` never among the winners."""
        ...

    def evolve(self, state: S | None, event: E) -> S:
        """Apply one event (``state`` is None for the first event of a game)."""
        ...

    def to_act(self, state: S) -> list[int]:
        """The seats that may send a command now (empty once finished)."""
        ...

    def result(self, state: S) -> Result | None:
        """The final scores, winners and score sheets (derived from the recorded end and
        the final state, never recorded themselves), or None while the game runs."""
        ...

    def legal_moves(self, state: S, seat: int) -> list[Any]:
        """What `seat` may do now; every entry has a ``command`` accepted as it is."""
        ...

    def public_view(self, state: S) -> Any:
        """Everything anyone may see: no hands, tickets, deck order or seed."""
        ...

    def private_view(self, state: S, seat: int) -> Any:
        """What `seat` sees: the public view plus its own hidden things."""
        ...

    def redact(self, event: E, viewer: int | None) -> E:
        """The event as `viewer` (a seat, or None for a spectator) may see it."""
        ...

    def board_svg(self, state: S) -> str:
        """A picture of the board as an SVG document, drawn from public information only."""
        ...

    def outcomes(self, state: S) -> list[Outcome]:
        """What became of each component worth counting across games (`Outcome`), once
        the game has ended; empty before."""
        ...
