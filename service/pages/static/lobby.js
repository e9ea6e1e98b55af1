/* The lobby page's lists: the listed games from GET /games, newest first, a page at a
 * time, and this tab's own tables (the games `Seats` holds a token for, seats.js), so
 * that coming back to the lobby brings them back: a waiting table opens with its
 * controls (lobby-create.js), a started one is a link to the play page.
 * Games, maps and variants are named by their titles from GET /kinds (a map's title
 * without its game's, which the first column gives); an id /kinds does not know is
 * told in words (`Phrases.words`, from phrases.js: "colt-express" is "colt express"). */
"use strict";

const $ = (id) => document.getElementById(id);
const { words } = Phrases;
let next = null;
let kinds = new Map();   // kind -> its descriptor from /kinds

/** The game's kind, and its map and variant, by their titles. */
function titles(game) {
  const kind = kinds.get(game.kind);
  const map = (kind?.maps || []).find((m) => m.id === game.map);
  const variant = (map?.variants || kind?.variants || []).find((v) => v.id === game.variant);
  const own = kind && map?.title.startsWith(`${kind.title}: `)
    ? map.title.slice(kind.title.length + 2) : map?.title;
  const parts = [game.map && (own ?? words(game.map)),
    game.variant && (variant?.title ?? words(game.variant))];
  return { kind: kind?.title ?? words(game.kind), map: parts.filter(Boolean).join(" · ") };
}

/** A game's row: its titles, seats and status, and `actions` (nodes) in the last cell. */
function row(game, ...actions) {
  const named = titles(game);
  const status = game.private ? `${game.status} (invitation)` : game.status;
  return element("tr", { "data-game": game.id }, element("td", { text: named.kind }),
    element("td", { text: named.map }), element("td", { text: `${game.taken} of ${game.seats}` }),
    element("td", { text: status }), element("td", {}, ...actions));
}

function listed(game) {
  const id = encodeURIComponent(game.id);
  const watch = element("a", { href: `/games/${id}/watch`, text: "watch" });
  if (game.status !== "lobby" || game.taken >= game.seats) return row(game, watch);
  return row(game, watch, " · ", element("a", { href: `#join=${id}`, class: "join", text: "take a seat" }));
}

/** One of this tab's tables: back to it while it waits, to its play page once started. */
function yours(game) {
  if (game.status !== "lobby") {
    return row(game, element("a", { href: `/games/${encodeURIComponent(game.id)}/play`,
      class: "play", text: game.status === "finished" ? "final scores" : "play" }));
  }
  const back = element("button", { type: "button", class: "back", text: "open",
    "aria-label": "Back to this table" });
  back.addEventListener("click", () => {
    LobbyTable.open(game.id);
    $("table").scrollIntoView();
  });
  return row(game, back);
}

/** The lobby's columns for a game as GET /games/{id} tells it. */
function summary(game) {
  return { id: game.id, kind: game.kind, map: game.setup.map, variant: game.setup.variant,
    seats: game.setup.seats, taken: game.seats.length, status: game.status,
    private: Seats.invite(game.id) !== null };
}

const STATUS_ORDER = ["lobby", "active", "finished"];

/** This tab's tables, the waiting ones first; the first waiting one is opened. */
async function loadYours() {
  const answers = await Promise.all(Seats.games().map((game) =>
    Seats.call("GET", `/games/${encodeURIComponent(game)}`)));
  const games = answers.filter((answer) => answer.ok).map((answer) => summary(answer.body))
    .sort((a, b) => STATUS_ORDER.indexOf(a.status) - STATUS_ORDER.indexOf(b.status));
  $("your-games").tBodies[0].replaceChildren(...games.map(yours));
  $("yours").hidden = games.length === 0;
  const waiting = games.find((game) => game.status === "lobby");
  if (waiting) LobbyTable.resume(waiting.id);
  document.body.dataset.yours = String(games.length);
}

async function load(fresh) {
  const query = new URLSearchParams({ limit: "20" });
  if ($("open-seats").checked) query.set("open_seats", "true");
  if (!fresh && next) query.set("cursor", next);
  const answer = await fetch(`/games?${query}`);
  const page = await answer.json();
  const body = $("games").tBodies[0];
  if (fresh) body.replaceChildren();
  body.append(...page.games.map(listed));
  next = page.next;
  $("more").hidden = next === null;
  $("empty").hidden = body.rows.length > 0;
  document.body.dataset.loaded = "true";
}

async function start() {
  const answer = await fetch("/kinds");
  if (answer.ok) kinds = new Map((await answer.json()).map((kind) => [kind.kind, kind]));
  $("open-seats").addEventListener("change", () => load(true));
  $("more").addEventListener("click", () => load(false));
  document.addEventListener("seated", loadYours);
  await Promise.all([load(true), loadYours()]);
}

start();
