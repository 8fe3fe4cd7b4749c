"""``python -m gamekit.rooms [--host H] [--port P] [--db FILE|postgresql://…] [--workers N]``: run the room server
(with ``--workers N``: N worker processes behind HAProxy, :mod:`gamekit.rooms.workers`)."""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import signal
import socket
import sys
from pathlib import Path

from gamekit.rooms.leases import TTL, TTL_RANGE, new_worker_id

from gamekit.rooms.gc_tuning import tune_gc
from gamekit.rooms.limits import (
    BODY_TIMEOUT,
    CONNECTIONS_PER_ADDRESS,
    IDLE_TIMEOUT,
    MAX_BODY_SIZE,
    MAX_HEADER_SIZE,
    SEND_BUFFER,
    SEND_QUEUE_BYTES,
    SEND_QUEUE_MESSAGES,
    RoomHTTPServer,
)
from gamekit.rooms.proxy import HEALTH_INTERVAL, HEALTH_INTERVAL_RANGE
from gamekit.rooms.server import GRACE, Clock, RoomServer
from gamekit.rooms.store_interface import StoreError
from gamekit.rooms.stores import default_db_path, describe_db
from gamekit.rooms.workers import RESTART_DELAY, RESTART_DELAY_RANGE


def _positive(text: str) -> float:
    value = float(text)
    if not 0 < value < 1e6:
        raise argparse.ArgumentTypeError(f"{text!r}: a number of seconds above 0")
    return value


def _whole(text: str) -> int:
    value = int(text)
    if value < 0:
        raise argparse.ArgumentTypeError(f"{text!r}: a whole number, 0 or more")
    return value


def _seconds(low: float, high: float):
    """An argparse type: a number of seconds from ``low`` to ``high`` (argparse's message names the option)."""

    def parse(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r}: a number of seconds") from None
        if not low <= value <= high:  # also refuses nan
            raise argparse.ArgumentTypeError(f"{text!r}: from {low:g} to {high:g} seconds")
        return value

    return parse


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        prog="python -m gamekit.rooms", description="Private online rooms for gamekit games."
    )
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on (0.0.0.0: the whole network)")
    parser.add_argument("--port", type=int, default=8765)
    parser.add_argument(
        "--db",
        default=None,
        help=f"SQLite file (created if missing; default {default_db_path()}), or a PostgreSQL address "
        "postgresql://user@host/name "
        '(several server processes may share it; docs/rooms.md, "Storage")',
    )
    parser.add_argument(
        "--base-url",
        default=None,
        help="public address for invite links (behind a proxy), e.g. https://games.school.example",
    )
    parser.add_argument(
        "--prefix",
        default=os.environ.get("JUPYTERHUB_SERVICE_PREFIX", ""),
        help="URL path prefix (default: $JUPYTERHUB_SERVICE_PREFIX when run as a JupyterHub service)",
    )
    parser.add_argument(
        "--grace",
        type=float,
        default=GRACE,
        help="seconds an absent player keeps their turn when no time per turn is set",
    )
    parser.add_argument("--sync", choices=("NORMAL", "FULL"), default="NORMAL", help="SQLite synchronous mode")
    parser.add_argument("--rooms-per-minute", type=float, default=60.0, help="room creations allowed per address")
    limits = parser.add_argument_group('connection limits (docs/rooms.md, "Limits and timeouts")')
    limits.add_argument(
        "--idle-timeout",
        type=_positive,
        default=IDLE_TIMEOUT,
        metavar="S",
        help=f"seconds for a request's headers to arrive and between keep-alive requests (default {IDLE_TIMEOUT:g})",
    )
    limits.add_argument(
        "--body-timeout",
        type=_positive,
        default=BODY_TIMEOUT,
        metavar="S",
        help=f"seconds for a request's body to arrive (default {BODY_TIMEOUT:g})",
    )
    limits.add_argument(
        "--max-header-size",
        type=_whole,
        default=MAX_HEADER_SIZE,
        metavar="BYTES",
        help=f"request line and headers (default {MAX_HEADER_SIZE})",
    )
    limits.add_argument(
        "--max-connections-per-address",
        type=_whole,
        default=CONNECTIONS_PER_ADDRESS,
        metavar="N",
        help=f"open connections from one client address, 0 for no cap (default "
        f"{CONNECTIONS_PER_ADDRESS}; behind a proxy --base-url/--prefix, loopback is not capped)",
    )
    limits.add_argument(
        "--send-queue",
        type=_whole,
        default=SEND_QUEUE_BYTES,
        metavar="BYTES",
        help=f"bytes a connection may have waiting to be sent before its reader is dropped "
        f"(default {SEND_QUEUE_BYTES})",
    )
    limits.add_argument(
        "--send-buffer",
        type=_whole,
        default=SEND_BUFFER,
        metavar="BYTES",
        help=f"kernel send buffer of each connection, 0 for the system's (default {SEND_BUFFER})",
    )
    several = parser.add_argument_group('several processes (docs/rooms.md, "Several processes")')
    several.add_argument(
        "--workers",
        type=_whole,
        default=0,
        metavar="N",
        help="run N worker processes behind HAProxy, which listens on --host/--port and routes each "
        "room to one worker by a consistent hash of its id (default 0: one process, no proxy)",
    )
    several.add_argument(
        "--worker-ports",
        default=None,
        metavar="P1,P2,…",
        help="the workers' loopback ports (default: the N ports after --port)",
    )
    several.add_argument(
        "--proxy",
        choices=("haproxy", "none"),
        default="haproxy",
        help="start HAProxy in front of the workers, or none (you run the proxy: see --proxy-config)",
    )
    several.add_argument("--proxy-config", default=None, metavar="FILE", help="write the HAProxy configuration here")
    several.add_argument(
        "--worker-name",
        default=None,
        metavar="NAME",
        help="run as one worker of several, registered under NAME (the supervisor sets it; "
        "set it yourself when a service manager starts the workers)",
    )
    several.add_argument(
        "--lease-ttl",
        type=_seconds(*TTL_RANGE),
        default=TTL,
        metavar="S",
        help=f"seconds without a heartbeat after which a worker counts as dead and its rooms may be taken "
        f"({TTL_RANGE[0]:g}–{TTL_RANGE[1]:g}, default {TTL:g}; the same for every worker of a database)",
    )
    several.add_argument(
        "--health-interval",
        type=_seconds(*HEALTH_INTERVAL_RANGE),
        default=HEALTH_INTERVAL,
        metavar="S",
        help=f"seconds between HAProxy's health checks of each worker ({HEALTH_INTERVAL_RANGE[0]:g}–"
        f"{HEALTH_INTERVAL_RANGE[1]:g}, default {HEALTH_INTERVAL:g})",
    )
    several.add_argument(
        "--restart-delay",
        type=_seconds(*RESTART_DELAY_RANGE),
        default=RESTART_DELAY,
        metavar="S",
        help=f"seconds before a worker that died is started again, doubled while it keeps dying at once "
        f"({RESTART_DELAY_RANGE[0]:g}–{RESTART_DELAY_RANGE[1]:g}, default {RESTART_DELAY:g})",
    )
    # for tests: time can be moved on by writing seconds into a file; the sweep/tick can be made faster
    parser.add_argument("--clock-offset-file", default=None, help=argparse.SUPPRESS)
    parser.add_argument("--tick", type=float, default=0.5, help=argparse.SUPPRESS)
    parser.add_argument("--sweep-every", type=float, default=60.0, help=argparse.SUPPRESS)
    parser.add_argument("--fail-before-result", action="store_true", help=argparse.SUPPRESS)  # crash tests
    parser.add_argument("--kill-before-batch", action="store_true", help=argparse.SUPPRESS)  # group commit tests
    parser.add_argument("--quiet", action="store_true", help="no access log")
    args = parser.parse_args(argv)
    if args.db is None:  # the user's data directory, not wherever the server was started from
        args.db = str(default_db_path())
        Path(args.db).parent.mkdir(parents=True, exist_ok=True)
    if args.workers and args.worker_name:
        parser.error("--workers and --worker-name go to different processes")
    if args.worker_name is not None:
        try:
            new_worker_id(args.worker_name)
        except ValueError as error:
            parser.error(str(error))
    if args.max_header_size < 1024 or args.send_queue < 64 * 1024:
        parser.error("--max-header-size must be at least 1024 and --send-queue at least 65536")
    logging.basicConfig(
        level=logging.WARNING if args.quiet else logging.INFO, format="%(asctime)s %(levelname)s %(message)s"
    )
    if args.workers:
        from gamekit.rooms.workers import supervise

        try:
            sys.exit(supervise(args, sys.argv[1:] if argv is None else list(argv)))
        except (ValueError, RuntimeError) as error:
            parser.exit(2, f"{parser.prog}: error: {error}\n")
    try:
        asyncio.run(serve(args))
    except StoreError as refused:  # no database to serve from (unreachable, or made by a newer gamekit)
        parser.exit(2, f"python -m gamekit.rooms: --db {describe_db(args.db)}: {refused}\n")


async def serve(args: argparse.Namespace) -> None:
    server = RoomServer(
        args.db,
        clock=Clock(args.clock_offset_file),
        grace=args.grace,
        tick=args.tick,
        sweep_every=args.sweep_every,
        rooms_per_minute=args.rooms_per_minute,
        base_url=args.base_url,
        synchronous=args.sync,
        prefix=args.prefix,
        fail_before_result=args.fail_before_result,
        send_queue_bytes=args.send_queue,
        send_queue_messages=SEND_QUEUE_MESSAGES,
        kill_before_batch=args.kill_before_batch,
    )
    ownership = None
    if args.worker_name:  # one of several workers (gamekit.rooms.workers): room leases, /healthz
        from gamekit.rooms.workers import Ownership

        ownership = Ownership(server, args.db, args.worker_name, args.lease_ttl)
    app = server.app()
    behind_proxy = args.base_url is not None or bool(server.prefix) or ownership is not None
    http = RoomHTTPServer(
        app,
        xheaders=args.base_url is not None or ownership is not None,
        idle_connection_timeout=args.idle_timeout,
        body_timeout=args.body_timeout,
        max_header_size=args.max_header_size,
        max_body_size=MAX_BODY_SIZE,
        per_address=args.max_connections_per_address,
        exempt_loopback=behind_proxy,
        send_buffer=args.send_buffer,
    )
    http.listen(args.port, args.host)
    if ownership is not None:
        ownership.start()
    ticking = server.start_ticking()
    server.sweep(server.now())
    tune_gc()  # after start-up: docs/rooms.md, "The p99 at 1000 rooms"
    if args.base_url:
        shown = args.base_url.rstrip("/") + "/"
    else:
        host = {
            "127.0.0.1": "localhost",
            "::1": "localhost",
            "0.0.0.0": socket.gethostname(),
            "::": socket.gethostname(),
        }.get(args.host, args.host)
        shown = f"http://{host}:{args.port}{server.prefix}/"
    if ownership is None:
        print(f"gamekit rooms: open {shown}  (database {describe_db(args.db)}; Ctrl+C stops)", flush=True)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stop.set)
    await stop.wait()
    ticking.stop()  # before the store closes: a tick during shutdown found it closed (traceback)
    http.stop()
    if ownership is not None:
        ownership.stop()  # its rooms' connections closed (they reconnect elsewhere), leases deleted
    if getattr(server, "reviews", None) is not None:
        server.reviews.close()  # the review worker process, if one was started
    server.close()  # what waits for its commit is committed, then the store closes


if __name__ == "__main__":
    main()
