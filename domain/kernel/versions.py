"""Rules version strings: which engine and which data file a game was recorded under.

A version reads ``<engine>/<data>@<digest>``, for example
``0.2/europe@sha256:1f0c9e2a6b7d4c3e``: the engine's version (what the code
decides; a ruleset switch is keyed by it) and the data the game was set up
from (a map file, a component list) named with the first 16 hex digits of
the SHA-256 of its canonical content. A log recorded before versions were
named is version ``0.1``, with no data part. See ``docs/rules-versions.md``.
"""

from __future__ import annotations

import hashlib


def content_digest(data: bytes) -> str:
    """The short content digest a version names data by: ``sha256:`` and 16 hex digits."""
    return "sha256:" + hashlib.sha256(data).hexdigest()[:16]


def version_string(engine: str, data_name: str, data: bytes) -> str:
    """The version of `engine` playing the data `data_name` whose canonical bytes are `data`."""
    return f"{engine}/{data_name}@{content_digest(data)}"


def split_version(version: str) -> tuple[str, str | None]:
    """``(engine, data)`` of a version string; data is None for a bare engine version."""
    engine, slash, data = version.partition("/")
    return engine, (data if slash else None)
