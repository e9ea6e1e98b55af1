"""Hidden information (§4.5): the views and redaction, and the checkers' own teeth."""

from __future__ import annotations

import hashlib
import random
from typing import get_args

import msgspec
import pytest

from domain.colt_express import RULES
from domain.colt_express.commands import PlayCard, Punch, Rob
from domain.colt_express.events import (
    CardPlayed,
    CardsDrawn,
    ColtExpressGameStarted,
    Event,
    HandDealt,
    LootTaken,
)
from domain.colt_express.state import State
from domain.colt_express.views import REDACTIONS, private_view, public_view, redact
from domain.kernel.protocol import Setup
from domain.kernel.rng import Seed
from tests.domain.decider import SEED, play

from .builders import act, resolve, scheming, started, table
from .secrecy import event_leaks, view_leaks


def a_game(seats: int = 3, commands: int = 40) -> tuple[State, list[Event], Seed]:
    """A game `commands` random legal commands in: its state, its log and its seed."""
    seed = Seed(hashlib.sha256(b"hidden").digest())
    state, log = started(Setup(seats=seats), seed)
    chooser = random.Random(3)
    for _ in range(commands):
        (seat,) = RULES.to_act(state)
        command = chooser.choice(RULES.legal_moves(state, seat)).command
        events, state = play(RULES, state, seat, command, seed)
        log.extend(events)
    return state, log, seed


# --- the checkers can fail ------------------------------------------------------------


def test_the_view_checker_catches_views_that_show_hidden_things():
    state, _, _ = a_game()
    assert not view_leaks(state, public_view, None)
    assert view_leaks(state, lambda s: (public_view(s), s.hands), None)
    assert view_leaks(state, lambda s: sorted(s.purse_values.values()), None)
    assert view_leaks(state, lambda s: s.round_deck, None)
    assert view_leaks(state, lambda s: [s.decks[1]], 0)
    assert not view_leaks(state, lambda s: s.hands[0], 0)


def test_the_event_checker_catches_unredacted_events():
    state, log, seed = a_game(commands=60)
    kinds = set()
    for event in log:
        if event_leaks(event, None, state, seed.hex, redactor=lambda e, v: e):
            kinds.add(type(event))
        assert event_leaks(event, None, state, seed.hex) == []
    assert {ColtExpressGameStarted, HandDealt, CardsDrawn} <= kinds


# --- redaction is declared per event type ---------------------------------------------


def test_every_event_type_has_its_own_redaction_entry():
    """An event type added without deciding who may see it is refused, never published."""
    assert set(get_args(Event)) == set(REDACTIONS)


def test_an_event_type_without_a_redaction_entry_is_refused():
    class Unknown(msgspec.Struct, frozen=True, tag="unknown"):
        secret: str

    for viewer in (None, 0):
        with pytest.raises(LookupError, match="Unknown"):
            RULES.redact(Unknown(secret="hidden"), viewer)


# --- cards: hands, decks, face-down cards, the round deck -----------------------------


def test_a_spectator_sees_no_deal_no_draw_and_no_random_record_but_the_public_ones():
    _, log, _ = a_game(commands=5)
    opening = redact(log[0], None)
    assert isinstance(opening, ColtExpressGameStarted)
    assert opening.purses is None and opening.round_cards is None and opening.station is None
    assert opening.wagons.after and opening.first_player is not None
    dealt = [redact(e, None) for e in log if isinstance(e, HandDealt)]
    assert dealt and all(d.hand is None and d.shuffle is None and d.size >= 6 for d in dealt)


def test_a_seat_sees_its_own_hand_but_not_the_deck_order():
    _, log, _ = a_game(commands=0)
    dealt = next(e for e in log if isinstance(e, HandDealt))
    mine = redact(dealt, dealt.seat)
    assert mine.hand == dealt.hand and mine.shuffle is None
    assert redact(dealt, (dealt.seat + 1) % 3).hand is None


def test_everyone_sees_how_many_cards_each_hand_and_deck_holds_but_not_which():
    state = scheming(["ghost", "doc", "tuco"], decks={"doc": ["doc/marshal", "bullet/ghost/6"]})
    act(state, PlayCard(card="ghost/move"))
    counts = [(s.seat, s.hand_size, s.deck_size) for s in public_view(state).seats]
    assert counts == [(0, 4, 4), (1, 5, 2), (2, 5, 4)]
    assert private_view(state, 1).hand == state.hands[1]
    assert "hand" not in public_view(state).__struct_fields__


def test_a_face_down_card_stays_hidden_until_it_is_revealed_in_stealin():
    state = scheming(["ghost", "doc"], round_card="r24-tunnel")
    (event,) = act(state, PlayCard(card="ghost/fire", face_down=True))
    assert isinstance(event, CardPlayed)
    assert public_view(state).pile[0].card is None
    assert private_view(state, 0).own_pile_cards == ["ghost/fire"]
    assert private_view(state, 1).own_pile_cards == [None]
    assert event_leaks(event, 1, state, SEED.hex) == []
    assert event_leaks(event, 1, state, SEED.hex, redactor=lambda e, v: e) == ["face-down card"]


def test_round_cards_below_the_current_one_stay_hidden():
    state, _, _ = a_game(commands=3)
    assert public_view(state).round_cards == state.round_deck[:1]


# --- purse values ---------------------------------------------------------------------


def test_purse_values_are_hidden_except_starting_purses_and_those_a_seat_has_held():
    state = table(
        {"doc": (2, "inside"), "ghost": (4, "inside")},
        inside={2: ["purse-9"]},
        held={"doc": ["purse-1"]},
        purse_values={"purse-1": 250, "purse-9": 500},
    )
    spectator = public_view(state)
    assert spectator.train[2].inside[0].value is None
    assert spectator.bandits[0].loot[0].value == 250
    resolve(state, "doc", "rob", Rob(token="purse-9"))
    assert private_view(state, 0).purse_values["purse-9"] == 500
    assert "purse-9" not in private_view(state, 1).purse_values
    assert public_view(state).bandits[0].loot[1].value is None


def test_a_purse_value_stays_known_to_a_seat_after_the_purse_is_punched_away():
    state = table(
        {"doc": (2, "inside"), "ghost": (2, "inside")},
        inside={2: ["purse-9"]},
        purse_values={"purse-9": 500},
    )
    resolve(state, "ghost", "rob", Rob(token="purse-9"))
    resolve(state, "doc", "punch", Punch(victim="ghost", token="purse-9", car=3))
    assert state.inside[2] == ["purse-9"]
    assert private_view(state, 1).purse_values["purse-9"] == 500
    assert private_view(state, 1).public.train[2].inside[0].value == 500
    assert "purse-9" not in private_view(state, 0).purse_values
    assert public_view(state).train[2].inside[0].value is None


def test_a_robbed_purse_value_in_an_event_leaks_only_without_redaction():
    state = table({"doc": (2, "inside"), "ghost": (4, "inside")}, inside={2: ["purse-9"]})
    events = resolve(state, "doc", "rob", Rob(token="purse-9"))
    taken = next(e for e in events if isinstance(e, LootTaken))
    assert event_leaks(taken, 1, state, SEED.hex) == []
    assert event_leaks(taken, 0, state, SEED.hex) == []
    assert event_leaks(taken, 1, state, SEED.hex, redactor=lambda e, v: e) == ["value of purse-9"]
