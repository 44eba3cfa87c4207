// The page: a lobby (make a table) or one seat at a table (?table=…&seat=…&token=…).
// The server sends the seat's view, its SVG picture and its legal actions; the page
// sends actions as text. With &auto=N the page plays its first legal action N times
// (a demonstration, and the headless browser test).
"use strict";

const params = new URLSearchParams(location.search);
const $ = (id) => document.getElementById(id);

function seatName(seat) { return seat === null ? "the table" : String.fromCharCode(65 + seat); }

// One line of the log: who did what, then what it did (effects' own texts).
function describe(event) {
  const effects = event.effects.map((effect) => effect.text).filter(Boolean).join("; ");
  return `${event.step}: ${seatName(event.seat)} ${event.action.text}` +
    (effects ? ` (${effects})` : "");
}

function status(text) { $("status").textContent = text; }

async function lobby() {
  $("lobby").hidden = false;
  const info = await (await fetch("/api/games")).json();
  for (const name of info.games) {
    const option = document.createElement("option");
    option.value = option.textContent = name;
    $("game").append(option);
  }
  const listing = await (await fetch("/api/tables")).json();
  for (const table of listing.tables) {
    const item = document.createElement("li");
    item.textContent = `${table.id}: ${table.game}, seats ${table.seats.join(", ")}, ` +
      `deal ${table.deal}, step ${table.step}${table.over ? " (over)" : ""}`;
    $("tables").append(item);
  }
  $("create").addEventListener("submit", async (event) => {
    event.preventDefault();
    const seats = $("seats").value.split(",").map((kind) => kind.trim()).filter(Boolean);
    const answer = await fetch("/api/tables", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ game: $("game").value, seats }),  // the server chooses the seed
    });
    const body = await answer.json();
    if (!answer.ok) { status(body.error.reason); return; }
    $("links").replaceChildren();
    for (const link of body.links) {
      const item = document.createElement("li");
      const anchor = document.createElement("a");
      anchor.href = link.url;
      anchor.textContent = `seat ${link.seat} of table ${body.table.id}`;
      item.append(anchor);
      $("links").append(item);
    }
    location.href = body.links[0].url;
  });
}

function sit() {
  $("table").hidden = false;
  let auto = Number(params.get("auto") || 0);
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const url = `${scheme}://${location.host}/ws/${encodeURIComponent(params.get("table"))}/` +
    `${Number(params.get("seat"))}?token=${encodeURIComponent(params.get("token") || "")}`;
  const socket = new WebSocket(url);
  const send = (text) => socket.send(JSON.stringify({ action: text }));

  socket.addEventListener("open", () => status("connected"));
  socket.addEventListener("close", () => status("disconnected"));
  socket.addEventListener("message", (message) => {
    const data = JSON.parse(message.data);
    if (data.type === "refused") {
      const error = data.error;
      $("refused").textContent = `${error.rule ? error.rule + ": " : ""}${error.reason}`;
      return;
    }
    $("refused").textContent = "";
    $("board").innerHTML = data.svg;  // rummykit's SVG, made by the server
    for (const event of data.events) {
      const item = document.createElement("li");
      item.textContent = describe(event);
      $("events").prepend(item);
    }
    const legal = data.view.legal.map((action) => action.text);
    const mine = legal.length > 0;
    $("turn").textContent = data.over
      ? `match over: ${data.outcome.winners.map(seatName).join(", ")} won`
      : mine ? "your decision" : `waiting for player ${seatName(data.view.to_act)}`;
    $("legal").replaceChildren(...legal.map((text) => {
      const button = document.createElement("button");
      button.textContent = text;
      button.addEventListener("click", () => send(text));
      return button;
    }));
    if (mine && auto > 0) {
      auto -= 1;
      setTimeout(() => send(legal[0]), 100);
    }
  });
  $("typed").addEventListener("submit", (event) => {
    event.preventDefault();
    send($("action").value);
    $("action").value = "";
  });
}

if (params.has("table")) { sit(); } else { lobby(); }
