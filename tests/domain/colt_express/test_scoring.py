"""Final scoring (§7, §8): loot, the Gunslinger bonus, the winner and the tie-break."""

from __future__ import annotations

from domain.colt_express import RULES
from domain.colt_express.commands import Fire, MoveBandit
from domain.colt_express.final import final_scores
from tests.domain.sheets import check_sheets, figures, terms

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


# --- the score sheet (issue 23) ----------------------------------------------------------


def test_the_sheet_gives_dollars_by_loot_kind_and_the_gunslinger_bonus():
    """§7: each kind of loot held is a term, every kind listed; the ransom of the
    Hostage-Taking of the Conductor (§6), paid at this last round's end to Doc on the
    locomotive, is its own; the Gunslinger bonus; the bullets fired and received are
    figures. Nothing of it shows before the end, while purse values are hidden."""
    state = table(
        {"doc": (0, "roof"), "ghost": (2, "inside"), "tuco": (3, "inside")},
        held={"doc": ["purse-9", "purse-10"], "ghost": ["jewel-1", "jewel-2"],
              "tuco": ["strongbox-1"]},
        purse_values={"purse-9": 500, "purse-10": 450},
        round_card="station-hostage",
        round=4,
    )
    state.shots = [0, 2, 1]
    state.bullets_received = [1, 0, 3]
    assert RULES.result(state) is None and RULES.public_view(state).result is None
    run_round_end(state)
    result = RULES.result(state)
    assert result is not None
    check_sheets(result)
    doc, ghost, tuco = result.sheets
    assert terms(doc) == {"purses": (950, "§7"), "jewels": (0, "§7"), "strongboxes": (0, "§7"),
                          "ransoms": (250, "§6"), "gunslinger": (0, "§7")}
    assert terms(ghost) == {"purses": (0, "§7"), "jewels": (1000, "§7"),
                            "strongboxes": (0, "§7"), "ransoms": (0, "§6"),
                            "gunslinger": (1000, "§7")}
    assert (terms(tuco)["strongboxes"], terms(tuco)["gunslinger"]) == ((1000, "§7"), (0, "§7"))
    assert result.scores == [1200, 2000, 1000]
    assert figures(ghost) == {"bullets-fired": (2, "§7"), "bullets-received": (0, "§7")}
    assert figures(tuco) == {"bullets-fired": (1, "§7"), "bullets-received": (3, "§7")}
    view = RULES.public_view(state).result
    assert view is not None and view.sheets == result.sheets


def test_in_the_two_player_game_a_seat_s_sheet_adds_up_both_its_bandits():
    """§8 Scoring: a player's wealth is the loot of both his bandits added together, and
    the Gunslinger bonus is per player."""
    state = table(
        {"doc": (1, "roof"), "ghost": (2, "inside"), "tuco": (3, "inside"),
         "cheyenne": (1, "inside")},
        two_player=True,
        cars=3,
        held={"doc": ["jewel-1"], "ghost": ["purse-9"], "tuco": ["strongbox-1"],
              "cheyenne": ["jewel-2", "purse-10"]},
        purse_values={"purse-9": 400, "purse-10": 250},
        round=4,
    )
    state.shots = [2, 1]
    state.bullets_received = [1, 2, 0, 1]
    run_round_end(state)
    result = RULES.result(state)
    assert result is not None
    check_sheets(result)
    mine, theirs = result.sheets
    assert [terms(mine)[t][0] for t in ("purses", "jewels", "strongboxes", "gunslinger")] == [
        400, 500, 0, 1000]
    assert [terms(theirs)[t][0] for t in ("purses", "jewels", "strongboxes", "gunslinger")] == [
        250, 500, 1000, 0]
    assert (figures(mine)["bullets-received"], figures(theirs)["bullets-received"]) == (
        (3, "§7"), (1, "§7"))
