"""Puzzles a beginner's one-line rule answers: found per game, measured per band, kept to a fair share."""

import pytest

from gamekit.puzzles import bank
from gamekit.puzzles.balance import MAX_ONE_STEP_SHARE, fair_share, one_step_rule, one_step_shares
from gamekit.puzzles.practice import homework_set, practice_pool

GAMES = ["dots_and_boxes", "five_in_a_row", "connect_four", "shut_the_box"]


def test_the_one_line_rules_find_the_puzzles_they_answer():
    # Dots: a puzzle where every capture line is accepted is answered by "take a box with three sides"
    take = next(p for p in bank("dots_and_boxes", theme="take_box") if one_step_rule(p) == "take")
    from gamekit.dots import capture_lines

    assert set(capture_lines(take.position)) <= set(take.answers)
    # a double-deal declines the boxes on offer: taking them is wrong, so the rule does not answer it
    assert all(one_step_rule(p) is None for p in bank("dots_and_boxes", theme="double_deal"))
    # 5 en raya: "win now" puzzles are answered by "make a line at once"
    assert {one_step_rule(p) for p in bank("five_in_a_row", theme="win_now")} == {"win"}
    # Shut the Box: the roll's own tile, or one die whenever allowed
    for p in bank("shut_the_box"):
        rule = one_step_rule(p)
        if rule == "own_tile":
            assert p.answers == (("cover", (p.facts["roll"],)),)
        elif rule == "one_die":
            assert p.answers == (("roll", 1),)
        elif p.facts["kind"] == "dice":  # one die at 6 or less open, else two; or always two dice
            small = sum(p.position.open_tiles) <= 6
            assert rule == "six_or_less" and p.answers == (("roll", 1 if small else 2),), (p.id, rule)
    with pytest.raises(TypeError, match="Puzzle"):
        one_step_rule("dots-1234")


@pytest.mark.parametrize("game_id", GAMES)
def test_every_level_of_the_practice_pool_keeps_one_step_puzzles_to_a_fair_share(game_id):
    pool = practice_pool(game_id)
    shares = one_step_shares(pool)
    for band, (n, total) in shares.items():
        assert n <= MAX_ONE_STEP_SHARE * total, (band, n, total)
    easy_themes = {t for p in pool if p.band == "easy" for t in p.themes}
    if game_id == "shut_the_box":
        # a rule of thumb answers every easy "which set?" question the game has, and rule_share caps them all
        # together: the easy band keeps a few, of both kinds (docs/puzzles.md)
        assert shares["easy"][1] >= 4 and {"best_set", "one_die_or_two"} <= easy_themes
        return
    assert shares["easy"][1] >= 10  # the easy level is not emptied
    assert len(easy_themes) >= 3  # and it mixes ideas


def test_fair_share_keeps_every_puzzle_that_needs_more_than_a_habit_and_refuses_bad_shares():
    dots = bank("dots_and_boxes")
    kept = fair_share(dots)
    assert {p.id for p in dots if one_step_rule(p) is None} <= {p.id for p in kept}
    assert [p.id for p in fair_share(dots)] == [p.id for p in kept]  # the same every time
    assert fair_share(dots, 0.0) == [p for p in dots if one_step_rule(p) is None]
    for bad in [1.0, -0.1, "half", True]:
        with pytest.raises(ValueError, match="share="):
            fair_share(dots, bad)
    with pytest.raises(TypeError):
        fair_share([1, 2])


def test_the_shipped_shares_are_the_documented_figures():
    from pathlib import Path

    text = (Path(__file__).parents[2] / "docs" / "puzzles.md").read_text(encoding="utf-8")
    for game_id in GAMES:
        (n, total) = one_step_shares(bank(game_id))["easy"]
        (m, kept) = one_step_shares(practice_pool(game_id))["easy"]
        assert f"| {game_id} | {n} of {total} | {m} of {kept} |" in text


@pytest.mark.parametrize("seed", range(40))
def test_a_homework_set_never_asks_the_same_question_twice(seed):
    for game_id, n in (("shut_the_box", 20), ("dots_and_boxes", 20)):
        chosen = homework_set(game_id, None, n, seed)
        keys = [p.question_key for p in chosen]
        assert len(keys) == len(set(keys)) == n
    themed = homework_set("shut_the_box", "best_set", 20, seed)  # the idea's balanced pool holds 20
    assert len({p.question_key for p in themed}) == 20


@pytest.mark.parametrize(
    "name, game_id",
    [
        ("01_dots_and_boxes", "dots_and_boxes"),
        ("02_five_in_a_row", "five_in_a_row"),
        ("03_connect_four", "connect_four"),
        ("04_shut_the_box", "shut_the_box"),
    ],
)
def test_what_each_practice_page_says_about_its_puzzles_is_true(name, game_id):
    """The pages' level range, starting level and number of answers (English and Spanish) match the pool."""
    from pathlib import Path
    from gamekit.progress import level
    from gamekit.puzzles.practice import start_rating

    root = Path(__file__).parents[2] / "notebooks"
    en = (root / "practice" / f"{name}.md").read_text(encoding="utf-8")
    es = (root / "es" / "practice" / f"{name}.md").read_text(encoding="utf-8")
    pool = practice_pool(game_id)
    lo, hi = min(level(p.rating) for p in pool), max(level(p.rating) for p in pool)
    start = level(start_rating(game_id).rating)  # a new pupil, no lesson done yet
    assert (
        f"you start at level {start} (higher once you have done\nlater lessons), and the puzzles here go\n"
        f"from level {lo} to level {hi}." in en
    )
    assert (
        f"empiezas en el nivel {start} (más alto cuando ya\nhayas hecho lecciones posteriores), y los problemas de\n"
        f"aquí van del nivel {lo} al nivel {hi}." in es
    )
    several = any(len(p.answers) > 1 for p in pool)
    assert ("some have several" in en) == several and ("otros varias" in es) == several
    assert ("exactly one right answer" in en) == (not several) and ("una sola respuesta correcta." in es) == (
        not several
    )


def test_shut_the_box_practice_weighs_one_die_or_two_lightly_and_has_rule_of_thumb_traps():
    """The two-way "one die or two?" questions are a small part of what a pupil meets; the harder "which set?"
    puzzles where the rule of thumb's set loses are there on every level (figures in docs)."""
    from pathlib import Path

    pool = practice_pool("shut_the_box")
    dice = [p for p in pool if p.facts["kind"] == "dice"]
    traps = [p for p in pool if "next_roll" in p.themes]
    assert len(dice) <= 0.12 * len(pool)
    assert len(traps) >= 10 and {p.band for p in traps} == {"easy", "medium", "hard"}
    text = (Path(__file__).parents[2] / "docs" / "puzzles.md").read_text(encoding="utf-8")
    assert f"holds {len(dice)} of them among {len(pool)} puzzles" in text
    assert (
        f"{len(bank('shut_the_box'))} in all, {sum(p.band == 'hard' for p in bank('shut_the_box'))} of them hard"
        in text
    )


BOARD_GAMES = ["dots_and_boxes", "five_in_a_row", "connect_four"]
USEFUL = 12
"""Puzzles a Practice level needs so a pupil there does not keep meeting the same few."""


@pytest.mark.parametrize("game_id", BOARD_GAMES)
def test_a_one_line_rule_answers_level_1_puzzles_only(game_id):
    """ "Take the free box", "win at once", "block the only threat": level 1 and nothing else; level 1 holds
    nothing that needs more (read from the shipped bank, puzzle by puzzle)."""
    from gamekit.progress import level
    from gamekit.puzzles.balance import one_step_rule

    puzzles = bank(game_id)
    for p in puzzles:
        assert (one_step_rule(p) is not None) == (level(p.rating) == 1), (p.id, p.rating, p.themes)
    assert any(level(p.rating) == 1 for p in puzzles)


@pytest.mark.parametrize("game_id", BOARD_GAMES)
def test_the_level_balance_of_each_board_game_is_the_documented_one(game_id):
    """docs/puzzles.md's table per level and theme is the shipped bank's; every level from 1 to the top has a
    useful number of puzzles, but for the thin ones the page names; no level above 1 holds a one-step puzzle, and
    at most two levels have a single idea (named on the page)."""
    from pathlib import Path
    from gamekit.puzzles.balance import level_counts, level_table

    text = (Path(__file__).parents[2] / "docs" / "puzzles.md").read_text(encoding="utf-8")
    assert level_table(game_id) in text
    counts = level_counts(bank(game_id))
    top = max(counts)
    assert list(counts) == list(range(1, top + 1))  # no empty level in between
    thin = sorted(lv for lv, row in counts.items() if row["puzzles"] < USEFUL)
    said = f"{game_id}: levels below {USEFUL} puzzles: " + (", ".join(map(str, thin)) or "none") + ";"
    assert said in text, said
    assert len(thin) <= 2 and all(counts[lv]["puzzles"] >= 5 for lv in thin)
    single = sorted(lv for lv, row in counts.items() if len([k for k in row if k not in ("puzzles", "one_step")]) < 2)
    said = f"{game_id}: levels with a single idea: " + (", ".join(map(str, single)) or "none") + "."
    assert said in text, said
    assert len(single) <= 2
    for lv, row in counts.items():
        if lv > 1:
            assert row["one_step"] == 0


def test_puzzles_added_to_fill_practice_levels_are_never_drawn_by_a_lessons_problem_set():
    """A ``--level`` build's puzzles (the header's ``practice_only``) are in Practice's pool but no lesson's set,
    so growing a level changes no lesson and no teacher guide's list of puzzles."""
    from gamekit import catalog
    from gamekit.puzzles.store import practice_only

    # the banks the lessons draw from (Connect Four's lessons are the 5 en raya ones: its bank feeds no set)
    added = {g: practice_only(g) for g in ("dots_and_boxes", "five_in_a_row")}
    assert all(added.values())
    for g, ids in added.items():
        assert ids <= {p.id for p in bank(g)}
        assert ids & {p.id for p in practice_pool(g)}  # Practice asks them
    drawn = set()
    for info in catalog.games():
        if info.lessons:
            for lesson in info.lesson_registry().values():
                if lesson.practice is not None:
                    drawn |= set(lesson.practice.ids)
    assert drawn and not drawn & set().union(*added.values())


def test_a_one_line_rule_answers_every_one_die_or_two_question_so_practice_asks_them_at_level_1():
    """ "One die if the open tiles add up to 6 or less, else two dice" picks the right roll of every "one die or
    two?" question of the bank, and "always two dice" every one whose answer is two dice: Practice keeps them at
    level 1 only, under the lessons' rule (the bank itself unchanged)."""
    from gamekit.progress import level
    from gamekit.puzzles.shutbox import LESSON_RULE, dice_rules

    dice = [p for p in bank("shut_the_box") if p.facts["kind"] == "dice"]
    assert dice and all("six_or_less" in dice_rules(p) for p in dice)
    assert all(("two_dice" in dice_rules(p)) == (p.answers == (("roll", 2),)) for p in dice)
    assert any(level(p.rating) > 1 for p in dice)  # the bank's own ratings stay
    for theme in (None, "one_die_or_two"):
        asked = [p for p in practice_pool("shut_the_box", theme) if p.facts["kind"] == "dice"]
        assert asked and all(level(p.rating) == 1 and p.facts["one_die"] == LESSON_RULE for p in asked), theme
    assert len(practice_pool("shut_the_box", "one_die_or_two")) == sum(p.facts["one_die"] == LESSON_RULE for p in dice)
    sets = [p for p in bank("shut_the_box") if p.facts["kind"] == "set"]
    assert all(dice_rules(p) == [] for p in sets)
