"""Practice names a drop that lets nobody win at once with lesson 2's word, "safe drop" («jugada segura»), on its
pages and in its hints, ideas and explanations, never a second word for the same idea."""

from __future__ import annotations

import ast
import string
from pathlib import Path

import pytest

from gamekit.i18n import ntr, tr, using

ROOT = Path(__file__).resolve().parents[2]
LESSON = {
    "en": "notebooks/five_in_a_row/02_threats_and_exercises.md",
    "es": "notebooks/es/five_in_a_row/02_threats_and_exercises.md",
}
PAGES = {
    "en": ("notebooks/practice/02_five_in_a_row.md", "notebooks/practice/03_connect_four.md"),
    "es": ("notebooks/es/practice/02_five_in_a_row.md", "notebooks/es/practice/03_connect_four.md"),
}
WORDS = {"en": ("safe drop", "harmless"), "es": ("jugada segura", "inofensiv")}
MODULES = (
    "gamekit/puzzles/connect_why.py",
    "gamekit/puzzles/connect_kept_off.py",
    "gamekit/puzzles/connect_words.py",
    "gamekit/puzzles/practice_words.py",
    "gamekit/connect/puzzle_text.py",
)


def plurals() -> dict[str, tuple[str, str, int]]:
    """Each string of an ``ntr`` call of those modules -> (singular, plural, a count that picks it)."""
    found = {}
    for path in MODULES:
        for n in ast.walk(ast.parse((ROOT / path).read_text(encoding="utf-8"))):
            if isinstance(n, ast.Call) and getattr(n.func, "id", "") == "ntr" and len(n.args) >= 2:
                one, many = (a.value if isinstance(a, ast.Constant) else None for a in n.args[:2])
                if isinstance(one, str) and isinstance(many, str):
                    found[one], found[many] = (one, many, 1), (one, many, 2)
    return found


def spanish(msgid: str) -> str:
    with using("es"):
        if msgid not in plurals():
            return tr(msgid)
        one, many, n = plurals()[msgid]
        names = {f for _, f, _, _ in string.Formatter().parse(one + many) if f and f != "n"}
        return ntr(one, many, n, **{f: "{" + f + "}" for f in names})


def messages() -> list[str]:
    """Every string of Practice's 5 en raya / Connect Four words modules (docstrings left out)."""
    found = []
    for path in MODULES:
        tree = ast.parse((ROOT / path).read_text(encoding="utf-8"))
        docs = {id(n.value) for n in ast.walk(tree) if isinstance(n, ast.Expr)}  # docstrings, bare notes
        found += [
            n.value
            for n in ast.walk(tree)
            if isinstance(n, ast.Constant) and isinstance(n.value, str) and id(n) not in docs
        ]
    return found


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_pages_use_the_lessons_word(lang):
    word, other = WORDS[lang]
    assert word in (ROOT / LESSON[lang]).read_text(encoding="utf-8").lower()  # the lesson's word
    for page in PAGES[lang]:
        text = (ROOT / page).read_text(encoding="utf-8").lower()
        assert word in text and other not in text, page


def test_the_hints_ideas_and_explanations_use_it_in_both_languages():
    strings = messages()
    assert not [s for s in strings if "harmless" in s.lower()]
    about = [s for s in strings if "safe drop" in s]
    assert len(about) >= 10  # the run-out counts, the ideas, the hints and the why lines
    es = [spanish(s) for s in about]
    assert all(t != s for t, s in zip(es, about))  # every one translated
    assert not [t for t in es if "inofensiv" in t]
    assert all("segura" in t for t in es), es
