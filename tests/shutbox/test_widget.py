"""The Shut the Box widget, driven through its plain methods (no browser)."""

import pytest

from gamekit.shutbox import Rules
from gamekit.shutbox.widget import BoxLayout, ShutBoxWidget, box_scene


def test_scene_shows_open_and_covered_tiles_and_pips():
    s = box_scene((1, 2, 3), dice=(3, 5), selected=(2,))
    texts = s.texts()
    assert all(str(t) in texts for t in range(1, 10))
    pips = [op for op in s.ops("circle") if op[4] == "#222222"]
    assert len(pips) == 8
    lay = BoxLayout()
    for t in range(1, 10):
        assert lay.tile_at(*lay.tile_centre(t)) == t
    assert lay.tile_at(2, 2) is None


def test_roll_select_confirm_and_refusal():
    w = ShutBoxWidget(seats=["person", "cpu"], seed=1)
    assert "roll the dice" in w.last_status
    w.select(5)
    assert "Roll the dice first" in w.last_status and not w.selected
    w.roll()
    total = sum(w.game.dice)
    assert f"= {total}" in w.last_status
    wrong = 1 if total != 1 else 2
    w.select(wrong)
    assert w.selected == {wrong}
    assert not w.confirm()
    assert f"not the roll {total}" in w.last_status and w.game.open_tiles == tuple(range(1, 10))
    w.clear()
    sets = w.show_sets()
    assert sets == w.game.legal_sets() and "Sets for" in w.sets_html.value
    w.select(*sets[0])
    assert w.confirm()
    assert all(t not in w.game.open_tiles for t in sets[0]) and not w.selected
    assert not w.errors


def test_clicking_a_covered_tile_is_refused():
    w = ShutBoxWidget(seats=["person"], seed=1)
    w.roll()
    s = w.game.legal_sets()[0]
    w.select(*s)
    w.confirm()
    if w.game.is_over():
        return
    w.roll()
    if w.game.phase == "cover":
        w.select(s[0])
        assert "already covered" in w.last_status


def test_dice_click_rolls_and_hint():
    w = ShutBoxWidget(seats=["person"], seed=2)
    x0, y0 = w.layout_px.die_box(0, 2)
    assert w.click(x0 + 5, y0 + 5)
    assert w.game.phase in ("cover", "over")
    if w.game.phase == "cover":
        move, reason = w.hint()
        assert move in w.game.legal_moves() and "shut chance" in reason


def test_person_against_cpu_plays_to_the_end():
    w = ShutBoxWidget(seats=["person", "cpu", "cpu"], seed=4, level="hard")
    while not w.game.is_over():
        assert w.game.to_move == 0
        if w.game.phase == "roll":
            w.roll()
        else:
            w.select(*w.game.legal_sets()[-1])
            w.confirm()
    assert not w.errors
    assert "The CPU played" in w.last_status or "shuts" in w.last_status
    w.restart()
    assert not w.game.is_over() and w.game.to_move == 0


def test_cpu_first_seat_moves_at_once_and_watch_mode_steps():
    w = ShutBoxWidget(seats=["cpu", "person"], seed=3)
    assert w.game.to_move == 1 or w.game.is_over()
    w2 = ShutBoxWidget(seats=["cpu", "cpu"], seed=3)
    assert w2.mode == "watch"
    n = 0
    while not w2.game.is_over() and n < 200:
        w2.step()
        n += 1
    assert w2.game.is_over() and not w2.errors


def test_setup_changes_variant_rules_and_seats():
    w = ShutBoxWidget(seats=["person", "person"], seed=5)
    w.setup(variant="long")
    assert w.game.variant == "long" and len(w.game.names) == 2
    w.setup(variant="to_45", seats=["person", "cpu", "cpu", "person"], one_die="under_six", scoring="digits")
    assert w.game.rules == Rules("under_six", "digits") and w.game.n_players == 4
    assert sum(bool(c.value) for c in w.cards) == 4
    w.one_die_select.value = "never"
    assert w.game.rules.one_die == "never" and not w.errors
    w.variant_select.value = "round"
    assert w.game.variant == "round" and not w.errors


def test_one_die_button_and_undo():
    w = ShutBoxWidget(seats=["person"], seed=1)
    assert w.roll_one_button.layout.display == "none"
    w.roll()
    w.request_undo()
    assert w.game.phase == "roll" and not w.game.history


def test_bad_widget_arguments():
    with pytest.raises(ValueError):
        ShutBoxWidget(seats=[])
    with pytest.raises(TypeError):
        ShutBoxWidget(seats="person")
    with pytest.raises(ValueError):
        ShutBoxWidget(seats=["robot"])
    with pytest.raises(ValueError):
        ShutBoxWidget(seats=["person"], variant="long")
