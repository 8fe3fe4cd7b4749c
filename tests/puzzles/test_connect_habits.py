"""5 en raya / Connect Four Practice against a pupil's habits: a favourite column scores on no more than about a
quarter of the questions that need reading ahead, a lesson's list is not one idea, and a wrong drop at those levels
names the idea to look for."""

import math

import pytest

from gamekit.i18n import using
from gamekit.progress import level
from gamekit.puzzles.core import game_themes
from gamekit.puzzles.pools import lesson_pool, lesson_themes, practice_pool

GAMES = ["five_in_a_row", "connect_four"]


def column_else(first: int, second: int):
    """The habit "column ``first``, else ``second``": the first of the two with room, else no drop."""

    def habit(game) -> str | None:
        legal = game.legal_moves()
        return next((str(c) for c in (first, second) if str(c) in legal), None)

    return habit


def favourite_column(column: int):
    """The habit "always column ``column``, else the column nearest it with room (the left one of two)"."""

    def habit(game) -> str | None:
        legal = game.legal_moves()
        return min(legal, key=lambda m: (abs(int(m) - column), int(m))) if legal else None

    return habit


def habits(columns: int) -> dict[str, object]:
    out = {"column 6, else 2": column_else(6, 2), "column 2, else 6": column_else(2, 6)}
    for c in range(1, columns + 1):
        out[f"always column {c}"] = favourite_column(c)
    return out


def pools(game_id: str) -> dict[str, list]:
    out = {"mixed": practice_pool(game_id), "lesson 2": lesson_pool(game_id, 2)}
    for theme in game_themes(game_id):
        out[theme] = practice_pool(game_id, theme)
    return out


@pytest.mark.parametrize("game_id", GAMES)
def test_no_column_habit_scores_on_more_than_a_quarter_of_the_read_ahead_questions(game_id):
    """In every Practice list (all ideas mixed, lesson 2's, each idea's), of the questions at levels 3 to 7 a pupil
    who always drops in one column (or "column 6, else 2", the habit a reader found right 39-44 % of the time)
    gets no more than a quarter right (rounded up to a whole puzzle)."""
    for name, pool in pools(game_id).items():
        ahead = [p for p in pool if level(p.rating) >= 3]
        if not ahead:
            continue
        most = math.ceil(len(ahead) / 4)
        for habit_name, habit in habits(ahead[0].position.columns).items():
            right = sum(habit(p.position) in p.answers for p in ahead)
            assert right <= most, (name, habit_name, right, len(ahead))
    mixed = [p for p in practice_pool(game_id) if level(p.rating) >= 3]
    assert len(mixed) >= 30  # still a list to practise from


@pytest.mark.parametrize("game_id", GAMES)
def test_lesson_two_list_is_no_one_idea(game_id):
    """Lesson 2's list: no idea, as the Practice board names it for each puzzle, fills more than half of it, and
    each of the lesson's ideas is there."""
    from gamekit.puzzles.connect import lesson_idea

    pool = lesson_pool(game_id, 2)
    taught = lesson_themes(game_id, 2)
    ideas = [lesson_idea(p, 2) for p in pool]
    assert set(ideas) <= set(taught)
    for idea in set(ideas):
        assert ideas.count(idea) <= len(pool) / 2, (idea, ideas.count(idea), len(pool))
    assert {"double_threat", "odd_even_threat", "zugzwang"} <= set(ideas)


@pytest.mark.parametrize("game_id", GAMES)
def test_a_wrong_drop_at_the_read_ahead_levels_names_the_idea_every_right_drop_uses(game_id):
    """At levels 3 to 7 a wrong drop that hands over no win at once gets a sentence naming the idea to look for
    (never a column), and that idea is one every right drop shows on the board; a drop that hands over a win at
    once keeps its own "The mistake: …" sentence instead."""
    from gamekit.puzzles.connect_why import idea_in_every_answer
    from gamekit.puzzles.connect_words import LOOK_FOR, drop_mistake
    from gamekit.puzzles.practice import Practice

    named = 0
    with using("en"):
        words = {theme: text for theme, text in LOOK_FOR.items()}
        for p in [p for p in practice_pool(game_id) if level(p.rating) >= 3]:
            board = Practice(game_id, puzzles=[p])
            for a in [a for a in p.legal_answers() if a not in p.answers][:2]:
                said = board.answer(a)[1]
                shown = [t for t, text in words.items() if text in said]
                assert len(shown) <= 1, (p.id, said)
                if drop_mistake(p, a):
                    assert "The mistake:" in said and not shown, (p.id, a, said)
                elif shown:
                    assert idea_in_every_answer(p, shown[0]), (p.id, shown)
                    assert not any(ch.isdigit() for ch in words[shown[0]])
                named += bool(shown)
            board.close()
    assert named >= 10
    with using("es"):
        p = next(p for p in practice_pool(game_id) if level(p.rating) >= 3)
        board = Practice(game_id, puzzles=[p])
        said = [board.answer(a)[1] for a in p.legal_answers() if a not in p.answers]
        board.close()
        assert not any("The idea to look for" in s for s in said)


@pytest.mark.parametrize("game_id", GAMES)
def test_lesson_two_practises_each_puzzle_for_an_idea_every_right_drop_shows(game_id):
    """The reader: Connect Four's lesson-2 list practised a puzzle for its first taught tag (*odd/even threat*)
    where only *zugzwang* shows in its right drop, so the Hint named no idea.  Now the idea the list and the board
    practise is one of the lesson's ideas that every right drop shows on the board, wherever the puzzle has one;
    c4-469d1d4e8d is practised for *zugzwang*, and the board's first Hint names that idea."""
    from gamekit.puzzles.connect import lesson_idea
    from gamekit.puzzles.connect_why import idea_in_every_answer
    from gamekit.puzzles.core import theme_hint
    from gamekit.puzzles.practice import Practice

    taught = lesson_themes(game_id, 2)
    for p in lesson_pool(game_id, 2):
        idea = lesson_idea(p, 2)
        shown = [t for t in p.themes if t in taught and idea_in_every_answer(p, t)]
        assert idea in (shown[:1] or [next(t for t in p.themes if t in taught)]), (p.id, p.themes, idea)
        board = Practice(game_id, puzzles=[p])
        board.lesson = 2  # as the lesson chooser sets it
        assert board.idea_theme() == idea, p.id
        board.close()
    if game_id == "connect_four":
        from gamekit.puzzles import bank

        p = next(p for p in bank(game_id) if p.id == "c4-469d1d4e8d")
        assert p.themes[0] == "odd_even_threat" and lesson_idea(p, 2) == "zugzwang"
        board = Practice(game_id, puzzles=[p])
        board.lesson = 2
        with using("en"):
            assert theme_hint(game_id, "zugzwang") in board.hint()
        board.close()


def nearest_the_centre(game) -> str:
    """The habit "play nearest the centre": win at once if a drop does, else drop into the opponent's winning cell,
    else the drop nearest the centre column after which the opponent cannot win at once (the left one of two)."""

    def wins(g, m) -> bool:
        h = g.copy()
        mover = h.to_move
        h.play(m)
        return h.winner() == mover

    legal = game.legal_moves()
    mine = [m for m in legal if wins(game, m)]
    if mine:
        return mine[0]
    from gamekit.puzzles.connect_best_line import wins_at_once_for

    theirs = sorted(wins_at_once_for(game, 1 - game.to_move), key=int)
    if theirs:
        return theirs[0]

    def safe(m) -> bool:
        h = game.copy()
        h.play(m)
        return h.is_over() or not any(wins(h, r) for r in h.legal_moves())

    centre = (game.columns + 1) / 2
    return min([m for m in legal if safe(m)] or legal, key=lambda m: (abs(int(m) - centre), int(m)))


@pytest.mark.parametrize("game_id", GAMES)
def test_play_nearest_the_centre_answers_about_a_third_of_each_level_of_lesson_2(game_id):
    """The reader: "play nearest the centre" answered 21 of 27 puzzles of 5 en raya's lesson-2 level 2 (9 of 11 in
    Connect Four).  Now it answers at most a third of each level (rounded up), except where the list keeps the
    centre column's puzzles so that the centre is still a right drop at least half as often as the average column
    (the column-spread test): there every habit puzzle left has the centre column among its right drops, and one
    fewer would break that spread (Connect Four's level 2: the bank holds too few puzzles the habit gets wrong)."""
    from collections import Counter

    from gamekit.puzzles.connect_lessons import habit_answers

    pool = lesson_pool(game_id, 2)
    counts = Counter(a for p in pool for a in p.answers)
    centre = str((pool[0].position.columns + 1) // 2)
    for lv in sorted({level(p.rating) for p in pool}):
        at = [p for p in pool if level(p.rating) == lv]
        right = [p for p in at if nearest_the_centre(p.position) in p.answers]
        assert right == [p for p in at if habit_answers(p)], lv
        if len(right) <= math.ceil(len(at) / 3):
            continue
        assert all(centre in p.answers for p in right), (lv, [p.answers for p in right])
        assert counts[centre] - 1 < (sum(counts.values()) - 1) / 7 / 2, (lv, counts)
    level_two = [p for p in pool if level(p.rating) == 2]
    right = sum(nearest_the_centre(p.position) in p.answers for p in level_two)
    if game_id == "five_in_a_row":
        assert right <= math.ceil(len(level_two) / 3) and len(level_two) >= 8, (right, len(level_two))
    else:
        assert right <= 3 and len(level_two) >= 5, (right, len(level_two))
