"""Shut the Box Practice as a pupil meets it over a long run: what comes next, and what the page claims."""

import pytest

from gamekit.puzzles.pools import practice_pool, served_this_round
from gamekit.puzzles.practice import Practice


def _run(p: Practice, answers: int) -> list[str]:
    """The ids served while a pupil answers ``answers`` puzzles (a miss every third, so the level moves both ways)."""
    served = [p.puzzle.id]
    for i in range(answers - 1):
        wrong = [a for a in p.puzzle.legal_answers() if a not in p.puzzle.answers]
        p.answer(wrong[0] if i % 3 == 0 else p.puzzle.answers[0])
        served.append(p.next().id)
    return served


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_mixed_practice_serves_every_puzzle_once_before_any_twice(seed):
    p = Practice("shut_the_box", seed=seed)
    p.choose_lesson(None)  # all the lessons' ideas, mixed: the 22-puzzle pool
    pool = {q.id for q in practice_pool("shut_the_box")}
    assert {q.id for q in p.pool} == pool
    served = _run(p, 40)
    first_round = served[: len(pool)]
    assert len(set(first_round)) == len(pool), "a puzzle came twice before the pool was served once"
    second_round = served[len(pool):]
    assert len(set(second_round)) == len(second_round)


def test_served_this_round_starts_afresh_after_a_full_round():
    pool = practice_pool("shut_the_box")[:3]
    a, b, c = (q.id for q in pool)
    assert served_this_round(pool, [a, b]) == {a, b}
    assert served_this_round(pool, [a, b, c]) == set()
    assert served_this_round(pool, [a, b, c, b, "dots-elsewhere"]) == {b}
    with pytest.raises(TypeError, match="served ids"):
        served_this_round(pool, a)
    with pytest.raises(TypeError, match="list of puzzles"):
        served_this_round([a], [])
