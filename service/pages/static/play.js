/* The player's page: the public board beside the seat's own view and its moves.
 *
 * The page decides no rule. Every move it offers is one the server listed in the seat's
 * `legal_moves` (GET /games/{id}/me): each entry's ready command, and the alternatives
 * the entry names (other payments, cities), made into commands by the kind's module
 * (play-ttr.js, play-colt.js) exactly as the command's documentation spells them. Moves
 * are grouped (a route, a card pile, a ticket offer, a Colt Express action): a control
 * with `data-choice` opens a group, a control with `data-command` sends the JSON it
 * carries as it is, so every legal move is two clicks away at most. A refusal is shown
 * in the problem's words with its rule section, and the page asks /me again.
 *
 * Live: a stream ticket (POST /games/{id}/stream-tickets) opens the seat's stream; its
 * `game` events are the seat's /me. When the stream breaks (a network fault, a server
 * restart) the page asks for a new ticket and resumes after the last record it saw,
 * waiting longer each time. The token itself (seats.js) is sent only in the
 * Authorization header. What the table shows beside the moves (whose turn, the seats,
 * the feed, the final sheets) is drawn by play-table.js.
 */
"use strict";

const gameId = decodeURIComponent(location.pathname.split("/")[2]);
const $ = (id) => document.getElementById(id);
const api = (path) => `/games/${encodeURIComponent(gameId)}${path}`;
/** the longest wait between two attempts to reopen the stream */
const RETRY_MAX_MS = 8000;

/** A kind the page has no module for: its moves grouped by type, told by their fields. */
const ANY_KIND = {
  expand: (move) => [move.command],
  group: (command) => command.type,
  groupLabel: (key) => Phrases.words(key),
  label: (command) => Object.entries(command).filter(([name]) => name !== "type")
    .map(([name, value]) => `${Phrases.words(name)} ${JSON.stringify(value)}`).join(", ")
    || Phrases.words(command.type),
  onBoard: () => null,
  mine: () => [],
  seatLine: (view, seat, ctx) => ctx.element("span"),
};

const page = {
  token: null,
  kind: null,       // the kind's module: PlayKinds[kind]
  book: null,       // the phrase book (phrases.js)
  material: {},
  game: null,       // the public game (GET /games/{id})
  me: null,         // the seat's view (GET /games/{id}/me)
  groups: new Map(),  // group key -> {label, commands: [{command, label}]}
  open: null,       // the key of the open group
  records: [],      // the records heard, oldest first
  last: 0,          // the newest record's version heard on the stream
  stream: null,
  retry: 500,
  sending: false,
  drawnGroups: "",  // what the move controls show, to redraw them only when it changes
  drawing: 0,
};

function status(text) {
  $("status").textContent = text;
}

async function seatCall(method, path, body) {
  return Seats.call(method, api(path), { bearer: page.token, body });
}

/** The seat's moves as groups: key -> {label, commands}, in the order first listed. */
function grouped(me) {
  const groups = new Map();
  const seen = new Set();
  for (const move of me.legal_moves) {
    for (const command of page.kind.expand(move)) {
      const json = JSON.stringify(command);
      if (seen.has(json)) continue;
      seen.add(json);
      const key = page.kind.group(command);
      if (!groups.has(key)) groups.set(key, { label: page.kind.groupLabel(key, command, context()), commands: [] });
      groups.get(key).commands.push({ json, label: page.kind.label(command, context()) });
    }
  }
  // the few groups of a kind first (the card piles, the tickets), then the many (routes, cities)
  const rank = page.kind.rank ?? (() => 0);
  return new Map([...groups].sort(([a], [b]) => rank(a) - rank(b)));
}

/** What the kind's module reads to word moves and draw the seat's things. */
function context() {
  return { book: page.book, material: page.material, me: page.me, game: page.game, element };
}

function drawGroups() {
  for (const drawn of $("board").querySelectorAll("[data-choice]")) {
    drawn.classList.toggle("open", drawn.dataset.choice === page.open);
  }
  // unchanged moves are not redrawn: the control a player is on keeps its focus
  const drawn = JSON.stringify([page.open, page.me?.status,
    [...page.groups].map(([key, group]) => [key, group.label, group.commands])]);
  if (drawn === page.drawnGroups) return;
  page.drawnGroups = drawn;
  const buttons = [...page.groups].map(([key, group]) => element("button", {
    type: "button", "data-choice": key, "aria-expanded": String(key === page.open),
    "aria-controls": "commands", text: group.label,
  }));
  $("groups").replaceChildren(...buttons);
  if (!buttons.length) {
    $("groups").append(element("p", { text: page.me?.status === "finished"
      ? "The game is over." : "Nothing to do until your turn." }));
  }
  drawCommands();
}

function drawCommands() {
  const group = page.groups.get(page.open);
  $("commands").hidden = !group;
  if (!group) { $("command-list").replaceChildren(); return; }
  $("commands-heading").textContent = group.label;
  $("command-list").replaceChildren(...group.commands.map(({ json, label }) =>
    element("button", { type: "button", "data-command": json, text: label })));
}

function choose(key) {
  page.open = page.open === key ? null : key;
  drawGroups();
  if (page.open) $("command-list").querySelector("button")?.focus({ preventScroll: true });
}

async function send(json) {
  if (page.sending) return;
  page.sending = true;
  for (const button of document.querySelectorAll("[data-command]")) button.disabled = true;
  try {
    const answer = await Seats.call("POST", api("/commands"), {
      bearer: page.token, body: JSON.parse(json),
      headers: { "Idempotency-Key": crypto.randomUUID() },
    });
    if (answer.ok) {
      $("problem").hidden = true;
      page.open = null;
    } else {
      refused(answer);
    }
  } finally {
    page.sending = false;
    for (const button of document.querySelectorAll("[data-command]")) button.disabled = false;
  }
  await refresh();
}

function refused(answer) {
  page.drawnGroups = "";   // the moves are drawn anew from the /me asked next
  const problem = $("problem");
  problem.hidden = false;
  problem.textContent = Seats.problem(answer.body);
  problem.dataset.code = answer.body?.code ?? String(answer.status);
  problem.dataset.section = answer.body?.section ?? "";
}

/** The seat's view and the public game, asked again (after a command, a refusal, a gap). */
async function refresh() {
  const [me, game] = await Promise.all([seatCall("GET", "/me"), Seats.call("GET", api(""))]);
  if (!me.ok) {
    if (me.status === 401) noSeat("This tab's seat token was refused (a new one may have been issued).");
    return;
  }
  if (game.ok && game.body.version >= (page.game?.version ?? 0)) page.game = game.body;
  show(me.body);
}

async function heardGame(me) {
  const game = await Seats.call("GET", api(""));
  if (game.ok && game.body.version >= (page.game?.version ?? 0)) page.game = game.body;
  show(me);
}

function show(me) {
  // answers may arrive out of order (a command's refresh, the stream): never step back
  if (page.me && me.version < page.me.version) return;
  const changed = !page.me || page.me.version !== me.version;
  page.me = me;
  page.book.game = page.game;
  page.groups = grouped(me);
  if (changed && !page.groups.has(page.open)) page.open = null;
  if (page.groups.size === 1 && !page.open) page.open = page.groups.keys().next().value;
  drawGroups();
  drawTurn();
  drawSeats();
  drawFinal();
  $("mine").replaceChildren(...page.kind.mine(context()));
  if (changed || !$("board").firstChild) drawBoard();
  document.body.dataset.version = String(me.version);
  document.body.dataset.status = me.status;
  status(`${me.status} · version ${me.version}`);
}

/** The public picture of the board, with the seat's choices marked on it. */
async function drawBoard() {
  page.drawing += 1;
  const ticket = page.drawing;
  const version = page.me.version;
  let answer, text;
  try {
    answer = await fetch(api(`/board.svg?version=${version}`));
    text = await answer.text();
  } catch {
    return;   // the server is away: the next version shown draws the board again
  }
  if (ticket !== page.drawing) return;
  const board = $("board");
  if (!answer.ok) {
    board.replaceChildren(element("p", { text: "The board is dealt when the game starts." }));
    return;
  }
  const picture = new DOMParser().parseFromString(text, "image/svg+xml");
  if (ticket !== page.drawing) return;
  board.replaceChildren(document.importNode(picture.documentElement, true));
  board.dataset.marked = "";
  markChoices();
  board.dataset.version = String(version);
  markLastMove();
}

/** Light what the newest move shown touched (records may arrive after the picture). */
function markLastMove() {
  const board = $("board");
  const version = Number(board.dataset.version);
  const newest = page.records.findLast((r) => r.version <= version && (r.events || []).length);
  if (!newest || board.dataset.marked === String(newest.version)) return;
  for (const lit of board.querySelectorAll(".last-move")) lit.classList.remove("last-move");
  page.book.mark(board, newest.events);
  board.dataset.marked = String(newest.version);
}

/** Routes and cities the seat may choose become controls that open their group. */
function markChoices() {
  for (const key of page.groups.keys()) {
    const selector = page.kind.onBoard(key, context());
    if (!selector) continue;
    for (const drawn of $("board").querySelectorAll(selector)) {
      if (drawn.dataset.choice) continue;
      drawn.dataset.choice = key;
      drawn.setAttribute("tabindex", "0");
      drawn.setAttribute("role", "button");
      drawn.setAttribute("aria-label", page.groups.get(key).label);
    }
  }
}

function heardRecord(record) {
  if (record.version <= page.last) return;
  page.last = record.version;
  page.records.push(record);
  if (page.records.length > 200) page.records.splice(0, page.records.length - 200);
  feedSoon();
}

let feedPending = false;
function feedSoon() {
  if (feedPending) return;
  feedPending = true;
  setTimeout(() => { feedPending = false; drawFeed(); markLastMove(); }, 0);
}

/** The seat's stream: a fresh ticket each time it opens; reopened after any break. */
async function listen() {
  if (page.me?.status === "finished" && page.last >= page.me.version) return;
  const issued = await seatCall("POST", "/stream-tickets");
  if (!issued.ok) {
    if (issued.status === 401) { noSeat("This tab's seat token was refused."); return; }
    reconnectLater();
    return;
  }
  const query = new URLSearchParams({ ticket: issued.body.ticket, after: String(page.last) });
  const stream = new EventSource(api(`/stream?${query}`));
  page.stream = stream;
  stream.addEventListener("open", () => {
    page.retry = 500;
    document.body.dataset.live = "true";
  });
  stream.addEventListener("record", (message) => heardRecord(JSON.parse(message.data)));
  stream.addEventListener("game", (message) => heardGame(JSON.parse(message.data)));
  stream.addEventListener("error", () => {
    stream.close();
    if (page.stream !== stream) return;
    page.stream = null;
    document.body.dataset.live = "false";
    if (page.me?.status === "finished") return;
    status("Connection lost; reconnecting…");
    reconnectLater();
  });
}

function reconnectLater() {
  const wait = page.retry;
  page.retry = Math.min(page.retry * 2, RETRY_MAX_MS);
  setTimeout(async () => {
    await refresh();
    listen();
  }, wait);
}

function noSeat(why) {
  $("turn").replaceChildren(why, " ", element("a", { href: api("/watch"), text: "Watch the game instead." }));
  $("moves-section").hidden = true;
  document.body.dataset.seat = "none";
}

function wire() {
  document.addEventListener("click", (event) => {
    const command = event.target.closest("[data-command]");
    if (command && !command.disabled) { send(command.dataset.command); return; }
    const choice = event.target.closest("[data-choice]");
    if (choice) choose(choice.dataset.choice);
  });
  $("board").addEventListener("keydown", (event) => {
    const choice = event.target.closest?.("[data-choice]");
    if (choice && (event.key === "Enter" || event.key === " ")) {
      event.preventDefault();
      choose(choice.dataset.choice);
    }
  });
  $("remember").checked = Seats.remembered(gameId);
  $("remember").addEventListener("change", () => Seats.remember(gameId, $("remember").checked));
  setInterval(() => { if (page.me && page.game?.clock) drawTurn(); }, 1000);
}

async function start() {
  page.token = Seats.token(gameId);
  wire();
  const game = await Seats.call("GET", api(""));
  if (!game.ok) { status(Seats.problem(game.body)); return; }
  page.game = game.body;
  const [material, common, own, kinds] = await Promise.all([
    Seats.call("GET", api("/material")),
    Seats.call("GET", "/pages/static/phrases/common.json"),
    Seats.call("GET", `/pages/static/phrases/${encodeURIComponent(page.game.kind)}.json`),
    Seats.call("GET", "/kinds"),
  ]);
  page.material = material.ok ? material.body.material : {};
  page.book = new Phrases.Book(common.body ?? {}, own.body ?? {}, page.material, page.game);
  page.kind = PlayKinds[page.game.kind] ?? ANY_KIND;
  $("title").textContent = page.material.title
    ?? (kinds.body ?? []).find?.((k) => k.kind === page.game.kind)?.title ?? Phrases.words(page.game.kind);
  document.title = `${$("title").textContent} · Roundhouse`;
  if (!page.token) { noSeat("This tab holds no seat in this game."); return; }
  await refresh();
  listen();
}

start().catch((error) => status(`Could not load the game: ${error.message}`));
