"""`roundhouse bot`: a reference bot playing one seat over the public HTTP API.

It uses nothing a third-party client would not have, so it doubles as the
example client for bot authors (see ``docs/bots.md``):

1. ``GET /games/{id}`` for the kind, then ``GET /games/{id}/material`` once
   (the board, routes, tickets or characters the views' indices point into).
2. ``GET /games/{id}/me`` with the seat's bearer token: the private view and
   the legal moves. When the seat is to act, the bot (`bots.choose`) picks one
   of the listed commands and it is posted to ``/games/{id}/commands`` with
   ``If-Match: "<version>"`` (refused with 412 if the game moved on) and an
   ``Idempotency-Key`` naming this decision, so a retry after a lost answer
   records nothing twice.
3. Otherwise it waits for the game to move: it follows
   ``/games/{id}/stream`` (Server-Sent Events; it reconnects with
   ``Last-Event-ID``), or with ``--poll`` asks ``GET /games/{id}`` with
   ``If-None-Match: "<version>"`` until the answer is no longer 304.
4. It stops when the game has finished and prints the result.

Retries: 409 and 412 mean the game changed under the decision, so the view is
read again and the bot decides anew (but a 409 of the rules, ``urn:roundhouse:rule:...``,
refuses the command itself); 429 and 503 wait for ``Retry-After``;
network errors and other 5xx are retried with the same request (same
``Idempotency-Key``) after a growing pause. Any other refusal is an error:
the bot only sends listed commands, so the server refusing one is a bug
worth stopping for.
"""

from __future__ import annotations

import argparse
import random
import secrets
import sys
import time
from collections.abc import Callable, Iterator
from typing import Any

import httpx
from httpx_sse import SSEError, connect_sse

import bots

#: network errors and 5xx answers tried again per request before giving up
ATTEMPTS = 6
#: pause after the first failed attempt, doubled each time up to `MAX_PAUSE`
FIRST_PAUSE = 0.2
MAX_PAUSE = 5.0
#: decisions in a row overtaken by the game (409/412) before giving up
OVERTAKEN_MAX = 50
#: a stream read waits this long for a byte (the server sends heartbeats more often)
STREAM_READ_SECONDS = 60.0
#: the option naming the seat's token (`service.cli` reads its value as it is)
TOKEN_OPTION = "--token"


class BotError(Exception):
    """The bot cannot go on (bad token, unknown game, a command refused...)."""


class BotClient:
    """One seat of one game, played by a reference bot over HTTP."""

    def __init__(
        self,
        http: httpx.Client,
        game: str,
        token: str,
        strategy: str = "greedy",
        rng: random.Random | None = None,
        poll_seconds: float | None = None,
        say: Callable[[str], None] | None = None,
    ) -> None:
        self.http = http
        self.game = game
        self.auth = {"Authorization": f"Bearer {token}"}
        self.strategy = strategy
        self.rng = rng or random.Random()
        self.poll_seconds = poll_seconds
        self.say = say or (lambda line: None)
        #: names this run's decisions in Idempotency-Keys (a new run decides anew)
        self.run_id = secrets.token_hex(8)
        self.decisions = 0
        self._feed: Iterator[int | None] | None = None

    # --- requests -------------------------------------------------------------

    def _send(self, method: str, path: str, **options: Any) -> httpx.Response:
        """One request, retried on network errors, 5xx and 429 (same request each time)."""
        pause = FIRST_PAUSE
        for attempt in range(ATTEMPTS):
            try:
                response = self.http.request(method, path, **options)
            except httpx.TransportError as error:
                problem = f"{type(error).__name__}: {error}"
            else:
                if response.status_code < 500 and response.status_code != 429:
                    return response
                problem = f"{response.status_code} {response.text[:200]}"
                if "Retry-After" in response.headers:
                    pause = max(pause, _seconds(response.headers["Retry-After"]))
            if attempt + 1 < ATTEMPTS:
                self.say(f"{method} {path}: {problem}; again in {pause:.1f} s")
                time.sleep(pause)
                pause = min(2 * pause, MAX_PAUSE)
        raise BotError(f"{method} {path} failed {ATTEMPTS} times, last: {problem}")

    def _json(self, method: str, path: str, **options: Any) -> Any:
        response = self._send(method, path, **options)
        if response.status_code != 200:
            raise BotError(f"{method} {path}: {response.status_code} {response.text[:300]}")
        return response.json()

    # --- the game -------------------------------------------------------------

    def play(self) -> dict[str, Any]:
        """Play the seat until the game ends; returns the final public view."""
        public = self._json("GET", f"/games/{self.game}")
        kind = public["kind"]
        material = self._json("GET", f"/games/{self.game}/material")["material"]
        bots.bot_for(kind, self.strategy)  # an unknown kind or strategy fails before any move
        overtaken = 0
        try:
            while True:
                me = self._json("GET", f"/games/{self.game}/me", headers=self.auth)
                if me["status"] == "finished":
                    final: dict[str, Any] = self._json("GET", f"/games/{self.game}")
                    return final
                if me["status"] == "active" and me["seat"] in me["to_act"] and me["legal_moves"]:
                    command = bots.choose(kind, self.strategy, me["view"], me["legal_moves"],
                                          material, self.rng)
                    if self._post(command, me["version"]):
                        overtaken = 0
                        continue
                    overtaken += 1
                    if overtaken >= OVERTAKEN_MAX:
                        raise BotError(f"overtaken {overtaken} times in a row; giving up")
                    continue
                self._wait(me["version"])
        finally:
            self._close_feed()

    def _post(self, command: dict[str, Any], version: int) -> bool:
        """Send `command` decided at `version`; False when the game moved on first.

        The Idempotency-Key names this decision: the retries of `_send` repeat it,
        a new decision (even at the same version) gets a new one.
        """
        self.decisions += 1
        response = self._send(
            "POST",
            f"/games/{self.game}/commands",
            json=command,
            headers={
                **self.auth,
                "If-Match": f'"{version}"',
                "Idempotency-Key": f"{self.run_id}-{self.decisions}",
            },
        )
        if response.status_code == 200:
            self.say(f"v{version}: {command['type']} -> v{response.json()['version']}")
            return True
        if response.status_code in (409, 412) and not by_the_rules(response):
            self.say(f"v{version}: {command['type']} overtaken ({response.status_code} "
                     f"{_code(response)}); looking again")
            return False
        raise BotError(f"the server refused {command}: {response.status_code} {response.text}")

    # --- waiting for the game to move -------------------------------------------

    def _wait(self, version: int) -> None:
        """Return once the game has moved past `version` (or the stream has ended)."""
        if self.poll_seconds is not None:
            self._poll(version)
            return
        if self._feed is None:
            self._feed = self._versions(version)
        for seen in self._feed:
            if seen is None or seen > version:
                return

    def _poll(self, version: int) -> None:
        assert self.poll_seconds is not None
        while True:
            response = self._send("GET", f"/games/{self.game}",
                                  headers={"If-None-Match": f'"{version}"'})
            if response.status_code == 200:
                return
            if response.status_code != 304:
                raise BotError(f"GET /games/{self.game}: {response.status_code} {response.text}")
            time.sleep(self.poll_seconds)

    def _versions(self, after: int) -> Iterator[int | None]:
        """The versions of the records the stream sends, then None each time it ends
        (after the game's last record, or its lifetime); it reconnects after the last seen,
        pausing first when the connection brought nothing (never a busy loop)."""
        last = after
        pause = FIRST_PAUSE
        timeout = httpx.Timeout(self.http.timeout.connect, read=STREAM_READ_SECONDS)
        while True:
            seen = last
            try:
                with connect_sse(
                    self.http, "GET", f"/games/{self.game}/stream",
                    headers={**self.auth, "Last-Event-ID": str(last)}, timeout=timeout,
                ) as source:
                    if source.response.status_code == 204:  # finished: nothing more comes
                        yield None
                        return
                    if source.response.status_code != 200:
                        source.response.read()
                        raise BotError(f"stream: {source.response.status_code} "
                                       f"{source.response.text[:300]}")
                    for message in source.iter_sse():
                        if message.event == "record" and message.id.isdigit():
                            last = int(message.id)
                            pause = FIRST_PAUSE
                            yield last
            except (httpx.TransportError, SSEError) as error:
                self.say(f"stream: {type(error).__name__}: {error}; reconnecting")
            if last == seen:
                time.sleep(pause)
                pause = min(2 * pause, MAX_PAUSE)
            yield None

    def _close_feed(self) -> None:
        if self._feed is not None:
            close = getattr(self._feed, "close", None)
            if close is not None:
                close()
            self._feed = None


def _seconds(retry_after: str) -> float:
    """A ``Retry-After`` in seconds (an HTTP date is not worth parsing here: 1 s)."""
    try:
        return min(float(retry_after), 60.0)
    except ValueError:
        return 1.0


def by_the_rules(response: httpx.Response) -> bool:
    """Whether the problem is a rule's refusal of the command (a 409 too), not a change of game."""
    try:
        return str(response.json().get("type", "")).startswith("urn:roundhouse:rule:")
    except ValueError:
        return False


def _code(response: httpx.Response) -> str:
    try:
        return str(response.json().get("code", ""))
    except ValueError:
        return ""


def _run(args: argparse.Namespace) -> int:
    """The ``roundhouse bot`` command: play the seat, print the result; the exit status."""
    def say(line: str) -> None:
        if args.verbose:
            print(line, file=sys.stderr, flush=True)

    with httpx.Client(base_url=args.url.rstrip("/"), timeout=10.0) as http:
        client = BotClient(http, args.game, args.token, args.strategy,
                           random.Random(args.seed), args.poll, say)
        try:
            final = client.play()
        except (BotError, ValueError) as error:
            print(f"roundhouse bot: {error}", file=sys.stderr)
            return 1
    result = final.get("result") or {}
    print(f"game {args.game} finished: scores {result.get('scores')}, "
          f"winners {result.get('winners')}")
    return 0


def add_bot(subparsers: Any) -> None:
    """Register ``roundhouse bot`` (see the module docstring)."""
    bot = subparsers.add_parser(
        "bot", help="play a seat of a game with a reference bot, over the HTTP API"
    )
    bot.add_argument("--url", required=True, help="the server, e.g. http://127.0.0.1:8000")
    bot.add_argument("--game", required=True, help="the game id")
    bot.add_argument(TOKEN_OPTION, required=True,
                     help="the seat's bearer token (it may begin with '-')")
    bot.add_argument("--strategy", choices=bots.STRATEGIES, default="greedy")
    bot.add_argument("--seed", type=int, help="seed of the bot's tie-breaks (default: random)")
    bot.add_argument(
        "--poll", type=float, metavar="SECONDS",
        help="poll GET /games/{id} this often instead of following its event stream",
    )
    bot.add_argument("--verbose", "-v", action="store_true", help="log each move to stderr")
    bot.set_defaults(run=_run)
