"""Fixed vectors for the documented generator (docs/fairness.md), and its properties."""

import hashlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from domain.kernel.rng import Rng, Seed, commitment, derive_seed

SEED = Seed(bytes(range(32)))


def test_commitment_is_sha256_of_the_seed_bytes() -> None:
    assert SEED.commitment == "630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd"
    assert commitment(SEED.value) == hashlib.sha256(SEED.value).hexdigest()


def test_vector_shuffle_draw_0() -> None:
    outcome = Rng(SEED).shuffle([str(i) for i in range(10)])
    assert outcome.draw == 0
    assert outcome.after == ("4", "1", "8", "9", "0", "5", "7", "2", "6", "3")


def test_vector_pick_draw_1() -> None:
    rng = Rng(SEED)
    rng.shuffle(["x"])
    outcome = rng.pick(6)
    assert (outcome.draw, outcome.bound, outcome.value) == (1, 6, 3)


def test_vector_shuffle_draw_7() -> None:
    outcome = Rng(SEED, 7).shuffle(list("abcdefgh"))
    assert outcome.after == tuple("ehagdbcf")


def test_first_u64_of_a_draw_is_the_documented_hash() -> None:
    # below(2**k) for a power of two never rejects, so the first pick equals
    # the first 8 bytes of SHA-256(seed || u64be(draw) || u64be(0)) mod 2**k.
    digest = hashlib.sha256(SEED.value + (3).to_bytes(8, "big") + (0).to_bytes(8, "big")).digest()
    assert Rng(SEED, 3).pick(1 << 16).value == int.from_bytes(digest[:8], "big") % (1 << 16)


def test_seed_must_be_32_bytes_and_repr_hides_it() -> None:
    with pytest.raises(ValueError):
        Seed(b"short")
    assert SEED.hex not in repr(SEED)


def test_derive_seed_mixes_both_parts() -> None:
    assert derive_seed(b"a", b"b") == hashlib.sha256(b"ab").digest()
    assert derive_seed(b"a", b"b") != derive_seed(b"a", b"c")


@settings(max_examples=50)
@given(st.lists(st.text(max_size=3), max_size=40), st.integers(0, 1000))
def test_shuffle_is_a_permutation_and_reproducible(items: list[str], draw: int) -> None:
    first = Rng(SEED, draw).shuffle(items)
    assert sorted(first.after) == sorted(items)
    assert Rng(SEED, draw).shuffle(items) == first


@settings(max_examples=50)
@given(st.integers(1, 10**9), st.integers(0, 1000))
def test_pick_is_in_range(bound: int, draw: int) -> None:
    assert 0 <= Rng(SEED, draw).pick(bound).value < bound
