"""The end of the game (§7, §8): final scores, the winners, and the event that reveals all.

The game ends after the fifth round, or at once when a seat forfeits; both
are scored the same way, from the loot as it lies, so a forfeit can never be
used to dodge the count. `ColtExpressGameEnded` publishes every purse value
and the seed, which makes the whole game auditable from then on, and so each
seat's score sheet (`sheets`: its dollars by loot kind and the Gunslinger bonus)
can be read from the final state.
"""

from __future__ import annotations

from collections.abc import Mapping

from domain.colt_express.components import GUNSLINGER_BONUS
from domain.colt_express.events import ColtExpressGameEnded, Event
from domain.colt_express.loot import token_value
from domain.colt_express.state import State
from domain.kernel.rng import Seed
from domain.kernel.scores import Figure, ScoreTerm, SeatScore

#: the term of each kind of loot, by the kind its token's name starts with, and the rule
#: that scores it: what a bandit holds counts at the end (§7); a ransom comes from the
#: Hostage-Taking of the Conductor (§6)
LOOT_TERMS: Mapping[str, tuple[str, str]] = {
    "purse": ("purses", "§7"),
    "jewel": ("jewels", "§7"),
    "strongbox": ("strongboxes", "§7"),
    "ransom": ("ransoms", "§6"),
}


def final_scores(
    state: State, forfeited: int | None = None
) -> tuple[list[int], list[int], list[int]]:
    """(dollars per seat, winners, gunslingers) at the end of the game (§7, §8); a seat
    that `forfeited` is scored but never wins."""
    n = state.seats
    most = max(state.shots)
    gunslingers = [seat for seat in range(n) if state.shots[seat] == most]
    scores = [GUNSLINGER_BONUS if seat in gunslingers else 0 for seat in range(n)]
    received = [0] * n
    for b, seat in enumerate(state.controller):
        scores[seat] += sum(token_value(state, t) for t in state.held[b])
        received[seat] += state.bullets_received[b]
    contenders = [seat for seat in range(n) if seat != forfeited]
    richest = max(scores[seat] for seat in contenders)
    tied = [seat for seat in contenders if scores[seat] == richest]
    fewest = min(received[seat] for seat in tied)
    winners = [seat for seat in tied if received[seat] == fewest]
    return scores, winners, gunslingers


def game_ended(state: State, seed: Seed, forfeited: int | None = None) -> ColtExpressGameEnded:
    """The last event: the final scores, every purse value and the seed (§7)."""
    scores, winners, gunslingers = final_scores(state, forfeited)
    return ColtExpressGameEnded(
        seed=seed.hex,
        purse_values=dict(state.purse_values),
        gunslingers=gunslingers,
        scores=scores,
        winners=winners,
    )


def forfeit(state: State, seat: int, seed: Seed) -> list[Event]:
    """`seat` forfeits: the game ends now, scored as it stands (§7), `seat` never a winner."""
    return [game_ended(state, seed, seat)]


def sheets(state: State) -> list[SeatScore]:
    """Each seat's score sheet once the game has ended (the state holds the recorded scores
    and gunslingers): the dollars of the loot its bandits hold by kind, every kind listed,
    and the Gunslinger bonus (§7; §8: both bandits of a seat count together); as figures,
    the bullets it fired that count for the bonus and the bullets it received, the
    tie-break (§7)."""
    assert state.scores is not None and state.gunslingers is not None
    loot = [dict.fromkeys(LOOT_TERMS, 0) for _ in range(state.seats)]
    received = [0] * state.seats
    for b, seat in enumerate(state.controller):
        for token in state.held[b]:
            loot[seat][token.partition("-")[0]] += token_value(state, token)
        received[seat] += state.bullets_received[b]
    return [
        SeatScore(
            seat,
            [*(ScoreTerm(term, loot[seat][kind], section)
               for kind, (term, section) in LOOT_TERMS.items()),
             ScoreTerm("gunslinger", GUNSLINGER_BONUS if seat in state.gunslingers else 0,
                       "§7")],
            state.scores[seat],
            [Figure("bullets-fired", state.shots[seat], "§7"),
             Figure("bullets-received", received[seat], "§7")],
        )
        for seat in range(state.seats)
    ]
