/* A finished game's score sheets as two tables (the result's `sheets`, from the public API).
 *
 * The scores table has a row per term (its words from the phrase book's "terms", else the
 * id in words, and the rule section that scores it) and a column per seat, the totals
 * as its last row; the figures that are not points (a longest path, tickets completed)
 * get a table of their own, so that nobody reads a length as points. Seats are the
 * columns so that the table fits a phone's width however many terms a map has. Needs
 * dom.js (`element`) and phrases.js (`Phrases.words`).
 */
"use strict";

const ScoreSheet = (() => {
  const { words } = Phrases;

  /** Draw `game`'s sheets into `into.scores` and `into.figures` (tables); `into.part` (the
   * figures' part of the page) is hidden when there are none. Whether the game had
   * sheets to show (it has ended). */
  function draw(game, book, into) {
    const sheets = game.status === "finished" ? game.result?.sheets : undefined;
    if (!sheets) return false;
    const terms = rows(sheets, "terms", "term", "points", book.terms);
    const total = element("tr", { class: "total" }, element("th", { scope: "row", text: "Total" }),
      ...sheets.map((sheet) => number(sheet.seat, sheet.total)));
    into.scores.replaceChildren(head(game, sheets), element("tbody", {}, ...terms),
      element("tfoot", {}, total));
    const figures = rows(sheets, "figures", "name", "value", book.figures);
    into.figures.replaceChildren(head(game, sheets), element("tbody", {}, ...figures));
    into.part.hidden = figures.length === 0;
    return true;
  }

  /** The header row: each seat's name, the winners marked. */
  function head(game, sheets) {
    const winners = game.result.winners;
    return element("thead", {}, element("tr", {}, element("td"), ...sheets.map((sheet) =>
      element("th", { scope: "col", "data-seat": sheet.seat,
        class: winners.includes(sheet.seat) ? "winner" : "", text: seatName(game, sheet.seat) }))));
  }

  /** A row per distinct entry of the sheets' `part` (terms or figures), named by its `key`:
   * its words from `labels`, its rule section and each seat's `value`. */
  function rows(sheets, part, key, value, labels = {}) {
    return distinct(sheets.flatMap((sheet) => sheet[part]), key).map((first) => {
      const cells = sheets.map((sheet) => {
        const entry = sheet[part].find((e) => e[key] === first[key]);
        return number(sheet.seat, entry === undefined ? "" : entry[value]);
      });
      return element("tr", { "data-name": first[key] }, element("th", { scope: "row" },
        labels[first[key]] ?? words(first[key]), " ", element("small", { text: first.section })),
      ...cells);
    });
  }

  function number(seat, value) {
    return element("td", { class: "number", "data-seat": seat, text: String(value) });
  }

  /** The entries of `list` with distinct `key`s, in the order they first come. */
  function distinct(list, key) {
    const seen = new Map();
    for (const entry of list) if (!seen.has(entry[key])) seen.set(entry[key], entry);
    return [...seen.values()];
  }

  /** A seat's name at the table (a seat with none is told by its number). */
  function seatName(game, seat) {
    return (game.seats || []).find((s) => s.seat === seat)?.name ?? `seat ${seat}`;
  }

  return { draw };
})();
