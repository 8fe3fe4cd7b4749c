"""Level-against-level matches and Elo ratings, shared by every game.

A game only needs the contract of :mod:`gamekit.game`: ``to_move`` (the seat whose
action is next), ``is_over()``, ``outcome()`` (an :class:`~gamekit.game.Outcome` once over)
and ``play(action)``.  A player is any object with ``choose(game) -> action``.

Draws count half a win, as in the rated games of the Dots and Boxes rules sheet: a pair's
score is the sum of ``outcome.results`` of the first player's seat.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from itertools import combinations
from statistics import median
from typing import Any, Callable, Protocol

from gamekit.core.outcome import Outcome


class Player(Protocol):
    def choose(self, game: Any) -> Any: ...


class Tally:
    """Wins, draws and losses from one side, a draw counting half a point.

    ``Tally()`` counts on its own; :class:`PairResult` and :class:`gamekit.rooms.ratings.Standing` are
    dataclasses that keep ``wins``, ``draws`` and ``losses`` as fields of their own (in their own order) and
    share the counting here.
    """

    wins: int
    draws: int
    losses: int

    def __init__(self, wins: int = 0, draws: int = 0, losses: int = 0) -> None:
        self.wins, self.draws, self.losses = wins, draws, losses

    def __repr__(self) -> str:
        return f"Tally(wins={self.wins}, draws={self.draws}, losses={self.losses})"

    def add(self, score: float) -> None:
        """Count one game in which this side scored ``score``: 1 a win, 0 a loss, anything between a draw."""
        if score == 1:
            self.wins += 1
        elif score == 0:
            self.losses += 1
        else:
            self.draws += 1

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses

    @property
    def points(self) -> float:
        """Points taken: 1 a win, ½ a draw."""
        return self.wins + 0.5 * self.draws


@dataclass
class PairResult(Tally):
    """Results of ``first`` against ``second``, from ``first``'s side."""

    first: str
    second: str
    wins: int = 0
    draws: int = 0
    losses: int = 0
    endings: dict[str, int] = field(default_factory=dict)
    """How the games ended: termination (e.g. "all boxes taken", "resigned") → count."""

    @property
    def score(self) -> float:
        """Fraction of the points ``first`` took (a draw is half a point)."""
        return self.points / self.games if self.games else 0.0


@dataclass
class TournamentResult:
    pairs: list[PairResult]
    ratings: dict[str, float]
    move_times: dict[str, list[float]] = field(default_factory=dict)

    def table(self) -> str:
        """A plain-text table: one line per pair, then the ratings."""
        lines = [f"{'pair':<24}{'W':>6}{'D':>6}{'L':>6}{'score':>8}"]
        for p in self.pairs:
            lines.append(f"{p.first + ' v ' + p.second:<24}{p.wins:>6}{p.draws:>6}{p.losses:>6}{p.score:>8.1%}")
        lines.append(
            "Elo: " + ", ".join(f"{n} {r:+.0f}" for n, r in sorted(self.ratings.items(), key=lambda kv: -kv[1]))
        )
        for name, times in self.move_times.items():
            if times:
                lines.append(
                    f"{name} move time: median {median(times) * 1000:.1f} ms, max {max(times) * 1000:.1f} ms over "
                    f"{len(times)} moves"
                )
        return "\n".join(lines)


def play_game(
    new_game: Callable[[], Any],
    seats: list[Player],
    move_times: list[list[float]] | None = None,
    max_actions: int = 100_000,
) -> Outcome:
    """Play one game from ``new_game()`` with ``seats[i]`` choosing for seat ``i``.

    Returns the game's :class:`~gamekit.game.Outcome` (``.winner``: the winning seat or ``None``;
    ``.results``: points per seat; ``.termination``: how it ended).  When ``move_times`` is given,
    the thinking time of each of the seat's choices is appended to ``move_times[seat]``.
    """
    game = new_game()
    for _ in range(max_actions):
        if game.is_over():
            return game.outcome()
        seat = game.to_move
        start = time.perf_counter()
        action = seats[seat].choose(game)
        if move_times is not None:
            move_times[seat].append(time.perf_counter() - start)
        game.play(action)
    raise RuntimeError(f"game did not end within {max_actions} actions")


def play_pair(
    new_game: Callable[[], Any],
    first: tuple[str, Player],
    second: tuple[str, Player],
    games: int,
    progress: Any = None,
    move_times: dict[str, list[float]] | None = None,
) -> PairResult:
    """``games`` games between two players, alternating who takes seat 0 (who starts)."""
    result = PairResult(first[0], second[0])
    for i in range(games):
        seats = [first, second] if i % 2 == 0 else [second, first]
        times: list[list[float]] = [[], []]
        outcome = play_game(new_game, [p for _, p in seats], times)
        if move_times is not None:
            for (name, _), t in zip(seats, times):
                move_times.setdefault(name, []).extend(t)
        result.add(outcome.result(0 if i % 2 == 0 else 1))
        how = outcome.termination.value
        result.endings[how] = result.endings.get(how, 0) + 1
        if progress is not None:
            progress.update(1)
    return result


def fit_elo(pairs: list[PairResult], anchor: str | None = None, iterations: int = 2000) -> dict[str, float]:
    """Elo ratings that best explain the results (maximum likelihood, logistic model).

    Ratings are relative: the ``anchor`` player (default: the first one met) is 0.
    A perfect score has no finite maximum-likelihood rating, so every pair gets
    half a draw of prior on each side, which keeps 100 % finite (about +800 over 100 games).
    """
    names: list[str] = []
    for p in pairs:
        for n in (p.first, p.second):
            if n not in names:
                names.append(n)
    anchor = anchor or (names[0] if names else None)
    ratings = {n: 0.0 for n in names}
    scale = 400 / math.log(10)
    for _ in range(iterations):
        grad = {n: 0.0 for n in names}
        for p in pairs:
            points = p.points + 0.5
            n_games = p.games + 1
            expected = n_games / (1 + math.exp((ratings[p.second] - ratings[p.first]) / scale))
            grad[p.first] += points - expected
            grad[p.second] -= points - expected
        step = 8.0
        for n in names:
            ratings[n] += step * grad[n] / max(1, sum(q.games for q in pairs if n in (q.first, q.second)))
        if anchor is not None:
            shift = ratings[anchor]
            for n in names:
                ratings[n] -= shift
    return ratings


def tournament(
    new_game: Callable[[], Any],
    players: dict[str, Callable[[], Player]],
    games_per_pair: int = 20,
    progress: bool = True,
) -> TournamentResult:
    """Every player against every other over ``games_per_pair`` games, alternating starts.

    ``players`` maps a name to a factory (so each pair gets fresh, seeded players).
    Shows a tqdm progress bar unless ``progress`` is False.
    """
    bar = None
    names = list(players)
    total = games_per_pair * len(names) * (len(names) - 1) // 2
    if progress:
        from tqdm.auto import tqdm

        bar = tqdm(total=total, desc="games")
    move_times: dict[str, list[float]] = {}
    pairs = [
        play_pair(new_game, (a, players[a]()), (b, players[b]()), games_per_pair, bar, move_times)
        for a, b in combinations(names, 2)
    ]
    if bar is not None:
        bar.close()
    return TournamentResult(pairs, fit_elo(pairs, anchor=names[0]), move_times)
