"""Schemin' (§4.2): play or draw, the turn types, Ghost, the end of the phase."""

from __future__ import annotations

import pytest

from domain.colt_express.commands import DrawCards, PlayCard
from domain.colt_express.events import CardPlayed, CardRevealed, CardsDrawn, SchemingEnded
from domain.colt_express.round import to_act
from domain.colt_express.rules import RULES, legal_commands
from domain.colt_express.views import public_view, redact
from domain.kernel.errors import RuleViolation

from .builders import of_type, play, scheming

THREE = ["ghost", "doc", "tuco"]


def test_a_player_plays_one_card_face_up_on_the_common_pile():
    state = scheming(THREE)
    (event,) = play(state, PlayCard(card="ghost/fire"))
    assert event == CardPlayed(seat=0, card="ghost/fire", face_down=False, cover_fire=False)
    assert state.pile == ["ghost/fire"] and "ghost/fire" not in state.hands[0]
    assert to_act(state) == [1]


def test_a_normal_turn_runs_clockwise_from_the_first_player():
    state = scheming(THREE, first_player=1)
    seen = []
    for _ in range(3):
        seen.append(to_act(state)[0])
        play(state, DrawCards())
    assert seen == [1, 2, 0]


def test_a_switching_turn_runs_counter_clockwise_from_the_first_player():
    state = scheming(THREE, round_card="r56-angry-marshal", first_player=1)
    state.turn = 2  # N N S
    seen = []
    for _ in range(3):
        seen.append(to_act(state)[0])
        play(state, DrawCards())
    assert seen == [1, 0, 2]


def test_in_a_speeding_up_turn_each_player_acts_twice_in_a_row():
    state = scheming(THREE, round_card="r24-bridge")
    state.turn = 1  # N 2 N
    seen = []
    for move in [PlayCard(card="ghost/move"), DrawCards(), DrawCards(), DrawCards()]:
        seen.append(to_act(state)[0])
        play(state, move)
    assert seen == [0, 0, 1, 1]


def test_in_a_tunnel_turn_cards_go_face_down_and_only_the_owner_sees_them():
    state = scheming(THREE, round_card="r24-tunnel")
    state.turn = 1  # N T N T N
    assert PlayCard(card="ghost/move", face_down=True) in legal_commands(state, 0)
    (event,) = play(state, PlayCard(card="ghost/move"))
    assert event.face_down and state.pile_down == [True]
    assert redact(event, 0).card == "ghost/move"
    assert redact(event, 1).card is None and redact(event, None).card is None
    assert public_view(state).pile[0].card is None
    assert RULES.private_view(state, 0).own_pile_cards == ["ghost/move"]


def test_drawing_takes_the_top_three_cards_of_the_own_deck():
    state = scheming(THREE, decks={"ghost": ["a/1", "b/2", "c/3", "d/4"]})
    (event,) = play(state, DrawCards())
    assert event.cards == ["d/4", "c/3", "b/2"] and state.decks[0] == ["a/1"]
    assert redact(event, 1).cards is None and redact(event, 0).cards == event.cards
    assert isinstance(event, CardsDrawn) and event.count == 3


def test_a_short_deck_gives_what_it_has_and_an_empty_deck_cannot_be_drawn_from():
    state = scheming(THREE, decks={"ghost": ["a/1"]})
    (event,) = play(state, DrawCards())
    assert event.cards == ["a/1"]
    state = scheming(THREE, decks={"ghost": []})
    assert DrawCards() not in legal_commands(state, 0)
    with pytest.raises(RuleViolation) as refused:
        play(state, DrawCards())
    assert refused.value.code == "deck-empty"


def test_bullet_cards_can_never_be_played():
    state = scheming(THREE, hands={"ghost": ["bullet/doc/6", "ghost/rob"]})
    assert {c.card for c in legal_commands(state, 0) if isinstance(c, PlayCard)} == {"ghost/rob"}
    with pytest.raises(RuleViolation) as refused:
        play(state, PlayCard(card="bullet/doc/6"))
    assert refused.value.code == "card-not-in-hand"


def test_only_the_seat_whose_turn_it_is_may_act():
    state = scheming(THREE)
    assert RULES.legal_moves(state, 1) == []
    with pytest.raises(RuleViolation) as refused:
        play(state, DrawCards(), seat=1)
    assert refused.value.code == "not-your-turn"


def test_ghost_may_play_his_first_card_of_the_round_face_down():
    state = scheming(THREE)
    assert PlayCard(card="ghost/fire", face_down=True) in legal_commands(state, 0)
    (event,) = play(state, PlayCard(card="ghost/fire", face_down=True))
    assert event.face_down


def test_ghosts_power_is_gone_after_the_first_turn_and_others_never_have_it():
    state = scheming(THREE)
    play(state, PlayCard(card="ghost/move"))
    assert not any(c.face_down for c in legal_commands(state, 1) if isinstance(c, PlayCard))
    with pytest.raises(RuleViolation) as refused:
        play(state, PlayCard(card="doc/move", face_down=True))
    assert refused.value.code == "face-down-not-allowed"
    play(state, DrawCards())
    play(state, DrawCards())
    assert state.turn == 1
    with pytest.raises(RuleViolation):
        play(state, PlayCard(card="ghost/rob", face_down=True))


def test_at_the_end_of_schemin_the_hands_go_back_on_the_decks_and_stealin_starts():
    state = scheming(["ghost", "doc"], round_card="r24-bridge")
    state.turn, state.turn_pos = 2, 0  # the last turn of N 2 N
    play(state, PlayCard(card="ghost/change_floor"))
    events = play(state, PlayCard(card="doc/move"))
    assert of_type(events, SchemingEnded) == [SchemingEnded()]
    assert state.hands == [[], []]
    assert sorted(state.decks[1]) == sorted(
        ["doc/marshal"] * 4 + ["doc/change_floor", "doc/fire", "doc/punch", "doc/rob"]
    )
    # the first card played is resolved first: Ghost's change floor needs no choice
    assert of_type(events, CardRevealed)[0] == CardRevealed(index=0, card="ghost/change_floor")
    assert state.bandit_roof[0] and state.pile_pos == 1 and to_act(state) == [1]


def test_the_rulebooks_schemin_example_and_the_order_of_resolution():
    """Doc (first) plays Move, Belle Fire, Tuco draws, Cheyenne Punch; the pile keeps that order."""
    names = ["doc", "belle", "tuco", "cheyenne"]
    decks = {name: [f"{name}/marshal"] * 12 for name in names}
    state = scheming(names, round_card="r24-braking", decks=decks)
    play(state, PlayCard(card="doc/move"))
    play(state, PlayCard(card="belle/fire"))
    play(state, DrawCards())
    play(state, PlayCard(card="cheyenne/punch"))
    assert state.pile == ["doc/move", "belle/fire", "cheyenne/punch"]
    assert state.turn == 1 and to_act(state) == [0]  # the second turn begins
    for _ in range(3):  # the remaining three turns: everyone draws
        for _ in range(4):
            play(state, DrawCards())
    assert state.phase == "stealin" and state.pile_pos == 0 and to_act(state) == [0]
    assert public_view(state).pending_bandit == "doc"  # Doc's Move is resolved first
