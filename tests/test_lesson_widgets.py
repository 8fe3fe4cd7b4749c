"""The shared lesson widgets (gamekit.widgets: exercise, lesson, stepthrough, reflection, lesson_registry), driven
headless through their plain methods."""

from __future__ import annotations

import pytest

from gamekit.core.scene import Scene
from gamekit.widgets.exercise import Exercise, choice_checker, count_checker, parse_int, shown_order
from gamekit.widgets.lesson import ExerciseWidget, LessonScore, Mark, PuzzleBoard
from gamekit.widgets.stepthrough import Step, StepThrough


def three_exercise(key: str = "") -> Exercise:
    return Exercise(
        "How many?",
        count_checker(3, right="Yes, {answer}.", too_few="More than {answer}.", too_many="Fewer than {answer}."),
        hint="Count them.",
        answer="3",
        solutions=[3],
        key=key,
    )


# ----- checker API -------------------------------------------------------------
def test_count_checker_right_and_wrong():
    ex = three_exercise()
    assert ex.check("3") == (True, "Yes, 3.")
    assert ex.check(" 3 ") == (True, "Yes, 3.")
    assert ex.check(2) == (False, "More than 2.")
    assert ex.check("7") == (False, "Fewer than 7.")


@pytest.mark.parametrize("bad", ["three", "3.5", "", "   ", None, True])
def test_bad_input_is_refused_with_a_reason(bad):
    ok, feedback = three_exercise().check(bad)
    assert not ok and feedback


def test_parse_int():
    assert parse_int(" 12 ") == 12
    with pytest.raises(ValueError, match="whole number"):
        parse_int("x")


def test_choice_checker_case_and_aliases():
    check = choice_checker("Gold", {"Gold": "right", "Coral": "no"}, aliases={"dorado": "Gold"})
    ex = Exercise("Who?", check, choices=["Gold", "Coral"])
    assert ex.check(" gold ") == (True, "right")
    assert ex.check("DORADO") == (True, "right")
    assert ex.check("coral") == (False, "no")
    ok, feedback = ex.check("purple")
    assert not ok and "Gold, Coral" in feedback


def test_checker_bugs_are_not_hidden():
    ex = Exercise("?", lambda a: 1 / 0)
    with pytest.raises(ZeroDivisionError):
        ex.check("x")


def test_key_defaults_to_prompt():
    assert three_exercise().key == "How many?"
    assert three_exercise("k").key == "k"


# ----- ExerciseWidget ------------------------------------------------------------
def test_exercise_widget_records_attempts_and_score():
    score = LessonScore("Test")
    w = ExerciseWidget(three_exercise(), score=score)
    assert score.total == 1 and score.summary() == "No exercise answered yet."
    assert w.submit("2") == (False, "More than 2.")
    assert "More than 2." in w.feedback.value and "✘" in w.feedback.value
    assert w.submit("")[0] is False and len(w.attempts) == 1  # an empty box is not an attempt
    assert w.submit("3") == (True, "Yes, 3.")
    assert w.solved and [a.ok for a in w.attempts] == [False, True]
    assert "2 attempts · solved" in w.attempts_label.value
    assert score.solved == 1 and score.first_try == 0 and score.attempts == 2
    assert "1 of 1 exercise solved" in score.value


def test_exercise_widget_buttons_call_the_plain_methods():
    w = ExerciseWidget(three_exercise())
    w.input.value = "3"
    w.check_button.click()
    assert w.solved and "Yes, 3." in w.last_feedback
    w.hint_button.click()
    assert w.last_feedback == "Hint: Count them."
    w.answer_button.click()
    assert w.last_feedback == "Answer: 3" and w.answer_shown


def test_show_answer_before_solving_does_not_count_as_solved():
    score = LessonScore()
    w = ExerciseWidget(three_exercise(), score=score)
    w.show_answer()
    w.submit("3")
    assert not w.solved and score.solved == 0 and score.shown == 1
    assert "answer shown" in w.attempts_label.value


def test_exercise_widget_with_choices_uses_buttons():
    ex = Exercise("Who?", choice_checker("Gold", {"Gold": "yes", "Coral": "no"}), choices=["Gold", "Coral"])
    w = ExerciseWidget(ex)
    assert sorted(w.input.options) == [("Coral", "Coral"), ("Gold", "Gold")]  # (label, value)
    assert [v for _, v in w.input.options] == shown_order(ex.choices, ex.key)  # the buttons in the shown order
    w.input.value = "Coral"
    w.check_button.click()
    assert w.attempts[-1].ok is False and "no" in w.last_feedback


def test_choices_are_shown_in_the_widgets_language_and_checked_by_value():
    import gamekit

    gamekit.set_language("es")
    try:
        ex = Exercise(
            "¿Quién?",
            choice_checker("Gold", {"Gold": "sí", "Coral": "no"}),
            choices=["Gold", "Coral"],
            answer="Gold",
            solutions=["Gold"],
        )
        w = ExerciseWidget(ex)
    finally:
        gamekit.set_language("en")
    assert sorted(w.input.options) == [("Coral", "Coral"), ("Dorado", "Gold")]
    w.input.value = "Gold"
    w.check_button.click()
    assert w.attempts[-1].ok and w.check_button.description == "Comprobar"
    assert w.show_answer() == "Respuesta: Dorado"


def test_choices_are_shuffled_the_same_way_every_time():
    """The right answer is not always the first button: the order is a fixed shuffle of the exercise's key, so a
    reload, a test and the notebook show the same order, and the keyboard (Tab, arrows) walks it as shown."""
    choices = ["the right one", "wrong a", "wrong b", "wrong c"]
    orders = {tuple(shown_order(choices, f"question {i}")) for i in range(40)}
    assert len(orders) > 4 and all(sorted(order) == sorted(choices) for order in orders)
    firsts = [shown_order(choices, f"question {i}")[0] for i in range(40)]
    assert 0 < firsts.count("the right one") < 20  # sometimes first, far from always
    assert shown_order(choices, "question 7") == shown_order(list(choices), "question 7")  # deterministic
    ex = Exercise("Which?", choice_checker("the right one", {c: c for c in choices}), choices=choices, key="q")
    first, again = ExerciseWidget(ex), ExerciseWidget(ex)
    assert list(first.input.options) == list(again.input.options)
    assert [v for _, v in first.input.options] == shown_order(choices, "q") and ex.choices == choices


def test_whole_number_choices_stay_in_counting_order():
    assert shown_order(["11", "2", "7", "10"], "how many?") == ["2", "7", "10", "11"]
    assert shown_order(["one"], "single") == ["one"]


def test_shown_order_refuses_an_identity_that_is_not_text():
    with pytest.raises(TypeError, match="identity must be text"):
        shown_order(["a", "b"], 3)


def test_no_hint_text_has_a_fallback():
    w = ExerciseWidget(Exercise("?", lambda a: (True, "ok")))
    assert "No hint" in w.show_hint()


def test_callback_errors_are_reported_not_raised():
    w = ExerciseWidget(Exercise("?", lambda a: 1 / 0))
    w.input.value = "x"
    w.check_button.click()  # the reported decorator catches it
    assert isinstance(w.errors[0], ZeroDivisionError)
    assert "ZeroDivisionError" in w.last_feedback


# ----- StepThrough ----------------------------------------------------------------
def numbered_steps(n: int) -> list[tuple]:
    return [
        (lambda i=i: Scene().add("text", 5, 5, f"step {i}", "10px sans-serif", "#000", "left"), f"caption {i}")
        for i in range(n)
    ]


def test_step_through_next_prev_reset():
    st = StepThrough(numbered_steps(3), size=(100, 80), title="T")
    assert st.index == 0 and st.caption.value == "caption 0" and st.board.scene.texts() == ["step 0"]
    assert st.prev_button.disabled and not st.next_button.disabled
    assert st.next() and st.next() and not st.next()
    assert st.index == 2 and st.board.scene.texts() == ["step 2"] and st.next_button.disabled
    assert "Step 3 of 3" in st.counter.value
    assert st.prev() and st.index == 1
    st.reset()
    assert st.index == 0 and not st.prev()
    st.goto(99)
    assert st.index == 2


def test_step_through_accepts_scenes_and_step_objects():
    st = StepThrough([Step(Scene().add("rect", 0, 0, 1, 1, "#000"), "a"), (Scene(), "b")], size=(10, 10))
    assert len(st) == 2 and st.board.scene.ops("rect")
    with pytest.raises(ValueError):
        StepThrough([], size=(10, 10))


def test_step_through_buttons():
    st = StepThrough(numbered_steps(3), size=(50, 50))
    st.next_button.click()
    st.next_button.click()
    assert st.index == 2
    st.prev_button.click()
    assert st.index == 1
    st.reset_button.click()
    assert st.index == 0


def test_step_through_play_runs_to_the_end_and_restarts():
    st = StepThrough(numbered_steps(4), size=(50, 50))
    st.play(interval=0.01)
    assert st.wait(5) and st.index == 3 and not st.playing
    st.play(interval=0.01)  # at the end: starts again from the first step
    assert st.wait(5) and st.index == 3
    assert st.play_button.description == "Play"


def test_step_through_pause():
    st = StepThrough(numbered_steps(50), size=(50, 50))
    st.play(interval=0.5)
    assert st.playing and st.play_button.description == "Pause"
    st.pause()
    assert not st.playing and st.index < 49


def test_step_through_error_in_a_step_is_reported_and_leaves_the_picture():
    st = StepThrough([(Scene(), "ok"), (lambda: 1 / 0, "broken")], size=(50, 50))
    paints = st.board.paints
    st.next_button.click()
    assert st.index == 0 and st.board.paints == paints  # nothing half-painted
    assert isinstance(st.errors[0], ZeroDivisionError) and "ZeroDivisionError" in st.last_note


def test_step_through_error_while_playing_stops_playing():
    st = StepThrough([(Scene(), "ok"), (lambda: 1 / 0, "broken")], size=(50, 50))
    st.play(interval=0.01)
    assert st.wait(5) and not st.playing and st.errors


# ----- PuzzleBoard -----------------------------------------------------------------
def column_puzzle(score=None) -> PuzzleBoard:
    """Columns 10 px wide; the answer is the column number; column 3 is right."""

    def hit(x, y):
        if y > 50:
            raise ValueError("Below the board.")
        return None if x < 10 else int(x // 10)

    def draw(mark):
        return Scene().add("text", 0, 0, repr(mark), "10px sans-serif", "#000", "left")

    ex = Exercise(
        "Click column 3.",
        count_checker(3, right="Column {answer}.", too_few="Too far left.", too_many="Too far right."),
        hint="Third.",
        solutions=[3],
    )
    return PuzzleBoard(ex, draw=draw, hit=hit, size=(100, 100), score=score)


def test_puzzle_click_right_and_wrong():
    score = LessonScore()
    p = column_puzzle(score)
    assert p.click(25, 5) == (False, "Too far left.")
    assert p.mark == Mark(2, "wrong") and p.board.scene.texts() == [repr(Mark(2, "wrong"))]
    assert "Too far left." in p.feedback.value
    assert p.click(35, 5) == (True, "Column 3.")
    assert p.mark == Mark(3, "right") and p.solved and score.solved == 1


def test_puzzle_refused_clicks_are_not_attempts():
    p = column_puzzle()
    assert p.click(5, 5) is None and p.last_feedback == "Click on the board to answer."
    assert p.click(35, 80) is None and p.last_feedback == "Below the board."
    assert p.attempts == []


def test_puzzle_typed_answer_and_show_answer():
    p = column_puzzle()
    p.input.value = "4"
    p.check_button.click()
    assert p.attempts[-1].ok is False and p.mark == Mark("4", "wrong")
    p.answer_button.click()
    assert p.mark == Mark(3, "answer") and p.answer_shown and p.last_feedback == "Answer: 3"
    p.hint_button.click()
    assert p.last_feedback == "Hint: Third."


def test_puzzle_mouse_events_are_in_buffer_pixels():
    p = column_puzzle()
    s = p.board.scale
    p.handle_mouse_down(35 * s, 5 * s)
    assert p.solved


def test_puzzle_mark_the_drawing_cannot_show_falls_back_to_plain_board():
    ex = Exercise("?", lambda a: (False, "no"))

    def draw(mark):
        if mark is not None:
            raise KeyError(mark)
        return Scene()

    p = PuzzleBoard(ex, draw=draw, hit=lambda x, y: "x", size=(10, 10))
    assert p.submit("zz") == (False, "no") and p.mark is None


def test_puzzle_errors_in_hit_are_reported():
    ex = Exercise("?", lambda a: (True, "ok"))
    p = PuzzleBoard(ex, draw=lambda m: Scene(), hit=lambda x, y: 1 / 0, size=(10, 10))
    p.handle_mouse_down(1, 1)
    assert isinstance(p.errors[0], ZeroDivisionError)


# ----- LessonScore -----------------------------------------------------------------------
def test_lesson_score_counts_first_tries_and_shown_answers():
    score = LessonScore("L")
    a, b, c = three_exercise("a"), three_exercise("b"), three_exercise("c")
    for ex in (a, b, c):
        score.register(ex)
    score.record(a, 3, True)
    score.record(b, 1, False)
    score.record(b, 3, True)
    score.record(b, 3, True)  # solving again changes nothing
    score.reveal(c)
    score.record(c, 3, True)
    assert (score.total, score.solved, score.first_try, score.attempts, score.shown) == (3, 2, 1, 5, 1)
    assert "2 of 3 exercises solved (1 at the first try), 5 attempts, 1 answer shown." in score.value
    assert "Score — L" in score.value


def test_a_lesson_entry_is_checked_when_it_is_made():
    """gamekit.widgets.lesson_registry.Lesson (each game's LESSONS): a wrong entry is refused with its reason."""
    from gamekit.widgets.lesson_registry import Lesson

    ok = dict(
        number=1,
        notebook="shut_the_box/01_rules_and_play",
        title="T",
        minutes=40,
        exercises={"a": lambda: None},
        levels={"a": "easy"},
        reflection=("Explain in one sentence why?", "Because."),
    )
    assert Lesson(**ok).factories()[0]() is None and Lesson(**ok).practice_exercises() == []
    for change, words in (
        (dict(number=0), "number"),
        (dict(number=True), "number"),
        (dict(title=""), "title"),
        (dict(minutes=3), "minutes"),
        (dict(minutes=40.0), "minutes"),
        (dict(exercises={}), "exercise"),
        (dict(levels={}), "missing: a"),
        (dict(levels={"a": "tricky"}), "easy, medium or hard"),
        (dict(reflection=("q",)), "reflection"),
        (dict(reflection=("q", " ")), "reflection"),
    ):
        with pytest.raises(ValueError, match=words):
            Lesson(**{**ok, **change})
