"""Class benchmark: a group of 40 pupils playing 20 rated rooms at once, on loopback.

The room server runs as its own process (a temporary SQLite file).  A teacher creates a group with a 4 × 4
Dots board; 40 pupils join with nicknames; each round pairs them into 20 rated rooms (one pupil creates the
room through the group API, the other takes its second seat) and all 20 games are played at once to the
end with random legal moves by the simulated players of ``benchmarks.rooms``.  Printed per round: moves per
second, median and p99 move round trip (sent → the server's ``ok``, after the commit to SQLite and, for a
game's last move, after its rated result and both ratings are stored), and at the end a check that the
stored ratings equal a recomputation from the stored results (and that there is one result per game).

    python -m benchmarks.groups                       # 3 rounds, think 0 s (as fast as possible)
    python -m benchmarks.groups --think 1 --rounds 1  # pupils who think about 1 s a move
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import sqlite3
import statistics
import sys
import tempfile
import time
from pathlib import Path

from tornado.httpclient import AsyncHTTPClient, HTTPRequest

from benchmarks.rooms import Player, start_server
from gamekit.rooms import ratings


class TimedList(list):
    """A list of round trips that also keeps when each was measured (GROUPS_BENCH_TRACE=1 prints slow ones)."""

    def __init__(self) -> None:
        super().__init__()
        self.times: list[tuple[float, float]] = []

    def append(self, x: float) -> None:
        super().append(x)
        self.times.append((time.perf_counter(), x))


async def post(http: AsyncHTTPClient, url: str, body: dict) -> dict:
    response = await http.fetch(HTTPRequest(url, method="POST", body=json.dumps(body)))
    return json.loads(response.body)


async def run(pupils: int, rounds: int, think: float, seed: int) -> list[dict]:
    tmp = Path(tempfile.mkdtemp(prefix="gamekit-groups-bench-"))
    http = AsyncHTTPClient(max_clients=50)
    server = await start_server(tmp, http)
    url = server.url
    out = []
    try:
        rng = random.Random(seed)
        group = await post(http, url + "/api/groups", {"name": "Benchmark class"})
        api = f"{url}/api/groups/{group['group']}"
        await post(http, api + "/settings", {"key": group["owner_key"], "settings": {"width": 4, "height": 4}})
        keys = [(await post(http, api + "/join", {"nickname": f"Pupil {i:02d}"}))["key"] for i in range(pupils)]
        for r in range(rounds):
            order = list(range(pupils))
            rng.shuffle(order)
            pairs = [(order[i], order[i + 1]) for i in range(0, pupils - 1, 2)]
            seats = []
            for a, b in pairs:
                room = await post(http, api + "/room", {"key": keys[a], "rated": True})
                taken = await post(http, api + "/take", {"key": keys[b], "room": room["room"]})
                seats.append((room["room"], room["token"], taken["token"]))
            rtts: list[float] = TimedList()
            start = asyncio.Event()
            players, tasks = [], []
            gate = asyncio.Semaphore(40)
            for room_id, token0, token1 in seats:
                for token in (token0, token1):
                    p = Player(url, room_id, token, random.Random(rng.random()), think, 10_000, rtts)
                    players.append(p)
                    tasks.append(asyncio.create_task(p.run(asyncio.Event(), start, gate)))
            await asyncio.sleep(0.5)
            t0 = time.perf_counter()
            start.set()
            await asyncio.gather(*tasks)
            elapsed = time.perf_counter() - t0
            if os.environ.get("GROUPS_BENCH_TRACE"):
                print(
                    "slow round trips (s after start, ms):",
                    [(round(t - t0, 1), round(1000 * x)) for t, x in rtts.times if x > 0.1],
                )
            rtts.sort()
            total = sum(len(p.played) for p in players)
            out.append(
                {
                    "round": r + 1,
                    "rooms": len(seats),
                    "moves": total,
                    "seconds": elapsed,
                    "moves_per_s": total / elapsed,
                    "median_ms": 1000 * statistics.median(rtts),
                    "p99_ms": 1000 * rtts[int(0.99 * (len(rtts) - 1))],
                    "max_ms": 1000 * rtts[-1],
                    "refused": sum(p.errors for p in players),
                }
            )
        ladder = await post(http, api + "/ladder", {})
        check = await post(http, api + "/rebuild", {"key": group["owner_key"]})
    finally:
        server.stop()
    # independent check, straight from the database: one result per game, ratings = recomputation
    db = sqlite3.connect(server.db)
    results = db.execute("SELECT member0, member1, score0, at FROM results ORDER BY id").fetchall()
    table = ratings.recompute(results)
    stored = dict(db.execute("SELECT id, rating FROM members"))
    worst = max(abs(table[m].rating - stored[m]) for m in table) if table else 0.0
    out.append(
        {
            "results": len(results),
            "games": rounds * (pupils // 2),
            "server_says_consistent": check["consistent"],
            "max_rating_difference": worst,
            "ladder_rows": len(ladder["rows"]),
            "draws": sum(1 for r in results if r[2] == 0.5),
        }
    )
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--pupils", type=int, default=40)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--think", type=float, default=0.0, help="mean thinking time per move, seconds")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(
        f"{args.pupils} pupils, {args.pupils // 2} rated Dots 4 × 4 rooms at once, random legal moves to the end, "
        f"think {args.think} s"
    )
    print(
        f"{'round':>6}{'rooms':>6}{'moves':>7}{'time s':>8}{'moves/s':>9}{'median ms':>11}{'p99 ms':>8}"
        f"{'max ms':>8}{'refused':>9}"
    )
    *rounds, check = asyncio.run(run(args.pupils, args.rounds, args.think, args.seed))
    for r in rounds:
        print(
            f"{r['round']:>6}{r['rooms']:>6}{r['moves']:>7}{r['seconds']:>8.1f}{r['moves_per_s']:>9.0f}"
            f"{r['median_ms']:>11.1f}{r['p99_ms']:>8.1f}{r['max_ms']:>8.1f}{r['refused']:>9}"
        )
    ok = (
        check["results"] == check["games"] and check["server_says_consistent"] and check["max_rating_difference"] < 1e-6
    )
    print(
        f"results stored: {check['results']} of {check['games']} games ({check['draws']} draws); stored ratings "
        f"= recomputation from the results: {'yes' if ok else 'NO'} (largest difference "
        f"{check['max_rating_difference']:.2g}); ladder rows: {check['ladder_rows']}"
    )
    if not ok:
        sys.exit(1)


if __name__ == "__main__":
    main()
