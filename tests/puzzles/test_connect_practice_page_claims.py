"""What the 5 en raya and Connect Four Practice pages say is true of the lists they describe: level 2's lesson-2
puzzles, the label of Connect Four's lesson lists, the short "how it works" above the board, and the mixed list's
neutral question."""

from pathlib import Path

import pytest

from gamekit.i18n import using
from gamekit.progress import level
from gamekit.puzzles.connect_lessons import lesson_prompt, neutral_question, one_step_kind
from gamekit.puzzles.connect_thumbs import centre_picks
from gamekit.puzzles.pools import lesson_choices, lesson_pool

ROOT = Path(__file__).resolve().parents[2]
PAGES = {
    "five_in_a_row": ("notebooks/practice/02_five_in_a_row.md", "notebooks/es/practice/02_five_in_a_row.md"),
    "connect_four": ("notebooks/practice/03_connect_four.md", "notebooks/es/practice/03_connect_four.md"),
}
LEVEL_TWO = {
    "five_in_a_row": (
        "Also puzzles from lesson 2 where nothing wins at once and nothing needs blocking."
        " In them you choose a safe drop.",
        "También problemas de la lección 2 en los que nada gana en esta jugada y no hay que bloquear nada. En ellos"
        " eliges una jugada segura.",
    ),
    "connect_four": (
        "They practise choosing a safe drop: one that does not let your opponent win at once.",
        "Sirven para practicar cómo elegir una jugada segura: una que no deje ganar a tu rival en la jugada siguiente.",
    ),
}


def _flat(path):
    return " ".join((ROOT / path).read_text(encoding="utf-8").split())


@pytest.mark.parametrize("game_id", list(PAGES))
def test_every_lesson_2_puzzle_at_level_2_has_a_right_drop_among_the_safe_drops_nearest_the_centre(game_id):
    """The page's level-2 sentence (what the level practises: choosing a safe drop, true as a right drop is
    among the safe drops nearest the centre; the page names no column, which would point at the answer), checked
    over lesson 2's list and the lesson-2 puzzles of the mixed list."""
    at = [p for p in lesson_pool(game_id, 2) if level(p.rating) == 2]
    at += [p for p in lesson_pool(game_id, None) if level(p.rating) == 2 and not neutral_question(p)]
    assert at
    for p in at:
        assert set(centre_picks(p.position)) & set(p.answers), p.id
    for path, said in zip(PAGES[game_id], LEVEL_TWO[game_id]):
        page = _flat(path)
        assert said in page and "Some have" not in page and "Algunos tienen" not in page  # all do, not some


def test_connect_fours_lesson_list_names_the_5_en_raya_lessons_and_the_page_agrees():
    with using("en"):
        labels = [label for label, key in lesson_choices("connect_four") if key in (1, 2)]
    assert labels and all(label.startswith("5 en raya lesson") for label in labels), labels
    en, es = (_flat(p) for p in PAGES["connect_four"])
    assert "Connect Four, lesson" not in en and "*5 en raya lesson 2's ideas — double threat" in en
    assert "5 en raya lesson 1's ideas" in en
    with using("es"):
        labels = [label for label, key in lesson_choices("connect_four") if key in (1, 2)]
    assert all(label.startswith("Ideas de la lección") and "de 5 en raya" in label for label in labels), labels
    assert "Cuatro en raya, ideas de la lección" not in es and "«Ideas de la lección 1 de 5 en raya»" in es


@pytest.mark.parametrize("game_id", list(PAGES))
def test_a_short_how_it_works_comes_before_the_board_and_the_rest_after(game_id):
    for path in PAGES[game_id]:
        text = (ROOT / path).read_text(encoding="utf-8")
        before, after = text.split("Practice(", 1)
        intro = before.split("\n# ", 1)[1].split("```{code-cell}")[0]
        prose = [line for line in intro.splitlines()[1:] if line.strip() and not line.startswith("*[")]
        assert 2 <= len(prose) <= 4, prose
        assert "**How it works.**" in intro or "**Cómo funciona.**" in intro
        assert "## How this page works" in after or "## Cómo funciona esta página" in after


@pytest.mark.parametrize("game_id", list(PAGES))
def test_the_mixed_list_words_a_win_now_as_a_win_now_and_a_block_as_a_block(game_id):
    """Only lesson 1's own list asks "win at once if you can; if you cannot, stop …" (it teaches that rule, the same
    words for both kinds); the mixed list (and homework) says a win at once as a win now and a block as a block,
    never the solver's "can force a win … keeps the win" or "keeps the draw" that hide a one-move tactic."""
    ones = [p for p in lesson_pool(game_id, None) if neutral_question(p)]
    assert ones
    line = "five" if game_id == "five_in_a_row" else "four"
    with using("en"):
        kinds = set()
        for p in ones:
            text = lesson_prompt(p, None)
            kind = one_step_kind(p)
            kinds.add(kind)
            assert "force a win" not in text and "keeps the draw" not in text and "if you cannot" not in text
            if kind == "win_now":
                assert text.endswith(f"can make {line} in a line at once."), text
            else:
                assert text.endswith(f"has a threat of {line} in a line: block it."), text
        assert kinds == {"win_now", "block"}
        assert all("if you cannot" in lesson_prompt(p, 1) for p in ones)
        others = [p for p in lesson_pool(game_id, None) if not neutral_question(p)]
        assert others and all(lesson_prompt(p, None) is None for p in others)
