"""Public and private projections of games, and (elsewhere) read models and live feeds."""
