"""Homework sets and the teachers' pages: a code names a fixed list of puzzles (the same code, the same puzzles in
the same order), the page of codes with when to set each, the pupil sheets to print and their answer key apart.

::

    from gamekit.puzzles.homework import homework_set, parse_code
    homework_set("dots_and_boxes", theme="double_deal", n=10, seed=7).code   # "dots-double_deal-10-7"
    parse_code("dots-double_deal-10-7")                                     # ("dots_and_boxes", "double_deal", 10, 7)
"""

from __future__ import annotations

import copy
import random
import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Callable, Sequence

from gamekit import catalog
from gamekit.core.saved import is_int
from gamekit.i18n import SOURCE_LANGUAGE, N_, get_language, languages, ntr, tr, using
from gamekit.progress import level
from gamekit.puzzles.core import (
    GAME_IDS,
    Puzzle,
    action_key,
    check_game_id,
    check_theme,
    game_name,
    game_themes,
    puzzle_game_ids,
    puzzle_words,
    theme_name,
)
from gamekit.puzzles.pools import practice_pool
from gamekit.puzzles.store import kept

MAX_SET = 50
"""The most puzzles in a homework set."""


# ---------------------------------------------------------------------------------------
# Homework sets
# ---------------------------------------------------------------------------------------
@dataclass(frozen=True)
class HomeworkSet:
    """A fixed list of puzzles: the same game, theme, size and seed give the same puzzles in the same order."""

    game_id: str
    theme: str | None
    n: int
    seed: int
    puzzles: tuple[Puzzle, ...]

    @property
    def code(self) -> str:
        """The short code a teacher hands out, e.g. ``"dots-double_deal-10-7"``."""
        return set_code(self.game_id, self.theme, self.n, self.seed)

    def __len__(self) -> int:
        return len(self.puzzles)

    def __iter__(self):
        return iter(self.puzzles)

    def __getitem__(self, i):
        return self.puzzles[i]

    @property
    def ids(self) -> list[str]:
        return [p.id for p in self.puzzles]


def _check_set(game_id: Any, theme: Any, n: Any, seed: Any) -> None:
    check_game_id(game_id)
    if theme is not None:
        check_theme(game_id, theme)
    if not is_int(n) or not 1 <= n <= MAX_SET:
        raise ValueError(tr("n={n!r}: a whole number from 1 to {most}", n=n, most=MAX_SET))
    if not is_int(seed) or seed < 0:
        raise ValueError(tr("seed={seed!r}: a whole number ≥ 0", seed=seed))


def game_code(game_id: str) -> str:
    """The game's word in a homework code (its :attr:`gamekit.catalog.GameInfo.homework_code`); a game without
    puzzles: ValueError naming the choices."""
    return catalog.get(check_game_id(game_id)).homework_code


def games_by_code() -> dict[str, str]:
    """``{homework code word: game id}`` of every game of the catalog that has puzzles."""
    return {catalog.get(game_id).homework_code: game_id for game_id in puzzle_game_ids()}


EVERY_IDEA_WORD = N_("every idea")
"""The idea of a homework code of every idea mixed, in a language other than English (:func:`idea_word`)."""


def _code_word(text: str) -> str:
    """``text`` as a word of a homework code: lower-case ASCII letters joined by underscores ("amenaza impar/par":
    ``amenaza_impar_par``; accents dropped)."""
    folded = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode().lower()
    return "_".join(re.findall(r"[a-z]+", folded))


def idea_word(game_id: str, theme: str | None) -> str:
    """The idea's word in a homework code, in the current language: in English the idea's own name as the code
    has always written it (``double_deal``; ``all`` for every idea), in another language the idea's name in that
    language (:func:`_code_word`: ``doble_entrega``, ``todas``), so a Spanish page shows no English word for the
    idea.  :func:`parse_code` reads the words of every language."""
    if get_language() == SOURCE_LANGUAGE:
        return theme or "all"
    return _code_word(tr(EVERY_IDEA_WORD) if theme is None else theme_name(game_id, theme))


def code_words(game_id: str) -> dict[str, str | None]:
    """``{word: theme}`` of every idea word a code of ``game_id`` may hold (:func:`idea_word` in every language
    gamekit speaks; None: every idea)."""
    words: dict[str, str | None] = {}
    for lang in languages():
        with using(lang):
            for theme in (None, *game_themes(game_id)):
                words.setdefault(idea_word(game_id, theme), theme)
    return words


def set_code(game_id: str, theme: str | None, n: int, seed: int) -> str:
    """The code of a homework set: ``game-idea-n-seed`` (``game``: :func:`game_code`; ``idea``: :func:`idea_word`
    in the current language)."""
    _check_set(game_id, theme, n, seed)
    return f"{game_code(game_id)}-{idea_word(game_id, theme)}-{n}-{seed}"


def homework_set(game_id: str, theme: str | None = None, n: int = 10, seed: int = 0) -> HomeworkSet:
    """``n`` puzzles of a game (one theme, or all), chosen by ``seed`` from :func:`practice_pool` (so no question
    comes twice) and ordered from easy to hard; a set of all the ideas takes one puzzle of each idea in turn (the
    game's theme order), so it mixes them; a game's ``mixed_set_pool`` may leave some out (Dots: its idea sets'),
    its ``spread_set`` and ``without_runs`` spread the right columns (5 en raya, Connect Four).
    Refused (ValueError) before anything is chosen: an unknown game or theme, ``n`` not a whole number
    from 1 to :data:`MAX_SET` or more than the puzzles there are, a seed that is not a whole number ≥ 0.

    The choice reads only the shipped bank, so each set is chosen once (the teachers' page, its sheets and key,
    and each Practice that opens a code ask for the same sets); each call returns fresh puzzle objects, as
    :func:`practice_pool` does."""
    _check_set(game_id, theme, n, seed)
    chosen = _chosen_set(game_id, theme, n, seed)
    return HomeworkSet(game_id, theme, n, seed, tuple(copy.copy(p) for p in chosen))


@lru_cache(maxsize=None)
def _chosen_set(game_id: str, theme: str | None, n: int, seed: int) -> tuple[Puzzle, ...]:
    """:func:`homework_set`'s puzzles, in order (its arguments checked there): chosen once a process, and once
    between processes that share a folder for :func:`~gamekit.puzzles.store.kept` (the test suite's workers,
    kernels and servers: a Shut the Box set takes about a second of drawing)."""
    return kept(f"homework set {game_id} {theme} {n} {seed}", lambda: _choose_set(game_id, theme, n, seed))


def _choose_set(game_id: str, theme: str | None, n: int, seed: int) -> tuple[Puzzle, ...]:
    """:func:`_chosen_set`'s choice itself."""
    pool = practice_pool(game_id, theme)
    if n > len(pool):
        raise ValueError(
            ntr(
                "{asked} puzzles asked for, but this idea has only {n} puzzle.",
                "{asked} puzzles asked for, but this idea has only {n} puzzles.",
                len(pool),
                asked=n,
            )
        )
    rng = random.Random(f"{game_id}-{theme}-{n}-{seed}")
    shown = shown_key(game_id)
    if theme is not None:  # a game's puzzle module may choose an idea's set (``idea_set``: Dots' decisions)
        own = getattr(catalog.get(game_id).puzzle_module(), "idea_set", None)
        chosen = own(pool, theme, n, rng) if own is not None else None
        chosen = rng.sample(pool, n) if chosen is None else chosen
        if len({shown(p) for p in chosen}) < n:  # a position twice (Shut the Box: under two rules): swap the twin
            chosen = _without_twins(chosen, rng.sample(pool, len(pool)), shown)
    else:  # every idea in turn, so a mixed set mixes the ideas
        fresh = getattr(catalog.get(game_id).puzzle_module(), "mixed_set_pool", None)
        pool = fresh(pool, n, seed, homework_set, practice_pool) if fresh is not None else pool
        by_theme = ([p for p in pool if t in p.themes] for t in game_themes(game_id))
        queues = [rng.sample(ps, len(ps)) for ps in by_theme if ps]
        chosen, taken = [], set()
        while len(chosen) < n and any(queues):
            for queue in queues:
                while queue and shown(queue[0]) in taken:
                    queue.pop(0)
                if queue and len(chosen) < n:
                    taken.add(shown(queue[0]))
                    chosen.append(queue.pop(0))
    spread = getattr(catalog.get(game_id).puzzle_module(), "spread_set", None)  # 5 en raya: right columns spread
    chosen = spread(chosen, pool, shown) if spread is not None else chosen
    chosen.sort(key=lambda p: (p.rating, p.id))
    ordered = answers_spread(chosen)
    runs = getattr(catalog.get(game_id).puzzle_module(), "without_runs", None)  # 5 en raya: no column twice running
    ordered = runs(ordered, pool, shown) if runs is not None else ordered
    return tuple(ordered)


def shown_key(game_id: str) -> Callable[[Puzzle], Any]:
    """What a pupil sees of a puzzle, for keeping a homework set free of twins: the game's puzzle module's
    ``shown_position`` (Shut the Box: the open tiles and the roll, whatever the one-die rule or goal), else the
    puzzle's :attr:`~gamekit.puzzles.core.Puzzle.question_key`."""
    shown = getattr(catalog.get(game_id).puzzle_module(), "shown_position", None)
    return (lambda p: p.question_key) if shown is None else shown


def _without_twins(chosen: list[Puzzle], order: list[Puzzle], shown: Callable[[Puzzle], Any]) -> list[Puzzle]:
    """``chosen`` with each puzzle whose position an earlier one shows already replaced by the next of ``order``
    (the pool shuffled) that shows a new one.  A set larger than the pool's different positions (Shut the Box's
    whole *best set* pool: the same position under two one-die rules) keeps the twins it cannot replace, after
    the others."""
    ids = {p.id for p in chosen}
    spare = [p for p in order if p.id not in ids]
    out: list[Puzzle] = []
    twins: list[Puzzle] = []
    seen: set = set()
    for p in chosen:
        while shown(p) in seen and spare:
            p = spare.pop(0)
        (twins if shown(p) in seen else out).append(p)
        seen.add(shown(p))
    return out + twins


def answers_spread(puzzles: Sequence[Puzzle]) -> list[Puzzle]:
    """``puzzles`` (sorted from easy to hard) reordered so that within each level puzzles with the same right
    answers are spread out, not bunched: "one die" three times, then "two dice" seven, would teach a pattern,
    not the idea.  Each group of puzzles with the same answers takes evenly spaced places across its level (the
    k-th of m at (k + ½) / m), ties kept in the easy-to-hard order; puzzles whose answers all differ keep their
    order.  A level of two-way questions (:func:`two_way`: one die or two) would then alternate strictly, a
    pattern too: :func:`two_way_order` orders it instead.  Deterministic: the same puzzles, the same
    order."""
    order = {id(p): i for i, p in enumerate(puzzles)}
    by_level: dict[int, dict[tuple[str, ...], list[Puzzle]]] = {}
    for p in puzzles:
        answers = tuple(sorted(action_key(a) for a in p.answers))
        by_level.setdefault(level(p.rating), {}).setdefault(answers, []).append(p)
    spread = []
    for lv in sorted(by_level):
        groups = list(by_level[lv].values())
        if len(groups) == 2 and sum(map(len, groups)) > MAX_ALTERNATION and two_way(groups[0] + groups[1]):
            spread += two_way_order(groups)
            continue
        placed = [((k + 0.5) / len(group), order[id(p)], p) for group in groups for k, p in enumerate(group)]
        spread += [p for _, _, p in sorted(placed, key=lambda t: t[:2])]
    return spread


MAX_ALTERNATION = 3
"""The longest stretch of a homework set's two-way questions (one die or two) in which each answer differs from
the one before: evenly spaced, two answers alternate strictly, and a pupil learns the pattern, not the idea."""
MAX_SAME_RUN = 2
"""The longest run of one answer :func:`two_way_order` aims for (three when the groups are too unequal)."""


def two_way(puzzles: Sequence[Puzzle]) -> bool:
    """Whether every one of ``puzzles`` asks the same question with two possible answers (one die or two)."""
    return len({tuple(action_key(a) for a in p.legal_answers()) for p in puzzles}) == 1 and all(
        len(p.legal_answers()) == 2 for p in puzzles
    )


def _runs(labels: Sequence[int]) -> tuple[int, int]:
    """The longest alternating stretch and the longest run of one label in ``labels``."""
    alt = same = best_alt = best_same = 1
    for a, b in zip(labels, labels[1:]):
        alt, same = (alt + 1, 1) if a != b else (1, same + 1)
        best_alt, best_same = max(best_alt, alt), max(best_same, same)
    return best_alt, best_same


def two_way_order(groups: Sequence[Sequence[Puzzle]]) -> list[Puzzle]:
    """The puzzles of one level whose right answers fall into two groups (each group in its given order), in a
    deterministic but irregular order: no stretch of more than :data:`MAX_ALTERNATION` alternating answers, runs
    of one answer as short as the groups allow (:data:`MAX_SAME_RUN`).  The order is the first of a search
    seeded by the puzzles' ids that keeps both, else the one that breaks them least — the same puzzles, the same
    order."""
    first, second = (list(g) for g in groups)
    labels = [0] * len(first) + [1] * len(second)
    rng = random.Random("-".join(sorted(p.id for p in first + second)))
    best, best_cost = list(labels), None
    for _ in range(2000):
        rng.shuffle(labels)
        alt, same = _runs(labels)
        cost = (max(0, alt - MAX_ALTERNATION), max(0, same - MAX_SAME_RUN), same)
        if best_cost is None or cost < best_cost:
            best, best_cost = list(labels), cost
        if cost[:2] == (0, 0):
            break
    queues = [iter(first), iter(second)]
    return [next(queues[label]) for label in best]


def homework_codes(n: int = 10, seed: int = 1) -> list[tuple[str, str, str, int]]:
    """Every ready homework code a teacher can hand out: ``[(game name, code, idea, puzzles), ...]`` in the
    current language — for each game a code of all its themes, then one per theme, each ``n`` puzzles (fewer
    when a theme has fewer) with this ``seed``.  Each code opens with :meth:`Practice.from_code`."""
    _check_set(GAME_IDS[0], None, n, seed)
    rows = []
    for game_id in GAME_IDS:
        game = game_name(game_id)
        rows.append((game, set_code(game_id, None, n, seed), tr("all ideas, mixed"), n))
        for theme in game_themes(game_id):
            size = min(n, len(practice_pool(game_id, theme)))
            if size == 0:  # an idea Practice does not ask on its own
                continue
            rows.append((game, set_code(game_id, theme, size, seed), theme_name(game_id, theme), size))
    return rows


def theme_lessons(game_id: str, theme: str | None) -> str:
    """The lessons an idea comes from, as the teachers' page lists them (``"1, 2"``; every idea: all the lessons
    its asked ideas come from, and "beyond the lessons" too when one of them is past the lessons and Practice asks it;
    an idea past the lessons says so), from the game's puzzle module's ``THEME_LESSONS``."""
    table = getattr(catalog.get(game_id).puzzle_module(), "THEME_LESSONS", None) or {}
    asked = [t for t in game_themes(game_id) if practice_pool(game_id, t)]  # an idea no Practice asks teaches none
    numbers = sorted({n for t in asked for n in table.get(t, ())}) if theme is None else table.get(theme)
    if numbers is None:
        return "—"
    if not numbers:
        return tr("beyond the lessons")
    numbers = sorted({*numbers, *needed_lessons(game_id, theme)})
    beyond = theme is None and any(table.get(t) == () and practice_pool(game_id, t) for t in game_themes(game_id))
    listed = ", ".join(map(str, numbers))
    return tr("{lessons} and beyond the lessons", lessons=listed) if beyond else listed


def set_idea(game_id: str, theme: str | None, idea: str, puzzles: Sequence[Puzzle]) -> str:
    """The teachers' table's words for a set's ``idea``: what the game's puzzle module's ``set_mix`` says the set
    mixes (Dots' decision ideas: how many ask to take every box, how many to decline), else ``idea``; an idea whose
    Practice pool the set holds whole says there is one set only (every number gives the same puzzles)."""
    mix = getattr(catalog.get(game_id).puzzle_module(), "set_mix", None)
    words = (mix(theme, list(puzzles)) if mix is not None else None) or idea
    if theme is not None and puzzles and len(practice_pool(game_id, theme)) <= len(puzzles):
        return tr("{idea} (one set only: every number gives these puzzles)", idea=words)
    return words


def puzzle_minutes(puzzle: Puzzle) -> int:
    """A rough guide to how long a pupil takes over a puzzle on paper, by its level: 1 minute at levels 1–3,
    2 at levels 4–6, 3 above (a teacher's rule of thumb for planning, not a measurement)."""
    lv = level(puzzle.rating)
    return 1 if lv <= 3 else 2 if lv <= 6 else 3


def set_minutes_words(puzzles: Sequence[Puzzle]) -> str:
    """How long a set takes by :func:`puzzle_minutes`, as the teachers' page says it ("about 15 minutes")."""
    minutes = sum(puzzle_minutes(p) for p in puzzles)
    return ntr("about {n} minute", "about {n} minutes", minutes)


def needed_lessons(game_id: str, theme: str | None) -> list[int]:
    """The lessons the questions of an idea's Practice (``theme``; None: every idea mixed) need beyond what its
    theme says, from the game's puzzle module's ``lesson_needed`` (5 en raya: a *side column* puzzle won only
    by force needs lesson 2's threats): sorted, [] for a game without it."""
    needed = getattr(catalog.get(game_id).puzzle_module(), "lesson_needed", None)
    if needed is None:
        return []
    return sorted({needed(p) for p in practice_pool(game_id, theme)})


def when_to_set(game_id: str, theme: str | None) -> str:
    """When a teacher can set a code: after the lesson that first teaches its idea (every idea: the latest such
    lesson of the ideas it mixes), from the game's ``THEME_LESSONS`` (Dots' *take a box* comes from lessons 1
    and 2: after lesson 1), and the lessons its questions need (:func:`needed_lessons`); after the last lesson
    when an idea is past the lessons."""
    table = getattr(catalog.get(game_id).puzzle_module(), "THEME_LESSONS", None) or {}
    themes = [t for t in game_themes(game_id) if practice_pool(game_id, t)] if theme is None else [theme]
    numbers = [min(table[t]) for t in themes if table.get(t)]
    if not numbers or any(table.get(t) == () for t in themes):
        return tr("after the last lesson")
    numbers += needed_lessons(game_id, theme)
    words = puzzle_words(game_id).after_words or N_("after lesson {n}")
    return tr(words, n=max(numbers))


CODE_RE = re.compile(r"^([a-z]+)-([a-z_]+)-([0-9]{1,3})-([0-9]{1,9})$", re.ASCII)


def example_code(game_id: str) -> str:
    """A code of the game that opens (its first idea with ten puzzles, else all): a refusal's example."""
    return set_code(game_id, next((t for t in game_themes(game_id) if len(practice_pool(game_id, t)) > 9), None), 10, 7)


def parse_code(code: Any, game_id: str | None = None) -> tuple[str, str | None, int, int]:
    """``(game_id, theme, n, seed)`` of a homework code.  A code that is not one is refused with a ValueError a
    pupil can act on: what is wrong (the shape, the game, the theme, the number of puzzles) and what a code
    looks like; text is the only type taken (TypeError).  A code is read as a pupil may type it: in any case
    (FIVE-Block-10-1), with accents (dots-línea_segura_para_la_cuenta-10-1), with stray spaces at its ends or around
    its dashes, with spaces or dashes for the underscores of an idea's name (dots-double-deal-10-7: the idea is
    everything between the game and the two numbers);
    ``game_id``: the page's game (checked).  The refusal of a text that is no code at all shows no example code:
    a code is made of internal names, so the pupil is asked to copy the teacher's code as written."""
    if not isinstance(code, str):
        raise TypeError(tr("code={code!r}: a homework code is text like dots-double_deal-10-7", code=code))
    if game_id is not None:
        check_game_id(game_id)
    text = code.strip()
    # read as typed: accents dropped (línea: linea, as the codes write it), typographic dashes as dashes, spaces
    # around dashes dropped and spaces inside the idea's name read as its underscores
    folded = "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))
    folded = re.sub(r"\s*[-\u2010-\u2015\u2212]\s*", "-", folded).lower()
    parts = re.sub(r"\s+", "_", folded).split("-")
    if len(parts) > 4:  # dashes typed for the underscores of the idea's name
        parts = [parts[0], "_".join(parts[1:-2]), *parts[-2:]]
    m = CODE_RE.match("-".join(parts))
    if m is None:
        raise ValueError(
            tr(
                "“{code}” is not a homework code. Copy the code exactly as your teacher wrote it, dashes and all,"
                " and try again.",
                code=text,
            )
        )
    short, theme, n, seed = m.groups()
    games = games_by_code()
    if short not in games:
        raise ValueError(
            tr("“{code}”: a homework code starts with the game: {items}.", code=text, items=", ".join(games))
        )
    game_id = games[short]
    words = code_words(game_id)
    theme_key = words.get(theme)
    if theme not in words:
        raise ValueError(
            tr(
                "“{code}”: {game} has no puzzle idea “{theme}”. Check the code with your teacher.",
                code=text,
                game=game_name(game_id),
                theme=theme,
            )
        )
    if not 1 <= int(n) <= MAX_SET:
        raise ValueError(
            tr("“{code}”: a homework set has from 1 to {most} puzzles, not {n}.", code=text, most=MAX_SET, n=int(n))
        )
    _check_set(game_id, theme_key, int(n), int(seed))
    return game_id, theme_key, int(n), int(seed)


__all__ = [
    "HomeworkSet",
    "homework_set",
    "set_code",
    "example_code",
    "parse_code",
    "homework_codes",
    "theme_lessons",
    "when_to_set",
    "needed_lessons",
    "puzzle_minutes",
    "set_minutes_words",
    "set_idea",
    "answers_spread",
    "game_code",
    "games_by_code",
    "idea_word",
    "code_words",
    "MAX_SET",
]
