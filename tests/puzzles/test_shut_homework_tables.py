"""Shut the Box homework: a reader found ``shut-all-10-1`` sharing 6 puzzles with ``shut-best_set-10-1`` and half of
it at levels 9–10, sheets asking exact chances with no table, and a key giving percentages with no working.  Now a
mixed code avoids the same number's *best set* code's questions as far as its habit caps allow, its levels spread,
every "which set?" question on a sheet carries its value table, and the key gives the working (which set leaves
what, its value)."""

from __future__ import annotations

import collections
from pathlib import Path

import pytest

from gamekit.i18n import using
from gamekit.progress import level
from gamekit.puzzles.homework import homework_set
from gamekit.puzzles.shut_tables import set_rows, table_lines, value_words, left_words
from gamekit.puzzles.shut_draw import shown_position

GAME = "shut_the_box"
ROOT = Path(__file__).parents[2]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_mixed_code_shares_no_question_with_its_best_set_code_and_spreads_its_levels(seed):
    mixed = homework_set(GAME, None, 10, seed)
    best = homework_set(GAME, "best_set", 10, seed)
    from gamekit.puzzles.shut_draw import habits_fit

    sets = [p for p in mixed if p.facts["kind"] == "set"]
    assert len(sets) == 8 and habits_fit(sets, 0.3)
    # a reader found 4 of shut-all-10-1's 8 "which set?" questions in shut-best_set-10-1: the mixed code now takes
    # none of the best set code's, the habits held as far as the rest allows (test_shut_bank_balance)
    assert not {shown_position(p) for p in mixed} & {shown_position(p) for p in best}
    for chosen in (sets, list(best)):
        per_level = collections.Counter(level(p.rating) for p in chosen)
        assert max(per_level.values()) <= 3, per_level  # levels spread
        assert 2 * sum(per_level[lv] for lv in (9, 10)) <= len(chosen), per_level


def _section(text: str, start: str, code: str) -> str:
    part = text[text.index(start) :]
    part = part[part.index(f"### `{code}`") :]
    return part[: part.index("\n### ", 4)]


def test_the_sheets_carry_each_questions_table_and_the_key_gives_the_working():
    """The generated teachers' page (docs/teachers/homework.md, es): every "which set?" question of the Shut the
    Box sheets is followed by its value table, and each key line by its working, matching the exact values."""
    for lang, path, sheets, key, code in (
        ("en", "docs/teachers/homework.md", "## Pupil sheets", "## Answer key", "shut-best_set-10-1"),
        ("es", "docs/teachers/es/homework.md", "## Hojas del alumno", "## Soluciones", "shut-el_mejor_conjunto-10-1"),
    ):
        text = (ROOT / path).read_text(encoding="utf-8")
        sheet, answers = _section(text, sheets, code), _section(text, key, code)
        puzzles = list(homework_set(GAME, "best_set", 10, 1))
        with using(lang):
            for p in puzzles:
                table = "\n".join("   " + row for row in table_lines(p)[2:])
                assert table in sheet, (lang, p.id)
                for s, left, v in set_rows(p):
                    assert f"{' + '.join(map(str, s))} " in answers
                    assert f"{left_words(left)}: {value_words(p.facts['objective'], v)}" in answers, (lang, p.id)
        assert answers.count("\n   ") >= len(puzzles)
