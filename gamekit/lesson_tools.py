"""Tools for lesson notebooks (used by the tests and by teachers): which code cells a pupil need not see, the
pupil's view of a lesson (code hidden, titled after the lesson), the check that each .ipynb is its MyST source,
and the command line ``python -m gamekit.lesson_tools`` for these and for opening the lessons
(:mod:`gamekit.lesson_launch`) and the teacher guides and worksheets (:mod:`gamekit.teacher_sheets`)."""

from __future__ import annotations

import ast
from pathlib import Path

from gamekit.i18n import SOURCE_LANGUAGE, languages
from gamekit.lesson_launch import (
    START_PAGE,
    default_lessons_dir,
    install_lab_settings,
    pupil_lab_command,
    serve_voila,
    sync_lessons,
    teacher_lab_command,
    voila_command,
    voila_page_url,
    warm_engines,
)
from gamekit.teacher_sheets import update_guide, write_worksheets


def _root(node: ast.AST) -> str | None:
    while isinstance(node, (ast.Attribute, ast.Call, ast.Subscript)):
        node = node.func if isinstance(node, ast.Call) else node.value
    return node.id if isinstance(node, ast.Name) else None


class GamekitNames:
    """Names a notebook's cells imported from gamekit (``imported``) or made by calling it (``made``)."""

    def __init__(self) -> None:
        self.imported: set[str] = set()
        self.made: set[str] = set()


def only_calls_gamekit(source: str, names: GamekitNames) -> bool:
    """True when the cell only imports gamekit, calls what it imported, or shows a name such a call made.

    ``names`` carries what earlier cells of the notebook imported and made; this cell's are added.
    Cells that teach Python (loops, ``print``, methods of a game object, arithmetic) are not "only
    calls": pupils are meant to read them.
    """
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return False
    only = bool(tree.body)
    for stmt in tree.body:
        value = getattr(stmt, "value", None)
        if isinstance(stmt, ast.ImportFrom) and (stmt.module or "").split(".")[0] == "gamekit":
            names.imported.update(a.asname or a.name for a in stmt.names)
        elif (
            isinstance(stmt, ast.Assign)
            and isinstance(value, ast.Call)
            and _root(value) in names.imported
            and all(isinstance(t, ast.Name) for t in stmt.targets)
        ):
            names.made.update(t.id for t in stmt.targets)
        elif isinstance(stmt, ast.Expr) and isinstance(value, ast.Call) and _root(value) in names.imported:
            pass
        elif isinstance(stmt, ast.Expr) and isinstance(value, ast.Name) and value.id in names.made:
            pass
        else:
            only = False
    return only


def _cells(nb) -> list[tuple[str, str, dict]]:
    return [
        (c.cell_type, c.source.strip(), {k: v for k, v in c.metadata.items() if k not in ("trusted", "editable")})
        for c in nb.cells
    ]


def pairing_problems(ipynb: "str | Path") -> list[str]:
    """Why a stored ``.ipynb`` is not exactly its MyST ``.md`` source without outputs (empty if it is)."""
    import jupytext
    import nbformat

    ipynb = Path(ipynb)
    md = ipynb.with_suffix(".md")
    if not md.exists():
        return [f"{ipynb.name} has no MyST source {md.name}"]
    stored = nbformat.read(ipynb, as_version=4)
    source = jupytext.read(md, fmt="md:myst")
    problems = []
    stored_cells, source_cells = _cells(stored), _cells(source)
    if len(stored_cells) != len(source_cells):
        problems.append(f"{ipynb.name} has {len(stored_cells)} cells, {md.name} {len(source_cells)}")
    for i, (a, b) in enumerate(zip(stored_cells, source_cells)):
        if a != b:
            problems.append(f"cell {i} of {ipynb.name} differs from {md.name}: {a[1][:60]!r} vs {b[1][:60]!r}")
            break
    if stored.metadata.get("kernelspec") != source.metadata.get("kernelspec"):
        problems.append(f"{ipynb.name} and {md.name} name different kernels")
    if any(c.cell_type == "code" and (c.outputs or c.execution_count is not None) for c in stored.cells):
        problems.append(f"{ipynb.name} is stored with outputs")
    if problems:
        problems.append(f"regenerate it from the source: jupytext --sync {md}")
    return problems


# ---------------------------------------------------------------------------------------------------
# The pupil's view: code hidden, each lesson once in the file browser, pages titled by the lesson
# ---------------------------------------------------------------------------------------------------
#: the headings that start a lesson's appendix for teachers (English, Spanish); code there stays visible
TEACHER_APPENDIX = ("For teachers", "Para el profesorado")


def lesson_title(nb) -> str:
    """The lesson's title: the text of its first ``# `` heading (``ValueError`` when it has none)."""
    for cell in nb.cells:
        if cell.cell_type == "markdown":
            for line in cell.source.splitlines():
                if line.startswith("# "):
                    return " ".join(line[2:].replace("`", "").replace("*", "").split())
    raise ValueError("the lesson has no '# ' title heading")


def pupil_code_cells(nb) -> list:
    """The code cells on the pupil's path: every code cell before the teachers' appendix heading."""
    cells = []
    for cell in nb.cells:
        if cell.cell_type == "markdown" and any(
            line.lstrip("#").strip().startswith(TEACHER_APPENDIX)
            for line in cell.source.splitlines()
            if line.startswith("#")
        ):
            break
        if cell.cell_type == "code":
            cells.append(cell)
    return cells


def pupil_view_problems(nb) -> list[str]:
    """Why a lesson notebook is not ready for pupils: a visible code cell on their path, no or a wrong title."""
    problems = [
        f"code cell on the pupil's path not hidden (jupyter: source_hidden: true): {c.source[:60]!r}"
        for c in pupil_code_cells(nb)
        if c.metadata.get("jupyter", {}).get("source_hidden") is not True
    ]
    try:
        title = lesson_title(nb)
    except ValueError as missing:
        return [*problems, str(missing)]
    if nb.metadata.get("title") != title:
        problems.append(f"notebook metadata title is {nb.metadata.get('title')!r}, not the lesson's {title!r}")
    return problems


def apply_pupil_view(md: "str | Path") -> bool:
    """Hide every code cell on the pupil's path and title the notebook after its lesson, in the MyST source
    ``md`` and its paired ``.ipynb`` (``jupytext --to ipynb --update``: the source's cells, the stored ids); True
    if anything changed.

    The title is kept in the MyST header (``notebook_metadata_filter: title``) so the pair stays in step.
    Nothing is written when the source has no title heading (``ValueError``).
    """
    import jupytext

    md = Path(md)
    if md.suffix != ".md":
        raise ValueError(f"{md}: give the MyST source (.md), not {md.suffix or 'a file without a suffix'}")
    nb = jupytext.read(md, fmt="md:myst")
    title = lesson_title(nb)  # refuses before anything is written
    for cell in pupil_code_cells(nb):
        jupyter = dict(cell.metadata.get("jupyter", {}))
        jupyter["source_hidden"] = True
        cell.metadata["jupyter"] = jupyter
    nb.metadata["title"] = title
    header = nb.metadata.setdefault("jupytext", {})
    kept = [k for k in str(header.get("notebook_metadata_filter", "")).split(",") if k]
    if "title" not in kept:
        header["notebook_metadata_filter"] = ",".join([*kept, "title"])
    from jupytext.cli import jupytext as jupytext_cli

    before = md.read_text(encoding="utf-8")
    text_ = jupytext.writes(nb, fmt="md:myst")
    ipynb = md.with_suffix(".ipynb")
    old_ipynb = ipynb.read_text(encoding="utf-8") if ipynb.exists() else None
    if text_ != before:
        md.write_text(text_, encoding="utf-8")
    # the pair as `jupytext --sync` writes it from the source: the cells from the .md (whichever file is newer),
    # the stored notebook's cell ids kept
    jupytext_cli(["--to", "ipynb", "--update", "--quiet", str(md)])
    return text_ != before or ipynb.read_text(encoding="utf-8") != old_ipynb


def main(argv: "list[str] | None" = None) -> int:
    import argparse
    import os
    import shlex

    parser = argparse.ArgumentParser(prog="python -m gamekit.lesson_tools", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    lab = sub.add_parser(
        "lab-settings", help="set JupyterLab up for pupils: .md lessons open as notebooks, sources and code hidden"
    )
    lab.add_argument("--prefix", help="environment prefix (default: this Python's)")
    pupil = sub.add_parser(
        "pupil-lab",
        help="open JupyterLab for pupils on a working copy of the lessons (in the "
        "user's data directory), so the checkout's files stay as they are",
    )
    pupil.add_argument("--lessons", help=f"where the working copy lives (default: {default_lessons_dir()})")
    pupil.add_argument(
        "lab_args", nargs=argparse.REMAINDER, help="passed on to jupyter lab (--port, --no-browser, ...)"
    )
    voila = sub.add_parser("voila", help="the lessons as pages without code (Voilà), the start page first")
    voila.add_argument("--port", type=int, default=8866)
    voila.add_argument("--page", default=START_PAGE, help=f"the page to open first (default {START_PAGE})")
    voila.add_argument("--no-browser", action="store_true", help="print the address, open no browser")
    voila.add_argument("lab_args", nargs=argparse.REMAINDER, help="passed on to voila")
    teacher = sub.add_parser(
        "teacher-lab",
        help="open JupyterLab as a teacher: the lesson sources (.md) listed, "
        "collapsed code shown as a one-click placeholder",
    )
    teacher.add_argument("lab_args", nargs=argparse.REMAINDER, help="passed on to jupyter lab (paths, --port, ...)")
    view = sub.add_parser(
        "pupil-view",
        help="hide the code on the pupil's path and title each notebook after its "
        "lesson, in the .md sources and their .ipynb pairs",
    )
    view.add_argument("notebooks", nargs="+", help=".md sources, e.g. notebooks/*.md notebooks/*/*.md")
    check = sub.add_parser("check", help="check that each .ipynb is its .md source, stored without outputs")
    check.add_argument("notebooks", nargs="+", help=".ipynb or .md files")
    guide = sub.add_parser("guide", help="regenerate the solutions block of a teacher guide from the exercises")
    guide.add_argument("path", help="e.g. docs/teachers/dots.md")
    guide.add_argument("module", help="e.g. gamekit.dots.lessons")
    guide.add_argument(
        "--lang",
        default=SOURCE_LANGUAGE,
        help=f"language of the block: {', '.join(languages())} (default: {SOURCE_LANGUAGE}); "
        "e.g. --lang es for docs/teachers/es/dots.md",
    )
    sub.add_parser(
        "warm",
        help="compile the engines into numba's cache now (Binder's postBuild), not at a pupil's first Hint or CPU move",
    )
    sheets = sub.add_parser("worksheets", help="write a printable worksheet per lesson (the exercises without answers)")
    sheets.add_argument("module", help="e.g. gamekit.dots.lessons")
    sheets.add_argument("folder", help="e.g. docs/teachers/worksheets (Spanish: docs/teachers/es/worksheets)")
    sheets.add_argument("--lang", default=SOURCE_LANGUAGE, help=f"language: {', '.join(languages())}")
    args = parser.parse_args(argv)
    if args.command == "warm":
        done = warm_engines()
        print(
            "; ".join(f"{name}: {seconds:.1f} s" for name, seconds in done)
            if done
            else "no compiled engines here (numba missing, or GAMEKIT_PURE_PYTHON set): nothing to compile"
        )
        return 0
    if args.command == "worksheets":
        try:
            changed = write_worksheets(args.module, args.folder, args.lang)
        except (ValueError, TypeError, KeyError, OSError, ImportError) as refusal:
            sheets.error(f"{args.module}: {refusal}")
        print(f"{args.folder}: {len(changed)} worksheet(s) written" if changed else f"{args.folder}: already current")
        return 0
    if args.command == "guide":
        try:
            changed = update_guide(args.path, args.module, args.lang)
        except (ValueError, OSError, ImportError) as refusal:  # unknown language, no block, no such file or module
            guide.error(f"{args.path}: {refusal}")
        print(f"{args.path}: {'updated' if changed else 'already current'}")
        return 0
    if args.command == "voila":
        try:
            voila_page_url("http://localhost", args.page)
            voila_command(args.port, args.lab_args)
        except (ValueError, TypeError) as refusal:
            voila.error(str(refusal))
        return serve_voila(args.port, args.page, args.lab_args, open_browser=not args.no_browser)
    if args.command == "pupil-lab":
        lessons = Path(args.lessons) if args.lessons else default_lessons_dir()
        try:
            written = sync_lessons(lessons)
            command = pupil_lab_command(lessons, args.lab_args)
        except (ValueError, TypeError, OSError) as refusal:
            pupil.error(f"--lessons {lessons}: {refusal}")
        print(
            f"The lessons for pupils are a working copy in {lessons} ({len(written)} file(s) brought up to date); "
            "what pupils run and save stays there, the checkout is left as it is.",
            flush=True,
        )
        os.execv(command[0], command)
    if args.command == "teacher-lab":
        command = teacher_lab_command(args.lab_args)
        print(" ".join(shlex.quote(a) for a in command), flush=True)
        os.execv(command[0], command)
    if args.command == "pupil-view":
        for name in args.notebooks:
            try:
                changed = apply_pupil_view(name)
            except (ValueError, OSError) as refusal:
                view.error(f"{name}: {refusal}")
            print(f"{name}: {'updated' if changed else 'already current'}")
        return 0
    if args.command == "lab-settings":
        print(f"wrote {install_lab_settings(args.prefix)}")
        return 0
    bad = 0
    for name in args.notebooks:
        problems = pairing_problems(Path(name).with_suffix(".ipynb"))
        bad += bool(problems)
        print(f"{name}: " + ("ok" if not problems else "\n  ".join(["", *problems])))
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
