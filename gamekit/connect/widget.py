"""The 5 en raya / Connect Four board widget (ipycanvas), built on :class:`gamekit.widgets.base.GameWidget`.

``connect_scene`` draws any position (with optional highlights, verdicts and a hover column) and
``GridLayout`` maps cells to pixels and clicks back to columns: both live in :mod:`gamekit.connect.view`
(plain data, shared with the lessons and the room server) and are importable from here too.

Controls: click or tap a column to drop a disc (hovering shows where it will land); with PopOut on,
click your own bottom disc to pop it.  Keyboard (Tab to the board): ←/→ choose a column, Enter or
Space drops, P pops.  Hint shows each column's verdict from the exact solver when it finishes in time.
"""

from __future__ import annotations

import html
import time
from typing import Any

import ipywidgets as W

from gamekit import catalog
from gamekit.connect.rules import ConnectFour, ConnectGame, FiveInARow
from gamekit.connect.view import DISC, DISC_DARK, connect_scene, layout_for, move_at, review_scene, rule_labels
from gamekit.widgets.base import GameWidget
from gamekit.widgets.controls import reported
from gamekit.widgets.settings import BadSettingError, check_choice, check_type
from gamekit.core.scene import Scene
from gamekit.widgets.review import ReviewPanel
from gamekit.connect.describe import board_label, cursor_text, describe
from gamekit.core.errors import SolverTimeout
from gamekit.i18n import N_, get_language, ntr, tr


VARIANT_NAMES = (N_("Connect Four"), N_("5 en raya"))

EXACT_REACH = 29
"""The Hint asks exact scores ("wins in 3") first, of every unsettled column, only when at most this many cells
are empty after its drop (positions with 30 empty cells or fewer): there most exact searches finish within
the Hint's budget (every column at 28 empty cells in 0.4 s; at 30, exact scores first settled a few more
columns than who wins first in 2 s), while from 32 empty cells on who wins settles as many in less time."""


def variant_name(name: str) -> str:
    """A variant's name for the reader (the two built-in names are translated, a custom one is kept)."""
    return tr(name) if name in VARIANT_NAMES else name


def _kind(value: int) -> str:
    return "win" if value > 0 else "loss" if value < 0 else "draw"


def outcome_words(outcome: int | None) -> tuple[str, str]:
    """(short text, kind) for a column whose win/draw/loss is known but not its exact score."""
    from gamekit.connect.solver import verdict

    if outcome is None:
        return tr("?"), "unknown"
    return verdict(outcome), _kind(outcome)


def bound_words(lo: int, hi: int) -> tuple[str, str]:
    """(short text, kind) for a column whose outcome is only bounded: ``lo``/``hi`` are the worst and
    best outcomes (−1 loss, 0 draw, 1 win) the proof leaves for the player making it ("no win":
    a draw or a loss; "no loss": a draw or a win; "?" when nothing is known)."""
    if lo == hi:
        return outcome_words(lo)
    if (lo, hi) == (-1, 0):
        return tr("no win"), "bound"
    if (lo, hi) == (0, 1):
        return tr("no loss"), "bound"
    return tr("?"), "unknown"


def verdict_words(score: int | None, game: ConnectGame) -> tuple[str, str]:
    """(short text, kind) for one column's exact score, as the Hint shows it (the words of
    :func:`gamekit.connect.solver.verdict`)."""
    from gamekit.connect.solver import verdict

    if score is None:
        return tr("?"), "unknown"
    return verdict(score, game), _kind(score)


KINDS = {catalog.get(game_id).short_id: game_id for game_id in ("five_in_a_row", "connect_four")}
"""The widget's ``game`` values, ``"five"`` and ``"four"`` (the catalog aliases of the two games) → catalog id."""


class ConnectWidget(GameWidget):
    """Play 5 en raya or Connect Four: two people, against the CPU, or CPU against CPU.

    >>> ConnectWidget("five", mode="cpu", level="medium", popout=False)   # doctest: +SKIP
    """

    @property
    def catalog_id(self) -> str:
        return KINDS[self.kind]

    def __init__(
        self,
        game: str = "five",
        popout: bool = False,
        mode: str = "cpu",
        level: str = "easy",
        seed: int | None = None,
        timer: int = 0,
        hints: bool = False,
        hint_budget: float = 0.8,
    ):
        check_choice("game", game, tuple(KINDS))
        check_type("popout", popout, bool)
        check_type("hint_budget", hint_budget, (int, float))
        if not 0 < hint_budget <= 60:
            raise BadSettingError(
                tr(
                    "hint_budget={value}: the Hint's time budget is more than 0 and at most 60 seconds",
                    value=repr(hint_budget),
                )
            )
        self.kind, self.popout = game, popout
        self.hint_budget = hint_budget
        self.layout_px = layout_for(self._make())
        self.css_size = self.layout_px.css_size
        self.hover: int | None = None
        self.cursor: int | None = None
        self.verdicts: dict[int, tuple[str, str]] = {}
        self.proof_text = ""  # the Hint's proof in words, for the suggested column
        self.proof_labels: dict[tuple[int, int], str] = {}  # its rule cells, marked on the board
        self.proof_note = W.HTML()
        self.game_select = W.Dropdown(
            options=[(tr("5 en raya (9×6, five)"), "five"), (tr("Connect Four (7×6, four)"), "four")],
            value=game,
            description=tr("Game"),
            layout=W.Layout(width="auto"),
        )
        self.popout_box = W.Checkbox(
            value=popout, description=tr("PopOut"), indent=False, layout=W.Layout(width="auto")
        )
        self.keys_help = W.HTML()
        super().__init__(mode=mode, level=level, seed=seed, timer=timer, hints=hints)
        self.board.canvas.on_mouse_move(self.handle_mouse_move)
        self.board.canvas.on_mouse_out(self.handle_mouse_out)
        self.game_select.observe(self.on_game_change, names="value")
        self.popout_box.observe(self.on_popout_change, names="value")
        self._update_keys_help()

    def _make(self) -> ConnectGame:
        return (FiveInARow if self.kind == "five" else ConnectFour)(popout=self.popout)

    # ----- hooks --------------------------------------------------------------------
    def new_game(self) -> ConnectGame:
        return self._make()

    def make_cpu(self, level: str, seed: int | None) -> Any:
        from gamekit.connect.players import cpu_player

        return cpu_player(level, seed=seed)

    def extra_controls(self) -> list[W.Widget]:
        return [self.proof_note, W.HBox([self.game_select, self.popout_box]), self.keys_help]

    def build_scene(self) -> Scene:
        return connect_scene(
            self.game,
            self.layout_px,
            hover=self.hover,
            cursor=self.cursor,
            verdicts=self.verdicts,
            hint=self.hint_move,
            labels=self.proof_labels or None,
        )

    def board_label(self) -> str:
        return board_label(self.game)

    def describe_position(self) -> str:
        return describe(self.game, self.verdicts, self.cursor, names=[self.seat_name(s) for s in range(2)])

    def _hint_progress(self, text: str) -> None:
        """Show how far the Hint's search has come in the status line (the Hint's own sentence replaces it)."""
        self.status.value = f"<span>{html.escape(text)}</span>"

    def _describe_board(self, announce: bool = False) -> None:
        """Rewrite the board's text (after a cursor move or a Hint, which only repaint); ``announce`` the cursor."""
        self.board.set_access(
            self.board_label(),
            self.describe_position(),
            cursor_text(self.game, self.cursor) if announce and self.cursor is not None else None,
        )

    def refresh(self, message: str | None = None) -> None:
        if self.game.is_over():
            self.hover = None
        super().refresh(message)

    def move_at(self, x: float, y: float) -> str | None:
        return move_at(self.game, self.layout_px, x, y)

    def position_changed(self, why: str) -> None:
        """The Hint's verdicts belong to one position: any change drops them (a new game drops the cursor too)."""
        super().position_changed(why)
        self.verdicts = {}
        self.proof_text, self.proof_labels, self.proof_note.value = "", {}, ""
        if why in ("restart", "load"):
            self.hover = self.cursor = None

    game_class = ConnectGame

    def review_panel(self, game: ConnectGame, judgements: list) -> ReviewPanel:
        """The review: a mark in each move's verdict colour above its column, ✓ rings above the better columns."""
        layout = layout_for(game)
        names = [self.seat_name(s) for s in range(2)]

        def draw(position: ConnectGame, j) -> Scene:
            if j is None:
                return review_scene(position, layout)
            return review_scene(position, layout, j.move, j.verdict, j.best)

        return ReviewPanel(
            game,
            judgements,
            draw,
            lambda position: describe(position, {}, None, names=names),
            self.seat_name,
            self.describe_move,
            game.game_id,
            layout.css_size,
        )

    def check_loadable(self, game: ConnectGame) -> None:
        if not isinstance(game, (FiveInARow, ConnectFour)):
            raise BadSettingError(
                tr("saved game {name!r}: this board shows 5 en raya and Connect Four only", name=game.variant.name)
            )

    def adopt(self, game: ConnectGame) -> None:
        self.kind = "five" if isinstance(game, FiveInARow) else "four"
        self.popout = game.popout
        self.layout_px = layout_for(game)
        self.css_size = self.layout_px.css_size
        self.board.resize(*self.css_size)
        self._update_keys_help()

    def settings(self) -> dict[str, Any]:
        return {**super().settings(), "game": self.kind, "popout": self.popout}

    def control_values(self) -> dict[str, Any]:
        return {**super().control_values(), "game": self.game_select.value, "popout": self.popout_box.value}

    def state(self) -> dict[str, Any]:
        return {**super().state(), "verdicts": dict(self.verdicts), "cursor": self.cursor, "hover": self.hover}

    def sync_controls(self) -> None:
        super().sync_controls()
        self.game_select.value = self.kind
        self.popout_box.value = self.popout

    def describe_move(self, move: Any) -> str:
        move = str(move)
        if move.startswith("p"):
            return tr("pop column {n}", n=move[1:])
        return tr("column {n}", n=move)

    def hint_for(self, game: ConnectGame) -> tuple[str, str]:
        """Each column's verdict (shown under the board) and the move the Hint suggests, within about
        :attr:`hint_budget` seconds (0.8 by default: a pupil gets an answer within a second).

        First what the shipped proof says (the opening book and the value runs, no search): when it already
        shows the best outcome to be a draw or a loss and which moves reach it (the first discs of 5 en raya),
        that is the answer at once (a proved win is searched for its fastest line).  Otherwise who wins after
        each column comes first (:func:`~gamekit.connect.solver.analyse_outcomes` with the rules' proofs, up to
        60 % of the budget, the proofs included), because it settles far more columns in a given time than exact
        scores; what is left up to 75 % goes to exact scores ("wins in 3") only where they can finish: a column
        already settled as a win or a loss.  With at most :data:`EXACT_REACH` empty cells after the drop, exact
        scores come first instead (they finish there; up to 45 %), who wins for the columns they leave (up to
        75 %).  A column shows
        its exact score, else its outcome ("wins", "draw", "loses"), else its proved
        bound ("no win", "no loss"), else "?".  When no column can be shown best in time, the Hard CPU's choice
        among the moves the proof allows (the last 25 % of the budget) is suggested and said to be a good guess,
        not proved.  While it searches the status line says so, and how many columns are settled."""
        from gamekit.connect.players import cpu_player
        from gamekit.connect.prove import proof_reason, prove_columns
        from gamekit.connect.solver import analyse, analyse_outcomes, outcome_bounds, solve

        ceiling = outcome_bounds(game)  # what the value runs and the book proved, instantly
        drops = [m for m in game.legal_moves() if not m.startswith("p")]
        mid = (game.columns + 1) / 2
        best_lo = max((ceiling[m][0] for m in ceiling), default=-1)
        if not game.popout and ceiling and best_lo <= 0 and best_lo >= max(hi for _, hi in ceiling.values()):
            # the proof alone shows that no move can do better than a draw (or a loss) and which moves reach it
            # (the opening of 5 en raya): those, centre first, with the exact scores known at once (the book)
            instant = analyse(game, time_budget=0.0)
            self.verdicts = {
                game.grid_column(int(m)): verdict_words(instant[m], game)
                if instant[m] is not None
                else bound_words(*ceiling[m])
                for m in drops
            }
            best = [m for m in drops if ceiling[m][0] == best_lo]
            move = min(best, key=lambda m: (-(instant[m] if instant[m] is not None else -(10**6)), abs(int(m) - mid)))
            return move, (verdict_words(instant[move], game) if instant[move] is not None else outcome_words(best_lo))[
                0
            ]
        started = time.perf_counter()
        budget = self.hint_budget
        scores = analyse(game, time_budget=0.0)  # no search: a drop that ends the game, the opening book
        open_moves = [m for m in drops if scores[m] is None]
        self._hint_progress(tr("Working out the Hint…"))
        # the rules' proofs once: who wins reads them before it searches, the bounds and the reason below too
        proved = prove_columns(game, open_moves) if open_moves and not game.popout else {}
        outcomes: dict[str, int] = {}

        def exact(moves: list[str], until: float) -> None:
            """Exact scores of ``moves`` into ``scores``, centre first, the time up to ``until`` shared fairly."""
            for i, m in enumerate(sorted(moves, key=lambda m: abs(int(m) - mid))):
                left = until - time.perf_counter()
                if left <= 0:
                    return
                after = game.copy()
                after.play(m)
                try:
                    scores[m] = -solve(after, time_limit=left / (len(moves) - i))
                except SolverTimeout:
                    pass

        def who_wins(moves: list[str], until: float) -> None:
            """Who wins after ``moves`` into ``outcomes`` (with the rules' proofs), until ``until`` at least a
            twentieth of the budget."""
            if moves:
                left = max(until - time.perf_counter(), budget * 0.05)
                asked = {m: proved[m] for m in moves} if proved else None
                found = analyse_outcomes(game, time_budget=left, moves=moves, proved=asked)
                outcomes.update({m: o for m, o in found.items() if o is not None})

        # exact scores only where they can finish: at few empty cells every column (first: they finish there
        # and say how many discs it takes), else only the columns who wins settled as a win or a loss
        reach = game.variant.cells - game.discs_on_board - 1 <= EXACT_REACH and not game.popout
        if reach:
            exact(open_moves, started + budget * 0.45)
            who_wins([m for m in open_moves if scores[m] is None], started + budget * 0.75)
        else:
            who_wins(open_moves, started + budget * 0.6)
        settled = sum(1 for m in drops if scores[m] is not None or m in outcomes)
        self._hint_progress(
            ntr(
                "Working out the Hint… {settled} of {n} column settled so far.",
                "Working out the Hint… {settled} of {n} columns settled so far.",
                len(drops),
                settled=settled,
            )
        )
        if not reach and not game.popout:
            exact([m for m in open_moves if outcomes.get(m) in (1, -1)], started + budget * 0.75)
        bounds = {}
        for m in drops:
            lo, hi = ceiling.get(m, (-1, 1))
            if m in proved:
                lo, hi = max(lo, proved[m].low), min(hi, proved[m].high)
            bounds[m] = (lo, hi)
            if scores[m] is None and m not in outcomes and lo == hi:
                outcomes[m] = lo
        self.verdicts = {
            game.grid_column(int(m)): verdict_words(scores[m], game)
            if scores[m] is not None
            else outcome_words(outcomes[m])
            if m in outcomes
            else bound_words(*bounds[m])
            for m in drops
        }
        # rank by outcome, then by exact score where known (a known score orders within its outcome)
        rank = {}
        for m in scores:
            sc = scores[m]
            o = (sc > 0) - (sc < 0) if sc is not None else outcomes.get(m)
            rank[m] = None if o is None else (o, sc if sc is not None else 0)
        known = {m: r for m, r in rank.items() if r is not None}
        best_outcome = max((r[0] for r in known.values()), default=None)
        unknown_best = max((bounds.get(m, (-1, 1))[1] for m in scores if m not in known), default=-1)
        safe = [m for m in drops if m not in known and bounds[m][0] >= 0]
        if known and (len(known) == len(scores) or best_outcome >= unknown_best):
            # every column settled, or no unsettled column can be better than the best one found
            top = max(r for r in known.values() if r[0] == best_outcome)
            move = min((m for m, r in known.items() if r == top), key=lambda m: abs(int(m) - mid))
            reason = (verdict_words(scores[move], game) if scores[move] is not None else outcome_words(outcomes[move]))[
                0
            ]
        elif safe and (best_outcome is None or best_outcome < 1):
            # no win found; the rules prove a column holds at least the draw: that one, not a guess
            move = min(safe, key=lambda m: abs(int(m) - mid))
            reason = tr("at least a draw, proved by the rules under the board (a win is not ruled out)")
        else:
            move = cpu_player("hard", seed=0, time_budget=self.hint_budget * 0.25).choose(game)
            reason = tr(
                "a good guess, not proved: the Hard CPU's choice (the solver could not settle "
                'the columns in time; "?" under a column: not proved yet)'
            )
        found = proved.get(move)
        by_rules = scores[move] is None and (move not in outcomes or bounds[move][0] == bounds[move][1])
        if by_rules and found is not None and found.proof is not None and found.proof.defender == game.to_move:
            # why the suggested column holds: the proof in words under the board, its cells marked on it
            self.proof_text = proof_reason(found.proof, found.after, lang=get_language())
            self.proof_labels = rule_labels(found.proof)
            self.proof_note.value = (
                "<p>"
                + html.escape(tr("Why column {n} holds at least the draw: {why}", n=move, why=self.proof_text))
                + "</p><p>"
                + html.escape(
                    tr(
                        "On the board: c marks a cell the same-column answer gets (v under a threat); b, l, m and h "
                        "mark the pairs of cells across columns (baseinverse or baseclaim, lowinverse, mirror, "
                        "highinverse); a marks the cells of a line those answers complete (aftereven), t a threat kept "
                        "for the end."
                    )
                )
                + "</p>"
            )
            reason = f"{reason.rstrip('.')}. {self.proof_text}"
        return move, reason

    # ----- seats: red and yellow discs instead of the base's gold and coral ------------
    seat_colours = DISC
    seat_dark = DISC_DARK

    def status_over(self) -> str:
        game = self.game
        winner = game.winner()
        if game.resigned is not None:
            return super().status_over()
        if winner is not None:
            return tr("{seat} wins with {n} in a line.", seat=self.seat_name(winner), n=game.win_length)
        why = {
            "repetition": N_("the same position came up three times"),
            "nothing to pop": N_("the grid is full and there is no disc to pop"),
        }.get(game.draw_reason or "", N_("the grid is full"))
        return tr("A draw: {why}.", why=tr(why))

    def score_text(self, seat: int) -> str:
        return str(self.game.discs_played(seat))

    # ----- pointer and keyboard ---------------------------------------------------------
    def set_hover(self, col: int | None) -> None:
        if col is not None and self.game.column_number(col) is None:
            col = None
        if col != self.hover:
            self.hover = col
            self.board.paint(self.build_scene())

    def on_key(self, key: str) -> None:
        game = self.game
        if key in ("ArrowLeft", "ArrowRight"):
            step = -1 if key == "ArrowLeft" else 1
            n = game.column_number(self.cursor) if self.cursor is not None else None
            n = (game.columns + 1) // 2 if n is None else min(game.columns, max(1, n + step))
            self.cursor = game.grid_column(n)
            self.board.paint(self.build_scene())
            self._describe_board(announce=True)
        elif key in ("Enter", " ", "Spacebar") and self.cursor is not None:
            self.click_column(game.column_number(self.cursor))
        elif key in ("p", "P") and self.cursor is not None:
            n = game.column_number(self.cursor)
            if self.is_cpu_turn() or self.game.is_over() or self.thinking:
                self.click_column(n)  # the base explains why not
            else:
                self.play_human(f"p{n}")

    # ----- helpers for tests and lessons ---------------------------------------------------
    def column_point(self, n: int) -> tuple[float, float]:
        """A point in the middle of playable column ``n`` (CSS pixels), away from the bottom row."""
        x, y = self.layout_px.centre(self.game.grid_column(n), self.game.height - 1)
        return x, y

    def click_column(self, n: int) -> bool:
        """Click playable column ``n`` (as a reader would): drops a disc there."""
        return self.click(*self.column_point(n))

    def set_game(self, kind: str, popout: bool | None = None) -> None:
        """A new game of ``kind`` ("five": 5 en raya, "four": Connect Four), PopOut on or off (None: as now)."""
        try:
            check_choice("game", kind, tuple(KINDS))
            if popout is not None:
                check_type("popout", popout, bool)
        except BadSettingError as error:
            self.refuse(error)
        self.kind = kind
        if popout is not None:
            self.popout = popout
        self.resync_controls()
        self.layout_px = layout_for(self._make())
        self.css_size = self.layout_px.css_size
        self.board.resize(*self.css_size)
        self.hover = self.cursor = None
        self.restart()
        self._update_keys_help()
        self.say(
            tr(
                "New game: {name}.",
                name=tr("{variant} + PopOut", variant=variant_name(self.game.variant.name))
                if self.popout
                else variant_name(self.game.variant.name),
            )
        )

    def _update_keys_help(self) -> None:
        keys = (
            tr(
                "Keyboard: Tab to the board, ←/→ choose a column, Enter or Space drops, "
                "P pops your bottom disc (or click it)."
            )
            if self.popout
            else tr("Keyboard: Tab to the board, ←/→ choose a column, Enter or Space drops.")
        )
        self.keys_help.value = f"<small>{html.escape(keys)}</small>"

    @reported
    def handle_mouse_move(self, x: float, y: float) -> None:
        cx, cy = self.board.to_css(x, y)
        self.set_hover(self.layout_px.column_at(cx, cy))

    @reported
    def handle_mouse_out(self, *_: Any) -> None:
        self.set_hover(None)

    @reported
    def on_game_change(self, change: dict) -> None:
        if change["new"] != self.kind:
            self.from_control(self.set_game, change["new"])

    @reported
    def on_popout_change(self, change: dict) -> None:
        if change["new"] != self.popout:
            self.from_control(self.set_game, self.kind, popout=change["new"])
