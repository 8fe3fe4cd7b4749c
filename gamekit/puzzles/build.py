"""Build a puzzle bank: ``python -m gamekit.puzzles build GAME [--count N] [--seed S] [--out PATH]``.

Games between CPU players of mixed levels are played one after another (game ``k`` is seeded from ``S``
and ``k``, so a build is reproducible); a few positions of each game are tried as candidates and kept
when they pass the game's selection (§1 of issue 22, in :mod:`gamekit.puzzles.dots`, ``.connect`` and
``.shutbox``).  A theme that already fills half of the bank only gets more puzzles alongside a rarer
theme, and each game gives at most a few puzzles, so the bank is varied.  Shut the Box also caps its easy and
medium puzzles (:data:`SHUT_BAND_SHARE`, so the rarer hard ones fill the rest) and the "which set?" puzzles whose
answer is just the tile equal to the roll (:data:`MAX_OWN_TILE_SHARE` of the "which set?" puzzles at any time).
In every game a puzzle that a beginner's one-line rule answers (:mod:`gamekit.puzzles.balance`) is kept only
while such puzzles stay within half of its difficulty band.

``--theme T --add`` grows a shipped bank with puzzles of one theme: only positions that can have the theme
are tried (every such position of a game, not a sample: :func:`gamekit.puzzles.dots.may_have`), only puzzles
with the theme are kept, and the finished puzzles are added to the bank file (its puzzles unchanged but for the
theme itself where the game module's ``has_theme`` finds it on an old puzzle; the header's command names both
builds).  Shut the Box tries every position and goal of a turn for a theme, and ``--one-die RULE`` (repeatable)
keeps only turns under those one-die rules.

``--rooms DB`` also reads the finished games of a room database (``python -m gamekit.rooms --db DB``, through
:class:`gamekit.rooms.store.SQLiteStore` and :func:`gamekit.rooms.games.rebuild`; a room keeps its last game): they
are tried first, as games 0, 1, … of the build, then the CPU games follow.  PopOut games are left out (no
puzzles), and Shut the Box has no rooms.

**Resumable**: after every game the build appends what it found to ``PATH.partial`` (JSON lines); run
the same command again after an interruption and it carries on from there.  The finished bank is written
to ``PATH`` (gzipped JSON with a checksum and the command and seed: :mod:`gamekit.puzzles.store`) and the
partial file removed.  Progress (puzzles kept, games played, candidates tried) is shown as it runs.
"""

from __future__ import annotations

import collections
import json
import random
import sys
import time
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from gamekit import catalog
from gamekit.i18n import tr
from gamekit.progress import LEVELS, level
from gamekit.puzzles.balance import MAX_ONE_STEP_SHARE, one_step_rule
from gamekit.puzzles.core import Puzzle, check_game_id, check_theme, sample
from gamekit.puzzles.store import read_bank, write_bank

SHUT_BAND_SHARE = {"easy": 0.5, "medium": 0.3}
"""Shut the Box: the most of the bank each band may fill (hard is not capped: it is the rare band)."""
MAX_OWN_TILE_SHARE = 0.3
"""Shut the Box: the largest share of the "which set?" puzzles answered by covering the tile equal to the roll."""
ONE_STEP_RATING = 875.0
"""The rating of a board-game puzzle a one-line rule answers (level 1 of :func:`gamekit.progress.level`)."""


def rate_one_step(p: Puzzle) -> Puzzle:
    """``p`` with the rating of its level: a puzzle of a game whose :attr:`gamekit.catalog.PuzzleBuild.one_step`
    is set (the board games: "take the free box", "win at once", "block the only threat" are the first step) that a
    beginner's one-line rule answers (:func:`gamekit.puzzles.balance.one_step_rule`) is rated
    :data:`ONE_STEP_RATING` (level 1), since no reading of the board beyond the habit is needed; any other puzzle is
    returned as it is."""
    if catalog.get(p.game_id).puzzle_build.one_step and p.rating > ONE_STEP_RATING and one_step_rule(p) is not None:
        p.rating = ONE_STEP_RATING
    return p


def own_tile_answer(puzzle: Puzzle | dict) -> bool:
    """Whether a Shut the Box "which set?" puzzle is answered by covering the tile equal to the roll alone
    (a habit answers it: the puzzle teaches little)."""
    p = puzzle if isinstance(puzzle, Puzzle) else Puzzle.from_dict(puzzle)
    if p.facts.get("kind") != "set":  # only a Shut the Box "which set?" puzzle is of this kind
        return False
    return all(a == ("cover", (p.facts["roll"],)) for a in p.answers)


TAGS = {"next_roll"}
"""Themes that only name a property of puzzles the build keeps anyway (Shut the Box's *think of the next roll*:
the rule of thumb's set loses): the theme balance leaves them out, so tagging them changes no choice."""


class _Mix:
    """Running counts a build balances on: themes, Shut the Box's one-die rules, bands, "which set?" puzzles
    and those answered by the roll's own tile."""

    def __init__(self, rules: int = 4) -> None:
        self.n_rules = rules  # one-die rules sharing the bank equally
        self.themes: dict[str, int] = {}
        self.rules: dict[str, int] = {}
        self.bands: dict[str, int] = {}
        self.sets = 0
        self.own_tile = 0
        self.in_band: dict[str, int] = {}
        self.one_step: dict[str, int] = {}

    def add(self, d: dict) -> None:
        for t in d["themes"]:
            if t not in TAGS:
                self.themes[t] = self.themes.get(t, 0) + 1
        p = Puzzle.from_dict(d)
        self.in_band[p.band] = self.in_band.get(p.band, 0) + 1
        if one_step_rule(p) is not None:
            self.one_step[p.band] = self.one_step.get(p.band, 0) + 1
        if "one_die" in d["facts"]:  # a puzzle stated under a one-die rule (Shut the Box)
            rule = d["facts"]["one_die"]
            self.rules[rule] = self.rules.get(rule, 0) + 1
            band = Puzzle.from_dict(d).band
            self.bands[band] = self.bands.get(band, 0) + 1
            if d["facts"].get("kind") == "set":
                self.sets += 1
                self.own_tile += own_tile_answer(d)

    def one_step_room(self, p: Puzzle) -> bool:
        """Whether ``p`` fits its band: a puzzle a one-line rule answers only while such puzzles stay within
        :data:`gamekit.puzzles.balance.MAX_ONE_STEP_SHARE` of the band (with ``p`` in it)."""
        if one_step_rule(p) is None:
            return True
        return self.one_step.get(p.band, 0) + 1 <= MAX_ONE_STEP_SHARE * (self.in_band.get(p.band, 0) + 1)

    def shut_room(self, p: Puzzle, count: int) -> bool:
        """Whether a Shut the Box puzzle still fits the bank's mix (rule quarter, band cap, own-tile share)."""
        if self.rules.get(p.facts["one_die"], 0) >= -(-count // self.n_rules):
            return False
        share = SHUT_BAND_SHARE.get(p.band)
        if share is not None and self.bands.get(p.band, 0) >= int(share * count):
            return False
        if own_tile_answer(p) and self.own_tile + 1 > MAX_OWN_TILE_SHARE * (self.sets + 1):
            return False
        return True


class BuildError(ValueError):
    """A build that cannot start or resume (a partial file of another build, a bad setting)."""


def room_games(db: Path | str, game_id: str) -> list:
    """The finished games of ``game_id`` stored in a room database (:class:`gamekit.rooms.store.SQLiteStore`), in
    room-id order, replayed with :func:`gamekit.rooms.games.rebuild` (a room keeps its last game only).

    Refused with :class:`BuildError`: a file that does not exist or is not a room database, a game whose puzzles
    come from no room (its :attr:`gamekit.catalog.PuzzleBuild.from_room` is None: Shut the Box)."""
    import sqlite3

    check_game_id(game_id)
    path = Path(db)
    from_room = catalog.get(game_id).puzzle_build.from_room
    if from_room is None:
        raise BuildError(
            tr("--rooms: the room server does not play {game} (its puzzles come from CPU games only)", game=game_id)
        )
    if not path.is_file():
        raise BuildError(tr("--rooms {path}: no such room database", path=path))
    from gamekit.rooms.games import rebuild
    from gamekit.rooms.store import SQLiteStore

    try:
        with open(path, "rb") as f:
            if f.read(16) != b"SQLite format 3\x00":
                raise BuildError(tr("--rooms {path}: not a room database (not an SQLite file)", path=path))
        # SQLiteStore() creates its tables when they are missing: look first (read-only) that this is a room database,
        # so a foreign SQLite file is refused untouched
        probe = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
        try:
            tables = {r[0] for r in probe.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        finally:
            probe.close()
        if not {"rooms", "moves"} <= tables:
            raise BuildError(tr("--rooms {path}: not a room database (no rooms in it)", path=path))
        store = SQLiteStore(path)
    except sqlite3.DatabaseError as e:
        raise BuildError(tr("--rooms {path}: not a room database ({error})", path=path, error=e)) from None
    out = []
    try:
        for room_id in sorted(store.room_ids()):
            stored = store.load_room(room_id)
            if stored is None or not stored.moves or not from_room(stored.game, stored.options):
                continue
            try:
                game = rebuild(stored.game, stored.options, [(m.kind, m.move, m.seat) for m in stored.moves])
            except (ValueError, KeyError, TypeError):
                continue  # a room whose moves no longer replay is skipped, never guessed
            if game.is_over():
                out.append(game)
    finally:
        store.close()
    return out


def _tag_old(puzzles: list[dict], game_id: str, theme: str) -> None:
    """Give the bank's old puzzles the theme a ``--theme --add`` build adds, where it applies to them (a game
    module's ``has_theme``, for themes read off a stored puzzle without the solver: Shut the Box's
    *think of the next roll*), so a theme means the same on every puzzle.  Other themes: nothing changes."""
    from gamekit import catalog

    has_theme = getattr(catalog.get(game_id).puzzle_module(), "has_theme", None)
    if has_theme is None:
        return
    for d in puzzles:
        if theme not in d["themes"] and has_theme(Puzzle.from_dict(d), theme):
            d["themes"] = [*d["themes"], theme]


def _game_seed(seed: int, k: int) -> int:
    return (seed * 1_000_003 + k * 7919) % (2**31)


def candidates(
    game_id: str,
    k: int,
    seed: int,
    rooms: list | None = None,
    theme: str | None = None,
    one_die: tuple[str, ...] | None = None,
) -> tuple[list[Puzzle], int]:
    """The puzzles found in game ``k`` of a build seeded ``seed`` (before balancing), and how many
    candidate positions were tried.  With ``rooms`` (finished room games, :func:`room_games`), games
    0 … len(rooms) − 1 are those, and the CPU games come after them.  With ``theme`` (Dots), every
    position of the game that may have the theme is tried instead of a sample; with ``theme`` (Shut the Box),
    every position and goal of the turn.  ``one_die`` (Shut the Box): a turn played under another one-die rule
    gives nothing (the games are the same as without it)."""
    rng = random.Random(_game_seed(seed, k))
    rooms = rooms or []
    mod = catalog.get(game_id).puzzle_module()
    if k < len(rooms):
        game = rooms[k]
        tries = [(p, {}) for p in sample(rng, mod.positions(game), catalog.get(game_id).puzzle_build.tries)]
        found = [rate_one_step(p) for p in (mod.candidate(position) for position, _ in tries) if p is not None]
        return found, len(tries)
    k -= len(rooms)
    extra = {"one_die": one_die} if one_die is not None else {}
    tries = mod.tries(game_id, _game_seed(seed, k), rng, catalog.get(game_id).puzzle_build.tries, theme, **extra)
    found = []
    for position, options in tries:
        p = mod.candidate(position, **options)
        if p is not None:
            found.append(rate_one_step(p))
    return found, len(tries)


def _balanced(
    found: list[Puzzle],
    kept: dict[str, dict],
    mix: _Mix,
    game_id: str,
    count: int,
    strict: bool = True,
    theme: str | None = None,
) -> list[Puzzle]:
    """The puzzles of one game to keep: new ones, rarest themes first; with ``strict``, only those whose
    rarest theme is not yet on half of the bank; with ``theme``, only puzzles of that theme."""
    out = []

    def rarest(p: Puzzle) -> int:
        return min(mix.themes.get(t, 0) for t in p.themes if t not in TAGS)

    for p in sorted(found, key=rarest):
        total = len(kept) + len(out)
        if (
            p.id in kept
            or p.id in {q.id for q in out}
            or len(out) >= catalog.get(game_id).puzzle_build.per_game
            or total >= count
        ):
            continue
        if theme is not None and theme not in p.themes:
            continue
        if theme is None and strict and rarest(p) >= max(10, total // 2):
            continue
        if "one_die" in p.facts and not mix.shut_room(p, count):
            continue
        if not mix.one_step_room(p):
            continue
        mix.add(p.to_dict())
        out.append(p)
    return out


def build(
    game_id: str,
    count: int,
    seed: int,
    out: Path,
    *,
    progress: bool = True,
    max_games: int | None = None,
    command: str | None = None,
    rooms: Path | str | None = None,
    theme: str | None = None,
    add: bool = False,
    one_die: tuple[str, ...] | None = None,
    levels: tuple[int, ...] | None = None,
    practice_only: bool = False,
) -> dict[str, Any]:
    """Build (or resume) a bank of ``count`` puzzles; returns the stats written into the bank's header.

    ``rooms``: a room database (``python -m gamekit.rooms --db FILE``): its finished games are tried first,
    then games between CPU players as usual.  ``theme`` (Dots): keep only puzzles of that theme, trying every
    position that may have it.  ``add``: the ``count`` new puzzles are added to the bank file ``out`` (which
    must exist; puzzles already in it are not counted again) instead of replacing it.  ``one_die`` (Shut the
    Box): only turns played under these one-die rules, each an equal share of the new puzzles (e.g. to add
    puzzles without touching the pools of the lessons' own rule).  ``levels``: keep only new puzzles whose rating
    lands on one of these Practice levels (:func:`gamekit.progress.level`, 1 to 10), to fill a thin level (their
    ids are listed in the header's ``stats["practice_only"]``, kept by later ``add`` builds: the lessons' problem
    sets, whose puzzles the teacher guides list, never draw them, so a level build changes no lesson); an
    ``add`` build also rates the bank's old puzzles a one-line rule answers at level 1 (:func:`rate_one_step`).
    ``practice_only``: list the new puzzles there too without a level filter (a kind of puzzle added for Practice,
    such as Dots' *which chain or loop to open*, that no lesson's problem set may draw)."""
    check_game_id(game_id)
    for name, v in (("count", count), ("seed", seed)):
        if isinstance(v, bool) or not isinstance(v, int) or v < (1 if name == "count" else 0):
            raise BuildError(tr("{name}={value!r}: a whole number (count ≥ 1, seed ≥ 0)", name=name, value=v))
    if theme is not None:
        check_theme(game_id, theme)
        if not hasattr(catalog.get(game_id).puzzle_module(), "may_have"):
            raise BuildError(
                tr(
                    "--theme: this game's build cannot try the positions of one theme"
                    " (no may_have in its puzzle module)"
                )
            )
    if one_die is not None:
        rules = getattr(catalog.get(game_id).puzzle_module(), "ONE_DIE_RULES", None)
        if rules is None:
            raise BuildError(tr("--one-die: only Shut the Box has one-die rules"))
        if not isinstance(one_die, tuple) or not one_die or any(r not in rules for r in one_die):
            raise BuildError(tr("--one-die {rules}: choose from {items}", rules=one_die, items=", ".join(rules)))
    if not isinstance(add, bool):
        raise BuildError(tr("add={add!r}: True or False", add=add))
    if not isinstance(practice_only, bool):
        raise BuildError(tr("practice_only={value!r}: True or False", value=practice_only))
    if levels is not None and (
        not isinstance(levels, tuple)
        or not levels
        or any(isinstance(v, bool) or not isinstance(v, int) or not 1 <= v <= LEVELS for v in levels)
    ):
        raise BuildError(tr("--level {levels}: whole numbers from 1 to {most}", levels=levels, most=LEVELS))
    out = Path(out)
    base: dict[str, Any] | None = None
    if add:
        if not out.is_file():
            raise BuildError(tr("--add {path}: no bank to add to", path=out))
        try:
            base = read_bank(out, game_id)
        except ValueError as e:
            raise BuildError(tr("--add {path}: {error}", path=out, error=e)) from None
        if theme is not None:
            _tag_old(base["puzzles"], game_id, theme)
        for d in base["puzzles"]:  # the level-1 rule holds for the old puzzles too
            rated = rate_one_step(Puzzle.from_dict(d)).rating
            d["rating"] = rated
    stored = room_games(rooms, game_id) if rooms is not None else []
    partial = out.with_name(out.name + ".partial")
    header = {"game": game_id, "count": count, "seed": seed}
    if rooms is not None:
        header |= {"rooms": str(Path(rooms).resolve()), "room_games": len(stored)}
    if theme is not None:
        header |= {"theme": theme}
    if add:
        header |= {"add": True}
    if one_die is not None:
        header |= {"one_die": list(one_die)}
    if levels is not None:
        header |= {"levels": list(levels)}
    if practice_only:
        header |= {"practice_only": True}
    kept: dict[str, dict] = {}
    mix = _Mix(len(one_die) if one_die is not None else 4)
    old = {d["id"] for d in base["puzzles"]} if base else set()
    games = tried = 0
    elapsed = 0.0
    from_rooms: set[str] = set()  # puzzles cut from the room games
    if partial.exists():
        lines = partial.read_text(encoding="utf-8").splitlines()
        try:
            first = json.loads(lines[0])
            rows = [json.loads(line) for line in lines[1:] if line.strip()]
        except (IndexError, json.JSONDecodeError):
            raise BuildError(tr("{path}: a damaged partial build — delete it to start again", path=partial)) from None
        if first != header:
            raise BuildError(
                tr(
                    "{path}: a partial build of {found} — run that command again, or delete the file to start this one",
                    path=partial,
                    found=first,
                )
            )
        for row in rows:
            for d in row["puzzles"]:
                kept[d["id"]] = d
                if row["game"] < len(stored):
                    from_rooms.add(d["id"])
                mix.add(d)
            games, tried, elapsed = row["game"] + 1, tried + row["tried"], row["elapsed"]
    else:
        partial.parent.mkdir(parents=True, exist_ok=True)
        partial.write_text(json.dumps(header) + "\n", encoding="utf-8")
    bar = None
    if progress:
        from tqdm.auto import tqdm

        bar = tqdm(
            total=count,
            initial=min(len(kept), count),
            desc=game_id,
            unit=tr("puzzle"),
            file=sys.stderr,
            mininterval=2.0,
        )
    start = time.perf_counter() - elapsed
    idle = 0  # games in a row that gave nothing: then the theme balance is relaxed for a game
    try:
        while len(kept) < count and (max_games is None or games < max_games):
            found, n = candidates(game_id, games, seed, stored, theme=theme, one_die=one_die)
            found = [p for p in found if p.id not in old and (levels is None or level(p.rating) in levels)]
            new = _balanced(found, kept, mix, game_id, count, strict=idle < 10, theme=theme)
            idle = 0 if new else idle + 1
            for p in new:
                kept[p.id] = p.to_dict()
                if games < len(stored):
                    from_rooms.add(p.id)
            tried += n
            row = {
                "game": games,
                "tried": n,
                "elapsed": time.perf_counter() - start,
                "puzzles": [p.to_dict() for p in new],
            }
            with partial.open("a", encoding="utf-8") as f:
                f.write(json.dumps(row, ensure_ascii=False) + "\n")
            games += 1
            if bar is not None:
                bar.update(len(new))
                bar.set_postfix(games=games, tried=tried)
    finally:
        if bar is not None:
            bar.close()
    elapsed = time.perf_counter() - start
    stats = {
        "games": games,
        "candidates": tried,
        "kept": len(kept),
        "seconds": round(elapsed, 1),
        "themes": dict(sorted(collections.Counter(t for d in kept.values() for t in d["themes"]).items())),
    }
    only = levels is not None or practice_only
    if only:  # filling Practice levels, or a kind for Practice: the lessons' problem sets do not draw these
        stats["practice_only"] = sorted(kept)
    if rooms is not None:
        stats["room_games"] = len(stored)
        stats["from_rooms"] = sum(1 for pid in kept if pid in from_rooms)
    if len(kept) < count:
        return stats | {"finished": False}
    command = command or (
        f"python -m gamekit.puzzles build {game_id} --count {count} --seed {seed}"
        + (f" --rooms {rooms}" if rooms is not None else "")
        + (f" --theme {theme}" if theme is not None else "")
        + (" --add" if add else "")
        + "".join(f" --one-die {r}" for r in one_die or ())
        + "".join(f" --level {v}" for v in levels or ())
        + (" --practice-only" if practice_only else "")
    )
    puzzles = list(kept.values())
    if base is not None:
        puzzles += base["puzzles"]
        command = f"{base['command']}, then {command}"
        all_themes: dict[str, int] = {}
        for d in puzzles:
            for t in d["themes"]:
                all_themes[t] = all_themes.get(t, 0) + 1
        stats = {
            "games": base["stats"].get("games", 0) + games,
            "candidates": base["stats"].get("candidates", 0) + tried,
            "kept": len(puzzles),
            "seconds": round(base["stats"].get("seconds", 0) + elapsed, 1),
            "themes": dict(sorted(all_themes.items())),
            **(
                {"practice_only": sorted({*base["stats"].get("practice_only", ()), *(kept if only else ())})}
                if only or base["stats"].get("practice_only")
                else {}
            ),
            "added": {
                "theme": theme,
                "seed": seed,
                **{
                    k: v
                    for k, v in (
                        ("games", games),
                        ("candidates", tried),
                        ("kept", len(kept)),
                        ("seconds", round(elapsed, 1)),
                    )
                },
            },
        }
        seed = base["seed"]
    puzzles.sort(key=lambda d: d["id"])
    built = datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
    write_bank(out, game_id, puzzles, command, seed, built, stats)
    partial.unlink()
    return stats | {"finished": True}


def take_all_followups(puzzles: list[Puzzle], time_limit: float | None = 5.0) -> list[Puzzle]:
    """New *when control is not worth it* puzzles (:func:`~gamekit.puzzles.dots_decisions.take_all_choice`:
    taking every box on offer is right,
    declining the last ones is wrong) one or two lines after the positions of ``puzzles`` that have no box on
    offer: a line that hands nothing over, then a line that hands over two boxes or more, leave the opponent the
    choice "take every box or decline the last ones?"; each such position the solver makes a puzzle of
    (:func:`gamekit.puzzles.dots.candidate`)
    is kept where taking is right, the game is not decided and the ``puzzles`` do not hold it
    yet (in id order, each position once, rated as the bank rates a one-step puzzle).  The bank has many
    positions where declining is right and few where taking is: these make "always decline" no habit in the
    double-deal and all-but-four lists.  Run once on the Dots bank (docs/puzzles.md: 64 added); the build
    command does not call it."""
    from gamekit.dots import DotsAndBoxes, boxes_given, capture_lines
    from gamekit.dots.search import TAKE_OR_DECLINE
    from gamekit.puzzles.dots import candidate
    from gamekit.puzzles.dots_decisions import take_all_choice
    from gamekit.puzzles.dots_thumbs import decided
    from gamekit.puzzles.dots_words import decline_lines

    have = {p.id for p in puzzles}
    found: dict[str, Puzzle] = {}
    tried: set[tuple] = set()

    def after_line(game: DotsAndBoxes, line: str) -> DotsAndBoxes:
        after = game.copy()
        after.play(line)
        return after

    def lines(game: DotsAndBoxes) -> list[str]:
        return [game.line_name(i) for i in game.undrawn_lines()]

    for p in sorted(puzzles, key=lambda p: p.id):
        start = p.position
        if capture_lines(start):
            continue
        firsts = [start] + [after_line(start, a) for a in lines(start) if boxes_given(start, a) == 0]
        for g in firsts:
            if capture_lines(g):
                continue
            for line in lines(g):
                if boxes_given(g, line) < 2:
                    continue
                after = after_line(g, line)
                key = (after.width, after.height, after.drawn, after.to_move, tuple(after.scores))
                if key in tried or decline_lines(after)[0] != TAKE_OR_DECLINE:
                    continue
                tried.add(key)
                c = candidate(after, time_limit)
                if c is None or c.id in have or c.id in found:
                    continue
                c = rate_one_step(c)
                if take_all_choice(c) and not decided(c):
                    found[c.id] = c
    return [found[k] for k in sorted(found)]


def relabel(puzzles: list[dict], game_id: str, theme: str) -> list[str]:
    """Give ``theme`` to exactly the puzzles (bank dicts of ``game_id``, changed in place) the game's classifier
    (its puzzle module's ``themes(position, answers, wrong)``, the wrong lines being the refuted ones) gives it,
    keeping their other themes; the ids changed, in order.  A game whose themes are not read off the position:
    :class:`BuildError`."""
    themes = getattr(catalog.get(game_id).puzzle_module(), "themes", None)
    if themes is None:
        raise BuildError(tr("relabel: {game} has no classifier to apply again", game=game_id))
    changed = []
    for d in puzzles:
        p = Puzzle.from_dict(d)
        has = theme in themes(p.position, list(p.answers), list(p.refutations))
        if has != (theme in d["themes"]):
            d["themes"] = [t for t in d["themes"] if t != theme] + ([theme] if has else [])
            changed.append(d["id"])
    return changed


def relabel_bank(path: Path | str, game_id: str, theme: str) -> list[str]:
    """Apply the game's classifier for ``theme`` again to every puzzle of the bank file ``path`` (:func:`relabel`;
    a fixed classifier is applied to a shipped bank so) and write the bank back with its header's command naming
    the step and its theme counts updated; the ids whose themes changed."""
    check_game_id(game_id)
    check_theme(game_id, theme)
    base = read_bank(path, game_id)
    puzzles = base["puzzles"]
    changed = relabel(puzzles, game_id, theme)
    stats = dict(base["stats"])
    stats["themes"] = dict(sorted(collections.Counter(t for d in puzzles for t in d["themes"]).items()))
    command = f"{base['command']}, then gamekit.puzzles.build.relabel_bank(the bank, {theme})"
    write_bank(path, game_id, puzzles, command, base["seed"], base["built"], stats)
    return changed
