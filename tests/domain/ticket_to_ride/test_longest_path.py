"""The European Express (Europe rules.md §9): the longest continuous path of a player's
own trains, counted in train pieces; loops and revisited cities allowed, no route used
twice; against a brute-force search on small random networks.

That stations and borrowed routes never count, and that tied players all score the
bonus, is checked through a game's end in `test_end_of_game.py`.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from domain.ticket_to_ride.scoring import longest_path


def test_longest_path_of_nothing_is_zero() -> None:
    assert longest_path([]) == 0


def test_longest_path_of_one_route_is_its_length() -> None:
    assert longest_path([(3, 7, 6)]) == 6


def test_longest_path_uses_no_route_twice() -> None:
    # a star: the path can take two arms, never go out and back along one
    assert longest_path([(0, 1, 5), (0, 2, 4), (0, 3, 3)]) == 9


def test_longest_path_may_revisit_a_city_around_a_loop() -> None:
    # 3-2, 2-0, 0-1, 1-2: the path passes city 2 twice
    routes = [(0, 1, 2), (1, 2, 3), (2, 0, 1), (2, 3, 4)]
    assert longest_path(routes) == 10


def test_longest_path_takes_two_loops_through_a_shared_city() -> None:
    bowtie = [(0, 1, 1), (1, 2, 2), (2, 0, 3), (0, 3, 4), (3, 4, 1), (4, 0, 2)]
    assert longest_path(bowtie) == 13


def test_longest_path_goes_round_a_loop_at_a_city_it_passes_through() -> None:
    # square 0-1-2-3 with a 6-train tail at 0 and at 2: best is 8-0-1-2-9 (14),
    # the square cannot be closed without dropping a tail
    routes = [(0, 1, 1), (1, 2, 1), (2, 3, 1), (3, 0, 1), (0, 8, 6), (2, 9, 6)]
    assert longest_path(routes) == 14
    # a double loop 0-5-0 can be inserted at city 0: 8-0-5-0-1-2-9
    assert longest_path([*routes, (0, 5, 2), (5, 0, 2)]) == 18


def test_longest_path_keeps_to_one_network() -> None:
    assert longest_path([(0, 1, 3), (1, 2, 3), (5, 6, 8)]) == 8
    assert longest_path([(0, 1, 3), (1, 2, 3), (5, 6, 4)]) == 6


def test_longest_path_counts_parallel_tracks_separately() -> None:
    assert longest_path([(0, 1, 2), (0, 1, 2), (1, 2, 1)]) == 5


def _brute_longest(routes: list[tuple[int, int, int]]) -> int:
    def walk(city: int, used: frozenset[int]) -> int:
        best = 0
        for i, (a, b, length) in enumerate(routes):
            if i not in used and city in (a, b):
                best = max(best, length + walk(b if city == a else a, used | {i}))
        return best

    return max((walk(c, frozenset()) for r in routes for c in r[:2]), default=0)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 6), st.integers(0, 6), st.integers(1, 8)), max_size=9))
def test_longest_path_matches_brute_force(routes: list[tuple[int, int, int]]) -> None:
    assert longest_path(routes) == _brute_longest(routes)
