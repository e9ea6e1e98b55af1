"""The decider: which rule a command goes to, in which phase (§4-§7).

`decide` never touches the caller's state: it works on a copy (a `Lookahead`),
applying each event as it is emitted, and then lets `round.proceed` run
through every step that needs nobody's choice (a Change floor, a card with no
legal way, the deals of a new round, an event without choices) until some
seat must act or the game is over. The rules themselves live in the module
of each phase: `opening`, `dealing`, `schemin`, `stealin`, `round_events`,
`final`.
"""

from __future__ import annotations

from domain.colt_express.choices import AWAITED, legal_commands
from domain.colt_express.commands import (
    Command,
    DeclineCoverFire,
    DrawCards,
    KeepCard,
    PlaceBandits,
    PlayCard,
)
from domain.colt_express.dealing import keep
from domain.colt_express.events import Event
from domain.colt_express.lookahead import Lookahead
from domain.colt_express.opening import place
from domain.colt_express.refusals import command_types, refuse
from domain.colt_express.round import proceed, to_act
from domain.colt_express.round_events import make_choice
from domain.colt_express.schemin import ends_scheming, scheming_event
from domain.colt_express.state import State
from domain.colt_express.stealin import carry_out
from domain.kernel.errors import wire_name
from domain.kernel.rng import Seed


def decide(state: State, seat: int, command: Command, seed: Seed) -> list[Event]:
    """The events `command` from `seat` causes, or raise `RuleViolation`."""
    if state.phase == "finished":
        raise refuse("game-over", "the game has ended", "§7")
    acting = to_act(state)
    if seat not in acting:
        whose = " and ".join(f"seat {s}" for s in acting) or "nobody"
        raise refuse("not-your-turn", f"seat {seat} may not act now: it is {whose}'s turn",
                     "§4", to_act=acting)
    phase = state.phase
    if phase == "schemin" and isinstance(command, (PlayCard, DrawCards, DeclineCoverFire)):
        event = scheming_event(state, seat, command)
        if not ends_scheming(state, event):
            return [event]  # the common case needs no look-ahead copy
        look = Lookahead(state.clone(), seed)
        look.emit(event)
    else:
        look = Lookahead(state.clone(), seed)
        if isinstance(command, PlaceBandits) and phase == "placing":
            place(look, seat, command)
        elif isinstance(command, KeepCard) and phase == "keeping":
            keep(look, seat, command)
        elif phase == "stealin":
            carry_out(look, command)
        elif phase == "event":
            make_choice(look, command)
        else:
            expected = command_types(legal_commands(state, seat))
            raise refuse(
                "unexpected-command",
                f"{wire_name(command)!r} is not expected now: the game waits for "
                f"{AWAITED[phase]}, one of {', '.join(expected)}",
                "§4", to_act=acting, expected=expected,
            )
    proceed(look)
    return look.events
