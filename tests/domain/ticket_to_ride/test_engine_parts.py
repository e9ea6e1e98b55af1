"""The engine's parts fit together: every name a map file may use has its meaning, every
feature of the schema has its module, and every event type its own redaction entry.

A map file's names are `Literal`s (`names.py`) that msgspec checks while decoding; the
modules above give them their meaning. Forgetting one would leave a valid map file
that the engine silently plays without it, so each table is checked against its names.
Redaction fails closed: an event type with no entry is refused (`views.redact` raises
`LookupError`), never published as it is.
"""

from __future__ import annotations

from typing import get_args

import msgspec
import pytest

from domain.ticket_to_ride import RULES
from domain.ticket_to_ride.engine import CORE, FEATURES, MARKETS, REDACTIONS
from domain.ticket_to_ride.events import Event
from domain.ticket_to_ride.features.goal_cards import MEASURES
from domain.ticket_to_ride.mapfile import Features, MapFile, option_rule
from domain.ticket_to_ride.names import GoalMetric, MarketKind, OptionRule, TieBreak
from domain.ticket_to_ride.scoring import winners


def test_every_event_type_has_its_own_redaction_entry_from_one_part() -> None:
    assert set(get_args(Event)) == set(REDACTIONS)
    parts = [*CORE, *(part for _, part in MARKETS.values()), *FEATURES.values()]
    given = [kind for part in parts for kind in part.redactions]
    assert len(given) == len(set(given)), "an event type redacted by two parts"


def test_an_event_type_without_a_redaction_entry_is_refused_for_every_viewer() -> None:
    class Unknown(msgspec.Struct, frozen=True, tag="unknown"):
        secret: str

    for viewer in (None, 0, 1):
        with pytest.raises(LookupError, match="no redaction entry for the event type Unknown"):
            RULES.redact(Unknown("the deck order"), viewer)  # type: ignore[arg-type]


def test_every_feature_of_the_map_schema_has_its_module_and_every_market_its_part() -> None:
    assert set(FEATURES) == set(msgspec.structs.asdict(Features()))
    assert set(MARKETS) == set(get_args(MarketKind))
    assert len({id(part) for part in FEATURES.values()}) == len(FEATURES)


def test_every_goal_metric_has_its_measure() -> None:
    assert set(MEASURES) == set(get_args(GoalMetric))


def test_every_tie_break_is_measured_by_the_core_or_a_feature() -> None:
    """`scoring.winners` measures the core tie-breaks; a feature gives its own measure
    (`Feature.tie_breaks`): each name a map may order is one or the other."""
    by_features = {name for part in FEATURES.values() for name in part.tie_breaks}
    for name in get_args(TieBreak):
        more = {name: [1, 0]} if name in by_features else None
        # two seats tied on points: the tie-break alone decides, whatever it measures
        assert len(winners([5, 5], [1, 0], [0, 1], [True, False], (name,), None, more)) == 1


@pytest.mark.parametrize("rule", get_args(OptionRule))
def test_every_option_rule_is_a_number_some_shipped_map_states(rule: OptionRule) -> None:
    maps: list[MapFile] = [engine.board.map for engine in RULES.engines.values()]
    assert any(option_rule(data, rule) is not None for data in maps), rule
