"""Languages: the gettext catalogues are complete, the code bypasses none of them, widgets keep their language.

* every message in ``gamekit/locale/es/LC_MESSAGES/gamekit.po`` has a Spanish translation (no empty
  ``msgstr``, nothing fuzzy, the same ``{placeholders}``), and every message the code marks is in it;
* the committed ``.mo`` says exactly what the ``.po`` says;
* under a pseudo-language ``xx`` that brackets every translated message, every string a widget shows
  (buttons, selectors, cards, status line, help, board texts) is bracketed: a string that bypasses the
  catalogue stands out;
* the engines' errors come in the current language; a widget keeps the language it was created in.
"""

from __future__ import annotations

import gettext
import html
import os
import re
import string
import subprocess
import sys
from pathlib import Path

import ipywidgets as W
import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po

from gamekit.dots import lesson_pictures
from gamekit.dots import lesson_positions
import gamekit
from gamekit import BadPositionError, IllegalMoveError, i18n
from gamekit.connect.rules import ConnectGame, FiveInARow
from gamekit.connect.widget import ConnectWidget
from gamekit.dots.rules import DotsAndBoxes
from gamekit.dots.widget import DotsWidget
from gamekit.shutbox.game import ShutTheBox
from gamekit.shutbox.widget import ShutBoxWidget
from gamekit.widgets.settings import BadSettingError

ROOT = Path(__file__).resolve().parents[1]
LOCALE = ROOT / "gamekit" / "locale"
PO = LOCALE / "es" / "LC_MESSAGES" / "gamekit.po"
MO = PO.with_suffix(".mo")
KEYWORDS = {
    "tr": None,
    "ntr": (1, 2),
    "ptr": ((1, "c"), 2),
    "N_": None,
    "said": None,
    "nsaid": (1, 2),
}  # as in `make messages`


@pytest.fixture
def spanish():
    before = i18n.get_language()
    gamekit.set_language("es")
    yield
    gamekit.set_language(before)


def catalogue():
    with open(PO, "rb") as f:
        return read_po(f, locale="es")


def placeholders(message: str) -> set[str]:
    """The ``{name!conv:spec}`` fields of a message (literal ``{{``/``}}`` are not fields); a translation may
    use one twice or once, but must use every one and no other."""
    return {f"{name}!{conv}:{spec}" for _, name, spec, conv in string.Formatter().parse(message) if name is not None}


# ------------------------------------------------------------------ the catalogue itself
def test_every_message_has_a_spanish_translation_with_the_same_placeholders():
    cat = catalogue()
    assert not cat.fuzzy, "the .po header is marked fuzzy"
    problems = []
    for m in cat:
        if not m.id:
            continue
        ids = m.id if isinstance(m.id, tuple) else (m.id,)
        strings = m.string if isinstance(m.string, tuple) else (m.string,)
        if m.fuzzy:
            problems.append(f"fuzzy: {ids[0]!r}")
        if not all(strings):
            problems.append(f"untranslated: {ids[0]!r}")
            continue
        for s in strings:
            if placeholders(s) != placeholders(ids[-1]) and placeholders(s) != placeholders(ids[0]):
                problems.append(f"placeholders differ: {ids[0]!r} → {s!r}")
    assert not problems, "\n".join(problems)
    assert len(cat) > 250


def test_every_message_the_code_marks_is_in_the_catalogue():
    marked = {
        msg if isinstance(msg, str) else msg[0]
        for _, _, msg, _, _ in extract_from_dir(
            str(ROOT / "gamekit"), keywords=KEYWORDS, method_map=[("**.py", "python")]
        )
    }
    known = {m.id if isinstance(m.id, str) else m.id[0] for m in catalogue() if m.id}
    missing = sorted(marked - known)
    assert not missing, f"run `make messages` and translate: {missing}"
    with open(LOCALE / "gamekit.pot", "rb") as f:
        template = {m.id if isinstance(m.id, str) else m.id[0] for m in read_po(f) if m.id}
    assert marked <= template, f"the .pot is out of date: {sorted(marked - template)}"


def test_the_committed_mo_says_what_the_po_says():
    with open(MO, "rb") as f:
        compiled = gettext.GNUTranslations(f)
    for m in catalogue():
        if not m.id:
            continue
        if isinstance(m.id, tuple):
            for n, form in ((1, 0), (2, 1)):
                found = compiled.npgettext(m.context, *m.id, n) if m.context else compiled.ngettext(*m.id, n)
                assert found == m.string[form], m.id
        else:
            found = compiled.pgettext(m.context, m.id) if m.context else compiled.gettext(m.id)  # ptr(): a context
            assert found == m.string, f"{m.id!r}: recompile with `make messages`"


def test_sheet_terms_are_used():
    spanish = " ".join(m.string if isinstance(m.string, str) else " ".join(m.string) for m in catalogue())
    for term in (
        "punto",
        "línea",
        "casilla",
        "tercer lado",
        "cadena",
        "Dorado",
        "Coral",
        "ficha",
        "columnas laterales",
        "Cerrar la caja",
        "dados",
        "cubiert",
        "Cuatro en raya",
    ):
        assert term in spanish, term


# ------------------------------------------------------------------ choosing the language
def test_set_language_checks_its_input_and_changes_nothing_on_refusal(spanish):
    for bad in ("fr", "", "klingon"):
        with pytest.raises(ValueError, match="gamekit speaks"):
            gamekit.set_language(bad)
        assert gamekit.get_language() == "es"
    for bad in (None, 1, b"es", ["es"]):
        with pytest.raises(TypeError):
            gamekit.set_language(bad)
    gamekit.set_language("es_ES.UTF-8")
    assert gamekit.get_language() == "es"
    gamekit.set_language("EN")
    assert gamekit.get_language() == "en"


def test_environment_variable_sets_the_language_for_a_whole_class():
    code = (
        "import gamekit, gamekit.dots.rules as r\n"
        "try:\n    r.DotsAndBoxes().play('a1-c1')\nexcept gamekit.IllegalMoveError as e:\n    print(e)\n"
        "print(gamekit.get_language())"
    )
    env = {**os.environ, "PYTHONPATH": str(ROOT), "GAMEKIT_LANG": "es_ES.UTF-8"}
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True).stdout
    assert "no son puntos vecinos" in out and out.split()[-1] == "es"
    env["GAMEKIT_LANG"] = "fr"  # unknown: a warning, English, no crash
    run = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    assert "not neighbouring dots" in run.stdout and "GAMEKIT_LANG" in run.stderr


# ------------------------------------------------------------------ engines
def test_engine_errors_come_in_spanish(spanish):
    dots = DotsAndBoxes(2, 2)
    for move, words in (
        ("a1-c1", "no son puntos vecinos"),
        ("a1-b2", "no se permiten diagonales"),
        ("z9-z8", "fuera del tablero"),
        ("hola", "línea mal escrita"),
    ):
        with pytest.raises(IllegalMoveError, match=words):
            dots.play(move)
    dots.play("a1-b1")
    with pytest.raises(IllegalMoveError, match="ya está trazada"):
        dots.play("a1-b1")
    five = FiveInARow()
    with pytest.raises(IllegalMoveError, match="columnas laterales son fijas"):
        five.play("9")
    with pytest.raises(IllegalMoveError, match="no es una jugada"):
        five.play("x")
    box = ShutTheBox(dice=[(4, 5)])
    with pytest.raises(IllegalMoveError, match="primero tira los dados"):
        box.play(("cover", (9,)))
    box.play(("roll", 2))
    with pytest.raises(IllegalMoveError, match="suma 8, no la tirada 9"):
        box.play(("cover", (5, 3)))
    with pytest.raises(BadPositionError, match="no es una partida guardada"):
        DotsAndBoxes.from_dict([1, 2])
    with pytest.raises(BadPositionError, match="jugada 2 no es válida"):
        ConnectGame.from_dict({**FiveInARow().to_dict(), "moves": ["4", "9"]})
    assert ShutTheBox(players=2).names == ["Jugador 1", "Jugador 2"]


def test_engine_errors_stay_english_by_default():
    assert gamekit.get_language() == "en"
    with pytest.raises(IllegalMoveError, match="not neighbouring dots"):
        DotsAndBoxes().play("a1-c1")


# ------------------------------------------------------------------ widgets keep their language
def test_a_widget_keeps_the_language_it_was_created_in(spanish):
    w = DotsWidget(3, 3, mode="people")
    gamekit.set_language("en")
    english = DotsWidget(3, 3, mode="people")
    assert (w.language, english.language) == ("es", "en")
    assert w.new_button.description == "Nueva partida" and english.new_button.description == "New game"
    w.click_line("a1-b1")
    assert w.last_status == "Le toca a Coral."
    w.hint()
    assert w.last_status.startswith("Pista:")
    w.click(1, 1)  # not on a line: the refusal is Spanish too
    assert "hueco" in w.last_status
    with pytest.raises(BadSettingError, match="elige uno de"):
        w.set_level("experto")
    assert w.last_status.startswith("Sin cambios")
    w.request_undo()
    assert "pide deshacer" in w.last_status
    english.click_line("a1-b1")
    assert english.last_status == "Coral to move." and gamekit.get_language() == "en"


def test_engine_refusals_inside_a_spanish_widget_are_spanish():
    gamekit.set_language("es")
    try:
        box = ShutBoxWidget(seats=["person"], seed=3)
    finally:
        gamekit.set_language("en")
    box.confirm()
    assert box.language == "es" and "Tira primero" in box.last_status or "tira" in box.last_status.lower()
    c = ConnectWidget("five", mode="people")
    assert c.language == "en"


# ------------------------------------------------------------------ nothing bypasses the catalogue
def bracket(message):
    """⟦…⟧ around the words of a message but not around its placeholders: "⟦Hint: ⟧{move}⟦ — ⟧{reason}⟦.⟧".

    A value put into a placeholder must then be bracketed itself (or be a number or a move name).
    """
    out = []
    for literal, name, spec, conv in string.Formatter().parse(message):
        if literal:
            out.append("⟦" + literal.replace("{", "{{").replace("}", "}}") + "⟧")
        if name is not None:
            out.append("{" + name + (f"!{conv}" if conv else "") + (f":{spec}" if spec else "") + "}")
    return "".join(out)


class Brackets(gettext.NullTranslations):
    """The pseudo-language ``xx``: every message from the catalogue comes back with its words in ⟦…⟧."""

    def gettext(self, message):
        return bracket(message)

    def ngettext(self, singular, plural, n):
        return bracket(singular if n == 1 else plural)

    def pgettext(self, context, message):
        return bracket(message)


@pytest.fixture
def pseudo():
    i18n.register_translations("xx", Brackets())
    before = i18n.get_language()
    gamekit.set_language("xx")
    yield
    gamekit.set_language(before)
    i18n.register_translations("xx", None)


def visible_strings(widget):
    """Every string a reader can see in a widget tree: labels, options, HTML text, board texts."""
    seen = []
    stack = [widget]
    while stack:
        w = stack.pop()
        if isinstance(w, (W.Button, W.Checkbox, W.ToggleButton)):
            seen.append(w.description)
        if isinstance(w, (W.Dropdown, W.Select, W.ToggleButtons, W.RadioButtons)):
            seen.append(w.description)
            seen.extend(label for label, _ in ((o if isinstance(o, tuple) else (o, o)) for o in w.options))
        if isinstance(w, (W.HTML, W.Label)):
            blocks = re.split(r"<(?:br|/?div|/?p|/?tr|/?td|/?th|/?li|/?caption)\b[^>]*>", w.value)
            seen.extend(html.unescape(re.sub(r"<[^>]*>", "", block)) for block in blocks)
        stack.extend(getattr(w, "children", ()))
    board = getattr(widget, "board", None)
    if board is not None:
        seen.extend(str(t) for t in board.scene.texts())
    return [s.strip() for s in seen if s and s.strip()]


def bypassing(strings):
    """The strings with a word (two letters or more) outside every ⟦…⟧."""
    bad = []
    for s in strings:
        rest = s
        while True:
            stripped = re.sub(r"⟦[^⟦⟧]*⟧", " ", rest)
            if stripped == rest:
                break
            rest = stripped
        if re.search(r"[^\W\d_]{2,}", rest):
            bad.append(s)
    return bad


def drive_dots():
    w = DotsWidget(2, 2, mode="cpu", level="hard", seed=1)
    yield w
    w.click_line("a1-b1")
    yield w
    w.hint()
    yield w
    w.click(0, 0)
    yield w
    w.set_mode("people")
    w.request_undo()
    yield w
    w.answer_undo(False)
    yield w
    w.set_hints(True)
    yield w
    w.resign()
    yield w
    w.review()  # the review of the finished game: its list, board and caption
    yield w
    w.review_view.next_mistake()
    w.review_view.goto(1)
    yield w
    w.set_mode("watch")
    yield w


def drive_connect():
    w = ConnectWidget("five", popout=True, mode="people", seed=2)
    yield w
    for n in (4, 4, 3):
        w.click_column(n)
    yield w
    w.hint()
    yield w
    w.click(1, 1)
    yield w
    w.set_game("five", popout=True)
    yield w
    w.set_game("four", popout=False)
    yield w
    for n in (1, 2, 1, 2, 1, 2, 1):
        w.click_column(n)
    yield w
    w.review()
    w.review_view.goto(len(w.game.history))
    yield w


def drive_shutbox():
    w = ShutBoxWidget(seats=["person", "cpu"], seed=5)
    yield w
    w.roll()
    yield w
    w.show_sets()
    yield w
    w.hint()
    yield w
    w.setup(variant="long", seats=["person", "person"])
    yield w
    w.roll()
    yield w
    w.setup(variant="to_45", seats=["person", "person", "cpu"])
    yield w
    w.resign()
    yield w
    w.setup(variant="round", seats=["cpu", "cpu"])  # CPU against CPU to the end of the round
    for _ in range(200):
        if w.game.is_over():
            break
        w.step()
        yield w
    assert w.game.is_over()


@pytest.mark.parametrize("drive", [drive_dots, drive_connect, drive_shutbox])
def test_every_string_a_widget_shows_comes_from_the_catalogue(pseudo, drive):
    checked = 0
    for w in drive():
        strings = visible_strings(w)
        checked += len(strings)
        assert not bypassing(strings), f"{type(w).__name__}: strings that bypass the catalogue: {bypassing(strings)}"
        assert not w.errors, w.errors
    assert checked > 50
    assert "⟦" in w.last_status


def test_the_bypass_check_catches_a_bypass(pseudo):
    w = DotsWidget(2, 2, mode="people")
    w.say("Plain English")
    assert bypassing(visible_strings(w)) == ["Plain English"]


# ------------------------------------------------------------------ the glossary
SHEETS = Path("/work/shared/rules-sheets")


def glossary_rows():
    rows = []
    for line in (ROOT / "docs" / "glossary.md").read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 4 and cells[2] in ("sheet", "ours", "sheet / ours"):
            rows.append(cells)
    return rows


def test_glossary_marks_our_own_terms():
    rows = glossary_rows()
    assert len(rows) > 40
    ours = [spanish for _, spanish, source, _ in rows if source == "ours"]
    for needed in ("línea segura", "bucle", "doble cruce", "control"):
        assert needed in ours
    if not SHEETS.is_dir():
        pytest.skip("the rules sheets are not on this machine")
    sheets = " ".join(p.read_text(encoding="utf-8").lower() for p in SHEETS.glob("*.txt"))
    for term in ours:
        first = term.split(" (")[0].split(",")[0].lower()
        if first not in ("control", "zugzwang", "5 en raya"):  # words, not phrases the sheets could use
            assert first not in sheets, f"{term!r} is in a rules sheet: mark it 'sheet'"
    for english, spanish, source, _ in rows:
        if source == "sheet":
            stem = spanish.split(" (")[0].split(",")[0].split("/")[0].lower()[:4]
            assert stem in sheets, f"{english} → {spanish!r} is marked 'sheet' but no sheet uses it"


# ------------------------------------------------------------------ lessons
def lesson_widgets():
    """Every lesson widget: each exercise (answered wrong, then with a hint and the answer), each step-through."""
    from gamekit.connect import lessons as C
    from gamekit.connect import lesson_pictures as connect_pictures
    from gamekit.dots import lessons as D
    from gamekit.progress_report import ProgressView
    from gamekit.shutbox import lessons as S
    from gamekit.shutbox import dice_tally, lesson_scenes
    from gamekit.widgets.lesson import LessonScore

    score = LessonScore("⟦i18n check⟧")
    yield score
    yield ProgressView().widget
    for lesson in (1, 2, 3, 4, 5):
        for name in D.exercises(lesson):
            yield D.exercise(name, score)
    for name in lesson_positions.SEQUENCES:
        yield lesson_pictures.step_through(name)
    for lesson in D.REFLECTIONS:
        yield D.reflection(lesson, score)
    for name in C.BOARD_EXERCISES:
        yield C.exercise(name, score)
    yield connect_pictures.step_through()
    from gamekit.widgets.lesson import ExerciseWidget

    for factory in (f for fs in S.EXERCISES.values() for f in fs):
        yield ExerciseWidget(factory(), score=score)
    yield lesson_scenes.sets_step_through(12)
    yield lesson_scenes.demo_turn()
    # issue 24: the PopOut and doubles step-throughs, the class tally, lesson 3's searches, the reflections
    yield connect_pictures.step_through("popout")
    yield lesson_scenes.doubles_demo()
    tally = dice_tally.tally_widget()
    tally.on_add(None)
    tally.on_undo(None)
    tally.on_undo(None)  # the refusal: nothing left to take back
    yield tally
    for lessons in (D, C, S):  # the "More practice" sets from the puzzle bank
        for n in lessons.LESSONS:
            yield lessons.practice(n, score)
    for factory in C.EXERCISES["five_in_a_row/03_how_the_computer_knows"]:
        yield ExerciseWidget(factory(), score=score)
    for lessons in (C, S):
        for lesson in lessons.REFLECTIONS:
            box = lessons.reflection(lesson, score)
            box.save("")  # the refusal note
            yield box


def answered(widget):
    """Drive an answer box or board: a wrong answer, the hint and the answer (what a pupil sees after)."""
    from gamekit.widgets.lesson import ExerciseWidget, PuzzleBoard
    from gamekit.widgets.reflection import Reflection
    from gamekit.widgets.stepthrough import StepThrough

    inner = [w for w in _tree(widget) if isinstance(w, (ExerciseWidget, PuzzleBoard, StepThrough, Reflection))]
    for w in inner:
        if isinstance(w, StepThrough):
            w.next()
            continue
        if isinstance(w, Reflection):  # an empty answer (refused), then a saved one
            w.submit(" ")
            w.submit("42")
            continue
        ex = w.exercise
        wrong = (ex.wrong or ["zzz"])[0]
        w.submit(wrong) if hasattr(w, "submit") else None
        w.show_hint()
        w.show_answer()
    return widget


def _tree(widget):
    stack, out = [widget], []
    while stack:
        w = stack.pop()
        out.append(w)
        stack.extend(getattr(w, "children", ()))
    return out


def test_every_string_a_lesson_widget_shows_comes_from_the_catalogue(pseudo):
    problems = []
    for w in lesson_widgets():
        answered(w)
        bad = bypassing(visible_strings(w) + [getattr(s, "caption", "") for s in getattr(w, "steps", [])])
        if bad:
            problems.append(f"{type(w).__name__}: {bad[:3]}")
    assert not problems, "\n".join(problems)


# ------------------------------------------------------------------ words a strict Spanish reader refused
BANNED_SPANISH = {
    "los 1 que faltan": "a number before «que faltan» reads «los 1»: say «lo que falta»",
    "entrega sin corazón": "the glossary's term is «entrega sin concesiones»",
    "sea lo mejor posible": "a score is best low and a chance high: «lo más baja/alta posible»",
    "Juega {colour}": "the lessons say «le toca al rojo»",
    "le toca a {colour}": "the lessons say «le toca al rojo» (the colour with its article)",
    "Juega Rojo": "the lessons say «le toca al rojo»",
    "le toca a rojo": "the lessons say «le toca al rojo»",
    "le toca a amarillo": "the lessons say «le toca al amarillo»",
    "no cabe ningún conjunto": "a calque: «ningún conjunto suma la tirada»",
    "tiró la victoria": "a calque: «echó a perder la victoria»",
    "casillas restantes": "a calque: «las casillas que quedan»",
    "resolvedor": "the glossary says «el cálculo exacto» (or «el programa»)",
    "solucionador": "the glossary says «el cálculo exacto» (or «el programa»)",
    "Ficha —": "a worksheet is a «hoja de ejercicios»: «ficha» is a tile or a disc",
}


def test_the_compiled_spanish_catalogue_has_none_of_the_refused_forms():
    """Greps every Spanish string the compiled .mo holds (what a pupil actually reads)."""
    with open(MO, "rb") as f:
        compiled = gettext.GNUTranslations(f)
    # a plural's form for one (index 0) must not say «los … que faltan»; its other forms may
    spanish = [s for key, s in compiled._catalog.items() if s and not (isinstance(key, tuple) and key[1] > 0)]
    found = [f"{bad!r} ({why}): {s!r}" for bad, why in BANNED_SPANISH.items() for s in spanish if bad in s]
    assert not found, "\n".join(found)
    handouts = [s for s in spanish if "entrega sin" in s]
    assert handouts and all("entrega sin concesiones" in s for s in handouts)
    one = [s for key, s in compiled._catalog.items() if isinstance(key, tuple) and key[1] == 0]
    assert not [s for s in one if "que faltan" in s], "the form for one says «que falta»"
    assert compiled.gettext("hard-hearted handout") == "entrega sin concesiones"
    assert compiled.gettext("{colour} to move. Find the drop that wins, at once or later.").startswith(
        "le toca al {colour}"
    )


def test_the_puzzle_prompts_read_as_the_lessons_do_in_spanish():
    from gamekit.i18n import using
    from gamekit.puzzles import bank

    with using("es"):
        five = next(p for p in bank("five_in_a_row") if p.to_move == 0)
        assert five.prompt().startswith("Le toca al rojo.")
        score = next(p for p in bank("shut_the_box") if p.facts["objective"] == "score" and p.facts["kind"] == "set")
        assert "lo más baja posible" in score.prompt()
        shut = next(p for p in bank("shut_the_box") if p.facts["objective"] == "shut" and p.facts["kind"] == "set")
        assert "lo más alta posible" in shut.prompt()
    assert five.prompt().startswith("Red to move.")


def test_no_module_names_a_variable_after_a_message_keyword():
    """The catalogue's extractor (``make messages``) treats ``tr``, ``ntr``, ``ptr``, ``N_``, ``said`` and ``nsaid``
    as message marks wherever they appear: a local variable of one of those names (``said[move]``) made it skip the
    messages around it, so their Spanish went missing on the page.  No module assigns to those names."""
    import ast

    keywords = {"tr", "ntr", "ptr", "N_", "said", "nsaid"}
    found = []
    for path in sorted(Path(gamekit.__file__).parent.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store) and node.id in keywords:
                found.append(f"{path.name}:{node.lineno} {node.id}")
    assert not found, found
