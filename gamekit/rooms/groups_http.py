"""The class groups' web side: the pages (``/groups``, ``/join``, ``/g/<group>``, ``/g/<group>/owner``) and the
JSON API (``POST /api/groups``, ``/api/groups/code``, ``/api/groups/<group>/<action>``; docs/class.md) — size
and rate limits, decoding, and one call of the service :class:`gamekit.rooms.groups.Groups` per request.
"""

from __future__ import annotations

from typing import Any

import tornado.web

from gamekit.i18n import get_language, tr, using
from gamekit.rooms.group_settings import GroupRefusal, describe_settings, group_language
from gamekit.rooms.groups import GROUP_IDLE_DAYS, MAX_BODY, MAX_PROGRESS, Groups
from gamekit.rooms.speech import translate
from gamekit.rooms.store_interface import token_hash
from gamekit.rooms.untrusted import BadJSON, loads
from gamekit.rooms.web import BaseHandler, Refusal

__all__ = ["routes", "handle", "GroupPage", "GroupApi"]


def routes(groups: Groups) -> list:
    """The group pages and API, for the server's application (paths under its prefix)."""
    return [
        (r"/groups", GroupPage, {"page": "group_new.html"}),
        (r"/join", GroupPage, {"page": "group_join.html"}),
        (r"/g/([A-Za-z0-9_-]{8,64})", GroupPage, {"page": "group.html", "groups": groups}),
        (r"/g/([A-Za-z0-9_-]{8,64})/owner", GroupPage, {"page": "group_owner.html", "groups": groups}),
        (r"/api/groups", GroupApi, {"groups": groups}),
        (r"/api/groups/code", GroupApi, {"groups": groups, "action": "code"}),
        (r"/api/groups/([A-Za-z0-9_-]{8,64})/([a-z_]{2,20})", GroupApi, {"groups": groups}),
    ]


def handle(groups: Groups, gid: str | None, action: str | None, data: dict, base: str) -> Any:
    """One API call (``data`` is the decoded JSON body): the answer, or GroupRefusal."""
    if gid is None and action is None:
        created = groups.create(data.get("name"))
        created["join_link"] = f"{base}/g/{created['group']}"
        created["owner_link"] = f"{base}/g/{created['group']}/owner#key={created['owner_key']}"
        return created
    if action == "code":
        return {"group": groups.by_code(data.get("code"))}
    group = groups.group(gid)
    key = data.get("key")
    settings = group["settings"]
    public = {
        "group": gid,
        "name": group["name"],
        "settings": settings,
        "describe": describe_settings(settings),
        "expires_days": GROUP_IDLE_DAYS,
        "join_link": f"{base}/g/{gid}",
    }
    if action == "info":
        return public
    if action == "join":
        return dict(groups.join(group, data.get("nickname")), group=gid)
    if action == "ladder":
        return dict(groups.ladder(group), group=gid, name=group["name"])
    if action in ("me", "leave", "room", "take", "find", "progress", "tally"):
        me = groups.member(group, key)
        if action == "tally":
            return dict(groups.class_tally(group), group=gid)
        if action == "me":
            return dict(public, nickname=me["nickname"], rating=round(me["rating"], 1), rooms=groups.open_rooms(group))
        if action == "leave":
            groups.remove_member(group, me["id"])
            return {"left": True}
        if action == "room":
            return groups.new_room(group, me, data.get("rated", False))
        if action == "take":
            return groups.take_seat(group, me, data.get("room"))
        if action == "find":
            cancel = data.get("cancel", False)
            if not isinstance(cancel, bool):
                raise GroupRefusal(tr("cancel must be true or false."))
            return groups.find_opponent(group, me, cancel)
        return groups.save_progress(group, me, data.get("progress"))
    if action in ("owner", "settings", "remove", "delete", "export", "rebuild"):
        groups.check_owner(group, key)
        if action == "owner":
            groups.touch(gid)
            return dict(
                public,
                code=group["code"],
                members=groups.owner_members(group),
                table=groups.class_table(group),
                rooms=groups.open_rooms(group),
                tally=groups.class_tally(group),
            )
        if action == "settings":
            return {
                "settings": groups.set_settings(group, data.get("settings")),
                "describe": describe_settings(groups.group(gid)["settings"]),
            }
        if action == "remove":
            nick = data.get("nickname")
            groups.remove_by_nickname(group, nick)
            return {"removed": nick}
        if action == "delete":
            if data.get("confirm") != group["name"]:
                raise GroupRefusal(tr("To delete the group, send its name as confirm."))
            groups.delete(group)
            return {"deleted": gid}
        if action == "rebuild":
            consistent = groups.ratings_consistent(gid)  # the stored totals agreed with the results
            groups.rebuild_ratings(gid)
            return {"rebuilt": True, "consistent": consistent}
        return {"csv": groups.class_csv(group)}
    raise GroupRefusal(tr("Unknown action {action}.", action=repr(action[:20])), 404)


class GroupPage(BaseHandler):
    def initialize(self, page: str, groups: Groups | None = None) -> None:
        self.page, self.groups = page, groups

    def get(self, gid: str | None = None) -> None:
        language = None
        if gid is not None:
            try:
                language = group_language(self.groups.group(gid)["settings"])
            except GroupRefusal:
                self.set_status(404)
                self.write_page("group_missing.html")
                return
        self.write_page(self.page, language)  # ?lang=, else the group's language, else the browser's


DRAIN_LIMIT = 4 * 1024 * 1024
"""Bytes of a group API body that are read (and, past the request's own limit, thrown away) so that even an
over-limit upload gets its 413 with the reason: a server that stops reading and closes resets the connection,
and the sender never sees an answer.  A body declared larger than this is answered at once and the connection
closed (the sender may then see only the reset)."""


@tornado.web.stream_request_body
class GroupApi(BaseHandler):
    """The JSON API.  The body is read as it arrives and kept only up to the request's limit (:data:`MAX_BODY`,
    :data:`MAX_PROGRESS` for a progress upload): a larger one is read to its end, dropped, and refused with 413
    and the reason."""

    def initialize(self, groups: Groups, action: str | None = None) -> None:
        self.groups, self.fixed_action = groups, action
        self.limit, self.received, self.chunks = MAX_BODY, 0, []

    def prepare(self) -> None:
        action = self.path_args[1] if len(self.path_args) > 1 else self.fixed_action
        self.limit = MAX_PROGRESS if action == "progress" else MAX_BODY
        declared = self.request.headers.get("Content-Length", "")
        if declared.isdigit() and int(declared) > DRAIN_LIMIT:
            with using(self.language()):
                self._error(413, tr("Request too large (at most {n} bytes).", n=self.limit))
            self.finish()
            return
        self.request.connection.set_max_body_size(DRAIN_LIMIT)

    def data_received(self, chunk: bytes) -> None:
        self.received += len(chunk)
        if self.received <= self.limit:
            self.chunks.append(chunk)

    def post(self, gid: str | None = None, action: str | None = None) -> None:
        """One API call, answered (refusals too) in ``?lang=`` (the pages send theirs), else the group's language,
        else the browser's (``BaseHandler.language``)."""
        of_group = None
        if self.asked_language() is None and gid is not None:
            try:
                of_group = group_language(self.groups.group(gid)["settings"])
            except GroupRefusal:
                pass  # refused below, in the browser's language
        with using(self.language(of_group)):
            self._post(gid, action)

    def _post(self, gid: str | None, action: str | None) -> None:
        groups = self.groups
        ip = self.request.remote_ip or "?"
        action = action or self.fixed_action
        if self.received > self.limit:
            return self._error(413, tr("Request too large (at most {n} bytes).", n=self.limit))
        body = b"".join(self.chunks)
        bad = None
        try:
            data = loads(body or b"{}")  # depth-limited, no lone surrogates (rooms.untrusted)
        except BadJSON as refusal:
            data, bad = None, str(refusal)
        # a whole class often shares one address (the school's NAT): requests are counted per address and key;
        # refused keys and codes are counted per address alone (a guesser cannot spread them over keys)
        key = data.get("key") if isinstance(data, dict) else None
        who = ip + "|" + (token_hash(key)[:16] if isinstance(key, str) else "")
        if not groups.requests.allow(who) or not groups.guesses.allow(ip, spend=False):
            return self._error(429, tr("Too many requests from this address: wait a minute."))
        if gid is None and action is None and not groups.server.allow_create(ip):
            return self._error(429, tr("Too many groups created from this address: wait a minute."))
        if not isinstance(data, dict):
            return self._error(
                400,
                tr("The body must be a JSON object ({reason}).", reason=bad)
                if bad
                else tr("The body must be a JSON object."),
            )
        base = groups.server.base_url or f"{self.request.protocol}://{self.request.host}{groups.server.prefix}"
        try:
            answer = handle(groups, gid, action, data, base.rstrip("/"))
        except GroupRefusal as refusal:
            if refusal.status in (403, 404) and not groups.guesses.allow(ip):
                return self._error(429, tr("Too many refused keys or links from this address: wait a minute."))
            return self._error(refusal.status, str(refusal)[:300])
        except Refusal as refusal:  # a room's refusal: said in this request's language
            return self._error(409, translate(refusal.args[0] if refusal.args else str(refusal), get_language())[:300])
        self.set_status(201 if gid is None and action is None else 200)
        self.write(answer)

    def _error(self, status: int, message: str) -> None:
        self.set_status(status)
        self.write({"type": "error", "message": message})
