/**
 * A Roundhouse client on the client generated from api-spec/openapi.json.
 *
 * It creates a game of Ticket to Ride (Europe), takes seat 0, lets two server
 * bots take the others, starts it, and then plays by following its seat's live
 * stream: after each record the stream sends the seat's game (`event: game`,
 * the body of GET /games/{id}/me), and when the seat is to act the client sends
 * one of its legal moves. The stream ends after the record that finishes the
 * game; the client then prints the result.
 *
 * openapi-fetch decodes JSON answers only, and `/stream` is text/event-stream,
 * so the stream is read with `fetch` and the small SSE line reader below.
 *
 *     node build/play.mjs [base URL, default http://127.0.0.1:8000]
 */
import createClient from "openapi-fetch";
import type { components, paths } from "./api.js";

// The stream's `data` is JSON the generated types describe: this game is Ticket to
// Ride, so its records and its seat's game are Ticket to Ride's.
type SeatGame = components["schemas"]["TicketToRidePrivateGame"];
type LogRecord = components["schemas"]["TicketToRideRecord"];

const base = process.argv[2] ?? "http://127.0.0.1:8000";
const api = createClient<paths>({ baseUrl: base });
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** One Server-Sent Event: its `event` name, `id` and `data` (comments are skipped). */
interface ServerSentEvent {
  event: string;
  id: string;
  data: string;
}

/** The events of a text/event-stream body, as they arrive (the SSE wire format). */
async function* serverSentEvents(body: ReadableStream<Uint8Array>): AsyncGenerator<ServerSentEvent> {
  let pending = "";
  let event: ServerSentEvent = { event: "message", id: "", data: "" };
  const decoder = new TextDecoder();
  for await (const chunk of body) {
    pending += decoder.decode(chunk, { stream: true });
    const lines = pending.split(/\r?\n/);
    pending = lines.pop() ?? "";
    for (const line of lines) {
      if (line === "") {
        if (event.data !== "") yield event;
        event = { event: "message", id: "", data: "" };
      } else if (!line.startsWith(":")) {
        const colon = line.indexOf(":");
        const field = colon < 0 ? line : line.slice(0, colon);
        const value = colon < 0 ? "" : line.slice(colon + 1).replace(/^ /, "");
        if (field === "data") event.data += (event.data === "" ? "" : "\n") + value;
        else if (field === "event" || field === "id") event[field] = value;
      }
    }
  }
}

/** Fail loudly on a refused request: its problem document says why. */
function expect<T>(answer: { data?: T; error?: unknown; response: Response }): T {
  if (answer.data === undefined) {
    throw new Error(`${answer.response.url}: ${answer.response.status} ${JSON.stringify(answer.error)}`);
  }
  return answer.data;
}

const created = expect(await api.POST("/games", { body: { kind: "ticket-to-ride", map: "europe", seats: 3 } }));
const gameId = created.id;
const host = bearer(created.host_token);
const params = { path: { game_id: gameId } };
const me = expect(await api.POST("/games/{game_id}/seats", { params, body: { name: "typescript example" } }));
for (const name of ["greedy bot", "random bot"] as const) {
  const strategy = name === "greedy bot" ? "greedy" : "random";
  expect(await api.POST("/games/{game_id}/seats/bot", { params, headers: host, body: { strategy, name } }));
}
expect(await api.POST("/games/{game_id}/start", { params, headers: host }));
console.log(`game ${gameId}: seat ${me.seat} is ours, seats 1 and 2 are bots`);

// The seat's stream: a single-use ticket opens it (a browser's EventSource cannot
// send Authorization; here fetch could, but the ticket is the documented way).
const { ticket } = expect(await api.POST("/games/{game_id}/stream-tickets", { params, headers: bearer(me.token) }));
const stream = await fetch(`${base}/games/${gameId}/stream?ticket=${encodeURIComponent(ticket)}`);
if (!stream.ok || stream.body === null) throw new Error(`stream: ${stream.status}`);

let records = 0;
let ours = 0;
const routes = new Map<number, number>(); // routes claimed, by seat, as the events tell
for await (const message of serverSentEvents(stream.body)) {
  if (message.event === "record") {
    const record = JSON.parse(message.data) as LogRecord;
    if (record.version !== records + 1) throw new Error(`record ${record.version} after ${records}`);
    records = record.version;
    for (const event of record.events) {
      if (event.type === "route-claimed") routes.set(event.seat, (routes.get(event.seat) ?? 0) + 1);
    }
  } else if (message.event === "game") {
    const game = JSON.parse(message.data) as SeatGame;
    const moves = game.legal_moves;
    if (game.status !== "active" || moves.length === 0) continue;
    // A strategy in one line: claim a route when one can be claimed, else anything
    // legal. Every command carries its `type`, which the generated union is tagged by.
    const move =
      moves.find((m) => m.command.type === "claim-route") ?? moves[Math.floor(Math.random() * moves.length)];
    const sent = await api.POST("/games/{game_id}/commands", {
      params: { ...params, header: { "If-Match": `"${game.version}"` } },
      headers: bearer(me.token),
      body: move.command,
    });
    // 412: a bot moved first (the opening ticket choice is simultaneous); the
    // stream brings the game as it is now, and the next move is chosen from it.
    if (sent.response.status !== 412) expect(sent);
    if (sent.data) ours += 1;
  }
}

const final = expect(await api.GET("/games/{game_id}", { params }));
if (final.status !== "finished" || final.result == null) throw new Error(`game ${gameId} did not finish`);
console.log(`${records} records followed live, ${ours} of them our moves`);
for (const seat of final.seats) {
  const claimed = routes.get(seat.seat) ?? 0;
  console.log(`  seat ${seat.seat} ${seat.name}: ${final.result.scores[seat.seat]} (${claimed} routes)`);
}
const claimed = [...routes.values()].reduce((sum, n) => sum + n, 0);
console.log(JSON.stringify({ game: gameId, records, ours, routes: claimed, version: final.version, winners: final.result.winners }));
