"""The second made-up map: a file that combines features differently is a data file and
nothing else (issue 22). ``maps/crossroads.json`` (`synthetic.CROSSROADS`) brings together
Europe's stations, Amsterdam's goods, Northern Lights' "+X" bonus draws and goal cards,
and World's sea routes, harbors, tours and chosen market of a train and a ship deck, on
14 cities; no shipped map and not the synthetic map combines these.

Its rules are the features' own, with its numbers: 12 trains and 7 ships, the end at 3 or
fewer of them together and one more round, stations costing 1 then 2 cards (3 points each
left), 10 goods cards (6/2 at two players), harbors costing 4 single-ship cards of one
colour (wilds standing in) and scoring 0/10/20/25, 5 points off each of the 2 not built,
2 of its 4 goal cards in play, ties broken by goal cards won, then fewest stations built,
then most tickets completed.

Checked here: it loads through the same engine with no code of its own, random legal
games reach the end through every feature, the places where features meet (a claim that
takes a goods card and draws its bonus cards, on rail and at sea; a bonus draw on a map
of two decks; a harbor beside stations; final scoring with every term at once; the
tie-break order), and the engine refusing this file when it uses a feature without
naming it or names one it does not use."""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import msgspec
import pytest

from domain.kernel.protocol import Setup
from domain.kernel.rng import Seed
from domain.kernel.selfplay import play_random_game
from domain.ticket_to_ride.board import SEA, STATIONS, TRAINS, load_board, map_ids
from domain.ticket_to_ride.commands import BuildHarbor, ClaimRoute, DrawTickets, KeepTickets
from domain.ticket_to_ride.events import (
    BlindDrawn,
    BonusCardsDrawn,
    GameEnded,
    HarborBuilt,
    RouteClaimed,
    SlotRefilled,
    StationBuilt,
)
from domain.ticket_to_ride.final import final_scores
from domain.ticket_to_ride.mapcheck import decode_map
from domain.ticket_to_ride.mapfile import MapError
from domain.ticket_to_ride.state import GameState, Pile

from . import handmade
from .synthetic import CROSSROADS, SYNTHETIC

MADE = CROSSROADS
RULES, BOARD, ENGINE = MADE.rules, MADE.board, MADE.engine
DISPLAY = ("red", "blue", "green", "red-ship", "blue-ship")
SHIPS, HARBORS = BOARD.pieces.index("ships"), BOARD.pieces.index("harbors")
#: a rail route with goods and "+2", a sea route with goods and "+1"
DUNMORE_EMBER = MADE.route("dunmore", "ember")
KESTREL_GLOAM = MADE.route("kestrel", "gloam", "green")


def _state(seats: int = 2, **kwargs: Any) -> GameState:
    kwargs.setdefault("display", DISPLAY)
    return MADE.state(seats, **kwargs)


def _play(state: GameState, command: Any, seat: int = 0) -> tuple[list[Any], GameState]:
    return handmade.play(state, seat, command, RULES)


def _features(data: Any) -> set[str]:
    named = {name for name, value in msgspec.structs.asdict(data.features).items() if value}
    return named | {f"market:{data.rules.market.kind}"}


def test_the_map_file_is_all_the_engine_reads_and_its_combination_is_new() -> None:
    assert [m.id for m in RULES.descriptor.maps] == ["crossroads"]
    assert RULES.engines == {"crossroads": ENGINE} and ENGINE.board is BOARD
    mine = _features(BOARD.map)
    assert mine == {"stations", "goods", "bonus_draws", "goal_cards", "sea_routes", "harbors",
                    "tours", "market:chosen"}
    others = {map_id: _features(load_board(map_id).map) for map_id in map_ids()}
    others["synthetic"] = _features(SYNTHETIC.board.map)
    assert all(features != mine for features in others.values())
    # features of four shipped maps meet here
    for map_id in ("europe", "amsterdam", "northern-lights", "world"):
        assert mine & others[map_id] - {"market:one-deck"}, map_id


def test_random_games_reach_the_end_through_every_feature() -> None:
    seen: Counter[str] = Counter()
    for game in range(9):
        seats = 2 + game % 3
        state, log = play_random_game(RULES, Setup(seats, BOARD.id), Seed(bytes([game]) * 32),
                                      random.Random(game))
        for at, event in enumerate(log):
            if isinstance(event, RouteClaimed):
                seen["goods taken"] += event.goods
                seen["ships laid"] += BOARD.route_kind[event.route] == SEA
                if event.goods and isinstance(log[at + 1], BonusCardsDrawn):
                    seen["goods and a bonus draw in one claim"] += 1
            seen["bonus draws"] += isinstance(event, BonusCardsDrawn)
            seen["harbors built"] += isinstance(event, HarborBuilt)
            seen["stations built"] += isinstance(event, StationBuilt)
            seen["ship cards drawn blind"] += isinstance(event, BlindDrawn) and event.deck == "ship"
            seen["refills chosen"] += isinstance(event, SlotRefilled)
        end = log[-1]
        assert isinstance(end, GameEnded) and state.phase == "finished"
        seen[f"ended by {end.reason}"] += 1
        for seat, tickets in enumerate(end.tickets):
            account = end.scores[seat]
            assert set(account.bonuses) == {"goods", "goal-cards", "harbors"}
            seen["goal cards scored"] += account.bonuses["goal-cards"] > 0
            seen["tours scored"] += sum(BOARD.ticket_penalty[t] is not None for t in tickets)
    wanted = {"goods taken", "ships laid", "goods and a bonus draw in one claim", "bonus draws",
              "harbors built", "stations built", "ship cards drawn blind", "refills chosen",
              "ended by final-round", "goal cards scored", "tours scored"}
    assert wanted <= {name for name, n in seen.items() if n}, seen


# --- where the features meet --------------------------------------------------------------


def test_a_goods_route_with_a_bonus_takes_a_goods_card_and_draws_its_train_cards_blind() -> None:
    state = _state(red=3, deck=["green", "blue", "yellow"])
    goods = state.goods_pile
    events, after = _play(state, ClaimRoute(DUNMORE_EMBER, cards={"red": 3}))
    claimed, bonus = events
    assert isinstance(claimed, RouteClaimed) and claimed.goods == 1 and claimed.points == 4
    assert bonus == BonusCardsDrawn(0, DUNMORE_EMBER, ["yellow", "blue"], 2)
    # the goods card is public, the bonus cards the drawer's alone
    assert (after.players[0].goods, after.goods_pile) == (1, goods - 1)
    assert RULES.public_view(after).seats[0].goods == 1
    assert RULES.redact(bonus, 1) == BonusCardsDrawn(0, DUNMORE_EMBER, None, 2)
    assert after.players[0].hand == MADE.counts(["yellow", "blue"])
    assert after.deck == [MADE.card("green")] and after.current == 1  # the turn is over


def test_a_sea_route_with_goods_and_a_bonus_is_paid_with_ship_cards_and_draws_train_cards() -> (
    None
):
    state = _state(green_double_ship=2, deck=["red", "black"])
    ships = state.players[0].pieces[SHIPS]
    events, after = _play(state, ClaimRoute(KESTREL_GLOAM, cards={"green-double-ship": 2}))
    assert [type(e) for e in events] == [RouteClaimed, BonusCardsDrawn]
    assert events[0].goods == 1  # type: ignore[union-attr]
    assert after.players[0].pieces[SHIPS] == ships - 3
    assert after.players[0].pieces[TRAINS] == state.players[0].pieces[TRAINS]
    assert after.players[0].hand == MADE.counts(["black"])  # the train deck's top
    assert after.piles[0].discard == MADE.counts(["green-double-ship"] * 2)


def test_with_the_goods_pile_empty_the_bonus_still_comes() -> None:
    state = _state(red=3, deck=["green", "blue"])
    state.goods_pile = 0
    events, after = _play(state, ClaimRoute(DUNMORE_EMBER, cards={"red": 3}))
    assert events[0].goods == 0  # type: ignore[union-attr]
    assert events[1] == BonusCardsDrawn(0, DUNMORE_EMBER, ["blue", "green"], 2)
    assert after.players[0].goods == 0


def test_a_bonus_draw_reshuffles_the_train_discards_the_payment_included_never_ship_cards(
) -> None:
    state = _state(red=3)
    state.piles = [Pile([MADE.card("red-ship")], MADE.counts(["blue-ship"]))]
    events, after = _play(state, ClaimRoute(DUNMORE_EMBER, cards={"red": 3}))
    bonus = events[1]
    assert isinstance(bonus, BonusCardsDrawn)
    assert (bonus.cards, bonus.count) == (["red", "red"], 2)  # two of the three paid
    assert [s.before for s in bonus.shuffles] == [("red", "red", "red")]
    assert after.discard == [0] * len(BOARD.card_names) and len(after.deck) == 1
    assert after.piles[0].draw == [MADE.card("red-ship")]  # the ship deck untouched
    # a sea route paid with ship cards, the train deck and its discards empty: no card comes,
    # and none from the ship deck
    state = _state(green_double_ship=2)
    state.piles = [Pile([MADE.card("red-ship")], MADE.counts(["blue-ship"]))]
    events, after = _play(state, ClaimRoute(KESTREL_GLOAM, cards={"green-double-ship": 2}))
    assert events[1] == BonusCardsDrawn(0, KESTREL_GLOAM, [], 0)
    assert sum(after.players[0].hand) == 0 and after.current == 1


def test_a_station_does_not_qualify_a_harbor_and_a_harbor_takes_four_single_ship_cards() -> None:
    state = _state(red_ship=3, wild=1, red=4, red_double_ship=2)
    anvil = BOARD.city_ids.index("anvil")
    state.station_owner[anvil] = 0
    paid = {"red-ship": 3, "wild": 1}
    assert handmade.refused(state, 0, BuildHarbor(anvil, paid), RULES).code == "no-route-to-city"
    handmade.give_route(state, 0, MADE.route("anvil", "cinder"), rules=RULES)
    for wrong in ({"red": 4}, {"red-ship": 2, "red-double-ship": 2}, {"red-ship": 3}):
        assert handmade.refused(state, 0, BuildHarbor(anvil, wrong), RULES).code == "bad-payment"
    events, after = _play(state, BuildHarbor(anvil, paid))
    assert events == [HarborBuilt(0, anvil, paid)]
    assert after.players[0].pieces[HARBORS] == 1 and after.station_owner[anvil] == 0


def test_final_scoring_adds_every_term_at_once() -> None:
    state = _state(goals=("capitals", "frost"))
    route, city = MADE.route, BOARD.city_ids.index
    you, them = state.players
    # seat 0: Anvil-Bramble-Dunmore-Fallow-Hollow and Ember-Kestrel: 2 + 4 + 2 + 4 + 1 = 13
    handmade.claimed(state, 0, route("anvil", "bramble", "red"), route("bramble", "dunmore"),
                     route("dunmore", "fallow"), route("fallow", "hollow"),
                     route("ember", "kestrel"), rules=RULES)
    you.tickets = [0, 17, 5]  # Anvil-Dunmore 5, the tour Anvil-Dunmore-Hollow 10, Lumen-Gloam
    state.harbor_owner[city("anvil")] = 0
    you.pieces[HARBORS], you.pieces[STATIONS], you.goods = 1, 1, 2
    state.station_owner[city("nettle")] = 0
    # seat 1: Kestrel-Gloam (sea), Hollow-Nettle, Hollow-Gloam: 4 + 4 + 2 = 10
    handmade.claimed(state, 1, route("kestrel", "gloam", "red"), route("hollow", "nettle"),
                     route("hollow", "gloam"), rules=RULES)
    them.tickets, them.goods = [10], 1  # Nettle-Gloam 5
    scores, won = final_scores(ENGINE, state)
    mine, theirs = scores
    assert (mine.routes, mine.tickets, mine.station_bonus) == (13, 5 + 10 - 10, 1 * 3)
    # goods 6/2; capitals: 2 completed tickets name one (seat 1: none); frost: seat 1's two
    # routes at Gloam beat seat 0's one; the harbor at Anvil: 2 tickets name it, 1 unbuilt
    assert mine.bonuses == {"goods": 6, "goal-cards": 6, "harbors": 20 - 5}
    assert mine.total == 13 + 5 + 3 + 6 + 6 + 15
    assert (theirs.routes, theirs.tickets, theirs.station_bonus) == (10, 5, 2 * 3)
    assert theirs.bonuses == {"goods": 2, "goal-cards": 4, "harbors": 2 * -5}
    assert theirs.total == 10 + 5 + 6 + 2 + 4 - 10
    assert won == [0] and not mine.express and mine.express_bonus == 0


def test_a_station_s_borrowed_route_counts_for_a_tour_s_order_goal_cards_and_harbors() -> None:
    """A ticket a station's borrowed route completes (Europe §7.2) is completed for every
    term: the tour's in-order path may run over the borrowed route (World §5.2), and the
    harbor and the goal cards counting completed tickets count it (§5.3, NL §5.3)."""
    state = _state(goals=("capitals", "frost"))
    route, city = MADE.route, BOARD.city_ids.index
    you = state.players[0]
    you.tickets = [17]  # the tour Anvil-Dunmore-Hollow: 10 in order, 6 in another, -12
    handmade.claimed(state, 0, route("anvil", "bramble", "red"), route("bramble", "dunmore"),
                     route("fallow", "hollow"), rules=RULES)
    handmade.claimed(state, 1, route("dunmore", "fallow"), rules=RULES)
    state.station_owner[city("fallow")] = 0  # borrows Dunmore-Fallow
    you.pieces[STATIONS] -= 1
    state.harbor_owner[city("anvil")] = 0
    you.pieces[HARBORS] -= 1
    (mine, theirs), _ = final_scores(ENGINE, state)
    assert mine.completed == (True,) and mine.borrowed == (route("dunmore", "fallow"),)
    assert mine.tickets == 10  # in order over Anvil-Bramble-Dunmore-Fallow-Hollow
    # the harbor at Anvil: 1 completed ticket names it (10), 1 harbor unbuilt (-5)
    assert mine.bonuses["harbors"] == 10 - 5
    # capitals (6): seat 0's one completed ticket names capitals, seat 1 completes none; frost:
    # nobody has a route at an Arctic city
    assert mine.bonuses["goal-cards"] == 6
    assert theirs.tickets == 0


def _tie(state: GameState) -> list[int]:
    """The winners once every seat's total is made the same (by route points)."""
    scores, _ = final_scores(ENGINE, state)
    best = max(s.total for s in scores)
    for player, account in zip(state.players, scores, strict=True):
        player.score += best - account.total
    scores, won = final_scores(ENGINE, state)
    assert len({s.total for s in scores}) == 1
    return won


def test_ties_go_to_goal_cards_won_then_fewest_stations_built_then_tickets_completed() -> None:
    state = _state(goals=("short-hops", "frost"))
    route = MADE.route
    # seat 0 wins both goals with Ember-Kestrel, though it built a station and seat 1 none
    handmade.claimed(state, 0, route("ember", "kestrel"), rules=RULES)
    state.players[0].pieces[STATIONS] = 1
    handmade.claimed(state, 1, route("hollow", "gloam"), route("hollow", "nettle"), rules=RULES)
    state.players[1].tickets = [10]  # Nettle-Gloam, completed
    assert _tie(state) == [0]
    # seat 1 takes frost alone: one goal each, and seat 1 built fewer stations
    handmade.claimed(state, 1, route("fallow", "kestrel"), rules=RULES)
    assert _tie(state) == [1]
    # a station each: seat 1 completed more tickets
    state.players[1].pieces[STATIONS] = 1
    assert _tie(state) == [1]
    state.players[1].tickets = []
    assert _tie(state) == [0, 1]


def test_the_end_comes_at_3_or_fewer_trains_and_ships_then_one_more_round() -> None:
    state = _state(3, green_double_ship=2, ticket_pile=list(range(12)))
    state.players[0].pieces[TRAINS], state.players[0].pieces[SHIPS] = 1, 5
    _, state = _play(state, ClaimRoute(KESTREL_GLOAM, cards={"green-double-ship": 2}))
    assert state.turns_left == 3 and state.current == 1
    for seat in (1, 2, 0):
        assert state.phase != "finished" and state.current == seat
        _, state = _play(state, DrawTickets(), seat)
        _, state = _play(state, KeepTickets(state.players[seat].offered[:1]), seat)
    assert state.phase == "finished"


# --- the same engine refuses the file used otherwise ---------------------------------------


def _refusal(edit: Any) -> str:
    data = json.loads(MADE.path.read_bytes())
    edit(data)
    with pytest.raises(MapError) as refused:
        decode_map("maps/crossroads.json", json.dumps(data).encode())
    return str(refused.value)


@pytest.mark.parametrize(("feature", "entry"), [
    ("goods", "routes[3] (bramble-lumen)"),
    ("bonus_draws", "routes[5] (bramble-dunmore)"),
    ("sea_routes", "routes[21] (anvil-ember)"),
    ("tours", "tickets[17] (anvil-dunmore-hollow)"),
    ("harbors", "cities"),
])
def test_the_file_using_a_feature_it_does_not_name_is_refused(feature: str, entry: str) -> None:
    message = _refusal(lambda data: data["features"].pop(feature))
    assert message.startswith(f"maps/crossroads.json: {entry}: ")
    assert f"features.{feature}" in message


@pytest.mark.parametrize(("feature", "settings"), [
    ("tunnels", {"revealed": 3}),
    ("ferries", {"paid_with": "locomotives-or-pairs"}),
    ("doubled_spaces", {}),
])
def test_the_file_naming_a_feature_it_does_not_use_is_refused(
    feature: str, settings: dict[str, Any]
) -> None:
    message = _refusal(lambda data: data["features"].update(
        {feature: {**settings, "section": "crossroads rules §3"}}))
    assert message == (f"maps/crossroads.json: features.{feature}: the map has nothing this "
                       "feature plays")


def test_the_file_without_the_data_of_a_feature_it_names_is_refused() -> None:
    def no_goods_table(data: Any) -> None:
        del data["features"]["goods"]["scoring"]["4"]

    assert "features.goods: goods cards, and a place for each of 4 players" in _refusal(
        no_goods_table)
    assert "missing required field `in_play`" in _refusal(
        lambda data: data["features"]["goal_cards"].pop("in_play"))
    assert "features.harbors: harbors cost cards of known decks" in _refusal(
        lambda data: data["features"]["harbors"].update(cards={"boat": 4}))
