"""The 5 en raya / Connect Four widget, driven through its plain methods (headless)."""

import html

import pytest

from gamekit.connect.view import DISC, connect_scene, layout_for
from gamekit.connect.widget import ConnectWidget
from gamekit.connect import FiveInARow
from gamekit.core.scene import INK


def people(game="five", popout=False):
    return ConnectWidget(game, popout=popout, mode="people")


def no_exact_scores(monkeypatch):
    """The exact scores out of reach everywhere (as on a position with many empty cells): the opening book
    and the exact search give nothing."""
    from gamekit.connect import solver
    from gamekit.core.errors import SolverTimeout

    def out_of_time(game, weak=False, time_limit=None):
        raise SolverTimeout("out of time")

    monkeypatch.setattr(solver, "analyse", lambda game, time_budget=2.0: {m: None for m in game.legal_moves()})
    monkeypatch.setattr(solver, "solve", out_of_time)


def active_seat(widget):
    return [seat for seat in (0, 1) if "gamekit-active" in widget.cards[seat].value]


def test_click_a_column_drops_a_disc_and_passes_the_turn():
    w = people()
    assert active_seat(w) == [0] and "Red" in w.cards[0].value
    assert w.click_column(4)
    assert w.game.history == ["4"] and w.game.to_move == 1
    assert active_seat(w) == [1] and "Yellow" in w.last_status
    # the disc is drawn red at the bottom of column 4 (grid column 4 counting the side column)
    x, y = w.layout_px.centre(4, 0)
    assert ("circle", x, y, w.layout_px.cell * 0.38, DISC[0]) in w.board.scene


def test_side_columns_refuse_clicks_with_a_reason():
    w = people()
    x, y = w.layout_px.centre(0, 3)
    assert not w.click(x, y)
    assert "side columns" in w.last_status and w.game.history == []
    assert not w.click(-50, 10)
    assert w.game.history == []


def test_full_column_is_refused():
    w = people("four")
    for _ in range(6):
        w.click_column(1)
    assert not w.click_column(1)
    assert "full" in w.last_status and len(w.game.history) == 6


def test_hover_shows_where_the_disc_lands():
    w = people()
    w.click_column(4)
    w.set_hover(w.game.grid_column(4))
    x, y = w.layout_px.centre(4, 1)
    rings = [op for op in w.board.scene.ops("ring") if op[1:3] == (x, y)]
    assert rings, "the landing cell above the red disc is ringed"
    w.set_hover(0)  # a side column: no hover
    assert w.hover is None


def test_keyboard_chooses_a_column_and_drops():
    w = people("four")
    w.on_key("ArrowRight")  # cursor appears in the centre (column 4)
    w.on_key("ArrowRight")
    w.on_key("Enter")
    assert w.game.history == ["5"]


def test_pop_by_key_and_by_click_with_popout():
    w = people("four", popout=True)
    for n in (4, 4, 5, 4):
        w.click_column(n)
    w.on_key("ArrowRight")  # column 4
    w.on_key("p")
    assert w.game.history[-1] == "p4"
    # yellow's own bottom disc? column 4 is now yellow, yellow: click it to pop
    x, y = w.layout_px.centre(3, 0)
    assert w.click(x, y)
    assert w.game.history[-1] == "p4"


def test_winning_line_is_ringed_and_status_says_who_won():
    w = people("four")
    for n in "1212121":
        w.click_column(int(n))
    assert w.game.winner() == 0
    assert "Red wins with 4 in a line" in w.last_status
    assert len([op for op in w.board.scene.ops("ring") if op[4] == "#1b1b1b"]) == 4


def test_against_the_cpu_the_cpu_answers():
    w = ConnectWidget("five", mode="cpu", level="medium", seed=1)
    assert w.click_column(4)
    assert len(w.game.history) == 2 and w.game.to_move == 0
    assert "The CPU played" in w.last_status


def test_undo_against_cpu_takes_back_both_moves():
    w = ConnectWidget("four", mode="cpu", level="easy", seed=1)
    w.click_column(4)
    w.request_undo()
    assert w.game.history == []


def test_hint_shows_verdicts_under_each_column():
    # a generous budget: the solver settles this position in well under a second, but a loaded
    # machine must not turn the test into a timing test (the Hint stops as soon as it is done)
    w = ConnectWidget("four", mode="people", hint_budget=30)
    for n in "2252576253462244111563365343671351441":
        w.game.play(n)
    w.refresh()
    move, reason = w.hint()
    assert w.verdicts and all(kind in ("win", "draw", "loss", "bound", "unknown") for _, kind in w.verdicts.values())
    texts = w.board.scene.texts()
    assert any(t.startswith("loses in") or t == "draw" or t.startswith("wins in") for t in texts)
    assert move in w.game.legal_moves()


def test_switch_game_and_popout():
    w = people("five")
    w.set_game("four")
    assert w.game.variant.name == "Connect Four" and w.board.css_width == w.layout_px.css_size[0]
    w.popout_box.value = True
    assert w.game.popout and "P pops" in w.keys_help.value
    w.game_select.value = "five"
    assert w.game.variant.name == "5 en raya"
    assert not w.errors


def test_resign_and_watch_mode():
    w = ConnectWidget("five", mode="watch", level="easy", seed=3)
    w.step()
    assert len(w.game.history) == 1
    w2 = people()
    w2.resign()
    assert w2.game.is_over() and "resigned" in w2.last_status


def test_scene_marks_side_pieces_and_last_disc():
    g = FiveInARow.from_moves("44")
    layout = layout_for(g)
    scene = connect_scene(g, layout)
    assert len(scene.ops("stroke_rect")) == 2  # the two cardboard side pieces
    x, y = layout.centre(4, 1)
    # the last disc carries a white bead ringed in ink, a third of the disc across: seen at a glance
    beads = [item for item in scene.ops("circle") if item[4] == "#ffffff" and item[3] >= layout.cell * 0.12]
    assert [item[1:3] for item in beads] == [(x, y)]
    assert ("ring", x, y, beads[0][3], INK, 2) in scene
    # only the last disc: the one under it (column 4's first) has no bead
    assert not [item for item in scene.ops("circle") if item[1:3] == layout.centre(4, 0) and item[4] == "#ffffff"]


def test_bad_arguments():
    with pytest.raises(ValueError):
        ConnectWidget("six")


def test_hint_falls_back_to_who_wins_where_the_exact_score_is_out_of_reach(monkeypatch):
    from gamekit.connect import solver

    w = people("five")
    for n in "4433":
        w.game.play(n)
    w.refresh()
    # the exact scores time out everywhere; who wins is known for three columns, one of them a win
    no_exact_scores(monkeypatch)
    monkeypatch.setattr(
        solver,
        "analyse_outcomes",
        lambda game, time_budget=1.0, moves=None, **_: {
            **{m: None for m in game.legal_moves()},
            "4": 0,
            "2": 1,
            "6": -1,
        },
    )
    move, reason = w.hint()
    assert (move, reason) == ("2", "wins")
    texts = sorted(t for t, _ in w.verdicts.values())
    assert texts.count("?") == 4 and {"wins", "draw", "loses"} <= set(texts)
    assert not any(t.startswith(("wins in", "loses in")) for t in texts)
    # without a win among the settled columns and with columns unknown, the Hint does not pretend
    monkeypatch.setattr(
        solver,
        "analyse_outcomes",
        lambda game, time_budget=1.0, moves=None, **_: {**{m: None for m in game.legal_moves()}, "4": 0},
    )
    w = people("five")  # a fresh widget: one position gets one Hint, worked out once
    for n in "4433":
        w.game.play(n)
    w.refresh()
    move, reason = w.hint()
    assert reason.startswith("a good guess, not proved") and move in w.game.legal_moves()
    assert w.last_status.startswith("Hint: column") and not w.last_status.endswith("..")


def test_an_exact_score_wins_over_an_outcome_in_the_hint(monkeypatch):
    from gamekit.connect import solver

    w = people("four")
    for n in "2252576253462244111563365343671351441":
        w.game.play(n)
    w.refresh()
    exact = solver.analyse(w.game, time_budget=None)
    monkeypatch.setattr(
        solver, "analyse_outcomes", lambda game, time_budget=1.0, moves=None, **_: {m: None for m in game.legal_moves()}
    )
    move, reason = w.hint()
    assert exact[move] == max(exact.values())
    assert all(t != "?" for t, _ in w.verdicts.values())


def test_hint_on_the_empty_board_suggests_the_proved_draw():
    # the shipped value runs proved the start a draw: red's column 4 draws, no first move wins
    w = people("five")
    move, reason = w.hint()
    assert (move, reason) == ("4", "draw")
    assert w.verdicts[w.game.grid_column(4)] == ("draw", "draw")
    # every other column shows at least what the shipped proof says: a draw, or "no win" for red
    # where whether yellow wins is still open -- never a bare "?" on the empty board
    from gamekit.connect.solver import outcome_bounds

    bounds = outcome_bounds(w.game)
    for m, (lo, hi) in bounds.items():
        text, kind = w.verdicts[w.game.grid_column(int(m))]
        assert text != "?"
        if (lo, hi) == (-1, 0):
            assert (text, kind) in (("no win", "bound"), ("loses", "loss"), ("draw", "draw"))


def test_bound_words_name_what_the_proof_leaves_open():
    from gamekit.connect.widget import bound_words

    assert bound_words(-1, 0) == ("no win", "bound")
    assert bound_words(0, 1) == ("no loss", "bound")
    assert bound_words(-1, 1) == ("?", "unknown")
    assert bound_words(0, 0) == ("draw", "draw") and bound_words(1, 1) == ("wins", "win")
    assert bound_words(-1, -1) == ("loses", "loss")


def test_the_first_two_discs_of_5_en_raya_never_show_a_bare_question_mark():
    # the shipped book (depth 1) and the proof records settle the start and every first move: the
    # empty board's Hint shows seven exact verdicts, and after any first disc every reply of yellow
    # shows at least what the proof says ("draw", "no win", ...), never "?" -- even with no time to search
    from gamekit.connect.solver import analyse

    assert analyse(FiveInARow(), time_budget=0.0) == {m: 0 for m in "1234567"}
    w = ConnectWidget("five", mode="people", hints=True, hint_budget=0.05)
    move, reason = w.hint()
    assert reason == "draw" and set(w.verdicts.values()) == {("draw", "draw")}
    for first in "1234567":
        w = ConnectWidget("five", mode="people", hints=True, hint_budget=0.05)
        w.game.play(first)
        w.refresh()
        w.hint()
        assert len(w.verdicts) == 7 and all(text != "?" for text, _ in w.verdicts.values()), (first, w.verdicts)


# ----- the rules' proofs in the Hint (gamekit.connect.prove) ------------------------------------------------------
PROVED = "5653333"  # yellow to move, 35 empty cells: after column 3 yellow holds the draw by claimeven


def test_hint_shows_the_rules_proof_where_the_solver_is_out_of_reach(monkeypatch):
    from gamekit.connect import solver
    from gamekit.connect.prove import prove_columns, proof_reason

    w = people("five")
    for n in PROVED:
        w.game.play(n)
    w.refresh()
    no_exact_scores(monkeypatch)
    monkeypatch.setattr(
        solver, "analyse_outcomes", lambda game, time_budget=1.0, moves=None, **_: {m: None for m in game.legal_moves()}
    )
    proved = prove_columns(w.game)
    assert proved["3"].low == 0 and proved["3"].proof.defender == 1
    move, reason = w.hint()
    # a bound instead of "?" under the proved column, and that column suggested as proved, not guessed
    assert w.verdicts[w.game.grid_column(3)] == ("no loss", "bound")
    assert move == "3" and reason.startswith("at least a draw, proved")
    why = proof_reason(proved["3"].proof, proved["3"].after)
    assert why in reason and "same-column answer" in why and why in w.last_status
    assert "Why column 3 holds at least the draw" in w.proof_note.value and "same-column answer" in w.proof_note.value
    # the rule's cells carry letters on the board (not colour alone): "c" on the cells yellow claims
    c, r = next(rule.cells[1] for rule in proved["3"].proof.rules if rule.kind == "claimeven")
    x, y = w.layout_px.centre(c, r)
    assert any(item[:4] == ("text", x, y, "c") for item in w.board.scene)
    # the proof belongs to its position: a new disc drops it
    w.click_column(3)
    assert w.proof_text == "" and w.proof_note.value == "" and w.proof_labels == {}


def test_the_solver_wins_over_the_rules_proof_in_the_hint(monkeypatch):
    from gamekit.connect import solver

    w = people("five")
    for n in PROVED:
        w.game.play(n)
    w.refresh()
    # the solver settles column 3 (here: says it draws) and column 4 (wins): its words, not the proof's bound
    no_exact_scores(monkeypatch)
    monkeypatch.setattr(
        solver, "analyse", lambda game, time_budget=2.0: {**{m: None for m in game.legal_moves()}, "3": 0}
    )
    monkeypatch.setattr(
        solver,
        "analyse_outcomes",
        lambda game, time_budget=1.0, moves=None, **_: {**{m: None for m in game.legal_moves()}, "4": 1},
    )
    move, reason = w.hint()
    assert w.verdicts[w.game.grid_column(3)] == ("draw", "draw")
    assert w.verdicts[w.game.grid_column(4)] == ("wins", "win")
    assert move == "4" and w.proof_text == ""


@pytest.mark.parametrize("moves", ["4742337363525667733644", "1633473462112516714414", "55116654413354"])
def test_hint_verdicts_never_contradict_the_exact_solver(moves):
    from gamekit.connect.solver import analyse

    w = ConnectWidget("five", mode="people", hint_budget=0.05)
    for n in moves:
        w.game.play(n)
    w.refresh()
    w.hint()
    exact = analyse(w.game, time_budget=None)
    allowed = {1: {"no loss", "wins"}, 0: {"no loss", "no win", "draw"}, -1: {"no win", "loses"}}
    for m, score in exact.items():
        text, _ = w.verdicts[w.game.grid_column(int(m))]
        outcome = (score > 0) - (score < 0)
        assert text == "?" or text in allowed[outcome] or text.startswith(("wins in", "loses in")) and outcome != 0, (
            m,
            text,
            score,
        )


def test_the_hint_asks_who_wins_first_and_exact_scores_only_where_they_can_finish(monkeypatch):
    # 35 empty cells: who wins (with the rules' proofs) is asked first; an exact score only for a column it
    # settled as a win or a loss; the status line says the Hint is working, and how many columns are settled
    from gamekit.connect import solver

    calls = []
    real_outcomes, real_solve = solver.analyse_outcomes, solver.solve

    def outcomes(game, time_budget=1.0, moves=None, **kwargs):
        found = real_outcomes(game, time_budget=time_budget, moves=moves, **kwargs)
        calls.append(("outcomes", found))
        return found

    def solve(game, weak=False, time_limit=None):
        calls.append(("exact", game.history[-1]))
        return real_solve(game, weak=weak, time_limit=time_limit)

    monkeypatch.setattr(solver, "analyse_outcomes", outcomes)
    monkeypatch.setattr(solver, "solve", solve)
    w = ConnectWidget("five", mode="people", hint_budget=0.4)
    for n in PROVED:
        w.game.play(n)
    w.refresh()
    shown = []
    w.status.observe(lambda change: shown.append(change["new"]), names="value")
    move, reason = w.hint()
    assert calls and calls[0][0] == "outcomes"
    found = calls[0][1]
    assert all(found[m] in (1, -1) for kind, m in calls[1:] if kind == "exact")
    assert "Working out the Hint…" in shown[0]
    assert "columns settled so far." in shown[1] and "of 7 columns" in shown[1]
    assert w.last_status.startswith("Hint: column") and w.last_status in html.unescape(shown[-1])
    # every verdict shown agrees with who wins
    for m, o in found.items():
        if o is not None:
            text, kind = w.verdicts[w.game.grid_column(int(m))]
            assert kind == {1: "win", 0: "draw", -1: "loss"}[o], (m, text, o)


def test_at_few_empty_cells_the_hint_still_gives_exact_scores():
    # 20 empty cells: every column gets its exact score ("wins in …", "loses in …", "draw"), never a bare outcome
    w = ConnectWidget("five", mode="people", hint_budget=2.0)
    for n in "4742337363525667733644":
        w.game.play(n)
    w.refresh()
    exact = solver_scores(w.game)  # first, so the compiled search is warm (no clock decides the test)
    w.hint()
    for m, score in exact.items():
        text, _ = w.verdicts[w.game.grid_column(int(m))]
        assert text not in ("wins", "loses", "?", "no win", "no loss"), (m, text)
        assert (text == "draw") == (score == 0), (m, text, score)


def solver_scores(game):
    from gamekit.connect.solver import analyse

    return analyse(game, time_budget=None)
