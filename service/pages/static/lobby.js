/* The lobby page: the listed games from GET /games, newest first, a page at a time
 * (`Phrases.words`, from phrases.js, turns ids such as "colt-express" into words). */
"use strict";

const $ = (id) => document.getElementById(id);
const { words } = Phrases;
let next = null;

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
  const map = [game.map, game.variant].filter(Boolean).map(words).join(" · ");
  const status = game.private ? `${game.status} (invitation)` : game.status;
  tr.append(cell(words(game.kind)), cell(map), cell(`${game.taken} of ${game.seats}`),
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

$("open-seats").addEventListener("change", () => load(true));
$("more").addEventListener("click", () => load(false));
load(true);
