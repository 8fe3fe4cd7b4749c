"""Review a finished game: every move the exact solver can judge, marked best / inaccuracy / mistake.

``review(game)`` replays a finished Dots and Boxes, 5 en raya or Connect Four game from the start and asks
the exact solver about each position before a move, within a time budget per move.  Where it answers,
the move is judged; where it does not (too many lines or cells left, PopOut), the move is **unjudged** —
never guessed.

* Dots and Boxes: ``loss`` = boxes the move gave up against the best line (the solver's values, boxes
  completed included); 0 → best, 1 → inaccuracy, 2 or more → mistake.
* 5 en raya / Connect Four: ``loss`` = the drop's exact score below the best drop's (Pons' scores: how much
  sooner a win comes, later a loss…); 0 → best; the same outcome (win, draw, loss) but a lower score →
  inaccuracy; a worse outcome (a win thrown into a draw or a loss, a draw into a loss) → mistake.
"""
from __future__ import annotations

import time
from dataclasses import asdict, dataclass
from typing import Any

from gamekit.i18n import N_, ntr, tr

VERDICTS = ("best", "inaccuracy", "mistake", "unjudged")
VERDICT_NAMES = {"best": N_("best"), "inaccuracy": N_("inaccuracy"), "mistake": N_("mistake"),
                 "unjudged": N_("unjudged")}
DOTS_REACH = 26
"""Undrawn lines above which a Dots position is left unjudged without trying (the solver's ~28–30 at best)."""


@dataclass(frozen=True)
class Judgement:
    """One move of a reviewed game: ``index`` (0 = the first move), ``seat`` that made it, ``move``,
    ``verdict`` (one of :data:`VERDICTS`), ``loss`` (None when unjudged), ``best`` (the best moves there)."""

    index: int
    seat: int
    move: str
    verdict: str
    loss: int | None = None
    best: tuple[str, ...] = ()
    value: int | None = None
    best_value: int | None = None

    def words(self) -> str:
        """The judgement in the current language."""
        name = tr(VERDICT_NAMES[self.verdict])
        if self.verdict == "unjudged":
            return tr("move {n}, {move}: unjudged (beyond the exact solver's reach)", n=self.index + 1, move=self.move)
        if self.verdict == "best":
            return tr("move {n}, {move}: best", n=self.index + 1, move=self.move)
        return tr("move {n}, {move}: {verdict} — it loses {loss} against {best}", n=self.index + 1, move=self.move,
                  verdict=name, loss=self.loss, best=", ".join(self.best))


def review(game: Any, time_limit: float = 1.0, budget: float | None = None) -> list[Judgement]:
    """One :class:`Judgement` per move of a finished game (a game object, or its saved ``to_dict()``).

    ``time_limit``: seconds the solver may spend on each position (past it the move is unjudged).
    ``budget``: seconds for the whole review (None: no limit); once spent, the moves left are unjudged.
    A game that is not finished is refused with ValueError (nothing is judged half-way)."""
    from gamekit.connect.rules import ConnectGame
    from gamekit.dots.rules import DotsAndBoxes
    from gamekit.game import load
    if isinstance(game, dict):
        game = load(game)
    if isinstance(time_limit, bool) or not isinstance(time_limit, (int, float)) or not time_limit > 0:
        raise ValueError(tr("time_limit={time_limit!r}: a number of seconds above 0", time_limit=time_limit))
    if budget is not None and (isinstance(budget, bool) or not isinstance(budget, (int, float)) or not budget > 0):
        raise ValueError(tr("budget={budget!r}: a number of seconds above 0 (or None: no limit)", budget=budget))
    if not isinstance(game, (DotsAndBoxes, ConnectGame)):
        raise TypeError(tr("review: give a finished Dots and Boxes, 5 en raya or Connect Four game, not {kind}",
                           kind=type(game).__name__))
    if not game.is_over():
        n = len(game.history)
        raise ValueError(ntr("review: the game is not finished ({n} move played) — review a game once it is over",
                             "review: the game is not finished ({n} moves played) — review a game once it is over", n))
    deadline = None if budget is None else time.perf_counter() + budget
    if isinstance(game, DotsAndBoxes):
        return _review_dots(game, time_limit, deadline)
    return _review_connect(game, time_limit, deadline)


def _left(time_limit: float, deadline: float | None) -> float:
    """The seconds the next position may take: ``time_limit``, less when the whole budget runs out first."""
    return time_limit if deadline is None else min(time_limit, deadline - time.perf_counter())


def _review_dots(game, time_limit: float, deadline: float | None) -> list[Judgement]:
    from gamekit.dots.rules import DotsAndBoxes
    from gamekit.dots.solver import move_values
    from gamekit.core.errors import SolverTimeout
    g = DotsAndBoxes(game.width, game.height, first=game.first, alternate_start=game.alternate_start)
    out = []
    for i, move in enumerate(game.history):
        seat = g.to_move
        values = None
        limit = _left(time_limit, deadline)
        if len(g.undrawn_lines()) <= DOTS_REACH and limit > 0:
            try:
                values = move_values(g, time_limit=limit)
            except SolverTimeout:
                values = None
        if values is None:
            out.append(Judgement(i, seat, move, "unjudged"))
        else:
            top = max(values.values())
            loss = top - values[move]
            verdict = "best" if loss == 0 else "inaccuracy" if loss == 1 else "mistake"
            out.append(Judgement(i, seat, move, verdict, loss, tuple(l for l, v in values.items() if v == top),
                                 values[move], top))
        g.play(move)
    return out


def _review_connect(game, time_limit: float, deadline: float | None) -> list[Judgement]:
    from gamekit.connect.rules import ConnectGame
    from gamekit.connect.solver import analyse
    g = ConnectGame(game.variant, popout=game.popout)
    out = []
    for i, move in enumerate(game.history):
        seat = g.to_move
        scores = None
        limit = _left(time_limit, deadline)
        if not game.popout and limit > 0:
            found = analyse(g, time_budget=limit)
            if all(v is not None for v in found.values()):
                scores = found
        if scores is None or move not in scores:
            out.append(Judgement(i, seat, move, "unjudged"))
        else:
            top = max(scores.values())
            v = scores[move]
            sign = lambda x: (x > 0) - (x < 0)
            verdict = "best" if v == top else "inaccuracy" if sign(v) == sign(top) else "mistake"
            out.append(Judgement(i, seat, move, verdict, top - v, tuple(m for m, s in scores.items() if s == top), v, top))
        g.play(move)
    return out


def verdict_words(j: Judgement, seat_name: str, move_words: str, game_kind: str) -> str:
    """One move's verdict as a sentence: ``"Coral b2-c2: mistake — it loses 2 boxes against the best line (a1-a2)."``

    ``game_kind``: ``"dots"`` (the loss is in boxes) or ``"connect"`` (the loss is a worse result, or the same
    result reached later / lost sooner)."""
    name = tr(VERDICT_NAMES[j.verdict])
    best = ", ".join(j.best)
    if j.verdict == "best":
        return tr("{seat} {move}: {verdict}.", seat=seat_name, move=move_words, verdict=name)
    if j.verdict == "unjudged":
        return tr("{seat} {move}: {verdict} (beyond the exact solver's reach).", seat=seat_name, move=move_words,
                  verdict=name)
    if game_kind == "dots":
        return ntr("{seat} {move}: {verdict} — it loses {n} box against the best line ({best}).",
                   "{seat} {move}: {verdict} — it loses {n} boxes against the best line ({best}).", j.loss,
                   seat=seat_name, move=move_words, verdict=name, best=best)
    sign = lambda x: (x > 0) - (x < 0)
    before, after = sign(j.best_value), sign(j.value)
    if before == after:
        what = tr("the same result, but a worse one: a win comes later or a loss sooner")
    elif before > 0 and after == 0:
        what = tr("it throws a win into a draw")
    elif before > 0:
        what = tr("it throws a win into a loss")
    else:
        what = tr("it throws a draw into a loss")
    return tr("{seat} {move}: {verdict} — {what} (better: {best}).", seat=seat_name, move=move_words, verdict=name,
              what=what, best=best)


def judgement_dict(j: Judgement) -> dict[str, Any]:
    """A judgement as JSON-safe data (the room page reads it): the fields, ``best`` as a list, and its words."""
    d = asdict(j)
    d["best"] = list(j.best)
    d["words"] = j.words()
    return d


def summary(judgements: list[Judgement]) -> dict[str, int]:
    """How many moves got each verdict: ``{"best": 12, "inaccuracy": 1, "mistake": 2, "unjudged": 20}``."""
    return {v: sum(1 for j in judgements if j.verdict == v) for v in VERDICTS}
