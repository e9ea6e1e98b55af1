"""Reference bots for Ticket to Ride (every map the engine ships)."""
