"""The room server for tests: started for real (a subprocess on a free loopback port, a temporary SQLite
file or a database of its own on a real PostgreSQL server), never mocked.  ``rooms`` is one server per test
module, ``fresh_rooms`` one per test; ``rooms.kill()`` sends SIGKILL and ``rooms.start()`` brings it back on the
same database; ``rooms.advance(seconds)`` moves its clock on (the server reads the offset from a file), so
expiry and grace periods are tested without waiting; ``rooms.sql(query, args)`` reads or changes its database
directly (``?`` for each value, on either store).

Every test that uses a server runs twice: on SQLite (``[sqlite]``) and on PostgreSQL (``[postgres]``, marked
``postgres``: ``-m "not postgres"`` leaves those out) — except the page tests in Chromium (the ``*_browser.py``
modules), which run on one store each, named at the module's top with :func:`page_store`: what they assert is what a
page shows and sends, the same on either store, and a page load costs about 4 s of CPU, so both runs cost about 100 s
of the suite's ten minutes (docs/test-timing.md).  The modules are split between the two stores so that each store
serves real pages in Chromium; the store itself is tested without a browser, on both.

The PostgreSQL server is Debian's, started once per test session in a temporary directory
(:class:`gamekit.rooms.pgtemp.TempPostgres`); each room server gets a database of its own on it.  Without
PostgreSQL's programs the ``[postgres]`` tests are skipped with the reason — unless ``GAMEKIT_REQUIRE_POSTGRES=1``
(CI), which fails them.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import sqlite3
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
STORES = ["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class RoomsServer:
    def __init__(self, tmp: Path, grace: float = 60.0, extra: tuple[str, ...] = (), db: str | Path | None = None):
        self.tmp = tmp
        self.db = db if db is not None else tmp / "rooms.sqlite3"  # a SQLite file or a postgresql:// address
        self.offset_file = tmp / "clock-offset"
        self.offset_file.write_text("0")
        self.offset = 0.0
        self.grace, self.extra = grace, extra
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.process: subprocess.Popen | None = None
        self.log = tmp / "server.log"

    def start(self) -> None:
        env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
        with open(self.log, "a") as out:
            self.process = subprocess.Popen(
                [
                    sys.executable,
                    "-m",
                    "gamekit.rooms",
                    "--host",
                    "127.0.0.1",
                    "--port",
                    str(self.port),
                    "--db",
                    str(self.db),
                    "--grace",
                    str(self.grace),
                    "--clock-offset-file",
                    str(self.offset_file),
                    "--tick",
                    "0.05",
                    "--sweep-every",
                    "0.2",
                    "--rooms-per-minute",
                    "6000",
                    *self.extra,
                ],
                stdout=out,
                stderr=subprocess.STDOUT,
                env=env,
                cwd=self.tmp,
            )
        deadline = time.time() + 30
        while time.time() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"room server exited:\n{self.log.read_text()[-3000:]}")
            try:
                with urllib.request.urlopen(self.url + "/", timeout=1):
                    return
            except urllib.error.HTTPError:
                return  # it answers (a 404 under a --prefix)
            except OSError:
                time.sleep(0.1)
        self.process.kill()
        self.process.wait()
        raise RuntimeError("room server did not start in 30 s")

    def kill(self) -> None:
        """SIGKILL: no clean shutdown, no chance to flush anything."""
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=10)

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()

    def advance(self, seconds: float) -> None:
        self.offset += seconds
        self.offset_file.write_text(str(self.offset))

    def post(self, body: bytes | dict, path: str = "/api/rooms") -> tuple[int, dict]:
        data = body if isinstance(body, bytes) else json.dumps(body).encode()
        request = urllib.request.Request(
            self.url + path, data=data, method="POST", headers={"Content-Type": "application/json"}
        )
        try:
            with urllib.request.urlopen(request, timeout=10) as response:
                return response.status, json.loads(response.read())
        except urllib.error.HTTPError as error:
            return error.code, json.loads(error.read() or b"{}")

    def get(self, path: str) -> tuple[int, str]:
        try:
            with urllib.request.urlopen(self.url + path, timeout=10) as response:
                return response.status, response.read().decode()
        except urllib.error.HTTPError as error:
            return error.code, error.read().decode()

    @property
    def on_postgres(self) -> bool:
        return str(self.db).startswith("postgresql://")

    def sql(self, query: str, args: tuple = ()) -> list[tuple]:
        """Run one statement on the server's database (committed); its rows (``[]`` for a change)."""
        if self.on_postgres:
            import psycopg

            with psycopg.connect(str(self.db), autocommit=True) as db:
                cursor = db.execute(query.replace("?", "%s"), args)
                return [tuple(r) for r in cursor.fetchall()] if cursor.description else []
        db = sqlite3.connect(self.db)
        try:
            with db:
                return [tuple(r) for r in db.execute(query, args).fetchall()]
        finally:
            db.close()

    def fresh_db(self) -> str | Path:
        """Another database on the same kind of store (for a second server of a test's own)."""
        made = self.make_db() if self.make_db else None
        return made if made is not None else self.tmp / f"rooms-{free_port()}.sqlite3"

    make_db = None

    def create(self, game: str = "dots", timer: int = 0, **options) -> dict:
        status, data = self.post({"game": game, "options": options, "timer": timer})
        assert status == 201, data
        return data


@pytest.fixture(scope="session")
def postgres():
    """A real PostgreSQL server for the whole session, in a temporary directory (deleted at the end)."""
    from gamekit.rooms.pgtemp import PostgresUnavailable, TempPostgres

    try:
        import psycopg  # noqa: F401

        server = TempPostgres(fast=True).start()
    except (ImportError, PostgresUnavailable) as missing:
        reason = f"no PostgreSQL for the [postgres] tests: {missing}"
        if os.environ.get("GAMEKIT_REQUIRE_POSTGRES") == "1":
            pytest.fail(f"PostgreSQL tests required (GAMEKIT_REQUIRE_POSTGRES=1), but {reason}")
        pytest.skip(reason)
    yield server
    server.stop()


@pytest.fixture(scope="module", params=STORES)
def store_kind(request) -> str:
    """ "sqlite" or "postgres": every test that uses a room server runs on both stores."""
    return request.param


def page_store(kind: str):
    """A module's ``store_kind`` fixture on ``kind`` ("sqlite" or "postgres") alone, for the page tests in Chromium
    (``store_kind = page_store("postgres")`` at the module's top): see this file's docstring."""
    chosen = [p for p in STORES if (p if isinstance(p, str) else p.values[0]) == kind]
    if not chosen:
        raise ValueError(f"page_store: unknown store {kind!r}; expected one of 'sqlite', 'postgres'")

    @pytest.fixture(scope="module", params=chosen)
    def store_kind(request) -> str:
        return request.param

    return store_kind


@pytest.fixture(scope="module")
def new_db(store_kind, request):
    """``new_db(tmp)`` → a fresh database for one room server: a SQLite file in ``tmp``, or a new database
    on the session's PostgreSQL server."""
    if store_kind == "sqlite":
        return lambda tmp: tmp / "rooms.sqlite3"
    pg = request.getfixturevalue("postgres")
    names = iter(range(10**6))
    worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
    module = "".join(c if c.isalnum() else "_" for c in request.module.__name__.rsplit(".", 1)[-1])[:30]
    return lambda tmp: pg.url(f"{module}_{worker}_{next(names)}_{os.getpid()}".lower())


def _serve(tmp: Path, new_db):
    server = RoomsServer(tmp, db=new_db(tmp))
    server.make_db = lambda: new_db(tmp) if server.on_postgres else None
    server.start()
    return server


@pytest.fixture(scope="module")
def rooms(tmp_path_factory, new_db):
    """One real server per test module (each test makes its own rooms)."""
    server = _serve(tmp_path_factory.mktemp("rooms"), new_db)
    yield server
    server.stop()


@pytest.fixture
def fresh_rooms(tmp_path, new_db):
    """A server of the test's own (for tests that kill it or move its clock on)."""
    server = _serve(tmp_path, new_db)
    yield server
    server.stop()


@pytest.fixture
def connect():
    """``connect(link, token=None)`` → a RoomClient, closed after the test."""
    from gamekit.rooms.client import RoomClient

    clients = []

    def make(link: str, token: str | None = None, hello: bool = True) -> RoomClient:
        client = RoomClient(link, token=token, hello=hello, timeout=10)
        clients.append(client)
        return client

    yield make
    for client in clients:
        client.close()


@pytest.fixture
def pair(rooms, connect):
    """``pair(game="dots", timer=0, server=rooms, **options)`` → (room info, creator, guest): a room (Dots:
    3 × 3 boxes unless options say otherwise) with both seats connected."""

    def make(game: str = "dots", timer: int = 0, server=None, **options):
        server = server or rooms
        info = server.create(game, timer=timer, **(options or ({"width": 3, "height": 3} if game == "dots" else {})))
        creator = connect(info["link"], token=info["token"])
        guest = connect(info["link"])
        creator.wait(lambda s: s["seats"][1]["connected"])
        return info, creator, guest

    return make


@pytest.fixture(scope="session")
def drawn_dots_moves() -> list[str]:
    """The moves of a 4 × 4-box Dots game (first player 0, no alternating start) that ends 8–8: random legal
    moves, from the first seed that happens to draw; for rated-draw tests over the API and in Chromium."""
    import random

    from gamekit.dots.rules import DotsAndBoxes

    for seed in range(1000):
        rng, game = random.Random(seed), DotsAndBoxes(4, 4, first=0, alternate_start=False)
        while not game.is_over():
            game.play(rng.choice(game.legal_moves()))
        if list(game.scores) == [8, 8]:
            return list(game.history)
    raise AssertionError("no drawn game found")


# ----- real Chromium (Playwright), launched as tests/browser/conftest.py does --------------------------------------
def _browser_helpers():
    import importlib.util

    spec = importlib.util.spec_from_file_location("gamekit_browser_helpers", ROOT / "tests" / "browser" / "conftest.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="session")
def chromium(request):
    helpers = _browser_helpers()
    reason = None
    if helpers.chromium_path() is None:
        reason = "no Chromium found (looked for /usr/bin/chromium)"
    else:
        try:
            import playwright  # noqa: F401
        except ImportError:
            reason = "the playwright package is not installed"
    if reason:
        if os.environ.get("GAMEKIT_REQUIRE_BROWSER") == "1":
            pytest.fail(f"browser test required (GAMEKIT_REQUIRE_BROWSER=1) but {reason}")
        pytest.skip(reason)
    playwright = request.getfixturevalue("playwright_session")  # the run's one Playwright (root conftest)
    browser = playwright.chromium.launch(
        executable_path=helpers.chromium_path(), headless=True, args=helpers.CHROMIUM_ARGS
    )
    yield browser
    browser.close()


@pytest.fixture
def person(chromium):
    """``person()`` → a page in a browser context of its own (its own localStorage: a separate person)."""
    contexts = []

    def make(touch: bool = False):
        # bypass_csp: the page forbids eval, which Playwright's wait_for_function needs
        context = chromium.new_context(viewport={"width": 700, "height": 900}, has_touch=touch, bypass_csp=True)
        contexts.append(context)
        page = context.new_page()
        page.errors = []
        page.on("pageerror", lambda error: page.errors.append(str(error)))
        return page

    yield make
    for context in contexts:
        context.close()


@pytest.fixture
def server_with(tmp_path, new_db):
    """``server_with(*options)`` → a server of the test's own, started with these extra command-line options."""
    servers = []

    def make(*extra: str) -> RoomsServer:
        server = RoomsServer(tmp_path, extra=extra, db=new_db(tmp_path) if not servers else servers[0].db)
        servers.append(server)
        server.start()
        return server

    yield make
    for server in servers:
        server.stop()


@pytest.fixture
def slow_limits(server_with):
    """A server with the default request limits (the other fixtures raise them for speed)."""
    return server_with("--rooms-per-minute", "60")
