// The page: a lobby (make a table, your seats, every table), a seat at a table
// (?table=…&seat=…&token=…: the seat's secret link) or a spectator (?table=…&watch=1).
// The server sends the seat's view and its legal actions; the person selects cards and a
// meld and presses a button; the page sends back the text of the one legal action the
// selection makes (never typed). The socket reconnects by itself; the link restores the
// seat after a closed tab. With &auto=N the page plays its first legal action N times
// (a demonstration, and a headless browser test).
// Language: each seat chooses English, Portuguese or Russian (the selector in the header,
// or &lang=pt-BR in the link); the server remembers it for the seat and sends the page's
// words, the buttons, the effects and the refusals in it. The page only looks its words
// up (t), never translates a sentence itself.
"use strict";

const params = new URLSearchParams(location.search);
const $ = (id) => document.getElementById(id);
const MINE = "rummykit-seats";
const LANGS = "rummykit-languages";  // the language chosen per seat link, and for the lobby

let words = {};  // the page's words in the chosen language, by their English text

// One of the page's words in the chosen language, its {placeholders} filled.
function t(text, values = {}) {
  const said = words[text] || text;
  return said.replace(/\{(\w+)\}/g, (whole, name) => (name in values ? String(values[name]) : whole));
}

function status(text) { $("status").textContent = text; }

// The language chosen for this page: &lang=, else the one remembered for it (a seat
// never set: the lobby's), else none (the server's choice for the seat, or English).
function chosenLanguage() {
  if (params.has("lang")) return params.get("lang");
  try {
    const all = JSON.parse(localStorage.getItem(LANGS) || "{}");
    return all[languageKey()] || all.lobby || "";
  } catch { return ""; }
}

function languageKey() {
  return params.has("table") ? `${params.get("table")}/${params.has("watch") ? "watch" : params.get("seat")}` : "lobby";
}

function rememberLanguage(locale) {
  let all = {};
  try { all = JSON.parse(localStorage.getItem(LANGS) || "{}"); } catch { all = {}; }
  all[languageKey()] = locale;
  localStorage.setItem(LANGS, JSON.stringify(all));
}

// Take the words of a message (or of /api/words) and show the static ones.
function useWords(data) {
  words = data.words || {};
  document.documentElement.lang = (data.locale || "en").replace("_", "-");
  for (const element of document.querySelectorAll("[data-word]")) element.textContent = t(element.dataset.word);
  const select = $("lang");
  if (!select.options.length) {
    for (const [locale, name] of Object.entries(data.languages || {})) select.append(new Option(name, locale));
  }
  select.value = data.locale || "en";
}

function describe(event) {
  const effects = event.effects.map((effect) => effect.said || effect.text).filter(Boolean).join("; ");
  const who = event.seat === null || event.seat === undefined ? t("the table") : seatName(event.seat);
  return `${who}: ${event.action.text}` + (effects ? ` (${effects})` : "");
}

function remembered() {
  try { return JSON.parse(localStorage.getItem(MINE) || "[]"); } catch { return []; }
}

function remember(entry) {
  const seats = remembered().filter((s) => s.url !== entry.url);
  seats.unshift(entry);
  localStorage.setItem(MINE, JSON.stringify(seats.slice(0, 20)));
}

function link(href, text) {
  const anchor = document.createElement("a");
  anchor.href = href;
  anchor.textContent = text;
  return anchor;
}

// ---------------------------------------------------------------- lobby
async function lobby() {
  $("lobby").hidden = false;
  useWords(await (await fetch(`/api/words?lang=${encodeURIComponent(chosenLanguage())}`)).json());
  $("lang").addEventListener("change", () => {
    rememberLanguage($("lang").value);
    location.search = `?lang=${encodeURIComponent($("lang").value)}`;
  });
  const info = await (await fetch("/api/games")).json();
  for (const name of info.games) $("game").append(new Option(name, name));
  const counts = () => {  // the player counts the chosen game allows, its default chosen
    const [fewest, most, usual] = info.players[$("game").value];
    const chosen = Number($("players").value) || usual;
    const keep = chosen >= fewest && chosen <= most ? chosen : usual;
    $("players").replaceChildren();
    for (let n = fewest; n <= most; n++) $("players").append(new Option(String(n), String(n), n === keep, n === keep));
  };
  counts();
  const kinds = () => {
    const count = Number($("players").value);
    const old = [...$("kinds").querySelectorAll("select")].map((s) => s.value);
    $("kinds").querySelectorAll("label").forEach((label) => label.remove());
    for (let seat = 0; seat < count; seat++) {
      const select = document.createElement("select");
      select.name = `seat${seat}`;
      select.append(new Option(t("person"), "human"));
      for (const bot of info.bots) select.append(new Option(t("bot: {bot}", { bot }), bot));
      select.value = old[seat] || (seat === 0 ? "human" : info.bots.includes("heuristic") ? "heuristic" : info.bots[0]);
      const label = document.createElement("label");
      label.append(`${t("Seat {seat}", { seat: seatName(seat) })} `, select);
      $("kinds").append(label);
    }
  };
  $("players").addEventListener("change", kinds);
  $("game").addEventListener("change", () => { counts(); kinds(); });
  kinds();
  const showMine = () => {
    const mine = remembered();
    if (mine.length) $("mine").replaceChildren(...mine.map((s) => {
      const item = document.createElement("li");
      item.append(link(s.url, s.text));
      return item;
    }));
  };
  showMine();
  const listing = await (await fetch("/api/tables")).json();
  for (const table of listing.tables) {
    const item = document.createElement("li");
    const line = table.over ? "{game}, seats {seats}, deal {deal}, over" : "{game}, seats {seats}, deal {deal}";
    item.append(`${t(line, { game: table.game, seats: table.seats.join(", "), deal: table.deal })} `,
      link(`/?table=${encodeURIComponent(table.id)}&watch=1`, t("watch")));
    $("tables").append(item);
  }
  $("create").addEventListener("submit", async (event) => {
    event.preventDefault();
    const seats = [...$("kinds").querySelectorAll("select")].map((s) => s.value);
    const answer = await fetch(`/api/tables?lang=${encodeURIComponent(chosenLanguage())}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ game: $("game").value, seats }),  // the server chooses the seed
    });
    const body = await answer.json();
    if (!answer.ok) { status(body.said || body.error.reason); return; }  // said: in the lobby's language
    $("made").hidden = false;
    const items = body.links.map((entry) => {
      const url = new URL(entry.url, location.href).href;
      const text = t("{game}: seat {seat}", { game: body.table.game, seat: seatName(entry.seat) });
      remember({ url, text });
      const item = document.createElement("li");
      const copy = document.createElement("button");
      copy.type = "button";
      copy.textContent = t("copy");
      copy.addEventListener("click", () => navigator.clipboard && navigator.clipboard.writeText(url));
      item.append(link(entry.url, t("Seat {seat}", { seat: seatName(entry.seat) })), " ", copy);
      item.dataset.seat = entry.seat;
      return item;
    });
    const watch = document.createElement("li");
    watch.append(link(body.watch, t("Spectators")));
    $("links").replaceChildren(...items, watch);
    showMine();
  });
}

// ---------------------------------------------------------------- a seat or a spectator
const table = {
  state: null,        // the last state message
  selected: new Set(),// indices of selected hand cards
  meld: null,         // the selected meld, or null
  received: 0,        // performance.now() when the state came
  socket: null,
  messages: 0,        // how many messages came (for the browser test)
};
window.rummy = table;  // for the browser test and the curious

function send(text) {
  $("chooser").hidden = true;
  const choice = table.state.legal.find((c) => c.text === text);
  table.sent = { step: table.state.step, label: choice ? choice.label : text };
  if (table.socket && table.socket.readyState === WebSocket.OPEN) {
    table.socket.send(JSON.stringify({ action: text }));
  }
}

function selectedCards() {
  const hand = table.state.view.hand;
  return [...table.selected].map((i) => hand[i]);
}

function secondsLeft(seat) {
  const left = table.state.clock[String(seat)];
  if (left === undefined) return null;
  return Math.max(0, Math.ceil(left - (performance.now() - table.received) / 1000));
}

function drawInfo() {
  const { state } = table;
  const view = state.view;
  const parts = [`${state.game}`, t("deal {deal}", { deal: view.deal })];
  const contract = state.contract_said;  // the server says the contract in the seat's language
  if (contract) parts.push(t("contract: {contract}", { contract }));
  parts.push(t("phase: {phase}", { phase: state.phase_said || view.phase }));
  $("info").textContent = parts.join(" \u00b7 ");
}

function seatBox(seat, { me = false } = {}) {
  const { state } = table;
  const view = state.view;
  const box = document.createElement("div");
  box.className = "seat";
  box.dataset.seat = seat;
  if (state.open.includes(seat)) box.classList.add("open");
  const kind = state.seats[seat] === "human" ? "" : ` (${state.seats[seat]})`;
  const name = document.createElement("b");
  name.textContent = (me ? t("You, {seat}", { seat: seatName(seat) }) : seatName(seat)) + kind;
  const line = document.createElement("span");
  line.textContent = `${t("cards: {count}", { count: view.hand_sizes[seat] })} \u00b7 ` +
    t("points: {points}", { points: view.scores[seat] }) + (view.down[seat] ? ` \u00b7 ${t("down")}` : "");
  box.append(name, line);
  if (!me) {
    const known = view.known[seat] || [];
    if (known.length) {
      const row = document.createElement("span");
      row.className = "known";
      row.append(`${t("holds")} `, ...known.map((code) => cardElement(code, { small: true })));
      box.append(row);
    }
  }
  const clock = document.createElement("span");
  clock.className = "clock";
  box.append(clock);
  return box;
}

function drawSeats() {
  const { state } = table;
  const others = [];
  for (let seat = 0; seat < state.seats.length; seat++) if (seat !== state.seat) others.push(seatBox(seat));
  $("others").replaceChildren(...others);
  $("me").replaceChildren(...(state.seat === null ? [] : [seatBox(state.seat, { me: true })]));
}

function drawMiddle() {
  const view = table.state.view;
  $("stock").replaceChildren(backElement(view.stock_size));
  $("stock").title = t("stock: {count}", { count: view.stock_size });
  const pile = view.pile;
  const faces = pile.slice(-3).map(([code]) => cardElement(code));
  if (!faces.length) { const empty = document.createElement("span"); empty.className = "card empty"; faces.push(empty); }
  $("pile").replaceChildren(...faces);
  $("pile").title = t("discard pile: {count}", { count: pile.length });
}

function drawMelds() {
  const view = table.state.view;
  const pointsAtMelds = table.state.legal.some((c) => c.target !== null);
  const melds = view.melds.map((meld, index) => {
    const box = document.createElement(pointsAtMelds ? "button" : "div");
    box.className = "meld" + (table.meld === index ? " chosen" : "");
    box.dataset.meld = index;
    const label = document.createElement("small");
    label.textContent = `${index + 1} \u00b7 ${seatName(meld.owner)}`;
    box.append(label, ...meld.cards.map((code) => cardElement(code, { small: true })));
    if (pointsAtMelds) {
      box.type = "button";
      box.addEventListener("click", () => { table.meld = table.meld === index ? null : index; render(); });
    }
    return box;
  });
  $("melds").replaceChildren(...melds);
}

function drawHand() {
  const { state } = table;
  const hand = state.view.hand;
  const chosen = selectedCards();
  const could = usable(state.legal, chosen);
  $("hand").replaceChildren(...hand.map((code, index) => {
    const card = cardElement(code, {
      onClick: () => {
        if (table.selected.has(index)) table.selected.delete(index); else table.selected.add(index);
        render();
      },
    });
    card.dataset.index = index;
    if (table.selected.has(index)) card.classList.add("selected");
    else if (could.has(code)) card.classList.add("usable");
    return card;
  }));
}

function actionButton(text, { call = false, verb = "", disabled = false, title = "" } = {}) {
  const button = document.createElement("button");
  button.type = "button";
  button.textContent = text;
  button.dataset.verb = verb;
  if (call) button.classList.add("call");
  button.disabled = disabled;
  if (title) button.title = title;
  return button;
}

function choose(matches) {
  const chooser = $("chooser");
  chooser.replaceChildren(document.createTextNode(`${t("Which one?")} `), ...matches.map((c) => {
    const button = actionButton(c.detail || c.label, { verb: c.verb });
    button.dataset.text = c.text;
    button.addEventListener("click", () => send(c.text));
    return button;
  }), (() => { const b = actionButton(t("cancel")); b.addEventListener("click", () => { chooser.hidden = true; }); return b; })());
  chooser.hidden = false;
}

function drawActions() {
  const { state } = table;
  const cards = selectedCards();
  const calls = [], buttons = [], hints = [];
  for (const [verb, group] of groupByVerb(state.legal)) {
    const call = group.some((c) => c.call);
    const target = call ? calls : buttons;
    if (!pointing(group)) {
      for (const c of group) {
        const words = group.length > 1 && c.detail ? `${c.label} ${c.detail}` : c.label;
        const button = actionButton(words, { call, verb });
        button.dataset.text = c.text;
        button.addEventListener("click", () => send(c.text));
        target.push(button);
      }
      continue;
    }
    const matches = matching(group, cards, table.meld);
    const button = actionButton(group[0].label, { call, verb, disabled: matches.length === 0, title: hintFor(group, t) });
    if (matches.length === 0) hints.push(hintFor(group, t));
    button.addEventListener("click", () => {
      if (matches.length === 1) send(matches[0].text); else choose(matches);
    });
    target.push(button);
  }
  if (table.selected.size || table.meld !== null) {
    const clear = actionButton(t("Clear selection"), { verb: "" });
    clear.classList.add("clear");
    clear.addEventListener("click", () => { table.selected.clear(); table.meld = null; render(); });
    buttons.push(clear);
  }
  $("calls").replaceChildren(...calls);
  $("actions").replaceChildren(...buttons);
  $("hint").textContent = state.legal.length ? hints.join(" \u00b7 ") : "";
}

// What each phase asks of the seat deciding (a game's own phase shows its name).
const ASKS = {
  draw: "draw, or take the discard",
  meld: "go down, lay off, or discard",
  request: "May I? for the discard",
  first_refusal: "take the discard, or pass",
  consent: "someone asks for the discard: allow it, or take it yourself",
  buy: "take the card you bought",
  claim: "Posso? claim the discard with a meld, or pass",
  correction: "put the discard on a meld it fits, or pass",
  second_claim: "claim the card now on top, or pass",
  play: "play, or draw",
};

function drawTurn() {
  const { state } = table;
  const waiting = state.open.filter((seat) => seat !== state.seat).map(seatName);
  let text;
  if (state.over) {
    text = t("Match over: {seats} won", { seats: state.outcome.winners.map(seatName).join(", ") });
  } else if (state.open.includes(state.seat)) {
    const phase = state.view.phase;
    const empty = phase === "draw" && !(state.view.pile && state.view.pile.length);
    const asks = empty ? t("draw (the discard pile is empty)") : ASKS[phase] ? t(ASKS[phase]) : state.phase_said || phase;
    text = t("Your decision: {asks}", { asks });
    if (waiting.length) text = t("{text} ({seats} too)", { text, seats: waiting.join(", ") });
  } else if (table.sent && table.sent.step === state.step) {
    text = t("You said \u201c{label}\u201d: waiting for {seats}", { label: table.sent.label, seats: waiting.join(", ") || t("the table") });
  } else if (waiting.length) {
    text = t("Waiting for {seat}", { seat: waiting.join(", ") });
  } else {
    text = t("Waiting for {seat}", { seat: seatName(state.view.to_act) });
  }
  const left = state.open.includes(state.seat) ? secondsLeft(state.seat) : null;
  $("turn").textContent = text;
  $("turn").dataset.left = left === null ? "" : t("{seconds} s", { seconds: left });
}

function tick() {
  if (!table.state) return;
  if (table.state.open.includes(table.state.seat)) {
    const left = secondsLeft(table.state.seat);
    $("turn").dataset.left = left === null ? "" : t("{seconds} s", { seconds: left });
    $("turn").classList.toggle("hurry", left !== null && left <= 5);
  } else {
    $("turn").dataset.left = "";
    $("turn").classList.remove("hurry");
  }
  for (const box of document.querySelectorAll(".seat")) {
    const left = secondsLeft(Number(box.dataset.seat));
    box.querySelector(".clock").textContent = left === null ? "" : t("{seconds} s left", { seconds: left });
    box.classList.toggle("hurry", left !== null && left <= 5);
  }
}

function render() {
  if (!table.state) return;
  drawInfo();
  drawSeats();
  drawMiddle();
  drawMelds();
  drawHand();
  drawActions();
  drawTurn();
  tick();
}

function receive(data) {
  table.messages += 1;
  if (data.type === "refused") {
    const error = data.error;  // said: the refusal in the seat's language, made from its code
    $("refused").textContent = data.said || `${error.rule ? error.rule + ": " : ""}${error.reason}`;
    return;
  }
  $("refused").textContent = "";
  if (table.state && table.state.locale !== data.locale) $("events").replaceChildren();  // said anew
  useWords(data);
  const before = table.state ? table.state.view.hand.join() : null;
  table.state = data;
  table.received = performance.now();
  if (before !== data.view.hand.join()) { table.selected.clear(); }
  if (table.meld !== null && table.meld >= data.view.melds.length) table.meld = null;
  $("chooser").hidden = true;
  const notices = data.timed_out.map((seat) => seat === data.seat
    ? t("You ran out of time: the server played for you.")
    : t("{seat} ran out of time: the server played for them.", { seat: seatName(seat) }));
  for (const event of data.events) {  // a deal's end and who went out stay in view
    for (const effect of event.effects) {
      if (effect.type === "DealEnded" || effect.type === "WentOut") notices.push(effect.said || effect.text);
    }
  }
  if (notices.length || data.events.length) $("notice").textContent = notices.join(" \u00b7 ");
  for (const seat of data.timed_out) {
    const item = document.createElement("li");
    item.className = "timeout";
    item.textContent = seat === data.seat
      ? t("You ran out of time: the server played for you.")
      : t("{seat} ran out of time: the server played for them.", { seat: seatName(seat) });
    $("events").prepend(item);
  }
  for (const event of data.events) {
    const item = document.createElement("li");
    item.textContent = describe(event);
    $("events").prepend(item);
  }
  render();
}

function sit() {
  $("table").hidden = false;
  const watching = params.has("watch");
  let auto = Number(params.get("auto") || 0);
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const id = encodeURIComponent(params.get("table"));
  let language = chosenLanguage();
  const address = () => (watching
    ? `${scheme}://${location.host}/ws/${id}/watch?lang=${encodeURIComponent(language)}`
    : `${scheme}://${location.host}/ws/${id}/${Number(params.get("seat"))}` +
      `?token=${encodeURIComponent(params.get("token") || "")}&lang=${encodeURIComponent(language)}`);
  $("lang").addEventListener("change", () => {
    language = $("lang").value;
    rememberLanguage(language);
    if (watching) { if (table.socket) table.socket.close(); return; }  // reconnects in it
    if (table.socket && table.socket.readyState === WebSocket.OPEN) table.socket.send(JSON.stringify({ lang: language }));
  });
  document.body.classList.toggle("watching", watching);
  if (!watching && !remembered().some((s) => s.url === location.href)) remember({ url: location.href.replace(/&auto=\d+/, ""), text: t("seat {seat} of a table", { seat: seatName(Number(params.get("seat"))) }) });
  let wait = 500;
  const connect = () => {
    const socket = new WebSocket(address());
    table.socket = socket;
    socket.addEventListener("open", () => { status(t(watching ? "watching" : "connected")); wait = 500; });
    socket.addEventListener("close", (event) => {
      if (event.code === 4403) { status(t("this link opens no seat")); return; }
      status(t("reconnecting\u2026"));
      setTimeout(connect, wait);
      wait = Math.min(wait * 2, 8000);
    });
    socket.addEventListener("message", (message) => {
      const data = JSON.parse(message.data);
      receive(data);
      if (data.type === "state" && auto > 0 && data.view.legal.length) {
        auto -= 1;
        setTimeout(() => send(data.view.legal[0].text), 100);
      }
    });
  };
  connect();
  setInterval(tick, 250);
}

if (params.has("table")) { sit(); } else { lobby(); }
