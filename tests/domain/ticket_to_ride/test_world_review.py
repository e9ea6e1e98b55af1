"""Rails & Sails World rules the second review found without a handcrafted test
(rules.md §3.1 blind wilds and a turn left with one pick, §3.2.6 the Indian Ocean star,
§3.5 a short or empty ticket deck, §4 the first trigger only)."""

from __future__ import annotations

from domain.kernel.errors import RuleViolation
from domain.ticket_to_ride.commands import (
    BuildHarbor,
    ClaimRoute,
    Command,
    DrawBlind,
    DrawCard,
    DrawTickets,
)
from domain.ticket_to_ride.events import BlindDrawn, TicketsDrawn
from domain.ticket_to_ride.final import final_scores
from domain.ticket_to_ride.mapfile import TRAINS
from domain.ticket_to_ride.state import GameState

from .handmade import play
from .world import BOARD, RULES, SEED, playing, route

SHIPS = 2


def _refused(state: GameState, command: Command) -> str:
    try:
        RULES.decide(state, 0, command, SEED)
    except RuleViolation as refused:
        return refused.code
    raise AssertionError(f"{command} was accepted")


def _commands(state: GameState) -> list[Command]:
    return [m.command for m in RULES.legal_moves(state, 0)]


def test_a_blind_wild_from_the_train_deck_is_one_ordinary_card_and_a_second_follows() -> None:
    state = playing(2)
    state.deck.append(BOARD.card_at["wild"])  # the top of the train deck
    events, after = play(state, 0, DrawBlind("train"))
    assert events == [BlindDrawn(0, "train", "wild", False)]
    assert after.current == 0 and after.pending is not None  # the second card follows
    events, after = play(after, 0, DrawBlind("train"))
    assert after.current == 1


def test_a_first_pick_leaving_no_legal_second_pick_ends_the_draw_with_one_card() -> None:
    state = playing(2)
    wild = BOARD.card_at["wild"]
    state.display = [wild, wild, -1, -1, -1, -1]
    state.deck, state.discard = [BOARD.card_at["red"]], [0] * len(state.discard)
    for pile in state.piles:
        pile.draw, pile.discard = [], [0] * len(pile.discard)
    hand = sum(state.players[0].hand)
    assert DrawCard(0) in _commands(state)  # a pile has a card: the action may be chosen
    _, after = play(state, 0, DrawBlind("train"))
    # no pile to draw from, only face-up wilds left: the turn ends with one card
    assert after.current == 1 and sum(after.players[0].hand) == hand + 1
    assert after.display == [wild, wild, -1, -1, -1, -1]


def test_the_indian_ocean_star_links_cape_town_and_perth_and_takes_no_harbor() -> None:
    state = playing(2, wild=4, red_ship=2, red_anchor=2)
    rio_perth = next(t for t, cities in enumerate(BOARD.ticket_cities)
                     if [BOARD.city_ids[c] for c in cities] == ["rio-de-janeiro", "perth"])
    state.players[0].tickets = [rio_perth]
    state.players[1].tickets = []
    for r in (route("rio-de-janeiro", "cape-town", "black"),
              route("cape-town", "indian-ocean-star", "red"),
              route("indian-ocean-star", "perth", "white")):
        state.route_owner[r] = 0
        state.players[0].routes.append(r)
    scores, _ = final_scores(BOARD, state)
    assert scores[0].completed == (True,) and scores[0].tickets == 17
    star = BOARD.city_ids.index("indian-ocean-star")
    assert _refused(state, BuildHarbor(star, {"wild": 4})) == "not-a-port"
    assert not any(isinstance(c, BuildHarbor) and c.city == star for c in _commands(state))
    # each of its tracks scores 10 when claimed (length 5)
    state.players[0].hand[BOARD.card_at["red-double-ship"]] = 3
    claim = ClaimRoute(route("cape-town", "indian-ocean-star", "green"),
                       cards={"red-double-ship": 3})
    assert _refused(state, claim) == "double-route-closed"  # 2 players: one track of a pair
    state = playing(2, green_double_ship=3)
    events, _ = play(state, 0, ClaimRoute(route("cape-town", "indian-ocean-star", "green"),
                                          cards={"green-double-ship": 3}))
    assert events[0].points == 10  # type: ignore[union-attr]


def test_a_ticket_draw_takes_what_is_left_and_an_empty_ticket_deck_forbids_it() -> None:
    state = playing(2)
    state.ticket_pile = state.ticket_pile[-2:]
    events, after = play(state, 0, DrawTickets())
    drawn = events[0]
    assert isinstance(drawn, TicketsDrawn) and len(drawn.tickets or ()) == 2
    assert after.ticket_pile == []
    state.ticket_pile = []
    assert DrawTickets() not in _commands(state)
    assert _refused(state, DrawTickets()) == "no-tickets"


def test_only_the_first_end_trigger_counts() -> None:
    state = playing(2)
    one = route("hong-kong", "manila")  # purple sea, 1 space
    for seat in (0, 1):
        state.players[seat].pieces[TRAINS] = 3
        state.players[seat].pieces[SHIPS] = 4
        state.players[seat].hand[BOARD.card_at["purple-ship"]] = 1
    _, state = play(state, 0, ClaimRoute(one, cards={"purple-ship": 1}))
    assert state.turns_left == 4 and state.current == 1
    other = route("darwin", "perth")  # red rail, 2 spaces
    state.players[1].hand[BOARD.card_at["red"]] = 2
    _, state = play(state, 1, ClaimRoute(other, cards={"red": 2}))
    assert state.turns_left == 3  # counting down, not restarted by seat 1's trigger
