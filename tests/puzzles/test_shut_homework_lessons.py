"""The teachers' homework page names, for each Shut the Box code, the lessons its puzzles come from: no more."""

from pathlib import Path

from gamekit.i18n import using
from gamekit.puzzles.homework import set_code, theme_lessons
from gamekit.puzzles.pools import practice_pool
from gamekit.puzzles.shutbox import NOT_ASKED_ALONE, THEME_LESSONS

ROOT = Path(__file__).resolve().parents[2]


def test_the_mixed_code_lists_the_lessons_of_the_ideas_it_asks():
    """The mixed pool asks *best set* (lesson 4) and *one die or two* (lesson 3: its exercise 10 asks the drill's
    question, the best chance to shut, and not its go-on count); lesson 2's *sets for the roll* is a tag on the
    best-set questions, never asked on its own, so it is no source of the code."""
    pool = practice_pool("shut_the_box")
    asked = {t for p in pool for t in p.themes if t not in NOT_ASKED_ALONE}
    assert asked == {"best_set", "one_die_or_two"}
    lessons = sorted({n for t in asked for n in THEME_LESSONS[t]})
    assert lessons == [3, 4]
    assert theme_lessons("shut_the_box", None) == "3, 4"
    assert theme_lessons("shut_the_box", "best_set") == "4"
    assert theme_lessons("shut_the_box", "one_die_or_two") == "3"
    for path, lang in (("docs/teachers/homework.md", "en"), ("docs/teachers/es/homework.md", "es")):
        text = (ROOT / path).read_text(encoding="utf-8")
        with using(lang):
            code = set_code("shut_the_box", None, 10, 1)  # the mixed code, in the page's language
        row = next(line for line in text.splitlines() if line.startswith(f"| `{code}` |"))
        assert row.split(" | ")[4] == "3, 4", (lang, row)
        with using(lang):
            assert theme_lessons("shut_the_box", None) == "3, 4"
