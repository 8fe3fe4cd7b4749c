"""Practice and homework results reach the teacher: after each answer on a Practice board (free practice or a
homework code typed into the Practice page's box) the saved progress goes to the class this computer joined, and
a line under the board says whether it arrived — against the real room server on loopback (no mocks).  Offline,
or with no class, the puzzle works the same."""

from __future__ import annotations

import socket

import pytest

from gamekit import progress
from gamekit.puzzles.homework_box import HomeworkBox
from gamekit.puzzles.practice import Practice
from gamekit.rooms.class_join import COURIER, JoinClassBox
from gamekit.rooms.groups_client import create_group


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


def wrong_answer(practice: Practice):
    """A legal answer the puzzle does not accept."""
    return next(a for a in practice.puzzle.legal_answers() if a not in practice.puzzle.answers)


def row_of(owner, nickname: str) -> dict:
    return {p["nickname"]: p for p in owner.class_table()["pupils"]}[nickname]


def test_a_homework_code_typed_into_the_box_reaches_the_class_table(rooms, fresh_progress):
    owner = create_group(rooms.url, "Class 8A")
    assert JoinClassBox(server=rooms.url).join(owner.code, "Ana")
    COURIER.wait()
    box = HomeworkBox("dots_and_boxes")
    practice = box.open_code("dots-double_deal-3-7")
    assert practice is not None and practice.class_note in practice.children
    tried = [practice.puzzle]
    ok, _ = practice.answer(practice.puzzle.answers[0])  # the first puzzle: right at the first answer
    assert ok
    assert practice.last_class_note == "Sending to your teacher…" or practice.last_class_note.startswith("Sent")
    practice.next()
    tried.append(practice.puzzle)
    ok, _ = practice.answer(wrong_answer(practice))  # the second: wrong first, then right
    assert not ok
    practice.answer(practice.puzzle.answers[0])
    COURIER.wait()
    assert practice.last_class_note.startswith("Sent to your teacher") and "Ana" in practice.last_class_note
    assert "Sent to your teacher" in practice.class_note.value
    ana = row_of(owner, "Ana")
    # by each puzzle's idea in the bank: a double-deal set also asks take-all decisions (when control is not worth
    # it), counted under that idea; two tried, the first right at the first answer
    expected = {}
    for puzzle, right in zip(tried, (1, 0)):
        for theme in puzzle.themes:
            cell = expected.setdefault(f"dots_and_boxes/{theme}", [0, 0])
            cell[0], cell[1] = cell[0] + 1, cell[1] + right
    assert {key: ana["puzzles"][key] for key in expected} == expected
    assert set(expected) <= set(owner.class_table()["puzzle_names"])


def test_free_practice_answers_are_sent_too(rooms, fresh_progress):
    owner = create_group(rooms.url, "Class 8B")
    assert JoinClassBox(server=rooms.url).join(owner.join_link, "Ben")
    COURIER.wait()
    practice = Practice("five_in_a_row", theme="block", seed=3)
    practice.answer(practice.puzzle.answers[0])
    COURIER.wait()
    assert practice.last_class_note.startswith("Sent to your teacher")
    assert row_of(owner, "Ben")["puzzles"]["five_in_a_row/block"] == [1, 1]


def test_offline_the_puzzle_is_judged_and_rated_and_the_line_says_it_was_not_sent(rooms, fresh_progress):
    progress.set_group(f"http://127.0.0.1:{closed_port()}/g/abcdefghij", "k" * 30, "Dan", "Class 8C")
    practice = Practice("dots_and_boxes", theme="double_deal", seed=1)
    puzzle = practice.puzzle
    ok, feedback = practice.answer(puzzle.answers[0])
    assert ok and feedback and practice.solved  # judged at once, whatever the network does
    assert progress.attempts("dots_and_boxes")[puzzle.id]["first_try"]
    assert "dots_and_boxes" in progress.ratings()
    COURIER.wait()
    assert practice.last_class_note.startswith("Not sent") and "does not answer" in practice.last_class_note
    assert practice.next() is not None  # the board goes on as before


def test_a_pupil_removed_by_the_teacher_is_told_why_nothing_arrives(rooms, fresh_progress):
    owner = create_group(rooms.url, "Class 8D")
    assert JoinClassBox(server=rooms.url).join(owner.join_link, "Eve")
    COURIER.wait()
    owner.remove("Eve")
    practice = Practice("shut_the_box", seed=2)
    practice.answer(practice.puzzle.answers[0])
    COURIER.wait()
    assert (
        practice.last_class_note.startswith("Not sent to your teacher") and "join it again" in practice.last_class_note
    )


def test_without_a_class_nothing_is_sent_or_shown(fresh_progress):
    practice = Practice("dots_and_boxes", seed=4)
    ok, _ = practice.answer(wrong_answer(practice))
    assert not ok and practice.share() is False
    assert practice.last_class_note == "" and practice.class_note.value == ""
    # a refused answer is no attempt: nothing saved, nothing sent
    with pytest.raises(ValueError):
        practice.answer("zz9-zz9")
    assert progress.attempts("dots_and_boxes")[practice.puzzle.id]["attempts"] == 1
