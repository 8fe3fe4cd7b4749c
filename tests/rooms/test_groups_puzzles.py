"""Puzzle results in a class group (issue 22): a pupil's practice goes to the teacher's table as accuracy per
game and theme, like the lesson progress, and into the CSV; bad uploads are refused and change nothing."""

import csv
import io
import json

import pytest

from gamekit import progress
from gamekit.puzzles import bank
from gamekit.puzzles.results import theme_results
from gamekit.rooms.class_progress import check_progress, check_puzzle_results, puzzle_summary
from gamekit.rooms.group_settings import GroupRefusal
from gamekit.rooms.groups_client import GroupRefused, create_group, join_group


@pytest.fixture
def klass(rooms):
    owner = create_group(rooms.url, "Class 5C")
    return owner, [join_group(owner.join_link, nick) for nick in ("Ana", "Ben")]


def practise(n_right: int, n_wrong: int, theme: str = "double_deal"):
    """Answer puzzles of one Dots theme: ``n_right`` right at the first answer, ``n_wrong`` wrong first."""
    puzzles = bank("dots_and_boxes", theme=theme)
    for i, p in enumerate(puzzles[: n_right + n_wrong]):
        if i >= n_right:
            progress.record_attempt("dots_and_boxes", p.id, False)
        progress.record_attempt("dots_and_boxes", p.id, True)
    return puzzles[: n_right + n_wrong]


def test_theme_results_count_tried_and_right_at_the_first_answer():
    done = practise(3, 2)
    results = theme_results()
    cell = results["dots_and_boxes"]["double_deal"]
    assert cell == {"tried": 5, "right": 3}
    for p in done:  # a puzzle with several themes counts in each
        for t in p.themes:
            assert results["dots_and_boxes"][t]["tried"] >= 1
    progress.record_attempt("dots_and_boxes", "dots-no-longer-in-the-bank", True)
    assert theme_results()["dots_and_boxes"]["double_deal"] == cell  # unknown ids are left out
    assert "connect_four" not in results


def test_the_upload_check_accepts_results_and_refuses_bad_ones():
    good = {"version": 1, "lessons": {}, "puzzles": {"dots_and_boxes": {"double_deal": {"tried": 5, "right": 3}}}}
    assert puzzle_summary(check_progress(good)) == {"dots_and_boxes/double_deal": (5, 3)}
    assert "puzzles" not in check_progress({"version": 1, "lessons": {}})  # optional
    for bad, words in (
        ([1], "puzzles must be"),
        ({"chess": {}}, "not a game with puzzles"),
        ({"dots_and_boxes": []}, "map themes"),
        ({"dots_and_boxes": {"block": {"tried": 1, "right": 1}}}, "not a theme"),
        ({"connect_four": {"side_column": {"tried": 1, "right": 1}}}, "not a theme"),
        ({"dots_and_boxes": {"double_deal": {"tried": 1}}}, "must be"),
        ({"dots_and_boxes": {"double_deal": {"tried": 1, "right": 2}}}, "0 ≤ right ≤ tried"),
        ({"dots_and_boxes": {"double_deal": {"tried": -1, "right": 0}}}, "0 ≤ right ≤ tried"),
        ({"dots_and_boxes": {"double_deal": {"tried": 2.0, "right": 1}}}, "whole numbers"),
        ({"dots_and_boxes": {"double_deal": {"tried": True, "right": 0}}}, "whole numbers"),
    ):
        with pytest.raises(GroupRefusal, match=words):
            check_puzzle_results(bad)
        with pytest.raises(GroupRefusal):
            check_progress({"version": 1, "lessons": {}, "puzzles": bad})


def test_puzzle_results_reach_the_class_table_and_the_csv(rooms, klass):
    owner, (ana, ben) = klass
    progress.record("Lesson 1 — rules", "e1", True)
    practise(3, 1)
    assert ana.send_progress() == {"Lesson 1 — rules": [1, 1]}
    table = owner.class_table()
    assert "dots_and_boxes/double_deal" in table["puzzles"]
    assert table["puzzle_names"]["dots_and_boxes/double_deal"] == "Puzzles: Dots and Boxes — double-deal"
    cells = {p["nickname"]: p for p in table["pupils"]}
    assert cells["Ana"]["puzzles"]["dots_and_boxes/double_deal"] == [4, 3]
    assert cells["Ben"]["puzzles"] == {}
    rows = list(csv.reader(io.StringIO(owner.export_csv())))
    assert rows[0][-1] == "accuracy"
    line = next(r for r in rows if r[0] == "Ana" and r[1] == "Puzzles: Dots and Boxes — double-deal")
    assert line[2:4] == ["4", "3"] and line[5] == "75%"
    ben_line = next(r for r in rows if r[0] == "Ben" and r[1] == "Puzzles: Dots and Boxes — double-deal")
    assert ben_line[2:4] == ["0", "0"] and ben_line[5] == ""
    # refused uploads change nothing
    for bad in (
        {"version": 1, "lessons": {}, "puzzles": {"dots_and_boxes": {"double_deal": {"tried": 1, "right": 5}}}},
        {"version": 1, "lessons": {}, "puzzles": {"dots_and_boxes": {"made_up": {"tried": 1, "right": 0}}}},
        {"version": 1, "lessons": {}, "puzzles": "all right"},
    ):
        with pytest.raises(GroupRefused, match="puzzles"):
            ana.send_progress(bad)
    assert owner.class_table() == table
    # the teacher's page shows the column
    status, page = rooms.get("/static/groups.js")
    assert status == 200 and "puzzle_names" in page


def test_a_pupil_with_much_practice_still_fits_the_upload(rooms, klass):
    owner, (ana, _) = klass
    for p in bank("dots_and_boxes")[:300]:
        progress.record_attempt("dots_and_boxes", p.id, True)
    assert len(json.dumps(progress.load())) > 20_000
    ana.send_progress()
    row = next(p for p in owner.class_table()["pupils"] if p["nickname"] == "Ana")
    assert sum(v[0] for v in row["puzzles"].values()) >= 300  # each puzzle counted under its themes
