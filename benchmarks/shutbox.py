"""Shut the Box benchmark: exact values and their cost, CPU levels alone and against each other.

Run from the repository root::

    python -m benchmarks.shutbox           # full (about a minute)
    python -m benchmarks.shutbox --quick   # a few seconds
"""

from __future__ import annotations

import argparse
import time

from gamekit.shutbox import Rules, ShutTheBox, cpu_player, min_expected_score, shut_probability, solve_all
from gamekit.shutbox.strategy import table
from gamekit.tournament import tournament

RULES = [
    ("after_789 (sheet)", Rules()),
    ("never", Rules(one_die="never")),
    ("under_six", Rules(one_die="under_six")),
    ("six_or_less", Rules(one_die="six_or_less")),
    ("after_789, digits", Rules(scoring="digits")),
]


def exact_values() -> None:
    print("## Exact values (optimal play, one turn from the full box)")
    print(f"{'rules':<22}{'P(shut)':>28}{'':>10}{'E[score]':>12}{'time':>10}")
    for name, rules in RULES:
        table.cache_clear()
        start = time.perf_counter()
        p = shut_probability(rules)
        e = min_expected_score(rules)
        elapsed = time.perf_counter() - start
        print(f"{name:<22}{str(p):>28}{float(p):>10.4%}{float(e):>12.4f}{elapsed * 1000:>8.1f} ms")
    for name, rules in RULES:
        table.cache_clear()
        start = time.perf_counter()
        out = solve_all(rules)
        elapsed = time.perf_counter() - start
        print(f"all objectives, every state, {len(out['beat'])} beat targets — {name}: {elapsed * 1000:.0f} ms")


def solo(levels: list[str], games: int) -> None:
    print(f"\n## Each level alone ({games} seeded solo turns per row)")
    print(f"{'level':<8}{'rules':<22}{'shut':>8}{'mean score':>12}{'ms/turn':>10}")
    for rules_name, rules in RULES[:2]:
        for level in levels:
            shut = total = 0
            start = time.perf_counter()
            for seed in range(games):
                g = ShutTheBox(1, rules, seed=seed)
                p = cpu_player(level, seed=seed)
                while not g.is_over():
                    g.play(p.choose(g))
                shut += g.shut_by is not None
                total += g.scores[0]
            ms = (time.perf_counter() - start) * 1000 / games
            print(f"{level:<8}{rules_name:<22}{shut / games:>8.2%}{total / games:>12.2f}{ms:>10.2f}")


def rounds(levels: list[str], games: int, variant: str, n_players: int = 2) -> None:
    print(f"\n## Levels against each other: {variant}, {games} games per pair (seats alternate)")
    counter = iter(range(10**9))
    result = tournament(
        lambda: ShutTheBox(n_players, variant=variant, seed=next(counter)),
        {lv: (lambda lv=lv: cpu_player(lv, seed=len(lv))) for lv in levels},
        games_per_pair=games,
        progress=False,
    )
    print(result.table())


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer games (a few seconds)")
    args = parser.parse_args(argv)
    levels = ["easy", "medium", "hard"]
    solo_games, pair_games = (2000, 300) if args.quick else (20000, 4000)
    exact_values()
    solo(levels, solo_games)
    rounds(levels, pair_games, "round")
    rounds(levels, pair_games // 4, "long")
    rounds(levels, pair_games // 10, "to_45")


if __name__ == "__main__":
    main()
