"""Amsterdam's contract deck (``rules.md`` §1 "24 contract cards", §7 ``completeness``):
generated from the board, or the printed one supplied as data.

Only 4 of the box's 24 contracts are known (``shared/reference/amsterdam``, whose §7 says
an engine must not treat them as the whole deck); `domain.ticket_to_ride.decks`
completes the deck deterministically, or takes an operator's deck file, and the rules
version names the deck either way.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import msgspec
import pytest

from domain.kernel.errors import RuleViolation
from domain.kernel.protocol import Setup
from domain.ticket_to_ride import RULES
from domain.ticket_to_ride.board import board_from_map
from domain.ticket_to_ride.decks import distances, generated_tickets, supplied_deck
from domain.ticket_to_ride.mapcheck import decode_map
from domain.ticket_to_ride.mapfile import MapError
from domain.ticket_to_ride.rules import TicketToRideRules, with_ticket_deck
from domain.ticket_to_ride.versions import ENGINE

from .handmade import opened
from .map_states import AMS, DECK, DECK_PATH

BOARD = AMS.board
#: the four contracts read on the board photo (reference SOURCES.md)
KNOWN = [
    ({"dam", "de-drie-hendricken"}, 3),
    ({"oude-waal", "blauwbrug"}, 4),
    ({"noordermarkt", "waag"}, 5),
    ({"jordaan", "oude-kerk"}, 6),
]


def _file() -> bytes:
    return (Path(__file__).parents[3] / "domain/ticket_to_ride/maps/amsterdam.json").read_bytes()


def test_the_map_file_lists_only_the_four_known_contracts() -> None:
    listed = decode_map("amsterdam.json", _file()).tickets
    assert [(set(t.cities), t.points) for t in listed] == KNOWN
    assert not any(t.generated for t in listed)


def test_every_known_contract_is_worth_its_shortest_distance() -> None:
    far = distances(BOARD.map)
    for cities, points in KNOWN:
        a, b = sorted(cities)
        assert far[a][b] == points


def test_the_generated_deck_completes_the_box_and_spreads_like_the_known_cards() -> None:
    tickets = BOARD.map.tickets
    assert len(tickets) == 24
    assert [(set(t.cities), t.points) for t in tickets[:4]] == KNOWN
    made = tickets[4:]
    assert all(t.generated and t.group == "contracts" for t in made)
    far = distances(BOARD.map)
    for t in made:
        a, b = t.cities
        assert t.points == far[a][b] and 3 <= t.points <= 6
    assert Counter(t.points for t in tickets) == {3: 6, 4: 6, 5: 6, 6: 6}
    assert len({frozenset(t.cities) for t in tickets}) == 24  # no pair twice
    places = Counter(city for t in tickets for city in t.cities)
    assert set(places) == set(BOARD.city_ids) and set(places.values()) <= {2, 3}


def test_the_generated_deck_is_the_same_every_time() -> None:
    data = decode_map("amsterdam.json", _file())
    assert generated_tickets(data) == generated_tickets(data) == BOARD.map.tickets[4:]
    again = board_from_map(data)
    assert again.digest == BOARD.digest and again.deck_digest == BOARD.deck_digest


def test_the_rules_version_names_the_generated_deck() -> None:
    version = RULES.rules_version(Setup(2, "amsterdam"))
    assert version == f"{ENGINE}/amsterdam@{BOARD.digest}"
    assert f"+generated-tickets@{BOARD.deck_digest}" in version


def test_kinds_the_views_and_the_material_say_the_deck_is_generated() -> None:
    (amsterdam,) = [m for m in RULES.descriptor.maps if m.id == "amsterdam"]
    assert "generated deck: 20 of its 24 tickets" in amsterdam.variants[0].description
    state = opened(2, AMS.id)
    view = RULES.public_view(state)
    assert view.ticket_deck is not None
    assert (view.ticket_deck.cards, view.ticket_deck.generated) == (24, 20)
    assert view.ticket_deck.digest == BOARD.deck_digest
    private = RULES.private_view(state, 0)
    assert [t.generated for t in private.offered] == [
        BOARD.ticket_generated[t] for t in state.players[0].offered
    ]
    material = RULES.material(Setup(2, "amsterdam"))
    assert [t.generated for t in material.tickets] == [False] * 4 + [True] * 20
    europe = msgspec.json.encode(RULES.material(Setup(2, "europe")))
    assert b'"generated"' not in europe and b'"goods"' not in europe


# --- a supplied deck -----------------------------------------------------------------------


def test_a_supplied_deck_replaces_the_generated_one() -> None:
    rules = TicketToRideRules(with_ticket_deck(str(DECK_PATH), DECK))
    board = rules.boards["amsterdam"]
    given = json.loads(DECK)["tickets"]
    assert [(t.cities, t.points) for t in board.map.tickets] == [
        (t["cities"], t["points"]) for t in given
    ]
    assert not any(board.ticket_generated)
    version = rules.rules_version(Setup(3, "amsterdam"))
    assert version.endswith(f"+tickets@{board.deck_digest}")
    assert board.deck_digest != BOARD.deck_digest
    # the map part of the version is the same map: only the deck differs
    assert version.split("+")[0] == RULES.rules_version(Setup(3, "amsterdam")).split("+")[0]
    (amsterdam,) = [m for m in rules.descriptor.maps if m.id == "amsterdam"]
    assert "printed deck of 24 tickets" in amsterdam.variants[0].description
    assert rules.boards["europe"] is RULES.boards["europe"]


def test_a_game_of_one_deck_is_refused_by_rules_with_another() -> None:
    supplied = TicketToRideRules(with_ticket_deck(str(DECK_PATH), DECK))
    recorded = Setup(2, "amsterdam", rules_version=supplied.rules_version(Setup(2, "amsterdam")))
    supplied.check_setup(recorded)
    with pytest.raises(RuleViolation) as caught:
        RULES.check_setup(recorded)
    assert caught.value.code == "bad-setup"
    assert "+tickets@" in caught.value.message and "ticket_deck setting" in caught.value.message
    generated = Setup(2, "amsterdam", rules_version=RULES.rules_version(Setup(2, "amsterdam")))
    with pytest.raises(RuleViolation):
        supplied.check_setup(generated)


def _deck(**change: Any) -> bytes:
    deck = json.loads(DECK)
    deck.update(change)
    return json.dumps(deck).encode()


def _tickets(tickets: list[dict[str, Any]]) -> bytes:
    return _deck(tickets=tickets)


GIVEN: list[dict[str, Any]] = json.loads(DECK)["tickets"]


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        (b"{", "truncated"),
        (_deck(map="atlantis"), "map: no shipped map 'atlantis'"),
        (_deck(map="europe"), "map 'europe' takes no supplied ticket deck"),
        (_tickets(GIVEN[:23]), "23 tickets; the box has 24"),
        (_tickets([*GIVEN, {"cities": ["dam", "waag"], "points": 2}]), "25 tickets"),
        (_tickets([{"cities": ["dam", "atlantis"], "points": 3}, *GIVEN[1:]]),
         "tickets[0] (dam-atlantis): unknown place 'atlantis'"),
        (_tickets([*GIVEN[:23], {"cities": ["de-drie-hendricken", "dam"], "points": 3}]),
         "tickets[23] (de-drie-hendricken-dam): the same places as an earlier ticket"),
        (_tickets([{"cities": ["dam", "dam"], "points": 3}, *GIVEN[1:]]), "two or more different"),
        (_tickets([{"cities": ["dam", "waag"], "points": 0}, *GIVEN[1:]]), "at least 1 point"),
        (_tickets([{"cities": ["dam", "waag"]}, *GIVEN[1:]]), "missing required field `points`"),
        (_deck(extra=1), "unknown field `extra`"),
    ],
)
def test_a_bad_deck_file_is_refused_naming_the_file_and_the_entry(raw: bytes, message: str) -> None:
    with pytest.raises(MapError) as caught:
        with_ticket_deck("my-deck.json", raw)
    assert str(caught.value).startswith("my-deck.json: ") and message in str(caught.value)


def test_a_deck_is_for_the_map_it_names() -> None:
    with pytest.raises(MapError) as caught:
        supplied_deck(BOARD.map, "my-deck.json", _deck(map="europe"))
    assert "map: the deck is for 'europe', not 'amsterdam'" in str(caught.value)
