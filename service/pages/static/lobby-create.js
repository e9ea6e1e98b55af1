/* The lobby's way to a table: create a game, take a seat (or join one with an invitation),
 * fill the other seats with the server's bots, start, and share a link for a friend;
 * back at the lobby, open a waiting table again (`LobbyTable.open` and `resume`, which
 * the list of this tab's tables in lobby.js calls).
 *
 * The form is built from GET /kinds (kinds, maps, variants, seat counts, options), so a
 * new map or option needs nothing here. The host's token and the seat's token are kept by
 * `Seats` (seats.js) in this tab's storage, never in an address; the link for a friend is
 * `/lobby#join=<game>` with a private game's invitation code in the fragment too (a
 * fragment is never sent to the server; the code is kept with the token, as the server
 * gives it once). While the table waits, the page asks the game
 * every two seconds; once it starts, it opens the play page.
 */
"use strict";

const LobbyTable = (() => {
  const $ = (id) => document.getElementById(id);
  const { words } = Phrases;
  const WAIT_MS = 2000;
  let kinds = [];
  let table = null;   // {id, seats} of the game this tab sits at
  let waiting = null; // the timer of the next look at the table

  const option = (value, text) => element("option", { value, text });

  const kind = () => kinds.find((k) => k.kind === $("kind").value);
  const map = () => kind()?.maps.find((m) => m.id === $("map").value);
  const variant = () => (map()?.variants ?? kind()?.variants ?? []).find((v) => v.id === $("variant").value);

  function seatRange() {
    const chosen = variant(), board = map(), game = kind();
    const low = chosen?.min_seats ?? board?.min_seats ?? game.min_seats;
    const high = chosen?.max_seats ?? board?.max_seats ?? game.max_seats;
    return [low, high];
  }

  function drawSeats() {
    const [low, high] = seatRange();
    const seats = $("seats");
    seats.min = String(low);
    seats.max = String(high);
    const now = Number(seats.value);
    if (!(now >= low && now <= high)) seats.value = String(Math.min(Math.max(now || low, low), high));
  }

  /** The kind's options that apply to this map and variant, each as a field. */
  function drawOptions() {
    const fields = [];
    for (const item of kind()?.options ?? []) {
      if (item.maps && !item.maps.includes($("map").value)) continue;
      if (item.variants && !item.variants.includes($("variant").value)) continue;
      const label = document.createElement("label");
      label.title = item.description ?? "";
      let input;
      if (item.choices) {
        input = document.createElement("select");
        input.append(...item.choices.map((c) => option(c, words(c))));
      } else {
        input = document.createElement("input");
        input.type = item.type === "boolean" ? "checkbox" : item.type === "integer" ? "number" : "text";
        if (item.minimum !== null) input.min = String(item.minimum);
        if (item.maximum !== null) input.max = String(item.maximum);
      }
      if (item.type === "boolean") input.checked = Boolean(item.default);
      else if (item.default !== null) input.value = String(item.default);
      input.dataset.option = item.name;
      input.dataset.type = item.type;
      label.append(words(item.name), " ", input);
      fields.push(label);
    }
    $("options").replaceChildren(...fields);
  }

  function drawVariants() {
    const list = map()?.variants ?? kind()?.variants ?? [];
    const fallback = map()?.default_variant;
    $("variant").replaceChildren(...(fallback ? [] : [option("", "standard")]),
      ...list.map((v) => option(v.id, v.title)));
    if (fallback) $("variant").value = fallback;
    $("variant-field").hidden = list.length === 0;
    drawSeats();
    drawOptions();
  }

  function drawMaps() {
    const maps = kind()?.maps ?? [];
    $("map").replaceChildren(...maps.map((m) => option(m.id, m.title)));
    if (kind()?.default_map) $("map").value = kind().default_map;
    $("map-field").hidden = maps.length === 0;
    drawVariants();
  }

  function say(where, problem) {
    $(where).hidden = !problem;
    $(where).textContent = problem ? Seats.problem(problem) : "";
  }

  function request() {
    const body = { kind: $("kind").value, seats: Number($("seats").value) };
    if (!$("map-field").hidden && $("map").value) body.map = $("map").value;
    if (!$("variant-field").hidden && $("variant").value) body.variant = $("variant").value;
    const options = {};
    for (const input of $("options").querySelectorAll("[data-option]")) {
      const type = input.dataset.type;
      options[input.dataset.option] = type === "boolean" ? input.checked
        : type === "integer" ? Number(input.value) : input.value;
    }
    if (Object.keys(options).length) body.options = options;
    if ($("clock").checked) {
      body.clock = { move_seconds: Number($("move-seconds").value),
        reserve_seconds: Number($("reserve-seconds").value), on_timeout: $("on-timeout").value };
    }
    body.private = $("private").checked;
    body.listed = $("listed").checked;
    return body;
  }

  async function create(event) {
    event.preventDefault();
    $("create-game").disabled = true;
    try {
      const made = await Seats.call("POST", "/games", { body: request() });
      if (!made.ok) { say("create-problem", made.body); return; }
      Seats.keepHost(made.body.id, made.body.host_token);
      say("create-problem", null);
      await join(made.body.id, $("name").value, made.body.invite_code, "create-problem");
    } finally {
      $("create-game").disabled = false;
    }
  }

  async function join(game, name, invite, where) {
    const body = { name };
    if (invite) body.invite_code = invite;
    const seated = await Seats.call("POST", `/games/${encodeURIComponent(game)}/seats`, { body });
    if (!seated.ok) { say(where, seated.body); return; }
    Seats.keep(game, seated.body.token, invite);
    document.dispatchEvent(new CustomEvent("seated", { detail: game }));
    sit(game, invite);
  }

  /** Back at a table this tab sits at (or hosts): its seats, its controls, its link. */
  const open = (game) => sit(game, Seats.invite(game));

  /** Back at a table when the lobby opens, unless the address offers a seat elsewhere. */
  function resume(game) {
    if (!table && !new URLSearchParams(location.hash.slice(1)).get("join")) open(game);
  }

  function sit(game, invite) {
    clearTimeout(waiting);
    table = { id: game };
    const link = new URL("/lobby", location.href);
    link.hash = new URLSearchParams(invite ? { join: game, invite } : { join: game }).toString();
    $("share").value = link.href;
    $("join").hidden = true;
    $("table").hidden = false;
    $("play-link").href = `/games/${encodeURIComponent(game)}/play`;
    $("play-link").hidden = false;
    const isHost = Seats.host(game) !== null;
    $("fill-bots").hidden = !isHost;
    $("bot-strategy").hidden = !isHost;
    $("start").hidden = Seats.token(game) === null && !isHost;
    history.replaceState(null, "", location.pathname);
    watchTable();
  }

  /** The table as it is now: its seats, who sits there, and whether it has started. */
  async function look() {
    const answer = await Seats.call("GET", `/games/${encodeURIComponent(table.id)}`);
    if (!answer.ok) { say("table-problem", answer.body); return null; }
    const game = answer.body;
    table.seats = game.setup.seats;
    table.taken = game.seats.length;
    $("table-seats").replaceChildren(...Array.from({ length: game.setup.seats }, (_, seat) => {
      const taken = game.seats.find((s) => s.seat === seat);
      const item = document.createElement("li");
      item.dataset.seat = String(seat);
      item.textContent = taken ? `${taken.name}${taken.bot ? ` (${taken.bot} bot)` : ""}`
        : `seat ${seat + 1}: open`;
      return item;
    }));
    $("fill-bots").disabled = table.taken >= table.seats;
    $("table-status").textContent = game.status === "lobby"
      ? `${table.taken} of ${table.seats} seats taken` : "The game has started.";
    document.body.dataset.table = `${table.taken}/${table.seats}`;
    return game;
  }

  /** Until the game starts, look at the table every `WAIT_MS`; then open the play page. */
  async function watchTable() {
    const watched = table.id;
    const game = await look();
    if (table.id !== watched) return;   // another table was opened meanwhile
    if (game && game.status !== "lobby") {
      location.assign($("play-link").href);
      return;
    }
    waiting = setTimeout(watchTable, WAIT_MS);
  }

  async function fillBots() {
    const host = Seats.host(table.id);
    $("fill-bots").disabled = true;
    for (let seat = table.taken; seat < table.seats; seat += 1) {
      const seated = await Seats.call("POST", `/games/${encodeURIComponent(table.id)}/seats/bot`,
        { bearer: host, body: { strategy: $("bot-strategy").value } });
      if (!seated.ok) { say("table-problem", seated.body); break; }
    }
    await look();
  }

  async function start() {
    const bearer = Seats.host(table.id) ?? Seats.token(table.id);
    const started = await Seats.call("POST", `/games/${encodeURIComponent(table.id)}/start`, { bearer });
    if (!started.ok) { say("table-problem", started.body); return; }
    location.assign($("play-link").href);
  }

  /** A link `#join=<game>` (and `&invite=<code>`) opens the form to take a seat there. */
  function offerSeat() {
    const fragment = new URLSearchParams(location.hash.slice(1));
    if (!fragment.get("join") || table) return;
    $("join").dataset.game = fragment.get("join");
    $("invite").value = fragment.get("invite") ?? "";
    $("join").hidden = false;
    $("join-name").focus();
  }

  /** The controls wired at once (a table may be resumed before the kinds arrive), then
   * the form built from /kinds. */
  async function load() {
    $("kind").addEventListener("change", drawMaps);
    $("map").addEventListener("change", drawVariants);
    $("variant").addEventListener("change", () => { drawSeats(); drawOptions(); });
    $("create-form").addEventListener("submit", create);
    $("join-form").addEventListener("submit", (event) => {
      event.preventDefault();
      join($("join").dataset.game, $("join-name").value, $("invite").value, "join-problem");
    });
    $("fill-bots").addEventListener("click", fillBots);
    $("start").addEventListener("click", start);
    $("copy-share").addEventListener("click", () => navigator.clipboard?.writeText($("share").value));
    const answer = await Seats.call("GET", "/kinds");
    kinds = answer.ok ? answer.body : [];
    $("kind").replaceChildren(...kinds.map((k) => option(k.kind, k.title)));
    drawMaps();
    offerSeat();
    window.addEventListener("hashchange", offerSeat);
    document.body.dataset.ready = "true";
  }

  load();
  return { open, resume };
})();
