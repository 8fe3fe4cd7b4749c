"""5 en raya / Connect Four Practice pages as a pupil meets them: the first Hint names an idea only when the answer
uses it, homework sets spread their answer columns, and the wrong-drop words say what the pupil can check."""

import pytest

from gamekit.i18n import using
from gamekit.puzzles.connect import GENERAL_HINT
from gamekit.puzzles.connect_why import idea_in_every_answer
from gamekit.puzzles.core import game_themes, theme_hint
from gamekit.puzzles.pools import practice_pool
from gamekit.puzzles.practice import Practice

GAMES = ["five_in_a_row", "connect_four"]


@pytest.fixture(autouse=True)
def _own_progress(tmp_path, monkeypatch):
    monkeypatch.setenv("GAMEKIT_PROGRESS_FILE", str(tmp_path / "progress.json"))


@pytest.mark.parametrize("game_id", GAMES)
def test_the_first_hint_names_an_idea_only_when_every_right_drop_uses_it(game_id):
    """In every pool (all ideas mixed, or one idea) the first Hint names a puzzle's idea only when each right drop
    shows it on the board; otherwise it is a general hint that is true of every puzzle (the reader's example:
    an odd/even hint where the right drop makes no threat)."""
    general = 0
    with using("en"):
        for theme in [None, *game_themes(game_id)]:
            try:
                pool = practice_pool(game_id, theme)
            except ValueError:
                continue
            for p in pool:
                hint = Practice(game_id, theme=theme, puzzles=[p]).hint()
                general += GENERAL_HINT in hint
                for t in game_themes(game_id):
                    if theme_hint(game_id, t).rstrip("?.") in hint:
                        assert idea_in_every_answer(p, t), (theme, p.id, t, hint)
    assert general  # the mixed pool holds such puzzles: they get the general hint
    if game_id == "connect_four":
        mixed = {p.id: p for p in practice_pool(game_id)}
        with using("en"):
            assert GENERAL_HINT in Practice(game_id, puzzles=[mixed["c4-8938336620"]]).hint()


def _runs(puzzles) -> list:
    return [
        (i, b.answers)
        for i, (a, b) in enumerate(zip(puzzles, puzzles[1:]), start=1)
        if len(a.answers) == 1 and a.answers == b.answers
    ]


@pytest.mark.parametrize("game_id", GAMES)
def test_no_homework_set_asks_the_same_only_column_twice_running(game_id):
    """Every set the homework page and the Practice code box make (each idea and all of them mixed, seeds 0 to 5)
    has no two puzzles running whose one right drop is the same column, while it stays easy to hard: a run of
    column 6 teaches "drop in 6", not the idea (the reader's five-all-10-0 ended 6, 6, 6).  Only a set that is its
    idea's whole pool keeps a run its levels force."""
    from gamekit.progress import level
    from gamekit.puzzles.homework import homework_set

    if game_id == "five_in_a_row":
        assert not _runs(list(homework_set(game_id, None, 10, 0)))
    for theme in [None, *game_themes(game_id)]:
        size = min(10, len(practice_pool(game_id, theme)))
        if not size:
            continue
        for seed in range(6):
            chosen = list(homework_set(game_id, theme, size, seed))
            levels = [level(p.rating) for p in chosen]
            assert levels == sorted(levels), (theme, seed)
            if size < len(practice_pool(game_id, theme)):
                assert not _runs(chosen), (theme, seed, [p.answers for p in chosen])


@pytest.mark.parametrize("game_id", GAMES)
def test_the_empty_own_mistakes_board_shows_one_sentence_and_no_controls(game_id):
    """Before any reviewed game has a mistake, the "Your own mistakes" board shows one short sentence: no Check,
    Hint, Show what happens or Next, no answer box and no level line, and Next or an answer does nothing."""
    import ipywidgets as W

    empty = Practice(game_id, personal=True)

    def shown(widget):
        yield widget
        for child in getattr(widget, "children", ()):
            yield from shown(child)

    on_page = list(shown(empty))
    assert not any(isinstance(w, (W.Button, W.Text, W.ToggleButtons)) for w in on_page)
    assert empty.status not in on_page and empty.plot not in on_page and empty.title not in on_page
    assert empty.feedback in on_page
    with using("en"):
        said = Practice(game_id, personal=True).last_feedback
    assert said.startswith("No mistakes to practise yet: ") and said.count(".") == 1
    with using("es"):
        assert Practice(game_id, personal=True).last_feedback.startswith("Todavía no hay errores")
    assert empty.next() is None
    with pytest.raises(ValueError):
        empty.answer("4")


def test_a_loss_many_discs_later_points_at_show_what_happens_on_the_practice_board():
    """ "Yellow does not win at once: it takes 15 more yellow discs, but you cannot stop it" cannot be checked by
    eye (the reader's complaint): on the Practice board, which can play the line out, the feedback says to press
    Show what happens, and that button is there; a drop that loses at once says nothing of it."""
    from gamekit.puzzles import bank

    p = next(p for p in bank("connect_four") if p.id == "c4-a79dd5eb8d")
    board = Practice("connect_four", puzzles=[p])
    with using("en"):
        ok, said = board.answer("1")
    assert not ok
    assert said.endswith(
        "Yellow does not win at once: it takes 15 more yellow discs, but you cannot stop it."
        " Press Show what happens to see how, move by move."
    )
    assert board.refute_button.layout.display is None and not board.refute_button.disabled
    assert board.show_refutation() == 1  # the button plays the wrong drop, then the line
    with using("es"):
        said_es = Practice("connect_four", puzzles=[p]).answer("1")[1]
    assert said_es.endswith("Pulsa Mostrar qué pasa para verlo jugada a jugada.")
    quick = 0
    for q in bank("connect_four")[:60]:
        checked = Practice("connect_four", puzzles=[q])  # one board per puzzle: a wrong answer's words are its own
        for a in q.legal_answers():
            if a in q.answers or q.refutations[a]["value"] >= 0:
                continue
            with using("en"):
                text = checked.answer(a)[1]
            assert ("Press Show what happens" in text) == ("does not win at once" in text), (q.id, a)
            quick += "does not win at once" not in text
        checked.close()  # a closed board is no open board: later answers do not refresh its status line
    assert quick


def test_the_practice_pages_read_plainly_in_both_languages():
    """The Connect Four page no longer sends the pupil to "a board in a 5 en raya lesson" without saying how; the
    Spanish pages use one verb for clicking a column; the Spanish
    kept-off words say "si los dos juegan lo mejor posible, la partida sigue así", not "el mejor juego sigue así"."""
    from pathlib import Path

    from gamekit.i18n import ntr

    root = Path(__file__).resolve().parents[2] / "notebooks"
    assert "5 en raya lesson works too" not in (root / "practice" / "03_connect_four.md").read_text(encoding="utf-8")
    for name in ("02_five_in_a_row.md", "03_connect_four.md"):
        es = (root / "es" / "practice" / name).read_text(encoding="utf-8")
        assert "Pulsa la columna" not in es and "pulsa la columna" not in es and "Haz clic en la columna" in es
        assert ("También vale un tablero de una lección" not in es) or name.startswith("02")
    with using("es"):
        for n in (1, 2):
            for words in (
                "{n} other drops keep off it too, but lose: after column {w}, best play goes {line}.",
                "{n} other drops keep off it too, but do worse: after column {w}, best play goes {line}.",
            ):
                one = words.replace("{n} other drops keep", "One other drop keeps").replace("but lose", "but loses")
                one = one.replace("but do worse", "but does worse")
                said = ntr(one, words, n, w=3, line="…")
                assert "si los dos juegan lo mejor posible, la partida sigue así" in said, said
                assert "el mejor juego" not in said


@pytest.mark.parametrize("game_id", GAMES)
def test_the_pages_say_a_right_answer_after_two_hints_counts_as_a_wrong_one_for_the_level(game_id):
    """The reader: a right answer after the second Hint lowered the level and the page did not say so.  On a board,
    a right first answer after a second Hint that names wrong drops moves the rating exactly as a wrong first
    answer does; the pages (English and Spanish) say so in one short sentence beside the hints."""
    from pathlib import Path

    from gamekit import progress

    p = next(p for p in practice_pool(game_id) if len(p.legal_answers()) - len(p.answers) >= 3)
    after = {}
    for how in ("helped", "wrong"):
        progress.save_rating(game_id, 1500.0, 200.0, 0.06)
        board = Practice(game_id, puzzles=[p])
        before = board.rating.rating
        if how == "helped":
            board.hint()
            assert "Leave" in board.hint()  # the second Hint named wrong drops: it helped
            assert board.answer(p.answers[0])[0]
        else:
            assert not board.answer(next(a for a in p.legal_answers() if a not in p.answers))[0]
        after[how] = progress.ratings()[game_id]["rating"]
        board.close()
        assert after[how] < before
    assert after["helped"] == pytest.approx(after["wrong"])
    page = {"five_in_a_row": "02_five_in_a_row", "connect_four": "03_connect_four"}[game_id]
    root = Path(__file__).resolve().parents[2] / "notebooks"
    en = " ".join((root / "practice" / f"{page}.md").read_text(encoding="utf-8").split())
    es = " ".join((root / "es" / "practice" / f"{page}.md").read_text(encoding="utf-8").split())
    assert "second hint does not count as solved at the first try. For your level, it counts as a wrong answer." in en
    assert (
        "Si aciertas después de la segunda pista, el problema no cuenta como resuelto a la primera. Para tu nivel,"
        " cuenta como una respuesta equivocada." in es
    )
