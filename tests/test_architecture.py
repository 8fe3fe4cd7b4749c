"""The house's shape (docs/CONVENTIONS.md, "Architecture"): no import cycles anywhere in gamekit, the
import-linter contracts of pyproject.toml (the room server imports no widget library, the rules import no
widgets, the layers inside each game), and no module using another module's ``_private`` names."""

from __future__ import annotations

import ast
import functools
import json
import os
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import grimp
import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "gamekit"


def _env() -> dict:
    """The environment of a child process that imports this checkout's gamekit (not an installed one)."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT), *filter(None, [env.get("PYTHONPATH")])])
    return env


def import_cycles(graph: grimp.ImportGraph) -> list[list[str]]:
    """Every set of modules that import each other, directly or through others (the strongly connected
    components of more than one module, and a module importing itself), each as a list of modules in
    an order that closes the cycle."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = 0
    for root in sorted(graph.modules):
        if root in index:
            continue
        # iterative Tarjan: (module, its imports still to visit)
        work = [(root, iter(sorted(graph.find_modules_directly_imported_by(root))))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            module, pending = work[-1]
            step = next(pending, None)
            if step is not None:
                if step not in index:
                    index[step] = low[step] = counter
                    counter += 1
                    stack.append(step)
                    on_stack.add(step)
                    work.append((step, iter(sorted(graph.find_modules_directly_imported_by(step)))))
                elif step in on_stack:
                    low[module] = min(low[module], index[step])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[module])
            if low[module] == index[module]:
                component = []
                while True:
                    m = stack.pop()
                    on_stack.discard(m)
                    component.append(m)
                    if m == module:
                        break
                if len(component) > 1 or module in graph.find_modules_directly_imported_by(module):
                    found.append(_cycle_in(graph, sorted(component)))
    return found


def _cycle_in(graph: grimp.ImportGraph, component: list[str]) -> list[str]:
    """One concrete cycle through the first module of a strongly connected component (for the message)."""
    start, members = component[0], set(component)
    paths = {start: [start]}
    frontier = [start]
    while frontier:
        nxt = []
        for m in frontier:
            for dep in sorted(graph.find_modules_directly_imported_by(m)):
                if dep == start:
                    return paths[m] + [start]
                if dep in members and dep not in paths:
                    paths[dep] = paths[m] + [dep]
                    nxt.append(dep)
        frontier = nxt
    return component


def cycle_words(graph: grimp.ImportGraph, cycle: list[str]) -> str:
    steps = []
    for a, b in zip(cycle, cycle[1:]):
        lines = sorted({d["line_number"] for d in graph.get_import_details(importer=a, imported=b)})
        steps.append(f"{a} -> {b} (line {', '.join(map(str, lines))})")
    return "\n    ".join(steps)


def test_no_import_cycles_anywhere_in_gamekit():
    # every import counts, also the ones inside functions and under TYPE_CHECKING: a lazy import is still a knot
    graph = grimp.build_graph("gamekit", cache_dir=None)
    cycles = import_cycles(graph)
    assert not cycles, "import cycles:\n  " + "\n  ".join(cycle_words(graph, c) for c in cycles)


def test_every_folder_of_gamekit_with_code_is_a_package():
    # a folder without __init__.py is a namespace package that grimp and import-linter skip: its imports
    # would escape every check here
    missing = sorted(
        str(d.relative_to(ROOT))
        for d in PACKAGE.rglob("*")
        if d.is_dir() and any(d.glob("*.py")) and not (d / "__init__.py").exists()
    )
    assert not missing, f"folders with Python files but no __init__.py: {missing}"


def test_the_cycle_finder_finds_cycles(tmp_path, monkeypatch):
    # a made-up package with one cycle of three modules (one of them a lazy import) and one clean module
    pkg = tmp_path / "knotted"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "a.py").write_text("from knotted import b\n")
    (pkg / "b.py").write_text("def f():\n    from knotted import c\n")
    (pkg / "c.py").write_text("import knotted.a\n")
    (pkg / "d.py").write_text("import knotted.a\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    graph = grimp.build_graph("knotted", cache_dir=None)
    cycles = import_cycles(graph)
    assert cycles == [["knotted.a", "knotted.b", "knotted.c", "knotted.a"]]
    assert "knotted.b -> knotted.c (line 2)" in cycle_words(graph, cycles[0])


def test_import_linter_contracts_are_kept():
    lint = Path(sys.executable).with_name("lint-imports")
    command = (
        [str(lint)]
        if lint.exists()
        else [sys.executable, "-c", "import sys; from importlinter.cli import lint_imports_command as c; sys.exit(c())"]
    )
    done = subprocess.run(
        [*command, "--no-cache", "--config", str(ROOT / "pyproject.toml")],
        cwd=ROOT,
        env=_env(),
        capture_output=True,
        text=True,
        timeout=240,
    )
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
    summary = re.search(r"Contracts: (\d+) kept, (\d+) broken", done.stdout)
    assert summary and int(summary[1]) >= 4 and summary[2] == "0", done.stdout[-2000:]


def test_the_room_server_runs_without_any_widget_library():
    # what the contract says statically, checked when it runs: importing the server (and the games it can
    # host, with their pictures and hit-testing) loads neither ipywidgets nor ipycanvas
    code = textwrap.dedent("""
        import sys
        import gamekit.rooms.server, gamekit.rooms.groups
        from gamekit import catalog
        for spec in catalog.room_specs().values():
            game = spec.new_game(spec.check_options({}))
            spec.scene(game, spec.check_options({}))
            spec.targets(game, spec.check_options({}))
        print(sorted(m for m in sys.modules if m.split(".")[0] in ("ipywidgets", "ipycanvas")
                     or m.endswith(".widget") or m.startswith("gamekit.widgets")))
    """)
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=_env(), capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip() == "[]"


# ----- no module uses another module's _private names ---------------------------------------------------
def _is_private(name: str) -> bool:
    # _name, not __dunder__, and not IPython's display protocol (_repr_html_, _repr_mimebundle_, …), which is public
    return name.startswith("_") and not name.startswith("__") and not (name.startswith("_repr_") and name.endswith("_"))


def _own_names(tree: ast.Module) -> set[str]:
    """The private names a module defines itself: functions, classes, assigned names and attributes."""
    own = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            own.add(node.name)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            own.add(node.id)
        elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
            own.add(node.attr)
        elif isinstance(node, ast.arg):
            own.add(node.arg)
    return {n for n in own if _is_private(n)}


def _defined_outside_current_class(tree: ast.Module, name: str, current: ast.ClassDef | None) -> bool:
    for cls in ast.walk(tree):
        if isinstance(cls, ast.ClassDef) and cls is not current:
            for node in cls.body:
                if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name == name:
                    return True
    return False


def private_uses(path: Path) -> list[str]:
    """``x._name`` where ``x`` is not ``self``/``cls`` and ``_name`` is not this module's own (a name it defines or
    assigns: a copy of its own object may set its private fields), ``super()._name`` unless the base class is in
    this module, and ``from m import _name`` / ``import m._name`` — with the line."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    own = _own_names(tree)
    found = []
    classes = {}
    for cls in ast.walk(tree):
        if isinstance(cls, ast.ClassDef):
            for node in ast.walk(cls):
                classes.setdefault(id(node), cls)
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and _is_private(node.attr):
            value = node.value
            if isinstance(value, ast.Name) and value.id in ("self", "cls"):
                continue
            if isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and value.func.id == "super":
                if not _defined_outside_current_class(tree, node.attr, classes.get(id(node))):
                    found.append(
                        f"{node.lineno}: super().{node.attr} (a private method of a base class in another module)"
                    )
                continue
            if node.attr not in own:
                found.append(f"{node.lineno}: {ast.unparse(value)}.{node.attr}")
        elif isinstance(node, ast.ImportFrom):
            found += [f"{node.lineno}: from {node.module} import {a.name}" for a in node.names if _is_private(a.name)]
            if node.module and any(_is_private(part) for part in node.module.split(".")):
                found.append(f"{node.lineno}: from {node.module} import …")
        elif isinstance(node, ast.Import):
            found += [
                f"{node.lineno}: import {a.name}"
                for a in node.names
                if any(_is_private(part) for part in a.name.split("."))
            ]
    return found


def test_no_module_uses_another_modules_private_names():
    bad = {str(p.relative_to(ROOT)): uses for p in sorted(PACKAGE.rglob("*.py")) if (uses := private_uses(p))}
    assert not bad, "private names used across modules (add a public name instead):\n" + "\n".join(
        f"  {path}:{use}" for path, uses in bad.items() for use in uses
    )


def test_no_test_imports_a_private_name_of_gamekit():
    """Tests call gamekit through public names: a function a test needs is public (state a test swaps in with
    monkeypatch, such as a cache, is the one exception, as it is not imported)."""
    bad = []
    for path in sorted((ROOT / "tests").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("gamekit"):
                bad += [f"{path.relative_to(ROOT)}:{node.lineno}: {a.name}" for a in node.names if _is_private(a.name)]
    assert not bad, "tests import private names (make them public):\n" + "\n".join(bad)


@pytest.mark.parametrize(
    "source, expected",
    [
        ("import m\nm.solver._tables\n", ["2: m.solver._tables"]),
        ("from gamekit.connect.book import _books\n", ["1: from gamekit.connect.book import _books"]),
        ("import gamekit._hidden\n", ["1: import gamekit._hidden"]),
        (
            "from gamekit.dots.search import Solver\nclass S(Solver):\n    def _moves(self):\n        return "
            "super()._moves()\n",
            ["4: super()._moves (a private method of a base class in another module)"],
        ),
        # allowed: its own fields on a copy, self/cls, a base class in the same module, IPython's display protocol
        (
            "class G:\n    def __init__(self):\n        self._log = []\n    def copy(self):\n        o = G()\n"
            "        o._log = list(self._log)\n        return o\n",
            [],
        ),
        (
            "class A:\n    def _f(self):\n        return 1\nclass B(A):\n    def _f(self):\n        return "
            "super()._f()\n",
            [],
        ),
        ("def show(w):\n    return w._repr_html_()\n", []),
    ],
)
def test_the_private_name_check_flags_reach_ins_and_allows_a_modules_own(tmp_path, source, expected):
    path = tmp_path / "m.py"
    path.write_text(source)
    assert private_uses(path) == expected


# ----- the saved-game registry: games register themselves, gamekit.game imports none ---------------------
def test_gamekit_game_imports_no_game_yet_loads_every_shipped_one():
    from gamekit.connect.rules import FiveInARow
    from gamekit.dots.rules import DotsAndBoxes
    from gamekit.shutbox.game import ShutTheBox

    saves = [
        DotsAndBoxes.from_moves(2, 2, "a1-b1").to_dict(),
        FiveInARow.from_moves("45").to_dict(),
        ShutTheBox().to_dict(),
    ]
    code = textwrap.dedent("""
        import json, sys
        import gamekit.game as g
        print(sorted(g.GAMES))
        print(sorted(m for m in sys.modules if m.startswith(("gamekit.dots", "gamekit.connect", "gamekit.shutbox"))))
        for d in json.loads(sys.argv[1]):          # plain dicts: the caller imported no game
            game = g.load(d)
            print(type(game).__name__, game.to_dict() == d)
    """)
    done = subprocess.run(
        [sys.executable, "-c", code, json.dumps(saves)],
        cwd=ROOT,
        env=_env(),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    ids, loaded_first, *found = done.stdout.splitlines()
    assert ids == str(["connect", "connect_four", "dots_and_boxes", "five_in_a_row", "shut_the_box"])
    assert loaded_first == "[]"  # nothing of the games imported by the contract module
    assert found == ["DotsAndBoxes True", "FiveInARow True", "ShutTheBox True"]


def test_every_shipped_game_round_trips_through_load():
    from gamekit.connect.rules import ConnectFour, FiveInARow
    from gamekit.dots.rules import DotsAndBoxes
    from gamekit.game import GAMES, SHIPPED, load
    from gamekit.shutbox.game import ShutTheBox

    test_only = {"tictactoe"}  # the test-only fourth game (tests/tictactoe), installed by the root conftest.py
    assert (
        set(SHIPPED)
        == set(GAMES) - test_only
        >= {"dots_and_boxes", "five_in_a_row", "connect_four", "connect", "shut_the_box"}
    )
    for game in (
        DotsAndBoxes.from_moves(2, 2, "a1-b1"),
        FiveInARow.from_moves("45"),
        ConnectFour.from_moves("4"),
        ShutTheBox(),
    ):
        again = load(game.to_dict())
        assert type(again) is type(game) and again.to_dict() == game.to_dict()


def test_register_adds_a_game_and_refuses_what_is_not_one(monkeypatch):
    from gamekit.core.errors import BadPositionError
    from gamekit.game import GAMES, load, register

    class Tiny:
        @classmethod
        def from_dict(cls, d):
            return cls()

    monkeypatch.setattr("gamekit.game.GAMES", dict(GAMES))
    from gamekit import game as contract

    register("tiny", lambda: Tiny)
    assert isinstance(load({"game": "tiny", "version": 2}), Tiny) and "tiny" in contract.GAMES
    before = dict(contract.GAMES)
    for bad_id in ("", 3, None, True):
        with pytest.raises(ValueError, match="game_id"):
            register(bad_id, lambda: Tiny)
    with pytest.raises(TypeError, match="loader"):
        register("tiny2", Tiny())
    assert contract.GAMES == before
    with pytest.raises(BadPositionError, match="unknown game"):
        load({"game": "tiny2", "version": 2})


# ----- one home per name: no module re-exports what it imports -------------------------------------------
def _module_file(module: str) -> Path | None:
    base = ROOT / Path(*module.split("."))
    if (base / "__init__.py").exists():
        return base / "__init__.py"
    return base.with_suffix(".py") if base.with_suffix(".py").exists() else None


@functools.cache
def _names_of(path: Path) -> tuple[frozenset[str], frozenset[str]]:
    """What a module defines itself (functions, classes, assigned names) and the names it imports (read once per
    run: every file that imports the module asks)."""
    own, imported = set(), set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            own.add(node.name)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            own.add(node.id)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            imported.update(a.asname or a.name.split(".")[0] for a in node.names)
    return frozenset(own), frozenset(imported)


def imports_through_another_module(path: Path) -> list[str]:
    """``from gamekit.m import name`` where ``m`` is a module (not a package: a package's ``__init__`` is its
    documented public names) that only imports ``name`` from elsewhere, and, in gamekit's own code, ``m.name``
    through an imported module ``m`` in the same case — with the line."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found, aliases = [], {}

    def reexported(module: str, name: str) -> bool:
        file = _module_file(module)
        if file is None or file.name == "__init__.py" or _module_file(f"{module}.{name}") is not None:
            return False
        own, imported = _names_of(file)
        return name not in own and name in imported

    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level == 0 and (node.module or "").startswith("gamekit"):
            for a in node.names:
                if _module_file(f"{node.module}.{a.name}") is not None:
                    aliases[a.asname or a.name] = f"{node.module}.{a.name}"
                elif reexported(node.module, a.name):
                    found.append(f"{node.lineno}: from {node.module} import {a.name}")
        elif isinstance(node, ast.Import):
            aliases.update({a.asname: a.name for a in node.names if a.asname and a.name.startswith("gamekit")})
    if path.is_relative_to(PACKAGE):
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Attribute)
                and isinstance(node.value, ast.Name)
                and node.value.id in aliases
                and reexported(aliases[node.value.id], node.attr)
            ):
                found.append(f"{node.lineno}: {node.value.id}.{node.attr} (through {aliases[node.value.id]})")
    return found


def test_every_import_names_the_module_that_defines_the_name():
    # no alias layer: a name moved to another module is imported from there by every caller, and the old module
    # does not keep it alive (README's public names are the packages' __init__ exports: gamekit, gamekit.dots …)
    files = [*PACKAGE.rglob("*.py"), *(ROOT / "tests").rglob("*.py"), *(ROOT / "benchmarks").rglob("*.py")]
    bad = {str(p.relative_to(ROOT)): uses for p in sorted(files) if (uses := imports_through_another_module(p))}
    assert not bad, "imports through a module that only re-exports the name (import it from its home):\n" + "\n".join(
        f"  {path}:{use}" for path, uses in bad.items() for use in uses
    )


def test_the_reexport_check_flags_an_alias_layer(tmp_path, monkeypatch):
    source = tmp_path / "user.py"
    source.write_text(
        "from gamekit.rooms.room import spec_for\nfrom gamekit.rooms.games import spec_for as s\n"
        "from gamekit import IllegalMoveError\n"
    )
    assert imports_through_another_module(source) == ["1: from gamekit.rooms.room import spec_for"]


# ----- no dead code, and the linter's rules kept ---------------------------------------------------------
def _names_used_in_notebooks_and_docs(folder: Path) -> Path:
    """Every identifier of the notebooks' code cells, the README's and docs' Python blocks, written as a file
    vulture reads (``_.name`` per line): a function only a lesson cell calls is used."""
    names: set[str] = set()
    documents = [*(ROOT / "notebooks").rglob("*.md"), ROOT / "README.md", *(ROOT / "docs").glob("*.md")]
    for document in documents:
        for block in re.findall(
            r"^```(?:\{code-cell\}[^\n]*|python)\n(.*?)^```", document.read_text(encoding="utf-8"), re.S | re.M
        ):
            names.update(re.findall(r"\b[A-Za-z_]\w*\b", block))
    used = folder / "used_in_notebooks.py"
    used.write_text(
        "".join(
            f"_.{name}\n"
            for name in sorted(names)
            if name.isidentifier()
            and name not in {"None", "True", "False"}
            and not __import__("keyword").iskeyword(name)
        )
    )
    return used


def test_no_dead_code_in_gamekit(tmp_path):
    # vulture over gamekit, with the tests, benchmarks, notebooks and docs as its callers; the few names called
    # by a library by name are in tests/vulture_allowlist.py
    used = _names_used_in_notebooks_and_docs(tmp_path)
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "vulture",
            "gamekit",
            "tests",
            "benchmarks",
            "conftest.py",
            str(used),
            "--min-confidence",
            "60",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=240,
    )
    assert done.returncode in (0, 3), done.stderr[-2000:]  # 3: vulture found something
    dead = [line for line in done.stdout.splitlines() if line.startswith("gamekit")]
    assert not dead, (
        "unused code (delete it; a name a library calls goes in tests/vulture_allowlist.py):\n  " + "\n  ".join(dead)
    )


def test_ruff_check_passes():
    # the rules in pyproject.toml [tool.ruff]: unused and undefined names, syntax, None/bool comparisons, lines of
    # at most 120 characters, …
    done = subprocess.run(
        [sys.executable, "-m", "ruff", "check", "--no-cache", "gamekit", "tests", "benchmarks", "conftest.py"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=240,
    )
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]


def test_ruff_format_leaves_every_file_as_it_is():
    # one style: `ruff format` (pyproject.toml [tool.ruff.format]) has nothing to change; run it to fix a failure
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "ruff",
            "format",
            "--check",
            "--no-cache",
            "gamekit",
            "tests",
            "benchmarks",
            "conftest.py",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=240,
    )
    assert done.returncode == 0, (
        "run `ruff format gamekit tests benchmarks conftest.py`:\n" + done.stdout[-4000:] + (done.stderr[-2000:])
    )


# ----- shared code asks the catalog, it does not pick a game by hand ---------------------------------------
GAME_IDS_AND_ALIASES = {
    "dots_and_boxes",
    "five_in_a_row",
    "connect_four",
    "shut_the_box",
    "tictactoe",
    "dots",
    "five",
    "four",
    "connect",
    "shutbox",
}
GAME_CLASSES = {"DotsAndBoxes", "ConnectGame", "FiveInARow", "ConnectFour", "ShutTheBox", "TicTacToe"}
GAME_PACKAGES = {"dots", "connect", "shutbox"}


def game_choices(path: Path) -> list[str]:
    """Comparisons with a game id or alias (``==``, ``!=``, ``in``, ``not in``, also against a tuple of them) and
    ``isinstance`` checks against a game class, with the line."""

    def is_id(node: ast.AST) -> bool:
        return isinstance(node, ast.Constant) and node.value in GAME_IDS_AND_ALIASES

    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Compare):
            sides = [node.left, *node.comparators]
            for op, a, b in zip(node.ops, sides, sides[1:]):
                if isinstance(op, (ast.Eq, ast.NotEq, ast.In, ast.NotIn)) and any(
                    is_id(s) or isinstance(s, (ast.Tuple, ast.Set, ast.List)) and s.elts and all(map(is_id, s.elts))
                    for s in (a, b)
                ):
                    found.append(f"{node.lineno}: {ast.unparse(node)}")
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id == "isinstance"
            and len(node.args) == 2
        ):
            kinds = node.args[1].elts if isinstance(node.args[1], ast.Tuple) else [node.args[1]]
            if any(getattr(k, "id", getattr(k, "attr", None)) in GAME_CLASSES for k in kinds):
                found.append(f"{node.lineno}: {ast.unparse(node)}")
    return found


def test_shared_code_picks_no_game_by_its_id_or_class():
    # outside a game's own package, code asks the game's GameInfo (analysis, board, room …) instead
    counts, lines = {}, {}
    for path in sorted(PACKAGE.rglob("*.py")):
        if path.relative_to(PACKAGE).parts[0] in GAME_PACKAGES:
            continue
        if found := game_choices(path):
            name = str(path.relative_to(ROOT))
            counts[name], lines[name] = len(found), found
    assert not counts, "game ids or classes tested by hand (use a catalog hook):\n" + "\n".join(
        f"  {name}: {n}: " + "; ".join(lines[name]) for name, n in counts.items()
    )


def test_the_game_choice_check_finds_ids_and_classes(tmp_path):
    source = tmp_path / "m.py"
    source.write_text(
        "def f(g, gid):\n    if gid == 'dots_and_boxes' or gid in ('five', 'four'):\n        return 1\n"
        "    return isinstance(g, (int, ShutTheBox)) or gid == 'chess' or g.kind != \"connect\"\n"
    )
    assert [line.split(":")[0] for line in game_choices(source)] == ["2", "2", "4", "4"]


# ----- shared code holds no per-game table: no shipped game's id written outside its own package ---------------------
ID_LITERAL_ALLOWED = {
    # the one registry of the shipped saved-game ids, each mapped to the module that registers its game
    "gamekit/game.py",
    # one game's puzzle selection each, named by that game's GameInfo.puzzles: game code filed under puzzles/
    "gamekit/puzzles/dots.py",
    "gamekit/puzzles/shutbox.py",
}


def shipped_game_ids() -> set[str]:
    """Every id of a game shipped with gamekit: the saved-game ids of :data:`gamekit.game.SHIPPED` and the
    catalog ids of the shipped games."""
    from gamekit import catalog
    from gamekit.game import SHIPPED

    return set(SHIPPED) | {info.id for info in catalog.shipped_games()}


def id_literals(path: Path, game_ids: set[str]) -> list[str]:
    """``"line: id"`` of every string literal in ``path`` equal to one of ``game_ids``, docstrings left out (a
    string standing alone as a statement; comments are not in the syntax tree)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docs = {id(n.value) for n in ast.walk(tree) if isinstance(n, ast.Expr) and isinstance(n.value, ast.Constant)}
    return [
        f"{n.lineno}: {n.value}"
        for n in ast.walk(tree)
        if isinstance(n, ast.Constant) and isinstance(n.value, str) and n.value in game_ids and id(n) not in docs
    ]


def test_shared_code_writes_no_shipped_game_id():
    # a per-game table in shared code ({"dots_and_boxes": …}) is a GameInfo field: a fourth game gets it by
    # registering, with no edit outside its package
    from gamekit.catalog import shipped_modules

    game_ids = shipped_game_ids()
    packages = {module.split(".")[1] for module in shipped_modules()}
    assert {"dots_and_boxes", "five_in_a_row", "connect_four", "shut_the_box"} <= game_ids and len(packages) == 3
    found = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        name = path.relative_to(ROOT).as_posix()
        if path.relative_to(PACKAGE).parts[0] in packages or name in ID_LITERAL_ALLOWED:
            continue
        if hits := id_literals(path, game_ids):
            found[name] = hits
    assert not found, "shipped game ids written in shared code (give GameInfo a field or hook):\n" + "\n".join(
        f"  {name}: " + "; ".join(hits) for name, hits in found.items()
    )
    unused = sorted(name for name in ID_LITERAL_ALLOWED if not id_literals(ROOT / name, game_ids))
    assert not unused, "allowed to write game ids but writes none (drop from ID_LITERAL_ALLOWED): " + ", ".join(unused)


def test_the_id_literal_check_finds_ids_in_code_not_in_docstrings_or_comments(tmp_path):
    source = tmp_path / "m.py"
    source.write_text(
        '"""Dots: ``"dots_and_boxes"``."""\n'
        'TITLES = {"dots_and_boxes": "Dots", "chess": "Chess"}  # "five_in_a_row"\n'
        "def f(game):\n"
        '    """five_in_a_row"""\n'
        '    return game in ("five_in_a_row", f"{game}-x") or game == "five in a row"\n'
        "X = 1\n"
        '"""connect_four"""\n'
    )
    assert id_literals(source, {"dots_and_boxes", "five_in_a_row", "connect_four"}) == [
        "2: dots_and_boxes",
        "5: five_in_a_row",
    ]


MAX_MODULE_LINES = 600
LONG_MODULES = {
    # numba kernels: the compiled Dots search's njit functions, which call and inline one another
    "gamekit/dots/kernels.py": "numba kernels",
    # one class (ShutTheBox) a little over the limit: its parts (rolls, flips, scoring, saving) share its state
    "gamekit/shutbox/game.py": "one class, no clean cut",
}


def long_modules(package: Path, limit: int = MAX_MODULE_LINES) -> dict[str, int]:
    """``{path relative to the checkout: lines}`` of every module of ``package`` longer than ``limit`` lines."""
    found = {}
    for path in sorted(package.rglob("*.py")):
        lines = len(path.read_text(encoding="utf-8").splitlines())
        if lines > limit:
            found[path.relative_to(package.parent).as_posix()] = lines
    return found


def test_no_module_is_over_600_lines_except_the_listed_ones():
    # one job per module: a module past the limit is split along its jobs, or listed above with its reason
    over = {path: n for path, n in long_modules(PACKAGE).items() if path not in LONG_MODULES}
    assert not over, f"modules over {MAX_MODULE_LINES} lines (split them along their jobs):\n" + "\n".join(
        f"  {path}: {n} lines" for path, n in over.items()
    )
    stale = sorted(path for path in LONG_MODULES if path not in long_modules(PACKAGE))
    assert not stale, "listed as long but no longer over the limit (drop them from LONG_MODULES): " + ", ".join(stale)


def test_the_module_length_check_counts_lines(tmp_path):
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "short.py").write_text("x = 1\n" * 3)
    (package / "long.py").write_text("x = 1\n" * 5)
    assert long_modules(package, limit=4) == {"pkg/long.py": 5}
