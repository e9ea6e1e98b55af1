/* What the lobby and the play page share: where a seat's token is kept, and calls to the API.
 *
 * A seat's token (and a host's) is a bearer secret. It lives in the tab's session storage,
 * so it goes when the tab closes; in local storage only when the player asks to be
 * remembered on this device. It travels to the server only in an Authorization header,
 * never in an address (logs, history and Referer keep addresses), and is never logged.
 * Reaching the play page with `#token=...` (a fragment: browsers never send it) moves the
 * token into the tab's storage and takes it out of the address bar at once.
 */
"use strict";

const Seats = (() => {
  const tokenKey = (game) => `roundhouse:token:${game}`;
  const hostKey = (game) => `roundhouse:host:${game}`;
  const inviteKey = (game) => `roundhouse:invite:${game}`;

  /** The token of this tab's seat in `game`, from the address's fragment if it has one. */
  function token(game) {
    const fragment = new URLSearchParams(location.hash.slice(1));
    const given = fragment.get("token");
    if (given) {
      sessionStorage.setItem(tokenKey(game), given);
      if (localStorage.getItem(tokenKey(game)) !== null) localStorage.setItem(tokenKey(game), given);
      fragment.delete("token");
      const rest = fragment.toString();
      history.replaceState(null, "", location.pathname + location.search + (rest ? `#${rest}` : ""));
      return given;
    }
    return sessionStorage.getItem(tokenKey(game)) ?? localStorage.getItem(tokenKey(game));
  }

  /** Keep the seat's token in this tab, and a private game's invitation (the server gives
   * it once), so that the lobby can share the table again. */
  function keep(game, seatToken, invite = null) {
    sessionStorage.setItem(tokenKey(game), seatToken);
    if (invite) sessionStorage.setItem(inviteKey(game), invite);
  }

  const invite = (game) => sessionStorage.getItem(inviteKey(game));

  /** The games this tab (or this device, when remembered) holds a seat's or a host's
   * token for. */
  function games() {
    const found = new Set();
    for (const storage of [sessionStorage, localStorage]) {
      for (let i = 0; i < storage.length; i += 1) {
        const key = storage.key(i);
        for (const prefix of [tokenKey(""), hostKey("")]) {
          if (key.startsWith(prefix)) found.add(key.slice(prefix.length));
        }
      }
    }
    return [...found];
  }

  /** Keep the seat's token on this device (local storage) or only in this tab. */
  function remember(game, yes) {
    const held = token(game);
    if (yes && held) localStorage.setItem(tokenKey(game), held);
    else localStorage.removeItem(tokenKey(game));
  }

  const remembered = (game) => localStorage.getItem(tokenKey(game)) !== null;
  const host = (game) => sessionStorage.getItem(hostKey(game));
  const keepHost = (game, hostToken) => sessionStorage.setItem(hostKey(game), hostToken);

  /** `method` on `path` with `bearer`'s Authorization and a JSON `body`: {ok, status, body}.
   * A server out of reach is status 0, never an exception: the pages retry or say so. */
  async function call(method, path, { bearer = null, body = undefined, headers = {} } = {}) {
    const sent = { ...headers };
    if (bearer) sent.Authorization = `Bearer ${bearer}`;
    if (body !== undefined) sent["Content-Type"] = "application/json";
    let answer, text;
    try {
      answer = await fetch(path, {
        method, headers: sent, body: body === undefined ? undefined : JSON.stringify(body),
        cache: "no-store",
      });
      text = await answer.text();
    } catch {
      return { ok: false, status: 0, body: { detail: "The server could not be reached." } };
    }
    let parsed = null;
    try { parsed = text ? JSON.parse(text) : null; } catch { parsed = { detail: text }; }
    return { ok: answer.ok, status: answer.status, body: parsed };
  }

  /** A problem document in words: what was wrong and, for a rule, its section. */
  function problem(body) {
    const words = body?.detail || body?.title || "The server refused.";
    return body?.section ? `${words} (rules ${body.section})` : words;
  }

  return { token, keep, invite, games, remember, remembered, host, keepHost, call, problem };
})();
