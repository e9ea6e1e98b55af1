/* The spectator page: the board, the seats, whose turn, the feed, live and in replay.
 *
 * Reads only the public API: /games/{id} (the view, also ?version=N), /material,
 * /board.svg (also ?version=N) and /stream (Server-Sent Events of the public records).
 * While the slider is at the newest version the page follows the game live; moving it
 * back shows that version (the picture, the seats and the feed up to it) and keeps
 * collecting new records until "Follow live" is pressed. The address may carry
 * ?version=N to open the game at that version.
 */
"use strict";

const gameId = decodeURIComponent(location.pathname.split("/")[2]);
const $ = (id) => document.getElementById(id);
const api = (path) => `/games/${encodeURIComponent(gameId)}${path}`;

const page = {
  records: new Map(),   // version -> record
  latest: 0,            // the newest version known
  shown: 0,             // the version on screen
  following: true,
  book: null,
  game: null,
  stream: null,
  over: false,          // the game has finished: nothing more will come
  feedPending: false,
  showPending: false,
  drawing: 0,           // bumps with every redraw, so a slow answer cannot overwrite a newer one
};

async function json(path, fallback) {
  const answer = await fetch(path);
  if (!answer.ok) {
    if (fallback !== undefined) return fallback;
    throw new Error(`${path}: ${answer.status}`);
  }
  return answer.json();
}

const { words } = Phrases;

function seatColour(seat) {
  const book = page.book.book;
  if (Array.isArray(book.seat_colours)) return book.seat_colours[seat % book.seat_colours.length];
  const figures = book.seat_figures;
  const own = ((page.game.view || {})[figures?.view] || []).find((f) => f.seat === seat);
  return own && book.bandit_colours ? book.bandit_colours[own[figures.field]] : "#999";
}

/** A seat's public counts: its scalar fields, and the length of its lists. */
function counts(entry, skip) {
  const list = element("dl");
  for (const [name, value] of Object.entries(entry)) {
    if (skip.includes(name) || value === null || typeof value === "object" && !Array.isArray(value)) {
      continue;
    }
    const shown = Array.isArray(value) ? value.length
      : typeof value === "boolean" ? (value ? "yes" : "no") : value;
    list.append(element("dt", { text: words(name) }), element("dd", { text: String(shown) }));
  }
  return list;
}

/** Each seat's card: its name, its public counts and, once the game has ended, its final
 * score (the in-game score, which the final scoring changes, is then left out). */
function drawSeats(game) {
  const view = game.view || {};
  const figures = page.book.book.seat_figures;
  const sheets = game.status === "finished" ? game.result?.sheets || [] : [];
  const items = (game.seats || []).map((seat) => {
    const entry = (view.seats || []).find((s) => s.seat === seat.seat) || {};
    const sheet = sheets.find((s) => s.seat === seat.seat);
    const item = element("li", { "data-seat": seat.seat, style: `--seat: ${seatColour(seat.seat)}` },
      element("span", { class: "name", text: seat.name }),
      counts(entry, sheet ? ["seat", "score"] : ["seat"]));
    if (sheet) {
      item.append(element("p", { class: "final-score", "data-final": sheet.total,
        text: `Final score: ${sheet.total}` }));
    }
    if (figures) {
      for (const figure of (view[figures.view] || []).filter((f) => f.seat === seat.seat)) {
        item.append(element("span", { class: "bandit",
          text: page.book.label(figures.names, figure[figures.field]) }),
        counts(figure, ["seat", figures.field]));
      }
    }
    if (game.to_act.includes(seat.seat)) item.classList.add("to-act");
    return item;
  });
  $("seats").replaceChildren(...items);
}

function drawTurn(game) {
  const names = game.to_act.map((seat) => page.book.seat(seat));
  $("turn").textContent = game.status === "finished" ? "The game is over."
    : game.status === "lobby" ? "Waiting for players."
    : names.length ? `To act: ${names.join(", ")}` : "";
}

function drawFeed(upTo) {
  const items = [];
  for (let version = 1; version <= upTo; version += 1) {
    const record = page.records.get(version);
    if (!record) continue;
    for (const line of page.book.lines(record)) {
      items.push(element("li", { "data-version": version, value: version, text: line }));
    }
  }
  items.reverse();
  let held = 0;
  while (held < upTo && page.records.has(held + 1)) held += 1;
  $("feed").dataset.complete = String(held);
  if (items.length) {
    const newest = items[0].dataset.version;
    for (const item of items) if (item.dataset.version === newest) item.classList.add("latest");
  }
  $("feed").replaceChildren(...items);
}

/** The final score sheets (scoresheet.js) once the game shown has ended. */
function drawFinal(game) {
  const shown = ScoreSheet.draw(game, page.book.book,
    { scores: $("final-scores"), figures: $("final-figures"), part: $("final-figures-part") });
  $("final").hidden = !shown;
}

/** The things the move at `version` touched, marked in the picture (phrases.js). */
function highlight(version) {
  page.book.mark($("board"), page.records.get(version)?.events);
}

async function drawBoard(version, ticket) {
  const answer = await fetch(api(`/board.svg?version=${version}`));
  if (ticket !== page.drawing) return;
  const board = $("board");
  if (!answer.ok) {
    board.replaceChildren(element("p", { text: answer.status === 409
      ? "The board is dealt when the game starts." : "This game draws no board." }));
  } else {
    const picture = new DOMParser().parseFromString(await answer.text(), "image/svg+xml");
    if (ticket !== page.drawing) return;
    board.replaceChildren(document.importNode(picture.documentElement, true));
    highlight(version);
  }
  board.dataset.version = String(version);
}

async function show(version) {
  page.drawing += 1;
  const ticket = page.drawing;
  const [game] = await Promise.all([json(api(`?version=${version}`)), drawBoard(version, ticket)]);
  if (ticket !== page.drawing) return;
  page.game = game;
  page.book.game = game;
  page.shown = version;
  if (version === page.latest && game.status === "finished") page.over = true;
  if (page.over) document.dispatchEvent(new Event("roundhouse:game-over"));  // statistics
  drawTurn(game);
  drawSeats(game);
  drawFeed(version);
  drawFinal(game);
  const state = game.status === "finished" ? "finished" : game.status;
  $("status").textContent = `${state} · version ${version}${page.following ? " · live" : ""}`;
  document.body.dataset.version = String(version);
  stopWhenComplete();
}

/** A finished game sends nothing more: once every record is held, stop listening (the
 * server ends the stream, and EventSource would otherwise reconnect to it). */
function stopWhenComplete() {
  if (page.stream && page.over && page.records.size >= page.latest) {
    page.stream.close();
    page.stream = null;
  }
}

function setSlider() {
  const slider = $("replay");
  slider.max = String(Math.max(page.latest, 1));
  if (page.following) slider.value = String(page.latest);
  $("replay-at").textContent = `version ${slider.value} of ${page.latest}`;
  $("live").disabled = page.following;
}

/** Records the page already shows the version of (the log's start, sent after the first
 * draw) redraw the feed once, however many arrive at a time. */
function redrawFeedSoon() {
  if (page.feedPending) return;
  page.feedPending = true;
  setTimeout(() => {
    page.feedPending = false;
    drawFeed(page.shown);
    stopWhenComplete();
  }, 0);
}

function heard(record) {
  page.records.set(record.version, record);
  if (record.version <= page.latest) {
    redrawFeedSoon();
    return;
  }
  page.latest = record.version;
  setSlider();
  if (page.following) showLatestSoon();
}

/** Records that arrive together (a command's burst, a reconnect) cost one redraw. */
function showLatestSoon() {
  if (page.showPending) return;
  page.showPending = true;
  setTimeout(() => {
    page.showPending = false;
    if (page.following) show(page.latest);
  }, 0);
}

function listen() {
  page.stream = new EventSource(api("/stream"));
  page.stream.addEventListener("record", (message) => heard(JSON.parse(message.data)));
}

async function start() {
  const game = await json(api(""));
  const [material, kinds, common, own] = await Promise.all([
    json(api("/material"), { material: {} }),
    json("/kinds", []),
    json("/pages/static/phrases/common.json", {}),
    json(`/pages/static/phrases/${encodeURIComponent(game.kind)}.json`, {}),
  ]);
  page.game = game;
  page.book = new Phrases.Book(common, own, material.material, game);
  page.latest = game.version;
  page.over = game.status === "finished";
  $("title").textContent = material.material?.title
    ?? kinds.find((k) => k.kind === game.kind)?.title ?? words(game.kind);
  document.title = `${$("title").textContent} · Roundhouse`;
  setSlider();
  const asked = Number(new URLSearchParams(location.search).get("version"));
  if (Number.isInteger(asked) && asked >= 1 && asked < game.version) {
    page.following = false;
    $("replay").value = String(asked);   // after setSlider: a value above max is clamped
    setSlider();
  }
  $("replay").addEventListener("input", () => {
    const version = Number($("replay").value);
    page.following = version >= page.latest;
    setSlider();
    show(version);
  });
  $("live").addEventListener("click", () => {
    page.following = true;
    setSlider();
    show(page.latest);
  });
  listen();
  await show(page.following ? page.latest : Number($("replay").value));
}

start().catch((error) => { $("status").textContent = `Could not load the game: ${error.message}`; });
