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

/** The final score sheets (scoresheet.js, as the watch page draws them) once the game
 * has ended. */
function drawFinal() {
  const shown = page.game !== null && ScoreSheet.draw(page.game, page.book.book,
    { scores: $("final-scores"), figures: $("final-figures"), part: $("final-figures-part") });
  $("final").hidden = !shown;
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
