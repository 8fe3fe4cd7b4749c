"""The level scale a Practice pupil sees ends at the highest level they can reach in that game: a solve lifts a
pupil at most one level above the puzzle, so "of 10" would promise levels no puzzle leads to."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from gamekit.progress import LEVELS, level
from gamekit.puzzles import pools
from gamekit.puzzles.practice_view import puzzle_title
from gamekit.puzzles.ratings import Rating

ROOT = Path(__file__).resolve().parents[2]
GAMES = ("dots_and_boxes", "five_in_a_row", "connect_four", "shut_the_box")
PAGES = {
    "five_in_a_row": ("notebooks/practice/02_five_in_a_row.md", "notebooks/es/practice/02_five_in_a_row.md"),
    "connect_four": ("notebooks/practice/03_connect_four.md", "notebooks/es/practice/03_connect_four.md"),
    "shut_the_box": ("notebooks/practice/04_shut_the_box.md", "notebooks/es/practice/04_shut_the_box.md"),
}


def all_lists(game_id):
    keys = [key for _, key in pools.lesson_choices(game_id) if key is not None]
    return [pools.practice_pool(game_id)] + [pools.lesson_pool(game_id, key) for key in keys]


@pytest.mark.parametrize("game_id", GAMES)
def test_the_top_is_reachable_and_nothing_above_it_is(game_id):
    top = pools.top_level(game_id)
    highest = max(p.rating for pool in all_lists(game_id) for p in pool)
    # solving the hardest puzzle of any list reaches the top; solving it again lifts no further
    pupil = Rating(pools.solve_ceiling(highest) - 1, 60.0)
    after = pools.practice_update(pupil, Rating(highest, 60.0), True)
    assert level(after.rating) == top and top <= LEVELS
    again = pools.practice_update(after, Rating(highest, 60.0), True)
    assert level(again.rating) == top


@pytest.mark.parametrize("game_id", GAMES)
def test_the_status_line_and_the_title_say_that_top(game_id):
    top = pools.top_level(game_id)
    pool = pools.practice_pool(game_id)
    assert pools.level_words(Rating(1000.0, 60.0), pool).startswith(f"Your level: 2 of {top}")
    assert puzzle_title(3, 1000.0, game_id) == f"Puzzle 3 · level 2 of {top}"
    assert puzzle_title(3, 1000.0) == "Puzzle 3 · level 2"  # no game: no top promised
    # a pupil already above it (an older saved rating) is never shown "9 of 8"
    assert pools.level_words(Rating(2500.0, 60.0), pool).startswith(f"Your level: {LEVELS} of {LEVELS}")


def test_five_in_a_row_stops_at_8_and_connect_four_at_7():
    assert pools.top_level("five_in_a_row") == 8 and pools.top_level("connect_four") == 7


@pytest.mark.parametrize("game_id", sorted(PAGES))
def test_the_page_says_the_top_the_widget_shows(game_id):
    en, es = (ROOT / p for p in PAGES[game_id])
    top = pools.top_level(game_id)
    assert re.findall(r"Your level goes from 1 to (\d+)", en.read_text(encoding="utf-8")) == [str(top)]
    assert re.findall(r"Tu nivel va del 1 al (\d+)", es.read_text(encoding="utf-8")) == [str(top)]


@pytest.mark.parametrize("game_id", ["five_in_a_row", "connect_four"])
def test_no_reading_ahead_level_is_a_handful_of_puzzles(game_id):
    """Connect Four's levels 6 and 7 held 4 puzzles each (5 en raya's level 7 held 5): each game now has its own
    bounds on the plies a level's line needs (gamekit.puzzles.connect.FORCING_LEVELS), so in the mixed pool every
    level from 3 to 7 holds at least 6 puzzles and the top two at least 15 together (lesson 2's: 5 and 14); and a level
    still asks a longer line than the level below."""
    from gamekit.puzzles.connect import forcing_level, forcing_plies, one_step_rule

    # lesson 2's pool is made of its ideas' pools, which ask only puzzles whose every right drop shows the idea:
    # Connect Four's holds 5 at level 5 and 14 at levels 6 and 7
    # (fewer since no fixed column answers more than a quarter of the levels 3 to 7: gamekit.puzzles.connect_thumbs)
    # Connect Four's read-ahead levels are 3 to 6 since its *stop the double threat* puzzles went to level 3 (its
    # top two then hold 10 of the mixed pool and 7 of lesson 2's)
    high = {"five_in_a_row": 7, "connect_four": 6}[game_id]
    tops = {"five_in_a_row": (12, 9), "connect_four": (10, 7)}[game_id]
    lists = ((pools.practice_pool(game_id), 5, tops[0]), (pools.lesson_pool(game_id, 2), 3, tops[1]))
    for pool, least, top in lists:
        counts = {lv: sum(level(p.rating) == lv for p in pool) for lv in range(3, high + 1)}
        assert min(counts.values()) >= least and counts[high - 1] + counts[high] >= top, counts
        reading = [p for p in pool if level(p.rating) >= 3]
        assert all(one_step_rule(p) is None and level(p.rating) == forcing_level(p) for p in reading)
        longest = {lv: max(forcing_plies(p) for p in reading if level(p.rating) == lv) for lv in range(3, high + 1)}
        shortest = {lv: min(forcing_plies(p) for p in reading if level(p.rating) == lv) for lv in range(3, high + 1)}
        assert all(longest[lv] < shortest[lv + 1] for lv in range(3, high)), (longest, shortest)
