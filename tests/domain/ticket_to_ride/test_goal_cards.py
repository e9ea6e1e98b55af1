"""Goal cards (Northern Lights ``rules.md`` §1, §2.4, §5.3, §5.4, §6): 4 of the 11 cards are
turned up at setup, public (the 7 left go back in the box unseen); at the end each
card's quantity is measured for every player and its points go to the highest value,
every tied player scoring them in full, nobody when the best is 0 (Resolved); how
many cards a player won breaks a tie on points after completed tickets (§5.4).

The feature is `domain.ticket_to_ride.features.goal_cards`.
"""

from __future__ import annotations

import msgspec
import pytest

from domain.kernel.protocol import Setup
from domain.kernel.rng import Seed
from domain.ticket_to_ride import RULES
from domain.ticket_to_ride.commands import ClaimRoute
from domain.ticket_to_ride.events import GameEnded, GameStarted
from domain.ticket_to_ride.features.goal_cards import goal_values, goal_winners
from domain.ticket_to_ride.final import final_scores
from domain.ticket_to_ride.state import GameState
from tests.domain.sheets import check_sheets, figures, terms

from .handmade import SEED, claimed, ended, play
from .map_states import NL

ENGINE = RULES.engines[NL.id]
BOARD = NL.board
_goal_cards = BOARD.map.features.goal_cards
assert _goal_cards is not None
CARDS = _goal_cards.cards
IDS = [g.id for g in CARDS]

MO_I_RANA_NARVIK = NL.tracks("mo-i-rana", "narvik")[0]  # ferry, 4 spaces
ALBORG_OSLO = NL.route("alborg", "oslo")  # ferry, 3 spaces
HELSINKI_TALLINN = NL.tracks("helsinki", "tallinn")[0]  # ferry, 1 space
OSLO_KARLSTAD = NL.tracks("oslo", "karlstad")  # a triple route of 1 space
KARLSTAD_STOCKHOLM = NL.tracks("karlstad", "stockholm")  # a triple route of 1 space


def goal_state(seats: int = 3, **given: object) -> GameState:
    """A Northern Lights game with the first 4 goal cards in play."""
    return NL.state(seats, goals=IDS[:4], **given)


def values(state: GameState, goal_id: str) -> list[int]:
    return goal_values(BOARD, state, IDS.index(goal_id))


def points_of(goal_id: str) -> int:
    return CARDS[IDS.index(goal_id)].points


# --- §1, §2.4: 4 of the 11 turned up, public --------------------------------------------


def test_the_11_goal_cards_are_worth_104_points_and_4_are_played() -> None:
    """§1, §5.3: cards A-K and their points; 4 in play."""
    assert [(g.card, g.points) for g in CARDS] == [
        ("A", 5), ("B", 7), ("C", 7), ("D", 10), ("E", 10), ("F", 10), ("G", 12), ("H", 12),
        ("I", 12), ("J", 12), ("K", 7)]
    assert sum(g.points for g in CARDS) == 104
    assert _goal_cards is not None and _goal_cards.in_play == 4


def test_the_opening_turns_up_4_different_goal_cards_of_the_11_for_everyone() -> None:
    """§2.4: the 11 shuffled, the first 4 in play (Resolved: 4 distinct at random, public
    from the start), shown in the public view without values or winners yet."""
    for seats in range(2, 6):
        (opening,) = RULES.start(Setup(seats, NL.id), Seed(bytes([seats]) * 32))
        assert isinstance(opening, GameStarted) and opening.goals is not None
        assert sorted(opening.goals.before) == sorted(IDS)
        in_play = list(opening.goals.after[:4])
        assert opening.goal_cards == in_play
        state = RULES.evolve(None, opening)
        assert len(set(state.goals)) == 4 and [IDS[g] for g in state.goals] == in_play
        view = RULES.public_view(state)
        assert view.goals is not None and [g.id for g in view.goals] == in_play
        assert all(g.values is None and g.winners is None for g in view.goals)


def test_only_the_4_goal_cards_drawn_are_public_the_order_of_the_7_in_the_box_is_not() -> None:
    """§2.4: the other 7 "go back in the box unseen": the goal shuffle's outcome is hidden
    from every seat and spectator like any deck order (checkable with the seed at the
    end); the 4 drawn are face up for everyone."""
    for seats in range(2, 6):
        (opening,) = RULES.start(Setup(seats, NL.id), Seed(bytes([40 + seats]) * 32))
        assert isinstance(opening, GameStarted) and opening.goals is not None
        in_play = list(opening.goals.after[:4])
        for viewer in (None, *range(seats)):
            seen = RULES.redact(opening, viewer)
            assert isinstance(seen, GameStarted) and seen.goals is not None
            assert seen.goals.after == () and seen.goals.draw == opening.goals.draw
            assert seen.goal_cards == in_play
            sent = msgspec.json.decode(msgspec.json.encode(seen))
            assert sent["goals"]["before"] == IDS  # the canonical order
            del sent["goals"]["before"]
            text = msgspec.json.encode(sent).decode()
            assert not [g for g in opening.goals.after[4:] if f'"{g}"' in text]


# --- §5.3: what each card measures ---------------------------------------------------------


def test_call_of_the_wild_counts_locomotives_and_pairs_in_hand() -> None:
    """A: each Locomotive 1, each pair of one colour 1, an odd card left over 0."""
    state = goal_state(hands=[NL.hand(locomotive=2, red=3), NL.hand(red=2, blue=2, green=1),
                              NL.hand(white=1, black=1)])
    assert values(state, "call-of-the-wild") == [3, 2, 0]


def test_capital_investment_counts_completed_tickets_with_a_capital_once() -> None:
    """B: Oslo-Stockholm counts once though both ends are capitals; Stavanger-Karlstad
    and an uncompleted Trondheim-Bergen have none that counts."""
    tickets = [[NL.ticket("oslo", "stockholm"), NL.ticket("trondheim", "bergen")],
               [NL.ticket("stavanger", "karlstad")], []]
    state = goal_state(tickets=tickets)
    claimed(state, 0, OSLO_KARLSTAD[0], KARLSTAD_STOCKHOLM[0])
    claimed(state, 1, *NL.path("stavanger", "kristiansand", "oslo", "karlstad"))
    assert values(state, "capital-investment") == [1, 0, 0]


def test_cost_efficiency_small_steps_and_ferry_master_count_trains_and_routes() -> None:
    """C: trains not placed; D: routes of length 1, ferries included; J: ferries."""
    state = goal_state(trains=[40, 40, 40])
    claimed(state, 0, HELSINKI_TALLINN, NL.tracks("arhus", "alborg")[0], ALBORG_OSLO)
    claimed(state, 1, KARLSTAD_STOCKHOLM[0], NL.tracks("umea", "vaasa")[0])
    assert values(state, "cost-efficiency") == [35, 38, 40]
    assert values(state, "small-steps-strategist") == [2, 2, 0]
    assert values(state, "ferry-master") == [2, 1, 0]


def test_nordic_express_is_the_longest_path() -> None:
    """E: the length in spaces of the longest continuous path of own routes."""
    chain = NL.path("stavanger", "kristiansand", "oslo")
    state = goal_state()
    claimed(state, 0, *chain, NL.tracks("alborg", "arhus")[0])
    claimed(state, 1, MO_I_RANA_NARVIK)
    assert values(state, "nordic-express") == [sum(BOARD.route_length[r] for r in chain), 4, 0]


def test_nordic_express_may_pass_a_city_twice_but_each_route_once() -> None:
    """E: Lillehammer-Karlstad-Göteborg-Oslo-Karlstad-Stockholm passes Karlstad twice and
    is 3+2+2+1+1 = 9; without the second pass the best is 7."""
    state = goal_state()
    claimed(state, 0, *NL.path("lillehammer", "karlstad", "goteborg", "oslo", "karlstad",
                               "stockholm"))
    claimed(state, 1, *NL.path("lillehammer", "karlstad", "goteborg", "oslo"))
    assert values(state, "nordic-express") == [9, 7, 0]


def test_local_network_counts_completed_tickets_of_5_points_or_fewer() -> None:
    """F: a completed 5-point ticket counts, a completed 6-point one does not, an
    uncompleted small one counts 0."""
    five, six = NL.ticket("honningsvag", "rovaniemi"), NL.ticket("tromso", "mo-i-rana")
    assert (BOARD.ticket_points[five], BOARD.ticket_points[six]) == (5, 6)
    state = goal_state(tickets=[[five, six], [six], [five]])
    claimed(state, 0, *NL.path("honningsvag", "unnamed-2", "rovaniemi"),
            *NL.path("tromso", "narvik", "mo-i-rana"))
    claimed(state, 1, *NL.path("tromso", "narvik", "mo-i-rana"))
    assert values(state, "local-network") == [1, 0, 0]


def test_international_tycoon_counts_countries_at_route_ends_not_tickets() -> None:
    """G: Denmark-Norway and Norway-Sweden routes reach 3 countries; a ticket's countries
    do not count."""
    state = goal_state(tickets=[[NL.ticket("murmansk", "kobenhavn")], [], []])
    claimed(state, 0, NL.tracks("alborg", "kristiansand")[0], OSLO_KARLSTAD[0])
    claimed(state, 1, HELSINKI_TALLINN)
    assert values(state, "international-tycoon") == [3, 2, 0]


def test_polar_express_and_snowplow_count_arctic_tickets_and_routes() -> None:
    """H, I (and §6: an unnamed city is an ordinary one): Honningsvåg-Rovaniemi completed
    through the unnamed Swedish city; Mo i Rana is south of the line, Narvik north, so
    both of seat 1's routes touch it."""
    state = goal_state(tickets=[[NL.ticket("honningsvag", "rovaniemi")], [], []])
    claimed(state, 0, *NL.path("honningsvag", "unnamed-2", "rovaniemi"))
    claimed(state, 1, MO_I_RANA_NARVIK, NL.tracks("narvik", "tromso")[0])
    assert values(state, "polar-express") == [1, 0, 0]
    assert values(state, "snowplow-award") == [2, 2, 0]


def test_the_wild_west_counts_routes_with_an_end_in_norway() -> None:
    """K: Ålborg-Oslo and Oslo-Karlstad touch Norway, Karlstad-Stockholm does not."""
    state = goal_state()
    claimed(state, 0, ALBORG_OSLO, OSLO_KARLSTAD[0], KARLSTAD_STOCKHOLM[0])
    claimed(state, 1, HELSINKI_TALLINN)
    assert values(state, "the-wild-west") == [2, 0, 0]


# --- §5.3: who wins a card ------------------------------------------------------------------


def test_a_goal_card_goes_to_every_seat_tied_for_the_best_and_to_nobody_at_0() -> None:
    state = NL.state(3, goals=["ferry-master", "small-steps-strategist", "polar-express",
                               "cost-efficiency"], trains=[40, 40, 40])
    claimed(state, 0, HELSINKI_TALLINN)
    claimed(state, 1, NL.tracks("umea", "vaasa")[0])
    assert goal_winners(BOARD, state) == [[0, 1], [0, 1], [], [2]]
    scores, _ = final_scores(ENGINE, state)
    assert [s.bonuses for s in scores] == [
        {"goal-cards": 22}, {"goal-cards": 22}, {"goal-cards": 7}]
    assert [s.total for s in scores] == [23, 23, 7]


#: each of 3 seats' routes, tickets and hand
Seats = tuple[list[list[int]], list[list[int]], list[list[int]]]


def _ties() -> dict[str, Seats]:
    """Per goal card: each of 3 seats' routes, tickets and hand, seats 0 and 1 tied ahead."""
    ht, nt, mn = (NL.tracks("helsinki", "tallinn"), NL.tracks("narvik", "tromso"),
                  NL.tracks("mo-i-rana", "narvik"))
    ok, ks = OSLO_KARLSTAD, KARLSTAD_STOCKHOLM
    no_hands = [NL.hand(), NL.hand(), NL.hand()]
    capitals: Seats = (
        [[ok[0], ks[0]], [ALBORG_OSLO, NL.tracks("arhus", "alborg")[1],
                          NL.tracks("arhus", "kobenhavn")[0]], []],
        [[NL.ticket("oslo", "stockholm")], [NL.ticket("oslo", "kobenhavn")], []],
        no_hands,
    )
    routes = {  # goal: seat 0's, seat 1's and seat 2's routes
        "cost-efficiency": [[ht[0]], [ht[1]], [ALBORG_OSLO]],
        "small-steps-strategist": [[ht[0]], [ht[1]], [ALBORG_OSLO]],
        "nordic-express": [[mn[0]], [mn[1]], [ht[0]]],
        "international-tycoon": [[ht[0]], [ht[1]], [NL.tracks("arhus", "alborg")[0]]],
        "snowplow-award": [[nt[0]], [nt[1]], [ht[0]]],
        "ferry-master": [[ht[0]], [ht[1]], [NL.tracks("arhus", "alborg")[0]]],
        "the-wild-west": [[ok[0]], [ok[1]], [ht[0]]],
    }
    ties: dict[str, Seats] = {goal: (seats, [[], [], []], no_hands)
                              for goal, seats in routes.items()}
    ties["call-of-the-wild"] = ([[], [], []], [[], [], []], [
        NL.hand(locomotive=1, red=2), NL.hand(blue=4), NL.hand(red=1)])
    ties["capital-investment"] = capitals
    ties["local-network"] = capitals
    ties["polar-express"] = (
        [NL.path("honningsvag", "unnamed-2", "rovaniemi"), [mn[1], nt[1]], []],
        [[NL.ticket("honningsvag", "rovaniemi")], [NL.ticket("tromso", "mo-i-rana")], []],
        no_hands,
    )
    return ties


@pytest.mark.parametrize("goal", IDS)
def test_each_goal_card_is_shared_by_the_seats_tied_for_its_best_value(goal: str) -> None:
    """Ties all score the full points (BGA), whatever the card."""
    routes, tickets, hands = _ties()[goal]
    state = NL.state(3, goals=[goal], tickets=tickets, hands=hands)
    for seat, held in enumerate(routes):
        claimed(state, seat, *held)
    first, second, third = values(state, goal)
    assert first == second >= 1 and third < first
    assert goal_winners(BOARD, state) == [[0, 1]]
    scores, _ = final_scores(ENGINE, state)
    assert [s.bonuses["goal-cards"] for s in scores] == [points_of(goal), points_of(goal), 0]


def test_the_end_shows_each_goal_cards_values_and_winners() -> None:
    state = NL.state(2, goals=["ferry-master", "call-of-the-wild", "the-wild-west",
                               "polar-express"], hands=[NL.hand(), NL.hand(locomotive=1)])
    claimed(state, 0, HELSINKI_TALLINN)
    claimed(state, 1, OSLO_KARLSTAD[0])
    state.phase = "finished"
    view = RULES.public_view(state)
    assert view.goals is not None
    assert [(g.id, g.values, g.winners) for g in view.goals] == [
        ("ferry-master", [1, 0], [0]), ("call-of-the-wild", [0, 1], [1]),
        ("the-wild-west", [0, 1], [1]), ("polar-express", [0, 0], [])]


def test_cards_a_and_c_read_the_hand_and_the_trains_as_the_last_turn_leaves_them() -> None:
    """§5.3 "Counting details": seat 0 leads A (2 against 1) and C (40 trains against 39)
    before its last turn; that turn's claim spends a Locomotive and a train, so both
    cards end tied and both seats score them."""
    state = NL.state(2, goals=["call-of-the-wild", "cost-efficiency", "polar-express",
                               "capital-investment"],
                     hands=[NL.hand(locomotive=2, black=1), NL.hand(locomotive=1)],
                     trains=[40, 39], deck=["white"] * 5)
    assert goal_winners(BOARD, state) == [[0], [0], [], []]
    state.turns_left = 1  # seat 0's turn is the last of the game
    events, state = play(state, 0, ClaimRoute(NL.route("arhus", "alborg", "black"), "black", 1))
    ended = events[-1]
    assert isinstance(ended, GameEnded) and state.phase == "finished"
    assert [s.bonuses["goal-cards"] for s in ended.scores] == [12, 12]


# --- §5.4: the winner -----------------------------------------------------------------------


def test_the_winner_most_points_then_completed_tickets_then_goal_cards_then_shared() -> None:
    assert list(NL.state().rules.core.winner.tie_breaks) == [
        "most-tickets-completed", "most-goal-cards-won"]
    # 11 points each, one goal card each (the-wild-west, tied): seat 0 completed
    # Oslo-Stockholm (2 + 2 + 7), seat 1 completed nothing (4 + 7)
    goals = ["polar-express", "call-of-the-wild", "snowplow-award", "the-wild-west"]
    state = NL.state(2, tickets=[[NL.ticket("oslo", "stockholm")], []], goals=goals)
    claimed(state, 0, OSLO_KARLSTAD[0], KARLSTAD_STOCKHOLM[0])
    claimed(state, 1, ALBORG_OSLO)
    scores, won = final_scores(ENGINE, state)
    assert [s.total for s in scores] == [11, 11] and won == [0]
    # 13 points each, no ticket: seat 0 won 1 goal card (12), seat 1 won 2 (7 + 5)
    goals = ["ferry-master", "call-of-the-wild", "the-wild-west", "polar-express"]
    state = NL.state(2, hands=[NL.hand(), NL.hand(locomotive=1)], goals=goals)
    claimed(state, 0, HELSINKI_TALLINN)
    claimed(state, 1, OSLO_KARLSTAD[0])
    scores, won = final_scores(ENGINE, state)
    assert [s.total for s in scores] == [13, 13] and won == [1]
    # all alike: the win is shared
    state = NL.state(2, goals=goals)
    claimed(state, 0, NL.tracks("arhus", "alborg")[0])
    claimed(state, 1, NL.tracks("arhus", "alborg")[1])
    scores, won = final_scores(ENGINE, state)
    assert [s.total for s in scores] == [1, 1] and won == [0, 1]


def test_a_seed_is_what_decides_the_goal_cards() -> None:
    """§2.4 Resolved: uniformly at random: the same seed gives the same 4, and the seeds
    of a few games between them turn up every one of the 11."""
    seen: set[str] = set()
    for byte in range(12):
        first = RULES.start(Setup(2, NL.id), Seed(bytes([byte]) * 32))[0]
        again = RULES.start(Setup(2, NL.id), Seed(bytes([byte]) * 32))[0]
        assert isinstance(first, GameStarted) and isinstance(again, GameStarted)
        assert first.goal_cards == again.goal_cards
        seen.update(first.goal_cards or ())
    assert seen == set(IDS)
    assert RULES.start(Setup(2, NL.id), SEED)[0] == RULES.start(Setup(2, NL.id), SEED)[0]


def test_the_sheet_gives_goal_cards_their_term_and_the_cards_won_a_figure() -> None:
    """§5.3 and §5.4 on the result's score sheet (issue 23): the points of the goal cards
    won are a term; how many cards each seat won, the second tie-break, a figure."""
    state = NL.state(3, goals=["ferry-master", "small-steps-strategist", "polar-express",
                               "cost-efficiency"], trains=[40, 40, 40])
    claimed(state, 0, HELSINKI_TALLINN)
    claimed(state, 1, NL.tracks("umea", "vaasa")[0])
    result = ended(state)
    check_sheets(result)
    assert [terms(s)["goal-cards"] for s in result.sheets] == [
        (22, "§5.3"), (22, "§5.3"), (7, "§5.3")]
    assert [figures(s)["goal-cards-won"] for s in result.sheets] == [
        (2, "§5.4"), (2, "§5.4"), (1, "§5.4")]
