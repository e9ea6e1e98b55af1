"""The property checks can fail: each is fed a planted fault and must catch it.

Leaks are planted by wrapping the real rules (a redaction that forgets a
field, a public view that shows the pile) or by handing the checker the
unredacted opening; invariant faults by breaking a copy of a real state.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import msgspec
import pytest

from domain.kernel.protocol import Setup
from domain.kernel.rng import Seed
from domain.kernel.selfplay import play_random_game
from domain.ticket_to_ride import RULES
from domain.ticket_to_ride.board import TRAINS, TUNNEL
from domain.ticket_to_ride.events import (
    CardDrawn,
    DisplayRefilled,
    GameEnded,
    GameStarted,
    Passed,
    RouteClaimed,
    StationBuilt,
    TicketsDrawn,
    TunnelAttempted,
    TunnelWithdrawn,
)
from domain.ticket_to_ride.state import GameState
from tests.domain.ticket_to_ride.synthetic import SYNTHETIC, market_state
from tests.domain.ticket_to_ride.test_properties import (
    BOARD,
    RuleWatch,
    check_cards,
    check_game,
    check_goods,
    check_outputs_clean,
    check_pieces,
    check_tickets,
    check_views_blind,
    copy_state,
    find_leaks,
    play_and_check,
    play_watched,
    recompute_final,
    secrets_for,
)

SEED = Seed(bytes(range(32)))
SETUP = Setup(seats=3, map="europe", variant="standard")


def _game() -> tuple[GameState, list[Any]]:
    return play_random_game(RULES, SETUP, SEED, random.Random(7))


def _state_after(log: list[Any], count: int) -> GameState:
    state = None
    for event in log[:count]:
        state = RULES.evolve(state, event)
    assert state is not None
    return state


class _Wrapped:
    """The real rules with some methods replaced by a test."""

    def __init__(self, **replaced: Any) -> None:
        self.__dict__.update(replaced)

    def __getattr__(self, name: str) -> Any:
        return getattr(RULES, name)


# --- the leak scanner -------------------------------------------------------------------


def test_the_unredacted_opening_leaks_pile_order_hands_and_tickets() -> None:
    _, log = _game()
    opening = log[0]
    assert isinstance(opening, GameStarted)
    state = _state_after(log, 1)
    secrets = secrets_for(BOARD, state, 0, SEED)
    leaks = find_leaks(msgspec.json.encode(opening), secrets, BOARD, ticket_lists=True)
    kinds = {leak.split(" in ")[0] for leak in leaks}
    assert "draw pile order" in kinds
    assert "ticket pile order" in kinds
    assert "another seat's hand" in kinds
    assert any(kind.startswith("hidden tickets") for kind in kinds)
    # the same event redacted for seat 0 is clean
    redacted = msgspec.json.encode(RULES.redact(opening, 0))
    assert find_leaks(redacted, secrets, BOARD, ticket_lists=True) == []


def test_the_seed_is_a_leak_until_the_end() -> None:
    live, log = _game()
    state = _state_after(log, 1)
    payload = msgspec.json.encode({"note": f"seed {SEED.hex}"})
    assert find_leaks(payload, secrets_for(BOARD, state, None, SEED), BOARD, ticket_lists=False)
    assert not find_leaks(payload, secrets_for(BOARD, live, None, SEED), BOARD, ticket_lists=False)


def test_a_drawn_ticket_shown_to_others_is_a_leak() -> None:
    _, log = _game()
    at = next(i for i, e in enumerate(log) if isinstance(e, TicketsDrawn))
    state = _state_after(log, at + 1)
    drawn = log[at]
    other = (drawn.seat + 1) % SETUP.seats
    secrets = secrets_for(BOARD, state, other, SEED)
    assert find_leaks(msgspec.json.encode(drawn), secrets, BOARD, ticket_lists=True)
    clean = msgspec.json.encode(RULES.redact(drawn, other))
    assert not find_leaks(clean, secrets, BOARD, ticket_lists=True)


def test_a_redaction_that_forgets_the_opening_is_caught() -> None:
    _, log = _game()
    leaky = _Wrapped(redact=lambda event, viewer: event)
    state = _state_after(log, 1)
    with pytest.raises(AssertionError, match="GameStarted as seat"):
        check_outputs_clean(leaky, BOARD, state, log[0], SEED)


# --- non-interference -------------------------------------------------------------------


def test_a_blind_draw_shown_to_others_is_caught_while_playing() -> None:
    def redact(event: Any, viewer: int | None) -> Any:
        if isinstance(event, CardDrawn) and event.slot is None:
            return msgspec.structs.replace(RULES.redact(event, viewer), card=event.card)
        return RULES.redact(event, viewer)

    with pytest.raises(AssertionError, match="can tell what seat"):
        play_and_check(_Wrapped(redact=redact), SETUP, SEED, 7, views_every=1)


def test_a_public_view_showing_the_pile_top_is_caught() -> None:
    _, log = _game()
    state = _state_after(log, 40)

    def public_view(state: GameState) -> Any:
        return {"view": RULES.public_view(state), "next": state.deck[-1]}

    with pytest.raises(AssertionError, match="public view shows draw pile reversed"):
        check_views_blind(_Wrapped(public_view=public_view), state)


def test_a_private_view_showing_another_hand_is_caught() -> None:
    _, log = _game()
    state = _state_after(log, 40)

    def private_view(state: GameState, seat: int) -> Any:
        neighbour = state.players[(seat + 1) % state.seats]
        return {"view": RULES.private_view(state, seat), "neighbour": neighbour.hand}

    with pytest.raises(AssertionError, match="swapped with the pile"):
        check_views_blind(_Wrapped(private_view=private_view), state)


def test_the_real_views_pass_the_same_checks() -> None:
    _, log = _game()
    state = _state_after(log, 40)
    check_views_blind(RULES, state)
    check_outputs_clean(RULES, BOARD, state, log[39], SEED)


# --- invariants ---------------------------------------------------------------------------


def test_a_lost_card_breaks_conservation() -> None:
    _, log = _game()
    state = copy_state(_state_after(log, 30))
    check_cards(BOARD, state)
    state.deck.pop()
    with pytest.raises(AssertionError, match="cards"):
        check_cards(BOARD, state)


def _finished(map_id: str, seats: int) -> GameState:
    """A random game of `map_id` played to its end."""
    live, _ = play_random_game(RULES, Setup(seats, map_id), SEED, random.Random(3))
    return live


def test_a_lost_or_extra_goods_card_is_caught() -> None:
    board = RULES.boards["amsterdam"]
    live = _finished("amsterdam", 3)
    check_goods(board, live)
    assert sum(p.goods for p in live.players) > 0
    state = copy_state(live)
    state.goods_pile -= 1
    with pytest.raises(AssertionError, match="not conserved"):
        check_goods(board, state)
    state = copy_state(live)
    seat = next(s for s, p in enumerate(state.players) if p.goods)
    state.players[seat].goods -= 1  # a goods route claimed without its card
    state.goods_pile += 1
    with pytest.raises(AssertionError, match="without its card"):
        check_goods(board, state)


def test_a_ship_card_in_the_train_deck_s_pile_is_caught() -> None:
    board = RULES.boards["world"]
    live = _finished("world", 2)
    check_cards(board, live)
    state = copy_state(live)
    ship = state.piles[0].draw.pop() if state.piles[0].draw else None
    assert ship is not None
    state.deck.append(ship)
    with pytest.raises(AssertionError, match="in deck 0"):
        check_cards(board, state)


def test_a_piece_lost_from_the_reserve_or_an_exchange_not_charged_is_caught() -> None:
    board = RULES.boards["world"]
    live = _finished("world", 2)
    check_pieces(board, live)
    state = copy_state(live)
    state.players[0].reserve[board.pieces.index("ships")] -= 1
    with pytest.raises(AssertionError):
        check_pieces(board, state)
    state = copy_state(live)
    state.players[1].exchanged += 1  # a point a piece was not taken off
    with pytest.raises(AssertionError):
        check_pieces(board, state)


def _goods_moved(state: GameState) -> None:
    state.players[0].goods, state.players[1].goods = 9, 0


def _harbor_added(state: GameState) -> None:
    board = RULES.boards["world"]
    port = next(c for c, at in enumerate(state.harbor_owner) if board.city_harbor[c] and at < 0)
    state.harbor_owner[port] = 0  # a harbor built where none was: one fewer left unbuilt


@pytest.mark.parametrize(("map_id", "seats", "term", "plant"), [
    ("amsterdam", 3, "goods", _goods_moved), ("world", 2, "harbors", _harbor_added),
], ids=["goods", "harbors"])
def test_a_wrong_bonus_term_is_caught_by_the_recomputation(
    map_id: str, seats: int, term: str, plant: Callable[[GameState], None]
) -> None:
    state = _finished(map_id, seats)
    board = RULES.boards[state.rules.map]
    accounts, won = recompute_final(board, state)
    assert state.final == accounts and state.winners == won
    assert all(term in a.bonuses for a in accounts)
    plant(state)
    assert recompute_final(board, state)[0] != accounts


def test_a_card_moved_into_a_negative_hand_is_caught() -> None:
    _, log = _game()
    state = copy_state(_state_after(log, 30))
    state.players[0].hand[0] -= 5
    state.players[1].hand[0] += 5
    with pytest.raises(AssertionError, match="negative hand"):
        check_cards(BOARD, state)


def test_pieces_must_match_the_board() -> None:
    live, _ = _game()
    state = copy_state(live)
    check_pieces(BOARD, state)
    state.players[1].pieces[TRAINS] -= 1
    with pytest.raises(AssertionError):
        check_pieces(BOARD, state)
    state = copy_state(live)
    state.players[2].score += 1
    with pytest.raises(AssertionError):
        check_pieces(BOARD, state)


def test_a_ticket_in_two_places_is_caught() -> None:
    live, _ = _game()
    state = copy_state(live)
    check_tickets(state)
    state.ticket_pile.append(state.players[0].tickets[0])
    with pytest.raises(AssertionError, match="two places"):
        check_tickets(state)


def test_recomputed_final_scores_disagree_with_a_planted_error() -> None:
    live, _ = _game()
    accounts, won = recompute_final(BOARD, live)
    assert live.final == accounts and live.winners == won
    state = copy_state(live)
    # a station dropped from the board changes the station bonus and maybe the tickets
    city = next(c for c, at in enumerate(state.station_owner) if at >= 0)
    state.station_owner[city] = -1
    assert recompute_final(BOARD, state)[0] != accounts


def test_an_evolve_that_drifts_in_replay_is_caught() -> None:
    live, log = play_watched(RULES, SETUP, SEED, 7)

    def evolve(state: Any, event: Any) -> Any:
        state = RULES.evolve(state, event)
        if isinstance(event, RouteClaimed):
            state.turn += 1  # a count no other invariant looks at
        return state

    with pytest.raises(AssertionError, match="does not rebuild the live state"):
        check_game(_Wrapped(evolve=evolve), live, log, SEED, views_every=50)


def test_an_evolve_that_changes_a_recorded_event_is_caught() -> None:
    def evolve(state: Any, event: Any) -> Any:
        if isinstance(event, CardDrawn) and event.display:
            event.display.reverse()  # the event shares its list with the state
        return RULES.evolve(state, event)

    with pytest.raises(AssertionError, match="changed after it was recorded"):
        play_watched(_Wrapped(evolve=evolve), SETUP, SEED, 7)


def test_final_scores_that_differ_from_the_recomputation_are_caught() -> None:
    live, log = play_watched(RULES, SETUP, SEED, 7)
    check_game(RULES, live, log, SEED, views_every=50)
    end = log[-1]
    assert isinstance(end, GameEnded)
    first = end.scores[0]
    wrong = msgspec.structs.replace(first, total=first.total + 1)
    tampered = [*log[:-1], msgspec.structs.replace(end, scores=[wrong, *end.scores[1:]])]
    state = copy_state(live)
    state.final = [wrong, *end.scores[1:]]
    with pytest.raises(AssertionError, match="final scores differ"):
        check_game(RULES, state, tampered, SEED, views_every=50)


# --- rules from the log -------------------------------------------------------------------


def _watch_mid_game() -> tuple[RuleWatch, GameState]:
    _, log = _game()
    state = _state_after(log, 1)
    watch = RuleWatch(BOARD, log[0])
    for number, event in enumerate(log[1:60], start=1):
        state = RULES.evolve(state, event)
        watch.see(event, state, log[number + 1])
    return watch, state


def test_a_face_up_locomotive_as_second_card_is_caught() -> None:
    watch, state = _watch_mid_game()
    watch.second_card = True
    event = CardDrawn(seat=watch.turn_seat, slot=0, card="locomotive", turn_over=True)
    with pytest.raises(AssertionError, match="second card"):
        watch.see(event, state, None)


def test_an_action_out_of_turn_is_caught() -> None:
    watch, state = _watch_mid_game()
    event = Passed(seat=(watch.turn_seat + 1) % SETUP.seats)
    with pytest.raises(AssertionError, match="out of turn"):
        watch.see(event, state, None)


def test_a_route_scored_wrongly_is_caught() -> None:
    watch, state = _watch_mid_game()
    route = next(r for r in range(len(BOARD.route_length)) if BOARD.route_kind[r] == 0)
    length = BOARD.route_length[route]
    right = RouteClaimed(watch.turn_seat, route, None, length, length, BOARD.route_points[route])
    wrong = msgspec.structs.replace(right, points=right.points + 1)
    with pytest.raises(AssertionError):
        watch.see(wrong, state, None)
    short = msgspec.structs.replace(right, cards=length - 1, locomotives=length - 1)
    with pytest.raises(AssertionError, match="cards for"):
        watch.see(short, state, None)


def test_a_goods_route_claimed_without_its_goods_card_is_caught() -> None:
    board = RULES.boards["amsterdam"]
    _, log = play_random_game(RULES, Setup(2, "amsterdam"), SEED, random.Random(5))
    state = RULES.evolve(None, log[0])
    watch = RuleWatch(board, log[0])
    for number, event in enumerate(log[1:], start=1):
        following = log[number + 1] if number + 1 < len(log) else None
        state = RULES.evolve(state, event)
        if isinstance(event, RouteClaimed) and event.goods:
            without = msgspec.structs.replace(event, goods=0)
            with pytest.raises(AssertionError, match="0 goods cards"):
                watch.see(without, state, following)
            return
        watch.see(event, state, following)
    raise AssertionError("no goods route was claimed")


def test_a_turn_after_the_final_round_is_caught() -> None:
    watch, state = _watch_mid_game()
    watch.final_turns = 0
    with pytest.raises(AssertionError, match="after the final round"):
        watch.see(Passed(seat=watch.turn_seat), state, None)


def test_a_tunnel_charging_the_wrong_extra_is_caught() -> None:
    watch, state = _watch_mid_game()
    tunnel = next(r for r in range(len(BOARD.route_kind)) if BOARD.route_kind[r] == TUNNEL)
    revealed = ["red", "locomotive", "blue"]
    fair = TunnelAttempted(watch.turn_seat, tunnel, "red", 0, revealed, 2)
    watch.see(fair, state, TunnelWithdrawn(watch.turn_seat, tunnel))
    with pytest.raises(AssertionError):
        watch.see(msgspec.structs.replace(fair, extra=1), state, None)



def test_a_tunnel_reveal_counted_in_the_ship_deck_is_caught() -> None:
    """§5.4 Resolved: 3 train cards, or all the train deck's pile and discards hold. With
    the train deck spent and a ship card left in its own deck (World §3.1), a tunnel that
    reveals nothing is right and one that reveals the ship card is caught."""
    opening = SYNTHETIC.rules.start(Setup(2, "synthetic"), SEED)[0]
    assert isinstance(opening, GameStarted)
    watch = RuleWatch(SYNTHETIC.board, opening)
    state = market_state(display=("red", "blue", "green", "red-ship", "blue-double-ship"),
                         ships=["red-double-ship"])
    watch.see(Passed(seat=watch.turn_seat), state, None)
    seat, tunnel = watch.turn_seat, SYNTHETIC.route("peak", "vale")
    claim = RouteClaimed(seat, tunnel, "yellow", 0, 3, 4)
    free = TunnelAttempted(seat, tunnel, "yellow", 0, [], 0)
    watch.see(free, state, claim)
    with pytest.raises(AssertionError, match="not 3 train cards revealed"):
        watch.see(msgspec.structs.replace(free, revealed=["red-double-ship"]), state, claim)

def test_a_legal_move_promising_too_many_locomotives_is_caught() -> None:
    def legal_moves(state: GameState, seat: int) -> list[Any]:
        moves = RULES.legal_moves(state, seat)
        return [
            msgspec.structs.replace(
                move,
                payments=tuple(
                    msgspec.structs.replace(p, max_locomotives=p.max_locomotives + 5)
                    for p in move.payments
                ),
            )
            if move.payments
            else move
            for move in moves
        ]

    with pytest.raises(AssertionError, match="refused"):
        play_watched(_Wrapped(legal_moves=legal_moves), SETUP, SEED, 7)


def test_three_face_up_locomotives_are_checked_only_when_the_display_changes() -> None:
    # §4.3: discards arriving later (a route paid) do not trigger a reset by themselves
    watch, state = _watch_mid_game()
    state = copy_state(state)
    loco = BOARD.locomotive
    state.display = [loco, loco, loco, 0, 1]
    assert any(card != loco for card in state.deck)
    watch.see(Passed(seat=watch.turn_seat), state, None)
    shown: list[str | None] = ["locomotive", "locomotive", "locomotive", "purple", "blue"]
    with pytest.raises(AssertionError, match="kept 3\\+ Locomotives"):
        watch.see(DisplayRefilled(display=shown), state, None)


def test_a_second_station_in_a_city_is_caught() -> None:
    watch, state = _watch_mid_game()
    city = 5
    watch.station_owner[city] = (watch.turn_seat + 1) % SETUP.seats
    built = StationBuilt(seat=watch.turn_seat, city=city, colour=None, locomotives=1, cards=1)
    with pytest.raises(AssertionError, match="second station"):
        watch.see(built, state, None)
