"""Practice wording a pupil reads: whole sentences, glossary terms, plurals, the status line, the homework page's
words per game and codes typed as pupils type them (English and Spanish)."""

import re

import pytest

from gamekit.dots import capture_lines
from gamekit.i18n import using
from gamekit.puzzles.pools import lesson_pool
from gamekit.puzzles.store import load_puzzles
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
    assert p.check("c1-d1")[1] == (
        "The line c1-d1 is not the best. With best play after it, you end the game with 11 boxes fewer than after"
        " the best line."
    )
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
    p = next(p for p in load_puzzles(D) if p.id == "dots-0c410a7cff")  # a puzzle of the bank, in Practice or not
    with using("es"):
        assert "deja también una casilla de otra cadena" in mistake_words(p, "a3-b3")


def test_no_spanish_page_or_message_calls_a_box_a_free_point():
    """In Dots and Boxes «puntos» are the dots (docs/glossary.md): a box with three sides is «una casilla regalada»."""
    from pathlib import Path

    from gamekit.puzzles.dots_why import take_box_why
    from gamekit.puzzles.practice_words import WHY

    root = Path(__file__).resolve().parents[2]
    free = re.compile(r"puntos? gratis", re.IGNORECASE)
    po = (root / "gamekit/locale/es/LC_MESSAGES/gamekit.po").read_text(encoding="utf-8")
    assert not free.search(po)
    for page in [*(root / "docs/teachers/es").rglob("*.md"), *(root / "notebooks/es").rglob("*.md")]:
        assert not free.search(page.read_text(encoding="utf-8")), page
    p = next(p for p in lesson_pool(D, 1) if p.id == "dots-0520e94cf3")
    with using("es"):
        from gamekit.i18n import tr

        assert "una casilla regalada" in tr(WHY["take_box"])
        assert take_box_why(p, "d3-e3").startswith(
            "Por qué: la casilla d3 tiene tres lados: es una casilla regalada, y al llevártela sigues jugando tú."
        )


@pytest.mark.parametrize(
    ("pid", "en", "es"),
    [
        ("dots-02c3f071a9", "3 single boxes", "3 casillas sueltas"),
        ("dots-4c65f98ec4", "a single box", "una casilla suelta"),
        ("dots-03166f4841", "a single box and a chain of 2 boxes", "una casilla suelta y una cadena de 2 casillas"),
        (
            "dots-0520e94cf3",
            "4 single boxes and chains of 2 and 4 boxes",
            "4 casillas sueltas y cadenas de 2 y 4 casillas",
        ),
    ],
)
def test_chains_of_one_box_read_as_single_boxes(pid, en, es):
    from gamekit.puzzles.dots_why import chain_lengths
    from gamekit.puzzles.store import load_puzzles

    p = next(p for p in load_puzzles(D) if p.id == pid)  # a bank position (the mixed list keeps 16 a level)
    assert chain_lengths(p.position) == en
    with using("es"):
        assert chain_lengths(p.position) == es


def test_no_chain_list_says_a_chain_of_one_box():
    from gamekit.puzzles.dots_why import chain_lengths
    from gamekit.puzzles.pools import practice_pool

    for p in practice_pool(D):
        for lang in ("en", "es"):
            with using(lang):
                text = chain_lengths(p.position)
            assert not re.search(r"\b(of|de) 1\b|\b1 (boxes|casillas)\b|(of|de) 1,", text), (p.id, text)


@pytest.mark.parametrize("game_id", ["dots_and_boxes", "five_in_a_row", "shut_the_box"])
def test_the_level_line_says_which_levels_it_serves_in_one_plain_sentence(game_id):
    """The reader saw "Your level: 2 of 9 (no puzzles at this level here yet: you get puzzles of level 1) (still
    settling…)": two brackets in a row, and "yet" promised puzzles that are not coming. Now at most the settling
    bracket, then one sentence."""
    from gamekit.progress import level
    from gamekit.puzzles.pools import lesson_choices, level_words, served_levels
    from gamekit.puzzles.ratings import Rating

    seen = set()
    for _, key in lesson_choices(game_id):
        pool = lesson_pool(game_id, key)
        if not pool:
            continue
        held = {level(p.rating) for p in pool}
        for rating in range(600, 2100, 97):
            for lang in ("en", "es"):
                with using(lang):
                    line = level_words(Rating(rating, 300), pool)
                assert line.count("(") <= 1 and ") (" not in line, line
                assert not re.search(r"\byet\b|\baún no\b", line), line
                served = served_levels(rating, pool)
                if level(rating) not in held:
                    seen.add("none")
                    assert line.endswith(".")
                    assert ("This page has no puzzles of your level, so you get puzzles of level" in line) or (
                        lang == "es" and "Esta página no tiene problemas de tu nivel, así que te tocan" in line
                    ), line
                    assert all(str(n) in line.split(").", 1)[1] for n in served), line
    # a page that holds no puzzle of the pupil's level: when every real list holds every level (Shut the Box's two
    # lists, since its dice drill joined lesson 4's list), the first list without one middle level stands in
    if "none" not in seen:
        pool = lesson_pool(game_id, lesson_choices(game_id)[0][1])
        missing = sorted({level(p.rating) for p in pool})[1]
        thinned = [p for p in pool if level(p.rating) != missing]
        rating = next(r for r in range(0, 3000, 10) if level(r) == missing)
        for lang in ("en", "es"):
            with using(lang):
                line = level_words(Rating(rating, 300), thinned)
            assert ("This page has no puzzles of your level, so you get puzzles of level" in line) or (
                lang == "es" and "Esta página no tiene problemas de tu nivel, así que te tocan" in line
            ), line
            assert all(str(n) in line.split(").", 1)[1] for n in served_levels(rating, thinned)), line
            assert str(missing) not in line.split(").", 1)[1], line
    with using("en"):
        line = level_words(Rating(1000, 300), lesson_pool("dots_and_boxes", 1))
    assert line.startswith("Your level: 2 of ") and "(still settling: a few more puzzles will fix it). " in line


def test_the_homework_page_says_what_a_wrong_answer_shows_per_game():
    """Shut the Box has no replies and no "Show what happens" button: its section says what its feedback gives;
    the games with lines of best play keep the button's words. The shipped pages are the generated ones."""
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    replies = {"en": "a wrong one shows the best replies (Show what happens plays them)", "es": "(Mostrar qué pasa"}
    shut = {"en": "a wrong one gives its chance to shut the box", "es": "una equivocada da su probabilidad de cerrar"}
    for lang, path in (("en", "docs/teachers/homework.md"), ("es", "docs/teachers/es/homework.md")):
        page = (root / path).read_text(encoding="utf-8")
        sections = page.split("\n## ")
        head, games = sections[0], {s.split("\n", 1)[0]: s for s in sections[1:5]}  # the four games' tables
        assert replies[lang] not in head and shut[lang] not in head
        shut_box = next(s for name, s in games.items() if name in ("Shut the Box", "Cerrar la caja"))
        assert shut[lang] in shut_box and replies[lang] not in shut_box
        lined = [s for s in games.values() if s is not shut_box]
        assert len(lined) == 3 and all(replies[lang] in s and shut[lang] not in s for s in lined)


@pytest.mark.parametrize(
    "typed",
    [
        "dots-últimas_líneas_seguras_suma_las_casillas-10-1",  # the natural accents
        "DOTS-Últimas_Líneas_Seguras_SUMA_las_Casillas-10-1",
        "  dots - últimas líneas seguras suma las casillas – 10 - 1 ",  # spaces for underscores, a typographic dash
        "dots-últimas-líneas-seguras-suma-las-casillas-10-1",
    ],
)
def test_a_spanish_code_is_read_with_accents_case_and_spaces(typed):
    from gamekit.puzzles.homework import homework_set, parse_code, set_code

    with using("es"):
        code = set_code(D, "safe_line", 10, 1)
    assert code == "dots-ultimas_lineas_seguras_suma_las_casillas-10-1"
    assert parse_code(typed) == parse_code(code) == (D, "safe_line", 10, 1)
    assert [p.id for p in homework_set(*parse_code(typed))] == [p.id for p in homework_set(*parse_code(code))]


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("junk", ["dots-élé☃-10-1", "línea", "dots-ελ-10-1", "dots–línea–segura"])
def test_junk_codes_are_still_refused_clearly(lang, junk):
    from gamekit.puzzles.homework import parse_code

    with using(lang), pytest.raises(ValueError) as refused:
        parse_code(junk)
    said = str(refused.value)
    assert said.startswith((f"“{junk}”", f"«{junk}»")), said
    assert "is not a homework code" in said or "no es un código de deberes" in said, said
