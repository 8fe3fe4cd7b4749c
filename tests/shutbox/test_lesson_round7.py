"""A strict reading of the four Shut the Box lessons (round 7): lesson 3's More practice gets its minutes, lesson 4's
practice gives what its problems need and has a shut-the-box item the largest tile gets wrong, the worksheet keeps
the rules-of-thumb table away from the prediction, and the Spanish agrees with «fichas»."""

import re
from pathlib import Path

import pytest

from gamekit.shutbox import lessons as L

ROOT = Path(__file__).resolve().parents[2]
PAGES = {"en": ROOT / "notebooks/shut_the_box", "es": ROOT / "notebooks/es/shut_the_box"}
GUIDES = {"en": ROOT / "docs/teachers/shutbox.md", "es": ROOT / "docs/teachers/es/shutbox.md"}


@pytest.mark.parametrize("lang", ["en", "es"])
def test_lesson_three_more_practice_has_minutes_since_the_check_waits_for_it(lang):
    """The class tally's exact column and the computer's check open only once the More practice is answered, so the
    More practice cannot be "if there is time, or at home": the page gives it 10 minutes, its parts add up to the
    announced total, and the guide's plan and objectives table say the same."""
    page = (PAGES[lang] / "03_dice.md").read_text(encoding="utf-8")
    time = re.search(
        r"\*\*(?:Time|Tiempo):\*\* (?:about|unos) (\d+) minut(?:es|os):? ?\(?([^*]*?)\)?\.\n\n", page, re.S
    )
    parts = [int(n) for n in re.findall(r"(?:^|, |; | y )(\d+) ", " ".join(time.group(2).split()))]
    assert sum(parts) == int(time.group(1)) == L.LESSONS[3].minutes == 65, parts
    assert ("10 for More practice" if lang == "en" else "10 para Más práctica") in " ".join(time.group(2).split())
    more = page[page.index("## M") : page.index("practice(3, score)")]
    assert "at home" not in more and "en casa" not in more
    guide = GUIDES[lang].read_text(encoding="utf-8")
    plan = guide[guide.index("03_dice.md)") :]
    plan = plan[: plan.index("**total**")]
    rows = [int(m) for m in re.findall(r"^\| (\d+) \|", plan, re.M)]
    assert sum(rows) == 65 and 10 in rows
    assert "(65 min)" in guide and "(55 min) | " + ("list the 36" if lang == "en" else "escribir los 36") not in guide
