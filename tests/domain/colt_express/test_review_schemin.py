"""Review of Schemin' (§4.2): the points the first tests left implicit.

Each test states one sentence of ``rules.md`` §4.2 on a handcrafted table.
"""

from __future__ import annotations

import pytest

from domain.colt_express.commands import DrawCards, MoveBandit, PlayCard
from domain.colt_express.events import CardRevealed, CardsDrawn
from domain.colt_express.lookahead import Lookahead
from domain.colt_express.round import proceed, to_act
from domain.colt_express.rules import legal_commands
from domain.colt_express.views import private_view, public_view
from domain.kernel.errors import RuleViolation

from .builders import SEED, of_type, play, scheming, table, with_card

THREE = ["ghost", "doc", "tuco"]


def test_a_speeding_up_turn_allows_draw_then_play_two_plays_and_two_draws():
    decks = {name: [f"{name}/marshal"] * 8 for name in THREE}
    state = scheming(THREE, round_card="r24-bridge", decks=decks)
    state.turn = 1  # N 2 N
    play(state, DrawCards())
    play(state, PlayCard(card="ghost/move"))
    play(state, PlayCard(card="doc/move"))
    play(state, PlayCard(card="doc/fire"))
    assert to_act(state) == [2]
    drawn = play(state, DrawCards()) + play(state, DrawCards())
    assert sum(e.count for e in of_type(drawn, CardsDrawn)) == 6
    assert len(state.hands[2]) == 5 + 6
    assert state.pile == ["ghost/move", "doc/move", "doc/fire"]
    assert state.turn == 2 and to_act(state) == [0]


def test_a_speeding_up_turn_is_played_face_up():
    state = scheming(THREE, round_card="r24-bridge")
    state.turn = 1
    assert not any(c.face_down for c in legal_commands(state, 0) if isinstance(c, PlayCard))
    play(state, PlayCard(card="ghost/move"))
    assert state.pile_down == [False]


def test_a_switching_turn_is_played_face_up():
    state = scheming(THREE, round_card="r56-angry-marshal")
    state.turn = 2  # N N S
    with pytest.raises(RuleViolation) as refused:
        play(state, PlayCard(card="ghost/move", face_down=True))
    assert refused.value.code == "face-down-not-allowed"


def test_ghost_who_draws_on_his_first_turn_cannot_hide_a_card_later_that_round():
    state = scheming(THREE)
    play(state, DrawCards())  # Ghost's first turn
    play(state, DrawCards())
    play(state, DrawCards())
    assert state.turn == 1 and to_act(state) == [0]
    assert not any(c.face_down for c in legal_commands(state, 0) if isinstance(c, PlayCard))
    with pytest.raises(RuleViolation) as refused:
        play(state, PlayCard(card="ghost/fire", face_down=True))
    assert refused.value.code == "face-down-not-allowed"


def test_ghosts_power_comes_back_at_the_first_turn_of_every_round():
    state = scheming(THREE, first_player=1)
    state.round = 3
    play(state, DrawCards())  # Doc, the first player
    play(state, DrawCards())  # Tuco
    assert to_act(state) == [0] and state.turn == 0
    assert PlayCard(card="ghost/rob", face_down=True) in legal_commands(state, 0)
    (event,) = play(state, PlayCard(card="ghost/rob", face_down=True))
    assert event.face_down and state.pile_down == [True]


def test_ghost_may_also_play_his_first_card_face_up():
    state = scheming(THREE)
    (event,) = play(state, PlayCard(card="ghost/rob"))
    assert not event.face_down and public_view(state).pile[0].card == "ghost/rob"


def test_in_a_tunnel_everyone_sees_who_played_each_card_and_where_it_lies():
    state = scheming(THREE, round_card="r24-tunnel")
    state.turn = 1  # N T N T N
    play(state, PlayCard(card="ghost/move"))
    play(state, DrawCards())
    play(state, PlayCard(card="tuco/rob"))
    pile = public_view(state).pile
    assert [(p.seat, p.card, p.face_down) for p in pile] == [(0, None, True), (2, None, True)]
    assert private_view(state, 2).own_pile_cards == [None, "tuco/rob"]


def test_a_face_down_card_is_turned_up_for_everyone_when_stealin_reaches_it():
    state = table({"ghost": (2, "inside"), "doc": (4, "inside")})
    with_card(state, "ghost", "move")
    state.pile_down = [True, False]
    state.revealed = False
    assert public_view(state).pile[0].card is None
    look = Lookahead(state, SEED)
    proceed(look)
    assert of_type(look.events, CardRevealed) == [CardRevealed(index=0, card="ghost/move")]
    assert public_view(state).pile[0].card == "ghost/move"
    assert public_view(state).pending_bandit == "ghost"


def test_a_seat_with_an_empty_deck_can_only_play():
    state = scheming(THREE, decks={"ghost": []})
    moves = legal_commands(state, 0)
    assert moves and all(isinstance(m, PlayCard) for m in moves)


def test_the_owner_chooses_in_stealin_from_the_position_then_not_when_planned():
    """The Move planned from car 2 is carried out from wherever the bandit is when revealed."""
    state = table({"ghost": (2, "inside"), "doc": (4, "inside")})
    state.bandit_car[0] = 4  # moved by earlier cards since the Move was planned
    with_card(state, "ghost", "move")
    assert legal_commands(state, 0) == [MoveBandit(car=3)]


def test_everyone_sees_how_many_cards_each_hand_and_deck_holds_but_not_which():
    state = scheming(THREE, decks={"doc": ["doc/marshal", "bullet/ghost/6"]})
    play(state, PlayCard(card="ghost/move"))
    counts = [(s.seat, s.hand_size, s.deck_size) for s in public_view(state).seats]
    assert counts == [(0, 4, 4), (1, 5, 2), (2, 5, 4)]
    assert private_view(state, 1).hand == state.hands[1]
    assert "hand" not in public_view(state).__struct_fields__
