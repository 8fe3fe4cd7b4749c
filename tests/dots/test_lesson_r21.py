"""Review r21 corrections to the Dots lessons: nothing on a board or page gives an exercise's answer before it is
answered, and feedback naming several boxes uses the plural."""

from gamekit.dots import lesson_pictures
from gamekit.dots import lessons as L
from gamekit.dots.lesson_positions import third_side_boxes


def test_lesson_5_final_challenge_board_has_no_third_side_tint():
    """Exercise 10's crux is seeing that b3, not only c3, has three sides: the red tint would show it."""
    ex = L.exercises(5)["l5_ex10"]
    assert len(third_side_boxes(ex.game)) >= 2  # the boxes the tint would have marked
    tints, _ = lesson_pictures.highlights(ex.game, third_sides=ex.third_sides, parts=ex.parts, last=False)
    colours = tints.values() if isinstance(tints, dict) else tints
    assert lesson_pictures.THIRD_SIDE_TINT not in colours


def test_worksheet_5_prints_the_take_or_refuse_card_under_exercise_3s_heading():
    """The card states that refusing a loop costs 4, exercise 2's answer: it comes after exercise 2, under exercise
    3's heading (which needs the number), in both languages; no other sheet gets a card there."""
    import pytest

    from gamekit.teacher_sheets import worksheet_markdown

    notebook = L.LESSONS[5].notebook
    for lang, title, head in (
        ("en", "**Take or refuse?**", "## Exercise {n}"),
        ("es", "**¿Llevártelas o rechazarlas?**", "## Ejercicio {n}"),
    ):
        sheet = worksheet_markdown("gamekit.dots.lessons", notebook, lang)
        assert sheet.count(title) == 1
        assert sheet.index(head.format(n=3)) < sheet.index(title) < sheet.index(head.format(n=4))
    assert L.worksheet_words_after(notebook, "loop_six") == []
    assert L.worksheet_words_before(L.LESSONS[4].notebook, "control_price") == []
    with pytest.raises(KeyError, match="no Dots and Boxes lesson"):
        L.worksheet_words_before("dots_and_boxes/99_nothing", "control_price")
