"""Bank honesty without a rebuild: a 5 en raya or Connect Four puzzle where every drop that does not lose at once is
right tests only "don't drop under a threat".  The zugzwang and odd/even ideas' Practice and homework lists, and the
lessons' lists and More practice sets, ask none of them under those ideas; the bank itself keeps its tags."""

from __future__ import annotations

import pytest

from gamekit.puzzles import bank
from gamekit.puzzles.connect_best_line import wins_at_once
from gamekit.puzzles.connect_lessons import PARITY_THEMES, safe_drop_only
from gamekit.puzzles.pools import lesson_choices, lesson_pool, practice_pool

GAMES = ("five_in_a_row", "connect_four")


def test_the_census_of_safe_drop_only_puzzles_in_the_shipped_banks():
    """The fresh reading's count, computed: of 5 en raya's 277 puzzles with no win at once, 100 accept every safe
    drop, 23 of the 73 tagged zugzwang among them; Connect Four, 11 of its 46 zugzwang puzzles."""
    counts = {}
    for game_id in GAMES:
        open_ = [p for p in bank(game_id) if not wins_at_once(p.position)]
        zugzwang = [p for p in open_ if "zugzwang" in p.themes]
        counts[game_id] = (
            len(open_),
            sum(map(safe_drop_only, open_)),
            len(zugzwang),
            sum(map(safe_drop_only, zugzwang)),
        )
    assert counts["five_in_a_row"] == (277, 100, 73, 23)
    assert counts["connect_four"][2:] == (46, 11)


def test_safe_drop_only_on_each_kind_of_puzzle():
    """A win at once is never safe-drop-only; a zugzwang puzzle with a drop that loses nothing at once and is still
    wrong is not either; one found safe-drop-only has every wrong drop losing at once."""
    puzzles = bank("five_in_a_row")
    win = next(p for p in puzzles if wins_at_once(p.position))
    assert not safe_drop_only(win)
    real = next(p for p in puzzles if "zugzwang" in p.themes and not safe_drop_only(p))
    only = next(p for p in puzzles if "zugzwang" in p.themes and safe_drop_only(p))

    def safe_wrong(p):
        out = []
        for w in (a for a in p.legal_answers() if a not in p.answers):
            after = p.position.copy()
            after.play(w)
            if not after.is_over() and not wins_at_once(after):
                out.append(w)
        return out

    assert not wins_at_once(real.position) and safe_wrong(real)  # the idea is needed
    assert not wins_at_once(only.position) and not safe_wrong(only)  # only "don't drop under a threat"


@pytest.mark.parametrize("game_id", GAMES)
def test_no_parity_list_asks_a_safe_drop_only_puzzle(game_id):
    """The zugzwang and odd/even Practice pools (which the homework sets of those ideas draw from) hold no
    safe-drop-only puzzle, and no lesson list or lesson More practice set asks one tagged with those ideas but the
    mixed list's lesson-1 blocks (every idea mixed keeps them as blocks)."""
    from gamekit.connect import lessons as L

    for idea in PARITY_THEMES:
        pool = practice_pool(game_id, idea)
        assert pool and not any(safe_drop_only(p) for p in pool), idea
    for _, key in lesson_choices(game_id):
        if key is None or key == 1:
            continue
        for p in lesson_pool(game_id, key):
            assert not (safe_drop_only(p) and set(p.themes) & set(PARITY_THEMES)), (key, p.id)
    if game_id == "five_in_a_row":
        for number, lesson in L.LESSONS.items():
            for p in lesson.practice.puzzles() if lesson.practice else ():
                assert not (safe_drop_only(p) and set(p.themes) & set(PARITY_THEMES)), (number, p.id)
