"""The opening (§3, §8): the setup checked, the game dealt, the two-player placing.

Every random outcome of setup (characters, cars, purses, round deck, station,
first player) is drawn here, in a fixed order, and recorded in the first
event, `ColtExpressGameStarted`; the hidden ones are blanked by `views`. The
opening then runs on into round 1, except in the two-player game, where each
player first places his bandits (`PlaceBandits`).
"""

from __future__ import annotations

from domain.colt_express.commands import Command, PlaceBandits
from domain.colt_express.components import (
    CHARACTERS,
    PURSE_VALUES,
    STARTING_PURSE,
    STATION_CARDS,
    WAGONS,
    regular_round_cards,
)
from domain.colt_express.events import BanditsPlaced, ColtExpressGameStarted, Event
from domain.colt_express.evolve import evolve
from domain.colt_express.lookahead import Lookahead
from domain.colt_express.refusals import refuse
from domain.colt_express.round import proceed
from domain.colt_express.state import State
from domain.colt_express.versions import check_version, started_version
from domain.kernel.protocol import Setup
from domain.kernel.rng import Rng, Seed


def character_choice(setup: Setup) -> list[str] | None:
    """The characters named by the ``characters`` option, or None for a random draw."""
    raw = setup.options.get("characters", "random")
    if not isinstance(raw, str) or raw == "random":
        return None
    return [c.strip(" ") for c in raw.split(",")]


def bandits_for(seats: int) -> int:
    """How many bandits play with `seats` seats: two each with two seats (§8)."""
    return seats * (2 if seats == 2 else 1)


def check_setup(setup: Setup) -> None:
    """Refuse what cannot be played: 2-6 seats, the two-player variant only with 2 seats."""
    check_version(setup)
    if not 2 <= setup.seats <= 6:
        raise refuse("bad-setup", "Colt Express is for 2 to 6 players", "§3")
    if setup.map is not None:
        raise refuse("bad-setup", "Colt Express has no maps", "§3")
    if setup.variant not in (None, "two-player"):
        raise refuse("bad-setup", f"unknown variant {setup.variant!r}", "§8")
    if setup.variant == "two-player" and setup.seats != 2:
        raise refuse("bad-setup", "the two-player variant needs 2 seats", "§8")
    unknown = set(setup.options) - {"characters"}
    if unknown:
        raise refuse("bad-setup", f"unknown options {sorted(unknown)}", "§3")
    if not isinstance(setup.options.get("characters", "random"), str):
        raise refuse("bad-setup", "the characters option is a string", "§3.7")
    chosen = character_choice(setup)
    if chosen is not None:
        wanted = bandits_for(setup.seats)
        if (
            len(chosen) != wanted
            or len(set(chosen)) != wanted
            or not set(chosen) <= set(CHARACTERS)
        ):
            raise refuse(
                "bad-setup",
                f"characters must name {wanted} different characters of {', '.join(CHARACTERS)}",
                "§3.7",
            )


def start(setup: Setup, seed: Seed) -> list[Event]:
    """Setup (§3) and the opening of round 1 (or the two-player placement, §8)."""
    check_setup(setup)
    n = setup.seats
    two_player = n == 2
    bandits = bandits_for(n)
    rng = Rng(seed, 0)
    chosen = character_choice(setup)
    character_draw = None
    if chosen is None:
        character_draw = rng.shuffle(CHARACTERS)
        chosen = list(character_draw.after[:bandits])
    wagons = rng.shuffle(sorted(WAGONS))
    pool = list(PURSE_VALUES)
    for _ in range(bandits):
        pool.remove(STARTING_PURSE)  # set aside before loading the cars (§3.2)
    purses = rng.shuffle([str(v) for v in pool])
    round_cards = rng.shuffle(regular_round_cards(n))
    station = rng.pick(len(STATION_CARDS))
    first_player = rng.pick(n)
    started = ColtExpressGameStarted(
        seed_commitment=seed.commitment,
        seats=n,
        two_player=two_player,
        characters=chosen,
        character_draw=character_draw,
        wagons=wagons,
        first_player=first_player,
        purses=purses,
        round_cards=round_cards,
        station=station,
        rules_version=started_version(setup),
    )
    look = Lookahead(evolve(None, started), seed)
    look.events.append(started)
    proceed(look)
    return look.events


def placing_options(state: State, seat: int) -> list[Command]:
    """Two-player game: either of the seat's bandits may start inside the caboose (§8)."""
    return [
        PlaceBandits(caboose=state.characters[b])
        for b, c in enumerate(state.controller)
        if c == seat
    ]


def place(look: Lookahead, seat: int, command: PlaceBandits) -> None:
    """Two-player game: the seat puts the bandit it names inside the caboose (§8)."""
    s = look.state
    own = [s.characters[b] for b in range(len(s.characters)) if s.controller[b] == seat]
    if command.caboose not in own:
        raise refuse("not-your-bandit", f"{command.caboose} is not your bandit", "§8")
    look.emit(BanditsPlaced(seat=seat, caboose=command.caboose))
