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
  undoOpen: false,      // whether this page's table was created with undo open
  replay: null,         // for a replayed log: {rounds, seat} (seat: whose view is shown, null: a spectator's)
  playing: false,       // whether the rounds are stepped on a timer
  timer: null,          // the timer of the next step
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
  const humanSeats = seats.filter((who) => who === "human").length;
  const undo = humanSeats === 1 && $("undo").checked;
  // a table of agents only is played round by round, to be watched (or stepped through)
  const reply = await send({
    type: "create", rules: chosenRules(), seats, options,
    seed: Number($("seed").value || 0), sides: $("sides").value, auto: humanSeats > 0, undo,
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
  page.undoOpen = undo;
  openTable(reply.game, humans.length ? humans[0].token : null);
}

function showUndoChoice() {
  const humans = [...document.querySelectorAll("#seats input.seat")].filter((input) => input.value.trim() === "human");
  $("undo-choice").hidden = humans.length !== 1;
}

async function replayLog(event) {
  event.preventDefault();
  const file = $("replay-file").files[0];
  if (!file) { showError($("replay-error"), { message: "choose a log file first" }); return; }
  let log;
  try {
    log = JSON.parse(await file.text());
  } catch (error) {
    showError($("replay-error"), { message: "the file is not JSON: " + error.message });
    return;
  }
  const reply = await send({ type: "replay", log });
  if (reply.type === "error") { showError($("replay-error"), reply); return; }
  showError($("replay-error"), null);
  page.replay = { rounds: reply.rounds, seat: null };
  page.links = [];
  const choice = $("replay-seat");
  const players = Number(log.players) || 0;
  choice.replaceChildren(el("option", { value: "" }, "a spectator"),
    ...[...Array(players).keys()].map((seat) => el("option", { value: String(seat) }, "seat " + seat)));
  $("replay-seat-choice").hidden = false;
  openTable(reply.game, null);
}

// ---- the table -------------------------------------------------------------------------------

function openTable(game, token) {
  page.game = game;
  page.token = token;
  history.replaceState(null, "", "#game=" + game + (token ? "&token=" + token : ""));
  $("setup").hidden = true;
  $("table").hidden = false;
  $("table-title").textContent = "Table " + game + (page.replay ? " (a replayed log)" : token ? "" : " (watching)");
  $("step").textContent = page.replay ? "Next round" : "Play the next round";
  $("undo-round").hidden = !(page.undoOpen && token);
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
  if (page.replay && page.replay.seat !== null) seen.seat = page.replay.seat;
  const view = await send(seen);
  let legal = null;
  if (view.type !== "error" && page.token && !view.over) legal = await send({ type: "legal", game: page.game, token: page.token });
  if (mine !== page.refreshing) return;  // a newer refresh is under way
  if (view.type === "error") { showError($("table-error"), view); return; }
  showError($("table-error"), legal && legal.type === "error" ? legal : null);
  showTurn(view, legal);
  showActions(legal, view.observation);
  showRefused(legal);
  showCities(view.observation);
  showScores(view);
  const steppable = !view.over && !view.stopped && (view.waiting_for || []).length === 0
    && !(page.replay && view.round >= page.replay.rounds);
  if (page.playing && !steppable) setPlaying(false);
  else if (page.playing && page.timer === null) page.timer = setTimeout(tick, Number($("speed").value));
  $("watch").hidden = !steppable;
}

function showTurn(view, legal) {
  const o = view.observation;
  let text = "Round " + view.round + (page.replay ? " of " + page.replay.rounds : "")
    + (o.age !== undefined ? ", age " + o.age : "") + (o.turn !== undefined ? ", turn " + o.turn : "");
  if (view.stopped) text += ": the game stopped: " + view.stopped;
  else if (view.over) text += ": the game is over.";
  else if (page.replay && view.round >= page.replay.rounds) text += ": the end of the log.";
  else if (legal && legal.chosen) text += ": you chose; waiting for seats " + view.waiting_for.join(", ") + ".";
  else if (legal && legal.decision) {
    const d = legal.decision;
    const forWhom = d.seat !== d.player ? ", for seat " + d.seat : "";
    text += ": your decision (" + d.kind + forWhom + (d.detail ? ", " + d.detail : "") + ").";
  }
  else if ((view.waiting_for || []).length) text += ": waiting for seats " + view.waiting_for.join(", ") + ".";
  $("turn").textContent = text;
}

// The legal actions grouped by move (kind, card, way, amount): one row each, with a button per
// way to pay it (the coins to each seller, placed by the neighbours of the deciding city, and to the bank).
function moveKey(action) {
  return JSON.stringify([action.kind, action.card || "", action.way || "", action.amount || 0]);
}

// (an action without card, payment or way is a choice of a number: its amount is shown, 0 too)
function moveLabel(action) {
  let text = action.card ? action.kind + " " + action.card : action.kind;
  if (action.way) text += " (" + action.way + ")";
  if (action.amount || !(action.card || action.way || Object.keys(action.pay || {}).length)) {
    text += " " + (action.amount || 0);
  }
  return text;
}

function paidCoins(entry) {
  return entry.coins_to_bank + Object.values(entry.action.pay || {}).reduce((sum, coins) => sum + coins, 0);
}

function paymentText(entry, neighbours) {
  const parts = [];
  for (const [seat, coins] of Object.entries(entry.action.pay || {})) {
    const side = Object.entries(neighbours || {}).find(([, n]) => String(n) === seat);
    parts.push(coins + " to seat " + seat + (side ? " (" + side[0] + " neighbour)" : ""));
  }
  if (entry.coins_to_bank) parts.push(entry.coins_to_bank + " to the bank");
  return parts.length ? "pay " + parts.join(" + ") : "choose";
}

// The cost printed on the card or stage a move builds: "1 coin, 1 wood" (null: its kind costs nothing).
function costText(cost) {
  const parts = [];
  if (cost.coins) parts.push(cost.coins + " coin" + (cost.coins === 1 ? "" : "s"));
  for (const [name, units] of Object.entries(cost.resources)) parts.push(units + " " + name);
  return "cost: " + (parts.join(", ") || "nothing");
}

function showActions(legal, o) {
  const box = $("actions");
  box.replaceChildren();
  if (!legal || legal.type === "error") return;
  const chosen = legal.chosen ? JSON.stringify(legal.chosen) : null;
  const deciding = legal.decision ? o.cities.find((city) => city.seat === legal.decision.seat) : null;
  const neighbours = deciding ? deciding.neighbours : null;
  const moves = new Map();
  for (const entry of legal.actions) {
    const key = moveKey(entry.action);
    if (!moves.has(key)) moves.set(key, []);
    moves.get(key).push(entry);
  }
  for (const entries of moves.values()) {
    const cost = entries[0].cost;
    const row = el("div", { class: "move", "data-move": moveLabel(entries[0].action) },
      el("span", { class: "move-label" }, moveLabel(entries[0].action)),
      cost ? el("span", { class: "cost" }, costText(cost)) : el("span", { class: "cost-gap" }));
    for (const entry of entries) {
      const paid = paidCoins(entry);
      const button = el("button", { type: "button", class: "action", title: entry.label, "data-coins": paid,
        onclick: () => act(entry.action) }, paymentText(entry, neighbours));
      if (chosen === JSON.stringify(entry.action)) button.classList.add("chosen");
      row.append(button);
    }
    box.append(row);
  }
}

// The moves refused now, by card: each kind with its refusal's code and sentence. A kind refused
// for every card with one sentence (a wonder stage the city cannot pay) is shown once.
function showRefused(legal) {
  const box = $("refused");
  box.replaceChildren();
  if (!legal || legal.type === "error" || !(legal.refused || []).length) return;
  const cards = [...new Set(legal.refused.map((entry) => entry.action.card))];
  const offered = new Set(legal.actions.map((entry) => entry.action.card).filter((card) => card));
  const whole = new Map();  // kind -> its one refusal for every card
  for (const kind of new Set(legal.refused.map((entry) => entry.action.kind))) {
    const of = legal.refused.filter((entry) => entry.action.kind === kind);
    if (of.length > 1 && of.length === offered.size && of.every((entry) => entry.reason === of[0].reason)) whole.set(kind, of[0]);
  }
  const reason = (entry, what) => el("li", { class: "refusal", "data-code": entry.code },
    what + ": ", el("code", {}, entry.code), " " + entry.reason);
  const list = el("ul", {});
  for (const [kind, entry] of whole) list.append(el("li", { class: "refused-kind" }, reason(entry, kind + ", with any card")));
  for (const card of cards) {
    const entries = legal.refused.filter((entry) => entry.action.card === card && !whole.has(entry.action.kind));
    if (!entries.length) continue;
    list.append(el("li", { class: "refused-card", "data-card": card }, card,
      el("ul", {}, ...entries.map((entry) => reason(entry, entry.action.kind)))));
  }
  box.append(el("h3", {}, "Not possible now"), list);
}

async function act(action) {
  const reply = await send({ type: "act", game: page.game, token: page.token, action });
  if (reply.type === "error") { showError($("table-error"), reply); return; }
  refresh();
}

async function step() {
  const reply = await send({ type: "step", game: page.game });
  if (reply.type === "error") { setPlaying(false); showError($("table-error"), reply); return; }
  await refresh();
}

// Watching: a step on a timer, at the chosen speed, until paused or nothing is left to step.
function setPlaying(playing) {
  page.playing = playing;
  $("play").textContent = playing ? "Pause" : "Play";
  if (page.timer !== null) clearTimeout(page.timer);
  page.timer = null;
  if (playing) page.timer = setTimeout(tick, Number($("speed").value));
}

async function tick() {
  page.timer = null;
  if (!page.playing) return;
  await step();  // refresh sets the next timer while the table may still be stepped
}

async function undo() {
  const reply = await send({ type: "undo", game: page.game, token: page.token });
  if (reply.type === "error") { showError($("table-error"), reply); return; }
  refresh();
}

async function downloadLog() {
  const reply = await send({ type: "log", game: page.game });
  if (reply.type === "error") { showError($("table-error"), reply); return; }
  const blob = new Blob([JSON.stringify(reply.log, null, 1)], { type: "application/json" });
  const url = URL.createObjectURL(blob);
  const link = el("a", { href: url, download: page.game + ".log.json" });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60000);  // the download has long started by then
}

function zoneItem(name, zone) {
  if (zone.cards) return el("li", {}, name + " (" + zone.cards.length + "): " + (zone.cards.join(", ") || "none"));
  return el("li", {}, name + ": " + zone.size + " card" + (zone.size === 1 ? "" : "s"));
}

// "name n" for each entry; a token kept as {count, value} shows its summed value too ("defeat 2 (-2)")
function counts(values) {
  return Object.entries(values || {}).map(([name, n]) => {
    if (n !== null && typeof n === "object") return name + " " + n.count + (n.value !== undefined ? " (" + n.value + ")" : "");
    return name + " " + n;
  }).join(", ");
}

function showCities(o) {
  const box = $("cities");
  box.replaceChildren();
  for (const city of o.cities) {
    const mine = o.player === city.seat;
    const zones = el("ul", {}, ...Object.entries(city.zones || {}).map(([name, zone]) => zoneItem(name, zone)));
    const sides = Object.entries(city.neighbours || {}).map(([side, seat]) => side + ": seat " + seat).join(", ");
    const lines = [
      el("div", {}, "Coins: " + city.coins + "; stages built: " + city.stages_built + " of " + city.stages),
      sides ? el("div", { class: "neighbours" }, "Neighbours: " + sides) : null,
      Object.keys(city.tokens || {}).length ? el("div", {}, "Tokens: " + counts(city.tokens)) : null,
      Object.keys(city.symbols || {}).length ? el("div", {}, "Symbols: " + counts(city.symbols)) : null,
    ];
    const title = "Seat " + city.seat + ": " + (city.board || "") + (city.side ? " (" + city.side + ")" : "")
      + (city.neutral ? " (neutral)" : "") + ((o.controls || []).includes(city.seat) ? " (you control it)" : "")
      + (mine ? " (you)" : "");
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
  showUndoChoice();
  $("add-seat").addEventListener("click", () => { addSeat("greedy"); showUndoChoice(); });
  $("remove-seat").addEventListener("click", () => { const last = $("seats").lastElementChild; if (last) last.remove(); showUndoChoice(); });
  $("seats").addEventListener("input", showUndoChoice);
  $("setup-form").addEventListener("submit", createTable);
  $("replay-form").addEventListener("submit", replayLog);
  $("step").addEventListener("click", () => { setPlaying(false); step(); });
  $("play").addEventListener("click", () => setPlaying(!page.playing));
  $("speed").addEventListener("change", () => { if (page.playing) setPlaying(true); });
  $("undo-round").addEventListener("click", undo);
  $("download-log").addEventListener("click", downloadLog);
  $("replay-seat").addEventListener("change", () => {
    page.replay.seat = $("replay-seat").value === "" ? null : Number($("replay-seat").value);
    refresh();
  });
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
