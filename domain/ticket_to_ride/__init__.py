"""Ticket to Ride: one engine for the whole family, driven by map data and a ruleset."""

from domain.ticket_to_ride.rules import RULES

__all__ = ["RULES"]
