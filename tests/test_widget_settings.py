"""Widget settings are checked first: a refusal raises, says why in the status line and changes nothing.

Also the cases of issue 9 found by trying the widgets as a new user would (each is a test here):
who asks for an undo, the 5 en raya Hint verdicts after an undo, Shut the Box with six seats.
"""

import pytest

from gamekit.connect.widget import ConnectWidget
from gamekit.dots.widget import DotsWidget
from gamekit.shutbox import Rules
from gamekit.shutbox.widget import ShutBoxWidget
from gamekit.widgets.settings import BadSettingError, BadSettingTypeError


def snapshot(w):
    """Everything a refused setting must leave as it was."""
    return w.state()


def refused(w, call, error=BadSettingError, words=()):
    """``call`` raises ``error``; the widget is exactly as before and the status line says why."""
    before = snapshot(w)
    with pytest.raises(error) as info:
        call()
    assert snapshot(w) == before
    assert w.last_status.startswith("Not changed:") and str(info.value) in w.last_status
    for word in words:
        assert word in str(info.value)
    assert not w.errors
    w.refresh()  # the widget still draws
    return info.value


def dots_in_play():
    w = DotsWidget(3, 3, mode="cpu", level="easy", seed=1)
    w.click_line("a1-b1")
    return w


@pytest.mark.parametrize(
    "call, words",
    [
        (lambda w: w.set_level("expert"), ["level", "'expert'", "easy"]),
        (lambda w: w.set_size(0, 0), ["width=0", "1 to 8"]),
        (lambda w: w.set_size(9, 3), ["width=9"]),
        (lambda w: w.set_size(3, -1), ["height=-1"]),
        (lambda w: w.set_mode("x"), ["mode", "'x'", "people"]),
        (lambda w: w.set_timer(45), ["timer=45"]),
    ],
)
def test_dots_bad_values_are_refused_and_nothing_changes(call, words):
    w = dots_in_play()
    refused(w, lambda: call(w), words=words)


@pytest.mark.parametrize(
    "call",
    [
        lambda w: w.set_level(1),
        lambda w: w.set_level(None),
        lambda w: w.set_mode(b"cpu"),
        lambda w: w.set_size(3.0, 3),
        lambda w: w.set_size(True, 3),
        lambda w: w.set_size("3", 3),
        lambda w: w.set_timer(30.0),
        lambda w: w.set_timer(False),
        lambda w: w.set_hints(1),
        lambda w: w.set_hints("yes"),
    ],
)
def test_dots_wrong_types_are_refused_not_coerced(call):
    w = dots_in_play()
    error = refused(w, lambda: call(w), error=BadSettingTypeError)
    assert isinstance(error, TypeError) and isinstance(error, ValueError)


def test_after_a_refused_level_the_cpu_still_answers():
    w = DotsWidget(3, 3, mode="cpu", level="easy", seed=2)
    with pytest.raises(BadSettingError):
        w.set_level("expert")
    assert w.click_line("a1-b1")
    assert len(w.game.history) >= 2 and w.game.to_move == 0 and "The CPU played" in w.last_status


def test_after_refused_size_and_mode_every_later_refresh_works():
    w = DotsWidget(3, 3, mode="people")
    for call in (lambda: w.set_size(0, 0), lambda: w.set_mode("x")):
        with pytest.raises(BadSettingError):
            call()
    w.restart()
    assert (w.game.width, w.game.height) == (3, 3) and w.mode == "people"
    assert w.click_line("a1-b1") and not w.errors


def test_good_settings_are_applied_and_the_selectors_follow():
    w = DotsWidget(3, 3, mode="people")
    w.set_size(2, 7)  # not a preset: the selector gets it as an option
    assert w.size_select.value == (2, 7) and (w.game.width, w.game.height) == (2, 7)
    w.set_level("hard")
    w.set_timer(30)
    w.set_mode("cpu")
    assert (w.level_select.value, w.timer_select.value, w.mode_select.value) == ("hard", 30, "cpu")
    w.set_timer(0)
    assert w._timer is None
    w.set_hints(True)
    assert "Hint:" in w.last_status


def test_dots_constructor_refuses_bad_values():
    for kwargs in (
        {"width": 0},
        {"height": 2.5},
        {"alternate_start": "no"},
        {"seed": True},
        {"hints": 1},
        {"mode": "solo"},
        {"level": "expert"},
        {"timer": 45},
    ):
        with pytest.raises(BadSettingError):
            DotsWidget(**{"width": 3, "height": 3, **kwargs})


# ----- Connect ---------------------------------------------------------------------------------
def test_connect_set_game_six_is_refused_and_the_game_stays_as_it_was():
    w = ConnectWidget("five", mode="people")
    w.click_column(4)
    refused(w, lambda: w.set_game("six"), words=["game", "'six'", "five"])
    assert w.kind == "five" and w.game_select.value == "five"
    w.restart()  # the next New game is still 5 en raya
    assert w.game.variant.name == "5 en raya"


@pytest.mark.parametrize(
    "call", [lambda w: w.set_game("four", popout="no"), lambda w: w.set_game(4), lambda w: w.set_game("four", popout=1)]
)
def test_connect_wrong_types_are_refused(call):
    w = ConnectWidget("five", mode="people")
    refused(w, lambda: call(w), error=BadSettingTypeError)


def test_connect_constructor_refuses_bad_values():
    for kwargs in ({"game": "six"}, {"popout": "no"}, {"hint_budget": 0}, {"hint_budget": True}):
        with pytest.raises(BadSettingError):
            ConnectWidget(**{"mode": "people", **kwargs})


def test_five_in_a_row_hint_verdicts_go_with_an_accepted_undo():
    w = ConnectWidget("five", mode="people", hint_budget=0.2)
    w.click_column(4)
    w.hint()
    assert w.verdicts
    verdict_texts = {words for words, _ in w.verdicts.values()}
    w.request_undo()
    assert "Red asks to undo" in w.last_status and "Yellow, do you accept" in w.last_status
    w.answer_undo(True)
    assert w.game.history == [] and w.verdicts == {}
    under_columns = [t for t in w.board.scene.texts() if not t.isdigit()]
    assert not verdict_texts & set(under_columns)


def test_five_in_a_row_hint_verdicts_go_with_a_move_and_a_new_game():
    w = ConnectWidget("five", mode="people", hint_budget=0.2)
    w.hint()
    assert w.verdicts
    w.click_column(4)
    assert w.verdicts == {}
    w.hint()
    w.restart()
    assert w.verdicts == {}


def test_a_game_changed_from_outside_the_widget_drops_the_old_verdicts_at_the_next_refresh():
    w = ConnectWidget("four", mode="people", hint_budget=0.2)
    w.hint()
    w.game.play("4")
    w.refresh()
    assert w.verdicts == {}


# ----- who asks for an undo ----------------------------------------------------------------------
def test_dots_the_seat_that_drew_the_last_line_asks_even_when_it_kept_the_turn():
    w = DotsWidget(2, 1, mode="people")
    for line in ("a1-b1", "a2-b2", "a1-a2"):  # gold, coral, gold: box a1 has three sides
        w.click_line(line)
    assert w.game.to_move == 1
    w.click_line("b1-b2")  # coral completes box a1 and keeps the turn
    assert w.game.scores == (0, 1) and w.game.to_move == 1
    w.request_undo()
    assert w.last_status.startswith("Coral asks to undo") and "Gold, do you accept" in w.last_status
    w.answer_undo(False)
    assert "Gold declined" in w.last_status and len(w.game.history) == 4
    w.request_undo()
    w.answer_undo(True)
    assert w.game.history == ["a1-b1", "a2-b2", "a1-a2"] and w.game.to_move == 1


def test_a_resignation_is_taken_back_at_the_request_of_the_seat_that_resigned():
    w = DotsWidget(3, 3, mode="people")
    w.click_line("a1-b1")
    w.resign()  # coral, to move, resigns
    assert "Coral resigned: Gold wins" in w.last_status
    w.request_undo()
    assert w.last_status.startswith("Coral asks")
    w.answer_undo(True)
    assert not w.game.is_over() and w.game.history == ["a1-b1"]


# ----- Shut the Box -------------------------------------------------------------------------
def test_shutbox_six_people_get_six_cards_and_seven_seat_selectors():
    w = ShutBoxWidget(seats=["person", "cpu"], seed=1)
    w.setup(seats=["person"] * 6)
    assert w.game.n_players == 6 and len(w.cards) == 6 and all(c.value for c in w.cards)
    assert [f"Player {i}" in w.cards[i - 1].value for i in range(1, 7)] == [True] * 6
    assert w.cards_box.layout.flex_flow == "row wrap"
    assert [s.value for s in w.seat_selects] == ["person"] * 6 + ["off"]
    w.seat_selects[6].value = "cpu"  # the spare selector adds a seventh seat
    assert w.seats == ["person"] * 6 + ["cpu"] and len(w.cards) == 7 and len(w.seat_selects) == 8
    w.seat_selects[0].value = "off"  # "—" takes a seat away
    assert w.seats == ["person"] * 5 + ["cpu"] and len(w.cards) == 6 and not w.errors


def test_shutbox_unknown_seat_kind_is_refused_and_nothing_changes():
    w = ShutBoxWidget(seats=["person", "cpu"], seed=1)
    w.roll()
    refused(w, lambda: w.setup(seats=["robot"]), words=["seats", "'robot'"])
    assert w.seats == ["person", "cpu"] and len(w.cards) == 2


@pytest.mark.parametrize(
    "kwargs, error",
    [
        ({"seats": []}, BadSettingError),
        ({"seats": "person"}, BadSettingTypeError),
        ({"seats": ["person", None]}, BadSettingTypeError),
        ({"variant": "marathon"}, BadSettingError),
        ({"variant": "long"}, BadSettingError),
        ({"one_die": "sometimes"}, BadSettingError),
        ({"scoring": 159}, BadSettingTypeError),
        ({"seats": ["person"] * 13}, BadSettingError),
    ],
)
def test_shutbox_bad_setup_is_refused(kwargs, error):
    w = ShutBoxWidget(seats=["person", "person", "cpu"], seed=2)
    refused(w, lambda: w.setup(**kwargs), error=error)


def test_shutbox_mode_follows_the_seats():
    w = ShutBoxWidget(seats=["person", "cpu"], seed=2)
    refused(w, lambda: w.set_mode("people"), words=["mode", "seats"])
    w.set_mode("cpu")  # the mode it already has is fine
    assert w.mode == "cpu"


def test_shutbox_a_refused_selector_change_snaps_back():
    w = ShutBoxWidget(seats=["person", "person", "cpu"], seed=3)
    w.variant_select.value = "long"  # three seats: the long game is for two
    assert w.variant_select.value == "round" and w.variant == "round"
    assert "long game is for two players" in w.last_status and not w.errors
    w.seat_selects[0].value = "off"
    w.seat_selects[0].value = "off"
    w.seat_selects[0].value = "off"  # the last seat cannot go
    assert w.seats == ["cpu"] and [s.value for s in w.seat_selects] == ["cpu", "off"]
    assert "at least one player" in w.last_status and not w.errors


def test_shutbox_constructor_refuses_bad_values():
    for kwargs in (
        {"seats": ["robot"]},
        {"seats": []},
        {"variant": "long", "seats": ["person"] * 3},
        {"rules": {"one_die": "never"}},
        {"stake": -1},
        {"stake": 1.5},
        {"level": "expert"},
        {"timer": 10},
    ):
        with pytest.raises(BadSettingError):
            ShutBoxWidget(**kwargs)


def test_shutbox_between_people_undo_is_asked_of_the_next_person():
    w = ShutBoxWidget(seats=["person", "person", "person"], seed=4)
    w.roll()
    w.request_undo()
    assert w.last_status.startswith("Player 1 asks") and "Player 2, do you accept" in w.last_status
    w.answer_undo(True)
    assert w.game.history == [] and w.game.phase == "roll"


def test_shutbox_selection_does_not_outlive_its_roll():
    w = ShutBoxWidget(seats=["person"], seed=1)
    w.roll()
    w.select(w.game.legal_sets()[0][0])
    assert w.selected
    w.request_undo()  # alone: undone at once
    assert not w.selected and w.game.phase == "roll"
    w.roll()
    w.select(w.game.legal_sets()[0][0])
    w.restart()
    assert not w.selected and "selected" not in " ".join(w.board.scene.texts())


def test_shutbox_resign_says_there_is_none():
    w = ShutBoxWidget(seats=["person"], seed=1)
    before = w.game.to_dict()
    w.resign()
    assert "no resigning" in w.last_status and w.game.to_dict() == before


def test_spanish_refusals():
    import gamekit

    gamekit.set_language("es")
    try:
        w = DotsWidget(3, 3, mode="people")
        with pytest.raises(BadSettingError) as info:
            w.set_level("experto")
        assert "elige uno de" in str(info.value) and w.last_status.startswith("Sin cambios")
    finally:
        gamekit.set_language("en")


def test_rules_objects_are_kept():
    w = ShutBoxWidget(seats=["person"], rules=Rules("never", "digits"), seed=1)
    assert (w.one_die_select.value, w.scoring_select.value) == ("never", "digits")


# ----- saved games ----------------------------------------------------------------------------
def test_dots_load_takes_the_saved_board_and_drops_the_cursor():
    from gamekit.dots import DotsAndBoxes

    saved = DotsAndBoxes.from_moves(4, 4, "a1-b1, b1-b2").to_dict()
    w = DotsWidget(3, 3, mode="people")
    w.on_key("ArrowRight")
    w.load(saved)
    assert (w.game.width, w.game.height) == (4, 4) and w.size_select.value == (4, 4) == w.size
    assert w.game.history == ["a1-b1", "b1-b2"] and w.cursor is None
    assert w.last_status.startswith("Saved game loaded") and w.board.css_width == w.layout_px.css_size[0]
    assert len(w.board.scene.ops("line")) == 2


def test_dots_load_against_the_cpu_lets_the_cpu_answer():
    from gamekit.dots import DotsAndBoxes

    w = DotsWidget(3, 3, mode="cpu", seed=1)
    w.load(DotsAndBoxes.from_moves(3, 3, "a1-b1"))  # a game object works too: coral (the CPU) to move
    assert len(w.game.history) >= 2 and w.game.to_move == 0


@pytest.mark.parametrize(
    "saved, error", [(5, BadSettingTypeError), ("a1-b1", BadSettingTypeError), (None, BadSettingTypeError)]
)
def test_dots_load_refuses_what_is_not_a_saved_game(saved, error):
    w = dots_in_play()
    refused(w, lambda: w.load(saved), error=error)


def test_dots_load_refuses_an_unreadable_save_and_changes_nothing():
    from gamekit.core.errors import BadPositionError

    w = dots_in_play()
    saved = w.game.to_dict()
    saved["moves" if "moves" in saved else "history"] = ["a1-b1", "a1-b1"]
    before = snapshot(w)
    with pytest.raises(BadPositionError):
        w.load(saved)
    assert snapshot(w) == before and w.last_status.startswith("Not changed")


def test_connect_load_switches_the_game_and_drops_old_verdicts():
    from gamekit.connect import ConnectFour

    w = ConnectWidget("five", mode="people", hint_budget=0.2)
    w.hint()
    w.load(ConnectFour.from_moves("44").to_dict())
    assert w.kind == "four" and w.game_select.value == "four" and w.verdicts == {}
    assert w.game.history == ["4", "4"] and w.board.css_width == w.layout_px.css_size[0]


def test_shutbox_load_needs_as_many_seats_as_players():
    from gamekit.shutbox import ShutTheBox

    w = ShutBoxWidget(seats=["person", "cpu"], seed=1)
    refused(w, lambda: w.load(ShutTheBox(3, seed=1)), words=["3 players", "seats 2"])
    g = ShutTheBox(2, rules=Rules("never", "digits"), seed=9)
    g.roll()
    w.load(g)
    assert w.game.to_dict() == g.to_dict() and w.one_die_select.value == "never" and w.rules == g.rules
