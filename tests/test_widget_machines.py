"""Stateful property tests: each board widget driven at random like a restless reader.

Rules click anywhere on the canvas (through the mouse handler, in buffer pixels), press keys, use
every setter with good and bad values (and the selectors), ask for and answer undos, ask for hints,
resign and start new games.  After every step the invariants hold: nothing went wrong, the board
drawn is the current position and agrees with the game, the selectors show the real settings, the
cards follow the seats and the status line says something.  A refused setting leaves ``state()``
unchanged.  CPU levels and boards are kept small so the machines stay quick.
"""

import os

import pytest
from hypothesis import HealthCheck, settings, strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from gamekit.connect.view import DISC
from gamekit.connect.widget import ConnectWidget
from gamekit.dots.widget import DotsWidget
from gamekit.dots.view import BOX_NUMBER, COORDINATE_INK, HINT_INK
from gamekit.shutbox.widget import BoxLayout, ShutBoxWidget
from gamekit.game import LEVELS, TIMERS
from gamekit.widgets.canvas import SCALE
from gamekit.widgets.controls import MODES
from gamekit.widgets.settings import BadSettingError
from gamekit.core.scene import SEAT_COLOURS

MACHINE = settings(
    max_examples=int(os.environ.get("GAMEKIT_MACHINE_EXAMPLES", 30)),
    stateful_step_count=30,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)

junk = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 99),
    st.floats(allow_nan=True),
    st.text(max_size=6),
    st.binary(max_size=3),
    st.lists(st.integers(0, 3), max_size=2),
)
CHEAP_LEVELS = ("easy", "medium")
KEYS = ("ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Enter", " ", "p", "P", "x", "Tab")


def maybe_bad(good):
    """A good value (from ``good``) or junk of any type."""
    return st.one_of(st.sampled_from(good), junk)


class WidgetMachine(RuleBasedStateMachine):
    """Rules and invariants every board widget shares; subclasses make the widget and check its board."""

    w = None

    # ----- helpers ----------------------------------------------------------------------
    def setting(self, call, good: bool):
        """Apply a setter: a good value is taken, a bad one refused with the widget unchanged."""
        before = self.w.state()
        if good:
            call()
            return
        with pytest.raises(BadSettingError):
            call()
        assert self.w.state() == before
        assert self.w.last_status.startswith("Not changed:")

    # ----- shared rules -------------------------------------------------------------------
    @rule(x=st.floats(-20, 700), y=st.floats(-20, 500))
    def click_anywhere(self, x, y):
        self.w.handle_mouse_down(x * SCALE, y * SCALE)

    @rule(key=st.sampled_from(KEYS))
    def press(self, key):
        self.w.handle_key_down(key, False, False, False)

    @rule(level=maybe_bad(CHEAP_LEVELS))
    def set_level(self, level):
        good = isinstance(level, str) and level in LEVELS
        self.setting(lambda: self.w.set_level(level), good)
        if good:
            assert self.w.level == level and self.w.level_select.value == level

    @rule(timer=maybe_bad(TIMERS))
    def set_timer(self, timer):
        good = type(timer) is int and timer in TIMERS
        self.setting(lambda: self.w.set_timer(timer), good)
        if good:
            assert self.w.timer_seconds == timer

    @rule(on=st.one_of(st.just(False), junk.filter(lambda v: v is not True)))
    def set_hints(self, on):
        """Hints off, or junk (refused); machines that can afford a hint on every turn add True."""
        self.setting(lambda: self.w.set_hints(on), isinstance(on, bool))

    @rule()
    def undo(self):
        self.w.on_undo(None)

    @rule(accept=st.booleans())
    def answer(self, accept):
        asked = self.w.undo_requested_by is not None
        history = len(self.w.game.history)
        (self.w.on_accept_undo if accept else self.w.on_decline_undo)(None)
        if asked and not accept:
            assert len(self.w.game.history) == history
        assert self.w.undo_requested_by is None

    @rule()
    def hint(self):
        self.w.on_hint(None)

    @rule()
    def resign(self):
        self.w.on_resign(None)

    @rule()
    def new_game(self):
        self.w.on_new(None)
        # a new game is open for a person, unless the CPU plays it alone, or the CPU's opening turn already ended
        # it: (to 45 points, scores as digits) it put the CPU out and left one player, or (a round) it shut the box,
        # which wins at once (rules sheet)
        ended_early = isinstance(self.w, ShutBoxWidget) and (
            (self.w.variant == "to_45" and any(self.w.game.out))
            or (self.w.variant == "round" and not self.w.game.open_tiles)
        )
        assert not self.w.game.is_over() or self.w.mode == "watch" or self.w.n_seats > 2 or ended_early

    @rule()
    def step(self):
        self.w.on_step(None)

    @rule()
    def save(self):
        self.saved = [*getattr(self, "saved", [])[-3:], self.w.game.to_dict()]

    @rule(data=st.data())
    def load(self, data):
        """A saved game from earlier (refused when the widget cannot seat it), or junk (refused)."""
        saved = data.draw(st.one_of(st.sampled_from(getattr(self, "saved", None) or [None]), junk))
        seats_differ = (
            isinstance(saved, dict)
            and isinstance(self.w, ShutBoxWidget)
            and self.w.game_class.from_dict(saved).n_players != len(self.w.seats)
        )
        self.setting(lambda: self.w.load(saved), isinstance(saved, dict) and not seats_differ)
        if isinstance(saved, dict) and not seats_differ and not self.w.is_cpu_turn() and self.w.mode != "cpu":
            assert self.w.game.to_dict() == saved

    # ----- invariants ---------------------------------------------------------------------
    @invariant()
    def nothing_went_wrong(self):
        if self.w is not None:
            assert not self.w.errors, self.w.errors

    @invariant()
    def the_board_shows_the_current_position(self):
        if self.w is None:
            return
        scene = self.w.build_scene()  # still computes
        assert list(scene) == list(self.w.board.scene)
        self.check_board(scene)

    @invariant()
    def the_selectors_show_the_real_settings(self):
        if self.w is not None:
            assert self.w.control_values() == self.w.settings()
            self.check_settings()

    @invariant()
    def cards_and_status(self):
        w = self.w
        if w is None:
            return
        assert w.last_status.strip()
        assert w.current_status().strip()
        assert len(w.cards) == w.n_seats and all(card.value for card in w.cards)
        active = [i for i, card in enumerate(w.cards) if "gamekit-active" in card.value]
        assert active == ([] if w.game.is_over() else [w.game.to_move])
        assert (w.undo_panel.layout.display == "flex") == (w.undo_requested_by is not None)

    def teardown(self):
        if self.w is not None:
            self.w.cancel_timer()

    def check_board(self, scene):
        raise NotImplementedError

    def check_settings(self):
        pass


# ======================================================================= Dots and Boxes
SMALL_SIZES = [(1, 1), (2, 1), (1, 2), (3, 1), (2, 2)]


class DotsMachine(WidgetMachine):
    @initialize(
        mode=st.sampled_from(MODES),
        level=st.sampled_from(CHEAP_LEVELS),
        size=st.sampled_from(SMALL_SIZES),
        seed=st.integers(0, 5),
    )
    def make(self, mode, level, size, seed):
        self.w = DotsWidget(*size, mode=mode, level=level, seed=seed)

    @rule(data=st.data())
    def draw_a_line(self, data):
        moves = self.w.game.legal_moves()
        if moves:
            self.w.click_line(data.draw(st.sampled_from(moves)))

    @rule(mode=maybe_bad(MODES))
    def set_mode(self, mode):
        good = isinstance(mode, str) and mode in MODES
        self.setting(lambda: self.w.set_mode(mode), good)

    @rule(mode=st.sampled_from(MODES))
    def choose_mode_in_the_selector(self, mode):
        self.w.mode_select.value = mode
        assert self.w.mode == mode

    @rule(width=maybe_bad([1, 2, 3]), height=maybe_bad([1, 2]))
    def set_size(self, width, height):
        good = all(type(v) is int and 1 <= v <= 8 for v in (width, height))
        if good and width * height > 4:
            return  # keep the machine quick (the hint solves exactly)
        self.setting(lambda: self.w.set_size(width, height), good)
        if good:
            assert (self.w.game.width, self.w.game.height) == (width, height)

    @rule(size=st.sampled_from(SMALL_SIZES))
    def choose_size_in_the_selector(self, size):
        if size in [value for _, value in self.w.size_select.options]:
            self.w.size_select.value = size
            assert self.w.size == size

    @rule(on=st.booleans())
    def hints_on_small_boards(self, on):
        self.w.set_hints(on)

    def check_board(self, scene):
        g = self.w.game
        drawn = [op for op in scene.ops("line")]
        assert len(drawn) == len(g.history)
        owned = [op for op in scene.ops("rect") if op[5] in SEAT_COLOURS]
        assert len(owned) == sum(g.scores)
        numbers = sorted(op[3] for op in scene.ops("text") if op[5] == BOX_NUMBER)  # not the dot names
        assert numbers == sorted(str(owner + 1) for owner in g.owners if owner is not None)
        names = [op[3] for op in scene.ops("text") if op[5] == COORDINATE_INK]
        assert names == [chr(ord("a") + c) for c in range(g.width + 1)] + [str(r + 1) for r in range(g.height + 1)]
        hinted = [op for op in scene.ops("dashed_line") if op[5] == HINT_INK]
        assert len(hinted) == (self.w.hint_move is not None)
        assert (self.w.game.width, self.w.game.height) == self.w.size

    def check_settings(self):
        assert self.w.size_select.value == (self.w.game.width, self.w.game.height)


# ======================================================================= 5 en raya / Connect Four
class ConnectMachine(WidgetMachine):
    @initialize(
        kind=st.sampled_from(["five", "four"]),
        popout=st.booleans(),
        mode=st.sampled_from(MODES),
        level=st.sampled_from(CHEAP_LEVELS),
        seed=st.integers(0, 5),
    )
    def make(self, kind, popout, mode, level, seed):
        self.w = ConnectWidget(kind, popout=popout, mode=mode, level=level, seed=seed, hint_budget=0.02)
        self.hints_left = 2  # the solver looks at ~1000 nodes per column before it checks the clock

    @precondition(lambda self: self.hints_left > 0)
    @rule()
    def hint(self):
        self.hints_left -= 1
        self.w.on_hint(None)
        self.hinted_at = (self.w.game, list(self.w.game.history))

    @invariant()
    def verdicts_belong_to_the_position_they_were_computed_for(self):
        if self.w is not None and self.w.verdicts:
            assert (self.w.game, list(self.w.game.history)) == self.hinted_at

    @rule(data=st.data())
    def drop_a_disc(self, data):
        drops = [m for m in self.w.game.legal_moves() if not m.startswith("p")]
        if drops:
            self.w.click_column(int(data.draw(st.sampled_from(drops))))

    @rule(x=st.floats(-20, 500), y=st.floats(-20, 400))
    def hover(self, x, y):
        self.w.handle_mouse_move(x * SCALE, y * SCALE)

    @rule()
    def leave(self):
        self.w.handle_mouse_out()

    @rule(mode=maybe_bad(MODES))
    def set_mode(self, mode):
        self.setting(lambda: self.w.set_mode(mode), isinstance(mode, str) and mode in MODES)

    @rule(kind=maybe_bad(["five", "four"]), popout=st.one_of(st.none(), st.booleans(), junk))
    def set_game(self, kind, popout):
        good = isinstance(kind, str) and kind in ("five", "four") and (popout is None or isinstance(popout, bool))
        self.setting(lambda: self.w.set_game(kind, popout=popout), good)
        if good:
            assert self.w.kind == kind

    @rule(kind=st.sampled_from(["five", "four"]), popout=st.booleans())
    def choose_in_the_selectors(self, kind, popout):
        self.w.game_select.value = kind
        self.w.popout_box.value = popout
        assert (self.w.kind, self.w.popout) == (kind, popout)

    def check_board(self, scene):
        w, g = self.w, self.w.game
        r = w.layout_px.cell * 0.38
        discs = [op for op in scene.ops("circle") if op[3] == r and op[4] in DISC]
        in_grid = 0
        for c in range(g.width):
            for row in range(g.height):
                v = g.cell(c, row)
                if v is not None:
                    assert ("circle", *w.layout_px.centre(c, row), r, DISC[v]) in scene
                    in_grid += 1
        ghost = (
            1
            if (
                w.hover is not None and w.hover != w.cursor and not g.is_over() and g.column_number(w.hover) is not None
            )
            else 0
        )
        assert len(discs) == in_grid + ghost
        if not w.verdicts:
            assert all(t.isdigit() for t in scene.texts())

    def check_settings(self):
        g = self.w.game
        assert g.variant.name == ("5 en raya" if self.w.kind == "five" else "Connect Four")
        assert g.popout == self.w.popout


# ======================================================================= Shut the Box
seat_lists = st.lists(st.sampled_from(["person", "cpu"]), min_size=1, max_size=6)


class ShutBoxMachine(WidgetMachine):
    @initialize(seats=seat_lists, level=st.sampled_from(CHEAP_LEVELS), seed=st.integers(0, 5))
    def make(self, seats, level, seed):
        self.w = ShutBoxWidget(seats=seats, level=level, seed=seed)

    @rule(n=st.sampled_from([None, 1, 2]))
    def roll(self, n):
        self.w.roll(n)

    @rule(tiles=st.lists(st.integers(1, 9), min_size=1, max_size=3))
    def select(self, tiles):
        self.w.select(*tiles)

    @rule(data=st.data())
    def play_a_legal_set(self, data):
        sets = self.w.game.legal_sets()
        if sets and not self.w.is_cpu_turn():
            self.w.clear()
            self.w.select(*data.draw(st.sampled_from(sets)))
            assert self.w.confirm()

    @rule()
    def confirm(self):
        self.w.on_confirm(None)

    @rule()
    def clear(self):
        self.w.on_clear(None)
        assert not self.w.selected

    @rule()
    def show_sets(self):
        self.w.on_show_sets(None)

    @rule(
        variant=st.one_of(st.none(), maybe_bad(["round", "long", "to_45"])),
        one_die=st.one_of(st.none(), maybe_bad(["after_789", "under_six", "never"])),
        scoring=st.one_of(st.none(), maybe_bad(["sum", "digits"])),
        seats=st.one_of(st.none(), seat_lists, st.lists(junk, max_size=3), junk),
    )
    def setup(self, variant, one_die, scoring, seats):
        w = self.w

        def ok(value, choices):
            return value is None or (isinstance(value, str) and value in choices)

        new_seats = w.seats if seats is None else seats
        good = (
            ok(variant, ("round", "long", "to_45"))
            and ok(one_die, ("after_789", "under_six", "never"))
            and ok(scoring, ("sum", "digits"))
            and isinstance(new_seats, list)
            and len(new_seats) >= 1
            and all(isinstance(k, str) and k in ("person", "cpu") for k in new_seats)
            and ((variant or w.variant) != "long" or len(new_seats) == 2)
        )
        self.setting(lambda: w.setup(variant=variant, one_die=one_die, scoring=scoring, seats=seats), good)
        if good:
            assert w.game.n_players == len(w.seats) == len(w.cards)

    @rule(data=st.data())
    def use_a_selector(self, data):
        w = self.w
        select = data.draw(st.sampled_from([w.variant_select, w.one_die_select, w.scoring_select, *w.seat_selects]))
        value = data.draw(st.sampled_from([v for _, v in select.options]))
        select.value = value  # applied, or refused and put back

    @rule(mode=maybe_bad(MODES))
    def set_mode(self, mode):
        follows = "watch" if "person" not in self.w.seats else "cpu"
        self.setting(lambda: self.w.set_mode(mode), mode == follows and isinstance(mode, str))

    def check_board(self, scene):
        g, lay = self.w.game, BoxLayout()
        for t in range(1, 10):
            x = lay.tile_x(t)
            standing = [op for op in scene.ops("rect") if op[1:5] == (x, lay.top, lay.tile_w, lay.tile_h)]
            lying = [op for op in scene.ops("rect") if op[1:5] == (x, lay.hinge_y, lay.tile_w, lay.down_h)]
            assert (len(standing), len(lying)) == ((1, 0) if t in g.open_tiles else (0, 1))
        dice = [op for op in scene.ops("rect") if op[3:5] == (lay.die, lay.die)]
        assert len(dice) == len(g.dice)
        assert self.w.selected <= set(range(1, 10))
        if self.w.selected:
            assert g.phase == "cover"

    def check_settings(self):
        g, w = self.w.game, self.w
        assert (g.variant, g.rules.one_die, g.rules.scoring) == (w.variant, w.rules.one_die, w.rules.scoring)
        assert g.n_players == len(w.seats)
        assert w.mode == ("watch" if "person" not in w.seats else "cpu")


TestDotsWidgetMachine = MACHINE(DotsMachine).TestCase
TestConnectWidgetMachine = MACHINE(ConnectMachine).TestCase
TestShutBoxWidgetMachine = MACHINE(ShutBoxMachine).TestCase
