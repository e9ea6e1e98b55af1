"""Schemin' (§4.2): play or draw, the turn types, Ghost, the end of the phase."""

from __future__ import annotations

from domain.colt_express.commands import DrawCards, PlayCard
from domain.colt_express.events import CardPlayed, CardRevealed, CardsDrawn, SchemingEnded
from domain.colt_express.round import to_act
from domain.colt_express.rules import RULES, legal_commands
from domain.colt_express.views import private_view, public_view, redact
from tests.domain.decider import refused

from .builders import act, act_refused, of_type, scheming

THREE = ["ghost", "doc", "tuco"]

# --- an action: play one card or draw 3 ----------------------------------------------


def test_a_player_plays_one_card_face_up_on_the_common_pile():
    state = scheming(THREE)
    (event,) = act(state, PlayCard(card="ghost/fire"))
    assert event == CardPlayed(seat=0, card="ghost/fire", face_down=False, cover_fire=False)
    assert state.pile == ["ghost/fire"] and "ghost/fire" not in state.hands[0]
    assert to_act(state) == [1]


def test_drawing_takes_the_top_three_cards_of_the_own_deck():
    state = scheming(THREE, decks={"ghost": ["a/1", "b/2", "c/3", "d/4"]})
    (event,) = act(state, DrawCards())
    assert event.cards == ["d/4", "c/3", "b/2"] and state.decks[0] == ["a/1"]
    assert redact(event, 1).cards is None and redact(event, 0).cards == event.cards
    assert isinstance(event, CardsDrawn) and event.count == 3


def test_a_short_deck_gives_what_it_has_and_an_empty_deck_cannot_be_drawn_from():
    state = scheming(THREE, decks={"ghost": ["a/1"]})
    (event,) = act(state, DrawCards())
    assert event.cards == ["a/1"]
    state = scheming(THREE, decks={"ghost": []})
    assert DrawCards() not in legal_commands(state, 0)
    assert act_refused(state, DrawCards()).code == "deck-empty"


def test_a_seat_with_an_empty_deck_can_only_play():
    state = scheming(THREE, decks={"ghost": []})
    moves = legal_commands(state, 0)
    assert moves and all(isinstance(m, PlayCard) for m in moves)


def test_bullet_cards_can_never_be_played():
    state = scheming(THREE, hands={"ghost": ["bullet/doc/6", "ghost/rob"]})
    assert {c.card for c in legal_commands(state, 0) if isinstance(c, PlayCard)} == {"ghost/rob"}
    assert act_refused(state, PlayCard(card="bullet/doc/6")).code == "card-not-in-hand"


def test_only_the_seat_whose_turn_it_is_may_act():
    state = scheming(THREE)
    assert RULES.legal_moves(state, 1) == []
    assert refused(RULES, state, 1, DrawCards()).code == "not-your-turn"


# --- the turn types -----------------------------------------------------------------


def test_a_normal_turn_runs_clockwise_from_the_first_player():
    state = scheming(THREE, first_player=1)
    seen = []
    for _ in range(3):
        seen.append(to_act(state)[0])
        act(state, DrawCards())
    assert seen == [1, 2, 0]


def test_a_switching_turn_runs_counter_clockwise_from_the_first_player():
    state = scheming(THREE, round_card="r56-angry-marshal", first_player=1)
    state.turn = 2  # N N S
    seen = []
    for _ in range(3):
        seen.append(to_act(state)[0])
        act(state, DrawCards())
    assert seen == [1, 0, 2]


def test_a_switching_turn_is_played_face_up():
    state = scheming(THREE, round_card="r56-angry-marshal")
    state.turn = 2  # N N S
    refusal = act_refused(state, PlayCard(card="ghost/move", face_down=True))
    assert refusal.code == "face-down-not-allowed"


def test_in_a_speeding_up_turn_each_player_acts_twice_in_a_row():
    state = scheming(THREE, round_card="r24-bridge")
    state.turn = 1  # N 2 N
    seen = []
    for move in [PlayCard(card="ghost/move"), DrawCards(), DrawCards(), DrawCards()]:
        seen.append(to_act(state)[0])
        act(state, move)
    assert seen == [0, 0, 1, 1]


def test_a_speeding_up_turn_allows_draw_then_play_two_plays_and_two_draws():
    decks = {name: [f"{name}/marshal"] * 8 for name in THREE}
    state = scheming(THREE, round_card="r24-bridge", decks=decks)
    state.turn = 1  # N 2 N
    act(state, DrawCards())
    act(state, PlayCard(card="ghost/move"))
    act(state, PlayCard(card="doc/move"))
    act(state, PlayCard(card="doc/fire"))
    assert to_act(state) == [2]
    drawn = act(state, DrawCards()) + act(state, DrawCards())
    assert sum(e.count for e in of_type(drawn, CardsDrawn)) == 6
    assert len(state.hands[2]) == 5 + 6
    assert state.pile == ["ghost/move", "doc/move", "doc/fire"]
    assert state.turn == 2 and to_act(state) == [0]


def test_a_speeding_up_turn_is_played_face_up():
    state = scheming(THREE, round_card="r24-bridge")
    state.turn = 1
    assert not any(c.face_down for c in legal_commands(state, 0) if isinstance(c, PlayCard))
    act(state, PlayCard(card="ghost/move"))
    assert state.pile_down == [False]


def test_in_a_tunnel_turn_cards_go_face_down_and_only_the_owner_sees_them():
    state = scheming(THREE, round_card="r24-tunnel")
    state.turn = 1  # N T N T N
    assert PlayCard(card="ghost/move", face_down=True) in legal_commands(state, 0)
    (event,) = act(state, PlayCard(card="ghost/move"))
    assert event.face_down and state.pile_down == [True]
    assert redact(event, 0).card == "ghost/move"
    assert redact(event, 1).card is None and redact(event, None).card is None
    assert public_view(state).pile[0].card is None
    assert RULES.private_view(state, 0).own_pile_cards == ["ghost/move"]


def test_in_a_tunnel_everyone_sees_who_played_each_card_and_where_it_lies():
    state = scheming(THREE, round_card="r24-tunnel")
    state.turn = 1  # N T N T N
    act(state, PlayCard(card="ghost/move"))
    act(state, DrawCards())
    act(state, PlayCard(card="tuco/rob"))
    pile = public_view(state).pile
    assert [(p.seat, p.card, p.face_down) for p in pile] == [(0, None, True), (2, None, True)]
    assert private_view(state, 2).own_pile_cards == [None, "tuco/rob"]


# --- Ghost --------------------------------------------------------------------------


def test_ghost_may_play_his_first_card_of_the_round_face_down():
    state = scheming(THREE)
    assert PlayCard(card="ghost/fire", face_down=True) in legal_commands(state, 0)
    (event,) = act(state, PlayCard(card="ghost/fire", face_down=True))
    assert event.face_down


def test_ghost_may_also_play_his_first_card_face_up():
    state = scheming(THREE)
    (event,) = act(state, PlayCard(card="ghost/rob"))
    assert not event.face_down and public_view(state).pile[0].card == "ghost/rob"


def test_ghosts_power_is_gone_after_the_first_turn_and_others_never_have_it():
    state = scheming(THREE)
    act(state, PlayCard(card="ghost/move"))
    assert not any(c.face_down for c in legal_commands(state, 1) if isinstance(c, PlayCard))
    refusal = act_refused(state, PlayCard(card="doc/move", face_down=True))
    assert refusal.code == "face-down-not-allowed"
    act(state, DrawCards())
    act(state, DrawCards())
    assert state.turn == 1
    refusal = act_refused(state, PlayCard(card="ghost/rob", face_down=True))
    assert refusal.code == "face-down-not-allowed"


def test_ghost_who_draws_on_his_first_turn_cannot_hide_a_card_later_that_round():
    state = scheming(THREE)
    act(state, DrawCards())  # Ghost's first turn
    act(state, DrawCards())
    act(state, DrawCards())
    assert state.turn == 1 and to_act(state) == [0]
    assert not any(c.face_down for c in legal_commands(state, 0) if isinstance(c, PlayCard))
    refusal = act_refused(state, PlayCard(card="ghost/fire", face_down=True))
    assert refusal.code == "face-down-not-allowed"


def test_ghosts_power_comes_back_at_the_first_turn_of_every_round():
    state = scheming(THREE, first_player=1)
    state.round = 3
    act(state, DrawCards())  # Doc, the first player
    act(state, DrawCards())  # Tuco
    assert to_act(state) == [0] and state.turn == 0
    assert PlayCard(card="ghost/rob", face_down=True) in legal_commands(state, 0)
    (event,) = act(state, PlayCard(card="ghost/rob", face_down=True))
    assert event.face_down and state.pile_down == [True]


# --- the end of Schemin' -------------------------------------------------------------


def test_at_the_end_of_schemin_the_hands_go_back_on_the_decks_and_stealin_starts():
    state = scheming(["ghost", "doc"], round_card="r24-bridge")
    state.turn, state.turn_pos = 2, 0  # the last turn of N 2 N
    act(state, PlayCard(card="ghost/change_floor"))
    events = act(state, PlayCard(card="doc/move"))
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
    act(state, PlayCard(card="doc/move"))
    act(state, PlayCard(card="belle/fire"))
    act(state, DrawCards())
    act(state, PlayCard(card="cheyenne/punch"))
    assert state.pile == ["doc/move", "belle/fire", "cheyenne/punch"]
    assert state.turn == 1 and to_act(state) == [0]  # the second turn begins
    for _ in range(3):  # the remaining three turns: everyone draws
        for _ in range(4):
            act(state, DrawCards())
    assert state.phase == "stealin" and state.pile_pos == 0 and to_act(state) == [0]
    assert public_view(state).pending_bandit == "doc"  # Doc's Move is resolved first
