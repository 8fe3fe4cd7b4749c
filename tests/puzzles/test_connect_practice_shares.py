"""5 en raya Practice: the shares of its lists.  Lesson 2's list and the mixed list give "stop the double threat" a
fair share (the bank holds few of them, so the cuts that keep rules of thumb and levels in check take other puzzles
first), the mixed list keeps side-disc puzzles to two fifths, and the page says what level 2 holds."""

from collections import Counter
from pathlib import Path

from gamekit.progress import level
from gamekit.puzzles.connect import lesson_idea, side_step
from gamekit.puzzles.connect_sets import MAX_SIDE_SHARE, scarce_ids, side_share
from gamekit.puzzles.pools import lesson_pool, practice_pool

ROOT = Path(__file__).resolve().parents[2]


def test_lesson_two_list_gives_each_idea_at_least_a_tenth():
    """Lesson 2 teaches four ideas; each fills at least a tenth of its list (stopping the double threat was 3 of
    41).  A "stop the double threat" puzzle of that idea's own Practice is left out only when the beginner's habit
    answers it and the habit's third of its level is full (tests/puzzles/test_connect_habits.py)."""
    from gamekit.puzzles.connect_lessons import habit_answers

    pool = lesson_pool("five_in_a_row", 2)
    ideas = Counter(lesson_idea(p, 2) for p in pool)
    assert set(ideas) == {"double_threat", "odd_even_threat", "zugzwang", "stop_double_threat"}, ideas
    assert all(k >= len(pool) / 10 for k in ideas.values()), ideas
    listed = {p.id for p in pool}
    left_out = [p for p in practice_pool("five_in_a_row", "stop_double_threat") if p.id not in listed]
    assert all(habit_answers(p) for p in left_out), [p.id for p in left_out]


def test_the_mixed_list_asks_stop_the_double_threat_and_caps_side_discs():
    """All the lessons' ideas, mixed: "stop the double threat" is at least 8 % of the list's lesson-2 levels (2 and
    up; it was 2 of 91 puzzles; level 1 is lesson 1's rule, and grew when the trivial puzzles of level 2 were capped
    to a third), side-disc puzzles at most two fifths (they were 44 of 91), and the list still spreads over levels 1
    to 7 with lesson 1's side-disc wins and blocks no more than its plain ones."""
    pool = lesson_pool("five_in_a_row", None)
    themes = Counter(t for p in pool for t in p.themes)
    assert themes["stop_double_threat"] >= 0.08 * sum(level(p.rating) >= 2 for p in pool), themes
    assert themes["side_column"] <= MAX_SIDE_SHARE * len(pool), themes
    levels = Counter(level(p.rating) for p in pool)
    assert set(levels) == set(range(1, 8)) and min(levels.values()) >= 5 and len(pool) >= 80, levels
    sides = sum(side_step(p) for p in pool)
    plain = sum(level(p.rating) == 1 for p in pool)
    assert sides <= plain, (sides, plain)


def test_scarce_ids_and_side_share_on_a_small_list():
    """An idea carried by fewer than half a fair share of a list is scarce (its puzzles are kept by the cuts);
    side_share removes side-disc puzzles, never a kept one, until they are at most two fifths."""
    pool = lesson_pool("five_in_a_row", None)
    stop = [p for p in pool if "stop_double_threat" in p.themes][:1]
    others = [p for p in pool if "stop_double_threat" not in p.themes and "side_column" not in p.themes][:20]
    assert scarce_ids(stop + others, lambda p: ["rare"] if p in stop else ["common"]) == {stop[0].id}
    assert scarce_ids(others, lambda p: ["common"]) == set()
    sides = [p for p in pool if "side_column" in p.themes][:12]
    mixed = others[:6] + sides
    kept = side_share(mixed, keep={sides[0].id})
    assert sides[0].id in {p.id for p in kept}
    assert sum("side_column" in p.themes for p in kept) <= MAX_SIDE_SHARE * len(kept)
    assert [p for p in mixed if p in kept] == kept and all(p in kept for p in others[:6])


def test_the_page_says_what_level_two_holds():
    """Level 2's line says both halves of lesson 1's side-disc questions (make a five through a side disc, or block
    one), as the lists hold them (tests/puzzles/test_connect_level_claims.py checks every puzzle)."""
    en = " ".join((ROOT / "notebooks/practice/02_five_in_a_row.md").read_text(encoding="utf-8").split())
    es = " ".join((ROOT / "notebooks/es/practice/02_five_in_a_row.md").read_text(encoding="utf-8").split())
    assert "Either you make a five that uses a side disc, or you block your opponent's five that would use one." in en
    assert "O haces un cinco que usa una ficha lateral, o bloqueas el cinco de tu rival que usaría una." in es
    one = [p for p in lesson_pool("five_in_a_row", 1) if level(p.rating) == 2]
    assert one and all(side_step(p) for p in one)
