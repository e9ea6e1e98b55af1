/* The play page's table beside the moves: whose turn (and the thinking seat's clock),
 * the seats, what happened, and the final score sheets. Reads the page's state (`page`,
 * play.js) and draws; sends nothing.
 */
"use strict";

/** the feed shows this many of the latest records */
const FEED_LINES = 15;

function seatName(seat) {
  return page.book.seat(seat);
}

/** Whose turn, and their clock when the game has one. */
function drawTurn() {
  const me = page.me;
  const turn = $("turn");
  if (me.status === "lobby") { turn.textContent = "Waiting for the game to start."; return; }
  if (me.status === "finished") { turn.textContent = "The game is over."; return; }
  const others = me.to_act.filter((seat) => seat !== me.seat);
  const parts = [];
  if (me.to_act.includes(me.seat)) parts.push("Your move.");
  for (const seat of others) {
    const clock = page.game?.clock?.seats?.find((s) => s.seat === seat);
    const left = clockText(clock);
    parts.push(`${seatName(seat)} is thinking${left ? ` (${left})` : "…"}`);
  }
  turn.replaceChildren(...parts.map((text) => element("span", { class: "clock", text: `${text} ` })));
  turn.dataset.thinking = others.join(",");
}

function clockText(clock) {
  if (!clock) return "";
  const reserve = `reserve ${Math.max(0, Math.round(clock.reserve_seconds))} s`;
  if (!clock.deadline) return reserve;
  const left = Math.max(0, Math.round((Date.parse(clock.deadline) - Date.now()) / 1000));
  return `${left} s left, ${reserve}`;
}

/** A seat's colour: the phrase book's for the seat, else its (first) bandit's. */
function seatColour(seat, view) {
  const book = page.book.book;
  if (Array.isArray(book.seat_colours)) return book.seat_colours[seat % book.seat_colours.length];
  const figures = book.seat_figures;
  const own = (view[figures?.view] ?? []).find((f) => f.seat === seat);
  return own ? book.bandit_colours?.[own[figures.field]] : undefined;
}

function drawSeats() {
  const view = page.me.view?.public ?? page.game?.view ?? {};
  const items = (page.game?.seats ?? []).map((seat) => {
    const item = element("li", { "data-seat": seat.seat },
      element("span", { class: "name", text: seatName(seat.seat) + (seat.seat === page.me.seat ? " (you)" : "") }),
      ...(seat.bot ? [element("span", { text: ` · ${seat.bot} bot` })] : []),
      page.kind.seatLine(view, seat.seat, context()));
    const colour = seatColour(seat.seat, view);
    if (colour) item.style.setProperty("--seat", colour);
    if (page.me.to_act.includes(seat.seat)) item.classList.add("to-act");
    return item;
  });
  $("seats").replaceChildren(...items);
}

/** The final table: a row per seat, its every term (with its rule section), its total,
 * then the figures that are not points, from the result's score sheets. */
function drawFinal() {
  const result = page.game?.result;
  if (page.me.status !== "finished" || !result?.sheets) { $("final").hidden = true; return; }
  const sheets = result.sheets;
  const terms = [...new Set(sheets.flatMap((s) => s.terms.map((t) => t.term)))];
  const figures = [...new Set(sheets.flatMap((s) => s.figures.map((f) => f.name)))];
  const named = (id, entries, key) => {
    const entry = entries.find((e) => e[key] === id);
    const words = (key === "term" ? page.book.book.terms : page.book.book.figures)?.[id];
    return element("th", { scope: "col", "data-name": id }, words ?? Phrases.words(id), " ",
      element("small", { text: entry?.section ?? "" }));
  };
  const head = element("tr", {}, element("th", { scope: "col", text: "seat" }),
    ...terms.map((t) => named(t, sheets.flatMap((s) => s.terms), "term")),
    element("th", { scope: "col", text: "total" }),
    ...figures.map((f) => named(f, sheets.flatMap((s) => s.figures), "name")));
  const rows = sheets.map((sheet) => {
    const row = element("tr", { "data-seat": sheet.seat }, element("td", { text: seatName(sheet.seat) }));
    for (const term of terms) {
      const found = sheet.terms.find((t) => t.term === term);
      row.append(element("td", { class: "number", "data-term": term, text: found ? String(found.points) : "" }));
    }
    row.append(element("td", { class: "number total", text: String(sheet.total) }));
    for (const name of figures) {
      const found = sheet.figures.find((f) => f.name === name);
      row.append(element("td", { class: "number", text: found ? String(found.value) : "" }));
    }
    if ((result.winners ?? []).includes(sheet.seat)) row.classList.add("winner");
    return row;
  });
  $("final-scores").replaceChildren(element("thead", {}, head), element("tbody", {}, ...rows));
  $("final").hidden = false;
}

function drawFeed() {
  const lines = [];
  for (const record of page.records.slice(-FEED_LINES)) {
    for (const line of page.book.lines(record)) {
      lines.push(element("li", { value: record.version, "data-version": record.version, text: line }));
    }
  }
  lines.reverse();
  lines[0]?.classList.add("latest");
  $("feed").replaceChildren(...lines);
}
