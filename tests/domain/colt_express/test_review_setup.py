"""Review of setup (§3) and the two-player setup (§8): the material each player gets."""

from __future__ import annotations

import hashlib
from collections import Counter

import pytest

from domain.colt_express import RULES
from domain.colt_express.components import PURSE_VALUES, ROUND_CARDS
from domain.colt_express.events import ColtExpressGameStarted
from domain.colt_express.evolve import evolve
from domain.colt_express.state import State
from domain.kernel.protocol import Setup
from domain.kernel.rng import Seed


def opened(seats: int, i: int = 0, **options: str) -> tuple[State, list]:
    seed = Seed(hashlib.sha256(f"review setup {seats} {i}".encode()).digest())
    events = RULES.start(Setup(seats=seats, options=dict(options)), seed)
    state = None
    for event in events:
        state = evolve(state, event)
    assert state is not None
    return state, events


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


def test_two_players_get_two_bandits_each_and_an_eleven_card_deck_of_both_colours():
    state, _ = opened(2, characters="ghost,doc,tuco,belle")
    assert state.bullets_left == [6, 6, 6, 6]
    for seat, (a, b) in enumerate([("ghost", "doc"), ("tuco", "belle")]):
        deck = Counter(state.decks[seat])
        five = ("move", "change_floor", "fire", "punch", "rob")
        assert all(deck[f"{x}/{action}"] == 1 for x in (a, b) for action in five)
        assert deck[f"{a}/marshal"] + deck[f"{b}/marshal"] == 1 and sum(deck.values()) == 11
    held = sorted(t for h in state.held for t in h)
    assert held == ["purse-1", "purse-2", "purse-3", "purse-4"]
    assert all(state.purse_values[t] == 250 for t in held)
    remaining = Counter(PURSE_VALUES) - Counter(state.purse_values.values())
    assert all(v >= 0 for v in remaining.values())
    assert all(ROUND_CARDS[c][0] == "2-4" for c in state.round_deck[:4])


def test_the_first_player_is_drawn_at_random_and_the_round_deck_is_shuffled():
    firsts = {opened(4, i)[1][0].first_player.value for i in range(12)}
    assert len(firsts) > 1
    decks = {tuple(opened(4, i)[0].round_deck) for i in range(8)}
    assert len(decks) > 1
    stations = {opened(4, i)[0].round_deck[4] for i in range(12)}
    assert len(stations) > 1


def test_every_random_setup_outcome_is_recorded_in_the_first_event():
    state, events = opened(5)
    started = events[0]
    assert isinstance(started, ColtExpressGameStarted)
    assert started.purses is not None and started.round_cards is not None
    assert list(started.wagons.after[:5]) == state.wagons
    assert state.round_deck[:4] == list(started.round_cards.after[:4])


def test_every_round_card_opens_with_a_normal_turn_and_take_it_all_is_once_per_set():
    """Resolutions 4 and 18 rest on these two facts of the card data."""
    assert all(turns[0] == "normal" for _, turns, _ in ROUND_CARDS.values())
    for wanted in ("2-4", "5-6"):
        events = [event for deck, _, event in ROUND_CARDS.values() if deck == wanted]
        assert len(events) == 7 and events.count("take_it_all") == 1
    stations = [event for deck, _, event in ROUND_CARDS.values() if deck == "station"]
    assert sorted(stations) == ["hostage_conductor", "marshals_revenge", "pickpocketing"]
