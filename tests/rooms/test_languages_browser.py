"""The room and group pages in Spanish, in real Chromium with the pages' Content-Security-Policy on (the JSON
block of strings is data, not a script): a browser that asks for Spanish (Accept-Language) gets a Spanish room
page, ``?lang=es`` gives Spanish in an English browser and is kept in the links the pages make, a Spanish
group's pages and rooms are Spanish whatever the browser says; every text the pupil reads there is Spanish
(no English left), the live regions speak Spanish, and axe-core finds no critical or serious violation."""

from __future__ import annotations

import json
import re
import time
import urllib.request

import pytest

from tests.rooms.conftest import page_store

pytestmark = pytest.mark.browser
store_kind = page_store("sqlite")  # one store for the page tests: tests/rooms/conftest.py


@pytest.fixture
def speaker(chromium):
    """``speaker(locale)`` → a page in a context of its own whose browser asks for ``locale`` (Accept-Language,
    navigator.language), the pages' CSP kept."""
    contexts = []

    def make(locale: str = "en-US"):
        context = chromium.new_context(viewport={"width": 700, "height": 900}, locale=locale)
        contexts.append(context)
        page = context.new_page()
        page.errors = []
        page.on("pageerror", lambda error: page.errors.append(str(error)))
        page.on("dialog", lambda dialog: dialog.accept())
        return page

    yield make
    for context in contexts:
        context.close()


def until(page, script: str, timeout: float = 15.0):
    """Poll ``script`` (an expression) on ``page`` until it is truthy (wait_for_function needs eval, which the
    CSP forbids); its value."""
    deadline = time.time() + timeout
    while time.time() < deadline:
        value = page.evaluate(script)
        if value:
            return value
        page.wait_for_timeout(100)
    raise AssertionError(f"never true: {script}")


def serious_violations(page) -> list[str]:
    from axe_playwright_python.sync_playwright import Axe

    results = Axe().run(page)
    return [
        f"{v['id']} ({v['impact']}): {v['help']} — {[n['target'] for n in v['nodes']][:3]}"
        for v in results.response["violations"]
        if v["impact"] in ("critical", "serious")
    ]


ENGLISH = re.compile(
    r"\b(the|your|you|to|move|waiting|friend|link|board|game|room|group|rated|ladder|join|"
    r"nickname|settings|players?|click|keyboard|seat|free|connected)\b",
    re.I,
)


def english_words(text: str) -> list[str]:
    """English words left in a Spanish page's text (``gamekit``, ``Elo``, ``PopOut``, ``CSV`` and moves are no
    English sentences; «5 en raya» is Spanish; addresses are left out)."""
    return ENGLISH.findall(re.sub(r"https?://\S+", "", text))


def visible_text(page) -> str:
    return page.evaluate("""(() => {
        const parts = [document.title, document.body.innerText];
        for (const el of document.querySelectorAll('[aria-label], [alt], [placeholder]'))
            parts.push(el.getAttribute('aria-label') || '', el.getAttribute('alt') || '',
                       el.getAttribute('placeholder') || '');
        return parts.join('\\n');
    })()""")


def test_a_room_page_in_spanish_from_the_browser_and_from_the_address(rooms, speaker):
    creator = speaker("es-ES")  # a Spanish browser: Accept-Language es-ES
    creator.goto(rooms.url + "/")
    assert creator.get_attribute("html", "lang") == "es"
    assert creator.inner_text("h1") == "Juega en línea con un amigo"
    until(creator, "!document.getElementById('game').disabled")
    assert creator.locator("#game option").all_inner_texts()[0] == "Puntos y cajas"
    creator.select_option("#timer", "30")
    creator.click("#create-button")
    creator.wait_for_url(re.compile(r"/r/[A-Za-z0-9_-]+$"))
    until(creator, "document.body.dataset.connected === 'yes'")
    assert creator.get_attribute("html", "lang") == "es"
    assert creator.inner_text("#title") == "Puntos y cajas"
    assert creator.inner_text("#status") == "Esperando a un amigo: envíale el enlace de invitación."
    assert creator.inner_text("#board-name") == "5 × 5 puntos (4 × 4 casillas) · 30 s por turno"
    assert creator.inner_text("#new") == "Nueva partida" and creator.inner_text("#resign") == "Rendirse"
    assert creator.inner_text("label[for=link]") == "Enlace de invitación:"
    assert creator.inner_text("#keys").startswith("Haz clic o toca para jugar.")
    assert creator.get_attribute("#board", "aria-label") == "Tablero de Puntos y cajas: 5 × 5 puntos (4 × 4 casillas)"
    assert "Dorado (tú)" in creator.inner_text("#card-0") and "asiento libre" in creator.inner_text("#card-1")
    assert creator.locator("#review-first").inner_text() == "Principio"  # the review section (hidden until the end)
    link = creator.input_value("#link")

    # an English browser opens the invite link asking for Spanish: Spanish, and the page's own links keep it
    guest = speaker("en-US")
    guest.goto(link + "?lang=es")
    until(guest, "document.body.dataset.connected === 'yes'")
    assert guest.get_attribute("html", "lang") == "es"
    assert "Coral (tú)" in guest.inner_text("#card-1")
    until(creator, "document.getElementById('note').textContent === 'Ha entrado Coral.'")
    until(guest, "window.gamekitRoom.state.status === 'Le toca a Dorado.'")
    assert re.fullmatch(r"Dorado: quedan \d+ segundos", guest.inner_text("#clock"))
    # the creator plays a move with the keyboard: the cursor and the move are announced in Spanish
    creator.focus("#board")
    creator.keyboard.press("ArrowRight")
    cursor = creator.inner_text("#announce")
    assert re.fullmatch(r"Cursor en la línea [a-e]\d-[a-e]\d\.", cursor), cursor
    creator.keyboard.press("Enter")
    until(guest, "window.gamekitRoom.state.ply === 1")
    move = guest.evaluate("window.gamekitRoom.state.history[0]")
    until(guest, f"document.getElementById('announce').textContent.startsWith('Dorado trazó {move}.')")
    assert guest.inner_text("#status") == "Te toca (Coral)."
    # a refusal from the server, in Spanish: the creator tries to play out of turn
    creator.keyboard.press("ArrowRight")
    creator.keyboard.press("Enter")
    until(creator, "document.getElementById('error').textContent === 'No es tu turno: le toca a Coral.'")
    # the undo request (a note the server builds as English text) reaches the guest in Spanish
    creator.click("#undo")
    until(
        guest, "document.getElementById('request-text').textContent.trim() === 'Dorado pide deshacer su última jugada.'"
    )
    assert guest.inner_text("#accept") == "Aceptar"
    for page in (creator, guest):
        text = visible_text(page)
        assert not english_words(text), (english_words(text), text)
        assert serious_violations(page) == []
        assert page.errors == []


def test_the_asked_language_is_kept_from_the_create_page_to_the_room(rooms, speaker):
    page = speaker("en-US")
    page.goto(rooms.url + "/?lang=es")
    assert page.get_attribute("html", "lang") == "es"
    assert page.get_attribute("a[href^='groups']", "href") == "groups?lang=es"
    assert page.get_attribute("a[href^='join']", "href") == "join?lang=es"
    until(page, "!document.getElementById('game').disabled")
    page.click("#create-button")
    page.wait_for_url(re.compile(r"/r/[A-Za-z0-9_-]+\?lang=es$"))
    until(page, "document.body.dataset.connected === 'yes'")
    assert page.inner_text("#status") == "Esperando a un amigo: envíale el enlace de invitación."
    english = speaker("es-ES")  # ?lang=en over a Spanish browser
    english.goto(rooms.url + "/?lang=en")
    assert english.get_attribute("html", "lang") == "en" and english.inner_text("h1") == "Play a friend online"
    unknown = speaker("de-DE")  # nothing gamekit speaks: English, no error
    unknown.goto(rooms.url + "/?lang=de")
    assert unknown.get_attribute("html", "lang") == "en"
    assert page.errors == english.errors == unknown.errors == []


def api(rooms, path: str, body: dict) -> dict:
    request = urllib.request.Request(
        rooms.url + path, data=json.dumps(body).encode(), method="POST", headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.loads(response.read())


def test_a_spanish_groups_pages_and_rooms_in_an_english_browser(rooms, speaker):
    created = api(rooms, "/api/groups?lang=es", {"name": "2.º B"})  # made on the Spanish page
    # a pupil's browser is English: the group's pages speak the group's language
    ana = speaker("en-GB")
    ana.goto(f"{rooms.url}/g/{created['group']}")
    assert ana.get_attribute("html", "lang") == "es"
    ana.wait_for_selector("#join-form", state="visible")
    assert ana.inner_text("#join-button") == "Unirme"
    ana.fill("#nickname", "A")  # refused, in Spanish
    ana.click("#join-button")
    until(ana, "document.getElementById('error').textContent.startsWith(\"Apodo 'A': usa de 2 a 20 caracteres\")")
    ana.fill("#nickname", "Ana")
    ana.click("#join-button")
    ana.wait_for_selector("#member", state="visible")
    until(ana, "document.getElementById('rated-games').textContent === '0 partidas clasificatorias hasta ahora.'")
    assert ana.inner_text("#settings").startswith("Ajustes: Puntos y cajas, 5 × 4 casillas, se alterna quién empieza")
    assert ana.inner_text("#expiry") == "Este grupo y todo lo que contiene se borran tras 120 días sin actividad."
    assert ana.inner_text("#find") == "Búscame un rival" and ana.inner_text("#no-rooms") == "Todavía no hay salas."
    text = visible_text(ana)
    assert not english_words(text), (english_words(text), text)
    assert serious_violations(ana) == []
    # her new room: the room page speaks the group's language too, with its way back to the group
    ana.click("#new-room")
    ana.wait_for_url(re.compile(r"/r/[A-Za-z0-9_-]+$"))
    until(ana, "document.body.dataset.connected === 'yes'")
    assert ana.get_attribute("html", "lang") == "es"
    assert (
        ana.inner_text("#status") == "Esperando a que un compañero ocupe el segundo asiento desde la página del grupo."
    )
    assert ana.inner_text("#board-name").endswith("· partida clasificatoria") or ana.inner_text("#board-name").endswith(
        "· partida amistosa"
    )
    assert ana.inner_text("#group-link") == "Volver al grupo"
    text = visible_text(ana)
    assert not english_words(text), (english_words(text), text)
    assert serious_violations(ana) == []
    # the rooms list of the group page, in Spanish
    ana.click("#group-link")
    ana.wait_for_selector("#rooms tbody tr")
    assert ana.locator("#rooms tbody tr td").all_inner_texts()[1:3] == [
        "clasificatoria",
        "Esperando a un segundo jugador",
    ]

    # the teacher's page (an English browser too) is Spanish; switching the group to English changes its pages
    teacher = speaker("en-US")
    teacher.goto(created["owner_link"])
    teacher.wait_for_selector("#owner", state="visible")
    assert teacher.get_attribute("html", "lang") == "es"
    assert teacher.inner_text("#group-name") == "2.º B — página del profesor"
    assert teacher.input_value("#s-language") == "es"
    until(teacher, "document.getElementById('tally-text').textContent.startsWith('Ningún alumno ha compartido')")
    text = visible_text(teacher)
    assert not english_words(text.replace("English", "")), (english_words(text), text)
    assert serious_violations(teacher) == []
    teacher.select_option("#s-language", "en")
    teacher.click("#save-settings")
    until(teacher, "document.getElementById('settings-note').textContent === 'Guardados: las salas nuevas los usan.'")
    ana.reload()
    assert ana.get_attribute("html", "lang") == "en"
    ana.wait_for_selector("#member", state="visible")
    assert ana.inner_text("#find") == "Find me an opponent"
    assert ana.errors == teacher.errors == []


def test_the_join_page_keeps_the_asked_language_to_the_group(rooms, speaker):
    created = api(rooms, "/api/groups", {"name": "Class 1"})  # an English group
    pupil = speaker("en-US")
    pupil.goto(rooms.url + "/join?lang=es")
    assert pupil.get_attribute("html", "lang") == "es" and pupil.inner_text("h1") == "Unirse al grupo de la clase"
    pupil.fill("#code-input", "ZZZZ-ZZZZ")
    pupil.click("#code-button")
    until(pupil, "document.getElementById('error').textContent.includes('compruébalo con tu profesor')")
    pupil.fill("#code-input", created["code"])
    pupil.click("#code-button")
    pupil.wait_for_url(re.compile(r"/g/[A-Za-z0-9_-]+\?lang=es$"))
    assert pupil.get_attribute("html", "lang") == "es"  # the address over the group's English
    assert serious_violations(pupil) == []
    assert pupil.errors == []
