"""The outcome book: win, draw or loss of every legal column of every opening position up to a depth.

An exact-score book (:mod:`gamekit.connect.build`) needs the score of every position; the Hint, Hard and
the review only need to know, column by column, whether a drop wins, draws or loses.  The outcome book
holds exactly that, with bounds where a column is not settled yet: for each position (key ``cur + mask``
of :mod:`gamekit.connect.bitboard`) and each legal drop ``(lo, hi)`` on its outcome for the player
making it (1 win, 0 draw, −1 loss; ``lo == hi``: settled; ``(0, 1)``: "no loss"; ``(-1, 0)``: "no win").

This module is the *store* and the *reader*; the builder that fills the store with Dask tasks is
:mod:`gamekit.connect.outcome_builder`, run from ``python -m gamekit.connect.book outcomes``.

The store — one SQLite file, written as each task finishes, so a stopped build keeps everything it
settled — has two tables: ``meta`` (the variant) and ``positions`` (key, one move order leading there,
discs, ``settled``/``open``, each column's bounds as JSON, the seconds and nodes the task spent, the budget
it had, the run that wrote it).  The shipped file (``gamekit/connect/data/<variant>.outcomes.gz``) is the
store exported as gzip text: a JSON header (variant, depth, counts, the command, ``sha256`` of the rest),
then one line a position: ``<key in hex> <moves or -> <column>:<lo>:<hi> …``.

Symmetry: a variant whose grid looks the same in a mirror (every board without side columns) stores a
position and its mirror image once, under the smaller key; 5 en raya's side columns hold a red disc on
the left and a yellow one on the right of each row, so its mirror image is another game and every
position is stored as it is.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import sqlite3
import time
from dataclasses import asdict
from pathlib import Path

from gamekit.connect.bitboard import board_for
from gamekit.connect.rules import ConnectGame, Variant
from gamekit.connect.tables import DATA, read_checked, slug

__all__ = [
    "OutcomeError",
    "Store",
    "OutcomeBook",
    "mirror_symmetric",
    "mirror_key",
    "canonical",
    "outcome_path",
    "outcome_book_for",
    "settled",
]

Bounds = tuple[int, int]


class OutcomeError(Exception):
    """A store or outcome book that is damaged, for another variant, or asked something it cannot answer."""


def mirror_symmetric(v: Variant) -> bool:
    """True when the start looks the same in a mirror: no side columns, or side columns whose discs match
    row by row (5 en raya's do not: red on the left, yellow on the right of each row)."""
    return all(v.side_disc(0, r) == v.side_disc(v.width - 1, r) for r in range(v.rows))


def mirror_key(v: Variant, key: int) -> int:
    """The key of the mirror image of the position with key ``key`` (columns reversed; the key is
    column-separable, so each column's bits move as a block)."""
    h1 = v.rows + 1
    block = (1 << h1) - 1
    out = 0
    for c in range(v.width):
        out |= ((key >> (c * h1)) & block) << ((v.width - 1 - c) * h1)
    return out


def canonical(v: Variant, key: int) -> tuple[int, bool]:
    """``(stored key, mirrored?)``: the key a position is stored under and whether it is its mirror image
    (then column ``m`` of the stored entry is column ``columns + 1 - m`` of the position)."""
    if not mirror_symmetric(v):
        return key, False
    other = mirror_key(v, key)
    return (other, True) if other < key else (key, False)


def settled(columns: dict[str, Bounds]) -> bool:
    return all(lo == hi for lo, hi in columns.values())


def _flip(v: Variant, columns: dict[str, Bounds]) -> dict[str, Bounds]:
    return {str(v.columns + 1 - int(m)): b for m, b in columns.items()}


# ---------------------------------------------------------------------- the store (SQLite)
class Store:
    """The build's one SQLite file (see the module docstring).  Opening checks it belongs to ``variant``."""

    def __init__(self, path: Path, variant: Variant) -> None:
        if not isinstance(variant, Variant):
            raise TypeError(f"variant {variant!r}: a Variant")
        self.path, self.variant = Path(path), variant
        if self.path.exists() and self.path.is_dir():
            raise OutcomeError(f"{self.path}: a folder, not a store file")
        try:
            self.db = sqlite3.connect(self.path)
            self.db.execute("CREATE TABLE IF NOT EXISTS meta (name TEXT PRIMARY KEY, value TEXT)")
            self.db.execute(
                "CREATE TABLE IF NOT EXISTS positions (key TEXT PRIMARY KEY, moves TEXT, discs INTEGER,"
                " status TEXT, columns TEXT, seconds REAL, nodes INTEGER, budget REAL, run TEXT)"
            )
            got = self.db.execute("SELECT value FROM meta WHERE name='variant'").fetchone()
        except sqlite3.DatabaseError as e:
            raise OutcomeError(f"{self.path}: not an outcome store ({e})") from None
        mine = json.dumps(asdict(variant), sort_keys=True)
        if got is None:
            with self.db:
                self.db.execute("INSERT INTO meta VALUES ('variant', ?)", (mine,))
        elif got[0] != mine:
            name = json.loads(got[0]).get("name")
            self.db.close()
            raise OutcomeError(f"{self.path}: a store of {name}, not {variant.name}")

    def close(self) -> None:
        self.db.close()

    def put(self, entry: dict, run: str) -> None:
        """Write one task's result at once (a stopped build keeps it)."""
        cols = {m: list(b) for m, b in entry["columns"].items()}
        with self.db:
            self.db.execute(
                "INSERT OR REPLACE INTO positions VALUES (?,?,?,?,?,?,?,?,?)",
                (
                    f"{entry['key']:x}",
                    entry["moves"],
                    entry["discs"],
                    "settled" if settled(entry["columns"]) else "open",
                    json.dumps(cols),
                    entry["seconds"],
                    entry["nodes"],
                    entry["budget"],
                    run,
                ),
            )

    def tighten(self, key: int, columns: dict[str, Bounds]) -> None:
        """Replace a stored position's bounds by tighter ones found from its neighbours (no search)."""
        with self.db:
            self.db.execute(
                "UPDATE positions SET columns=?, status=? WHERE key=?",
                (
                    json.dumps({m: list(b) for m, b in columns.items()}),
                    "settled" if settled(columns) else "open",
                    f"{key:x}",
                ),
            )

    def rows(self) -> list[dict]:
        return [_row(*r) for r in self.db.execute("SELECT * FROM positions ORDER BY discs, moves")]

    def get(self, key: int) -> dict | None:
        found = self.db.execute("SELECT * FROM positions WHERE key=?", (f"{key:x}",)).fetchone()
        return None if found is None else _row(*found)

    def status(self) -> dict:
        """Per number of discs: positions stored, settled, open, columns settled; seconds spent."""
        by: dict[int, dict] = {}
        for r in self.rows():
            d = by.setdefault(
                r["discs"],
                {"positions": 0, "settled": 0, "open": 0, "columns": 0, "columns_settled": 0, "seconds": 0.0},
            )
            d["positions"] += 1
            d[r["status"]] += 1
            d["columns"] += len(r["columns"])
            d["columns_settled"] += sum(lo == hi for lo, hi in r["columns"].values())
            d["seconds"] = round(d["seconds"] + r["seconds"], 2)
        return {"variant": self.variant.name, "store": str(self.path), "by_discs": dict(sorted(by.items()))}

    def export(self, out: Path, depth: int, command: str) -> str:
        """Write the store's positions up to ``depth`` discs as the shipped gzip text; returns its sha256."""
        lines = []
        for r in sorted(self.rows(), key=lambda r: r["key"]):
            if r["discs"] <= depth:
                cols = " ".join(f"{m}:{lo}:{hi}" for m, (lo, hi) in sorted(r["columns"].items()))
                lines.append(f"{r['key']:x} {r['moves'] or '-'} {cols}\n")
        body = "".join(lines).encode()
        st = self.status()["by_discs"]
        header = {
            "variant": asdict(self.variant),
            "depth": depth,
            "positions": len(lines),
            "by_discs": {str(d): s for d, s in st.items() if d <= depth},
            "command": command,
            "built": time.strftime("%Y-%m-%d"),
            "sha256": hashlib.sha256(body).hexdigest(),
        }
        out = Path(out)
        out.parent.mkdir(parents=True, exist_ok=True)
        with gzip.GzipFile(out, "wb", mtime=0) as f:
            f.write((json.dumps(header, sort_keys=True) + "\n").encode() + body)
        return header["sha256"]


# ---------------------------------------------------------------------- the shipped book
class OutcomeBook:
    """A read-only outcome book (the exported store): each position's column bounds."""

    def __init__(self, variant: Variant, depth: int, entries: dict[int, dict[str, Bounds]], header: dict) -> None:
        self.variant, self.depth, self.entries, self.header = variant, depth, entries, header

    @classmethod
    def load(cls, path: Path, variant: Variant | None = None) -> "OutcomeBook":
        header, v, body = read_checked(
            path, variant, OutcomeError, "outcome book", "an outcome book", "python -m gamekit.connect.book outcomes"
        )
        entries: dict[int, dict[str, Bounds]] = {}
        try:
            for line in body.decode().splitlines():
                key, _moves, *cols = line.split()
                entries[int(key, 16)] = {m: (int(lo), int(hi)) for m, lo, hi in (c.split(":") for c in cols)}
        except ValueError as e:
            raise OutcomeError(f"{path}: bad line in outcome book ({e})") from None
        return cls(v, int(header["depth"]), entries, header)

    def columns(self, cur: int, mask: int) -> dict[str, Bounds] | None:
        """Each legal drop's bounds for the player to move in the position ``(cur, mask)``, or None."""
        key, flipped = canonical(self.variant, cur + mask)
        got = self.entries.get(key)
        if got is None:
            return None
        return _flip(self.variant, got) if flipped else dict(got)

    def lookup(self, game: ConnectGame) -> dict[str, Bounds] | None:
        """Each legal drop's ``(lo, hi)`` outcome bounds for the player making it, or None when ``game``
        is not in the book (another variant, PopOut, a finished game, deeper than the book)."""
        if not isinstance(game, ConnectGame) or game.popout or game.variant != self.variant or game.is_over():
            return None
        cur, mask, _ = board_for(game.variant).from_game(game)
        return self.columns(cur, mask)


def outcome_path(v: Variant) -> Path:
    """Where the shipped outcome book of ``v`` lives."""
    return DATA / f"{slug(v)}.outcomes.gz"


_books: dict[Variant, OutcomeBook | None] = {}


def outcome_book_for(v: Variant) -> OutcomeBook | None:
    """The shipped outcome book of ``v`` (loaded and checked once), or None if there is none; a damaged
    one warns and counts as none, so the callers fall back to search."""
    if v not in _books:
        import warnings

        path = outcome_path(v)
        book = None
        if path.exists():
            try:
                book = OutcomeBook.load(path, v)
            except OutcomeError as e:
                warnings.warn(f"{e} — falling back to search", RuntimeWarning, stacklevel=2)
        _books[v] = book
    return _books[v]


def _row(k, moves, discs, status, cols, sec, nodes, budget, run) -> dict:
    """One stored position as a dict: its key back to an int, its columns' bounds back to pairs."""
    return {
        "key": int(k, 16),
        "moves": moves,
        "discs": discs,
        "status": status,
        "columns": {m: (b[0], b[1]) for m, b in json.loads(cols).items()},
        "seconds": sec,
        "nodes": nodes,
        "budget": budget,
        "run": run,
    }
