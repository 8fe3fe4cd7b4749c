"""Where the Shut the Box lesson tests read the checkout: the pupils' pages and the teacher guides, in each language."""

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PAGES = {"en": ROOT / "notebooks/shut_the_box", "es": ROOT / "notebooks/es/shut_the_box"}
GUIDES = {"en": ROOT / "docs/teachers/shutbox.md", "es": ROOT / "docs/teachers/es/shutbox.md"}


def one_line(text: str) -> str:
    """``text`` with every run of whitespace (line breaks too) as one space, so a sentence wrapped on the page reads
    as one line."""
    return " ".join(text.split())
