"""The proxy in front of several room workers: an HAProxy configuration, and HAProxy run as a child process.

Routing (docs/rooms.md, "Several processes"):

* ``/r/ROOM`` and ``/ws/ROOM`` (under the prefix, if any) go to one worker chosen by a **consistent hash of
  the room id** (HAProxy ``balance hash`` on the path segment, ``hash-type consistent``): a room's page and
  its WebSockets reach the same process, and when a worker is down only its share of rooms moves.
* ``/api/groups/GROUP/…`` go by a consistent hash of the group id: a group's find-an-opponent queue lives in
  one process.
* Everything else — the create page, ``POST /api/rooms``, group pages, static files — goes to any worker
  (``balance source``: one client address to one worker, so the per-address limits stay exact).

Each worker is health-checked (``GET /healthz`` every ``health_interval`` — 2 s by default, ``--health-interval``
— and every 0.25 s once one failed, every 1 s while it is down; both at most the interval); one that fails three
times running is out of every backend and its sessions are cut (``on-marked-down shutdown-sessions``), so its
pages reconnect — to a survivor, which loads their rooms from the database (:mod:`gamekit.rooms.leases`); one
that is down is back after two checks that pass. A worker that died refuses connections at once, so it is out
within a second, and HAProxy retries and sends its connections to another worker (``option redispatch``) even
before that. An answer may take 10 s: an overloaded worker's event loop lags seconds (1000 rooms on a saturated
machine: median round trip 5 s); with 3 s, a benchmark run lost the connections to its one busy worker mid-run
(the checks timing out is the likely cause), and cutting an overloaded worker's sessions only sends all of its
players back to it at once. Each server has weight 256, the most points on the hash ring, so that rooms spread
evenly (weight 1: 170/230 of 400 rooms; 256: 201/199). HAProxy keeps no access log here (room ids in paths are
invite keys).
"""

from __future__ import annotations

import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

from gamekit.rooms.leases import check_seconds

__all__ = [
    "Backend",
    "haproxy_config",
    "haproxy_path",
    "check_config",
    "start_haproxy",
    "HAPROXY_MISSING",
    "HEALTH_INTERVAL",
    "HEALTH_INTERVAL_RANGE",
]

# seconds between two health checks of a worker that answers (``--health-interval``); a shorter interval sees a
# hung worker sooner and a restarted one back sooner, at the cost of more checks
HEALTH_INTERVAL = 2.0
HEALTH_INTERVAL_RANGE = (0.1, 60.0)
FAST_INTERVAL = 0.25  # seconds between checks once one failed (HAProxy's fastinter), at most the interval
DOWN_INTERVAL = 1.0  # seconds between checks of a worker that is down (downinter), at most the interval

HAPROXY_MISSING = (
    "HAProxy is not installed (Debian/Ubuntu: apt-get install haproxy); or start the workers "
    'with --proxy none and route them with your own proxy (docs/rooms.md, "Several processes")'
)


@dataclass(frozen=True)
class Backend:
    """One worker the proxy sends requests to."""

    name: str
    host: str
    port: int


def _segments(prefix: str) -> int:
    return len([part for part in prefix.strip("/").split("/") if part])


def haproxy_config(
    listen_host: str,
    listen_port: int,
    workers: list[Backend],
    prefix: str = "",
    idle_timeout: float = 30.0,
    per_address: int = 500,
    maxconn: int | None = None,
    health_interval: float = HEALTH_INTERVAL,
) -> str:
    """The HAProxy configuration: listen on ``listen_host:listen_port`` and route to ``workers`` as described
    in the module's docstring.  ``per_address``: open connections one client address may hold (0: no cap;
    the next one is answered 503).  ``prefix``: the path prefix the workers serve under (``--prefix``).
    ``maxconn``: connections HAProxy accepts at once (default: what the open-file limit allows, at most
    20000 — each client connection takes two descriptors, the client's and the worker's).
    ``health_interval``: seconds between two health checks of a worker (:data:`HEALTH_INTERVAL_RANGE`)."""
    interval = check_seconds("health_interval", health_interval, *HEALTH_INTERVAL_RANGE)
    if not workers:
        raise ValueError("workers: at least one worker is needed")
    names = [w.name for w in workers]
    if len(set(names)) != len(names):
        raise ValueError(f"workers: the names must differ, got {names}")
    prefix = "/" + prefix.strip("/") if prefix.strip("/") else ""
    for part in prefix.split("/"):
        if part and not all(c.isalnum() or c in "_.-" for c in part):
            raise ValueError(f"prefix {prefix!r}: letters, digits, '_', '.', '-' between slashes")
    depth = _segments(prefix)
    room_field, group_field = 3 + depth, 4 + depth  # "/ws/ROOM" → "", "ws", "ROOM"; + the prefix's parts
    idle = max(1, round(idle_timeout))
    checks = (
        f"inter {_ms(interval)} fastinter {_ms(min(FAST_INTERVAL, interval))} "
        f"downinter {_ms(min(DOWN_INTERVAL, interval))}"
    )
    if maxconn is None:
        maxconn = default_maxconn()
    limit = (
        (
            f"    stick-table type ip size 200k expire 60s store conn_cur\n"
            f"    http-request track-sc0 src\n"
            f"    http-request deny deny_status 503 if {{ sc0_conn_cur gt {per_address} }}\n"
        )
        if per_address
        else ""
    )

    def servers(track: bool) -> str:
        return "".join(
            f"    server {w.name} {w.host}:{w.port} weight 256" + (f" track by_room/{w.name}\n" if track else "\n")
            for w in workers
        )

    return f"""# gamekit rooms: {len(workers)} worker(s) behind HAProxy (written by gamekit.rooms.proxy; docs/rooms.md)
global
    maxconn {maxconn}

defaults
    mode http
    timeout connect 2s
    timeout client 60s
    timeout server 60s
    timeout http-request {idle}s
    timeout http-keep-alive {idle}s
    timeout tunnel 120s
    timeout client-fin 5s
    option forwardfor
    option redispatch
    retries 3

frontend rooms
    bind {listen_host}:{listen_port}
{limit}    acl room_path path_reg ^{prefix}/(r|ws)/[A-Za-z0-9_-]{{8,64}}$
    acl group_api path_reg ^{prefix}/api/groups/[A-Za-z0-9_-]{{8,64}}/
    use_backend by_room if room_path
    use_backend by_group if group_api
    default_backend any

backend by_room
    balance hash path,field({room_field},/)
    hash-type consistent
    option httpchk GET {prefix}/healthz
    http-check expect status 200
    timeout check 10s
    default-server check {checks} fall 3 rise 2 on-marked-down shutdown-sessions weight 256
{servers(False)}
backend by_group
    balance hash path,field({group_field},/)
    hash-type consistent
{servers(True)}
backend any
    balance source
    hash-type consistent
{servers(True)}"""


def _ms(seconds: float) -> str:
    return f"{round(seconds * 1000)}ms"


def default_maxconn() -> int:
    try:
        import resource

        limit = resource.getrlimit(resource.RLIMIT_NOFILE)[1]
    except (ImportError, OSError, ValueError):
        limit = 4096
    if limit == getattr(__import__("resource"), "RLIM_INFINITY", -1) or limit <= 0:
        limit = 40100
    return max(256, min(20000, (limit - 100) // 2))


def haproxy_path() -> str | None:
    return shutil.which("haproxy") or next(
        (p for p in ("/usr/sbin/haproxy", "/usr/local/sbin/haproxy") if Path(p).exists()), None
    )


def check_config(path: str | Path) -> None:
    """``haproxy -c``: raises ``RuntimeError`` with HAProxy's message when the file is not valid."""
    exe = haproxy_path()
    if exe is None:
        raise RuntimeError(HAPROXY_MISSING)
    done = subprocess.run([exe, "-c", "-q", "-f", str(path)], capture_output=True, text=True)
    if done.returncode != 0:
        raise RuntimeError(f"HAProxy refused {path}: {(done.stderr or done.stdout).strip()[:2000]}")


def start_haproxy(path: str | Path) -> subprocess.Popen:
    """Run HAProxy in the foreground on the configuration ``path`` (a child process: stop it with terminate)."""
    exe = haproxy_path()
    if exe is None:
        raise RuntimeError(HAPROXY_MISSING)
    check_config(path)
    return subprocess.Popen([exe, "-db", "-f", str(path)], stdin=subprocess.DEVNULL)
