// The create page: the game menu comes from the catalog (GET /api/games), so a game registered there is listed
// with no edit here; POST the choices, keep the seat token in this browser, open the room.
"use strict";
const $ = (id) => document.getElementById(id);
const base = location.pathname.replace(/\/$/, "");     // "" or a prefix such as /services/rooms
let games = {};                                         // menu value → {room, options, settings, title, …}
function chosen() { return games[$("game").value]; }
function sync() {
  const game = chosen();
  const reads = (name) => !!game && game.settings.includes(name);
  $("size-row").style.display = reads("width") ? "" : "none";
  $("popout-row").style.display = reads("popout") ? "" : "none";
}
async function loadGames() {
  try {
    const response = await fetch(base + "/api/games?" + langQuery());    // the titles in the page's language
    const data = await response.json();
    if (!response.ok) throw new Error(data.message || response.statusText);
    const select = $("game");
    for (const game of data.games) {
      games[game.value] = game;
      select.append(new Option(game.title, game.value));
    }
    select.disabled = false;
    $("create-button").disabled = false;
    $("games-note").textContent = "";
    sync();
  } catch (error) {
    $("games-note").textContent = "";
    $("error").textContent = tr("Could not load the list of games: {reason}", {reason: error.message});
  }
}
$("game").addEventListener("change", sync);
$("create").addEventListener("submit", async (event) => {
  event.preventDefault();
  const game = chosen();
  if (!game) return;
  $("create-button").disabled = true;
  const [w, h] = $("size").value.split("x").map(Number);
  const settings = {width: w, height: h, popout: $("popout").checked};
  const options = Object.assign({}, game.options);       // the game's room options, then the controls it reads
  for (const name of game.settings) if (name in options && name in settings) options[name] = settings[name];
  const body = {game: game.room, options: options, timer: Number($("timer").value)};
  try {
    const response = await fetch(base + "/api/rooms?" + langQuery(), {method: "POST", headers: {"Content-Type": "application/json"},
                                                body: JSON.stringify(body)});
    const data = await response.json();
    if (!response.ok) throw new Error(data.message || response.statusText);
    // the seat token is a secret: kept in this browser only, never put in a link
    localStorage.setItem("gamekit-seat:" + data.room, data.token);
    location.href = withLang(base + "/r/" + data.room);
  } catch (error) {
    $("error").textContent = tr("Could not create the room: {reason}", {reason: error.message});
    $("create-button").disabled = false;
  }
});
loadGames();
