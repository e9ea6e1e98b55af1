/* Colt Express on the play page: how its moves are grouped and worded, and how the seat's
 * hand and loot are drawn.
 *
 * Every legal move of Colt Express is a ready command (no alternatives to expand). While
 * scheming, a card of the hand is a group, holding it played face up or face down as the
 * round allows (the server lists which); while stealing, an action is a group holding
 * each of its targets (a car, a bandit, a loot token), and a Punch is a group per
 * victim (also the victim on the train picture) holding where the victim lands and
 * what it drops.
 */
"use strict";

// one registry of kind modules, whichever of them loads first (play.js reads it)
var PlayKinds = window.PlayKinds || {};

(() => {
  const { words } = Phrases;

  function character(ctx, id) {
    return ctx.book.label("characters", id);
  }

  /** "doc/move" is Doc's Move card. */
  function cardWords(ctx, card) {
    const [who, action] = String(card).split("/");
    return action === undefined ? words(who) : `${character(ctx, who)}'s ${words(action)}`;
  }

  const GROUPS = {
    "play-card": (c) => `card:${c.card}`,
    "keep-card": (c) => `keep:${c.card}`,
    "draw-cards": () => "draw",
    punch: (c) => `punch:${c.victim}`,
  };

  const group = (command) => (GROUPS[command.type] ?? ((c) => c.type))(command);

  function groupLabel(key, command, ctx) {
    const [what, which] = key.split(/:(.*)/);
    switch (what) {
      case "card": return `Play ${cardWords(ctx, which)}`;
      case "keep": return `Keep ${cardWords(ctx, which)}`;
      case "draw": return "Draw cards";
      case "place-bandits": return "Place your bandits";
      case "fire": return "Fire";
      case "punch": return `Punch ${character(ctx, which)}`;
      case "rob": return "Rob";
      case "move-bandit": return "Move";
      case "move-marshal": return "Move the Marshal";
      case "decline-cover-fire": return "Cover fire";
      default: return words(key);
    }
  }

  const token = (id) => (id === null ? "nothing" : words(String(id).replace(/-[0-9]+$/, "")));

  function label(command, ctx) {
    switch (command.type) {
      case "place-bandits": return `${character(ctx, command.caboose)} starts in the caboose`;
      case "play-card": return command.face_down ? "Face down" : "Face up";
      case "keep-card": return `Keep ${cardWords(ctx, command.card)}`;
      case "draw-cards": return "Draw three cards";
      case "decline-cover-fire": return "Decline cover fire";
      case "move-bandit": return `To car ${command.car}`;
      case "move-marshal": return `Marshal to car ${command.car}`;
      case "fire": return `At ${character(ctx, command.target)}`;
      case "rob": return `Take a ${token(command.token)}`;
      case "pickpocket": return `Pick ${token(command.token)}`;
      case "give-up-purse": return `Give up a ${token(command.token)}`;
      case "punch": return `Drops ${token(command.token)}, thrown to car ${command.car}`
        + `${command.take_purse ? ", the purse taken" : ""}`;
      default: return words(command.type);
    }
  }

  /** A bandit to punch is also a control on the train picture. */
  function onBoard(key) {
    const [what, which] = key.split(/:(.*)/);
    return what === "punch" ? `.bandit[data-character="${CSS.escape(which)}"]` : null;
  }

  function mine(ctx) {
    const view = ctx.me?.view ?? {};
    const { element } = ctx;
    const own = (view.public?.bandits ?? []).filter((b) => b.seat === ctx.me.seat);
    const values = view.purse_values ?? {};
    const hand = view.hand ?? [];
    const parts = [element("h3", { text: "Hand" }), hand.length
      ? element("ul", { class: "cards", id: "hand" }, ...hand.map((name) =>
        element("li", { class: "card", "data-card": name }, cardWords(ctx, name))))
      : element("p", { text: "No cards in hand." })];
    const played = (view.own_pile_cards ?? []).filter((c) => c !== null);
    if (played.length) {
      parts.push(element("p", { text: `Your cards on the pile: ${played.map((c) => cardWords(ctx, c)).join(", ")}` }));
    }
    for (const bandit of own) {
      const loot = bandit.loot.map((t) => `${token(t.id)} $${t.value ?? values[t.id] ?? "?"}`);
      parts.push(element("p", { class: "bandit",
        text: `${character(ctx, bandit.character)}: car ${bandit.car}${bandit.roof ? " (roof)" : ""}, `
          + `${bandit.bullets_left} bullets left, loot ${loot.join(", ") || "none"}` }));
    }
    return parts;
  }

  function seatLine(view, seat, ctx) {
    const bandits = (view.bandits ?? []).filter((b) => b.seat === seat);
    const entry = (view.seats ?? []).find((s) => s.seat === seat) ?? {};
    return ctx.element("span", { class: "bandit", text: `${bandits.map((b) =>
      `${character(ctx, b.character)} in car ${b.car}${b.roof ? " (roof)" : ""}, loot ${b.loot.length}`).join("; ")}`
      + ` · hand ${entry.hand_size ?? 0}` });
  }

  const expand = (move) => [move.command];

  PlayKinds["colt-express"] = { expand, group, groupLabel, label, onBoard, mine, seatLine };
})();
