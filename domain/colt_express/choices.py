"""What the game waits for: the commands the seat to act may send, by phase.

Each phase's module lists its own options (`opening`, `dealing`, `schemin`,
`stealin`, `round_events`); this is the one place that picks by phase, for the
legal moves and for a refusal that says what is expected instead (`decide`).
"""

from __future__ import annotations

from domain.colt_express.commands import Command
from domain.colt_express.dealing import keeping_options
from domain.colt_express.opening import placing_options
from domain.colt_express.round_events import event_options
from domain.colt_express.schemin import scheming_options
from domain.colt_express.state import PhaseName, State
from domain.colt_express.stealin import card_bandit, card_options

#: what each phase in which a seat acts waits for, in words (rules section)
AWAITED: dict[PhaseName, str] = {
    "placing": "the placing of the bandits in the two-player game (§8)",
    "keeping": "the card kept before the round's draw in the two-player game (§8)",
    "schemin": "a Schemin' action: a card played or cards drawn (§4.2)",
    "stealin": "the revealed action card carried out (§4.3)",
    "event": "a choice for the round card's event (§6)",
}


def legal_commands(state: State, seat: int) -> list[Command]:
    """Every command `seat` (who is to act) may send now, from the module of the phase."""
    phase = state.phase
    if phase == "placing":
        return placing_options(state, seat)
    if phase == "keeping":
        return keeping_options(state, seat)
    if phase == "schemin":
        return scheming_options(state, seat)
    if phase == "stealin":
        return card_options(state, card_bandit(state))
    if phase == "event":
        return event_options(state)
    return []
