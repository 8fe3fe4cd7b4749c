"""A strict reader's round on the Dots lessons: lesson 3's judged caption gives its reason in lesson 3's words,
lesson 4 fits its 50 minutes, lesson 5's worksheet shows exercise 1's board, and a few wordings."""

from pathlib import Path

import pytest

from gamekit.dots import lesson_pictures
from gamekit.dots.lesson_positions import SEQUENCES
from gamekit.i18n import using

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(
    "lang, reason",
    [
        ("en", "taking the last boxes too means Gold must then open the chain of 5."),
        ("es", "al llevarse también las últimas casillas, Dorado tiene que abrir después la cadena de 5."),
    ],
)
def test_lesson_3_chains_caption_says_why_taking_on_was_a_mistake_without_lesson_5_words(lang, reason):
    """The caption at a3-b3 said only "A mistake, says the exact calculation": it now gives the reason lesson 3
    can give (taking every box left Gold to open the chain of 5), and still names no better line nor the
    double-deal, which lesson 5 teaches."""
    with using(lang):
        captions = [s.caption for s in lesson_pictures.steps("chains")]
    steps = SEQUENCES["chains"]["steps"]
    judged = [i for i, c in enumerate(captions) if reason in c]
    assert len(judged) == 1 and steps[judged[0] - 1] == "a3-b3"
    assert not any(word in captions[judged[0]] for word in ("double-deal", "doble entrega", "b4-c4", "would have"))
