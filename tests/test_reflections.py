"""Issue 24 §4: a closing reflection question per lesson (5 en raya, Shut the Box), answered in a text box,
saved with the pupil's progress, with its model answer in the teacher guide and never on the page."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest

from gamekit import progress, progress_report
from gamekit.connect import lessons as C
from gamekit.i18n import tr, using
from gamekit.shutbox import lessons as S
from gamekit.widgets.lesson import LessonScore
from gamekit.widgets.reflection import Reflection

ROOT = Path(__file__).resolve().parents[1]
GAMES = (("connect", C), ("shutbox", S))


def test_a_reflection_is_saved_and_shown_again_after_a_restart():
    score = LessonScore("5 en raya 1 — the rules")
    box = C.reflection("five_in_a_row/01_rules_and_play", score)
    assert box.question == tr(C.REFLECTIONS["five_in_a_row/01_rules_and_play"][0]) and box.input.value == ""
    assert box.save("  A side disc has one colour.  ") == tr("Saved with your progress.")
    assert progress.answers("5 en raya 1 — the rules")["reflection"]["text"] == "A side disc has one colour."
    again = C.reflection("five_in_a_row/01_rules_and_play", "5 en raya 1 — the rules")  # a new kernel
    assert again.input.value == "A side disc has one colour." and again.last_note.startswith(tr("Saved earlier."))
    again.input.value = "Only that colour can complete a line through it."
    again.save()
    assert progress.answers()["5 en raya 1 — the rules"]["reflection"]["text"].startswith("Only that colour")
    rows = list(csv.DictReader(io.StringIO(progress_report.export_csv("Ana"))))
    assert [r["answer"] for r in rows if r["exercise"] == "reflection"] == [
        "Only that colour can complete a line through it."
    ]


def test_refusals_change_nothing():
    box = S.reflection("shut_the_box/03_dice", "Shut the Box 3 — the dice")
    assert "first" in box.save("   ") and progress.answers("Shut the Box 3 — the dice") == {}
    with pytest.raises(TypeError):
        box.save(7)
    assert str(progress.MAX_ANSWER) in box.save("x" * (progress.MAX_ANSWER + 1))
    assert progress.answers("Shut the Box 3 — the dice") == {}
    with pytest.raises(TypeError):
        progress.save_answer("lesson", "q", b"bytes")
    with pytest.raises(TypeError):
        progress.save_answer(3, "q", "text")
    with pytest.raises(ValueError):
        Reflection("   ", "lesson")
    with pytest.raises(KeyError):
        C.reflection("five_in_a_row/99_nothing", "x")
    progress.record("L", "e", True)
    progress.save_answer("L", "reflection", "because")
    progress.reset("L")
    assert progress.answers("L") == {} and progress.results("L") == {}


def test_a_damaged_answers_entry_is_set_aside(tmp_path, monkeypatch):
    path = tmp_path / "p.json"
    monkeypatch.setenv(progress.ENV, str(path))
    path.write_text(json.dumps({"version": 1, "lessons": {}, "answers": {"L": {"reflection": {"text": 3}}}}))
    assert progress.answers() == {} and path.with_name("p.json.damaged").exists()


@pytest.mark.parametrize("game,module", GAMES)
def test_every_lesson_ends_with_its_reflection_and_the_guides_hold_the_model_answers(game, module):
    lessons = set(module.EXERCISES)
    assert set(module.REFLECTIONS) == lessons
    for lang, guide in (("en", ROOT / f"docs/teachers/{game}.md"), ("es", ROOT / f"docs/teachers/es/{game}.md")):
        text = guide.read_text()
        with using(lang):
            for lesson, (question, model) in module.REFLECTIONS.items():
                assert tr(question) in text and tr(model) in text, (guide, lesson)
                assert tr(question).startswith(("Explain in one sentence", "Explica en una frase"))
    for lesson in lessons:
        for base in ("notebooks", "notebooks/es"):
            source = (ROOT / base / f"{lesson}.md").read_text()
            assert f'reflection("{lesson}", score)' in source, (base, lesson)
            for _, model in [module.REFLECTIONS[lesson]]:
                assert model not in source  # the model answer is not on the page
