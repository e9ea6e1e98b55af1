"""Northern Lights' turn as its map file states it (``rules.md`` §3.1 drawing cards, §3.2
double and triple routes, §3.3 tickets, §4 the end, §5.1-5.2 scores), and its legal moves
saying exactly what `decide` accepts in states of random games.

Ferries, "+X" bonus draws and goal cards are `test_ferries`, `test_bonus_draws` and
`test_goal_cards`.
"""

from __future__ import annotations

import random

import pytest

from domain.ticket_to_ride import RULES
from domain.ticket_to_ride.board import FERRY, TRAINS
from domain.ticket_to_ride.commands import ClaimRoute, DrawCard, DrawTickets, KeepTickets, Pass
from domain.ticket_to_ride.events import CardDrawn, GameEnded
from domain.ticket_to_ride.final import final_scores
from domain.ticket_to_ride.state import GameState

from .handmade import claimed, decide_accepts, draw_two, make_state, play, refused
from .map_states import NL, listed_claims, lists, random_states

BOARD = NL.board
ENGINE = RULES.engines[NL.id]
#: Århus-Ålborg: a double route of 1 space (black and another colour)
ARHUS_ALBORG = NL.tracks("arhus", "alborg")
ARHUS_ALBORG_BLACK = NL.route("arhus", "alborg", "black")


# --- §3.1: drawing train cards ---------------------------------------------------------------


def test_a_face_up_locomotive_counts_as_both_draws_and_a_blind_one_as_one() -> None:
    state = NL.state(display=["red", "locomotive", "green", "white", "black"],
                     deck=["blue", "orange"])
    events, after = play(state.copy(), 0, DrawCard(1))
    assert events == [CardDrawn(0, 1, "locomotive", True,
                                ["red", "orange", "green", "white", "black"])]
    assert after.current == 1 and after.players[0].hand == NL.hand(locomotive=1)
    _, second = play(state, 0, DrawCard(0))  # not as the second card
    error = refused(second, 0, DrawCard(1))
    assert (error.code, error.section) == ("locomotive-second", "§3.1")
    events, blind = play(NL.state(deck=["red", "locomotive"]), 0, DrawCard())
    assert events == [CardDrawn(0, None, "locomotive", False)] and blind.current == 0


def test_a_locomotive_the_refill_turns_up_may_not_be_the_second_card() -> None:
    """§3.1: "this includes one just revealed by the refill"."""
    state = NL.state(display=["red", "green", "white", "black", "blue"], deck=["locomotive"])
    events, state = play(state, 0, DrawCard(0))
    assert events == [CardDrawn(0, 0, "red", False,
                                ["locomotive", "green", "white", "black", "blue"])]
    assert refused(state, 0, DrawCard(0)).code == "locomotive-second"
    assert DrawCard(0) not in [m.command for m in RULES.legal_moves(state, 0)]
    _, state = play(state, 0, DrawCard(1))
    assert state.current == 1 and state.players[0].hand == NL.hand(red=1, green=1)


def test_with_pile_and_discards_empty_only_face_up_cards_can_be_taken() -> None:
    """§3.1 Resolved: no blind draw; a slot that cannot be refilled stays empty; with only a
    Locomotive left for the second pick, the draw ends after one card. Europe (§4.4)
    bars the draw then."""
    state = NL.state(display=["red", None, "locomotive", None, None])
    moves = [m.command for m in RULES.legal_moves(state, 0)]
    assert DrawCard(0) in moves and DrawCard(2) in moves and DrawCard(None) not in moves
    error = refused(state, 0, DrawCard())
    assert (error.code, error.section) == ("no-cards", "§3.1")
    events, after = play(state, 0, DrawCard(0))
    assert events == [CardDrawn(0, 0, "red", True, [None, None, "locomotive", None, None])]
    assert after.current == 1
    assert refused(make_state(display=["red", None, None, None, None]), 0,
                   DrawCard(0)).code == "no-cards"


def test_with_no_card_anywhere_the_draw_is_barred_and_a_seat_with_nothing_to_do_passes() -> None:
    """§3.1: pile, discards and display empty: action A is not allowed; with no route
    payable and no ticket left either, the seat passes (Resolved), and the game goes on."""
    state = NL.state(display=[None] * 5, ticket_pile=[])
    assert refused(state, 0, DrawCard()).code == "no-cards"
    assert refused(state, 0, DrawCard(0)).code in ("no-cards", "empty-slot")
    assert [m.command for m in RULES.legal_moves(state, 0)] == [Pass()]
    _, state = play(state, 0, Pass())
    assert state.current == 1 and state.phase == "playing"


# --- §3.2: double and triple routes ----------------------------------------------------------

#: (seats, tracks usable of a double route, of a triple route)
LIMITS = [(2, 1, 1), (3, 1, 2), (4, 2, 3), (5, 2, 3)]


@pytest.mark.parametrize(("seats", "double", "triple"), LIMITS)
def test_usable_tracks_of_double_and_triple_routes_by_player_count(
    seats: int, double: int, triple: int
) -> None:
    """The table of §3.2: once that many tracks are claimed the others close, for
    everyone, listed or sent; nobody ever owns two tracks of a group."""
    rich = NL.hand(**{c: 5 for c in BOARD.colours}, locomotive=5)
    for group, usable in ((ARHUS_ALBORG, double), (NL.tracks("oslo", "karlstad"), triple)):
        state = NL.state(seats, hands=[list(rich) for _ in range(seats)])
        for claimed_count, track in enumerate(group):
            seat = claimed_count % seats
            state.current = seat
            if claimed_count < usable:
                assert track in listed_claims(state, seat)
                _, state = play(state, seat, ClaimRoute(track, NL.colour_of(track), 0))
                state.current = seat  # the claimer may not take a second track
                for other in (t for t in group if state.route_owner[t] < 0):
                    error = refused(state, seat, ClaimRoute(other, None, 1))
                    assert (error.code, error.section) == ("double-route-closed", "§3.2")
            else:
                assert track not in listed_claims(state, seat)
                assert refused(state, seat, ClaimRoute(track, None, 1)).code == (
                    "double-route-closed")
        owners = [state.route_owner[t] for t in group]
        assert len(owners) - owners.count(-1) == usable


@pytest.mark.parametrize(("seats", "usable"), [(2, 1), (3, 2)])
def test_the_first_claimers_of_a_triple_route_pick_any_of_its_tracks(
    seats: int, usable: int
) -> None:
    """§3.2: Karlstad-Stockholm claimed from its last track backwards; the tracks left
    once the limit is reached are closed to everyone, listed or sent."""
    group = NL.tracks("karlstad", "stockholm")
    rich = NL.hand(**{c: 3 for c in BOARD.colours})
    state = NL.state(seats, hands=[list(rich) for _ in range(seats)])
    for seat, track in enumerate(reversed(group[-usable:])):
        state.current = seat
        _, state = play(state, seat, ClaimRoute(track, NL.colour_of(track)))
    for seat in range(seats):
        state.current = seat
        for track in group[: len(group) - usable]:
            assert track not in listed_claims(state, seat)
            error = refused(state, seat, ClaimRoute(track, NL.colour_of(track)))
            assert error.code == "double-route-closed"


# --- §3.3: tickets ---------------------------------------------------------------------------


def test_draw_3_tickets_keep_at_least_1_the_others_go_under_the_pile() -> None:
    pile = [NL.ticket("oslo", "stockholm"), NL.ticket("stockholm", "helsinki"),
            NL.ticket("lillehammer", "alborg"), NL.ticket("oslo", "kobenhavn")]
    state = NL.state(ticket_pile=pile)
    _, state = play(state, 0, DrawTickets())
    assert state.players[0].offered == pile[:0:-1]  # the top 3
    error = refused(state, 0, KeepTickets([]))
    assert (error.code, error.section) == ("keep-more", "§3.3")
    _, state = play(state, 0, KeepTickets([pile[3]]))
    assert state.players[0].tickets == [pile[3]]
    # the 2 returned lie under the one left (the pile's bottom is its first item)
    assert sorted(state.ticket_pile[:2]) == sorted(pile[1:3]) and state.ticket_pile[2] == pile[0]


def test_a_short_ticket_pile_deals_what_is_left_and_an_empty_one_bars_the_draw() -> None:
    """§3.3 Resolved: fewer than 3 left: all of them, keep at least 1; none: no action C."""
    pile = [NL.ticket("oslo", "stockholm"), NL.ticket("stockholm", "helsinki")]
    state = NL.state(ticket_pile=pile)
    _, state = play(state, 0, DrawTickets())
    assert sorted(state.players[0].offered) == sorted(pile)
    assert refused(state, 0, KeepTickets([])).code == "keep-more"
    empty = NL.state(ticket_pile=[])
    assert refused(empty, 0, DrawTickets()).code == "no-tickets"
    assert DrawTickets() not in [m.command for m in RULES.legal_moves(empty, 0)]


# --- §4: the end -----------------------------------------------------------------------------


def test_two_or_fewer_trains_give_everyone_one_final_turn() -> None:
    """§4: the triggering player's own extra turn is the last of the game."""
    state = NL.state(3, hands=[NL.hand(black=1), NL.hand(), NL.hand()], trains=[3, 40, 40],
                     deck=["white"] * 20)
    _, state = play(state, 0, ClaimRoute(ARHUS_ALBORG_BLACK, "black", 0))
    assert (state.turns_left, state.current) == (3, 1)
    events: list[object] = []
    for seat in (1, 2, 0):
        assert state.phase == "playing" and state.current == seat
        events, state = draw_two(state, seat)
    assert state.phase == "finished"
    assert isinstance(events[-1], GameEnded) and events[-1].reason == "final-round"


def test_a_seat_dropping_to_2_trains_in_the_final_round_does_not_extend_it() -> None:
    """§4: seat 1 claims down to 1 train in the final round seat 0 started; the game
    still ends after seat 0's own last turn."""
    state = NL.state(3, hands=[NL.hand(black=1), NL.hand(red=1), NL.hand()], trains=[3, 2, 40],
                     deck=["white"] * 20)
    _, state = play(state, 0, ClaimRoute(ARHUS_ALBORG_BLACK, "black", 0))
    _, state = play(state, 1, ClaimRoute(NL.route("kuopio", "kajaani"), "red", 0))
    assert state.players[1].pieces[TRAINS] == 1 and state.turns_left == 2
    events: list[object] = []
    for seat in (2, 0):
        assert state.phase == "playing" and state.current == seat
        events, state = draw_two(state, seat)
    assert state.phase == "finished" and isinstance(events[-1], GameEnded)


def test_three_trains_left_do_not_end_the_game() -> None:
    state = NL.state(2, hands=[NL.hand(black=1), NL.hand()], trains=[4, 40])
    _, state = play(state, 0, ClaimRoute(ARHUS_ALBORG_BLACK, "black", 0))
    assert state.players[0].pieces[TRAINS] == 3 and state.turns_left == -1


# --- §5.1, §5.2: scores ----------------------------------------------------------------------


def test_route_points_follow_the_maps_table() -> None:
    """§5.1 Resolved: 1, 2, 4, 7, 10 points for 1 to 5 spaces."""
    assert BOARD.map.route_points == {1: 1, 2: 2, 3: 4, 4: 7, 5: 10}
    for r in range(len(BOARD.route_a)):
        assert BOARD.route_points[r] == BOARD.map.route_points[BOARD.route_length[r]]


def test_scores_may_go_below_0_at_the_end() -> None:
    """§2.2 Resolved, §5.2: an uncompleted ticket subtracts its value, below 0 if need be."""
    murmansk_kobenhavn = NL.ticket("murmansk", "kobenhavn")
    goals = ["polar-express", "capital-investment", "local-network", "call-of-the-wild"]
    state = NL.state(2, tickets=[[murmansk_kobenhavn], []], goals=goals)
    claimed(state, 0, NL.tracks("helsinki", "tallinn")[0])
    scores, won = final_scores(ENGINE, state)
    assert scores[0].total == 1 - BOARD.ticket_points[murmansk_kobenhavn] < 0
    assert won == [1]


# --- legal moves: exactly what decide accepts -------------------------------------------------


def _random_claims(chooser: random.Random, state: GameState, seat: int) -> list[ClaimRoute]:
    """Claims of random routes, legal or not: colour-and-Locomotives form, cards drawn from
    the hand (up to twice the length on a ferry), and ferries paid as §3.2 describes."""
    hand = state.players[seat].hand
    loco = BOARD.locomotive
    held = [c for c in range(loco + 1) for _ in range(hand[c])]
    colours = [*BOARD.colours, None]
    claims = []
    for _ in range(30):
        r = chooser.randrange(len(BOARD.route_length))
        length = BOARD.route_length[r]
        claims.append(ClaimRoute(r, chooser.choice(colours), chooser.randrange(length + 2)))
        size = chooser.randint(length, 2 * length if BOARD.route_kind[r] == FERRY else length)
        if held and size <= len(held):
            picked: dict[str, int] = {}
            for c in chooser.sample(held, size):
                picked[BOARD.card_name(c)] = picked.get(BOARD.card_name(c), 0) + 1
            claims.append(ClaimRoute(r, cards=picked))
    ferries = [r for r in range(len(BOARD.route_length)) if BOARD.route_kind[r] == FERRY]
    for _ in range(30):
        r = chooser.choice(ferries)
        symbols = BOARD.route_locomotives[r]
        plain = BOARD.route_length[r] - symbols
        paid = [0] * (loco + 1)
        paid[loco] = chooser.randint(0, plain)
        paid[chooser.randrange(loco)] += plain - paid[loco]
        for _ in range(symbols):
            if chooser.random() < 0.5:
                paid[loco] += 1
            else:
                paid[chooser.randrange(loco)] += 2
        if all(n <= h for n, h in zip(paid, hand, strict=True)):
            claims.append(ClaimRoute(r, cards={BOARD.card_name(c): n
                                               for c, n in enumerate(paid) if n}))
    return claims


@pytest.mark.parametrize(("seats", "seed_byte"), [(2, 31), (3, 32), (4, 33), (5, 34)])
def test_listed_moves_are_accepted_and_accepted_moves_are_listed(
    seats: int, seed_byte: int
) -> None:
    """In every 4th state of a random game (track groups partly claimed, short piles, a
    second card pending, the last round): each entry and each payment it lists is
    accepted, and each draw, ticket draw, pass and claim `decide` accepts, in both
    payment forms, is listed (a ferry's cards matched to entries by `lists`)."""
    chooser = random.Random(seed_byte)
    listed_checked = accepted = ferries_accepted = 0
    for state in random_states(NL.id, seats, seed_byte, every=4):
        if state.phase != "playing":
            continue
        seat = RULES.to_act(state)[0]
        moves = RULES.legal_moves(state, seat)
        for move in moves:
            assert decide_accepts(state, seat, move.command), move.command
            listed_checked += 1
            if isinstance(move.command, ClaimRoute):
                for p in move.payments or ():
                    variant = (ClaimRoute(move.command.route, cards=p.cards) if p.cards
                               else ClaimRoute(move.command.route, p.colour, p.max_locomotives))
                    assert decide_accepts(state, seat, variant), (variant, p)
        commands: list[object] = [DrawCard(s) for s in (None, 0, 1, 2, 3, 4)]
        commands += [DrawTickets(), Pass(), *_random_claims(chooser, state, seat)]
        for command in commands:
            if decide_accepts(state, seat, command):
                accepted += 1
                if isinstance(command, ClaimRoute):
                    ferries_accepted += BOARD.route_kind[command.route] == FERRY
                assert lists(BOARD, moves, command), (command, state.players[seat].hand)
    assert listed_checked > 200 and accepted > 100 and ferries_accepted > 20
