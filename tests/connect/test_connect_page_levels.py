"""Every exercise heading on a 5 en raya lesson page (both languages) names the level the lesson registry gives that
exercise, so a pupil, the guide's marking notes and the worksheets read the same level."""

import re
from pathlib import Path

import pytest

from gamekit.connect import lessons as L

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
WORDS = {
    "easy": "easy",
    "medium": "medium",
    "hard": "hard",
    "nivel fácil": "easy",
    "nivel medio": "medium",
    "nivel difícil": "hard",
    "difícil": "hard",
}
HEADING = re.compile(r"^##+ .*?\((" + "|".join(map(re.escape, WORDS)) + r")\)", re.M)
CALL = re.compile(r'L\.exercise\("(\w+)"|ExerciseWidget\((\w+)\.(\w+)\(\)')


def _name(lesson, call: re.Match) -> str:
    """The registry name of the exercise a page cell shows, whether it calls it by name or by its factory."""
    if call.group(1):
        return call.group(1)
    module, func = call.group(2), call.group(3)
    found = [n for n, f in lesson.exercises.items() if f.__name__ == func and f.__module__.rsplit(".", 1)[1] == module]
    assert len(found) == 1, (module, func)
    return found[0]


@pytest.mark.parametrize("number", sorted(L.LESSONS))
@pytest.mark.parametrize("lang", ["en", "es"])
def test_page_levels_agree_with_the_registry(number, lang):
    lesson = L.LESSONS[number]
    page = (NOTEBOOKS / ("es" if lang == "es" else "") / f"{lesson.notebook}.md").read_text(encoding="utf-8")
    headings = list(HEADING.finditer(page))
    seen = set()
    for k, heading in enumerate(headings):
        end = headings[k + 1].start() if k + 1 < len(headings) else len(page)
        call = CALL.search(page, heading.end(), end)
        if call is None:
            continue  # a heading with a level but no exercise under it (none today)
        name = _name(lesson, call)
        assert WORDS[heading.group(1)] == lesson.levels[name], (heading.group(0), name, lesson.levels[name])
        seen.add(name)
    assert seen == set(lesson.exercises), set(lesson.exercises) - seen
