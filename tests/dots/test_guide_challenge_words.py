"""The teacher guides' worked reasoning for lesson 5's last challenge describes the board the exercise shows."""

from pathlib import Path

import pytest

from gamekit.dots import lessons as L

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("guide", ["docs/teachers/dots.md", "docs/teachers/es/dots.md"])
def test_the_guide_names_the_line_that_cut_the_chain_of_three_and_the_box_on_offer_alone(guide):
    ex = L.LESSONS[5].exercises["l5_ex10"]()
    game = ex.game
    assert game.history[-1] == "c3-c4"  # Coral's last line cut the bottom row's chain of 3
    sides = {name: game.sides_drawn(game.geometry.box_index(name)) for name in ("a3", "b3", "c3")}
    assert sides == {"a3": 2, "b3": 3, "c3": 3}  # c3 on offer alone; b3 (three sides) linked to a3
    text = (ROOT / guide).read_text(encoding="utf-8")
    part = text[text.index("`c4-d4`, then `a3-a4`)" if "/es/" not in guide else "`c4-d4` y luego `a3-a4`)") :][:700]
    assert "`c3-c4`" in part and "2-chain of\n   boxes b3 and c3" not in part and "(a3, b3, c3)" in part
