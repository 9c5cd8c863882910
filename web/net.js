// @ts-check
// Talking to the server: the lobby's JSON routes, the seat tokens kept in
// the browser, and the match's WebSocket, which reconnects by itself and
// asks for the events it missed.

/**
 * A JSON request; a refused one throws with the server's message.
 * @param {string} method @param {string} path @param {any} [body] @returns {Promise<any>}
 */
export async function api(method, path, body) {
  const res = await fetch(path, {
    method,
    headers: body === undefined ? {} : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  /** @type {any} */
  let json = null;
  try { json = text ? JSON.parse(text) : null; } catch { json = null; }
  if (!res.ok) throw new Error(json && json.message ? json.message : `${res.status} ${text.slice(0, 200)}`);
  return json;
}

/**
 * An HTML element with attributes and children.
 * @param {string} tag @param {Record<string, any>} [attrs] @param {...(Node | string)} kids @returns {any}
 */
export function h(tag, attrs, ...kids) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === false || v == null) continue;
    e.setAttribute(k, v === true ? "" : String(v));
  }
  e.append(...kids);
  return e;
}

/** @typedef {{ seat: number, name: string, token: string }} SeatToken */

/** The seat tokens this browser holds, one per match, in localStorage. */
export const seatStore = {
  /** @param {string} id @returns {SeatToken | null} */
  get(id) {
    try { return JSON.parse(localStorage.getItem("roborally.seat." + id) || "null"); } catch { return null; }
  },
  /** @param {string} id @param {SeatToken} t */
  set(id, t) { localStorage.setItem("roborally.seat." + id, JSON.stringify(t)); },
  /** @param {string} id */
  forget(id) { localStorage.removeItem("roborally.seat." + id); },
};

/**
 * The match's WebSocket: `hello` with the token (or none, to watch), and
 * on a drop, reconnection with `since` (the last sequence number seen),
 * backing off up to 5 s. `onStatus` hears "connected", "reconnecting" or
 * "gone" (the server did not answer for a while).
 */
export class Connection {
  /**
   * @param {string} id @param {string | null} token
   * @param {(msg: any) => void} onMessage @param {(status: string, detail?: string) => void} onStatus
   */
  constructor(id, token, onMessage, onStatus) {
    this.id = id;
    this.token = token;
    this.onMessage = onMessage;
    this.onStatus = onStatus;
    /** The last sequence number of an `events` frame received. */
    this.seq = -1;
    this.closed = false;
    this.failures = 0;
    /** @type {WebSocket | null} */
    this.ws = null;
    this.open();
  }

  open() {
    const url = `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/api/matches/${this.id}/ws`;
    const ws = new WebSocket(url);
    this.ws = ws;
    ws.onopen = () => {
      /** @type {any} */
      const hello = { type: "hello" };
      if (this.token) hello.token = this.token;
      if (this.seq >= 0) hello.since = this.seq;
      ws.send(JSON.stringify(hello));
      this.failures = 0;
      this.onStatus("connected");
    };
    ws.onmessage = e => {
      /** @type {any} */
      let msg;
      try { msg = JSON.parse(String(e.data)); } catch { return; }
      if (msg.type === "events") this.seq = Math.max(this.seq, msg.seq);
      if (msg.type === "state" && this.seq < 0) this.seq = msg.seq;
      this.onMessage(msg);
    };
    ws.onclose = () => {
      if (this.closed) return;
      this.failures++;
      this.onStatus(this.failures > 2 ? "gone" : "reconnecting");
      setTimeout(() => { if (!this.closed) this.open(); }, Math.min(5000, 300 * 2 ** this.failures));
    };
  }

  /** @param {any} msg */
  send(msg) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) { this.ws.send(JSON.stringify(msg)); return true; }
    return false;
  }

  close() {
    this.closed = true;
    if (this.ws) this.ws.close();
  }
}
