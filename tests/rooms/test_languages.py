"""The room server's pages and messages in English or Spanish, against the real server (docs/rooms.md, "Languages"):
a page's language comes from ``?lang=``, else its class group's language, else the browser's ``Accept-Language``,
and anything unknown is English (never an error page); ``<html lang>`` says which; the pages' scripts get their
strings from the gettext catalogue, every one of them translated; a connection's state, notes and refusals come in
its language while the ``code`` fields and the Python client (English) are unchanged."""

from __future__ import annotations

import json
import re
import urllib.error
import urllib.request
from pathlib import Path

import pytest
import websocket
from babel.messages.pofile import read_po

from gamekit.rooms import speech
from gamekit.rooms.client import RoomRefusal
from gamekit.rooms.groups_client import GroupRefused, create_group, join_group

ROOT = Path(__file__).resolve().parents[2]
PO = ROOT / "gamekit" / "locale" / "es" / "LC_MESSAGES" / "gamekit.po"
PAGES = [
    "create.html",
    "room.html",
    "missing.html",
    "group.html",
    "group_join.html",
    "group_new.html",
    "group_owner.html",
    "group_missing.html",
]


def fetch(rooms, path: str, accept: str | None = None) -> tuple[int, dict, str]:
    headers = {"Accept-Language": accept} if accept is not None else {}
    request = urllib.request.Request(rooms.url + path, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, dict(response.headers), response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), error.read().decode()


def html_lang(page: str) -> str:
    return re.search(r'<html lang="([^"]*)"', page).group(1)


def strings(page: str) -> dict:
    return json.loads(
        re.search(r'<script type="application/json" id="gamekit-strings">(.*?)</script>', page, re.S).group(1)
    )


def post(rooms, path: str, body: dict) -> tuple[int, dict]:
    request = urllib.request.Request(
        rooms.url + path, data=json.dumps(body).encode(), method="POST", headers={"Content-Type": "application/json"}
    )
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


# ----- choosing the language ---------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "query, accept, expected",
    [
        ("", None, "en"),  # nothing said: English
        ("", "es-ES,es;q=0.9,en;q=0.8", "es"),  # the browser's language
        ("", "fr-FR, fr;q=0.9, es;q=0.5", "es"),  # the first one gamekit speaks
        ("", "es;q=0, en", "en"),  # q=0: not wanted
        ("", "de, fr", "en"),  # none gamekit speaks
        ("", "es;q=banana, ;;, en-GB;q=0.3", "en"),  # malformed parts are skipped
        ("?lang=es", None, "es"),  # the address decides …
        ("?lang=en", "es-ES,es", "en"),  # … over the browser
        ("?lang=es-ES", "en", "es"),
        ("?lang=fr", None, "en"),  # unknown: no choice, never an error
        ("?lang=fr", "es", "es"),
        ("?lang=", "es", "es"),
        ("?lang=%FF%FE", None, "en"),  # not UTF-8
        ("?lang=" + "e" * 300, None, "en"),
    ],
)
def test_the_create_page_speaks_the_asked_or_the_browsers_language(rooms, query, accept, expected):
    status, headers, page = fetch(rooms, "/" + query, accept)
    assert status == 200
    assert html_lang(page) == expected and headers["Content-Language"] == expected
    assert "Accept-Language" in headers["Vary"]
    title = {"en": "Play a friend online", "es": "Juega en línea con un amigo"}[expected]
    assert f"<h1>{title}</h1>" in page
    assert strings(page)["lang"] == expected


def test_every_page_renders_in_both_languages_with_its_html_lang(rooms):
    room = rooms.create("dots")
    owner = create_group(rooms.url, "Lang 1")
    for path in [
        "/",
        f"/r/{room['room']}",
        "/r/nosuchroom123",
        "/groups",
        "/join",
        f"/g/{owner.group}",
        f"/g/{owner.group}/owner",
        "/g/nosuchgroup123",
    ]:
        for lang in ("en", "es"):
            status, headers, page = fetch(rooms, f"{path}?lang={lang}")
            assert status in (200, 404), path
            assert html_lang(page) == lang and headers["Content-Language"] == lang, path
            assert "{{" not in page, path  # every mark rendered
    _, _, missing = fetch(rooms, "/r/nosuchroom123?lang=es")
    assert "Esta sala no existe" in missing
    _, _, missing = fetch(rooms, "/g/nosuchgroup123", "es")
    assert "Este grupo no existe" in missing


def test_a_groups_pages_speak_its_language_before_the_browsers(rooms):
    status, created = post(rooms, "/api/groups?lang=es", {"name": "2.º B"})  # made from the Spanish page
    assert status == 201
    gid = created["group"]
    assert created["name"] == "2.º B"
    owner = create_group(rooms.url, "x")  # the notebook: English
    assert owner.settings()["language"] == "en"
    status, info = post(rooms, f"/api/groups/{gid}/owner", {"key": created["owner_key"]})
    assert info["settings"]["language"] == "es"
    assert info["describe"].startswith("Puntos y cajas, 5 × 4 casillas, se alterna quién empieza")
    for path in (f"/g/{gid}", f"/g/{gid}/owner"):
        assert html_lang(fetch(rooms, path)[2]) == "es"
        assert html_lang(fetch(rooms, path, "en-GB,en")[2]) == "es"  # the group's language first
        assert html_lang(fetch(rooms, path + "?lang=en", "es")[2]) == "en"  # the address over both
    _, _, page = fetch(rooms, f"/g/{gid}")
    assert "<h2>Clasificación</h2>" in page and "Búscame un rival" in page
    # a room of the group speaks the group's language too
    pupil = join_group(f"{rooms.url}/g/{gid}", "Ana", remember=False)
    room = pupil.new_room(rated=False)
    assert html_lang(fetch(rooms, f"/r/{room.room}", "en")[2]) == "es"
    assert html_lang(fetch(rooms, f"/r/{room.room}?lang=en")[2]) == "en"
    # the teacher switches the group to English: its pages follow; a bad language is refused, nothing changes
    status, answer = post(
        rooms, f"/api/groups/{gid}/settings", {"key": created["owner_key"], "settings": {"language": "en"}}
    )
    assert status == 200 and answer["settings"]["language"] == "en"
    assert answer["describe"].startswith("Puntos y cajas")  # this answer: the language the group had when asked
    _, info = post(rooms, f"/api/groups/{gid}/info", {})
    assert info["describe"].startswith("Dots and Boxes, 5 × 4 boxes")
    assert html_lang(fetch(rooms, f"/g/{gid}", "es")[2]) == "en"
    assert html_lang(fetch(rooms, f"/r/{room.room}", "es")[2]) == "en"
    for bad in ("fr", "ES", "es-ES", 1, None, ["es"]):
        status, refusal = post(
            rooms, f"/api/groups/{gid}/settings?lang=es", {"key": created["owner_key"], "settings": {"language": bad}}
        )
        assert (
            status == 400
            and refusal["message"].startswith("language=")
            and "las páginas del grupo hablan" in refusal["message"]
        )
    _, info = post(rooms, f"/api/groups/{gid}/owner", {"key": created["owner_key"]})
    assert info["settings"]["language"] == "en"
    room.close()


def test_a_group_made_before_the_language_setting_speaks_the_browsers_language(rooms):
    owner = create_group(rooms.url, "Old class")
    rooms.sql(
        "UPDATE groups SET settings = ? WHERE id = ?",
        (
            json.dumps(
                {"game": "dots", "width": 5, "height": 4, "timer": 0, "alternate": True, "popout": False, "rated": True}
            ),
            owner.group,
        ),
    )
    assert html_lang(fetch(rooms, f"/g/{owner.group}", "es")[2]) == "es"  # no group language: the browser's
    assert html_lang(fetch(rooms, f"/g/{owner.group}")[2]) == "en"
    assert owner.settings(timer=30)["language"] == "en"  # saved with the default


# ----- the scripts' strings ---------------------------------------------------------------------------------------
def catalogue() -> dict:
    with open(PO, "rb") as f:
        return {m.id: m for m in read_po(f, locale="es") if m.id}


@pytest.mark.parametrize("page", PAGES)
def test_every_string_a_page_shows_has_a_spanish_translation(page):
    known = catalogue()
    for msgid in speech.page_marks(page):
        entry = known.get(msgid) or next((m for k, m in known.items() if isinstance(k, tuple) and k[0] == msgid), None)
        assert entry is not None, f"{page}: {msgid!r} is not in the catalogue: run `make messages`"
        forms = entry.string if isinstance(entry.string, tuple) else (entry.string,)
        assert all(forms) and not entry.fuzzy, f"{page}: {msgid!r} has no Spanish translation"


@pytest.mark.parametrize(
    "page", ["create.html", "room.html", "group.html", "group_join.html", "group_new.html", "group_owner.html"]
)
def test_the_spanish_table_a_page_gets_holds_no_english(rooms, page):
    paths = {
        "create.html": "/",
        "room.html": f"/r/{rooms.create('dots')['room']}",
        "group.html": None,
        "group_join.html": "/join",
        "group_new.html": "/groups",
        "group_owner.html": None,
    }
    path = paths[page]
    if path is None:
        owner = create_group(rooms.url, "Table")
        path = f"/g/{owner.group}" + ("/owner" if page == "group_owner.html" else "")
    english = strings(fetch(rooms, path + "?lang=en")[2])
    table = strings(fetch(rooms, path + "?lang=es")[2])
    assert table["lang"] == "es" and table["decimal"] == "," and table["asked"] == "es"
    assert "n == 1" in table["plural"]
    assert set(table["messages"]) == set(english["messages"]) and table["messages"]
    # the same as English only where Spanish says it the same way (a number, a symbol, a name)
    same = {k for k, v in table["messages"].items() if v == k}
    assert same <= {"Total", "{seat}: {counts}", "{percent} %", "PopOut"}, same
    for singular, forms in table["plurals"].items():
        assert len(forms) == 3 and forms != english["plurals"][singular][:1] * 3, singular
    scripts = speech.page_scripts(page)
    marked = {
        msgid
        for script in scripts
        for _, msgid, plural in speech.marks((speech.STATIC / script).read_text())
        if plural is None
    }
    assert marked == set(table["messages"])


def english_literals(script: str) -> list[str]:
    """Double-quoted literals of a page script that read as English words (two words or more, or a capitalised
    word), outside tr()/ntr() marks: a text that bypasses the catalogue."""
    text = (speech.STATIC / script).read_text()
    text = re.sub(r"//[^\n]*", "", text)  # comments
    marked = {m.span(1) for m in re.finditer(r'\b(?:tr|ntr)\(\s*("(?:[^"\\\n]|\\.)*")', text)}
    marked |= {m.span(1) for m in re.finditer(r'\bntr\(\s*"(?:[^"\\\n]|\\.)*"\s*,\s*("(?:[^"\\\n]|\\.)*")', text)}
    found = []
    for m in re.finditer(r'"((?:[^"\\\n]|\\.)*)"', text):
        words = re.findall(r"[A-Za-z]{2,}", m.group(1))
        if m.span() in marked or not words:
            continue
        literal = m.group(1)
        if len(words) >= 2 and " " in literal or (literal.isalpha() and literal[0].isupper() and not literal.isupper()):
            found.append(m.group(1))
    return found


@pytest.mark.parametrize("script", ["text.js", "room.js", "create.js", "groups.js", "review.js"])
def test_the_pages_scripts_hold_no_english_of_their_own(script):
    allowed = {
        "Content-Type",
        "Enter",
        "ArrowRight",
        "ArrowLeft",
        "ArrowDown",
        "ArrowUp",
        "Home",
        "End",
        "DOMContentLoaded",
        "use strict",
    }
    left = [s for s in english_literals(script) if s not in allowed and not re.fullmatch(r"bold \d+px sans-serif", s)]
    assert not left, f"{script}: texts outside tr(): {left}"


# ----- a connection's language ----------------------------------------------------------------------------------------
def open_socket(rooms, room_id: str, lang: str | None, token: str | None = None):
    url = rooms.url.replace("http", "ws") + f"/ws/{room_id}" + (f"?lang={lang}" if lang else "")
    ws = websocket.create_connection(url, timeout=10, origin=rooms.url)
    ws.send(json.dumps({"type": "hello", "token": token, "deltas": True}))
    return ws


def read_until(ws, predicate, limit: int = 50) -> dict:
    for _ in range(limit):
        message = json.loads(ws.recv())
        if predicate(message):
            return message
    raise AssertionError("no such message")


def note(message: dict) -> str | None:
    """The note a state or a delta carries (a delta: in what it sets)."""
    return message.get("note", message.get("set", {}).get("note"))


def test_a_spanish_connection_reads_the_room_in_spanish_and_the_python_client_in_english(rooms, connect):
    info = rooms.create("dots", width=3, height=3)
    creator = connect(info["link"], token=info["token"])  # the Python client: English
    es = open_socket(rooms, info["room"], "es")  # takes seat 2, in Spanish
    welcome = read_until(es, lambda m: m["type"] == "welcome")
    assert welcome["seat"] == 1 and welcome["token"]
    state = read_until(es, lambda m: m["type"] == "state")
    assert state["title"] == "Puntos y cajas" and state["board"] == "4 × 4 puntos (3 × 3 casillas)"
    assert [s["name"] for s in state["seats"]] == ["Dorado", "Coral"]
    assert state["status"] == "Le toca a Dorado." and state["note"] == "Ha entrado Coral."
    assert "Puntos y cajas" in state["description"] or state["description"]  # the board in words
    english = creator.wait(lambda s: s["seats"][1]["connected"])
    assert english["title"] == "Dots and Boxes" and english["note"] == "Coral joined."
    assert english["seats"][0]["name"] == "Gold" and creator.status.startswith("Your move")
    # a refusal: Spanish text, the same code
    es.send(json.dumps({"type": "move", "move": "a1-b1", "id": 7}))
    refusal = read_until(es, lambda m: m["type"] == "error")
    assert refusal["code"] == "not_your_turn" and refusal["id"] == 7
    assert refusal["message"] == "No es tu turno: le toca a Dorado."
    es.send(json.dumps({"type": "click", "x": "a", "y": 1}))
    refusal = read_until(es, lambda m: m["type"] == "error")
    assert refusal["code"] == "bad_field" and refusal["message"].startswith('"x" e "y" deben ser números')
    # a move and its delta: the Spanish reader's delta holds Spanish (the description, the status)
    creator.play("a1-b1")
    delta = read_until(es, lambda m: m["type"] in ("delta", "state") and m.get("status") == "Te toca (Coral).")
    assert delta["type"] == "delta"
    with pytest.raises(RoomRefusal, match="Not your turn: Coral is to move.") as refused:
        creator.play("b1-c1")
    assert refused.value.code == "not_your_turn"
    # the engine's refusal in the reader's language (a drawn line)
    es.send(json.dumps({"type": "move", "move": "a1-b1", "ply": 1}))
    refusal = read_until(es, lambda m: m["type"] == "error")
    assert (
        refusal["code"] == "illegal"
        and "a1-b1" in refusal["message"]
        and refusal["message"] != ""
        and not refusal["message"].startswith("Line")
    )
    # the undo and new-game messages (built as English text by the server) come translated
    es.send(json.dumps({"type": "request", "kind": "undo", "id": 8}))
    refusal = read_until(es, lambda m: m["type"] == "error")
    assert refusal["code"] == "nothing" and refusal["message"] == "Solo puedes pedir deshacer tu propia última jugada."
    creator.request_undo()
    asked = read_until(es, lambda m: note(m) == "Dorado pide deshacer su última jugada.")
    assert asked["set"]["request"] == {"kind": "undo", "seat": 0}
    es.send(json.dumps({"type": "answer", "accept": False, "kind": "undo"}))
    read_until(es, lambda m: note(m) == "Coral rechazó deshacer.")
    creator.wait(lambda s: s["note"] == "Coral declined the undo.")
    creator.request_new_game()
    es.send(json.dumps({"type": "answer", "accept": True, "kind": "restart"}))
    read_until(es, lambda m: note(m) == "Nueva partida." and m["type"] == "state")
    creator.wait(lambda s: s["note"] == "New game." and s["ply"] == 0)
    es.close()


def test_an_unknown_or_missing_language_is_english_on_the_socket(rooms):
    info = rooms.create("connect", board="five", popout=False)
    for lang in ("fr", None, "x" * 100):
        ws = open_socket(rooms, info["room"], lang)
        state = read_until(ws, lambda m: m["type"] == "state")
        assert state["title"] == "5 en raya / Connect Four" and state["board"] == "5 en raya (9 × 6, five in a line)"
        ws.close()
    ws = websocket.create_connection(rooms.url.replace("http", "ws") + "/ws/nosuchroom123?lang=es", timeout=10)
    refusal = json.loads(ws.recv())
    assert refusal["code"] == "no_room" and refusal["message"] == "Esta sala no existe o ha caducado."
    ws.close()


def test_the_group_api_answers_in_the_asked_language_and_keeps_its_statuses(rooms):
    owner = create_group(rooms.url, "API")
    status, refusal = post(rooms, f"/api/groups/{owner.group}/join?lang=es", {"nickname": "!x"})
    assert status == 400 and refusal["message"].startswith("Apodo '!x'")
    status, refusal = post(rooms, f"/api/groups/{owner.group}/join", {"nickname": "!x"})
    assert status == 400 and refusal["message"].startswith("Nickname '!x'")
    with pytest.raises(GroupRefused, match="use 2 to 20 characters"):
        join_group(owner.join_link, "A", remember=False)
    status, refusal = post(rooms, "/api/groups/code?lang=es", {"code": "ZZZZ-ZZZZ"})
    assert status == 404 and "compruébalo con tu profesor" in refusal["message"]
    status, games = fetch(rooms, "/api/games?lang=es")[0], json.loads(fetch(rooms, "/api/games?lang=es")[2])
    assert status == 200 and [g["title"] for g in games["games"]][:1] == ["Puntos y cajas"]
    status, body = post(rooms, "/api/rooms?lang=es", {"game": "dots", "bogus": 1})
    assert status == 400 and body["message"].startswith("campo(s) desconocido(s)")


def test_the_review_answers_in_the_asked_language(rooms):
    info = rooms.create("dots", width=2, height=2)
    status, _, body = fetch(rooms, f"/r/{info['room']}/review?lang=es")
    assert status == 409 and json.loads(body)["message"].startswith("La partida no ha terminado (0 jugadas hechas)")
    status, _, body = fetch(rooms, f"/r/{info['room']}/review")
    assert status == 409 and json.loads(body)["message"].startswith("The game is not finished (0 moves played)")


def test_a_spanish_notebooks_client_reads_the_room_in_spanish(rooms, connect):
    import gamekit

    info = rooms.create("dots", width=2, height=2)
    gamekit.set_language("es")
    try:
        guest = connect(info["link"])  # a Spanish lesson's RoomClient
    finally:
        gamekit.set_language("en")
    creator = connect(info["link"], token=info["token"])  # an English notebook
    assert guest.language == "es" and guest.state["title"] == "Puntos y cajas"
    guest.wait(lambda s: s["status"] == "Le toca a Dorado.")
    with pytest.raises(RoomRefusal, match="No es tu turno: le toca a Dorado.") as refused:
        guest.play("a1-b1")
    assert refused.value.code == "not_your_turn"
    assert creator.state["title"] == "Dots and Boxes" and creator.status.startswith("Your move")


def test_a_spanish_lessons_online_board_speaks_spanish(rooms):
    import gamekit
    from gamekit.rooms.client import create_room, join
    from gamekit.rooms.widget import RoomWidget

    gamekit.set_language("es")
    try:
        board = RoomWidget(create_room(rooms.url, "dots"))
        friend = RoomWidget(join(board.client.link))
    finally:
        gamekit.set_language("en")
    try:
        board.client.wait(lambda s: s["seats"][1]["connected"])
        assert [b.description for b in (board.new_button, board.undo_button, board.resign_button)] == [
            "Nueva partida",
            "Deshacer",
            "Rendirse",
        ]
        assert board.link.description == "Enlace de invitación"
        assert "Dorado (tú)" in board.cards[0].value and "conectado" in board.cards[1].value
        move, x, y = board.client.state["targets"][0]
        board.click(x, y)
        friend.client.wait(lambda s: s["ply"] == 1)
        board.client.request_undo()
        friend.client.wait(lambda s: s["request"] is not None)
        friend.show(friend.client.state)
        assert "Dorado pide deshacer su última jugada." in friend.request_text.value
        assert "Te toca (Coral)." in friend.status.value
    finally:
        board.client.close()
        friend.client.close()


def test_a_finished_games_review_in_spanish(pair, rooms):
    import random

    from gamekit.dots.rules import DotsAndBoxes

    info, creator, guest = pair("dots", width=2, height=2)
    rng, game = random.Random(3), DotsAndBoxes(2, 2, first=0, alternate_start=False)
    while not game.is_over():
        game.play(rng.choice(game.legal_moves()))
    clients = {0: creator, 1: guest}
    for ply, move in enumerate(game.history):
        state = creator.wait(lambda s, ply=ply: s["ply"] == ply)
        clients[state["to_move"]].play(move)
    creator.wait(lambda s: s["over"])
    status, _, body = fetch(rooms, f"/r/{info['room']}/review?lang=es")
    data = json.loads(body)
    assert status == 200 and data["seats"] == ["Dorado", "Coral"]
    assert all(m["sentence"].startswith(("Dorado ", "Coral ")) for m in data["moves"])
    assert any(
        word in m["sentence"] for m in data["moves"] for word in ("la mejor", "error", "imprecisión", "sin juzgar")
    )
    k = len(game.history)
    status, _, body = fetch(rooms, f"/r/{info['room']}/review/{k}?lang=es")
    assert status == 200 and json.loads(body)["caption"].startswith(f"Jugada {k} de {k}: ")
    assert (
        json.loads(fetch(rooms, f"/r/{info['room']}/review/0?lang=es")[2])["caption"] == "El principio de la partida."
    )
    english = json.loads(fetch(rooms, f"/r/{info['room']}/review")[2])
    assert english["seats"] == ["Gold", "Coral"] and [m["verdict"] for m in english["moves"]] == [
        m["verdict"] for m in data["moves"]
    ]
