"""Puzzle bank benchmark: build rate, share of candidates kept, verification time per puzzle.

Run from the repository root::

    python -m benchmarks.puzzles            # build a fresh 30-puzzle bank per game, verify every shipped puzzle
    python -m benchmarks.puzzles --quick    # 10 puzzles per game, verify 20 shipped puzzles per game
    python -m benchmarks.puzzles --skip-build   # only verify every shipped puzzle
    python -m benchmarks.puzzles --practice     # only: how long Practice takes to pick and draw the next puzzle

The build uses a seed other than the shipped banks' (so it is a fresh build, into a temporary file); the
shipped banks' own build figures (games, candidates, seconds) are in their headers and printed too.
"""

from __future__ import annotations

import argparse
import random
import tempfile
import time
from pathlib import Path

from gamekit.puzzles import GAME_IDS, bank, shipped_info, verify
from gamekit.puzzles.build import build


def build_rate(game_id: str, count: int, seed: int) -> dict:
    with tempfile.TemporaryDirectory() as tmp:
        start = time.perf_counter()
        stats = build(game_id, count, seed, Path(tmp) / "bench.json.gz", progress=False)
        elapsed = time.perf_counter() - start
    return {"kept": stats["kept"], "candidates": stats["candidates"], "games": stats["games"], "seconds": elapsed}


def verify_time(game_id: str, sample: int | None) -> tuple[int, float, int]:
    puzzles = bank(game_id)
    if sample is not None and sample < len(puzzles):
        puzzles = random.Random(1).sample(puzzles, sample)
    start = time.perf_counter()
    problems = sum(len(verify(p)) for p in puzzles)
    return len(puzzles), time.perf_counter() - start, problems


def practice_time(game_id: str, rounds: int = 50) -> tuple[float, float, float]:
    """Practice's Next (pick a puzzle near the rating, set up and draw its board): first widget, median, max ms."""
    import os
    import statistics

    os.environ["GAMEKIT_PROGRESS_FILE"] = "off"  # nothing saved to the user's progress
    from gamekit.puzzles.practice import Practice

    start = time.perf_counter()
    widget = Practice(game_id, seed=0)
    first = time.perf_counter() - start
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        widget.next()
        times.append(time.perf_counter() - start)
    return first * 1000, statistics.median(times) * 1000, max(times) * 1000


def review_time(kind: str, seed: int = 1) -> dict:
    """A widget's Review after a CPU game (medium against easy): the review, its panel and the personal
    puzzles kept, in seconds; and how many moves were judged."""
    import os

    os.environ["GAMEKIT_PROGRESS_FILE"] = "off"
    from gamekit.puzzles import summary

    if kind.startswith("dots"):
        from gamekit.dots import cpu_player
        from gamekit.dots.widget import DotsWidget

        w, h = (3, 3) if kind == "dots 3x3" else (5, 4)
        board = DotsWidget(w, h, mode="people")
        players = [cpu_player("medium", seed), cpu_player("easy", seed + 1)]
        while not board.game.is_over():
            board.click_line(players[board.game.to_move].choose(board.game))
    else:
        from gamekit.connect import cpu_player
        from gamekit.connect.widget import ConnectWidget

        board = ConnectWidget("five" if kind == "5 en raya" else "four", mode="people")
        players = [cpu_player("medium", seed), cpu_player("easy", seed + 1)]
        while not board.game.is_over():
            board.click_column(int(players[board.game.to_move].choose(board.game)))
    start = time.perf_counter()
    judged = board.review()
    seconds = time.perf_counter() - start
    start = time.perf_counter()
    for _ in range(len(judged)):
        board.review_view.next()
    step = (time.perf_counter() - start) / max(1, len(judged))
    return {
        "moves": len(judged),
        "summary": summary(judged),
        "seconds": seconds,
        "step_ms": step * 1000,
        "personal": len(board.personal_saved),
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.puzzles")
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--games", nargs="*", default=list(GAME_IDS), choices=GAME_IDS)
    parser.add_argument("--skip-build", action="store_true", help="only verify the shipped banks")
    parser.add_argument("--practice", action="store_true", help="only time Practice's pick-and-draw")
    parser.add_argument("--review", action="store_true", help="only time a widget's Review after a CPU game")
    args = parser.parse_args(argv)
    if args.review:
        print("## Review after a game (widget: review, panel, personal puzzles; then Next through every move)")
        print("| game | moves | best / inaccuracy / mistake / unjudged | Review | a step | personal puzzles kept |")
        print("|---|---|---|---|---|---|")
        for kind in ("dots 3x3", "dots 5x4", "5 en raya", "Connect Four"):
            r = review_time(kind)
            c = r["summary"]
            print(
                f"| {kind} | {r['moves']} | {c['best']} / {c['inaccuracy']} / {c['mistake']} / {c['unjudged']} "
                f"| {r['seconds']:.1f} s | {r['step_ms']:.1f} ms | {r['personal']} |"
            )
        return
    if args.practice:
        print("## Practice: pick and draw the next puzzle (50 Nexts)")
        print("| game | first widget (bank loaded) | Next median | Next max |")
        print("|---|---|---|---|")
        for g in args.games:
            first, median, most = practice_time(g)
            print(f"| {g} | {first:.0f} ms | {median:.1f} ms | {most:.1f} ms |")
        return
    count = 10 if args.quick else 30
    sample = 20 if args.quick else None
    games = [] if args.skip_build else args.games
    if games:
        print("## Building (fresh seed 99, into a temporary file)")
        print("| game | puzzles | games played | candidates tried | kept | puzzles per minute |")
        print("|---|---|---|---|---|---|")
    for g in games:
        r = build_rate(g, count, 99)
        print(
            f"| {g} | {r['kept']} | {r['games']} | {r['candidates']} | {r['kept'] / r['candidates']:.1%} "
            f"| {r['kept'] / r['seconds'] * 60:.0f} |"
        )
    print()
    print("## The shipped banks")
    print(
        "| game | puzzles | built by | games | candidates | kept | build time | verified | verify time per puzzle | "
        "problems |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|")
    for g in args.games:
        info = shipped_info(g)
        s = info["stats"]
        n, seconds, problems = verify_time(g, sample)
        print(
            f"| {g} | {info['count']} | `{info['command']}` | {s['games']} | {s['candidates']} "
            f"| {s['kept'] / s['candidates']:.1%} | {s['seconds']:.0f} s | {n} | {seconds / n * 1000:.1f} ms | "
            f"{problems} |"
        )


if __name__ == "__main__":
    main()
