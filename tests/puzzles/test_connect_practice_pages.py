"""5 en raya / Connect Four Practice pages as a pupil meets them: the first Hint names an idea only when the answer
uses it, homework sets spread their answer columns, and the wrong-drop words say what the pupil can check."""

import pytest

from gamekit.i18n import using
from gamekit.puzzles.connect import GENERAL_HINT
from gamekit.puzzles.connect_why import idea_in_every_answer
from gamekit.puzzles.core import game_themes, theme_hint
from gamekit.puzzles.pools import practice_pool
from gamekit.puzzles.practice import Practice

GAMES = ["five_in_a_row", "connect_four"]


@pytest.fixture(autouse=True)
def _own_progress(tmp_path, monkeypatch):
    monkeypatch.setenv("GAMEKIT_PROGRESS_FILE", str(tmp_path / "progress.json"))


@pytest.mark.parametrize("game_id", GAMES)
def test_the_first_hint_names_an_idea_only_when_every_right_drop_uses_it(game_id):
    """In every pool (all ideas mixed, or one idea) the first Hint names a puzzle's idea only when each right drop
    shows it on the board; otherwise it is a general hint that is true of every puzzle (the reader's example:
    an odd/even hint where the right drop makes no threat)."""
    general = 0
    with using("en"):
        for theme in [None, *game_themes(game_id)]:
            try:
                pool = practice_pool(game_id, theme)
            except ValueError:
                continue
            for p in pool:
                hint = Practice(game_id, theme=theme, puzzles=[p]).hint()
                general += GENERAL_HINT in hint
                for t in game_themes(game_id):
                    if theme_hint(game_id, t).rstrip("?.") in hint:
                        assert idea_in_every_answer(p, t), (theme, p.id, t, hint)
    assert general  # the mixed pool holds such puzzles: they get the general hint
    if game_id == "connect_four":
        mixed = {p.id: p for p in practice_pool(game_id)}
        with using("en"):
            assert GENERAL_HINT in Practice(game_id, puzzles=[mixed["c4-8938336620"]]).hint()
