"""Rules versions (``docs/rules-versions.md``, `domain.ticket_to_ride.versions`): a game
plays under the version it was recorded with, and 0.3 fixed one rule.

Northern Lights (rules.md §2.5: "Odrzucone karty umieśćcie na spodzie stosu kart
Biletów") and World (§2.4: "Odrzucane Bilety zawsze należy odkładać na spód stosu") put
the tickets a player does not keep at setup under the ticket pile. Their 0.2 map files
did not say so, and the engine then sent them back to the box, as Europe does (its
§2.8). Under 0.3 every map file states it (``rules.setup_tickets``); a game recorded
under 0.2 still sends them to the box, so its log replays as it was played. The
returns go under the pile one seat after the other from the first player (Amsterdam
§2.5 Resolved), whatever order the seats' secret choices arrive in.
"""

from __future__ import annotations

import pytest

from domain.kernel.errors import RuleViolation
from domain.kernel.protocol import LEGACY_RULES_VERSION, Setup
from domain.ticket_to_ride import RULES
from domain.ticket_to_ride.board import load_board, map_ids
from domain.ticket_to_ride.commands import ChooseTickets
from domain.ticket_to_ride.ruleset import ruleset_for
from domain.ticket_to_ride.state import GameState
from domain.ticket_to_ride.versions import ENGINE, RECORDED, current_version

from .handmade import SEED, play

#: the 0.2 version of each map, as its logs name it (the map's data then, and the ticket
#: deck a map of generated tickets is played with: a part of the version of its own)
VERSION_02 = {
    recorded.map: f"0.2/{recorded.map}@{digest}"
    + "".join(load_board(recorded.map).digest.partition("+")[1:])
    for digest, recorded in RECORDED.items()
}


def _opened(seats: int, map_id: str, version: str | None) -> GameState:
    """A game right after its opening, under `version` (None: the current one)."""
    state = None
    for event in RULES.start(Setup(seats, map_id, rules_version=version), SEED):
        state = RULES.evolve(state, event)
    assert isinstance(state, GameState)
    return state


def _keep_fewest(state: GameState, order: list[int]) -> tuple[GameState, dict[int, list[int]]]:
    """Each seat in `order` keeps the fewest setup tickets it may (the first offered);
    the state after, and each seat's returned tickets in the order it was offered them."""
    keep = state.rules.tickets.setup_keep
    returned = {}
    for seat in order:
        offered = list(state.players[seat].offered)
        returned[seat] = offered[keep:]
        _, state = play(state, seat, ChooseTickets(offered[:keep]))
    return state, returned


@pytest.mark.parametrize(("map_id", "dealt", "kept", "pile"), [
    ("northern-lights", 4, 2, 51),  # §2.5: 4 dealt, 2 kept; 47 in the pile after the deal
    ("world", 5, 3, 59),  # §2.4: 5 dealt, 3 kept; 55 in the pile after the deal
])
def test_under_0_3_the_unkept_setup_tickets_go_under_the_pile_in_seat_order(
    map_id: str, dealt: int, kept: int, pile: int
) -> None:
    state = _opened(2, map_id, None)
    assert state.rules.version == current_version(load_board(map_id))
    assert [len(p.offered) for p in state.players] == [dealt, dealt]
    before = list(state.ticket_pile)
    assert len(before) == pile - 2 * (dealt - kept)
    first, other = state.first, 1 - state.first
    state, returned = _keep_fewest(state, [first, other])
    assert [len(p.tickets) for p in state.players] == [kept, kept]
    assert len(state.ticket_pile) == pile
    # the later seat's returns lie lowest, then the first player's, then the pile as dealt
    assert state.ticket_pile == returned[other] + returned[first] + before


@pytest.mark.parametrize(("map_id", "pile"), [("northern-lights", 47), ("world", 55)])
def test_a_game_recorded_under_0_2_sends_them_to_the_box_as_it_was_played(
    map_id: str, pile: int
) -> None:
    state = _opened(2, map_id, VERSION_02[map_id])
    assert state.rules.version == VERSION_02[map_id]
    assert state.rules.setup_returns == "box"
    before = list(state.ticket_pile)
    state, returned = _keep_fewest(state, [state.first, 1 - state.first])
    assert state.ticket_pile == before and len(before) == pile
    gone = returned[0] + returned[1]
    assert gone and not set(gone) & {t for p in state.players for t in p.tickets}


@pytest.mark.parametrize("map_id", ["northern-lights", "world", "amsterdam"])
def test_the_pile_is_the_same_whatever_order_the_choices_arrive_in(map_id: str) -> None:
    opened = _opened(3, map_id, None)
    first = opened.first
    in_turn = [(first + k) % 3 for k in range(3)]
    piles = [_keep_fewest(_opened(3, map_id, None), order)[0].ticket_pile
             for order in (in_turn, in_turn[::-1], [in_turn[1], in_turn[0], in_turn[2]])]
    assert piles[0] == piles[1] == piles[2]


def test_every_map_states_where_setup_returns_go_and_only_0_2_changes_it() -> None:
    """Europe: the box (§2.8); Amsterdam (§2.5), Northern Lights (§2.5) and World (§2.4):
    under the pile. Only the 0.2 Northern Lights and World data said otherwise."""
    stated = {"europe": "box", "amsterdam": "under-pile", "northern-lights": "under-pile",
              "world": "under-pile"}
    assert set(stated) == set(map_ids())
    for map_id, returns in stated.items():
        board = load_board(map_id)
        assert board.map.rules.setup_tickets.returns == returns
        assert ruleset_for(Setup(2, map_id)).setup_returns == returns
        old = ruleset_for(Setup(2, map_id, rules_version=VERSION_02[map_id]))
        assert old.setup_returns == ("box" if map_id in ("northern-lights", "world")
                                     else returns)


def test_a_0_1_log_plays_europe_with_the_data_of_then() -> None:
    rules = ruleset_for(Setup(2, "europe", rules_version=LEGACY_RULES_VERSION))
    assert rules.version == LEGACY_RULES_VERSION and rules.setup_returns == "box"


@pytest.mark.parametrize("version", [
    f"{ENGINE}/europe@sha256:0000000000000000",  # data this build never shipped
    "0.9/europe@sha256:f3c881cea0956588",  # an engine version not known here
    VERSION_02["world"].replace("world@", "europe@"),  # another map's data
    VERSION_02["europe"].replace("0.2/", f"{ENGINE}/"),  # 0.2 data under today's engine
    current_version(load_board("europe")).replace(f"{ENGINE}/", "0.2/"),  # and the reverse
])
def test_a_version_this_build_cannot_play_is_refused_at_setup(version: str) -> None:
    with pytest.raises(RuleViolation) as refused:
        ruleset_for(Setup(2, "europe", rules_version=version))
    assert refused.value.code == "bad-setup"


def test_every_recorded_digest_is_pinned_to_its_map_s_data_now() -> None:
    """A later change to a shipped file must make its old logs refused, not replayed
    under other data: `RECORDED` pins each map's digest of today."""
    for recorded in RECORDED.values():
        assert load_board(recorded.map).digest.partition("+")[0] == recorded.now
