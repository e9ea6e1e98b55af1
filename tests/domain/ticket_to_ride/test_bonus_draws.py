"""Bonus draws (Northern Lights ``rules.md`` §3.2 "Bonus +X routes", §1, §6): right after
claiming a route with the "+X" icon the player draws X train cards blind from the top of
the pile, never the display, scoring nothing for them; a short pile reshuffles the
discards (the payment just made among them), and with still too few the player takes
what there is (never on this map: every "+X" route is at least X spaces long and its
payment is in the discards before the draw). The draw is part of the claiming turn,
after the payment is discarded and before any empty display slot is refilled
(Resolved). The cards drawn are the drawer's alone to see.

The feature is `domain.ticket_to_ride.features.bonus_draws`.
"""

from __future__ import annotations

import msgspec

from domain.ticket_to_ride import RULES
from domain.ticket_to_ride.board import FERRY
from domain.ticket_to_ride.commands import ClaimRoute
from domain.ticket_to_ride.events import BonusCardsDrawn, DisplayRefilled, RouteClaimed

from .handmade import SEED, play
from .map_states import NL

BOARD = NL.board
#: Mo i Rana-Narvik: a ferry of 4 spaces, 2 symbols, "+2"
MO_I_RANA_NARVIK = NL.tracks("mo-i-rana", "narvik")[0]
#: Trondheim-Mo i Rana: a ferry of 5 spaces, 2 symbols, "+3"
TRONDHEIM_MO_I_RANA = NL.tracks("trondheim", "mo-i-rana")[0]
ALBORG_OSLO = NL.route("alborg", "oslo")


def test_the_plus_x_routes_are_ferries_both_tracks_of_a_double_carrying_the_icon() -> None:
    """§1, §3.2: 18 "+X" tracks, X from 1 to 3, all ferries, both tracks of each double
    route marked alike; Honningsvåg-Murmansk among them. Each is at least X spaces long,
    so its payment alone can always feed the draw."""
    marked = [r for r in range(len(BOARD.route_a)) if BOARD.route_bonus[r]]
    assert len(marked) == 18 and {BOARD.route_bonus[r] for r in marked} == {1, 2, 3}
    assert all(BOARD.route_length[r] >= BOARD.route_bonus[r] for r in marked)
    assert all(BOARD.route_kind[r] == FERRY for r in marked)
    assert all(BOARD.route_bonus[t] == BOARD.route_bonus[r]
               for r in marked for t in BOARD.route_tracks[r])
    assert all(BOARD.route_bonus[t] for t in NL.tracks("honningsvag", "murmansk"))
    assert (BOARD.route_bonus[MO_I_RANA_NARVIK], BOARD.route_bonus[TRONDHEIM_MO_I_RANA]) == (2, 3)


def test_a_plus_x_claim_draws_x_cards_blind_from_the_top_and_ends_the_turn() -> None:
    """"+2": the pile's two top cards go to the hand, the display stays as it is, the
    route scores its 7 points and nothing more, and the turn passes."""
    state = NL.state(hands=[NL.hand(locomotive=2, blue=2), NL.hand()],
                     deck=["white", "yellow", "orange"])
    display = list(state.display)
    events, after = play(state, 0, ClaimRoute(MO_I_RANA_NARVIK, "blue", 2))
    assert events == [RouteClaimed(0, MO_I_RANA_NARVIK, "blue", 2, 4, 7),
                      BonusCardsDrawn(0, MO_I_RANA_NARVIK, ["orange", "yellow"], 2)]
    assert after.players[0].hand == NL.hand(orange=1, yellow=1)
    assert after.deck == NL.cards("white") and after.display == display
    assert after.players[0].score == 7 and after.current == 1


def test_a_route_without_the_icon_draws_nothing() -> None:
    state = NL.state(hands=[NL.hand(red=4), NL.hand()], deck=["green"])
    events, after = play(state, 0, ClaimRoute(ALBORG_OSLO, cards={"red": 4}))
    assert [type(e) for e in events] == [RouteClaimed] and after.deck == NL.cards("green")
    assert after.current == 1


def test_a_short_pile_reshuffles_the_discards_with_the_payment_just_made() -> None:
    state = NL.state(hands=[NL.hand(locomotive=2, blue=2), NL.hand()], deck=["green"],
                     discard=["red", "red"])
    events, after = play(state, 0, ClaimRoute(MO_I_RANA_NARVIK, "blue", 2))
    bonus = events[1]
    assert isinstance(bonus, BonusCardsDrawn) and bonus.count == 2
    assert bonus.cards is not None and bonus.cards[0] == "green"
    (shuffle,) = bonus.shuffles
    assert sorted(shuffle.before) == sorted(["red", "red", "blue", "blue",
                                             "locomotive", "locomotive"])
    assert bonus.cards[1] == shuffle.after[-1]  # the new pile's top
    assert sum(after.players[0].hand) == 2 and len(after.deck) == 5
    assert sum(after.discard) == 0 and after.draws == shuffle.draw + 1


def test_with_pile_and_discards_empty_the_bonus_draw_takes_the_payment_back() -> None:
    """The payment is discarded before the draw, so it is what the reshuffle finds."""
    state = NL.state(hands=[NL.hand(locomotive=1, red=2, blue=2), NL.hand()])
    events, after = play(state, 0, ClaimRoute(
        MO_I_RANA_NARVIK, cards={"locomotive": 1, "red": 2, "blue": 2}))
    bonus = events[1]
    assert isinstance(bonus, BonusCardsDrawn) and bonus.count == 2
    assert sorted(bonus.shuffles[0].before) == ["blue", "blue", "locomotive", "red", "red"]
    assert sum(after.players[0].hand) == 2 and len(after.deck) == 3


def test_a_bonus_draw_takes_what_there_is_then_the_display_is_refilled() -> None:
    """"+3" with a pile of 1 and the 5 cards paid: all 3 drawn, then (Resolved) the empty
    display slots are refilled from what is left, after the bonus draw."""
    state = NL.state(hands=[NL.hand(locomotive=2, yellow=3), NL.hand()], deck=["green"],
                     display=["red", None, "blue", None, "white"])
    events, after = play(state, 0, ClaimRoute(TRONDHEIM_MO_I_RANA, "yellow", 2))
    claimed, bonus, refilled = events
    assert isinstance(claimed, RouteClaimed) and claimed.cards == 5
    assert isinstance(bonus, BonusCardsDrawn) and bonus.count == 3
    assert isinstance(refilled, DisplayRefilled)
    assert NL.names(after.display)[::2] == ["red", "blue", "white"] and -1 not in after.display
    assert sum(after.players[0].hand) == 3 and len(after.deck) == 1
    assert sum(after.discard) == 0


def test_the_cards_of_a_bonus_draw_are_hidden_from_the_other_seats() -> None:
    """Only the drawer sees them; what others see does not depend on which they were."""
    state = NL.state(3, hands=[NL.hand(locomotive=2, blue=2), NL.hand(), NL.hand()],
                     deck=["green", "red", "orange"], discard=["white"])
    events = RULES.decide(state, 0, ClaimRoute(MO_I_RANA_NARVIK, "blue", 2), SEED)
    bonus = events[1]
    assert isinstance(bonus, BonusCardsDrawn)
    assert RULES.redact(bonus, 0) == bonus
    for viewer in (None, 1, 2):
        seen = RULES.redact(bonus, viewer)
        assert isinstance(seen, BonusCardsDrawn) and seen.cards is None and seen.count == 2
        assert b"orange" not in msgspec.json.encode(seen)
    twin = NL.state(3, hands=[NL.hand(locomotive=2, blue=2), NL.hand(), NL.hand()],
                    deck=["green", "yellow", "purple"], discard=["white"])
    again = RULES.decide(twin, 0, ClaimRoute(MO_I_RANA_NARVIK, "blue", 2), SEED)
    for viewer in (None, 1, 2):
        assert [RULES.redact(e, viewer) for e in events] == [
            RULES.redact(e, viewer) for e in again]
