/* The lobby page: the listed games from GET /games, newest first, a page at a time.
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

function cell(text) {
  const td = document.createElement("td");
  td.textContent = text;
  return td;
}

function row(game) {
  const tr = document.createElement("tr");
  tr.dataset.game = game.id;
  const link = document.createElement("a");
  link.href = `/games/${encodeURIComponent(game.id)}/watch`;
  link.textContent = "watch";
  const named = titles(game);
  const status = game.private ? `${game.status} (invitation)` : game.status;
  tr.append(cell(named.kind), cell(named.map), cell(`${game.taken} of ${game.seats}`),
    cell(status), document.createElement("td"));
  tr.lastChild.append(link);
  if (game.status === "lobby" && game.taken < game.seats) {
    const join = document.createElement("a");
    join.href = `#join=${encodeURIComponent(game.id)}`;
    join.textContent = "take a seat";
    join.className = "join";
    tr.lastChild.append(" · ", join);
  }
  return tr;
}

async function load(fresh) {
  const query = new URLSearchParams({ limit: "20" });
  if ($("open-seats").checked) query.set("open_seats", "true");
  if (!fresh && next) query.set("cursor", next);
  const answer = await fetch(`/games?${query}`);
  const page = await answer.json();
  const body = $("games").tBodies[0];
  if (fresh) body.replaceChildren();
  body.append(...page.games.map(row));
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
  await load(true);
}

start();
