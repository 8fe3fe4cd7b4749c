"""Dots lesson 5 renamed five exercise ids (ids that named the answer became l5_ex4…l5_ex10): a pupil's progress
saved under the old ids is moved to the new ones when it is loaded, so it is not lost."""

from __future__ import annotations

import json

from gamekit import progress
from gamekit.progress_renamed import RENAMED_EXERCISES
from gamekit.dots import lessons as L

EN = "Dots 5 — double-dealing and control"
ES = "Puntos y cajas 5 — la doble entrega y el control"


def _saved(tmp_path, monkeypatch, lessons: dict) -> None:
    path = tmp_path / "progress.json"
    path.write_text(json.dumps({"version": progress.VERSION, "lessons": lessons}), encoding="utf-8")
    monkeypatch.setenv(progress.ENV, str(path))


def _rec(solved: bool, attempts: int = 1) -> dict:
    return {"attempts": attempts, "solved": solved, "first_try": solved and attempts == 1, "shown": False}


def test_old_lesson_5_ids_load_under_their_new_ids_in_both_languages(tmp_path, monkeypatch):
    _saved(
        tmp_path,
        monkeypatch,
        {
            EN: {"keep_control": _rec(True), "take_all": _rec(False, 3), "loop_six": _rec(True)},
            ES: {"challenge_take_one": _rec(True, 2), "not_worth_it": _rec(True), "challenge_take_all": _rec(True)},
        },
    )
    lessons = progress.load()["lessons"]
    assert lessons[EN] == {"l5_ex4": _rec(True), "l5_ex6": _rec(False, 3), "loop_six": _rec(True)}
    assert lessons[ES] == {"l5_ex10": _rec(True, 2), "l5_ex5": _rec(True), "l5_ex8": _rec(True)}
    assert progress.results(EN)["l5_ex4"]["solved"]  # what the page's score reads


def test_every_new_id_is_an_exercise_of_the_lesson_and_no_old_one_is():
    ((titles, names),) = RENAMED_EXERCISES.items()
    assert titles == (EN, ES)
    exercises = set(L.LESSONS[5].exercises)
    assert set(names.values()) <= exercises and not set(names) & exercises


def test_a_record_under_the_new_id_wins_and_other_lessons_are_untouched(tmp_path, monkeypatch):
    other = {"keep_control": _rec(True)}  # another lesson with an exercise of that name keeps it
    _saved(tmp_path, monkeypatch, {EN: {"keep_control": _rec(True), "l5_ex4": _rec(False, 2)}, "Dots 4": other})
    lessons = progress.load()["lessons"]
    assert lessons[EN] == {"l5_ex4": _rec(False, 2)}
    assert lessons["Dots 4"] == other


def test_a_new_answer_after_loading_old_progress_saves_under_the_new_id(tmp_path, monkeypatch):
    _saved(tmp_path, monkeypatch, {EN: {"keep_control": _rec(False, 1)}})
    rec = progress.record(EN, "l5_ex4", True)
    assert rec["attempts"] == 2 and rec["solved"] and not rec["first_try"]
    saved = json.loads((tmp_path / "progress.json").read_text(encoding="utf-8"))["lessons"][EN]
    assert set(saved) == {"l5_ex4"}
