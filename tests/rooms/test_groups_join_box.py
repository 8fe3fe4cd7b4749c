"""A pupil joins the class from the start page's "Join your class" box, and every lesson answer then reaches the
teacher's class table by itself — against the real room server on loopback (no mocks).  Also: an over-limit
upload gets a 413 that says why, whatever its size up to the drain limit."""

from __future__ import annotations

import json
import socket
import urllib.error
import urllib.request

import pytest

from gamekit import progress
from gamekit.rooms.groups import MAX_BODY, MAX_PROGRESS
from gamekit.rooms.class_join import COURIER, SERVER_ENV, JoinClassBox, class_server, group_link_for
from gamekit.rooms.groups_client import create_group, join_group
from gamekit.widgets.exercise import Exercise, count_checker
from gamekit.widgets.lesson import ExerciseWidget, LessonScore


@pytest.fixture
def fresh_progress(tmp_path, monkeypatch):
    """An empty saved progress of this test's own (no class joined)."""
    monkeypatch.setenv(progress.ENV, str(tmp_path / "progress.json"))
    yield tmp_path / "progress.json"
    COURIER.wait()


def closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]  # nothing listens there once the socket is closed


def three(key: str = "how_many") -> Exercise:
    return Exercise(
        "How many?",
        count_checker(3, right="Yes, 3.", too_few="More.", too_many="Fewer."),
        solutions=[3],
        wrong=[2],
        key=key,
    )


def post_raw(url: str, body: bytes) -> tuple[int, dict]:
    request = urllib.request.Request(url, data=body, method="POST", headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


# ----- joining from the box -----------------------------------------------------------------------------
def test_joining_with_the_short_code_remembers_the_class_and_sends_the_progress(rooms, fresh_progress):
    owner = create_group(rooms.url, "Class 6A")
    progress.record("Lesson A", "e1", True)  # answered before joining: goes with the first upload
    box = JoinClassBox(server=rooms.url)
    assert box.joined.layout.display == "none" and box.form.layout.display is None
    assert box.join(owner.code.lower().replace("-", " "), " Ana ") is True  # case, spaces and dash do not matter
    assert "Ana" in box.message and "Class 6A" in box.message
    saved = progress.group()
    assert saved["link"] == owner.join_link and saved["nickname"] == "Ana" and saved["name"] == "Class 6A"
    assert box.form.layout.display == "none" and "Class 6A" in box.joined_text.value
    COURIER.wait()
    assert box.message.startswith("Sent to your teacher") and "Ana" in box.message
    ana = {p["nickname"]: p for p in owner.class_table()["pupils"]}["Ana"]
    assert ana["lessons"] == {"Lesson A": [1, 1]}
    # a new box on the page (the start page opened again) shows the class, not the form
    again = JoinClassBox(server=rooms.url)
    assert again.form.layout.display == "none" and "Ana" in again.joined_text.value
    assert again.send_now().startswith("Sent to your teacher")


def test_joining_with_the_link_and_every_refusal_says_why(rooms, fresh_progress):
    owner = create_group(rooms.url, "Class 6B")
    join_group(owner.join_link, "Ben", remember=False)
    box = JoinClassBox(server=rooms.url)
    assert box.join("", "Ana") is False and "code" in box.message
    assert box.join(owner.join_link, "  ") is False and "nickname" in box.message.lower()
    assert box.join("no!", "Ana") is False and "K7MQ-2PXA" in box.message
    assert box.join("ZZZZ-ZZZZ", "Ana") is False and "No group has the code" in box.message
    assert box.join(owner.join_link, "Ben") is False and "taken" in box.message
    assert box.join(owner.join_link, "<b>") is False and "Not joined" in box.message
    assert box.join(owner.join_link[:-3] + "xyz", "Ana") is False and "does not exist" in box.message
    offline = JoinClassBox(server=f"http://127.0.0.1:{closed_port()}")
    assert offline.join("K7MQ-2PXA", "Ana") is False
    assert "does not answer" in offline.message and "teacher" in offline.message
    assert progress.group() is None  # nothing was remembered by any refusal
    # the link works without http:// too; the same box then joins
    assert box.join(owner.join_link.split("://", 1)[1], "Ana") is True
    assert progress.group()["link"] == owner.join_link
    box.forget()
    assert progress.group() is None and box.form.layout.display is None


def test_a_code_is_looked_up_on_the_class_server_of_the_environment(rooms, monkeypatch):
    owner = create_group(rooms.url, "Class 6C")
    monkeypatch.setenv(SERVER_ENV, rooms.url.split("://", 1)[1])
    assert class_server() == rooms.url
    assert group_link_for(owner.code) == owner.join_link
    monkeypatch.delenv(SERVER_ENV)
    assert class_server() == "http://localhost:8765"
    with pytest.raises(TypeError):
        group_link_for(12345678)


# ----- every answer reaches the class table ---------------------------------------------------------------
def test_each_lesson_answer_reaches_the_class_table_by_itself(rooms, fresh_progress):
    owner = create_group(rooms.url, "Class 6D")
    assert JoinClassBox(server=rooms.url).join(owner.join_link, "Cleo")
    COURIER.wait()
    score = LessonScore("Lesson B")
    first, second = ExerciseWidget(three("e1"), score=score), ExerciseWidget(three("e2"), score=score)
    first.submit("2")
    assert first.last_class_note in ("Sending to your teacher…",) or first.last_class_note.startswith("Sent")
    first.submit("3")
    second.show_answer()
    COURIER.wait()
    assert first.last_class_note.startswith("Sent to your teacher") and "Cleo" in first.last_class_note
    assert "Sent to your teacher" in first.class_note.value
    cleo = {p["nickname"]: p for p in owner.class_table()["pupils"]}["Cleo"]
    assert cleo["lessons"] == {"Lesson B": [2, 1]}  # two exercises done, one right (the other shown)


def test_offline_the_exercise_works_and_says_the_answer_was_not_sent(rooms, fresh_progress):
    progress.set_group(f"http://127.0.0.1:{closed_port()}/g/abcdefghij", "k" * 30, "Dan", "Class 6E")
    widget = ExerciseWidget(three(), score=LessonScore("Lesson C"))
    ok, feedback = widget.submit("3")
    assert ok and feedback == "Yes, 3." and widget.solved  # judged and saved at once
    assert progress.results("Lesson C")["how_many"]["solved"]
    COURIER.wait()
    assert widget.last_class_note.startswith("Not sent") and "does not answer" in widget.last_class_note
    assert "next answer" in widget.last_class_note


def test_a_pupil_removed_by_the_teacher_is_told_why_nothing_arrives(rooms, fresh_progress):
    owner = create_group(rooms.url, "Class 6F")
    assert JoinClassBox(server=rooms.url).join(owner.join_link, "Eve")
    COURIER.wait()
    owner.remove("Eve")
    widget = ExerciseWidget(three(), score=LessonScore("Lesson D"))
    widget.submit("3")
    COURIER.wait()
    assert widget.last_class_note.startswith("Not sent to your teacher") and "join it again" in widget.last_class_note


def test_without_a_class_nothing_is_sent_or_shown(fresh_progress):
    widget = ExerciseWidget(three(), score=LessonScore("Lesson E"))
    widget.submit("2")
    assert widget.share() is False and widget.last_class_note == "" and widget.class_note.value == ""
    assert progress.share() is False
    with pytest.raises(TypeError):
        progress.share("not a function")


# ----- an over-limit body gets its 413 with the reason -----------------------------------------------------
def test_an_upload_over_any_limit_gets_a_413_that_says_why(rooms):
    owner = create_group(rooms.url, "Class 6G")
    ana = join_group(owner.join_link, "Ana", remember=False)
    url = f"{rooms.url}/api/groups/{owner.group}/progress"
    for size in (70_000, 200_000, 1_500_000):  # over the upload limit, over tornado's default body limit
        body = json.dumps({"key": ana.key, "progress": {"version": 1, "lessons": {}}, "pad": "x" * size}).encode()
        status, answer = post_raw(url, body)
        assert status == 413 and answer["type"] == "error", (size, answer)
        assert f"at most {MAX_PROGRESS} bytes" in answer["message"]
    status, answer = post_raw(f"{rooms.url}/api/groups/{owner.group}/info", b" " * 300_000)
    assert status == 413 and f"at most {MAX_BODY} bytes" in answer["message"]
    # the connection is still usable and nothing changed: a right-sized upload is stored
    assert ana.send_progress({"version": 1, "lessons": {"L": {"e": {"attempts": 1, "solved": True}}}}) == {"L": [1, 1]}


# ----- the mastery loop's extra practice in the class table -------------------------------------------------
def test_the_class_table_shows_the_ideas_each_pupil_needed_extra_practice_on(rooms, fresh_progress):
    import csv
    import io

    from gamekit.dots import lessons as dots_lessons
    from gamekit.rooms.groups_client import GroupRefused

    owner = create_group(rooms.url, "Class 6H")
    assert JoinClassBox(server=rooms.url).join(owner.join_link, "Fay")
    COURIER.wait()
    lesson = dots_lessons.LESSONS[3]
    board = [w for w in dots_lessons.practice(3, LessonScore(lesson.title)).children if hasattr(w, "exercise")][1]
    for answer in board.exercise.wrong[:2]:
        board.submit(answer)
    similar = board.try_similar()
    similar.submit(similar.exercise.solutions[0])  # the similar puzzle's answer is sent by itself too
    COURIER.wait()
    assert board.last_class_note.startswith("Sent to your teacher")
    table = owner.class_table()
    fay = {p["nickname"]: p for p in table["pupils"]}["Fay"]
    assert fay["extra"] == {"dots_and_boxes/hard_hearted_handout": [1, 1]}
    assert table["idea_names"] == {"dots_and_boxes/hard_hearted_handout": "Dots and Boxes — hard-hearted handout"}
    assert fay["lessons"][lesson.title] == [1, 0]  # the exercise itself is still not right
    rows = list(csv.reader(io.StringIO(owner.export_csv())))
    assert ["Fay", "Extra practice: Dots and Boxes — hard-hearted handout", "1", "1"] in [r[:4] for r in rows]
    # a malformed extra is refused and changes nothing
    member = join_group(owner.join_link, "Gus", remember=False)
    for bad in (
        {"game": "chess", "theme": "x", "tried": 1, "right": 0},
        {"game": "dots_and_boxes", "theme": "safe_line", "tried": 1, "right": 2},
        {"game": "dots_and_boxes", "theme": "safe_line", "tried": True, "right": 0},
        "junk",
    ):
        with pytest.raises(GroupRefused, match="extra"):
            member.send_progress({"version": 1, "lessons": {"L": {"e": {"attempts": 1, "extra": bad}}}})
    assert "Gus" not in {p["nickname"] for p in owner.class_table()["pupils"] if p["sent"]}
