"""The event store: one eventsourcing aggregate per game, SQLite or PostgreSQL."""
