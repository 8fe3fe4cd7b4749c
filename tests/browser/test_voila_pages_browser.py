"""`make voila` in a real Chromium: the start page at a readable width, and every link a pupil follows from it —
the Spanish version, the next lesson, a teacher guide — answers with a page (not 403)."""

from __future__ import annotations


import pytest

from gamekit.lesson_launch import START_PAGE, install_voila_template, voila_command, voila_page_url
from testing_servers import free_port, voila_server  # tests/testing_servers.py (tests/ is on the path: conftest.py)

pytestmark = pytest.mark.browser
SHOWN = (
    "(() => { const c = document.getElementById('rendered_cells'); "
    "return c && getComputedStyle(c).display !== 'none'; })()"
)


@pytest.fixture
def make_voila(tmp_path):
    """Voilà started with the command `make voila` runs (the template installed as `make lab`'s lab-settings does)."""
    from tests.browser.conftest import chromium_path

    if chromium_path() is None:
        pytest.skip("no Chromium found (looked for /usr/bin/chromium)")
    install_voila_template(tmp_path / "env")
    port = free_port()
    env = {"JUPYTER_PATH": str(tmp_path / "env/share/jupyter")}
    with voila_server(tmp_path, env=env, command=voila_command(port, ["--Voila.ip=127.0.0.1"]), port=port) as url:
        yield url


def _follow(page, name: str):
    """Click the start page's link named ``name``; returns the response of the page it leads to."""
    with page.expect_navigation(timeout=120_000) as navigation:
        page.get_by_role("link", name=name, exact=True).first.click()
    return navigation.value


def test_the_start_page_reads_at_a_readable_width_and_its_links_open(make_voila, browser):
    page = browser.new_page(viewport={"width": 1600, "height": 1000})
    try:
        start = voila_page_url(make_voila, START_PAGE)
        assert page.goto(start).status == 200
        page.wait_for_function(SHOWN, timeout=180_000)
        box = page.locator("#rendered_cells").bounding_box()
        assert box["width"] <= 62 * 16 and abs(box["x"] - (1600 - box["x"] - box["width"])) <= 20, box  # centred
        assert "start here" in page.locator("#rendered_cells h1").first.inner_text()

        spanish = _follow(page, "Versión en español")
        assert spanish.status == 200 and spanish.url.endswith("/voila/render/notebooks/es/00_start_here.ipynb")
        page.wait_for_function(SHOWN, timeout=180_000)
        assert "empieza aquí" in page.locator("#rendered_cells h1").first.inner_text()

        page.goto(start, wait_until="domcontentloaded", timeout=120_000)  # Voilà runs the page again first
        page.wait_for_function(SHOWN, timeout=180_000)
        nxt = _follow(page, "Dots and Boxes, lesson 1 — the rules and the words")
        assert nxt.status == 200 and nxt.url.endswith("/voila/render/notebooks/dots_and_boxes/01_rules_and_terms.ipynb")
        page.wait_for_function(SHOWN, timeout=180_000)
        assert "Dots and Boxes" in page.title()

        # the teacher guide the start page links: text, in UTF-8
        page.goto(start)
        page.wait_for_function(SHOWN, timeout=180_000)
        with page.expect_navigation(timeout=60_000) as navigation:
            page.locator("#rendered_cells a[href$='docs/teachers/dots.md']").first.click()
        assert navigation.value.status == 200
        assert "Teacher guide — Dots and Boxes" in page.locator("body").inner_text()
    finally:
        page.close()
