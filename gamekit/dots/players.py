"""CPU players for Dots and Boxes, and the Hint button's advice.

``cpu_player(level, seed=None)`` returns an object with ``choose(game) -> str`` (a canonical line):

* ``"easy"`` — a random line; now and then (one time in four) it takes a box on offer.
* ``"medium"`` — takes every box on offer, otherwise draws a random safe line, otherwise the line
  that gives away the fewest boxes.  It never declines boxes (no double-dealing).
* ``"hard"`` — takes boxes on offer (or double-deals: leaves the last two boxes of a chain, four of a
  loop, when keeping control wins more); while safe lines remain it only draws safe lines.  With at most
  ``safe_search`` (30 with the compiled search, 20 without) safe lines left — 4 more on a quarter of the
  node budget — it picks the safe line
  by an exact search of the game in which neither side gives a box away while a safe line is left
  (:class:`SafePhaseSolver`: the parity fight of the long chain rule, searched to the end, loony endgame
  included); with more, by short random playouts of the rest of the safe-line phase scored with the
  chain/loop endgame values.  Once no safe line is left it plays perfectly (the exact solver; should its
  budget ever run out on a big board, it opens the smallest chain).

All levels are reproducible: the same seed and the same games give the same lines (Hard's search
budget is counted in nodes, not seconds, and each Hard player has its own transposition table).
Hard also has a safety cap in seconds per move (``time_cap``, default 1.5 s) so a heavily loaded machine
cannot make a move slow; only when that cap cuts a search can two runs differ (``time_cap=None``
turns it off).

``hint(game) -> (line, reason)`` gives Hard's line with a one-sentence reason.
"""

from __future__ import annotations

import random
import time
from typing import Any

from gamekit.i18n import ntr, tr
from gamekit.dots import fast
from gamekit.dots.analysis import boxes_given, capture_lines, components, safe_lines
from gamekit.dots.rules import DotsAndBoxes
from gamekit.dots.search import TAKE, TAKE_OR_DECLINE, Solver
from gamekit.core.errors import SolverTimeout
from gamekit.game import LEVELS, check_running

__all__ = ["CpuPlayer", "cpu_player", "hint", "HARD_BUDGETS"]

HARD_BUDGETS = {
    "compiled": {"exact_lines": 35, "exact_safe": 20, "node_budget": 1_500_000, "safe_search": 30},
    "python": {"exact_lines": 32, "exact_safe": 14, "node_budget": 250_000, "safe_search": 20},
}
"""Hard's default budgets (nodes, so reproducible) for each engine, chosen when a player is made: larger
with the compiled search, whose nodes cost 5–10 times less than the pure-Python one's and whose trees are
smaller (the safe-phase search finishes from 28–30 safe lines within the budget, the full game from 35
undrawn lines or 20 safe lines within twice it; docs/dots.md, "Hard's budgets with the compiled search")."""


class SafePhaseSolver(Solver):
    """The exact solver for the game Hard plays in the middle game: while safe lines remain, *neither*
    side gives boxes away (Hard never does, and Medium never does either).  Only safe lines are searched
    until none is left; from then on (the loony endgame, and after any box offered) the search is the
    ordinary exact one.  Far fewer lines to try, so it reaches the end from 32–37 undrawn lines, and it
    judges safe lines by the parity fight they really decide (long chain rule), where the full game's
    value would assume sacrifices that neither player makes.

    It is the solver with the :attr:`Solver.safe_only` flag set, so the compiled search (numba) runs it
    too (``compiled=False`` forces the pure-Python one; the tests compare both with brute force)."""

    safe_only = True


class CpuPlayer:
    """A computer player of one level (see the module docstring).  Use :func:`cpu_player`."""

    def __init__(
        self,
        level: str,
        seed: int | None = None,
        *,
        exact_lines: int | None = None,
        exact_safe: int | None = None,
        node_budget: int | None = None,
        playouts: int = 8,
        time_cap: float | None = 1.5,
        safe_search: int | None = None,
    ):
        if level not in LEVELS:
            raise ValueError(tr("level={level!r}: choose one of {items}", level=level, items=", ".join(LEVELS)))
        self.level = level
        self.seed = seed
        self.rng = random.Random(seed)
        # None: the budgets of the engine that runs (HARD_BUDGETS)
        budgets = HARD_BUDGETS["compiled" if fast.available() else "python"]
        self.exact_lines = budgets["exact_lines"] if exact_lines is None else exact_lines
        self.exact_safe = budgets["exact_safe"] if exact_safe is None else exact_safe
        self.node_budget = budgets["node_budget"] if node_budget is None else node_budget
        self.playouts = playouts
        self.time_cap = time_cap
        self.safe_search = budgets["safe_search"] if safe_search is None else safe_search
        self._solvers: dict[tuple[int, int], Solver] = {}
        self._safe_solvers: dict[tuple[int, int], Solver] = {}
        self._deadline: float | None = None
        self.last_reason = ""
        self.last_exact = False
        """Whether Hard's last line came from a search that reached the end (or was a forced take),
        not from a heuristic (playouts, the double-deal estimate, the smallest chain)."""

    def __repr__(self) -> str:
        return f"cpu_player({self.level!r}, seed={self.seed!r})"

    def choose(self, game: DotsAndBoxes) -> str:
        """The line this player draws (canonical name)."""
        check_running(game)
        if self.level == "easy":
            line = self._easy(game)
        elif self.level == "medium":
            line = self._medium(game)
        else:
            line, self.last_reason = self.decide(game)
        return game.line_name(line)

    # ----- easy and medium ---------------------------------------------------
    def _easy(self, game: DotsAndBoxes) -> int:
        takes = [game.line_index(l) for l in capture_lines(game)]
        if takes and self.rng.random() < 0.25:
            return self.rng.choice(takes)
        return self.rng.choice(game.undrawn_lines())

    def _medium(self, game: DotsAndBoxes) -> int:
        takes = [game.line_index(l) for l in capture_lines(game)]
        if takes:
            return self.rng.choice(takes)
        safe = [game.line_index(l) for l in safe_lines(game)]
        if safe:
            return self.rng.choice(safe)
        costs = {l: boxes_given(game, l) for l in game.undrawn_lines()}
        fewest = min(costs.values())
        return self.rng.choice([l for l, c in costs.items() if c == fewest])

    # ----- hard ----------------------------------------------------------------
    def solver(self, game: DotsAndBoxes) -> Solver:
        """This player's exact solver for the board size (its table persists between moves)."""
        return self._solver_from(self._solvers, Solver, game)

    def safe_solver(self, game: DotsAndBoxes) -> Solver:
        """The same, restricted to safe lines while any remain."""
        return self._solver_from(self._safe_solvers, SafePhaseSolver, game)

    @staticmethod
    def _solver_from(cache: dict[tuple[int, int], Solver], kind: type[Solver], game: DotsAndBoxes) -> Solver:
        key = (game.width, game.height)
        if key not in cache:
            cache[key] = kind(*key, max_table=300_000)
        return cache[key]

    def decide(self, game: DotsAndBoxes) -> tuple[int, str]:
        """Hard's line (index) and the reason for it, one sentence (:attr:`last_exact` says whether a
        search that reached the end chose it)."""
        self.last_exact = False
        s = self.solver(game)
        drawn = game.drawn
        self._deadline = None if self.time_cap is None else time.perf_counter() + self.time_cap
        s.set_position(drawn)
        kind, lines, _ = s.moves()
        undrawn = len(game.undrawn_lines())
        n_safe = bin(s.safe_mask()).count("1")
        # a full-game search while safe lines remain costs about 2^(safe lines): for the take-or-double-deal
        # choice, only try it when it can finish (the safe-line choice uses the cheaper SafePhaseSolver)
        exact = undrawn <= self.exact_lines or n_safe <= self.exact_safe
        if kind == TAKE:
            line = lines[0]
            self.last_exact = True
            return line, _take_reason(game, line)
        if kind == TAKE_OR_DECLINE:  # take, or decline the last boxes (double-deal)
            choice = None
            if exact or not n_safe:
                choice = self._search(s, drawn, lines, 2 * self.node_budget)
            self.last_exact = choice is not None
            if choice is None:
                if len(lines) > 2:  # several groups on offer: take one now, decide on the last
                    choice = lines[0]
                else:
                    choice = self._dd_heuristic(s, drawn, *lines)
            if _completes(s, drawn, choice):
                return choice, _take_reason(game, choice)
            return choice, _dd_reason(game, choice)
        safe = [l for l in lines if _is_safe(s, l)]
        if safe:
            order = list(safe)
            self.rng.shuffle(order)
            line = None
            if n_safe <= self.safe_search + 4:
                budget = self.node_budget if n_safe <= self.safe_search else self.node_budget // 4
                line = self._search(self.safe_solver(game), drawn, order, budget)
            if line is not None:
                self.last_exact = True
                return line, tr(
                    "Safe line: it gives no box a third side, and searching every way the safe lines "
                    "can run out shows it is the best one (long chain rule)."
                )
            line = self._playout_choice(s, drawn, order)
            return line, tr(
                "Safe line: it gives no box a third side, and it steers the count of safe lines "
                "and long chains your way (long chain rule)."
            )
        # no safe line left: give away as little as control allows (perfect play when the search ends)
        line = self._search(s, drawn, lines, 2 * self.node_budget)
        self.last_exact = line is not None
        if line is None:
            line = lines[0]  # the smallest chain/loop (candidates are sorted by length)
        return line, _sacrifice_reason(game, line)

    def _search(self, s: Solver, drawn: int, lines: list[int], budget: int) -> int | None:
        try:
            left = None if self._deadline is None else max(0.0, self._deadline - time.perf_counter())
            _, results = s.best(drawn, among=lines, max_nodes=budget, timeout=left)
        except SolverTimeout:
            return None
        return results[0][0]

    def _dd_heuristic(self, s: Solver, drawn: int, take: int, decline: int) -> int:
        """Without a full search: take everything on offer, then compare keeping control (double-deal)
        with taking all, using the chain/loop values of what is left once no safe line remains."""
        s.set_position(drawn)
        taken = 0
        while True:
            kind, lines, _ = s.moves()
            if kind not in (TAKE, TAKE_OR_DECLINE) or s.remaining == 0:
                break
            taken += s.play_line(lines[0])
        if s.remaining == 0 or s.safe_mask():
            s.set_position(drawn)
            return take
        rest = s.estimate()  # value for us if we take all and must move on
        s.set_position(drawn)
        # declining the last two boxes: we get taken-2, they get 2 and must move on
        return decline if (taken - 4 - rest) > (taken + rest) else take

    def _playout_choice(self, s: Solver, drawn: int, safe: list[int]) -> int:
        """Pick the safe line whose random continuations of the safe-line phase end best for us."""
        best, best_score = safe[0], None
        rng = self.rng
        for line in safe:
            total = 0
            for _ in range(self.playouts):
                s.set_position(drawn)
                s.play_line(line)
                me_to_move = False  # after our safe line the opponent moves
                while True:
                    mask = s.safe_mask()
                    if not mask:
                        break
                    choices = []
                    while mask:
                        low = mask & -mask
                        mask ^= low
                        choices.append(low.bit_length() - 1)
                    s.play_line(rng.choice(choices))
                    me_to_move = not me_to_move
                v = s.estimate()
                total += v if me_to_move else -v
            if best_score is None or total > best_score:
                best, best_score = line, total
        s.set_position(drawn)
        return best


def _is_safe(s: Solver, line: int) -> bool:
    return all(s.deg[b] >= 3 for b in s.line_boxes[line])


def _completes(s: Solver, drawn: int, line: int) -> bool:
    """Whether ``line`` completes a box in the position ``drawn`` (loaded into ``s`` afterwards)."""
    s.set_position(drawn)
    k = s.play_line(line)
    s.set_position(drawn)
    return k > 0


def _take_reason(game: DotsAndBoxes, line: int) -> str:
    n = sum(1 for b in game.geometry.line_boxes[line] if game.sides_drawn(b) == 3)
    if n == 2:
        return tr("Take the two boxes: this line completes both (a double-cross).")
    return tr("Take the box: it has three sides, and completing it keeps your turn.")


def _dd_reason(game: DotsAndBoxes, line: int) -> str:
    g = game.copy()
    g.play(line)
    left = sum(1 for b in range(g.geometry.n_boxes) if g.sides_drawn(b) == 3)
    if left >= 4:
        return tr(
            "Double-deal: leave the last four boxes of the loop, so your opponent must open "
            "the next chain and you keep control."
        )
    return tr("Double-deal: leave the last two boxes, so your opponent must open the next chain and you keep control.")


def _sacrifice_reason(game: DotsAndBoxes, line: int) -> str:
    n = boxes_given(game, line)
    comps = [c for c in components(game) if game.line_name(line) in c.lines]
    what = comps[0].kind if comps else "chain"
    if what == "chain" and n == 2:
        return tr(
            "No safe line left: give away this 2-chain by its middle line, so your opponent cannot double-deal it."
        )
    if what == "loop":
        return ntr(
            "No safe line left: open this loop ({n} box); with best play from both sides it costs you "
            "least in the end.",
            "No safe line left: open this loop ({n} boxes); with best play from both "
            "sides it costs you least in the end.",
            n,
        )
    return ntr(
        "No safe line left: open this chain ({n} box); with best play from both sides it costs you least in the end.",
        "No safe line left: open this chain ({n} boxes); with best play from both sides it costs you least in the end.",
        n,
    )


def cpu_player(level: str, seed: int | None = None, **options: Any) -> CpuPlayer:
    """A CPU player: ``"easy"``, ``"medium"`` or ``"hard"``; ``seed`` makes it reproducible."""
    return CpuPlayer(level, seed, **options)


_HINTER: dict[str, CpuPlayer] = {}
_HINTS: dict[tuple[int, int, int], tuple[int, str]] = {}
"""The hints given, by board size and lines drawn: asked again about a position (the automatic hint, then the
Hint button), :func:`hint` gives the same line and reason, even where a timed search might end otherwise."""


def hint(game: DotsAndBoxes) -> tuple[str, str]:
    """Hard's line for the player to move and a one-sentence reason, e.g.
    ``("b2-c2", "Take the box: it has three sides, and completing it keeps your turn.")``; the same answer
    every time it is asked about the same position (in Dots and Boxes the best line depends only on the
    lines drawn)."""
    if game.is_over():
        raise ValueError(tr("hint: the game is over"))
    key = (game.width, game.height, game.drawn)
    known = _HINTS.get(key)
    if known is None:
        player = _HINTER.get("hard")
        if player is None:
            player = _HINTER["hard"] = CpuPlayer("hard", seed=0)
        player.rng.seed(0)  # the same shuffles and playouts every time this position is asked about
        known = player.decide(game)
        if len(_HINTS) >= 512:
            _HINTS.pop(next(iter(_HINTS)))
        _HINTS[key] = known
    line, reason = known
    return game.line_name(line), reason
