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
from gamekit.i18n import N_, ntr, number, percent, tr

GAME_IDS = ("dots_and_boxes", "five_in_a_row", "connect_four", "shut_the_box")
"""The games with a puzzle bank."""

GAME_NAMES = {"dots_and_boxes": N_("Dots and Boxes"), "five_in_a_row": N_("5 en raya"),
              "connect_four": N_("Connect Four"), "shut_the_box": N_("Shut the Box")}

# theme keys per game, with their names (translated where they are shown: ``theme_name``)
DOTS_THEMES = {
    "take_box": N_("take a box"),
    "avoid_third_side": N_("avoid a third side"),
    "safe_line": N_("pick a safe line"),
    "hard_hearted_handout": N_("hard-hearted handout"),
    "double_deal": N_("double-deal"),
    "all_but_four": N_("all-but-four in a loop"),
    "long_chain_count": N_("steer the long-chain count"),
    "control_not_worth_it": N_("when control is not worth it"),
    "sacrifice": N_("sacrifice to change the count"),
}
CONNECT_THEMES = {
    "win_now": N_("win now"),
    "block": N_("block"),
    "double_threat": N_("double threat"),
    "odd_even_threat": N_("odd/even threat"),
    "zugzwang": N_("zugzwang"),
    "side_column": N_("side-column disc"),
}
SHUTBOX_THEMES = {
    "sets_for_roll": N_("sets for the roll"),
    "best_set": N_("best set"),
    "one_die_or_two": N_("one die or two"),
    "habit_trap": N_("when the rule of thumb fails"),
}
THEME_HINTS = {
    "take_box": N_("Before you draw, count what each line gives you now and what it leaves your opponent."),
    "avoid_third_side": N_("Look at each line: does it draw the third side of a box?"),
    "safe_line": N_("Several lines look safe: compare what each one leaves for later."),
    "hard_hearted_handout": N_("You have to give boxes away: which way of giving them leaves your opponent no choice?"),
    "double_deal": N_("Boxes are on offer. Before you take them all, ask who has to move after that."),
    "all_but_four": N_("A loop is open. Before you take every box, ask who has to open the next chain after that."),
    "long_chain_count": N_("Count the long chains each line leaves: who will have to open the first one?"),
    "control_not_worth_it": N_("Keeping control has a price: compare the boxes you give up now with those you get later."),
    "sacrifice": N_("Giving boxes now can change who opens the long chains later: count what each line leads to."),
    "win_now": N_("Look at your own lines first: is one of them nearly finished?"),
    "block": N_("What does your opponent threaten to do with the next drop?"),
    "double_threat": N_("One threat can be blocked. Can one drop make two at once?"),
    "odd_even_threat": N_("Look at the rows of the threats: odd or even, and who will have to fill the cell below?"),
    "zugzwang": N_("Count the empty cells: who will run out of harmless drops first?"),
    "side_column": N_("Look at the outer columns too: which lines can a disc there help finish?"),
    "sets_for_roll": N_("First list every set of open tiles that adds up to the roll."),
    "best_set": N_("Compare what each set leaves: which leftover tiles are easiest to cover with the next roll?"),
    "one_die_or_two": N_("Count the totals one die can make and those two dice can make: which do your open tiles need?"),
    "habit_trap": N_("Covering the biggest tile you can is not always best: compare what each set leaves for the next roll."),
}
"""An idea for each theme, in a pupil's words: what to look at, never the answer (the first Hint)."""

ONE_DIE_WORDS = {
    "after_789": N_("Rule: once 7, 8 and 9 are covered, you may roll one die."),
    "under_six": N_("Rule: once the open tiles add up to less than 6, you may roll one die."),
    "six_or_less": N_("Rule: once the open tiles add up to 6 or less, you must roll one die."),
    "never": N_("Rule: you always roll two dice."),
}
"""The one-die rule of a Shut the Box puzzle, as its question states it (the bank mixes the rules)."""

THEMES: dict[str, dict[str, str]] = {
    "dots_and_boxes": DOTS_THEMES,
    "five_in_a_row": CONNECT_THEMES,
    "connect_four": {k: v for k, v in CONNECT_THEMES.items() if k != "side_column"},
    "shut_the_box": SHUTBOX_THEMES,
}
"""Every theme a game's puzzles can carry: ``{game id: {theme key: English name}}``."""

BANDS = ((N_("easy"), 1300.0), (N_("medium"), 1600.0), (N_("hard"), float("inf")))
"""Difficulty bands by puzzle rating: below 1300 easy, below 1600 medium, else hard."""

COLOURS = (N_("red"), N_("yellow"))
WEEKDAYS = (N_("Monday"), N_("Tuesday"), N_("Wednesday"), N_("Thursday"), N_("Friday"), N_("Saturday"), N_("Sunday"))
SEATS_DOTS = (N_("gold"), N_("coral"))
MONTHS = (N_("January"), N_("February"), N_("March"), N_("April"), N_("May"), N_("June"), N_("July"),
          N_("August"), N_("September"), N_("October"), N_("November"), N_("December"))


def day_words(day: Any) -> str:
    """A date as a pupil reads it: ``"Tuesday 1 December"`` / ``"martes 1 de diciembre"`` (no year: the
    games a pupil reviews are recent).  Not a date: TypeError."""
    from datetime import date
    if not isinstance(day, date):
        raise TypeError(tr("day={day!r}: a date", day=day))
    return tr("{weekday} {day} {month}", weekday=tr(WEEKDAYS[day.weekday()]), day=day.day,
              month=tr(MONTHS[day.month - 1]))


def check_game_id(game_id: Any) -> str:
    """``game_id`` if it is one of :data:`GAME_IDS`, else ValueError naming the choices."""
    if not isinstance(game_id, str) or game_id not in GAME_IDS:
        raise ValueError(tr("{game_id!r}: no puzzle bank for this game — choose one of {items}",
                            game_id=game_id, items=", ".join(GAME_IDS)))
    return game_id


def check_theme(game_id: str, theme: Any) -> str:
    """``theme`` if the game's puzzles can carry it, else ValueError naming the game's themes."""
    themes = THEMES[check_game_id(game_id)]
    if not isinstance(theme, str) or theme not in themes:
        raise ValueError(tr("{theme!r}: not a theme of {game} puzzles — choose one of {items}",
                            theme=theme, game=tr(GAME_NAMES[game_id]), items=", ".join(themes)))
    return theme


def theme_hint(game_id: str, theme: str) -> str:
    """A theme's idea as a hint (:data:`THEME_HINTS`) in the current language: what to look at, not the answer."""
    return tr(THEME_HINTS[check_theme(game_id, theme)])


def theme_name(game_id: str, theme: str) -> str:
    """A theme's name in the current language."""
    return tr(THEMES[check_game_id(game_id)][check_theme(game_id, theme)])


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


def key_action(key: str) -> Any:
    """The canonical action of :func:`action_key` (inverse)."""
    if key.startswith("roll "):
        return ("roll", int(key[5:]))
    for kind in ("cover ", "uncover "):
        if key.startswith(kind):
            return (kind.strip(), tuple(int(t) for t in key[len(kind):].split("+")))
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


def judge_again(puzzle: "Puzzle", values: dict, best: Any, *, judge: str, best_fact: str = "best",
                ref_value: str = "value", read: Callable[[Any], Any] = lambda v: v,
                close: Callable[[Any], bool] | None = None) -> list[str]:
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
        said = None if ref is None else stored(ref.get(ref_value))
        if said != value:
            problems.append(f"{puzzle.id}: {action_key(action)} is worth {value}, the puzzle says {said}")
        elif close is not None and close(value):
            problems.append(f"{puzzle.id}: {action_key(action)} is too close to the best ({value} v {best})")
    return problems


def move_words(game_id: str, action: Any) -> str:
    """An action in the pupil's words: ``"a1-b1"``, ``"column 4"``, ``"cover 5 + 3"``, ``"roll one die"``."""
    if game_id == "dots_and_boxes":
        return str(action)
    if game_id in ("five_in_a_row", "connect_four"):
        return tr("column {n}", n=action)
    kind, arg = action
    if kind == "roll":
        return tr("roll one die") if arg == 1 else tr("roll two dice")
    return tr("cover {tiles}", tiles=" + ".join(map(str, arg)))


SHOWN_MOVES = 4
"""How many moves of a refutation the short feedback shows before "…"."""


def short_line_words(game_id: str, line: list, shown: int = SHOWN_MOVES) -> str:
    """The first ``shown`` moves of a line in words, then ", …" when there are more."""
    text = line_words(game_id, line[:shown])
    return text + ", …" if len(line) > shown else text


def line_words(game_id: str, line: list) -> str:
    """A line of best play ``[[seat, action], ...]`` as ``"coral b2-c2, gold a1-a2"`` / ``"yellow 5, red 4"``."""
    names = SEATS_DOTS if game_id == "dots_and_boxes" else COLOURS
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
        if self._position is None:
            self._position = load(self.position_data)
        return self._position.copy()

    @property
    def band(self) -> str:
        """``"easy"``, ``"medium"`` or ``"hard"`` (from :attr:`rating`)."""
        return band(self.rating)

    @property
    def to_move(self) -> int:
        return self.position.to_move

    @property
    def question_key(self) -> tuple:
        """What makes the question: two puzzles with the same key ask the same thing with the same answers.  For
        Shut the Box the rule, goal, kind, open tiles and roll (the shipped bank holds a few such twins under
        different ids); for the board games the id (the position itself)."""
        f = self.facts
        if self.game_id == "shut_the_box":
            return (self.game_id, f["one_die"], f["objective"], f["kind"], tuple(f["open"]), f["roll"])
        return (self.game_id, self.id)

    def legal_answers(self) -> list:
        """Every legal action of the position (the ones a pupil can give), canonical."""
        return self.position.legal_moves()

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
            return tr("Your game on {when}: you played {move} here. Find the better move.", when=when,
                      move=move_words(self.game_id, mine.get("move"))) + " " + self._prompt()
        return self._prompt()

    def _prompt(self) -> str:
        f = self.facts
        if self.game_id == "dots_and_boxes":
            who = tr(SEATS_DOTS[self.to_move])
            return tr("{seat} to move on {width}×{height}. Find the line that keeps the best result.",
                      seat=who.capitalize(), width=f["width"], height=f["height"])
        if self.game_id in ("five_in_a_row", "connect_four"):
            who = tr(COLOURS[self.to_move])       # the sentence, not the colour, starts with a capital
            if f["best"] > 0:
                text = tr("{colour} to move. Find the drop that wins.", colour=who)
            elif f["best"] == 0:
                text = tr("{colour} to move. Find the drop that keeps the draw.", colour=who)
            else:
                text = tr("{colour} to move. Every drop loses against best play: find the one that holds out longest.", colour=who)
            return text[:1].upper() + text[1:]
        return tr(ONE_DIE_WORDS[f["one_die"]]) + " " + self._shut_question()

    def _shut_question(self) -> str:
        f = self.facts
        tiles = ", ".join(map(str, f["open"]))
        low = f["objective"] == "score"          # a score is best low, a chance high: each its own words
        if f["kind"] == "dice":
            return (tr("Tiles open: {tiles}. One die or two? Choose the roll that gives the lowest expected score.", tiles=tiles)
                    if low else tr("Tiles open: {tiles}. One die or two? Choose the roll that gives the best chance to shut the box.", tiles=tiles))
        return (tr("Tiles open: {tiles}; you rolled {total}. Which tiles do you cover for the lowest expected score?", tiles=tiles, total=f["roll"])
                if low else tr("Tiles open: {tiles}; you rolled {total}. Which tiles do you cover for the best chance to shut the box?", tiles=tiles, total=f["roll"]))

    def check(self, answer: Any) -> tuple[bool, str]:
        """``(True, why)`` for an accepted answer, ``(False, refutation)`` for any other legal answer.

        An illegal or malformed answer raises :class:`gamekit.IllegalMoveError` (nothing changes)."""
        action = self.canonical(answer)
        key = action_key(action)
        if action in self.answers:
            return True, self._right(action)
        ref = self.refutations.get(key)
        if ref is None:       # cannot happen for a verified puzzle: every legal action is either
            raise IllegalMoveError(tr("{answer!r}: this puzzle has no verdict on it", answer=answer))
        return False, self._wrong(action, ref)

    def _right(self, action: Any) -> str:
        f, words = self.facts, move_words(self.game_id, action)
        if self.game_id == "dots_and_boxes":
            return tr("Right: {move} keeps the best result — {result}.", move=words, result=_dots_result(f["best"]))
        if self.game_id in ("five_in_a_row", "connect_four"):
            return tr("Right: {move} — {result}.", move=words, result=_connect_result(f["best"], self.to_move))
        return tr("Right: {move} gives the best {goal}: {value}.", move=words, goal=_goal_words(f["objective"]),
                  value=_shut_value(f["objective"], f["best"]))

    def _wrong(self, action: Any, ref: dict) -> str:
        """Short sentences a 12-year-old reads at a glance: the first :data:`SHOWN_MOVES` moves of the
        refutation (then "…"; :meth:`whole_line` gives all of it), then what the mistake costs."""
        f, words = self.facts, move_words(self.game_id, action)
        if self.game_id == "dots_and_boxes":
            loss = own_box_loss(f["best"], ref["value"])
            text = tr("Not the best: after {move}, best play goes {line}.", move=words,
                      line=short_line_words(self.game_id, ref["line"])) if ref["line"] else \
                tr("Not the best: {move}.", move=words)
            return text.replace("….", "…") + " " + ntr("That costs you {n} box.", "That costs you {n} boxes.", loss)
        if self.game_id in ("five_in_a_row", "connect_four"):
            text = tr("Not the best: after {move}, best play goes {line}", move=words,
                      line=short_line_words(self.game_id, ref["line"])) if ref["line"] else \
                tr("Not the best: after {move}", move=words)
            return (text + ".").replace("….", "…") + " " + _connect_then(ref["value"], self.to_move) + " " + _connect_best(f["best"])
        objective = f["objective"]
        if f["kind"] == "dice":
            text = tr("Not the best: after you {move}, your {goal} is {value}.", move=words,
                      goal=_goal_words(objective), value=_shut_value(objective, ref["value"]))
        else:
            text = tr("Not the best: covering {tiles} leaves {left} open.", tiles=" + ".join(map(str, action[1])),
                      left=", ".join(map(str, ref["left"])) or tr("no tile")) + " " + \
                tr("Your {goal} from there: {value}.", goal=_goal_words(objective),
                   value=_shut_value(objective, ref["value"]))
        return text + " " + tr("The best choice gives {value}.", value=_shut_value(objective, f["best"]))

    def whole_line(self, answer: Any) -> str:
        """The whole refutation of a wrong ``answer`` in words (``""`` for an accepted one, for Shut the Box
        and when there is no line): what a "Show the whole line" button shows under the short feedback.
        An illegal answer raises :class:`gamekit.IllegalMoveError` like :meth:`check`."""
        action = self.canonical(answer)
        if action in self.answers or self.game_id == "shut_the_box":
            return ""
        line = (self.refutations.get(action_key(action)) or {}).get("line") or []
        if not line:
            return ""
        return tr("The whole line: {move}, then {line}.", move=move_words(self.game_id, action),
                  line=line_words(self.game_id, line))

    # ----- saving -----------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "game": self.game_id, "position": self.position_data,
                "answers": [action_key(a) for a in self.answers], "themes": list(self.themes),
                "rating": self.rating, "rd": self.rd, "refutations": self.refutations, "facts": self.facts}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> "Puzzle":
        return cls(d["id"], d["game"], d["position"], tuple(key_action(a) for a in d["answers"]),
                   tuple(d["themes"]), float(d["rating"]), float(d.get("rd", 250.0)),
                   d.get("refutations", {}), d.get("facts", {}))

    def __repr__(self) -> str:
        return (f"Puzzle({self.id!r}, {self.game_id}, answers={[action_key(a) for a in self.answers]}, "
                f"themes={list(self.themes)}, rating={self.rating:.0f})")


# ----- words shared by the games ---------------------------------------------------------
def own_box_loss(best: int, value: int) -> int:
    """How many of their own boxes a Dots and Boxes mover loses by playing a line worth ``value`` instead of
    one worth ``best``.  Both are margins on the boxes still to be taken (mine minus theirs), and those boxes
    are shared out whatever happens: each box I do not get, my opponent gets, so the margin moves by two per
    box and my own loss is half the change (always a whole number: a margin has the parity of the boxes left)."""
    gap = best - value
    if gap % 2:
        raise ValueError(tr("margins {best} and {value}: their difference must be even (the same boxes are left)",
                            best=best, value=value))
    return gap // 2


def _dots_result(value: int) -> str:
    if value > 0:
        return ntr("from here you take {n} box more than your opponent", "from here you take {n} boxes more than your opponent", value)
    if value < 0:
        return ntr("from here your opponent takes {n} box more than you", "from here your opponent takes {n} boxes more than you", -value)
    return tr("from here you and your opponent take as many boxes")


def _connect_result(score: int, mover: int) -> str:
    me, them = tr(COLOURS[mover]), tr(COLOURS[1 - mover])
    if score > 0:
        return tr("{colour} wins with best play", colour=me)
    if score < 0:
        return tr("{colour} wins with best play", colour=them)
    return tr("a draw with best play")


def _connect_then(score: int, mover: int) -> str:
    if score == 0:
        return tr("Then it is a draw.")
    return tr("Then {colour} wins.", colour=tr(COLOURS[mover if score > 0 else 1 - mover]))


def _connect_best(best: int) -> str:
    if best > 0:
        return tr("The best drop wins.")
    if best == 0:
        return tr("The best drop keeps the draw.")
    return tr("The best drop holds out longer.")


def _goal_words(objective: str) -> str:
    return tr("chance to shut the box") if objective == "shut" else tr("expected score")


def _shut_value(objective: str, value: float) -> str:
    return percent(value, 1) if objective == "shut" else number(value, 2)
