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

import time
from html import escape
from typing import Any
from urllib.parse import urlsplit

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


def group_request(url: str, body: dict, timeout: float = 10.0) -> dict:
    """POST ``body`` as JSON to a class-group endpoint of the room server; its JSON answer, or :class:`GroupRefused`
    with the server's message when it refuses."""
    status, data = fetch_json(url, body, timeout)
    if status != 200:
        raise GroupRefused(data, status)
    return data


class GroupLink:
    """A class group as anyone with its link sees it (its name, the ladder); with a key, what that key may do
    (:class:`GroupMember`, :class:`GroupOwner`)."""

    def __init__(self, link: str, key: str | None = None, timeout: float = 10.0):
        self.base, self.group, link_key = split_group_link(link)
        self._key = key or link_key
        self.timeout = timeout
        self.link = f"{self.base}/g/{self.group}"

    def call(self, action: str, **body: Any) -> dict:
        if self._key is not None:
            body["key"] = self._key
        return group_request(f"{self.base}/api/groups/{self.group}/{action}", body, self.timeout)

    @property
    def key(self) -> str | None:
        """The secret key (never shown in the repr)."""
        return self._key

    def info(self) -> dict:
        return group_request(f"{self.base}/api/groups/{self.group}/info", {}, self.timeout)

    def ladder(self) -> dict:
        """The ladder: ``rows`` (nickname, rating, games, wins, draws, losses, points, rank), ``series``
        (each pupil's rating after each rated game) and ``chart`` (an SVG)."""
        return group_request(f"{self.base}/api/groups/{self.group}/ladder", {}, self.timeout)

    def ladder_widget(self) -> "LadderWidget":
        return LadderWidget(self.link)


class GroupMember(GroupLink):
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


class GroupOwner(GroupLink):
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
    data = group_request(server.rstrip("/") + "/api/groups", {"name": name}, timeout)
    return GroupOwner(data["join_link"], key=data["owner_key"], timeout=timeout, created=data)


def join_group(link: str, nickname: str, timeout: float = 10.0, remember: bool = True) -> GroupMember:
    """Join the group of ``link`` (the join link) with ``nickname``; returns your :class:`GroupMember`.

    ``remember`` (default): this computer keeps the membership in its saved progress
    (:meth:`GroupMember.remember`), so a lesson can send to the group (the class dice tally)."""
    if not isinstance(remember, bool):
        raise TypeError(f"remember must be True or False, not {remember!r}")
    base, group, _ = split_group_link(link)
    data = group_request(f"{base}/api/groups/{group}/join", {"nickname": nickname}, timeout)
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
    return group_request(f"{base}/api/groups/{group}/progress", {"key": nickname_token, "progress": progress}, timeout)[
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

        self.group = GroupLink(link)
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


__all__ = [
    "GroupLink",
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
    "group_request",
    "saved_member",
]
