"""Play one game on a Roundhouse server from Python: this seat against the server's bots.

Built on the client that openapi-python-client generates from the API description
(`api-spec/openapi.json`; README.md beside this file says how), and type-checked
with it under ``mypy --strict``. It creates a game, takes seat 0, gives every other
seat to a server bot, starts the game, and then follows the seat's live stream
(``GET /games/{id}/stream``): after the records that bring it up to date, the
stream sends the seat's game (a ``game`` event, the answer of ``GET
/games/{id}/me``), whose legal moves each carry a ready command; when the seat is
to act, it sends one. The stream is Server-Sent Events (``text/event-stream``),
which a generated client can only hand over as text: httpx-sse reads the events,
and the generated models decode each event's JSON.

    python play.py --url http://127.0.0.1:8000 --setup europe-mega-europe --seats 3

prints one line per record and the final scores.
"""

from __future__ import annotations

import argparse
import json
import random
from collections.abc import Callable
from typing import Any, Final

import httpx
from httpx_sse import connect_sse
from roundhouse_client import AuthenticatedClient, Client
from roundhouse_client.api.games import (
    create_game,
    get_game,
    get_me,
    join_seat,
    seat_bot,
    start_game,
)
from roundhouse_client.api.play import send_command
from roundhouse_client.models import (
    ClaimRoute,
    ColtExpressCreatedGame,
    ColtExpressLegalMove,
    ColtExpressPrivateGame,
    ColtExpressPublicGame,
    CreateGameColtExpress2Seats,
    CreateGameColtExpress3Seats,
    CreateGameColtExpress4Seats,
    CreateGameColtExpress5Seats,
    CreateGameColtExpress6Seats,
    CreateGameColtExpressTwoPlayer2Seats,
    CreateGameTicketToRideAmsterdamStandard,
    CreateGameTicketToRideEuropeBigCities,
    CreateGameTicketToRideEuropeEuropa1912,
    CreateGameTicketToRideEuropeMegaEurope,
    CreateGameTicketToRideEuropeStandard,
    CreateGameTicketToRideNorthernLightsStandard,
    CreateGameTicketToRideWorldStandard,
    DrawTickets,
    JoinSeat,
    Problem,
    SeatBot,
    SeatToken,
    TicketToRideCreatedGame,
    TicketToRideLegalMove,
    TicketToRidePrivateGame,
    TicketToRidePublicGame,
)
from roundhouse_client.types import Unset

PrivateGame = TicketToRidePrivateGame | ColtExpressPrivateGame
LegalMove = TicketToRideLegalMove | ColtExpressLegalMove

COLT_EXPRESS = {
    2: CreateGameColtExpress2Seats, 3: CreateGameColtExpress3Seats,
    4: CreateGameColtExpress4Seats, 5: CreateGameColtExpress5Seats,
    6: CreateGameColtExpress6Seats,
}
TICKET_TO_RIDE: Final = "ticket-to-ride"

#: the games this example sets up, by name: each a `POST /games` body for a seat count
SETUPS: dict[str, Callable[[int], Any]] = {
    "europe": lambda n: CreateGameTicketToRideEuropeStandard(
        kind=TICKET_TO_RIDE, seats=n, map_="europe", variant="standard"),
    "europe-mega-europe": lambda n: CreateGameTicketToRideEuropeMegaEurope(
        kind=TICKET_TO_RIDE, seats=n, map_="europe", variant="mega-europe"),
    "europe-europa-1912": lambda n: CreateGameTicketToRideEuropeEuropa1912(
        kind=TICKET_TO_RIDE, seats=n, map_="europe", variant="europa-1912"),
    "europe-big-cities": lambda n: CreateGameTicketToRideEuropeBigCities(
        kind=TICKET_TO_RIDE, seats=n, map_="europe", variant="big-cities"),
    "amsterdam": lambda n: CreateGameTicketToRideAmsterdamStandard(
        kind=TICKET_TO_RIDE, seats=n, map_="amsterdam"),
    "world": lambda n: CreateGameTicketToRideWorldStandard(
        kind=TICKET_TO_RIDE, seats=n, map_="world"),
    "northern-lights": lambda n: CreateGameTicketToRideNorthernLightsStandard(
        kind=TICKET_TO_RIDE, seats=n, map_="northern-lights"),
    "colt-express": lambda n: COLT_EXPRESS[n](kind="colt-express", seats=n),
    "colt-express-two-player": lambda n: CreateGameColtExpressTwoPlayer2Seats(
        kind="colt-express", seats=n, variant="two-player"),
}


def answered(answer: Any, expected: type[Any] | tuple[type[Any], ...]) -> Any:
    """`answer` if it is what was `expected`; a problem (or nothing) stops the example."""
    if isinstance(answer, Problem):
        raise SystemExit(f"refused: {answer.status} {answer.code}: {answer.detail}")
    if not isinstance(answer, expected):
        raise SystemExit(f"unexpected answer: {answer!r}")
    return answer


def choose(moves: list[LegalMove], chooser: random.Random) -> LegalMove:
    """A legal move: a route when one can be claimed (games end sooner), rarely new tickets."""
    claims = [m for m in moves if isinstance(m.command, ClaimRoute)]
    others = [m for m in moves if not isinstance(m.command, DrawTickets)]
    return chooser.choice(claims or others or moves)


def private_game(data: dict[str, Any]) -> PrivateGame:
    """A seat's ``game`` event, as the generated model of its kind (its ``kind`` says which)."""
    if data["kind"] == TICKET_TO_RIDE:
        return TicketToRidePrivateGame.from_dict(data)
    return ColtExpressPrivateGame.from_dict(data)


def act(seat: AuthenticatedClient, game: PrivateGame, chooser: random.Random) -> None:
    """Send one of the seat's legal moves; if the game moved on meanwhile, ask again."""
    while game.seat in game.to_act and game.legal_moves:
        move = choose(list(game.legal_moves), chooser)
        answer = send_command.sync(game.id, client=seat, body=move.command)
        if not isinstance(answer, Problem):
            return
        game = answered(get_me.sync(game.id, client=seat),
                        (TicketToRidePrivateGame, ColtExpressPrivateGame))


def follow(url: str, seat: AuthenticatedClient, game_id: str, chooser: random.Random) -> int:
    """Follow the seat's stream, acting when it is to act, until the game ends; the records."""
    last, acted, records = 0, 0, 0
    headers = {"Authorization": f"Bearer {seat.token}"}
    with httpx.Client(base_url=url, headers=headers, timeout=60) as http:
        while True:  # a stream ends after the last record, or after its lifetime: reconnect
            with connect_sse(http, "GET", f"/games/{game_id}/stream",
                             headers={"Last-Event-ID": str(last)}) as source:
                if source.response.status_code == 204:  # finished, and every record sent
                    return records
                source.response.raise_for_status()
                for event in source.iter_sse():
                    if event.event == "record":
                        record = json.loads(event.data)
                        last, records = record["version"], records + 1
                        types = [e["type"] for e in record["events"]]
                        print(f"{last:4} {record['type']:<12} {' '.join(types)}")
                    elif event.event == "game":
                        game = private_game(json.loads(event.data))
                        if game.version > acted:
                            acted = game.version
                            act(seat, game, chooser)


def play(url: str, setup: str, seats: int, seed: int = 0) -> TicketToRidePublicGame | \
        ColtExpressPublicGame:
    """Play a game of `setup` for `seats` seats to its end; the finished game."""
    chooser = random.Random(seed)
    anyone = Client(base_url=url, raise_on_unexpected_status=True)
    created = answered(create_game.sync(client=anyone, body=SETUPS[setup](seats)),
                       (TicketToRideCreatedGame, ColtExpressCreatedGame))
    host = AuthenticatedClient(base_url=url, token=created.host_token)
    taken = answered(join_seat.sync(created.id, client=anyone, body=JoinSeat(name="example")),
                     SeatToken)
    for _ in range(seats - 1):
        answered(seat_bot.sync(created.id, client=host, body=SeatBot()), object)
    seat = AuthenticatedClient(base_url=url, token=taken.token)
    answered(start_game.sync(created.id, client=seat),
             (TicketToRidePublicGame, ColtExpressPublicGame))
    records = follow(url, seat, created.id, chooser)
    final: TicketToRidePublicGame | ColtExpressPublicGame = answered(
        get_game.sync(created.id, client=anyone),
        (TicketToRidePublicGame, ColtExpressPublicGame))
    result = final.result
    if final.status != "finished" or result is None or isinstance(result, Unset):
        raise SystemExit(f"the game did not finish: {final.status}")
    print(f"{final.kind} {setup}: {records} records, scores {result.scores}, "
          f"winners {result.winners}")
    return final


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", default="http://127.0.0.1:8000")
    parser.add_argument("--setup", choices=sorted(SETUPS), default="europe")
    parser.add_argument("--seats", type=int, default=3)
    parser.add_argument("--seed", type=int, default=0, help="the move chooser's seed")
    arguments = parser.parse_args()
    play(arguments.url, arguments.setup, arguments.seats, arguments.seed)


if __name__ == "__main__":
    main()
