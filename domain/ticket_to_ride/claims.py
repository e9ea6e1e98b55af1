"""Claiming a route (§5): the part every map shares.

A claim names the route and its payment (a colour and Locomotives, or the cards by
name) and is checked against the route's price rule (`Engine.price_rules`). A route of
a kind with a claim of its own (a tunnel) goes to its feature; otherwise the payment
is discarded and the route is claimed. Then the features' ``after_claim`` hooks run
(goods taken, a bonus draw) and the turn ends.

Evolving a claim keeps `GameState.closed` up to date: the route is closed to every
seat, the other tracks of its group to the claimer, and to every seat once the group
has as many tracks claimed as this seat count may use (§5.5).
"""

from __future__ import annotations

from domain.ticket_to_ride.board import TRAINS, Board
from domain.ticket_to_ride.claimable import claim_moves
from domain.ticket_to_ride.commands import ClaimRoute
from domain.ticket_to_ride.entries import Move
from domain.ticket_to_ride.events import Event, RouteClaimed
from domain.ticket_to_ride.hooks import Engine, Feature
from domain.ticket_to_ride.payments import (
    card_names,
    check_colour_payment,
    colour_index,
    colour_name,
    named_cards,
    take_cards_payment,
    take_colour_payment,
)
from domain.ticket_to_ride.pricing import OneColour, PriceRule
from domain.ticket_to_ride.redaction import public
from domain.ticket_to_ride.refusals import Code, refuse
from domain.ticket_to_ride.state import GameState
from domain.ticket_to_ride.turn import Turn, end_turn, finish


def claim_route(turn: Turn, seat: int, command: ClaimRoute) -> list[Event]:
    """The events of a claim, or the `RuleViolation` saying which rule it breaks."""
    engine, board, state = turn.engine, turn.board, turn.state
    player = state.players[seat]
    route = command.route
    if not 0 <= route < len(board.route_length):
        raise refuse("no-such-route", f"there is no route {route}", "§5.1")
    if state.route_owner[route] >= 0:
        raise refuse("route-taken", "this route is already claimed", "§5.1")
    if state.closed[route] >> seat & 1:
        raise refuse("double-route-closed", "the other track bars this route", "§5.5")
    length = board.route_length[route]
    piece = board.route_piece[route]
    if player.pieces[piece] < length:
        code: Code = "not-enough-trains" if piece == TRAINS else "not-enough-ships"
        raise refuse(code, f"the route needs {length} {board.pieces[piece]}", "§5.1")
    rule = engine.price_rules[route]
    one = rule.colour_form()
    if command.cards is None and one is None:
        raise refuse("name-the-cards", "name the cards paid for this route", "§5.2")
    if command.cards is not None:
        if command.colour is not None or command.locomotives:
            raise refuse("bad-payment", "name the cards, or a colour and Locomotives",
                                "§5.2")
        paid = named_cards(board, player.hand, command.cards, "§5.2")
        if not isinstance(rule, OneColour):
            return _claim_paid(turn, seat, route, rule, paid)
        split = rule.split(board, paid)
        if split is None:
            raise refuse("wrong-colour", "pay with cards of one colour, Locomotives wild",
                                "§5.2")
        if sum(paid) != length:
            raise refuse("bad-payment", f"the route takes {length} cards", "§5.2")
        command = ClaimRoute(route, colour_name(board, split[0]), split[1])
    assert one is not None
    colour = colour_index(board, command.colour, "§5.2")
    route_colour = board.route_colour[route]
    locomotives = command.locomotives
    if route_colour >= 0 and locomotives < length and colour != route_colour:
        raise refuse(
            "wrong-colour", f"this route takes {board.colours[route_colour]} cards", "§5.2"
        )
    if locomotives == length and colour >= 0 and colour != route_colour:
        raise refuse("wrong-colour", "an all-Locomotive payment names no colour", "§5.2")
    used = check_colour_payment(board, player.hand, colour, locomotives, length, "§5.2")
    if locomotives < one.locomotives:
        raise refuse(
            "ferry-locomotives", f"this ferry needs {one.locomotives} Locomotive(s)", "§5.3"
        )
    claim = engine.claims.get(board.route_kind[route])
    if claim is not None:  # a route whose kind claims its own way (a tunnel)
        return claim(turn, seat, route, used, locomotives)
    turn.pay_colour(used, locomotives, length)
    event = RouteClaimed(seat, route, colour_name(board, used), locomotives, length,
                         board.route_points[route])
    return claimed(turn, [event])


def _claim_paid(turn: Turn, seat: int, route: int, rule: PriceRule, paid: list[int]
                ) -> list[Event]:
    """Claim a route whose price its rule checks, paid with the cards `paid`."""
    board = turn.board
    problem = rule.check(board, paid)
    if problem is not None:
        raise refuse("bad-payment", problem, rule.section)
    turn.pay(paid)
    event = RouteClaimed(seat, route, None, paid[board.locomotive], sum(paid),
                         board.route_points[route], card_names(board, paid))
    return claimed(turn, [event])


def claimed(turn: Turn, events: list[Event]) -> list[Event]:
    """`events` ending in a route-claimed event, with what the features add after a claim
    (goods taken, a bonus draw), then the end of the turn."""
    for hook in turn.engine.after_claim:
        hook(turn, events)
    return finish(turn, events)


def route_claimed(engine: Engine, state: GameState, event: RouteClaimed) -> None:
    """Evolving a claim: the payment discarded, the route owned, the pieces laid, the
    points scored, then the features' own changes; the turn ends unless a bonus draw
    follows."""
    seat, route, board = event.seat, event.route, engine.board
    player = state.players[seat]
    hand = player.hand
    if event.paid is None:
        take_colour_payment(board, hand, state.discard, event.colour, event.locomotives,
                            event.cards)
    else:
        take_cards_payment(board, state, hand, event.paid)
    close_claimed(board, state, seat, route)
    player.routes.append(route)
    player.pieces[board.route_piece[route]] -= board.route_length[route]
    player.score += event.points
    for hook in engine.on_claim:
        hook(engine, state, event)
    state.passes = 0
    if not engine.goes_on[route]:
        end_turn(engine, state)


def close_claimed(board: Board, state: GameState, seat: int, route: int) -> None:
    """Record `seat`'s claim of `route` in the owners and the closed routes (§5.5)."""
    owner, closed = state.route_owner, state.closed
    owner[route] = seat
    everyone = (1 << state.seats) - 1
    closed[route] = everyone
    tracks = board.route_tracks[route]
    if len(tracks) > 1:
        claimed_tracks = 0
        for track in tracks:
            if owner[track] >= 0:
                claimed_tracks += 1
        bar = everyone if claimed_tracks >= state.rules.usable_tracks[len(tracks)] else 1 << seat
        for track in tracks:
            closed[track] |= bar


def claim_entries(engine: Engine, state: GameState, seat: int, out: list[Move]) -> None:
    """An entry per route `seat` can claim and pay for now (`claimable`)."""
    claim_moves(engine.claim_table, engine.board, state, seat, out)


CLAIMS = Feature(
    name="claiming routes",
    refusals=(("no-such-route", "§5.1"), ("route-taken", "§5.1"), ("double-route-closed", "§5.5"),
              ("not-enough-trains", "§5.1"), ("name-the-cards", "§5.2"), ("bad-payment", "§5.2"),
              ("wrong-colour", "§5.2"), ("unknown-colour", "§5.2"),
              ("not-enough-cards", "§5.2")),
    turn_commands={ClaimRoute: claim_route},
    appliers={RouteClaimed: route_claimed},
    redactions={RouteClaimed: public},
    turn_moves=claim_entries,
)
