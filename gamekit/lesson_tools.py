"""Tools for lesson notebooks (used by the tests and by teachers): which code cells a pupil need not see."""
from __future__ import annotations

import ast
from pathlib import Path
from typing import Any

from gamekit import catalog
from gamekit.i18n import SOURCE_LANGUAGE, languages, ntr, tr, using


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
        elif (isinstance(stmt, ast.Assign) and isinstance(value, ast.Call) and _root(value) in names.imported
              and all(isinstance(t, ast.Name) for t in stmt.targets)):
            names.made.update(t.id for t in stmt.targets)
        elif isinstance(stmt, ast.Expr) and isinstance(value, ast.Call) and _root(value) in names.imported:
            pass
        elif isinstance(stmt, ast.Expr) and isinstance(value, ast.Name) and value.id in names.made:
            pass
        else:
            only = False
    return only


def _cells(nb) -> list[tuple[str, str, dict]]:
    return [(c.cell_type, c.source.strip(), {k: v for k, v in c.metadata.items() if k not in ("trusted", "editable")})
            for c in nb.cells]


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
                for line in cell.source.splitlines() if line.startswith("#")):
            break
        if cell.cell_type == "code":
            cells.append(cell)
    return cells


def pupil_view_problems(nb) -> list[str]:
    """Why a lesson notebook is not ready for pupils: a visible code cell on their path, no or a wrong title."""
    problems = [f"code cell on the pupil's path not hidden (jupyter: source_hidden: true): {c.source[:60]!r}"
                for c in pupil_code_cells(nb) if c.metadata.get("jupyter", {}).get("source_hidden") is not True]
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
    title = lesson_title(nb)                   # refuses before anything is written
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


#: file names a pupil's file browser leaves out: jupyter_server's defaults, then the lessons' MyST sources
#: (``01_rules_and_terms.md``: a lesson appears once, as its .ipynb); other Markdown files stay listed
DEFAULT_HIDE_GLOBS = ["__pycache__", "*.pyc", "*.pyo", ".DS_Store", "*.so", "*.dylib", "*~"]
LESSON_SOURCES_GLOB = "[0-9][0-9]_*.md"
#: what a pupil's page says first while a lesson has not been started (no cell has shown anything yet): English
#: and Spanish, since the same stylesheet serves both languages' lessons
START_HINT = ("To start the lesson: menu Run \u25b8 Run All Cells (or \u25b6\u25b6 in the toolbar, then Restart).",
              ("Para empezar la lecci\u00f3n: men\u00fa Run \u25b8 Run All Cells (o \u25b6\u25b6 en la barra de "
               "herramientas y luego Restart)."))
PUPIL_CSS = """/* gamekit, for pupils: a code cell whose input is hidden shows nothing, not its first line.
   Teachers: View > Expand All Code shows the code again (or run `make lab-teacher`). */
.jp-CodeCell .jp-Cell-inputWrapper:has(.jp-InputPlaceholder) {{ display: none; }}
/* no execution counts ("[3]:"), no cell-type menu, no cell toolbar: nothing a lesson needs */
.jp-NotebookPanel .jp-InputPrompt, .jp-NotebookPanel .jp-OutputPrompt {{ visibility: hidden; }}
.jp-NotebookPanel-toolbar .jp-Notebook-toolbarCellType, .jp-NotebookPanel .jp-cell-toolbar {{ display: none !important; }}
/* a lesson (a notebook with code) that has not been started says first thing how to start it, and keeps it in
   view while the pupil scrolls; the line goes once anything has run */
.jp-NotebookPanel:has(.jp-CodeCell):not(:has(.jp-OutputArea-output)) .jp-NotebookPanel-notebook .jp-WindowedPanel-outer::before {{
  content: "{}\\A {}"; white-space: pre-wrap; display: block; position: sticky; top: 0; z-index: 10;
  margin: 0 8px 8px; padding: 8px 12px; border-radius: 4px; font-size: 15px; font-weight: 600; line-height: 1.5;
  background: #fff4c2; color: #222; border: 2px solid #8a6d00; pointer-events: none; }}
""".format(*START_HINT)


def pupil_server_config(prefix: "str | Path") -> dict:
    """The Jupyter server settings for pupils: lesson sources out of the file browser, hidden code fully hidden
    (the CSS under ``prefix``/share/gamekit/lab-custom, loaded by JupyterLab's custom-CSS switch), Voilà pages in
    the lessons' template (:func:`install_voila_template`)."""
    custom = Path(prefix) / "share" / "gamekit" / "lab-custom"
    return {"ContentsManager": {"hide_globs": [*DEFAULT_HIDE_GLOBS, LESSON_SOURCES_GLOB]},
            "LabApp": {"custom_css": True},
            # Voilà inside the same server (Binder's voila/render links, Lab's "Render with Voilà"): the lessons'
            # template, and the teacher guides a start page links
            "VoilaConfiguration": {"template": VOILA_TEMPLATE, "file_allowlist": [VOILA_FILES]},
            "ServerApp": {"tornado_settings": {"static_custom_path": [str(custom)]}}}


# ---------------------------------------------------------------------------------------------------
# The pupils' working copy: JupyterLab saves what it runs (outputs, metadata) into the files it opens, so
# pupils work in a copy of the lessons in their data directory and the checkout stays as it was
# ---------------------------------------------------------------------------------------------------
REPOSITORY = Path(__file__).resolve().parents[1]
#: what the working copy holds, relative to the repository: the lessons, and the teacher guides the start page links
COPIED = ("notebooks", "docs/teachers")
#: the page ``make lab`` opens first, relative to the working copy
START_PAGE = "notebooks/00_start_here.ipynb"
MANIFEST = ".gamekit-copied.json"


def default_lessons_dir() -> Path:
    """Where a pupil's working copy of the lessons lives: ``lessons/`` in the user's data directory
    (``platformdirs.user_data_dir("gamekit")``, beside the progress file)."""
    from platformdirs import user_data_dir
    return Path(user_data_dir("gamekit", appauthor=False)) / "lessons"


def _copyable(path: Path) -> bool:
    parts = path.parts
    return not any(p in (".ipynb_checkpoints", "__pycache__") for p in parts) and path.is_file()


def _pupil_copy_bytes(source: Path) -> bytes:
    """The bytes of ``source`` as the working copy holds it: a notebook without its jupytext pairing (so saving it
    writes that notebook only, no ``.md`` beside it), anything else as it is."""
    import json

    data = source.read_bytes()
    if source.suffix != ".ipynb":
        return data
    nb = json.loads(data)
    header = nb.get("metadata", {}).get("jupytext")
    if isinstance(header, dict):
        header.pop("formats", None)
        if not header:
            nb["metadata"].pop("jupytext")
    return (json.dumps(nb, indent=1, ensure_ascii=False) + "\n").encode("utf-8")


def sync_lessons(target: "str | Path", source: "str | Path" = REPOSITORY) -> list[Path]:
    """Bring the pupils' working copy at ``target`` up to date with the lessons of the checkout at ``source``;
    returns the files written.

    A file is written when the copy lacks it or when the checkout's file changed since it was last copied (the
    copy keeps a manifest of what it copied): a pupil's saved work in a lesson stays until that lesson itself is
    updated; a file copied before and gone from the checkout (a lesson renamed or removed) is removed from the copy.
    Lesson sources (``NN_*.md`` beside their ``.ipynb``) are not copied: pupils open the notebooks.
    ``source`` must hold ``notebooks/`` (``ValueError`` before anything is written); ``target`` must not be
    inside ``source``."""
    import hashlib
    import json

    source, target = Path(source).resolve(), Path(target).expanduser().resolve()
    if not (source / "notebooks").is_dir():
        raise ValueError(f"{source} has no notebooks/ folder: run this from a gamekit checkout")
    if target == source or source in target.parents:
        raise ValueError(f"{target} is inside the checkout {source}: the working copy must live elsewhere")
    manifest_path = target / MANIFEST
    copied: dict = {}
    if manifest_path.exists():
        try:
            copied = json.loads(manifest_path.read_text(encoding="utf-8"))
        except json.JSONDecodeError:
            copied = {}              # a damaged manifest: copy what differs again
    written, seen = [], set()
    for folder in COPIED:
        for path in sorted((source / folder).rglob("*")):
            if not _copyable(path):
                continue
            if path.suffix == ".md" and path.with_suffix(".ipynb").exists():
                continue             # a lesson's MyST source: the notebook beside it is what pupils open
            name = path.relative_to(source).as_posix()
            seen.add(name)
            digest = hashlib.sha256(path.read_bytes()).hexdigest()
            out = target / name
            if out.exists() and copied.get(name) == digest:
                continue
            out.parent.mkdir(parents=True, exist_ok=True)
            out.write_bytes(_pupil_copy_bytes(path))
            copied[name] = digest
            written.append(out)
    for name in sorted(set(copied) - seen):    # gone from the checkout (a lesson renamed or removed): gone for pupils
        (target / name).unlink(missing_ok=True)
        del copied[name]
    target.mkdir(parents=True, exist_ok=True)
    manifest_path.write_text(json.dumps(copied, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    return written


def pupil_lab_command(lessons_dir: "str | Path", lab_args: "list[str] | None" = None) -> list[str]:
    """The ``jupyter lab`` command line for pupils (this Python's): served from the working copy ``lessons_dir``,
    opening the start page; ``lab_args`` after."""
    import sys

    extra = [a for a in (lab_args or []) if a != "--"]
    if not all(isinstance(a, str) for a in extra):
        raise TypeError(f"lab_args should be strings, not {extra!r}")
    return [sys.executable, "-m", "jupyter", "lab", f"--ServerApp.root_dir={Path(lessons_dir).resolve()}",
            f"--LabApp.default_url=/lab/tree/{START_PAGE}", *extra]


#: the files Voilà hands out as they are besides notebooks (its default images, and the teacher guides' Markdown,
#: which the start page links)
VOILA_FILES = r".*\.(png|jpg|gif|svg|md)"


#: Voilà's page template for the lessons (``--template=gamekit``): JupyterLab's look, the text at a readable width
VOILA_TEMPLATE = "gamekit"
VOILA_TEMPLATE_FILES = {
    "conf.json": '{"base_template": "lab"}\n',
    "index.html.j2": """{%- extends 'lab/index.html.j2' -%}
{#- gamekit: a lesson page reads like a page, not a full-width sheet -#}
{%- block notebook_css -%}
{{ super() }}
<style>
  body { background: #f3f3f3; }
  #rendered_cells { max-width: 62rem; margin: 1rem auto; padding: 1.5rem 2.5rem 3rem; background: #fff;
                    box-sizing: border-box; border-radius: 6px; box-shadow: 0 1px 4px rgba(0, 0, 0, 0.25); }
  #rendered_cells .jp-RenderedHTMLCommon { font-size: 16px; line-height: 1.55; }
</style>
{%- endblock notebook_css -%}
""",
}


def install_voila_template(prefix: "str | Path | None" = None) -> Path:
    """Write the lessons' Voilà template (:data:`VOILA_TEMPLATE`) under ``prefix`` (default ``sys.prefix``):
    ``share/jupyter/voila/templates/gamekit/``; returns that folder."""
    import sys

    folder = Path(prefix or sys.prefix) / "share" / "jupyter" / "voila" / "templates" / VOILA_TEMPLATE
    folder.mkdir(parents=True, exist_ok=True)
    for name, text_ in VOILA_TEMPLATE_FILES.items():
        (folder / name).write_text(text_, encoding="utf-8")
    return folder


#: Voilà, with the teacher guides' Markdown sent as UTF-8 text (Python's table says ``text/markdown`` and no
#: character set, which a browser reads as Latin-1)
VOILA_LAUNCHER = ("import mimetypes, sys; mimetypes.add_type('text/markdown; charset=utf-8', '.md'); "
                  "from voila.app import main; sys.exit(main())")


def voila_command(port: int, lab_args: "list[str] | None" = None) -> list[str]:
    """The ``voila`` command line (this Python's) serving the checkout's lessons as pages without code: the whole
    checkout as Voilà's tree (so a lesson's links to the next lesson, its Spanish twin and the teacher guides
    resolve), on ``port`` of this machine, in the lessons' template (a readable width: :func:`install_voila_template`,
    which ``lab-settings`` runs), ``lab_args`` after."""
    import sys

    if isinstance(port, bool) or not isinstance(port, int) or not 0 < port < 65536:
        raise ValueError(f"port={port!r}: a whole number from 1 to 65535")
    extra = [a for a in (lab_args or []) if a != "--"]
    if not all(isinstance(a, str) for a in extra):
        raise TypeError(f"lab_args should be strings, not {extra!r}")
    return [sys.executable, "-c", VOILA_LAUNCHER, "--no-browser", f"--port={port}", "--Voila.port_retries=0",
            f"--Voila.root_dir={REPOSITORY}", f"--template={VOILA_TEMPLATE}",
            f"--VoilaConfiguration.file_allowlist={VOILA_FILES}", *extra]


def voila_page_url(base: str, page: "str | Path") -> str:
    """The address of ``page`` (a notebook of the checkout, e.g. ``notebooks/00_start_here.ipynb``) on the Voilà
    server at ``base``; ``ValueError`` for a page that is not a notebook of the checkout."""
    path = (REPOSITORY / page).resolve()
    if path.suffix != ".ipynb" or not path.is_file() or REPOSITORY not in path.parents:
        raise ValueError(f"{page}: not a lesson notebook (.ipynb) of {REPOSITORY}")
    return f"{base.rstrip('/')}/voila/render/{path.relative_to(REPOSITORY).as_posix()}"


def serve_voila(port: int, page: "str | Path" = START_PAGE, lab_args: "list[str] | None" = None,
                open_browser: bool = True) -> int:
    """Run Voilà (:func:`voila_command`) until it stops or Ctrl+C, opening ``page`` in the browser once it
    answers; returns Voilà's exit code.  The page is checked before Voilà starts."""
    import subprocess
    import time
    import urllib.request
    import webbrowser

    base = f"http://localhost:{port}"
    url = voila_page_url(base, page)
    process = subprocess.Popen(voila_command(port, lab_args), cwd=REPOSITORY)
    try:
        deadline = time.monotonic() + 120
        while process.poll() is None and time.monotonic() < deadline:
            try:
                urllib.request.urlopen(f"{base}/voila/tree", timeout=2).close()
                break
            except OSError:
                time.sleep(0.3)
        if process.poll() is None:
            print(f"The lessons without code: {url}  (Ctrl+C stops)", flush=True)
            if open_browser:
                webbrowser.open(url)
        return process.wait()
    except KeyboardInterrupt:
        process.terminate()
        return process.wait()


#: what ``make lab-teacher`` adds to ``jupyter lab``: the sources listed and the code placeholders shown
TEACHER_ARGS = ["--LabApp.custom_css=False",
                "--ContentsManager.hide_globs=" + repr(DEFAULT_HIDE_GLOBS).replace("'", '"')]


def teacher_lab_command(lab_args: "list[str] | None" = None) -> list[str]:
    """The ``jupyter lab`` command line for a teacher (this Python's): the checkout itself served (a teacher edits
    the sources; the guides the start page links are inside), the start page first, ``lab_args`` after the
    teacher's options."""
    import sys

    extra = [a for a in (lab_args or []) if a != "--"]
    if not all(isinstance(a, str) for a in extra):
        raise TypeError(f"lab_args should be strings, not {extra!r}")
    return [sys.executable, "-m", "jupyter", "lab", *TEACHER_ARGS, f"--ServerApp.root_dir={REPOSITORY}",
            f"--LabApp.default_url=/lab/tree/{START_PAGE}", *extra]

# ---------------------------------------------------------------------------------------------------
# JupyterLab: open the MyST sources as notebooks
# ---------------------------------------------------------------------------------------------------
LAB_SETTINGS = {"@jupyterlab/docmanager-extension:plugin": {
                    "defaultViewers": {"markdown": "Jupytext Notebook", "myst": "Jupytext Notebook"}},
                # a lesson (or a guide opened as a notebook) starts Python without asking which kernel
                "@jupyterlab/notebook-extension:tracker": {"autoStartDefaultKernel": True},
                # no "get notified about Jupyter news?" popup and no update checks over a lesson
                "@jupyterlab/apputils-extension:notification": {"fetchNews": "false", "checkForUpdates": False}}


def install_lab_settings(prefix: "str | Path | None" = None) -> Path:
    """Set up JupyterLab (in the environment at ``prefix``, default ``sys.prefix``) for a class.

    Writes ``share/jupyter/lab/settings/overrides.json`` under the prefix (``.md`` files open as notebooks, no
    news popup), keeping any other overrides there; and the pupils' server settings (:func:`pupil_server_config`) to
    ``etc/jupyter/jupyter_server_config.json`` (merged into what is there) with the CSS they load (no code, no
    prompts, no cell-type menu; how to start a lesson, first thing); and the lessons' Voilà template.
    Both files are checked before either is written: broken JSON is refused with a ``ValueError``.
    """
    import json
    import sys

    prefix = Path(prefix or sys.prefix)
    path = prefix / "share" / "jupyter" / "lab" / "settings" / "overrides.json"
    settings: dict = {}
    if path.exists():
        try:
            settings = json.loads(path.read_text(encoding="utf-8"))
        except json.JSONDecodeError as bad:
            raise ValueError(f"{path} is not valid JSON ({bad}); fix or remove it, then run this again") from None
    for plugin, values in LAB_SETTINGS.items():
        entry = settings.setdefault(plugin, {})
        for key, value in values.items():
            current_value = entry.get(key)
            entry[key] = {**current_value, **value} if isinstance(value, dict) and isinstance(current_value, dict) else value
    # the server reads its settings from jupyter_server_config.json (the .d/ folder holds only extension switches)
    server = prefix / "etc" / "jupyter" / "jupyter_server_config.json"
    current: dict = {}
    if server.exists():
        try:
            current = json.loads(server.read_text(encoding="utf-8"))
        except json.JSONDecodeError as bad:
            raise ValueError(f"{server} is not valid JSON ({bad}); fix or remove it, then run this again") from None
    config = pupil_server_config(prefix)
    for section, traits in config.items():
        entry = current.setdefault(section, {})
        for trait, value in traits.items():
            entry[trait] = {**entry.get(trait, {}), **value} if isinstance(value, dict) else value
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(settings, indent=2) + "\n", encoding="utf-8")
    server.parent.mkdir(parents=True, exist_ok=True)
    server.write_text(json.dumps(current, indent=2) + "\n", encoding="utf-8")
    css = Path(config["ServerApp"]["tornado_settings"]["static_custom_path"][0]) / "custom.css"
    css.parent.mkdir(parents=True, exist_ok=True)
    css.write_text(PUPIL_CSS, encoding="utf-8")
    install_voila_template(prefix)
    return path


# ---------------------------------------------------------------------------------------------------
# Teacher guides: the solutions section is generated from the exercises, so it cannot go stale
# ---------------------------------------------------------------------------------------------------
BEGIN = "<!-- solutions:begin (generated by: python -m gamekit.lesson_tools guide {path} {module}{options}) -->"
END = "<!-- solutions:end -->"


def _plain(html_text: str) -> str:
    import html
    import re
    return " ".join(html.unescape(re.sub(r"<[^>]+>", "", str(html_text))).split())


def _shown(exercise: Any, value: Any) -> str:
    """``value`` as a pupil sees it: a choice's value is English and its button shows it translated (``tr``)."""
    text = str(value)
    if exercise.choices and text.strip().lower() in {str(c).strip().lower() for c in exercise.choices}:
        return tr(text)
    return text


def solutions_markdown(module: str, lang: str = "en") -> str:
    """Markdown listing every exercise of a game's ``EXERCISES`` (``module``, e.g. ``gamekit.dots.lessons``):
    per notebook, the question, the accepted answers and one wrong answer with the feedback it gets.

    Written in ``lang`` (``"en"``, ``"es"``: the questions and feedback from the gettext catalogue, the
    headings name that language's twin notebooks, ``notebooks/es/...``); the language current before is
    back afterwards, even when an exercise fails.  An unknown ``lang`` is refused with a ``ValueError``
    (a non-text with a ``TypeError``) before anything is computed.
    """
    import importlib

    with using(lang):
        exercises = importlib.import_module(module).EXERCISES
        out = []
        for notebook, factories in exercises.items():
            if not factories:
                continue
            # the twin of notebooks/<notebook>.md in this language (the Spanish ones live in notebooks/es/)
            out.append("### `" + tr("notebooks/{notebook}.md", notebook=notebook) + "`\n")
            for n, factory in enumerate(factories, 1):
                ex = factory()
                solutions = list(dict.fromkeys(_shown(ex, s) for s in ex.solutions))
                accepted = ", ".join(f"`{a}`" for a in solutions)
                answer = _shown(ex, _plain(ex.answer).rstrip(".")) or accepted
                out.append(f"{n}. **{_plain(ex.prompt)}**  ")
                out.append("   " + ntr("Answer: {answer} (accepted: {accepted}).", "Answer: {answer} (accepted: {accepted}).",
                                       len(solutions), answer=answer, accepted=accepted) + "  ")
                if ex.wrong:              # the first wrong example: lessons list the most tempting one first
                    wrong = ex.wrong[0]
                    out.append("   " + tr('A wrong answer, {wrong}, gets: "{feedback}"', wrong=f"`{_shown(ex, wrong)}`",
                                          feedback=_plain(ex.check(wrong)[1])))
                out.append("")
            out += practice_markdown(module, notebook)
    return "\n".join(out).rstrip() + "\n"


def practice_markdown(module: str, notebook: str) -> list[str]:
    """The lines listing a lesson's "More practice" set in the guide (current language): the puzzle bank, the
    seed, and for each problem its level, puzzle id, question and accepted answers (empty without a set)."""
    import importlib

    lessons = getattr(importlib.import_module(module), "LESSONS", {})
    lesson = next((l for l in lessons.values() if l.notebook == notebook), None)
    if lesson is None or lesson.practice is None:
        return []
    problems = lesson.practice
    out = ["**" + tr("More practice") + "** — " + tr(
        "from the puzzle bank ({game}), seed {seed}: the same problems for every pupil, easy to hard.",
        game=problems.game_id, seed=problems.seed), ""]
    for n, ex in enumerate(problems.exercises(), 1):
        from gamekit.puzzles.sets import level_word
        solutions = ", ".join(f"`{_shown(ex, s)}`" for s in ex.solutions)
        out.append(f"{n}. " + tr("({level}, puzzle `{id}`)", level=level_word(ex.level), id=ex.puzzle.id)
                   + f" **{_plain(ex.prompt)}**  ")
        out.append("   " + tr("Answer: {answer}", answer=solutions) + "  ")
        out.append("   " + tr('A wrong answer, {wrong}, gets: "{feedback}"', wrong=f"`{_shown(ex, ex.wrong[0])}`",
                              feedback=_plain(ex.check(ex.wrong[0])[1])))
        out.append("")
    return out


def guide_block(path: "str | Path", module: str, lang: str = "en") -> str:
    """The generated block of a teacher guide: the markers around :func:`solutions_markdown` in ``lang``."""
    with using(lang) as code:                 # refuses an unknown language; "es_ES" is "es"
        options = "" if code == SOURCE_LANGUAGE else f" --lang {code}"
        return f"{BEGIN.format(path=path, module=module, options=options)}\n{solutions_markdown(module, code)}{END}"


def _block_bounds(text_: str) -> "tuple[int, int] | None":
    start, end = text_.find("<!-- solutions:begin"), text_.find(END)
    return None if start < 0 or end < start else (start, end)


def update_guide(path: "str | Path", module: str, lang: str = "en") -> bool:
    """Rewrite the generated solutions block of a teacher guide in ``lang``; True if it changed.

    The file is left as it was when ``lang`` is unknown or the guide has no block to fill (``ValueError``).
    """
    path = Path(path)
    text_ = path.read_text(encoding="utf-8")
    bounds = _block_bounds(text_)
    if bounds is None:
        raise ValueError(f"{path} has no '<!-- solutions:begin ... -->' ... '{END}' block to fill")
    start, end = bounds
    new = text_[:start] + guide_block(path, module, lang) + text_[end + len(END):]
    path.write_text(new, encoding="utf-8")
    return new != text_


def guide_is_current(path: "str | Path", module: str, lang: str = "en") -> bool:
    """True when the guide's generated block is exactly what :func:`update_guide` would write in ``lang``."""
    text_ = Path(path).read_text(encoding="utf-8")
    bounds = _block_bounds(text_)
    if bounds is None:
        return False
    start, end = bounds
    return text_[text_.index("-->", start) + 3:end] == "\n" + solutions_markdown(module, lang)


# ---------------------------------------------------------------------------------------------------
# Printable worksheets: each lesson's exercises (prompt, board, choices) without answers
# ---------------------------------------------------------------------------------------------------
def _reflection_question(module: Any, notebook: str) -> "str | None":
    questions = getattr(module, "REFLECTIONS", {})
    for key in (notebook, int(Path(notebook).name[:2]) if Path(notebook).name[:2].isdigit() else None):
        if key in questions:
            entry = questions[key]
            return tr(entry[0] if isinstance(entry, tuple) else entry)
    return None


def _board_text(exercise: Any) -> "str | None":
    """The exercise's position drawn as text for paper (a monospaced diagram), or None when it has none.

    Dots and Boxes: the dots named as the lessons name them (columns a, b, c…, rows 1, 2, 3… from the top) and
    the boxes taken marked with their owner's letter; 5 en raya / Connect Four: the grid with its column
    numbers; Shut the Box: the row of tiles 1–9 (covered ones blacked out) and the roll."""
    board = getattr(exercise, "game", None)
    if board is None:
        board = exercise.position
    if board is None:
        return None
    tiles = _tiles_and_roll(board)
    if tiles is not None:
        open_tiles, roll = tiles
        row = "| " + " | ".join(str(t) if t in open_tiles else "■" for t in range(1, 10)) + " |"
        lines = [row, tr("■ = a covered tile")]
        if roll is not None:
            lines.append(tr("The dice show {roll}.", roll=roll))
        return "\n".join(lines)
    if not hasattr(board, "legal_moves"):
        return None
    info = catalog.of(board)
    if info is not None and info.paper_board is not None:
        return info.paper_board(board)
    return str(board)


def _tiles_and_roll(position: Any) -> "tuple[tuple[int, ...], int | None] | None":
    """``(open tiles, roll)`` of a Shut the Box exercise position (a ``SetChoice``, or the pair a bank puzzle's
    exercise carries), else None."""
    if hasattr(position, "open_tiles") and hasattr(position, "roll"):
        return tuple(position.open_tiles), position.roll
    if (isinstance(position, tuple) and len(position) == 2 and isinstance(position[0], tuple)
            and all(isinstance(t, int) and 1 <= t <= 9 for t in position[0])
            and (position[1] is None or isinstance(position[1], int))):
        return position[0], position[1]
    return None


SCREEN_WORDS = {
    "en": ((r"\b(the (?:tiny )?(?:game|board|position)) above\b", r"\1 drawn below", r"\1 the lesson shows"),
           (r"\bas above\b", "as the board drawn below", "as in the lesson"),
           (r"\babove\b", "below", "in the lesson"),
           (r"\bClick it\b", "Write it down", None), (r"\bClick\b", "Write", None), (r"\bclick\b", "write", None),
           (r"\bType\b", "Write", None), (r"\btype\b", "write", None), (r"\bPress\b", "Choose", None),
           (r"\bpress\b", "choose", None)),
    "es": ((r"\bde arriba\b", "de abajo", "de la lección"), (r"\bque arriba\b", "que abajo", "que en la lección"),
           (r"\barriba\b", "abajo", "en la lección"),
           (r"\bPulsa\b", "Escribe", None), (r"\bpulsa\b", "escribe", None), (r"\bHaz clic en\b", "Escribe", None),
           (r"\bhaz clic en\b", "escribe", None), (r"\bTeclea\b", "Escribe", None), (r"\bteclea\b", "escribe", None)),
}
"""Words of a lesson page that do not fit paper, and what a worksheet says instead: ``(pattern, with the
position drawn on the sheet, without it)`` (``None``: the same either way)."""
PAPER_BANNED = {"en": r"\b(above|click|clicks|type|typed|press)\b", "es": r"\b(arriba|pulsa|clic|teclea)\b"}
"""What a worksheet never says (a test checks every sheet): there is no screen above, nothing to click or type."""


def paper_words(text: str, drawn: bool, lang: "str | None" = None) -> str:
    """A lesson prompt as a worksheet says it: "click"/"type" become "write", and "above" points at the board
    drawn below it (``drawn``) or at the lesson (a game only the lesson's step-through shows)."""
    import re

    from gamekit.i18n import get_language

    code = (lang or get_language())[:2]
    for pattern, with_board, without in SCREEN_WORDS.get(code, ()):
        text = re.sub(pattern, with_board if drawn or without is None else without, text)
    return text


def _answer_note(module: str) -> str:
    """How a worksheet asks for answers in writing, for the lessons of ``module`` (the first game of the catalog
    whose lessons they are says it: :attr:`gamekit.catalog.GameInfo.paper_answers`)."""
    for info in catalog.games():
        if info.lessons == module and info.paper_answers:
            return tr(info.paper_answers)
    return tr("Write each answer on its line.")


def worksheet_markdown(module: str, notebook: str, lang: str = "en") -> str:
    """A printable worksheet for one lesson (``notebook`` as in the module's ``EXERCISES``) in ``lang``: the
    lesson's title, the game's rules card (the module's ``WORKSHEET_RULES``, a tuple of ``N_`` sentences, if it
    defines one: a sheet on paper has no lesson page to look the rules up in), the lesson's paper aids (the
    module's ``worksheet_aids(notebook)``, Markdown blocks, if it defines one: the tables and blanks a pupil
    needs without the page), each exercise's question in paper
    words (:func:`paper_words`: nothing "above", nothing to click or type) with its position drawn as text
    (:func:`_board_text`), the cells its board marks in words (an exercise's ``marked_cells``, if any), its
    choices, a line to answer on, and the closing reflection question — never an answer, a hint or feedback.

    Refusals (``KeyError`` for an unknown notebook, ``ValueError``/``TypeError`` for the language) come
    before anything is computed, and the language current before is back afterwards.
    """
    import importlib

    import nbformat

    with using(lang):
        lessons = importlib.import_module(module)
        if notebook not in lessons.EXERCISES:
            raise KeyError(f"{module} has no lesson {notebook!r}; known: {', '.join(lessons.EXERCISES)}")
        path = Path(__file__).resolve().parents[1] / "notebooks" / (
            tr("notebooks/{notebook}.md", notebook=notebook)[len("notebooks/"):])
        stored = path.with_suffix(".ipynb")      # the title pupils see (a gamekit installed without lessons: the path)
        title = (nbformat.read(stored, as_version=4).metadata.get("title") if stored.exists() else None) or notebook
        out = [f"# {title}", "",
               tr("*Worksheet — name:* ______________________ *date:* ____________"), "",
               _answer_note(module), ""]
        rules = getattr(lessons, "WORKSHEET_RULES", ())
        if isinstance(rules, str):       # one string would print as one bullet per character
            raise TypeError(f"{module}.WORKSHEET_RULES must be a tuple of sentences, not one string")
        if rules:
            out += [tr("## Rules card"), ""] + [f"- {tr(rule)}" for rule in rules] + [""]
        aids = getattr(lessons, "worksheet_aids", None)      # tables and blanks the lesson page would show
        blocks = aids(notebook) if callable(aids) else []
        if blocks:
            out += [tr("## To help you"), ""] + [line for block in blocks for line in (block.rstrip(), "")]
        for n, factory in enumerate(lessons.EXERCISES[notebook], 1):
            ex = factory()
            out.append(tr("## Exercise {n}", n=n))
            out.append("")
            board = _board_text(ex)
            out.append(paper_words(_plain(ex.prompt), drawn=bool(board)))
            out.append("")
            if board:
                out += ["```text", board.rstrip(), "```", ""]
            marked = getattr(ex, "marked_cells", "")
            if board and marked:
                out += [marked, ""]
            if ex.choices:
                out += [f"- [ ] {tr(str(c))}" for c in ex.choices] + [""]
            else:
                out += [tr("Answer:") + " ________________________________________", ""]
        lesson = next((l for l in getattr(lessons, "LESSONS", {}).values() if l.notebook == notebook), None)
        if lesson is not None and lesson.practice is not None:
            from gamekit.puzzles.sets import level_word
            out += [tr("## More practice"), ""]
            for n, ex in enumerate(lesson.practice.exercises(), 1):
                board = _board_text(ex)
                out += [tr("### Problem {i} ({level})", i=n, level=level_word(ex.level)), "",
                        paper_words(_plain(ex.prompt), drawn=bool(board)), ""]
                if board:
                    out += ["```text", board.rstrip(), "```", ""]
                if ex.choices:
                    out += [f"- [ ] {c}" for c in ex.choices] + [""]
                else:
                    out += [tr("Answer:") + " ________________________________________", ""]
        question = _reflection_question(lessons, notebook)
        if question:
            out += [tr("## One sentence to finish"), "", question, "",
                    "________________________________________________________________________________", "",
                    "________________________________________________________________________________", ""]
    return "\n".join(out).rstrip() + "\n"


def worksheet_path(folder: "str | Path", notebook: str) -> Path:
    """Where the worksheet of ``notebook`` lives under ``folder`` (e.g. ``worksheets/dots_and_boxes/02_third_sides.md``)."""
    return Path(folder) / f"{notebook}.md"


def write_worksheets(module: str, folder: "str | Path", lang: str = "en") -> list[Path]:
    """Write one worksheet per lesson of ``module`` under ``folder`` in ``lang``; returns the files changed."""
    import importlib

    with using(lang) as code:
        sheets = {worksheet_path(folder, nb): worksheet_markdown(module, nb, code)
                  for nb, factories in importlib.import_module(module).EXERCISES.items() if factories}
    changed = []
    for path, text_ in sheets.items():          # everything computed before anything is written
        if not path.exists() or path.read_text(encoding="utf-8") != text_:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text_, encoding="utf-8")
            changed.append(path)
    return changed


def warm_engines() -> "list[tuple[str, float]]":
    """Compile the compiled engines into numba's cache, or load them from it: the Dots search (about 30 s into
    an empty cache, which a pupil's first Hint or Hard move would otherwise wait for), and the Connect Four and
    5 en raya searches (a few seconds each).  Returns (engine, seconds) for each; nothing when the compiled
    engines cannot run here (no numba, or ``GAMEKIT_PURE_PYTHON`` set).  Binder's postBuild runs it, so the
    image holds the cache."""
    import time

    from gamekit import compiled
    if not compiled.available():
        return []
    from gamekit.connect import CONNECT_FOUR, FIVE_IN_A_ROW, ConnectFour, FiveInARow
    from gamekit.connect.solver import OutOfTime, Solver
    from gamekit.dots.fast import CompiledSearch
    from gamekit.dots.rules import geometry

    done = []
    start = time.perf_counter()
    CompiledSearch(geometry(2, 2), table_bits=6).exact(0)
    done.append(("Dots and Boxes", time.perf_counter() - start))
    for name, variant, game in (("Connect Four", CONNECT_FOUR, ConnectFour()), ("5 en raya", FIVE_IN_A_ROW, FiveInARow())):
        start = time.perf_counter()
        try:
            Solver(variant, engine="compiled").solve(game, time_budget=0.05)   # compiled first, then searched briefly
        except OutOfTime:
            pass
        done.append((name, time.perf_counter() - start))
    return done


def main(argv: "list[str] | None" = None) -> int:
    import argparse
    import os
    import shlex

    parser = argparse.ArgumentParser(prog="python -m gamekit.lesson_tools", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    lab = sub.add_parser("lab-settings", help="set JupyterLab up for pupils: .md lessons open as notebooks, sources and code hidden")
    lab.add_argument("--prefix", help="environment prefix (default: this Python's)")
    pupil = sub.add_parser("pupil-lab", help="open JupyterLab for pupils on a working copy of the lessons (in the "
                                             "user's data directory), so the checkout's files stay as they are")
    pupil.add_argument("--lessons", help=f"where the working copy lives (default: {default_lessons_dir()})")
    pupil.add_argument("lab_args", nargs=argparse.REMAINDER, help="passed on to jupyter lab (--port, --no-browser, ...)")
    voila = sub.add_parser("voila", help="the lessons as pages without code (Voilà), the start page first")
    voila.add_argument("--port", type=int, default=8866)
    voila.add_argument("--page", default=START_PAGE, help=f"the page to open first (default {START_PAGE})")
    voila.add_argument("--no-browser", action="store_true", help="print the address, open no browser")
    voila.add_argument("lab_args", nargs=argparse.REMAINDER, help="passed on to voila")
    teacher = sub.add_parser("teacher-lab", help="open JupyterLab as a teacher: the lesson sources (.md) listed, "
                                                 "collapsed code shown as a one-click placeholder")
    teacher.add_argument("lab_args", nargs=argparse.REMAINDER, help="passed on to jupyter lab (paths, --port, ...)")
    view = sub.add_parser("pupil-view", help="hide the code on the pupil's path and title each notebook after its "
                                             "lesson, in the .md sources and their .ipynb pairs")
    view.add_argument("notebooks", nargs="+", help=".md sources, e.g. notebooks/*.md notebooks/*/*.md")
    check = sub.add_parser("check", help="check that each .ipynb is its .md source, stored without outputs")
    check.add_argument("notebooks", nargs="+", help=".ipynb or .md files")
    guide = sub.add_parser("guide", help="regenerate the solutions block of a teacher guide from the exercises")
    guide.add_argument("path", help="e.g. docs/teachers/dots.md")
    guide.add_argument("module", help="e.g. gamekit.dots.lessons")
    guide.add_argument("--lang", default=SOURCE_LANGUAGE,
                       help=f"language of the block: {', '.join(languages())} (default: {SOURCE_LANGUAGE}); "
                            "e.g. --lang es for docs/teachers/es/dots.md")
    sub.add_parser("warm", help="compile the engines into numba's cache now (Binder's postBuild), not at a pupil's "
                                "first Hint or CPU move")
    sheets = sub.add_parser("worksheets", help="write a printable worksheet per lesson (the exercises without answers)")
    sheets.add_argument("module", help="e.g. gamekit.dots.lessons")
    sheets.add_argument("folder", help="e.g. docs/teachers/worksheets (Spanish: docs/teachers/es/worksheets)")
    sheets.add_argument("--lang", default=SOURCE_LANGUAGE, help=f"language: {', '.join(languages())}")
    args = parser.parse_args(argv)
    if args.command == "warm":
        done = warm_engines()
        print("; ".join(f"{name}: {seconds:.1f} s" for name, seconds in done) if done
              else "no compiled engines here (numba missing, or GAMEKIT_PURE_PYTHON set): nothing to compile")
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
        except (ValueError, OSError, ImportError) as refusal:   # unknown language, no block, no such file or module
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
        print(f"The lessons for pupils are a working copy in {lessons} ({len(written)} file(s) brought up to date); "
              "what pupils run and save stays there, the checkout is left as it is.", flush=True)
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
