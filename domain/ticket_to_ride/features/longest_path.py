"""The longest-path bonus (Europe §9, the European Express): to every seat whose path of its
own trains is the longest.

The path and the bonus are worked out by `final` with the rest of the account (the
path also feeds a goal card and a tie-break); this part names the bonus's line on the
score sheet, with the path's length as a figure, not points.
"""

from __future__ import annotations

from collections.abc import Sequence

from domain.kernel.scores import Figure, ScoreTerm
from domain.ticket_to_ride.hooks import Engine, Feature, Lines
from domain.ticket_to_ride.state import FinalScore, GameState


def sheet(engine: Engine, state: GameState, scores: Sequence[FinalScore]) -> list[Lines]:
    """The term ``express`` (the bonus, or 0) and the figure ``longest-path`` (in trains),
    both cited where the map states the bonus."""
    longest = state.rules.features.longest_path
    assert longest is not None
    return [
        Lines((ScoreTerm("express", score.express_bonus, longest.section),),
              (Figure("longest-path", score.longest_path, longest.section),))
        for score in scores
    ]


LONGEST_PATH = Feature(name="longest-path bonus", sheet=sheet)
