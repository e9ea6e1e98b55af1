"""Every name a Ticket to Ride map file may use where the engine gives it a meaning.

The bottom of the engine: the map schema (`mapfile`) types its fields with these
`Literal`s, so msgspec refuses an unknown name while decoding, and no registry of
features, terms or measures has to be imported to check a map. The modules that give
a name its meaning (a feature, a goal card's measure) sit above and key their tables
by these names; a test checks that every name has its meaning.
"""

from __future__ import annotations

from typing import Literal

#: the kinds of track: rail (every map), tunnel, ferry and sea (features of their own)
RouteKind = Literal["rail", "tunnel", "ferry", "sea"]

#: the piece kinds a route may be laid with (stations and harbors are built, not laid)
RoutePiece = Literal["trains", "ships"]

#: how the face-up market is refilled: from one deck (Europe), or a deck the player
#: chooses per slot (Rails & Sails, `features.chosen_market`)
MarketKind = Literal["one-deck", "chosen"]

#: where the tickets a player does not keep at setup go
SetupReturns = Literal["box", "under-pile"]

#: how a ferry's Locomotive symbols are paid: a Locomotive each (Europe), or a
#: Locomotive or a pair of one colour each (Northern Lights)
FerryPayment = Literal["locomotives", "locomotives-or-pairs"]

#: the tie-breaks after the most points, as a map orders them (`scoring.winners`)
TieBreak = Literal[
    "most-tickets-completed", "fewest-stations-built", "longest-path-bonus", "most-goal-cards-won"
]

#: what a goal card measures at the end (`features.goal_cards`)
GoalMetric = Literal[
    "locomotive-equivalents-in-hand",
    "completed-tickets-with-capital",
    "trains-remaining",
    "single-space-routes",
    "longest-path",
    "completed-tickets-max-5-points",
    "countries-reached",
    "completed-tickets-with-arctic-city",
    "routes-touching-arctic-city",
    "ferry-routes",
    "routes-touching-country",
]

#: the numbers of a map's rules an integer host option may set
OptionRule = Literal["trains", "stations", "end-trigger", "station-bonus", "longest-path-bonus"]
