/* Ticket to Ride on the play page: how its moves are grouped and worded, where they sit
 * on the board, and how the seat's cards and tickets are drawn. Every map, no map's name.
 *
 * Alternatives become commands as the commands' documentation spells them
 * (domain/ticket_to_ride/commands.py, entries.py): a station's or a harbor's `cities`
 * replace the command's `city`; where the ready command names its `cards` (Rails &
 * Sails routes and harbors, doubled spaces, ferries paid with pairs) each payment
 * carries its own and is the command with those cards; otherwise a payment is `colour`
 * with each Locomotive count from its fewest to its most. The page never works out a
 * price.
 */
"use strict";

// one registry of kind modules, whichever of them loads first (play.js reads it)
var PlayKinds = window.PlayKinds || {};

(() => {
  const words = (text) => String(text).replace(/[_-]+/g, " ");

  /** A card colour's look, with a letter and a pattern for those who cannot tell colours. */
  const LOOKS = {
    red: ["#c0392b", "R", "repeating-linear-gradient(45deg, #fff5 0 3px, transparent 3px 8px)"],
    blue: ["#1f5fbf", "B", "repeating-linear-gradient(0deg, #fff5 0 3px, transparent 3px 8px)"],
    green: ["#1e8449", "G", "radial-gradient(#fff6 25%, transparent 30%) 0 0 / 7px 7px"],
    yellow: ["#d4ac0d", "Y", "repeating-linear-gradient(90deg, #0003 0 3px, transparent 3px 8px)"],
    orange: ["#e67e22", "O", "repeating-linear-gradient(-45deg, #fff5 0 3px, transparent 3px 8px)"],
    black: ["#222222", "K", "repeating-linear-gradient(45deg, #fff3 0 2px, transparent 2px 5px), repeating-linear-gradient(-45deg, #fff3 0 2px, transparent 2px 5px)"],
    white: ["#eeeeee", "W", "radial-gradient(#0003 20%, transparent 25%) 0 0 / 6px 6px"],
    purple: ["#7d3c98", "P", "repeating-linear-gradient(0deg, #fff4 0 2px, transparent 2px 5px), repeating-linear-gradient(90deg, #fff4 0 2px, transparent 2px 5px)"],
    pink: ["#e84393", "Pk", "repeating-linear-gradient(135deg, #fff5 0 2px, transparent 2px 6px)"],
    locomotive: ["#777777", "★", "linear-gradient(90deg, #d63a3a, #f4d03f, #2e9e55, #2f6fd6, #9b59b6)"],
  };
  LOOKS.wild = LOOKS.locomotive;

  /** A card chip: its colour, letter and pattern, and its name in words. */
  function card(element, name, count) {
    const [base, ...kind] = String(name).split("-");
    const [colour, letter, pattern] = LOOKS[base] ?? ["#999999", base.slice(0, 2), "none"];
    const suffix = kind.includes("double") ? "SS" : kind.includes("ship") ? "S" : kind.includes("anchor") ? "A" : "";
    const swatch = element("span", { class: "swatch", "aria-hidden": "true",
      style: `--card: ${colour}; --pattern: ${pattern}`, text: letter + suffix });
    return element("li", { class: "card", "data-card": name }, swatch,
      `${count === undefined ? "" : `${count} × `}${words(name)}`);
  }

  function cityName(ctx, city) {
    return ctx.book.label("cities", city);
  }

  function routeWords(ctx, route) {
    const entry = ctx.material.routes?.[route];
    const ends = ctx.book.label("routes", route);
    return entry ? `${ends} (${entry.length}, ${words(entry.colour)}${entry.kind && entry.kind !== "rail" ? `, ${entry.kind}` : ""})` : ends;
  }

  function ticketWords(ctx, id) {
    const ticket = ctx.material.tickets?.find((t) => t.index === id)
      ?? ctx.me?.view?.offered?.find((t) => t.id === id);
    if (!ticket) return `ticket ${id}`;
    return `${ticket.cities.map((c) => cityName(ctx, c)).join("–")} (${ticket.points})`;
  }

  function cardsWords(cards) {
    return Object.entries(cards).map(([name, count]) => `${count} ${words(name)}`).join(" + ");
  }

  function paymentWords(command) {
    if (command.cards) return cardsWords(command.cards);
    const colour = command.colour === null || command.colour === undefined ? "locomotives only" : words(command.colour);
    return command.colour === null ? colour
      : `${colour}, ${command.locomotives} locomotive${command.locomotives === 1 ? "" : "s"}`;
  }

  function expand(move) {
    const ready = move.command;
    let commands = [ready];
    if (move.cities && "city" in ready) commands = move.cities.map((city) => ({ ...ready, city }));
    if (!move.payments) return commands;
    const found = [];
    for (const command of commands) {
      found.push(command);
      for (const payment of move.payments) {
        if (command.cards) {
          found.push({ ...command, cards: payment.cards });
          continue;
        }
        for (let used = payment.min_locomotives; used <= payment.max_locomotives; used += 1) {
          found.push("colour" in command ? { ...command, colour: payment.colour, locomotives: used }
            : { ...command, locomotives: used });
        }
      }
    }
    return found;
  }

  const GROUPS = {
    "claim-route": (c) => `route:${c.route}`,
    "build-station": (c) => `station:${c.city}`,
    "build-harbor": (c) => `harbor:${c.city}`,
    "draw-card": () => "cards", "draw-blind": () => "cards", "refill-slot": () => "refill",
    "choose-tickets": () => "tickets", "keep-tickets": () => "tickets",
    "draw-tickets": () => "draw-tickets",
    "pay-tunnel": () => "tunnel", "withdraw-tunnel": () => "tunnel",
    "choose-pieces": () => "pieces", "exchange-pieces": () => "exchange",
  };

  function group(command) {
    return (GROUPS[command.type] ?? ((c) => c.type))(command);
  }

  function groupLabel(key, command, ctx) {
    const [what, which] = key.split(":");
    switch (what) {
      case "route": return `Claim ${routeWords(ctx, Number(which))}`;
      case "station": return `Station in ${cityName(ctx, Number(which))}`;
      case "harbor": return `Harbor in ${cityName(ctx, Number(which))}`;
      case "cards": return "Draw cards";
      case "refill": return "Refill the face-up slot";
      case "tickets": return "Keep tickets";
      case "draw-tickets": return "Destination tickets";
      case "tunnel": return "The tunnel's extra cost";
      case "pieces": return "Trains and ships";
      case "exchange": return "Exchange pieces";
      default: return words(key);
    }
  }

  function label(command, ctx) {
    const display = ctx.me?.view?.public?.display ?? [];
    switch (command.type) {
      case "claim-route": return `Pay ${paymentWords(command)}`;
      case "build-station": return `Pay ${paymentWords(command)}`;
      case "build-harbor": return `Pay ${cardsWords(command.cards)}`;
      case "draw-card": return command.slot === null ? "Draw blind from the pile"
        : `Take the face-up ${words(display[command.slot] ?? `card ${command.slot + 1}`)}`;
      case "draw-blind": return `Draw blind from the ${words(command.deck)} deck`;
      case "refill-slot": return `Refill from the ${words(command.deck)} deck`;
      case "choose-tickets":
      case "keep-tickets": return `Keep ${command.keep.map((t) => ticketWords(ctx, t)).join("; ")}`;
      case "draw-tickets": return "Draw destination tickets";
      case "pay-tunnel": return `Pay the extra with ${command.locomotives} locomotive${command.locomotives === 1 ? "" : "s"} among the cards`;
      case "withdraw-tunnel": return "Give up the tunnel";
      case "choose-pieces": return `Play with ${command.trains} trains, the rest ships`;
      case "exchange-pieces": return `Give back ${command.count} ${words(command.give)} for as many of the other kind`;
      case "pass": return "Pass";
      default: return words(command.type);
    }
  }

  /** Where a group sits in the list: the card piles and tickets, then routes, then cities. */
  function rank(key) {
    return key.startsWith("route:") ? 1 : key.startsWith("station:") || key.startsWith("harbor:") ? 2 : 0;
  }

  function onBoard(key, ctx) {
    const [what, which] = key.split(":");
    if (what === "route") return `.route[data-route="${Number(which)}"]`;
    if (what === "station" || what === "harbor") {
      const city = ctx.material.cities?.[Number(which)];
      return city ? `.city[data-city="${CSS.escape(city.id)}"]` : null;
    }
    if (what === "cards") return "rect.face-up";
    return null;
  }

  /** The seat's hand and tickets. */
  function mine(ctx) {
    const view = ctx.me?.view ?? {};
    const { element } = ctx;
    const hand = Object.entries(view.hand ?? {}).filter(([, n]) => n > 0);
    const parts = [element("h3", { text: "Cards" }),
      hand.length ? element("ul", { class: "cards", id: "hand" }, ...hand.map(([name, n]) => card(element, name, n)))
        : element("p", { text: "No cards." })];
    const done = new Set(view.completed ?? []);
    parts.push(element("h3", { text: "Tickets" }), element("ul", { class: "tickets", id: "my-tickets" },
      ...(view.tickets ?? []).map((t) => element("li", { class: done.has(t.id) ? "done" : null,
        text: `${t.cities.map((c) => cityName(ctx, c)).join("–")} (${t.points})` }))));
    const display = view.public?.display ?? [];
    if (display.length) {
      parts.push(element("h3", { text: "Face up" }), element("ul", { class: "cards", id: "display" },
        ...display.map((name) => (name ? card(element, name) : element("li", { text: "empty" })))));
    }
    return parts;
  }

  function seatLine(view, seat, ctx) {
    const entry = (view.seats ?? []).find((s) => s.seat === seat) ?? {};
    const shown = Object.entries(entry).filter(([name, value]) => name !== "seat"
      && (typeof value === "number" || (name === "routes" && Array.isArray(value))));
    return ctx.element("dl", {}, ...shown.flatMap(([name, value]) => [
      ctx.element("dt", { text: words(name) }),
      ctx.element("dd", { text: String(Array.isArray(value) ? value.length : value) })]));
  }

  PlayKinds["ticket-to-ride"] = { expand, group, groupLabel, label, rank, onBoard, mine, seatLine };
})();
