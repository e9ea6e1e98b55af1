"""Final scoring (§7): loot, the Gunslinger bonus, the winner and the tie-break."""

from __future__ import annotations

from domain.colt_express import RULES
from domain.colt_express.final import final_scores
from domain.kernel.protocol import Result

from .builders import run_round_end, table


def finished(**kwargs):
    state = table(
        {"doc": (1, "roof"), "ghost": (2, "inside"), "tuco": (3, "inside")}, round=4, **kwargs
    )
    return state


def test_loot_values_add_up_and_the_player_who_fired_most_gets_1000():
    state = finished(
        held={"doc": ["purse-9", "jewel-1"], "ghost": ["strongbox-1"], "tuco": []},
        purse_values={"purse-9": 350},
    )
    state.shots = [2, 1, 0]
    assert final_scores(state) == ([1850, 1000, 0], [0], [0])


def test_gunslingers_tied_for_most_shots_each_get_the_bonus():
    state = finished()
    state.shots = [3, 3, 1]
    scores, _, gunslingers = final_scores(state)
    assert gunslingers == [0, 1] and scores == [1000, 1000, 0]


def test_when_nobody_fired_everybody_is_a_gunslinger():
    state = finished()
    assert final_scores(state)[2] == [0, 1, 2]


def test_a_tie_goes_to_the_player_who_received_fewest_bullets_else_it_is_shared():
    state = finished(held={"doc": ["jewel-1"], "ghost": ["jewel-2"], "tuco": []})
    state.bullets_received = [3, 2, 0]
    assert final_scores(state)[1] == [1]
    state.bullets_received = [2, 2, 0]
    assert final_scores(state)[1] == [0, 1]


def test_the_result_is_published_when_the_game_ends():
    state = finished(held={"doc": ["jewel-1"], "ghost": ["purse-9"]})
    assert RULES.result(state) is None
    assert RULES.public_view(state).bandits[1].loot[0].value is None
    run_round_end(state)
    assert RULES.result(state) == Result(scores=[1500, 1300, 1000], winners=[0])
    view = RULES.public_view(state)
    assert view.status == "finished" and view.result is not None
    assert view.result.seed and view.result.purse_values == {"purse-9": 300}
    assert view.bandits[1].loot[0].value == 300  # every purse is turned up at the end
