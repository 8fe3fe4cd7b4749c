"""Opening book: the exact score of every position up to a chosen depth, and the resumable build that
computes it (and with it the value of the start).

Build (resumable: progress goes to a JSON file after every step and a stopped build continues where it
stopped, transposition table included)::

    python -m gamekit.connect.book build --variant five --depth 2 --progress five.progress.json
    python -m gamekit.connect.book status --progress five.progress.json
    python -m gamekit.connect.book write --progress five.progress.json      # the shipped book file
    python -m gamekit.connect.book verify --variant five --sample 20

How the build works: every distinct position after exactly ``depth`` discs (games already won left
out) is a *leaf*; each leaf is solved exactly by the solver's null-window search, one window at a time
(``[lo, hi]`` narrows until it closes, draw tested first: :func:`next_window`), in chunks of ``--chunk`` seconds.
After every chunk the
bounds and the compiled solver's transposition table are saved, so an interruption costs at most one
chunk.  When every leaf is known, the positions above them are scored by negamax over their children
(an immediate win scores at once) down to the start.

Book file (``gamekit/connect/data/<variant>.book.gz``): gzip text; the first line is a JSON header
(variant, depth, positions, the command that built it, nodes, seconds, ``sha256`` of the rest), then
one line per position: ``<key in hex> <score>`` where the key is the solver's ``cur + mask``.  The
checksum is verified on load; a damaged file raises :class:`BookError` and :func:`book_for` then
returns None with a warning, so :func:`gamekit.connect.solver.analyse` falls back to search.

The outcome book — win/draw/loss of every column of every position up to a depth, built as Dask tasks
(a ``LocalCluster`` here, any scheduler with ``--scheduler``) into one SQLite store, resumable
(:mod:`gamekit.connect.outcome_builder`, :mod:`gamekit.connect.outcomes`)::

    python -m gamekit.connect.book outcomes --variant five --depth 3 --budget 6.5 --store five.sqlite
    python -m gamekit.connect.book outcomes-status --store five.sqlite
    python -m gamekit.connect.book outcomes-write --store five.sqlite --depth 3     # the shipped outcome book

This module is the command line.  Reading the shipped book and records is :mod:`gamekit.connect.tables`
(what the solver uses), the build :mod:`gamekit.connect.build`, the value runs :mod:`gamekit.connect.wdl`;
their names are importable from here as before (``book.Book``, ``book.tree``, ``book.Build`` …).
"""

from __future__ import annotations

import argparse
import json
import signal
import sys
import time
from pathlib import Path

from gamekit.connect.build import Build, back_up, load_progress, status, tree, verify, write_book
from gamekit.connect.outcomes import OutcomeError
from gamekit.connect.rules import CONNECT_FOUR, FIVE_IN_A_ROW, Variant
from gamekit.connect.tables import Book, BookError, default_path

VARIANTS = {"five": FIVE_IN_A_ROW, "four": CONNECT_FOUR}
"""The variants the command line knows by name (``--variant five``/``four``; any other as COLUMNSxROWSxWIN[s])."""


# ---------------------------------------------------------------------- command line
def _variant(name: str) -> Variant:
    if name in VARIANTS:
        return VARIANTS[name]
    try:  # e.g. 5x4x4 or 5x4x4s (s: side columns)
        sides = name.endswith("s")
        c, r, w = (int(x) for x in name.rstrip("s").split("x"))
        return Variant(f"{c}x{r} {w}{' sides' if sides else ''}", c, r, w, sides)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{name!r}: use five, four or COLUMNSxROWSxWIN[s]") from None


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(
        prog="python -m gamekit.connect.book", description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    sub = ap.add_subparsers(dest="cmd", required=True)
    b = sub.add_parser("build", help="solve every position at a depth (resumable) and back the scores up")
    b.add_argument("--variant", type=_variant, default="five")
    b.add_argument("--depth", type=int, required=True)
    b.add_argument("--progress", type=Path, required=True, help="progress file (created or resumed)")
    b.add_argument("--chunk", type=float, default=300.0, help="seconds between saves (default 300)")
    b.add_argument("--max-seconds", type=float, help="stop (saved) after this long")
    b.add_argument("--table-size", type=int, help="transposition table slots (default 4 194 301)")
    b.add_argument("--out", type=Path, help="write the book file here when done (default: none)")
    s = sub.add_parser("status", help="what a build has settled so far")
    s.add_argument("--progress", type=Path, required=True)
    w = sub.add_parser("write", help="write the book file of a finished build")
    w.add_argument("--progress", type=Path, required=True)
    w.add_argument("--out", type=Path, help="default: the package's data folder")
    vf = sub.add_parser("verify", help="check a book against the solver on a sample of its positions")
    vf.add_argument("--variant", type=_variant, default="five")
    vf.add_argument("--book", type=Path)
    vf.add_argument("--sample", type=int, default=20)
    va = sub.add_parser("value", help="who wins from the start: a resumable win/draw/loss proof")
    va.add_argument("--variant", type=_variant, default="five")
    va.add_argument(
        "--split", type=int, default=6, help="discs searched in Python, settled positions saved (default 6)"
    )
    va.add_argument("--progress", type=Path, required=True, help="progress file (created or resumed)")
    va.add_argument("--chunk", type=float, default=60.0, help="seconds between saves inside a long search (default 60)")
    va.add_argument("--max-seconds", type=float, help="stop (saved) after this long")
    va.add_argument("--table-size", type=int, help="transposition table slots (default 4 194 301)")
    va.add_argument(
        "--question",
        choices=("both", "lose", "win"),
        default="both",
        help="settle 'does red avoid losing?' (lose), 'does red win?' (win) or both (default); "
        "two runs with their own progress files share the work between two cores",
    )
    va.add_argument(
        "--start-from",
        default="",
        metavar="MOVES[,MOVES…]",
        help="settle the question(s) from these positions instead of the start (e.g. 47,41)",
    )
    va.add_argument(
        "--shared",
        type=Path,
        nargs="*",
        default=[],
        metavar="FILE",
        help="other runs' progress files whose settled positions this run takes in (re-read at every save)",
    )
    vv = sub.add_parser(
        "value-verify", help="re-solve a sample of what value runs settled with a differently set-up solver"
    )
    vv.add_argument("--progress", type=Path, required=True, nargs="+")
    vv.add_argument("--sample", type=int, default=5)
    vv.add_argument("--seed", type=int, default=1)
    vv.add_argument("--engine", choices=("compiled", "python"), default="compiled")
    vb = sub.add_parser("value-book", help="write the book the value runs prove (every position up to --depth)")
    vb.add_argument("--progress", type=Path, required=True, nargs="+")
    vb.add_argument("--depth", type=int, default=0, help="discs (default 0: the start alone)")
    vb.add_argument(
        "--exact-budget",
        type=float,
        default=60.0,
        help="seconds to find the exact score of each won or lost position (default 60)",
    )
    vb.add_argument("--out", type=Path, help="default: the package's data folder")
    vs = sub.add_parser("value-status", help="what value runs have settled so far (several files are merged)")
    vs.add_argument("--progress", type=Path, required=True, nargs="+")
    vs.add_argument(
        "--under",
        metavar="MOVES",
        help="instead: what is settled below this position (e.g. 52), every drop and every reply to it",
    )
    vs.add_argument(
        "--reach",
        type=int,
        metavar="DISCS",
        help="instead: how far the proof reaches — for every "
        "number of discs up to DISCS (at most 5), the positions whose drops are all proved / none open",
    )
    oc = sub.add_parser(
        "outcomes",
        help="the outcome book: win/draw/loss of every column of every position up to "
        "--depth discs, as Dask tasks (resumable, one SQLite store)",
    )
    oc.add_argument("--variant", type=_variant, default="five")
    oc.add_argument("--depth", type=int, required=True, help="discs (every position after 0 … DEPTH discs)")
    oc.add_argument("--store", type=Path, required=True, help="the SQLite store (created or resumed)")
    oc.add_argument(
        "--budget",
        type=float,
        default=10.0,
        help="seconds of search per position; one not settled in it is stored as open (default 10)",
    )
    oc.add_argument("--scheduler", help="a running Dask scheduler (tcp://host:8786); default: a LocalCluster here")
    oc.add_argument("--workers", type=int, default=2, help="LocalCluster worker processes (default 2)")
    oc.add_argument("--max-positions", type=int, help="submit at most this many of the positions still to do")
    oc.add_argument("--max-seconds", type=float, help="stop (results kept) after this long")
    oc.add_argument(
        "--from-discs",
        type=int,
        default=0,
        metavar="K",
        help="search only positions with at least K discs; the shallower ones follow from them (default 0)",
    )
    os_ = sub.add_parser("outcomes-status", help="what an outcome store holds, per number of discs")
    os_.add_argument("--variant", type=_variant, default="five")
    os_.add_argument("--store", type=Path, required=True)
    ow = sub.add_parser("outcomes-write", help="export an outcome store as the shipped gzip book")
    ow.add_argument("--variant", type=_variant, default="five")
    ow.add_argument("--store", type=Path, required=True)
    ow.add_argument("--depth", type=int, required=True, help="positions up to this many discs")
    ow.add_argument("--out", type=Path, help="default: the package's data folder")
    args = ap.parse_args(argv)

    try:
        return _run(args)
    except (BookError, OutcomeError, ValueError, TypeError, FileNotFoundError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 2


def _run(args) -> int:
    if args.cmd == "build":
        build = Build(args.variant, args.depth, args.progress, args.chunk, args.table_size)

        def stop(*_):
            build.stop = True
            build.solver.deadline = time.perf_counter()  # the running window stops at its next clock check

        signal.signal(signal.SIGTERM, stop)
        signal.signal(signal.SIGINT, stop)
        finished = build.run(args.max_seconds)
        info = status(args.progress)
        print(json.dumps({k: v for k, v in info.items() if k != "current"}))
        if finished and args.out:
            _write_from(args.progress, args.out)
        return 0 if finished else 3
    if args.cmd == "value":
        from gamekit.connect.wdl import ValueRun, status as value_status

        run = ValueRun(args.variant, args.split, args.progress, args.chunk, args.table_size, shared=args.shared)

        def stop_value(*_):
            run.stop = True

        signal.signal(signal.SIGTERM, stop_value)
        signal.signal(signal.SIGINT, stop_value)
        finished = run.run(
            args.max_seconds,
            {"both": (-1, 0), "lose": (-1,), "win": (0,)}[args.question],
            tuple(args.start_from.split(",")),
        )
        print(json.dumps(value_status(args.progress)))
        return 0 if finished else 3
    if args.cmd == "value-verify":
        from gamekit.connect.wdl import verify as value_verify

        bad = value_verify(args.progress, args.sample, args.seed, args.engine)
        print(f"{args.sample} positions re-solved, {len(bad)} disagreements" + "".join(f"\n  {x}" for x in bad))
        return 1 if bad else 0
    if args.cmd == "value-book":
        from gamekit.connect.wdl import write_value_book

        write_value_book(args.progress, args.out, args.depth, args.exact_budget)
        return 0
    if args.cmd == "value-status":
        from gamekit.connect.wdl import reach, reach_text, status as value_status, under, under_text

        if args.reach is not None:
            print(reach_text(reach(args.progress, args.reach)))
        elif args.under is not None:
            print(under_text(under(args.progress, args.under)))
        else:
            print(json.dumps(value_status(*args.progress), indent=1))
        return 0
    if args.cmd.startswith("outcomes"):
        return _outcomes(args)
    if args.cmd == "status":
        print(json.dumps(status(args.progress), indent=1))
        return 0
    if args.cmd == "write":
        _write_from(args.progress, args.out)
        return 0
    if args.cmd == "verify":
        book = Book.load(args.book or default_path(args.variant), args.variant)
        bad = verify(book, args.sample)
        print(f"{args.sample} positions checked, {len(bad)} disagreements" + "".join(f"\n  {x}" for x in bad))
        return 1 if bad else 0
    return 2


def _outcomes(args) -> int:
    from gamekit.connect.outcomes import Store, outcome_path

    if args.cmd == "outcomes":
        from gamekit.connect.outcome_builder import build as build_outcomes

        if args.store.exists() and args.store.is_dir():
            raise ValueError(f"--store {args.store}: a folder, not a store file")

        def stop_outcomes(*_):
            raise KeyboardInterrupt  # the build cancels its tasks, keeps what finished, closes the cluster

        signal.signal(signal.SIGTERM, stop_outcomes)
        signal.signal(signal.SIGINT, stop_outcomes)
        report = build_outcomes(
            args.variant,
            args.depth,
            args.store,
            args.budget,
            args.scheduler,
            args.workers,
            args.max_positions,
            args.max_seconds,
            from_discs=args.from_discs,
        )
        print(json.dumps(report))
        return 3 if report["stopped"] else 0
    if not args.store.is_file():
        raise ValueError(f"--store {args.store}: no such store file")
    st = Store(args.store, args.variant)
    try:
        if args.cmd == "outcomes-status":
            print(json.dumps(st.status(), indent=1))
            return 0
        if not isinstance(args.depth, int) or args.depth < 0:
            raise ValueError(f"--depth {args.depth}: a whole number of discs, 0 or more")
        out = args.out or outcome_path(args.variant)
        name = next(
            (k for k, x in VARIANTS.items() if x == args.variant),
            f"{args.variant.columns}x{args.variant.rows}x{args.variant.win}{'s' if args.variant.sides else ''}",
        )
        sha = st.export(
            out,
            args.depth,
            f"python -m gamekit.connect.book outcomes --variant {name} --depth "
            f"{args.depth} --store STORE && python -m gamekit.connect.book outcomes-write "
            f"--variant {name} --store STORE --depth {args.depth}",
        )
        print(f"wrote {out}: sha256 {sha}")
        return 0
    finally:
        st.close()


def _write_from(progress: Path, out: Path | None) -> None:
    st = load_progress(progress)
    v, depth = Variant(**st["variant"]), st["depth"]
    levels = tree(v, depth)
    done = {int(k, 16): d[0] for k, d in st["done"].items()}
    if len(done) < len(levels[-1]):
        raise BookError(f"{progress}: {len(done)} of {len(levels[-1])} leaves solved — the book is not finished")
    scores = back_up(v, levels, done)
    path = out or default_path(v)
    name = (
        next(k for k, x in VARIANTS.items() if x == v)
        if v in VARIANTS.values()
        else f"{v.columns}x{v.rows}x{v.win}{'s' if v.sides else ''}"
    )
    meta = {
        "command": f"python -m gamekit.connect.book build --variant {name} --depth {depth} "
        f"--progress PROGRESS && python -m gamekit.connect.book write --progress PROGRESS",
        "nodes": st["nodes"],
        "seconds": round(st["seconds"], 1),
        "built": time.strftime("%Y-%m-%d"),
    }
    sha = write_book(v, depth, scores, path, meta)
    print(f"wrote {path}: {len(scores)} positions, depth {depth}, sha256 {sha}")


if __name__ == "__main__":
    sys.exit(main())
