// The review of a finished game on the room page (gamekit/rooms/review.py computes it, off the server's event
// loop). Kept apart from room.js: it reads the room's state through window.gamekitRoom only, builds its own
// section, and paints its own board. Once the game is over it asks the server for every move's verdict, lists
// them (each a button that shows that move), and steps a board through the game with the verdict of each move:
// ←/→ one move, Home/End the start/end, M the next mistake; each step is said in a polite live region.
"use strict";
(function () {
  const COLOURS = {best: "#17693a", inaccuracy: "#8a5300", mistake: "#a93226", unjudged: "#5e5e5e"};
  const SYMBOLS = {best: "✓", inaccuracy: "?!", mistake: "?", unjudged: "·"};
  // a seat's totals, one message per verdict (a count meets a noun)
  const COUNTS = {best: (n) => ntr("{n} best", "{n} best", n), inaccuracy: (n) => ntr("{n} inaccuracy", "{n} inaccuracies", n),
                  mistake: (n) => ntr("{n} mistake", "{n} mistakes", n), unjudged: (n) => ntr("{n} unjudged", "{n} unjudged", n)};
  const roomId = location.pathname.split("/").pop();
  const base = location.pathname.slice(0, location.pathname.lastIndexOf("/r/"));
  let shownKey = null, loadingKey = null, data = null, step = 0, stepToken = 0;

  const el = (tag, attrs = {}, text = "") => {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
    if (text) node.textContent = text;
    return node;
  };
  const section = el("section", {id: "review", "aria-labelledby": "review-title"});
  section.hidden = true;
  const title = el("h2", {id: "review-title"}, tr("Review of the game"));
  const status = el("p", {id: "review-status", "aria-live": "polite"});
  const totals = el("p", {id: "review-totals"});
  const canvas = el("canvas", {id: "review-board", tabindex: "0", role: "application", width: "10", height: "10",
    "aria-label": tr("Review board: ← and → step through the game, Home and End go to the start and the end, M to the next mistake"),
    "aria-describedby": "review-caption"});
  const caption = el("div", {id: "review-caption", "aria-live": "polite"});
  const buttons = el("div", {id: "review-buttons"});
  const button = (id, text, fn) => { const b = el("button", {id, type: "button"}, text); b.addEventListener("click", fn); buttons.append(b); return b; };
  const first = button("review-first", tr("Start"), () => go(0));
  const prev = button("review-prev", tr("Prev"), () => go(step - 1));
  const next = button("review-next", tr("Next"), () => go(step + 1));
  const last = button("review-last", tr("End"), () => go(data ? data.steps - 1 : 0));
  const mistake = button("review-mistake", tr("Next mistake"), () => nextMistake());
  const list = el("ol", {id: "review-moves"});
  section.append(title, status, totals, canvas, caption, buttons, list);
  const main = document.querySelector("main") || document.body;
  const invite = document.querySelector(".invite");
  if (invite) main.insertBefore(section, invite); else main.append(section);
  const ctx = canvas.getContext("2d");

  // read by the browser tests (and handy in the console)
  window.gamekitReview = {get data() { return data; }, get step() { return step; }, go: (k) => go(k)};

  function draw(items) {
    paintItems(ctx, items);       // room.js: the same drawing as the room's board
  }

  function paint(scene, size) {
    const [w, h] = size, scale = window.devicePixelRatio || 1;
    canvas.width = w * scale; canvas.height = h * scale;
    canvas.style.width = w + "px";        // review.css: max-width 100%, the height following (phones)
    ctx.setTransform(scale, 0, 0, scale, 0, 0);
    draw(scene);
  }

  async function getJSON(path) {
    const response = await fetch(base + "/r/" + roomId + path + "?" + langQuery(), {cache: "no-store"});
    const body = await response.json().catch(() => ({message: tr("The server sent no review.")}));
    if (!response.ok) throw new Error(body.message || ("HTTP " + response.status));
    return body;
  }

  function renderList() {
    list.textContent = "";
    data.moves.forEach((m, i) => {
      const item = el("li", {class: "review-" + m.verdict});
      const b = el("button", {type: "button", class: "review-move"});
      const mark = el("span", {class: "review-mark", "aria-hidden": "true"}, SYMBOLS[m.verdict]);
      mark.style.background = COLOURS[m.verdict];
      b.append(mark, document.createTextNode(" " + m.sentence));
      b.addEventListener("click", () => go(i + 1));
      item.append(b);
      list.append(item);
    });
    totals.textContent = data.summary.map((s, seat) => tr("{seat}: {counts}", {seat: data.seats[seat],
      counts: ["best", "inaccuracy", "mistake", "unjudged"].map((v) => COUNTS[v](s[v])).join(", ")})).join("; ") + ".";
  }

  async function go(k) {
    if (!data) return;
    k = Math.max(0, Math.min(data.steps - 1, k));
    const token = ++stepToken;
    let shown;
    try { shown = await getJSON("/review/" + k); }
    catch (error) { status.textContent = error.message; return; }
    if (token !== stepToken) return;                   // a later step was asked for meanwhile
    step = k;
    paint(shown.scene, shown.size);
    canvas.dataset.step = String(k);
    canvas.dataset.verdict = shown.verdict || "";
    caption.textContent = shown.caption;
    caption.style.color = shown.verdict ? COLOURS[shown.verdict] : "";
    first.disabled = prev.disabled = k === 0;
    next.disabled = last.disabled = k === data.steps - 1;
    mistake.disabled = findMistake(k) === null;
    list.querySelectorAll("li").forEach((li, i) => {
      if (i + 1 === k) li.setAttribute("aria-current", "step"); else li.removeAttribute("aria-current");
    });
  }

  function findMistake(from) {
    for (let i = from; i < data.moves.length; i++) {
      if (data.moves[i].verdict === "mistake" || data.moves[i].verdict === "inaccuracy") return i + 1;
    }
    return null;
  }

  function nextMistake() {
    const k = findMistake(step);
    if (k === null) { caption.textContent = tr("No more mistakes or inaccuracies after this move."); return; }
    go(k);
  }

  canvas.addEventListener("keydown", (event) => {
    const keys = {ArrowRight: () => go(step + 1), ArrowDown: () => go(step + 1), ArrowLeft: () => go(step - 1),
                  ArrowUp: () => go(step - 1), Home: () => go(0), End: () => go(data.steps - 1),
                  m: nextMistake, M: nextMistake};
    if (data && keys[event.key]) { event.preventDefault(); keys[event.key](); }
  });

  async function load(key) {
    loadingKey = key;
    section.hidden = false;
    status.textContent = tr("Reviewing the game with the exact solver…");
    try {
      const review = await getJSON("/review");
      if (loadingKey !== key) return;
      data = review;
      shownKey = key;
      status.textContent = tr("Every move's verdict from the exact solver: best ✓, inaccuracy ?!, mistake ?, unjudged · (beyond its reach).");
      renderList();
      go(0);
    } catch (error) {
      if (loadingKey === key) { status.textContent = tr("No review: {reason}", {reason: error.message}); shownKey = key; }
    }
  }

  function watch() {
    const room = window.gamekitRoom, state = room && room.state;
    if (!state) return;
    if (!state.over) {
      if (shownKey !== null || loadingKey !== null) { section.hidden = true; shownKey = loadingKey = null; data = null; }
      return;
    }
    const key = state.room + ":" + state.ply + ":" + state.history.join(",");
    if (key !== shownKey && key !== loadingKey) load(key);
  }
  setInterval(watch, 500);
})();
