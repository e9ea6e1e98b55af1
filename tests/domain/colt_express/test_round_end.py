"""The end of a round and of the game (§7), and the start of the next round (§4.1).

A round ends after Stealin' and its event; the next player clockwise becomes
first player and every deck is reshuffled whole. The game ends after the
fifth round, and its last event reveals the seed.
"""

from __future__ import annotations

from domain.colt_express.events import HandDealt, RoundBegan, RoundEnded
from domain.colt_express.round import to_act

from .builders import of_type, run_round_end, table


def test_a_round_end_makes_the_next_player_first_and_deals_again():
    state = table(
        {"doc": (1, "roof"), "ghost": (2, "inside"), "tuco": (3, "inside")}, first_player=2
    )
    state.decks = [["doc/move"] * 10, ["ghost/move"] * 10, ["tuco/move"] * 10]
    events = run_round_end(state)
    assert of_type(events, RoundEnded) == [RoundEnded(round=0)]
    assert of_type(events, RoundBegan) == [
        RoundBegan(round=1, card=state.round_deck[1], first_player=0)
    ]
    assert [e.seat for e in of_type(events, HandDealt)] == [0, 1, 2]
    assert to_act(state) == [0] and state.phase == "schemin"


def test_each_round_reshuffles_every_card_a_player_owns_bullets_included():
    state = table({"doc": (1, "roof"), "ghost": (2, "inside")})
    actions = [f"doc/{a}" for a in ("move", "fire", "rob", "punch", "marshal")] * 2
    state.decks = [[*actions, "bullet/ghost/6", "bullet/neutral"], ["ghost/move"] * 10]
    events = run_round_end(state)
    (dealt,) = [e for e in of_type(events, HandDealt) if e.seat == 0]
    assert dealt.shuffle is not None
    assert sorted(dealt.shuffle.before) == sorted(state.decks[0] + state.hands[0])
    assert {"bullet/ghost/6", "bullet/neutral"} <= set(dealt.shuffle.before)
    assert len(state.hands[0]) == 7  # Doc


def test_a_game_is_five_rounds_and_the_first_player_moves_left_each_round():
    state = table({"doc": (1, "roof"), "ghost": (2, "inside"), "tuco": (3, "inside")})
    state.decks = [["doc/move"] * 10, ["ghost/move"] * 10, ["tuco/move"] * 10]
    firsts = []
    for played in range(5):
        assert state.round == played
        firsts.append(state.first_player)
        state.hands = [[], [], []]
        state.decks = [["doc/move"] * 10, ["ghost/move"] * 10, ["tuco/move"] * 10]
        state.phase = "stealin"
        run_round_end(state)
    assert firsts == [0, 1, 2, 0, 1] and state.phase == "finished"


def test_the_game_ends_after_the_fifth_round_and_reveals_the_seed():
    state = table({"doc": (1, "roof"), "ghost": (2, "inside")}, round=4)
    run_round_end(state)
    assert state.phase == "finished" and state.seed is not None and to_act(state) == []
