"""Lesson 5's take-or-refuse method said "Nobody can refuse a short chain" and "Loops are opened before chains" as
rules. Both are false as stated: a 2-chain opened at an end can be refused (lesson 3 teaches it, and lesson 5's own
exercise 9 answer refuses one), and the order of the parts is the opener's choice. The pages, worksheets, guides and
messages now say what is true: a single box or a 2-chain opened by its middle cannot be refused, the opener chooses
how, and loops first is a habit of good play."""

from pathlib import Path

import pytest

from gamekit.dots.lesson5_control import worked_control_count
from gamekit.i18n import using

ROOT = Path(__file__).resolve().parents[2]
FALSE_RULES = (
    "nobody can refuse a short chain",
    "nobody can refuse one",
    "short chains cannot be refused",
    "short chain cannot be refused",
    "nadie puede rechazar una cadena corta",
    "nadie puede rechazar una",
    "las cadenas cortas no se pueden rechazar",
    "loops are opened before chains",
    "los bucles se abren antes que las cadenas",
)


def _texts() -> dict[str, str]:
    files = [
        *(ROOT / "notebooks" / "dots_and_boxes").glob("*.md"),
        *(ROOT / "notebooks" / "es" / "dots_and_boxes").glob("*.md"),
        *(ROOT / "docs" / "teachers" / "worksheets" / "dots_and_boxes").glob("*.md"),
        *(ROOT / "docs" / "teachers" / "es" / "worksheets" / "dots_and_boxes").glob("*.md"),
        ROOT / "docs" / "teachers" / "dots.md",
        ROOT / "docs" / "teachers" / "es" / "dots.md",
        ROOT / "gamekit" / "locale" / "gamekit.pot",
        ROOT / "gamekit" / "locale" / "es" / "LC_MESSAGES" / "gamekit.po",
    ]
    out = {}
    for path in files:
        text = path.read_text(encoding="utf-8")
        if path.suffix in (".po", ".pot"):
            text = text.replace('"\n"', "")  # join the catalogue's wrapped strings
        out[str(path.relative_to(ROOT))] = " ".join(text.split()).lower()
    return out


def test_no_page_sheet_guide_or_message_says_short_chains_can_never_be_refused_or_loops_always_come_first():
    texts = _texts()
    assert len(texts) > 10
    for name, text in texts.items():
        for rule in FALSE_RULES:
            assert rule not in text, (name, rule)


@pytest.mark.parametrize(
    "path, truths",
    [
        (
            "notebooks/dots_and_boxes/05_double_dealing_and_control.md",
            (
                "a 2-chain opened by its middle line, cannot be refused",
                "the player who opens a short chain chooses how",
                "is a habit of good play, not a rule",
            ),
        ),
        (
            "notebooks/es/dots_and_boxes/05_double_dealing_and_control.md",
            (
                "una cadena de 2 abierta por su línea del medio, no se puede rechazar",
                "quien abre una cadena corta elige cómo",
                "es una costumbre del buen juego, no una regla",
            ),
        ),
    ],
)
def test_lesson_5_method_says_which_short_chains_cannot_be_refused_and_labels_loops_first_a_habit(path, truths):
    """Which short chains cannot be refused is exercise 6's reason, and that loops-first is a habit is half of
    exercise 3: the page holds each back under its exercise (``explanation("short_chain_control")``,
    ``explanation("loops_first")``) until it is answered; both are part of the page all the same."""
    from gamekit.dots.lesson_explanations import explanation
    from gamekit.i18n import using

    with using("es" if "/es/" in path else "en"):
        held = str(explanation("short_chain_control")) + " " + str(explanation("loops_first"))
    page = " ".join(((ROOT / path).read_text(encoding="utf-8") + " " + held).split()).lower()
    for truth in truths:
        assert truth in page, truth


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_worked_count_lists_the_parts_still_to_come_in_a_grammatical_sentence(lang):
    """It read "After them come chain of 4" (ES «Después vienen cadena de 4»): the parts are now a list after a
    colon, which reads right for one part or several."""
    with using(lang):
        text = str(worked_control_count())
    assert "come chain" not in text and "vienen cadena" not in text and "vienen bucle" not in text
    assert ("Still to come after them: " if lang == "en" else "Aún quedan por venir: ") in text


@pytest.mark.parametrize("name", ["how_many", "l2_ex7"])
def test_lesson_2_run_counting_boards_do_not_tint_the_box_the_run_starts_at(name):
    """Lesson 2's exercises 5 and 7 ask how many boxes a run of captures brings; the red third-side tint marked the
    box the run starts at, which is half the question. Both boards now show no tint."""
    from gamekit.dots import lesson_pictures
    from gamekit.dots import lessons as L
    from gamekit.dots.lesson_positions import third_side_boxes

    ex = L.exercises(2)[name]
    assert third_side_boxes(ex.game)  # there is a box the tint would have shown
    tints, _ = lesson_pictures.highlights(ex.game, third_sides=ex.third_sides, parts=ex.parts, last=False)
    colours = tints.values() if isinstance(tints, dict) else tints
    assert lesson_pictures.THIRD_SIDE_TINT not in colours
