// Class group pages: create a group, join by code, the pupil's group page and the teacher's (owner) page.
// Keys (owner key, member key, seat tokens) live in this browser's localStorage and travel only in request
// bodies, never in a URL the server sees. Everything shown comes from the server as text (textContent).
"use strict";
const $ = (id) => document.getElementById(id);
const page = document.body.dataset.page;
const path = location.pathname;
const base = page === "new" ? path.replace(/\/groups\/?$/, "") : page === "join" ? path.replace(/\/join\/?$/, "")
  : path.slice(0, path.lastIndexOf("/g/"));
const groupId = (page === "group" || page === "owner") ? path.slice(base.length + 3).split("/")[0] : null;
const memberKey = "gamekit-member:" + groupId, ownerKey = "gamekit-owner:" + groupId;
window.gamekitGroup = {ladder: null, me: null, owner: null};        // read by the browser tests

async function api(action, body) {
  const url = base + "/api/groups" + (groupId ? "/" + groupId + "/" + action : action ? "/" + action : "") +
    "?" + langQuery();                                      // answers and refusals in the page's language
  const response = await fetch(url, {method: "POST", headers: {"Content-Type": "application/json"},
                                     body: JSON.stringify(body || {})});
  let data = {};
  try { data = await response.json(); } catch (e) { data = {message: response.statusText}; }
  if (!response.ok) { const error = new Error(data.message || response.statusText); error.status = response.status; throw error; }
  return data;
}
function showError(error) { $("error").textContent = error ? (error.message || String(error)) : ""; }
function cell(row, text, cls) { const td = document.createElement("td"); td.textContent = text; if (cls) td.className = cls; row.append(td); return td; }

function showLadder(data) {
  window.gamekitGroup.ladder = data;
  const body = $("ladder").tBodies[0];
  body.innerHTML = "";
  for (const r of data.rows) {
    const row = document.createElement("tr");
    row.dataset.nickname = r.nickname;
    cell(row, r.rank, "num"); cell(row, r.nickname); cell(row, Math.round(r.rating), "num"); cell(row, r.games, "num");
    cell(row, r.wins, "num"); cell(row, r.draws, "num"); cell(row, r.losses, "num"); cell(row, r.points, "num");
    body.append(row);
  }
  $("rated-games").textContent = ntr("{n} rated game so far.", "{n} rated games so far.", data.rated_games);
  $("chart").src = "data:image/svg+xml;charset=utf-8," + encodeURIComponent(data.chart);   // an image: no script runs
}
async function refreshLadder() { try { showLadder(await api("ladder")); } catch (e) { showError(e); } }

// ----- create a group ---------------------------------------------------------------------------------------
if (page === "new") {
  $("create-group").addEventListener("submit", async (event) => {
    event.preventDefault();
    $("create-group-button").disabled = true;
    try {
      const g = await api(null, {name: $("group-name").value});
      localStorage.setItem("gamekit-owner:" + g.group, g.owner_key);
      $("owner-link").value = g.owner_link; $("open-owner").href = g.owner_link;
      $("join-link").value = g.join_link; $("code").textContent = g.code;
      $("join-page").textContent = location.origin + base + "/join";
      $("created").hidden = false; $("create-group").hidden = true; showError(null);
    } catch (e) { showError(e); $("create-group-button").disabled = false; }
  });
}

// ----- join by code ----------------------------------------------------------------------------------------
if (page === "join") {
  $("code-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    try { const g = await api("code", {code: $("code-input").value}); location.href = withLang(base + "/g/" + g.group); }
    catch (e) { showError(e); }
  });
}

// The group's rooms with their state: waiting for a second player (a pupil may take the seat), playing, or
// finished with its result (then the room is only looked at: nobody is offered to join or play it).
function roomState(r) {
  if (r.state === "finished") return tr("Finished: {result}", {result: r.result.text});
  if (r.state === "playing") return tr("Playing (move {ply})", {ply: r.ply});
  return tr("Waiting for a second player");
}
function showRooms(rooms, pupil) {
  const body = $("rooms").tBodies[0];
  body.innerHTML = "";
  for (const r of rooms) {
    const row = document.createElement("tr");
    row.dataset.room = r.room; row.dataset.state = r.state;
    if (r.state === "finished") row.className = "finished";
    cell(row, r.players.map((p) => p || (r.free ? tr("(free seat)") : tr("(left)"))).join(" – "));
    cell(row, r.rated ? tr("rated") : tr("friendly"));
    cell(row, roomState(r), "state");
    const td = cell(row, "");
    const mine = pupil && localStorage.getItem("gamekit-seat:" + r.room);
    const canTake = pupil && !mine && r.free && r.state === "waiting";
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = r.state === "finished" ? tr("See the board") : canTake ? tr("Take the seat") : mine ? tr("Open") : tr("Watch");
    button.addEventListener("click", () => canTake ? take(r.room) : openRoom(r.room));
    td.append(button);
    body.append(row);
  }
  $("no-rooms").hidden = rooms.length > 0;
}

// ----- a pupil's group page ----------------------------------------------------------------------------------
let findTimer = null;
function showSettings(info) {
  $("group-name").textContent = info.name;
  document.title = tr("{group} — gamekit group", {group: info.name});
  $("settings").textContent = tr("Settings: {settings}.", {settings: info.describe});
  $("expiry").textContent = ntr("This group and everything in it are deleted after {n} day without activity.",
                                "This group and everything in it are deleted after {n} days without activity.", info.expires_days);
}
async function loadMe() {
  const key = localStorage.getItem(memberKey);
  if (!key) { $("join-form").hidden = false; $("member").hidden = true; return; }
  try {
    const me = await api("me", {key});
    window.gamekitGroup.me = {nickname: me.nickname, rating: me.rating};
    showSettings(me);
    $("me").textContent = me.nickname; $("my-rating").textContent = Math.round(me.rating);
    $("rated").disabled = !me.settings.rated; if (!me.settings.rated) $("rated").checked = false;
    $("member").hidden = false; $("join-form").hidden = true;
    showRooms(me.rooms, true);
  } catch (e) {
    if (e.status === 403) { localStorage.removeItem(memberKey); $("member").hidden = true; $("join-form").hidden = false; }
    showError(e);
  }
}
function openRoom(room) { localStorage.setItem("gamekit-group-of:" + room, groupId); location.href = withLang(base + "/r/" + room); }
async function take(room) {
  try {
    const t = await api("take", {key: localStorage.getItem(memberKey), room});
    localStorage.setItem("gamekit-seat:" + t.room, t.token);
    openRoom(t.room);
  } catch (e) { showError(e); }
}
async function find() {
  try {
    const r = await api("find", {key: localStorage.getItem(memberKey)});
    if (r.status === "paired") {
      localStorage.setItem("gamekit-seat:" + r.room, r.token);
      $("find-status").textContent = tr("Opponent found: {nickname}.", {nickname: r.opponent});
      return openRoom(r.room);
    }
    $("find-status").textContent = ntr("Waiting for an opponent of close rating… ({n} waiting)", "Waiting for an opponent of close rating… ({n} waiting)", r.waiting);
    findTimer = setTimeout(find, 1000);
  } catch (e) { showError(e); $("find").textContent = tr("Find me an opponent"); findTimer = null; }
}
if (page === "group") {
  api("info").then(showSettings).catch(showError);
  $("join-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    try {
      const j = await api("join", {nickname: $("nickname").value});
      localStorage.setItem(memberKey, j.key);
      showError(null);
      await loadMe();
      await refreshLadder();
    } catch (e) { showError(e); }
  });
  $("leave").addEventListener("click", async () => {
    if (!confirm(tr("Leave the group? Your nickname and your lesson progress are removed."))) return;
    try { await api("leave", {key: localStorage.getItem(memberKey)}); localStorage.removeItem(memberKey); await loadMe(); await refreshLadder(); }
    catch (e) { showError(e); }
  });
  $("new-room").addEventListener("click", async () => {
    try {
      const r = await api("room", {key: localStorage.getItem(memberKey), rated: $("rated").checked});
      localStorage.setItem("gamekit-seat:" + r.room, r.token);
      openRoom(r.room);
    } catch (e) { showError(e); }
  });
  $("find").addEventListener("click", async () => {
    if (findTimer !== null) {
      clearTimeout(findTimer); findTimer = null;
      $("find").textContent = tr("Find me an opponent"); $("find-status").textContent = "";
      await api("find", {key: localStorage.getItem(memberKey), cancel: true}).catch(showError);
      return;
    }
    $("find").textContent = tr("Stop looking");
    find();
  });
  loadMe().then(refreshLadder);
  setInterval(() => { if (!document.hidden) { loadMe(); refreshLadder(); } }, 4000);
}

// ----- the teacher's page ---------------------------------------------------------------------------------
function ownerKeyValue() { return localStorage.getItem(ownerKey); }
function showClassTable(table) {
  const t = $("class-table");
  t.innerHTML = "";
  const head = document.createElement("tr");
  const puzzles = table.puzzles || [];       // puzzle accuracy per game and theme
  const ideas = Object.keys(table.idea_names || {});   // the ideas some pupil needed extra practice on
  const extra = ideas.length ? [tr("Extra practice")] : [];
  for (const h of [tr("Pupil"), ...table.lessons, ...puzzles.map((k) => table.puzzle_names[k]), ...extra, tr("Sent")]) {
    const th = document.createElement("th"); th.textContent = h; head.append(th);
  }
  t.append(head);
  for (const p of table.pupils) {
    const row = document.createElement("tr");
    row.dataset.nickname = p.nickname;
    cell(row, p.nickname);
    for (const lesson of table.lessons) {
      const v = p.lessons[lesson];
      const td = cell(row, v ? v[0] + " / " + v[1] : "–", "num");
      td.dataset.lesson = lesson;
    }
    for (const key of puzzles) {               // right at the first answer / tried, and the share
      const v = (p.puzzles || {})[key];
      const td = cell(row, v && v[0] ? v[1] + " / " + v[0] + " (" + Math.round(100 * v[1] / v[0]) + " %)" : "–", "num");
      td.dataset.puzzles = key;
    }
    if (ideas.length) {                         // after two misses, similar puzzles tried on these ideas
      const mine = Object.keys(p.extra || {}).sort();
      const td = cell(row, mine.length ? mine.map((k) => tr("{idea}: {tried} tried, {right} right",
        {idea: table.idea_names[k], tried: p.extra[k][0], right: p.extra[k][1]})).join("; ") : "–");
      td.dataset.extra = mine.join(" ");
    }
    cell(row, p.sent ? new Date(p.sent * 1000).toLocaleString(TEXT.lang) : tr("not yet"));
    t.append(row);
  }
}
// The class dice tally (Shut the Box lesson 3): each total's rolls as a number, a bar (its share of the rolls,
// drawn next to a mark at the share the 36 outcomes give) and the count the 36 outcomes predict. The bar and the
// mark are decoration (aria-hidden): the numbers in the cells say the same to a screen reader.
const DICE_WAYS = {2: 1, 3: 2, 4: 3, 5: 4, 6: 5, 7: 6, 8: 5, 9: 4, 10: 3, 11: 2, 12: 1};
function showTally(tally) {
  const table = $("tally"), body = table.tBodies[0];
  body.innerHTML = "";
  if (!tally || !tally.rolls) {
    table.hidden = true;
    $("tally-text").textContent = tr("No pupil has shared a dice tally yet. In lesson 3 pupils roll two real dice, enter each roll and press Share: their rolls add up here.");
    return;
  }
  table.hidden = false;
  $("tally-text").textContent = tr("The class: {rolls} from {pupils}. The black mark in each bar is the share the 36 outcomes predict.",
    {rolls: ntr("{n} roll", "{n} rolls", tally.rolls), pupils: ntr("{n} pupil", "{n} pupils", tally.pupils)});
  const shares = Object.keys(DICE_WAYS).map((t) => (tally.counts[t] || 0) / tally.rolls);
  const top = Math.max(...shares, 6 / 36);
  for (const t of Object.keys(DICE_WAYS)) {
    const n = tally.counts[t] || 0, share = n / tally.rolls, expected = tally.rolls * DICE_WAYS[t] / 36;
    const row = document.createElement("tr");
    row.dataset.total = t;
    const th = document.createElement("th"); th.scope = "row"; th.textContent = t; row.append(th);
    cell(row, n, "num");
    const td = cell(row, "", "bar");
    const track = document.createElement("span"); track.className = "track"; track.setAttribute("aria-hidden", "true");
    const bar = document.createElement("span"); bar.className = "bar";
    bar.style.width = (10 * share / top).toFixed(2) + "em";
    const mark = document.createElement("span"); mark.className = "expected";
    mark.style.left = (10 * (DICE_WAYS[t] / 36) / top).toFixed(2) + "em";
    track.append(bar, mark);
    const words = document.createElement("span"); words.textContent = tr("{percent} %", {percent: Math.round(100 * share)});
    td.append(track, words);
    cell(row, tr("about {count} ({ways} of 36)", {count: expected < 10 ? decimal(expected, 1) : Math.round(expected), ways: DICE_WAYS[t]}), "num");
    body.append(row);
  }
}
let menu = [];                                            // the games a group may play (GET /api/games)
let menuLoaded = null;
function loadMenu() {                                      // fills the settings' game menu from the catalog, once
  if (!menuLoaded) menuLoaded = (async () => {
    const response = await fetch(base + "/api/games?" + langQuery());
    const data = await response.json();
    if (!response.ok) throw new Error(data.message || response.statusText);
    menu = data.games;
    const select = $("s-game");
    for (const game of menu) select.append(new Option(game.title, game.value));
  })();
  return menuLoaded;
}
function fillSettings(s) {
  // a stored setting may name its game by any of its names (dots, dots_and_boxes): select that game's entry
  const game = menu.find((g) => g.names.includes(s.game) || g.value === s.game);
  $("s-game").value = game ? game.value : s.game; $("s-width").value = String(s.width); $("s-height").value = String(s.height);
  $("s-timer").value = String(s.timer); $("s-alternate").checked = s.alternate; $("s-popout").checked = s.popout;
  $("s-rated").checked = s.rated; $("s-language").value = s.language || "en"; syncSettings();
}
function syncSettings() {
  const game = menu.find((g) => g.value === $("s-game").value);
  const reads = (name) => !!game && game.settings.includes(name);
  $("dots-settings").style.display = reads("width") ? "" : "none";
  $("popout-row").style.display = reads("popout") ? "" : "none";
}
async function loadOwner(first) {
  try {
    const o = await api("owner", {key: ownerKeyValue()});
    if (first) await loadMenu();                           // the settings' game menu, before the page shows
    window.gamekitGroup.owner = o;
    $("owner").hidden = false; showError(null);
    $("group-name").textContent = tr("{group} — teacher's page", {group: o.name});
    $("join-link").value = o.join_link; $("code").textContent = o.code;
    $("join-page").textContent = location.origin + base + "/join";
    $("owner-link").value = location.origin + base + "/g/" + groupId + "/owner#key=" + ownerKeyValue();
    if (first) fillSettings(o.settings);
    $("settings-text").textContent = tr("Now: {settings}.", {settings: o.describe});
    $("expiry").textContent = ntr("The group is deleted after {n} day without activity.", "The group is deleted after {n} days without activity.", o.expires_days);
    showClassTable(o.table);
    showTally(o.tally);
    showRooms(o.rooms, false);
    const body = $("members").tBodies[0];
    body.innerHTML = "";
    for (const m of o.members) {
      const row = document.createElement("tr");
      row.dataset.nickname = m.nickname;
      cell(row, m.nickname); cell(row, Math.round(m.rating), "num"); cell(row, m.games, "num");
      const b = document.createElement("button"); b.type = "button"; b.textContent = tr("Remove"); b.className = "remove";
      b.addEventListener("click", async () => {
        if (!confirm(tr("Remove {nickname} from the group?", {nickname: m.nickname}))) return;
        try { await api("remove", {key: ownerKeyValue(), nickname: m.nickname}); await loadOwner(false); await refreshLadder(); }
        catch (e) { showError(e); }
      });
      cell(row, "").append(b);
      body.append(row);
    }
  } catch (e) {
    $("owner").hidden = true;
    showError(e.status === 403 || e.status === 400
      ? new Error(tr("This is the teacher's page of the group: it opens only with the owner link.")) : e);
  }
}
if (page === "owner") {
  const m = location.hash.match(/key=([A-Za-z0-9_-]{10,100})/);
  if (m) {
    localStorage.setItem(ownerKey, m[1]);
    history.replaceState(null, "", location.pathname);          // the key leaves the address bar
  }
  $("s-game").addEventListener("change", syncSettings);
  $("settings-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    const settings = {game: $("s-game").value, width: Number($("s-width").value), height: Number($("s-height").value),
                      timer: Number($("s-timer").value), alternate: $("s-alternate").checked,
                      popout: $("s-popout").checked, rated: $("s-rated").checked, language: $("s-language").value};
    try {
      const r = await api("settings", {key: ownerKeyValue(), settings});
      $("settings-note").textContent = tr("Saved: new rooms use them.");
      $("settings-text").textContent = tr("Now: {settings}.", {settings: r.describe});
      showError(null);
    } catch (e) { showError(e); }
  });
  $("export").addEventListener("click", async () => {
    try {
      const r = await api("export", {key: ownerKeyValue()});
      const a = document.createElement("a");
      a.href = URL.createObjectURL(new Blob([r.csv], {type: "text/csv"}));
      a.download = "class-progress.csv";
      document.body.append(a); a.click(); a.remove();
    } catch (e) { showError(e); }
  });
  $("delete").addEventListener("click", async () => {
    const o = window.gamekitGroup.owner;
    const typed = prompt(tr("This deletes the group and everything in it. Type the group's name to confirm:"));
    if (typed === null) return;
    try {
      await api("delete", {key: ownerKeyValue(), confirm: typed});
      localStorage.removeItem(ownerKey);
      $("owner").hidden = true;
      $("group-name").textContent = tr("Group deleted");
      $("error").textContent = tr("The group {group} and everything in it were deleted.", {group: o.name});
    } catch (e) { showError(e); }
  });
  loadOwner(true).then(refreshLadder);
  setInterval(() => { if (!document.hidden && !$("owner").hidden) { loadOwner(false); refreshLadder(); } }, 5000);
}
