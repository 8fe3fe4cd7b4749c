"""The teachers' homework page and Practice's lesson list name, for each Shut the Box code and list, the lessons
its questions need, computed from the questions: a low-score question needs lesson 5."""

from pathlib import Path

from gamekit.i18n import using
from gamekit.puzzles.homework import homework_set, set_code, theme_lessons, when_to_set
from gamekit.puzzles.pools import lesson_choices, lesson_pool, practice_pool
from gamekit.puzzles.shutbox import NOT_ASKED_ALONE, THEME_LESSONS, lesson_needed

ROOT = Path(__file__).resolve().parents[2]
GAME = "shut_the_box"


def test_each_question_needs_the_lesson_of_its_goal_and_kind():
    """One die or two: lesson 3; best set for the chance to shut: lesson 4; anything for the low score: lesson 5."""
    pool = practice_pool(GAME)
    for p in pool:
        f = p.facts
        want = 5 if f["objective"] == "score" else 3 if f["kind"] == "dice" else 4
        assert lesson_needed(p) == want, p.id
    assert {lesson_needed(p) for p in pool} == {3, 4, 5}


def test_the_mixed_code_lists_the_lessons_its_questions_need():
    """The mixed pool asks *best set* (lesson 4) and *one die or two* (lesson 3: its exercise 10 asks the drill's
    question, the best chance to shut, and not its go-on count), and low-score questions (lesson 5); lesson 2's
    *sets for the roll* is a tag on the best-set questions, never asked on its own, so it is no source of the
    code."""
    pool = practice_pool(GAME)
    asked = {t for p in pool for t in p.themes if t not in NOT_ASKED_ALONE}
    assert asked == {"best_set", "one_die_or_two"}
    lessons = sorted({n for t in asked for n in THEME_LESSONS[t]} | {lesson_needed(p) for p in pool})
    assert lessons == [3, 4, 5]
    assert theme_lessons(GAME, None) == "3, 4, 5"
    assert theme_lessons(GAME, "best_set") == "4, 5"
    assert theme_lessons(GAME, "one_die_or_two") == "3"
    for path, lang in (("docs/teachers/homework.md", "en"), ("docs/teachers/es/homework.md", "es")):
        text = (ROOT / path).read_text(encoding="utf-8")
        with using(lang):
            code = set_code(GAME, None, 10, 1)  # the mixed code, in the page's language
            assert theme_lessons(GAME, None) == "3, 4, 5"
        row = next(line for line in text.splitlines() if line.startswith(f"| `{code}` |"))
        assert row.split(" | ")[4] == "3, 4, 5", (lang, row)


def test_a_code_is_set_after_the_latest_lesson_any_of_its_questions_needs():
    """A reader found `shut-all-10-1` and `shut-best_set-10-1` labelled "after lesson 4" while holding
    lowest-expected-score questions (lesson 5): the page's "When" is now the latest lesson its ideas' questions
    need, and the shipped sets do hold such questions (so the later label is needed, not only safe)."""
    for theme in (None, "best_set", "one_die_or_two"):
        last = max(lesson_needed(p) for p in practice_pool(GAME, theme))
        assert when_to_set(GAME, theme) == f"after lesson {last}", theme
        held = homework_set(GAME, theme, 10, 1).puzzles
        assert max(lesson_needed(p) for p in held) == last, theme
    assert when_to_set(GAME, "one_die_or_two") == "after lesson 3"
    text = (ROOT / "docs/teachers/homework.md").read_text(encoding="utf-8")
    for theme in (None, "best_set"):
        row = next(line for line in text.splitlines() if line.startswith(f"| `{set_code(GAME, theme, 10, 1)}` |"))
        assert "after lesson 5" in row.split(" | ")[5], row


def test_practice_lists_name_the_lessons_their_questions_need():
    """Practice's *best set* list keeps its low-score questions (lesson 5 has no list of its own, and the list must
    stay full: every level holds its questions) and its label names both lessons, computed from its questions; the
    Practice page says the same."""
    labels = dict((key, label) for label, key in lesson_choices(GAME))
    for key in (3, 4):
        last = max(lesson_needed(p) for p in lesson_pool(GAME, key))
        head = f"Lesson {key} —" if last == key else f"Lessons {key}–{last} —"
        assert labels[key].startswith(head), (key, labels[key])
    assert labels[4] == "Lessons 4–5 — best set" and len(lesson_pool(GAME, 4)) == 60
    with using("es"):
        assert dict((key, label) for label, key in lesson_choices(GAME))[4].startswith("Lecciones 4–5 — ")
    en = (ROOT / "notebooks/practice/04_shut_the_box.md").read_text(encoding="utf-8")
    es = (ROOT / "notebooks/es/practice/04_shut_the_box.md").read_text(encoding="utf-8")
    assert "*Best set* (lessons 4–5), levels 1 to 5" in en and "(lesson 4), levels" not in en
    assert "*El mejor conjunto* (lecciones 4–5), niveles 1 a 5" in es and "(lección 4), niveles" not in es
