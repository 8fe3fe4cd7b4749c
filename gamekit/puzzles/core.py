"""What a puzzle is: a position, its accepted answers, the refutation of every other answer, themes, a rating.

A :class:`Puzzle` is plain data (JSON-safe through :meth:`Puzzle.to_dict`): the position is stored as the
game's own saved form (``to_dict()``), the answers and refutations as canonical actions.  Everything the
pupil reads is built when it is asked for, in the current language, from the numbers the exact solver
gave when the puzzle was built (and :mod:`gamekit.puzzles.verify` checks them against the solver again).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any, Callable

from gamekit import catalog
from gamekit.core.errors import IllegalMoveError
from gamekit.game import load
from gamekit.i18n import N_, tr


def puzzle_words(game_id: str) -> catalog.PuzzleWords:
    """How the puzzles of ``game_id`` speak (its catalog entry's :class:`gamekit.catalog.PuzzleWords`)."""
    info = catalog.find(game_id)
    if info is None or info.id != game_id or info.puzzle_words is None or not info.puzzles:
        raise ValueError(
            tr(
                "{game_id!r}: no puzzle bank for this game — choose one of {items}",
                game_id=game_id,
                items=", ".join(puzzle_game_ids()),
            )
        )
    return info.puzzle_words


def puzzle_game_ids() -> tuple[str, ...]:
    """Every game of the catalog with puzzles (words and a puzzle module): the shipped banks' games first."""
    return tuple(info.id for info in catalog.games() if info.puzzle_words is not None and info.puzzles)


GAME_IDS = tuple(info.id for info in catalog.shipped_games() if info.puzzle_words is not None and info.puzzles)
"""The games of the shipped puzzle banks: the games shipped with gamekit that have puzzles, in catalog order
(another game of the catalog may have puzzles too: :func:`puzzle_game_ids`)."""

GAME_NAMES = {game_id: puzzle_words(game_id).name for game_id in GAME_IDS}
"""The name of each game with a shipped bank, as the puzzle pages say it (an ``N_()`` id)."""

THEMES: dict[str, dict[str, str]] = {game_id: dict(puzzle_words(game_id).themes) for game_id in GAME_IDS}
"""Every theme the shipped banks' puzzles can carry: ``{game id: {theme key: English name}}`` (each game's
:attr:`gamekit.catalog.PuzzleWords.themes`; a game of the catalog without a shipped bank: :func:`game_themes`)."""

THEME_HINTS = {key: hint for game_id in GAME_IDS for key, hint in puzzle_words(game_id).hints.items()}
"""An idea for each theme of the shipped banks, in a pupil's words: what to look at, never the answer (the first
Hint; each game's :attr:`gamekit.catalog.PuzzleWords.hints`)."""

BANDS = ((N_("easy"), 1300.0), (N_("medium"), 1600.0), (N_("hard"), float("inf")))
"""Difficulty bands by puzzle rating: below 1300 easy, below 1600 medium, else hard."""

WEEKDAYS = (N_("Monday"), N_("Tuesday"), N_("Wednesday"), N_("Thursday"), N_("Friday"), N_("Saturday"), N_("Sunday"))
MONTHS = (
    N_("January"),
    N_("February"),
    N_("March"),
    N_("April"),
    N_("May"),
    N_("June"),
    N_("July"),
    N_("August"),
    N_("September"),
    N_("October"),
    N_("November"),
    N_("December"),
)


def day_words(day: Any) -> str:
    """A date as a pupil reads it: ``"Tuesday 1 December"`` / ``"martes 1 de diciembre"`` (no year: the
    games a pupil reviews are recent).  Not a date: TypeError."""
    from datetime import date

    if not isinstance(day, date):
        raise TypeError(tr("day={day!r}: a date", day=day))
    return tr(
        "{weekday} {day} {month}", weekday=tr(WEEKDAYS[day.weekday()]), day=day.day, month=tr(MONTHS[day.month - 1])
    )


def check_game_id(game_id: Any) -> str:
    """``game_id`` if the game has puzzles (:func:`puzzle_game_ids`), else ValueError naming the choices."""
    puzzle_words(game_id)
    return game_id


def game_themes(game_id: str) -> dict[str, str]:
    """Every theme a game's puzzles can carry: ``{theme key: English name}``."""
    return puzzle_words(game_id).themes


def game_name(game_id: str) -> str:
    """The game's name as the puzzle pages say it, in the current language."""
    return tr(puzzle_words(game_id).name)


def check_theme(game_id: str, theme: Any) -> str:
    """``theme`` if the game's puzzles can carry it, else ValueError naming the game's themes."""
    themes = game_themes(check_game_id(game_id))
    if not isinstance(theme, str) or theme not in themes:
        raise ValueError(
            tr(
                "{theme!r}: not a theme of {game} puzzles — choose one of {items}",
                theme=theme,
                game=game_name(game_id),
                items=", ".join(themes),
            )
        )
    return theme


def theme_hint(game_id: str, theme: str) -> str:
    """A theme's idea as a hint (the game's :attr:`gamekit.catalog.PuzzleWords.hints`) in the current language:
    what to look at, not the answer."""
    return tr(puzzle_words(game_id).hints[check_theme(game_id, theme)])


def theme_name(game_id: str, theme: str) -> str:
    """A theme's name in the current language."""
    return tr(game_themes(game_id)[check_theme(game_id, theme)])


def band(rating: float) -> str:
    """The difficulty band key of a rating: ``"easy"``, ``"medium"`` or ``"hard"`` (see :data:`BANDS`)."""
    for name, top in BANDS:
        if rating < top:
            return name
    return BANDS[-1][0]


def action_key(action: Any) -> str:
    """A canonical action as a short string key: ``"a1-b1"``, ``"4"``, ``"cover 5+3"``, ``"roll 1"``."""
    if isinstance(action, str):
        return action
    kind, arg = action
    if kind == "roll":
        return f"roll {arg}"
    return f"{kind} " + "+".join(str(t) for t in arg)


def sample(rng: Any, items: list, n: int) -> list:
    """``n`` of ``items`` picked by ``rng`` (a ``random.Random``), or all of them when there are no more than ``n``."""
    return items if len(items) <= n else rng.sample(items, n)


def key_action(key: str) -> Any:
    """The canonical action of :func:`action_key` (inverse)."""
    if key.startswith("roll "):
        return ("roll", int(key[5:]))
    for kind in ("cover ", "uncover "):
        if key.startswith(kind):
            return (kind.strip(), tuple(int(t) for t in key[len(kind) :].split("+")))
    return key


def line_of_best_play(game: Any, plies: int, time_limit: float | None = None, ply_budget: float = 3.0) -> list[list]:
    """A line of best play from ``game``: ``[[seat, action], ...]``, at each ply the exact solver's first best
    move (the game's :attr:`gamekit.catalog.Exact.best_move`), stopping where it cannot say within
    ``ply_budget`` seconds for a ply or ``time_limit`` seconds for the whole line (never a guess).  A game with no
    exact analysis: an empty line."""
    info = catalog.of(game)
    if info is None or info.exact is None:
        return []
    g, out = game.copy(), []
    deadline = None if time_limit is None else time.perf_counter() + time_limit
    while not g.is_over() and len(out) < plies:
        left = None if deadline is None else deadline - time.perf_counter()
        if left is not None and left <= 0.01:
            break
        move = info.exact.best_move(g, left, ply_budget)
        if move is None:
            break
        out.append([g.to_move, move])
        g.play(move)
    return out


def judge_again(
    puzzle: "Puzzle",
    values: dict,
    best: Any,
    *,
    judge: str,
    best_fact: str = "best",
    ref_value: str = "value",
    read: Callable[[Any], Any] = lambda v: v,
    close: Callable[[Any], bool] | None = None,
) -> list[str]:
    """What a fresh judgement finds wrong in a puzzle (empty: the puzzle is right).

    Each game's ``verify`` values every answer with its own exact solver or table (``values``, ``best`` the
    best of them) and hands them here.  The accepted answers must be exactly the best ones, the stored best
    (``puzzle.facts[best_fact]``) must be ``best``, and every other answer needs a refutation whose stored
    value (``refutation[ref_value]``) is the fresh one; where ``close`` is given, ``close(value)`` marks an
    answer too near the best to be called wrong.  ``read`` turns stored values into the judge's kind
    (e.g. ``Fraction``); ``judge`` names the judge in the messages ("the solver", "the table").
    """

    def stored(raw: Any) -> Any:
        return None if raw is None else read(raw)

    problems = []
    answers = sorted((a for a, v in values.items() if v == best), key=action_key)
    accepted = sorted(puzzle.answers, key=action_key)
    if accepted != answers:
        problems.append(f"{puzzle.id}: accepted {accepted}, {judge}'s best are {answers}")
    if stored(puzzle.facts.get(best_fact)) != best:
        problems.append(f"{puzzle.id}: best value {puzzle.facts.get(best_fact)}, {judge} says {best}")
    for action, value in values.items():
        if value == best:
            continue
        ref = puzzle.refutations.get(action_key(action))
        worded = None if ref is None else stored(ref.get(ref_value))
        if worded != value:
            problems.append(f"{puzzle.id}: {action_key(action)} is worth {value}, the puzzle says {worded}")
        elif close is not None and close(value):
            problems.append(f"{puzzle.id}: {action_key(action)} is too close to the best ({value} v {best})")
    return problems


def move_words(game_id: str, action: Any) -> str:
    """An action in the pupil's words: ``"a1-b1"``, ``"column 4"``, ``"cover 5 + 3"``, ``"roll one die"``."""
    return puzzle_words(game_id).move_words(action)


SHOWN_MOVES = 4
"""How many moves of a refutation the short feedback shows before "…"."""


def short_line_words(game_id: str, line: list, shown: int = SHOWN_MOVES) -> str:
    """The first ``shown`` moves of a line in words, then ", …" when there are more."""
    text = line_words(game_id, line[:shown])
    return text + ", …" if len(line) > shown else text


def line_words(game_id: str, line: list) -> str:
    """A line of best play ``[[seat, action], ...]`` as ``"coral b2-c2, gold a1-a2"`` / ``"yellow 5, red 4"``."""
    names = puzzle_words(game_id).line_seats
    return ", ".join(f"{tr(names[seat])} {action}" for seat, action in line)


@dataclass
class Puzzle:
    """One puzzle.  ``answers``: every accepted canonical action (the solver's best); ``refutations``:
    for every other legal action, what the exact solver says happens after it; ``facts``: the numbers
    the prompt and feedback are built from (best value, objective, rules…)."""

    id: str
    game_id: str
    position_data: dict
    answers: tuple
    themes: tuple[str, ...]
    rating: float
    rd: float = 250.0
    refutations: dict[str, dict] = field(default_factory=dict)
    facts: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        check_game_id(self.game_id)
        for t in self.themes:
            check_theme(self.game_id, t)
        self._position = None

    # ----- the position -----------------------------------------------------------------
    @property
    def position(self):
        """A fresh game object at the puzzle's position (changing it changes nothing in the puzzle)."""
        return self._loaded().copy()

    def _loaded(self):
        """The game object at the puzzle's position, loaded once and never changed (read it, never play on it)."""
        if self._position is None:
            self._position = load(self.position_data)
        return self._position

    @property
    def band(self) -> str:
        """``"easy"``, ``"medium"`` or ``"hard"`` (from :attr:`rating`)."""
        return band(self.rating)

    @property
    def to_move(self) -> int:
        return self._loaded().to_move

    @property
    def question_key(self) -> tuple:
        """What makes the question: two puzzles with the same key ask the same thing with the same answers.  For
        Shut the Box the rule, goal, kind, open tiles and roll (the shipped bank holds a few such twins under
        different ids); for the board games the id (the position itself)."""
        key = puzzle_words(self.game_id).question_key
        return (self.game_id, self.id) if key is None else (self.game_id, *key(self.facts))

    def legal_answers(self) -> list:
        """Every legal action of the position (the ones a pupil can give), canonical."""
        return self._loaded().legal_moves()

    def canonical(self, answer: Any) -> Any:
        """The canonical form of ``answer`` in this position; IllegalMoveError (naming it) if it is not legal."""
        return self.position.play(answer)

    # ----- words --------------------------------------------------------------------------
    @property
    def personal(self) -> dict[str, Any] | None:
        """For a pupil's own mistake (:mod:`gamekit.puzzles.personal`): ``{"date", "move", "loss"}``; else None."""
        mine = self.facts.get("personal")
        return mine if isinstance(mine, dict) else None

    def prompt(self) -> str:
        """The question, in the current language (a personal puzzle first says which game it is from)."""
        mine = self.personal
        if mine is not None:
            from datetime import date

            try:
                when = day_words(date.fromisoformat(mine["date"]))
            except (KeyError, TypeError, ValueError):
                when = "?"
            return (
                tr(
                    "Your game on {when}: you played {move} here. Find the better move.",
                    when=when,
                    move=move_words(self.game_id, mine.get("move")),
                )
                + " "
                + self._prompt()
            )
        return self._prompt()

    def _prompt(self) -> str:
        # a game's puzzle module may read the question off the position and answers (``question(puzzle)``:
        # 5 en raya / Connect Four say a win at once, a block or a win later); else its words from the facts
        question = getattr(catalog.get(self.game_id).puzzle_module(), "question", None)
        if question is not None and self.personal is None:
            return question(self)
        return puzzle_words(self.game_id).prompt(self.facts, self.to_move)

    def check(self, answer: Any) -> tuple[bool, str]:
        """``(True, why)`` for an accepted answer, ``(False, refutation)`` for any other legal answer.

        An illegal or malformed answer raises :class:`gamekit.IllegalMoveError` (nothing changes)."""
        action = self.canonical(answer)
        key = action_key(action)
        if action in self.answers:
            return True, self._right(action)
        ref = self.refutations.get(key)
        if ref is None:  # cannot happen for a verified puzzle: every legal action is either
            raise IllegalMoveError(tr("{answer!r}: this puzzle has no verdict on it", answer=answer))
        return False, self._wrong(action, ref)

    def _right(self, action: Any) -> str:
        # a game's puzzle module may say what the right move did on this very board (``right_words(puzzle,
        # action)``: a 5 en raya drop that makes five at once); else its words from the facts
        worded = getattr(catalog.get(self.game_id).puzzle_module(), "right_words", None)
        text = worded(self, action) if worded is not None else None
        if text:
            return text
        return puzzle_words(self.game_id).right(self.facts, self.to_move, move_words(self.game_id, action))

    def _wrong(self, action: Any, ref: dict) -> str:
        """Short sentences a 12-year-old reads at a glance: the first :data:`SHOWN_MOVES` moves of the
        refutation (then "…"; :meth:`whole_line` gives all of it), stopping before any move that is an accepted
        answer, then what the mistake costs; a line stopped that way leaves out how far off the end is, which the
        game may then say (``later_words``)."""
        moves = ref.get("line") or []
        accepted = {action_key(a) for a in self.answers}
        # the short line stops before any move that is an accepted answer: it would name the answer
        shown = next((i for i, (_, move) in enumerate(moves) if move in accepted), SHOWN_MOVES)
        line = short_line_words(self.game_id, moves, min(shown, SHOWN_MOVES)) if shown else ""
        text = puzzle_words(self.game_id).wrong(
            self.facts, self.to_move, action, ref, move_words(self.game_id, action), line
        )
        words = self._later(action, moves) if shown < min(len(moves), SHOWN_MOVES) else None
        return f"{text} {words}" if words else text

    def _later(self, action: Any, moves: list) -> str | None:
        """With the short line cut before an accepted answer, the line no longer shows how far off the end is
        ("Then yellow wins." read as at once): a game's puzzle module may say it (``later_words(puzzle, action)``:
        how many more discs it takes); None where it has no words."""
        later = getattr(catalog.get(self.game_id).puzzle_module(), "later_words", None)
        return later(self, action) if later is not None and moves else None

    def _cut(self, moves: list) -> bool:
        """Whether the short line of ``moves`` stops before an accepted answer."""
        accepted = {action_key(a) for a in self.answers}
        shown = next((i for i, (_, move) in enumerate(moves) if move in accepted), SHOWN_MOVES)
        return shown < min(len(moves), SHOWN_MOVES)

    def whole_line(self, answer: Any) -> str:
        """The whole refutation of a wrong ``answer`` in words (``""`` for an accepted one and when there is
        no line, as in a Shut the Box puzzle), ending with what the mistake costs: what a "Show the whole line"
        button shows under the short feedback once the puzzle is solved or its answer shown (the line may name the
        answer).
        An illegal answer raises :class:`gamekit.IllegalMoveError` like :meth:`check`."""
        action = self.canonical(answer)
        if action in self.answers:
            return ""
        line = (self.refutations.get(action_key(action)) or {}).get("line") or []
        if not line:
            return ""
        move = move_words(self.game_id, action)
        text = tr("The whole line: {move}, then {line}.", move=move, line=line_words(self.game_id, line))
        # how it ends: the closing sentences of the short feedback (who wins, what the mistake costs)
        ending = puzzle_words(self.game_id).wrong(
            self.facts, self.to_move, action, self.refutations[action_key(action)], move, ""
        )
        ending = ending.split(". ", 1)[1] if ". " in ending else ""
        text = f"{text} {ending}" if ending else text
        words = self._later(action, line) if self._cut(line) else None  # as the short feedback says it
        return f"{text} {words}" if words else text

    # ----- saving -----------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "game": self.game_id,
            "position": self.position_data,
            "answers": [action_key(a) for a in self.answers],
            "themes": list(self.themes),
            "rating": self.rating,
            "rd": self.rd,
            "refutations": self.refutations,
            "facts": self.facts,
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> "Puzzle":
        return cls(
            d["id"],
            d["game"],
            d["position"],
            tuple(key_action(a) for a in d["answers"]),
            tuple(d["themes"]),
            float(d["rating"]),
            float(d.get("rd", 250.0)),
            d.get("refutations", {}),
            d.get("facts", {}),
        )

    def __repr__(self) -> str:
        return (
            f"Puzzle({self.id!r}, {self.game_id}, answers={[action_key(a) for a in self.answers]}, "
            f"themes={list(self.themes)}, rating={self.rating:.0f})"
        )
