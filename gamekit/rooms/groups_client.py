"""Class groups from a notebook: join with a nickname, play rated games, see the ladder, send lesson progress.

    >>> from gamekit.rooms import join_group, send_progress               # doctest: +SKIP
    >>> me = join_group("http://school-pc:8765/g/AbCdEf123", "Ana")     # doctest: +SKIP
    >>> me.ladder_widget()                    # the ladder table and everyone's rating over time
    >>> game = me.find_opponent()             # waits for a pupil of close rating → a RoomClient (rated)
    >>> me.send_progress()                    # this computer's saved lesson progress → the teacher's table
    >>> me.progress_button()                  # the same as a button

The member key (``me.key``) is a secret: whoever has it plays as you.  It is never printed; keep it if you
want to come back from another notebook (``GroupMember(link, key=…)``).  The teacher's side is
:func:`create_group` → :class:`GroupOwner` (settings, class table, CSV, remove, delete).
Refusals raise :class:`GroupRefused` with the server's message; nothing changed on the server.
"""

from __future__ import annotations

import os
import re
import threading
import time
from html import escape
from typing import Any, Callable
from urllib.parse import urlsplit

from gamekit.i18n import Localized, get_language, tr, using

from gamekit.rooms.client import RoomClient, fetch_json
from gamekit.rooms.ratings import shown


class GroupRefused(ValueError):
    """The server refused a group request (the message says why); ``status`` is the HTTP status."""

    def __init__(self, message: str, status: int = 400):
        super().__init__(message)
        self.status = status


def split_group_link(link: str) -> tuple[str, str, str | None]:
    """``http://host[:port][/prefix]/g/<group>[/owner#key=…]`` → (server base, group id, owner key or None)."""
    if not isinstance(link, str):
        raise TypeError(f"link must be a string, not {type(link).__name__}")
    parts = urlsplit(link.strip())
    prefix, sep, rest = parts.path.rpartition("/g/")
    group = rest.split("/")[0]
    if parts.scheme not in ("http", "https") or not parts.netloc or not sep or not 8 <= len(group) <= 64:
        raise ValueError(f"{link!r}: a group link looks like http://host:port/g/GROUP")
    key = parts.fragment[4:] if parts.fragment.startswith("key=") else None
    return f"{parts.scheme}://{parts.netloc}{prefix}", group, key


def _post(url: str, body: dict, timeout: float = 10.0) -> dict:
    status, data = fetch_json(url, body, timeout)
    if status != 200:
        raise GroupRefused(data, status)
    return data


class _Group:
    def __init__(self, link: str, key: str | None = None, timeout: float = 10.0):
        self.base, self.group, link_key = split_group_link(link)
        self._key = key or link_key
        self.timeout = timeout
        self.link = f"{self.base}/g/{self.group}"

    def call(self, action: str, **body: Any) -> dict:
        if self._key is not None:
            body["key"] = self._key
        return _post(f"{self.base}/api/groups/{self.group}/{action}", body, self.timeout)

    @property
    def key(self) -> str | None:
        """The secret key (never shown in the repr)."""
        return self._key

    def info(self) -> dict:
        return _post(f"{self.base}/api/groups/{self.group}/info", {}, self.timeout)

    def ladder(self) -> dict:
        """The ladder: ``rows`` (nickname, rating, games, wins, draws, losses, points, rank), ``series``
        (each pupil's rating after each rated game) and ``chart`` (an SVG)."""
        return _post(f"{self.base}/api/groups/{self.group}/ladder", {}, self.timeout)

    def ladder_widget(self) -> "LadderWidget":
        return LadderWidget(self.link)


class GroupMember(_Group):
    """A pupil in a group (from :func:`join_group`)."""

    def __init__(self, link: str, key: str, nickname: str | None = None, timeout: float = 10.0):
        super().__init__(link, key, timeout)
        self.nickname = nickname or self.call("me")["nickname"]

    def __repr__(self) -> str:
        return f"<GroupMember {self.nickname!r} in {self.link}>"

    def me(self) -> dict:
        return self.call("me")

    def new_room(self, rated: bool = True) -> RoomClient:
        """A room with the group's settings; you take its first seat (others take the second from the group page)."""
        r = self.call("room", rated=rated)
        return RoomClient(f"{self.base}/r/{r['room']}", token=r["token"], timeout=self.timeout)

    def take_seat(self, room: str) -> RoomClient:
        """The second seat of a room of the group (``room``: its id or link)."""
        room_id = room.rstrip("/").rsplit("/", 1)[-1]
        r = self.call("take", room=room_id)
        return RoomClient(f"{self.base}/r/{r['room']}", token=r["token"], timeout=self.timeout)

    def find_opponent(self, timeout: float = 120.0, poll: float = 0.5) -> RoomClient:
        """Wait until another waiting pupil of close rating is found; returns your seat in the new room."""
        deadline = time.monotonic() + timeout
        while True:
            r = self.call("find")
            if r["status"] == "paired":
                return RoomClient(f"{self.base}/r/{r['room']}", token=r["token"], timeout=self.timeout)
            if time.monotonic() > deadline:
                self.call("find", cancel=True)
                raise TimeoutError(f"no opponent found in {timeout:.0f} s")
            time.sleep(poll)

    def send_progress(self, progress: dict | None = None) -> dict:
        """Send the saved lesson progress (default: this computer's, ``gamekit.progress.load()``) to the
        group: the teacher's class table shows it.  Returns lesson → [done, right] as the server stored it."""
        return send_progress(self.link, self._key, progress)

    def progress_button(self) -> "SendProgressWidget":
        return SendProgressWidget(self)

    def class_tally(self) -> dict:
        """The class's dice tally (Shut the Box lesson 3): ``counts`` (total → rolls, summed over every pupil who
        sent a tally with their progress), ``pupils`` (how many did) and ``rolls`` (in all)."""
        return self.call("tally")

    def remember(self, name: str = "") -> "GroupMember":
        """Save this membership on this computer (``gamekit.progress.set_group``; ``name``: the group's name, for
        the pupil's messages): lessons then send to this group after every answer."""
        from gamekit.progress import set_group

        set_group(self.link, self._key, self.nickname, name)
        return self

    def leave(self) -> None:
        """Leave the group: your nickname and progress are removed (past results stay, without a name)."""
        self.call("leave")
        from gamekit.progress import forget_group, group

        saved = group()
        if saved and saved["link"] == self.link and saved["key"] == self._key:
            forget_group()


class GroupOwner(_Group):
    """The teacher's side of a group (from :func:`create_group`, or ``GroupOwner(owner_link)``)."""

    def __init__(self, link: str, key: str | None = None, timeout: float = 10.0, created: dict | None = None):
        super().__init__(link, key, timeout)
        if self._key is None:
            raise ValueError("the owner link (with #key=…) or key= is needed")
        self.created = {k: v for k, v in (created or {}).items() if k not in ("owner_key", "owner_link")}
        self.owner_link = f"{self.link}/owner#key={self._key}"

    def __repr__(self) -> str:
        return f"<GroupOwner {self.link}>"

    @property
    def join_link(self) -> str:
        return self.link

    def overview(self) -> dict:
        return self.call("owner")

    @property
    def code(self) -> str:
        return self.overview()["code"]

    def settings(self, **changes: Any) -> dict:
        """Change settings (game, width, height, timer, alternate, popout, rated); returns them all."""
        return self.call("settings", settings=changes)["settings"] if changes else self.overview()["settings"]

    def class_table(self) -> dict:
        return self.overview()["table"]

    def export_csv(self) -> str:
        return self.call("export")["csv"]

    def remove(self, nickname: str) -> None:
        self.call("remove", nickname=nickname)

    def rebuild_ratings(self) -> bool:
        """Recompute every rating from the stored results; True when the stored ones were already right."""
        return self.call("rebuild")["consistent"]

    def delete(self, confirm: str) -> None:
        """Delete the group and everything in it (``confirm``: the group's name)."""
        self.call("delete", confirm=confirm)


def create_group(server: str, name: str = "My class", timeout: float = 10.0) -> GroupOwner:
    """Create a group on ``server`` (e.g. "http://localhost:8765"): the teacher's :class:`GroupOwner`."""
    data = _post(server.rstrip("/") + "/api/groups", {"name": name}, timeout)
    return GroupOwner(data["join_link"], key=data["owner_key"], timeout=timeout, created=data)


def join_group(link: str, nickname: str, timeout: float = 10.0, remember: bool = True) -> GroupMember:
    """Join the group of ``link`` (the join link) with ``nickname``; returns your :class:`GroupMember`.

    ``remember`` (default): this computer keeps the membership in its saved progress
    (:meth:`GroupMember.remember`), so a lesson can send to the group (the class dice tally)."""
    if not isinstance(remember, bool):
        raise TypeError(f"remember must be True or False, not {remember!r}")
    base, group, _ = split_group_link(link)
    data = _post(f"{base}/api/groups/{group}/join", {"nickname": nickname}, timeout)
    member = GroupMember(f"{base}/g/{group}", key=data["key"], nickname=data["nickname"], timeout=timeout)
    return member.remember() if remember else member


def saved_member(timeout: float = 10.0) -> "GroupMember | None":
    """The group membership saved on this computer (:func:`join_group`), or None when none is saved."""
    from gamekit.progress import group

    saved = group()
    if saved is None:
        return None
    return GroupMember(saved["link"], key=saved["key"], nickname=saved["nickname"], timeout=timeout)


def send_progress(link: str, nickname_token: str, progress: dict | None = None, timeout: float = 10.0) -> dict:
    """Send lesson progress to the group of ``link`` as the pupil whose member key is ``nickname_token``.

    ``progress``: the saved-progress format of ``gamekit.progress`` (``{"version": 1, "lessons": {…}}``, and
    optionally ``"puzzles"``: the puzzle results by theme, ``gamekit.puzzles.results.theme_results()``);
    default: this computer's saved progress, its lessons and its puzzle results by theme (not every attempt).
    Returns lesson → [exercises done, exercises right]."""
    if progress is None:
        try:
            from gamekit.progress import load
        except ImportError:
            raise ValueError("no saved lesson progress on this installation: pass progress=") from None
        saved = load()  # the class table reads the lessons, the puzzle results by theme and the dice tally;
        progress = {"version": saved["version"], "lessons": saved["lessons"]}  # records and answers stay here
        if saved.get("practice"):
            from gamekit.puzzles.results import theme_results

            results = theme_results(saved["practice"])
            if results:
                progress["puzzles"] = results
        if saved.get("tally"):
            progress["tally"] = saved["tally"]
    base, group, _ = split_group_link(link)
    return _post(f"{base}/api/groups/{group}/progress", {"key": nickname_token, "progress": progress}, timeout)[
        "lessons"
    ]


def ladder_html(data: dict) -> str:
    """The ladder as HTML (a table and the chart) — what :class:`LadderWidget` shows."""
    head = "".join(f"<th>{h}</th>" for h in ("#", "Nickname", "Rating", "Games", "Won", "Drawn", "Lost", "Points"))
    rows = "".join(
        f"<tr><td>{r['rank']}</td><td>{escape(r['nickname'])}</td><td>{shown(r['rating'])}</td><td>{r['games']}</td>"
        f"<td>{r['wins']}</td><td>{r['draws']}</td><td>{r['losses']}</td><td>{r['points']:g}</td></tr>"
        for r in data["rows"]
    )
    return (
        f"<table class='gamekit-ladder'><thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table>"
        f"<p><small>{data['rated_games']} rated game(s); Elo, everyone starts at 1200, a draw counts half."
        f"</small></p>{data['chart']}"
    )


class LadderWidget:
    """The group's ladder in a notebook: the table, each pupil's rating over time, and a Refresh button."""

    def __init__(self, link: str):
        import ipywidgets as W

        self.group = _Group(link)
        self.html = W.HTML()
        self.refresh_button = W.Button(description="Refresh", icon="refresh")
        self.refresh_button.on_click(lambda _: self.refresh())
        self.message = W.HTML()
        self.widget = W.VBox([self.html, W.HBox([self.refresh_button, self.message])])
        self.widget.add_class("gamekit-ladder")
        self.data: dict | None = None
        self.refresh()

    def refresh(self) -> None:
        try:
            self.data = self.group.ladder()
            self.html.value = ladder_html(self.data)
            self.message.value = ""
        except (GroupRefused, OSError) as problem:
            self.message.value = f"<span style='color:#b03a2e'>{escape(str(problem))}</span>"

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)


class SendProgressWidget:
    """One button: send this computer's saved lesson progress to the group (for the start notebook)."""

    def __init__(self, member: GroupMember, progress: dict | None = None):
        import ipywidgets as W

        self.member, self.progress = member, progress
        self.button = W.Button(
            description="Send my progress to the class",
            icon="upload",
            button_style="primary",
            layout=W.Layout(width="auto"),
        )
        self.button.on_click(lambda _: self.send())
        self.message = W.HTML()
        self.widget = W.HBox([self.button, self.message])

    def send(self) -> dict | None:
        try:
            sent = self.member.send_progress(self.progress)
        except (GroupRefused, OSError, ValueError) as problem:
            self.message.value = f"<span style='color:#b03a2e'>Not sent: {escape(str(problem))}</span>"
            return None
        self.message.value = (
            f"Sent ({len(sent)} lesson(s)) to {escape(self.member.link)} as <b>{escape(self.member.nickname)}</b>."
        )
        return sent

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)


# ---------------------------------------------------------------------------------------
# Joining from the start page, and sending after every answer
# ---------------------------------------------------------------------------------------
SERVER_ENV = "GAMEKIT_CLASS_SERVER"
"""The environment variable naming the class server a short code is looked up on (e.g. ``http://school-pc:8765``);
without it, ``http://localhost:8765`` (what ``make rooms`` starts on the pupil's own computer)."""
DEFAULT_SERVER = "http://localhost:8765"
SHARE_TIMEOUT = 5.0
"""Seconds a background send waits for the class server before it says the server cannot be reached."""
_CODE = re.compile(r"[A-Za-z0-9]{6,8}")


def class_server() -> str:
    """The class server a short code is looked up on: ``$GAMEKIT_CLASS_SERVER``, else ``http://localhost:8765``."""
    server = os.environ.get(SERVER_ENV, "").strip() or DEFAULT_SERVER
    return server if "://" in server else "http://" + server


def group_link_for(text: Any, server: str | None = None, timeout: float = 10.0) -> str:
    """What a pupil typed in "Join your class" — the join link (``http://school-pc:8765/g/…``, the ``http://`` may
    be left out) or the short code (``K7MQ-2PXA``, looked up on ``server``, default :func:`class_server`) — as
    the group's join link.  Refused with ValueError saying what to type (:class:`GroupRefused`, a ValueError,
    when the server knows no such code); OSError when the server cannot be reached."""
    if not isinstance(text, str):
        raise TypeError(tr("the class code or link must be text, not {kind}", kind=type(text).__name__))
    typed = text.strip()
    if "/g/" in typed:
        link = typed if re.match(r"https?://", typed) else "http://" + typed
        try:
            base, group, _ = split_group_link(link)
        except ValueError:
            raise ValueError(
                tr("{text!r} is not a class link: it looks like http://school-pc:8765/g/AbCdEf123.", text=typed[:80])
            ) from None
        return f"{base}/g/{group}"
    code = re.sub(r"[\s-]", "", typed)
    if not _CODE.fullmatch(code):
        raise ValueError(tr("Type the short code your teacher gave you (like K7MQ-2PXA) or the class link."))
    server = (server or class_server()).rstrip("/")
    return f"{server}/g/{_post(server + '/api/groups/code', {'code': typed}, timeout)['group']}"


def unreachable(link_or_server: str) -> str:
    """What a pupil is told when the class server does not answer."""
    parts = urlsplit(link_or_server)
    where = parts.netloc or link_or_server
    return tr("The class server at {where} does not answer.", where=where)


class _Courier:
    """Sends the saved progress to the saved class group on a thread of its own, one upload at a time: answers
    that come while an upload is on its way are sent together by the next one.  Nothing ever waits for it."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._waiting: list[tuple[Callable[[bool, str], None] | None, str]] = []
        self._busy = False
        self._idle = threading.Event()
        self._idle.set()
        self.last: tuple[bool, str] | None = None

    def send(self, on_done: Callable[[bool, str], None] | None = None) -> None:
        with self._lock:
            self._waiting.append((on_done, get_language()))
            if self._busy:
                return
            self._busy = True
            self._idle.clear()
        threading.Thread(target=self._run, name="gamekit-class-share", daemon=True).start()

    def wait(self, timeout: float = 30.0) -> bool:
        """Block until nothing is being sent (tests and the start page's Send now); True when done."""
        return self._idle.wait(timeout)

    def _run(self) -> None:
        while True:
            with self._lock:
                waiting, self._waiting = self._waiting, []
            try:
                outcome = _send_saved()
            except Exception as error:  # never leave the courier stuck as busy
                problem = f"{type(error).__name__}: {error}"
                outcome = _Outcome(False, lambda: tr("Not sent to your teacher: {reason}", reason=problem))
            for on_done, language in waiting:
                with using(language):  # each widget hears it in its own language
                    self.last = (outcome.sent, outcome.say())
                if on_done is not None:
                    try:
                        on_done(*self.last)
                    except Exception:  # a closed widget must not stop the courier
                        pass
            with self._lock:
                if not self._waiting:
                    self._busy = False
                    self._idle.set()
                    return


class _Outcome:
    """One upload's result, said in whichever language each waiting widget speaks."""

    def __init__(self, sent: bool, say: Callable[[], str]):
        self.sent, self.say = sent, say


def _send_saved() -> _Outcome:
    from gamekit.progress import group

    saved = group()
    if saved is None:
        return _Outcome(False, lambda: tr("Not sent: this computer has not joined a class (see the start page)."))
    try:
        send_progress(saved["link"], saved["key"], timeout=SHARE_TIMEOUT)
    except OSError:
        return _Outcome(
            False, lambda: tr("Not sent: {problem} It goes with your next answer.", problem=unreachable(saved["link"]))
        )
    except ValueError as refusal:  # GroupRefused (the server's reason) or a malformed saved link
        reason = str(refusal)
        return _Outcome(False, lambda: tr("Not sent to your teacher: {reason}", reason=reason))
    name = saved.get("name") or ""
    return _Outcome(
        True,
        lambda: (
            tr("Sent to your teacher ({group}, as {nickname}).", group=name, nickname=saved["nickname"])
            if name
            else tr("Sent to your teacher (as {nickname}).", nickname=saved["nickname"])
        ),
    )


COURIER = _Courier()


def share_in_background(on_done: Callable[[bool, str], None] | None = None) -> None:
    """Send this computer's saved progress to its saved class group without waiting (``gamekit.progress.share``
    calls it after every lesson answer); ``on_done(sent, message)`` is called from the sending thread."""
    COURIER.send(on_done)


class JoinClassBox(Localized):
    """The start page's "Join your class": the short code or the join link, a nickname, Join; then the membership
    is kept on this computer (``gamekit.progress.set_group``) and every lesson answer is sent to the teacher's
    class table.  Once joined it says which class, with *Send my progress now* and *Join another class*.

    Plain methods for tests: :meth:`join` (True when joined), :meth:`send_now`, :meth:`forget`; the last sentence
    shown is ``message``."""

    def __init__(self, server: str | None = None):
        import ipywidgets as W
        from gamekit.widgets.access import LIVE_CLASS

        self.server = server
        self.code = W.Text(
            description=tr("Class code or link"),
            placeholder=tr("like K7MQ-2PXA"),
            style={"description_width": "initial"},
            layout=W.Layout(width="26em"),
        )
        self.nickname = W.Text(
            description=tr("Nickname"),
            placeholder=tr("not your full name"),
            style={"description_width": "initial"},
            layout=W.Layout(width="16em"),
        )
        self.join_button = W.Button(description=tr("Join"), icon="sign-in", button_style="primary")
        self.send_button = W.Button(
            description=tr("Send my progress now"), icon="upload", layout=W.Layout(width="auto")
        )
        self.other_button = W.Button(
            description=tr("Join another class"), icon="exchange", layout=W.Layout(width="auto")
        )
        self.joined_text = W.HTML()
        self.note = W.HTML()
        self.note.add_class("gamekit-feedback")
        self.note.add_class(LIVE_CLASS)
        self.message = ""
        self.join_button.on_click(lambda _: self.join())
        self.send_button.on_click(lambda _: self.send_now(wait=False))
        self.other_button.on_click(lambda _: self.forget())
        self.form = W.HBox([self.code, self.nickname, self.join_button], layout=W.Layout(flex_flow="row wrap"))
        self.joined = W.VBox([self.joined_text, W.HBox([self.send_button, self.other_button])])
        self.widget = W.VBox([self.form, self.joined, self.note])
        self.widget.add_class("gamekit-join-class")
        self._show()

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)

    def _say(self, message: str, ok: bool | None = None) -> None:
        self.message = message
        colour = "#1e8449" if ok else "#b03a2e" if ok is False else "#2f3640"
        self.note.value = f"<span style='color:{colour}'>{escape(message)}</span>"

    def _show(self) -> None:
        from gamekit.progress import group

        saved = group()
        self.form.layout.display = "none" if saved else None
        self.joined.layout.display = None if saved else "none"
        if saved:
            where = tr(
                "You are in the class {group} as {nickname}.",
                group=saved.get("name") or saved["link"],
                nickname=saved["nickname"],
            )
            self.joined_text.value = f"<b>{escape(where)}</b> " + escape(
                tr("Each answer you give in a lesson is sent to your teacher.")
            )

    def join(self, code: str | None = None, nickname: str | None = None) -> bool:
        """Join with ``code`` (the short code or the link; default: what the box holds) and ``nickname``; True when
        joined (the membership is saved and the saved progress sent).  Otherwise the message says why."""
        code = self.code.value if code is None else code
        nickname = self.nickname.value if nickname is None else nickname
        if not isinstance(code, str) or not code.strip():
            self._say(tr("Type the short code your teacher gave you (like K7MQ-2PXA) or the class link."), False)
            return False
        if not isinstance(nickname, str) or not nickname.strip():
            self._say(tr("Type a nickname too (not your full name)."), False)
            return False
        link = None
        try:
            link = group_link_for(code, self.server, timeout=SHARE_TIMEOUT)
            name = _Group(link, timeout=SHARE_TIMEOUT).info()["name"]
            member = join_group(link, nickname.strip(), timeout=SHARE_TIMEOUT, remember=False).remember(name)
        except OSError:
            self._say(
                unreachable(link or self.server or class_server()) + " " + tr("Check the address with your teacher."),
                False,
            )
            return False
        except ValueError as refusal:  # GroupRefused too: the server's reason
            self._say(tr("Not joined: {reason}", reason=str(refusal)), False)
            return False
        self._show()
        self._say(
            tr(
                "You joined {group} as {nickname}. Your answers now go to your teacher.",
                group=name,
                nickname=member.nickname,
            ),
            True,
        )
        self.send_now(wait=False)
        return True

    def send_now(self, wait: bool = True) -> str:
        """Send the saved progress at once (``wait``: until the server answered); returns the message shown."""
        from gamekit.progress import share

        def done(sent: bool, message: str) -> None:
            self._say(message, sent)

        if not share(done):
            self._say(tr("Not sent: this computer has not joined a class yet."), False)
        elif wait:
            COURIER.wait()
        return self.message

    def forget(self) -> None:
        """Forget the class on this computer (to join another one); the teacher can remove the nickname."""
        from gamekit.progress import forget_group

        forget_group()
        self._show()
        self._say(tr("This computer no longer sends to that class. Type the new code or link to join another."))


__all__ = [
    "GroupMember",
    "GroupOwner",
    "GroupRefused",
    "LadderWidget",
    "SendProgressWidget",
    "create_group",
    "join_group",
    "send_progress",
    "ladder_html",
    "split_group_link",
    "saved_member",
    "JoinClassBox",
    "group_link_for",
    "class_server",
    "share_in_background",
    "COURIER",
    "SERVER_ENV",
]
