"""Teacher guides (docs/teachers/<game>.md, in Spanish docs/teachers/es/<game>.md): the sections a teacher needs,
and solutions generated from the code (the Spanish ones in Spanish, from the gettext catalogue)."""

import re
import sys
import types
from pathlib import Path

import pytest

from gamekit.dots import lesson4_tables
from gamekit.i18n import N_, get_language, tr, using
from gamekit.lesson_tools import main
from gamekit.teacher_sheets import guide_is_current, paper_words, solutions_markdown, update_guide

ROOT = Path(__file__).resolve().parents[1]
GUIDES = {"dots": "gamekit.dots.lessons", "connect": "gamekit.connect.lessons", "shutbox": "gamekit.shutbox.lessons"}
PRESENT = sorted(g for g in GUIDES if (ROOT / "docs/teachers" / f"{g}.md").exists())
SECTIONS = ("Objectives", "45-minute plan", "Common misconceptions", "Key facts", "Solutions to every exercise")
SPANISH = ROOT / "docs/teachers/es"
SECCIONES = (
    "Objetivos",
    "Plan de 45 minutos",
    "Errores frecuentes",
    "Datos clave",
    "Soluciones de todos los ejercicios",
)
PLAN_ALTERNATIVES = {
    "45-minute plan": ("The shape of every lesson",),
    "Plan de 45 minutos": ("El esquema de cada lección",),
}
"""The Dots lessons last 40, 45 and 50 minutes: its guide gives the shape every lesson follows, and each lesson's
own plan gives the minutes."""


def test_the_dots_guide_exists_and_is_linked_from_the_readme_and_the_start_page():
    assert "dots" in PRESENT
    assert "docs/teachers/dots.md" in (ROOT / "README.md").read_text()
    assert "docs/teachers/" in (ROOT / "notebooks/00_start_here.md").read_text()


@pytest.mark.parametrize(
    "path, sections",
    [(f"docs/teachers/{g}.md", SECTIONS) for g in PRESENT] + [(f"docs/teachers/es/{g}.md", SECCIONES) for g in PRESENT],
    ids=str,
)
def test_guide_has_every_section(path, sections):
    text = (ROOT / path).read_text(encoding="utf-8")
    headings = re.findall(r"^## (.+)$", text, re.M)

    def names(section: str) -> tuple[str, ...]:  # a guide whose lessons differ in length names its shape, not 45 min
        return (section,) + PLAN_ALTERNATIVES.get(section, ())

    for section in sections:
        assert any(n.lower() in h.lower() for h in headings for n in names(section)), (
            f"{path} needs a '## {section}' section"
        )
    found = [next(i for i, h in enumerate(headings) if any(n.lower() in h.lower() for n in names(s))) for s in sections]
    assert found == sorted(found), f"{path}: the sections come in the order {sections}"


@pytest.mark.parametrize("game", PRESENT)
def test_guide_solutions_match_the_exercises(game):
    path = f"docs/teachers/{game}.md"
    assert guide_is_current(ROOT / path, GUIDES[game]), (
        f"{path} is stale: python -m gamekit.lesson_tools guide {path} {GUIDES[game]}"
    )


@pytest.mark.parametrize("path, lang", [("docs/teachers/dots.md", "en"), ("docs/teachers/es/dots.md", "es")])
def test_dots_guide_key_facts_agree_with_the_code(path, lang):

    text = (ROOT / path).read_text(encoding="utf-8")
    with using(lang):  # the table's words ("even"/"par", "(default)"/"(inicial)") in that language
        table = lesson4_tables.parity_table()
    assert "| " + " | ".join(table.headers) + " |" in text
    for row in table.rows:
        assert "| " + " | ".join(map(str, row)) + " |" in text
    d = lesson4_tables.decisive_move()
    assert f"`{d['line']}`" in text and f"(`{d['better'][0]}`)" in text


# ---------------------------------------------------------------------------------------------------
# The Spanish guides (docs/teachers/es/): same facts, solutions generated in Spanish
# ---------------------------------------------------------------------------------------------------
def test_every_guide_has_a_spanish_twin_linked_from_the_readme_and_the_spanish_start_page():
    assert set(PRESENT) <= {p.stem for p in SPANISH.glob("*.md")}  # (and the homework codes' page, homework.md)
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    start = ROOT / "notebooks/es/00_start_here.md"
    links = re.findall(r"\]\(([^)]*docs/teachers/[^)]*)\)", start.read_text(encoding="utf-8"))
    for game in PRESENT:
        assert f"docs/teachers/es/{game}.md" in readme
        assert any((start.parent / link).resolve() == SPANISH / f"{game}.md" for link in links), (
            f"notebooks/es/00_start_here.md should link docs/teachers/es/{game}.md"
        )
    assert not any("/teachers/es/" not in link for link in links), "the Spanish start page links the Spanish guides"


@pytest.mark.parametrize("game", PRESENT)
def test_spanish_guide_solutions_are_current_and_in_spanish(game):
    path = SPANISH / f"{game}.md"
    assert guide_is_current(path, GUIDES[game], lang="es"), (
        f"{path} is stale: python -m gamekit.lesson_tools guide docs/teachers/es/{game}.md {GUIDES[game]} --lang es"
    )
    block = path.read_text(encoding="utf-8").split("<!-- solutions:begin")[1]
    assert f"gamekit.lesson_tools guide docs/teachers/es/{game}.md {GUIDES[game]} --lang es" in block
    assert "Respuesta:" in block and "Una respuesta incorrecta" in block
    assert "Answer:" not in block and "A wrong answer" not in block
    import importlib

    first = next(f for fs in importlib.import_module(GUIDES[game]).EXERCISES.values() for f in fs)
    prompts = {}
    for lang in ("en", "es"):
        with using(lang):
            prompts[lang] = " ".join(re.sub(r"<[^>]+>", "", first().prompt).split())
    assert prompts["es"] != prompts["en"]
    assert f"**{prompts['es']}**" in block and prompts["en"] not in block
    headings = re.findall(r"^### `(.+)`$", block, re.M)
    assert headings and all(h.startswith("notebooks/es/") and (ROOT / h).exists() for h in headings), headings


@pytest.mark.parametrize("game", PRESENT)
def test_spanish_guide_links_work_and_lead_to_the_spanish_lessons(game):
    path = SPANISH / f"{game}.md"
    links = [l for l in re.findall(r"\]\(([^)\s]+)\)", path.read_text(encoding="utf-8")) if "://" not in l]
    assert any("notebooks/es/" in l for l in links)
    for link in links:
        assert (path.parent / link).exists(), f"{path.name}: {link} does not exist"
        assert "notebooks/" not in link or "notebooks/es/" in link, f"{path.name}: {link} is not a Spanish lesson"
    assert (path.parent / f"../{game}.md").resolve() in [(path.parent / l).resolve() for l in links]


def test_spanish_guide_key_facts_agree_with_the_code():
    from gamekit.connect import lessons as C
    from gamekit.connect import lesson_pictures
    from gamekit.i18n import percent
    from gamekit.shutbox import Rules, shut_probability
    from gamekit.shutbox import lesson_tables
    from gamekit.shutbox.simulation import POLICIES

    connect = (SPANISH / "connect.md").read_text(encoding="utf-8")
    shutbox = (SPANISH / "shutbox.md").read_text(encoding="utf-8")
    with using("es"):
        lines = lesson_pictures.lines_table()
        for row in [lines.headers, *lines.rows]:
            assert "| " + " | ".join(map(str, row)) + " |" in connect
        two_dice = Rules(one_die="never")
        for policy in POLICIES[:4]:
            chance = percent(lesson_tables.policy_shut_probability(policy, two_dice), 2)
            assert f"| {tr(policy)} | {chance} |" in shutbox
        assert f"≈ {percent(shut_probability(Rules()), 2)}" in shutbox
        # the value of the start of 5 en raya: what the shipped book holds, as the Spanish lesson says it
        assert C.known_results().rows[1][1] == "empate"
        assert "5 en raya: **empate**, calculado por el programa de gamekit" in connect
        assert "desconocido" not in connect
        assert f"≈ {percent(shut_probability(two_dice), 2)}" in shutbox


# ---------------------------------------------------------------------------------------------------
# The generator's language: refused when unknown, restored afterwards (even on error)
# ---------------------------------------------------------------------------------------------------
class ToyLessons:
    """A lessons module of one choice exercise; its factory records the language it ran in (and can fail)."""

    def __init__(self):
        self.seen: list = []
        self.fail = False

    def factory(self):
        from gamekit.widgets.exercise import Exercise, choice_checker

        self.seen.append(get_language())
        if self.fail:
            raise RuntimeError("an exercise that cannot be built")
        return Exercise(
            tr("Check"),
            choice_checker("No", {"Yes": tr("Hint"), "No": tr("Check")}),
            answer="No",
            solutions=["No"],
            choices=[N_("Yes"), N_("No")],
            wrong=["Yes"],
        )


@pytest.fixture
def toy_lessons(monkeypatch):
    toy = ToyLessons()
    module = types.ModuleType("toy_lessons")
    module.EXERCISES = {"shut_the_box/01_rules_and_play": [toy.factory]}
    monkeypatch.setitem(sys.modules, "toy_lessons", module)
    return toy


def test_the_block_is_written_in_the_language_asked_for_and_the_current_one_comes_back(toy_lessons):
    with using("en"):
        spanish = solutions_markdown("toy_lessons", lang="es")
        assert get_language() == "en" and toy_lessons.seen == ["es"]
        english = solutions_markdown("toy_lessons")
    with using("es"):  # a Spanish session still writes the English guides in English
        assert solutions_markdown("toy_lessons", lang="en") == english and get_language() == "es"
    assert english == (
        "### `notebooks/shut_the_box/01_rules_and_play.md`\n\n1. **Check**  \n"
        '   Answer: No (accepted: `No`).  \n   A wrong answer, `Yes`, gets: "Hint"\n'
    )
    with using("es"):  # the fixed words, the path and the choices' labels in Spanish
        assert spanish == (
            f"### `notebooks/es/shut_the_box/01_rules_and_play.md`\n\n1. **{tr('Check')}**  \n"
            f"   Respuesta: No (se acepta: `No`).  \n"
            f"   Una respuesta incorrecta, `{tr('Yes')}`, recibe: «{tr('Hint')}»\n"
        )


def test_the_language_comes_back_when_generating_fails(toy_lessons):
    toy_lessons.fail = True
    for before, asked in (("en", "es"), ("es", "en")):
        with using(before):
            with pytest.raises(RuntimeError, match="cannot be built"):
                solutions_markdown("toy_lessons", lang=asked)
            assert toy_lessons.seen[-1] == asked and get_language() == before
            with pytest.raises(ModuleNotFoundError):
                solutions_markdown("gamekit.no_such_lessons", lang=asked)
            assert get_language() == before


@pytest.mark.parametrize("lang, error", [("fr", ValueError), ("", ValueError), (None, TypeError), (1, TypeError)])
def test_an_unknown_language_is_refused_and_the_guide_is_left_as_it_was(toy_lessons, tmp_path, lang, error):
    guide = tmp_path / "guide.md"
    guide.write_text("# Guía\n\n<!-- solutions:begin (old) -->\nold\n<!-- solutions:end -->\n", encoding="utf-8")
    before = guide.read_text(encoding="utf-8")
    with pytest.raises(error, match="language"):
        solutions_markdown("toy_lessons", lang=lang)
    with pytest.raises(error, match="language"):
        update_guide(guide, "toy_lessons", lang=lang)
    assert guide.read_text(encoding="utf-8") == before and toy_lessons.seen == []


def test_the_cli_writes_the_spanish_block_and_refuses_a_bad_language_with_a_clear_message(
    toy_lessons, tmp_path, capsys
):
    guide = tmp_path / "guide.md"
    guide.write_text("# Guía\n\n<!-- solutions:begin -->\n<!-- solutions:end -->\n", encoding="utf-8")
    with pytest.raises(SystemExit) as refused:
        main(["guide", str(guide), "toy_lessons", "--lang", "fr"])
    assert refused.value.code == 2
    err = capsys.readouterr().err
    assert "'fr'" in err and "'es'" in err and "Traceback" not in err
    assert "solutions:begin -->" in guide.read_text(encoding="utf-8")
    assert main(["guide", str(guide), "toy_lessons", "--lang", "es"]) == 0
    assert guide_is_current(guide, "toy_lessons", lang="es") and not guide_is_current(guide, "toy_lessons")
    text = guide.read_text(encoding="utf-8")
    assert f"guide {guide} toy_lessons --lang es) -->" in text and "Respuesta:" in text


# ---------------------------------------------------------------------------------------------------
# Lesson by lesson (issue 24 §7): a plan whose minutes fit the lesson's parts, support and extension
# tasks, and a printable worksheet (the exercises without answers)
# ---------------------------------------------------------------------------------------------------
import importlib

from gamekit.lesson_tools import lesson_title, pupil_code_cells

from gamekit.teacher_sheets import worksheet_markdown, worksheet_path, write_worksheets

MINUTES_PER_EXERCISE, MINUTES_PER_STEP_THROUGH = 3, 4  # as tests/dots/test_lessons.py counts a lesson
BY_LESSON = {
    "en": ("Lesson by lesson", "exercise", "step-through", "**Support:**", "**Extension:**"),
    "es": ("Lección a lección", "ejercicio", "paso a paso", "**Apoyo:**", "**Ampliación:**"),
}
LESSONS = [
    (game, notebook)
    for game in PRESENT
    for notebook, factories in importlib.import_module(GUIDES[game]).EXERCISES.items()
    if factories
]


def _guide(game: str, lang: str) -> Path:
    return ROOT / "docs/teachers" / ("es" if lang == "es" else "") / f"{game}.md"


def _notebook(notebook: str, lang: str) -> Path:
    return ROOT / "notebooks" / ("es" if lang == "es" else "") / f"{notebook}.md"


def step_throughs(md: Path) -> int:
    """The step-throughs on a lesson's pupil path: calls of ``…step_through(`` in its code cells."""
    import jupytext

    return sum(len(re.findall(r"step_through\(", c.source)) for c in pupil_code_cells(jupytext.read(md)))


EXTRA_PART = ("## If you have time", "## Si te sobra tiempo")  # a last part for spare time or home, not in the plan


def extra_exercises(md: Path) -> int:
    """The exercises a lesson page puts in its last part for spare time or for home, outside the announced time."""
    text = md.read_text(encoding="utf-8")
    starts = [text.index(h) for h in EXTRA_PART if h in text]
    return len(re.findall(r"\bexercise\(", text[starts[0] :])) if starts else 0


def lesson_plan(game: str, notebook: str, lang: str) -> str:
    """The '### ' block of ``notebook`` in the guide's lesson-by-lesson section."""
    section_name = BY_LESSON[lang][0]
    text = _guide(game, lang).read_text(encoding="utf-8")
    sections = re.split(r"^## ", text, flags=re.M)
    section = next((s for s in sections if s.startswith(section_name)), None)
    assert section, f"{_guide(game, lang)} needs a '## {section_name}' section"
    blocks = [
        b
        for b in re.split(r"^### ", section, flags=re.M)[1:]
        if f"notebooks/{'es/' if lang == 'es' else ''}{notebook}.ipynb)" in b.split("\n")[0]
    ]
    assert len(blocks) == 1, f"{_guide(game, lang)}: one '### ' plan linking {notebook}.ipynb, found {len(blocks)}"
    return blocks[0]


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("game, notebook", LESSONS, ids=lambda v: str(v))
def test_each_lessons_plan_adds_up_and_fits_its_exercises_and_step_throughs(game, notebook, lang):
    _, exercise_word, step_word, support, extension = BY_LESSON[lang]
    block = lesson_plan(game, notebook, lang)
    rows = re.findall(r"^\| (\**\d+\**) \| (.+?) \|$", block, re.M)
    parts = [(int(m), what) for m, what in rows if not m.startswith("**")]
    totals = [int(m.strip("*")) for m, _ in rows if m.startswith("**")]
    assert parts and len(totals) == 1, f"{notebook} ({lang}): a table of '| minutes | part |' rows and one **total**"
    total = totals[0]
    assert sum(m for m, _ in parts) == total, (
        f"{notebook} ({lang}): the parts add up to {sum(m for m, _ in parts)}, not {total}"
    )
    exercises = len(importlib.import_module(GUIDES[game]).EXERCISES[notebook]) - extra_exercises(
        _notebook(notebook, lang)
    )
    steps = step_throughs(_notebook(notebook, lang))
    need = MINUTES_PER_EXERCISE * exercises + MINUTES_PER_STEP_THROUGH * steps
    assert total >= need, f"{notebook} ({lang}): {total} min for {exercises} exercises and {steps} step-throughs"
    on_exercises = sum(
        m for m, what in parts if exercise_word in what.lower() or "challenge" in what.lower() or "reto" in what.lower()
    )
    assert on_exercises >= MINUTES_PER_EXERCISE * exercises, (notebook, lang, on_exercises, exercises)
    on_steps = sum(m for m, what in parts if step_word in what.lower())
    assert on_steps >= MINUTES_PER_STEP_THROUGH * steps, (notebook, lang, on_steps, steps)
    page = _notebook(notebook, lang).read_text(encoding="utf-8")
    announced = re.search(r"\*\*(?:Time|Tiempo):\*\* (?:about|unos) (\d+) min", page)
    assert announced and int(announced.group(1)) == total, f"{notebook} ({lang}): the page announces another time"
    for label in (support, extension):
        line = next((l for l in block.splitlines() if l.startswith(label)), "")
        assert len(line) > len(label) + 40, f"{notebook} ({lang}): a {label} task"


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("game, notebook", LESSONS, ids=lambda v: str(v))
def test_each_lesson_has_a_current_worksheet_linked_from_its_plan_with_no_answers(game, notebook, lang):
    folder = _guide(game, lang).parent / "worksheets"
    path = worksheet_path(folder, notebook)
    assert path.read_text(encoding="utf-8") == worksheet_markdown(GUIDES[game], notebook, lang), (
        f"{path} is stale: python -m gamekit.lesson_tools worksheets {GUIDES[game]} "
        f"{folder.relative_to(ROOT)}{' --lang es' if lang == 'es' else ''}"
    )
    block = lesson_plan(game, notebook, lang)
    assert f"(worksheets/{notebook}.md)" in block.split("\n")[0]
    sheet = path.read_text(encoding="utf-8")
    import jupytext

    assert sheet.startswith(f"# {lesson_title(jupytext.read(_notebook(notebook, lang)))}\n")
    with using(lang):
        module = importlib.import_module(GUIDES[game])
        off_paper = getattr(module, "WORKSHEET_OFF_PAPER", {}).get(notebook, ())  # said to be done on the computer
        for n, factory in enumerate(module.EXERCISES[notebook], 1):
            ex = factory()
            asked = getattr(ex, "paper_prompt", "") or ex.prompt  # a sheet may ask in its own paper words
            prompt = " ".join(re.sub(r"<[^>]+>", "", asked).split())
            if ex.key in off_paper:
                assert paper_words(prompt, True) not in sheet and paper_words(prompt, False) not in sheet, n
                continue
            assert any(paper_words(prompt, drawn) in sheet for drawn in (True, False)), (n, prompt)
            shown = {str(c).lower() for c in ex.choices or []}
            # a neutral list of every set and what it leaves ("9+1 leaves 2, 4, 6 and 8") marks no set as best
            unlisted = re.sub(r"\d+(?:\+\d+)+ (?:leaves|deja) ", "", sheet)
            for answer in ex.solutions:  # an answer that is more than a number or a choice is nowhere on it
                answer = str(answer).strip()
                if len(answer) >= 3 and answer.lower() not in shown and answer not in prompt:
                    assert answer not in unlisted, f"{path.name}: exercise {n}'s answer {answer!r} is on the sheet"
            for words in (ex.hint, ex.check(ex.wrong[0])[1] if ex.wrong else ""):
                words = " ".join(re.sub(r"<[^>]+>", "", str(words or "")).split())
                if len(words) > 20:
                    assert words not in sheet, f"{path.name}: exercise {n}'s hint or feedback is on the sheet"
    assert tr("Answer: {answer}", answer="x")[:-1] not in sheet.replace(tr("Answer:") + " _", "")


def test_worksheets_refuse_an_unknown_lesson_or_language_and_write_nothing(tmp_path):
    with pytest.raises(KeyError, match="no lesson"):
        worksheet_markdown("gamekit.shutbox.lessons", "shut_the_box/09_nothing")
    with pytest.raises(ValueError, match="language"):
        write_worksheets("gamekit.shutbox.lessons", tmp_path, lang="fr")
    with pytest.raises(TypeError, match="language"):
        write_worksheets("gamekit.shutbox.lessons", tmp_path, lang=None)
    assert list(tmp_path.iterdir()) == []
    with pytest.raises(SystemExit):
        main(["worksheets", "gamekit.no_such_lessons", str(tmp_path)])
    assert list(tmp_path.iterdir()) == []
    written = write_worksheets("gamekit.shutbox.lessons", tmp_path, lang="es")
    assert len(written) == 5 and write_worksheets("gamekit.shutbox.lessons", tmp_path, lang="es") == []
    assert "## Ejercicio 1" in (tmp_path / "shut_the_box/01_rules_and_play.md").read_text(encoding="utf-8")


@pytest.mark.parametrize(
    "guide", sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "docs" / "teachers").rglob("*.md"))
)
def test_a_guide_opens_in_jupyterlab_as_a_page_not_a_lesson_to_run(guide):
    """JupyterLab opens a .md through jupytext: a ```python fence would become a code cell, and the pupils' Lab
    would then tell the reader to start the guide like a lesson. Teacher code in a guide is fenced ```py."""
    import jupytext

    notebook = jupytext.read(ROOT / guide)
    assert not [c for c in notebook.cells if c.cell_type == "code"], f"{guide}: fence its code ```py, not ```python"


@pytest.mark.parametrize(
    "lang, path, head", [("en", "docs/teachers/dots.md", "Exercise"), ("es", "docs/teachers/es/dots.md", "Ejercicio")]
)
def test_dots_worked_reasoning_names_each_challenges_accepted_answers(lang, path, head):
    """The hand-written reasoning for lesson 5's final challenge described an old position (its answer was no longer
    accepted): each challenge's paragraph names its answer, and that is exactly the set of lines the exercise
    accepts (computed by the exact solver), in the order the page gives the challenges, under the exercise numbers
    the page, the worksheet and the solutions block give them (6 to 8, after the five exercises)."""
    from gamekit.dots import lessons as L

    text = (ROOT / path).read_text(encoding="utf-8")
    names = list(L.LESSONS[5].objectives[-1][1])  # the final challenge's exercises (their ids name no answer)
    word = "answer" if lang == "en" else "respuesta"
    with using(lang):
        first = list(L.LESSONS[5].exercises).index(names[0]) + 1
        for k, name in enumerate(names, first):
            match = re.search(rf"\*\*{head} {k}\*\* \({word} ([^)]*)\)", text)
            assert match, (lang, k)
            named = set(re.findall(r"`([a-e]\d-[a-f]\d)`", match.group(1)))
            # a plan's solution ("c4-d4, a3-a4") names each of its lines
            accepted = {l for plan in L.exercises(5)[name].solutions for l in re.findall(r"[a-e]\d-[a-f]\d", plan)}
            assert named == accepted, (lang, name, named)


@pytest.mark.parametrize("lang, path", [("en", "docs/teachers/dots.md"), ("es", "docs/teachers/es/dots.md")])
def test_dots_guide_quotes_the_more_practice_feedback_pupils_see(lang, path):
    """The guide quoted the puzzle bank's bare feedback ("best play goes …") while the page words a wrong line in
    the lesson's terms: every More practice problem's quoted feedback is the one the page gives that wrong line."""
    import html

    from gamekit.dots import lessons as L

    text = (ROOT / path).read_text(encoding="utf-8")
    with using(lang):
        for n in L.LESSONS:
            for ex in L.practice_exercises(n):
                ok, feedback = ex.check(ex.wrong[0])
                assert not ok and f"`{ex.wrong[0]}`" in text
                plain = " ".join(html.unescape(re.sub(r"<[^>]+>", "", feedback)).split())
                assert plain in text, (lang, n, ex.wrong[0])
