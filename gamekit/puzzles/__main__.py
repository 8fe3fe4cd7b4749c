"""``python -m gamekit.puzzles build GAME [--count N] [--seed S] [--out PATH]``: the command line of
:func:`gamekit.puzzles.build.build` (how a bank is generated is there)."""

import argparse
import sys
from pathlib import Path

from gamekit.i18n import tr
from gamekit.puzzles.build import BuildError, build
from gamekit.puzzles.core import puzzle_game_ids
from gamekit.puzzles.store import bank_path


def main(argv: list[str] | None = None) -> int:
    """The ``build`` command: read the arguments, build (or resume) the bank, say what was done.

    Exit status: 0 when the bank is finished, 1 when stopped early (run again to carry on), 2 when refused."""
    parser = argparse.ArgumentParser(
        prog="python -m gamekit.puzzles", description=tr("Build a puzzle bank from games between CPU players.")
    )
    sub = parser.add_subparsers(dest="command", required=True)
    b = sub.add_parser("build", help=tr("build (or resume) a bank"))
    b.add_argument("game", choices=puzzle_game_ids())
    b.add_argument("--count", type=int, default=300)
    b.add_argument("--seed", type=int, default=1)
    b.add_argument("--out", type=Path, default=None, help=tr("bank file (default: the shipped bank of the game)"))
    b.add_argument("--max-games", type=int, default=None, help=tr("stop after this many games (run again to resume)"))
    b.add_argument("--quiet", action="store_true")
    b.add_argument(
        "--rooms",
        type=Path,
        default=None,
        metavar="DB",
        help=tr("also take positions from the finished games of a room database (tried first)"),
    )
    b.add_argument("--theme", default=None, help=tr("keep only puzzles of this theme"))
    b.add_argument(
        "--add", action="store_true", help=tr("add the new puzzles to the bank file instead of replacing it")
    )
    b.add_argument(
        "--level",
        action="append",
        type=int,
        default=None,
        metavar="L",
        help=tr("keep only puzzles of this Practice level, 1 to 10 (repeat for several)"),
    )
    b.add_argument(
        "--one-die",
        action="append",
        default=None,
        metavar="RULE",
        help=tr("Shut the Box: only turns under this one-die rule (repeat for several)"),
    )
    b.add_argument(
        "--practice-only",
        action="store_true",
        help=tr("list the new puzzles as Practice's only: no lesson's problem set draws them"),
    )
    args = parser.parse_args(argv)
    out = args.out or bank_path(args.game)
    command = f"python -m gamekit.puzzles build {args.game} --count {args.count} --seed {args.seed}"
    if args.rooms is not None:
        command += f" --rooms {args.rooms}"
    if args.theme is not None:
        command += f" --theme {args.theme}"
    if args.add:
        command += " --add"
    for rule in args.one_die or ():
        command += f" --one-die {rule}"
    for v in args.level or ():
        command += f" --level {v}"
    if args.practice_only:
        command += " --practice-only"
    try:
        stats = build(
            args.game,
            args.count,
            args.seed,
            out,
            progress=not args.quiet,
            max_games=args.max_games,
            command=command,
            rooms=args.rooms,
            theme=args.theme,
            add=args.add,
            one_die=tuple(args.one_die) if args.one_die else None,
            levels=tuple(args.level) if args.level else None,
            practice_only=args.practice_only,
        )
    except (BuildError, ValueError) as e:
        print(e, file=sys.stderr)
        return 2
    if args.rooms is not None:
        print(
            tr(
                "{path}: {games} finished room games, {kept} puzzles from them",
                path=args.rooms,
                games=stats["room_games"],
                kept=stats["from_rooms"],
            )
        )
    if stats["finished"]:
        print(
            tr(
                "{path}: {kept} puzzles from {games} games ({tried} candidates tried) in {seconds} s",
                path=out,
                kept=stats["kept"],
                games=stats["games"],
                tried=stats["candidates"],
                seconds=stats["seconds"],
            )
        )
        return 0
    print(
        tr(
            "stopped after {games} games with {kept} of {count} puzzles: run the same command again to carry on",
            games=stats["games"],
            kept=stats["kept"],
            count=args.count,
        )
    )
    return 1


if __name__ == "__main__":
    sys.exit(main())
