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
:data:`gamekit.connect.pairing.MAX_NODES` choices (beyond that: no answer).

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

**highinverse** (Allis) — the lowest three empty cells ``a1, a2, a3`` and ``b1, b2, b3`` (bottom up) of two
columns that each hold an odd number of empty cells, at least 3; the cells above ``a3`` and ``b3`` are claimeven
pairs as usual.  The attacker enters one of the two columns first, at its lowest cell, say ``a1``: the defender
drops on top, at ``a2``.  Now ``a3`` and ``b1`` are both playable and only these two moves touch them: if the
attacker takes one, the defender takes the other (a baseinverse).  ``b2`` becomes playable only once ``b1`` is
filled, and whenever the attacker takes it the defender drops on top, at ``b3`` (a claimeven).  So the defender
gets the middle cell of the first column, the upper cell of the second and one of ``a3, b1``, and with them one
cell of each of Allis' six pairs: ``a3, b3`` (the upper cells); ``a2, b2`` (the middle cells); ``a2, a3`` and
``b2, b3`` (each column's two upper cells); ``a1, b3`` and ``b1, a3`` (a lower cell and the other column's upper
cell — Allis asks that lower cell to be playable, as it is here, at the base).  Every answer stays inside the six
cells and is playable at once, and the rule is answered inside itself like a mirror of three rows, so it
combines with the rest in the same way; its answer to a lower cell depends on whether the other lower cell was
taken before (:meth:`Proof.reply`'s ``taken``).  Where the lower cells are not at the base, the cells under them
belong to other pairs and the defender's answers could not always be played at once: that form is not here.
Like the baseclaim it is tried only after the pairings without both have failed, so it only adds proofs.

Because the pairs cover whole columns, a vertical pair appears only under a threat; before and specialbefore, and
the highinverse above a column's base, which trade a pair's cells across the pairing's parity, are not here: when
these rules refute not every line, :func:`prove` answers None.

When the defender is the side to move, :func:`prove` tries each of its drops (centre first) and
proves the position after it.  ``prove(game, side)`` asks for one side only: :func:`prove_columns` asks
both, so a column can be shown a draw (each side holds it) or a win.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

from gamekit.connect.pairing import RULE_KINDS, Cell, Geometry, Rule, geometry_for, pairing, threat_sinks
from gamekit.connect.rules import COLOUR_NAMES, ConnectGame, Variant
from gamekit.i18n import ntr, tr, using

__all__ = [
    "LEAF_NODES",
    "ColumnProof",
    "Proof",
    "leaf_for",
    "proof_reason",
    "prove",
    "prove_columns",
]


@dataclass(frozen=True)
class Proof:
    """A proof that ``defender`` (0 red, 1 yellow) holds at least a draw — and wins, when ``wins``.

    ``to_move``: the defender is the side to move; it first drops into playable column ``move`` and the
    strategy starts after that disc (``move`` is None when the defender is not to move).
    ``rules``: every rule instance of the strategy, claimeven and vertical pairs first (bottom to top, left to
    right), then the baseinverses, lowinverses, mirrors, baseclaims and highinverses, then the threats kept for
    the end, then the
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


def _check(game: object) -> ConnectGame:
    if not isinstance(game, ConnectGame):
        raise TypeError(tr("prove: expected a 5 en raya / Connect Four game, got {kind}", kind=type(game).__name__))
    if game.popout:
        raise ValueError(tr("prove: the rules prove games without PopOut only (a pop breaks every pair)"))
    if game.is_over():
        raise ValueError(tr("prove: the game is over"))
    return game


def _defend(
    g: Geometry, defender_bits: int, mask: int, zugzwang: bool, baseclaim: bool = True, highinverse: bool = True
):
    """The defender's strategy with the attacker to move (see :func:`pairing`): a complete pairing, else one
    that leaves the column of one of the defender's threats to the end; None when neither is found.  All of that
    without baseclaims and highinverses first, then (``baseclaim``, ``highinverse``) with them: they only add
    proofs, and never replace a winning proof (a threat kept for the end) by a drawing one."""
    found = _defend_with(g, defender_bits, mask, zugzwang, False)
    if found is None and (baseclaim or highinverse):
        found = _defend_with(g, defender_bits, mask, zugzwang, baseclaim, highinverse)
    return found


def _defend_with(
    g: Geometry, defender_bits: int, mask: int, zugzwang: bool, baseclaim: bool, highinverse: bool = False
):
    found = pairing(g, defender_bits, mask, aftereven=zugzwang, baseclaim=baseclaim, highinverse=highinverse)
    if found is not None or not zugzwang:
        return found
    threats = threat_sinks(g, defender_bits, mask)
    for sink in threats:
        found = pairing(g, defender_bits, mask, sinks=(sink,), baseclaim=baseclaim, highinverse=highinverse)
        if found is not None:
            return found
    for k, first in enumerate(threats):  # two threats in two columns: the attacker must take one
        for second in threats[k + 1 :]:
            if second[0] != first[0]:
                found = pairing(
                    g, defender_bits, mask, sinks=(first, second), baseclaim=baseclaim, highinverse=highinverse
                )
                if found is not None:
                    return found
    return None


def _side(side: object) -> int | None:
    if side is not None and (isinstance(side, bool) or side not in (0, 1)):
        raise ValueError(tr("prove: side {side!r} is not 0 (red), 1 (yellow) or None (either)", side=side))
    return side


def prove(
    game: ConnectGame,
    side: int | None = None,
    *,
    zugzwang: bool = True,
    baseclaim: bool = True,
    highinverse: bool = True,
) -> Proof | None:
    """A proof that one side holds at least a draw in ``game`` (``Proof.wins``: that it wins), or None when
    these rules find none.

    ``side``: 0 (red) or 1 (yellow) looks for a proof for that side only; None for either — the side not to
    move is tried first (its strategy starts at once), then the side to move (after each of its drops,
    centre first).  ``zugzwang=False`` keeps to the complete pairing (claimeven, baseinverse, lowinverse,
    mirror, baseclaim, highinverse): no aftereven and no threat; ``baseclaim=False`` leaves baseclaims out,
    ``highinverse=False`` highinverses.  A proof is
    exact: the defender's strategy of :class:`Proof` never lets the other side complete a line.  None says
    nothing about the position.  PopOut games and finished games are refused (ValueError), anything but a game
    too (TypeError), a side other than 0, 1 or None too
    (ValueError).
    """
    _check(game)
    side = _side(side)
    g = geometry_for(game.variant)
    b = g.b
    cur, mask, _ = b.from_game(game)
    me = game.to_move
    if side is None or side != me:
        found = _defend(g, cur ^ mask, mask, zugzwang, baseclaim, highinverse)
        if found is not None:
            return Proof(1 - me, False, None, tuple(found[0]), tuple(found[1]), found[2])
        if side is not None:
            return None
    wins = b.win(cur, b.board & ~mask)
    passes = ((False, False), (baseclaim, highinverse)) if baseclaim or highinverse else ((False, False),)
    for with_baseclaim, with_highinverse in passes:  # every drop without baseclaims or highinverses first
        for i in b.order:
            drop = (mask + b.bottom) & b.col_masks[i]
            if not drop or drop & wins:
                continue  # a full column; a winning drop needs no proof of a draw
            after = mask | drop
            move = str(i + 1)
            if after & b.playable == b.playable:
                return Proof(me, True, move, (), ())  # the last cell: a draw
            found = _defend_with(g, cur | drop, after, zugzwang, with_baseclaim, with_highinverse)
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
    game: ConnectGame, moves=None, *, zugzwang: bool = True, baseclaim: bool = True, highinverse: bool = True
) -> dict[str, ColumnProof]:
    """For each drop of ``game`` (or of ``moves``, a subset of them) what :func:`prove` shows about the
    position after it, asked once for each side: a proof for the player who just dropped means that drop is
    at least a draw for them (``low`` 0; a win, ``low`` 1, when the proof wins), a proof for the other side
    that it is at most a draw (``high`` 0; a loss, ``high`` −1, when that proof wins) — both together: a
    draw.  When :func:`prove` shows the other side holds the draw in ``game`` itself, every drop is at most a
    draw (a loss when it wins).  A drop that wins at once is a win, one that fills the grid a draw;
    otherwise the bounds are −1 and 1.  Pops are not judged (PopOut games are refused, as by :func:`prove`).
    ``zugzwang``, ``baseclaim`` and ``highinverse`` as for :func:`prove`."""
    _check(game)
    drops = [m for m in game.legal_moves()]
    if moves is not None:
        moves = list(moves)
        for m in moves:
            if m not in drops:
                raise ValueError(tr("prove_columns: {move!r} is not a drop of this position", move=m))
        drops = moves
    mover = game.to_move
    options = {"zugzwang": zugzwang, "baseclaim": baseclaim, "highinverse": highinverse}
    whole = prove(game, 1 - mover, **options)
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
        mine = prove(after, mover, **options)
        theirs = prove(after, 1 - mover, **options) if ceiling > -1 else None
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
    g = geometry_for(variant)

    def holds(cur: int, mask: int) -> bool:
        defender = cur ^ mask
        # the quick pre-check first (it may miss a proof aftereven would find: a leaf only loses a cut)
        if (
            g.may_hold(defender, mask, True)
            and pairing(g, defender, mask, LEAF_NODES, 2, aftereven=zugzwang) is not None
        ):
            return True
        return zugzwang and any(
            pairing(g, defender, mask, LEAF_NODES, 2, sinks=(sink,)) is not None
            for sink in threat_sinks(g, defender, mask)
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
        pairs = used["baseinverse"] + used["lowinverse"] + used["mirror"] + used["baseclaim"] + used["highinverse"]
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
        for rule in proof.rules:
            if rule.kind == "highinverse":
                parts.append(
                    tr(
                        "Columns {column1} and {column2} work together, three cells each from the bottom "
                        "(highinverse). When {other} first drops into one of them, {colour} drops on top. Then "
                        "the third cell of that column and the lowest empty cell of the other column are a pair: "
                        "if {other} takes one, {colour} takes the other. In the other column, {colour} answers "
                        "on top again.",
                        column1=game.column_number(rule.cells[0][0]),
                        column2=game.column_number(rule.cells[3][0]),
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
