"""Proofs by knowledge, after Allis: a strategy that keeps one side from ever completing a line.

Allis' VICTOR proved Connect Four positions without search: the side that defends gives itself a
*pairing strategy* — answer the opponent's disc in a fixed cell — and checks that every line the
opponent could still complete (a *group*) holds a cell the strategy surely gives the defender.
This module builds the part of that method that is exact by construction for every gravity game
of :mod:`gamekit.connect.rules` (any grid, any line length, pre-filled side columns), without PopOut.

The strategy
------------
The opponent (the *attacker*) is to move.  Every empty cell of the playable columns is put in
exactly one rule instance, of these kinds (and a baseclaim, below):

* **claimeven** — two empty cells of a column, one directly above the other.  When the attacker
  drops into the lower cell, the defender drops on top of it, so the defender always gets the
  upper cell (the attacker can never drop into it first, and the defender never drops into the
  lower one).  On a 6-row board the upper cells are the even rows (2, 4, 6) of columns with an even
  number of empty cells: Allis' claimeven.
* **baseinverse** — the lowest empty cells of two columns, both playable now.  When the attacker
  takes one, the defender takes the other (still playable: only these two moves touch those columns'
  lowest cells), so the defender gets one of the two.
* **lowinverse** — the two lowest empty cells of two columns (four cells).  When the attacker takes
  the lowest cell of one column, the defender takes the lowest of the other; then when the attacker
  takes one of the two cells above them, the defender takes the other.  The defender gets one of the
  two lower cells and one of the two upper cells (Allis' lowinverse, here at the base of the columns,
  where the answers are always playable).
* **mirror** — the same for the lowest ``k`` empty cells of two columns, ``k`` ≥ 3: whenever the
  attacker drops into one of the two columns, the defender drops into the other, so after each pair
  of moves both columns have grown by one and the defender gets one cell of each pair (the ``t``-th
  empty cell of one column with the ``t``-th of the other).  A baseinverse is a mirror of one row, a
  lowinverse one of two.

A column with an even number of empty cells (counted from the cells really empty, so 5 en raya's full
side columns and any discs already dropped are taken into account) is cut into claimeven pairs from
its lowest empty cell up, or gives its lowest 2, 4… cells to a lowinverse or mirror with another such
column and the rest to claimeven pairs; a column with an odd number gives its lowest 1, 3… cells to a
baseinverse or mirror with another such column and the cells above them to claimeven pairs.  Because every
empty cell is in a pair and each pair is answered inside itself, the defender always has its answer ready,
whatever the attacker does, until the grid is full: the defender never needs a spare move.  An attacker's
line is *refuted* when it holds the upper cell of a claimeven pair, both cells of a baseinverse, or both
cells of one pair of a lowinverse or mirror.  The choices — which columns go together and how many rows
deep — are searched column by column, each line checked as soon as its columns are decided, up to
:data:`MAX_NODES` choices (beyond that: no answer).

Zugzwang: who fills the last cells
----------------------------------
Two more rules rest on the pairing's end, when the attacker, always first in a pair, runs out of moves:

* **aftereven** — a *group*, a line of the defender with no attacker disc whose empty cells are all
  upper cells of claimeven pairs.  Sooner or later the attacker drops under each of them and the defender
  completes the group.  So an attacker's line that holds, in every column of the group, a cell above the
  group's highest cell there is refuted: to complete it the attacker must first fill everything under those
  cells, by which time the defender has made its line and won.  And when the pairing refutes every
  attacker line, a group is a win for the defender (Allis: the defender's even threat).
* **threat** (kept for the end) — a cell ``t`` that completes a line of the defender's discs, with the
  cell ``s`` under it empty.  The attacker can never drop into ``s`` (the defender would answer at ``t``
  and win), so the cells of that column from ``s`` up are left out of the pairing, and the rest — which
  must hold an even number of cells — is paired as above (in that column up to the cell under ``s``,
  whose claimed cells then have the other parity: **vertical** pairs, Allis' vertical with the upper cell
  odd).  When the pairs run out the attacker is to move and only ``s`` is left: it drops there and the
  defender wins at ``t``; lines through ``t`` or above it are refuted, lines through ``s`` need a pair or a
  claim like any other.  With the attacker to move and an odd number of empty cells (red's case on the
  42-cell boards, after its drop) no complete pairing exists: this is how the first player is proved to
  hold the game — with an odd threat (on 6 rows: a threat in an odd row), as Allis showed; for yellow,
  an even one.

Why the combination stays sound: every empty cell (outside the threat column's top) is in exactly one
pair or claimeven, so no cell is used by two rule instances in conflicting ways; the aftereven and the
threat use no cell of their own — they only read which cells the pairs surely give the defender and the
fact that cells above a cell are filled after it — so they never change an answer.  A proof's ``wins``
says the defender wins (a group or a threat); otherwise it holds at least the draw.

**baseclaim** (Allis) — the lowest empty cells ``p1``, ``p2``, ``p3`` of three columns, ``q`` the cell above
``p2``; ``p1``'s and ``p3``'s columns have an odd number of empty cells, ``p2``'s an even number.  If the attacker
takes ``p1``, the defender takes ``p3``, and ``p2``/``q`` are left as a claimeven; if the attacker takes ``p2`` or
``p3``, the defender takes the other of the two, and ``p1``/``q`` (both playable now) are left as a baseinverse.
So the defender gets one of ``p2, p3`` and one of ``p1, q``: it pairs an even column's lowest cell with an odd
column's, which no fixed pairing can.  Its answer to ``p1`` and to ``p2`` depends on what was taken before
(:meth:`Proof.reply` is given the filled cells); every answer stays inside its four cells and is playable at once,
and the cells above them are claimeven pairs as usual, so it combines with the rest like a baseinverse.

Because the pairs cover whole columns, a vertical pair appears only under a threat; highinverse, before and
specialbefore, which trade a pair's cells across the pairing's parity, are not here: when these rules refute
not every line, :func:`prove` answers None.

When the defender is the side to move, :func:`prove` tries each of its drops (centre first) and
proves the position after it.  ``prove(game, side)`` asks for one side only: :func:`prove_columns` asks
both, so a column can be shown a draw (each side holds it) or a win.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

from gamekit.connect.bitboard import board_for
from gamekit.connect.rules import COLOUR_NAMES, ConnectGame, Variant
from gamekit.i18n import ntr, tr, using

__all__ = [
    "LEAF_NODES",
    "MAX_NODES",
    "RULE_KINDS",
    "ColumnProof",
    "Proof",
    "Rule",
    "leaf_for",
    "proof_reason",
    "prove",
    "prove_columns",
]

Cell = tuple[int, int]
RULE_KINDS = ("claimeven", "vertical", "baseinverse", "lowinverse", "mirror", "baseclaim", "aftereven", "threat")


@dataclass(frozen=True)
class Rule:
    """One rule instance of the defender's strategy: ``kind`` and its cells ``(col, row)`` (grid cells,
    row 0 at the bottom).  claimeven: ``cells = (lower, upper)`` and the defender gets the upper one;
    baseinverse: the lowest empty cells of two columns, the defender gets one of them; lowinverse:
    ``(a, b, above a, above b)`` with ``a`` and ``b`` the lowest empty cells of two columns, the defender
    gets one of ``a, b`` and one of the two cells above them; mirror: likewise for ``k`` ≥ 3 rows,
    ``(a0, b0, a1, b1, …)``, one cell of each pair ``(at, bt)``; vertical: a claimeven whose upper cell has the
    other parity (under a threat); threat: ``(s, t)``, the defender's threat ``t`` and the cell ``s`` under it,
    which the attacker fills last and the defender answers at ``t``; aftereven: the empty cells of a line of
    the defender's that the claimevens give it (no answers of its own); baseclaim: ``(p1, p2, q, p3)``, the
    lowest empty cells ``p1``, ``p2``, ``p3`` of three columns and ``q`` the cell above ``p2``: the defender
    gets one of ``p1, q`` and one of ``p2, p3`` (its answer depends on which of these cells are taken)."""

    kind: str
    cells: tuple[Cell, ...]

    def partner(self, cell: Cell, taken: Collection[Cell] = ()) -> Cell | None:
        """The defender's answer when the attacker drops into ``cell`` (None: ``cell`` is not the attacker's
        to take — the upper cell of a claimeven — or not in this rule).  ``taken``: the cells filled (the drop
        itself may be among them); only a baseclaim's answer depends on them."""
        if self.kind == "baseclaim":
            p1, p2, q, p3 = self.cells
            if cell == p1:  # first: take p3 (one of p2, p3), leaving p2 and q a claimeven; else q is playable
                return p3 if p3 not in taken else q
            if cell == p3:  # only ever first: take p2, leaving p1 and q to a baseinverse
                return p2
            if cell == p2:  # first: take p3, leaving p1 and q to a baseinverse; after p1 and p3: q on top
                return q if p1 in taken else p3
            return p1 if cell == q else None  # q: p1 is the one left of p1 and q
        if self.kind in ("claimeven", "vertical", "threat"):
            return self.cells[1] if cell == self.cells[0] else None
        if self.kind == "aftereven":
            return None  # not a pair: cells the claimevens already give the defender
        for a, b in zip(self.cells[::2], self.cells[1::2]):  # baseinverse: one pair; lowinverse: two
            if cell == a:
                return b
            if cell == b:
                return a
        return None


@dataclass(frozen=True)
class Proof:
    """A proof that ``defender`` (0 red, 1 yellow) holds at least a draw — and wins, when ``wins``.

    ``to_move``: the defender is the side to move; it first drops into playable column ``move`` and the
    strategy starts after that disc (``move`` is None when the defender is not to move).
    ``rules``: every rule instance of the strategy, claimeven and vertical pairs first (bottom to top, left to
    right), then the baseinverses, lowinverses and mirrors, then the threats kept for the end, then the
    aftereven groups.  ``refutations``: each line the attacker could still complete (its cells) with the rule
    that refutes it.  ``wins``: the defender surely completes a line (a threat kept for the end, or an
    aftereven group when every attacker line is refuted).
    """

    defender: int
    to_move: bool
    move: str | None
    rules: tuple[Rule, ...]
    refutations: tuple[tuple[tuple[Cell, ...], Rule], ...]
    wins: bool = False

    def reply(self, cell: Cell, taken: Collection[Cell] = ()) -> Cell | None:
        """Where the defender drops when the attacker has just dropped into ``cell`` (after ``move``); ``taken``:
        the grid cells filled (the drop itself may be among them; a baseclaim's answer depends on them)."""
        for rule in self.rules:
            answer = rule.partner(cell, taken)
            if answer is not None:
                return answer
        return None

    def used(self) -> dict[str, int]:
        """How many of the attacker's lines each kind of rule (:data:`RULE_KINDS`) refutes, e.g. ``{"claimeven": 40,
        "baseinverse": 2, "lowinverse": 0, …}``."""
        out = {k: 0 for k in RULE_KINDS}
        for _, rule in self.refutations:
            out[rule.kind] += 1
        return out


class _Geometry:
    """The lines of one variant as bitmasks over the solver's bitboard layout, and per column and
    height the cells the pairing surely claims and the cells a baseinverse or lowinverse may use."""

    def __init__(self, v: Variant) -> None:
        self.b = board_for(v)
        H, H1 = v.rows, self.b.H1
        self.lines = []
        for line in v.lines():
            bits = 0
            for c, r in line:
                bits |= 1 << (c * H1 + r)
            self.lines.append((bits, line))
        self.line_bits = [bits for bits, _ in self.lines]
        self.line_cells = [[(1 << (c * H1 + r), 1 << c) for c, r in line] for line in v.lines()]
        # column i at height h -> (cells claimed by claimeven when the column is in no lowinverse,
        # cells that may go to a baseinverse or a lowinverse)
        self.columns = []
        for i in range(v.columns):
            base = (v.first_column + i) * H1
            # at height h: the cells a claimeven pair may claim (rows of the top row's parity), the empty cells
            self.columns.append(
                [
                    (
                        sum(1 << (base + r) for r in range(h, H) if (H - 1 - r) % 2 == 0),
                        sum(1 << (base + r) for r in range(h, H)),
                        sum(1 << (base + r) for r in range(h, min(h + 2, H))),
                    )
                    for h in range(H + 1)
                ]
            )

    def may_hold(self, defender_bits: int, mask: int, shallow: bool = False) -> bool:
        """False when some line of the attacker (to move) surely escapes every pairing (``shallow``: every
        pairing that pairs columns at most two rows deep) — a quick test before the full search of
        :func:`_pairing` (True does not mean a proof exists)."""
        b = self.b
        claimable = empty = 0
        for i, per_height in enumerate(self.columns):
            c, e, low = per_height[(mask & b.col_masks[i]).bit_count()]
            claimable |= c
            empty |= low if shallow else e
        for bits in self.line_bits:
            if not bits & defender_bits and not bits & claimable and (bits & empty).bit_count() < 2:
                return False  # no cell a claimeven could give the defender, and no two cells for a pair
        return True


_geometries: dict[Variant, _Geometry] = {}


def _geometry(v: Variant) -> _Geometry:
    if v not in _geometries:
        _geometries[v] = _Geometry(v)
    return _geometries[v]


MAX_NODES = 20_000
"""How many partial choices (which columns go together, how many rows deep) :func:`prove` tries at most
per position; beyond that it answers None."""


def _unit_kind(rows: int) -> str:
    return {1: "baseinverse", 2: "lowinverse"}.get(rows, "mirror")


def _threats(g: _Geometry, defender_bits: int, mask: int) -> list[tuple[int, int, int]]:
    """The defender's threats that can serve as a sink: ``(grid column, row of the cell under the threat,
    row of the threat)`` — every cell that completes a line of the defender's discs and is not playable now
    (so the cell under it is empty too, and the attacker cannot simply block it), lowest first."""
    b = g.b
    v = b.variant
    H1 = b.H1
    empty = b.playable & ~mask
    cells = b.win(defender_bits, empty)
    out = []
    for i in range(v.columns):
        col = v.first_column + i
        here = cells & b.col_masks[i] & ~((mask + b.bottom) & b.col_masks[i])  # not playable now
        while here:
            low = here & -here
            t = low.bit_length() - 1 - col * H1
            out.append((col, t - 1, t))
            here ^= low
    return sorted(out, key=lambda sink: sink[1])


def _pairing(
    g: _Geometry,
    defender_bits: int,
    mask: int,
    limit: int = MAX_NODES,
    deepest: int | None = None,
    sinks: tuple[tuple[int, int, int], ...] = (),
    aftereven: bool = True,
    baseclaim: bool = False,
) -> tuple[list[Rule], list, bool] | None:
    """The strategy for the defender (``defender_bits``, side discs included) with the attacker to move:
    ``(rules, refutations, wins)``, or None when no pairing (found within ``limit`` choices; two columns
    paired at most ``deepest`` rows deep, None: any depth) refutes every line the attacker could still
    complete.  ``sinks``: ``(grid column, row s, row s + 1)`` of defender's threats in different columns —
    the cells of each such column from row ``s`` up are left out of the pairing (see the module docstring).
    ``aftereven``: also refute the lines that lie above a group of the defender's claimed cells.
    ``baseclaim``: also try baseclaims (two columns with an odd number of cells and one with an even number), after
    the pairings without them at each column.  It is asked only after the same search without baseclaims failed
    (:func:`_defend`), so where no baseclaim fits it answers None at once."""
    deepest = g.b.variant.rows if deepest is None else deepest
    b, v = g.b, g.b.variant
    H, H1 = v.rows, b.H1
    attacker_bits = mask & ~defender_bits

    def bit(col: int, row: int) -> int:
        return 1 << (col * H1 + row)

    columns = []  # (grid column, lowest empty row, top: rows below it) with room
    empties = 0
    for i in range(v.columns):
        col = v.first_column + i
        h = (mask & b.col_masks[i]).bit_count()
        top = next((sink[1] for sink in sinks if sink[0] == col), H)
        if h < top:
            columns.append((col, h, top))
            empties += top - h
    if empties % 2:
        return None  # the attacker moves first in every pair: an even count
    if baseclaim:
        odd = sum((top - h) % 2 for _, h, top in columns)
        if odd < 2 or odd == len(columns):
            return None  # no baseclaim fits: the same search without baseclaims has already failed
    if not sinks and not aftereven and not g.may_hold(defender_bits, mask, deepest <= 2):
        return None
    region = sum(1 << col for col, _, _ in columns)  # the grid columns the pairing covers (as bits)
    beyond = [sum(bit(col, r) for r in range(t, H)) for col, _, t in sinks]  # a threat and the cells above it
    # cells a claimeven may claim (rows of the column top's parity), and per (depth above the lowest empty
    # cell, parity of the column's empty count) the cells a mirror pair may use
    claimable = 0
    depth: dict[tuple[int, int], int] = {}
    for col, h, top in columns:
        for r in range(h, top):
            if (top - 1 - r) % 2 == 0:
                claimable |= bit(col, r)
            if r - h < deepest:
                key = (r - h, (top - h) % 2)
                depth[key] = depth.get(key, 0) | bit(col, r)
    layers = list(depth.values())
    baseclaim = baseclaim and deepest >= 2
    if baseclaim:  # a baseclaim's pairs: two lowest cells, or an odd column's lowest and an even column's second
        layers.append(
            sum(bit(col, h) for col, h, _ in columns)
            | sum(bit(col, h + 1) for col, h, top in columns if (top - h) % 2 == 0 and top - h >= 2)
        )
    # the defender's groups that claimed cells alone could complete: (their empty cells, the cells above them)
    groups = []
    if aftereven:
        for bits, _ in g.lines:
            if bits & attacker_bits:
                continue
            open_bits = bits & ~mask
            if not open_bits or open_bits & ~claimable:
                continue
            above = []
            for i in range(v.columns):
                part = open_bits & b.col_masks[i]
                if part:
                    highest = 1 << (part.bit_length() - 1)
                    above.append(b.col_masks[i] & ~(highest | (highest - 1)))
            groups.append((open_bits, above, bits))
    open_lines = []  # (bits, cells, grid columns it needs, aftereven groups under it)
    threat_lines = []
    for (bits, line), cells in zip(g.lines, g.line_cells):
        if bits & defender_bits:
            continue  # holds a defender disc: the attacker can never complete it
        if not bits & ~mask:
            return None  # complete already (a finished game is refused before)
        hit = next((k for k, cells_above in enumerate(beyond) if bits & cells_above), None)
        if hit is not None:
            threat_lines.append((line, hit))  # needs a threat cell or a cell above it: never the attacker's
            continue
        under = [k for k, (_, above, _) in enumerate(groups) if all(bits & a for a in above)]
        if not bits & claimable and not under and not any((bits & layer).bit_count() >= 2 for layer in layers):
            return None  # neither a claim, a pair nor an aftereven can ever refute it
        needs = 0
        for cell, col in cells:
            if not mask & cell:
                needs |= col
        needs &= region  # the cell under a threat is the attacker's at the end
        if not needs:
            return None  # its last cells lie outside every pair: nothing refutes it
        open_lines.append((bits, line, needs, [groups[k][0] for k in under]))
    # a line is checked as soon as every column it needs is decided
    decided = [None] * len(columns)  # per column: ("single",) or (partner position, rows)
    nodes = 0

    claim_table = [
        [sum(bit(col, r + 1) for r in range(h + rows, top, 2)) for rows in range(top - h + 1)]
        for col, h, top in columns
    ]

    def refuted_so_far(done: int, fresh: int, claimed: int, pairs: list[int]) -> bool:
        """Every line whose columns are all decided (``done``), one of them just now (``fresh``), is refuted."""
        for bits, _, needs, under in open_lines:
            if (
                needs & fresh
                and needs & ~done == 0
                and not bits & claimed
                and not any(bits & pm == pm for pm in pairs)
                and not any(ge & ~claimed == 0 for ge in under)
            ):
                return False
        return True

    def search(k: int, done: int, claimed: int, pairs: list[int]) -> bool:
        nonlocal nodes
        nodes += 1
        if nodes > limit:
            return False
        while k < len(columns) and decided[k] is not None:
            k += 1
        if k == len(columns):
            return True
        col, h, top = columns[k]
        n = top - h
        if n % 2 == 0:  # alone: claimeven pairs up the column
            decided[k] = ("single",)
            c = claimed | claim_table[k][0]
            fresh = 1 << col
            if refuted_so_far(done | fresh, fresh, c, pairs) and search(k + 1, done | fresh, c, pairs):
                return True
            decided[k] = None
        for j in range(k + 1, len(columns)):
            col2, h2, top2 = columns[j]
            if decided[j] is not None or (top2 - h2) % 2 != n % 2:
                continue
            for rows in range(2 - n % 2, min(n, top2 - h2, deepest) + 1, 2):
                decided[k], decided[j] = (j, rows), (k, rows)
                p = pairs + [bit(col, h + t) | bit(col2, h2 + t) for t in range(rows)]
                c = claimed | claim_table[k][rows] | claim_table[j][rows]
                fresh = 1 << col | 1 << col2
                if refuted_so_far(done | fresh, fresh, c, p) and search(k + 1, done | fresh, c, p):
                    return True
                decided[k] = decided[j] = None
                if nodes > limit:
                    return False
        if baseclaim:
            for trio in trios(k, n):
                i1, i2, i3 = trio
                (c1, r1, _), (c2, r2, _), (c3, r3, _) = columns[i1], columns[i2], columns[i3]
                for i, rows in zip(trio, (1, 2, 1)):  # p1 and p3 give their lowest cell, p2 its lowest two
                    decided[i] = ("baseclaim", rows, trio)
                p = pairs + [bit(c1, r1) | bit(c2, r2 + 1), bit(c2, r2) | bit(c3, r3)]
                c = claimed | claim_table[i1][1] | claim_table[i2][2] | claim_table[i3][1]
                fresh = 1 << c1 | 1 << c2 | 1 << c3
                if refuted_so_far(done | fresh, fresh, c, p) and search(k + 1, done | fresh, c, p):
                    return True
                decided[i1] = decided[i2] = decided[i3] = None
                if nodes > limit:
                    return False
        return False

    def trios(k: int, n: int):
        """Column positions ``(p1, p2, p3)`` of the baseclaims column ``k`` (``n`` empty cells) can join: ``p1``
        and ``p3`` in columns with an odd number of empty cells, ``p2`` in one with an even number, at least 2;
        the other two columns undecided and after ``k``."""
        free = [j for j in range(k + 1, len(columns)) if decided[j] is None]
        odd = [j for j in free if (columns[j][2] - columns[j][1]) % 2]
        even = [j for j in free if (columns[j][2] - columns[j][1]) % 2 == 0]
        if n % 2 == 0:
            return [(j, k, l) for j in odd for l in odd if l != j]
        return [(k, j, l) for j in even for l in odd] + [(l, j, k) for j in even for l in odd]

    if not search(0, 0, 0, []):
        return None
    rules: list[Rule] = []
    units: list[tuple[Rule, list[int]]] = []
    claims: dict[int, Rule] = {}
    for k, (col, h, top) in enumerate(columns):
        choice = decided[k]
        rows = 0 if choice[0] == "single" else choice[1]
        for r in range(h + rows, top, 2):
            rule = Rule("claimeven" if (H - 1 - (r + 1)) % 2 == 0 else "vertical", ((col, r), (col, r + 1)))
            claims[bit(col, r + 1)] = rule
            rules.append(rule)
        if choice[0] == "baseclaim":
            if choice[2][1] == k:  # once, from the even column
                (c1, r1, _), (c2, r2, _), (c3, r3, _) = (columns[i] for i in choice[2])
                units.append(
                    (
                        Rule("baseclaim", ((c1, r1), (c2, r2), (c2, r2 + 1), (c3, r3))),
                        [bit(c1, r1) | bit(c2, r2 + 1), bit(c2, r2) | bit(c3, r3)],
                    )
                )
        elif choice[0] != "single" and choice[0] > k:
            col2, h2, _ = columns[choice[0]]
            cells = tuple(cell for t in range(rows) for cell in ((col, h + t), (col2, h2 + t)))
            units.append((Rule(_unit_kind(rows), cells), [bit(col, h + t) | bit(col2, h2 + t) for t in range(rows)]))
    rules.sort(key=lambda r: (r.cells[0][1], r.cells[0][0]))
    claimed = sum(claims)
    after_rules: dict[int, Rule] = {}

    def aftereven_rule(ge: int) -> Rule:
        if ge not in after_rules:
            after_rules[ge] = Rule(
                "aftereven", tuple(sorted((p // H1, p % H1) for p in range(ge.bit_length()) if ge >> p & 1))
            )
        return after_rules[ge]

    refutations = []
    for bits, line, _, under in open_lines:
        hit = bits & claimed
        if hit:
            refutations.append((line, claims[hit & -hit]))
            continue
        unit = next((rule for rule, pms in units if any(bits & pm == pm for pm in pms)), None)
        if unit is not None:
            refutations.append((line, unit))
        else:
            refutations.append((line, aftereven_rule(next(ge for ge in under if ge & ~claimed == 0))))
    extra: list[Rule] = []
    wins = False
    if sinks:
        extra = [Rule("threat", ((col, s), (col, t))) for col, s, t in sinks]
        refutations.extend((line, extra[k]) for line, k in threat_lines)
        wins = True
    else:
        won = next((ge for ge, _, _ in groups if ge & ~claimed == 0), None)
        if won is not None:
            aftereven_rule(won)
            wins = True
    return rules + [rule for rule, _ in units] + extra + list(after_rules.values()), refutations, wins


def _check(game: object) -> ConnectGame:
    if not isinstance(game, ConnectGame):
        raise TypeError(tr("prove: expected a 5 en raya / Connect Four game, got {kind}", kind=type(game).__name__))
    if game.popout:
        raise ValueError(tr("prove: the rules prove games without PopOut only (a pop breaks every pair)"))
    if game.is_over():
        raise ValueError(tr("prove: the game is over"))
    return game


def _defend(g: _Geometry, defender_bits: int, mask: int, zugzwang: bool, baseclaim: bool = True):
    """The defender's strategy with the attacker to move (see :func:`_pairing`): a complete pairing, else one
    that leaves the column of one of the defender's threats to the end; None when neither is found.  All of that
    without baseclaims first, then (``baseclaim``) with them: a baseclaim only adds proofs, and never replaces a
    winning proof (a threat kept for the end) by a drawing one."""
    found = _defend_with(g, defender_bits, mask, zugzwang, False)
    if found is None and baseclaim:
        found = _defend_with(g, defender_bits, mask, zugzwang, True)
    return found


def _defend_with(g: _Geometry, defender_bits: int, mask: int, zugzwang: bool, baseclaim: bool):
    found = _pairing(g, defender_bits, mask, aftereven=zugzwang, baseclaim=baseclaim)
    if found is not None or not zugzwang:
        return found
    threats = _threats(g, defender_bits, mask)
    for sink in threats:
        found = _pairing(g, defender_bits, mask, sinks=(sink,), baseclaim=baseclaim)
        if found is not None:
            return found
    for k, first in enumerate(threats):  # two threats in two columns: the attacker must take one
        for second in threats[k + 1 :]:
            if second[0] != first[0]:
                found = _pairing(g, defender_bits, mask, sinks=(first, second), baseclaim=baseclaim)
                if found is not None:
                    return found
    return None


def _side(side: object) -> int | None:
    if side is not None and (isinstance(side, bool) or side not in (0, 1)):
        raise ValueError(tr("prove: side {side!r} is not 0 (red), 1 (yellow) or None (either)", side=side))
    return side


def prove(game: ConnectGame, side: int | None = None, *, zugzwang: bool = True, baseclaim: bool = True) -> Proof | None:
    """A proof that one side holds at least a draw in ``game`` (``Proof.wins``: that it wins), or None when
    these rules find none.

    ``side``: 0 (red) or 1 (yellow) looks for a proof for that side only; None for either — the side not to
    move is tried first (its strategy starts at once), then the side to move (after each of its drops,
    centre first).  ``zugzwang=False`` keeps to the complete pairing (claimeven, baseinverse, lowinverse,
    mirror, baseclaim): no aftereven and no threat; ``baseclaim=False`` leaves baseclaims out.  A proof is
    exact: the defender's strategy of :class:`Proof` never lets the other side complete a line.  None says
    nothing about the position.  PopOut games and finished games are refused (ValueError), anything but a game
    too (TypeError), a side other than 0, 1 or None too
    (ValueError).
    """
    _check(game)
    side = _side(side)
    g = _geometry(game.variant)
    b = g.b
    cur, mask, _ = b.from_game(game)
    me = game.to_move
    if side is None or side != me:
        found = _defend(g, cur ^ mask, mask, zugzwang, baseclaim)
        if found is not None:
            return Proof(1 - me, False, None, tuple(found[0]), tuple(found[1]), found[2])
        if side is not None:
            return None
    wins = b.win(cur, b.board & ~mask)
    for with_baseclaim in (False, True) if baseclaim else (False,):  # every drop without baseclaims first
        for i in b.order:
            drop = (mask + b.bottom) & b.col_masks[i]
            if not drop or drop & wins:
                continue  # a full column; a winning drop needs no proof of a draw
            after = mask | drop
            move = str(i + 1)
            if after & b.playable == b.playable:
                return Proof(me, True, move, (), ())  # the last cell: a draw
            found = _defend_with(g, cur | drop, after, zugzwang, with_baseclaim)
            if found is not None:
                return Proof(me, True, move, tuple(found[0]), tuple(found[1]), found[2])
    return None


@dataclass(frozen=True)
class ColumnProof:
    """What the rules prove about one drop of the player to move: ``low``/``high`` are the worst and best
    outcomes (−1 loss, 0 draw, 1 win) left for the player making it; ``after`` is the position after the drop;
    ``proofs`` the proofs found there (the one for the player making the drop first, then the one for the
    other side) and ``proof`` the first of them (None when the drop ends the game or nothing is proved)."""

    move: str
    low: int
    high: int
    after: ConnectGame
    proof: Proof | None
    proofs: tuple[Proof, ...] = ()


def prove_columns(
    game: ConnectGame, moves=None, *, zugzwang: bool = True, baseclaim: bool = True
) -> dict[str, ColumnProof]:
    """For each drop of ``game`` (or of ``moves``, a subset of them) what :func:`prove` shows about the
    position after it, asked once for each side: a proof for the player who just dropped means that drop is
    at least a draw for them (``low`` 0; a win, ``low`` 1, when the proof wins), a proof for the other side
    that it is at most a draw (``high`` 0; a loss, ``high`` −1, when that proof wins) — both together: a
    draw.  When :func:`prove` shows the other side holds the draw in ``game`` itself, every drop is at most a
    draw (a loss when it wins).  A drop that wins at once is a win, one that fills the grid a draw;
    otherwise the bounds are −1 and 1.  Pops are not judged (PopOut games are refused, as by :func:`prove`).
    ``zugzwang`` and ``baseclaim`` as for :func:`prove`."""
    _check(game)
    drops = [m for m in game.legal_moves()]
    if moves is not None:
        moves = list(moves)
        for m in moves:
            if m not in drops:
                raise ValueError(tr("prove_columns: {move!r} is not a drop of this position", move=m))
        drops = moves
    mover = game.to_move
    whole = prove(game, 1 - mover, zugzwang=zugzwang, baseclaim=baseclaim)
    ceiling = 1 if whole is None else -1 if whole.wins else 0  # the other side holds the draw (or wins) already
    out: dict[str, ColumnProof] = {}
    for m in drops:
        after = game.copy()
        after.play(m)
        if after.is_over():
            w = after.winner()
            value = 0 if w is None else (1 if w == mover else -1)
            out[m] = ColumnProof(m, value, value, after, None)
            continue
        mine = prove(after, mover, zugzwang=zugzwang, baseclaim=baseclaim)
        theirs = prove(after, 1 - mover, zugzwang=zugzwang, baseclaim=baseclaim) if ceiling > -1 else None
        low = -1 if mine is None else 1 if mine.wins else 0
        high = min(ceiling, 1 if theirs is None else -1 if theirs.wins else 0)
        proofs = tuple(p for p in (mine, theirs) if p is not None)
        out[m] = ColumnProof(m, low, high, after, proofs[0] if proofs else None, proofs)
    return out


LEAF_NODES = 200
"""The choices the leaf test of :func:`leaf_for` tries at most (a search calls it at every node); it pairs
two columns at most two rows deep (claimeven, baseinverse, lowinverse), which is cheaper."""


def leaf_for(variant: Variant, zugzwang: bool = False):
    """``holds(cur, mask) -> bool`` on the solver's bitboards (``cur``: the discs of the player to move,
    ``mask``: all discs, side discs included): True when the pairing proves that the player *not* to move
    holds at least a draw, so the player to move scores at most 0 — a leaf bound for
    :class:`gamekit.connect.solver.Solver` (``leaf=``).  ``zugzwang``: also aftereven and a threat kept for
    the end (the player not to move is then proved more often, at a higher cost a call)."""
    if not isinstance(variant, Variant):
        raise TypeError(tr("leaf_for: expected a Variant, got {kind}", kind=type(variant).__name__))
    g = _geometry(variant)

    def holds(cur: int, mask: int) -> bool:
        defender = cur ^ mask
        # the quick pre-check first (it may miss a proof aftereven would find: a leaf only loses a cut)
        if (
            g.may_hold(defender, mask, True)
            and _pairing(g, defender, mask, LEAF_NODES, 2, aftereven=zugzwang) is not None
        ):
            return True
        return zugzwang and any(
            _pairing(g, defender, mask, LEAF_NODES, 2, sinks=(sink,)) is not None
            for sink in _threats(g, defender, mask)
        )

    return holds


# ---------------------------------------------------------------------- the reason in words
def _where(game: ConnectGame, cell: Cell) -> str:
    return tr("column {column}, row {row}", column=game.column_number(cell[0]), row=cell[1] + 1)


def proof_reason(proof: Proof, game: ConnectGame, lang: str = "en") -> str:
    """Why ``proof`` holds, in words a 12-year-old can follow, in ``lang`` ("en" or "es").  ``game`` is the
    position ``proof`` was found for (the column numbers and colours come from it)."""
    if not isinstance(proof, Proof):
        raise TypeError(tr("proof_reason: expected a Proof from prove(), got {kind}", kind=type(proof).__name__))
    _check(game)
    with using(lang):
        me, them = tr(COLOUR_NAMES[proof.defender]), tr(COLOUR_NAMES[1 - proof.defender])
        parts = []
        if proof.to_move:
            parts.append(tr("{colour} plays column {column} first.", colour=me, column=proof.move))
        if not proof.rules:
            parts.append(tr("That fills the grid: a draw."))
            return " ".join(part[:1].upper() + part[1:] for part in parts)
        used = proof.used()
        lines = len(proof.refutations)
        if not lines and not proof.wins:
            parts.append(
                tr(
                    "{colour} is sure of at least a draw: {other} has no line left that could still be completed.",
                    colour=me,
                    other=them,
                )
            )
            return " ".join(part[:1].upper() + part[1:] for part in parts)
        if not lines:
            parts.append(
                tr(
                    "{colour} is sure to win: {other} has no line left that could still be completed.",
                    colour=me,
                    other=them,
                )
            )
        elif proof.wins:
            parts.append(
                ntr(
                    "{colour} is sure to win: {other} can still make {n} line, and {colour} spoils it.",
                    "{colour} is sure to win: {other} can still make {n} lines, and {colour} spoils every one.",
                    lines,
                    colour=me,
                    other=them,
                )
            )
        else:
            parts.append(
                ntr(
                    "{colour} is sure of at least a draw: {other} can still make {n} line, and {colour} spoils it.",
                    "{colour} is sure of at least a draw: {other} can still make {n} lines, and {colour} "
                    "spoils every one.",
                    lines,
                    colour=me,
                    other=them,
                )
            )
        if any(rule.kind in ("claimeven", "vertical") for rule in proof.rules):
            parts.append(
                tr(
                    "Whenever {other} drops a disc, {colour} answers on top of it in the same column "
                    "(the same-column answer), so {colour} gets every second empty cell of each column.",
                    other=them,
                    colour=me,
                )
            )
        pairs = used["baseinverse"] + used["lowinverse"] + used["mirror"] + used["baseclaim"]
        rest = pairs + used["aftereven"] + used["threat"]
        if rest:
            parts.append(
                ntr(
                    "That spoils all of {other}'s lines but {n}.",
                    "That spoils all of {other}'s lines but {n}.",
                    rest,
                    other=them,
                )
            )
        elif lines:
            parts.append(
                tr("Every line of {other}'s needs one of those cells, so {other} cannot finish any.", other=them)
            )
        for rule in proof.rules:
            if rule.kind == "baseinverse":
                parts.append(
                    tr(
                        "{where1} and {where2} can both be played now: if {other} takes one, {colour} takes "
                        "the other (baseinverse).",
                        where1=_where(game, rule.cells[0]),
                        where2=_where(game, rule.cells[1]),
                        other=them,
                        colour=me,
                    )
                )
            elif rule.kind == "lowinverse":
                parts.append(
                    tr(
                        "{where1} and {where2} are the lowest empty cells of their columns: if {other} takes "
                        "one, {colour} takes the other, and the same with the two cells just above them "
                        "(lowinverse).",
                        where1=_where(game, rule.cells[0]),
                        where2=_where(game, rule.cells[1]),
                        other=them,
                        colour=me,
                    )
                )
            elif rule.kind == "mirror":
                parts.append(
                    ntr(
                        "{where1} and {where2} are the lowest empty cells of their columns: whenever {other} "
                        "drops into one of these two columns, {colour} drops into the other, for {n} row "
                        "(mirror).",
                        "{where1} and {where2} are the lowest empty cells of their columns: whenever {other} "
                        "drops into one of these two columns, {colour} drops into the other, for {n} rows "
                        "(mirror).",
                        len(rule.cells) // 2,
                        where1=_where(game, rule.cells[0]),
                        where2=_where(game, rule.cells[1]),
                        other=them,
                        colour=me,
                    )
                )
        for rule in proof.rules:
            if rule.kind == "baseclaim":
                parts.append(
                    tr(
                        "If {other} takes {where1}, {colour} takes {where4} and later answers {where2} with "
                        "{where3}, just above it; if {other} takes {where2} or {where4} first, {colour} takes the "
                        "other of those two, and then {where1} and {where3} are a pair: if {other} takes one, "
                        "{colour} takes the other (baseclaim).",
                        where1=_where(game, rule.cells[0]),
                        where2=_where(game, rule.cells[1]),
                        where3=_where(game, rule.cells[2]),
                        where4=_where(game, rule.cells[3]),
                        other=them,
                        colour=me,
                    )
                )
        if pairs and pairs == rest:
            parts.append(
                ntr(
                    "The last line needs both cells of one of those pairs, so {other} cannot finish it.",
                    "Each of the last {n} lines needs both cells of one of those pairs, so {other} cannot finish them.",
                    pairs,
                    other=them,
                )
            )
        elif pairs:
            parts.append(
                ntr(
                    "{n} of those lines needs both cells of one of those pairs, so {other} cannot finish it.",
                    "{n} of those lines need both cells of one of those pairs, so {other} cannot finish them.",
                    pairs,
                    other=them,
                )
            )
        for rule in proof.rules:
            if rule.kind != "aftereven":
                continue
            cells = "; ".join(_where(game, cell) for cell in rule.cells)
            later = sum(1 for _, r in proof.refutations if r == rule)
            if later:
                parts.append(
                    ntr(
                        "The same-column answers give {colour} the cells at {cells}, and with them a line: "
                        "{n} line of {other}'s needs a cell above each of them, so it comes too late — "
                        "{colour} has made a line first (aftereven).",
                        "The same-column answers give {colour} the cells at {cells}, and with them a line: "
                        "{n} lines of {other}'s need a cell above each of them, so they come too late — "
                        "{colour} has made a line first (aftereven).",
                        later,
                        colour=me,
                        other=them,
                        cells=cells,
                    )
                )
            else:
                parts.append(
                    tr(
                        "The same-column answers give {colour} the cells at {cells}: they complete a line of "
                        "{colour}'s, so in the end {colour} wins (aftereven).",
                        colour=me,
                        cells=cells,
                    )
                )
        threats = [rule for rule in proof.rules if rule.kind == "threat"]
        if len(threats) == 1:
            parts.append(
                tr(
                    "{colour} has a threat at {where2}: {other} can never drop into {where1}, just under "
                    "it, or {colour} would make a line there at once. Every other cell is paired, so in "
                    "the end {other} has to drop there, and {colour} wins (a threat kept for the end).",
                    colour=me,
                    other=them,
                    where1=_where(game, threats[0].cells[0]),
                    where2=_where(game, threats[0].cells[1]),
                )
            )
        elif threats:
            parts.append(
                tr(
                    "{colour} has threats at {where2} and {where4}: {other} can never drop into {where1} or "
                    "{where3}, just under them, or {colour} would make a line at once. Every other cell is "
                    "paired, so in the end {other} has to drop under one of them, and {colour} wins (threats "
                    "kept for the end).",
                    colour=me,
                    other=them,
                    where1=_where(game, threats[0].cells[0]),
                    where2=_where(game, threats[0].cells[1]),
                    where3=_where(game, threats[1].cells[0]),
                    where4=_where(game, threats[1].cells[1]),
                )
            )
        return " ".join(part[:1].upper() + part[1:] for part in parts)
