"""Colt Express rules versions: what each engine decides differently (docs/rules-versions.md).

* ``0.1`` (logs without a version) and ``0.2`` (the same decisions, named):
  *Marshal's Revenge* asks only the bandits whose lowest purses tie which one
  they give up; the others lose theirs at once. The public list of those asked
  (``choosers``, and ``to_act``) so tells everyone whose lowest purses tie,
  that is, something about purse values, which are hidden.
* ``0.3``: every bandit on the Marshal's roof who holds a purse is asked,
  tied or not (an untied one has a single choice): the amount lost is the
  same, and who is asked says only who holds a purse, which is public.

The engine a game was recorded under travels in its ``game-started`` event
(`ColtExpressGameStarted.rules_version`, omitted for 0.1 and 0.2 games, so
their openings are re-dealt byte for byte), since the state is built from the
events alone.
"""

from __future__ import annotations

from domain.colt_express.components import COMPONENTS_FILE
from domain.colt_express.refusals import refuse
from domain.kernel.protocol import Setup
from domain.kernel.versions import split_version, version_string

#: the engine new games are decided by
ENGINE = "0.3"
#: the engines whose Marshal's Revenge asks only the holders of tied lowest purses
TIES_NAMED = frozenset({"0.1", "0.2"})
ENGINES = TIES_NAMED | {ENGINE}
#: the version new games are recorded under: this engine and its components file
RULES_VERSION = version_string(ENGINE, "colt-express", COMPONENTS_FILE.read_bytes())


def check_version(setup: Setup) -> None:
    """Refuse a version this build cannot decide (a log from a newer build)."""
    if setup.rules_version is not None and split_version(setup.rules_version)[0] not in ENGINES:
        raise refuse("bad-setup", f"unknown rules version {setup.rules_version!r}",
                            "rules versions")


def started_version(setup: Setup) -> str | None:
    """What the ``game-started`` event records: None for the engines before it was recorded."""
    version = setup.rules_version or RULES_VERSION
    return None if split_version(version)[0] in TIES_NAMED else version


def every_holder_chooses(recorded: str | None) -> bool:
    """Whether *Marshal's Revenge* asks every purse holder (0.3 on) or only tied ones."""
    return recorded is not None and split_version(recorded)[0] not in TIES_NAMED
