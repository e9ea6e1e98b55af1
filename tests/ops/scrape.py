"""Reading a ``GET /metrics`` answer (the Prometheus text format), with the library's parser."""

from __future__ import annotations

from prometheus_client.parser import text_string_to_metric_families


def metric(text: str, name: str, **labels: str) -> float:
    """The value of sample `name` with exactly these labels in a /metrics answer (0 if none)."""
    for family in text_string_to_metric_families(text):
        for sample in family.samples:
            if sample.name == name and sample.labels == labels:
                return float(sample.value)
    return 0.0
