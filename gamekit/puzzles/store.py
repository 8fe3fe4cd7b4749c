"""Bank files: gzipped JSON with a checksum and the command and seed that built them.

Layout (version 1)::

    {"format": "gamekit-puzzle-bank", "version": 1, "game": "dots_and_boxes",
     "command": "python -m gamekit.puzzles build dots_and_boxes --count 300 --seed 1", "seed": 1,
     "built": "2026-12-01T10:40:00Z", "count": 300, "stats": {...},
     "sha256": "<hex digest of the puzzles list as canonical JSON>", "puzzles": [{...}, ...]}

:func:`read_bank` refuses anything else — not gzip, not JSON, another format or version, a count or
checksum that does not match — with :class:`BankError` naming the file and the reason.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import os
import pickle
import sys
import zlib
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable

from gamekit.i18n import tr
from gamekit.puzzles.core import Puzzle, check_game_id, puzzle_game_ids

FORMAT = "gamekit-puzzle-bank"
VERSION = 1
DATA_DIR = Path(__file__).with_name("data")


class BankError(ValueError):
    """A bank file that cannot be used (damaged, wrong checksum, unknown layout)."""


def checksum(puzzles: list[dict]) -> str:
    """SHA-256 of the puzzles as canonical JSON (sorted keys, no spaces)."""
    text = json.dumps(puzzles, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def bank_path(game_id: str) -> Path:
    """Where the shipped bank of a game lives."""
    return DATA_DIR / f"{check_game_id(game_id)}.json.gz"


def write_bank(
    path: Path | str, game_id: str, puzzles: list[dict], command: str, seed: int, built: str, stats: dict | None = None
) -> None:
    """Write a bank file atomically (a temporary file renamed over the old one)."""
    check_game_id(game_id)
    data = {
        "format": FORMAT,
        "version": VERSION,
        "game": game_id,
        "command": command,
        "seed": seed,
        "built": built,
        "count": len(puzzles),
        "stats": stats or {},
        "sha256": checksum(puzzles),
        "puzzles": puzzles,
    }
    path = Path(path)
    tmp = path.with_name(path.name + ".tmp")
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    with open(tmp, "wb") as raw, gzip.GzipFile(fileobj=raw, mode="wb", compresslevel=9, mtime=0) as f:
        f.write(text)
    os.replace(tmp, path)


def read_bank(path: Path | str, game_id: str | None = None) -> dict[str, Any]:
    """The checked contents of a bank file (see the module docstring); BankError when it cannot be used."""
    path = Path(path)
    try:
        with gzip.open(path, "rt", encoding="utf-8") as f:
            data = json.load(f)
    except FileNotFoundError:
        raise BankError(tr("{path}: no such puzzle bank file", path=path)) from None
    except (OSError, EOFError, zlib.error, UnicodeDecodeError):
        raise BankError(
            tr("{path}: not a puzzle bank (the file is damaged or not gzip-compressed)", path=path)
        ) from None
    except json.JSONDecodeError:
        raise BankError(tr("{path}: not a puzzle bank (the contents are not JSON)", path=path)) from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise BankError(
            tr(
                "{path}: not a puzzle bank (format {found!r}, expected {expected!r})",
                path=path,
                found=data.get("format") if isinstance(data, dict) else None,
                expected=FORMAT,
            )
        )
    if data.get("version") != VERSION:
        raise BankError(
            tr(
                "{path}: puzzle bank version {version!r} is not one this gamekit reads ({expected})",
                path=path,
                version=data.get("version"),
                expected=VERSION,
            )
        )
    if data.get("game") not in puzzle_game_ids() or (game_id is not None and data["game"] != game_id):
        raise BankError(
            tr(
                "{path}: a bank of {found!r} puzzles, not {expected!r}",
                path=path,
                found=data.get("game"),
                expected=game_id,
            )
        )
    puzzles = data.get("puzzles")
    if not isinstance(puzzles, list) or data.get("count") != len(puzzles):
        raise BankError(
            tr(
                "{path}: the bank says {count!r} puzzles but holds {found}",
                path=path,
                count=data.get("count"),
                found=len(puzzles) if isinstance(puzzles, list) else 0,
            )
        )
    if data.get("sha256") != checksum(puzzles):
        raise BankError(
            tr(
                "{path}: bad checksum — the puzzles do not match the checksum written when the bank was built (the "
                "file was changed or damaged)",
                path=path,
            )
        )
    return data


@lru_cache(maxsize=None)
def _shipped(game_id: str) -> tuple[dict, ...]:
    return tuple(read_bank(bank_path(game_id), game_id)["puzzles"])


def shipped_info(game_id: str) -> dict[str, Any]:
    """The header of a shipped bank (command, seed, built, count, stats) without the puzzles."""
    data = read_bank(bank_path(game_id), game_id)
    return {k: v for k, v in data.items() if k != "puzzles"}


@lru_cache(maxsize=None)
def practice_only(game_id: str) -> frozenset[str]:
    """The ids of a shipped bank's puzzles added to fill Practice levels (``build --level``, listed in the header's
    ``stats["practice_only"]``): Practice and homework ask them, the lessons' problem sets never draw them."""
    return frozenset(shipped_info(game_id).get("stats", {}).get("practice_only", ()))


def load_puzzles(game_id: str, path: Path | str | None = None) -> list[Puzzle]:
    """Fresh :class:`Puzzle` objects of a game's shipped bank (or of the bank file at ``path``)."""
    check_game_id(game_id)
    raw = _shipped(game_id) if path is None else read_bank(path, game_id)["puzzles"]
    try:
        return [Puzzle.from_dict(d) for d in raw]
    except (KeyError, TypeError, ValueError) as e:
        raise BankError(
            tr("{path}: a puzzle entry cannot be read ({error})", path=path or bank_path(game_id), error=e)
        ) from None


# ---------------------------------------------------------------------------------------------------
# Results kept across processes
# ---------------------------------------------------------------------------------------------------
SHARED_CACHE = "GAMEKIT_SHARED_CACHE"
"""The environment variable naming a folder where :func:`kept` keeps its results for other processes (unset:
each process computes its own).  The test suite sets it, so its workers, the kernels and the servers they start
choose each Practice pool once between them instead of once each."""


@lru_cache(maxsize=None)
def source_digest() -> str:
    """A digest of everything a result read from the shipped banks can depend on: the Python version, every
    module of gamekit and every shipped bank file (a changed line of code or puzzle gives another digest)."""
    root = Path(__file__).resolve().parents[1]
    digest = hashlib.sha256(sys.version.encode())
    for path in sorted([*root.rglob("*.py"), *DATA_DIR.glob("*.json.gz")]):
        digest.update(str(path.relative_to(root)).encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()[:20]


def kept(name: str, compute: Callable[[], Any]) -> Any:
    """``compute()``, a result that depends only on gamekit's code and its shipped banks, kept under ``name`` in
    the folder :data:`SHARED_CACHE` names (by :func:`source_digest`, so code or banks changed since give a new
    file); another process asking for the same ``name`` reads it instead of computing it again.  A process that
    finds the file missing computes it while holding a lock on that name, so processes that ask at the same
    moment wait for the first and read its result.  Without the variable, or when the folder cannot be used or
    its file read, the result is computed here."""
    folder = os.environ.get(SHARED_CACHE)
    if not folder:
        return compute()
    path = Path(folder) / source_digest() / f"{hashlib.sha256(name.encode()).hexdigest()[:24]}.pickle"
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        lock = open(path.with_suffix(".lock"), "a+b")
    except OSError:
        return compute()
    with lock:
        _lock(lock)
        try:
            with open(path, "rb") as f:
                found = pickle.load(f)
            if isinstance(found, tuple) and len(found) == 2 and found[0] == name:
                return found[1]
        except (OSError, EOFError, pickle.UnpicklingError, AttributeError, ImportError, IndexError, TypeError):
            pass
        result = compute()
        try:
            tmp = path.with_suffix(f".{os.getpid()}.tmp")
            with open(tmp, "wb") as f:
                pickle.dump((name, result), f, protocol=pickle.HIGHEST_PROTOCOL)
            os.replace(tmp, path)
        except (OSError, pickle.PicklingError, TypeError, AttributeError):
            pass
        return result


def _lock(file: Any) -> None:
    """An exclusive lock on ``file`` until it is closed (where the system has one; elsewhere none)."""
    try:
        import fcntl
    except ImportError:  # Windows: processes may then compute the same result side by side
        return
    fcntl.flock(file.fileno(), fcntl.LOCK_EX)
