"""One room in memory: its game (replayed from the store) in a :class:`~gamekit.session.Session`, its seats and
watchers, the state each reader is sent, and the changes committed through the server's group commit before
anyone is told (:meth:`Room.commit_move` and the others)."""

from __future__ import annotations

import json
from typing import Any

from gamekit.i18n import tr, using
from gamekit.session import RequestDecision, Session, SessionAttribute
from gamekit.rooms.speech import SOURCE, joined, said, translate
from gamekit.rooms.delta import encode_open, state_delta
from gamekit.rooms.games import rebuild, spec_for
from gamekit.rooms.store_interface import BY_CPU_STANDING_IN, BY_CPU_TIMEOUT, BY_PLAYER, StoredMove

CPU_LEVEL = "medium"  # the CPU that plays for an absent player
CLOSE_REPLACED, CLOSE_EXPIRED, CLOSE_ABUSE = 4001, 4004, 4008
CLOSE_MOVED, CLOSE_TRY_AGAIN = 1012, 1013  # RFC 6455 "service restart", "try again later": clients reconnect


class RoomBusy(Exception):
    """Another worker process holds the room and did not let it go in time (docs/rooms.md, "Several processes")."""


class Room:
    """A room in memory: the game replayed from the store, the connections, absence times."""

    def __init__(self, server: Any, stored: Any):
        self.server = server
        self.id = stored.id
        self.game_id, self.options, self.timer = stored.game, stored.options, stored.timer
        self.spec = spec_for(self.game_id)
        self.seat_hashes: list[str | None] = list(stored.seat_hashes)
        self.moves: list[StoredMove] = list(stored.moves)
        # the turn clock, the CPU player and who it plays for, the request waiting for an answer and the rules of
        # requests and answers: gamekit.session (the widgets' rules too), with the room's own undo rule
        self.session = Session(
            rebuild(self.game_id, self.options, [(m.kind, m.move, m.seat) for m in self.moves]),
            seating=self,
            make_cpu=lambda: self.spec.cpu(CPU_LEVEL, None),
            timer=self.timer,
            clock=server.now,
            undo_rule=self.undo_rule,
        )
        self.session.restore_request(stored.request)
        self.conns: list[Any] = [None, None]
        self.sockets: set[Any] = set()  # open connections, greeted or not (a room with none can leave memory)
        self.gone: str | None = None  # set when the room was deleted: why (every socket is told and closed)
        self.unused_since = server.now()
        self.watchers: set[Any] = set()
        now = server.now()
        self.away_since = [now, now]
        self.cpu_for: set[int] = set()  # seats the CPU plays for until their person returns
        self.session.start_turn()
        self.note = ""  # the last event, shown in everyone's status line
        self.open_to_link = True  # False in a class group's room: seat 2 is taken from the group page
        self.group_view: dict | None = None
        self.version = 0  # counts the states sent (each ``state``/``delta`` carries it as "v")
        self.sent: dict | None = None  # language → the public state of that version: what a synced client holds
        self._view_key: tuple | None = None  # (game, ply) of the cached position view
        self._view: dict = {}
        self._words: tuple = (None, {})  # (the options they were made for, language → words)
        server.groups.room_loaded(self)

    # ----- the session's view of the room ----------------------------------------------------------
    n_seats = 2

    @property
    def cpu_seats(self) -> tuple[int, ...]:
        """The seats the CPU plays for now (their person is away): the session's seating."""
        return tuple(sorted(self.cpu_for))

    @property
    def empty_seats(self) -> tuple[int, ...]:
        """Seats nobody has taken (seat 2 before the invite link is opened): nobody there answers a request."""
        return tuple(s for s in (0, 1) if self.seat_hashes[s] is None)

    def undo_rule(self, seat: int) -> tuple[int, int | None]:
        """The room's undo (the session's ``undo_rule``): one action at a time, the last one stored — (1, its
        seat), or (1, None) for a move the CPU played standing in (nobody's to take back); (0, None): none."""
        if not self.moves:
            return 0, None
        last = self.moves[-1]
        return 1, (None if last.by_cpu else last.seat)

    request = SessionAttribute("pending", "The request waiting for an answer, ``(kind, seat)``.", writable=False)
    game = SessionAttribute("game", "The room's game.")
    turn_started = SessionAttribute("turn_started", "When the turn of the seat to move began (server clock).")

    # ----- facts ---------------------------------------------------------------------------------
    @property
    def names(self) -> tuple[str, str]:
        """The seats' names in English (the catalogue's message ids: :meth:`seat_name` says them to a reader)."""
        return self.words(SOURCE)["names"]

    def words(self, language: str) -> dict:
        """The room's title, board line and seat names in ``language``, kept until its options change (a new game
        may change them: the group's alternating starter)."""
        if self._words[0] is not self.options:
            self._words = (self.options, {})
        found = self._words[1].get(language)
        if found is None:
            with using(SOURCE):
                english = self.spec.seat_names(self.options)
            with using(language):
                found = self._words[1][language] = {
                    "title": tr(self.spec.title),
                    "board": self.spec.board_words(self.options),
                    "names": english,
                    "seats": [tr(name) for name in english],
                }
        return found

    def seat_name(self, seat: int) -> Any:
        """Seat ``seat``'s name as a value of a message (translated with it: ``gamekit.rooms.speech.said``)."""
        return said(self.names[seat])

    def guest_in(self) -> bool:
        return self.seat_hashes[1] is not None

    def connected(self, seat: int) -> bool:
        return self.conns[seat] is not None

    def stands_in(self, seat: int) -> bool:
        """The seat can answer: its person is connected or the CPU plays for them."""
        return self.connected(seat) or seat in self.cpu_for

    def ply(self) -> int:
        return len(self.moves)

    def waiting_reason(self, seat: int) -> str | None:
        """Why ``seat`` cannot play now although it is their turn (both players must be there)."""
        if not self.guest_in():
            return (
                said("Waiting for your friend to open the invite link.")
                if self.open_to_link
                else said("Waiting for a classmate to take the second seat from the group page.")
            )
        other = 1 - seat
        if not self.stands_in(other):
            return said("Waiting for {seat} to reconnect.", seat=self.seat_name(other))
        return None

    # ----- what everyone sees -------------------------------------------------------------------------
    def status_for(self, seat: int | None) -> str:
        """The status line of ``seat`` (None: a watcher), as a message said in each reader's language."""
        game, name = self.game, self.seat_name
        if game.is_over():
            resigned = getattr(game, "resigned", None)
            if resigned is not None:
                head = said("{seat} resigned: {winner} wins.", seat=name(resigned), winner=name(1 - resigned))
            else:
                w = game.winner()
                score = self.spec.final_score(game)
                head = (
                    said("A draw, {score}.", score=score)
                    if w is None and score
                    else said("A draw.")
                    if w is None
                    else said("{seat} wins {score}.", seat=name(w), score=score)
                    if score
                    else said("{seat} wins.", seat=name(w))
                )
            return joined(head, said("Press New game to play again."))
        if not self.guest_in():
            return (
                said("Waiting for a friend: send them the invite link.")
                if self.open_to_link
                else said("Waiting for a classmate to take the second seat from the group page.")
            )
        mover = game.to_move
        missing = [s for s in (0, 1) if not self.stands_in(s)]
        if missing:
            return (
                said("Waiting for {seat} to reconnect.", seat=name(missing[0]))
                if seat != missing[0]
                else said("Reconnecting…")
            )
        if mover in self.cpu_for:
            return said("{seat} to move (the CPU plays while they are away).", seat=name(mover))
        if seat == mover:
            return said("Your move ({seat}).", seat=name(mover))
        return said("{seat} to move.", seat=name(mover))

    def position_view(self, language: str = SOURCE) -> dict:
        """What the board shows of the current position (the scene, its size, the keyboard targets, the hover
        boxes, the board in words in ``language``), computed once per position (and language) and kept until the
        position changes: a connection, a note or a request changes none of it."""
        key = (self.game, len(self.moves))
        if self._view_key is None or self._view_key[0] is not key[0] or self._view_key[1] != key[1]:
            game, spec, options = self.game, self.spec, self.options
            scene, (w, h) = spec.scene(game, options)
            self._view = {
                SOURCE: {
                    "scene": scene,
                    "size": [w, h],  # tuples: JSON arrays, compared as they are
                    "targets": spec.targets(game, options),
                    "hover": spec.hover(game, options),
                }
            }
            self._view_key = key
        view = self._view.get(language)
        if view is None or "description" not in view:
            with using(language):  # the board in words (room.js: aria-describedby)
                view = self._view[language] = dict(
                    self._view[SOURCE], description=self.spec.text(self.game, self.options)
                )
        return view

    def public_state(self, language: str = SOURCE) -> dict:
        """The room's state as everyone in ``language`` reads it (the reader's own fields: :meth:`reader_message`)."""
        words = self.words(language)
        names, colours = words["seats"], self.spec.seat_colours(self.options)
        game = self.game
        over = game.is_over()
        view = self.position_view(language)
        return {
            "type": "state",
            "room": self.id,
            "game": self.game_id,
            "title": words["title"],
            "board": words["board"],
            "options": self.options,
            "timer": self.timer,
            "ply": self.ply(),
            "history": [m.move if m.kind == "move" else f"resign:{m.seat}" for m in self.moves],
            "to_move": None if over else game.to_move,
            "over": over,
            "winner": game.winner() if over else None,
            "seats": [
                {
                    "name": names[s],
                    "colour": colours[s],
                    "taken": self.seat_hashes[s] is not None,
                    "connected": self.connected(s),
                    "cpu": s in self.cpu_for,
                    "score": self.spec.score(game, s),
                }
                for s in (0, 1)
            ],
            "watchers": len(self.watchers),
            "request": None if self.request is None else {"kind": self.request[0], "seat": self.request[1]},
            "last": self.moves[-1].move if self.moves and self.moves[-1].kind == "move" else None,
            "scene": view["scene"],
            "size": view["size"],
            "targets": view["targets"],
            "hover": view["hover"],
            "turn_seconds_left": self._turn_seconds_left(),
            "note": translate(self.note, language),
            "description": view["description"],
            "group": self.group_view,  # a class group's room: nicknames, rated, the group's page
        }

    def _turn_seconds_left(self) -> float | None:
        if not self.timer or self.game.is_over() or not self.guest_in():
            return None
        return max(0.0, round(self.turn_started + self.timer - self.server.now(), 1))

    def close_all(self, message: str) -> None:
        """The room was deleted (expired, or its group deleted): every connection to it — greeted or not — is
        told and closed, and a hello still on its way gets the same answer (see ``RoomSocket.on_message``)."""
        self.gone = message
        for conn in list(self.sockets):
            conn.send({"type": "expired", "message": message})  # in each connection's language (send)
            conn.shut(CLOSE_EXPIRED, "expired")

    def broadcast(self, full: bool = False, ok: tuple[Any, dict] | None = None) -> None:
        """Tell every connection the room's new state.  A connection that asked for deltas (``hello`` with
        ``"deltas": true``) and holds the previous version gets only what changed (:func:`state_delta`); the
        others — and everyone when ``full`` (an undo, a new game) — get the whole state.  Each message is
        encoded once for all the readers of a seat (watchers share one), then only sent.

        ``ok``: (the connection whose message made this change, the fields of its ``ok``).  When it gets a
        delta the ``ok`` rides in it (``"ok": {...}``: one frame less a move); otherwise it follows the state
        as its own message.  Either way the client holds the new state when it reads its ``ok``.

        Each reader reads it in the language of its connection (``RoomSocket.language``): the state, its delta and
        the encoding are made once per language present (``sent`` keeps the last state of each)."""
        readers = [(conn, seat) for seat, conn in enumerate(self.conns) if conn is not None]
        readers += [(conn, None) for conn in list(self.watchers)]
        states = {language: self.public_state(language) for language in {conn.language for conn, _ in readers}}
        before, self.sent = self.sent or {}, states
        self.version += 1
        deltas = (
            {}
            if full
            else {
                language: state_delta(before[language], state)
                for language, state in states.items()
                if language in before
            }
        )
        full_heads: dict[str, str] = {}
        delta_heads: dict[str, str] = {}
        by_seat: dict[tuple[bool, int | None, str], bytes] = {}
        answer, ok_conn = (None, None) if ok is None else (ok[1], ok[0])
        for conn, seat in readers:
            language = conn.language
            as_delta = language in deltas and conn.deltas and conn.synced
            if as_delta and language not in delta_heads:
                delta_heads[language] = encode_open({"type": "delta", "v": self.version, **deltas[language]})
            if conn is ok_conn and as_delta:
                conn.write_text(self.reader_message(delta_heads[language], seat, {"ok": answer}, language))
                ok_conn = None
                continue
            data = by_seat.get((as_delta, seat, language))
            if data is None:
                if as_delta:
                    data = self.reader_message(delta_heads[language], seat, None, language)
                else:
                    if language not in full_heads:
                        full_heads[language] = encode_open({**states[language], "v": self.version})
                    data = self.reader_message(full_heads[language], seat, None, language)
                by_seat[(as_delta, seat, language)] = data
            conn.synced = True
            conn.write_text(data)
        if ok_conn is not None:
            ok_conn.send({"type": "ok", **answer})

    def reader_message(self, head: str, seat: int | None, extra: dict | None = None, language: str = SOURCE) -> bytes:
        """``head`` (a message encoded without its closing brace) with this reader's own fields: ``you``,
        ``status``, ``waiting`` (in ``language``; and ``extra``)."""
        waiting = self.waiting_reason(seat) if seat is not None else None
        mine = {
            "you": seat,
            "status": translate(self.status_for(seat), language),
            "waiting": translate(waiting, language),
            **(extra or {}),
        }
        return (head + "," + json.dumps(mine, separators=(",", ":"))[1:]).encode("utf-8")

    def send_full(self, conn: Any) -> None:
        """The whole state, as everyone else holds it, to one connection (a client that found a gap in the
        versions asks for it with ``sync``)."""
        if self.sent is None or conn.language not in self.sent:
            return self.broadcast()
        state = dict(self.sent[conn.language], turn_seconds_left=self._turn_seconds_left())
        seat = conn.seat if conn.seat is not None and self.conns[conn.seat] is conn else None
        conn.synced = True
        conn.write_text(self.reader_message(encode_open({**state, "v": self.version}), seat, None, conn.language))

    # ----- changes (each committed before anyone is told: see GroupCommit) ------------------------------------
    def commit_move(self, seat: int, move: str, by_cpu: int = BY_PLAYER) -> str:
        """``seat`` plays ``move`` through the session (IllegalMoveError: nothing changed), then the room writes it
        through the group commit, says which request it cancelled and, at the end, tells the groups."""
        played = self.session.play(seat, move)
        self.server.commits.write(
            self, "add_move", self.id, self.ply(), "move", played.move, seat, by_cpu, self.server.now()
        )
        self.moves.append(StoredMove("move", played.move, seat, by_cpu))
        if played.cancelled is None:  # the store's add_move deletes a request too
            self.note = ""
        elif played.cancelled[0] == "restart":
            self.note = said("A move was played, so the new game request is cancelled.")
        else:
            self.note = said("A move was played, so the undo request is cancelled.")
        if played.over:
            self.server.groups.game_over(self)  # a rated group game: its result (gamekit.rooms.groups)
        return played.move

    def commit_resign(self, seat: int) -> None:
        self.game.resign(seat)
        self.server.commits.write(
            self, "add_move", self.id, self.ply(), "resign", None, seat, BY_PLAYER, self.server.now()
        )
        self.moves.append(StoredMove("resign", None, seat, BY_PLAYER))
        self.session.cancel_request()
        self.note = said("{seat} resigned.", seat=self.seat_name(seat))
        self.server.groups.game_over(self)

    def commit_decision(self, decision: RequestDecision) -> None:
        """Carry out what the session decided of a request or an answer: written through the group commit
        first, then the session applies it (the note says what happened)."""
        if decision.action == "restart":
            return self.commit_new_game(decision)
        if decision.action == "undo":
            return self.commit_undo(decision)
        seat = decision.seat
        if decision.action == "ask":
            self.server.commits.write(self, "set_request", self.id, decision.kind, seat, self.server.now())
            self.note = (
                said("{seat} asks for a new game.", seat=self.seat_name(seat))
                if decision.kind == "restart"
                else said("{seat} asks to take back their last move.", seat=self.seat_name(seat))
            )
        else:
            self.server.commits.write(self, "clear_request", self.id, self.server.now())
            who = self.seat_name(decision.other)
            self.note = (
                said("{seat} declined the new game.", seat=who)
                if decision.kind == "restart"
                else said("{seat} declined the undo.", seat=who)
            )
        self.session.apply(decision)

    def commit_new_game(self, decision: RequestDecision) -> None:
        self.server.groups.before_new_game(self)
        self.server.commits.write(self, "new_game", self.id, self.server.now())
        self.moves = []
        self.session.apply(decision, self.spec.new_game(self.options))  # same board; seats and colours stay
        self.note = (
            said("New game.")
            if decision.agreed
            else said("New game (seat 2 is still free, so no agreement was needed).")
        )

    def commit_undo(self, decision: RequestDecision) -> None:
        """Take back ``decision.steps`` stored actions (the room's rule: one) and rebuild the game from those
        left, so a resignation and a CPU move read exactly as the store has them."""
        if not 1 <= decision.steps <= len(self.moves):
            raise ValueError(f"steps={decision.steps!r}: the room has {len(self.moves)} stored action(s)")
        kept, taken = self.moves[: -decision.steps], self.moves[-decision.steps :]
        game = rebuild(self.game_id, self.options, [(m.kind, m.move, m.seat) for m in kept])
        now = self.server.now()
        for ply in range(self.ply() - 1, len(kept) - 1, -1):
            self.server.commits.write(self, "undo_move", self.id, ply, now)
        self.session.apply(decision, game)
        self.moves = kept
        self.note = said("{seat}'s last move was taken back.", seat=self.seat_name(taken[0].seat))

    # ----- the CPU stands in for an absent player ------------------------------------------------------------
    def cpu_due(self, now: float) -> int | None:
        """The seat the CPU must play for now, or None."""
        game = self.game
        if game.is_over() or not self.guest_in():
            return None
        seat = game.to_move
        other = 1 - seat
        if not self.connected(other):
            return None  # nobody to play against: the game waits
        if not self.connected(seat):
            if seat in self.cpu_for:
                return seat
            deadline = self.session.deadline() if self.timer else self.away_since[seat] + self.server.grace
            if now >= deadline:
                self.cpu_for.add(seat)
                return seat
            return None
        deadline = self.session.deadline()
        if deadline is not None and now >= deadline:
            return seat  # time ran out: the CPU plays this turn for them
        return None

    def tick(self, now: float) -> None:
        for _ in range(200):  # a CPU that completes boxes moves again
            seat = self.cpu_due(now)
            if seat is None:
                return
            move = self.session.cpu.choose(self.game)
            timed_out = self.connected(seat)
            self.commit_move(seat, move, by_cpu=BY_CPU_TIMEOUT if timed_out else BY_CPU_STANDING_IN)
            self.note = (
                said("Time ran out: the CPU played {move} for {seat}.", move=move, seat=self.seat_name(seat))
                if timed_out
                else said("The CPU played {move} for {seat}.", move=move, seat=self.seat_name(seat))
            )
            self.broadcast()
            if timed_out:
                return
