"""Export, import, replay and verification of game logs.

Pure over a list of `service.store.records.Record` and the hosted game kinds
(`domain.registry.kinds()`): no HTTP and no store needed, so the same checks
run behind ``GET /games/{id}/audit``, ``POST /replays``, the CLI and the
tests. ``docs/fairness.md`` specifies what is checked for other
implementations; ``tools/verify_log.py`` checks the same without this package.
"""

from service.audit.explain import NoSuchVersion, explain
from service.audit.export import (
    MEDIA_TYPE,
    LogFormatError,
    decode_log,
    encode_log,
    rebuild_state,
)
from service.audit.report import AuditReport, CheckOutcome, Explanation, Finding, RuleRef
from service.audit.verdict import audit

__all__ = [
    "MEDIA_TYPE",
    "AuditReport",
    "CheckOutcome",
    "Explanation",
    "Finding",
    "LogFormatError",
    "NoSuchVersion",
    "RuleRef",
    "audit",
    "decode_log",
    "encode_log",
    "explain",
    "rebuild_state",
]
