"""The shipped tables, read-only: the opening books (``gamekit/connect/data/<variant>.book.gz``) and the
records of the value runs (``<variant>.value-*.json``).  The solver reads them; building them is
:mod:`gamekit.connect.build` and :mod:`gamekit.connect.wdl`, run from ``python -m gamekit.connect.book``.

Book file: gzip text; the first line is a JSON header (variant, depth, positions, the command that built
it, nodes, seconds, ``sha256`` of the rest), then one line per position: ``<key in hex> <score>`` where
the key is the solver's ``cur + mask``.  The checksum is verified on load; a damaged file raises
:class:`BookError` and :func:`book_for` then returns None with a warning, so
:func:`gamekit.connect.solver.analyse` falls back to search.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import warnings
from pathlib import Path

from gamekit.connect.bitboard import board_for
from gamekit.connect.rules import CONNECT_FOUR, FIVE_IN_A_ROW, ConnectGame, Variant

__all__ = [
    "DATA",
    "BookError",
    "Book",
    "book_for",
    "slug",
    "default_path",
    "load_value_file",
    "merge_settled",
    "proved_outcomes",
    "proved_bounds",
]

DATA = Path(__file__).resolve().parent / "data"


class BookError(Exception):
    """A book file that is missing, damaged or for another variant."""


def slug(v: Variant) -> str:
    return {FIVE_IN_A_ROW: "five_in_a_row", CONNECT_FOUR: "connect_four"}.get(
        v, f"{v.columns}x{v.rows}_{v.win}{'_sides' if v.sides else ''}"
    )


def default_path(v: Variant) -> Path:
    return DATA / f"{slug(v)}.book.gz"


def read_checked(
    path: Path, variant: Variant | None, error: type[Exception], noun: str, a_noun: str, command: str
) -> tuple[dict, Variant, bytes]:
    """``(header, variant, body)`` of a shipped gzip file whose first line is a JSON header (its variant and the
    body's sha256); refused with ``error`` naming ``path``: missing, unreadable, damaged (rebuild with the header's
    command, else ``command``), or for another variant than ``variant``.  ``noun``/``a_noun`` say what the file is
    ("book file" / "a book")."""
    try:
        raw = gzip.decompress(Path(path).read_bytes())
        first, _, body = raw.partition(b"\n")
        header = json.loads(first)
        v = Variant(**header["variant"])
    except FileNotFoundError:
        raise error(f"{path}: no such {noun}") from None
    except (OSError, EOFError, ValueError, KeyError, TypeError) as e:
        raise error(f"{path}: not a readable {noun} ({e})") from None
    if hashlib.sha256(body).hexdigest() != header.get("sha256"):
        raise error(
            f"{path}: checksum mismatch — the {noun} is damaged; rebuild it with {header.get('command', command)}"
        )
    if variant is not None and v != variant:
        raise error(f"{path}: {a_noun} for {v.name}, not {variant.name}")
    return header, v, body


class Book:
    """An opening book: exact scores of every position up to ``depth`` discs."""

    def __init__(self, variant: Variant, depth: int, scores: dict[int, int], header: dict) -> None:
        self.variant, self.depth, self.scores, self.header = variant, depth, scores, header

    @classmethod
    def load(cls, path: Path, variant: Variant | None = None) -> "Book":
        header, v, body = read_checked(
            path, variant, BookError, "book file", "a book", "python -m gamekit.connect.book"
        )
        scores = {}
        try:
            for line in body.decode().splitlines():
                k, s = line.split()
                scores[int(k, 16)] = int(s)
        except ValueError as e:
            raise BookError(f"{path}: bad line in book ({e})") from None
        return cls(v, int(header["depth"]), scores, header)

    def score(self, cur: int, mask: int) -> int | None:
        return self.scores.get(cur + mask)

    def lookup(self, game: ConnectGame) -> int | None:
        """Exact score of ``game`` for the player to move, or None when it is not in the book."""
        if game.popout or game.variant != self.variant or game.is_over():
            return None
        cur, mask, _ = board_for(game.variant).from_game(game)
        return self.score(cur, mask)


_books: dict[Variant, Book | None] = {}


def book_for(v: Variant) -> Book | None:
    """The shipped book of ``v`` (loaded and checked once), or None if there is none or it is damaged."""
    if v not in _books:
        path = default_path(v)
        book = None
        if path.exists():
            try:
                book = Book.load(path, v)
            except BookError as e:
                warnings.warn(f"{e} — falling back to search", RuntimeWarning, stacklevel=2)
        _books[v] = book
    return _books[v]


# ---------------------------------------------------------------------- the value runs' records
def load_value_file(path: Path) -> dict:
    """The progress data of one value run (``python -m gamekit.connect.book value``); ValueError if it is not one."""
    try:
        data = json.loads(Path(path).read_text())
        Variant(**data["variant"])
        if not isinstance(data["split"], int) or not isinstance(data["settled"], dict):
            raise TypeError("split or settled")
    except FileNotFoundError:
        raise
    except (ValueError, KeyError, TypeError) as e:
        raise ValueError(f"{path}: not a value progress file ({e})") from None
    return data


def merge_settled(runs) -> dict[str, list]:
    """The settled positions of several runs' progress data: per position the tightest bounds any of
    them proved, ``key -> [lo, hi, moves]``."""
    settled: dict[str, list] = {}
    for r in runs:
        for k, (lo, hi, moves) in r["settled"].items():
            if k in settled:
                lo, hi = max(lo, settled[k][0]), min(hi, settled[k][1])
            settled[k] = [lo, hi, moves]
    return settled


_proved: dict = {}
_bounds: dict = {}


def proved_outcomes(variant: Variant) -> dict[int, int]:
    """Positions (key ``cur + mask``) whose win/draw/loss the shipped value runs proved exactly, with
    that value for the player to move — read once from ``gamekit/connect/data/<variant>.value-*.json``
    (none for a variant without records; unreadable files are skipped)."""
    if variant not in _proved:
        _proved[variant] = {k: lo for k, (lo, hi) in proved_bounds(variant).items() if lo == hi}
    return _proved[variant]


def proved_bounds(variant: Variant) -> dict[int, tuple[int, int]]:
    """Every position the shipped value runs bounded (key ``cur + mask``): ``(lo, hi)`` on its
    win/draw/loss value for the player to move."""
    if variant not in _bounds:
        paths = sorted(DATA.glob(f"{slug(variant)}.value-*.json"))
        out: dict[int, tuple[int, int]] = {}
        try:
            st = [load_value_file(p) for p in paths]
        except (OSError, ValueError):
            st = []
        for k, (lo, hi, _) in merge_settled([r for r in st if Variant(**r["variant"]) == variant]).items():
            out[int(k, 16)] = (lo, hi)
        _bounds[variant] = out
    return _bounds[variant]
