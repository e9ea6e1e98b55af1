/* The feed's wording: records and events in plain words, from a phrase book (JSON data).
 *
 * A phrase book (phrases/<kind>.json, over phrases/common.json) holds, per event or
 * record type, templates such as "{seat} claimed {route} with {cards} {colour}". A
 * placeholder is a field of the event (then of the record's payload, then of the
 * record); "{field#}" is the length of a list. The book says which fields name a
 * thing of the game's material ("names": {"route": "routes"}) and the material gives
 * its words (a name, or the names of its two ends). A template may carry a condition
 * ({"if": {"slot": null}, "say": "..."}); the first template whose condition holds and
 * whose placeholders all have a value is used; a type mapped to null is not shown, and
 * a type the book does not know is told by its own name. Fields listed in "from_zero"
 * count from zero in the data and are told from one (round 0 is "Round 1"), as the
 * board picture tells them. "terms" and "figures" give the words of the final score
 * sheets' terms and figures, by their ids. No game rule lives here.
 */
"use strict";

const Phrases = (() => {
  const words = (text) => String(text).replace(/[_-]+/g, " ");

  function pick(list, key) {
    if (!Array.isArray(list)) return undefined;
    return list.find((item) => item && (item.id === key || item.index === key))
      ?? (typeof key === "number" ? list[key] : undefined);
  }

  function merge(common, own) {
    const book = { ...common, ...own };
    for (const part of ["names", "strip", "events", "records", "terms", "figures"]) {
      book[part] = { ...(common[part] || {}), ...(own[part] || {}) };
    }
    return book;
  }

  class Book {
    constructor(common, own, material, game) {
      this.book = merge(common, own);
      this.material = material || {};
      this.game = game;
    }

    /** The thing `key` (an index or an id) of the material's collection `name`. */
    item(name, key) {
      return pick(this.material[name], key);
    }

    /** The material's words for the thing `key` of collection `name`. */
    label(name, key) {
      const item = this.item(name, key);
      if (item === undefined) return words(key);
      if (item.name) return item.name;
      if (item.a !== undefined && item.b !== undefined) {
        const ends = this.book.ends;
        return `${this.label(ends, item.a)}–${this.label(ends, item.b)}`;
      }
      return words(item.id ?? key);
    }

    seat(number) {
      const seat = (this.game.seats || []).find((s) => s.seat === number);
      let name = seat ? seat.name : `seat ${number}`;
      const figures = this.book.seat_figures;
      const view = this.game.view || {};
      if (figures && Array.isArray(view[figures.view])) {
        const own = view[figures.view].filter((f) => f.seat === number);
        if (own.length) {
          name += ` (${own.map((f) => this.label(figures.names, f[figures.field])).join(", ")})`;
        }
      }
      return name;
    }

    value(field, sources) {
      for (const source of sources) {
        if (source && typeof source === "object" && source[field] !== undefined) {
          return source[field];
        }
      }
      return undefined;
    }

    fill(template, sources) {
      let complete = true;
      const text = template.replace(/\{([a-z_]+)(#?)\}/g, (_, field, count) => {
        const value = this.value(field, sources);
        if (value === null || value === undefined) { complete = false; return ""; }
        if (count) {
          if (!Array.isArray(value)) { complete = false; return ""; }
          return String(value.length);
        }
        if (field === "seat" || this.book.names[field] === "seat") return this.seat(value);
        if ((this.book.from_zero || []).includes(field)) return String(value + 1);
        if (this.book.names[field]) return this.label(this.book.names[field], value);
        if (this.book.strip[field]) {
          return words(String(value).replace(new RegExp(this.book.strip[field]), ""));
        }
        return typeof value === "string" ? words(value) : String(value);
      });
      return complete ? text : null;
    }

    holds(condition, sources) {
      return Object.entries(condition || {}).every(([field, wanted]) => {
        const value = this.value(field, sources);
        return wanted === null ? value === null || value === undefined : value === wanted;
      });
    }

    say(templates, sources, type) {
      if (templates === null) return null;
      if (templates === undefined) {
        const who = this.value("seat", sources);
        return (typeof who === "number" ? `${this.seat(who)}: ` : "") + words(type);
      }
      for (const entry of [].concat(templates)) {
        const template = typeof entry === "string" ? entry : entry.say;
        if (typeof entry !== "string" && !this.holds(entry.if, sources)) continue;
        const text = this.fill(template, sources);
        if (text !== null) return text;
      }
      return words(type);
    }

    /** Mark in the board picture `root` what `events` touched (class "last-move"): the
     * book's "highlight" maps an event field to the picture's data attribute that names
     * the same thing (a route's index, a city's or a character's id from the material). */
    mark(root, events) {
      const marks = this.book.highlight || {};
      for (const event of events || []) {
        for (const [field, attribute] of Object.entries(marks)) {
          const value = event[field];
          if (value === null || value === undefined) continue;
          const named = this.book.names[field];
          const item = named ? this.item(named, value) : undefined;
          const key = CSS.escape(String(item?.id ?? value));
          for (const drawn of root.querySelectorAll(`[data-${attribute}="${key}"]`)) {
            drawn.classList.add("last-move");
          }
        }
      }
    }

    /** The lines a record tells: its own (if the book words its type), then one per
     * shown event. A record with neither (a command's, told by its events) still gets
     * its type's words, so that nothing recorded goes untold. */
    lines(record) {
      const base = [record.payload, record];
      const events = record.events || [];
      const own = this.book.records[record.type];
      const lines = own === undefined && events.length ? []
        : [this.say(own, base, record.type)];
      for (const event of events) {
        lines.push(this.say(this.book.events[event.type], [event, ...base], event.type));
      }
      return lines.filter((line) => line !== null);
    }
  }

  return { Book, words };
})();
