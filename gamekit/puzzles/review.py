"""Review a finished game: every move the exact solver can judge, marked best / inaccuracy / mistake.

``review(game)`` replays a finished game from the start and asks its exact solver (the game's
:class:`gamekit.catalog.Exact`: Dots and Boxes, 5 en raya, Connect Four) about each position before a move,
within a time budget per move.  Where it answers,
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

from gamekit import catalog
from gamekit.game import load
from gamekit.i18n import N_, ntr, tr

VERDICTS = ("best", "inaccuracy", "mistake", "unjudged")
VERDICT_NAMES = {
    "best": N_("best"),
    "inaccuracy": N_("inaccuracy"),
    "mistake": N_("mistake"),
    "unjudged": N_("unjudged"),
}


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
        if not self.best:
            return tr("move {n}, {move}: {verdict}", n=self.index + 1, move=self.move, verdict=name)
        return tr(
            "move {n}, {move}: {verdict} — it loses {loss} against {best}",
            n=self.index + 1,
            move=self.move,
            verdict=name,
            loss=self.loss,
            best=", ".join(self.best),
        )


def review(game: Any, time_limit: float = 1.0, budget: float | None = None, progress: Any = None) -> list[Judgement]:
    """One :class:`Judgement` per move of a finished game (a game object, or its saved ``to_dict()``) of a catalog
    game with an :attr:`~gamekit.catalog.GameInfo.exact` (its exact solver's answers).

    ``time_limit``: seconds the solver may spend on each position (past it the move is unjudged).
    ``budget``: seconds for the whole review (None: no limit); once spent, the moves left are unjudged.
    ``progress``: None, or called as ``progress(moves_done, moves)`` after each move (a review can take seconds).
    A game whose analysis has a ``review_step`` judges each move with what the moves before it proved (5 en raya:
    bounds on the outcome carried from the proved start), so a move can be judged where its position alone is
    beyond reach.
    A game that is not finished is refused with ValueError (nothing is judged half-way)."""
    if isinstance(game, dict):
        game = load(game)
    if isinstance(time_limit, bool) or not isinstance(time_limit, (int, float)) or not time_limit > 0:
        raise ValueError(tr("time_limit={time_limit!r}: a number of seconds above 0", time_limit=time_limit))
    if budget is not None and (isinstance(budget, bool) or not isinstance(budget, (int, float)) or not budget > 0):
        raise ValueError(tr("budget={budget!r}: a number of seconds above 0 (or None: no limit)", budget=budget))
    info = catalog.of(game)
    if info is None or info.exact is None:
        raise TypeError(
            tr(
                "review: give a finished game the exact solver can judge ({games}), not {kind}",
                games=", ".join(tr(i.title) for i in catalog.games() if i.exact is not None),
                kind=type(game).__name__,
            )
        )
    if not game.is_over():
        n = len(game.history)
        raise ValueError(
            ntr(
                "review: the game is not finished ({n} move played) — review a game once it is over",
                "review: the game is not finished ({n} moves played) — review a game once it is over",
                n,
            )
        )
    if progress is not None and not callable(progress):
        raise TypeError(tr("progress={progress!r}: a function of (moves done, moves), or None", progress=progress))
    deadline = None if budget is None else time.perf_counter() + budget
    analysis = info.exact
    g = analysis.start(game)
    out = []
    known = None  # what the moves before proved about the position (the game's review_step carries it)
    for i, move in enumerate(game.history):
        seat = g.to_move
        limit = time_limit if deadline is None else min(time_limit, deadline - time.perf_counter())
        if analysis.review_step is not None:
            judged, known = analysis.review_step(g, move, limit, known) if limit > 0 else (None, None)
        else:
            values = analysis.move_values(g, limit) if limit > 0 else None
            judged = None
            if values is not None and move in values:
                judged = (values[move], max(values.values()), analysis.best_moves(values))
        if judged is None:
            out.append(Judgement(i, seat, move, "unjudged"))
        else:
            value, top, best = judged
            out.append(Judgement(i, seat, move, analysis.judge(top, value), top - value, tuple(best), value, top))
        if progress is not None:
            progress(i + 1, len(game.history))
        g.play(move)
    return out


def verdict_words(j: Judgement, seat_name: str, move_words: str, game: str) -> str:
    """One move's verdict as a sentence: ``"Coral b2-c2: mistake — it loses 2 boxes against the best line (a1-a2)."``

    ``game``: the catalog id or alias of the game (``"dots"``, ``"five_in_a_row"`` …), whose analysis says why a
    worse move is worse (Dots: the boxes lost; 5 en raya: a worse result, or the same one reached later)."""
    name = tr(VERDICT_NAMES[j.verdict])
    if j.verdict == "best":
        return tr("{seat} {move}: {verdict}.", seat=seat_name, move=move_words, verdict=name)
    if j.verdict == "unjudged":
        return tr(
            "{seat} {move}: {verdict} (beyond the exact solver's reach).", seat=seat_name, move=move_words, verdict=name
        )
    analysis = catalog.get(game).exact
    if analysis is None:
        raise ValueError(tr("{game}: this game has no exact analysis", game=game))
    return analysis.worse(seat_name, move_words, name, j.loss, j.value, j.best_value, ", ".join(j.best))


def judgement_dict(j: Judgement) -> dict[str, Any]:
    """A judgement as JSON-safe data (the room page reads it): the fields, ``best`` as a list, and its words."""
    d = asdict(j)
    d["best"] = list(j.best)
    d["words"] = j.words()
    return d


def summary(judgements: list[Judgement]) -> dict[str, int]:
    """How many moves got each verdict: ``{"best": 12, "inaccuracy": 1, "mistake": 2, "unjudged": 20}``."""
    return {v: sum(1 for j in judgements if j.verdict == v) for v in VERDICTS}
