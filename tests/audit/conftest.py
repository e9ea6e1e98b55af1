"""A finished game of the test kind, as a sealed log, for the audit tests."""

from __future__ import annotations

import random

import pytest

from domain.kernel.protocol import Setup
from domain.kernel.rng import Seed
from service.store.records import Record
from tests import toy
from tests.audit.logs import play_log

KINDS = {"toy": toy.RULES}
SEED = Seed(bytes(range(32)))


@pytest.fixture
def finished() -> list[Record]:
    return play_log(toy.RULES, Setup(seats=3), SEED, random.Random(7))
