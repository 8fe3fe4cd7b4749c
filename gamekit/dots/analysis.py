"""Dots and Boxes strategy analysis: third sides, safe lines, chains and loops, the long chain rule.

Every function takes a :class:`~gamekit.dots.rules.DotsAndBoxes` and returns plain data — box
indices (row by row, as in ``Geometry.box_lines``), line names (``"a1-b1"``) and small frozen
dataclasses — so lesson checkers and widgets can use them directly.  ``game.geometry.box_name(i)``
turns a box index into its name (``"a1"``, its top-left dot).

Vocabulary (as in the lessons)
------------------------------
* A box's **degree** is the number of its sides still undrawn.  A box with a *third side*
  (degree 1) is **capturable**: the player to move can take it.
* A **safe line** gives no box a third side (every box beside it has at most one side drawn).
* A **chain** is a run of boxes with two sides undrawn each (degree 2), joined through their
  undrawn sides; a **loop** is such a run that closes on itself.  A chain of 3 boxes or more is
  **long**.  A component is **opened** once one of its boxes has a third side.
* **Long chain rule**: with D dots and L long chains, the first player wants D + L even.
* A **double-cross** is one line completing two boxes at once.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from gamekit.dots.rules import DotsAndBoxes

__all__ = [
    "Component",
    "LongChainRule",
    "Analysis",
    "box_degrees",
    "capturable_boxes",
    "capture_run",
    "capture_lines",
    "safe_lines",
    "is_safe_line",
    "boxes_given",
    "components",
    "chains",
    "loops",
    "joints",
    "no_safe_lines",
    "long_chain_rule",
    "double_crosses",
    "turns_taken",
    "move_log",
    "analyse",
]


# ----- small helpers -------------------------------------------------------------
def box_degrees(game: DotsAndBoxes) -> list[int]:
    """For each box (row by row): how many of its sides are still undrawn (0 = the box is taken)."""
    return [4 - game.sides_drawn(b) for b in range(game.geometry.n_boxes)]


def _undrawn_sides(game: DotsAndBoxes, box: int) -> list[int]:
    return [l for l in game.geometry.box_lines[box] if not game.drawn >> l & 1]


def _across(game: DotsAndBoxes, line: int, box: int) -> int:
    """The box on the other side of ``line`` from ``box`` (-1: the border)."""
    return next((o for o in game.geometry.line_boxes[line] if o != box), -1)


def move_log(game: DotsAndBoxes) -> list[tuple[str, int, tuple[int, ...]]]:
    """Every line drawn so far as ``(line name, seat that drew it, boxes it completed)``."""
    return [(game.line_name(l), p, tuple(boxes)) for l, p, boxes in game.log]


# ----- third sides and captures ----------------------------------------------------
def capturable_boxes(game: DotsAndBoxes) -> list[int]:
    """Boxes with a third side (exactly one side undrawn): the player to move can take them now."""
    return [b for b, d in enumerate(box_degrees(game)) if d == 1]


def capture_lines(game: DotsAndBoxes) -> list[str]:
    """The lines that complete a box right now (each capturable box's last side), in line order."""
    lines = {_undrawn_sides(game, b)[0] for b in capturable_boxes(game)}
    return [game.line_name(l) for l in sorted(lines)]


def capture_run(game: DotsAndBoxes) -> int:
    """How many boxes the player to move can take in a row (taking every box on offer, one after another).

    A chain opened at one end is taken box by box: each capture gives the next box its third side.
    """
    g = game.copy()
    taken = 0
    while not g.is_over():
        caps = capturable_boxes(g)
        if not caps:
            break
        g.play(_undrawn_sides(g, caps[0])[0])
        taken += g.last_completed
    return taken


def is_safe_line(game: DotsAndBoxes, line: str | int) -> bool:
    """True if ``line`` is undrawn and gives no box a third side (each box beside it has ≤ 1 side drawn)."""
    l = game.line_index(line)
    return not game.is_drawn(l) and all(game.sides_drawn(b) <= 1 for b in game.geometry.line_boxes[l])


def safe_lines(game: DotsAndBoxes) -> list[str]:
    """Every safe line (see :func:`is_safe_line`), in line-index order."""
    if game.is_over():
        return []
    return [game.line_name(l) for l in game.undrawn_lines() if is_safe_line(game, l)]


def no_safe_lines(game: DotsAndBoxes) -> bool:
    """True once every undrawn line would give a box away (the "loony" endgame has begun)."""
    return not game.is_over() and not safe_lines(game)


def boxes_given(game: DotsAndBoxes, line: str | int) -> int:
    """How many boxes drawing ``line`` hands to the opponent (who then takes every box on offer).

    0 for a safe line and for a line that completes a box (you keep the turn).
    """
    l = game.line_index(line)
    g = game.copy()
    g.play(l)
    if g.last_completed:
        return 0
    return capture_run(g)


# ----- chains and loops ------------------------------------------------------------
@dataclass(frozen=True)
class Component:
    """A chain or a loop of boxes (see the module docstring).

    ``boxes`` are in order along the chain/loop; ``names`` the same boxes by name; ``lines`` the
    undrawn lines that touch them (drawing any of them gives boxes away); ``ends`` for a chain: what
    each end leads to, a box index (a *joint*, a box with 3 or 4 sides undrawn) or -1 for the border
    (empty for a loop and for an end box that already has its third side).
    """

    kind: str  # "chain" or "loop"
    boxes: tuple[int, ...]
    names: tuple[str, ...]
    lines: tuple[str, ...]
    opened: bool
    ends: tuple[int, ...] = field(default=())

    @property
    def length(self) -> int:
        return len(self.boxes)

    @property
    def is_long(self) -> bool:
        """A chain of 3 boxes or more (loops are never "long chains" for the long chain rule)."""
        return self.kind == "chain" and len(self.boxes) >= 3

    @property
    def isolated(self) -> bool:
        """Not touching any joint: both ends on the border (always true for a loop)."""
        return all(e == -1 for e in self.ends)

    def __str__(self) -> str:
        state = "opened" if self.opened else "closed"
        return f"{state} {self.kind} of {self.length}: {' '.join(self.names)}"


def components(game: DotsAndBoxes) -> list[Component]:
    """Every chain and loop on the board now, longest first (ties: by first box).

    Works on any position: in the middle game it shows the chains forming (runs of boxes with two
    sides drawn); boxes with a third side belong to the chain they end (``opened=True``).  A run whose
    two end boxes both have a third side and face each other across a drawn line is an opened loop.
    Boxes with fewer than two sides drawn (joints) and taken boxes belong to no component.
    """
    deg = box_degrees(game)
    geo = game.geometry
    member = {b for b, d in enumerate(deg) if d in (1, 2)}
    seen: set[int] = set()
    out: list[Component] = []

    def nbrs(b: int) -> list[tuple[int, int]]:
        return [(l, _across(game, l, b)) for l in _undrawn_sides(game, b)]

    for start in sorted(member):
        if start in seen:
            continue
        # collect the run through `start`: walk each way while the next box is a member
        seen.add(start)
        run = [start]
        ends: list[int] = []
        is_cycle = False
        for direction, (l0, o0) in enumerate(nbrs(start)):
            prev_line, cur = l0, o0
            part = []
            while True:
                if cur == start:
                    is_cycle = True
                    break
                if cur < 0 or cur not in member:  # the border or a joint
                    ends.append(cur)
                    break
                if cur in seen:
                    break
                seen.add(cur)
                part.append(cur)
                nxt = [(l, o) for l, o in nbrs(cur) if l != prev_line]
                if not nxt:  # a box with a third side ends the run
                    break
                prev_line, cur = nxt[0]
            if is_cycle:
                run.extend(part)
                break
            run = run + part if direction == 0 else list(reversed(part)) + run
        lines = sorted({l for b in run for l in _undrawn_sides(game, b)})
        opened = any(deg[b] == 1 for b in run)
        kind = "loop" if is_cycle else "chain"
        if (
            not is_cycle
            and len(run) >= 4
            and deg[run[0]] == 1
            and deg[run[-1]] == 1
            and _shared_line(game, run[0], run[-1]) is not None
        ):
            kind = "loop"
        out.append(
            Component(
                kind,
                tuple(run),
                tuple(geo.box_name(b) for b in run),
                tuple(game.line_name(l) for l in lines),
                opened,
                () if kind == "loop" else tuple(ends),
            )
        )
    out.sort(key=lambda c: (-c.length, c.boxes[0]))
    return out


def _shared_line(game: DotsAndBoxes, a: int, b: int) -> int | None:
    common = set(game.geometry.box_lines[a]) & set(game.geometry.box_lines[b])
    return next(iter(common)) if common else None


def chains(game: DotsAndBoxes) -> list[Component]:
    """The chains among :func:`components`."""
    return [c for c in components(game) if c.kind == "chain"]


def loops(game: DotsAndBoxes) -> list[Component]:
    """The loops among :func:`components`."""
    return [c for c in components(game) if c.kind == "loop"]


def joints(game: DotsAndBoxes) -> list[int]:
    """Untaken boxes with 3 or 4 sides undrawn that touch a chain (where chains meet or branch)."""
    deg = box_degrees(game)
    return sorted({e for c in components(game) for e in c.ends if e >= 0 and deg[e] >= 3})


# ----- the long chain rule -----------------------------------------------------------
@dataclass(frozen=True)
class LongChainRule:
    """The long chain rule applied to this board.

    ``first`` is the seat that started this game (``game.first``, 1 after alternating starts).
    The first player wants ``dots + long_chains`` even, so ``even_seat`` is the seat that wants the
    number of long chains to be even and ``odd_seat`` the one that wants it odd; ``favoured`` is the
    seat the current count suits.
    """

    dots: int
    long_chains: int
    first: int
    even_seat: int
    odd_seat: int
    favoured: int

    def wants(self, seat: int) -> str:
        """``"even"`` or ``"odd"``: the number of long chains ``seat`` is playing for."""
        return "even" if seat == self.even_seat else "odd"

    def explain(self, seat_names: tuple[str, str] = ("gold", "coral")) -> str:
        """One sentence for the lesson text."""
        return (
            f"{self.dots} dots: {seat_names[self.first]} (who started) wants dots + long chains even, "
            f"so {seat_names[self.even_seat]} wants an even number of long chains and "
            f"{seat_names[self.odd_seat]} an odd number; there are {self.long_chains} now, "
            f"which suits {seat_names[self.favoured]}."
        )


def long_chain_rule(game: DotsAndBoxes) -> LongChainRule:
    """Count the long chains on the board (chains of 3+ boxes, opened or not; loops do not count)
    and say which seat wants that count even and which odd."""
    dots = game.geometry.n_dots
    n_long = sum(1 for c in components(game) if c.is_long)
    first = game.first
    even_seat = first if dots % 2 == 0 else 1 - first
    favoured = even_seat if n_long % 2 == 0 else 1 - even_seat
    return LongChainRule(dots, n_long, first, even_seat, 1 - even_seat, favoured)


# ----- history -----------------------------------------------------------------------
def double_crosses(game: DotsAndBoxes) -> list[str]:
    """Lines drawn so far that completed two boxes at once, in the order they were drawn."""
    return [game.line_name(l) for l, _, boxes in game.log if len(boxes) == 2]


def turns_taken(game: DotsAndBoxes) -> int:
    """Turns so far (a turn is one player's run of lines; a new one starts after every line that
    completes no box).  Over a whole game, turns = dots + double-crosses."""
    turns = 0
    new_turn = True
    for _, _, boxes in game.log:
        if new_turn:
            turns += 1
        new_turn = not boxes
    return turns


# ----- everything at once ------------------------------------------------------------
@dataclass(frozen=True)
class Analysis:
    """Everything the widget and the lessons show about a position (see :func:`analyse`)."""

    to_move: int
    capturable: tuple[int, ...]
    capture_run: int
    safe_lines: tuple[str, ...]
    components: tuple[Component, ...]
    long_chain_rule: LongChainRule
    double_crosses: tuple[str, ...]

    @property
    def endgame(self) -> bool:
        """No safe line left."""
        return not self.safe_lines

    def to_dict(self) -> dict[str, Any]:
        return {
            "to_move": self.to_move,
            "capturable": list(self.capturable),
            "capture_run": self.capture_run,
            "safe_lines": list(self.safe_lines),
            "components": [
                {
                    "kind": c.kind,
                    "boxes": list(c.boxes),
                    "names": list(c.names),
                    "length": c.length,
                    "opened": c.opened,
                    "lines": list(c.lines),
                }
                for c in self.components
            ],
            "long_chains": self.long_chain_rule.long_chains,
            "even_seat": self.long_chain_rule.even_seat,
            "favoured": self.long_chain_rule.favoured,
            "double_crosses": list(self.double_crosses),
        }


def analyse(game: DotsAndBoxes) -> Analysis:
    """All of the above for one position."""
    return Analysis(
        game.to_move,
        tuple(capturable_boxes(game)),
        capture_run(game),
        tuple(safe_lines(game)),
        tuple(components(game)),
        long_chain_rule(game),
        tuple(double_crosses(game)),
    )
