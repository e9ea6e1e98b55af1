/**
 * Plays a game of every kind, map and variant to the end with the client generated
 * from api-spec/openapi.json (openapi-typescript types, openapi-fetch calls), as
 * tests/api/test_generated_typescript_client.py runs it: compiled with `tsc --strict`,
 * then run with node against a running server.
 *
 * The setups are written as typed `CreateGame` bodies, so tsc checks them against
 * the schema; `/kinds` then tells whether they cover every map and variant the
 * server offers. Every seat is played here, by a uniformly chosen legal move from
 * `/me`, sent as it is or, where it holds a field at its default, as a client would
 * write it by hand, without that field (`handWritten`: tsc checks that the schema
 * lets a request leave it out, the server that it takes it so). One JSON line per
 * finished game goes to stdout.
 *
 *     node build/play_every_kind.mjs <base URL>
 */
import createClient from "openapi-fetch";
import type { components, paths } from "./api.js";

type CreateGame = components["schemas"]["CreateGame"];
type TicketToRideLegalMove = components["schemas"]["TicketToRideLegalMove"];
type ColtExpressLegalMove = components["schemas"]["ColtExpressLegalMove"];
type Command = components["schemas"]["Command"];

const GAMES: CreateGame[] = [
  { kind: "ticket-to-ride", seats: 2, map: "europe", variant: "standard" },
  { kind: "ticket-to-ride", seats: 2, map: "europe", variant: "europa-1912", options: { "long-1912-tickets": true } },
  { kind: "ticket-to-ride", seats: 2, map: "europe", variant: "mega-europe" },
  { kind: "ticket-to-ride", seats: 2, map: "europe", variant: "big-cities" },
  { kind: "ticket-to-ride", seats: 2, map: "amsterdam" },
  { kind: "ticket-to-ride", seats: 2, map: "world" },
  { kind: "ticket-to-ride", seats: 2, map: "northern-lights" },
  { kind: "colt-express", seats: 3 },
  { kind: "colt-express", seats: 2, variant: "two-player" },
];
const MAX_COMMANDS = 5_000;

const base = process.argv[2];
if (base === undefined) throw new Error("usage: play_every_kind.mjs <base URL>");
const api = createClient<paths>({ baseUrl: base });
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const pick = <T,>(items: readonly T[]): T => {
  if (items.length === 0) throw new Error("nothing to choose from");
  return items[Math.floor(Math.random() * items.length)] as T;
};

/** The answer's body; a refused request throws with its problem document. */
function expect<T>(answer: { data?: T; error?: unknown; response: Response }): T {
  if (answer.data === undefined) {
    throw new Error(`${answer.response.url}: ${answer.response.status} ${JSON.stringify(answer.error)}`);
  }
  return answer.data;
}

/** The map and variant a setup plays, as /kinds names them (the map's default variant if none). */
function played(kinds: components["schemas"]["KindDescriptor"][], setup: CreateGame): string {
  const kind = kinds.find((k) => k.kind === setup.kind);
  if (kind === undefined) throw new Error(`the server has no kind ${setup.kind}`);
  const named = "map" in setup ? setup.map : undefined;
  const map = kind.maps?.find((m) => m.id === (named ?? kind.default_map));
  const variant = "variant" in setup ? setup.variant : undefined;
  return `${setup.kind}/${map?.id ?? "-"}/${variant ?? map?.default_variant ?? "-"}`;
}

/** Every kind/map/variant the server offers (a kind without maps: its variants, and none). */
function offered(kinds: components["schemas"]["KindDescriptor"][]): string[] {
  return kinds.flatMap((kind) =>
    (kind.maps ?? []).length > 0
      ? (kind.maps ?? []).flatMap((map) => (map.variants ?? []).map((v) => `${kind.kind}/${map.id}/${v.id}`))
      : [`${kind.kind}/-/-`, ...(kind.variants ?? []).map((v) => `${kind.kind}/-/${v.id}`)],
  );
}

/** What the final view of each kind tells, read through the game's `kind`, which narrows it. */
function finalFigures(game: components["schemas"]["PublicGame"], claims: number) {
  if (game.kind === "ticket-to-ride") {
    const owned = (game.view?.route_owner ?? []).filter((owner) => owner !== null).length;
    if (owned === 0 || owned > claims) throw new Error(`${game.id}: ${owned} routes owned after ${claims} claims`);
    return { routes_owned: owned, gunslingers: [] };
  }
  const result = game.view?.result;
  if (JSON.stringify(result?.scores) !== JSON.stringify(game.result?.scores)) {
    throw new Error(`${game.id}: the view's scores ${JSON.stringify(result?.scores)} differ from the result's`);
  }
  return { routes_owned: 0, gunslingers: result?.gunslingers ?? [] };
}

/** `command` written by hand, leaving out the fields it holds at their defaults; null when
 * it holds none (or is of a type without such fields). */
function handWritten(command: Command): Command | null {
  switch (command.type) {
    case "claim-route":
      return command.cards == null && !command.locomotives
        ? { type: "claim-route", route: command.route, colour: command.colour }
        : null;
    case "draw-card":
      return command.slot == null ? { type: "draw-card" } : null;
    case "play-card":
      return command.face_down ? null : { type: "play-card", card: command.card };
    case "punch":
      return command.take_purse ? null : { type: "punch", victim: command.victim, token: command.token, car: command.car };
    default:
      return null;
  }
}

/** How many of each command type the game's log records as sent by its players. */
async function commandsLogged(params: { path: { game_id: string } }): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (let after = 0; ; ) {
    const page = expect(await api.GET("/games/{game_id}/events", { params: { ...params, query: { after, limit: 1000 } } }));
    for (const record of page.records) {
      if (record.type === "command" && record.payload !== null && "type" in record.payload) {
        counts.set(record.payload.type, (counts.get(record.payload.type) ?? 0) + 1);
      }
    }
    if (page.next_after >= page.version) return counts;
    after = page.next_after;
  }
}

/** Create `setup`, take every seat, start, and play random legal moves to the end. */
async function playToEnd(setup: CreateGame, label: string) {
  const created = expect(await api.POST("/games", { body: setup }));
  const params = { path: { game_id: created.id } };
  const tokens: string[] = [];
  for (let seat = 0; seat < setup.seats; seat++) {
    const joined = expect(await api.POST("/games/{game_id}/seats", { params, body: { name: `seat ${seat}` } }));
    if (joined.seat !== seat) throw new Error(`${label}: joined seat ${joined.seat}, expected ${seat}`);
    tokens.push(joined.token);
  }
  expect(await api.POST("/games/{game_id}/start", { params, headers: bearer(created.host_token) }));
  const sent = new Map<string, number>();
  let claims = 0;
  let handWrittenSent = 0;
  for (let commands = 0; commands < MAX_COMMANDS; commands++) {
    const game = expect(await api.GET("/games/{game_id}", { params }));
    if (game.status === "finished") {
      if (game.result == null) throw new Error(`${label}: finished without a result`);
      const logged = await commandsLogged(params);
      if (JSON.stringify([...logged].sort()) !== JSON.stringify([...sent].sort())) {
        throw new Error(`${label}: sent ${JSON.stringify([...sent])}, logged ${JSON.stringify([...logged])}`);
      }
      return { game: created.id, setup: label, seats: setup.seats, commands, claims, hand_written: handWrittenSent,
               ...finalFigures(game, claims),
               version: game.version, scores: game.result.scores, winners: game.result.winners };
    }
    const seat = pick(game.to_act);
    const token = tokens[seat];
    if (token === undefined) throw new Error(`${label}: seat ${seat} is to act but was not taken`);
    const me = expect(await api.GET("/games/{game_id}/me", { params, headers: bearer(token) }));
    if (me.kind !== game.kind) throw new Error(`${label}: /me is of kind ${me.kind}`);
    const moves: (TicketToRideLegalMove | ColtExpressLegalMove)[] = me.legal_moves;
    const move = pick(moves);
    if (move.command.type === "claim-route") claims += 1;
    sent.set(move.command.type, (sent.get(move.command.type) ?? 0) + 1);
    const written = handWritten(move.command);
    if (written !== null) handWrittenSent += 1;
    const answer = expect(await api.POST("/games/{game_id}/commands", {
      params: { ...params, header: { "If-Match": `"${me.version}"` } },
      headers: bearer(token),
      body: written ?? move.command,
    }));
    if (answer.version !== me.version + 1) throw new Error(`${label}: version ${answer.version} after ${me.version}`);
  }
  throw new Error(`${label}: not finished after ${MAX_COMMANDS} commands`);
}

const kinds = expect(await api.GET("/kinds"));
const labels = GAMES.map((setup) => played(kinds, setup));
const missing = offered(kinds).filter((game) => !labels.includes(game));
if (missing.length > 0) throw new Error(`not played: ${missing.join(", ")}`);
const results = await Promise.all(GAMES.map((setup, i) => playToEnd(setup, labels[i] ?? "")));
for (const result of results) console.log(JSON.stringify(result));
