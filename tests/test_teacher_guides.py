"""Teacher guides (docs/teachers/<game>.md): the sections a teacher needs, and solutions generated from the code."""
import re
from pathlib import Path

import pytest

from gamekit.lesson_tools import guide_is_current

ROOT = Path(__file__).resolve().parents[1]
GUIDES = {"dots": "gamekit.dots.lessons", "connect": "gamekit.connect.lessons", "shutbox": "gamekit.shutbox.lessons"}
PRESENT = sorted(g for g in GUIDES if (ROOT / "docs/teachers" / f"{g}.md").exists())
SECTIONS = ("Objectives", "45-minute plan", "Common misconceptions", "Key facts", "Solutions to every exercise")


def test_the_dots_guide_exists_and_is_linked_from_the_readme_and_the_start_page():
    assert "dots" in PRESENT
    assert "docs/teachers/dots.md" in (ROOT / "README.md").read_text()
    assert "docs/teachers/" in (ROOT / "notebooks/00_start_here.md").read_text()


@pytest.mark.parametrize("game", PRESENT)
def test_guide_has_every_section(game):
    text = (ROOT / "docs/teachers" / f"{game}.md").read_text()
    headings = re.findall(r"^## (.+)$", text, re.M)
    for section in SECTIONS:
        assert any(section.lower() in h.lower() for h in headings), f"{game}.md needs a '## {section}' section"


@pytest.mark.parametrize("game", PRESENT)
def test_guide_solutions_match_the_exercises(game):
    path = f"docs/teachers/{game}.md"
    assert guide_is_current(ROOT / path, GUIDES[game]), (
        f"{path} is stale: python -m gamekit.lesson_tools guide {path} {GUIDES[game]}")


def test_dots_guide_key_facts_agree_with_the_code():
    from gamekit.dots import lessons as L
    text = (ROOT / "docs/teachers/dots.md").read_text()
    for row in L.parity_table().rows:
        assert "| " + " | ".join(map(str, row)) + " |" in text
    d = L.decisive_move()
    assert f"`{d['line']}`" in text and f"(`{d['better'][0]}`)" in text
