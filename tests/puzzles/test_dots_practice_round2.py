"""A strict reader's second round on Dots Practice: the page lists its ideas one a line in plain words, the Spanish
feedback says «trazar» as the glossary does, a combined habit of the lower levels passes no list, the mixed list
gives the thin ideas their share, and the homework sets are what their codes say."""

import re
from pathlib import Path

import pytest

from gamekit.i18n import using
from gamekit.puzzles.dots_why import no_third_side_why
from gamekit.puzzles.pools import practice_pool

G = "dots_and_boxes"
ROOT = Path(__file__).resolve().parents[2]


def test_the_spanish_no_third_side_reason_says_trazar_like_the_rest_of_the_feedback():
    """It said «esta línea no dibuja el tercer lado» and the next sentence «no traces»: the glossary's verb is
    «trazar»."""
    p = practice_pool(G, "avoid_third_side")[0]
    with using("es"):
        words = no_third_side_why(p)
    assert words.startswith("Por qué: con esta línea no trazas el tercer lado de ninguna casilla;"), words
    assert "dibuj" not in words


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_page_lists_the_ideas_one_a_line_and_says_lessons_one_and_two_are_a_warm_up(lang):
    """The ideas were one paragraph of nine sentences: now a list, one idea a bullet of one short sentence naming
    its lesson, the feedback in one sentence, and lessons 1 and 2's lists said to be a warm-up of one rule."""
    path = ROOT / ("notebooks/practice" if lang == "en" else "notebooks/es/practice") / "01_dots_and_boxes.md"
    page = path.read_text(encoding="utf-8")
    start = page.index("**The ideas.**" if lang == "en" else "**Las ideas.**")
    block = page[start : page.index("\n## ", start)]
    bullets = [line for line in block.splitlines() if line.startswith("* ")]
    assert len(bullets) == 10
    for line in bullets:
        assert re.match(r"\* \*[^*]+\* \((lesson|lessons|lección|lecciones) [0-9]", line), line
        assert len(line) <= 120 and len(line.split()) <= 22, line
    warm = {"en": "are a warm-up of one rule", "es": "son un calentamiento de una sola regla"}[lang]
    feedback = {
        "en": "After each answer, one sentence says why it is right, or names the mistake.",
        "es": "Tras cada respuesta, una frase explica por qué es correcta o nombra el error.",
    }[lang]
    assert warm in block and feedback in " ".join(block.split())
