"""Joining a class from the start page, and sending the progress after every answer: :func:`group_link_for` turns
what a pupil typed (the short code or the join link) into the group's link, :class:`JoinClassBox` is the start
page's "Join your class" box, and :func:`share_in_background` (called by :func:`gamekit.progress.share` after each
lesson answer) sends the saved progress to the saved group on a thread of its own (:data:`COURIER`).  The class
groups' requests themselves are :mod:`gamekit.rooms.groups_client`."""

from __future__ import annotations

import os
import re
import threading
from html import escape
from typing import Any, Callable
from urllib.parse import urlsplit

from gamekit.i18n import Localized, get_language, tr, using

from gamekit.rooms.groups_client import GroupLink, group_request, join_group, send_progress, split_group_link

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
    return f"{server}/g/{group_request(server + '/api/groups/code', {'code': typed}, timeout)['group']}"


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
            name = GroupLink(link, timeout=SHARE_TIMEOUT).info()["name"]
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
    "JoinClassBox",
    "group_link_for",
    "class_server",
    "unreachable",
    "share_in_background",
    "COURIER",
    "SERVER_ENV",
    "DEFAULT_SERVER",
    "SHARE_TIMEOUT",
]
