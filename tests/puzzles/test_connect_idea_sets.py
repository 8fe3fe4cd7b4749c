"""5 en raya and Connect Four homework sets of one idea: Practice's level-2 "drop near the centre" questions stay
out, so a teacher who sets *zugzwang* or *odd/even threat* gets puzzles that need that idea, not ones the habit
"win, else block, else the safe drop nearest the centre" answers."""

import pytest

from gamekit.puzzles.connect import centre_guess, centre_habit
from gamekit.puzzles.connect_sets import centre_level
from gamekit.puzzles.core import game_themes
from gamekit.puzzles.homework import homework_set
from gamekit.puzzles.pools import practice_pool

GAMES = ("five_in_a_row", "connect_four")


@pytest.mark.parametrize("game_id", GAMES)
def test_centre_level_is_exactly_practice_s_centre_rating(game_id):
    """centre_level picks exactly the puzzles Practice rates by the centre rule of thumb."""
    pool = practice_pool(game_id)
    centre = [p for p in pool if centre_level(p)]
    assert centre, "the pools have centre-habit questions: the test reads them"
    for p in pool:
        assert centre_level(p) == (centre_habit(p) or centre_guess(p)), p.id


@pytest.mark.parametrize("game_id", GAMES)
def test_an_idea_s_homework_set_has_no_centre_habit_question(game_id):
    checked = 0
    for theme in game_themes(game_id):
        pool = practice_pool(game_id, theme)
        others = [p for p in pool if not centre_level(p)]
        for seed in (0, 1, 2):
            n = min(10, len(pool))
            chosen = homework_set(game_id, theme, n, seed).puzzles
            centre = sum(centre_level(p) for p in chosen)
            assert centre == max(0, n - len(others)), (theme, seed)  # none, or only the ones needed to fill it
            checked += len(pool) > len(others)
    assert checked, "some idea's pool has centre-habit questions: the test reads them"
