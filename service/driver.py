"""The server's own moves: bot seats and clocks that ran out, made by a thread in every API process.

A game the host gave a bot seat, or one with a clock, owes moves nobody sends:
the bot's, and the ``timeout`` or ``forfeit`` of a seat out of time
(`service.store.clocks`). The `Driver` ticks every quarter second (and at once
after an append to such a game): for each game that owes something now, it has
the store record the moves (`GameStore.play_for_table`), each chosen here
against the committed game under its write lock, like a command. Any number of
processes may drive the same game: the store's version key lets one of them
record each decision, and the clocks are derived from the records' times, so
they carry on across restarts.

It lives outside the store because it decides which command a bot plays
(`bots.seat`), which is no business of the store's.
"""

from __future__ import annotations

import logging
import random
import threading
from typing import Any

import msgspec

from bots.seat import command_for, material_data
from service.ids import unique_hex
from service.store.commands import plain
from service.store.errors import StoreError
from service.store.games import GameStore, ServerMove
from service.store.live import LiveGame
from service.store.records import Record

log = logging.getLogger(__name__)

#: most records one game gets from one `tick` (the rest wait for the next)
MOVES_PER_TICK = 200
#: every this many ticks the lobby is read again for games with clocks or bots
RESCAN_TICKS = 120
#: how many distinct setups' material the bots' reading of it is kept for
MATERIALS = 64


class Driver:
    """Ticks the store's clock and bot games, in a thread of its own once started."""

    def __init__(self, store: GameStore, interval: float = 0.25) -> None:
        self.store = store
        self.interval = interval
        #: games with a clock or a bot seat; None until read from the lobby
        self._timed: set[str] | None = None
        self._ticks = 0
        self._materials: dict[tuple[str, bytes], dict[str, Any]] = {}
        self._thread: threading.Thread | None = None
        self._stopping = threading.Event()
        self._wake = threading.Event()
        store.listeners.append(self._appended)
        store.watchers.append(self._seen)

    def tick(self) -> int:
        """Make every move the server owes now; how many records this call made."""
        self._ticks += 1
        if self._timed is None or self._ticks % RESCAN_TICKS == 0:
            self._timed = set(self.store.timed_games()) | (self._timed or set())
        made = 0
        for game_id in list(self._timed):
            owed, finished = self.store.read(game_id, self._owes, fresh=False)
            if finished:
                self._timed.discard(game_id)
            elif owed:
                made += self.store.play_for_table(game_id, self._next_move, MOVES_PER_TICK)
        return made

    def _owes(self, live: LiveGame, _: int | None) -> tuple[bool, bool]:
        """``(owes a move now, finished)``, as this process last saw the game.

        Read from memory only, so an idle tick costs no query; a game another
        process moved on is caught up with once this says yes (`play_for_table`).
        """
        if live.status != "active":
            return False, live.status == "finished"
        if any(live.strategy_for(seat) is not None for seat in live.to_act()):
            return True, False
        due = None if live.clock is None else live.clock.due()
        return due is not None and due[0] <= self.store.now(), False

    def _next_move(self, live: LiveGame) -> ServerMove | None:
        """The next record the server makes for this game now, if any (under its write lock)."""
        for seat in live.to_act():
            strategy = live.strategy_for(seat)
            if strategy is None:
                continue
            chooser = random.Random(f"{live.id}:{live.version}")
            command = command_for(live.rules, live.state, seat, strategy,
                                  self._material(live), chooser)
            events = live.rules.decide(live.state, seat, command, live.seed)
            return ServerMove(self._record(live, "bot-command", seat, "bot", plain(command),
                                           events), events)
        due = None if live.clock is None else live.clock.due()
        if due is None or due[0] > self.store.now():
            return None
        seat = due[1]
        if live.clock is not None and live.clock.rule.on_timeout == "forfeit":
            events = live.rules.forfeit(live.state, seat, live.seed)
            return ServerMove(self._record(live, "forfeit", seat, "clock", None, events), events)
        return ServerMove(self._record(live, "timeout", seat, "clock", {"then": "bot"}, []), [])

    @staticmethod
    def _record(live: LiveGame, kind: Any, seat: int, by: str, payload: dict[str, Any] | None,
                events: list[Any]) -> Record:
        return Record(game_id=live.id, version=live.version + 1, type=kind, time="", seat=seat,
                      command_id=f"{by}-{unique_hex()}", payload=payload, events=plain(events))

    def _material(self, live: LiveGame) -> dict[str, Any]:
        """The game's material as bots read it (one per distinct setup, kept)."""
        key = (live.kind, msgspec.json.encode(live.setup))
        found = self._materials.get(key)
        if found is None:
            if len(self._materials) >= MATERIALS:
                self._materials.clear()
            found = self._materials[key] = material_data(live.rules, live.setup)
        return found

    def _appended(self, game_id: str, record: Record) -> None:
        """After this process's append: a game that now owes moves is ticked at once."""
        payload = record.payload or {}
        if self._timed is not None and (
            record.type == "timeout" or (record.type == "seat-joined" and payload.get("bot"))
            or (record.type == "created" and "clock" in payload)
        ):
            self._timed.add(game_id)
        self._seen(game_id, record.version)

    def _seen(self, game_id: str, version: int) -> None:
        if self._timed is not None and game_id in self._timed:
            self._wake.set()

    def start(self) -> None:
        """Tick in a thread of its own, every `interval` seconds and after bot-bound appends."""
        if self._thread is not None:
            return

        def run() -> None:
            while not self._stopping.is_set():
                self._wake.wait(self.interval)
                self._wake.clear()
                try:
                    self.tick()
                except StoreError:
                    pass  # the store is away or full (and said so): the next tick tries again
                except Exception:
                    log.exception("the clock and bot driver failed; it goes on")

        self._stopping.clear()
        self._thread = threading.Thread(target=run, name="roundhouse-clocks", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        if self._thread is not None:
            self._stopping.set()
            self._wake.set()
            self._thread.join(timeout=10)
            self._thread = None
