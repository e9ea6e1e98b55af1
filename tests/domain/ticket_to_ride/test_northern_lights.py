"""Ticket to Ride: Northern Lights, rule by rule from small handcrafted states.

Sections are those of ``shared/reference/northern-lights/rules.md``: the box
(§1), setup (§2), drawing cards (§3.1), ferries paid with pairs and "+X"
bonus draws, double and triple routes (§3.2), tickets (§3.3), the end (§4),
route points, goal cards and the winner (§5).
"""

from __future__ import annotations

import random
from collections import Counter
from itertools import pairwise, product

import msgspec
import pytest

from domain.kernel.errors import RuleViolation
from domain.kernel.protocol import Setup
from domain.kernel.rng import Seed
from domain.ticket_to_ride import RULES
from domain.ticket_to_ride.board import FERRY, GRAY, load_board
from domain.ticket_to_ride.commands import (
    BuildStation,
    ChooseTickets,
    ClaimRoute,
    DrawCard,
    DrawTickets,
    KeepTickets,
    Pass,
)
from domain.ticket_to_ride.events import (
    BonusCardsDrawn,
    CardDrawn,
    DisplayRefilled,
    GameEnded,
    GameStarted,
    RouteClaimed,
)
from domain.ticket_to_ride.final import final_scores
from domain.ticket_to_ride.goals import goal_values, goal_winners
from domain.ticket_to_ride.mapfile import TRAINS
from domain.ticket_to_ride.moves import Payment
from domain.ticket_to_ride.state import GameState

from .handmade import SEED, cards, hand, make_state, names, play
from .handmade import city as city_in
from .handmade import route as route_in
from .handmade import ticket as ticket_in
from .handmade import tracks as tracks_in

NL = load_board("northern-lights")
MAP = "northern-lights"


def city(city_id: str) -> int:
    return city_in(city_id, NL)


def tracks(a: str, b: str) -> tuple[int, ...]:
    return tracks_in(a, b, NL)


def route(a: str, b: str, colour: str | None = None) -> int:
    return route_in(a, b, colour, NL)


def ticket(a: str, b: str) -> int:
    return ticket_in(a, b, NL)


def nl_state(seats: int = 2, **kwargs: object) -> GameState:
    return make_state(seats, map_id=MAP, **kwargs)  # type: ignore[arg-type]


def refusal(state: GameState, seat: int, command: object) -> RuleViolation:
    with pytest.raises(RuleViolation) as refused:
        RULES.decide(state, seat, command, SEED)  # type: ignore[arg-type]
    return refused.value


def own(state: GameState, seat: int, *routes: int) -> GameState:
    """`seat` holds `routes` (trains laid, points scored), as if it had claimed them."""
    player = state.players[seat]
    for r in routes:
        state.route_owner[r] = seat
        player.routes.append(r)
        player.pieces[TRAINS] -= NL.route_length[r]
        player.score += NL.route_points[r]
    return state


MO_I_RANA_NARVIK = tracks("mo-i-rana", "narvik")[0]
ALBORG_OSLO = route("alborg", "oslo")
HELSINKI_TALLINN = tracks("helsinki", "tallinn")[0]


# --- §1, §2: the box and the setup ---------------------------------------------------------


def test_the_map_is_the_reference_board() -> None:
    assert (len(NL.city_ids), len(NL.route_a), len(NL.ticket_a), len(NL.map.goals)) == (
        50, 161, 55, 11)
    sizes = Counter(len(group) for group in set(NL.route_tracks))
    assert sizes == {1: 59, 2: 48, 3: 2}
    ferries = [r for r in range(161) if NL.route_kind[r] == FERRY]
    assert len(ferries) == 53 and all(NL.route_colour[r] == GRAY for r in ferries)
    assert all(NL.route_locomotives[r] >= 1 for r in ferries)
    gray = [r for r in range(161) if NL.route_colour[r] == GRAY]
    assert gray == ferries  # every gray route is a ferry
    bonus = [r for r in range(161) if NL.route_bonus[r]]
    assert len(bonus) == 18 and set(bonus) <= set(ferries)
    assert NL.map.route_points == {1: 1, 2: 2, 3: 4, 4: 7, 5: 10}
    assert max(NL.route_length) == 5
    triples = {NL.route_tracks[r] for r in range(161) if len(NL.route_tracks[r]) == 3}
    assert triples == {tracks("oslo", "karlstad"), tracks("karlstad", "stockholm")}
    assert NL.route_partner[tracks("oslo", "karlstad")[0]] == -1


def test_setup_deals_4_cards_4_tickets_and_turns_up_4_of_the_11_goal_cards() -> None:
    for seats in range(2, 6):
        (opening,) = RULES.start(Setup(seats, MAP), Seed(bytes([seats]) * 32))
        assert isinstance(opening, GameStarted)
        assert Counter(opening.cards.before) == {
            **{c: 12 for c in NL.colours}, "locomotive": 18}  # 114 cards
        assert all(len(h or ()) == 4 for h in opening.hands)
        assert all(len(t or ()) == 4 for t in opening.offered)
        assert opening.goals is not None
        assert sorted(opening.goals.before) == sorted(g.id for g in NL.map.goals)
        state = RULES.evolve(None, opening)
        assert len(state.goals) == 4 == len(set(state.goals))
        assert [NL.map.goals[g].id for g in state.goals] == list(opening.goals.after[:4])
        assert opening.goal_cards == list(opening.goals.after[:4])
        assert all(p.pieces[TRAINS] == 40 and sum(p.hand) == 4 for p in state.players)
        assert len(state.deck) == 114 - 4 * seats - 5
        view = RULES.public_view(state)
        assert view.goals is not None
        assert [g.id for g in view.goals] == list(opening.goals.after[:4])
        assert all(g.winners is None for g in view.goals)


def test_only_the_4_goal_cards_drawn_are_public_the_order_of_the_7_in_the_box_is_not() -> None:
    """§2.4: the other 7 "go back in the box unseen": like any deck order, the goal
    shuffle's outcome is hidden from every seat and spectator (it can be checked once
    the seed is revealed at the end); the 4 drawn cards are face up for everyone."""
    for seats in range(2, 6):
        (opening,) = RULES.start(Setup(seats, MAP), Seed(bytes([40 + seats]) * 32))
        assert isinstance(opening, GameStarted) and opening.goals is not None
        in_play = list(opening.goals.after[:4])
        for viewer in (None, *range(seats)):
            seen = RULES.redact(opening, viewer)
            assert isinstance(seen, GameStarted) and seen.goals is not None
            assert seen.goals.after == () and seen.goals.draw == opening.goals.draw
            assert seen.goal_cards == in_play
            sent = msgspec.json.decode(msgspec.json.encode(seen))
            assert sent["goals"]["before"] == [g.id for g in NL.map.goals]  # canonical order
            del sent["goals"]["before"]
            text = msgspec.json.encode(sent).decode()
            assert not [g for g in opening.goals.after[4:] if f'"{g}"' in text]


def test_at_setup_keep_at_least_2_of_the_4_tickets() -> None:
    (opening,) = RULES.start(Setup(2, MAP), SEED)
    state = RULES.evolve(None, opening)
    offered = state.players[0].offered
    refused = refusal(state, 0, ChooseTickets(offered[:1]))
    assert (refused.code, refused.section) == ("keep-more", "§2.5")
    for keep in (offered[:2], offered[:3], offered):
        RULES.decide(state, 0, ChooseTickets(keep), SEED)


def test_draw_3_tickets_keep_at_least_1_returned_under_the_pile() -> None:
    pile = [ticket("oslo", "stockholm"), ticket("stockholm", "helsinki"),
            ticket("lillehammer", "alborg"), ticket("oslo", "kobenhavn")]
    state = nl_state(ticket_pile=pile)
    _, state = play(state, 0, DrawTickets())
    assert state.players[0].offered == pile[:0:-1]
    refused = refusal(state, 0, KeepTickets([]))
    assert (refused.code, refused.section) == ("keep-more", "§3.3")
    _, state = play(state, 0, KeepTickets([pile[3]]))
    assert state.players[0].tickets == [pile[3]]
    assert sorted(state.ticket_pile) == sorted(pile[:3])


# --- §3.1: drawing train cards ---------------------------------------------------------------


def test_a_face_up_locomotive_counts_as_both_draws() -> None:
    state = nl_state(display=["red", "locomotive", "green", "white", "black"],
                     deck=["blue", "orange"])
    events, after = play(state, 0, DrawCard(1))
    assert events == [CardDrawn(0, 1, "locomotive", True,
                                ["red", "orange", "green", "white", "black"])]
    assert after.current == 1 and after.players[0].hand == hand(locomotive=1)
    # not as the second card
    _, second = play(state, 0, DrawCard(0))
    refused = refusal(second, 0, DrawCard(1))
    assert (refused.code, refused.section) == ("locomotive-second", "§3.1")
    # a blind Locomotive is an ordinary card: the draw goes on
    events, blind = play(nl_state(deck=["red", "locomotive"]), 0, DrawCard())
    assert events == [CardDrawn(0, None, "locomotive", False)] and blind.current == 0


def test_the_display_is_never_reset_however_many_locomotives_it_shows() -> None:
    state = nl_state(display=["red", "locomotive", "locomotive", "white", "black"],
                     deck=["green", "locomotive"])
    events, state = play(state, 0, DrawCard(0))
    assert events == [CardDrawn(0, 0, "red", False,
                                ["locomotive", "locomotive", "locomotive", "white", "black"])]
    events, state = play(state, 0, DrawCard(3))
    assert names(state.display) == ["locomotive", "locomotive", "locomotive", "green", "black"]
    (opening,) = RULES.start(Setup(2, MAP), SEED)
    assert isinstance(opening, GameStarted) and opening.shuffles == []


def test_with_pile_and_discards_empty_only_face_up_cards_can_be_taken() -> None:
    state = nl_state(display=["red", None, "locomotive", None, None])
    moves = [m.command for m in RULES.legal_moves(state, 0)]
    assert DrawCard(0) in moves and DrawCard(2) in moves and DrawCard(None) not in moves
    refused = refusal(state, 0, DrawCard())
    assert (refused.code, refused.section) == ("no-cards", "§3.1")
    events, after = play(state, 0, DrawCard(0))
    # the slot stays empty; the Locomotive left cannot be the second card: the draw ends
    assert events == [CardDrawn(0, 0, "red", True, [None, None, "locomotive", None, None])]
    assert after.current == 1
    # Europe bars the draw then (§4.4)
    europe = make_state(display=["red", None, None, None, None])
    assert refusal(europe, 0, DrawCard(0)).code == "no-cards"


# --- §3.2: ferries paid with Locomotives or pairs --------------------------------------------


def claim(state: GameState, route_number: int, **paid: int) -> list[object]:
    events, _ = play(state, 0, ClaimRoute(route_number, cards=paid))
    return list(events)


def test_the_rulebooks_mo_i_rana_narvik_example() -> None:
    """4 spaces, 2 symbols: 1 Locomotive + a red pair for the symbols, 2 blue plain."""
    state = nl_state(hands=[hand(locomotive=1, red=2, blue=2, green=1), hand()],
                     deck=["white", "yellow", "orange"])
    events, after = play(state, 0, ClaimRoute(
        MO_I_RANA_NARVIK, cards={"locomotive": 1, "red": 2, "blue": 2}))
    claimed, bonus = events
    assert claimed == RouteClaimed(0, MO_I_RANA_NARVIK, None, 1, 5, 7,
                                   {"blue": 2, "red": 2, "locomotive": 1})
    assert bonus == BonusCardsDrawn(0, MO_I_RANA_NARVIK, ["orange", "yellow"], 2)
    player = after.players[0]
    # 5 cards paid, 4 trains laid and 7 points, as the route's length says
    assert player.pieces[TRAINS] == 36 and player.score == 7
    assert player.hand == hand(green=1, orange=1, yellow=1)
    assert after.discard == hand(locomotive=1, red=2, blue=2)
    assert after.deck == cards("white") and after.current == 1


@pytest.mark.parametrize("paid", [
    {"locomotive": 2, "blue": 2},  # both symbols by Locomotives
    {"red": 4, "blue": 2},  # two red pairs
    {"red": 2, "green": 2, "blue": 2},  # pairs of different colours
    {"blue": 6},  # pairs of the plain spaces' colour
    {"blue": 4, "locomotive": 1, "red": 0},  # a blue pair, a Locomotive: blue pair + plain
    {"locomotive": 2, "blue": 1, "red": 2},  # a Locomotive on a plain space, one symbol a pair
    {"locomotive": 4},  # Locomotives only
    {"locomotive": 3, "red": 2},  # two plain Locomotives, a Locomotive and a pair for symbols
])
def test_ferry_payments_mixing_locomotives_and_pairs(paid: dict[str, int]) -> None:
    state = nl_state(hands=[hand(locomotive=4, red=4, blue=6, green=2), hand()],
                     deck=["white"] * 3)
    claimed = claim(state, MO_I_RANA_NARVIK, **paid)[0]
    assert isinstance(claimed, RouteClaimed)
    assert claimed.paid == {k: n for k, n in paid.items() if n}
    assert claimed.cards == sum(paid.values()) and claimed.points == 7


@pytest.mark.parametrize(("route_number", "paid"), [
    (MO_I_RANA_NARVIK, {"red": 2, "blue": 2}),  # the symbols unpaid
    (MO_I_RANA_NARVIK, {"locomotive": 1, "red": 1, "green": 1, "blue": 2}),  # unmatched "pair"
    (MO_I_RANA_NARVIK, {"locomotive": 2, "blue": 2, "red": 2, "green": 2}),  # a pair too many
    (MO_I_RANA_NARVIK, {"locomotive": 3, "blue": 3}),  # overpaid by a Locomotive and a card
    (ALBORG_OSLO, {"locomotive": 1, "red": 2, "green": 2}),  # pairs never pay plain spaces
    (MO_I_RANA_NARVIK, {"locomotive": 2, "red": 1, "blue": 1}),  # plain spaces: one colour
    (MO_I_RANA_NARVIK, {"locomotive": 1, "red": 2, "blue": 1}),  # a plain space unpaid
])
def test_ferry_payments_that_are_refused(route_number: int, paid: dict[str, int]) -> None:
    state = nl_state(hands=[hand(locomotive=4, red=4, blue=6, green=2), hand()])
    refused = refusal(state, 0, ClaimRoute(route_number, cards=paid))
    assert (refused.code, refused.section) == ("bad-payment", "§3.2")


def test_a_one_space_ferry_takes_one_locomotive_or_one_pair() -> None:
    state = nl_state(hands=[hand(locomotive=2, red=2, blue=1), hand()])
    for paid in ({"locomotive": 1}, {"red": 2}):
        claimed = claim(state, HELSINKI_TALLINN, **paid)[0]
        assert isinstance(claimed, RouteClaimed) and claimed.points == 1
    # two Locomotives are never a pair; a single card is no pair; nothing extra
    for paid in ({"locomotive": 2}, {"blue": 1}, {"red": 2, "locomotive": 1}, {"red": 1}):
        assert refusal(state, 0, ClaimRoute(HELSINKI_TALLINN, cards=paid)).code == (
            "bad-payment"), paid


def test_a_pair_may_share_the_plain_spaces_colour() -> None:
    """Ålborg-Oslo: 3 spaces, 1 symbol, paid with 4 red (2 plain, a red pair)."""
    state = nl_state(hands=[hand(red=4), hand()])
    claimed = claim(state, ALBORG_OSLO, red=4)[0]
    assert isinstance(claimed, RouteClaimed) and claimed.cards == 4 and claimed.points == 4


def test_a_ferry_may_be_paid_as_a_colour_and_locomotives_too() -> None:
    state = nl_state(hands=[hand(locomotive=2, blue=2), hand()], deck=["red"] * 2)
    events, _ = play(state, 0, ClaimRoute(MO_I_RANA_NARVIK, "blue", 2))
    assert events[0] == RouteClaimed(0, MO_I_RANA_NARVIK, "blue", 2, 4, 7)
    refused = refusal(state, 0, ClaimRoute(MO_I_RANA_NARVIK, "blue", 1))
    assert refused.code in ("ferry-locomotives", "not-enough-cards")


def test_a_ferry_takes_as_many_trains_as_spaces_whatever_is_paid() -> None:
    state = nl_state(hands=[hand(locomotive=4, red=4), hand()], trains=[3, 40])
    refused = refusal(state, 0, ClaimRoute(MO_I_RANA_NARVIK, cards={"locomotive": 2, "red": 4}))
    assert (refused.code, refused.section) == ("not-enough-trains", "§3.2")


def test_legal_moves_list_a_ferrys_alternatives_compactly() -> None:
    state = nl_state(hands=[hand(locomotive=1, red=2, blue=2, green=1), hand()])
    (entry,) = [m for m in RULES.legal_moves(state, 0)
                if isinstance(m.command, ClaimRoute) and m.command.route == MO_I_RANA_NARVIK]
    # per colour of the plain spaces and symbols paid by pairs (the rest by Locomotives):
    # blue plain with a red pair and the Locomotive, or red plain with a blue pair, or the
    # green card and the Locomotive plain with both symbols paid by the red and blue pairs
    assert entry.payments == (
        Payment("blue", 1, 1, 1, {"blue": 2, "red": 2, "locomotive": 1}),
        Payment("green", 1, 1, 2, {"blue": 2, "green": 1, "red": 2, "locomotive": 1}),
        Payment("red", 1, 1, 1, {"blue": 2, "red": 2, "locomotive": 1}),
    )
    assert entry.command == ClaimRoute(MO_I_RANA_NARVIK, cards=entry.payments[0].cards)


# the exhaustive check: every payment a small hand allows, against what legal moves list

def _readings(paid: dict[int, int], length: int, symbols: int, loco: int) -> set[tuple[int, int]]:
    """Every (plain colour or -1, symbols paid by pairs) a payment can be read as, worked
    out from the rules text independently of the engine: each symbol a Locomotive or a
    pair of one colour, each plain space one card of the plain colour or a Locomotive."""
    plain_spaces = length - symbols
    found = set()
    for colour in [-1, *(c for c in range(loco) if paid.get(c))]:
        for plain_locos in range(plain_spaces + 1):
            plain = plain_spaces - plain_locos
            if (colour < 0 and plain) or (colour >= 0 and not plain):
                continue
            rest = dict(paid)
            if plain:
                rest[colour] = rest.get(colour, 0) - plain
            symbol_locos = rest.get(loco, 0) - plain_locos
            colours = [n for c, n in rest.items() if c != loco]
            if min(colours, default=0) < 0 or symbol_locos < 0 or any(n % 2 for n in colours):
                continue
            if symbol_locos + sum(colours) // 2 == symbols:
                found.add((colour, symbols - symbol_locos))
    return found


def test_every_listed_ferry_alternative_is_exactly_what_decide_accepts() -> None:
    """Random small hands, every ferry of each kind (1-5 spaces, 1-2 symbols): each payment
    the hand allows is accepted exactly when an entry lists its reading and its
    Locomotive count, and every (reading, count) an entry promises is accepted."""
    loco = NL.locomotive
    kinds = {(NL.route_length[r], NL.route_locomotives[r]): r for r in range(161)
             if NL.route_kind[r] == FERRY}
    chooser = random.Random(11)
    checked = 0
    for _ in range(40):
        held = {c: chooser.randint(0, 3) for c in chooser.sample(range(loco), 3)}
        held[loco] = chooser.randint(0, 3)
        state = nl_state(hands=[[held.get(c, 0) for c in range(loco + 1)], hand()],
                         deck=["white"] * 3)
        moves = {m.command.route: m for m in RULES.legal_moves(state, 0)
                 if isinstance(m.command, ClaimRoute)}
        for (length, symbols), r in kinds.items():
            listed = moves[r].payments if r in moves else ()
            promised = {((-1 if p.colour is None else NL.card_index(p.colour)), p.pairs, n)
                        for p in listed or () for n in range(p.min_locomotives,
                                                             p.max_locomotives + 1)}
            accepted = set()
            keys = sorted(held)
            for counts in product(*(range(held[c] + 1) for c in keys)):
                paid = {c: n for c, n in zip(keys, counts, strict=True) if n}
                if not paid:
                    continue
                command = ClaimRoute(r, cards={NL.card_name(c): n for c, n in paid.items()})
                try:
                    RULES.decide(state, 0, command, SEED)
                    ok = True
                except RuleViolation:
                    ok = False
                readings = _readings(paid, length, symbols, loco)
                assert ok == bool(readings), (r, paid)
                for colour, pairs in readings:
                    assert (colour, pairs, paid.get(loco, 0)) in promised, (r, paid, listed)
                    accepted.add((colour, pairs, paid.get(loco, 0)))
                checked += 1
            assert promised <= accepted, (r, held, promised - accepted)
            for payment in listed or ():
                assert payment.cards is not None
                RULES.decide(state, 0, ClaimRoute(r, cards=payment.cards), SEED)
    assert checked > 5000


# --- §3.2: "+X" bonus draws -----------------------------------------------------------------


def test_a_bonus_draw_reshuffles_the_discards_with_the_payment_when_the_pile_runs_out() -> None:
    state = nl_state(hands=[hand(locomotive=2, blue=2), hand()], deck=["green"],
                     discard=["red", "red"])
    events, after = play(state, 0, ClaimRoute(MO_I_RANA_NARVIK, "blue", 2))
    claimed, bonus = events
    assert isinstance(claimed, RouteClaimed) and isinstance(bonus, BonusCardsDrawn)
    assert bonus.count == 2 and bonus.cards is not None and bonus.cards[0] == "green"
    (shuffle,) = bonus.shuffles
    # the discards reshuffled include the cards just paid
    assert sorted(shuffle.before) == sorted(["red", "red", "blue", "blue",
                                             "locomotive", "locomotive"])
    assert bonus.cards[1] == shuffle.after[-1]
    player = after.players[0]
    assert sum(player.hand) == 2 and len(after.deck) == 5 and sum(after.discard) == 0
    assert after.draws == shuffle.draw + 1


def test_a_bonus_draw_from_an_empty_pile_and_discards_draws_the_payment_back() -> None:
    state = nl_state(hands=[hand(locomotive=1, red=2, blue=2), hand()])
    events, after = play(state, 0, ClaimRoute(
        MO_I_RANA_NARVIK, cards={"locomotive": 1, "red": 2, "blue": 2}))
    bonus = events[1]
    assert isinstance(bonus, BonusCardsDrawn) and bonus.count == 2
    assert sorted(bonus.shuffles[0].before) == ["blue", "blue", "locomotive", "red", "red"]
    assert sum(after.players[0].hand) == 2 and len(after.deck) == 3


def test_a_bonus_draw_takes_what_there_is_and_leaves_the_display_alone() -> None:
    """Trondheim-Mo i Rana is "+3": a pile of 1 and no discards but the 5 cards paid."""
    route_number = tracks("trondheim", "mo-i-rana")[0]
    assert NL.route_bonus[route_number] == 3
    state = nl_state(hands=[hand(locomotive=2, yellow=3), hand()], deck=["green"],
                     display=["red", None, "blue", None, "white"])
    events, after = play(state, 0, ClaimRoute(route_number, "yellow", 2))
    claimed, bonus, refilled = events
    assert isinstance(claimed, RouteClaimed) and claimed.cards == 5
    assert isinstance(bonus, BonusCardsDrawn) and bonus.count == 3
    # the display is refilled after the bonus draw, from what it left
    assert isinstance(refilled, DisplayRefilled)
    assert after.display[0] == NL.card_index("red") and -1 not in after.display
    assert sum(after.players[0].hand) == 3 and len(after.deck) == 1
    assert sum(after.discard) == 0


def test_a_bonus_draw_is_blind_to_the_other_seats() -> None:
    state = nl_state(3, hands=[hand(locomotive=2, blue=2), hand(), hand()],
                     deck=["green", "red", "orange"], discard=["white"])
    events = RULES.decide(state, 0, ClaimRoute(MO_I_RANA_NARVIK, "blue", 2), SEED)
    bonus = events[1]
    assert isinstance(bonus, BonusCardsDrawn)
    assert RULES.redact(bonus, 0) == bonus
    for viewer in (None, 1, 2):
        seen = RULES.redact(bonus, viewer)
        assert isinstance(seen, BonusCardsDrawn) and seen.cards is None and seen.count == 2
        assert b"orange" not in msgspec.json.encode(seen)
    # what the others see does not depend on which cards were drawn
    twin = nl_state(3, hands=[hand(locomotive=2, blue=2), hand(), hand()],
                    deck=["green", "yellow", "purple"], discard=["white"])
    again = RULES.decide(twin, 0, ClaimRoute(MO_I_RANA_NARVIK, "blue", 2), SEED)
    for viewer in (None, 1, 2):
        assert [RULES.redact(e, viewer) for e in events] == [
            RULES.redact(e, viewer) for e in again]


def test_a_route_without_the_mark_draws_nothing() -> None:
    state = nl_state(hands=[hand(red=4), hand()], deck=["green"])
    events, after = play(state, 0, ClaimRoute(ALBORG_OSLO, cards={"red": 4}))
    assert [type(e) for e in events] == [RouteClaimed] and after.deck == cards("green")


# --- §3.2: double and triple routes ---------------------------------------------------------

#: (seats, tracks usable of a double route, of a triple route)
LIMITS = [(2, 1, 1), (3, 1, 2), (4, 2, 3), (5, 2, 3)]


@pytest.mark.parametrize(("seats", "double", "triple"), LIMITS)
def test_usable_tracks_of_double_and_triple_routes_by_player_count(
    seats: int, double: int, triple: int
) -> None:
    rich = hand(**{c: 5 for c in NL.colours}, locomotive=5)
    for group, usable in ((tracks("arhus", "alborg"), double),
                          (tracks("oslo", "karlstad"), triple)):
        state = nl_state(seats, hands=[list(rich) for _ in range(seats)])
        for claimed, track in enumerate(group):
            seat = claimed % seats
            state.current = seat
            listed = {m.command.route for m in RULES.legal_moves(state, seat)
                      if isinstance(m.command, ClaimRoute)}
            if claimed < usable:
                assert track in listed
                colour = NL.card_name(NL.route_colour[track])
                _, state = play(state, seat, ClaimRoute(track, colour, 0))
                # the claimer may not take a second track of the group
                others = [t for t in group if state.route_owner[t] < 0]
                state.current = seat
                for other in others:
                    refused = refusal(state, seat, ClaimRoute(other, None, 1))
                    assert (refused.code, refused.section) == ("double-route-closed", "§3.2")
            else:  # the rest of the group is closed, for everyone
                assert track not in listed
                refused = refusal(state, seat, ClaimRoute(track, None, 1))
                assert refused.code == "double-route-closed"
        owners = [state.route_owner[t] for t in group]
        assert len(owners) - owners.count(-1) == usable


# --- §4: the end ----------------------------------------------------------------------------


def test_two_or_fewer_trains_give_everyone_one_final_turn() -> None:
    state = nl_state(3, hands=[hand(black=1), hand(), hand()], trains=[3, 40, 40],
                     deck=["white"] * 20)
    events, state = play(state, 0, ClaimRoute(route("arhus", "alborg", "black"), "black", 0))
    assert state.turns_left == 3 and state.current == 1
    for seat in (1, 2, 0):
        assert state.phase == "playing" and state.current == seat
        _, state = play(state, seat, DrawCard())
        events, state = play(state, seat, DrawCard())
        if seat == 1:
            # dropping to 2 or fewer in the final round does not extend it
            assert state.turns_left == 2
    assert state.phase == "finished"
    assert isinstance(events[-1], GameEnded) and events[-1].reason == "final-round"


def test_three_trains_left_do_not_end_the_game() -> None:
    state = nl_state(2, hands=[hand(black=1), hand()], trains=[4, 40])
    _, state = play(state, 0, ClaimRoute(route("arhus", "alborg", "black"), "black", 0))
    assert state.turns_left == -1


# --- §5: route points, goal cards, the winner -----------------------------------------------


def test_route_points_follow_the_maps_table() -> None:
    for length, points in ((1, 1), (2, 2), (3, 4), (4, 7), (5, 10)):
        assert all(NL.route_points[r] == points
                   for r in range(161) if NL.route_length[r] == length)


def goal_state(seats: int = 3, **kwargs: object) -> GameState:
    return nl_state(seats, goals=[g.id for g in NL.map.goals[:4]], **kwargs)


def values(state: GameState, goal_id: str) -> list[int]:
    return goal_values(NL, state, [g.id for g in NL.map.goals].index(goal_id))


def test_call_of_the_wild_counts_locomotives_and_pairs_in_hand() -> None:
    state = goal_state(hands=[hand(locomotive=2, red=3), hand(red=2, blue=2, green=1),
                              hand(white=1, black=1)])
    assert values(state, "call-of-the-wild") == [3, 2, 0]


def test_capital_investment_counts_completed_tickets_with_a_capital() -> None:
    tickets = [[ticket("oslo", "stockholm"), ticket("trondheim", "bergen")],
               [ticket("stavanger", "karlstad")], []]
    state = goal_state(tickets=tickets)
    own(state, 0, tracks("oslo", "karlstad")[0], tracks("karlstad", "stockholm")[0])
    own(state, 1, *_path(["stavanger", "kristiansand", "oslo", "karlstad"]))
    # Oslo-Stockholm counts once though both ends are capitals; Stavanger-Karlstad has none
    assert values(state, "capital-investment") == [1, 0, 0]


def _path(cities: list[str]) -> list[int]:
    """One track of each hop of a chain of cities."""
    return [tracks(a, b)[0] for a, b in pairwise(cities)]


def test_cost_efficiency_small_steps_and_ferry_master_count_pieces_and_routes() -> None:
    state = goal_state(trains=[40, 40, 40])
    own(state, 0, HELSINKI_TALLINN, tracks("arhus", "alborg")[0], ALBORG_OSLO)
    own(state, 1, tracks("karlstad", "stockholm")[0], tracks("umea", "vaasa")[0])
    assert values(state, "cost-efficiency") == [35, 38, 40]
    assert values(state, "small-steps-strategist") == [2, 2, 0]
    assert values(state, "ferry-master") == [2, 1, 0]


def test_nordic_express_is_the_longest_path() -> None:
    state = goal_state()
    own(state, 0, *_path(["stavanger", "kristiansand", "oslo"]), tracks("alborg", "arhus")[0])
    own(state, 1, MO_I_RANA_NARVIK)
    expected = sum(NL.route_length[r] for r in _path(["stavanger", "kristiansand", "oslo"]))
    assert values(state, "nordic-express") == [expected, 4, 0]


def test_local_network_counts_completed_tickets_of_5_points_or_fewer() -> None:
    tickets = [[ticket("oslo", "stockholm"), ticket("trondheim", "bergen")], [], []]
    state = goal_state(tickets=tickets)
    own(state, 0, tracks("oslo", "karlstad")[0], tracks("karlstad", "stockholm")[0])
    assert values(state, "local-network") == [1, 0, 0]


def test_international_tycoon_counts_countries_at_route_ends() -> None:
    state = goal_state(tickets=[[ticket("murmansk", "kobenhavn")], [], []])
    # Denmark-Norway, Norway-Sweden; a ticket's countries do not count
    own(state, 0, tracks("alborg", "kristiansand")[0], tracks("oslo", "karlstad")[0])
    own(state, 1, HELSINKI_TALLINN)
    assert values(state, "international-tycoon") == [3, 2, 0]


def test_polar_express_and_snowplow_count_arctic_tickets_and_routes() -> None:
    tickets = [[ticket("honningsvag", "rovaniemi")], [], []]
    state = goal_state(tickets=tickets)
    chain = _path(["honningsvag", "unnamed-2", "rovaniemi"])
    own(state, 0, *chain)
    own(state, 1, MO_I_RANA_NARVIK, tracks("narvik", "tromso")[0])
    assert values(state, "polar-express") == [1, 0, 0]
    # Mo i Rana is south of the line, Narvik north: both of seat 1's routes touch it
    assert values(state, "snowplow-award") == [2, 2, 0]


def test_the_wild_west_counts_routes_with_an_end_in_norway() -> None:
    state = goal_state()
    own(state, 0, ALBORG_OSLO, tracks("oslo", "karlstad")[0], tracks("karlstad", "stockholm")[0])
    own(state, 1, HELSINKI_TALLINN)
    assert values(state, "the-wild-west") == [2, 0, 0]


def test_a_goal_card_goes_to_every_seat_tied_for_the_best_and_to_nobody_at_0() -> None:
    state = nl_state(3, goals=["ferry-master", "small-steps-strategist", "polar-express",
                               "cost-efficiency"], trains=[40, 40, 40])
    own(state, 0, HELSINKI_TALLINN)
    own(state, 1, tracks("umea", "vaasa")[0])
    assert goal_winners(NL, state) == [[0, 1], [0, 1], [], [2]]
    scores, _ = final_scores(NL, state)
    assert [s.bonuses for s in scores] == [
        {"goal-cards": 22}, {"goal-cards": 22}, {"goal-cards": 7}]
    assert [s.total for s in scores] == [23, 23, 7]


def test_the_winner_most_points_then_completed_tickets_then_goal_cards_then_shared() -> None:
    assert nl_state().rules.tie_breaks == ("most-tickets-completed", "most-goal-cards-won")
    # 4 points each: seat 0 completed Oslo-Stockholm (+2), seat 1 completed nothing
    state = nl_state(2, tickets=[[ticket("oslo", "stockholm")], []])
    own(state, 0, tracks("oslo", "karlstad")[0], tracks("karlstad", "stockholm")[0])
    own(state, 1, ALBORG_OSLO)
    scores, won = final_scores(NL, state)
    assert [s.total for s in scores] == [4, 4] and won == [0]
    # 13 points each, no ticket: seat 0 won 1 goal card (12), seat 1 won 2 (7 + 5)
    state = nl_state(2, hands=[hand(), hand(locomotive=1)],
                     goals=["ferry-master", "call-of-the-wild", "the-wild-west", "polar-express"])
    own(state, 0, HELSINKI_TALLINN)
    own(state, 1, tracks("oslo", "karlstad")[0])
    scores, won = final_scores(NL, state)
    assert [s.total for s in scores] == [13, 13] and won == [1]
    # all alike: the win is shared
    state = nl_state(2, goals=["ferry-master", "call-of-the-wild", "the-wild-west",
                               "polar-express"])
    own(state, 0, tracks("arhus", "alborg")[0])
    own(state, 1, tracks("arhus", "alborg")[1])
    scores, won = final_scores(NL, state)
    assert [s.total for s in scores] == [1, 1] and won == [0, 1]


def test_the_end_shows_each_goal_cards_values_and_winners() -> None:
    state = nl_state(2, goals=["ferry-master", "call-of-the-wild", "the-wild-west",
                               "polar-express"], hands=[hand(), hand(locomotive=1)])
    own(state, 0, HELSINKI_TALLINN)
    own(state, 1, tracks("oslo", "karlstad")[0])
    state.phase = "finished"
    view = RULES.public_view(state)
    assert view.goals is not None
    assert [(g.id, g.values, g.winners) for g in view.goals] == [
        ("ferry-master", [1, 0], [0]), ("call-of-the-wild", [0, 1], [1]),
        ("the-wild-west", [0, 1], [1]), ("polar-express", [0, 0], [])]


def test_no_stations_and_no_longest_path_bonus_on_this_map() -> None:
    state = nl_state(hands=[hand(red=3, locomotive=2), hand()])
    assert not any(isinstance(m.command, BuildStation) for m in RULES.legal_moves(state, 0))
    assert refusal(state, 0, BuildStation(city("oslo"), "red", 0)).code == "no-stations"
    own(state, 0, MO_I_RANA_NARVIK)
    scores, _ = final_scores(NL, state)
    assert (scores[0].express_bonus, scores[0].station_bonus, scores[0].total) == (0, 0, 7)


def test_scores_may_go_below_0_at_the_end() -> None:
    state = nl_state(2, tickets=[[ticket("murmansk", "kobenhavn")], []])
    own(state, 0, HELSINKI_TALLINN)
    scores, won = final_scores(NL, state)
    assert scores[0].total == 1 - NL.ticket_points[ticket("murmansk", "kobenhavn")] < 0
    assert won == [1]


def _ties() -> dict[str, tuple[list[list[int]], list[list[int]], list[list[int]]]]:
    """Per goal card: each of 3 seats' routes, tickets and hand, seats 0 and 1 tied ahead."""
    ht = tracks("helsinki", "tallinn")
    ok, ks = tracks("oslo", "karlstad"), tracks("karlstad", "stockholm")
    nt, mn = tracks("narvik", "tromso"), tracks("mo-i-rana", "narvik")
    capitals = (
        [[ok[0], ks[0]], [ALBORG_OSLO, tracks("arhus", "alborg")[1],
                          tracks("arhus", "kobenhavn")[0]], []],
        [[ticket("oslo", "stockholm")], [ticket("oslo", "kobenhavn")], []],
        [hand(), hand(), hand()],
    )
    routes = {  # goal: seat 0's, seat 1's and seat 2's routes
        "cost-efficiency": [[ht[0]], [ht[1]], [ALBORG_OSLO]],
        "small-steps-strategist": [[ht[0]], [ht[1]], [ALBORG_OSLO]],
        "nordic-express": [[mn[0]], [mn[1]], [ht[0]]],
        "international-tycoon": [[ht[0]], [ht[1]], [tracks("arhus", "alborg")[0]]],
        "snowplow-award": [[nt[0]], [nt[1]], [ht[0]]],
        "ferry-master": [[ht[0]], [ht[1]], [tracks("arhus", "alborg")[0]]],
        "the-wild-west": [[ok[0]], [ok[1]], [ht[0]]],
    }
    ties = {goal: (seats, [[], [], []], [hand(), hand(), hand()]) for goal, seats in routes.items()}
    ties["call-of-the-wild"] = (
        [[], [], []], [[], [], []], [hand(locomotive=1, red=2), hand(blue=4), hand(red=1)])
    ties["capital-investment"] = capitals
    ties["local-network"] = capitals
    ties["polar-express"] = (
        [_path(["honningsvag", "unnamed-2", "rovaniemi"]), [mn[1], nt[1]], []],
        [[ticket("honningsvag", "rovaniemi")], [ticket("tromso", "mo-i-rana")], []],
        [hand(), hand(), hand()],
    )
    return ties


@pytest.mark.parametrize("goal", [g.id for g in NL.map.goals])
def test_each_goal_card_is_shared_by_the_seats_tied_for_its_best_value(goal: str) -> None:
    routes, tickets, hands = _ties()[goal]
    state = nl_state(3, goals=[goal], tickets=tickets, hands=hands)
    for seat, held in enumerate(routes):
        own(state, seat, *held)
    first, second, third = values(state, goal)
    assert first == second >= 1 and third < first
    assert goal_winners(NL, state) == [[0, 1]]
    scores, _ = final_scores(NL, state)
    points = next(g.points for g in NL.map.goals if g.id == goal)
    assert [s.bonuses["goal-cards"] for s in scores] == [points, points, 0]


# --- second review: rules the tests above did not pin down ---------------------------------


def test_a_locomotive_the_refill_turns_up_may_not_be_the_second_card() -> None:
    """§3.1: "this includes one just revealed by the refill"."""
    state = nl_state(display=["red", "green", "white", "black", "blue"], deck=["locomotive"])
    events, state = play(state, 0, DrawCard(0))
    assert events == [CardDrawn(0, 0, "red", False,
                                ["locomotive", "green", "white", "black", "blue"])]
    refused = refusal(state, 0, DrawCard(0))
    assert (refused.code, refused.section) == ("locomotive-second", "§3.1")
    assert DrawCard(0) not in [m.command for m in RULES.legal_moves(state, 0)]
    _, state = play(state, 0, DrawCard(1))
    assert state.current == 1 and state.players[0].hand == hand(red=1, green=1)


def test_a_seat_dropping_to_2_trains_in_the_final_round_does_not_extend_it() -> None:
    """§4: seat 1 claims down to 1 train in the final round seat 0 started; the game
    still ends after seat 0's own last turn."""
    state = nl_state(3, hands=[hand(black=1), hand(red=1), hand()], trains=[3, 2, 40],
                     deck=["white"] * 20)
    _, state = play(state, 0, ClaimRoute(route("arhus", "alborg", "black"), "black", 0))
    assert (state.turns_left, state.current) == (3, 1)
    _, state = play(state, 1, ClaimRoute(route("kuopio", "kajaani"), "red", 0))
    assert state.players[1].pieces[TRAINS] == 1 and state.turns_left == 2
    for seat in (2, 0):
        assert state.phase == "playing" and state.current == seat
        _, state = play(state, seat, DrawCard())
        events, state = play(state, seat, DrawCard())
    assert state.phase == "finished" and isinstance(events[-1], GameEnded)


@pytest.mark.parametrize(("seats", "usable"), [(2, 1), (3, 2)])
def test_the_first_claimers_of_a_triple_route_pick_any_of_its_tracks(
    seats: int, usable: int
) -> None:
    """§3.2: Karlstad-Stockholm claimed from its last track backwards; the tracks left
    once the limit is reached are closed to everyone, listed or sent."""
    group = tracks("karlstad", "stockholm")
    rich = hand(**{c: 3 for c in NL.colours})
    state = nl_state(seats, hands=[list(rich) for _ in range(seats)])
    for claimed, track in enumerate(reversed(group[-usable:])):
        state.current = claimed
        _, state = play(state, claimed, ClaimRoute(track, NL.card_name(NL.route_colour[track])))
    for seat in range(seats):
        state.current = seat
        listed = {m.command.route for m in RULES.legal_moves(state, seat)
                  if isinstance(m.command, ClaimRoute)}
        for track in group[: len(group) - usable]:
            assert track not in listed
            colour = NL.card_name(NL.route_colour[track])
            assert refusal(state, seat, ClaimRoute(track, colour)).code == "double-route-closed"


def test_nordic_express_may_pass_a_city_twice_but_each_route_once() -> None:
    """§5.3 card E: Lillehammer-Karlstad-Göteborg-Oslo-Karlstad-Stockholm passes Karlstad
    twice and is 3+2+2+1+1 = 9; without the second pass the best is 7."""
    state = goal_state()
    own(state, 0, *_path(["lillehammer", "karlstad", "goteborg", "oslo", "karlstad",
                          "stockholm"]))
    own(state, 1, *_path(["lillehammer", "karlstad", "goteborg", "oslo"]))
    assert values(state, "nordic-express") == [9, 7, 0]


def test_local_network_counts_a_completed_5_point_ticket_but_not_a_6_point_one() -> None:
    """§5.3 card F: "worth 5 points or fewer"; an uncompleted small ticket counts 0."""
    five, six = ticket("honningsvag", "rovaniemi"), ticket("tromso", "mo-i-rana")
    assert (NL.ticket_points[five], NL.ticket_points[six]) == (5, 6)
    state = goal_state(tickets=[[five, six], [six], [five]])
    own(state, 0, *_path(["honningsvag", "unnamed-2", "rovaniemi"]),
        *_path(["tromso", "narvik", "mo-i-rana"]))
    own(state, 1, *_path(["tromso", "narvik", "mo-i-rana"]))
    assert values(state, "local-network") == [1, 0, 0]


def test_with_no_card_anywhere_the_draw_is_barred_and_a_seat_with_nothing_to_do_passes() -> None:
    """§3.1: pile, discards and display empty: action A is not allowed; with no route
    payable and no ticket left either, the seat passes (Resolved), and the game goes on."""
    state = nl_state(display=[None] * 5, ticket_pile=[])
    assert refusal(state, 0, DrawCard()).code == "no-cards"
    assert refusal(state, 0, DrawCard(0)).code in ("no-cards", "empty-slot")
    assert [m.command for m in RULES.legal_moves(state, 0)] == [Pass()]
    _, state = play(state, 0, Pass())
    assert state.current == 1 and state.phase == "playing"
