"""Setup (§3) and the start of round 1 (§4.1): the train, the loot, the decks, the seats."""

from __future__ import annotations

import hashlib
from collections import Counter

import pytest

from domain.colt_express import RULES
from domain.colt_express.components import (
    CARS_BY_SEATS,
    PURSE_VALUES,
    ROUND_CARDS,
    WAGONS,
    regular_round_cards,
)
from domain.colt_express.events import ColtExpressGameStarted, Event, HandDealt, RoundBegan
from domain.colt_express.state import State
from domain.kernel.errors import RuleViolation
from domain.kernel.protocol import Setup
from domain.kernel.rng import Seed

from .builders import of_type, started


def seed(i: int) -> Seed:
    return Seed(hashlib.sha256(f"setup {i}".encode()).digest())


def opened(seats: int, i: int = 0, **options: str) -> tuple[State, list[Event]]:
    """Game `i` of `seats` seats just opened (`options` as the host gives them)."""
    return started(Setup(seats=seats, options=dict(options)), seed(i))


# --- the train and the loot -----------------------------------------------------------


@pytest.mark.parametrize("seats", [2, 3, 4, 5, 6])
def test_the_train_has_the_cars_for_the_player_count_loaded_with_their_printed_loot(seats):
    state, _ = opened(seats)
    assert len(state.wagons) == CARS_BY_SEATS[seats] and len(set(state.wagons)) == len(state.wagons)
    for car, wagon in enumerate(state.wagons, start=1):
        loot = Counter(t.partition("-")[0] for t in state.inside[car])
        assert (loot["purse"], loot["jewel"]) == WAGONS[wagon]
    assert all(roof == [] for roof in state.roof)
    assert state.inside[0] == ["strongbox-1"] and state.reserve == ["strongbox-2"]
    assert state.marshal == 0


def test_which_cars_are_used_is_drawn_at_random():
    chosen = {tuple(opened(4, i)[0].wagons) for i in range(8)}
    assert len(chosen) > 1


@pytest.mark.parametrize("seats", [2, 3, 4, 5, 6])
def test_each_bandit_starts_with_a_250_purse_set_aside_before_the_cars_are_loaded(seats):
    state, _ = opened(seats)
    for b, held in enumerate(state.held):
        assert held == [f"purse-{b + 1}"] and state.purse_values[held[0]] == 250
    assert not Counter(state.purse_values.values()) - Counter(PURSE_VALUES)
    if seats == 6:
        assert sorted(state.purse_values.values()) == sorted(PURSE_VALUES)


# --- the round deck -------------------------------------------------------------------


@pytest.mark.parametrize("seats", [2, 4, 5])
def test_the_round_deck_is_four_regular_cards_for_the_count_and_a_station_at_the_bottom(seats):
    state, _ = opened(seats)
    assert len(set(state.round_deck[:4])) == 4
    assert set(state.round_deck[:4]) <= set(regular_round_cards(seats))
    assert ROUND_CARDS[state.round_deck[4]][0] == "station"


def test_every_round_card_opens_with_a_normal_turn_and_take_it_all_is_once_per_set():
    """Resolutions 4 and 18 rest on these two facts of the card data."""
    assert all(turns[0] == "normal" for _, turns, _ in ROUND_CARDS.values())
    for wanted in ("2-4", "5-6"):
        events = [event for deck, _, event in ROUND_CARDS.values() if deck == wanted]
        assert len(events) == 7 and events.count("take_it_all") == 1
    stations = [event for deck, _, event in ROUND_CARDS.values() if deck == "station"]
    assert sorted(stations) == ["hostage_conductor", "marshals_revenge", "pickpocketing"]


# --- the players ----------------------------------------------------------------------


@pytest.mark.parametrize("seats", [3, 4, 5, 6])
def test_each_player_owns_ten_action_cards_of_the_printed_mix_six_bullets_and_no_extras(seats):
    state, _ = opened(seats)
    for seat in range(seats):
        (character,) = [state.characters[b] for b in range(seats) if state.controller[b] == seat]
        cards = Counter(c.partition("/")[2] for c in state.decks[seat] + state.hands[seat])
        assert all(c.startswith(f"{character}/") for c in state.decks[seat] + state.hands[seat])
        assert cards == {
            "move": 2,
            "change_floor": 2,
            "fire": 2,
            "punch": 1,
            "rob": 2,
            "marshal": 1,
        }
    assert state.bullets_left == [6] * seats and state.bullets_received == [0] * seats
    assert state.neutral_left == 13
    assert not any(state.bandit_roof)


def test_characters_are_drawn_at_random_unless_named():
    state, _ = opened(3, characters="belle,django,cheyenne")
    assert state.characters == ["belle", "django", "cheyenne"]
    drawn = {tuple(opened(3, i)[0].characters) for i in range(6)}
    assert len(drawn) > 1


def test_the_first_player_is_drawn_at_random_and_the_round_deck_is_shuffled():
    firsts = {opened(4, i)[1][0].first_player.value for i in range(12)}
    assert len(firsts) > 1
    decks = {tuple(opened(4, i)[0].round_deck) for i in range(8)}
    assert len(decks) > 1
    stations = {opened(4, i)[0].round_deck[4] for i in range(12)}
    assert len(stations) > 1


@pytest.mark.parametrize("seats", [3, 4, 5, 6])
def test_odd_seats_from_the_first_player_start_in_the_caboose_even_seats_in_front(seats):
    for i in range(4):
        state, events = opened(seats, i)
        first = events[0].first_player.value
        for b in range(seats):
            offset = (b - first) % seats
            expected = state.caboose if offset % 2 == 0 else state.caboose - 1
            assert (state.bandit_car[b], state.bandit_roof[b]) == (expected, False)


def test_round_one_turns_up_the_first_round_card_and_deals_six_cards_doc_seven():
    state, events = opened(3, characters="doc,ghost,tuco")
    (began,) = of_type(events, RoundBegan)
    assert began.card == state.round_deck[0] and began.round == 0
    assert [len(h) for h in state.hands] == [7, 6, 6]
    assert [len(d) + len(h) for d, h in zip(state.decks, state.hands, strict=True)] == [10] * 3
    assert len(of_type(events, HandDealt)) == 3
    assert state.phase == "schemin"


# --- the first event ------------------------------------------------------------------


def test_the_first_event_carries_the_seed_commitment_and_the_first_player_draw():
    _, events = opened(4)
    first = events[0]
    assert isinstance(first, ColtExpressGameStarted)
    assert first.seed_commitment == seed(0).commitment
    assert first.first_player.bound == 4


def test_every_random_setup_outcome_is_recorded_in_the_first_event():
    state, events = opened(5)
    started = events[0]
    assert isinstance(started, ColtExpressGameStarted)
    assert started.purses is not None and started.round_cards is not None
    assert list(started.wagons.after[:5]) == state.wagons
    assert state.round_deck[:4] == list(started.round_cards.after[:4])


# --- what can be set up ---------------------------------------------------------------


@pytest.mark.parametrize(
    "setup",
    [
        Setup(seats=1),
        Setup(seats=7),
        Setup(seats=3, variant="two-player"),
        Setup(seats=3, variant="expert"),
        Setup(seats=3, map="europe"),
        Setup(seats=3, options={"characters": "ghost,ghost,doc"}),
        Setup(seats=3, options={"characters": "ghost,doc"}),
        Setup(seats=3, options={"characters": "ghost,doc,zorro"}),
        Setup(seats=3, options={"speed": 2}),
        Setup(seats=3, options={"characters": 3}),
    ],
)
def test_impossible_setups_are_refused(setup):
    with pytest.raises(RuleViolation) as refused:
        RULES.check_setup(setup)
    assert refused.value.code == "bad-setup"


def test_the_two_player_variant_is_accepted_by_name_with_two_seats():
    RULES.check_setup(Setup(seats=2, variant="two-player"))
    assert [v.id for v in RULES.descriptor.variants] == ["two-player"]
    assert RULES.descriptor.score_unit == "dollars"
