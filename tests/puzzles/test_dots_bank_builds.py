"""The Dots bank's Practice-only puzzles come from the build, not from editing the bank: the *which chain or loop
to open* builds named in the bank's header, run again with ``--practice-only`` on the bank as it was before them,
give the shipped bank, its ``practice_only`` list included (no lesson's problem set draws those puzzles)."""

import pytest

from gamekit.puzzles.build import build
from gamekit.puzzles.store import bank_path, practice_only, read_bank, write_bank

G = "dots_and_boxes"
T = "which_to_open"
BUILDS = ((30, 7), (90, 8))
"""The which-to-open builds of the bank's header: (count, seed), each ``--theme which_to_open --add
--practice-only``."""


def test_the_header_names_the_which_to_open_builds_as_practice_only():
    command = read_bank(bank_path(G), G)["command"]
    for count, seed in BUILDS:
        assert f"build {G} --count {count} --seed {seed} --theme {T} --add --practice-only" in command


ENDGAMES = 60
"""The lesson 3 puzzles :func:`gamekit.puzzles.dots_endgames.lesson_three_endgames` added after the builds, last in
the bank (the header names the step)."""


def test_every_which_to_open_puzzle_is_practice_only():
    shipped = read_bank(bank_path(G), G)
    ids = {d["id"] for d in shipped["puzzles"] if T in d["themes"]}
    made = {d["id"] for d in shipped["puzzles"][-ENDGAMES:]}
    assert f"lesson_three_endgames({ENDGAMES}, seed=1" in shipped["command"]
    assert len(ids - made) == sum(n for n, _ in BUILDS) and ids | made <= practice_only(G)


def test_the_first_which_to_open_build_reproduces_its_shipped_puzzles(tmp_path):
    """The header's first which-to-open build (30 puzzles), run again on the bank as it was before those builds,
    adds exactly shipped puzzles, identical to the last byte of their records, and lists each as practice-only.
    (The second build, 90 puzzles, runs the same code from where the first stops; rerunning it too would add a
    minute of CPU to every test run for no new behaviour.)"""
    shipped = read_bank(bank_path(G), G)
    ids = {d["id"] for d in shipped["puzzles"] if T in d["themes"]}
    before = [d for d in shipped["puzzles"] if d["id"] not in ids]
    stats = {**shipped["stats"], "practice_only": sorted(set(shipped["stats"]["practice_only"]) - ids)}
    path = tmp_path / "dots.json.gz"
    write_bank(path, G, before, "the bank before", shipped["seed"], shipped["built"], stats)
    count, seed = BUILDS[0]
    assert build(G, count, seed, path, progress=False, theme=T, add=True, practice_only=True)["finished"]
    rebuilt = read_bank(path, G)
    by_id = {d["id"]: d for d in shipped["puzzles"]}
    added = [d for d in rebuilt["puzzles"] if d["id"] not in {b["id"] for b in before}]
    assert len(added) == count
    assert all(by_id.get(d["id"]) == d for d in rebuilt["puzzles"])
    assert set(rebuilt["stats"]["practice_only"]) == set(stats["practice_only"]) | {d["id"] for d in added}


def test_a_practice_only_build_lists_its_puzzles_and_a_plain_one_does_not(tmp_path):
    """A small --add build with and without practice_only: only the first lists what it added; a non-bool is
    refused."""
    shipped = read_bank(bank_path(G), G)
    small = [d for d in shipped["puzzles"] if T not in d["themes"]][:20]
    for flag in (True, False):
        path = tmp_path / f"{flag}.json.gz"
        write_bank(path, G, small, "small", 1, shipped["built"], {"themes": {}})
        build(G, 2, 8, path, progress=False, theme=T, add=True, practice_only=flag)
        got = read_bank(path, G)
        added = sorted(d["id"] for d in got["puzzles"] if d["id"] not in {s["id"] for s in small})
        assert len(added) == 2
        assert got["stats"].get("practice_only", []) == (added if flag else [])
        assert got["command"].endswith("--add --practice-only") == flag
    with pytest.raises(ValueError):
        build(G, 2, 8, tmp_path / "x.json.gz", progress=False, practice_only="yes")
