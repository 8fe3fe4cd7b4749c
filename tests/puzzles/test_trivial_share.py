"""A trivial rule answers at most a third of each Practice level from 2 up (gamekit.puzzles.balance.trivial_share):
here the rule itself, and 5 en raya's and Connect Four's centre rule or "win at once, else block" (a reader found
117 of 5 en raya's 167 level-2 puzzles answered by the centre rule, 37 of Connect Four's 47), counted in the lists
a pupil climbs, level by level, with the bank left whole.  Dots: tests/puzzles/test_dots_simple_rule.py."""

from __future__ import annotations

from collections import defaultdict

import pytest

from gamekit.progress import level
from gamekit.puzzles import bank
from gamekit.puzzles.balance import TRIVIAL_FROM_LEVEL, TRIVIAL_SHARE, trivial_share
from gamekit.puzzles.core import Puzzle
from gamekit.puzzles.pools import practice_pool


def _levels(pool: list[Puzzle], trivial) -> dict[int, tuple[int, int]]:
    """``{level: (answered by the rule, puzzles)}`` of ``pool``."""
    out: dict[int, list[int]] = defaultdict(lambda: [0, 0])
    for p in pool:
        row = out[level(p.rating)]
        row[0] += bool(trivial(p))
        row[1] += 1
    return {lv: (t, n) for lv, (t, n) in sorted(out.items())}


def _over(pool: list[Puzzle], trivial) -> dict[int, tuple[int, int]]:
    """The levels from 2 up where the rule answers more than a third."""
    return {lv: (t, n) for lv, (t, n) in _levels(pool, trivial).items() if lv >= 2 and 3 * t > n}


def _puzzle(pid: str, rating: float) -> Puzzle:
    base = bank("five_in_a_row")[0]
    return Puzzle.from_dict({**base.to_dict(), "id": pid, "rating": rating})


def test_trivial_share_cuts_the_latest_trivial_puzzles_of_a_level_to_a_third():
    puzzles = [_puzzle(f"p{i}", 1000.0) for i in range(6)]  # level 2
    trivial = {"p0", "p1", "p2", "p3"}
    kept = trivial_share(puzzles, lambda p: p.id in trivial)
    # 4 trivial of 6: the latest go until they are a third of what is left (p3, p2 and p1: 1 of 3)
    assert [p.id for p in kept] == ["p0", "p4", "p5"]
    assert TRIVIAL_SHARE == pytest.approx(1 / 3) and TRIVIAL_FROM_LEVEL == 2


def test_trivial_share_spares_the_kept_and_the_spared_last_and_leaves_level_one():
    puzzles = [_puzzle(f"p{i}", 1000.0) for i in range(5)] + [_puzzle(f"q{i}", 900.0) for i in range(3)]
    kept = trivial_share(
        puzzles, lambda p: p.id in {"p0", "p1", "p2", "q0", "q1", "q2"}, keep={"p2"}, spare_last=lambda p: p.id == "p1"
    )
    # level 2: p0, p1, p2 trivial of 5; p0 goes first (p2 is kept, p1 spared), then p1: 1 of 3 left
    assert [p.id for p in kept if p.id.startswith("p")] == ["p2", "p3", "p4"]
    assert [p.id for p in kept if p.id.startswith("q")] == ["q0", "q1", "q2"]  # level 1 is the rule's own level


@pytest.mark.parametrize("share", [-0.1, 1, 1.5, True, "a third"])
def test_trivial_share_refuses_a_share_outside_zero_to_one(share):
    with pytest.raises(ValueError, match="share"):
        trivial_share([], lambda p: True, share=share)


# ----- 5 en raya and Connect Four -----------------------------------------------------------------------------
CONNECT_GAMES = ("five_in_a_row", "connect_four")


def _connect_lists(game_id: str) -> list[tuple[str, list[Puzzle]]]:
    """The mixed list.  Lesson 2's list keeps the habit's rounded-up third (connect_lessons.habit_share) and the
    centre column's puzzles its spread of right columns needs (tests/puzzles/test_connect_hints_levels.py), and an
    idea's pool is a homework code's fixed set: a scarce idea (stop the double threat, 7 puzzles) keeps them all."""
    return [("mixed", practice_pool(game_id))]


@pytest.mark.parametrize("game_id", CONNECT_GAMES)
def test_no_connect_practice_level_from_two_up_is_over_a_third_trivial(game_id):
    from gamekit.puzzles.connect_thumbs import trivially_answered

    for name, pool in _connect_lists(game_id):
        assert pool, name
        assert not _over(pool, trivially_answered), (name, _levels(pool, trivially_answered))


@pytest.mark.parametrize("game_id", CONNECT_GAMES)
def test_connect_level_two_asks_fewer_trivial_puzzles_than_the_bank_holds(game_id):
    """The bank is unchanged: as Practice rates it, level 2 is mostly trivial (the reader's count); the mixed list
    asks a third at most, and still asks level 2."""
    from gamekit.puzzles.connect import practice_rated
    from gamekit.puzzles.connect_thumbs import trivially_answered

    whole = _levels([practice_rated(p) for p in bank(game_id)], trivially_answered)
    assert 3 * whole[2][0] > whole[2][1]  # the reason for the cap
    mixed = _levels(practice_pool(game_id), trivially_answered)
    assert mixed[2][1] >= 3 and 3 * mixed[2][0] <= mixed[2][1]


def test_the_centre_rule_counts_as_trivial():
    from gamekit.puzzles.connect import centre_habit
    from gamekit.puzzles.connect_thumbs import trivially_answered

    habits = [p for p in bank("five_in_a_row") if centre_habit(p)]
    assert habits and all(trivially_answered(p) for p in habits)
