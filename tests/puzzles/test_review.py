"""review(game): one judgement per move of a finished game, from the exact solvers; unjudged beyond reach."""

import pytest

from gamekit.connect import ConnectFour, FiveInARow, analyse, cpu_player as connect_cpu
from gamekit.dots import DotsAndBoxes, cpu_player as dots_cpu, move_values
from gamekit.puzzles import VERDICTS, review, summary
from gamekit.dots.puzzle_text import own_box_loss
from gamekit.shutbox import ShutTheBox


def _dots_game(w, h, seed):
    g = DotsAndBoxes(w, h)
    players = [dots_cpu("hard", seed), dots_cpu("easy", seed + 1)]
    while not g.is_over():
        g.play(players[g.to_move].choose(g))
    return g


@pytest.fixture(scope="module")
def dots_review():
    g = _dots_game(3, 3, 4)
    return g, review(g, time_limit=0.5)


def test_one_judgement_per_move(dots_review):
    g, js = dots_review
    assert [j.move for j in js] == g.history
    assert all(j.verdict in VERDICTS for j in js)
    assert [j.index for j in js] == list(range(len(g.history)))


def test_judged_moves_agree_with_the_solver(dots_review):
    g, js = dots_review
    judged = [j for j in js if j.verdict != "unjudged"]
    assert len(judged) >= len(js) // 2  # a 3×3 endgame is well within reach
    for j in judged[-12:]:
        pos = DotsAndBoxes.from_moves(3, 3, g.history[: j.index])
        values = move_values(pos, time_limit=None)
        top = max(values.values())
        assert j.loss == top - values[j.move] and j.best_value == top
        boxes = own_box_loss(top, values[j.move])  # the margin moves by two per box given up
        assert j.verdict == ("best" if boxes == 0 else "inaccuracy" if boxes == 1 else "mistake")
        assert set(j.best) == {l for l, v in values.items() if v == top}
        assert j.seat == pos.to_move


def test_the_easy_players_mistakes_are_found(dots_review):
    g, js = dots_review
    counts = summary(js)
    assert counts["mistake"] >= 1 and sum(counts.values()) == len(js)
    assert any(j.seat == 1 and j.verdict == "mistake" and j.loss >= 2 for j in js)
    assert "mistake" in next(j for j in js if j.verdict == "mistake").words()


def test_moves_beyond_reach_are_unjudged_never_guessed():
    g = _dots_game(5, 4, 2)
    js = review(g, time_limit=0.2)
    assert js[0].verdict == "unjudged" and js[0].loss is None  # 49 lines undrawn: far out of reach
    assert js[-1].verdict != "unjudged"  # the last line: trivially judged
    assert "unjudged" in js[0].words()


def test_a_connect_four_game_and_a_saved_game():
    for seed in range(20):  # a game long enough to reach the solver
        g = ConnectFour()
        players = [connect_cpu("medium", seed), connect_cpu("medium", seed + 1)]
        while not g.is_over():
            g.play(players[g.to_move].choose(g))
        if len(g.history) >= 20:
            break
    js = review(g.to_dict(), time_limit=0.3)
    assert [j.move for j in js] == g.history
    for j in js[-4:]:
        assert j.verdict != "unjudged"
        pos = ConnectFour.from_moves(g.history[: j.index])
        scores = analyse(pos, time_budget=None)
        assert j.loss == max(scores.values()) - scores[j.move]


def test_a_popout_game_is_all_unjudged():
    g = FiveInARow(popout=True)
    for m in ["4", "5", "4", "5", "4", "5", "4", "5", "4"]:  # red makes five up column 4
        g.play(m)
    assert g.is_over() and g.winner() == 0
    js = review(g)
    assert len(js) == 9 and all(j.verdict == "unjudged" for j in js)


def test_an_unfinished_game_is_refused_and_unchanged():
    g = DotsAndBoxes(3, 3)
    g.play("a1-b1")
    before = g.to_dict()
    with pytest.raises(ValueError, match="not finished"):
        review(g)
    assert g.to_dict() == before
    with pytest.raises(ValueError, match="not finished"):
        review(FiveInARow())


@pytest.mark.parametrize("bad, error", [(ShutTheBox(1, seed=1), TypeError), ("a1-b1", TypeError), (None, TypeError)])
def test_other_things_are_refused(bad, error):
    with pytest.raises(error):
        review(bad)


def test_bad_time_limit_is_refused(dots_review):
    g, _ = dots_review
    for bad in (0, -1, True, "1"):
        with pytest.raises(ValueError, match="time_limit"):
            review(g, time_limit=bad)


def test_a_resigned_game_is_finished_and_reviewed():
    g = DotsAndBoxes(2, 2)
    for line in ["a1-b1", "b1-c1", "a3-b3"]:
        g.play(line)
    g.resign(g.to_move)
    js = review(g)
    assert [j.move for j in js] == g.history
    assert all(j.verdict != "unjudged" for j in js)  # 2×2: everything is within reach
    assert js[0].loss == max(move_values(DotsAndBoxes(2, 2)).values()) - move_values(DotsAndBoxes(2, 2))["a1-b1"]


def test_a_review_budget_leaves_the_moves_after_it_unjudged_and_bad_budgets_are_refused(dots_review):
    g, full = dots_review
    for bad in (0, -1, True, "5", float("nan")):
        with pytest.raises(ValueError, match="budget"):
            review(g, budget=bad)
    short = review(g, time_limit=0.5, budget=1e-9)  # spent before the first position
    assert [j.move for j in short] == g.history and {j.verdict for j in short} == {"unjudged"}
    assert all(j.loss is None for j in short)
    long = review(g, time_limit=0.5, budget=60)  # a budget that is not reached: the same verdicts
    assert all(a == b for a, b in zip(long, full) if "unjudged" not in (a.verdict, b.verdict))
    assert sum(j.verdict != "unjudged" for j in long) >= sum(j.verdict != "unjudged" for j in full) - 1


def test_judgements_as_data_and_in_words(dots_review):
    from gamekit.puzzles import judgement_dict, verdict_words

    g, js = dots_review
    m = next(j for j in js if j.verdict == "mistake")
    d = judgement_dict(m)
    assert d["move"] == m.move and d["best"] == list(m.best) and d["loss"] == m.loss and "mistake" in d["words"]
    boxes = own_box_loss(m.best_value, m.value)
    assert verdict_words(m, "Coral", m.move, "dots").startswith(f"Coral {m.move}: mistake — it loses {boxes} box")


def test_a_dots_line_giving_up_one_box_is_an_inaccuracy_that_loses_one_box(dots_review):
    """The review counts boxes as the puzzles do: a line whose margin is 2 below the best gives up one box of
    one's own (the opponent gets it), not two."""
    from gamekit.puzzles import verdict_words

    g, js = dots_review
    one = next(j for j in js if j.verdict != "unjudged" and j.best_value - j.value == 2)
    assert own_box_loss(one.best_value, one.value) == 1
    assert one.verdict == "inaccuracy"
    said = verdict_words(one, "Coral", one.move, "dots")
    assert "it loses 1 box against" in said and "2 boxes" not in said
