"""Proofs by knowledge, after Allis: a strategy that keeps one side from ever completing a line.

Allis' VICTOR proved Connect Four positions without search: the side that defends gives itself a
*pairing strategy* — answer the opponent's disc in a fixed cell — and checks that every line the
opponent could still complete (a *group*) holds a cell the strategy surely gives the defender.
This module builds the part of that method that is exact by construction for every gravity game
of :mod:`gamekit.connect.rules` (any grid, any line length, pre-filled side columns), without PopOut.

The strategy
------------
The opponent (the *attacker*) is to move.  Every empty cell of the playable columns is put in
exactly one rule instance, of three kinds:

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

A column with an even number of empty cells (counted from the cells really empty, so 5 en raya's full
side columns and any discs already dropped are taken into account) is cut into claimeven pairs from
its lowest empty cell up (or gives its two lowest cells to a lowinverse with another such column and the
rest to claimeven pairs); a column with an odd number gives its lowest empty cell to a baseinverse
with another such column and the cells above it to claimeven pairs.  Because every empty cell is in a
pair and each pair is answered inside itself, the defender always has its answer ready, whatever the
attacker does, until the grid is full: the defender never needs a spare move, so no zugzwang argument
is needed.  An attacker's line is *refuted* when it holds the upper cell of a claimeven pair, both
cells of a baseinverse, or both lower or both upper cells of a lowinverse; when every line the
attacker could still complete is refuted, the attacker can never make a line, so the defender holds
at least a draw.  The choices — which columns with an odd number of empty cells go together, which
columns with an even number form lowinverses — are tried in full, up to :data:`MAX_CHOICES` of them
(beyond that: no answer).

Because the pairs cover the whole grid, Allis' *vertical* rule (two cells on top of each other, the
upper one odd) never appears: cut from the top of a column the pairs always end on the top row.
Aftereven, highinverse, lowinverse above the base and the other rules that rest on the defender
controlling zugzwang with spare cells are not here; when the pairing does not refute every line,
:func:`prove` answers None.

When the defender is the side to move, :func:`prove` tries each of its drops (centre first) and
proves the position after it.  A complete pairing needs an even number of empty cells with the
attacker to move, so on the published boards (42 cells) it can only prove the second player
(yellow): red holding the draw needs Allis' odd-threat rules, which are not here.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterator

from gamekit.connect.bitboard import board_for
from gamekit.connect.rules import COLOUR_NAMES, ConnectGame, Variant
from gamekit.i18n import ntr, tr, using

__all__ = ["Rule", "Proof", "prove", "proof_reason", "leaf_for", "RULE_KINDS", "MAX_CHOICES"]

Cell = tuple[int, int]
RULE_KINDS = ("claimeven", "baseinverse", "lowinverse")


@dataclass(frozen=True)
class Rule:
    """One rule instance of the defender's strategy: ``kind`` and its cells ``(col, row)`` (grid cells,
    row 0 at the bottom).  claimeven: ``cells = (lower, upper)`` and the defender gets the upper one;
    baseinverse: the lowest empty cells of two columns, the defender gets one of them; lowinverse:
    ``(a, b, above a, above b)`` with ``a`` and ``b`` the lowest empty cells of two columns, the defender
    gets one of ``a, b`` and one of the two cells above them."""

    kind: str
    cells: tuple[Cell, ...]

    def partner(self, cell: Cell) -> Cell | None:
        """The defender's answer when the attacker drops into ``cell`` (None: ``cell`` is not the attacker's
        to take — the upper cell of a claimeven — or not in this rule)."""
        if self.kind == "claimeven":
            return self.cells[1] if cell == self.cells[0] else None
        for a, b in zip(self.cells[::2], self.cells[1::2]):   # baseinverse: one pair; lowinverse: two
            if cell == a:
                return b
            if cell == b:
                return a
        return None


@dataclass(frozen=True)
class Proof:
    """A proof that ``defender`` (0 red, 1 yellow) holds at least a draw.

    ``to_move``: the defender is the side to move; it first drops into playable column ``move`` and the
    strategy starts after that disc (``move`` is None when the defender is not to move).
    ``rules``: every rule instance of the strategy, claimeven pairs first (bottom to top, left to right),
    then the baseinverses, then the lowinverses.  ``refutations``: each line the attacker could still complete (its cells) with the
    rule that refutes it.
    """

    defender: int
    to_move: bool
    move: str | None
    rules: tuple[Rule, ...]
    refutations: tuple[tuple[tuple[Cell, ...], Rule], ...]

    def reply(self, cell: Cell) -> Cell | None:
        """Where the defender drops when the attacker has just dropped into ``cell`` (after ``move``)."""
        for rule in self.rules:
            answer = rule.partner(cell)
            if answer is not None:
                return answer
        return None

    def used(self) -> dict[str, int]:
        """How many of the attacker's lines each kind of rule refutes, e.g. ``{"claimeven": 40, "baseinverse": 2, "lowinverse": 0}``."""
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
        # column i at height h -> (cells claimed by claimeven when the column is in no lowinverse,
        # cells that may go to a baseinverse or a lowinverse)
        self.columns = []
        for i in range(v.columns):
            base = (v.first_column + i) * H1
            per_height = []
            for h in range(H + 1):
                odd = (H - h) % 2
                claimed = sum(1 << (base + r + 1) for r in range(h + odd, H, 2))
                if odd:
                    loose = 1 << (base + h)
                elif h < H:
                    loose = (1 << (base + h)) | (1 << (base + h + 1))     # claimed, unless in a lowinverse
                else:
                    loose = 0
                per_height.append((claimed, loose))
            self.columns.append(per_height)

    def may_hold(self, defender_bits: int, mask: int) -> bool:
        """False when some line of the attacker (to move) surely escapes every pairing — a quick test
        before the full search of :func:`_pairing` (True does not mean a proof exists)."""
        b = self.b
        sure = loose = 0
        for i, per_height in enumerate(self.columns):
            claimed, extra = per_height[(mask & b.col_masks[i]).bit_count()]
            sure |= claimed
            loose |= extra
        for bits in self.line_bits:
            if not bits & defender_bits and not bits & sure and (bits & loose).bit_count() < 2:
                return False      # no claim (even one a lowinverse may give up) and no pair can refute it
        return True


_geometries: dict[Variant, _Geometry] = {}


def _geometry(v: Variant) -> _Geometry:
    if v not in _geometries:
        _geometries[v] = _Geometry(v)
    return _geometries[v]


def _matchings(items: list) -> Iterator[list[tuple]]:
    """Every way to split ``items`` (an even number) into pairs."""
    if not items:
        yield []
        return
    first, rest = items[0], items[1:]
    for i, other in enumerate(rest):
        for tail in _matchings(rest[:i] + rest[i + 1:]):
            yield [(first, other)] + tail


def _partial_matchings(items: list) -> Iterator[list[tuple]]:
    """Every set of disjoint pairs of ``items`` (the empty set first)."""
    if not items:
        yield []
        return
    first, rest = items[0], items[1:]
    yield from _partial_matchings(rest)            # ``first`` stays alone
    for i, other in enumerate(rest):
        for tail in _partial_matchings(rest[:i] + rest[i + 1:]):
            yield [(first, other)] + tail


MAX_CHOICES = 5000
"""How many ways of choosing the baseinverses and lowinverses :func:`prove` tries at most per position."""


def _pairing(g: _Geometry, defender_bits: int, mask: int) -> tuple[list[Rule], list] | None:
    """The strategy for the defender (``defender_bits``, side discs included) with the attacker to move,
    or None when no complete pairing refutes every line the attacker could still complete."""
    if not g.may_hold(defender_bits, mask):
        return None
    b, v = g.b, g.b.variant
    H, H1 = v.rows, b.H1

    def bit(cell: Cell) -> int:
        return 1 << (cell[0] * H1 + cell[1])

    claims: dict[int, Rule] = {}          # bit of an upper cell -> its claimeven pair
    odd: list[int] = []                   # columns (grid index) with an odd number of empty cells
    even: list[int] = []                  # columns with an even, non-zero number
    lowest: dict[int, int] = {}           # column -> row of its lowest empty cell
    for i in range(v.columns):
        col = v.first_column + i
        h = (mask & b.col_masks[i]).bit_count()
        lowest[col] = h
        start = h
        if (H - h) % 2:
            odd.append(col)
            start = h + 1
        elif h < H:
            even.append(col)
        for r in range(start, H, 2):
            claims[bit((col, r + 1))] = Rule("claimeven", ((col, r), (col, r + 1)))
    if len(odd) % 2:
        return None                        # an odd number of empty cells: no complete pairing
    all_claims = sum(claims)
    # the claim on the second empty cell of an even column is given up when it is in a lowinverse
    movable = sum(bit((col, lowest[col] + 1)) for col in even)
    sure = all_claims & ~movable
    refuted: list = []
    open_lines: list = []
    for bits, line in g.lines:
        if bits & defender_bits:
            continue                      # holds a defender disc: the attacker can never complete it
        if not bits & ~mask:
            return None                   # complete already (a finished game is refused before)
        claimed = bits & sure
        if claimed:
            refuted.append((line, claims[claimed & -claimed]))
        else:
            open_lines.append((bits, line))
    tried = 0
    for inverse_cols in _partial_matchings(even):
        held = all_claims & ~sum(bit((a, lowest[a] + 1)) | bit((c, lowest[c] + 1)) for a, c in inverse_cols)
        lows = [(Rule("lowinverse", ((a, lowest[a]), (c, lowest[c]), (a, lowest[a] + 1), (c, lowest[c] + 1))),
                 bit((a, lowest[a])) | bit((c, lowest[c])), bit((a, lowest[a] + 1)) | bit((c, lowest[c] + 1)))
                for a, c in inverse_cols]
        for base_cols in _matchings(odd):
            tried += 1
            if tried > MAX_CHOICES:
                return None
            bases = [(Rule("baseinverse", ((a, lowest[a]), (c, lowest[c]))), bit((a, lowest[a])) | bit((c, lowest[c])))
                     for a, c in base_cols]
            found = []
            for bits, line in open_lines:
                claimed = bits & held
                if claimed:
                    found.append((line, claims[claimed & -claimed]))
                    continue
                hit = next((rule for rule, pair in bases if bits & pair == pair), None)
                if hit is None:
                    hit = next((rule for rule, p1, p2 in lows if bits & p1 == p1 or bits & p2 == p2), None)
                if hit is None:
                    break
                found.append((line, hit))
            else:
                taken = {cell for rule, _, _ in lows for cell in rule.cells}
                evens = sorted((r for r in claims.values() if r.cells[0] not in taken),
                               key=lambda r: (r.cells[0][1], r.cells[0][0]))
                return (evens + [r for r, _ in bases] + [r for r, _, _ in lows]), refuted + found
    return None


def _check(game: object) -> ConnectGame:
    if not isinstance(game, ConnectGame):
        raise TypeError(tr("prove: expected a 5 en raya / Connect Four game, got {kind}", kind=type(game).__name__))
    if game.popout:
        raise ValueError(tr("prove: the rules prove games without PopOut only (a pop breaks every pair)"))
    if game.is_over():
        raise ValueError(tr("prove: the game is over"))
    return game


def prove(game: ConnectGame) -> Proof | None:
    """A proof that one side holds at least a draw in ``game``, or None when these rules find none.

    The side not to move is tried first (its strategy starts at once), then the side to move (after
    each of its drops, centre first).  A proof is exact: the defender's strategy of :class:`Proof`
    never lets the other side complete a line.  None says nothing about the position.  PopOut games and
    finished games are refused (ValueError), anything but a game too (TypeError).
    """
    _check(game)
    g = _geometry(game.variant)
    b = g.b
    cur, mask, _ = b.from_game(game)
    me = game.to_move
    found = _pairing(g, cur ^ mask, mask)
    if found is not None:
        return Proof(1 - me, False, None, tuple(found[0]), tuple(found[1]))
    wins = b.win(cur, b.board & ~mask)
    for i in b.order:
        drop = (mask + b.bottom) & b.col_masks[i]
        if not drop or drop & wins:
            continue                      # a full column; a winning drop needs no proof of a draw
        after = mask | drop
        move = str(i + 1)
        if after & b.playable == b.playable:
            return Proof(me, True, move, (), ())      # the last cell: a draw
        found = _pairing(g, cur | drop, after)
        if found is not None:
            return Proof(me, True, move, tuple(found[0]), tuple(found[1]))
    return None


def leaf_for(variant: Variant):
    """``holds(cur, mask) -> bool`` on the solver's bitboards (``cur``: the discs of the player to move,
    ``mask``: all discs, side discs included): True when the pairing proves that the player *not* to move
    holds at least a draw, so the player to move scores at most 0 — a leaf bound for
    :class:`gamekit.connect.solver.Solver` (``leaf=``)."""
    if not isinstance(variant, Variant):
        raise TypeError(tr("leaf_for: expected a Variant, got {kind}", kind=type(variant).__name__))
    g = _geometry(variant)

    def holds(cur: int, mask: int) -> bool:
        return _pairing(g, cur ^ mask, mask) is not None

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
        parts.append(ntr("{colour} holds the draw: {other} can still make {n} line, and {colour} spoils it.",
                         "{colour} holds the draw: {other} can still make {n} lines, and {colour} spoils every one.",
                         lines, colour=me, other=them))
        parts.append(tr("Whenever {other} drops a disc, {colour} answers on top of it in the same column "
                        "(claimeven), so {colour} gets every second empty cell of each column.",
                        other=them, colour=me))
        pairs = used["baseinverse"] + used["lowinverse"]
        if pairs:
            parts.append(ntr("That spoils all of {other}'s lines but {n}.",
                             "That spoils all of {other}'s lines but {n}.", pairs, other=them))
        elif lines:
            parts.append(tr("Every line of {other}'s needs one of those cells, so {other} cannot finish any.", other=them))
        for rule in proof.rules:
            if rule.kind == "baseinverse":
                parts.append(tr("{where1} and {where2} can both be played now: if {other} takes one, {colour} takes "
                                "the other (baseinverse).", where1=_where(game, rule.cells[0]),
                                where2=_where(game, rule.cells[1]), other=them, colour=me))
            elif rule.kind == "lowinverse":
                parts.append(tr("{where1} and {where2} are the lowest empty cells of their columns: if {other} takes "
                                "one, {colour} takes the other, and the same with the two cells just above them "
                                "(lowinverse).", where1=_where(game, rule.cells[0]),
                                where2=_where(game, rule.cells[1]), other=them, colour=me))
        if pairs:
            parts.append(ntr("The last line needs both cells of one of those pairs, so {other} cannot finish it.",
                             "Each of the last {n} lines needs both cells of one of those pairs, so {other} cannot "
                             "finish them.", pairs, other=them))
        return " ".join(part[:1].upper() + part[1:] for part in parts)
