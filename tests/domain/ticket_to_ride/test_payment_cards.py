"""Every payment a World entry lists is one exact command (rules.md §3.2, §3.3).

On Rails & Sails World every claim and every harbor names the cards paid, so each
payment a legal-move entry lists carries its own ``cards``: over random World states
(hands of any card kinds, routes owned by either seat, pieces left), the entry's
command with any listed payment's cards is a legal claim or harbor, pays that
payment's colour, double-ship cards and fewest wilds, and the entry's own command is
its first payment's. That each way to pay is listed is shown in the features' own files
(`test_sea_routes.py`, `test_doubled_spaces.py`, `test_harbors.py`).
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from msgspec.structs import replace

from domain.ticket_to_ride.commands import BuildHarbor, ClaimRoute
from domain.ticket_to_ride.state import GameState

from .handmade import SEED, give_route
from .world import BOARD, RULES, SHIPS, TRAINS, counts, kind, playing

ROUTES = range(len(BOARD.route_length))


@st.composite
def _states(draw: st.DrawFn) -> GameState:
    """A World game in play: seat 0 to move with a random hand, routes given to both seats
    (seat 0 one at least: its ends are its ports), pieces left at random."""
    hand = draw(st.dictionaries(st.sampled_from(BOARD.card_names), st.integers(1, 5),
                                min_size=1, max_size=12))
    # and often some of one colour's anchor cards and wilds, which build harbors
    colour = draw(st.sampled_from(BOARD.colours))
    hand |= draw(st.dictionaries(st.sampled_from([f"{colour}-anchor", f"{colour}-ship", "wild"]),
                                 st.integers(1, 2)))
    state = playing(**{name.replace("-", "_"): n for name, n in hand.items()})
    owned = draw(st.lists(st.sampled_from(ROUTES), unique=True, min_size=1, max_size=6))
    split = draw(st.integers(1, len(owned)))
    give_route(state, 0, *owned[:split])
    give_route(state, 1, *owned[split:])
    pieces = state.players[0].pieces
    pieces[TRAINS] = draw(st.integers(0, pieces[TRAINS]))
    pieces[SHIPS] = draw(st.integers(0, pieces[SHIPS]))
    return state


@settings(max_examples=100, deadline=None)
@given(state=_states())
def test_every_listed_payment_s_cards_are_a_legal_claim_or_harbor(state: GameState) -> None:
    for move in RULES.legal_moves(state, 0):
        command = move.command
        if not isinstance(command, ClaimRoute | BuildHarbor):
            continue
        payments = move.payments or ()
        assert payments and command.cards == payments[0].cards, move
        route = command.route if isinstance(command, ClaimRoute) else None
        for payment in payments:
            assert payment.cards is not None, move
            paid = counts(payment.cards)
            assert kind(paid, route) == (payment.colour, payment.min_locomotives,
                                         payment.doubles), (move, payment)
            for city in {*(move.cities or ())[:1], *(move.cities or ())[-1:]} or {None}:
                exact = replace(command, cards=payment.cards)
                if city is not None:
                    exact = replace(exact, city=city)
                RULES.decide(state, 0, exact, SEED)
