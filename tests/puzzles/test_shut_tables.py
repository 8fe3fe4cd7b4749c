"""The value table every Shut the Box "which set?" question carries (gamekit.puzzles.shut_tables): a reader found
pupils asked for exact chances "from every roll still to come" with no table on the page.  Each question now lists
every group of tiles any roll could leave open, with its exact value under the question's rule and goal; looking
up what each set for the roll leaves gives exactly the question's answers."""

from __future__ import annotations

import collections
import random
import re
from fractions import Fraction
from itertools import combinations

import pytest

from gamekit.i18n import using
from gamekit.progress import level
from gamekit.puzzles.pools import practice_pool
from gamekit.puzzles.shut_tables import (
    how_to_use,
    leftovers,
    roll_totals,
    set_rows,
    table_html,
    table_lines,
    table_rows,
    working_words,
)
from gamekit.shutbox import Rules
from gamekit.shutbox.strategy import min_expected_score, shut_probability

GAME = "shut_the_box"


def _sets():
    return [p for p in practice_pool(GAME) if p.facts["kind"] == "set"]


def _brute_leftovers(open_tiles, totals):
    """Every group of tiles a set of ``open_tiles`` adding up to one of ``totals`` leaves open, by brute force."""
    out = set()
    for k in range(1, len(open_tiles) + 1):
        for c in combinations(open_tiles, k):
            if sum(c) in totals:
                out.add(tuple(t for t in open_tiles if t not in c))
    return sorted(out)


def test_the_rolls_the_table_covers_follow_the_questions_rule():
    assert roll_totals("never", (1, 2, 3)) == list(range(2, 13))
    assert roll_totals("after_789", (1, 2, 9)) == list(range(2, 13))  # 9 open: two dice only
    assert roll_totals("after_789", (1, 2, 3)) == list(range(1, 13))  # 7, 8 and 9 covered: one die may show 1
    assert roll_totals("under_six", (1, 4)) == list(range(1, 13))  # 5 open in all: one die allowed
    assert roll_totals("under_six", (2, 4)) == list(range(2, 13))
    assert leftovers("never", (1, 2)) == [(), (1,)]  # 3 shuts the box, 2 leaves 1; two dice never show 1
    assert leftovers("after_789", (1, 2)) == [(), (1,), (2,)]  # one die may show 1: 2 is left


def test_every_question_has_a_table_of_exact_values_sorted_by_tiles_with_the_other_rolls_rows():
    """Every row is the solver's exact value for its tiles (chance to shut the box or expected score, under the
    question's rule); every group of tiles any roll can leave is a row, once, in dictionary order; there are more
    rows than the roll's sets (the other rolls' rows are the distractors), never sorted by value."""
    sets = _sets()
    assert len(sets) == 60
    by_value = 0
    for p in sets:
        f = p.facts
        rules = Rules(one_die=f["one_die"])
        rows = table_rows(p)
        lefts = [left for left, _ in rows]
        assert (
            lefts == sorted(lefts) == _brute_leftovers(tuple(sorted(f["open"])), roll_totals(f["one_die"], f["open"]))
        )
        exact = shut_probability if f["objective"] == "shut" else min_expected_score
        for left, value in rows:
            assert value == exact(rules, left if left else 0) or (not left and value == (f["objective"] == "shut"))
        assert len(rows) > len(p.legal_answers())
        values = [v for _, v in rows]
        by_value += values in (sorted(values), sorted(values, reverse=True))
    assert by_value == 0


def test_looking_up_each_sets_leftover_gives_exactly_the_questions_answers():
    """The method the page teaches: list the sets, find what each leaves, look it up.  The sets with the best table
    value are exactly the accepted answers, on every question, and each wrong set's value is its refutation's."""
    for p in _sets():
        rows = set_rows(p)
        assert sorted(("cover", s) for s, _, _ in rows) == sorted(p.legal_answers())
        better = min if p.facts["objective"] == "score" else max
        best = better(v for _, _, v in rows)
        assert sorted(("cover", s) for s, _, v in rows if v == best) == sorted(p.answers), p.id
        for s, left, v in rows:
            if ("cover", s) not in p.answers:
                ref = p.refutations[f"cover {'+'.join(map(str, s))}"]
                assert Fraction(ref["exact"]) == v and tuple(ref["left"]) == left


def test_the_question_says_how_to_use_its_table_and_practice_shows_it():
    """The prompt says how to use the table in short sentences; the Practice page shows the table (an HTML table
    with a caption, headed columns, no fixed width) under the question; a dice question has none."""
    from gamekit.puzzles.practice import Practice

    p = _sets()[0]
    with using("en"):
        words = how_to_use(p)
        assert (
            words == f"Use the table. List the sets that make {p.facts['roll']}. Find what each set leaves open, "
            "and look it up."
        )
        assert not p.prompt().endswith(words)  # the lessons' exercises keep their own words
        asked = Practice(GAME, puzzles=[p]).question()
        assert words in asked and asked.startswith(p.prompt())
        assert all(len(s.split()) <= 16 for s in re.split(r"(?<=[.?!])\s+", words))
        shown = table_html(p)
        assert (
            "<caption" in shown
            and shown.count("<th scope='col'") == 2
            and "width:" not in shown.replace("max-width:100%", "")
        )
        assert shown.count("<tr>") == len(table_rows(p)) + 1
        # the box scrolls a long table, so a keyboard reaches it and a screen reader names it (axe:
        # scrollable-region-focusable)
        box = re.match(r"<div class='gamekit-shut-table'([^>]*)>", shown).group(1)
        assert "overflow-y:auto" in box and "tabindex='0'" in box and "role='region'" in box
        assert re.search(r"aria-label='Every group of tiles[^']*'", box)
    practice = Practice(GAME, puzzles=[p] + [q for q in practice_pool(GAME, "one_die_or_two")][:1])
    assert "gamekit-shut-table" in practice.prompt_label.value
    practice.next()
    assert practice.puzzle.facts["kind"] == "dice" and "<table" not in practice.prompt_label.value
    with using("es"):
        assert "Usa la tabla." in how_to_use(p)
        assert "Fichas que quedan descubiertas" in table_html(p)


def test_a_table_only_for_a_which_set_question():
    dice = practice_pool(GAME, "one_die_or_two")[0]
    with pytest.raises(ValueError, match="which set"):
        table_rows(dice)


def test_the_paper_table_and_the_keys_working():
    """A sheet prints the question's table as a two-column Markdown table; the key's working names each set, what
    it leaves and its table value."""
    p = next(q for q in _sets() if q.facts["objective"] == "shut")
    with using("en"):
        from gamekit.puzzles.shut_tables import paper_table

        assert paper_table(p) == table_lines(p)
        from gamekit.puzzles.homework_sheets import sheet_question

        assert how_to_use(p) in sheet_question(p)
        assert paper_table(practice_pool(GAME, "one_die_or_two")[0]) == []
        lines = table_lines(p)
        assert lines[2] == "| Tiles left open | Your chance to shut the box |"
        assert len(lines) == 4 + len(table_rows(p))
        work = working_words(p)
        assert work.startswith("Working: ") and work.endswith("Best: the highest chance.")
        for s, left, _ in set_rows(p):
            assert f"{' + '.join(map(str, s))} leaves {' '.join(map(str, left)) or 'none (box shut)'}: " in work


def _habit_rates():
    """Per level of the "which set?" list: how often each trivial habit is right, and random guessing's chance."""
    from gamekit.puzzles.shut_thumbs import rule_answers, thumb_sets

    habits = ("own_tile", "largest_tile", "fewest_tiles", "most_tiles", "next_two_dice")
    by_level = collections.defaultdict(list)
    for p in _sets():
        by_level[level(p.rating)].append(p)
    out = {}
    for lv, items in sorted(by_level.items()):
        rates = {
            h: Fraction(
                sum(
                    rule_answers(thumb_sets(h, q.facts["open"], q.facts["roll"], q.facts["one_die"]), q.answers)
                    for q in items
                ),
                len(items),
            )
            for h in habits
        }
        rates["guess"] = sum(Fraction(len(q.answers), len(q.legal_answers())) for q in items) / len(items)
        out[lv] = rates
    return out


def test_each_levels_habits_and_guessing_measured_and_said_honestly():
    """Per level above 2: random guessing is right less than half the time, and so are "cover the roll's tile",
    "fewest tiles" and "most tiles".  "The biggest tile" and "the next roll's count" stay at 1/2 to 2/3 of a
    level: the game allows no better (only 19 positions with three sets or more defeat the look-ahead habit,
    test_shut_practice_size).  The page says so honestly and teaches neither: each is wrong at every level, and the
    table is right every time."""
    from pathlib import Path

    rates = _habit_rates()
    for lv, r in rates.items():
        if lv <= 2:
            continue
        assert r["guess"] < Fraction(1, 2), (lv, r)
        for h in ("own_tile", "fewest_tiles", "most_tiles"):
            assert r[h] < Fraction(1, 2), (lv, h, r)
        for h in ("largest_tile", "next_two_dice"):
            assert r[h] <= Fraction(2, 3), (lv, h, r)
    root = Path(__file__).parents[2] / "notebooks"
    en = " ".join((root / "practice" / "04_shut_the_box.md").read_text(encoding="utf-8").split())
    assert "Each is wrong in some questions at every level. The table is right every time." in en


def test_random_answers_to_a_level_are_mostly_wrong():
    rng = random.Random(0)
    right = sum(("cover", rng.choice(p.legal_answers())[1]) in p.answers for p in _sets() for _ in range(20))
    assert right < 0.4 * 20 * len(_sets())
