"""Changing any one byte of a finished game's export is caught, by the audit and by the script.

Caught means: named as invalid, or, where the byte damages the seed reveal so that
no seed is revealed any more, no longer verified in full (the hashes are salted
with the seed, so a log revealing none reads like a running game's: its links
check out but its hashes are ``not-verifiable``, and the verdict not complete).
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from domain.kernel.protocol import Setup
from service.audit import LogFormatError, audit, decode_log, encode_log
from tests import toy
from tests.audit.conftest import KINDS, SEED
from tests.audit.logs import play_log
from tests.audit.test_verify_log import _tool

EXPORT = encode_log(play_log(toy.RULES, Setup(seats=2), SEED, random.Random(1)))
VERIFY = _tool()


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, len(EXPORT) - 2), st.integers(0, 255))  # the last byte ends the file
def test_any_changed_byte_is_caught(offset: int, value: int) -> None:
    if EXPORT[offset] == value:
        value ^= 1
    tampered = EXPORT[:offset] + bytes([value]) + EXPORT[offset + 1 :]
    try:
        report = audit(decode_log(tampered), KINDS)
    except LogFormatError:
        pass
    else:
        assert not (report.valid and report.complete), (offset, value)
        if report.valid:
            assert VERIFY.revealed_seed(VERIFY.read_log(tampered.decode())) is None
    try:
        verdict = VERIFY.verify(tampered.decode())
    except (ValueError, KeyError, TypeError):
        return
    assert verdict.problems or verdict.checks["hash-chain"] != "passed", (offset, value)
