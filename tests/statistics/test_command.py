"""``roundhouse statistics``: brings the figures up to date, rebuilds them, names held games."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from domain.kernel.protocol import Setup
from service.cli import main
from service.statistics.runner import StatisticsRunner
from service.statistics.view import Filter
from service.store.games import GameStore
from tests.api.players import test_kinds
from tests.statistics.games import finished_game


def test_the_command_counts_rebuilds_and_names_the_games_held_apart(
    tmp_path: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    url = f"sqlite:///{tmp_path / 'games.db'}"
    store = GameStore(url, test_kinds())
    chooser = random.Random(291)
    finished_game(store, "colt-express", Setup(seats=3), chooser)
    toy = finished_game(store, "toy", Setup(seats=2), chooser)  # not hosted by the command
    last = store.recorder.max_notification_id()
    store.close()

    assert main(["statistics", "--store", url]) == 0
    out, err = capsys.readouterr()
    assert out.startswith(f"statistics v1: 1 games counted, up to record {last} of the log\n")
    assert f"held apart: game {toy}: record " in err
    assert "the kind 'toy' is not hosted here" in err

    assert main(["statistics", "--store", url, "--rebuild", "--batch", "7"]) == 0
    out, _ = capsys.readouterr()
    assert f"1 games counted, up to record {last} of the log" in out
    assert f"projected {last} records in " in out

    reopened = GameStore(url, test_kinds())
    view = StatisticsRunner(reopened).view
    assert view.totals(Filter("colt-express"))["games"].n == 1
    assert [held.game_id for held in view.held()] == [toy]
    reopened.close()


def test_the_command_refuses_a_store_that_does_not_exist(
    tmp_path: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["statistics", "--store", f"sqlite:///{tmp_path / 'none.db'}"]) == 2
    assert "there is no store at" in capsys.readouterr().err
    assert not (tmp_path / "none.db").exists()
