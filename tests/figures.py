"""Counts that tests reach (races run, kills survived...), printed at the end of the run.

A test calls `report(name, **counts)`; the lines are appended to one file per
run (so pytest-xdist workers can report too) and `tests/conftest.py` prints
them in the terminal summary, where the CI log keeps them.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

#: the environment variable naming this run's figures file (set by the conftest)
FIGURES_FILE = "ROUNDHOUSE_TEST_FIGURES"


def report(name: str, **counts: int | float | str) -> None:
    """Keep `counts` under `name` for the run's summary."""
    path = os.environ.get(FIGURES_FILE)
    if path:
        with Path(path).open("a") as out:
            out.write(json.dumps({"name": name, **counts}) + "\n")


def lines(path: Path) -> list[str]:
    """The reported figures, one readable line each."""
    if not path.exists():
        return []
    rows = [json.loads(line) for line in path.read_text().splitlines() if line]
    return [
        f"{row.pop('name')}: " + ", ".join(f"{key} {value}" for key, value in row.items())
        for row in rows
    ]
