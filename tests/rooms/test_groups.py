"""Class groups against the real room server (subprocess on loopback, temporary SQLite): joining, settings,
rated games and the ladder, lesson progress and the class table, privacy and refusals, expiry."""

from __future__ import annotations

import csv
import io
import json

import pytest
from hypothesis import given, settings, strategies as st

from gamekit.rooms import ratings
from gamekit.rooms.client import RoomRefusal
from gamekit.rooms.class_progress import check_progress
from gamekit.rooms.group_settings import GroupRefusal, check_nickname
from gamekit.rooms.groups_client import GroupOwner, GroupRefused, create_group, join_group, send_progress


def play_through(clients, moves) -> dict:
    """Both seats play ``moves`` in order (whoever is to move plays the next one)."""
    for i, move in enumerate(moves):
        state = clients[0].wait(lambda s: s["ply"] == i)
        mover = clients[state["to_move"]]
        mover.play(move)
    return clients[0].wait(lambda s: s["over"])


@pytest.fixture
def klass(rooms, connect):
    """A group with three pupils: (owner, [ana, ben, cleo])."""
    owner = create_group(rooms.url, "Class 5B")
    pupils = [join_group(owner.join_link, nick) for nick in ("Ana", "Ben", "Cleo")]
    return owner, pupils


def rated_room(a, b, connect):
    ca = a.new_room(rated=True)
    cb = b.take_seat(ca.link)
    connect_clients = [connect(ca.link, token=ca.seat_token()), connect(cb.link, token=cb.seat_token())]
    ca.close(), cb.close()
    connect_clients[0].wait(lambda s: s["seats"][1]["connected"])
    return connect_clients


# ----- ratings (pure) --------------------------------------------------------------------------------
def test_elo_draw_counts_half_and_is_zero_sum():
    assert ratings.update(1200, 1200, 0.5) == (1200, 1200)
    win, loss = ratings.update(1200, 1200, 1)[0], ratings.update(1200, 1200, 0)[0]
    assert (win, loss) == (1216, 1184)
    a, b = ratings.update(1300, 1100, 0.5)
    assert a < 1300 and b > 1100 and a + b == pytest.approx(2400)
    assert ratings.update(1300, 1100, 0.5)[0] == pytest.approx(
        (ratings.update(1300, 1100, 1)[0] + ratings.update(1300, 1100, 0)[0]) / 2
    )
    with pytest.raises(ValueError, match="score_a=2"):
        ratings.update(1200, 1200, 2)


@settings(max_examples=50, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 5), st.integers(0, 5), st.sampled_from([0, 0.5, 1])), max_size=60))
def test_recompute_keeps_the_total_and_counts_every_game(games):
    games = [(a, b, s, float(i)) for i, (a, b, s) in enumerate(games) if a != b]
    table = ratings.recompute(games)
    assert sum(s.rating for s in table.values()) == pytest.approx(ratings.START * len(table))
    for s in table.values():
        assert s.wins + s.draws + s.losses == s.games == len(s.history)
    assert sum(s.wins for s in table.values()) == sum(s.losses for s in table.values())
    svg = ratings.chart_svg({f"<p{m}>": [(i, r) for i, _, r in s.history] for m, s in table.items()})
    assert svg.startswith("<svg") and "<p" not in svg.replace("<polyline", "").replace("<path", "")


def test_nickname_and_progress_checks():
    assert check_nickname("  Ana  María ") == "Ana María"
    for bad, words in [
        ("A", "2 to 20"),
        ("x" * 21, "2 to 20"),
        ("<script>", "only letters"),
        ("An\na", "only"),
        ("-ana", "start with"),
        (42, "text"),
        ("a\u202eb", "only letters"),
        ("", "2 to 20"),
    ]:
        with pytest.raises(GroupRefusal, match=words):
            check_nickname(bad)
    good = {
        "version": 1,
        "lessons": {
            "L": {
                "e": {
                    "attempts": 1,
                    "solved": True,
                    "first_try": True,
                    "shown": False,
                    "updated": "2026-11-30T09:40:12",
                }
            }
        },
    }
    assert check_progress(good)["lessons"]["L"]["e"] == {
        "attempts": 1,
        "solved": True,
        "first_try": True,
        "shown": False,
    }
    for bad in [
        None,
        [],
        {"version": 2, "lessons": {}},
        {"version": 1, "lessons": []},
        {"version": 1, "lessons": {"L": {"e": {"attempts": "1"}}}},
        {"version": 1, "lessons": {"L": {"e": {"attempts": True}}}},
        {"version": 1, "lessons": {"L": {"e": {"solved": 1}}}},
        {"version": 1, "lessons": {"L" * 301: {}}},
    ]:
        with pytest.raises(GroupRefusal, match="progress"):
            check_progress(bad)


# ----- joining and settings ------------------------------------------------------------------------------
def test_joining_nicknames_and_links(rooms, klass):
    owner, (ana, ben, cleo) = klass
    assert repr(ana) == f"<GroupMember 'Ana' in {owner.join_link}>" and ana.key not in repr(ana)
    code = owner.code
    status, found = rooms.post({"code": code.lower().replace("-", " ")}, "/api/groups/code")
    assert status == 200 and found["group"] == owner.group
    assert rooms.post({"code": "AAA-AAA"}, "/api/groups/code")[0] == 404
    for nick, words in [("ana", "taken"), ("<b>hi</b>", "only letters"), ("x", "2 to 20"), ("Ana\u0000", "only")]:
        with pytest.raises(GroupRefused, match=words):
            join_group(owner.join_link, nick)
    with pytest.raises(GroupRefused, match="does not exist"):
        join_group(f"{rooms.url}/g/ForgedGroupId123", "Dan")
    with pytest.raises(ValueError, match="group link"):
        join_group(f"{rooms.url}/r/xyz", "Dan")
    assert [r["nickname"] for r in owner.overview()["members"]] == ["Ana", "Ben", "Cleo"]
    assert rooms.get(f"/g/{owner.group}")[0] == 200 and rooms.get("/g/ForgedGroupId123")[0] == 404
    assert rooms.get(f"/g/{owner.group}/owner")[0] == 200  # the page; its data needs the key
    assert rooms.get("/groups")[0] == 200 and rooms.get("/join")[0] == 200


def test_only_the_owner_changes_settings_and_every_new_room_uses_them(rooms, klass, connect):
    owner, (ana, ben, _) = klass
    forged = GroupOwner(owner.join_link, key="x" * 43)
    for who in (ana, forged):
        for call, args in (
            (lambda g, **k: g.call("settings", **k), {"settings": {"width": 3}}),
            (lambda g, **k: g.call("export", **k), {}),
            (lambda g, **k: g.call("owner", **k), {}),
            (lambda g, **k: g.call("remove", **k), {"nickname": "Ben"}),
            (lambda g, **k: g.call("delete", **k), {"confirm": "Class 5B"}),
        ):
            with pytest.raises(GroupRefused, match="owner link") as refused:
                call(who, **args)
            assert refused.value.status == 403
    assert owner.settings()["width"] == 5 and len(owner.overview()["members"]) == 3
    room = ana.new_room(rated=False)
    assert room.state["options"] == {"width": 5, "height": 4, "first": 0} and room.state["timer"] == 0
    for bad, words in [
        ({"width": 6}, "3, 4 or 5"),
        ({"width": "4"}, "3, 4 or 5"),
        ({"timer": 45}, "30 or 60"),
        ({"game": "chess"}, "dots, five or four"),
        ({"rated": 1}, "true or false"),
        ({"colour": "red"}, "Unknown setting"),
    ]:
        with pytest.raises(GroupRefused, match=words):
            owner.settings(**bad)
    assert owner.settings() == {
        "game": "dots",
        "width": 5,
        "height": 4,
        "timer": 0,
        "alternate": True,
        "popout": False,
        "rated": True,
        "language": "en",
    }  # made from a notebook: English
    owner.settings(width=3, height=3, timer=30)
    room = ana.new_room(rated=False)
    assert room.state["options"]["width"] == 3 and room.state["timer"] == 30
    owner.settings(game="five", popout=True, timer=0, rated=False)
    room = ben.new_room(rated=False)
    assert room.state["game"] == "connect" and room.state["options"] == {"board": "five", "popout": True}
    with pytest.raises(GroupRefused, match="not allowed rated"):
        ben.new_room(rated=True)
    # a stranger opening a group room's link watches: seat 2 is taken from the group page
    stranger = connect(room.link)
    assert stranger.seat is None and "class group" in stranger.messages[0]["note"]
    assert "classmate" in room.wait(lambda s: True)["status"]


# ----- rated games ----------------------------------------------------------------------------------------
def test_rated_games_resign_draw_and_recompute(rooms, klass, connect, drawn_dots_moves):
    owner, (ana, ben, cleo) = klass
    owner.settings(width=4, height=4)
    a, b = rated_room(ana, ben, connect)
    assert a.state["group"] == {"rated": True, "players": ["Ana", "Ben"]}
    final = play_through([a, b], drawn_dots_moves)
    assert final["winner"] is None and [s["score"] for s in final["seats"]] == ["8", "8"]
    rows = {r["nickname"]: r for r in owner.ladder()["rows"]}
    assert rows["Ana"]["draws"] == rows["Ben"]["draws"] == 1
    assert rows["Ana"]["points"] == rows["Ben"]["points"] == 0.5 and rows["Ana"]["rating"] == 1200
    # undoing a recorded result is refused; a new game alternates the starter (Dots)
    with pytest.raises(Exception, match="recorded"):
        a.request_undo()
    a.request_new_game()
    b.request_new_game()
    assert a.wait(lambda s: s["ply"] == 0)["options"]["first"] == 1
    assert b.wait(lambda s: s["ply"] == 0)["to_move"] == 1
    b.play("a1-b1")
    b.resign()
    c, a2 = rated_room(cleo, ana, connect)
    c.resign()  # Cleo resigns to Ana
    ladder = owner.ladder()
    rows = {r["nickname"]: r for r in ladder["rows"]}
    assert (rows["Ana"]["wins"], rows["Ana"]["draws"], rows["Ana"]["losses"]) == (2, 1, 0)
    assert rows["Ben"]["losses"] == 1 and rows["Cleo"]["losses"] == 1
    assert rows["Ana"]["points"] == 2.5 and ladder["rows"][0]["nickname"] == "Ana"
    assert ladder["rated_games"] == 3 and len(ladder["series"]["Ana"]) == 3
    expected = ratings.recompute([(0, 1, 0.5, 0), (0, 1, 1, 1), (2, 0, 0, 2)])
    assert rows["Ana"]["rating"] == pytest.approx(expected[0].rating, abs=0.05)
    assert owner.rebuild_ratings() is True
    # the stored results are the truth: spoil the cache, rebuild it from them
    rooms.sql("UPDATE members SET rating = 999, games = 0")
    assert owner.rebuild_ratings() is False
    assert {r["nickname"]: r["rating"] for r in owner.ladder()["rows"]} == {n: r["rating"] for n, r in rows.items()}
    reasons = [r[0] for r in rooms.sql("SELECT reason FROM results WHERE grp = ? ORDER BY id", (owner.group,))]
    assert reasons == ["played", "resigned", "resigned"]


def play_out(clients) -> dict:
    """Whoever is to move plays their first legal move, until the game is over (both see the same position)."""
    while True:
        n = max(c.state["ply"] for c in clients)
        states = [c.wait(lambda s: s["ply"] >= n) for c in clients]
        if states[0]["ply"] != states[1]["ply"]:
            continue
        if states[0]["over"]:
            return states[0]
        clients[states[0]["to_move"]].play(states[0]["targets"][0][0])


def listed(member, room_id) -> dict:
    return next(r for r in member.me()["rooms"] if r["room"] == room_id)


def test_the_group_lists_each_room_as_waiting_playing_or_finished(rooms, klass, connect):
    owner, (ana, ben, cleo) = klass
    owner.settings(width=3, height=3)
    created = ana.new_room(rated=True)
    room_id = created.room
    entry = listed(cleo, room_id)
    assert (entry["state"], entry["free"], entry["result"]) == ("waiting", True, None)
    b = ben.take_seat(room_id)
    a = connect(created.link, token=created.seat_token())
    b = connect(b.link, token=b.seat_token())
    a.wait(lambda s: s["seats"][1]["connected"])
    a.play("a1-b1")
    b.wait(lambda s: s["ply"] == 1)
    entry = listed(cleo, room_id)
    assert (entry["state"], entry["ply"], entry["free"], entry["result"]) == ("playing", 1, False, None)
    final = play_out([a, b])
    scores = [int(s["score"]) for s in final["seats"]]
    winner = final["winner"]
    # the pupil's page and the teacher's page list it as finished, with who won and the score
    for entry in (listed(cleo, room_id), next(r for r in owner.overview()["rooms"] if r["room"] == room_id)):
        assert entry["state"] == "finished" and not entry["free"]
        result = entry["result"]
        assert result["winner"] == winner and result["reason"] == "played"
        assert result["score"] == f"{scores[0]}–{scores[1]}"
        if winner is None:
            assert result["text"] == f"A draw {scores[0]}–{scores[1]}."
        else:
            names = ["Ana", "Ben"]
            assert result["winner_name"] == names[winner]
            assert result["text"] == f"{names[winner]} won {scores[winner]}–{scores[1 - winner]}."
    # a new game agreed in the room makes it "playing" again
    a.request_new_game()
    b.request_new_game()
    a.wait(lambda s: s["ply"] == 0 and not s["over"])
    assert listed(cleo, room_id)["state"] == "playing"
    # a resignation in a friendly room, and in a rated room the stored result
    friendly = cleo.new_room(rated=False)
    taken = ana.take_seat(friendly.room)
    c = connect(friendly.link, token=friendly.seat_token())
    a2 = connect(taken.link, token=taken.seat_token())
    c.wait(lambda s: s["seats"][1]["connected"])
    c.resign()
    a2.wait(lambda s: s["over"])
    entry = listed(ben, friendly.room)
    assert entry["rated"] is False and entry["state"] == "finished"
    assert entry["result"]["reason"] == "resigned" and entry["result"]["winner"] == 1
    assert entry["result"]["text"] == "Cleo resigned: Ana won."
    # a finished room is not open to join: its seats are taken (refused, nothing changes)
    with pytest.raises(GroupRefused, match="Both seats"):
        ben.take_seat(friendly.room)
    assert listed(ben, friendly.room) == entry
    # 5 en raya has no score to show; nobody outside the group reads the list
    owner.settings(game="five")
    five = ben.new_room(rated=True)
    seat = cleo.take_seat(five.room)
    f0, f1 = connect(five.link, token=five.seat_token()), connect(seat.link, token=seat.seat_token())
    f0.wait(lambda s: s["seats"][1]["connected"])
    f1.resign()
    f0.wait(lambda s: s["over"])
    entry = listed(ana, five.room)
    assert entry["result"] == {
        "winner": 0,
        "winner_name": "Ben",
        "reason": "resigned",
        "score": None,
        "text": "Cleo resigned: Ben won.",
    }
    status, answer = rooms.post({"key": "forged-key-1234567890"}, f"/api/groups/{owner.group}/me")
    assert status == 403 and "rooms" not in answer


def test_find_me_an_opponent_pairs_two_waiting_pupils(rooms, klass):
    owner, (ana, ben, _) = klass
    assert ana.call("find")["status"] == "waiting"
    paired = ben.call("find")
    assert paired["status"] == "paired" and paired["opponent"] == "Ana" and paired["rated"] is True
    mine = ana.call("find")
    assert mine["status"] == "paired" and mine["room"] == paired["room"] and mine["seat"] == 1
    assert mine["token"] != paired["token"]
    assert ana.call("find", cancel=True)["status"] == "cancelled"


def ben_leaves(server, connect, name: str) -> tuple:
    """A 3 × 3 rated game of Ana (gold) and Ben in a new group; after Ana's first move Ben leaves and does not
    come back, and the clock passes the grace period, so the CPU plays for him. → (owner, ana, ben, Ana's client)"""
    owner = create_group(server.url, name)
    owner.settings(width=3, height=3)
    ana, ben = join_group(owner.join_link, "Ana"), join_group(owner.join_link, "Ben")
    a, b = rated_room(ana, ben, connect)
    a.play("a1-b1")
    b.close()
    a.wait(lambda s: not s["seats"][1]["connected"])
    server.advance(61)
    return owner, ana, ben, a


def test_abandoned_and_timed_out_games(fresh_rooms, connect):
    owner, ana, ben, a = ben_leaves(fresh_rooms, connect, "Late class")
    while not a.wait(lambda s: s["over"] or s["to_move"] == 0, timeout=30)["over"]:
        a.play(a.state["targets"][0][0])
    rows = {r["nickname"]: r for r in owner.ladder()["rows"]}
    assert rows["Ben"]["losses"] == 1 and rows["Ana"]["wins"] == 1  # abandoned: the one who left loses
    assert fresh_rooms.sql("SELECT reason FROM results") == [("abandoned",)]
    # groups idle for 120 days are deleted with everything in them
    fresh_rooms.advance(121 * 24 * 3600)
    import time

    deadline = time.time() + 10
    while fresh_rooms.sql("SELECT COUNT(*) FROM groups")[0][0] and time.time() < deadline:
        time.sleep(0.1)
    assert [
        fresh_rooms.sql(f"SELECT COUNT(*) FROM {t}")[0][0] for t in ("groups", "members", "results", "group_rooms")
    ] == [0, 0, 0, 0]
    with pytest.raises(GroupRefused, match="does not exist"):
        owner.ladder()


def test_stood_in_at_end_reads_who_was_away_from_the_stored_moves():
    from gamekit.rooms.store_interface import (
        BY_CPU_STANDING_IN as AWAY,
        BY_CPU_TIMEOUT as TIMEOUT,
        StoredMove,
        stood_in_at_end,
    )

    def moves(*rows):
        return [StoredMove(kind, "x", seat, by) for kind, seat, by in rows]

    assert stood_in_at_end([]) == set()
    assert stood_in_at_end(moves(("move", 0, 0), ("move", 1, AWAY), ("move", 0, 0))) == {1}
    assert stood_in_at_end(moves(("move", 1, AWAY), ("move", 1, 0))) == set()  # back, and played
    assert stood_in_at_end(moves(("move", 1, AWAY), ("move", 1, TIMEOUT))) == set()  # back, time ran out
    assert stood_in_at_end(moves(("move", 0, TIMEOUT), ("move", 1, 0))) == set()  # there all along
    assert stood_in_at_end(moves(("move", 0, AWAY), ("move", 1, AWAY))) == {0, 1}


def _stored_result_and_ratings(server, group: str) -> tuple[list, dict, dict]:
    results = server.sql("SELECT member0, member1, score0, at, reason FROM results WHERE grp = ? ORDER BY id", (group,))
    members = {
        mid: (nick, rating, games, wins, draws, losses)
        for mid, nick, rating, games, wins, draws, losses in server.sql(
            "SELECT id, nickname, rating, games, wins, draws, losses FROM members WHERE grp = ?", (group,)
        )
    }
    table = ratings.recompute([(a, b, s, at) for a, b, s, at, _ in results])
    return results, members, table


def test_an_abandoned_game_cut_off_by_a_crash_is_recorded_as_abandoned_after_the_restart(server_with, connect):
    import signal

    from gamekit.rooms.games import rebuild

    # a server that SIGKILLs itself after a rated game's last move is stored and before its result is
    server = server_with("--fail-before-result")
    owner, ana, ben, a = ben_leaves(server, connect, "Crash class")
    while server.process.poll() is None:
        try:
            state = a.wait(lambda s: s["over"] or s["to_move"] == 0, timeout=10)
            if state["over"]:
                break
            a.play(state["targets"][0][0])
        except (TimeoutError, RoomRefusal, OSError):
            break  # the server died under Ana's move
    assert server.process.wait(timeout=30) == -signal.SIGKILL
    # the game's end is stored, its result is not
    room_id = server.sql("SELECT room FROM group_rooms")[0][0]
    moves = server.sql("SELECT kind, move, seat FROM moves WHERE room = ? ORDER BY ply", (room_id,))
    assert server.sql("SELECT COUNT(*) FROM moves WHERE by_cpu = 2")[0][0] >= 1
    assert server.sql("SELECT COUNT(*) FROM results")[0][0] == 0
    assert rebuild("dots", {"width": 3, "height": 3, "first": 0}, moves).is_over()

    server.extra = ()
    server.start()  # the same database; nobody opens the room
    results, members, table = _stored_result_and_ratings(server, owner.group)
    assert [(r[2], r[4]) for r in results] == [(1.0, "abandoned")]  # Ben left: Ana wins, board or not
    by_nick = {m[0]: (mid, m) for mid, m in members.items()}
    assert by_nick["Ana"][1][2:] == (1, 1, 0, 0) and by_nick["Ben"][1][2:] == (1, 0, 0, 1)
    for mid, (_, rating, games, wins, draws, losses) in members.items():
        st = table[mid]
        assert (rating, games, wins, draws, losses) == pytest.approx(
            (st.rating, st.games, st.wins, st.draws, st.losses)
        )
    assert by_nick["Ana"][1][1] == pytest.approx(1216) and owner.rebuild_ratings() is True
    listed_room = next(r for r in ana.me()["rooms"] if r["room"] == room_id)
    assert listed_room["result"]["text"] == "Ben left: Ana won."
    # opening the room, and another restart, record nothing twice
    again = connect(f"{server.url}/r/{room_id}", token=a.seat_token())
    assert again.wait(lambda s: s["over"])["over"]
    again.close()
    server.stop()
    server.start()
    assert _stored_result_and_ratings(server, owner.group)[:2] == (results, members)


# ----- progress and the class table -------------------------------------------------------------------------
def test_progress_reaches_the_class_table_and_csv(rooms, klass):
    owner, (ana, ben, cleo) = klass
    progress = {
        "version": 1,
        "lessons": {
            "Lesson 1 — rules": {
                "e1": {"attempts": 1, "solved": True, "first_try": True, "shown": False},
                "e2": {"attempts": 3, "solved": False, "first_try": False, "shown": True},
            },
            '=HYPERLINK("x")': {"e": {"attempts": 1, "solved": True, "first_try": True, "shown": False}},
        },
    }
    assert send_progress(ana.link, ana.key, progress) == {"Lesson 1 — rules": [2, 1], '=HYPERLINK("x")': [1, 1]}
    ben.send_progress(
        {
            "version": 1,
            "lessons": {
                "Lesson 1 — rules": {"e1": {"attempts": 2, "solved": True, "first_try": False, "shown": False}}
            },
        }
    )
    table = owner.class_table()
    assert table["lessons"] == ['=HYPERLINK("x")', "Lesson 1 — rules"]
    cells = {p["nickname"]: p["lessons"] for p in table["pupils"]}
    assert cells["Ana"]["Lesson 1 — rules"] == [2, 1] and cells["Ben"]["Lesson 1 — rules"] == [1, 1]
    assert cells["Cleo"] == {}
    text = owner.export_csv()
    rows = list(csv.reader(io.StringIO(text)))
    assert rows[0] == ["pupil", "lesson", "exercises done", "exercises right", "sent at (UTC)", "accuracy"]
    assert ["Ana", "Lesson 1 — rules", "2", "1"] == rows[2][:4]
    assert all(not r[1].startswith("=") for r in rows[1:])  # no formula reaches a spreadsheet
    for secret in (ana.key, ben.key, owner.key):
        assert (
            secret not in text
            and secret not in json.dumps(owner.overview())
            and secret not in json.dumps(owner.ladder())
        )
    # refused uploads change nothing
    for bad in ({"version": 1, "lessons": {"L": {"e": {"attempts": -1}}}}, {"lessons": {}}, "junk"):
        with pytest.raises(GroupRefused, match="progress"):
            ana.send_progress(bad)
    with pytest.raises(GroupRefused, match="member"):
        send_progress(ana.link, "forged-key-1234567890", progress)
    status, _ = rooms.post(
        json.dumps(
            {
                "key": ana.key,
                "progress": {
                    "version": 1,
                    "lessons": {
                        f"Lesson {i}": {f"exercise {j}": {"attempts": 1} for j in range(100)} for i in range(30)
                    },
                },
            }
        ).encode(),
        f"/api/groups/{owner.group}/progress",
    )
    assert status == 413
    assert owner.class_table() == table


def test_leave_remove_and_delete(rooms, klass, connect):
    owner, (ana, ben, cleo) = klass
    a, b = rated_room(ana, ben, connect)
    a.resign()
    ben_rating = {r["nickname"]: r["rating"] for r in owner.ladder()["rows"]}["Ben"]
    ana.leave()
    with pytest.raises(GroupRefused, match="no longer") as refused:
        ana.me()
    assert refused.value.status == 403
    owner.remove("Cleo")
    with pytest.raises(GroupRefused, match="no longer"):
        cleo.new_room()
    with pytest.raises(GroupRefused, match="No pupil"):
        owner.remove("Zed")
    assert [r["nickname"] for r in owner.ladder()["rows"]] == ["Ben"]
    assert owner.ladder()["rows"][0]["rating"] == ben_rating  # past results still count for the others
    join_group(owner.join_link, "Ana")  # the nickname is free again
    with pytest.raises(GroupRefused, match="its name"):
        owner.delete("wrong name")
    owner.delete("Class 5B")
    assert rooms.get(f"/g/{owner.group}")[0] == 404 and rooms.get(a.link.replace(rooms.url, ""))[0] == 404
    with pytest.raises(GroupRefused, match="does not exist"):
        ben.me()
    assert rooms.sql("SELECT COUNT(*) FROM members WHERE grp = ?", (owner.group,))[0][0] == 0
    assert rooms.sql("SELECT COUNT(*) FROM rooms WHERE id = ?", (a.room,))[0][0] == 0


def test_junk_requests_are_refused(rooms, klass):
    owner, (ana, _, _) = klass
    url = f"/api/groups/{owner.group}"
    assert rooms.post(b"not json", url + "/join")[0] == 400
    assert rooms.post(b"[1]", url + "/join")[0] == 400
    assert rooms.post(b"x" * 5000, url + "/join")[0] == 413
    assert rooms.post({}, url + "/unknown")[0] == 404
    assert rooms.post({"key": ana.key, "rated": "yes"}, url + "/room")[0] == 400
    assert rooms.post({"key": ana.key, "room": "nope-nope-nope"}, url + "/take")[0] == 404
    assert rooms.post({"key": 12345678901}, url + "/me")[0] == 403


def test_keys_never_in_the_log(rooms, klass):
    owner, pupils = klass
    log = rooms.log.read_text()
    for secret in [owner.key, *(p.key for p in pupils)]:
        assert secret not in log


def test_ladder_widget_and_progress_button(rooms, klass):
    owner, (ana, _, _) = klass
    widget = ana.ladder_widget()
    assert "Ana" in widget.html.value and "<svg" in widget.html.value
    button = ana.progress_button()
    button.progress = {"version": 1, "lessons": {"L1": {"e": {"attempts": 1, "solved": True}}}}
    assert button.send() == {"L1": [1, 1]} and "Sent" in button.message.value
    button.progress = {"version": 3}
    assert button.send() is None and "Not sent" in button.message.value


def test_a_turn_played_by_the_cpu_after_a_timeout_stands_as_played(fresh_rooms, connect):
    owner = create_group(fresh_rooms.url, "Timed class")
    owner.settings(width=3, height=3, timer=30)
    ana, ben = join_group(owner.join_link, "Ana"), join_group(owner.join_link, "Ben")
    a, b = rated_room(ana, ben, connect)
    a.play("a1-b1")
    fresh_rooms.advance(31)  # Ben is there but lets his time run out
    b.wait(lambda s: s["ply"] >= 2 or "Time ran out" in s["note"], timeout=20)
    clients = [a, b]
    while True:  # both see the same position, then its mover plays
        n = max(a.state["ply"], b.state["ply"])
        sa, sb = a.wait(lambda s: s["ply"] >= n), b.wait(lambda s: s["ply"] >= n)
        if sa["ply"] != sb["ply"]:
            continue
        if sa["over"]:
            break
        clients[sa["to_move"]].play(sa["targets"][0][0])
    assert fresh_rooms.sql("SELECT reason FROM results") == [("played",)]
    assert fresh_rooms.sql("SELECT COUNT(*) FROM moves WHERE by_cpu = 1")[0][0] >= 1


def test_guessing_codes_and_keys_is_rate_limited(slow_limits):
    statuses = [slow_limits.post({"code": f"AAA-{i:03d}"}, "/api/groups/code")[0] for i in range(25)]
    assert statuses[0] == 404 and statuses[-1] == 429
    status, answer = slow_limits.post({"code": "AAA-AAA"}, "/api/groups/code")
    assert status == 429 and "wait a minute" in answer["message"]


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**6), 10**6) | st.floats(allow_nan=False) | st.text(max_size=30),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner, max_size=4),
    max_leaves=12,
)


@pytest.fixture(scope="module")
def junk_group(rooms):
    owner = create_group(rooms.url, "Junk")
    join_group(owner.join_link, "Ana")
    return owner


@settings(max_examples=40, deadline=None)
@given(
    action=st.sampled_from(
        [
            "join",
            "settings",
            "remove",
            "progress",
            "room",
            "take",
            "find",
            "leave",
            "delete",
            "export",
            "owner",
            "me",
            "code",
        ]
    ),
    field=st.sampled_from(["nickname", "settings", "progress", "room", "rated", "key", "confirm", "code", "cancel"]),
    value=JSON,
)
def test_junk_in_any_field_is_refused_and_changes_nothing(rooms, junk_group, action, field, value):
    owner = junk_group
    before = owner.overview()
    path = "/api/groups/code" if action == "code" else f"/api/groups/{owner.group}/{action}"
    status, answer = rooms.post({field: value}, path)
    assert status in (200, 400, 403, 404, 409, 429), answer
    if status != 200:
        assert answer["type"] == "error" and answer["message"]
        after = owner.overview()
        assert (after["members"], after["settings"], after["table"]) == (
            before["members"],
            before["settings"],
            before["table"],
        )


def test_the_package_names_and_the_saved_progress_default(rooms, klass, tmp_path, monkeypatch):
    import importlib.util

    import gamekit.rooms

    assert gamekit.rooms.join_group is join_group and gamekit.rooms.send_progress is send_progress
    owner, (ana, _, _) = klass
    saved = {
        "version": 1,
        "lessons": {
            "Lesson 9": {
                "e": {
                    "attempts": 1,
                    "solved": True,
                    "first_try": True,
                    "shown": False,
                    "updated": "2026-11-30T10:00:00",
                }
            }
        },
    }
    path = tmp_path / "progress.json"
    path.write_text(json.dumps(saved))
    monkeypatch.setenv("GAMEKIT_PROGRESS_FILE", str(path))
    if importlib.util.find_spec("gamekit.progress") is None:  # the lessons' saved progress not installed
        with pytest.raises(ValueError, match="progress="):
            ana.send_progress()
    else:
        assert ana.send_progress() == {"Lesson 9": [1, 1]}


def test_pairing_prefers_close_ratings_and_widens_with_waiting():
    from gamekit.rooms.groups import pick_opponent

    queue = {
        1: {"rating": 1200, "since": 0.0},
        2: {"rating": 1450, "since": 0.0},
        3: {"rating": 1260, "since": 0.0},
        4: {"rating": 1180, "since": 0.0},
    }
    assert pick_opponent(1, queue, now=0.0) == 4  # 20 points away beats 60
    assert pick_opponent(2, queue, now=0.0) is None  # 190 points: too far at first …
    assert pick_opponent(2, queue, now=5.0) == 3  # … but after 5 s of waiting (100 + 100) it is fine
    assert pick_opponent(1, {1: queue[1]}, now=99.0) is None  # alone


def test_the_saved_progress_is_sent_without_the_practice_even_when_it_is_large(rooms, klass):
    """Practice (issue 22) saves ratings and attempts in the same file: the upload keeps to the lessons the class
    table reads, so a pupil who practised a lot still fits the upload limit."""
    from gamekit import progress

    owner, (ana, _, _) = klass
    progress.record("Lesson 1 — rules", "e1", True)
    for i in range(900):
        progress.record_attempt("dots_and_boxes", f"dots-{i:010d}", i % 2 == 0)
    assert len(json.dumps(progress.load())) > 64 * 1024
    assert ana.send_progress() == {"Lesson 1 — rules": [1, 1]}


# ----- the class dice tally (Shut the Box lesson 3, issue 24 §4) --------------------------------------------
def _tally(**rolls) -> dict:
    return {str(t): rolls.get(f"t{t}", 0) for t in range(2, 13)}


def test_two_pupils_tallies_pool_in_the_group(rooms, klass, tmp_path, monkeypatch):
    """Each pupil rolls on their own computer (their own progress file); Share sends the tally inside the
    progress upload and reads back the class's: the group sums both, and the teacher's overview shows it."""
    from gamekit import progress
    from gamekit.rooms.groups_client import saved_member
    from gamekit.shutbox.dice_tally import DiceTally, tally_widget

    owner, (ana, ben, cleo) = klass
    assert ana.class_tally() == {"counts": _tally(), "pupils": 0, "rolls": 0, "group": owner.group}

    monkeypatch.setenv("GAMEKIT_PROGRESS_FILE", str(tmp_path / "ana.json"))
    ana.remember()
    mine = DiceTally()
    for roll in ((3, 4), (6, 1), (6, 6)):
        mine.add(*roll)
    assert progress.tally()["7"] == 2  # saved after every roll
    assert mine.share() == {"counts": {**{t: 0 for t in range(2, 13)}, 7: 2, 12: 1}, "pupils": 1, "rolls": 3}

    monkeypatch.setenv("GAMEKIT_PROGRESS_FILE", str(tmp_path / "ben.json"))
    assert saved_member() is None  # Ben's computer has joined no group yet …
    box = tally_widget()
    assert box.share_button.layout.display is None and not hasattr(box, "join_row")  # no join row of its own
    box.on_share(None)  # … so Share says where to join: the start page
    assert "Not sent" in box.children[1].value and "start page (Join your class)" in box.children[1].value
    assert ana.class_tally()["pupils"] == 1  # nothing was sent
    ben.remember()  # Ben joins (on the start page) with the lesson open
    for first, second in ((1, 1), (2, 5)):
        box.first.value, box.second.value = str(first), str(second)
        box.on_add(None)
    box.on_share(None)
    assert "4 rolls" not in box.children[1].value and "5 rolls from 2 pupils" in box.children[1].value
    pooled = box.tally.class_result
    assert pooled["counts"][7] == 3 and pooled["counts"][2] == 1 and pooled["counts"][12] == 1
    assert pooled["rolls"] == 5 and pooled["pupils"] == 2
    assert "the class: 5 rolls from 2 pupils" in box.chart.value and "<rect" in box.chart.value
    assert ana.class_tally()["counts"] == {str(t): n for t, n in pooled["counts"].items()}
    assert owner.overview()["tally"]["rolls"] == 5

    # Ben rolls again and shares again: his tally is replaced, not added twice
    box.first.value, box.second.value = "3", "3"
    box.on_add(None)
    box.on_share(None)
    assert ana.class_tally()["rolls"] == 6

    # a pupil who leaves takes their rolls out of the class tally
    ben.leave()
    assert progress.group() is None  # Ben's computer forgets the group he left
    assert ana.class_tally() == {"counts": {**_tally(t7=2, t12=1)}, "pupils": 1, "rolls": 3, "group": owner.group}

    # a third computer joins (as the start page's Join your class box does), then shares from the tally
    monkeypatch.setenv("GAMEKIT_PROGRESS_FILE", str(tmp_path / "dan.json"))
    join_group(owner.join_link, "Dan")  # what the box does: join and remember the class
    assert saved_member() is not None and saved_member().nickname == "Dan"
    box = tally_widget()
    box.on_add(None)  # 1 + 1
    box.on_share(None)
    assert box.tally.class_result["rolls"] == 4 and box.tally.class_result["pupils"] == 2


def test_a_bad_tally_is_refused_and_changes_nothing(rooms, klass):
    owner, (ana, ben, cleo) = klass
    send_progress(ana.link, ana.key, {"version": 1, "lessons": {}, "tally": _tally(t7=4)})
    for bad, words in (
        (_tally(t7=-1), "whole number"),
        ({**_tally(), "13": 1}, "each total"),
        ({k: v for k, v in _tally().items() if k != "2"}, "each total"),
        (_tally(t7=True), "whole number"),
        (_tally(t7=2.0), "whole number"),
        ([0] * 11, "each total"),
        (_tally(t7=100_001), "whole number"),
    ):
        with pytest.raises(GroupRefused, match=words):
            send_progress(ana.link, ana.key, {"version": 1, "lessons": {}, "tally": bad})
    assert ana.class_tally()["counts"]["7"] == 4 and ana.class_tally()["pupils"] == 1
    with pytest.raises(GroupRefused):  # only members see the class's tally
        __import__("gamekit.rooms.groups_client", fromlist=["GroupMember"]).GroupMember(
            ana.link, key="not-a-key", nickname="x"
        ).class_tally()
    # progress without a tally still goes through, and keeps no tally
    send_progress(ana.link, ana.key, {"version": 1, "lessons": {}})
    assert ana.class_tally()["pupils"] == 0


def test_share_without_a_group_or_a_saved_tally_says_why(tmp_path):
    from gamekit.shutbox.dice_tally import DiceTally, tally_widget

    with pytest.raises(ValueError, match="has not joined a class"):
        DiceTally().share()
    with pytest.raises(ValueError, match="not saved"):
        DiceTally(saved=False).share()
    box = tally_widget()
    box.on_share(None)
    assert "Not sent" in box.children[1].value and "has not joined a class" in box.children[1].value
    assert "start page (Join your class)" in box.children[1].value
    assert tally_widget(DiceTally(saved=False)).share_button.layout.display == "none"  # a demonstration shares nothing
