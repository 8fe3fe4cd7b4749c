// The create page: POST the choices, keep the seat token in this browser, open the room.
"use strict";
const $ = (id) => document.getElementById(id);
const base = location.pathname.replace(/\/$/, "");     // "" or a prefix such as /services/rooms
function sync() {
  const dots = $("game").value === "dots";
  $("size-row").style.display = dots ? "" : "none";
  $("popout-row").style.display = dots ? "none" : "";
}
$("game").addEventListener("change", sync);
sync();
$("create").addEventListener("submit", async (event) => {
  event.preventDefault();
  $("create-button").disabled = true;
  const choice = $("game").value;
  let body;
  if (choice === "dots") {
    const [w, h] = $("size").value.split("x").map(Number);
    body = {game: "dots", options: {width: w, height: h}};
  } else {
    body = {game: "connect", options: {board: choice, popout: $("popout").checked}};
  }
  body.timer = Number($("timer").value);
  try {
    const response = await fetch(base + "/api/rooms", {method: "POST", headers: {"Content-Type": "application/json"},
                                                body: JSON.stringify(body)});
    const data = await response.json();
    if (!response.ok) throw new Error(data.message || response.statusText);
    // the seat token is a secret: kept in this browser only, never put in a link
    localStorage.setItem("gamekit-seat:" + data.room, data.token);
    location.href = base + "/r/" + data.room;
  } catch (error) {
    $("error").textContent = "Could not create the room: " + error.message;
    $("create-button").disabled = false;
  }
});
