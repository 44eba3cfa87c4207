// Cards on the page, and which buttons a selection enables. No build step: plain script.
//
// The server sends each legal action as {text, verb, uses, target, label, detail, call}:
// `uses` are the hand cards it needs selected, `target` the meld it points at. A button
// is enabled when some action of its verb uses exactly the selected cards (and points at
// the selected meld, when it points at one); the page never builds an action's text.
"use strict";

const SUITS = { S: "\u2660", H: "\u2665", D: "\u2666", C: "\u2663" };

function seatName(seat) { return seat === null || seat === undefined ? "the table" : String.fromCharCode(65 + seat); }

// A card's rank and suit symbol: "10H" -> ["10", "♥"]; a joker -> ["★", ""].
function cardParts(code) {
  const suit = code.slice(-1);
  if (SUITS[suit]) return [code.slice(0, -1), SUITS[suit]];
  return code === "JK" ? ["\u2605", "JK"] : [code, ""];
}

function pretty(code) { const [rank, suit] = cardParts(code); return code === "JK" ? "JK" : rank + suit; }

// A card element: a button when `onClick` is given (a hand card), else a plain face.
function cardElement(code, { onClick = null, small = false } = {}) {
  const element = document.createElement(onClick ? "button" : "span");
  const [rank, suit] = cardParts(code);
  element.className = "card" + (small ? " small" : "");
  if ("HD".includes(code.slice(-1)) && SUITS[code.slice(-1)]) element.classList.add("red");
  if (code === "JK") element.classList.add("joker");
  element.dataset.code = code;
  element.setAttribute("aria-label", code);
  const top = document.createElement("b");
  top.textContent = rank;
  const bottom = document.createElement("i");
  bottom.textContent = suit;
  element.append(top, bottom);
  if (onClick) { element.type = "button"; element.addEventListener("click", onClick); }
  return element;
}

function backElement(count) {
  const element = document.createElement("span");
  element.className = "card back";
  element.textContent = String(count);
  return element;
}

function sameCards(a, b) {
  if (a.length !== b.length) return false;
  const x = [...a].sort(), y = [...b].sort();
  return x.every((card, i) => card === y[i]);
}

// The legal actions grouped by verb, in the server's order: [[verb, [choice, …]], …].
function groupByVerb(legal) {
  const groups = new Map();
  for (const choice of legal) {
    if (!groups.has(choice.verb)) groups.set(choice.verb, []);
    groups.get(choice.verb).push(choice);
  }
  return [...groups.entries()];
}

// Whether a group is played by pointing (its actions use hand cards or point at a meld).
function pointing(group) { return group.some((c) => c.uses.length > 0 || c.target !== null); }

// The actions of a group that the selection (hand cards, meld or null) makes.
function matching(group, cards, meld) {
  return group.filter((c) => sameCards(c.uses, cards) && (c.target === null || c.target === meld));
}

// What to tell a person who has not selected what a pointing group needs (`say` looks up
// the page's words in the seat's language; without it, English).
function hintFor(group, say = (text, values) => text.replace(/\{(\w+)\}/g, (w, name) => values[name])) {
  const targets = group.some((c) => c.target !== null);
  const most = Math.max(...group.map((c) => c.uses.length));
  const label = group[0].label;
  if (targets) return say("{label}: select a card, then a meld", { label });
  return say(most === 1 ? "{label}: select a card" : "{label}: select its cards", { label });
}

// The hand cards that some action of a pointing group could still use with the selection.
function usable(legal, cards) {
  const out = new Set();
  for (const choice of legal) {
    const rest = [...choice.uses];
    if (!cards.every((card) => { const i = rest.indexOf(card); if (i < 0) return false; rest.splice(i, 1); return true; })) continue;
    rest.forEach((card) => out.add(card));
  }
  return out;
}

if (typeof module !== "undefined") module.exports = { sameCards, groupByVerb, pointing, matching, usable };
