"""Practice wording a pupil reads: whole sentences, glossary terms, plurals, the status line, the homework page's
words per game and codes typed as pupils type them (English and Spanish)."""

import re

import pytest

from gamekit.dots import capture_lines
from gamekit.i18n import using
from gamekit.puzzles.pools import lesson_pool
from gamekit.puzzles.practice_words import mistake_words

D = "dots_and_boxes"


def _answer_boxes(p) -> set[str]:
    """The boxes an accepted answer of ``p`` completes."""
    game, geo = p.position, p.position.geometry
    boxes = set()
    for a in p.answers:
        for b in geo.line_boxes[game.line_index(a)]:
            if game.sides_drawn(b) == 3:
                boxes.add(geo.box_name(b))
    return boxes


def _named(box: str, text: str) -> bool:
    """Whether ``text`` names ``box`` on its own (not as the end of a line such as ``c4-c5``)."""
    return re.search(rf"(?<![\w-]){re.escape(box)}(?![\w-])", text) is not None


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_wrong_line_cut_before_the_answer_reads_as_sentences_and_names_no_answer_box(lang):
    """Lesson 1's wrong lines: most refutations start with the reply the pupil should have played, so the line shown
    is empty. The feedback is then whole sentences and never names the boxes the right line takes."""
    cut = 0
    with using(lang):
        for p in lesson_pool(D, 1):
            answer_boxes = _answer_boxes(p)
            for w in p.refutations:
                ok, text = p.check(w)
                assert not ok
                text += " " + (mistake_words(p, w) or "")
                assert not re.search(r"(Not the best|No es la mejor): [a-f]\d-[a-f]\d\.", text), text
                if not p._cut(p.refutations[w].get("line") or []):
                    continue
                cut += 1
                if p.refutations[w]["line"][0][1] in p.answers:  # nothing of the line is shown
                    assert text.split(". ")[0] in (f"The line {w} is not the best", f"La línea {w} no es la mejor")
                assert not [b for b in answer_boxes if _named(b, text)], (p.id, w, text)
    assert cut >= 100


def test_the_take_a_box_mistake_says_what_the_line_allows_in_both_languages():
    p = next(p for p in lesson_pool(D, 1) if p.id == "dots-0520e94cf3")
    assert set(p.answers) <= set(capture_lines(p.position))
    assert p.check("c1-d1")[1] == "The line c1-d1 is not the best. That costs you 11 boxes."
    assert mistake_words(p, "c1-d1") == "The mistake: c1-d1 leaves the 2 boxes with three sides for Coral to take."
    with using("es"):
        assert p.check("c1-d1")[1].startswith("La línea c1-d1 no es la mejor.")
        words = mistake_words(p, "c1-d1")
        assert words.startswith("El error: c1-d1 deja las 2 casillas de tres lados") and "d3" not in words


def test_no_dots_wrong_answer_names_the_boxes_the_right_line_takes():
    """A decline that leaves another chain's box on offer says how many, not which (taking it is the answer)."""
    from gamekit.puzzles.pools import practice_pool

    checked = 0
    for p in practice_pool(D):
        answer_boxes = _answer_boxes(p)
        for w in p.refutations:
            text = p.check(w)[1] + " " + (mistake_words(p, w) or "")
            assert not [b for b in answer_boxes if _named(b, text)], (p.id, w, text)
            checked += 1
    assert checked > 1000
    p = next(p for p in practice_pool(D) if p.id == "dots-0c410a7cff")
    with using("es"):
        assert "deja también una casilla de otra cadena" in mistake_words(p, "a3-b3")
