"""A throwaway PostgreSQL server in a temporary directory — for the tests, the benchmark and trying the room
server on PostgreSQL without setting one up:

    python -m gamekit.rooms.pgtemp          # prints a postgresql:// address, serves until Ctrl+C, then deletes all

It runs Debian's (or any) ``initdb``/``pg_ctl`` (found on ``PATH`` or in ``/usr/lib/postgresql/*/bin``), listens
on a free loopback port only, trusts local connections (user ``gamekit``, no password) and is deleted when
stopped.  PostgreSQL refuses to run as root: as root it runs as the ``postgres`` user Debian's package creates
(through ``runuser``), or as ``nobody``.
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from pathlib import Path

__all__ = ["TempPostgres", "find_pg_bin", "PostgresUnavailable"]


class PostgresUnavailable(RuntimeError):
    """No PostgreSQL server programs were found (or they could not be started); the message says which."""


def find_pg_bin() -> Path | None:
    """The folder of ``initdb`` and ``pg_ctl``: on PATH, else the newest ``/usr/lib/postgresql/N/bin``."""
    found = shutil.which("pg_ctl")
    if found and shutil.which("initdb"):
        return Path(os.path.realpath(found)).parent
    versions = sorted(
        glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"),
        key=lambda p: int(p.split("/")[4]) if p.split("/")[4].isdigit() else 0,
    )
    return Path(versions[-1]).parent if versions else None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class TempPostgres:
    """``with TempPostgres() as pg: pg.url("rooms")`` — a database ``rooms`` made on first use.

    ``fast=True`` turns off ``fsync`` (tests: a crash of the room server is what they try, not a power cut)."""

    def __init__(self, fast: bool = False, user: str = "gamekit"):
        self.fast, self.user = fast, user
        self.bin = find_pg_bin()
        if self.bin is None:
            raise PostgresUnavailable(
                "no PostgreSQL server programs (initdb, pg_ctl) found: install Debian's "
                "postgresql package (apt-get install postgresql)"
            )
        self.dir: Path | None = None
        self.port = 0
        self.databases: set[str] = set()

    def _as_owner(self) -> list[str]:
        """The command prefix that runs a PostgreSQL program as a user it accepts."""
        if os.geteuid() != 0:
            return []
        for name in ("postgres", "nobody"):
            try:
                pwd.getpwnam(name)
            except KeyError:
                continue
            runuser = shutil.which("runuser") or "/usr/sbin/runuser"
            return [runuser, "-u", name, "--"]
        raise PostgresUnavailable("running as root, and there is no 'postgres' or 'nobody' user to run PostgreSQL as")

    def _owner(self) -> tuple[int, int] | None:
        if os.geteuid() != 0:
            return None
        for name in ("postgres", "nobody"):
            try:
                entry = pwd.getpwnam(name)
            except KeyError:
                continue
            return entry.pw_uid, entry.pw_gid
        return None

    def start(self) -> "TempPostgres":
        self.dir = Path(tempfile.mkdtemp(prefix="gamekit-pg-"))
        owner = self._owner()
        if owner:
            os.chown(self.dir, *owner)
        prefix = self._as_owner()
        data = self.dir / "data"
        done = subprocess.run(
            [
                *prefix,
                str(self.bin / "initdb"),
                "-D",
                str(data),
                "--auth=trust",
                "-U",
                self.user,
                "-E",
                "UTF8",
                "--locale=C.UTF-8",
                "--no-sync",
            ],
            capture_output=True,
            text=True,
        )
        if done.returncode != 0:
            self.stop()
            raise PostgresUnavailable(f"initdb failed: {done.stderr.strip()[-500:]}")
        options = ["-p {port}", f"-k {self.dir}", "-c listen_addresses=127.0.0.1", "-c max_connections=200"]
        if self.fast:
            options += ["-c fsync=off", "-c full_page_writes=off"]
        for _ in range(5):  # a port taken between choosing and binding: try another
            self.port = _free_port()
            done = subprocess.run(
                [
                    *prefix,
                    str(self.bin / "pg_ctl"),
                    "-D",
                    str(data),
                    "-l",
                    str(self.dir / "log"),
                    "-w",
                    "-t",
                    "60",
                    "-o",
                    " ".join(options).replace("{port}", str(self.port)),
                    "start",
                ],
                capture_output=True,
                text=True,
            )
            if done.returncode == 0:
                return self
        log = (self.dir / "log").read_text()[-1000:] if (self.dir / "log").exists() else ""
        self.stop()
        raise PostgresUnavailable(f"pg_ctl start failed: {done.stderr.strip()[-300:]} {log}")

    def url(self, database: str = "postgres") -> str:
        """The address of ``database`` (created if this server has not made it yet)."""
        if database != "postgres" and database not in self.databases:
            import psycopg  # only the callers that make databases need psycopg

            with psycopg.connect(self.url("postgres"), autocommit=True) as admin:
                admin.execute(f'CREATE DATABASE "{database}"')
            self.databases.add(database)
        return f"postgresql://{self.user}@127.0.0.1:{self.port}/{database}"

    def stop(self) -> None:
        """Stop the server at once (nothing to keep) and delete its directory."""
        if self.dir is None:
            return
        if (self.dir / "data" / "postmaster.pid").exists():
            subprocess.run(
                [
                    *self._as_owner(),
                    str(self.bin / "pg_ctl"),
                    "-D",
                    str(self.dir / "data"),
                    "-m",
                    "immediate",
                    "-w",
                    "stop",
                ],
                capture_output=True,
            )
        shutil.rmtree(self.dir, ignore_errors=True)
        self.dir = None

    def __enter__(self) -> "TempPostgres":
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()


def main() -> None:
    with TempPostgres() as pg:
        print(f"PostgreSQL at {pg.url('rooms')}  (a temporary directory: everything goes on Ctrl+C)", flush=True)
        stop = []
        signal.signal(signal.SIGTERM, lambda *a: stop.append(1))
        try:
            while not stop:
                time.sleep(0.5)
        except KeyboardInterrupt:
            pass


if __name__ == "__main__":
    main()
