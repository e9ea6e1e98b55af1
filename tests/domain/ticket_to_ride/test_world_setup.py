"""Rails & Sails World's components and setup as its map file states them, and the rules that
are only its numbers (rules.md §1, §2.2-§2.5, §3.2.8, §3.5): the board, the two decks,
the tickets and tours in one deck, the pieces, what the map lacks, the deal, the ticket
draws, the double routes by player count, and the board as drawn.

The setup's unkept tickets going under the ticket pile is the rules version's business
(``test_versions.py``)."""

from __future__ import annotations

from collections import Counter
from xml.etree import ElementTree

import pytest

from domain.kernel.protocol import Setup
from domain.kernel.rng import Seed
from domain.ticket_to_ride.board import SEA
from domain.ticket_to_ride.commands import ChooseTickets, ClaimRoute, DrawTickets, KeepTickets
from domain.ticket_to_ride.events import TicketsDrawn
from domain.ticket_to_ride.picture import MAP_WIDTH

from .handmade import claim_entry, commands, give_route, play, refused
from .world import BOARD, RULES, card, city, opened, playing, route

COLOURS = ["purple", "yellow", "green", "red", "black", "white"]
INLAND = {"winnipeg", "mexico", "moskva", "novosibirsk", "tehran", "lahore", "yakutsk",
          "beijing", "djibouti"}
STAR = "indian-ocean-star"
#: how near an edge of the map area a wrapping route's last space lies
EDGE_ROOM = 40


def test_the_board_has_47_cities_the_star_and_130_tracks_of_rail_and_sea() -> None:
    assert len(BOARD.city_ids) == 48 and STAR in BOARD.city_ids
    rail = [r for r in range(len(BOARD.route_a)) if BOARD.route_kind[r] != SEA]
    sea = [r for r in range(len(BOARD.route_a)) if BOARD.route_kind[r] == SEA]
    assert (len(rail), sum(BOARD.route_length[r] for r in rail)) == (71, 158)
    assert (len(sea), sum(BOARD.route_length[r] for r in sea)) == (59, 253)
    assert max(BOARD.route_length[r] for r in rail) == 4
    assert max(BOARD.route_length[r] for r in sea) == 8
    pairs = Counter(BOARD.route_kind[group[0]] == SEA
                    for group in {BOARD.route_tracks[r] for r in range(len(BOARD.route_a))}
                    if len(group) == 2)
    assert (pairs[False], pairs[True]) == (23, 11)
    assert all(len(group) <= 2 for group in BOARD.route_tracks)


def test_the_38_ports_are_the_cities_a_sea_route_touches_the_star_none() -> None:
    ports = {BOARD.city_ids[c] for c in range(len(BOARD.city_ids)) if BOARD.city_harbor[c]}
    assert len(ports) == 38
    assert set(BOARD.city_ids) - ports == INLAND | {STAR}
    touched = {BOARD.city_ids[end] for r in range(len(BOARD.route_a))
               if BOARD.route_kind[r] == SEA for end in (BOARD.route_a[r], BOARD.route_b[r])}
    assert ports == touched - {STAR}


def test_two_decks_80_train_cards_with_the_14_wilds_and_60_ship_cards() -> None:
    assert BOARD.colours == tuple(COLOURS) and BOARD.deck_ids == ("train", "ship")
    train, ship = (Counter(names) for names in BOARD.deck_cards)
    assert sum(train.values()) == 80 and sum(ship.values()) == 60
    assert train["wild"] == 14 and BOARD.card_deck[card("wild")] == 0
    for colour in COLOURS:
        assert (train[colour], train[f"{colour}-anchor"]) == (7, 4)
        assert (ship[f"{colour}-ship"], ship[f"{colour}-double-ship"]) == (4, 6)
        assert BOARD.card_anchor[card(f"{colour}-anchor")]
        assert BOARD.card_anchor[card(f"{colour}-ship")]
        assert not BOARD.card_anchor[card(colour)]
        assert not BOARD.card_anchor[card(f"{colour}-double-ship")]
        assert BOARD.card_ships[card(f"{colour}-ship")] == 1
        assert BOARD.card_ships[card(f"{colour}-double-ship")] == 2
    assert not BOARD.card_anchor[card("wild")]
    # no blue or orange cards, nor routes
    assert {BOARD.route_colour[r] for r in range(len(BOARD.route_a))} == {-1, *range(6)}


def test_65_tickets_in_one_deck_57_regular_and_8_tours() -> None:
    rules = playing().rules
    assert rules.long_tickets == () and len(rules.regular_tickets) == 65
    tours = [t for t in rules.regular_tickets if BOARD.ticket_penalty[t] is not None]
    regular = [t for t in rules.regular_tickets if BOARD.ticket_penalty[t] is None]
    assert len(tours) == 8 and len(regular) == 57
    assert all(len(BOARD.ticket_cities[t]) == 2 and 5 <= BOARD.ticket_points[t] <= 25
               for t in regular)
    assert all(3 <= len(BOARD.ticket_cities[t]) <= 5 for t in tours)


def test_each_player_owns_25_trains_50_ships_3_harbors_and_nothing_else_of_other_maps() -> None:
    features = playing().rules.features
    assert features.piece_split is not None and features.harbors is not None
    assert features.piece_split.box == {"trains": 25, "ships": 50}
    assert (features.piece_split.supply, features.harbors.pieces) == (60, 3)
    # no longest-route bonus, no most-tickets bonus, no stations, tunnels or ferries
    assert (features.longest_path, features.stations, features.tunnels, features.ferries) == (
        None, None, None, None)


@pytest.mark.parametrize("seats", [2, 5])
def test_the_deal_3_train_and_7_ship_cards_3_face_up_from_each_deck_5_tickets(
    seats: int
) -> None:
    state = opened(seats)
    for player in state.players:
        decks = Counter(BOARD.card_deck[c] for c, n in enumerate(player.hand) for _ in range(n))
        assert (decks[0], decks[1]) == (3, 7) and len(player.offered) == 5
    shown = Counter(BOARD.card_deck[c] for c in state.display)
    assert (shown[0], shown[1]) == (3, 3)
    assert sorted(RULES.to_act(state)) == list(range(seats))  # tickets chosen at the same time


def test_the_three_wild_reset_applies_to_the_opening_market() -> None:
    # this seed turns up three wilds from the train deck at first: all six cards go to
    # their own deck's discards, and 3 from each deck are turned up again
    state = None
    for event in RULES.start(Setup(2, "world"), Seed(bytes([65, 0]) * 16)):
        state = RULES.evolve(state, event)
    assert state is not None
    assert state.discard[card("wild")] == sum(state.discard) == 3
    assert sum(state.piles[0].discard) == 3
    shown = Counter(BOARD.card_deck[c] for c in state.display)
    assert (shown[0], shown[1]) == (3, 3) and state.display.count(card("wild")) < 3


def test_a_player_keeps_at_least_3_of_the_5_tickets_dealt() -> None:
    state = opened(2)
    offered = state.players[0].offered
    assert refused(state, 0, ChooseTickets(offered[:2])).code == "keep-more"
    keeps = {len(c.keep) for c in commands(state) if isinstance(c, ChooseTickets)}
    assert keeps == {3, 4, 5}
    play(state, 0, ChooseTickets(offered))


def test_a_ticket_draw_takes_4_keeps_at_least_1_and_takes_what_is_left() -> None:
    state = playing(ticket_pile=list(range(10)))
    events, after = play(state, 0, DrawTickets())
    drawn = after.players[0].offered
    assert len(drawn) == 4 and len(after.ticket_pile) == 6
    assert refused(after, 0, KeepTickets([])).code == "keep-more"
    play(after, 0, KeepTickets(drawn[:1]))
    state = playing(ticket_pile=[3, 4])
    events, after = play(state, 0, DrawTickets())
    assert isinstance(events[0], TicketsDrawn) and len(events[0].tickets or ()) == 2
    assert after.ticket_pile == []
    state = playing()  # an empty ticket deck: the action cannot be chosen
    assert DrawTickets() not in commands(state)
    assert refused(state, 0, DrawTickets()).code == "no-tickets"


@pytest.mark.parametrize(("seats", "second_open"), [(2, False), (3, False), (4, True),
                                                     (5, True)])
def test_a_double_route_s_second_track_opens_only_with_4_or_5_players(
    seats: int, second_open: bool
) -> None:
    first, second = BOARD.route_tracks[route("cape-town", "indian-ocean-star", "red")]
    state = playing(seats, green_double_ship=3, red_double_ship=3)
    give_route(state, 1, first)
    assert (claim_entry(state, second) is not None) == second_open
    if not second_open:
        claim = ClaimRoute(second, cards={"green-double-ship": 3})
        assert refused(state, 0, claim).code == "double-route-closed"
    # never both tracks to one player
    state = playing(seats, green_double_ship=3, red_double_ship=3)
    give_route(state, 0, first)
    assert claim_entry(state, second) is None


def test_the_picture_tells_sea_from_rail_and_shows_doubled_spaces_harbors_and_wraps() -> None:
    state = playing()
    state.harbor_owner[city("athina")] = 1
    drawn = ElementTree.fromstring(RULES.board_svg(state))
    groups = [g for g in drawn.iter() if "data-route" in g.attrib]
    sea = [g for g in groups if g.attrib.get("data-kind") == "sea"]
    assert {int(g.attrib["data-route"]) for g in sea} == {
        r for r in range(len(BOARD.route_a)) if BOARD.route_kind[r] == SEA}
    spaces = {e.tag.rsplit("}", 1)[-1] for g in sea for e in g
              if e.tag.endswith(("ellipse", "polygon"))}
    assert spaces == {"ellipse"}  # ovals; rail spaces are polygons
    doubled = {int(g.attrib["data-route"]) for g in groups
               if any(e.attrib.get("class") == "doubled" for e in g)}
    assert doubled == {r for r in range(len(BOARD.route_a)) if BOARD.route_doubled[r]}
    # a route off the side edge leaves the map area at one edge and comes in at the
    # other: one group whose spaces all lie inside the map area, some near each edge
    wrapped = [g for g in groups if "wraps" in g.attrib["class"]]
    assert wrapped
    for group in wrapped:
        xs = [float(x) for e in group for x in _xs(e)]
        assert 0 < min(xs) < EDGE_ROOM and MAP_WIDTH - EDGE_ROOM < max(xs) < MAP_WIDTH, xs
    harbors = [e for e in drawn.iter() if e.attrib.get("class") == "harbor"]
    assert [e.attrib["data-owner"] for e in harbors] == ["1"]
    ports = [e for e in drawn.iter() if e.attrib.get("class") == "port"]
    assert len(ports) == sum(BOARD.city_harbor) - 1


def _xs(drawn: ElementTree.Element) -> list[float]:
    """The x of a space's corners (a rail polygon) or ends (a sea oval, any angle)."""
    if drawn.tag.endswith("polygon"):
        return [float(p.split(",")[0]) for p in drawn.attrib["points"].split()]
    if drawn.tag.endswith("ellipse"):
        cx, rx = float(drawn.attrib["cx"]), float(drawn.attrib["rx"])
        return [cx - rx, cx + rx]
    return []
