"""Statistics: projections of the game logs (per game here; across games beside it)."""
