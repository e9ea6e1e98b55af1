"""Amsterdam's turn as its map file states it (``rules.md`` §3 A-C, §4, §5.2, §5.4-5.5): card
draws with the 3-wild reset and a display that outlives the piles, claims (the
rulebook's green route, gray routes, double routes closed at 2 players only, carts),
contracts drawn 2 keep 1, the end at 2 carts with any action on a final turn, contracts
scored and breaking ties; and the legal moves saying exactly what `decide` accepts in
states of random games.

Goods are `test_goods`.
"""

from __future__ import annotations

import pytest

from domain.ticket_to_ride import RULES
from domain.ticket_to_ride.board import TRAINS
from domain.ticket_to_ride.commands import ClaimRoute, DrawCard, DrawTickets, KeepTickets
from domain.ticket_to_ride.events import CardDrawn, GameEnded, TicketsDrawn
from domain.ticket_to_ride.final import final_scores
from domain.ticket_to_ride.state import GameState

from .handmade import claim_entry, claimed, decide_accepts, draw_two, play, refused
from .map_states import AMS, listed_claims, lists, random_states

BOARD = AMS.board
ENGINE = RULES.engines[AMS.id]
#: Dam - Oost-Indisch Huis: a double connection of 3 spaces, green and black
GREEN, BLACK = AMS.route("dam", "oost-indisch-huis", "green"), AMS.route(
    "dam", "oost-indisch-huis", "black")
#: Oude Kerk - Waag: a double connection of 1 space, black and red
OUDE_KERK_WAAG_BLACK = AMS.route("oude-kerk", "waag", "black")
#: Noordermarkt - Korenmetershuisje: gray, 3 spaces
GRAY_ROUTE = AMS.route("noordermarkt", "korenmetershuisje")
#: De Drie Hendricken - Westermarkt (pink): 1 space
PINK = AMS.route("westermarkt", "de-drie-hendricken", "pink")


def covered(state: GameState, seat: int, command: ClaimRoute) -> bool:
    return lists(BOARD, RULES.legal_moves(state, seat), command)


# --- §3.A: drawing transport cards ------------------------------------------------------------


def test_a_face_up_wild_taken_first_is_the_only_card_and_never_the_second() -> None:
    state = AMS.state(display=["locomotive", "pink", "blue", "green", "black"],
                      deck=["red"] * 10)
    events, after = play(state.copy(), 0, DrawCard(0))
    assert isinstance(events[0], CardDrawn) and events[0].turn_over and after.current == 1
    _, second = play(state, 0, DrawCard(1))
    error = refused(second, 0, DrawCard(0))
    assert (error.code, error.section) == ("locomotive-second", "§3.A")


def test_a_wild_drawn_blind_is_an_ordinary_card() -> None:
    """§3.A Resolved: the player still takes a second card."""
    state = AMS.state(deck=["red", "locomotive"])
    events, state = play(state, 0, DrawCard())
    assert isinstance(events[0], CardDrawn) and not events[0].turn_over
    assert state.players[0].hand == AMS.hand(locomotive=1)
    _, state = play(state, 0, DrawCard())
    assert state.players[0].hand == AMS.hand(locomotive=1, red=1) and state.current == 1


def test_three_face_up_wilds_after_a_replacement_replace_the_whole_display() -> None:
    """§3.A: at any moment, right after a replacement too, 3 wilds discard all 5."""
    display = ["pink", "locomotive", "locomotive", "blue", "green"]
    deck = ["black"] * 3 + ["red", "orange", "locomotive"]  # the top card is a wild
    state = AMS.state(display=display, deck=deck)
    events, state = play(state, 0, DrawCard(0))
    assert isinstance(events[0], CardDrawn) and events[0].resets == 1
    assert AMS.names(state.display) == ["orange", "red", "black", "black", "black"]
    assert state.discard == AMS.hand(locomotive=3, blue=1, green=1)


def test_with_both_piles_empty_only_the_face_up_cards_can_be_taken() -> None:
    """§3.A Resolved: no blind draw, empty slots stay empty, the cards that exist may be
    taken (Europe §4.4 closes the action); with no card anywhere, action A is gone."""
    state = AMS.state(display=["pink", "blue", None, None, None])
    draws = [m.command for m in RULES.legal_moves(state, 0) if isinstance(m.command, DrawCard)]
    assert draws == [DrawCard(0), DrawCard(1)]
    assert refused(state, 0, DrawCard()).code == "no-cards"
    events, state = play(state, 0, DrawCard(0))
    assert isinstance(events[0], CardDrawn) and not events[0].turn_over
    assert state.display == [-1, AMS.card("blue"), -1, -1, -1]
    _, state = play(state, 0, DrawCard(1))
    assert state.players[0].hand == AMS.hand(pink=1, blue=1) and state.current == 1
    assert not [m for m in RULES.legal_moves(state, 1) if isinstance(m.command, DrawCard)]


def test_with_only_face_up_wilds_left_for_the_second_pick_the_turn_ends_after_one() -> None:
    """§3.A Resolved."""
    state = AMS.state(display=["pink", "locomotive", None, None, None])
    events, state = play(state, 0, DrawCard(0))
    assert isinstance(events[0], CardDrawn) and events[0].turn_over and state.current == 1


# --- §3.B: claiming a route ------------------------------------------------------------------


@pytest.mark.parametrize("wilds", [0, 1, 2, 3])
def test_the_rulebooks_green_route_of_three_spaces(wilds: int) -> None:
    """3 green cards, green and wild cards making 3, or 3 wilds; listed and accepted; the
    cards go to the discard pile and the route scores 4."""
    state = AMS.state(hands=[AMS.hand(green=3 - wilds, locomotive=wilds, blue=3), AMS.hand()])
    assert covered(state, 0, ClaimRoute(GREEN, "green", wilds))
    _, after = play(state, 0, ClaimRoute(GREEN, "green", wilds))
    assert after.players[0].hand == AMS.hand(blue=3) and after.players[0].score == 4
    assert sum(after.discard) == 3 and after.route_owner[GREEN] == 0


def test_a_coloured_route_takes_its_own_colour_only() -> None:
    """"A pink route needs pink cards": another colour, a mix or too few are refused."""
    state = AMS.state(hands=[AMS.hand(green=2, blue=3, locomotive=1), AMS.hand()])
    assert refused(state, 0, ClaimRoute(GREEN, "blue", 0)).code == "wrong-colour"
    assert refused(state, 0, ClaimRoute(GREEN, cards={"green": 2, "blue": 1})).code
    assert refused(state, 0, ClaimRoute(GREEN, "green", 0)).code == "not-enough-cards"
    assert not covered(state, 0, ClaimRoute(GREEN, "blue", 1))


def test_a_gray_route_takes_any_one_colour_never_a_mix() -> None:
    state = AMS.state(hands=[AMS.hand(orange=2, pink=1, locomotive=1), AMS.hand()])
    assert covered(state, 0, ClaimRoute(GRAY_ROUTE, "orange", 1))
    assert not covered(state, 0, ClaimRoute(GRAY_ROUTE, "pink", 1))  # 2 cards only
    assert refused(state, 0, ClaimRoute(GRAY_ROUTE, cards={"orange": 2, "pink": 1})).code
    _, after = play(state, 0, ClaimRoute(GRAY_ROUTE, "orange", 1))
    assert after.players[0].hand == AMS.hand(pink=1) and after.players[0].score == 4


def test_fewer_carts_than_spaces_bar_the_route_in_the_list_and_in_decide() -> None:
    state = AMS.state(hands=[AMS.hand(green=3, pink=1), AMS.hand()], trains=[2, 16])
    assert GREEN not in listed_claims(state, 0) and PINK in listed_claims(state, 0)
    assert refused(state, 0, ClaimRoute(GREEN, "green", 0)).code == "not-enough-trains"
    _, after = play(state, 0, ClaimRoute(PINK, "pink", 0))
    assert after.players[0].pieces[TRAINS] == 1


def test_two_players_one_track_of_a_double_route_for_either_player() -> None:
    """§3.B: at 2 players the first claim there may take either track; then neither
    player (the claimer nor the other) is offered or allowed the other."""
    state = AMS.state(hands=[AMS.hand(green=3, black=3)] * 2, deck=["red"] * 10)
    assert {GREEN, BLACK} <= listed_claims(state, 0)
    for first, other in ((GREEN, BLACK), (BLACK, GREEN)):
        _, after = play(state.copy(), 0, ClaimRoute(first, AMS.colour_of(first), 0))
        assert other not in listed_claims(after, 1)
        error = refused(after, 1, ClaimRoute(other, AMS.colour_of(other), 0))
        assert (error.code, error.section) == ("double-route-closed", "§3.B")
        _, after = draw_two(after, 1)
        assert other not in listed_claims(after, 0)


@pytest.mark.parametrize("seats", [3, 4])
def test_three_or_four_players_both_tracks_but_never_one_player_both(seats: int) -> None:
    """§3.B Resolved: the second track stays open to every other player, never to the
    owner of the first; once both are taken neither is listed."""
    state = AMS.state(seats, hands=[AMS.hand(green=3, black=3)] * seats, deck=["red"] * 10)
    _, after = play(state, 0, ClaimRoute(GREEN, "green", 0))
    for seat in range(1, seats):
        after.current = seat
        assert BLACK in listed_claims(after, seat)
    after.current = 0
    assert BLACK not in listed_claims(after, 0)
    assert refused(after, 0, ClaimRoute(BLACK, "black", 0)).code == "double-route-closed"
    after.current = 1
    _, full = play(after, 1, ClaimRoute(BLACK, "black", 0))
    assert (full.route_owner[GREEN], full.route_owner[BLACK]) == (0, 1)
    for seat in range(seats):
        full.current = seat
        assert not {GREEN, BLACK} & listed_claims(full, seat)


# --- §3.C: contracts -------------------------------------------------------------------------


def test_draw_two_contracts_keep_at_least_one_the_other_goes_under_the_deck() -> None:
    pile = [AMS.ticket("oude-waal", "blauwbrug"), AMS.ticket("dam", "de-drie-hendricken"),
            AMS.ticket("jordaan", "oude-kerk")]
    state = AMS.state(ticket_pile=pile)
    (drawn,), state = play(state, 0, DrawTickets())
    assert isinstance(drawn, TicketsDrawn) and drawn.count == 2
    assert sorted(state.players[0].offered) == sorted(pile[1:])
    error = refused(state, 0, KeepTickets([]))
    assert (error.code, error.section) == ("keep-more", "§3.C")
    _, kept = play(state, 0, KeepTickets([pile[2]]))
    assert kept.players[0].tickets == [pile[2]] and kept.ticket_pile == [pile[1], pile[0]]


def test_with_one_contract_left_the_draw_takes_it_and_it_must_be_kept() -> None:
    last = AMS.ticket("noordermarkt", "waag")
    state = AMS.state(ticket_pile=[last])
    (drawn,), state = play(state, 0, DrawTickets())
    assert isinstance(drawn, TicketsDrawn) and drawn.count == 1
    assert refused(state, 0, KeepTickets([])).code == "keep-more"
    assert [m.command for m in RULES.legal_moves(state, 0)] == [KeepTickets([last])]
    _, state = play(state, 0, KeepTickets([last]))
    assert state.players[0].tickets == [last] and state.ticket_pile == []


def test_with_no_contract_left_the_draw_is_not_available() -> None:
    """§3.C Resolved."""
    state = AMS.state(ticket_pile=[])
    error = refused(state, 0, DrawTickets())
    assert (error.code, error.section) == ("no-tickets", "§3.C")
    assert not [m for m in RULES.legal_moves(state, 0) if isinstance(m.command, DrawTickets)]


# --- §4: the end -----------------------------------------------------------------------------


def test_two_carts_left_give_everyone_one_last_turn_which_may_draw() -> None:
    """§4: the trigger at 2 or fewer carts; everyone, the triggering player included, one
    more turn; a final turn may draw cards or contracts (Resolved)."""
    pile = [AMS.ticket("dam", "de-drie-hendricken"), AMS.ticket("jordaan", "oude-kerk")]
    state = AMS.state(3, hands=[AMS.hand(black=1), AMS.hand(), AMS.hand()], trains=[3, 16, 16],
                      deck=["red"] * 20, ticket_pile=pile)
    _, state = play(state, 0, ClaimRoute(OUDE_KERK_WAAG_BLACK, "black", 0))
    assert state.players[0].pieces[TRAINS] == 2 and state.turns_left == 3
    _, state = draw_two(state, 1)
    _, state = play(state, 2, DrawTickets())
    _, state = play(state, 2, KeepTickets([pile[1]]))
    assert state.phase == "playing" and state.current == 0 and state.turns_left == 1
    events, state = draw_two(state, 0)
    assert isinstance(events[-1], GameEnded) and events[-1].reason == "final-round"
    assert state.phase == "finished"


def test_a_player_with_no_cart_left_is_offered_draws_on_its_final_turn() -> None:
    """§4 Resolved (the reference, not an earlier brief's "no draws"): the legal moves of
    a final turn list card and contract draws, for the triggering player with 0 carts
    too, and no claim it cannot lay."""
    pile = [AMS.ticket("dam", "de-drie-hendricken"), AMS.ticket("jordaan", "oude-kerk")]
    state = AMS.state(hands=[AMS.hand(black=3), AMS.hand()], trains=[3, 16], deck=["red"] * 10,
                      ticket_pile=pile)
    _, state = play(state, 0, ClaimRoute(BLACK, "black", 0))
    assert state.players[0].pieces[TRAINS] == 0 and state.turns_left == 2
    assert {DrawCard, DrawTickets} <= {type(m.command) for m in RULES.legal_moves(state, 1)}
    _, state = play(state, 1, DrawTickets())
    _, state = play(state, 1, KeepTickets([pile[1]]))
    kinds = {type(m.command) for m in RULES.legal_moves(state, 0)}
    assert {DrawCard, DrawTickets} <= kinds and ClaimRoute not in kinds
    _, state = play(state, 0, DrawTickets())
    _, state = play(state, 0, KeepTickets([pile[0]]))
    assert state.phase == "finished"


def test_three_carts_left_do_not_end_the_game() -> None:
    state = AMS.state(hands=[AMS.hand(black=1), AMS.hand()], trains=[4, 16])
    _, state = play(state, 0, ClaimRoute(OUDE_KERK_WAAG_BLACK, "black", 0))
    assert state.players[0].pieces[TRAINS] == 3 and state.turns_left == -1


# --- §5.2, §5.4-5.5: contracts at the end and the winner -------------------------------------


def test_contracts_score_plus_or_minus_and_the_tie_goes_to_more_contracts_completed() -> None:
    """§5.2: +value completed, -value not; §5.5: a tie on points goes to the player with
    more completed contracts (a count, not their values; failed ones do not matter);
    still tied, the victory is shared."""
    state = AMS.state(tickets=[[AMS.ticket("dam", "de-drie-hendricken")], []])
    # Dam - Jan Roodenpoortstoren - Westermarkt - De Drie Hendricken: 3 spaces, 3 points
    claimed(state, 0, AMS.route("dam", "jan-roodenpoortstoren", "red"),
            AMS.route("jan-roodenpoortstoren", "westermarkt", "green"),
            AMS.route("westermarkt", "de-drie-hendricken", "black"))
    state.players[1].score = 6
    scores, won = final_scores(ENGINE, state)
    assert [s.tickets for s in scores] == [3, 0] and [s.total for s in scores] == [6, 6]
    assert won == [0]
    state.players[0].tickets = []  # no contracts: tied on points and contracts
    state.players[1].score = 3
    scores, won = final_scores(ENGINE, state)
    assert [s.total for s in scores] == [3, 3] and won == [0, 1]
    state.players[1].tickets = [AMS.ticket("jordaan", "oude-kerk")]  # failed (-6)
    state.players[1].score = 9
    scores, won = final_scores(ENGINE, state)
    assert [s.tickets for s in scores] == [0, -6] and won == [0, 1]


# --- legal moves: exactly what decide accepts -------------------------------------------------


@pytest.mark.parametrize(("seats", "seed_byte"), [(2, 21), (3, 22), (4, 23)])
def test_every_command_decide_accepts_is_listed_and_nothing_else(
    seats: int, seed_byte: int
) -> None:
    """Every claim (each route, colour and wild count), every draw and the contract draw,
    in every third state of a random game: `decide` accepts it exactly when a legal move
    lists it. Both tracks of some double route end up claimed at 3 and 4 seats, never
    at 2, and nobody owns two tracks of one."""
    colours = [*BOARD.colours, None]
    claims = [ClaimRoute(r, colour, n) for r in range(len(BOARD.route_length))
              for colour in colours for n in range(BOARD.route_length[r] + 1)]
    accepted = 0
    final = None
    for state in random_states(AMS.id, seats, seed_byte, every=3):
        final = state
        if state.phase != "playing":
            continue
        seat = RULES.to_act(state)[0]
        moves = RULES.legal_moves(state, seat)
        commands = [*(DrawCard(slot) for slot in (None, 0, 1, 2, 3, 4)), DrawTickets(), *claims]
        for command in commands:
            ok = decide_accepts(state, seat, command)
            accepted += ok
            assert ok == lists(BOARD, moves, command), (command, state.players[seat].hand)
    assert final is not None and final.phase == "finished" and accepted > 100
    doubles = 0
    for group in set(BOARD.route_tracks):
        owners = [final.route_owner[t] for t in group if final.route_owner[t] >= 0]
        assert len(owners) == len(set(owners))
        doubles += len(owners) == 2
    assert doubles > 0 if seats > 2 else doubles == 0
    assert claim_entry(final, GREEN) is None  # a finished game lists nothing
