"""A refused setup cites the setup rule it breaks, and an unknown map names the known ones.

Each case is a setup `check_setup` refuses, with the section its refusal must cite in
the rulebook of the map (or kind) it names; every one is also in the kind's catalogue
(`GET /kinds` ``refusals``) for that map.
"""

from __future__ import annotations

import pytest

from domain.kernel.errors import RuleViolation
from domain.kernel.protocol import Setup
from domain.registry import kinds

CASES = [
    ("ticket-to-ride", Setup(3, "atlantis"), "§2"),
    ("ticket-to-ride", Setup(3, "europe", "nordic"), "§11"),
    ("ticket-to-ride", Setup(3, "europe", options={"fog": True}), "§11"),
    ("ticket-to-ride", Setup(3, "europe", "mega-europe", {"long-1912-tickets": True}), "§11"),
    ("ticket-to-ride", Setup(3, "amsterdam", "mega-europe"), "§2"),
    ("ticket-to-ride", Setup(6, "europe"), "§1 (2-5 players)"),
    ("ticket-to-ride", Setup(5, "amsterdam"), "§1"),
    ("ticket-to-ride", Setup(6, "northern-lights"), "§0"),
    ("ticket-to-ride", Setup(3, "world", "standard", rules_version="9.9"), "rules versions"),
    ("colt-express", Setup(7), "§3"),
    ("colt-express", Setup(3, "europe"), "§3"),
    ("colt-express", Setup(3, variant="two-player"), "§8"),
    ("colt-express", Setup(3, options={"characters": "ghost,ghost,doc"}), "§3.7"),
    ("colt-express", Setup(3, rules_version="9.9"), "rules versions"),
]


@pytest.mark.parametrize(("kind", "setup", "section"), CASES)
def test_a_refused_setup_cites_its_rule(kind: str, setup: Setup, section: str) -> None:
    rules = kinds()[kind]
    with pytest.raises(RuleViolation) as caught:
        rules.check_setup(setup)
    refusal = caught.value
    assert (refusal.code, refusal.section) == ("bad-setup", section)
    listed = [r for r in rules.descriptor.refusals if (r.code, r.section) == ("bad-setup", section)]
    assert len(listed) == 1
    on = setup.map if setup.map in {m.id for m in rules.descriptor.maps} else None
    assert listed[0].maps is None or on is None or on in listed[0].maps


def test_an_unknown_map_names_the_maps_there_are() -> None:
    with pytest.raises(RuleViolation) as caught:
        kinds()["ticket-to-ride"].check_setup(Setup(3, "atlantis"))
    known = ["amsterdam", "europe", "northern-lights", "world"]
    assert caught.value.known == known
    assert caught.value.message == f"unknown map 'atlantis'; the maps are {', '.join(known)}"
