"""``python -m gamekit.rooms [--host H] [--port P] [--db FILE]``: run the room server."""
from __future__ import annotations

import argparse
import asyncio
import logging
import os
import signal
import socket

from gamekit.rooms.server import GRACE, Clock, RoomServer


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m gamekit.rooms", description="Private online rooms for gamekit games.")
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on (0.0.0.0: the whole network)")
    parser.add_argument("--port", type=int, default=8765)
    parser.add_argument("--db", default="rooms.sqlite3", help="SQLite file (created if missing)")
    parser.add_argument("--base-url", default=None, help="public address for invite links (behind a proxy), "
                                                         "e.g. https://games.school.example")
    parser.add_argument("--prefix", default=os.environ.get("JUPYTERHUB_SERVICE_PREFIX", ""),
                        help="URL path prefix (default: $JUPYTERHUB_SERVICE_PREFIX when run as a JupyterHub service)")
    parser.add_argument("--grace", type=float, default=GRACE,
                        help="seconds an absent player keeps their turn when no time per turn is set")
    parser.add_argument("--sync", choices=("NORMAL", "FULL"), default="NORMAL", help="SQLite synchronous mode")
    parser.add_argument("--rooms-per-minute", type=float, default=60.0, help="room creations allowed per address")
    # for tests: time can be moved on by writing seconds into a file; the sweep/tick can be made faster
    parser.add_argument("--clock-offset-file", default=None, help=argparse.SUPPRESS)
    parser.add_argument("--tick", type=float, default=0.5, help=argparse.SUPPRESS)
    parser.add_argument("--sweep-every", type=float, default=60.0, help=argparse.SUPPRESS)
    parser.add_argument("--fail-before-result", action="store_true", help=argparse.SUPPRESS)   # crash tests
    parser.add_argument("--quiet", action="store_true", help="no access log")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    asyncio.run(serve(args))


async def serve(args: argparse.Namespace) -> None:
    server = RoomServer(args.db, clock=Clock(args.clock_offset_file), grace=args.grace, tick=args.tick,
                        sweep_every=args.sweep_every, rooms_per_minute=args.rooms_per_minute,
                        base_url=args.base_url, synchronous=args.sync, prefix=args.prefix,
                        fail_before_result=args.fail_before_result)
    app = server.app()
    http = app.listen(args.port, args.host, xheaders=args.base_url is not None)
    server.start_ticking()
    server.sweep(server.now())
    if args.base_url:
        shown = args.base_url.rstrip("/") + "/"
    else:
        host = {"127.0.0.1": "localhost", "::1": "localhost", "0.0.0.0": socket.gethostname(),
                "::": socket.gethostname()}.get(args.host, args.host)
        shown = f"http://{host}:{args.port}{server.prefix}/"
    print(f"gamekit rooms: open {shown}  (database {args.db}; Ctrl+C stops)", flush=True)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stop.set)
    await stop.wait()
    http.stop()
    server.store.close()


if __name__ == "__main__":
    main()
