"""Final scoring (§7, §8): loot, the Gunslinger bonus, the winner and the tie-break."""

from __future__ import annotations

from domain.colt_express import RULES
from domain.colt_express.commands import Fire, MoveBandit
from domain.colt_express.final import final_scores

from .builders import resolve, run_round_end, table


def finished(**kwargs):
    """Doc, Ghost and Tuco in the last round (seats 0, 1, 2), as `table` takes the rest."""
    return table(
        {"doc": (1, "roof"), "ghost": (2, "inside"), "tuco": (3, "inside")}, round=4, **kwargs
    )


def test_loot_values_add_up_and_the_player_who_fired_most_gets_1000():
    state = finished(
        held={"doc": ["purse-9", "jewel-1"], "ghost": ["strongbox-1"], "tuco": []},
        purse_values={"purse-9": 350},
    )
    state.shots = [2, 1, 0]
    assert final_scores(state) == ([1850, 1000, 0], [0], [0])


def test_the_winner_counts_every_token_kind_and_the_gunslinger_bonus():
    state = finished(
        held={
            "doc": ["purse-9", "ransom-1"],
            "ghost": ["jewel-1", "jewel-2"],
            "tuco": ["strongbox-1"],
        },
        purse_values={"purse-9": 500},
    )
    state.shots = [0, 0, 1]
    assert final_scores(state) == ([750, 1000, 2000], [2], [2])


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


def test_the_tie_break_counts_neutral_bullets_and_bullets_from_players_alike():
    state = table(
        {"doc": (2, "inside"), "ghost": (3, "inside"), "tuco": (1, "inside")},
        held={"doc": ["strongbox-1", "jewel-1"], "ghost": ["jewel-2", "jewel-3", "jewel-4"]},
        marshal=4,
        round=4,
    )
    resolve(state, "ghost", "move", MoveBandit(car=4))  # the Marshal: a neutral bullet
    resolve(state, "tuco", "fire", Fire(target="doc"))  # a bullet from a player
    assert state.bullets_received == [1, 1, 0]
    scores, winners, gunslingers = final_scores(state)
    assert scores == [1500, 1500, 1000] and gunslingers == [2] and winners == [0, 1]
    resolve(state, "ghost", "change_floor")  # down into the Marshal's car: one more
    assert final_scores(state)[1] == [0]


def test_the_result_is_published_when_the_game_ends():
    state = finished(held={"doc": ["jewel-1"], "ghost": ["purse-9"]})
    assert RULES.result(state) is None
    assert RULES.public_view(state).bandits[1].loot[0].value is None
    run_round_end(state)
    result = RULES.result(state)
    assert result is not None
    assert (result.scores, result.winners) == ([1500, 1300, 1000], [0])
    view = RULES.public_view(state)
    assert view.status == "finished" and view.result is not None
    assert view.result.seed and view.result.purse_values == {"purse-9": 300}
    assert view.bandits[1].loot[0].value == 300  # every purse is turned up at the end
