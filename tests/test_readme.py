"""The README is executable: every ```python block runs as written, in order, in one namespace."""
import contextlib
import io
import re
from pathlib import Path

README = Path(__file__).resolve().parents[1] / "README.md"


def python_blocks() -> list[str]:
    return re.findall(r"^```python\n(.*?)^```", README.read_text(encoding="utf-8"), re.S | re.M)


def test_the_readme_has_python_examples():
    blocks = python_blocks()
    assert len(blocks) >= 2 and any("from gamekit" in b for b in blocks)


def test_every_python_block_of_the_readme_runs_in_order():
    namespace: dict = {"__name__": "readme"}
    out = io.StringIO()
    for i, block in enumerate(python_blocks(), 1):
        code = compile(block, f"README.md python block {i}", "exec")
        with contextlib.redirect_stdout(out):
            exec(code, namespace)  # noqa: S102 - our own README
    printed = out.getvalue()
    # the printed refusals say why
    assert "not neighbouring dots" in printed
    assert "undrawn lines" in printed and "time_limit" in printed
    # what the comments promise
    assert namespace["late"].is_over() is False and namespace["g"].winner() == 0
    assert namespace["saved"]["game"] == "dots_and_boxes" and namespace["saved"]["version"] == 2
