// @ts-check
// A match's page: join or watch, the connection and its status, the share
// link, the seats and who is here, what you are asked (as buttons in
// words), the timer and the log. The board itself is the edition's page
// (race.js for the grid races, conquest.js for the map).
import { Connection, api, h, seatStore } from "./net.js";
import { actionWords, decisionWords, eventWords, inner } from "./words.js";
import { raceView } from "./race.js";
import { conquestView } from "./conquest.js";
import { COLORS } from "./draw.js";
import { refusedHere } from "./local.js";

/**
 * What the edition's page gets from the match page.
 * @typedef {{
 *   seat: number | null, names: string[], speed: number,
 *   act: (action: any) => void, draft: (action: any) => void,
 *   log: (line: string, mark?: boolean) => void, zone: ((z: number) => string) | null,
 *   choices: HTMLElement, ask: HTMLElement, board: HTMLElement, panel: HTMLElement, legend: HTMLElement,
 * }} Table
 */
/**
 * An edition's page.
 * @typedef {{
 *   animate: (events: any[], by: number) => Promise<void>,
 *   render: (state: any) => void,
 *   decide: (asked: any, state: any) => boolean,
 *   close: () => void,
 * }} EditionPage
 * `close` undoes what the page set up outside its own elements (the race
 * page's key listener on the document) when the match page is left.
 */

/**
 * A match played without the server (local.js, replay.js): its public
 * state and picture, the seat shown, a connection speaking the server's
 * frames, and the links shown at its end.
 * @typedef {{
 *   info: any, picture: any, mine: import("./net.js").SeatToken | null,
 *   connect: (onMessage: (msg: any) => void, onStatus: (status: string) => void) => { send: (msg: any) => boolean, close: () => void },
 *   replay?: () => (Node | string)[],
 * }} LocalSource
 */

/** Waits `ms`. @param {number} ms */
export const sleep = ms => new Promise(r => setTimeout(r, ms));

/**
 * Opens match `id` in `app` (or a match without the server, `local`);
 * returns its clean-up.
 * @param {HTMLElement} app @param {string} id @param {boolean} watch @param {LocalSource | null} [local]
 */
export function openMatch(app, id, watch, local = null) {
  app.replaceChildren(h("p", {}, "Loading the match\u2026"));
  /** @type {{ send: (msg: any) => boolean, close: () => void } | null} */
  let conn = null;
  let gone = false;
  /** @type {EditionPage | null} */
  let shown = null;
  start().catch(e => app.replaceChildren(h("p", { id: "match-error" }, `This match cannot be opened: ${e.message}. `, h("a", { href: "#/" }, "Back to the lobby"))));
  return () => { gone = true; if (conn) conn.close(); if (shown) shown.close(); banner(null); };

  async function start() {
    const info = local ? local.info : await api("GET", `/api/matches/${id}`);
    const where = /** @type {HTMLElement} */ (document.getElementById("where"));
    where.textContent = `${info.edition} \u00b7 ${info.setting}`;
    let mine = local ? local.mine : watch ? null : seatStore.get(id);
    if (!local && !mine && !watch && info.status === "open") {
      mine = await joinForm(app, id, info);
      if (!mine) return;
    }
    if (gone) return;
    const picture = local ? local.picture : await api("GET", `/api/matches/${id}/picture`);
    // Left while loading: no page, no connection.
    if (gone) return;
    layout(info, mine, picture);
  }

  /**
   * The page, then the connection.
   * @param {any} info @param {import("./net.js").SeatToken | null} mine @param {any} picture
   */
  function layout(info, mine, picture) {
    const share = h("input", { class: "share", id: "share", readonly: true, value: `${location.origin}/#/m/${id}` });
    const copy = h("button", { id: "copy" }, "Copy");
    copy.onclick = () => { share.select(); navigator.clipboard?.writeText(share.value).catch(() => {}); copy.textContent = "Copied"; };
    const seatsTable = h("table", { id: "seats" });
    const status = h("p", { id: "status" });
    const clock = h("span", { id: "clock" });
    const ask = h("div", { id: "ask" });
    const choices = h("div", { id: "choices" });
    const panel = h("div", { id: "panel" });
    const log = h("ol", { id: "log" });
    const legend = h("div", { id: "legend" });
    const board = h("div", { class: "boardbox", id: "boardbox" });
    const leaveBtn = h("button", { id: "leave" }, mine && !local ? "Leave my seat" : "Back to the lobby");
    const me = h("span", { id: "me" }, mine ? `You play seat ${mine.seat + 1} as ${mine.name}.` : "You are watching.");
    const side = h("div", { class: "side" },
      h("section", { class: "panel" },
        local ? "" : h("div", { class: "row" }, "Invite: ", share, copy),
        h("div", { class: "row" }, me, leaveBtn),
        seatsTable, status),
      h("section", { class: "panel", id: "decide" }, h("div", { class: "row" }, ask, clock), choices, panel),
      h("section", { class: "panel" }, h("h2", {}, "Log"), log));
    app.replaceChildren(legend, h("div", { class: "game" }, board, side));
    leaveBtn.onclick = async () => {
      if (mine && !local) {
        if (!confirm("Give your seat up?")) return;
        await api("POST", `/api/matches/${id}/leave`, { token: mine.token }).catch(() => {});
        seatStore.forget(id);
      }
      location.hash = "#/";
    };

    /** @type {string[]} */
    let names = info.seats.map((/** @type {any} */ s, /** @type {number} */ i) => seatName(s, i));
    const zone = picture.map ? (/** @type {number} */ z) => picture.map.zones?.[z]?.name ?? `zone ${z}` : null;
    const speed = Number(new URLSearchParams(location.search).get("speed") || localStorage.getItem("roborally.speed") || 1) || 1;
    /** @type {Table} */
    const table = {
      seat: mine ? mine.seat : null, names, speed, zone, choices, ask, board, panel, legend,
      act: action => {
        // Checked here first: an answer the engine would refuse is not sent.
        const refused = local ? null : refusedHere(lastState, action);
        document.body.dataset.refusedHere = refused || "";
        if (refused) { status.textContent = `Not sent: ${refused}`; return; }
        if (!conn || !conn.send({ type: "action", action })) status.textContent = "Not connected: your answer was not sent.";
        // Sent: nothing is asked until the server answers.
        document.body.dataset.asked = "";
        for (const b of panel.querySelectorAll("button")) /** @type {HTMLButtonElement} */ (b).disabled = true;
        choices.querySelectorAll("button").forEach((/** @type {Element} */ b) => { /** @type {HTMLButtonElement} */ (b).disabled = true; });
      },
      draft: action => { if (conn) conn.send({ type: "draft", action }); },
      log: (line, mark) => {
        log.append(h("li", { class: mark ? "mark" : "" }, line));
        while (log.children.length > 400) log.firstChild?.remove();
        log.scrollTop = log.scrollHeight;
      },
    };
    /** @type {EditionPage} */
    const page = picture.map ? conquestView(table, picture.map) : raceView(table, picture.board);
    shown = page;

    /** @type {any} */
    let lastState = null;
    /** @type {any[]} */
    const queue = [];
    let busy = false;
    let clockEnds = 0;
    const tick = setInterval(() => {
      if (!clockEnds) { clock.textContent = ""; return; }
      const left = Math.max(0, Math.ceil((clockEnds - Date.now()) / 1000));
      clock.textContent = `\u23F1 ${left} s`;
      clock.className = left <= 10 ? "low" : "";
    }, 250);
    const pump = async () => {
      if (busy) return;
      busy = true;
      while (queue.length && !gone) {
        const msg = queue.shift();
        // A message the page cannot show must not stop the ones after it.
        try {
          if (msg.type === "events") {
            for (const e of msg.events) {
              const line = eventWords(e, { names, zone });
              if (line) table.log(line, line.startsWith("\u2014"));
            }
            await page.animate(msg.events, msg.by);
          } else if (msg.type === "state") {
            // Only the newest state matters once the animations caught up.
            if (queue.some(m => m.type === "state")) continue;
            showState(msg);
          }
        } catch (e) {
          console.error("could not show", msg.type, e);
        }
      }
      busy = false;
    };
    /** @param {any} st */
    const showState = st => {
      lastState = st;
      clockEnds = st.clock ? Date.now() + st.clock.left_ms : 0;
      page.render(st);
      choices.replaceChildren();
      panel.replaceChildren();
      document.body.dataset.seq = String(st.seq);
      if (st.finished) {
        const won = (st.winners || []).map((/** @type {number} */ w) => names[w]).join(" and ");
        ask.textContent = won ? `Game over: ${won} won.` : "Game over.";
        document.body.dataset.finished = "yes";
        choices.append(...(local && local.replay ? local.replay()
          : [h("a", { href: `/api/matches/${id}/replay.html`, target: "_blank", id: "replay" }, "Watch the replay"), " ",
            h("a", { href: `#/replay/${id}`, id: "replay-here" }, "Step through it here")]));
        return;
      }
      if (!st.asked) {
        const waiting = (st.waiting || []).map((/** @type {number} */ w) => names[w]).join(", ");
        ask.textContent = table.seat == null ? `Waiting for ${waiting || "the match to start"}.` : waiting ? `Waiting for ${waiting}\u2026` : "Waiting\u2026";
        document.body.dataset.asked = "";
        return;
      }
      document.body.dataset.asked = JSON.stringify(inner(st.asked.decision));
      ask.textContent = decisionWords(st.asked.decision);
      if (page.decide(st.asked, st)) return;
      // Classic's "time is up" is the server timer's to send, not a choice.
      const options = (st.asked.legal || (st.asked.suggestion ? [st.asked.suggestion] : [])).filter((/** @type {any} */ a) => inner(a) !== "TimeUp");
      for (const a of options) {
        const b = h("button", { class: "choice" }, actionWords(a, { names, zone }));
        b.onclick = () => table.act(a);
        choices.append(b);
      }
    };
    /** @param {any[]} seats */
    const showSeats = seats => {
      names = seats.map((s, i) => seatName(s, i));
      table.names.splice(0, table.names.length, ...names);
      seatsTable.replaceChildren(...seats.map((s, i) => h("tr", { "data-seat": i },
        h("td", {}, h("span", { class: "swatch", style: `background:${COLORS[i % COLORS.length]}` }), names[i], mine && mine.seat === i ? " (you)" : ""),
        h("td", {}, s.kind === "bot" ? "bot" : s.kind === "open" ? "open seat: share the link" : s.connected ? "here" : "away"))));
    };
    showSeats(info.seats);
    /** @param {any} msg */
    const onMessage = msg => {
      if (msg.type === "events" || msg.type === "state") { queue.push(msg); pump(); }
      else if (msg.type === "presence") showSeats(msg.seats);
      else if (msg.type === "welcome") {
        status.textContent = "";
        // A local game at a hot seat shows each person's seat in turn.
        if (local && msg.seat != null && msg.seat !== table.seat) {
          table.seat = msg.seat;
          mine = { seat: msg.seat, name: names[msg.seat], token: "" };
          me.textContent = `You play seat ${msg.seat + 1} as ${mine.name}.`;
          showSeats(local.info.seats);
        }
      }
      else if (msg.type === "error") {
        status.textContent = `Refused: ${msg.message}`;
        if (msg.code === "bad_token" || msg.code === "seat_left") { seatStore.forget(id); conn?.close(); banner("Your seat is not yours any more (it was left or taken). Reload to watch or join again."); }
        else if (lastState) showState(lastState);
      }
    };
    /** @param {string} s @param {string} [detail] */
    const onStatus = (s, detail) => {
      const net = /** @type {HTMLElement} */ (document.getElementById("net"));
      net.textContent = s === "local" ? "\u25CF in this browser" : s === "connected" ? "\u25CF connected" : s === "reconnecting" ? "reconnecting\u2026" : "offline";
      document.body.dataset.net = s;
      banner(s === "gone" ? `The server is gone: cannot reach it${detail ? ` (${detail})` : ""}. Still trying; your seat is kept in this browser, so reload once it is back.` : null);
    };
    conn = local ? local.connect(onMessage, onStatus) : new Connection(id, mine ? mine.token : null, onMessage, onStatus);
    const base = conn.close.bind(conn);
    conn.close = () => { clearInterval(tick); base(); };
  }
}

/** @param {any} s @param {number} i */
function seatName(s, i) {
  if (s.kind === "bot") return `P${i} ${s.bot}`;
  return s.name || `seat ${i + 1}`;
}

/** The server-gone (or other) banner; null hides it. @param {string | null} text */
export function banner(text) {
  const b = /** @type {HTMLElement} */ (document.getElementById("banner"));
  b.hidden = !text;
  b.textContent = text || "";
}

/**
 * Join an open match (or watch it instead).
 * @param {HTMLElement} app @param {string} id @param {any} info
 * @returns {Promise<import("./net.js").SeatToken | null>}
 */
function joinForm(app, id, info) {
  return new Promise(resolve => {
    const name = h("input", { id: "join-name", value: localStorage.getItem("roborally.name") || "", placeholder: "your name" });
    const join = h("button", { class: "primary", id: "join" }, "Join");
    const watch = h("a", { href: `#/m/${id}/watch`, id: "watch" }, "Watch instead");
    const msg = h("p", { role: "status" });
    const free = info.seats.filter((/** @type {any} */ s) => s.kind === "open").length;
    app.replaceChildren(h("section", { class: "panel" }, h("h2", {}, `Join ${info.edition} on ${info.setting}`),
      h("p", {}, `${free} open ${free === 1 ? "seat" : "seats"}.`), h("div", { class: "row" }, name, join, watch), msg));
    join.onclick = async () => {
      try {
        localStorage.setItem("roborally.name", name.value.trim());
        const t = await api("POST", `/api/matches/${id}/join`, name.value.trim() ? { name: name.value.trim() } : {});
        seatStore.set(id, t);
        resolve(t);
      } catch (e) { msg.textContent = `Cannot join: ${/** @type {Error} */ (e).message}`; }
    };
  });
}
