"""The features a Ticket to Ride map may combine, one module each (see `hooks.Feature`).

Each module holds all of its feature: its commands, how its events apply, its legal
moves, its view fields and its end-of-game terms. A map's data names the features it
combines (`mapfile.Features`); `engine.build_engine` composes them.
"""
