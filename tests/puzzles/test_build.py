"""python -m gamekit.puzzles build: reproducible, resumable, checksummed; bad settings refused."""

import subprocess
import sys
from pathlib import Path

import pytest

from gamekit.puzzles import bank, read_bank, verify
from gamekit.puzzles.build import BuildError, build, candidates
from gamekit.puzzles.dots import MIN_LOSS
from gamekit.dots import boxes_given, move_values

ROOT = Path(__file__).resolve().parents[2]


def test_a_build_is_reproducible_and_resumable(tmp_path):
    whole = tmp_path / "whole.json.gz"
    stats = build("shut_the_box", 12, 7, whole, progress=False)
    assert stats["finished"] and stats["kept"] == 12
    # the same build, interrupted after 2 games and carried on
    part = tmp_path / "part.json.gz"
    first = build("shut_the_box", 12, 7, part, progress=False, max_games=2)
    assert not first["finished"] and not part.exists()
    assert part.with_name(part.name + ".partial").exists()
    second = build("shut_the_box", 12, 7, part, progress=False)
    assert second["finished"] and not part.with_name(part.name + ".partial").exists()
    a, b = read_bank(whole), read_bank(part)
    assert a["puzzles"] == b["puzzles"] and a["sha256"] == b["sha256"]
    assert a["seed"] == 7 and "--seed 7" in a["command"]
    for p in bank("shut_the_box", path=part):
        assert verify(p) == []


def test_a_partial_file_of_another_build_is_refused(tmp_path):
    out = tmp_path / "b.json.gz"
    build("shut_the_box", 12, 7, out, progress=False, max_games=1)
    with pytest.raises(BuildError, match="partial build of"):
        build("shut_the_box", 12, 8, out, progress=False)
    out.with_name(out.name + ".partial").write_text("{broken")
    with pytest.raises(BuildError, match="damaged partial build"):
        build("shut_the_box", 12, 7, out, progress=False)


@pytest.mark.parametrize(
    "kwargs, error",
    [
        (dict(game_id="chess", count=3, seed=1), ValueError),
        (dict(game_id="shut_the_box", count=0, seed=1), BuildError),
        (dict(game_id="shut_the_box", count=3, seed=-1), BuildError),
        (dict(game_id="shut_the_box", count=True, seed=1), BuildError),
    ],
)
def test_bad_settings_are_refused(tmp_path, kwargs, error):
    with pytest.raises(error):
        build(out=tmp_path / "x.json.gz", progress=False, **kwargs)
    assert not list(tmp_path.iterdir())


def test_dots_candidates_pass_the_selection():
    """Every Dots puzzle a build finds keeps the best value with its answers, every other line loses ≥ 2,
    at least 3 legal lines and 2 tempting ones (checked here against the solver directly)."""
    found = []
    for k in range(2):
        found += candidates("dots_and_boxes", k, 11)[0]
    assert found
    for p in found:
        g = p.position
        values = move_values(g, time_limit=None)
        best = max(values.values())
        assert set(p.answers) == {l for l, v in values.items() if v == best}
        assert all(best - v >= MIN_LOSS for l, v in values.items() if l not in p.answers)
        assert len(values) >= 3
        least = min(boxes_given(g, a) for a in p.answers)
        assert sum(1 for l in values if boxes_given(g, l) <= least) >= 2


def test_command_line(tmp_path):
    out = tmp_path / "cli.json.gz"
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "gamekit.puzzles",
            "build",
            "shut_the_box",
            "--count",
            "5",
            "--seed",
            "3",
            "--out",
            str(out),
        ],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"},
    )
    assert run.returncode == 0, run.stderr
    assert "5 puzzles" in run.stdout
    assert "shut_the_box" in run.stderr  # the progress bar
    data = read_bank(out)
    assert data["command"] == "python -m gamekit.puzzles build shut_the_box --count 5 --seed 3"
    bad = subprocess.run(
        [sys.executable, "-m", "gamekit.puzzles", "build", "chess"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"},
    )
    assert bad.returncode == 2 and "invalid choice" in bad.stderr


def test_positions_that_cannot_be_puzzles_are_not_kept():
    from gamekit.connect import FiveInARow
    from gamekit.dots import DotsAndBoxes
    from gamekit.puzzles import connect as C, dots as D
    from gamekit.shutbox import ShutTheBox
    from gamekit.puzzles import shutbox as S

    popout = FiveInARow.from_moves(["4", "5", "4", "5", "3", "3", "6", "6", "2", "2", "7", "1"], popout=True)
    assert C.candidate(popout) is None  # PopOut: no puzzle
    two = DotsAndBoxes.from_moves(2, 2, ["a1-b1", "b1-c1", "a3-b3", "b3-c3", "a1-a2", "c1-c2", "a2-a3", "c2-c3"])
    assert D.candidate(two) is None  # 4 lines left, none loses 2 boxes more than another
    fresh = ShutTheBox(1, seed=1)
    assert S.candidate(fresh, "shut") is None  # two dice forced at the full box: no choice
    assert S.candidate(ShutTheBox(2, seed=1), "shut") is None  # rounds of two players: not a one-player puzzle


def test_shut_the_box_puzzles_come_only_from_variants_the_exact_tables_value():
    """The puzzle bank asks the variant (``Variant.exact_tables``), not its name: the same one-player position is
    a puzzle in the sheet's round and none in "to 45", whose turns go on over rounds."""
    from gamekit.puzzles import shutbox as S
    from gamekit.shutbox.variants import VARIANT_RULES

    assert [name for name, rules in VARIANT_RULES.items() if rules.exact_tables] == ["round"]
    solo, to_45 = _first_puzzle()
    assert S.candidate(solo, "score") is not None
    assert (to_45.uncovered, to_45.dice) == (solo.uncovered, solo.dice)  # the very same position
    assert S.candidate(to_45, "score") is None


def _first_puzzle():
    """The first position of a solo turn (Medium playing) that is a puzzle, and the same turn played in "to 45"."""
    from gamekit.puzzles import shutbox as S
    from gamekit.shutbox import ShutTheBox, cpu_player

    for seed in range(200):
        solo, to_45 = ShutTheBox(1, seed=seed), ShutTheBox(1, variant="to_45", seed=seed)
        while not solo.is_over():
            if S.candidate(solo, "score") is not None:
                return solo, to_45
            action = cpu_player("medium", 0).choose(solo)
            solo.play(action)
            to_45.play(action)
    raise AssertionError("no puzzle in 200 turns")


@pytest.mark.parametrize("game_id", ["dots_and_boxes", "five_in_a_row"])
def test_a_line_of_best_play_is_best_each_ply_and_stops_when_its_time_is_up(game_id):
    """The refutation lines puzzles show: every ply one of the solver's best moves; no time, no line (never a guess)."""
    from gamekit.connect.solver import analyse
    from gamekit.puzzles import connect as connect_puzzles, dots as dots_puzzles

    module, judge = (dots_puzzles, move_values) if game_id == "dots_and_boxes" else (connect_puzzles, analyse)
    p = min(bank(game_id), key=lambda q: (len(q.position.legal_moves()), q.id))
    line = module.best_play(p.position, plies=4)
    g = p.position
    for seat, move in line:
        values = judge(g)
        assert seat == g.to_move and values[move] == max(values.values())
        g.play(move)
    assert line and module.best_play(p.position, plies=4, time_limit=0) == []


def test_a_shut_the_box_build_caps_easy_and_medium_and_the_own_tile_answers(tmp_path):
    from gamekit.puzzles.build import MAX_OWN_TILE_SHARE, SHUT_BAND_SHARE, own_tile_answer

    out = tmp_path / "shut.json.gz"
    assert build("shut_the_box", 40, 3, out, progress=False)["finished"]
    puzzles = bank("shut_the_box", path=out)
    assert len(puzzles) == 40
    for band, share in SHUT_BAND_SHARE.items():
        assert sum(p.band == band for p in puzzles) <= int(share * 40)
    assert sum(p.band == "hard" for p in puzzles) >= 40 - int(0.5 * 40) - int(0.3 * 40)
    sets = [p for p in puzzles if p.facts["kind"] == "set"]
    assert sum(own_tile_answer(p) for p in sets) <= MAX_OWN_TILE_SHARE * len(sets)


def test_a_theme_build_adds_puzzles_of_that_theme_to_a_bank(tmp_path):
    from gamekit.puzzles.dots import may_have
    from gamekit.puzzles.store import write_bank

    base = [p.to_dict() for p in bank("dots_and_boxes", theme="take_box")[:5]]
    path = tmp_path / "dots.json.gz"
    write_bank(
        path,
        "dots_and_boxes",
        base,
        "python -m gamekit.puzzles build dots_and_boxes --count 5 --seed 1",
        1,
        "2026-12-01T00:00:00Z",
        {"games": 3, "candidates": 9, "kept": 5, "seconds": 1.0, "themes": {}},
    )
    stats = build("dots_and_boxes", 1, 4, path, progress=False, theme="all_but_four", add=True)
    assert stats["finished"] and stats["kept"] == 6 and stats["added"]["kept"] == 1
    data = read_bank(path)
    assert data["count"] == 6 and data["seed"] == 1
    assert data["command"].endswith(
        ", then python -m gamekit.puzzles build dots_and_boxes --count 1 --seed 4 --theme all_but_four --add"
    )
    old = {d["id"]: d for d in base}
    new = [d for d in data["puzzles"] if d["id"] not in old]
    # the old puzzles stay as they were, but for the rating of those a one-line rule answers: level 1
    from gamekit.puzzles.balance import one_step_rule
    from gamekit.puzzles.build import ONE_STEP_RATING
    from gamekit.puzzles.core import Puzzle
    from gamekit.progress import level

    for d in data["puzzles"]:
        if d["id"] in old:
            was = old[d["id"]]
            trivial = one_step_rule(Puzzle.from_dict(was)) is not None
            assert d == (was | {"rating": min(was["rating"], ONE_STEP_RATING)} if trivial else was)
            assert not trivial or level(d["rating"]) == 1
    assert len(new) == 1
    added = bank("dots_and_boxes", path=path, theme="all_but_four")
    assert len(added) == 1 and verify(added[0]) == [] and may_have(added[0].position, "all_but_four")


@pytest.mark.parametrize(
    "kwargs, error, match",
    [
        (dict(game_id="connect_four", theme="loops"), ValueError, "loops"),
        (dict(game_id="connect_four", levels=(0,)), BuildError, "--level"),
        (dict(game_id="connect_four", levels=(3, "4")), BuildError, "--level"),
        (dict(game_id="connect_four", levels=()), BuildError, "--level"),
        (dict(game_id="dots_and_boxes", one_die=("never",)), BuildError, "only Shut the Box has one-die rules"),
        (dict(game_id="shut_the_box", one_die=("sometimes",)), BuildError, "--one-die"),
        (dict(game_id="shut_the_box", one_die=()), BuildError, "--one-die"),
        (dict(game_id="shut_the_box", one_die="never"), BuildError, "--one-die"),
        (dict(game_id="dots_and_boxes", theme="loops"), ValueError, "loops"),
        (dict(game_id="dots_and_boxes", theme="all_but_four", add=True), BuildError, "no bank to add to"),
        (dict(game_id="dots_and_boxes", add="yes"), BuildError, "True or False"),
    ],
)
def test_bad_theme_builds_are_refused(tmp_path, kwargs, error, match):
    with pytest.raises(error, match=match):
        build(count=1, seed=1, out=tmp_path / "x.json.gz", progress=False, **kwargs)
    assert not list(tmp_path.iterdir())


def test_a_shut_the_box_trap_build_adds_puzzles_under_the_chosen_rules_only(tmp_path):
    """``--theme next_roll --one-die …``: only turns under those rules, only puzzles where the rule of thumb's
    set loses; the bank's old puzzles stay as they were."""
    from gamekit.puzzles.store import write_bank
    from gamekit.shutbox import cpu_player

    plain = bank("shut_the_box", theme="one_die_or_two")[1:3]  # puzzles the theme never applies to
    trap = next(p for p in bank("shut_the_box", theme="next_roll"))
    untagged = dict(trap.to_dict(), themes=[t for t in trap.themes if t != "next_roll"])  # as an older bank holds it
    base = [p.to_dict() for p in plain] + [untagged, bank("shut_the_box", theme="one_die_or_two")[0].to_dict()]
    path = tmp_path / "shut.json.gz"
    write_bank(
        path,
        "shut_the_box",
        base,
        "python -m gamekit.puzzles build shut_the_box --count 4 --seed 1",
        1,
        "2026-12-01T00:00:00Z",
        {"games": 3, "candidates": 9, "kept": 4, "seconds": 1.0, "themes": {}},
    )
    stats = build(
        "shut_the_box", 4, 3, path, progress=False, theme="next_roll", add=True, one_die=("never", "under_six")
    )
    assert stats["finished"] and stats["added"]["kept"] == 4
    data = read_bank(path)
    assert data["command"].endswith("--theme next_roll --add --one-die never --one-die under_six")
    new = [p for p in bank("shut_the_box", path=path) if p.id not in {d["id"] for d in base}]
    assert len(new) == 4
    old = {p.id: p for p in bank("shut_the_box", path=path) if p.id in {d["id"] for d in base}}
    assert "next_roll" in old[trap.id].themes  # the old trap puzzle gets the theme
    assert all(old[d["id"]].themes == tuple(d["themes"]) for d in base if d["id"] != trap.id)  # nothing else
    assert sorted(p.facts["one_die"] for p in new) == ["never", "never", "under_six", "under_six"]
    for p in new:
        assert "next_roll" in p.themes and "best_set" in p.themes and verify(p) == []
        assert cpu_player("medium", 0).choose(p.position) not in p.answers


def test_a_one_die_or_two_puzzle_has_one_id_whatever_the_last_roll_showed():
    """The same question (rules, open tiles, goal) is the same puzzle: the dice left showing from the roll before
    do not change its id, so a build holds it once."""
    import random
    from gamekit.puzzles import shutbox as S

    seen: dict = {}
    for seed in range(400):
        for position in S.positions(S.play_game(seed, random.Random(seed))):
            p = S.candidate(position, "shut")
            if p is None or p.facts["kind"] != "dice":
                continue
            key = (position.rules.one_die, position.uncovered)
            first = seen.setdefault(key, (position, p))
            if tuple(first[0].dice) != tuple(position.dice):  # the dice from the last roll differ …
                assert p.id == first[1].id and p.answers == first[1].answers and p.prompt() == first[1].prompt()
                return  # … the puzzle's id does not
    raise AssertionError("no two turns reached the same one-die-or-two question with other dice showing")


def test_a_level_build_keeps_only_puzzles_of_those_levels_and_one_step_puzzles_are_level_1(tmp_path, monkeypatch):
    import copy
    import json
    import gamekit.puzzles.build as build_module
    from gamekit.progress import level
    from gamekit.puzzles.balance import one_step_rule
    from gamekit.puzzles.core import Puzzle

    seen = {}  # the build's own games 0-5 are the candidates read below: played once, not twice (about 15 s)

    def kept_candidates(game_id, k, seed, rooms=None, theme=None, one_die=None):
        found = candidates(game_id, k, seed, rooms, theme=theme, one_die=one_die)
        if not rooms and theme is None and one_die is None:
            seen[game_id, k, seed] = copy.deepcopy(found)
        return found

    monkeypatch.setattr(build_module, "candidates", kept_candidates)
    path = tmp_path / "five.json.gz"
    stats = build("five_in_a_row", 2, 1, path, progress=False, levels=(6,), max_games=9)
    rows = (
        [json.loads(line) for line in path.with_name(path.name + ".partial").read_text().splitlines()[1:]]
        if not stats["finished"]
        else []
    )
    kept = (
        bank("five_in_a_row", path=path)
        if stats["finished"]
        else [Puzzle.from_dict(d) for row in rows for d in row["puzzles"]]
    )
    assert kept and all(level(p.rating) == 6 for p in kept)
    if stats["finished"]:
        assert read_bank(path)["command"].endswith("--count 2 --seed 1 --level 6")
        assert read_bank(path)["stats"]["practice_only"] == sorted(p.id for p in kept)  # never a lesson's
    # what a one-line rule answers is rated level 1, whatever else the position has
    found = [p for k in range(6) for p in (seen.get(("five_in_a_row", k, 1)) or candidates("five_in_a_row", k, 1))[0]]
    trivial = [p for p in found if one_step_rule(p) is not None]
    assert trivial and all(level(p.rating) == 1 for p in trivial)
    assert all(level(p.rating) > 1 for p in found if one_step_rule(p) is None)
