"""The catalog: one :class:`GameInfo` per game, the one place that says which games gamekit has.

Each game registers itself from its own package (``gamekit/<game>/info.py`` calls :func:`register`); this
module imports no game.  The shipped games are the packages of :data:`gamekit.game.SHIPPED` (the one list of
the shipped saved-game ids); each package's ``info`` module registers its game, imported the
first time the catalog is read, so ``games()`` always lists them.  A game that is not shipped with gamekit (a
class's own game, the test-only tic-tac-toe in ``tests/tictactoe``) is one package plus one
``register(GameInfo(...))``; it joins the catalog when its package is imported, when its module is named in
the ``GAMEKIT_GAMES`` environment variable (comma-separated module names, read on the first look-up: how a
room server is told about it) or when an installed distribution declares it under the ``gamekit.games``
entry-point group.

Everything that needs to know about particular games reads the catalog, by the one id set of
:attr:`GameInfo.id` (``"dots_and_boxes"``, ``"five_in_a_row"``, ``"connect_four"``, ``"shut_the_box"`` — the
``"game"`` of a saved game, the puzzle banks' ids): ``gamekit.load()`` (every id a game registers here loads),
the widgets (levels, timers, seat colours), the room server (:attr:`GameInfo.room`) and class groups
(:func:`find` by id or alias).  Older short ids (``"dots"``, ``"five"``, ``"four"``: the groups' settings, the
``ConnectWidget`` kinds) are :attr:`GameInfo.aliases` and are accepted wherever an id is
(docs/developers.md, "One catalog, one id set").

Heavy parts are named, not imported: ``cpu`` and ``widget`` are ``"module:name"`` strings imported on first
use, so reading the catalog never loads a solver's compiled search or a widget library (the room server reads
it without ipywidgets).
"""

from __future__ import annotations

import importlib
import os
from dataclasses import dataclass, field
from importlib import metadata
from typing import Any, Callable, Iterable

from gamekit.game import LEVELS, SHIPPED, TIMERS
from gamekit.game import register as register_saved_game
from gamekit.i18n import tr

__all__ = [
    "GameInfo",
    "Exact",
    "ReviewBoard",
    "PuzzleWords",
    "PuzzleBoard",
    "PuzzleBuild",
    "of",
    "Example",
    "RoomSpec",
    "BadOptions",
    "register",
    "get",
    "find",
    "games",
    "shipped_games",
    "ids",
    "room_specs",
    "shipped_modules",
    "ENV_VAR",
    "ENTRY_POINTS",
    "only_options",
    "int_option",
    "bool_option",
]


def shipped_modules() -> tuple[str, ...]:
    """The modules that register the games shipped with gamekit, imported in this order on the first look-up: the
    ``info`` module of each package named in :data:`gamekit.game.SHIPPED`."""
    return tuple(dict.fromkeys(module.rpartition(".")[0] + ".info" for module in SHIPPED.values()))


ENV_VAR = "GAMEKIT_GAMES"
"""Environment variable: further modules (comma-separated) that register games, imported on the first look-up."""

ENTRY_POINTS = "gamekit.games"
"""Entry-point group of installed distributions whose modules register games."""


class BadOptions(ValueError):
    """The options of a new game or room are refused (the message names the option and the reason)."""


@dataclass(frozen=True)
class Example:
    """A named setting of a game: a fresh game (``new()``) and the same setting rebuilt from a list of actions
    (``replay(history)``, the class's ``from_moves``).  The conformance suite (tests/test_game_contract.py) plays
    every example of every game in the catalog."""

    name: str
    new: Callable[[], Any]
    replay: Callable[[list], Any]
    seats: int = 2


@dataclass(frozen=True)
class RoomSpec:
    """How the room server hosts a game (gamekit.rooms): everything is a plain function of the game and the
    room's options, so the server uses only the ``Game`` contract plus this (no widget library).

    ``id`` is the room's game id on the wire and in the room store (``create_room(server, "dots")``); several
    catalog games may share one room kind (``"connect"``: 5 en raya or Connect Four by its ``board`` option)."""

    id: str
    title: str
    check_options: Callable[[Any], dict]  # raw (untrusted) dict → clean options, or BadOptions
    new_game: Callable[[dict], Any]  # clean options → a fresh game
    seat_names: Callable[[dict], tuple[str, str]]
    seat_colours: Callable[[dict], tuple[str, str]]
    scene: Callable[[Any, dict], tuple[list, tuple[int, int]]]  # → (scene, (css width, css height))
    move_at: Callable[[Any, dict, float, float], str]  # click → move, or IllegalMoveError
    targets: Callable[[Any, dict], list[tuple[str, float, float]]]  # (move, x, y) for the keyboard cursor
    cpu: Callable[[str, int | None], Any] | None = None  # (level, seed) → player with choose(game)
    score: Callable[[Any, int], str] = lambda game, seat: ""
    board_words: Callable[[dict], str] = lambda options: ""  # the room's board in words ("5 × 5 dots …")
    final_score: Callable[[Any], str] = lambda game: ""  # e.g. "9–7", said with the result
    # pointer ghosts: [move, x0, y0, x1, y1, primitives]: while the pointer is in that box and it is the reader's
    # turn, the page draws the primitives over the board (5 en raya: where the next disc would land)
    hover: Callable[[Any, dict], list] = lambda game, options: []
    text: Callable[[Any, dict], str] = lambda game, options: ""  # the position in words (screen readers)
    max_moves: int = 1000  # longer histories are refused (a flood guard)
    # the room option naming the seat that starts (0 or 1), "" if the game has none: a class group whose
    # "alternate" setting is on flips it from game to game (groups.Groups.before_new_game); the create page
    # leaves it out (the game's own default starter)
    starter: str = ""
    extra: dict = field(default_factory=dict)


@dataclass(frozen=True)
class Exact:
    """What a game's exact solver tells the code that is not the game's own — a finished game's review
    (:mod:`gamekit.puzzles.review`, the rooms' review), personal puzzles — as plain functions of the game, each
    importing the solver only when called (reading the catalog loads no solver).

    ``move_values(game, time_limit)``: each legal move's exact value for the player to move (higher is better),
    or ``None`` when the position is beyond the solver's reach in ``time_limit`` seconds.  ``judge(best, value)``:
    ``"best"``, ``"inaccuracy"`` or ``"mistake"`` for a move of ``value`` where the best move's is ``best``.
    ``start(game)``: a fresh game of the same setting (what a review replays the moves into).
    ``worse(seat, move, verdict, loss, value, best_value, best)``: the sentence saying why a worse move is
    worse, in the current language (``seat``/``move``/``verdict``/``best``: words already).
    ``best_move(game, time_limit, ply_budget)``: the solver's first best move, or ``None`` when it cannot say
    within ``time_limit`` seconds (``None``: no limit) — or ``ply_budget`` for a search that has no overall limit
    (a line of best play is these moves one after another: :func:`gamekit.puzzles.core.line_of_best_play`).

    For personal puzzles (a pupil's own mistake offered back, :mod:`gamekit.puzzles.personal`):
    ``puzzle_values(game, time_limit)``: the values the answers are picked by (default ``move_values``; 5 en
    raya: each drop's outcome, cheaper than exact scores), ``None`` beyond reach; ``min_loss``: the least a
    mistake must lose to become a puzzle; ``puzzle_facts(game, best)``: the numbers its prompt is built from;
    ``position_key(game)``: a short text naming the position (the puzzle's id is made from it).

    ``review_step(position, move, time_limit, known)`` (optional; a review uses it instead of ``move_values``):
    judges a move with what the moves before it proved — ``known``, whatever the previous step returned about
    this position (None at the start) — and returns ``(judged, known_after)``: ``judged`` None (unjudged) or
    ``(value, best_value, best_moves)``, ``known_after`` what it proved about the position after the move."""

    move_values: Callable[[Any, float], dict | None]
    judge: Callable[[int, int], str]
    start: Callable[[Any], Any]
    worse: Callable[..., str]
    best_move: Callable[[Any, float | None, float], Any]
    position_key: Callable[[Any], str]
    puzzle_facts: Callable[[Any, int], dict] = lambda game, best: {"best": best}
    puzzle_values: Callable[[Any, float], dict | None] | None = None
    min_loss: int = 1
    review_step: Callable[[Any, Any, float, Any], tuple] | None = None

    def best_moves(self, values: dict) -> tuple:
        """The moves of the highest value, in ``values``' order."""
        top = max(values.values())
        return tuple(move for move, value in values.items() if value == top)


@dataclass(frozen=True)
class ReviewBoard:
    """How generic front ends (a review's board, a room's review) show a game's position: ``review_scene(position,
    judgement)`` → ``(Scene, (css width, css height))``, the position with the judged move marked (``judgement``:
    a :class:`gamekit.puzzles.review.Judgement` or ``None`` for none); ``text(position, names)``: the position in
    words (screen readers); ``move_words(move)``: a move as a sentence says it ("b2-c2", "column 4")."""

    review_scene: Callable[[Any, Any], tuple[Any, tuple[int, int]]]
    text: Callable[[Any, list], str]
    move_words: Callable[[str], str] = str


@dataclass(frozen=True)
class PuzzleWords:
    """How a puzzle of the game (:class:`gamekit.puzzles.core.Puzzle`) speaks to a pupil and reads an answer, as
    plain functions of the numbers the solver gave when it was built (``facts``), in the current language.

    ``prompt(facts, mover)``: the question (``mover``: the seat to move).  ``right(facts, mover, move)`` and
    ``wrong(facts, mover, action, refutation, move, line)``: the feedback to a right answer and to a wrong one
    (``move``: the answer in words; ``line``: the refutation's first moves in words, ``""`` for none).
    ``move_words(action)``: an action as a sentence says it; ``line_seats``: the seat names (``N_()`` ids) a line
    of play is written with ("coral b2-c2, gold a1-a2").  ``question_key(facts)``: what makes the question when
    two puzzles may ask the same thing (None: the puzzle's id).  ``stakes(position, facts, refutations, n)``: what
    is at stake, without the answer (``n`` answers are right).  ``read_answer(answer, facts)``: a pupil's typed
    answer (text) as an action, not yet judged (ValueError naming it); ``answer_text(action)``: an action as
    a pupil types it; ``exercise_position(facts, position)``: what an exercise shows as its position;
    ``choices(facts)``: the answers offered as buttons (None: typed or clicked); ``typed``: whether Practice
    offers a text box.  ``name``: the game's name on the puzzle pages, ``themes`` ``{key: name}`` and ``hints``
    ``{key: idea}`` of the themes its puzzles can carry (``N_()`` ids; a hint says what to look at, never the
    answer).  ``practice_title``: how the pupil's progress table names the game's Practice (``""``: ``name``).
    ``lesson_words`` and ``after_words``: how the lesson chooser and the teachers' page name lesson ``{n}`` of a
    game whose ideas come from another game's lessons ("5 en raya lesson {n}", "after 5 en raya lesson {n}";
    ``""``: "Lesson {n}", "after lesson {n}").  All ``N_()`` ids."""

    prompt: Callable[[dict, int], str]
    right: Callable[[dict, int, str], str]
    wrong: Callable[[dict, int, Any, dict, str, str], str]
    stakes: Callable[[Any, dict, dict, int], str]
    move_words: Callable[[Any], str] = str
    line_seats: tuple[str, ...] = ()
    question_key: Callable[[dict], tuple] | None = None
    read_answer: Callable[[str, dict], Any] = lambda answer, facts: answer.strip()
    answer_text: Callable[[Any], str] = str
    exercise_position: Callable[[dict, Any], Any] = lambda facts, position: position
    choices: Callable[[dict], list[str] | None] = lambda facts: None
    typed: bool = True
    name: str = ""
    themes: dict = field(default_factory=dict)
    hints: dict = field(default_factory=dict)
    practice_title: str = ""
    lesson_words: str = ""
    after_words: str = ""


@dataclass(frozen=True)
class PuzzleBoard:
    """A puzzle's board in Practice, answered by a click: ``size`` (css width, height), ``draw(position, answer,
    colour)`` → the position's Scene with ``answer`` marked in ``colour`` (``answer`` None: no mark), ``hit(x, y)``
    → the answer a click gives, None off the board (a ValueError says why a click is refused)."""

    size: tuple[int, int]
    draw: Callable[[Any, Any, str], Any]
    hit: Callable[[float, float], Any]


@dataclass(frozen=True)
class PuzzleBuild:
    """How ``python -m gamekit.puzzles build`` (:mod:`gamekit.puzzles.build`) mines a game for puzzles.

    ``tries``: the candidate positions tried from one played game; ``per_game``: the most puzzles kept from one
    game (a varied bank).  ``one_step``: whether a puzzle a beginner's one-line rule answers
    (:func:`gamekit.puzzles.balance.one_step_rule`: take the free box, win at once, block the only threat) is rated
    at level 1, the first step of a board game.  ``from_room(room game id, room options)``: whether a finished
    room game of the room server is a game of this kind, to mine with ``--rooms`` (None: no puzzles from rooms)."""

    tries: int = 8
    per_game: int = 2
    one_step: bool = False
    from_room: Callable[[str, dict], bool] | None = None


@dataclass(frozen=True)
class GameInfo:
    """Everything gamekit's front ends need to know about one game.

    ``id``: the catalog id, also the ``"game"`` of its saved games.  ``title``: an ``N_()`` message id (shown
    through ``tr``).  ``game_class``: returns the class whose ``from_dict`` reads its saved games (registered
    with ``gamekit.game.register`` for ``id``).  ``new_game(options)``: a fresh game from
    checked options; ``check_options(raw)``: raw options → clean ones (``BadOptions`` naming the option),
    ``options``: their names.  ``seats``: (fewest, most); ``seat_names`` (``N_()`` ids) and ``seat_colours``,
    one per seat, cycled past the end.  ``levels``/``timers``: what a CPU level and a time per turn may be.
    ``cpu``/``widget``: ``"module:name"`` of ``cpu_player(level, seed=…)`` and of the widget class.
    ``view``: the module of its picture and hit-testing (plain data).  ``room``: how a room hosts it, and
    ``room_options(group settings)`` the room options a class group's settings give, and ``settings`` the names
    of the group settings it reads besides ``game``/``timer``/``rated`` (``"width"``, ``"popout"``…): the room
    and group pages show those controls, and the create page sends each one that is also a key of
    ``room_options`` as the room option of that name.  ``examples``: named settings the conformance suite plays.
    ``lessons``: the module whose ``LESSONS`` (``{number: gamekit.widgets.lesson_registry.Lesson}``) lists the game's
    lessons (two games may share one, as 5 en raya and Connect Four do).  ``exact``: what its exact solver
    answers (an :class:`Exact`; None: no review, no personal puzzles); ``review_board``: how a review shows it
    (a :class:`ReviewBoard`).
    ``puzzles``: the module that builds and checks its puzzle bank (``verify(puzzle)``, and ``themes(position,
    answers, wrong)`` when its puzzles' themes are found from the position; for the bank's build, ``play_game(seed,
    rng, game_id)``, ``positions(game)``, ``tries(game, rng, n, theme)`` — the positions (with their ``candidate``
    options) tried from a game — ``candidate(position, **options)``, and ``may_have(position, theme)`` when a build
    may try only the positions of one theme), imported on first use; ``puzzle_settings``: what that module reads
    of this game (5 en raya and Connect Four share one: the prefix of their puzzles' ids, whether a disc next to a
    side column makes a theme); ``puzzle_build``: how the bank's build mines it (a :class:`PuzzleBuild`).
    ``homework_code``: the game's word at the start of a homework code (``dots-double_deal-10-7``): lower-case
    letters, one game's only, required with ``puzzles``; codes handed out on paper keep naming the game by it, so it
    never changes.
    ``puzzle_words``: how its puzzles speak (a :class:`PuzzleWords`); ``puzzle_board(game)``: the board Practice
    draws and a click answers on (a :class:`PuzzleBoard`; None: the answers are typed or chosen).
    ``paper_board(position)``: a position drawn as text for a printed worksheet (None: ``str(position)``);
    ``paper_answers``: how a worksheet asks for its answers in writing (an ``N_()`` id).
    ``settings_words(group settings)``: the game part of a class group's settings in words (None: its title,
    "with PopOut" when the game has that option and it is on)."""

    id: str
    title: str
    game_class: Callable[[], type]
    new_game: Callable[[dict], Any]
    check_options: Callable[[Any], dict] = lambda raw: only_options(raw, ())
    options: tuple[str, ...] = ()
    seats: tuple[int, int] = (2, 2)
    seat_names: tuple[str, ...] = ()
    seat_colours: tuple[str, ...] = ()
    levels: tuple[str, ...] = LEVELS
    timers: tuple[int, ...] = TIMERS
    aliases: tuple[str, ...] = ()
    cpu: str = ""
    widget: str = ""
    view: str = ""
    lessons: str = ""
    room: RoomSpec | None = None
    room_options: Callable[[dict], dict] = lambda settings: {}
    settings: tuple[str, ...] = ()
    examples: tuple[Example, ...] = ()
    exact: Exact | None = None
    review_board: ReviewBoard | None = None
    puzzles: str = ""
    puzzle_settings: dict = field(default_factory=dict)
    puzzle_build: PuzzleBuild = field(default_factory=PuzzleBuild)
    homework_code: str = ""
    puzzle_words: PuzzleWords | None = None
    puzzle_board: Callable[[Any], PuzzleBoard] | None = None
    paper_board: Callable[[Any], str] | None = None
    paper_answers: str = ""
    settings_words: Callable[[dict], str] | None = None

    @property
    def names(self) -> tuple[str, ...]:
        """The id and every alias (what :func:`find` accepts)."""
        return (self.id, *self.aliases)

    @property
    def short_id(self) -> str:
        """The short id older wire formats use (the first alias), else the id."""
        return self.aliases[0] if self.aliases else self.id

    @property
    def ships_bank(self) -> bool:
        """Whether gamekit ships a puzzle bank of this game (``gamekit/puzzles/data/<id>.json.gz``): a game shipped
        with gamekit that has ``puzzles``.  Another game's puzzles come from its caller (a bank built with
        ``--out``, passed to Practice), so code that reads the shipped bank asks this first."""
        return bool(self.puzzles) and _shipped_rank(self) < len(shipped_modules())

    def new(self, **options: Any) -> Any:
        """A fresh game: ``options`` checked first (``BadOptions``), then ``new_game``."""
        return self.new_game(self.check_options(options))

    def seat_name(self, seat: int) -> str:
        """Seat ``seat``'s name in the current language ("Gold"), cycled past the end of ``seat_names``."""
        return tr(self.seat_names[seat % len(self.seat_names)]) if self.seat_names else tr("Player {n}", n=seat + 1)

    def seat_colour(self, seat: int) -> str:
        return self.seat_colours[seat % len(self.seat_colours)] if self.seat_colours else "#2f3640"

    def cpu_player(self, level: str = "easy", seed: int | None = None) -> Any:
        """The game's CPU player at ``level`` (its own ``cpu_player``, which refuses an unknown level)."""
        if not self.cpu:
            raise ValueError(tr("{game}: this game has no CPU player", game=self.id))
        return resolve(self.cpu)(level, seed=seed)

    def puzzle_module(self) -> Any:
        """The module of its puzzle bank (imports it and its solver)."""
        if not self.puzzles:
            raise ValueError(tr("{game}: this game has no puzzle bank", game=self.id))
        return importlib.import_module(self.puzzles)

    def lesson_registry(self) -> dict:
        """The game's lessons, ``{number: Lesson}`` in notebook order (imports its lesson module and ipywidgets)."""
        if not self.lessons:
            raise ValueError(tr("{game}: this game has no lessons", game=self.id))
        return importlib.import_module(self.lessons).LESSONS


CATALOG: dict[str, GameInfo] = {}
"""Catalog id → :class:`GameInfo`, in registration order (read it through :func:`games`, :func:`get`, :func:`find`,
which import the shipped games first)."""

_NAMES: dict[str, str] = {}  # id or alias → id
_loaded = False


def register(info: GameInfo) -> GameInfo:
    """Add ``info`` to the catalog and make ``gamekit.load()`` read its saved games (``"game": info.id``; a
    game with further saved-game ids registers them with ``gamekit.game.register`` from its rules module).
    Registering the same id again replaces the entry (a module imported twice); an id or
    alias already taken by another game is refused."""
    if not isinstance(info, GameInfo):
        raise TypeError(f"register: {info!r} is not a GameInfo")
    _load_registrations()  # the shipped games come first, whoever registers first
    for name in info.names:
        if not isinstance(name, str) or not name or name != name.strip():
            raise ValueError(f"register: game id or alias {name!r}: a non-empty string without spaces round it")
        owner = _NAMES.get(name)
        if owner is not None and owner != info.id:
            raise ValueError(f"register: {name!r} is already the id or an alias of {owner!r}")
    if not callable(info.game_class) or not callable(info.new_game) or not callable(info.check_options):
        raise TypeError(f"register: {info.id!r}: game_class, new_game and check_options must be functions")
    low, high = info.seats
    if not (isinstance(low, int) and isinstance(high, int) and 1 <= low <= high):
        raise ValueError(f"register: {info.id!r}: seats {info.seats!r} must be (fewest, most) with 1 <= fewest <= most")
    code = info.homework_code
    if not isinstance(code, str) or code and not (code.isascii() and code.isalpha() and code.islower()):
        raise ValueError(f"register: {info.id!r}: homework_code {code!r}: lower-case letters a to z")
    if info.puzzles and not code:
        raise ValueError(f"register: {info.id!r}: a game with puzzles names its homework_code (the codes' first word)")
    for other in CATALOG.values():
        if code and other.id != info.id and other.homework_code == code:
            raise ValueError(f"register: {info.id!r}: homework_code {code!r} is already {other.id!r}'s")
    old = CATALOG.get(info.id)
    if old is not None:
        for name in old.names:
            _NAMES.pop(name, None)
    CATALOG[info.id] = info
    for name in info.names:
        _NAMES[name] = info.id
    register_saved_game(info.id, info.game_class)
    return info


def _load_registrations() -> None:
    """Import the shipped games, then the modules of ``GAMEKIT_GAMES`` and of installed entry points (once)."""
    global _loaded
    if _loaded:
        return
    _loaded = True
    modules = list(shipped_modules()) + [m.strip() for m in os.environ.get(ENV_VAR, "").split(",") if m.strip()]
    for module in modules:
        importlib.import_module(module)
    for point in metadata.entry_points(group=ENTRY_POINTS):
        point.load()


def games() -> tuple[GameInfo, ...]:
    """Every game in the catalog: the shipped ones first (in :func:`shipped_modules` order), then in registration
    order."""
    _load_registrations()
    return tuple(sorted(CATALOG.values(), key=_shipped_rank))


def shipped_games() -> tuple[GameInfo, ...]:
    """The games shipped with gamekit (registered by :func:`shipped_modules`), in that order."""
    return tuple(info for info in games() if _shipped_rank(info) < len(shipped_modules()))


def _shipped_rank(info: GameInfo) -> int:
    module = info.game_class().__module__
    shipped_list = shipped_modules()
    for rank, shipped in enumerate(shipped_list):
        if module.startswith(shipped.rpartition(".")[0] + "."):
            return rank
    return len(shipped_list)


def lesson_modules() -> tuple[str, ...]:
    """The lesson modules of the catalog's games, each once, in registration order (shipped games first)."""
    return tuple(dict.fromkeys(info.lessons for info in games() if info.lessons))


def ids() -> tuple[str, ...]:
    return tuple(info.id for info in games())


def find(name: Any) -> GameInfo | None:
    """The game whose id or alias is ``name``, or ``None``."""
    _load_registrations()
    if not isinstance(name, str):
        return None
    game_id = _NAMES.get(name)
    return CATALOG[game_id] if game_id is not None else None


def of(game: Any) -> GameInfo | None:
    """The catalog entry of a game object (by the id of its saved games, ``to_dict()["game"]``), or ``None``."""
    to_dict = getattr(game, "to_dict", None)
    if not callable(to_dict) or isinstance(game, type):
        return None
    return find(to_dict().get("game"))


def get(name: Any) -> GameInfo:
    """The game whose id or alias is ``name``; anything else: a ``ValueError`` listing the ids."""
    info = find(name)
    if info is None:
        raise ValueError(tr("game={name}: unknown game (known: {items})", name=repr(name)[:60], items=", ".join(ids())))
    return info


def room_specs() -> dict[str, RoomSpec]:
    """Room game id → :class:`RoomSpec`, for every game a room can host (several games may share one)."""
    specs: dict[str, RoomSpec] = {}
    for info in games():
        if info.room is not None:
            specs.setdefault(info.room.id, info.room)
    return specs


def resolve(target: str) -> Any:
    """``"module:name"`` → the object (imported on first use)."""
    module, _, name = target.partition(":")
    return getattr(importlib.import_module(module), name)


# ----- checks a game's check_options uses (types never coerced) ---------------------------------------------
def only_options(options: Any, allowed: Iterable[str]) -> dict:
    """``options`` if it is a dict of ``allowed`` keys only (a copy), else BadOptions naming what is wrong."""
    if options is None:
        options = {}
    if not isinstance(options, dict):
        raise BadOptions(f"options={options!r}: must be an object")
    allowed = set(allowed)
    unknown = set(options) - allowed
    if unknown:
        raise BadOptions(
            f"unknown option(s) {', '.join(sorted(map(repr, unknown)))}: "
            + (f"allowed are {', '.join(sorted(allowed))}" if allowed else "this game takes none")
        )
    return dict(options)


def int_option(options: dict, name: str, default: int, low: int, high: int) -> int:
    value = options.get(name, default)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise BadOptions(f"{name}={value!r}: a whole number from {low} to {high}")
    return value


def bool_option(options: dict, name: str, default: bool) -> bool:
    value = options.get(name, default)
    if not isinstance(value, bool):
        raise BadOptions(f"{name}={value!r}: true or false")
    return value
