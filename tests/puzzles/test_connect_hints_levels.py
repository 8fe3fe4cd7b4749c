"""5 en raya / Connect Four Practice: a win at once and a block each get their own first Hint;
the level does not climb on easy puzzles alone; homework sets spread their answer columns."""

import pytest

from gamekit.i18n import tr, using
from gamekit.puzzles import bank
from gamekit.puzzles.connect_lessons import neutral_question
from gamekit.puzzles.core import theme_hint
from gamekit.puzzles.practice import Practice

GAMES = ["five_in_a_row", "connect_four"]


@pytest.mark.parametrize("game_id", GAMES)
def test_a_win_and_a_block_each_get_their_own_first_hint_true_of_every_right_drop(game_id):
    """A lesson-1 puzzle on a page that does not name the idea (every idea mixed, or a lesson's ideas): a win at
    once gets the *win now* hint (or its side-disc form) and every right drop wins at once; a block gets the
    *block* hint and every right drop fills the opponent's one winning cell — in both languages, never one hint
    for both."""
    from gamekit.puzzles.connect import SIDE_HINTS
    from gamekit.puzzles.connect_lessons import one_step_kind
    from gamekit.puzzles.connect_best_line import wins_at_once, wins_at_once_for

    puzzles = [p for p in bank(game_id) if neutral_question(p)]
    assert {one_step_kind(p) for p in puzzles} == {"win_now", "block"}
    for lang in ("en", "es"):
        with using(lang):
            seen: dict[str, set] = {"win_now": set(), "block": set()}
            for p in puzzles[:60]:
                kind = one_step_kind(p)
                board = Practice(game_id, puzzles=[p])
                hint = board.hint()
                board.close()
                own = {theme_hint(game_id, kind).lower(), tr(SIDE_HINTS[kind]).lower()}
                assert any(hint.lower().endswith(h) for h in own), (p.id, hint)  # "Pista: mira…" lowercases
                game = p.position
                if kind == "win_now":
                    assert set(p.answers) <= set(wins_at_once(game)), p.id
                else:
                    assert not wins_at_once(game) and set(p.answers) <= set(wins_at_once_for(game, 1 - game.to_move))
                seen[kind].add(hint)
            assert seen["win_now"] and seen["block"] and not seen["win_now"] & seen["block"]


def test_a_page_that_names_the_idea_keeps_its_hint():
    """On the *block* page the idea is named already: its first Hint stays the idea's."""
    p = next(p for p in bank("five_in_a_row", theme="block") if neutral_question(p))
    with using("en"):
        assert Practice("five_in_a_row", theme="block", puzzles=[p]).hint() == "Hint: " + theme_hint(
            "five_in_a_row", "block"
        )


def test_a_puzzle_that_is_not_win_or_block_keeps_its_ideas_hint():
    """The neutral first Hint is only for lesson-1 puzzles: a *double threat* one keeps its idea's."""
    p = next(p for p in bank("connect_four", theme="double_threat") if not neutral_question(p))
    with using("en"):
        assert Practice("connect_four", theme="double_threat", puzzles=[p]).hint() == "Hint: " + theme_hint(
            "connect_four", "double_threat"
        )


@pytest.mark.parametrize("game_id", GAMES)
def test_easy_successes_alone_do_not_climb_the_levels(game_id):
    """A pupil who solves only level-1 puzzles, forty in a row, reaches level 2 at most (where Practice asks level-2
    puzzles); solving level-3 puzzles then lifts them further.  A pupil already at level 4 who solves an easy one
    stays where they are (never pulled down by a success)."""
    from gamekit.progress import level
    from gamekit.puzzles.pools import practice_pool, practice_update
    from gamekit.puzzles.ratings import Rating

    pool = practice_pool(game_id, None)
    easy = [p for p in pool if level(p.rating) == 1]
    harder = [p for p in pool if level(p.rating) == 3]
    assert len(easy) >= 10 and harder
    pupil = Rating(800.0, 200.0, 0.06)
    for i in range(40):
        p = easy[i % len(easy)]
        pupil = practice_update(pupil, Rating(p.rating, p.rd), True)
        assert level(pupil.rating) <= 2, (i, pupil)
    assert level(pupil.rating) == 2  # the successes count: on to the next level's puzzles
    for i in range(10):
        p = harder[i % len(harder)]
        pupil = practice_update(pupil, Rating(p.rating, p.rd), True)
    assert level(pupil.rating) >= 3
    high = Rating(1300.0, 120.0, 0.06)
    after = practice_update(high, Rating(easy[0].rating, easy[0].rd), True)
    assert after.rating == high.rating
    missed = practice_update(high, Rating(easy[0].rating, easy[0].rd), False)
    assert missed.rating < high.rating  # a miss on an easy puzzle still counts


@pytest.mark.parametrize("game_id", GAMES)
def test_no_right_column_fills_more_than_a_third_of_a_homework_set_where_the_bank_allows(game_id):
    """Every ready homework code (every idea, and all mixed), for a few seeds: no column is a right drop of more
    than a third of the set's puzzles (the reader found sets half one column), unless the idea's pool has too few
    puzzles without that column to make the set.  The set still holds only its idea's puzzles, each once."""
    from collections import Counter

    from gamekit.puzzles.connect_sets import column_cap
    from gamekit.puzzles.core import game_themes
    from gamekit.puzzles.homework import homework_set
    from gamekit.puzzles.pools import practice_pool

    checked = 0
    for theme in [None, *game_themes(game_id)]:
        pool = practice_pool(game_id, theme)
        n = min(10, len(pool))
        if n == 0:
            continue
        for seed in range(4):
            s = list(homework_set(game_id, theme, n, seed))
            assert len({p.id for p in s}) == n and all(theme is None or theme in p.themes for p in s)
            counts = Counter(c for p in s for c in p.answers)
            for column, k in counts.items():
                if k > column_cap(n):
                    without = sum(column not in p.answers for p in pool)
                    assert without < n - column_cap(n), (theme, seed, column, k, n)
            checked += 1
    assert checked >= 20


def test_the_spread_keeps_a_set_that_is_already_spread():
    """A set with no column over a third is left as it is."""
    from collections import Counter

    from gamekit.puzzles.connect_sets import spread_set
    from gamekit.puzzles.connect_sets import column_cap

    pool = list(bank("connect_four", theme="block"))
    chosen, counts = [], Counter()
    for p in pool:
        if all(counts[c] < column_cap(9) for c in p.answers):
            chosen.append(p)
            counts.update(p.answers)
        if len(chosen) == 9:
            break
    assert spread_set(chosen, pool, lambda p: p.question_key) == chosen


@pytest.mark.parametrize("game_id", GAMES)
def test_every_winning_zugzwang_why_counts_the_harmless_drops_and_they_decide(game_id):
    """Every *zugzwang* puzzle Practice asks whose right drop wins: its reason says how many harmless drops each
    side makes after it with best play (the same number), that the opponent drops first and so runs out first,
    and where the opponent then has to drop — and the line of best play bears it out: the opponent to move after
    those drops, none of them letting the other side win at once, and every drop it has then letting the mover
    win at once (right above it, in the named cell, on the line itself)."""
    import re

    from gamekit.puzzles.connect_best_line import harmless_count
    from gamekit.puzzles.connect_cells import cell_words
    from gamekit.puzzles.connect_best_line import wins_at_once
    from gamekit.puzzles.core import line_of_best_play
    from gamekit.puzzles.pools import practice_pool
    from gamekit.puzzles.practice_words import why_right

    checked = 0
    for p in practice_pool(game_id, "zugzwang"):
        if p.facts["best"] <= 0:
            continue
        me, other = p.position.to_move, ("red", "yellow")[1 - p.position.to_move]
        for a in p.answers:
            found = harmless_count(p.position, a)
            assert found is not None, (p.id, a)
            k, cell = found
            with using("en"):
                said = why_right(p, "zugzwang", a)
            if k:
                assert re.search(rf"each side then makes {k} more safe drops? ", said), (p.id, said)
                assert f"Your opponent drops first, so {other} runs out first" in said, (p.id, said)
            else:
                assert f"Then {other} has no safe drop left" in said, (p.id, said)
            g = p.position.copy()
            g.play(a)
            line = line_of_best_play(g, 2 * k + 1, ply_budget=5.0)
            for seat, move in line[: 2 * k]:
                g.play(move)
                assert not wins_at_once(g), (p.id, a)  # harmless: nobody can win at once after it
            assert g.to_move == 1 - me  # the opponent drops first, so it is the first with none left
            for m in g.legal_moves():
                h = g.copy()
                h.play(m)
                assert wins_at_once(h) and h.winner() is None, (p.id, a, m)
            if cell is not None:
                with using("en"):
                    assert f"has to drop under your threat in {cell_words(p.position, cell)}." in said
                last = line[2 * k][1]
                assert g.landing_cell(int(last)) == (cell[0], cell[1] - 1)
            checked += 1
    assert checked >= 11  # every one the pool asks (fewer since no column habit answers over a quarter, and since
    # the puzzles whose wrong drops all lose to a double threat or a win at once are *stop the double threat*)


@pytest.mark.parametrize("page", ["02_five_in_a_row", "03_connect_four"])
def test_the_practice_pages_say_how_the_level_rises_and_what_a_harmless_drop_is(page):
    """Both pages, in both languages, say that a solved puzzle lifts the level one above its own at most (as
    :func:`gamekit.puzzles.pools.solve_ceiling` does at every level) and what a harmless drop is (as the zugzwang
    reasons count them: a drop that lets nobody win at once)."""
    from pathlib import Path

    from gamekit.progress import LEVEL_BASE, LEVEL_STEP, level
    from gamekit.puzzles.pools import solve_ceiling

    root = Path(__file__).parents[2] / "notebooks"
    en = " ".join((root / "practice" / f"{page}.md").read_text(encoding="utf-8").split())
    es = " ".join((root / "es" / "practice" / f"{page}.md").read_text(encoding="utf-8").split())
    assert "a puzzle can only lift you one level above its own." in en
    assert "un problema solo te sube hasta un nivel por encima del suyo." in es
    assert "A safe drop is one that does not let the other player win at once." in en
    assert "Una jugada segura es la que no deja ganar al otro jugador en la jugada siguiente." in es
    # a zugzwang reason is several sentences (the count of harmless drops): no page promises one sentence
    assert "one sentence says why" not in en and "una frase explica" not in es
    for lv in range(1, 10):
        assert level(solve_ceiling(LEVEL_BASE + (lv - 1) * LEVEL_STEP + 1)) == lv + 1


@pytest.mark.parametrize("game_id", GAMES)
def test_a_lesson_2_puzzle_whose_right_drop_is_column_4_is_one_the_centre_habit_answers(game_id):
    """Why the ideas' pools once had no column-4 answer (the reader's finding): on these boards column 4 is the
    centre, so where it is a right drop it is safe, and "drop nearest the centre unless it lets your opponent win
    at once" picks it — every such puzzle of the bank is a habit puzzle (the pools now ask a column's fair share
    of them: :func:`gamekit.puzzles.connect.centre_share`)."""
    from gamekit.puzzles.connect import centre_habit, lesson_needed

    fours = [p for p in bank(game_id) if "4" in p.answers and lesson_needed(p) == 2]
    assert fours and all(centre_habit(p) for p in fours)


@pytest.mark.parametrize("game_id", GAMES)
def test_lesson_2s_right_columns_spread_over_the_board_the_centre_column_too(game_id):
    """Lesson 2's Practice used to have no puzzle whose answer is column 4 (the centre: its puzzles were all left
    out as the centre habit's), so "never column 4" was a rule of thumb.  Now every column is an answer, the
    centre column at least half as often as the average column and none more than a third of the puzzles."""
    from collections import Counter

    from gamekit.puzzles.pools import lesson_pool

    pool = lesson_pool(game_id, 2)
    counts = Counter(a for p in pool for a in p.answers)
    assert set(counts) == {str(c) for c in range(1, 8)}, counts
    assert counts["4"] >= 0.5 * sum(counts.values()) / 7, counts
    assert max(counts.values()) <= len(pool) / 3, counts
    assert sum("4" in p.answers for p in pool) <= len(pool) / 6 + 1  # no more than a column's fair share


@pytest.mark.parametrize("game_id", GAMES)
def test_a_draw_keeping_zugzwang_why_counts_the_harmless_drops_after_a_wrong_drop(game_id):
    """Every draw-keeping *zugzwang* puzzle Practice asks: its reason takes a wrong drop that keeps off the cell
    too and counts the harmless drops each side then makes with best play — the opponent one more, as it drops
    first — and the line of best play bears it out: after those drops it is the mover's turn and every drop it
    has lets the opponent win at once."""
    import re

    from gamekit.puzzles.connect_best_line import wins_at_once
    from gamekit.puzzles.core import line_of_best_play
    from gamekit.puzzles.pools import practice_pool
    from gamekit.puzzles.practice_words import why_right

    checked = 0
    for p in practice_pool(game_id, "zugzwang"):
        if p.facts["best"] != 0:
            continue
        me, other = p.position.to_move, ("red", "yellow")[1 - p.position.to_move]
        for a in p.answers:
            with using("en"):
                said = why_right(p, "zugzwang", a)
            if "keeps off the cell" not in said:
                continue
            found = re.search(
                rf"After column (\d+), for example, {other} (?:makes (\d+) more safe drops and you only (\d+)|"
                r"still has a safe drop and you have none), so you run out first\.",
                said,
            )
            assert found, (p.id, said)
            w, theirs, mine = found[1], int(found[2] or 1), int(found[3] or 0)
            assert w not in p.answers and theirs == mine + 1
            g = p.position.copy()
            g.play(w)
            line = line_of_best_play(g, theirs + mine, ply_budget=5.0)
            for _, move in line:
                g.play(move)
                assert not wins_at_once(g), (p.id, w)
            assert g.to_move == me
            for m in g.legal_moves():
                h = g.copy()
                h.play(m)
                assert wins_at_once(h) and h.winner() is None, (p.id, w, m)
            checked += 1
    assert checked >= 5
