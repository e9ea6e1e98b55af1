"""The bot client tells a rule's ``409`` (its command refused: stop) from a ``409`` that
says the game moved or is not where the command applies (look again)."""

from __future__ import annotations

from pathlib import Path

from litestar.testing import TestClient

from service.api.app import create_app
from service.bot_client import by_the_rules
from service.settings import Settings
from tests.api.players import open_table, test_kinds


def test_a_rules_conflict_is_told_from_a_game_that_moved(tmp_path: Path) -> None:
    settings = Settings(store=f"sqlite:///{tmp_path / 'games.db'}")
    with TestClient(create_app(settings, kinds=test_kinds())) as client:
        table = open_table(client, "toy", 2)
        refused = table.command(1, {"type": "draw-card"})  # seat 0 acts first
        assert refused.status_code == 409 and by_the_rules(refused)
        waiting = client.post("/games", json={"kind": "toy", "seats": 2}).json()
        host = {"Authorization": f"Bearer {waiting['host_token']}"}
        early = client.post(f"/games/{waiting['id']}/start", headers=host)
        assert early.status_code == 409 and early.json()["code"] == "seats-empty"
        assert not by_the_rules(early)
