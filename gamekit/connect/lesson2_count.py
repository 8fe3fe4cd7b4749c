"""Lesson 2's worked count of a forced reply, played out turn by turn with made-up numbers and no board (so it
gives away no exercise's answer): both players have a threat with a ✗ cell under it; safe cells first, then the
player to move drops into the ✗ cell under their own threat and the other must block on top; the same player is to
move again and must drop under the other's threat, who makes five.  The table on the page and the sentence under
it come from :func:`forced_pair`."""

from __future__ import annotations

from dataclasses import dataclass

from gamekit.display import Table
from gamekit.i18n import tr

YOU, OPPONENT = "you", "opponent"


@dataclass(frozen=True)
class Step:
    """One disc of the worked count: its number, who drops it, and into which cell (``"safe"``, ``"cross"`` for the
    ✗ cell under the dropper's own threat, ``"block"`` for the forced reply on top of it, ``"under"`` for the ✗ cell
    under the other player's threat, ``"five"`` for the disc on top of that, which makes five)."""

    turn: int
    player: str
    cell: str


def _other(player: str) -> str:
    return OPPONENT if player == YOU else YOU


def forced_pair(safe: int = 3) -> list[Step]:
    """``safe`` safe cells are left and it is your turn; each player has a threat with a ✗ cell under it, in
    different columns.  The players fill the safe cells in turn.  The one to move when they are gone drops into
    their own ✗ cell (safe for its owner) and the other must block on top: the forced reply.  The same player is to
    move again, with no cell left but the ✗ cell under the other's threat: they drop there and the other makes
    five on top of it."""
    if safe < 1:
        raise ValueError(tr("the worked count needs at least one safe cell"))
    steps, mover = [], YOU
    for n in range(1, safe + 1):
        steps.append(Step(n, mover, "safe"))
        mover = _other(mover)
    for cell, player in (("cross", mover), ("block", _other(mover)), ("under", mover), ("five", _other(mover))):
        steps.append(Step(len(steps) + 1, player, cell))
    return steps


def _who(player: str) -> str:
    return tr("you") if player == YOU else tr("your opponent")


def _where(step: Step, safe_index: int) -> str:
    if step.cell == "safe":
        return tr("safe cell {n}", n=safe_index)
    if step.cell == "cross":
        return tr("the ✗ cell under your own threat") if step.player == YOU else tr("the ✗ cell under their own threat")
    if step.cell == "under":
        return (
            tr("the ✗ cell under your opponent's threat: no other cell is left")
            if step.player == YOU
            else tr("the ✗ cell under your threat: no other cell is left")
        )
    return {
        "block": tr("on top of it, to block the threat: the forced reply"),
        "five": tr("on top of it: five in a line, and the game is won"),
    }[step.cell]


def worked_count(safe: int = 3) -> Table:
    """The worked count under lesson 2's "How to count": one row a disc, made-up numbers, no board."""
    rows, k = [], 0
    for step in forced_pair(safe):
        k += step.cell == "safe"
        rows.append([str(step.turn), _who(step.player), _where(step, k)])
    return Table(
        [tr("disc"), tr("who"), tr("where")],
        rows,
        caption=tr(
            "A worked count: {n} safe cells left, your turn; your opponent has a ✗ cell under a threat, and so do you",
            n=safe,
        ),
    )
