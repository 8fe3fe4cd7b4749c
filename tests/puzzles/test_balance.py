"""Puzzles a beginner's one-line rule answers: found per game, measured per band, kept to a fair share."""

import re

import pytest

from gamekit.puzzles import bank
from gamekit.puzzles.balance import MAX_ONE_STEP_SHARE, fair_share, one_step_rule, one_step_shares
from gamekit.puzzles.homework import homework_set
from gamekit.puzzles.pools import practice_pool

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


@pytest.mark.parametrize("n", [21, 61])
def test_a_shut_the_box_draw_that_never_fits_leaves_the_random_generator_after_every_shuffle(n):
    """``fitting_draw`` stops a try early when the questions left cannot fill the set, but still shuffles the
    pool once a try: the plain draw ``homework_set`` makes after it gets the same puzzles as after a full search.
    21 of the *best set* pool's 60 never fit (the habits' shares; 20 do, a homework set's size); 61 cannot."""
    import random

    from gamekit.puzzles.shut_draw import SET_TRIES, fitting_draw

    pool = practice_pool("shut_the_box", "best_set")
    assert len(pool) == 60
    rng, expected = random.Random(7), random.Random(7)
    assert fitting_draw(pool, n, rng) is None
    for _ in range(SET_TRIES):
        expected.sample(pool, len(pool))
    assert rng.getstate() == expected.getstate()


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
    from gamekit.puzzles.pools import start_rating

    root = Path(__file__).parents[2] / "notebooks"
    en = (root / "practice" / f"{name}.md").read_text(encoding="utf-8")
    es = (root / "es" / "practice" / f"{name}.md").read_text(encoding="utf-8")
    pool = practice_pool(game_id)
    lo, hi = min(level(p.rating) for p in pool), max(level(p.rating) for p in pool)
    start = level(start_rating(game_id).rating)  # a new pupil, no lesson done yet
    if game_id == "dots_and_boxes":  # the span computed on the page (levels_note), not typed; the pupil's level
        from gamekit.i18n import using  # is the status line's, which follows every answer
        from gamekit.puzzles.dots_levels import list_levels_words

        assert "display(levels_note(practice))" in en and "display(levels_note(practice))" in es
        assert f"go from level {lo} to level {hi}." in list_levels_words()
        with using("es"):
            assert f"van del nivel {lo} al nivel {hi}." in list_levels_words()
    elif game_id in ("five_in_a_row", "connect_four"):  # in short sentences
        assert (
            f"You start at level {start}, or higher if you have done later lessons. The puzzles here go from level"
            f" {lo} to level {hi}." in " ".join(en.split())
        )
        assert (
            f"Empiezas en el nivel {start}, o más alto si ya has hecho lecciones posteriores. Los problemas de aquí"
            f" van del nivel {lo} al nivel {hi}." in " ".join(es.split())
        )
    else:
        # the levelling in two short sentences, no start level (a reader found the mechanics too much)
        assert f"Your level goes from {lo} to {hi}." in " ".join(en.split())
        assert f"Tu nivel va del {lo} al {hi}." in " ".join(es.split())
    several = any(len(p.answers) > 1 for p in pool)
    if game_id in ("five_in_a_row", "connect_four"):  # the bank holds one or two right drops: the page says so
        assert {len(p.answers) for p in pool} == {1, 2}
        assert "Each puzzle has one or two right answers, and the question says how many." in en
        assert "Cada problema tiene una o dos respuestas correctas, y la pregunta dice cuántas." in es
        assert "some have several" not in en and "otros varias" not in es
        return
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
    assert len(dice) <= 0.15 * len(pool)  # 10 of 70
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
    from gamekit.puzzles.shutbox import DICE_EACH, LESSON_RULE, dice_rules

    dice = [p for p in bank("shut_the_box") if p.facts["kind"] == "dice"]
    assert dice and all("six_or_less" in dice_rules(p) for p in dice)
    assert all(("two_dice" in dice_rules(p)) == (p.answers == (("roll", 2),)) for p in dice)
    assert any(level(p.rating) > 1 for p in dice)  # the bank's own ratings stay
    for theme in (None, "one_die_or_two"):
        asked = [p for p in practice_pool("shut_the_box", theme) if p.facts["kind"] == "dice"]
        assert asked and all(level(p.rating) == 1 and p.facts["one_die"] == LESSON_RULE for p in asked), theme
    mine = [p for p in dice if p.facts["one_die"] == LESSON_RULE]  # the drill: as many one die as two dice of them
    ones = sum(p.answers == (("roll", 1),) for p in mine)
    assert len(practice_pool("shut_the_box", "one_die_or_two")) == 2 * min(ones, len(mine) - ones, DICE_EACH)
    sets = [p for p in bank("shut_the_box") if p.facts["kind"] == "set"]
    assert all(dice_rules(p) == [] for p in sets)


CONNECT_GAMES = ["five_in_a_row", "connect_four"]


def _lesson_pools(game_id):
    from gamekit.puzzles.pools import lesson_choices, lesson_pool

    return {key: lesson_pool(game_id, key) for _, key in lesson_choices(game_id)}


@pytest.mark.parametrize("game_id", CONNECT_GAMES)
def test_connect_practice_asks_few_centre_habit_puzzles_and_only_at_level_2(game_id):
    """ "Drop nearest the centre where the opponent cannot win at once" answers many shipped puzzles: an idea's or
    lesson's Practice asks only those whose right drops include the centre column, about one column's fair share
    (so the centre column is an answer as often as another, and "never the centre" is no rule of thumb), and the
    mixed pool holds a few, at most 10 % of it; all at level 2 (never level 1, which holds lesson 1's questions
    alone, and never from level 3, where the questions need a line read ahead and a habit would pass for an
    idea)."""
    from gamekit.progress import level
    from gamekit.puzzles.connect import CENTRE_RATING, MAX_CENTRE_SHARE, centre_habit
    from gamekit.puzzles.core import game_themes

    assert MAX_CENTRE_SHARE <= 0.1 and level(CENTRE_RATING) == 2
    shipped = [p for p in bank(game_id) if centre_habit(p)]
    assert len(shipped) > 20  # the habit answers many: the screen is needed
    centre = "4"  # both boards have 7 columns to drop in
    fair = 1 / 6  # one column's share of the answers, the centre's left out
    pools = {theme: practice_pool(game_id, theme) for theme in game_themes(game_id)} | _lesson_pools(game_id)
    for key, pool in pools.items():
        habit = [p for p in pool if centre_habit(p)]
        assert all(p.rating == CENTRE_RATING for p in habit), key
        if key is None:
            assert habit and len(habit) <= MAX_CENTRE_SHARE * len(pool)
        else:
            assert all(centre in p.answers for p in habit), key
            assert len(habit) <= fair * len(pool) + 1, (key, len(habit), len(pool))
    mixed = practice_pool(game_id)
    assert not any(centre_habit(p) for p in mixed if level(p.rating) != 2)


MAX_LEVEL_SHARE = 0.4


@pytest.mark.parametrize("game_id", CONNECT_GAMES)
def test_no_level_of_a_connect_practice_pool_holds_more_than_40_percent(game_id):
    """Practice's mixed pool is not mostly level 1: no level holds more than 40 % of it, and the levels 1 to 4
    below 12 puzzles are the ones docs/puzzles.md names (finding more takes longer builds)."""
    import collections
    from pathlib import Path

    from gamekit.progress import level

    pool = practice_pool(game_id)
    counts = collections.Counter(level(p.rating) for p in pool)
    assert max(counts.values()) <= MAX_LEVEL_SHARE * len(pool), sorted(counts.items())
    assert counts[1] >= 12
    thin = [lv for lv in range(1, 5) if counts[lv] < 12]
    said = f"{game_id} Practice: levels 1–4 below 12 puzzles: " + (", ".join(map(str, thin)) or "none") + "."
    text = (Path(__file__).parents[2] / "docs" / "puzzles.md").read_text(encoding="utf-8")
    assert said in text, said


@pytest.mark.parametrize("game_id", CONNECT_GAMES)
def test_a_connect_puzzles_question_states_the_stake_the_solver_found(game_id):
    """The question claims a win only when the solver's best outcome is a win, the draw only when it is a draw,
    holding out only when every drop loses, and always claims one of them (a lesson-1 puzzle too); every wrong
    drop's refutation is worse than the best (the solver's values)."""
    from gamekit.puzzles.connect_words import question

    for p in bank(game_id):
        best, text = p.facts["best"], question(p)
        assert all(r["value"] < best for r in p.refutations.values()), p.id
        win = any(s in text for s in ("Find a drop that wins", "can force a win"))
        draw = "keeps the draw" in text
        loss = "holds out longest" in text
        assert (win, draw, loss) in ((best > 0, False, False), (False, best == 0, False), (False, False, best < 0))
        assert win or draw or loss, (p.id, text)  # every question states the stake, lesson-1 puzzles' too


@pytest.mark.parametrize("game_id", CONNECT_GAMES)
def test_a_zugzwang_puzzle_that_keeps_a_draw_is_told_apart_from_one_that_wins(game_id):
    """After a right drop, a *zugzwang* puzzle whose best outcome is a draw says the drop keeps the draw, not that
    the opponent runs out of harmless drops (a win's reason); a winning one keeps the win's reason."""
    from gamekit.puzzles.connect_words import DRAW_ZUGZWANG_WHY
    from gamekit.puzzles.practice_words import WHY, why_right

    pool = practice_pool(game_id, "zugzwang")
    draws = [p for p in pool if p.facts["best"] == 0]
    wins = [p for p in pool if p.facts["best"] > 0]
    assert draws and wins
    for p in draws:  # the reason names the threat kept clear of (gamekit.puzzles.connect_why), or is the general one
        for a in p.answers:
            said = why_right(p, "zugzwang", a)
            if "the other right drop" in said:  # as good as the other right drop, whose reason says it
                continue
            others = [b for b in p.answers if b != a]  # two right drops: the other is named, not called wrong
            kept = f"keeps the draw, and so does column {others[0]}:" if others else "keeps the draw:"
            assert kept + " every other drop loses." in said, p.id
            # one wrong drop fills the cell under the threat and loses at once: not "you run out ... after any"
            assert "after any other drop you run out" not in said, p.id
            general = DRAW_ZUGZWANG_WHY[1].format(m=others[0]) if others else DRAW_ZUGZWANG_WHY[0]
            assert said != WHY["zugzwang"] and (said == general or f"column {a} keeps off" in said)
    for p in wins:
        said = why_right(p, "zugzwang", p.answers[0])
        assert "draw" not in said and (
            re.search(r"runs out (of safe drops )?first|has no safe drop left", said) or "other right drop" in said
        )
    # the idea that fits a draw-keeper, for Practice's "The idea" line (the win's idea is about the opponent)
    from gamekit.puzzles.connect_why import DRAW_ZUGZWANG_IDEA, idea_words

    assert all(idea_words(p, "zugzwang") == DRAW_ZUGZWANG_IDEA for p in draws)
    assert all(idea_words(p, "zugzwang") is None for p in wins)
    assert all(idea_words(p, t) is None for p in draws for t in p.themes if t != "zugzwang")
    # and Practice's idea line (practice_words.idea_words) says it
    from gamekit.puzzles import practice_words

    assert all(practice_words.idea_words(p, "zugzwang") == DRAW_ZUGZWANG_IDEA for p in draws)
    assert all(practice_words.idea_words(p, "zugzwang") == practice_words.IDEAS["zugzwang"] for p in wins)


@pytest.mark.parametrize("game_id", CONNECT_GAMES)
def test_no_practice_or_homework_item_gives_a_win_at_once_away(game_id):
    """A puzzle with a drop that wins at once is asked like any win ("can force a win"), which says nothing of a
    win at once: one that also accepts a later win is in no Practice pool or homework set (the shipped banks hold
    some)."""
    from gamekit.puzzles.connect import mixed_win
    from gamekit.puzzles.connect_best_line import wins_at_once
    from gamekit.puzzles.connect_words import question
    from gamekit.puzzles.core import game_themes

    assert any(mixed_win(p) for p in bank(game_id))
    for theme in [None, *game_themes(game_id)]:
        for p in practice_pool(game_id, theme):
            assert not mixed_win(p), (theme, p.id)
            if wins_at_once(p.position):
                assert question(p).endswith("whatever red does.") or question(p).endswith("whatever yellow does."), p.id
    items = homework_set(game_id, None, 10, 1)
    assert not any(mixed_win(p) for p in items)


def test_a_build_rates_a_centre_habit_candidate_at_level_2():
    """A position the centre rule of thumb answers becomes a level-2 puzzle in a new build, as Practice asks it
    (a ``--level`` build of level 2 may keep it; of levels 3 and 4, never)."""
    from gamekit.progress import level
    from gamekit.puzzles.connect import CENTRE_RATING, candidate, centre_habit

    p = next(
        p
        for p in bank("connect_four")
        if centre_habit(p) and level(p.rating) > 1 and {"double_threat", "odd_even_threat"} & set(p.themes)
    )
    again = candidate(p.position, time_budget=None)
    assert again is not None and again.answers == p.answers and again.rating == CENTRE_RATING


def test_dots_practice_levels_2_and_3_each_hold_20_puzzles():
    """Levels 2 and 3 were thin (8 and 9 puzzles): a pupil there met the same few again and again. ``--level``
    builds (docs/puzzles.md) grew them."""
    from gamekit.puzzles.balance import level_counts

    counts = level_counts(bank("dots_and_boxes"))
    assert counts[2]["puzzles"] >= 20 and counts[3]["puzzles"] >= 20, {lv: counts[lv]["puzzles"] for lv in (2, 3)}


def test_a_dots_puzzle_accepting_more_than_a_third_of_the_lines_says_several_are_right():
    """Where a guess would often pass (more than a third of the legal lines right), the question says how many
    lines do it, so the pupil knows several are right and is asked to find one; a take-or-decline question, whose
    count would tell the decision (two lines take every box, one declines), says that one line or more may."""
    from gamekit.puzzles.dots_themes import DECISION_THEMES
    from gamekit.puzzles.dots_words import MAYBE_SEVERAL
    from gamekit.puzzles.sets import stakes

    many = [p for p in bank("dots_and_boxes") if 3 * len(p.answers) > len(p.legal_answers())]
    assert many
    for p in many:
        assert len(p.answers) >= 2
        said = MAYBE_SEVERAL if set(p.themes) & set(DECISION_THEMES) else f"{len(p.answers)} lines do it: find one."
        assert stakes(p).endswith(said), p.id
    for p in bank("dots_and_boxes"):
        assert 2 * len(p.answers) <= len(p.legal_answers()), p.id  # never half or more
