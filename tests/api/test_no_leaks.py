"""No public endpoint, and no endpoint answering another seat, shows what a seat hides.

Random games are played over HTTP, and after every move the test reads what a
spectator may read (the public view, the log without a token) and what each
seat may read (its `/me`, the log with its token). Before the end:

* a string seat s has been hiding since the previous move (in its private view
  but not in the public view, then and now: a ticket, a card in hand...) never
  appears for the first time in public output, nor in what another seat reads.
  (A secret is only tracked once held across a move: a card may enter a hidden
  place in plain sight, as a bullet card given by a shot does. Nor across a move
  that deals the seat a new hand from its reshuffled cards: a Colt Express card
  played face down is turned up as the round ends and may be dealt straight back
  into its owner's hand, its name public and its whereabouts hidden again.)
* no hand a seat is dealt, and no shuffle's outcome that the rules hide (a deck
  order), shows publicly;
* no purse's value shows publicly but a starting purse's (Colt Express);
* the seed (chosen by the test, fresh each run) and the tokens never appear.

The seed is printed (pytest shows it under a failure's captured output), and
``LEAK_TEST_SEED=<seed>`` plays that run's games again: the moves are drawn from a
generator of fixed seed, so the same seed plays the same game.
"""

from __future__ import annotations

import os
import random
import secrets
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import msgspec
import pytest
from litestar.testing import TestClient

from service.api.app import create_app
from service.settings import Settings
from tests.api.live import parse
from tests.api.players import Table, open_table, play_to_end, test_kinds


def strings(node: Any) -> set[str]:
    if isinstance(node, str):
        return {node}
    if isinstance(node, dict):
        return set().union(*(strings(v) for v in node.values())) if node else set()
    if isinstance(node, list):
        return set().union(*(strings(v) for v in node)) if node else set()
    return set()


def string_counts(node: Any) -> Counter[str]:
    """How often each string occurs in `node` (a hand may hold two copies of one card)."""
    if isinstance(node, str):
        return Counter([node])
    values = node.values() if isinstance(node, dict) else node if isinstance(node, list) else []
    found: Counter[str] = Counter()
    for value in values:
        found += string_counts(value)
    return found


def string_lists(node: Any) -> set[tuple[str, ...]]:
    found: set[tuple[str, ...]] = set()
    if isinstance(node, list):
        if len(node) >= 3 and all(isinstance(v, str) for v in node):
            found.add(tuple(node))
        for value in node:
            found |= string_lists(value)
    elif isinstance(node, dict):
        for value in node.values():
            found |= string_lists(value)
    return found


def _lists_in(node: Any, pick: Callable[[dict[str, Any]], Any]) -> set[tuple[str, ...]]:
    """Every sequence of three or more that `pick` takes from a mapping in `node` (an
    event's built-ins keep a struct's tuples as tuples)."""
    found: set[tuple[str, ...]] = set()
    if isinstance(node, dict):
        picked = pick(node)
        if isinstance(picked, list | tuple) and len(picked) >= 3:
            found.add(tuple(picked))
        for value in node.values():
            found |= _lists_in(value, pick)
    elif isinstance(node, list):
        for value in node:
            found |= _lists_in(value, pick)
    return found


def shuffle_outcomes(node: Any) -> set[tuple[str, ...]]:
    """Every shuffle's order in `node`."""
    return _lists_in(node, lambda d: d["after"] if {"draw", "before", "after"} <= d.keys()
                     else None)


def dealt_hands(node: Any) -> set[tuple[str, ...]]:
    """Every hand dealt to one seat in `node` (a `hand` beside its `seat`)."""
    return _lists_in(node, lambda d: d.get("hand") if "hand" in d and "seat" in d else None)


def purses_valued(node: Any) -> dict[str, Any]:
    """Each purse that `node` shows with its value (a loot token, a token taken)."""
    found: dict[str, Any] = {}
    if isinstance(node, dict):
        purse = node.get("id", node.get("token"))
        if isinstance(purse, str) and purse.startswith("purse-") and node.get("value") is not None:
            found[purse] = node["value"]
        for value in node.values():
            found |= purses_valued(value)
    elif isinstance(node, list):
        for value in node:
            found |= purses_valued(value)
    return found


#: events that deal a seat a new hand from its reshuffled cards
DEALS = {"hand-dealt"}


def dealt_anew(records: list[dict[str, Any]], seat: int) -> bool:
    """Whether `records` deal `seat` a new hand: then every card it holds came out of a
    shuffle, and none counts as held across the move (one may be a card of its own
    turned up in the same move, as a Colt Express round ends)."""
    return any(e["type"] in DEALS and e.get("seat") == seat
               for r in records for e in r.get("events") or ())


class Watcher:
    """Reads everything after each move and checks it against each seat's secrets."""

    def __init__(self, seats: int) -> None:
        self.seats = seats
        self.ever_public: set[str] = set()
        self.read_by: list[set[str]] = [set() for _ in range(seats)]
        self.after_public = 0
        self.after_seat = [0] * seats
        self.outputs: list[Any] = []  # everything read before the end
        self.public_outputs: list[Any] = []  # what a spectator read before the end
        self.hidden_before: list[set[str]] = [set() for _ in range(seats)]
        self.held_before: list[Counter[str]] = [Counter() for _ in range(seats)]
        self.open_purses: set[str] | None = None  # the bandits' starting purses

    def __call__(self, table: Table, public: dict[str, Any]) -> None:
        if public["status"] == "finished":
            return
        private = [table.me(seat) for seat in range(self.seats)]
        spectator = table.events(None, after=self.after_public)
        self.after_public += len(spectator)
        own_records = [table.events(seat, after=self.after_seat[seat])
                       for seat in range(self.seats)]
        shown = strings(public)
        hidden_now = [strings(p["view"]) - shown for p in private]
        held = [string_counts(p["view"]) for p in private]
        # hidden before and now, and no copy of it left the seat's view meanwhile: a seat
        # that plays one of two identical cards makes that card public, not its twin
        hidden = [
            set() if dealt_anew(records, seat) else
            {s for s in now & before if held_now[s] >= held_then[s]}
            for seat, (now, before, held_now, held_then, records) in enumerate(zip(
                hidden_now, self.hidden_before, held, self.held_before, own_records,
                strict=True))
        ]
        self.hidden_before = hidden_now
        self.held_before = held

        new_public = (shown | strings(spectator)) - self.ever_public
        for seat in range(self.seats):
            leaked = new_public & hidden[seat]
            assert not leaked, f"seat {seat}'s hidden {leaked} shown publicly"
        self.ever_public |= new_public
        # a purse's value is public only for a starting purse (Colt Express): the one
        # each bandit holds at the opening
        if self.open_purses is None:
            bandits = public["view"].get("bandits") or ()
            self.open_purses = {t["id"] for b in bandits for t in b["loot"]}
        hidden_values = {purse: value for purse, value in purses_valued([public, spectator])
                         .items() if purse not in self.open_purses}
        assert not hidden_values, f"purse values {hidden_values} shown publicly"

        for viewer, records in enumerate(own_records):
            self.after_seat[viewer] += len(records)
            own = strings(private[viewer]["view"])
            read = strings(records) - own - self.ever_public
            for seat in range(self.seats):
                if seat != viewer:
                    leaked = read & hidden[seat]
                    assert not leaked, f"seat {seat}'s hidden {leaked} shown to seat {viewer}"
            self.read_by[viewer] |= strings(records)
            self.outputs.append(records)
        self.outputs += [public, spectator]
        self.public_outputs += [public, spectator]


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    """The games here take the test's seed, so that a failing game can be played again."""
    return Settings(store=f"sqlite:///{tmp_path / 'games.db'}", allow_client_seed=True)


def chosen_seed() -> str:
    """`LEAK_TEST_SEED` if set, else a fresh seed (so runs explore new games); printed."""
    seed = os.environ.get("LEAK_TEST_SEED") or secrets.token_hex(32)
    print(f"seed {seed} (LEAK_TEST_SEED={seed} plays this game again)")
    return seed


def play_watched(
    client: TestClient[Any], kind: str, seats: int, seed: str, **extra: Any
) -> tuple[Table, Watcher]:
    """A game of `kind` from `seed`, its moves from a generator of fixed seed, played to
    the end under the `Watcher`; then checks what only the whole log tells."""
    table = open_table(client, kind, seats, seed=seed, **extra)
    watcher = Watcher(seats)
    final = play_to_end(table, random.Random(f"leak-{kind}"), watch=watcher)
    assert final["seed"] == seed

    before_end = strings(watcher.outputs)
    assert final["seed"] not in before_end
    assert not set(table.tokens) & before_end
    # the deck orders the rules hide from spectators and the hands dealt (known now that
    # the whole log is public) were never shown publicly
    rules = test_kinds()[kind]
    events = [msgspec.convert(e, rules.event_type) for r in table.events() for e in r["events"]]
    everything = [msgspec.to_builtins(e) for e in events]
    public = [msgspec.to_builtins(rules.redact(e, None)) for e in events]
    hidden = shuffle_outcomes(everything) - shuffle_outcomes(public)
    assert hidden, "the game hid no shuffle"
    hidden |= dealt_hands(everything)
    assert not hidden & string_lists(watcher.public_outputs)
    return table, watcher


@pytest.mark.parametrize(("kind", "seats", "extra"), [
    ("toy", 3, {}), ("ticket-to-ride", 3, {}), ("colt-express", 3, {}),
    ("ticket-to-ride", 3, {"map": "amsterdam"}),
    ("ticket-to-ride", 4, {"map": "northern-lights"}),
    ("ticket-to-ride", 3, {"map": "world"}),
])
def test_nothing_hidden_is_shown(
    client: TestClient[Any], kind: str, seats: int, extra: dict[str, Any]
) -> None:
    play_watched(client, kind, seats, chosen_seed(), **extra)


#: a Colt Express game in which Doc's face-down Change Floor is turned up as round 1
#: ends and dealt straight back into his round 2 hand
TURNED_UP_AND_DEALT_BACK = f"{54:064x}"


def test_a_face_down_card_turned_up_as_the_round_ends_may_be_dealt_back_unseen(
    client: TestClient[Any],
) -> None:
    """The card's name is public then, and its owner holds it hidden again: the public
    output names it without telling anything the seat hides (the `Watcher` once took
    this for a leak, about one game in thirty)."""
    table, _ = play_watched(client, "colt-express", 3, TURNED_UP_AND_DEALT_BACK)
    dealt_back = []
    for record in table.events():
        events = record.get("events") or ()
        turned_up = {e["card"] for e in events if e["type"] == "card-revealed"}
        dealt_back += [(record["version"], card) for e in events if e["type"] == "hand-dealt"
                       for card in e["hand"] if card in turned_up]
    assert (47, "doc/change_floor") in dealt_back


def _shuffles(node: Any) -> Iterator[dict[str, Any]]:
    if isinstance(node, dict):
        if {"draw", "before", "after"} <= node.keys():
            yield node
        for value in node.values():
            yield from _shuffles(value)
    elif isinstance(node, list):
        for value in node:
            yield from _shuffles(value)


def _check_redacted(records: list[dict[str, Any]], viewer: int | None) -> Counter[str]:
    """The Northern Lights events `viewer` read hide what the rules hide; returns how many
    events of each type were checked."""
    # every shuffle of Ticket to Ride orders something face down: the deck, the tickets,
    # the tickets returned, the goal cards left in the box
    for shuffle in _shuffles(records):
        assert not shuffle["after"], (viewer, shuffle)
    seen: Counter[str] = Counter()
    for record in records:
        for event in record.get("events") or ():
            kind = event["type"]
            seen[kind] += 1
            mine = event.get("seat") == viewer
            if kind == "game-started":
                assert [h is not None for h in event["hands"]] == [
                    s == viewer for s in range(event["seats"])]
                assert [t is not None for t in event["offered"]] == [
                    s == viewer for s in range(event["seats"])]
                assert len(event["goal_cards"]) == 4  # the goal cards in play are public
            elif kind == "bonus-cards-drawn":
                assert (event["cards"] is not None) == mine, (viewer, event)
            elif kind == "card-drawn" and event["slot"] is None:
                assert (event["card"] is not None) == mine, (viewer, event)
            elif kind == "tickets-drawn":
                assert (event["tickets"] is not None) == mine, (viewer, event)
            elif kind in ("tickets-chosen", "tickets-kept"):
                assert (event["kept"] is not None) == mine, (viewer, event)
    return seen


def _streamed(table: Table, seat: int | None) -> list[dict[str, Any]]:
    headers = {} if seat is None else table.auth(seat)
    answer = table.client.get(f"/games/{table.id}/stream", headers=headers)
    assert answer.status_code == 200, answer.text
    return [m.record() for m in parse(iter(answer.text.splitlines())) if m.event == "record"]


@pytest.fixture
def streaming_client(tmp_path: Path) -> Iterator[TestClient[Any]]:
    settings = Settings(store=f"sqlite:///{tmp_path / 'games.db'}", stream_seconds=0.2)
    with TestClient(create_app(settings, kinds=test_kinds())) as test_client:
        yield test_client


def test_northern_lights_bonus_cards_hands_offers_and_goal_order_stay_hidden(
    streaming_client: TestClient[Any],
) -> None:
    """Over HTTP, while the game runs: the events feed and the stream as a spectator and
    as each seat, the public view, `to_act` and board.svg. Bonus cards drawn, blind
    draws, hands, tickets offered and kept show only to their seat; no shuffle's outcome
    (deck, tickets, the goal cards left in the box) shows to anyone; the picture is the
    same whoever asks for it."""
    seats = 3
    table = open_table(streaming_client, "ticket-to-ride", seats, map="northern-lights")
    seen: Counter[str] = Counter()
    moves = 0

    def watch(table: Table, public: dict[str, Any]) -> None:
        nonlocal moves, seen
        if public["status"] == "finished":
            return
        view = public["view"]
        assert all(set(s) >= {"cards", "tickets"} and "hand" not in s for s in view["seats"])
        assert "hand" not in view and "offered" not in view
        # to_act names who may move now, whatever they hold: the seat in turn in play
        if view["pending"] == "choose-tickets":
            assert view["to_act"] == [s["seat"] for s in view["seats"] if s["choosing_tickets"]]
        else:
            assert view["to_act"] == [view["current"]]
        after = public["version"] - 1 if moves else 0
        for viewer in (None, *range(seats)):
            seen.update(_check_redacted(table.events(viewer, after=after), viewer))
        if moves % 60 == 0:  # the stream, the whole log so far, and the picture
            for viewer in (None, *range(seats)):
                _check_redacted(_streamed(table, viewer), viewer)
            pictures = {table.client.get(f"/games/{table.id}/board.svg",
                                         headers=table.auth(s)).text for s in range(seats)}
            pictures.add(table.client.get(f"/games/{table.id}/board.svg").text)
            assert len(pictures) == 1
        moves += 1

    final = play_to_end(table, random.Random("northern-lights-leaks"), watch=watch)
    assert final["status"] == "finished"
    assert seen["bonus-cards-drawn"] and seen["tickets-drawn"] and seen["card-drawn"]
    # once the game has ended the whole log is public: the goal shuffle can be checked
    (started,) = [e for r in table.events(None) for e in r.get("events") or ()
                  if e["type"] == "game-started"]
    assert started["goals"]["after"][:4] == started["goal_cards"]


def _without(node: Any, *keys: str) -> Any:
    """`node` with `keys` left out of every mapping in it, however deep."""
    if isinstance(node, dict):
        return {k: _without(v, *keys) for k, v in node.items() if k not in keys}
    if isinstance(node, list):
        return [_without(v, *keys) for v in node]
    return node


def test_a_world_piece_split_stays_secret_until_every_seat_has_chosen(
    streaming_client: TestClient[Any],
) -> None:
    """Rails & Sails World over HTTP: seat 0 keeps its tickets and takes 25 trains and
    35 ships. Until the last seat has chosen, nothing anyone else reads (the public view,
    the log and the stream as a spectator or another seat, their `/me` and legal moves,
    board.svg, the statistics) tells the split; the choice shows only as who still acts, never as
    numbers; the reveal then shows every split."""
    client, seats = streaming_client, 3
    table = open_table(client, "ticket-to-ride", seats, map="world")

    def keep_tickets(seat: int) -> None:
        move = next(m for m in table.me(seat)["legal_moves"]
                    if m["command"]["type"] == "choose-tickets")
        assert table.command(seat, move["command"]).status_code == 200

    def choose(seat: int, trains: int) -> None:
        answer = table.command(seat, {"type": "choose-pieces", "trains": trains})
        assert answer.status_code == 200, answer.text

    # a split before the seat's own tickets is refused and changes nothing
    version = table.public()["version"]
    refused = table.command(0, {"type": "choose-pieces", "trains": 25})
    assert refused.status_code == 409 and refused.json()["code"] == "choose-tickets-first"
    assert table.public()["version"] == version
    for seat in range(seats):
        keep_tickets(seat)
    before = {
        "public": _without(table.public(), "version", "to_act"),
        "me": [_without(table.me(s), "version", "to_act") for s in (1, 2)],
        "picture": client.get(f"/games/{table.id}/board.svg").text,
        "statistics": _without(client.get(f"/games/{table.id}/statistics").json(),
                               "version", "last", "records", "seconds"),
    }
    choose(0, 25)
    assert table.public()["view"]["to_act"] == [1, 2]
    assert _without(table.public(), "version", "to_act") == before["public"]
    assert [_without(table.me(s), "version", "to_act") for s in (1, 2)] == before["me"]
    assert _without(client.get(f"/games/{table.id}/statistics").json(),
                    "version", "last", "records", "seconds") == before["statistics"]
    # the picture changes only where it names who acts
    assert client.get(f"/games/{table.id}/board.svg").text == before["picture"].replace(
        "seat 0, seat 1, seat 2<", "seat 1, seat 2<")
    mine = table.me(0)["view"]["public"]["seats"][0]
    for viewer in (None, 1, 2):
        for records in (table.events(viewer), _streamed(table, viewer)):
            chosen = [e for r in records for e in r.get("events") or ()
                      if e["type"] == "pieces-chosen"]
            assert chosen == [{"type": "pieces-chosen", "seat": 0, "pieces": None}], viewer
    own = [e for r in table.events(0) for e in r.get("events") or ()
           if e["type"] == "pieces-chosen"]
    assert own == [{"type": "pieces-chosen", "seat": 0,
                    "pieces": {"trains": 25, "ships": 35}}]
    assert "reserve" not in mine  # not even seat 0's own public entry shows it yet
    choose(1, 10)
    choose(2, 20)
    revealed = table.public()["view"]["seats"]
    assert [(s["trains"], s["pieces"]["ships"], s["reserve"]) for s in revealed] == [
        (25, 35, {"trains": 0, "ships": 15}), (10, 50, {"trains": 15, "ships": 0}),
        (20, 40, {"trains": 5, "ships": 10})]
