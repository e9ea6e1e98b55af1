"""Independent counts of a finished game's figures, straight from its exported log.

Written apart from the statistics code on purpose: plain loops over the export's
JSON (records as dicts), counting by the *commands* each seat sent where the
statistics count events (draws, tickets, stations, harbors, exchanges, punches),
by the cards themselves where they read other fields (bullets by the bullet card,
actions by the card played rather than turned up), turns by the engine's own turn
counter, the longest path and tours by brute-force search over the seat's routes,
goal cards from the public view. Map data (ticket penalties) is read from the map
file, not the engine's tables.
"""

from __future__ import annotations

import json
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

MAPS = Path(__file__).parents[2] / "domain" / "ticket_to_ride" / "maps"
COMPONENTS = Path(__file__).parents[2] / "domain" / "colt_express" / "components.json"

#: what each map counts beyond the common figures, as the issue lists them
MAP_FIGURES = {
    "europe": {"stations-built", "tunnels-attempted", "tunnels-abandoned"},
    "amsterdam": {"goods-taken"},
    "northern-lights": {"ferries-paid-with-pairs", "ferry-pairs", "bonus-cards-drawn",
                        "goal-cards-won"},
    "world": {"ships-played", "harbors-built", "pieces-exchanged", "exchange-points",
              "tours-in-order"},
}
COMMON_FIGURES = {
    "turns", "route-points", "routes-claimed", "trains-played", "average-route-length",
    "cards-blind", "cards-face-up", "locomotives-face-up", "display-resets", "ticket-draws",
    "tickets-kept-start", "tickets-kept-later", "tickets-returned", "points", "ticket-points",
    "tickets-completed", "tickets-failed", "ticket-points-lost", "longest-path",
}
#: the figures a finished game adds to what its public log shows
END_NAMES = {"points", "ticket-points", "tickets-completed", "tickets-failed",
             "ticket-points-lost", "longest-path", "goal-cards-won", "tours-in-order",
             "dollars", "loot-dollars", "gunslinger"}


def events_of(records: list[dict[str, Any]]) -> list[tuple[dict[str, Any], dict[str, Any]]]:
    """Every (record, event) pair of the log, in order."""
    return [(record, event) for record in records for event in record.get("events", [])]


def commands_of(records: list[dict[str, Any]]) -> list[tuple[int, dict[str, Any]]]:
    """(seat, command as posted) of every command record, a bot's included."""
    return [(r["seat"], r["payload"]) for r in records
            if r["type"] in ("command", "bot-command")]


def longest_trail(edges: list[tuple[str, str, int]]) -> int:
    """The longest path using each edge at most once: every trail tried from every city."""
    best = 0

    def walk(city: str, used: frozenset[int], length: int) -> None:
        nonlocal best
        best = max(best, length)
        for i, (a, b, n) in enumerate(edges):
            if i not in used and city in (a, b):
                walk(b if city == a else a, used | {i}, length + n)

    for city in {c for a, b, _ in edges for c in (a, b)}:
        walk(city, frozenset(), 0)
    return best


def joined_in_order(cities: list[str], edges: list[tuple[str, str]]) -> bool:
    """A trail (no edge twice) meeting `cities` in order, or in reverse, exists."""

    def walk(city: str, used: frozenset[int], wanted: list[str]) -> bool:
        if wanted and city == wanted[0]:
            wanted = wanted[1:]
        if not wanted:
            return True
        return any(walk(b if city == a else a, used | {i}, wanted)
                   for i, (a, b) in enumerate(edges) if i not in used and city in (a, b))

    return any(walk(order[0], frozenset(), order[1:]) for order in (cities, cities[::-1]))


def ticket_to_ride(records: list[dict[str, Any]], material: dict[str, Any],
                   public: dict[str, Any], state: Any) -> dict[str, Any]:
    """Every figure of a finished Ticket to Ride game: ``game``, ``seats`` (figures per
    seat), ``routes``, ``completed``, ``failed`` (per seat) and ``running`` (each seat's
    route points after every record)."""
    map_id, seats = material["map"], material["seats"]
    routes = material["routes"]
    wild = material["cards"][len(material["card_colours"])]
    tickets = {t["index"]: t for t in material["tickets"]}
    printed = json.loads((MAPS / f"{map_id}.json").read_text())["tickets"]
    figures: list[Counter[str]] = [Counter() for _ in range(seats)]
    claimed: list[list[int]] = [[] for _ in range(seats)]
    for turn in range(state.turn):
        figures[(state.first + turn) % seats]["turns"] += 1
    for seat, command in commands_of(records):
        kind = command["type"]
        if kind == "draw-card":
            figures[seat]["cards-blind" if command.get("slot") is None else "cards-face-up"] += 1
        elif kind == "draw-blind":
            figures[seat]["cards-blind"] += 1
        elif kind in ("choose-tickets", "keep-tickets"):
            when = "start" if kind == "choose-tickets" else "later"
            figures[seat][f"tickets-kept-{when}"] += len(command["keep"])
            figures[seat]["tickets-returned"] -= len(command["keep"])
        else:
            simple = {"draw-tickets": "ticket-draws", "build-station": "stations-built",
                      "withdraw-tunnel": "tunnels-abandoned", "build-harbor": "harbors-built"}
            if kind in simple:
                figures[seat][simple[kind]] += 1
            if kind == "exchange-pieces":
                figures[seat]["pieces-exchanged"] += command["count"]
            if kind == "claim-route" and routes[command["route"]]["kind"] == "tunnel":
                figures[seat]["tunnels-attempted"] += 1
    running = []
    resets = 0
    for record in records:
        for event in record.get("events", []):
            kind, seat = event["type"], event.get("seat")
            if event.get("resets"):
                resets += event["resets"]
                figures[record["seat"]]["display-resets"] += event["resets"]
            if kind == "game-started":
                for s, offered in enumerate(event["offered"]):
                    figures[s]["tickets-returned"] += len(offered)
            elif kind == "tickets-drawn":
                figures[seat]["tickets-returned"] += event["count"]
            elif kind == "card-drawn" and event["slot"] is not None and event["card"] == wild:
                figures[seat]["locomotives-face-up"] += 1
            elif kind == "bonus-cards-drawn":
                figures[seat]["bonus-cards-drawn"] += len(event["cards"])
            elif kind == "pieces-exchanged":
                figures[seat]["exchange-points"] += event["points"]
                figures[seat]["route-points"] -= event["points"]
            elif kind == "route-claimed":
                route = routes[event["route"]]
                claimed[seat].append(event["route"])
                figures[seat]["routes-claimed"] += 1
                figures[seat]["route-points"] += event["points"]
                pieces = "ships-played" if route["kind"] == "sea" else "trains-played"
                figures[seat][pieces] += route["length"]
                figures[seat]["goods-taken"] += event.get("goods", 0)
                paid = sum(event["paid"].values()) if event.get("paid") else event["cards"]
                if route["kind"] == "ferry" and paid > route["length"]:
                    figures[seat]["ferries-paid-with-pairs"] += 1
                    figures[seat]["ferry-pairs"] += paid - route["length"]
        running.append([figures[s]["route-points"] for s in range(seats)])
    ended = next(e for _, e in events_of(records) if e["type"] == "game-ended")
    goals = public["view"].get("goals") or []
    completed, failed = [], []
    for seat, (score, held) in enumerate(zip(ended["scores"], ended["tickets"], strict=True)):
        done = [t for t, ok in zip(held, score["completed"], strict=True) if ok]
        missed = [t for t in held if t not in done]
        completed.append(done)
        failed.append(missed)
        own = claimed[seat]
        lengths = [sum(routes[r]["length"] for r in own)]
        figures[seat].update({
            "points": public["result"]["scores"][seat],
            "ticket-points": score["tickets"],
            "tickets-completed": len(done),
            "tickets-failed": len(missed),
            "ticket-points-lost": sum(printed[t]["penalty"] if tickets[t]["group"] == "tour"
                                      else tickets[t]["points"] for t in missed),
            "longest-path": longest_trail([(routes[r]["a"], routes[r]["b"], routes[r]["length"])
                                           for r in own]),
            "average-route-length": round(lengths[0] / len(own), 2) if own else 0.0,
            "goal-cards-won": sum(seat in g["winners"] for g in goals),
        })
        borrowed = [r for r in score["borrowed"] if r is not None]
        trail = [(routes[r]["a"], routes[r]["b"]) for r in own + borrowed]
        figures[seat]["tours-in-order"] = sum(
            1 for t in done if tickets[t]["group"] == "tour"
            and joined_in_order(tickets[t]["cities"], trail))
    names = COMMON_FIGURES | MAP_FIGURES[map_id]
    return {
        "game": {"turns": state.turn, "display-resets": resets},
        "seats": [{name: figures[s][name] for name in names} for s in range(seats)],
        "routes": claimed,
        "completed": completed,
        "failed": failed,
        "running": running,
    }


def colt_express(records: list[dict[str, Any]], public: dict[str, Any]) -> dict[str, Any]:
    """Every figure of a finished Colt Express game: ``game``, ``seats``, ``bandits``,
    ``round_events``, ``held`` (each seat's loot in dollars after every record) and
    ``rounds`` (the rounds played after every record)."""
    data = json.loads(COMPONENTS.read_text())
    started = next(e for _, e in events_of(records) if e["type"] == "game-started")
    ended = next(e for _, e in events_of(records) if e["type"] == "game-ended")
    two = started["two_player"]
    seat_of = {name: (b // 2 if two else b) for b, name in enumerate(started["characters"])}
    seats = started["seats"]
    figures: list[Counter[str]] = [Counter() for _ in range(seats)]
    for seat, command in commands_of(records):
        if command["type"] in ("play-card", "draw-cards"):
            figures[seat]["turns"] += 1
        if command["type"] == "draw-cards":
            figures[seat]["cards-drawn"] += 1
        if command["type"] == "punch":
            figures[seat]["punches-given"] += 1
            figures[seat_of[command["victim"]]]["punches-taken"] += 1

    def worth(token: str) -> int:
        kind = token.split("-")[0]
        if kind == "purse":
            return int(ended["purse_values"][token])
        return {"jewel": data["jewel_value"], "strongbox": data["strongbox_value"],
                "ransom": data["hostage_ransom"]}[kind]

    holding: dict[int, set[str]] = defaultdict(set)
    for b, name in enumerate(started["characters"]):
        holding[seat_of[name]].add(f"purse-{b + 1}")
    held, round_events, rounds = [], [], [0]
    for record in records:
        for event in record.get("events", []):
            kind = event["type"]
            if kind == "card-played":
                character, _, action = event["card"].partition("/")
                figures[seat_of[character]][f"actions-{action.replace('_', '-')}"] += 1
                if event["cover_fire"]:
                    figures[event["seat"]]["turns"] -= 1
            elif kind == "bullet-taken":
                figures[seat_of[event["bandit"]]]["bullets-received"] += 1
                if event["card"] == "bullet/neutral":
                    figures[seat_of[event["bandit"]]]["marshal-bullets"] += 1
                else:
                    figures[seat_of[event["card"].split("/")[1]]]["bullets-fired"] += 1
            elif kind in ("loot-taken", "ransom-paid"):
                seat = seat_of[event["bandit"]]
                figures[seat][f"loot-taken-{event['token'].split('-')[0]}"] += 1
                holding[seat].add(event["token"])
            elif kind == "loot-dropped":
                seat = seat_of[event["bandit"]]
                figures[seat][f"loot-lost-{event['token'].split('-')[0]}"] += 1
                holding[seat].discard(event["token"])
            elif kind == "bandit-moved" and event["cause"] == "marshal":
                figures[seat_of[event["bandit"]]]["moved-by-marshal"] += 1
            elif kind == "round-event-began":
                round_events.append(event["event"])
            elif kind == "round-ended":
                rounds[-1] += 1
        rounds.append(rounds[-1])
        held.append([sum(worth(t) for t in holding[s]) for s in range(seats)])
    actions = [a.replace("_", "-") for a in data["action_deck"]]
    kinds = ["purse", "jewel", "strongbox", "ransom"]
    names = ["turns", "cards-drawn", *(f"actions-{a}" for a in actions), "bullets-fired",
             "bullets-received", "marshal-bullets", "punches-given", "punches-taken",
             *(f"loot-taken-{k}" for k in kinds), *(f"loot-lost-{k}" for k in kinds),
             "moved-by-marshal"]
    for seat in range(seats):
        figures[seat].update({
            "dollars": public["result"]["scores"][seat],
            "loot-dollars": held[-1][seat],
            "gunslinger": int(seat in ended["gunslingers"]),
        })
    return {
        "game": {"turns": sum(f["turns"] for f in figures), "rounds": rounds[-1],
                 "round-events": len(round_events)},
        "seats": [{n: figures[s][n] for n in [*names, "dollars", "loot-dollars", "gunslinger"]}
                  for s in range(seats)],
        "bandits": [[n for n, s in seat_of.items() if s == seat] for seat in range(seats)],
        "round_events": round_events,
        "held": held,
        "rounds": rounds[:-1],
    }
