"""Saved progress: a pupil's results survive a kernel restart, show on the start page and export to a file."""

import csv
import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from gamekit import progress, progress_report
from gamekit.widgets.exercise import Exercise, count_checker
from gamekit.widgets.lesson import ExerciseWidget, LessonScore

ROOT = Path(__file__).resolve().parents[1]


def three() -> Exercise:
    return Exercise(
        "How many?",
        count_checker(3, right="yes", too_few="more", too_many="fewer"),
        solutions=[3],
        wrong=[2],
        key="how_many",
    )


def test_the_file_is_in_the_user_data_dir_unless_overridden(monkeypatch):
    monkeypatch.delenv(progress.ENV)
    path = progress.progress_path()
    assert path.name == "progress.json" and "gamekit" in path.parts
    monkeypatch.setenv(progress.ENV, "/tmp/x/p.json")
    assert progress.progress_path() == Path("/tmp/x/p.json")


def test_results_survive_a_kernel_restart(tmp_path):
    """Two separate Python processes stand for the kernel before and after a restart."""
    env = dict(os.environ, GAMEKIT_PROGRESS_FILE=str(tmp_path / "p.json"), PYTHONPATH=str(ROOT))
    answer = (
        "from gamekit.widgets.exercise import Exercise, count_checker\n"
        "from gamekit.widgets.lesson import ExerciseWidget, LessonScore\n"
        "ex = Exercise('How many?', count_checker(3, right='y', too_few='m', too_many='f'), key='how_many')\n"
        "s = LessonScore('Lesson 9')\nw = ExerciseWidget(ex, score=s)\nw.submit('2'); w.submit('3')\n"
    )
    subprocess.run([sys.executable, "-c", answer], env=env, check=True)
    after = (
        "from gamekit.widgets.lesson import LessonScore\ns = LessonScore('Lesson 9')\n"
        "print(s.solved, s.attempts, s.first_try)"
    )
    out = subprocess.run([sys.executable, "-c", after], env=env, check=True, capture_output=True, text=True)
    assert out.stdout.split() == ["1", "2", "0"]


def test_score_and_widget_start_from_what_was_saved():
    score = LessonScore("Lesson 2")
    ExerciseWidget(three(), score=score).submit("3")
    again = LessonScore("Lesson 2")  # the cell run again after a restart
    assert (again.solved, again.first_try, again.attempts) == (1, 1, 1)
    widget = ExerciseWidget(three(), score=again)
    assert "solved before" in widget.attempts_label.value
    assert LessonScore("Another lesson").attempts == 0


def test_a_shown_answer_is_saved_and_a_later_right_answer_does_not_count():
    score = LessonScore("L")
    w = ExerciseWidget(three(), score=score)
    w.show_answer()
    w.submit("3")
    rec = progress.results("L")["how_many"]
    assert rec["shown"] and not rec["solved"] and rec["attempts"] == 1


def test_a_widget_without_a_score_saves_too():
    ExerciseWidget(three()).submit("2")
    assert progress.results("")["how_many"]["attempts"] == 1


def test_a_damaged_file_is_set_aside_not_lost(tmp_path, monkeypatch):
    path = tmp_path / "bad.json"
    monkeypatch.setenv(progress.ENV, str(path))
    for bad in ("{not json", json.dumps({"version": 1, "lessons": []}), json.dumps([1, 2])):
        path.write_text(bad)
        assert progress.results() == {}
        assert (tmp_path / "bad.json.damaged").read_text() == bad
    progress.record("L", "e", True)
    assert progress.results("L")["e"]["solved"]


def test_off_keeps_progress_in_memory_only(monkeypatch, tmp_path):
    monkeypatch.setenv(progress.ENV, "off")
    monkeypatch.chdir(tmp_path)
    progress.reset()
    progress.record("L", "e", False)
    assert progress.results("L")["e"]["attempts"] == 1
    assert list(tmp_path.iterdir()) == []


def test_bad_names_are_refused_and_change_nothing():
    progress.record("L", "e", True)
    before = progress.load()
    for args in ((3, "e", True), ("L", None, True), ("L", "e", "yes"), ("x" * 301, "e", True)):
        with pytest.raises((TypeError, ValueError)):
            progress.record(*args)
    assert progress.load() == before


def test_progress_table_and_export(tmp_path):
    assert progress_report.progress_table().rows[0][0] == "(nothing answered yet)"
    score = LessonScore("Lesson 2")
    w = ExerciseWidget(three(), score=score)
    w.submit("2"), w.submit("3")
    table = progress_report.progress_table()
    assert table.headers == progress_report.HEADERS and table.rows == [["Lesson 2", 1, 1, 0, 0, 2]]
    path = progress_report.export(tmp_path / "out.csv", name="Ana")
    lines = list(csv.DictReader(io.StringIO(path.read_text())))
    assert lines[0]["pupil"] == "Ana" and lines[0]["exercise"] == "how_many" and lines[0]["attempts"] == "2"


def test_progress_view_exports_a_file_with_a_download_link(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    progress.record("Lesson 3", "count", True)
    view = progress_report.ProgressView()
    assert "Lesson 3" in view.table.value and "<table>" in view.table.value
    view.name.value = "Ana María"
    written = view.export()
    assert written == Path("gamekit-progress-ana-mar-a.csv") and (tmp_path / written).exists()
    assert "download=" in view.note.value and "data:text/csv;base64," in view.note.value
    progress.record("Lesson 4", "x", False)
    view.refresh()
    assert "Lesson 4" in view.table.value


# ----- reflections (the closing question of a lesson, answered in words) ------------------------------
def test_a_reflection_is_saved_and_comes_back_after_a_restart(tmp_path):
    env = dict(os.environ, GAMEKIT_PROGRESS_FILE=str(tmp_path / "p.json"), PYTHONPATH=str(ROOT))
    write = (
        "from gamekit.widgets.lesson import LessonScore\nfrom gamekit.widgets.reflection import Reflection\n"
        "r = Reflection('Why?', LessonScore('Lesson 9'))\nassert r.submit('  Because boxes.  ')\n"
    )
    subprocess.run([sys.executable, "-c", write], env=env, check=True)
    read = (
        "from gamekit.widgets.lesson import LessonScore\nfrom gamekit.widgets.reflection import Reflection\n"
        "r = Reflection('Why?', LessonScore('Lesson 9'))\nprint(r.input.value)"
    )
    out = subprocess.run([sys.executable, "-c", read], env=env, check=True, capture_output=True, text=True)
    assert out.stdout.strip() == "Because boxes."


def test_reflections_do_not_count_as_exercises_and_reset_forgets_them():
    from gamekit.widgets.reflection import Reflection

    Reflection("Why?", LessonScore("Lesson 8")).submit("An answer.")
    assert progress.answers("Lesson 8")["reflection"]["text"] == "An answer."
    assert progress.results("Lesson 8") == {}  # not an exercise: the progress table is unchanged
    progress.record("Lesson 8", "how_many", True)
    assert progress.answers("Lesson 8")  # recording an exercise keeps the reflection
    progress.reset("Lesson 8")
    assert progress.answers("Lesson 8") == {}


def test_bad_reflections_are_refused_and_change_nothing():
    from gamekit.widgets.reflection import Reflection

    widget = Reflection("Why?", LessonScore("Lesson 7"))
    assert widget.submit("Kept.")
    before = progress.load()
    assert not widget.submit("   ") and "first" in widget.last_note
    assert not widget.submit("x" * (progress.MAX_ANSWER + 1)) and str(progress.MAX_ANSWER) in widget.last_note
    with pytest.raises(TypeError):
        widget.submit(42)
    with pytest.raises(TypeError):
        progress.save_answer("Lesson 7", "reflection", b"bytes")
    with pytest.raises(ValueError):
        progress.save_answer("Lesson 7", "reflection", "x" * (progress.MAX_ANSWER + 1))
    with pytest.raises(TypeError):
        progress.save_answer("Lesson 7", 3, "text")
    assert progress.load() == before and widget.saved_text == "Kept."
    with pytest.raises(TypeError):
        Reflection("Why?", 7)
    with pytest.raises(ValueError):
        Reflection("  ", LessonScore("Lesson 7"))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=st.text(max_size=60))
def test_any_reflection_text_is_kept_exactly_or_refused_without_a_change(text):
    from gamekit.widgets.reflection import Reflection

    widget = Reflection("Why?", LessonScore("Lesson 6"))
    before = progress.answers("Lesson 6")
    saved = widget.submit(text)
    assert saved == bool(text.strip())
    if saved:
        assert progress.answers("Lesson 6")["reflection"]["text"] == text.strip() == widget.saved_text
        assert Reflection("Why?", LessonScore("Lesson 6")).input.value == text.strip()
    else:
        assert progress.answers("Lesson 6") == before


# ----- the dice tally and the class group (issue 24 §4) ------------------------------------------------------
def test_the_dice_tally_is_saved_checked_and_survives_a_restart():
    from gamekit import progress

    assert progress.tally() == {str(t): 0 for t in range(2, 13)}
    counts = {t: 0 for t in range(2, 13)} | {7: 3, 12: 1}
    assert progress.save_tally(counts)["7"] == 3
    before = progress.load()
    for bad in (
        [],
        {**counts, 13: 1},
        {t: n for t, n in counts.items() if t != 2},
        {**counts, 7: -1},
        {**counts, 7: True},
        {**counts, 7: 2.0},
        {**counts, "٧": 1},
        {**counts, 7: 100_001},
    ):
        with pytest.raises(ValueError):
            progress.save_tally(bad)
    assert progress.load() == before  # refusals change nothing
    from gamekit.shutbox.dice_tally import DiceTally

    again = DiceTally()  # a new page (a restart) starts from the saved tally
    assert again.counts()[7] == 3 and again.total == 4
    again.add(1, 1)
    assert progress.tally()["2"] == 1
    again.clear()
    assert progress.tally() == {str(t): 0 for t in range(2, 13)}
    demo = DiceTally(saved=False)
    demo.add(2, 2)
    assert progress.tally()["4"] == 0


def test_the_class_group_is_remembered_and_forgotten():
    from gamekit import progress

    assert progress.group() is None
    progress.set_group("http://127.0.0.1:1/g/abcdefgh", "k" * 20, "Ana")
    assert progress.group() == {"link": "http://127.0.0.1:1/g/abcdefgh", "key": "k" * 20, "nickname": "Ana"}
    for bad in ((None, "k", "Ana"), ("l", "", "Ana"), ("l", "k", 3)):
        with pytest.raises(ValueError):
            progress.set_group(*bad)
    assert progress.group()["nickname"] == "Ana"
    progress.forget_group()
    assert progress.group() is None


def test_the_class_groups_name_is_kept_and_checked_and_survives_a_restart(tmp_path):
    from gamekit import progress

    saved = progress.set_group("http://127.0.0.1:1/g/abcdefgh", "k" * 20, "Ana", "Class 5B")
    assert saved["name"] == "Class 5B" and progress.group()["name"] == "Class 5B"
    with pytest.raises(ValueError):
        progress.set_group("http://127.0.0.1:1/g/abcdefgh", "k" * 20, "Ana", 5)
    assert progress.group()["name"] == "Class 5B"  # a refusal changes nothing
    # a file whose group name is not text is damaged: set aside, never half-read
    path = progress.progress_path()
    data = json.loads(path.read_text())
    data["group"]["name"] = ["Class"]
    path.write_text(json.dumps(data))
    assert progress.group() is None and path.with_name(path.name + ".damaged").exists()


def test_extra_practice_is_kept_per_exercise_and_moves_on_with_each_new_puzzle():
    from gamekit import progress

    progress.record("L", "e", False)
    assert progress.record_extra("L", "e", "dots_and_boxes", "safe_line", "p1", False)["tried"] == 1
    assert progress.record_extra("L", "e", "dots_and_boxes", "safe_line", "p1", True)["right"] == 1
    again = progress.record_extra("L", "e", "dots_and_boxes", "safe_line", "p1", True)  # counted once
    assert (again["tried"], again["right"]) == (1, 1)
    nxt = progress.record_extra("L", "e", "dots_and_boxes", "safe_line", "p2", False)
    assert (nxt["tried"], nxt["right"]) == (2, 1)
    rec = progress.results("L")["e"]
    assert rec["attempts"] == 1 and not rec["solved"]  # the exercise's own answers are untouched
    assert progress_report.rows()[0][1:] == [1, 0, 0, 0, 1]
