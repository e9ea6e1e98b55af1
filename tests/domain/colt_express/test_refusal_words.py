"""Colt Express refusals say who is to act and what the game waits for, in words and as data.

A client refused out of turn learns the seat whose turn it is (``to_act``); one that sent
a command of another phase learns the phase awaited and the command types it takes
(``expected``): the same facts the message gives people.
"""

from __future__ import annotations

from domain.colt_express.commands import (
    DeclineCoverFire,
    DrawCards,
    KeepCard,
    MoveBandit,
    PlaceBandits,
    PlayCard,
)
from domain.colt_express.rules import RULES
from tests.domain.decider import refused

from .builders import act, act_refused, scheming, table, with_card
from .test_two_player import FOUR, two_player_game

THREE = ["ghost", "doc", "tuco"]


def test_out_of_turn_the_refusal_names_the_seat_to_act():
    state = scheming(THREE, first_player=2)
    refusal = refused(RULES, state, 0, DrawCards())
    assert (refusal.code, refusal.section, refusal.to_act) == ("not-your-turn", "§4", [2])
    assert refusal.message == "seat 0 may not act now: it is seat 2's turn"


def test_in_stealin_the_refusal_names_the_owner_of_the_revealed_card():
    state = table({"doc": (2, "inside"), "ghost": (4, "inside")})
    with_card(state, "doc", "move")
    refusal = refused(RULES, state, 1, MoveBandit(car=1))  # doc is seat 0's bandit
    assert refusal.to_act == [0] and "it is seat 0's turn" in refusal.message


def test_a_command_of_another_phase_names_the_phase_and_the_commands_awaited():
    state = scheming(THREE)
    refusal = act_refused(state, PlaceBandits(caboose="ghost"))
    assert (refusal.code, refusal.section) == ("unexpected-command", "§4")
    assert refusal.expected == ["draw-cards", "play-card"] and refusal.to_act == [0]
    assert refusal.message == (
        "'place-bandits' is not expected now: the game waits for a Schemin' action: a card "
        "played or cards drawn (§4.2), one of draw-cards, play-card")


def test_before_the_first_round_the_two_player_game_waits_for_the_placing():
    state = two_player_game()
    refusal = act_refused(state, KeepCard(card="ghost/move"))
    assert refusal.expected == ["place-bandits"]
    assert "the placing of the bandits in the two-player game (§8)" in refusal.message


def test_declining_a_cover_fire_that_is_not_open_says_what_is_awaited():
    state = scheming(FOUR, two_player=True)
    refusal = act_refused(state, DeclineCoverFire())
    assert (refusal.code, refusal.section) == ("unexpected-command", "§8")
    assert refusal.expected == ["draw-cards", "play-card"]
    assert refusal.message == "no cover fire is open: the game waits for one of draw-cards, "\
        "play-card"


def test_an_open_cover_fire_says_its_two_answers():
    hands = {"ghost": ["ghost/fire", "doc/move", "ghost/rob"]}
    state = scheming(FOUR, hands=hands, two_player=True)
    act(state, PlayCard(card="ghost/fire"))
    refusal = act_refused(state, DrawCards())
    assert refusal.code == "cover-fire-pending"
    assert refusal.expected == ["decline-cover-fire", "play-card"] and refusal.to_act == [0]
