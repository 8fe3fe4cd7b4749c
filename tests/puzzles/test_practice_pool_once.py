"""Practice's pools are chosen once per game and idea, and every caller still gets its own puzzles."""

import pytest

from gamekit.puzzles.pools import practice_pool


def test_each_call_gets_fresh_puzzles_of_the_same_choice():
    first = practice_pool("dots_and_boxes")
    again = practice_pool("dots_and_boxes")
    assert [p.id for p in first] == [p.id for p in again]
    assert all(a is not b for a, b in zip(first, again))
    # a caller that changes its puzzles or its list changes nothing for the next caller
    rating = again[0].rating
    first[0].rating = 9999.0
    first.clear()
    assert practice_pool("dots_and_boxes")[0].rating == rating


@pytest.mark.parametrize(
    ("game_id", "theme", "error"),
    [
        ("chess", None, ValueError),
        (["dots_and_boxes"], None, (TypeError, ValueError)),
        ("dots_and_boxes", "castling", ValueError),
    ],
)
def test_an_unknown_or_unhashable_game_or_idea_is_refused_by_name(game_id, theme, error):
    with pytest.raises(error) as refused:
        practice_pool(game_id, theme)
    assert "unhashable" not in str(refused.value)


def test_the_dots_mixed_pool_weighs_each_puzzles_lines_once(monkeypatch):
    """Balancing the mixed pool asks the rules of thumb of each puzzle many times; the lines of a position are
    weighed once (a fresh kernel opening the Practice page waited 27 s for the same answers again and again)."""
    import gamekit.puzzles.dots_thumbs as D
    from gamekit.puzzles import bank
    from gamekit.puzzles.pools import chosen_pool
    from gamekit.puzzles.store import SHARED_CACHE

    monkeypatch.delenv(SHARED_CACHE, raising=False)  # chosen here, not read from the run's other processes
    weighed: list[tuple[tuple, str]] = []
    real = D.boxes_given
    monkeypatch.setattr(
        D, "boxes_given", lambda game, line: weighed.append((tuple(game.history), line)) or real(game, line)
    )
    monkeypatch.setattr(D, "_PICKS", {})
    chosen_pool.cache_clear()
    try:
        pool = practice_pool("dots_and_boxes")
    finally:
        chosen_pool.cache_clear()
    assert pool and len(weighed) == len(set(weighed))  # no line of any position weighed twice
    assert len(weighed) <= sum(len(p.legal_answers()) for p in bank("dots_and_boxes"))
