"""The Shut the Box widget (ipycanvas), built on :class:`gamekit.widgets.base.GameWidget`.

Nine hinged tiles (open tiles stand up, covered ones lie flipped down), dice with pips, Roll
(one die or two when the rules allow a choice), click tiles to select a set and Confirm, the
legal sets on request, a Hint from the exact tables, any number of seats (person or CPU: the
sheet allows any number; the cards wrap four to a row), and choosers for the variant and the rules (kept in step
with the game by :mod:`gamekit.shutbox.box_setup`).  ``box_scene`` draws any position and is shared with the lessons.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable, Sequence

import ipywidgets as W

from gamekit.core.errors import IllegalMoveError
from gamekit.shutbox.box_setup import (
    ONE_DIE_NAMES,
    SCORING_NAMES,
    VARIANT_NAMES,
    BoxSetup,
    check_seats,
    mode_for,
    option_label,
)
from gamekit.shutbox.describe import board_label, cursor_text, describe
from gamekit.shutbox.players import cpu_player, objective_for
from gamekit.shutbox.rules import ONE_DIE_RULES, SCORINGS, Rules
from gamekit.shutbox.tiles import TILES
from gamekit.shutbox.game import ShutTheBox
from gamekit.shutbox.variants import VARIANTS
from gamekit.shutbox.strategy import table
from gamekit.core.scene import BACKGROUND, INK, Scene
from gamekit.widgets.base import GameWidget
from gamekit.widgets.controls import reported
from gamekit.widgets.settings import BadSettingTypeError, check_choice, check_int
from gamekit.i18n import number, percent, tr


from gamekit.core.scene import SEAT_COLOURS4, SEAT_DARK4  # noqa: E402  (shared with the catalog)

FELT = "#2e7d4f"
FELT_DARK = "#1f5e3a"
WOOD = "#8b5a2b"
TILE_FACE = "#f6e7c1"
TILE_DOWN = "#6d4c2f"
SELECT = "#2e86de"
PIP = "#222222"
DOWN_NUMBER = TILE_FACE  # a covered tile's number: 6.3:1 on the lying tile
DOWN_EDGE = TILE_FACE  # a covered tile's edge: 4.1:1 against the felt (the tile's wood alone is 1.5:1)
CAPTION_INK = "#ffffff"  # the selection caption, written on the wood: 5.8:1
CURSOR = "#ffffff"  # the keyboard cursor: a dashed white frame round a tile (5.3:1 on the felt)


@dataclass(frozen=True)
class BoxLayout:
    """Pixel geometry of the box (CSS pixels)."""

    width: int = 600
    height: int = 300
    tile_w: float = 52
    gap: float = 8
    top: float = 34
    tile_h: float = 112
    down_h: float = 36
    die: float = 48

    @property
    def left(self) -> float:
        return (self.width - 9 * self.tile_w - 8 * self.gap) / 2

    def tile_x(self, tile: int) -> float:
        return self.left + (tile - 1) * (self.tile_w + self.gap)

    @property
    def hinge_y(self) -> float:
        return self.top + self.tile_h

    def tile_centre(self, tile: int) -> tuple[float, float]:
        """Where to click a tile (works whether it stands or lies down)."""
        return self.tile_x(tile) + self.tile_w / 2, self.hinge_y - 14

    def tile_at(self, x: float, y: float) -> int | None:
        if not self.top - 4 <= y <= self.hinge_y + self.down_h + 4:
            return None
        for t in TILES:
            x0 = self.tile_x(t)
            if x0 - self.gap / 2 <= x <= x0 + self.tile_w + self.gap / 2:
                return t
        return None

    def die_box(self, i: int, n: int) -> tuple[float, float]:
        total_w = n * self.die + (n - 1) * 16
        x0 = self.width / 2 - total_w / 2 + i * (self.die + 16)
        return x0, self.height - self.die - 24

    def dice_area(self, x: float, y: float) -> bool:
        x0, y0 = self.die_box(0, 2)
        return x0 - 10 <= x <= x0 + 2 * self.die + 26 and y0 - 10 <= y <= y0 + self.die + 10


_PIPS = {
    1: [(0, 0)],
    2: [(-1, -1), (1, 1)],
    3: [(-1, -1), (0, 0), (1, 1)],
    4: [(-1, -1), (1, -1), (-1, 1), (1, 1)],
    5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
    6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)],
}


def box_scene(
    open_tiles: Iterable[int],
    layout: BoxLayout | None = None,
    *,
    dice: Sequence[int] = (),
    selected: Iterable[int] = (),
    marks: dict[int, str] | None = None,
    dim_dice: bool = False,
    caption: str = "",
    cursor: int | None = None,
) -> Scene:
    """Draw the box: open tiles standing, covered tiles flipped down, selection, dice with pips.

    ``marks`` colours tiles (e.g. a lesson's set in green); ``caption`` is written under the tiles.
    """
    lay = layout or BoxLayout()
    open_set, sel, marks = set(open_tiles), set(selected), marks or {}
    s = Scene()
    s.add("rect", 0, 0, lay.width, lay.height, BACKGROUND)
    s.add("rect", 8, 8, lay.width - 16, lay.height - 16, WOOD)
    s.add("rect", 18, 18, lay.width - 36, lay.hinge_y + lay.down_h - 4, FELT)
    s.add("line", 18, lay.hinge_y, lay.width - 18, lay.hinge_y, FELT_DARK, 3)
    for t in TILES:
        x = lay.tile_x(t)
        colour = marks.get(t)
        if t in open_set:
            face = colour or (SELECT if t in sel else TILE_FACE)
            s.add("rect", x, lay.top, lay.tile_w, lay.tile_h, face)
            s.add("stroke_rect", x, lay.top, lay.tile_w, lay.tile_h, INK if t not in sel else "#1b4f72", 2)
            ink = "#ffffff" if (t in sel or colour) else INK
            s.add("text", x + lay.tile_w / 2, lay.top + 34, str(t), "bold 30px sans-serif", ink, "center")
            s.add("circle", x + lay.tile_w / 2, lay.hinge_y - 12, 3, "#b08d57")  # hinge pin
        else:
            face = colour or (SELECT if t in sel else TILE_DOWN)
            s.add("rect", x, lay.hinge_y, lay.tile_w, lay.down_h, face)
            s.add("stroke_rect", x, lay.hinge_y, lay.tile_w, lay.down_h, DOWN_EDGE, 2)
            s.add(
                "text",
                x + lay.tile_w / 2,
                lay.hinge_y + lay.down_h / 2,
                str(t),
                "16px sans-serif",
                "#ffffff" if (t in sel or colour) else DOWN_NUMBER,
                "center",
            )
    if cursor is not None:  # the keyboard cursor round the tile, standing or lying down
        x = lay.tile_x(cursor)
        top, bottom = (lay.top, lay.hinge_y) if cursor in open_set else (lay.hinge_y, lay.hinge_y + lay.down_h)
        x0, y0, x1, y1 = x - 4, top - 4, x + lay.tile_w + 4, bottom + 4
        for a, b, c, d in ((x0, y0, x1, y0), (x1, y0, x1, y1), (x1, y1, x0, y1), (x0, y1, x0, y0)):
            s.add("dashed_line", a, b, c, d, CURSOR, 3)
    n = len(dice)
    for i, v in enumerate(dice):
        x0, y0 = lay.die_box(i, n)
        s.add("rect", x0, y0, lay.die, lay.die, "#e8e8e8" if dim_dice else "#ffffff")
        s.add("stroke_rect", x0, y0, lay.die, lay.die, INK, 2)
        for dx, dy in _PIPS[v]:
            s.add(
                "circle",
                x0 + lay.die / 2 + dx * lay.die * 0.27,
                y0 + lay.die / 2 + dy * lay.die * 0.27,
                lay.die * 0.09,
                "#999999" if dim_dice else PIP,
            )
    if caption:
        s.add("text", 24, lay.height - 24 - lay.die / 2, caption, "15px sans-serif", CAPTION_INK, "left")
    return s


class ShutBoxWidget(BoxSetup, GameWidget):
    """Play Shut the Box: 1–4 seats, people or CPU, any variant of the rules sheet.

    >>> ShutBoxWidget(seats=["person", "cpu"], variant="round", seed=1)   # doctest: +SKIP
    """

    layout_px = BoxLayout()
    css_size = (layout_px.width, layout_px.height)

    def __init__(
        self,
        seats: Sequence[str] = ("person", "cpu"),
        variant: str = "round",
        rules: Rules | None = None,
        level: str = "hard",
        seed: int | None = None,
        stake: int = 0,
        timer: int = 0,
    ):
        check_choice("variant", variant, VARIANTS)
        seats = check_seats(seats, variant)
        if rules is not None and not isinstance(rules, Rules):
            raise BadSettingTypeError(
                tr("rules={value}: must be a gamekit.shutbox.Rules or None (nothing was changed)", value=repr(rules))
            )
        check_int("stake", stake, 0)
        check_choice("level", level, self.levels)
        self.seats = seats
        self.variant = variant
        self.rules = rules or Rules()
        self.stake = stake
        self.base_seed = seed
        self.games_played = 0
        self.selected: set[int] = set()
        self.sets_shown = False
        self.cursor: int | None = None  # the keyboard cursor (a tile), shown once a key is pressed
        # controls (made before the base builds the layout, which asks for extra_controls)
        self.roll_button = W.Button(description=tr("Roll"), icon="cube", button_style="primary")
        self.roll_one_button = W.Button(description=tr("Roll one die"), icon="cube")
        self.confirm_button = W.Button(description=tr("Confirm"), icon="check", button_style="success")
        self.clear_button = W.Button(description=tr("Clear"), icon="times")
        self.sets_button = W.Button(description=tr("Legal sets"), icon="list")
        for b, name in (
            (self.roll_button, "roll"),
            (self.roll_one_button, "roll-one-die"),
            (self.confirm_button, "confirm"),
            (self.clear_button, "clear"),
            (self.sets_button, "legal-sets"),
        ):
            b.add_class("gamekit-shutbox-" + name)  # browser tests find the buttons by these (any language)
        self.sets_html = W.HTML()
        self.sets_html.add_class("gamekit-shutbox-sets")
        self.variant_select = W.Dropdown(
            options=[(option_label(VARIANT_NAMES, v), v) for v in VARIANTS],
            value=variant,
            description=tr("Game"),
            layout=W.Layout(width="auto"),
        )
        self.one_die_select = W.Dropdown(
            options=[(option_label(ONE_DIE_NAMES, v), v) for v in ONE_DIE_RULES],
            value=self.rules.one_die,
            description=tr("One die"),
            layout=W.Layout(width="auto"),
        )
        self.scoring_select = W.Dropdown(
            options=[(option_label(SCORING_NAMES, v), v) for v in SCORINGS],
            value=self.rules.scoring,
            description=tr("Score"),
            layout=W.Layout(width="auto"),
        )
        # one selector per seat and one more set to "—" to add a seat; "—" on a seat takes it away
        self.seat_selects: list[W.Dropdown] = []
        self.seats_box = W.HBox(layout=W.Layout(flex_flow="row wrap"))
        self._syncing = True
        self._fit_seat_selects()
        self._syncing = False
        super().__init__(mode=mode_for(seats), level=level, seed=seed, timer=timer)
        self.mode_select.layout.display = "none"
        self.resign_button.layout.display = "none"
        self.roll_button.on_click(self.on_roll)
        self.roll_one_button.on_click(self.on_roll_one)
        self.confirm_button.on_click(self.on_confirm)
        self.clear_button.on_click(self.on_clear)
        self.sets_button.on_click(self.on_show_sets)
        for sel in (self.variant_select, self.one_die_select, self.scoring_select):
            sel.observe(self.on_setup_change, names="value")
        self.add_class("gamekit-shutbox")
        if self.mode == "cpu":
            self.run_cpu()

    # ----- hooks --------------------------------------------------------------
    catalog_id = "shut_the_box"
    seat_colours = SEAT_COLOURS4
    seat_dark = SEAT_DARK4

    @property
    def n_seats(self) -> int:
        return len(self.seats)

    def seat_name(self, seat: int) -> str:
        return self.game.names[seat]

    def names(self) -> list[str]:
        return [tr("Player {n}", n=i + 1) for i in range(len(self.seats))]

    def new_game(self) -> ShutTheBox:
        seed = None if self.base_seed is None else self.base_seed + self.games_played
        return ShutTheBox(self.names(), self.rules, self.variant, seed=seed, stake=self.stake)

    def next_game(self) -> ShutTheBox:
        self.games_played += 1
        return self.new_game()

    def position_changed(self, why: str) -> None:
        """The selection and the list of sets belong to one roll: any change of position drops them."""
        super().position_changed(why)
        self.selected.clear()
        self.sets_shown = False

    game_class = ShutTheBox

    def state(self) -> dict[str, Any]:
        return {**super().state(), "selected": set(self.selected), "sets": self.sets_html.value}

    def resign(self) -> None:
        self.say(tr("Shut the Box has no resigning: finish the turn, or press New game."))

    def make_cpu(self, level: str, seed: int | None) -> Any:
        return cpu_player(level, seed=seed)

    @property
    def cpu_seats(self) -> tuple[int, ...]:
        return tuple(i for i, k in enumerate(self.seats) if k == "cpu")

    def extra_controls(self) -> list[W.Widget]:
        keys = W.HTML(
            "<small>"
            + tr(
                "Keyboard: Tab to the box; Enter rolls; arrows move between tiles, Space or Enter "
                "selects one, or press its number 1 to 9; then Confirm."
            )
            + "</small>"
        )
        return [
            W.HBox([self.roll_button, self.roll_one_button, self.confirm_button, self.clear_button, self.sets_button]),
            keys,
            self.sets_html,
            W.HBox([self.variant_select, self.one_die_select, self.scoring_select]),
            self.seats_box,
        ]

    def build_scene(self) -> Scene:
        g = self.game
        caption = ""
        if self.selected:
            caption = tr(
                "selected {tiles} = {sum}",
                tiles="+".join(map(str, sorted(self.selected, reverse=True))),
                sum=sum(self.selected),
            )
        return box_scene(
            g.open_tiles,
            self.layout_px,
            dice=g.dice,
            selected=self.selected,
            dim_dice=g.phase != "cover",
            caption=caption,
            cursor=self.cursor,
        )

    def board_label(self) -> str:
        return board_label()

    def describe_position(self) -> str:
        return describe(self.game, self.selected, self.cursor)

    def on_key(self, key: str) -> None:
        """Keyboard play: ←/→ (Home/End) move the cursor over the tiles, Space or Enter toggles the tile under it
        (in the roll phase they roll), digits 1–9 toggle that tile; the Confirm button plays the selection."""
        if key in ("ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End"):
            if self.cursor is None:
                self.cursor = (
                    max(self.game.open_tiles or TILES)
                    if key in ("ArrowLeft", "End")
                    else min(self.game.open_tiles or TILES)
                )
            elif key in ("Home", "End"):
                self.cursor = TILES[0] if key == "Home" else TILES[-1]
            else:
                step = 1 if key in ("ArrowRight", "ArrowUp") else -1
                self.cursor = min(TILES[-1], max(TILES[0], self.cursor + step))
            self.refresh(self.last_status)
            self.board.set_access(announcement=cursor_text(self.game, self.cursor, self.selected))
        elif key in ("Enter", " ", "Spacebar"):
            if self.game.phase == "roll":
                self.click(*self.layout_px.die_box(0, 2))  # the dice: roll
            elif self.cursor is not None:
                self.toggle_tile(self.cursor)
            else:
                self.say(tr("Move to a tile with the arrow keys, or press its number (1 to 9)."))
        elif len(key) == 1 and key in "123456789":
            self.cursor = int(key)
            self.toggle_tile(self.cursor)

    def toggle_tile(self, tile: int) -> bool:
        """Select or unselect ``tile`` as a click on it would (refusals are said in the status line).

        Returns True if the selection changed.
        """
        check_choice("tile", tile, TILES)
        before = set(self.selected)
        self.click(*self.layout_px.tile_centre(tile))
        changed = self.selected != before
        if changed:
            self.board.set_access(announcement=cursor_text(self.game, tile, self.selected))
        else:
            self.refresh(self.last_status)  # refused: the status says why; the cursor is drawn where it went
        return changed

    def move_at(self, x: float, y: float) -> Any:
        g = self.game
        if g.phase == "roll" and self.layout_px.dice_area(x, y):
            return "roll"
        tile = self.layout_px.tile_at(x, y)
        if tile is None:
            raise IllegalMoveError(tr("Click a tile to select it."))
        if g.phase != "cover":
            raise IllegalMoveError(tr("Roll the dice first (press Roll)."))
        flippable = tile in (g.open_tiles if g.covering else g.covered_tiles)
        if not flippable:
            raise IllegalMoveError(
                tr("Tile {tile} is already covered.", tile=tile)
                if g.covering
                else tr("Tile {tile} is open: in this turn you uncover covered tiles.", tile=tile)
            )
        self.selected ^= {tile}
        self.refresh()
        return None

    def describe_move(self, move: Any) -> str:
        kind, arg = move if isinstance(move, tuple) and len(move) == 2 else ("roll", None)
        if kind == "roll":
            return tr("roll one die") if arg == 1 else tr("roll two dice")
        tiles = "+".join(map(str, arg))
        return tr("uncover {tiles}", tiles=tiles) if kind == "uncover" else tr("cover {tiles}", tiles=tiles)

    def hint_for(self, game: ShutTheBox) -> tuple[Any, str]:
        objective, target = objective_for(game)
        t = table(game.rules, objective, target)

        def fmt(v: Any) -> str:
            if objective == "shut":
                return tr("shut chance {chance}", chance=percent(v, 2))
            if objective == "score":
                return tr("expected score {score}", score=number(v, 2))
            return tr("chance to beat {target} {chance}", target=target, chance=percent(v, 2))

        if game.phase == "roll":
            options = game.dice_options()
            values = t.dice_values(game.remaining)
            n = t.dice(game.remaining)
            n = n if n in options else options[0]
            reason = "; ".join(
                tr("one die: {value}", value=fmt(v)) if k == 1 else tr("two dice: {value}", value=fmt(v))
                for k, v in sorted(values.items())
            )
            return ("roll", n), reason
        total = sum(game.dice)
        best = t.best_set(game.remaining, total)
        options = t.set_values(game.remaining, total)
        reason = "; ".join(f"{'+'.join(map(str, s))} → {fmt(v)}" for s, v in options)
        goal = {
            "shut": tr("best for shutting the box"),
            "score": tr("best for the lowest expected score"),
            "beat": tr("best for beating {target}", target=target),
        }[objective]
        return (game.flip_kind, best), f"{goal} — {reason}"

    def score_text(self, seat: int) -> str:
        return self.game.variant_rules.seat_text(self.game, seat)

    def status_over(self) -> str:
        g = self.game
        message = g.events[-1] if g.events else ""
        pay = g.payouts()
        if any(pay):
            message += ". " + tr(
                "Pot: {payouts}.",
                payouts=", ".join(f"{name} {'+' if p > 0 else ''}{p}" for name, p in zip(g.names, pay)),
            )
        return message

    def current_status(self) -> str:
        g = self.game
        if g.is_over():
            return self.status_over()
        seat = tr("{seat} (CPU)", seat=g.names[g.to_move]) if g.to_move in self.cpu_seats else g.names[g.to_move]
        if g.phase == "roll":
            if len(g.dice_options()) > 1:
                return tr("{seat}: 7, 8 and 9 are done — roll one die or two.", seat=seat)
            return tr("{seat}: roll the dice.", seat=seat)
        dice, total = " + ".join(map(str, g.dice)), sum(g.dice)
        if g.covering:
            return tr(
                "{seat} rolled {dice} = {total}: select tiles that make {total}, then Confirm.",
                seat=seat,
                dice=dice,
                total=total,
            )
        return tr(
            "{seat} rolled {dice} = {total}: select covered tiles that make {total}, then Confirm.",
            seat=seat,
            dice=dice,
            total=total,
        )

    def refresh(self, message: str | None = None) -> None:
        g = self.game
        sets_text = ""
        if self.sets_shown:
            sets_text = (
                tr(
                    "Sets for {total}: {sets}",
                    total=sum(g.dice),
                    sets="; ".join("+".join(map(str, s)) for s in g.legal_sets()),
                )
                if g.phase == "cover"
                else tr("Roll first: the sets depend on the roll.")
            )
        super().refresh(message)
        person_turn = not g.is_over() and not self.is_cpu_turn()
        options = g.dice_options()
        self.sets_html.value = f"<small>{sets_text}</small>" if sets_text else ""
        self.roll_button.disabled = not (person_turn and (2 in options or options == (1,)))
        self.roll_one_button.layout.display = "" if 1 in options else "none"
        self.roll_one_button.disabled = not (person_turn and 1 in options)
        self.confirm_button.disabled = not (person_turn and g.phase == "cover")
        self.clear_button.disabled = not self.selected
        self.resign_button.layout.display = "none"

    # ----- plain actions (buttons call these; tests too) -------------------------------
    def roll(self, n: int | None = None) -> bool:
        """The person rolls (``n`` dice; default two, or one when it is forced)."""
        if self.is_cpu_turn() or self.game.is_over():
            return self.say(
                tr("The game is over: press New game to play again.")
                if self.game.is_over()
                else tr("Wait for your turn: the CPU is playing {seat}.", seat=self.game.names[self.game.to_move])
            )
        return self.play_human(("roll", n) if n else "roll")

    def select(self, *tiles: int) -> None:
        """Click each tile (toggles its selection)."""
        for t in tiles:
            self.click(*self.layout_px.tile_centre(t))

    def confirm(self) -> bool:
        """Play the selected set; the rules refuse (and the status says why) a set that does not make the roll."""
        if self.is_cpu_turn() or self.game.is_over():
            return self.say(
                tr("The game is over: press New game to play again.")
                if self.game.is_over()
                else tr("Wait for your turn: the CPU is playing {seat}.", seat=self.game.names[self.game.to_move])
            )
        if self.game.phase != "cover":
            return self.say(tr("Roll the dice first (press Roll)."))
        if not self.selected:
            return self.say(tr("Select tiles first: click them, or press their numbers 1 to 9 on the board."))
        return self.play_human((self.game.flip_kind, tuple(sorted(self.selected, reverse=True))))

    def clear(self) -> None:
        self.selected.clear()
        self.refresh()

    def show_sets(self) -> list[tuple[int, ...]]:
        self.sets_shown = True
        self.refresh(self.last_status)
        return self.game.legal_sets()

    # ----- callbacks --------------------------------------------------------------------
    @reported
    def on_roll(self, _: Any) -> None:
        options = self.game.dice_options()
        self.roll(2 if 2 in options else 1)

    @reported
    def on_roll_one(self, _: Any) -> None:
        self.roll(1)

    @reported
    def on_confirm(self, _: Any) -> None:
        self.confirm()

    @reported
    def on_clear(self, _: Any) -> None:
        self.clear()

    @reported
    def on_show_sets(self, _: Any) -> None:
        self.show_sets()
