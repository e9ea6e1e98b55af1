/* The watch page's statistics, once the game has ended: the score chart and the figures.
 *
 * Reads only the public API: /games/{id} (the seats' names), /games/{id}/statistics (the
 * figures) and /games/{id}/statistics/scores.svg (the chart, drawn by the server; shown
 * inline so its lines can be pointed at). The page's own script says when the game it
 * shows is over with a "roundhouse:game-over" event on the document; until then this
 * section stays hidden, and it is filled once.
 */
"use strict";

(() => {
  const gameId = decodeURIComponent(location.pathname.split("/")[2]);
  const api = (path) => `/games/${encodeURIComponent(gameId)}${path}`;
  const $ = (id) => document.getElementById(id);
  const { words } = Phrases;
  let started = false;

  function cell(tag, text, attributes = {}) {
    const node = document.createElement(tag);
    node.textContent = text;
    for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
    return node;
  }

  /** One row per figure, one column per seat: every figure any seat has. */
  function figureTable(statistics, names) {
    const head = cell("thead", "");
    const columns = cell("tr", "");
    columns.append(cell("th", "figure"),
      ...statistics.seats.map((s) => cell("th", names[s.seat], { "data-seat": s.seat })));
    head.append(columns);
    const figures = [];
    for (const seat of statistics.seats) {
      for (const name of Object.keys(seat.figures)) if (!figures.includes(name)) figures.push(name);
    }
    const body = cell("tbody", "");
    body.append(...figures.map((name) => {
      const row = cell("tr", "", { "data-figure": name });
      row.append(cell("th", words(name)), ...statistics.seats.map((seat) =>
        cell("td", String(seat.figures[name] ?? ""), { class: "number", "data-seat": seat.seat })));
      return row;
    }));
    return [head, body];
  }

  function gameFigures(statistics) {
    const list = document.createElement("dl");
    for (const [name, value] of Object.entries(statistics.figures)) {
      list.append(cell("dt", words(name)), cell("dd", String(value), { "data-figure": name }));
    }
    if (statistics.round_events?.length) {
      list.append(cell("dt", "round events"),
        cell("dd", statistics.round_events.map(words).join(", ")));
    }
    return list;
  }

  async function draw() {
    if (started) return;
    started = true;
    const [game, answer, chart] = await Promise.all([
      fetch(api("")).then((r) => r.json()),
      fetch(api("/statistics")),
      fetch(api("/statistics/scores.svg")),
    ]);
    if (!answer.ok || !chart.ok) { started = false; return; }
    const statistics = await answer.json();
    const names = {};
    for (const seat of statistics.seats) names[seat.seat] = `seat ${seat.seat}`;
    for (const seat of game.seats || []) names[seat.seat] = seat.name;
    const picture = new DOMParser().parseFromString(await chart.text(), "image/svg+xml");
    $("score-chart").replaceChildren(document.importNode(picture.documentElement, true));
    $("statistics-game").replaceChildren(gameFigures(statistics));
    $("statistics-seats").replaceChildren(...figureTable(statistics, names));
    const section = $("statistics");
    section.hidden = false;
    section.dataset.version = String(statistics.version);
  }

  document.addEventListener("roundhouse:game-over", () => {
    draw().catch(() => { started = false; });
  });
})();
