"""Handcrafted Colt Express states for rule tests, and the seat to act playing on them.

`table` lays out a train by hand (who stands where, what lies where, the
Marshal) with a single card waiting on the pile, so a test states a
position from the rulebook in a few lines and asks what its owner may do.
`act` and `act_refused` are the shared `tests.domain.decider` pair for the
seat whose turn it is, which is what most rule tests send a command from.
"""

from __future__ import annotations

from typing import Any

from domain.colt_express.commands import Command
from domain.colt_express.events import CardResolved, Event
from domain.colt_express.evolve import evolve
from domain.colt_express.lookahead import Lookahead
from domain.colt_express.round import proceed, to_act
from domain.colt_express.rules import RULES, legal_commands
from domain.colt_express.state import State
from domain.colt_express.versions import ENGINE, TIES_NAMED
from domain.kernel.errors import RuleViolation
from domain.kernel.protocol import Setup
from domain.kernel.rng import Seed
from tests.domain.decider import SEED, play, refused

#: a round card without event, used for every round unless a test says otherwise
QUIET = "r24-bridge"


def table(
    bandits: dict[str, tuple[int, str]],
    *,
    cars: int = 4,
    marshal: int = 0,
    two_player: bool = False,
    inside: dict[int, list[str]] | None = None,
    roof: dict[int, list[str]] | None = None,
    held: dict[str, list[str]] | None = None,
    purse_values: dict[str, int] | None = None,
    round_card: str = QUIET,
    round: int = 0,
    first_player: int = 0,
    neutral_left: int = 13,
    bullets_left: dict[str, int] | None = None,
    engine: str = ENGINE,
) -> State:
    """A game in Stealin' with the given bandits at ``(car, "inside" | "roof")``.

    Bandit ``i`` (in the order given) is controlled by seat ``i`` (``i // 2``
    in the two-player game). Purses not given a value are worth $300. `engine`
    is the rules version decided by (default the current one).
    """
    names = list(bandits)
    per_seat = 2 if two_player else 1
    seats = len(names) // per_seat
    inside_loot = [list((inside or {}).get(c, [])) for c in range(cars + 1)]
    roof_loot = [list((roof or {}).get(c, [])) for c in range(cars + 1)]
    held_loot = [list((held or {}).get(n, [])) for n in names]
    values = dict(purse_values or {})
    for token in [t for loot in (*inside_loot, *roof_loot, *held_loot) for t in loot]:
        if token.startswith("purse-"):
            values.setdefault(token, 300)
    return State(
        every_holder_chooses=engine not in TIES_NAMED,
        seats=seats,
        two_player=two_player,
        characters=names,
        controller=[b // per_seat for b in range(len(names))],
        wagons=[f"wagon-{c}" for c in range(1, cars + 1)],
        bandit_car=[bandits[n][0] for n in names],
        bandit_roof=[bandits[n][1] == "roof" for n in names],
        held=held_loot,
        bullets_left=[(bullets_left or {}).get(n, 6) for n in names],
        bullets_received=[0] * len(names),
        shots=[0] * seats,
        inside=inside_loot,
        roof=roof_loot,
        reserve=["strongbox-2"],
        purse_values=values,
        known=[set() for _ in range(seats)],
        marshal=marshal,
        neutral_left=neutral_left,
        round_deck=[QUIET] * round + [round_card] + [QUIET] * (4 - round),
        round=round,
        first_player=first_player,
        phase="stealin",
        decks=[[] for _ in range(seats)],
        hands=[[] for _ in range(seats)],
        seed_commitment=SEED.commitment,
    )


def with_card(state: State, bandit: str, action: str) -> State:
    """The state with `bandit`'s `action` card turned up on the pile.

    A Marshal card of the last bandit follows it, so the game stops there
    (a Marshal card always needs a choice) instead of running on.
    """
    state.pile = [f"{bandit}/{action}", f"{state.characters[-1]}/marshal"]
    state.pile_down = [False, False]
    state.pile_pos = 0
    state.revealed = True
    return state


def options(state: State) -> list[Command]:
    """What the seat to act may do now."""
    seat = state.controller[state.bandit(state.pile[state.pile_pos].partition("/")[0])]
    return legal_commands(state, seat)


def act(state: State, command: Command) -> list[Event]:
    """The seat to act sends `command` (the shared `play`): the events, `state` evolved in
    place."""
    events, after = play(RULES, state, to_act(state)[0], command)
    assert after is state
    return events


def act_refused(state: State, command: Command) -> RuleViolation:
    """The seat to act sends `command` and is refused (the shared `refused`)."""
    return refused(RULES, state, to_act(state)[0], command)


def started(setup: Setup, seed: Seed = SEED) -> tuple[State, list[Event]]:
    """A game started from `setup`: the state after the opening, and the opening's events."""
    events = RULES.start(setup, seed)
    state = None
    for event in events:
        state = evolve(state, event)
    assert state is not None
    return state, events


def proceeded(state: State) -> list[Event]:
    """Run a handcrafted `state` on, in place, until a seat must choose: the events."""
    look = Lookahead(state, SEED)
    proceed(look)
    return look.events


def resolve(state: State, bandit: str, action: str, command: Command | None = None) -> list[Event]:
    """Put one card on the pile and carry it out; the events up to its `CardResolved`.

    With `command` None the card must resolve by itself (no choice or no effect).
    """
    with_card(state, bandit, action)
    if command is None:
        state.revealed = False
        events = proceeded(state)
    else:
        events = act(state, command)
    end = next(i for i, e in enumerate(events) if isinstance(e, CardResolved))
    return events[: end + 1]


def run_round_end(state: State) -> list[Event]:
    """Finish Stealin' of a handcrafted state with an empty pile: the round's event onward."""
    state.pile = []
    state.pile_down = []
    state.pile_pos = 0
    state.revealed = False
    return proceeded(state)


def where(state: State, bandit: str) -> tuple[int, str]:
    """``(car, level)`` of a bandit."""
    b = state.bandit(bandit)
    return state.bandit_car[b], "roof" if state.bandit_roof[b] else "inside"


def of_type(events: list[Event], kind: type[Any]) -> list[Any]:
    """The events of one type, in order."""
    return [e for e in events if isinstance(e, kind)]


def scheming(
    characters: list[str],
    *,
    round_card: str = QUIET,
    hands: dict[str, list[str]] | None = None,
    decks: dict[str, list[str]] | None = None,
    first_player: int = 0,
    two_player: bool = False,
) -> State:
    """A state at the first turn of Schemin' with the given hands and decks.

    Bandits stand inside cars 1, 2, 3... in the order given; a hand not
    given holds one card of each action of that seat's first bandit.
    """
    state = table(
        {c: (1 + i % 4, "inside") for i, c in enumerate(characters)},
        round_card=round_card,
        first_player=first_player,
        two_player=two_player,
        marshal=0,
    )
    state.phase = "schemin"
    per_seat = 2 if two_player else 1
    for seat in range(state.seats):
        own = characters[seat * per_seat]
        default = [f"{own}/{a}" for a in ("move", "change_floor", "fire", "punch", "rob")]
        state.hands[seat] = list((hands or {}).get(own, default))
        state.decks[seat] = list((decks or {}).get(own, [f"{own}/marshal"] * 4))
    state.pile, state.pile_down, state.revealed = [], [], False
    return state
