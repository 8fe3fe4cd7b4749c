"""Review after a game in the Dots and 5 en raya / Connect Four widgets (a list of verdicts and the board
stepped through the game, by buttons and keys), and the pupil's own mistakes kept as personal puzzles."""

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from gamekit import progress, progress_report, set_language
from gamekit.connect import cpu_player as connect_cpu
from gamekit.connect.widget import ConnectWidget
from gamekit.dots import cpu_player as dots_cpu, move_values
from gamekit.dots.widget import DotsWidget
from gamekit.puzzles import review
from gamekit.puzzles.personal import mistake_puzzles, personal_puzzle, personal_puzzles
from gamekit.puzzles.practice import Practice
from gamekit.core.scene import REVIEW_COLOURS, REVIEW_SYMBOLS, REVIEW_TEXT
from gamekit.widgets.colour import contrast
from gamekit.core.scene import BACKGROUND


def finish_dots(w: DotsWidget, seed=1):
    players = [dots_cpu("hard", seed), dots_cpu("easy", seed + 1)]
    while not w.game.is_over():
        w.click_line(players[w.game.to_move].choose(w.game))


def finish_connect(w: ConnectWidget, seed=1):
    players = [connect_cpu("medium", seed), connect_cpu("easy", seed + 1)]
    while not w.game.is_over():
        w.click_column(int(players[w.game.to_move].choose(w.game)))


@pytest.fixture(scope="module")
def reviewed_dots():
    w = DotsWidget(3, 3, mode="people")
    finish_dots(w)
    w.review()
    return w


def test_review_of_an_unfinished_game_is_refused_and_changes_nothing():
    w = DotsWidget(3, 3, mode="people")
    w.click_line("a1-b1")
    before = w.state()
    assert w.review_button.disabled
    with pytest.raises(ValueError, match="finished game"):
        w.review()
    assert "finished game" in w.last_status
    assert w.state() == before and w.review_view is None and w.review_box.children == ()
    assert progress.personal("dots_and_boxes") == []
    w.on_review(None)  # the button's callback says it, never an error panel
    assert not w.errors


def test_the_review_button_shows_on_reviewable_games_and_opens_once_over(reviewed_dots):
    w = reviewed_dots
    assert w.reviewable and not w.review_button.disabled and w.review_button.layout.display == ""
    assert w.review_box.children == (w.review_view,)
    from gamekit.shutbox.widget import ShutBoxWidget

    s = ShutBoxWidget()
    assert not s.reviewable and s.review_button.layout.display == "none"


def test_the_widget_review_is_the_solvers_review_and_a_readable_list(reviewed_dots):
    w = reviewed_dots
    assert [j.move for j in w.judgements] == w.game.history
    again = review(w.game, time_limit=0.5)
    judged = [(a, b) for a, b in zip(w.judgements, again) if "unjudged" not in (a.verdict, b.verdict)]
    assert judged and all(a == b for a, b in judged)
    panel = w.review_view
    text = panel.moves_list.value
    assert text.count("<li") == len(w.game.history)
    for j in w.judgements:
        assert f"gamekit-review-{j.verdict}" in text
    mistake = next(j for j in w.judgements if j.verdict == "mistake")
    words = panel.words(mistake)
    from gamekit.dots.puzzle_text import own_box_loss

    boxes = own_box_loss(mistake.best_value, mistake.value)  # the boxes the mover gives up, not the margin
    assert "mistake" in words and f"loses {boxes} boxes" in words and mistake.best[0] in words
    assert "Gold" in panel.totals.value and "Coral" in panel.totals.value
    assert "Review ready" in w.last_status


def test_stepping_shows_each_move_with_its_verdict_on_the_board(reviewed_dots):
    panel = reviewed_dots.review_view
    game = reviewed_dots.game
    for k in (1, len(game.history)):
        panel.goto(k)
        j = panel.judgements[k - 1]
        line = game.line_index(j.move)
        colour = REVIEW_COLOURS[j.verdict]
        drawn = [item for item in panel.board.scene.ops("line") if item[5] == colour]
        assert drawn, "the move is drawn in its verdict's colour"
        assert REVIEW_SYMBOLS[j.verdict] in panel.board.scene.texts()
        assert panel.last_caption.startswith(f"Move {k} of {len(game.history)}")
        assert panel.board.access.announcement == panel.last_caption  # said in the live line
        assert panel.position(k).history == game.history[:k]
        assert line >= 0
    panel.goto(0)
    assert "start" in panel.last_caption and panel.prev_button.disabled
    assert panel.goto(10_000) == len(game.history)  # clamped
    assert panel.next_button.disabled


def test_a_mistake_shows_the_better_lines_dashed(reviewed_dots):
    panel = reviewed_dots.review_view
    j = next(j for j in panel.judgements if j.verdict == "mistake")
    panel.goto(j.index + 1)
    dashed = [item for item in panel.board.scene.ops("dashed_line") if item[5] == REVIEW_COLOURS["best"]]
    position = panel.position(j.index + 1)
    undrawn_best = [b for b in j.best if not position.drawn >> position.line_index(b) & 1]
    assert len(dashed) == len(undrawn_best)


def test_keys_step_through_the_review(reviewed_dots):
    panel = reviewed_dots.review_view
    panel.goto(0)
    panel.on_key("ArrowRight")
    assert panel.index == 1
    panel.on_key("ArrowLeft")
    assert panel.index == 0
    panel.on_key("End")
    assert panel.index == panel.steps - 1
    panel.on_key("Home")
    panel.on_key("m")
    first = next(j.index + 1 for j in panel.judgements if j.verdict in ("mistake", "inaccuracy"))
    assert panel.index == first
    panel.goto(panel.steps - 1)
    assert panel.next_mistake() is None and "No more mistakes" in panel.last_caption
    assert panel.board.keys  # in the Tab order, takes keys
    panel.handle_key_down("ArrowLeft")
    assert panel.index == panel.steps - 2 and not panel.errors


def test_a_new_game_drops_the_review(reviewed_dots):
    w = DotsWidget(2, 2, mode="people")
    finish_dots(w)
    w.review()
    w.restart()
    assert w.review_view is None and w.review_box.children == () and w.review_button.disabled


def test_only_the_people_s_mistakes_become_personal_puzzles():
    w = DotsWidget(3, 3, mode="cpu", level="easy", seed=3)  # the person is gold (seat 0)
    cpu = dots_cpu("medium", 5)
    while not w.game.is_over():
        w.click_line(cpu.choose(w.game))
    w.review()
    for p in w.personal_saved:
        assert p.position.to_move == 0
    mine = [j for j in w.judgements if j.seat == 1 and j.verdict == "mistake"]
    assert all(p.personal["move"] not in [j.move for j in mine] or p.position.to_move == 0 for p in w.personal_saved)
    watch = DotsWidget(2, 2, mode="watch", seed=1)
    while not watch.game.is_over():
        watch.step()
    watch.review()
    assert watch.personal_saved == []  # nobody's mistakes: the CPU played both seats


def keep(w):
    """The module's reviewed game ran under another test's progress file: keep its puzzles in this one."""
    for p in w.personal_saved:
        progress.save_personal(p.game_id, p.to_dict())


def test_personal_puzzles_accept_exactly_the_solvers_best(reviewed_dots):
    keep(reviewed_dots)
    saved = personal_puzzles("dots_and_boxes")
    assert [p.to_dict() for p in saved] == [p.to_dict() for p in reviewed_dots.personal_saved]
    assert saved and len(saved) <= 3
    for p in saved:
        values = move_values(p.position, time_limit=None)
        top = max(values.values())
        assert set(p.answers) == {l for l, v in values.items() if v == top}
        assert p.personal["move"] not in p.answers
        ok, feedback = p.check(p.personal["move"])
        assert not ok and "Not the best" in feedback
        for a in p.answers:
            assert p.check(a)[0]


def test_practice_serves_personal_puzzles_with_the_date(reviewed_dots):
    keep(reviewed_dots)
    pr = Practice("dots_and_boxes", personal=True, seed=1)
    assert pr.puzzle.id.startswith("mine-")
    from datetime import date
    from gamekit.puzzles.core import day_words

    day = date.fromisoformat(pr.puzzle.personal["date"])
    assert (
        f"Your game on {day_words(day)}:" in pr.puzzle.prompt() and pr.puzzle.personal["date"] not in pr.puzzle.prompt()
    )
    assert f" {day.day} " in day_words(day) and str(day.year) not in day_words(day)
    ok, _ = pr.answer(pr.puzzle.answers[0])
    assert ok and progress.attempts("dots_and_boxes")[pr.puzzle.id]["solved"]
    set_language("es")
    try:
        prompt = pr.puzzle.prompt()
        assert f"Tu partida del {day_words(day)}:" in prompt and " de " in day_words(day)
    finally:
        set_language("en")


def test_practice_personal_refusals_and_the_empty_case():
    with pytest.raises(TypeError, match="personal"):
        Practice("dots_and_boxes", personal="yes")
    with pytest.raises(ValueError, match="personal=True"):
        Practice("dots_and_boxes", personal=True, puzzles=[])
    empty = Practice("connect_four", personal=True)
    assert empty.puzzle is None and "No mistakes to practise yet" in empty.last_feedback
    assert empty.answer_row.layout.display == "none"  # no answer box, Hint or Next with nothing to answer
    assert empty.next() is None
    with pytest.raises(ValueError):
        empty.answer("4")


def test_save_personal_refusals_change_nothing_and_the_count_is_bounded():
    before = progress.load()
    for bad, kind in (
        (["x"], TypeError),
        ({"id": 3, "game": "dots_and_boxes"}, ValueError),
        ({"id": "a", "game": "connect_four"}, ValueError),
        ({"id": "a", "game": "dots_and_boxes", "blob": "x" * 30_000}, ValueError),
        ({"id": "a", "game": "dots_and_boxes", "bad": {1, 2}}, ValueError),
    ):
        with pytest.raises(kind):
            progress.save_personal("dots_and_boxes", bad)
        assert progress.load() == before
    for i in range(progress.MAX_PERSONAL + 5):
        progress.save_personal("dots_and_boxes", {"id": f"p{i}", "game": "dots_and_boxes"})
    kept = progress.personal("dots_and_boxes")
    assert len(kept) == progress.MAX_PERSONAL and kept[-1]["id"] == f"p{progress.MAX_PERSONAL + 4}"
    progress.save_personal("dots_and_boxes", {"id": "p10", "game": "dots_and_boxes", "again": True})
    assert [p["id"] for p in progress.personal("dots_and_boxes")].count("p10") == 1
    assert personal_puzzles("dots_and_boxes") == []  # entries that are not puzzles are skipped


def test_personal_puzzle_refuses_a_judgement_that_is_not_a_mistake(reviewed_dots):
    j = next(j for j in reviewed_dots.judgements if j.verdict == "best")
    with pytest.raises(ValueError, match="mistake"):
        personal_puzzle(reviewed_dots.review_view.position(j.index), j)


def test_connect_widget_review_marks_each_drop():
    w = ConnectWidget("four", mode="people")
    finish_connect(w)
    js = w.review()
    panel = w.review_view
    assert len(js) == len(w.game.history) and panel.steps == len(js) + 1
    panel.goto(len(js))
    j = js[-1]
    marks = [item for item in panel.board.scene.ops("circle") if item[4] == REVIEW_COLOURS[j.verdict]]
    assert marks and REVIEW_SYMBOLS[j.verdict] in panel.board.scene.texts()
    assert "column" in panel.last_caption
    for p in mistake_puzzles(w.game, js, (0, 1)):
        assert p.personal["move"] not in p.answers


def test_review_colours_read_on_the_background_and_carry_white_symbols():
    for verdict, colour in REVIEW_COLOURS.items():
        assert contrast(colour, BACKGROUND) >= 4.5, verdict
        assert contrast(REVIEW_TEXT, colour) >= 4.5, verdict
    assert len(set(REVIEW_SYMBOLS.values())) == len(REVIEW_SYMBOLS)  # the cue that is not colour


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(keys=st.lists(st.sampled_from(["ArrowRight", "ArrowLeft", "Home", "End", "m", "x"]), max_size=25))
def test_any_keys_keep_the_board_and_caption_true_to_the_step(reviewed_dots, keys):
    panel = reviewed_dots.review_view
    for key in keys:
        panel.on_key(key)
        assert 0 <= panel.index < panel.steps
    panel.goto(panel.index)
    assert panel.last_caption == panel.step_text(panel.index)
    assert panel.board.description == panel._describe(panel.position(panel.index))


def test_a_game_with_personal_puzzles_but_no_answers_has_no_progress_row():
    progress.save_personal("dots_and_boxes", {"id": "mine-x", "game": "dots_and_boxes"})
    assert progress_report.rows() == []


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10_000))
def test_random_games_review_step_and_give_puzzles_the_solver_agrees_with(seed):
    import random
    from gamekit.dots import DotsAndBoxes
    from gamekit.dots.view import BoardLayout, review_scene
    from gamekit.widgets.review import ReviewPanel

    rng = random.Random(seed)
    game = DotsAndBoxes(2, 2)
    while not game.is_over():
        game.play(rng.choice(game.legal_moves()))
    js = review(game, time_limit=2.0)
    assert all(j.verdict != "unjudged" for j in js)  # 2 × 2 is always in reach
    layout = BoardLayout.fit(2, 2)
    panel = ReviewPanel(
        game,
        js,
        lambda pos, j: review_scene(pos, layout) if j is None else review_scene(pos, layout, j.move, j.verdict, j.best),
        lambda pos: "",
        lambda s: ("Gold", "Coral")[s],
        str,
        "dots",
        layout.css_size,
    )
    for k in range(panel.steps):
        panel.goto(k)
        assert panel.position(k).history == game.history[:k]
        if k:
            assert REVIEW_SYMBOLS[js[k - 1].verdict] in panel.board.scene.texts()
    for p in mistake_puzzles(game, js, (0, 1)):
        values = move_values(p.position, time_limit=None)
        top = max(values.values())
        assert set(p.answers) == {l for l, v in values.items() if v == top}
        assert top - values[p.personal["move"]] >= 2
        for a in p.legal_answers():
            assert p.check(a)[0] is (a in p.answers)
