"""Opening the lessons: the pupils' working copy of the lessons (JupyterLab saves into the files it opens, so the
checkout stays as it was), JupyterLab for pupils and for teachers, Voilà pages, the JupyterLab settings and
stylesheet for pupils, and the engines compiled into numba's cache before a pupil's first Hint.  The commands
are ``python -m gamekit.lesson_tools pupil-lab|teacher-lab|voila|lab-settings|warm``."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path


#: file names a pupil's file browser leaves out: jupyter_server's defaults, then the lessons' MyST sources
#: (``01_rules_and_terms.md``: a lesson appears once, as its .ipynb); other Markdown files stay listed
DEFAULT_HIDE_GLOBS = ["__pycache__", "*.pyc", "*.pyo", ".DS_Store", "*.so", "*.dylib", "*~"]
LESSON_SOURCES_GLOB = "[0-9][0-9]_*.md"
#: what a pupil's page says first while a lesson has not been started (no cell has shown anything yet): English
#: and Spanish, since the same stylesheet serves both languages' lessons
START_HINT = (
    "To start the lesson: menu Run \u25b8 Run All Cells (or \u25b6\u25b6 in the toolbar, then Restart).",
    (
        "Para empezar la lecci\u00f3n: men\u00fa Run \u25b8 Run All Cells (o \u25b6\u25b6 en la barra de "
        "herramientas y luego Restart)."
    ),
)
PUPIL_CSS = """/* gamekit, for pupils: a code cell whose input is hidden shows nothing, not its first line.
   Teachers: View > Expand All Code shows the code again (or run `make lab-teacher`). */
.jp-CodeCell .jp-Cell-inputWrapper:has(.jp-InputPlaceholder) {{ display: none; }}
/* no execution counts ("[3]:"), no cell-type menu, no cell toolbar: nothing a lesson needs */
.jp-NotebookPanel .jp-InputPrompt, .jp-NotebookPanel .jp-OutputPrompt {{ visibility: hidden; }}
.jp-NotebookPanel-toolbar .jp-Notebook-toolbarCellType,
.jp-NotebookPanel .jp-cell-toolbar {{ display: none !important; }}
/* a lesson (a notebook with code) that has not been started says first thing how to start it, and keeps it in
   view while the pupil scrolls; the line goes once anything has run */
.jp-NotebookPanel:has(.jp-CodeCell):not(:has(.jp-OutputArea-output))
  .jp-NotebookPanel-notebook .jp-WindowedPanel-outer::before {{
  content: "{}\\A {}"; white-space: pre-wrap; display: block; position: sticky; top: 0; z-index: 10;
  margin: 0 8px 8px; padding: 8px 12px; border-radius: 4px; font-size: 15px; font-weight: 600; line-height: 1.5;
  background: #fff4c2; color: #222; border: 2px solid #8a6d00; pointer-events: none; }}
""".format(*START_HINT)


def pupil_server_config(prefix: "str | Path") -> dict:
    """The Jupyter server settings for pupils: lesson sources out of the file browser, hidden code fully hidden
    (the CSS under ``prefix``/share/gamekit/lab-custom, loaded by JupyterLab's custom-CSS switch), Voilà pages in
    the lessons' template (:func:`install_voila_template`)."""
    custom = Path(prefix) / "share" / "gamekit" / "lab-custom"
    return {
        "ContentsManager": {"hide_globs": [*DEFAULT_HIDE_GLOBS, LESSON_SOURCES_GLOB]},
        "LabApp": {"custom_css": True},
        # Voilà inside the same server (Binder's voila/render links, Lab's "Render with Voilà"): the lessons'
        # template, and the teacher guides a start page links
        "VoilaConfiguration": {"template": VOILA_TEMPLATE, "file_allowlist": [VOILA_FILES]},
        "ServerApp": {"tornado_settings": {"static_custom_path": [str(custom)]}},
    }


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
            copied = {}  # a damaged manifest: copy what differs again
    written, seen = [], set()
    for folder in COPIED:
        for path in sorted((source / folder).rglob("*")):
            if not _copyable(path):
                continue
            if path.suffix == ".md" and path.with_suffix(".ipynb").exists():
                continue  # a lesson's MyST source: the notebook beside it is what pupils open
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
    for name in sorted(set(copied) - seen):  # gone from the checkout (a lesson renamed or removed): gone for pupils
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
    return [
        sys.executable,
        "-m",
        "jupyter",
        "lab",
        f"--ServerApp.root_dir={Path(lessons_dir).resolve()}",
        f"--LabApp.default_url=/lab/tree/{START_PAGE}",
        *extra,
    ]


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
VOILA_LAUNCHER = (
    "import mimetypes, sys; mimetypes.add_type('text/markdown; charset=utf-8', '.md'); "
    "from voila.app import main; sys.exit(main())"
)


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
    return [
        sys.executable,
        "-c",
        VOILA_LAUNCHER,
        "--no-browser",
        f"--port={port}",
        "--Voila.port_retries=0",
        f"--Voila.root_dir={REPOSITORY}",
        f"--template={VOILA_TEMPLATE}",
        f"--VoilaConfiguration.file_allowlist={VOILA_FILES}",
        *extra,
    ]


def voila_page_url(base: str, page: "str | Path") -> str:
    """The address of ``page`` (a notebook of the checkout, e.g. ``notebooks/00_start_here.ipynb``) on the Voilà
    server at ``base``; ``ValueError`` for a page that is not a notebook of the checkout."""
    path = (REPOSITORY / page).resolve()
    if path.suffix != ".ipynb" or not path.is_file() or REPOSITORY not in path.parents:
        raise ValueError(f"{page}: not a lesson notebook (.ipynb) of {REPOSITORY}")
    return f"{base.rstrip('/')}/voila/render/{path.relative_to(REPOSITORY).as_posix()}"


def wait_until_answers(url: str, stopped: "Callable[[], int | None]", timeout: float = 120.0) -> "int | None":
    """Wait until the server at ``url`` answers (any HTTP status: a server that answers with an error is up,
    and waiting longer would not change that), or ``stopped()`` returns an exit code, or ``timeout`` seconds
    pass; returns the HTTP status, or None when it never answered."""
    import time
    import urllib.error
    import urllib.request

    deadline = time.monotonic() + timeout
    while stopped() is None and time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(url, timeout=2) as answer:
                return answer.status
        except urllib.error.HTTPError as error:
            return error.code
        except OSError:
            time.sleep(0.3)
    return None


def serve_voila(
    port: int, page: "str | Path" = START_PAGE, lab_args: "list[str] | None" = None, open_browser: bool = True
) -> int:
    """Run Voilà (:func:`voila_command`) until it stops or Ctrl+C, opening ``page`` in the browser once it
    answers; returns Voilà's exit code.  The page is checked and the lessons' template installed before Voilà
    starts (a missing template makes every Voilà page an error)."""
    import subprocess
    import webbrowser

    base = f"http://localhost:{port}"
    url = voila_page_url(base, page)
    install_voila_template()
    process = subprocess.Popen(voila_command(port, lab_args), cwd=REPOSITORY)
    try:
        status = wait_until_answers(f"{base}/voila/tree", process.poll)
        if status is not None and status >= 500:
            print(
                f"Voilà is running but its page list answers with error {status}; see the messages above.", flush=True
            )
        if process.poll() is None:
            print(f"The lessons without code: {url}  (Ctrl+C stops)", flush=True)
            if open_browser:
                webbrowser.open(url)
        return process.wait()
    except KeyboardInterrupt:
        process.terminate()
        return process.wait()


#: what ``make lab-teacher`` adds to ``jupyter lab``: the sources listed and the code placeholders shown
TEACHER_ARGS = [
    "--LabApp.custom_css=False",
    "--ContentsManager.hide_globs=" + repr(DEFAULT_HIDE_GLOBS).replace("'", '"'),
]


def teacher_lab_command(lab_args: "list[str] | None" = None) -> list[str]:
    """The ``jupyter lab`` command line for a teacher (this Python's): the checkout itself served (a teacher edits
    the sources; the guides the start page links are inside), the start page first, ``lab_args`` after the
    teacher's options."""
    import sys

    extra = [a for a in (lab_args or []) if a != "--"]
    if not all(isinstance(a, str) for a in extra):
        raise TypeError(f"lab_args should be strings, not {extra!r}")
    return [
        sys.executable,
        "-m",
        "jupyter",
        "lab",
        *TEACHER_ARGS,
        f"--ServerApp.root_dir={REPOSITORY}",
        f"--LabApp.default_url=/lab/tree/{START_PAGE}",
        *extra,
    ]


# ---------------------------------------------------------------------------------------------------
# JupyterLab: open the MyST sources as notebooks
# ---------------------------------------------------------------------------------------------------
LAB_SETTINGS = {
    "@jupyterlab/docmanager-extension:plugin": {
        "defaultViewers": {"markdown": "Jupytext Notebook", "myst": "Jupytext Notebook"}
    },
    # a lesson (or a guide opened as a notebook) starts Python without asking which kernel
    "@jupyterlab/notebook-extension:tracker": {"autoStartDefaultKernel": True},
    # no "get notified about Jupyter news?" popup and no update checks over a lesson
    "@jupyterlab/apputils-extension:notification": {"fetchNews": "false", "checkForUpdates": False},
}


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
            entry[key] = (
                {**current_value, **value} if isinstance(value, dict) and isinstance(current_value, dict) else value
            )
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
    for name, variant, game in (
        ("Connect Four", CONNECT_FOUR, ConnectFour()),
        ("5 en raya", FIVE_IN_A_ROW, FiveInARow()),
    ):
        start = time.perf_counter()
        try:
            Solver(variant, engine="compiled").solve(game, time_budget=0.05)  # compiled first, then searched briefly
        except OutOfTime:
            pass
        done.append((name, time.perf_counter() - start))
    return done
