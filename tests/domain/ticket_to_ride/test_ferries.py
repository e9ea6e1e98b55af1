"""Ferries: gray routes with Locomotive symbols, on every map that has them.

* Europe ``rules.md`` §5.3: one actual Locomotive per symbol, the other spaces paid like
  a gray route; no substitute for the Locomotives (Resolved). Double ferries follow the
  double-route rule (§5.5).
* Northern Lights ``rules.md`` §3.2 "Ferries": every gray route is a ferry; each symbol a
  Locomotive or a pair of one colour, the plain spaces one colour with Locomotives wild,
  the payment exact; the trains laid and the points always the route's length (the
  rulebook's Mo i Rana-Narvik example); legal moves list the alternatives compactly.

The feature is `domain.ticket_to_ride.features.ferries`, which a map file names with the
rule its symbols are paid by (``features.ferries.paid_with``). Rails & Sails World and
Amsterdam have no ferries.
"""

from __future__ import annotations

import json
import random
from importlib import resources
from itertools import product
from typing import Any

import pytest

from domain.kernel.errors import RuleViolation
from domain.ticket_to_ride import RULES
from domain.ticket_to_ride.board import FERRY, GRAY, TRAINS, Board
from domain.ticket_to_ride.commands import ClaimRoute
from domain.ticket_to_ride.entries import Payment
from domain.ticket_to_ride.events import RouteClaimed
from domain.ticket_to_ride.mapcheck import decode_map
from domain.ticket_to_ride.mapfile import MapError

from .handmade import BOARD, SEED, claim_entry, hand, make_state, play, refused, route, tracks
from .map_states import AMS, NL, ferry_readings

#: Europe: Palermo-Smyrna, 6 spaces, 2 symbols; Athina-Smyrna, 2 spaces, 1 symbol
SMYRNA_PALERMO = route("palermo", "smyrna")
ATHINA_SMYRNA = route("athina", "smyrna")
#: Northern Lights: Mo i Rana-Narvik, 4 spaces, 2 symbols, "+2"; Ålborg-Oslo, 3 spaces,
#: 1 symbol; Helsinki-Tallinn, 1 space, 1 symbol
MO_I_RANA_NARVIK = NL.tracks("mo-i-rana", "narvik")[0]
ALBORG_OSLO = NL.route("alborg", "oslo")
HELSINKI_TALLINN = NL.tracks("helsinki", "tallinn")[0]


def _ferries(board: Board) -> list[int]:
    return [r for r in range(len(board.route_a)) if board.route_kind[r] == FERRY]


def test_ferries_are_gray_routes_with_one_or_two_locomotive_symbols() -> None:
    """Europe §5.3 and Northern Lights §3.2, §6: every ferry is gray with 1 or 2 symbols;
    on Northern Lights every gray route is a ferry (53 of them), and a 1-space ferry has
    1 symbol. World and Amsterdam have none."""
    for board in (BOARD, NL.board):
        ferries = _ferries(board)
        assert ferries and all(board.route_colour[r] == GRAY for r in ferries)
        assert all(board.route_locomotives[r] in (1, 2) for r in ferries)
        assert all(board.route_locomotives[r] == 0 for r in range(len(board.route_a))
                   if r not in ferries)
    gray = [r for r in range(len(NL.board.route_a)) if NL.board.route_colour[r] == GRAY]
    assert gray == _ferries(NL.board) and len(gray) == 53
    assert all(NL.board.route_locomotives[r] == 1 for r in gray if NL.board.route_length[r] == 1)
    assert not _ferries(RULES.engines["world"].board) and not _ferries(AMS.board)


def _map_file(map_id: str) -> dict[str, Any]:
    raw: dict[str, Any] = json.loads(
        resources.files("domain.ticket_to_ride").joinpath(f"maps/{map_id}.json").read_bytes())
    return raw


def _without_ferries() -> dict[str, Any]:
    europe = _map_file("europe")
    del europe["features"]["ferries"]
    return europe


def _ferries_without_a_ferry() -> dict[str, Any]:
    amsterdam = _map_file("amsterdam")
    amsterdam["features"]["ferries"] = {"paid_with": "locomotives", "section": "§3.B"}
    return amsterdam


def _paid_with_another_rule() -> dict[str, Any]:
    europe = _map_file("europe")
    europe["features"]["ferries"]["paid_with"] = "three-cards"
    return europe


@pytest.mark.parametrize(("data", "message"), [
    (_without_ferries(), "routes[3] (amsterdam-london): it needs the feature features.ferries"),
    (_ferries_without_a_ferry(), "features.ferries: the map has nothing this feature plays"),
    (_paid_with_another_rule(), "$.features.ferries.paid_with"),
])
def test_a_map_file_states_how_its_ferries_are_paid_or_has_none(
    data: dict[str, Any], message: str
) -> None:
    """A ferry is never paid by another map's rule by default: a ferry route needs the map
    to state ``features.ferries``, the feature needs a ferry route, and ``paid_with`` is
    one of the two rules above (Europe's Locomotives, Northern Lights' Locomotives or
    pairs)."""
    with pytest.raises(MapError) as caught:
        decode_map("map.json", json.dumps(data).encode())
    assert message in str(caught.value)
    ferries = [BOARD.map.features.ferries, NL.board.map.features.ferries]
    assert [f.paid_with for f in ferries if f] == ["locomotives", "locomotives-or-pairs"]


# --- Europe §5.3: one Locomotive per symbol -------------------------------------------------


def test_a_ferry_needs_one_locomotive_per_symbol() -> None:
    """Smyrna-Palermo: 2 Locomotives + 4 cards of one colour; 15 points for 6 spaces."""
    state = make_state(hands=[hand(green=5, locomotive=2), hand()])
    entry = claim_entry(state, SMYRNA_PALERMO)
    assert entry is not None and entry.payments == (Payment("green", 2, 2),)
    error = refused(state, 0, ClaimRoute(SMYRNA_PALERMO, "green", 1))
    assert (error.code, error.section) == ("ferry-locomotives", "§5.3")
    events, after = play(state, 0, ClaimRoute(SMYRNA_PALERMO, "green", 2))
    assert events[0] == RouteClaimed(0, SMYRNA_PALERMO, "green", 2, 6, 15)
    assert after.players[0].hand == hand(green=1) and after.players[0].score == 15


def test_a_ferry_is_not_offered_without_enough_locomotives() -> None:
    state = make_state(hands=[hand(green=8, locomotive=1), hand()])
    assert claim_entry(state, SMYRNA_PALERMO) is None
    assert refused(state, 0, ClaimRoute(SMYRNA_PALERMO, "green", 1)).code == "ferry-locomotives"


def test_a_one_symbol_ferry_takes_a_locomotive_and_one_colour_or_locomotives_only() -> None:
    """§5.3: the plain space in one colour with Locomotives wild, or all Locomotives."""
    state = make_state(hands=[hand(red=2, locomotive=1), hand()])
    entry = claim_entry(state, ATHINA_SMYRNA)
    assert entry is not None and entry.payments == (Payment("red", 1, 1),)
    assert refused(state, 0, ClaimRoute(ATHINA_SMYRNA, "red", 0)).code == "ferry-locomotives"
    events, _ = play(state, 0, ClaimRoute(ATHINA_SMYRNA, "red", 1))
    assert events[0] == RouteClaimed(0, ATHINA_SMYRNA, "red", 1, 2, 2)
    locomotives = make_state(hands=[hand(locomotive=2), hand()])
    events, _ = play(locomotives, 0, ClaimRoute(ATHINA_SMYRNA, None, 2))
    assert events[0] == RouteClaimed(0, ATHINA_SMYRNA, None, 2, 2, 2)
    assert claim_entry(make_state(hands=[hand(red=5), hand()]), 0, ATHINA_SMYRNA) is None


@pytest.mark.parametrize("paid", [{"red": 2}, {"red": 3}, {"red": 4}])
def test_no_cards_stand_in_for_a_ferrys_locomotive_in_europe(paid: dict[str, int]) -> None:
    """§5.3 Resolved: neither a pair nor three cards of a colour replace the Locomotive."""
    state = make_state(hands=[hand(red=5), hand()])
    assert refused(state, 0, ClaimRoute(ATHINA_SMYRNA, cards=paid)).code in (
        "ferry-locomotives", "bad-payment")


@pytest.mark.parametrize(("seats", "open_to_other"), [(2, False), (3, False), (4, True), (5, True)])
def test_a_double_ferry_follows_the_double_route_rule(seats: int, open_to_other: bool) -> None:
    """§5.5: Dieppe-London; nobody owns both tracks; the second is closed at 2-3 players
    and open to another player at 4-5."""
    first, second = tracks("dieppe", "london")
    state = make_state(seats, hands=[hand(red=2, locomotive=2)] * seats)
    _, state = play(state, 0, ClaimRoute(first, "red", 1))
    state.current = 0
    assert refused(state, 0, ClaimRoute(second, "red", 1)).code == "double-route-closed"
    state.current = 1
    if open_to_other:
        _, state = play(state, 1, ClaimRoute(second, "red", 1))
        assert state.route_owner[second] == 1
    else:
        assert refused(state, 1, ClaimRoute(second, "red", 1)).code == "double-route-closed"


# --- Northern Lights §3.2: a Locomotive or a pair per symbol --------------------------------


def test_the_rulebooks_mo_i_rana_narvik_example() -> None:
    """4 spaces, 2 symbols: 1 Locomotive + a red pair for the symbols, 2 blue for the plain
    spaces: 5 cards paid and discarded, 4 trains laid, 7 points."""
    state = NL.state(hands=[NL.hand(locomotive=1, red=2, blue=2, green=1), NL.hand()],
                     deck=["white", "yellow", "orange"])
    events, after = play(state, 0, ClaimRoute(
        MO_I_RANA_NARVIK, cards={"locomotive": 1, "red": 2, "blue": 2}))
    assert events[0] == RouteClaimed(0, MO_I_RANA_NARVIK, None, 1, 5, 7,
                                     {"blue": 2, "red": 2, "locomotive": 1})
    player = after.players[0]
    assert player.pieces[TRAINS] == 36 and player.score == 7
    assert after.discard == NL.hand(locomotive=1, red=2, blue=2)
    assert player.hand[NL.card("green")] == 1
    assert all(player.hand[NL.card(c)] == 0 for c in ("locomotive", "red", "blue"))
    assert after.route_owner[MO_I_RANA_NARVIK] == 0


@pytest.mark.parametrize("paid", [
    {"locomotive": 2, "blue": 2},  # both symbols by Locomotives
    {"red": 4, "blue": 2},  # two red pairs
    {"red": 2, "green": 2, "blue": 2},  # pairs of different colours
    {"blue": 6},  # pairs of the plain spaces' colour
    {"blue": 4, "locomotive": 1},  # a blue pair, a Locomotive, blue plain spaces
    {"locomotive": 2, "blue": 1, "red": 2},  # a Locomotive on a plain space, a pair
    {"locomotive": 4},  # Locomotives only
    {"locomotive": 3, "red": 2},  # two plain Locomotives, a Locomotive and a pair
])
def test_ferry_payments_mixing_locomotives_and_pairs(paid: dict[str, int]) -> None:
    """Each symbol covered on its own; two pairs may differ in colour; a pair may share the
    plain colour; Locomotives stand in for plain cards."""
    state = NL.state(hands=[NL.hand(locomotive=4, red=4, blue=6, green=2), NL.hand()],
                     deck=["white"] * 3)
    events, _ = play(state, 0, ClaimRoute(MO_I_RANA_NARVIK, cards=paid))
    claimed = events[0]
    assert isinstance(claimed, RouteClaimed)
    assert claimed.cards == sum(paid.values()) and claimed.points == 7
    assert claimed.locomotives == paid.get("locomotive", 0)


@pytest.mark.parametrize(("ferry", "paid"), [
    (MO_I_RANA_NARVIK, {"red": 2, "blue": 2}),  # the symbols unpaid
    (MO_I_RANA_NARVIK, {"locomotive": 1, "red": 1, "green": 1, "blue": 2}),  # no pair
    (MO_I_RANA_NARVIK, {"locomotive": 2, "blue": 2, "red": 2, "green": 2}),  # a pair too many
    (MO_I_RANA_NARVIK, {"locomotive": 3, "blue": 3}),  # overpaid
    (ALBORG_OSLO, {"locomotive": 1, "red": 2, "green": 2}),  # pairs never pay plain spaces
    (MO_I_RANA_NARVIK, {"locomotive": 2, "red": 1, "blue": 1}),  # plain spaces: one colour
    (MO_I_RANA_NARVIK, {"locomotive": 1, "red": 2, "blue": 1}),  # a plain space unpaid
])
def test_ferry_payments_that_are_refused(ferry: int, paid: dict[str, int]) -> None:
    """The payment must be exact, pairs cover symbols only, plain spaces take one colour;
    the refusal cites this map's §3.2."""
    state = NL.state(hands=[NL.hand(locomotive=4, red=4, blue=6, green=2), NL.hand()])
    error = refused(state, 0, ClaimRoute(ferry, cards=paid))
    assert (error.code, error.section) == ("bad-payment", "§3.2")


def test_a_one_space_ferry_takes_one_locomotive_or_one_pair() -> None:
    """Resolved: two Locomotives are never a pair; a single card is no pair; nothing extra."""
    state = NL.state(hands=[NL.hand(locomotive=2, red=2, blue=1), NL.hand()])
    for paid in ({"locomotive": 1}, {"red": 2}):
        events, _ = play(state.copy(), 0, ClaimRoute(HELSINKI_TALLINN, cards=paid))
        assert isinstance(events[0], RouteClaimed) and events[0].points == 1
    for paid in ({"locomotive": 2}, {"blue": 1}, {"red": 2, "locomotive": 1}, {"red": 1}):
        assert refused(state, 0, ClaimRoute(HELSINKI_TALLINN, cards=paid)).code == (
            "bad-payment"), paid


def test_a_pair_may_share_the_plain_spaces_colour() -> None:
    """Ålborg-Oslo: 3 spaces, 1 symbol, paid with 4 red (2 plain, a red pair), 4 points."""
    state = NL.state(hands=[NL.hand(red=4), NL.hand()])
    events, after = play(state, 0, ClaimRoute(ALBORG_OSLO, cards={"red": 4}))
    assert isinstance(events[0], RouteClaimed) and events[0].cards == 4
    assert events[0].points == 4 and after.players[0].pieces[TRAINS] == 37


def test_a_ferry_named_as_a_colour_pays_its_symbols_with_locomotives() -> None:
    """The colour-and-Locomotives form of a claim: the symbols take Locomotives."""
    state = NL.state(hands=[NL.hand(locomotive=2, blue=3), NL.hand()], deck=["red"] * 2)
    events, _ = play(state.copy(), 0, ClaimRoute(MO_I_RANA_NARVIK, "blue", 2))
    assert events[0] == RouteClaimed(0, MO_I_RANA_NARVIK, "blue", 2, 4, 7)
    error = refused(state, 0, ClaimRoute(MO_I_RANA_NARVIK, "blue", 1))
    assert (error.code, error.section) == ("ferry-locomotives", "§3.2")


def test_a_ferry_takes_as_many_trains_as_spaces_whatever_is_paid() -> None:
    """§3.2 "Trains": 6 cards may pay Mo i Rana-Narvik, but 3 trains cannot lay its 4."""
    state = NL.state(hands=[NL.hand(locomotive=4, red=4), NL.hand()], trains=[3, 40])
    error = refused(state, 0, ClaimRoute(MO_I_RANA_NARVIK, cards={"locomotive": 2, "red": 4}))
    assert (error.code, error.section) == ("not-enough-trains", "§3.2")
    assert claim_entry(state, MO_I_RANA_NARVIK) is None


def test_legal_moves_list_a_ferrys_alternatives_compactly() -> None:
    """One payment per colour of the plain spaces and number of symbols paid by pairs, with
    its Locomotive range and ready cards: blue plain with a red pair and the Locomotive,
    red plain with a blue pair, or the green card and the Locomotive plain with both
    symbols paid by the red and blue pairs."""
    state = NL.state(hands=[NL.hand(locomotive=1, red=2, blue=2, green=1), NL.hand()])
    entry = claim_entry(state, MO_I_RANA_NARVIK)
    assert entry is not None
    assert entry.payments == (
        Payment("blue", 1, 1, 1, {"blue": 2, "red": 2, "locomotive": 1}),
        Payment("green", 1, 1, 2, {"blue": 2, "green": 1, "red": 2, "locomotive": 1}),
        Payment("red", 1, 1, 1, {"blue": 2, "red": 2, "locomotive": 1}),
    )
    assert entry.command == ClaimRoute(MO_I_RANA_NARVIK, cards=entry.payments[0].cards)


def test_every_listed_ferry_alternative_is_exactly_what_decide_accepts() -> None:
    """Random small hands, one ferry of each shape on the
    map (1-5 spaces, 1-2 symbols): every payment
    the hand allows is accepted exactly when the rules text reads it (`ferry_readings`),
    each reading and Locomotive count is promised by a listed entry, every promise is
    accepted, and every entry's ready cards are."""
    board = NL.board
    loco = board.locomotive
    shapes = {(board.route_length[r], board.route_locomotives[r]): r
              for r in range(len(board.route_a)) if board.route_kind[r] == FERRY}
    assert {n for n, _ in shapes} == {1, 2, 3, 4, 5} and {s for _, s in shapes} == {1, 2}
    chooser = random.Random(11)
    checked = 0
    for _ in range(40):
        held = {c: chooser.randint(0, 3) for c in chooser.sample(range(loco), 3)}
        held[loco] = chooser.randint(0, 3)
        state = NL.state(hands=[[held.get(c, 0) for c in range(loco + 1)], NL.hand()],
                         deck=["white"] * 3)
        for (length, symbols), r in shapes.items():
            entry = claim_entry(state, r)
            listed = entry.payments or () if entry else ()
            promised = {(-1 if p.colour is None else board.card_index(p.colour), p.pairs, n)
                        for p in listed for n in range(p.min_locomotives, p.max_locomotives + 1)}
            accepted = set()
            keys = sorted(held)
            for counts in product(*(range(held[c] + 1) for c in keys)):
                paid = {c: n for c, n in zip(keys, counts, strict=True) if n}
                if not paid:
                    continue
                command = ClaimRoute(r, cards={board.card_name(c): n for c, n in paid.items()})
                try:
                    RULES.decide(state, 0, command, SEED)
                    ok = True
                except RuleViolation:
                    ok = False
                readings = ferry_readings(paid, length, symbols, loco)
                assert ok == bool(readings), (r, paid)
                for colour, pairs in readings:
                    assert (colour, pairs, paid.get(loco, 0)) in promised, (r, paid, listed)
                    accepted.add((colour, pairs, paid.get(loco, 0)))
                checked += 1
            assert promised <= accepted, (r, held, promised - accepted)
            for payment in listed:
                assert payment.cards is not None
                RULES.decide(state, 0, ClaimRoute(r, cards=payment.cards), SEED)
    assert checked > 5000
