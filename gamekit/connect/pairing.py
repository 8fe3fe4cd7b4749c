"""The pairing search behind :mod:`gamekit.connect.prove`: the defender's rule instances (:class:`Rule`, of the
kinds :data:`RULE_KINDS`), each variant's lines as bitmasks (:class:`Geometry`), the defender's threats kept for
the end (:func:`threat_sinks`) and the search for a pairing that refutes every line the attacker could still
complete (:func:`pairing`).  The strategy and why it is exact are told in :mod:`gamekit.connect.prove`."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

from gamekit.connect.bitboard import board_for
from gamekit.connect.rules import Variant

__all__ = [
    "MAX_NODES",
    "RULE_KINDS",
    "Cell",
    "Geometry",
    "Rule",
    "geometry_for",
    "pairing",
    "threat_sinks",
]

Cell = tuple[int, int]
RULE_KINDS = (
    "claimeven",
    "vertical",
    "baseinverse",
    "lowinverse",
    "mirror",
    "baseclaim",
    "highinverse",
    "aftereven",
    "threat",
)


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
    gets one of ``p1, q`` and one of ``p2, p3`` (its answer depends on which of these cells are taken);
    highinverse: ``(a1, a2, a3, b1, b2, b3)``, the lowest three empty cells of two columns (bottom up): the
    defender gets the middle cell of the column the attacker enters first, the upper cell of the other, and one of
    the first one's upper cell and the other's lower cell (its answer to a lower cell depends on which is taken)."""

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
        if self.kind == "highinverse":
            a1, a2, a3, b1, b2, b3 = self.cells
            for (low, mid, up), (low2, _, up2) in (((a1, a2, a3), (b1, b2, b3)), ((b1, b2, b3), (a1, a2, a3))):
                if cell == low:  # first into these columns: on top of it; second: the other's upper cell
                    return up2 if low2 in taken else mid
                if cell == mid:  # the attacker gets a middle cell only in the column entered second
                    return up
                if cell == up:  # only in the column entered first: its upper cell and the other's lower cell pair
                    return low2
            return None
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


class Geometry:
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
        :func:`pairing` (True does not mean a proof exists)."""
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


_geometries: dict[Variant, Geometry] = {}


def geometry_for(v: Variant) -> Geometry:
    """The :class:`Geometry` of variant ``v``, built once and shared by every proof on that variant."""
    if v not in _geometries:
        _geometries[v] = Geometry(v)
    return _geometries[v]


MAX_NODES = 20_000
"""How many partial choices (which columns go together, how many rows deep) :func:`gamekit.connect.prove.prove`
tries at most per position; beyond that it answers None."""


def _unit_kind(rows: int) -> str:
    return {1: "baseinverse", 2: "lowinverse"}.get(rows, "mirror")


def threat_sinks(g: Geometry, defender_bits: int, mask: int) -> list[tuple[int, int, int]]:
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


def pairing(
    g: Geometry,
    defender_bits: int,
    mask: int,
    limit: int = MAX_NODES,
    deepest: int | None = None,
    sinks: tuple[tuple[int, int, int], ...] = (),
    aftereven: bool = True,
    baseclaim: bool = False,
    highinverse: bool = False,
) -> tuple[list[Rule], list, bool] | None:
    """The strategy for the defender (``defender_bits``, side discs included) with the attacker to move:
    ``(rules, refutations, wins)``, or None when no pairing (found within ``limit`` choices; two columns
    paired at most ``deepest`` rows deep, None: any depth) refutes every line the attacker could still
    complete.  ``sinks``: ``(grid column, row s, row s + 1)`` of defender's threats in different columns —
    the cells of each such column from row ``s`` up are left out of the pairing (see :mod:`gamekit.connect.prove`).
    ``aftereven``: also refute the lines that lie above a group of the defender's claimed cells.
    ``baseclaim``: also try baseclaims (two columns with an odd number of cells and one with an even number), after
    the pairings without them at each column.  ``highinverse``: also try highinverses (two columns with an odd
    number of empty cells, at least 3, their lowest three cells each), after the pairings and before the
    baseclaims.  These two are asked only after the same search without them failed (:func:`_defend`), so where
    neither fits it answers None at once."""
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
    baseclaim = baseclaim and deepest >= 2
    highinverse = highinverse and deepest >= 3
    if baseclaim or highinverse:
        odd = sum((top - h) % 2 for _, h, top in columns)
        baseclaim = baseclaim and 2 <= odd < len(columns)
        highinverse = highinverse and sum((top - h) % 2 and top - h >= 3 for _, h, top in columns) >= 2
        if not (baseclaim or highinverse):
            return None  # neither fits: the same search without them has already failed
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
    if highinverse:  # a highinverse's pairs inside a column: the middle and upper cell of an odd column
        layers.append(
            sum(bit(col, h + 1) | bit(col, h + 2) for col, h, top in columns if (top - h) % 2 and top - h >= 3)
        )
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

    def attempt(marks: dict[int, tuple], k: int, done: int, fresh: int, claimed: int, pairs: list[int]) -> bool:
        """Decide the columns in ``marks`` that way and search on from column ``k + 1``; undo them if that fails."""
        for i, mark in marks.items():
            decided[i] = mark
        if refuted_so_far(done | fresh, fresh, claimed, pairs) and search(k + 1, done | fresh, claimed, pairs):
            return True
        for i in marks:
            decided[i] = None
        return False

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
            if attempt({k: ("single",)}, k, done, 1 << col, claimed | claim_table[k][0], pairs):
                return True
        for j in range(k + 1, len(columns)):
            col2, h2, top2 = columns[j]
            if decided[j] is not None or (top2 - h2) % 2 != n % 2:
                continue
            for rows in range(2 - n % 2, min(n, top2 - h2, deepest) + 1, 2):
                p = pairs + [bit(col, h + t) | bit(col2, h2 + t) for t in range(rows)]
                c = claimed | claim_table[k][rows] | claim_table[j][rows]
                if attempt({k: (j, rows), j: (k, rows)}, k, done, 1 << col | 1 << col2, c, p):
                    return True
                if nodes > limit:
                    return False
        if highinverse and n % 2 and n >= 3:
            for j in range(k + 1, len(columns)):
                col2, h2, top2 = columns[j]
                if decided[j] is not None or (top2 - h2) % 2 == 0 or top2 - h2 < 3:
                    continue
                mark = ("highinverse", 3, (k, j))
                p = pairs + highinverse_pairs(col, h, col2, h2)
                c = claimed | claim_table[k][3] | claim_table[j][3]
                if attempt({k: mark, j: mark}, k, done, 1 << col | 1 << col2, c, p):
                    return True
                if nodes > limit:
                    return False
        if baseclaim:
            for trio in trios(k, n):
                i1, i2, i3 = trio
                (c1, r1, _), (c2, r2, _), (c3, r3, _) = columns[i1], columns[i2], columns[i3]
                # p1 and p3 give their lowest cell, p2 its lowest two
                marks = {i: ("baseclaim", rows, trio) for i, rows in zip(trio, (1, 2, 1))}
                p = pairs + [bit(c1, r1) | bit(c2, r2 + 1), bit(c2, r2) | bit(c3, r3)]
                c = claimed | claim_table[i1][1] | claim_table[i2][2] | claim_table[i3][1]
                if attempt(marks, k, done, 1 << c1 | 1 << c2 | 1 << c3, c, p):
                    return True
                if nodes > limit:
                    return False
        return False

    def highinverse_pairs(col: int, h: int, col2: int, h2: int) -> list[int]:
        """The six pairs of a highinverse on the lowest three empty cells of two columns: the defender gets one
        cell of each (the two upper cells, the two middle cells, each column's middle and upper cell, each
        column's lower cell and the other's upper cell)."""
        a1, a2, a3 = bit(col, h), bit(col, h + 1), bit(col, h + 2)
        b1, b2, b3 = bit(col2, h2), bit(col2, h2 + 1), bit(col2, h2 + 2)
        return [a3 | b3, a2 | b2, a2 | a3, b2 | b3, a1 | b3, b1 | a3]

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
        elif choice[0] == "highinverse":
            if choice[2][0] == k:  # once, from the first of the two columns
                col2, h2, _ = columns[choice[2][1]]
                cells = ((col, h), (col, h + 1), (col, h + 2), (col2, h2), (col2, h2 + 1), (col2, h2 + 2))
                units.append((Rule("highinverse", cells), highinverse_pairs(col, h, col2, h2)))
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
