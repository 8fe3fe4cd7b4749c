// The room page. It paints the scene the server computed (the same Scene the notebook widgets paint),
// sends clicks and keyboard moves, and reconnects by itself after a network drop.
"use strict";
const $ = (id) => document.getElementById(id);
const roomId = location.pathname.split("/").pop();
const base = location.pathname.slice(0, location.pathname.lastIndexOf("/r/"));   // "" or a prefix such as /services/rooms
const tokenKey = "gamekit-seat:" + roomId;
const canvas = $("board");
const ctx = canvas.getContext("2d");
let ws = null, state = null, seat = null, stopped = false, retry = 0, cursor = null, nextId = 1;
let resyncing = false, resyncs = 0, deltas = 0;
// read by the browser tests (and handy in the console); the seat token is not exposed here
window.gamekitRoom = {get state() { return state; }, get seat() { return seat; },
                      get connected() { return !!ws && ws.readyState === 1; }, drop() { if (ws) ws.close(); },
                      get resyncs() { return resyncs; }, get deltas() { return deltas; }};

$("link").value = location.origin + base + "/r/" + roomId;

function connect() {
  if (stopped) return;
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  ws = new WebSocket(scheme + "//" + location.host + base + "/ws/" + roomId + "?" + langQuery());   // messages in the page's language
  ws.onopen = () => {
    retry = 0;
    resyncing = false;
    ws.send(JSON.stringify({type: "hello", token: localStorage.getItem(tokenKey), deltas: true}));
  };
  ws.onmessage = (event) => handle(JSON.parse(event.data));
  ws.onclose = () => {
    ws = null;
    if (stopped) return;
    $("status").textContent = tr("Connection lost: reconnecting…");
    document.body.dataset.connected = "no";
    const delay = Math.min(3000, 250 * 2 ** retry++) * (0.8 + 0.4 * Math.random());   // backoff with jitter
    setTimeout(connect, delay);
  };
}

function send(message) {
  if (!ws || ws.readyState !== 1) { $("error").textContent = tr("Not connected: wait a moment."); return; }
  message.id = nextId++;
  ws.send(JSON.stringify(message));
}

function handle(message) {
  switch (message.type) {
    case "welcome":
      seat = message.seat;
      if (message.token) localStorage.setItem(tokenKey, message.token);
      banner(message.room_full ? (message.note || tr("Room full: you are watching.")) : (message.note || ""));
      document.body.dataset.seat = seat === null ? "watcher" : String(seat);
      break;
    case "state":
      resyncing = false;
      show(message);
      break;
    case "delta": {                  // only what changed (gamekit/rooms/delta.py); a gap: ask for the whole state
      const next = applyDelta(state, message);
      if (message.ok) $("error").textContent = "";     // the answer to this page's own message rode in it
      if (next) { deltas++; show(next); }
      else if (!resyncing && ws && ws.readyState === 1) { resyncing = true; resyncs++; ws.send(JSON.stringify({type: "sync"})); }
      break;
    }
    case "error":
      $("error").textContent = message.message;
      if (message.code === "no_room") stop(tr("This room does not exist or has expired."));
      break;
    case "ok":
      $("error").textContent = "";
      break;
    case "replaced":
      stop(message.message);
      break;
    case "expired":
      stop(message.message);
      break;
  }
}

function show(next) {
  announceMoves(state, next);
  state = next;
  document.body.dataset.connected = "yes";
  render();
}

// the state after a delta, or null when the delta does not follow the state held (the same as apply_delta in
// gamekit/rooms/delta.py): "set" replaces fields, "patch" splices lists ([index, deleteCount, items], in order)
function applyDelta(old, delta) {
  if (!old || typeof old.v !== "number" || delta.v !== old.v + 1) return null;
  const next = Object.assign({}, old, delta.set || {});
  for (const [key, ops] of Object.entries(delta.patch || {})) {
    const items = (old[key] || []).slice();
    for (const [index, remove, inserted] of ops) items.splice(index, remove, ...inserted);
    next[key] = items;
  }
  for (const key of ["turn_seconds_left", "you", "status", "waiting"]) if (key in delta) next[key] = delta[key];
  next.v = delta.v;
  return next;
}

function stop(text) {
  stopped = true;
  banner(text);
  $("status").textContent = text;
  document.body.dataset.stopped = "yes";
  for (const b of document.querySelectorAll("button")) if (b.id !== "copy") b.disabled = true;
  if (ws) ws.close();
}

function banner(text) {
  $("banner").textContent = text;
  $("banner").style.display = text ? "block" : "none";
}

// ----- drawing: replay the scene primitives (CSS pixels) on a HiDPI canvas -----
// The board is drawn at the scene's size; on a narrow screen CSS shrinks it to the page's width (max-width:
// 100%, the height following), and boardPoint() maps a click or tap back to the scene's pixels.
function paint() {
  const [w, h] = state.size;
  const scale = window.devicePixelRatio || 1;
  if (canvas.width !== Math.round(w * scale) || canvas.height !== Math.round(h * scale)) {
    canvas.width = Math.round(w * scale); canvas.height = Math.round(h * scale);
    canvas.style.width = w + "px";
  }
  ctx.setTransform(scale, 0, 0, scale, 0, 0);
  ctx.clearRect(0, 0, w, h);
  draw(state.scene);
  if (ghost) draw(ghost[5]);
  if (cursor !== null && state.targets[cursor]) {
    const [, x, y] = state.targets[cursor];
    ctx.setLineDash([3, 3]); ctx.strokeStyle = "#2e86de"; ctx.lineWidth = 3;
    ctx.beginPath(); ctx.arc(x, y, 11, 0, 2 * Math.PI); ctx.stroke(); ctx.setLineDash([]);
  }
}

// The scene's drawing operations on a 2D context: the room's board (draw) and the review's (review.js).
function paintItems(ctx, items) {
  for (const [op, ...a] of items) {
    ctx.setLineDash([]);
    if (op === "rect") { ctx.fillStyle = a[4]; ctx.fillRect(a[0], a[1], a[2], a[3]); }
    else if (op === "stroke_rect") { ctx.strokeStyle = a[4]; ctx.lineWidth = a[5]; ctx.strokeRect(a[0], a[1], a[2], a[3]); }
    else if (op === "circle") { ctx.fillStyle = a[3]; ctx.beginPath(); ctx.arc(a[0], a[1], a[2], 0, 2 * Math.PI); ctx.fill(); }
    else if (op === "ring") { ctx.strokeStyle = a[3]; ctx.lineWidth = a[4]; ctx.beginPath(); ctx.arc(a[0], a[1], a[2], 0, 2 * Math.PI); ctx.stroke(); }
    else if (op === "line" || op === "dashed_line") {
      ctx.strokeStyle = a[4]; ctx.lineWidth = a[5]; ctx.lineCap = "round";
      if (op === "dashed_line") ctx.setLineDash([4, 4]);
      ctx.beginPath(); ctx.moveTo(a[0], a[1]); ctx.lineTo(a[2], a[3]); ctx.stroke();
    }
    else if (op === "polygon") {
      ctx.fillStyle = a[1]; ctx.beginPath();
      a[0].forEach(([x, y], i) => (i ? ctx.lineTo(x, y) : ctx.moveTo(x, y))); ctx.closePath(); ctx.fill();
    }
    else if (op === "text") {
      ctx.font = a[3]; ctx.fillStyle = a[4]; ctx.textAlign = a[5]; ctx.textBaseline = "middle";
      ctx.fillText(String(a[2]), a[0], a[1]);
    }
  }
}

function draw(items) {
  paintItems(ctx, items);
}

// ----- the pointer's ghost (5 en raya: a translucent disc of your colour where it would land) ---------------
// The server lists boxes with what to draw in each (state.hover); a ghost shows only on your turn, while you
// can play, over a column that takes a disc. canvas.dataset.ghost names its move (read by the browser tests).
let ghost = null, pointer = null;
function ghostAt(p) {
  if (!p || !state || !state.hover || seat === null || state.over || state.to_move !== seat || state.waiting) return null;
  return state.hover.find(([, x0, y0, x1, y1]) => p.x >= x0 && p.x < x1 && p.y >= y0 && p.y <= y1) || null;
}
function updateGhost(repaint) {
  const next = ghostAt(pointer);
  const changed = next !== ghost;
  ghost = next;
  canvas.dataset.ghost = ghost ? ghost[0] : "";
  if (changed && repaint) paint();
}
// A pointer event's point in the scene's pixels, however wide the board is shown (a phone shrinks it).
function boardPoint(event) {
  const box = canvas.getBoundingClientRect();
  const [w, h] = state ? state.size : [box.width, box.height];
  return {x: (event.clientX - box.left) * w / box.width, y: (event.clientY - box.top) * h / box.height};
}
canvas.addEventListener("pointermove", (event) => {
  if (event.pointerType === "touch") return;          // a finger has no hover: a tap plays at once
  pointer = boardPoint(event);
  updateGhost(true);
});
canvas.addEventListener("pointerleave", () => { pointer = null; updateGhost(true); });

// ----- screen readers: the board in words, and each move announced (a polite live region) ---------------------
// The server's note is cleared on every move, so the page says the move itself: "Coral drew b2-c2 and took a box".
function moveWords(game, name, moves, gained) {
  if (game === "dots") {
    const lines = moves.join(", ");
    return gained > 0 ? ntr("{seat} drew {lines} and took a box.", "{seat} drew {lines} and took {n} boxes.", gained, {seat: name, lines})
                      : tr("{seat} drew {lines}.", {seat: name, lines});
  }
  const each = moves.map((m) => m.startsWith("p") ? tr("{seat} popped a disc from column {column}.", {seat: name, column: m.slice(1)})
                                                   : tr("{seat} dropped a disc in column {column}.", {seat: name, column: m}));
  return each.join(" ");
}
function announceMoves(before, after) {
  if (!before || after.room !== before.room || after.history.length <= before.history.length) return;
  const old = before.history, now = after.history;
  if (old.some((m, i) => now[i] !== m)) return;                  // a new game or an undo: the note says it
  const moves = now.slice(old.length).filter((m) => !m.startsWith("resign:"));
  if (!moves.length || before.to_move === null) return;
  const mover = before.to_move;
  const gained = Number(after.seats[mover].score) - Number(before.seats[mover].score);
  const name = seat === mover ? tr("{seat} (you)", {seat: after.seats[mover].name}) : after.seats[mover].name;
  $("announce").textContent = moveWords(after.game, name, moves, gained) + " " + after.status;
}

function render() {
  $("title").textContent = state.title;
  canvas.setAttribute("aria-label", tr("{game} board: {board}", {game: state.title, board: state.board}));
  $("board-text").textContent = state.description || "";
  $("board-name").textContent = [state.board, state.timer ? tr("{seconds} s per turn", {seconds: state.timer}) : "",
    state.group ? (state.group.rated ? tr("rated game") : tr("friendly game")) : ""].filter(Boolean).join(" · ");
  const groupId = localStorage.getItem("gamekit-group-of:" + roomId);   // set by the group page (not sent by the server)
  if (state.group && groupId) { $("group-link").href = withLang(base + "/g/" + groupId); $("group-line").hidden = false; }
  document.title = tr("{game} — gamekit room", {game: state.title});
  if (cursor !== null && cursor >= state.targets.length) cursor = null;
  updateGhost(false);                                   // a new position: the ghost follows it (or goes)
  paint();
  state.seats.forEach((s, i) => {
    const card = $("card-" + i);
    const who = !s.taken ? tr("free seat") : s.cpu ? tr("CPU while away") : s.connected ? tr("connected") : tr("away");
    card.className = "card" + (state.to_move === i ? " active" : "");
    card.style.background = s.colour + "33";
    card.innerHTML = "";
    const dot = document.createElement("span"); dot.className = "dot"; dot.style.background = s.colour;
    const nick = state.group && state.group.players[i];        // a class group's room: the pupil's nickname
    const shown = s.name + (nick ? " · " + nick : "");
    const name = document.createElement("b"); name.textContent = seat === i ? tr("{seat} (you)", {seat: shown}) : shown;
    const small = document.createElement("small"); small.textContent = " " + who;
    const score = document.createElement("span"); score.className = "score"; score.textContent = s.score;
    card.append(dot, name, small, score);
  });
  $("status").textContent = state.status;
  deadline = state.turn_seconds_left === null ? null : performance.now() + 1000 * state.turn_seconds_left;
  showClock();
  $("note").textContent = state.note || "";
  const player = seat !== null;
  $("buttons").style.display = player ? "" : "none";
  // watchers cannot play: they are not told to click, and the board says it is theirs to watch
  $("keys").textContent = player
    ? tr("Click or tap to play. Keyboard: Tab to the board, arrows move the cursor, Enter or Space plays.")
    : tr("You are watching: each move is announced and the board can be read move by move.");
  $("undo").disabled = !state.history.length || state.over;
  $("resign").disabled = state.over || !state.seats[1].taken;
  const req = state.request;
  if (req && player && req.seat !== seat) {
    $("request").style.display = "block";
    const asker = {seat: state.seats[req.seat].name};
    $("request-text").textContent = (req.kind === "restart" ? tr("{seat} asks for a new game.", asker)
                                                            : tr("{seat} asks to take back their last move.", asker)) + " ";
  } else {
    $("request").style.display = "none";
  }
  $("new").textContent = req && req.kind === "restart" && req.seat === seat ? tr("New game (asked)") : tr("New game");
}

// ----- time per turn: a countdown from the seconds the server said were left ------------------------------
let deadline = null;
function showClock() {
  const clock = $("clock");
  if (deadline === null || !state || state.over) { clock.textContent = ""; return; }
  const left = Math.max(0, Math.ceil((deadline - performance.now()) / 1000));
  clock.textContent = ntr("{seat}: {n} second left", "{seat}: {n} seconds left", left, {seat: state.seats[state.to_move].name});
}
setInterval(showClock, 500);

// ----- input ---------------------------------------------------------------------------------------
canvas.addEventListener("pointerdown", (event) => {
  if (!state || seat === null) return;
  const point = boardPoint(event);
  canvas.focus();
  send({type: "click", x: point.x, y: point.y, ply: state.ply});
});
canvas.addEventListener("keydown", (event) => {
  if (!state || !state.targets.length) return;
  const t = state.targets;
  if (event.key === "Enter" || event.key === " ") {
    event.preventDefault();
    if (cursor !== null && seat !== null) send({type: "move", move: t[cursor][0], ply: state.ply});
    return;
  }
  const dirs = {ArrowRight: [1, 0], ArrowLeft: [-1, 0], ArrowDown: [0, 1], ArrowUp: [0, -1]};
  const d = dirs[event.key];
  if (!d) return;
  event.preventDefault();
  const say = () => {
    $("announce").textContent = state.game === "dots" ? tr("Cursor on line {move}.", {move: t[cursor][0]})
                                                       : tr("Cursor on move {move}.", {move: t[cursor][0]});
  };
  if (cursor === null) { cursor = 0; paint(); say(); return; }
  // the nearest target in the arrow's direction (within 60° of it)
  const [, x0, y0] = t[cursor];
  let best = null, bestScore = Infinity;
  t.forEach(([, x, y], i) => {
    const dx = x - x0, dy = y - y0, along = dx * d[0] + dy * d[1];
    if (i === cursor || along <= 0) return;
    const across = Math.abs(dx * d[1] - dy * d[0]);
    if (across > along * 1.8) return;
    const score = along + 2 * across;
    if (score < bestScore) { bestScore = score; best = i; }
  });
  if (best !== null) cursor = best;
  paint();
  say();
});
$("new").addEventListener("click", () => send({type: "request", kind: "restart"}));
$("undo").addEventListener("click", () => send({type: "request", kind: "undo"}));
$("resign").addEventListener("click", () => { if (confirm(tr("Resign this game?"))) send({type: "resign"}); });
// answering hides the request and its buttons: the keyboard goes back to the board, not the page's body
$("accept").addEventListener("click", () => { send({type: "answer", accept: true, kind: state.request && state.request.kind}); canvas.focus(); });
$("decline").addEventListener("click", () => { send({type: "answer", accept: false, kind: state.request && state.request.kind}); canvas.focus(); });
$("copy").addEventListener("click", async () => {
  $("link").select();
  try { await navigator.clipboard.writeText($("link").value); $("copy").textContent = tr("Copied"); }
  catch (e) { document.execCommand("copy"); }
});
connect();
