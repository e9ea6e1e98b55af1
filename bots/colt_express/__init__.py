"""Reference bots for Colt Express."""
