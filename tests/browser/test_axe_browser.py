"""Accessibility in a real Chromium (WCAG 2.2 AA, issue 23; docs/accessibility.md): axe-core finds nothing
critical or serious on the lessons' Voilà pages.  (The keyboard walks are in test_accessibility_browser.py: two
files, so that ``--dist loadfile`` runs them on two workers at once.)"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.browser.conftest import open_voila

pytestmark = pytest.mark.browser
ROOT = Path(__file__).resolve().parents[2]


AXE_SAMPLE = [
    "notebooks/shut_the_box/01_rules_and_play.ipynb",
    "notebooks/es/shut_the_box/01_rules_and_play.ipynb",
    "notebooks/dots_and_boxes/02_third_sides.ipynb",
    "notebooks/five_in_a_row/01_rules_and_play.ipynb",
]


def axe_lessons(which: str | None) -> list[str]:
    """The notebooks axe checks: ``GAMEKIT_AXE_ALL=1`` (what .ci/run sets) every lesson once, its language
    alternating down the sorted list (English, Spanish, English, ...: the two languages' pages are built by
    the same widgets, tests/test_spanish_lessons.py); ``both``: every lesson in both languages (twice the
    pages, about 4 s each); otherwise the four above."""
    if which not in ("1", "both"):
        return AXE_SAMPLE
    english = sorted(
        str(p.relative_to(ROOT))
        for p in (ROOT / "notebooks").rglob("*.ipynb")
        if ".ipynb_checkpoints" not in p.parts and p.relative_to(ROOT / "notebooks").parts[0] != "es"
    )
    spanish = [str(Path("notebooks", "es", *Path(e).parts[1:])) for e in english]
    if which == "both":
        return sorted(english + spanish)
    return [es if i % 2 else en for i, (en, es) in enumerate(zip(english, spanish))]


def test_the_ci_axe_run_checks_every_lesson_once_in_both_languages_alternately():
    once, both = axe_lessons("1"), axe_lessons("both")
    lesson = [p.replace("notebooks/es/", "notebooks/") for p in once]
    assert len(set(lesson)) == len(once) == len(both) // 2 >= 15
    assert set(lesson) == {p for p in both if "/es/" not in p}  # every lesson, in one language
    assert set(once) <= set(both) and all((ROOT / p).exists() for p in both)
    assert 0.4 < sum("/es/" in p for p in once) / len(once) < 0.6


AXE_LESSONS = axe_lessons(os.environ.get("GAMEKIT_AXE_ALL"))


def whole_page_in_view(page, width: int = 1200, limit: int = 40_000) -> int:
    """Make the window as tall as the lesson, so that axe sees all of it; returns the height.

    Voilà draws the cells in one scrolled panel (``#rendered_cells``) as tall as the window: axe counts what that
    panel has scrolled out of sight as hidden, so its visual checks (colour contrast among them) would read the
    first screen only.  The panel grows as widgets below the fold lay out, so the window grows until it holds
    the panel's whole height."""
    for _ in range(8):
        want = page.evaluate("document.getElementById('rendered_cells').scrollHeight") + 60
        if want <= page.viewport_size["height"]:
            break
        page.set_viewport_size({"width": width, "height": min(want, limit)})
        page.wait_for_timeout(500)
    return page.viewport_size["height"]


def serious_violations(page) -> set[str]:
    """What axe-core finds critical or serious on ``page``: rule, impact, help and the first three elements."""
    from axe_playwright_python.sync_playwright import Axe

    return {
        f"{v['id']} ({v['impact']}): {v['help']} — {[n['target'] for n in v['nodes']][:3]}"
        for v in Axe().run(page).response["violations"]
        if v["impact"] in ("critical", "serious")
    }


def settle(page) -> None:
    """Wait until the page's height has stayed the same for 300 ms: its widgets have laid out."""
    page.wait_for_function(
        "() => { const h = document.body.scrollHeight + document.getElementById('rendered_cells').scrollHeight,"
        " w = window.__axeSettle ??= {h: -1, n: 0}; w.n = h === w.h ? w.n + 1 : 0; w.h = h; return w.n >= 3; }",
        polling=100,
        timeout=30_000,
    )


def test_axe_reads_the_end_of_a_lesson_not_only_its_first_screen(voila, browser):
    """Faint words put in the lesson's last cell are found: axe checks the whole page, not the part in view."""
    page = open_voila(browser, voila, AXE_SAMPLE[2], boards=0)
    try:
        settle(page)
        page.evaluate(
            """() => { const cells = document.querySelectorAll('#rendered_cells .jp-Cell');
            const p = document.createElement('p'); p.style.color = '#eeeeee'; p.textContent = 'words too faint';
            cells[cells.length - 1].appendChild(p); }"""
        )
        first_screen = serious_violations(page)
        height = whole_page_in_view(page)
        assert height > 2000
        assert not any(v.startswith("color-contrast") for v in first_screen)  # below the first screen: not seen
        assert any(v.startswith("color-contrast") for v in serious_violations(page))
    finally:
        page.close()


@pytest.mark.parametrize("lesson", AXE_LESSONS)
def test_axe_finds_nothing_critical_or_serious_in_a_lesson(voila, browser, lesson):
    page = open_voila(browser, voila, lesson, boards=0)
    try:
        settle(page)
        whole_page_in_view(page)
        settle(page)
        bad = serious_violations(page)
        if bad:
            # a page still laying out its widgets on a loaded machine can overflow for a moment (axe then sees a
            # scrollable output); what a pupil meets is what is still there once the page has settled
            page.wait_for_timeout(3000)
            bad &= serious_violations(page)
        assert sorted(bad) == []
    finally:
        page.close()
