"""Review tests: passing (§3), double routes (§5.5), tickets (§6, §11), the end (§8, §9)
and the board data (§1).

Each test covers a point of the rules that the first round of rule tests left
unchecked or checked only in part (see docs/rules-coverage-ticket-to-ride.md).
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from domain.kernel.errors import RuleViolation
from domain.kernel.protocol import Setup
from domain.ticket_to_ride import RULES
from domain.ticket_to_ride.board import FERRY
from domain.ticket_to_ride.commands import (
    BuildStation,
    ChooseTickets,
    ClaimRoute,
    DrawCard,
    DrawTickets,
    KeepTickets,
    Pass,
    PayTunnel,
    WithdrawTunnel,
)
from domain.ticket_to_ride.events import GameEnded, GameStarted, TicketsDrawn
from domain.ticket_to_ride.mapfile import STATIONS, TRAINS
from domain.ticket_to_ride.state import GameState

from .handmade import BOARD, SEED, city, hand, make_state, play, route, ticket

AMSTERDAM_ESSEN = route("amsterdam", "essen")  # 3 spaces, yellow
MADRID_PAMPLONA_BLACK = route("madrid", "pamplona", "black")  # tunnel, 3 spaces
PARIS_FRANKFURT_WHITE = route("frankfurt", "paris", "white")
PARIS_FRANKFURT_ORANGE = route("frankfurt", "paris", "orange")


def commands(state: GameState, seat: int = 0) -> list[object]:
    return [m.command for m in RULES.legal_moves(state, seat)]


def refused(state, seat, command) -> str:  # type: ignore[no-untyped-def]
    with pytest.raises(RuleViolation) as caught:
        RULES.decide(state, seat, command, SEED)
    return caught.value.code


def draw_two(state: GameState, seat: int) -> tuple[list[object], GameState]:
    first, state = play(state, seat, DrawCard())
    second, state = play(state, seat, DrawCard())
    return [*first, *second], state


# §3: pass


def _stuck(**changes: object) -> GameState:
    """Seat 0 can do nothing: no cards anywhere, no tickets, no stations (then `changes`)."""
    state = make_state(hands=[hand(), hand()], display=[None] * 5)
    state.players[0].pieces[STATIONS] = 0
    for name, value in changes.items():
        if name == "hand":
            state.players[0].hand = value  # type: ignore[assignment]
        else:
            setattr(state, name, value)
    return state


@pytest.mark.parametrize(
    ("changes", "only"),
    [
        ({"deck": [0]}, DrawCard),
        ({"display": [0, -1, -1, -1, -1], "discard": [1, 0, 0, 0, 0, 0, 0, 0, 0]}, DrawCard),
        ({"ticket_pile": [5]}, DrawTickets),
        ({"hand": hand(yellow=3)}, ClaimRoute),
    ],
)
def test_pass_is_refused_while_any_one_action_remains(
    changes: dict[str, object], only: type
) -> None:
    assert commands(_stuck()) == [Pass()]
    state = _stuck(**changes)
    listed = commands(state)
    assert Pass() not in listed and listed and all(isinstance(c, only) for c in listed)
    assert refused(state, 0, Pass()) == "cannot-pass"


def test_pass_is_refused_when_only_a_station_can_be_built() -> None:
    state = _stuck(hand=hand(red=1))
    state.players[0].pieces[STATIONS] = 3  # the first station costs 1 card
    state.players[0].pieces[TRAINS] = 0  # no route either, so only the station is left
    listed = commands(state)
    assert len(listed) == 1 and isinstance(listed[0], BuildStation)
    assert refused(state, 0, Pass()) == "cannot-pass"


def test_pass_is_refused_in_the_middle_of_an_action() -> None:
    drawing = make_state(deck=["red", "blue"], display=[None] * 5)
    _, drawing = play(drawing, 0, DrawCard())
    assert refused(drawing, 0, Pass()) == "draw-second-card"
    tunnel = make_state(hands=[hand(black=3), hand()], deck=["black"] * 3)
    _, tunnel = play(tunnel, 0, ClaimRoute(MADRID_PAMPLONA_BLACK, "black", 0))
    assert refused(tunnel, 0, Pass()) == "tunnel-pending"
    tickets = make_state(ticket_pile=[1, 2, 3])
    _, tickets = play(tickets, 0, DrawTickets())
    assert refused(tickets, 0, Pass()) == "keep-tickets-first"


def test_three_seats_end_only_after_three_passes_in_a_row() -> None:
    state = make_state(3, hands=[hand(), hand(), hand()], display=[None] * 5)
    for player in state.players:
        player.pieces[STATIONS] = 0
    _, state = play(state, 0, Pass())
    events, state = play(state, 1, Pass())
    assert not any(isinstance(e, GameEnded) for e in events) and state.passes == 2
    events, state = play(state, 2, Pass())
    ended = events[-1]
    assert isinstance(ended, GameEnded) and ended.reason == "all-passed"


def test_passes_in_the_final_round_are_its_turns_and_it_ends_as_the_final_round() -> None:
    """§8: a seat that can do nothing passes its final turn; the game then ends as the
    final round says, after exactly N turns (the all-passed safeguard changes nothing)."""
    state = make_state(hands=[hand(yellow=3), hand()], trains=[5, 45], display=[None] * 5)
    for player in state.players:
        player.pieces[STATIONS] = 0
    _, state = play(state, 0, ClaimRoute(AMSTERDAM_ESSEN, "yellow", 0))
    # the payment refilled the display; take it away so nobody can act
    state.display = [-1] * 5
    state.deck = []
    state.discard = [0] * len(state.discard)
    assert state.turns_left == 2 and state.current == 1
    events, state = play(state, 1, Pass())
    assert state.phase == "playing"
    events, state = play(state, 0, Pass())
    ended = events[-1]
    assert isinstance(ended, GameEnded) and ended.reason == "final-round"


# §5.5: double routes


def test_three_players_first_track_claimed_closes_the_other_for_everyone() -> None:
    state = make_state(3, hands=[hand(white=3, orange=3)] * 3)
    _, state = play(state, 0, ClaimRoute(PARIS_FRANKFURT_ORANGE, "orange", 0))
    for seat in range(3):
        state.current = seat
        assert ClaimRoute(PARIS_FRANKFURT_WHITE, "white", 0) not in commands(state, seat)
        assert refused(state, seat, ClaimRoute(PARIS_FRANKFURT_WHITE, "white", 0)) == (
            "double-route-closed"
        )


@pytest.mark.parametrize(("seats", "open_to_other"), [(2, False), (3, False), (4, True), (5, True)])
def test_double_ferry_follows_the_double_route_rule(seats: int, open_to_other: bool) -> None:
    dieppe_london = [
        r
        for r in range(len(BOARD.route_a))
        if {BOARD.route_a[r], BOARD.route_b[r]} == {city("dieppe"), city("london")}
    ]
    assert len(dieppe_london) == 2
    first, second = dieppe_london
    state = make_state(seats, hands=[hand(red=2, locomotive=2)] * seats)
    _, state = play(state, 0, ClaimRoute(first, "red", 1))
    state.current = 0
    assert refused(state, 0, ClaimRoute(second, "red", 1)) == "double-route-closed"
    state.current = 1
    if open_to_other:
        _, state = play(state, 1, ClaimRoute(second, "red", 1))
        assert state.route_owner[second] == 1
    else:
        assert refused(state, 1, ClaimRoute(second, "red", 1)) == "double-route-closed"


# §6, §11: tickets


def test_big_cities_draw_from_a_short_pile_takes_what_remains() -> None:
    state = make_state(ticket_pile=[1, 2], variant="big-cities")
    events, state = play(state, 0, DrawTickets())
    assert events == [TicketsDrawn(0, [2, 1], 2)]
    assert len(RULES.legal_moves(state, 0)) == 3
    assert refused(state, 0, KeepTickets([])) == "keep-more"
    _, state = play(state, 0, KeepTickets([1]))
    assert state.ticket_pile == [2] and state.players[0].tickets == [1]


def test_big_cities_setup_deals_five_and_keeps_at_least_two() -> None:
    opening = RULES.start(Setup(2, "europe", "big-cities"), SEED)[0]
    assert isinstance(opening, GameStarted) and opening.long_tickets is None
    state = RULES.evolve(None, opening)
    pile = list(state.ticket_pile)
    offered = list(state.players[0].offered)
    assert len(offered) == 5
    assert all(BOARD.ticket_group[t].endswith("big-city") for t in offered)
    assert refused(state, 0, ChooseTickets(offered[:1])) == "keep-more"
    assert all(len(m.command.keep) >= 2 for m in RULES.legal_moves(state, 0))  # type: ignore[attr-defined]
    _, state = play(state, 0, ChooseTickets(offered[:2]))
    assert state.players[0].tickets == offered[:2] and state.ticket_pile == pile


def test_mega_europe_draws_during_play_from_the_regular_deck_only() -> None:
    opening = RULES.start(Setup(5, "europe", "mega-europe"), SEED)[0]
    state = RULES.evolve(None, opening)
    assert len(state.ticket_pile) == 89 - 5 * 5
    assert not any(BOARD.ticket_group[t].endswith("long") for t in state.ticket_pile)
    dealt_longs = [t for p in state.players for t in p.offered if t in state.rules.long_tickets]
    assert len(dealt_longs) == 10 and len(state.rules.long_tickets) == 12


# §8: the end trigger


@pytest.mark.parametrize("left", [0, 1, 2])
def test_trigger_at_two_one_or_zero_trains(left: int) -> None:
    state = make_state(hands=[hand(yellow=3), hand()], trains=[3 + left, 45], deck=["red"] * 8)
    _, state = play(state, 0, ClaimRoute(AMSTERDAM_ESSEN, "yellow", 0))
    assert state.players[0].pieces[TRAINS] == left and state.turns_left == 2


@pytest.mark.parametrize("seats", [2, 3, 4, 5])
def test_exactly_n_more_turns_after_the_trigger(seats: int) -> None:
    """§8: N more turns: the other seats in order, then the triggering seat; counted here
    from seat 2 (or 1) so the count wraps round the table."""
    trigger = min(2, seats - 1)
    hands = [hand(yellow=3) if s == trigger else hand() for s in range(seats)]
    trains = [5 if s == trigger else 45 for s in range(seats)]
    state = make_state(seats, hands=hands, trains=trains, deck=["red"] * 30, current=trigger)
    _, state = play(state, trigger, ClaimRoute(AMSTERDAM_ESSEN, "yellow", 0))
    order = []
    while state.phase != "finished":
        order.append(state.current)
        _, state = draw_two(state, state.current)
    assert order == [(trigger + 1 + k) % seats for k in range(seats)]
    assert order[-1] == trigger


def test_trigger_by_a_paid_tunnel() -> None:
    state = make_state(
        hands=[hand(black=4), hand()], trains=[5, 45], deck=["red"] * 6 + ["red", "red", "black"]
    )
    _, state = play(state, 0, ClaimRoute(MADRID_PAMPLONA_BLACK, "black", 0))
    assert state.turns_left == -1 and state.tunnel is not None
    _, state = play(state, 0, PayTunnel(0))
    assert state.players[0].pieces[TRAINS] == 2 and state.turns_left == 2


def test_a_final_turn_tunnel_ends_the_game_only_after_its_decision() -> None:
    state = make_state(hands=[hand(black=3), hand()], deck=["red"] * 3 + ["black"] * 3)
    state.turns_left = 1
    events, state = play(state, 0, ClaimRoute(MADRID_PAMPLONA_BLACK, "black", 0))
    assert not any(isinstance(e, GameEnded) for e in events) and state.phase == "playing"
    events, state = play(state, 0, WithdrawTunnel())
    assert isinstance(events[-1], GameEnded) and state.phase == "finished"


def test_zero_trains_final_turn_tickets_count_against() -> None:
    """§8: with 0 trains a seat still plays its final turn; tickets drawn then and not
    completed cost their points."""
    amsterdam_pamplona = ticket("amsterdam", "pamplona")  # 7 points
    state = make_state(
        hands=[hand(yellow=3), hand()],
        trains=[3, 45],
        deck=["red"] * 6,
        ticket_pile=[amsterdam_pamplona],
    )
    _, state = play(state, 0, ClaimRoute(AMSTERDAM_ESSEN, "yellow", 0))
    _, state = draw_two(state, 1)
    assert state.current == 0 and state.players[0].pieces[TRAINS] == 0
    assert not any(isinstance(c, ClaimRoute) for c in commands(state))
    _, state = play(state, 0, DrawTickets())
    events, state = play(state, 0, KeepTickets([amsterdam_pamplona]))
    ended = events[-1]
    assert isinstance(ended, GameEnded)
    assert ended.scores[0].tickets == -7 and ended.scores[0].completed == (False,)


# §9: final scoring


def test_a_ticket_completed_through_a_station_counts_for_the_first_tie_break() -> None:
    """§7.2/§9: equal totals; seat 0 completed one ticket with a borrowed route and built a
    station, seat 1 completed none and built none. Tickets come first, so seat 0 wins."""
    amsterdam_bruxelles = route("amsterdam", "bruxelles")
    paris_pamplona = route("pamplona", "paris", "blue")
    bruxelles_paris = route("bruxelles", "paris", "yellow")
    state = make_state(tickets=[[ticket("amsterdam", "pamplona")], []], deck=["red"] * 4)
    for seat, r in [(0, amsterdam_bruxelles), (0, paris_pamplona), (1, bruxelles_paris)]:
        state.route_owner[r] = seat
        state.players[seat].routes.append(r)
    state.station_owner[city("paris")] = 0
    state.players[0].pieces[STATIONS] = 2
    state.players[0].score, state.players[1].score = 0, 13
    state.turns_left = 1
    events, state = draw_two(state, 0)
    ended = events[-1]
    assert isinstance(ended, GameEnded)
    mine, theirs = ended.scores
    assert mine.total == theirs.total == 25
    assert mine.completed == (True,) and ended.winners == [0]


# §1: the board


def test_board_matches_the_component_list() -> None:
    pairs = Counter(
        frozenset((BOARD.route_a[r], BOARD.route_b[r])) for r in range(len(BOARD.route_a))
    )
    assert len(BOARD.city_ids) == 47 and len(BOARD.route_a) == 101 and len(pairs) == 90
    assert sum(1 for n in pairs.values() if n == 2) == 11 and max(pairs.values()) == 2
    assert set(BOARD.route_length) == {1, 2, 3, 4, 6, 8}
    for r, kind in enumerate(BOARD.route_kind):
        symbols = BOARD.route_locomotives[r]
        assert symbols in ((1, 2) if kind == FERRY else (0,))
        if kind == FERRY:
            assert BOARD.route_colour[r] < 0  # ferries are gray
    groups = Counter(BOARD.ticket_group)
    assert groups == {
        "base-regular": 25,
        "base-big-city": 15,
        "long": 6,
        "1912-regular": 19,
        "1912-big-city": 30,
        "1912-long": 6,
    }
    metropolises = set(BOARD.metropolises)
    assert len(metropolises) == 9
    for t, group in enumerate(BOARD.ticket_group):
        names_metropolis = bool({BOARD.ticket_a[t], BOARD.ticket_b[t]} & metropolises)
        if not group.endswith("long"):
            assert group.endswith("big-city") == names_metropolis
    rules = RULES.evolve(None, RULES.start(Setup(2), SEED)[0]).rules
    assert rules.colour_cards * len(BOARD.colours) + rules.locomotive_cards == 110
    assert len(BOARD.colours) == 8


# §3 pass and §5 claims: legal moves against decide, exhaustively


def _claims_accepted(state: GameState) -> set[tuple[int, str | None, int]]:
    """Every (route, colour, Locomotives) claim `decide` accepts for seat 0, by trying all."""
    accepted = set()
    for r in range(len(BOARD.route_length)):
        for colour in (*BOARD.colours, None):
            for locomotives in range(BOARD.route_length[r] + 1):
                try:
                    RULES.decide(state, 0, ClaimRoute(r, colour, locomotives), SEED)
                except RuleViolation:
                    continue
                accepted.add((r, colour, locomotives))
    return accepted


def _claims_listed(state: GameState) -> set[tuple[int, str | None, int]]:
    listed = set()
    for move in RULES.legal_moves(state, 0):
        if isinstance(move.command, ClaimRoute):
            for payment in move.payments or ():
                for n in range(payment.min_locomotives, payment.max_locomotives + 1):
                    listed.add((move.command.route, payment.colour, n))
    return listed


def _all_locomotives_as_none(
    claims: set[tuple[int, str | None, int]],
) -> set[tuple[int, str | None, int]]:
    return {(r, None if n == BOARD.route_length[r] else c, n) for r, c, n in claims}


@pytest.mark.parametrize("seats", [2, 4])
def test_claims_listed_are_exactly_those_decide_accepts_and_pass_only_without_any(
    seats: int,
) -> None:
    """Random small hands, trains and owned routes, both piles and the ticket pile empty, no
    station left: the claims listed (with every payment alternative) are exactly the claims
    `decide` accepts, and pass is offered exactly when there is none."""
    chooser = random.Random(seats)
    passes = 0
    for _ in range(12):
        state = make_state(seats, display=[None] * 5)
        state.players[0].pieces[STATIONS] = 0
        counts = {c: chooser.choice([0, 0, 1, 2, 3, 4]) for c in chooser.sample(BOARD.colours, 3)}
        state.players[0].hand = hand(locomotive=chooser.choice([0, 0, 1, 2, 3]), **counts)
        state.players[0].pieces[TRAINS] = chooser.choice([1, 2, 3, 4, 6, 45])
        for r in range(len(BOARD.route_length)):
            if chooser.random() < 0.4:
                state.route_owner[r] = chooser.randrange(seats)
        accepted = _claims_accepted(state)
        # an all-Locomotive payment may name no colour or the route's own: count it once
        assert _all_locomotives_as_none(_claims_listed(state)) == _all_locomotives_as_none(accepted)
        if accepted:
            assert refused(state, 0, Pass()) == "cannot-pass"
        else:
            passes += 1
            assert commands(state) == [Pass()]
            _, after = play(state, 0, Pass())
            assert after.passes == 1
    assert passes >= 1


def test_station_and_tunnel_payments_listed_are_exactly_those_decide_accepts() -> None:
    """§7.1 and §5.4: for random small hands, every station payment and every tunnel extra
    payment `decide` accepts is listed, and nothing else."""
    chooser = random.Random(7)
    roma = city("roma")
    for _ in range(30):
        counts = {c: chooser.choice([0, 1, 2, 3]) for c in chooser.sample(BOARD.colours, 3)}
        mine = hand(locomotive=chooser.choice([0, 1, 2, 3]), **counts)
        state = make_state(hands=[mine, hand()], deck=["red"] * 3)
        state.players[0].pieces[STATIONS] = chooser.choice([1, 2, 3])
        accepted = set()
        for colour in (*BOARD.colours, None):
            for locomotives in range(4):
                try:
                    RULES.decide(state, 0, BuildStation(roma, colour, locomotives), SEED)
                except RuleViolation:
                    continue
                accepted.add((colour, locomotives))
        entries = [m for m in RULES.legal_moves(state, 0) if isinstance(m.command, BuildStation)]
        listed = {
            (p.colour, n)
            for m in entries
            for p in m.payments or ()
            for n in range(p.min_locomotives, p.max_locomotives + 1)
        }
        assert listed == accepted
        assert all(m.cities is not None and roma in m.cities for m in entries)

        tunnel_hand = hand(
            black=3 + chooser.choice([0, 1, 2]), locomotive=chooser.choice([0, 1, 2])
        )
        state = make_state(hands=[tunnel_hand, hand()], deck=["black", "locomotive", "black"])
        _, state = play(state, 0, ClaimRoute(MADRID_PAMPLONA_BLACK, "black", 0))
        assert state.tunnel is not None and state.tunnel.extra == 3
        paid = set()
        for locomotives in range(5):
            try:
                RULES.decide(state, 0, PayTunnel(locomotives), SEED)
            except RuleViolation:
                continue
            paid.add(locomotives)
        moves = RULES.legal_moves(state, 0)
        offered = {
            n
            for m in moves
            if isinstance(m.command, PayTunnel)
            for p in m.payments or ()
            for n in range(p.min_locomotives, p.max_locomotives + 1)
        }
        assert offered == paid and WithdrawTunnel() in [m.command for m in moves]
        spare_black = tunnel_hand[BOARD.card_index("black")] - 3
        spare_locomotives = tunnel_hand[BOARD.locomotive]
        assert paid == {n for n in range(4) if n <= spare_locomotives and 3 - n <= spare_black}
