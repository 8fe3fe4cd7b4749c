"""r31: a count too low was told how many sets (lesson 2) or outcomes (lesson 3) were missing, so the answer
followed at once (9 → "1 set is missing" → 10).  Now every counting question — the lessons' exercises, their More
practice and the Practice page's lesson-2 list — says only that some are missing and where to look."""

import re

import pytest

from gamekit.i18n import using
from gamekit.puzzles.shut_rules_practice import rules_exercise, rules_items
from gamekit.shutbox import lessons as L

GAP = re.compile(
    r"\b(\d+|one|two|three)\s+(sets?|outcomes?)\s+(is|are)\s+missing|too many by|one too many|"
    r"\bfaltan?\s+(\d+|un|una|uno|dos|tres)\b|\bte faltan?\s+\d|\bsobran?\s+\d",
    re.I,
)
COUNTS = {2: ("count_11", "count_12"), 3: ("go_on_12", "go_on_14", "stuck_123", "go_on_256")}


def counting_questions():
    """(name, exercise) for every question whose answer is a count of sets or of outcomes."""
    out = [(f"lesson {n} {key}", L.LESSONS[n].exercises[key]()) for n, keys in COUNTS.items() for key in keys]
    for n in COUNTS:
        for i, ex in enumerate(L.practice_exercises(n), 1):
            if ex.key.endswith((" count", " outcomes", " stuck")):
                out.append((f"lesson {n} practice {i}", ex))
    out += [(f"Practice {it.open_tiles} {it.roll}", rules_exercise(it)) for it in rules_items(2)]
    return out


QUESTIONS = counting_questions()


def test_the_counting_questions_are_all_there():
    names = [name for name, _ in QUESTIONS]
    assert sum(name.startswith("lesson 2 practice") for name in names) >= 1
    assert sum(name.startswith("lesson 3 practice") for name in names) >= 1
    assert sum(name.startswith("Practice") for name in names) >= 3
    assert all(len(ex.solutions) == 1 and int(ex.solutions[0]) >= 2 for _, ex in QUESTIONS)


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("index", range(len(QUESTIONS)))
def test_no_wrong_count_is_told_how_far_it_is_from_the_answer(lang, index):
    name, ex = QUESTIONS[index]
    n = int(ex.solutions[0])
    generic: dict[str, list[int]] = {}
    with using(lang):
        for k in range(0, 2 * n + 6):
            if k == n:
                continue
            ok, why = ex.check(str(k))
            assert not ok and why, (name, k)
            assert not GAP.search(why), (name, k, why)
            # a count above the tiles and totals (outcomes: 13, 21, 23...) is never in a wrong count's reason
            if n > 12:
                assert str(n) not in re.findall(r"\d+", why), (name, k, why)
            if k < n and why.startswith(("Too few: some", "Te quedas corto: faltan")):
                generic.setdefault(why, []).append(k)
    # the reason for a count short by an unknown slip is one text for every such count, so it cannot carry how
    # far each is from the answer
    assert len(generic) <= 1, (name, generic)


def test_a_count_just_short_gets_the_same_reason_as_one_far_short():
    ex = L.LESSONS[2].exercises["count_11"]()
    assert ex.check("9")[1] == ex.check("6")[1]
    assert ex.check("9")[1].startswith("Too few: some sets are missing. The sets for 11 have 2, 3 and 4 tiles")
    go_on = L.LESSONS[3].exercises["go_on_256"]()
    assert go_on.check("22")[1] == go_on.check("15")[1]
    with using("es"):
        assert L.LESSONS[2].exercises["count_11"]().check("9")[1].startswith("Te quedas corto: faltan conjuntos.")
        assert L.LESSONS[3].exercises["go_on_256"]().check("22")[1].startswith("Te quedas corto: faltan resultados.")


def test_the_guides_say_which_habits_answer_lesson_4_practice_problems_2_and_3():
    """The guide's claim, computed: two tiles close in value picks the best set in lesson 4's More practice problems
    2 and 3, the fewest tiles in problem 2 (EN and ES guides say so)."""
    from pathlib import Path

    from gamekit.shutbox.lesson_practice import LESSON_4_PRACTICE
    from gamekit.shutbox.rules import Rules
    from gamekit.shutbox.rules_of_thumb import RULES_OF_THUMB, rule_of_thumb_picks
    from gamekit.shutbox.strategy import table
    from gamekit.shutbox.tiles import mask_of

    picked = {}
    for n, (tiles, roll, goal, one_die) in enumerate(LESSON_4_PRACTICE[1:], 2):
        values = {
            tuple(sorted(s, reverse=True)): v
            for s, v in table(Rules(one_die=one_die), goal).set_values(mask_of(tiles), roll)
        }
        best = [max(values, key=values.get)]
        picked[n] = {rule for rule in RULES_OF_THUMB if rule_of_thumb_picks(rule, list(values)) == best}, best[0]
    assert picked == {
        2: ({"two tiles close in value", "the fewest tiles"}, (6, 5)),
        3: ({"two tiles close in value"}, (7, 3)),
    }
    root = Path(__file__).resolve().parents[2] / "docs" / "teachers"
    en = " ".join((root / "shutbox.md").read_text(encoding="utf-8").split())
    es = " ".join((root / "es" / "shutbox.md").read_text(encoding="utf-8").split())
    assert "two tiles close in value picks 6 + 5 in problem 2 and 7 + 3 in problem 3" in en
    assert "the fewest tiles picks 6 + 5 in problem 2" in en
    assert "dos fichas de valor cercano elige 6 + 5 en el problema 2 y 7 + 3 en el problema 3" in es
