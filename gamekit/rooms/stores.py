"""Opening the rooms' database: ``open_store(db)`` — a file path (SQLite, the default) or a ``postgresql://``
address (PostgreSQL, needs ``pip install "gamekit[postgres]"``)."""

from __future__ import annotations

import importlib
from pathlib import Path

from gamekit.rooms.store import SQLiteStore, SQLStore

__all__ = ["default_db_path", "describe_db", "is_postgres_url", "open_store"]


def default_db_path() -> Path:
    """Where the room server keeps its rooms when no ``--db`` is given: ``rooms.sqlite3`` in the user's data
    directory (``platformdirs.user_data_dir("gamekit")``, next to the lessons' progress file), so running the
    server from a checkout leaves the checkout as it was.  The folder is created when the store opens the file."""
    from platformdirs import user_data_dir

    return Path(user_data_dir("gamekit", appauthor=False)) / "rooms.sqlite3"


def is_postgres_url(db: object) -> bool:
    return isinstance(db, str) and db.startswith(("postgresql://", "postgres://"))


def open_store(db: str | Path, synchronous: str = "NORMAL") -> SQLStore:
    """The store for ``db``: ``postgresql://user@host:port/name`` → PostgreSQL; anything else is the path of
    a SQLite file (created if missing; ``synchronous`` is SQLite's mode, NORMAL or FULL)."""
    if is_postgres_url(db):
        try:
            module = importlib.import_module("gamekit.rooms.store_pg")
        except ImportError as missing:
            raise RuntimeError(
                f'--db {describe_db(db)}: PostgreSQL needs psycopg 3 (pip install "gamekit[postgres]"): {missing}'
            ) from None
        return module.PostgresStore(str(db))
    return SQLiteStore(db, synchronous=synchronous)


def describe_db(db: str | Path) -> str:
    """``db`` as the server prints it: a PostgreSQL address without its password."""
    text = str(db)
    if is_postgres_url(text) and "@" in text:
        scheme, rest = text.split("://", 1)
        creds, host = rest.rsplit("@", 1)
        return f"{scheme}://{creds.split(':', 1)[0]}@{host}"
    return text
