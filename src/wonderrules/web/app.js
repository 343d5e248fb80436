// The page of `wr serve`: set up a table, then play one's seat, over the JSON protocol (docs/protocol.rst).
// Plain JavaScript, no build step. Every text from the server is shown with textContent, never as HTML.
"use strict";

const page = {
  socket: null,
  waiting: [],          // the functions that receive the replies still to come, in order
  setup: { rules: ["base"], label: "base" },
  game: null,           // the table's name, such as "g1"
  token: null,          // this page's seat token (null: a spectator)
  links: [],            // the join links of the other human seats, for whoever created the table
  refreshing: 0,        // the number of the latest refresh (an older one's answer is dropped)
};

// ---- small helpers -----------------------------------------------------------------------------

function $(id) { return document.getElementById(id); }

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (key === "class") node.className = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value);
  }
  for (const child of children) {
    if (child === null || child === undefined) continue;
    node.append(typeof child === "string" || typeof child === "number" ? String(child) : child);
  }
  return node;
}

function showError(box, reply) {
  box.hidden = !reply;
  box.textContent = reply ? reply.message + (reply.field ? " (" + reply.field + ")" : "") : "";
}

function setStatus(text) { $("status").textContent = text; }

// ---- the socket ------------------------------------------------------------------------------

// Replies come in the order of the messages, so they are matched by order.
function send(message) {
  return new Promise((resolve) => {
    page.waiting.push(resolve);
    page.socket.send(JSON.stringify(message));
  });
}

function connect() {
  return new Promise((resolve) => {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const socket = new WebSocket(scheme + "://" + location.host + "/ws");
    socket.addEventListener("open", () => { setStatus("connected"); resolve(); });
    socket.addEventListener("close", () => setStatus("disconnected: reload the page to connect again"));
    socket.addEventListener("message", (event) => {
      const message = JSON.parse(event.data);
      if (message.type === "changed") {
        if (message.game === page.game) refresh();  // another seat or a spectator moved the table on
      } else if (page.waiting.length) {
        page.waiting.shift()(message);
      }
    });
    page.socket = socket;
  });
}

// ---- setting up a table ----------------------------------------------------------------------

function addSeat(who) {
  const input = el("input", { type: "text", value: who, class: "seat", "aria-label": "seat" });
  $("seats").append(el("li", {}, input));
}

function chosenRules() {
  const from = document.querySelector("input[name=rules-from]:checked").value;
  if (from === "bundled") return [$("bundled").value];
  if (from === "text") {
    const file = $("rules-file").files[0];
    const name = file ? file.name.replace(/\.wr$/, "") : "my_variant";
    return [{ name, text: $("rules-text").value }];
  }
  return page.setup.rules;
}

async function createTable(event) {
  event.preventDefault();
  const seats = [...document.querySelectorAll("#seats input.seat")].map((input) => input.value.trim());
  const options = $("options").value.split(/[\s,]+/).filter((word) => word);
  const reply = await send({
    type: "create", rules: chosenRules(), seats, options,
    seed: Number($("seed").value || 0), sides: $("sides").value,
  });
  $("diagnostics").replaceChildren();
  if (reply.type === "error") {
    showError($("setup-error"), reply);
    for (const d of reply.diagnostics || []) {
      const where = d.file ? d.file + (d.line ? ":" + d.line + ":" + (d.column || 0) : "") + ": " : "";
      $("diagnostics").append(el("li", {}, where + (d.severity || "") + " " + (d.code || "") + ": " + d.message));
    }
    return;
  }
  showError($("setup-error"), null);
  const humans = reply.seats.filter((s) => s.who === "human");
  const base = location.origin + location.pathname;
  page.links = humans.slice(1).map((s) => ({ seat: s.seat, url: base + "#game=" + reply.game + "&token=" + s.token }));
  page.links.push({ seat: null, url: base + "#game=" + reply.game });
  openTable(reply.game, humans.length ? humans[0].token : null);
}

// ---- the table -------------------------------------------------------------------------------

function openTable(game, token) {
  page.game = game;
  page.token = token;
  history.replaceState(null, "", "#game=" + game + (token ? "&token=" + token : ""));
  $("setup").hidden = true;
  $("table").hidden = false;
  $("table-title").textContent = "Table " + game + (token ? "" : " (watching)");
  const links = $("links");
  links.replaceChildren();
  for (const link of page.links) {
    const what = link.seat === null ? "Spectators watch at" : "Seat " + link.seat + " joins at";
    links.append(el("p", { class: "links" }, what + ": ", el("input", { type: "text", readonly: "", value: link.url })));
  }
  refresh();
}

async function refresh() {
  const mine = ++page.refreshing;
  const seen = { type: "observe", game: page.game };
  if (page.token) seen.token = page.token;
  const view = await send(seen);
  let legal = null;
  if (view.type !== "error" && page.token && !view.over) legal = await send({ type: "legal", game: page.game, token: page.token });
  if (mine !== page.refreshing) return;  // a newer refresh is under way
  if (view.type === "error") { showError($("table-error"), view); return; }
  showError($("table-error"), legal && legal.type === "error" ? legal : null);
  showTurn(view, legal);
  showActions(legal);
  showCities(view.observation);
  showScores(view);
  $("step").hidden = view.over || !!view.stopped || (view.waiting_for || []).length > 0;
}

function showTurn(view, legal) {
  const o = view.observation;
  let text = "Round " + view.round + (o.age !== undefined ? ", age " + o.age : "") + (o.turn !== undefined ? ", turn " + o.turn : "");
  if (view.stopped) text += ": the game stopped: " + view.stopped;
  else if (view.over) text += ": the game is over.";
  else if (legal && legal.chosen) text += ": you chose; waiting for seats " + view.waiting_for.join(", ") + ".";
  else if (legal && legal.decision) text += ": your decision (" + legal.decision.kind + (legal.decision.detail ? ", " + legal.decision.detail : "") + ").";
  else if ((view.waiting_for || []).length) text += ": waiting for seats " + view.waiting_for.join(", ") + ".";
  $("turn").textContent = text;
}

function showActions(legal) {
  const box = $("actions");
  box.replaceChildren();
  if (!legal || legal.type === "error") return;
  const chosen = legal.chosen ? JSON.stringify(legal.chosen) : null;
  for (const entry of legal.actions) {
    const coins = entry.coins_to_bank ? el("span", { class: "coins" }, " (" + entry.coins_to_bank + " to the bank)") : null;
    const button = el("button", { type: "button", class: "action", onclick: () => act(entry.action) }, entry.label, coins);
    if (chosen === JSON.stringify(entry.action)) button.classList.add("chosen");
    box.append(button);
  }
}

async function act(action) {
  const reply = await send({ type: "act", game: page.game, token: page.token, action });
  if (reply.type === "error") { showError($("table-error"), reply); return; }
  refresh();
}

async function step() {
  const reply = await send({ type: "step", game: page.game });
  if (reply.type === "error") { showError($("table-error"), reply); return; }
  refresh();
}

function zoneItem(name, zone) {
  if (zone.cards) return el("li", {}, name + " (" + zone.cards.length + "): " + (zone.cards.join(", ") || "none"));
  return el("li", {}, name + ": " + zone.size + " card" + (zone.size === 1 ? "" : "s"));
}

function counts(values) {
  return Object.entries(values || {}).map(([name, n]) => name + " " + n).join(", ");
}

function showCities(o) {
  const box = $("cities");
  box.replaceChildren();
  for (const city of o.cities) {
    const mine = o.player === city.seat;
    const zones = el("ul", {}, ...Object.entries(city.zones || {}).map(([name, zone]) => zoneItem(name, zone)));
    const lines = [
      el("div", {}, "Coins: " + city.coins + "; stages built: " + city.stages_built + " of " + city.stages),
      Object.keys(city.tokens || {}).length ? el("div", {}, "Tokens: " + counts(city.tokens)) : null,
      Object.keys(city.symbols || {}).length ? el("div", {}, "Symbols: " + counts(city.symbols)) : null,
    ];
    const title = "Seat " + city.seat + ": " + (city.board || "") + (city.side ? " (" + city.side + ")" : "") + (mine ? " (you)" : "");
    box.append(el("div", { class: "city" + (mine ? " mine" : ""), "data-seat": city.seat }, el("h4", {}, title), ...lines, zones));
  }
  for (const [name, zone] of Object.entries(o.table || {})) box.append(el("div", { class: "city" }, el("ul", {}, zoneItem(name, zone))));
}

function showScores(view) {
  const box = $("scores");
  box.replaceChildren();
  if (!view.scores) return;
  const columns = Object.keys(view.scores[0]).filter((key) => key !== "seat" && key !== "choices");
  const head = el("tr", {}, el("th", {}, "seat"), ...columns.map((c) => el("th", {}, c)));
  const rows = view.scores.map((sheet) => el("tr", { class: view.winners.includes(sheet.seat) ? "winner" : "" },
    el("td", {}, sheet.seat), ...columns.map((c) => el("td", {}, sheet[c]))));
  box.append(el("h3", {}, "Score sheet"), el("table", { class: "scores", id: "score-sheet" }, head, ...rows),
    el("p", {}, "Winners: seat " + view.winners.join(", seat ")));
}

// ---- start -----------------------------------------------------------------------------------

async function start() {
  for (const who of ["human", "greedy", "greedy"]) addSeat(who);
  $("add-seat").addEventListener("click", () => addSeat("greedy"));
  $("remove-seat").addEventListener("click", () => { const last = $("seats").lastElementChild; if (last) last.remove(); });
  $("setup-form").addEventListener("submit", createTable);
  $("step").addEventListener("click", step);
  $("rules-file").addEventListener("change", async () => {
    const file = $("rules-file").files[0];
    if (!file) return;
    $("rules-text").value = await file.text();
    document.querySelector("input[name=rules-from][value=text]").checked = true;
  });
  $("rules-text").addEventListener("input", () => { document.querySelector("input[name=rules-from][value=text]").checked = true; });
  page.setup = await (await fetch("setup.json")).json();
  $("server-rules").textContent = page.setup.label;
  await connect();
  const welcome = await send({ type: "hello" });
  $("bundled").replaceChildren(...welcome.bundled.map((name) => el("option", {}, name)));
  $("agent-names").textContent = welcome.agents.join(", ");
  const fragment = new URLSearchParams(location.hash.slice(1));
  if (fragment.get("game")) openTable(fragment.get("game"), fragment.get("token"));
}

start();
