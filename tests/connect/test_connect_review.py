"""A finished 5 en raya game's review (gamekit.puzzles.review through the catalog's ``exact`` hooks of
gamekit.connect.info): where the exact scores are out of reach, the moves whose outcome is settled — by who
wins, the shipped proof or the rules' proofs — are still judged, and never against the solver."""

import pytest

from gamekit.connect import FiveInARow
from gamekit.connect import solver
from gamekit.connect.info import move_values
from gamekit.connect.prove import prove_columns
from gamekit.puzzles.review import review

GAME = "54544433454655323533726727626726727611"  # Medium against Medium, yellow wins with its 19th disc
PROVED = "5653333"  # yellow to move: after column 3 the rules prove yellow's draw


def test_review_judges_outcomes_where_exact_scores_time_out(monkeypatch):
    exact = solver.analyse
    game = FiveInARow.from_moves(GAME)
    assert game.winner() == 1
    monkeypatch.setattr(solver, "analyse", lambda game, time_budget=2.0: {m: None for m in game.legal_moves()})
    judged = review(game, time_limit=2)
    late = [j for j in judged if j.index >= 24]
    assert late and all(j.verdict in ("best", "mistake") for j in late)  # an outcome knows no inaccuracy
    position = FiveInARow()
    for j in judged:
        if j.index >= 24:
            scores = exact(position, time_budget=None)
            outcome = {m: (v > 0) - (v < 0) for m, v in scores.items()}
            top = max(outcome.values())
            assert (j.verdict == "best") == (outcome[j.move] == top), j
            assert set(j.best) == {m for m, o in outcome.items() if o == top}
        position.play(j.move)


def test_a_column_the_rules_prove_is_never_judged_against_them(monkeypatch):
    # nothing from the solver: the rules alone prove column 3 at least a draw for yellow, but whether
    # another column wins stays open, so no move is judged here rather than a guess
    game = FiveInARow.from_moves(PROVED)
    proved = prove_columns(game)
    assert (proved["3"].low, proved["3"].proof.defender) == (0, 1)
    monkeypatch.setattr(solver, "analyse", lambda game, time_budget=2.0: {m: None for m in game.legal_moves()})
    monkeypatch.setattr(
        solver,
        "analyse_outcomes",
        lambda game, time_budget=1.0, moves=None, **_: {m: None for m in (moves or game.legal_moves())},
    )
    assert move_values(game, 1.0) is None
    # the solver says every other column loses: column 3 is at least a draw, but whether it wins is open,
    # so its judgement (and so every other's) waits
    monkeypatch.setattr(
        solver,
        "analyse_outcomes",
        lambda game, time_budget=1.0, moves=None, **_: {
            m: (None if m == "3" else -1) for m in (moves or game.legal_moves())
        },
    )
    assert move_values(game, 1.0) is None
    # a bound from elsewhere that column 3 cannot win meets the rules' "at least a draw": settled, a draw,
    # the best move; every other column throws it away
    monkeypatch.setattr(solver, "outcome_bounds", lambda game: {"3": (-1, 0)})
    values = move_values(game, 1.0)
    assert values == {m: (0 if m == "3" else -1) for m in game.legal_moves()}


def test_the_review_proves_each_column_once_and_who_wins_reads_those_proofs(monkeypatch):
    # no exact score in time: who wins searches with the rules' bounds, and the review's bounds come from the
    # same proofs -- prove_columns runs once a position, not again for the columns who wins left open
    from gamekit.connect import prove
    from gamekit.connect.info import review_step

    game = FiveInARow.from_moves(PROVED)
    calls, given = [], []
    real_prove_columns, real_outcomes = prove.prove_columns, solver.analyse_outcomes

    def watched_prove_columns(game, moves=None, **kwargs):
        calls.append(list(moves) if moves is not None else None)
        return real_prove_columns(game, moves, **kwargs)

    def watched_outcomes(game, time_budget=1.0, moves=None, **kwargs):
        given.append(kwargs.get("proved"))
        return real_outcomes(game, time_budget=time_budget, moves=moves, **kwargs)

    monkeypatch.setattr(solver, "analyse", lambda game, time_budget=2.0: {m: None for m in game.legal_moves()})
    monkeypatch.setattr(prove, "prove_columns", watched_prove_columns)
    monkeypatch.setattr(solver, "analyse_outcomes", watched_outcomes)
    move_values(game, 0.2)
    assert calls == [game.legal_moves()]
    assert len(given) == 1 and set(given[0]) == set(game.legal_moves())
    # the step still carries the rules' "at least a draw" of column 3 for yellow: red's outcome after it is
    # at most a draw
    calls.clear()
    judged, after = review_step(game, "3", 0.2, None)
    assert len(calls) == 1 and after[1] <= 0


def test_prove_columns_bounds_and_refusals():
    game = FiveInARow.from_moves("4742337363525667733644")  # red to move; yellow holds the draw by claimeven
    proved = prove_columns(game)
    assert set(proved) == set(game.legal_moves())
    assert all(p.high <= 0 for p in proved.values())  # no red drop can win
    scores = solver.analyse(game, time_budget=None)
    for m, p in proved.items():
        outcome = (scores[m] > 0) - (scores[m] < 0)
        assert p.low <= outcome <= p.high
    with pytest.raises(ValueError):
        prove_columns(game, ["0"])
    with pytest.raises(ValueError):
        prove_columns(game, [4])
    with pytest.raises(TypeError):
        prove_columns("4742")


def _outcome(score: int) -> int:
    return (score > 0) - (score < 0)


def _medium_game(seed: int) -> FiveInARow:
    from gamekit.connect import cpu_player

    game = FiveInARow()
    players = (cpu_player("medium", seed=2 * seed), cpu_player("medium", seed=2 * seed + 1))
    while not game.is_over():
        game.play(players[game.to_move].choose(game))
    return game


def test_bounds_carried_along_a_game_never_contradict_the_exact_solver(monkeypatch):
    # late positions of seeded games (at most 20 empty cells: the exact solver answers at once); the review's
    # step sees no exact score and no "who wins" search, only the shipped bounds and the rules' proofs, plus
    # what the moves before proved; every verdict and every carried bound is checked against the exact solver
    from gamekit.connect.info import review_step

    exact = solver.analyse
    monkeypatch.setattr(solver, "analyse", lambda game, time_budget=2.0: {m: None for m in game.legal_moves()})
    monkeypatch.setattr(
        solver,
        "analyse_outcomes",
        lambda game, time_budget=1.0, moves=None, **_: {m: None for m in (moves or game.legal_moves())},
    )
    carried_only = 0
    steps = 0
    for seed in range(8):
        final = _medium_game(seed)
        position = FiveInARow()
        known = None
        for move in final.history:
            if 42 - position.discs_on_board <= 20:
                outcomes = {m: _outcome(v) for m, v in exact(position, time_budget=None).items()}
                value = max(outcomes.values())
                # the carried bounds hold the position's true outcome; then the step is also asked with
                # the exact outcome as the bound known from before, the case the carrying aims at
                assert known is None or known[0] <= value <= known[1], (position.history, known, value)
                for before in (known, (value, value)):
                    judged, after = review_step(position, move, 1.0, before)
                    steps += 1
                    assert after[0] <= -outcomes[move] <= after[1], (position.history, move, before, after)
                    if judged is None:
                        continue
                    mine, top, best = judged
                    assert mine == outcomes[move], (position.history, move, judged)
                    assert (mine == top) == (outcomes[move] == value), (position.history, move, judged)
                    assert top <= value and all(outcomes[m] >= top for m in best), (position.history, judged)
                    if move_values(position, 1.0) is None:
                        carried_only += 1
                known = review_step(position, move, 1.0, known)[1]
            position.play(move)
    assert steps > 100
    assert carried_only > 0  # moves judged only thanks to the bound known from before


def test_review_carries_bounds_and_reports_progress():
    game = FiveInARow.from_moves(GAME)
    seen = []
    judged = review(game, time_limit=0.2, progress=lambda done, total: seen.append((done, total)))
    assert seen == [(i + 1, len(GAME)) for i in range(len(GAME))]
    assert judged[0].verdict == "best"  # the start is a proved draw: every first disc keeps it
    with pytest.raises(TypeError):
        review(game, time_limit=0.2, progress="yes")


def test_review_step_refuses_bad_input():
    from gamekit.connect.info import review_step

    game = FiveInARow.from_moves(PROVED)
    with pytest.raises(ValueError, match="move="):
        review_step(game, "9", 0.1, None)
    for known in ((1, 0), (0, 2), [0, 0], (0.0, 0), (0,)):
        with pytest.raises(ValueError, match="known="):
            review_step(game, "3", 0.1, known)
    with pytest.raises(TypeError):
        review_step("5653333", "3", 0.1, None)


def test_a_mistake_against_a_carried_outcome_names_no_better_drop():
    # the position's outcome came from the moves before, not from a drop proved here: the words say what the
    # move threw away and name no better column
    from gamekit.puzzles.review import Judgement, verdict_words

    j = Judgement(2, 0, "5", "mistake", 1, (), -1, 0)
    assert j.words() == "move 3, 5: mistake"
    assert (
        verdict_words(j, "Red", "column 5", "five_in_a_row") == "Red column 5: mistake — it throws a draw into a loss."
    )
