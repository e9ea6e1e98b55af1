"""What each audience sees (Europe rules.md §3 Resolved public information, §2 Resolved
setup order): the opening, views and redacted events keep hands, held and offered
tickets, pile orders and the seed hidden, and show the counts; the game's descriptor
and the setups it refuses."""

from __future__ import annotations

import msgspec
import pytest

from domain.kernel.errors import RuleViolation
from domain.kernel.protocol import Setup
from domain.ticket_to_ride import RULES
from domain.ticket_to_ride.board import STATIONS, TRAINS
from domain.ticket_to_ride.commands import (
    ChooseTickets,
    ClaimRoute,
    DrawCard,
    DrawTickets,
    KeepTickets,
)
from domain.ticket_to_ride.events import (
    CardDrawn,
    GameStarted,
    TicketsChosen,
    TicketsDrawn,
    TicketsKept,
    TunnelAttempted,
)
from domain.ticket_to_ride.features.tunnels import TunnelView

from .handmade import BOARD, SEED, hand, make_state, names, play, route


def opening() -> GameStarted:
    event = RULES.start(Setup(3, "europe"), SEED)[0]
    assert isinstance(event, GameStarted)
    return event


def test_opening_deals_four_cards_five_face_up_and_commits_to_the_seed() -> None:
    event = opening()
    state = RULES.evolve(None, event)
    assert event.seed_commitment == SEED.commitment
    assert len(event.cards.before) == 110 and event.cards.before.count("locomotive") == 14
    assert all(sum(p.hand) == 4 for p in state.players)
    for player, dealt in zip(state.players, event.hands, strict=True):
        assert dealt is not None
        assert hand(BOARD, **{c: dealt.count(c) for c in dealt}) == player.hand
    assert len(state.deck) == 110 - 12 - 5 and -1 not in state.display
    assert event.display == names(state.display)
    for player, offered in zip(state.players, event.offered, strict=True):
        assert offered == player.offered and len(offered) == 4
    assert state.players[0].pieces[TRAINS] == 45 and state.players[0].pieces[STATIONS] == 3


def test_opening_redacted_for_a_seat() -> None:
    event = opening()
    seen = RULES.redact(event, 1)
    assert isinstance(seen, GameStarted)
    assert seen.hands[0] is None and seen.hands[2] is None and seen.hands[1] == event.hands[1]
    assert seen.offered[0] is None and seen.offered[1] == event.offered[1]
    assert seen.cards.after == () and seen.tickets.after == ()
    assert seen.long_tickets is not None and seen.long_tickets.after == ()
    spectator = RULES.redact(event, None)
    assert isinstance(spectator, GameStarted)
    assert spectator.hands == [None] * 3 and spectator.offered == [None] * 3


def test_blind_card_hidden_from_others_face_up_card_public() -> None:
    state = make_state(deck=["green", "red"])
    events, state = play(state, 0, DrawCard())
    blind = events[0]
    assert isinstance(blind, CardDrawn) and blind.card == "red"
    assert RULES.redact(blind, 0) == blind
    hidden = RULES.redact(blind, 1)
    assert isinstance(hidden, CardDrawn) and hidden.card is None
    events, state = play(state, 0, DrawCard(0))
    assert RULES.redact(events[0], 1) == events[0]


def test_reshuffle_outcome_hidden_from_everyone() -> None:
    state = make_state(discard=["red", "blue", "green"])
    events, _ = play(state, 0, DrawCard())
    for viewer in (0, 1, None):
        seen = RULES.redact(events[0], viewer)
        assert isinstance(seen, CardDrawn)
        assert seen.shuffles[0].after == () and seen.shuffles[0].before


def test_tickets_hidden_from_others() -> None:
    state = make_state(ticket_pile=[1, 2, 3, 4])
    events, state = play(state, 0, DrawTickets())
    drawn = events[0]
    assert isinstance(drawn, TicketsDrawn)
    assert RULES.redact(drawn, 0) == drawn
    assert RULES.redact(drawn, 1) == TicketsDrawn(0, None, 3)
    events, state = play(state, 0, KeepTickets([4]))
    kept = events[0]
    assert isinstance(kept, TicketsKept) and kept.bottom is not None
    mine = RULES.redact(kept, 0)
    assert isinstance(mine, TicketsKept) and mine.kept == [4]
    assert mine.bottom is not None and mine.bottom.after == ()
    assert RULES.redact(kept, None) == TicketsKept(0, None, 1, 2, None)


def test_a_setup_choice_shows_the_others_only_how_many_were_kept() -> None:
    """§2 Resolved (setup order): the choice is secret; the count of tickets is public."""
    state = RULES.evolve(None, opening())
    keep = state.players[0].offered[:2]
    events, state = play(state, 0, ChooseTickets(keep))
    chosen = events[0]
    assert isinstance(chosen, TicketsChosen) and chosen.kept == keep
    assert RULES.redact(chosen, 0) == chosen
    for viewer in (1, None):
        assert RULES.redact(chosen, viewer) == TicketsChosen(0, None, 2, 2)
    view = RULES.public_view(state)
    assert [s.choosing_tickets for s in view.seats] == [False, True, True]
    assert view.seats[0].tickets == 2 and view.pending == "choose-tickets"


def test_a_tunnel_attempt_is_public() -> None:
    """§5.4: the revealed cards, the cards laid down and the extra are face up."""
    tunnel = route("madrid", "pamplona", "black")
    state = make_state(hands=[hand(black=4), hand()], deck=["black", "red", "red"])
    events, state = play(state, 0, ClaimRoute(tunnel, "black", 0))
    assert isinstance(events[0], TunnelAttempted)
    assert RULES.redact(events[0], 1) == events[0]
    view = RULES.public_view(state)
    assert view.pending == "tunnel"
    assert view.tunnel == TunnelView(tunnel, "black", 0, ["red", "red", "black"], 1)


def test_public_view_shows_counts_not_contents() -> None:
    state = make_state(
        hands=[hand(purple=2, locomotive=1), hand(orange=5)],
        tickets=[[7], [8, 9]],
        deck=["white"] * 3,
        ticket_pile=[10, 11],
    )
    view = RULES.public_view(state)
    assert view.seats[0].cards == 3 and view.seats[1].cards == 5
    assert view.seats[1].tickets == 2 and view.draw_pile == 3 and view.ticket_pile == 2
    assert view.to_act == [0] and view.status == "active" and view.tickets is None
    encoded = msgspec.json.encode(view)
    assert b"purple" not in encoded and b"orange" not in encoded
    private = RULES.private_view(state, 0)
    assert private.hand == {"purple": 2, "locomotive": 1}
    assert [t.id for t in private.tickets] == [7]
    assert private.public == view


def test_descriptor_and_setup_checks() -> None:
    descriptor = RULES.descriptor
    assert descriptor.kind == "ticket-to-ride"
    maps = {m.id: m for m in descriptor.maps}
    assert sorted(maps) == ["amsterdam", "europe", "northern-lights", "world"]  # each has its tests
    europe = maps["europe"]
    world = maps["world"]
    assert europe.id == "europe" and (europe.min_seats, europe.max_seats) == (2, 5)
    assert world.id == "world" and (world.min_seats, world.max_seats) == (2, 5)
    assert [v.id for v in world.variants] == ["standard"]
    assert [v.id for v in europe.variants] == [
        "standard",
        "europa-1912",
        "mega-europe",
        "big-cities",
    ]
    assert all("Orient Express" in v.description for v in europe.variants)
    assert [o.name for o in descriptor.options] == ["long-1912-tickets"]
    RULES.check_setup(Setup(5, "europe", "mega-europe"))
    for bad in [
        Setup(6, "europe"),
        Setup(1, "europe"),
        Setup(6, "world"),
        Setup(2, "atlantis"),
        # map ids are names, never paths or odd strings (once a 500 from the file loader)
        Setup(2, "../../colt_express/components"),
        Setup(2, "a\u0000b"),
        Setup(2, "x" * 5000),
        Setup(2, "europe", "orient-express"),
        Setup(2, "europe", "big-cities", {"long-1912-tickets": True}),
        Setup(2, "europe", None, {"max-ticket": True}),
    ]:
        with pytest.raises(RuleViolation) as caught:
            RULES.check_setup(bad)
        assert caught.value.code == "bad-setup"


def test_an_option_value_must_be_a_boolean_even_after_the_same_setup_with_true() -> None:
    # rulesets are shared per setup; 1 == True must not reuse the ruleset built for True
    RULES.check_setup(Setup(2, "europe", None, {"long-1912-tickets": True}))
    with pytest.raises(RuleViolation) as caught:
        RULES.check_setup(Setup(2, "europe", None, {"long-1912-tickets": 1}))
    assert caught.value.code == "bad-setup"
