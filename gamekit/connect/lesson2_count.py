"""Lesson 2's worked count of a forced reply, played out turn by turn with made-up numbers and no board (so it
gives away no exercise's answer): safe cells first, then the owner of a threat drops into the ✗ cell under it and
the other player must block on top.  The table on the page and the sentence under it come from :func:`forced_pair`."""

from __future__ import annotations

from dataclasses import dataclass

from gamekit.display import Table
from gamekit.i18n import tr

YOU, OPPONENT = "you", "opponent"


@dataclass(frozen=True)
class Step:
    """One disc of the worked count: its number, who drops it, and into which cell (``"safe"``, ``"cross"`` for the
    ✗ cell under the opponent's threat, ``"block"`` for the forced reply on top of it)."""

    turn: int
    player: str
    cell: str


def forced_pair(safe: int = 3) -> list[Step]:
    """``safe`` safe cells are left and it is your turn; only your opponent has a threat, with a ✗ cell under it.
    The players fill the safe cells in turn; when the safe cells are gone and it is the opponent's turn, the
    opponent drops into their own ✗ cell (safe for its owner) and you must block on top: the forced reply.  Ends
    with the player to move after the pair as a step of its own (cell ``"next"``)."""
    if safe < 1:
        raise ValueError(tr("the worked count needs at least one safe cell"))
    steps, mover = [], YOU
    for n in range(1, safe + 1):
        steps.append(Step(n, mover, "safe"))
        mover = OPPONENT if mover == YOU else YOU
    if mover == OPPONENT:
        steps += [Step(safe + 1, OPPONENT, "cross"), Step(safe + 2, YOU, "block")]
    steps.append(Step(len(steps) + 1, OPPONENT if steps[-1].player == YOU else YOU, "next"))
    return steps


def _who(player: str) -> str:
    return tr("you") if player == YOU else tr("your opponent")


def _where(step: Step, safe_index: int) -> str:
    return {
        "safe": tr("safe cell {n}", n=safe_index),
        "cross": tr("the ✗ cell under their own threat"),
        "block": tr("on top of it, to block the threat: the forced reply"),
        "next": tr("to move again"),
    }[step.cell]


def worked_count(safe: int = 3) -> Table:
    """The worked count under lesson 2's "How to count": one row a disc, made-up numbers, no board."""
    rows, k = [], 0
    for step in forced_pair(safe):
        k += step.cell == "safe"
        rows.append([str(step.turn) if step.cell != "next" else "", _who(step.player), _where(step, k)])
    return Table(
        [tr("disc"), tr("who"), tr("where")],
        rows,
        caption=tr(
            "A worked count: {n} safe cells left, your turn, and your opponent has a ✗ cell under a threat",
            n=safe,
        ),
    )
