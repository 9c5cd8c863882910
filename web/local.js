// @ts-check
// Play here: games played in this browser by the engines' WebAssembly
// package (served at /web/pkg/, built by scripts/wasm-build.sh), hot seat
// at one keyboard or against bots, with no server once the page and the
// package are loaded. A local game speaks the server's frames (welcome,
// presence, events, state) to the match page, so it is drawn and worded
// as an online match is. The replays of local and finished online games
// step and scrub here too (replay.js).
import { h } from "./net.js";
import { openMatch, sleep } from "./match.js";

/** The package's module (roborally.js), typed loosely: its own types are in its .d.ts. @typedef {any} Engine */

/** @type {Promise<Engine | null> | null} */
let loading = null;
/** The package once loaded. @type {Engine | null} */
let loaded = null;

/**
 * The package, loaded once; null when the server has none (not built).
 * The lobby asks for it at once, so that play goes on without the server.
 * @returns {Promise<Engine | null>}
 */
export function loadEngine() {
  const url = "/web/pkg/roborally.js";
  if (!loading) {
    loading = import(url).then(E => { loaded = E; return E; })
      .catch(e => { console.info(`no WebAssembly package (${e.message}): no play here`); return null; });
  }
  return loading;
}

/**
 * An online answer checked here before it is sent (the server stays the
 * authority): the engine's reason when it would be refused, else null
 * (also while the package is not loaded).
 * @param {any} state the last state frame @param {any} action @returns {string | null}
 */
export function refusedHere(state, action) {
  if (!loaded || !state || !state.asked) return null;
  try {
    loaded.checkAction(state.view, state.asked, action);
    return null;
  } catch (e) {
    return /** @type {Error} */ (e).message;
  }
}

/** @typedef {{ kind: "person", name: string } | { kind: "bot", name: string, bot: any, botName: string }} LocalSeat */

/** The local game now (one per tab), kept over the lobby and back. @type {LocalMatch | null} */
let current = null;

/** The local game now, if any. */
export function currentLocal() { return current; }

const TITLES = /** @type {Record<string, string>} */ ({ "2023": "Robo Rally (2023)", classic: "Robo Rally (classic)", transformers: "Robo Rally: Transformers", conquest: "Transformers: Conquest" });

/**
 * A game in this browser, seen through the frames a server would send:
 * the seat shown is the person whose decision it is (hot seat: each in
 * turn, after a hand-over), the bots answer in between.
 */
export class LocalMatch {
  /**
   * @param {Engine} engine @param {any} game the package's Game
   * @param {LocalSeat[]} seats @param {string} setting @param {string} seed the game's (decimal text)
   */
  constructor(engine, game, seats, setting, seed) {
    this.engine = engine;
    this.game = game;
    this.seed = seed;
    this.seats = seats;
    this.setting = setting;
    /** The seat the page shows (a person's). @type {number | null} */
    this.seat = seats.findIndex(s => s.kind === "person");
    if (this.seat < 0) this.seat = null;
    /** @type {((msg: any) => void) | null} */
    this.out = null;
    this.busy = false;
    /** Bot decisions: their time in ms and the kind of action (the page's speed figure). @type {{ ms: number, action: string }[]} */
    this.thinking = [];
  }

  /** People at this keyboard. */
  get people() { return this.seats.filter(s => s.kind === "person").length; }

  /** The match's public state, as `GET /api/matches/{id}` gives it. */
  get info() {
    return {
      edition: this.game.edition, setting: this.setting, status: "running",
      seats: this.seats.map((s, i) => ({ seat: i, kind: s.kind, name: s.kind === "person" ? s.name : null, bot: s.kind === "bot" ? s.botName : null, connected: s.kind === "person" })),
    };
  }

  /** Whose events the page is shown: one person's own, or (hot seat) what everyone sees. */
  get viewer() { return this.people === 1 && this.seat != null ? this.seat : this.engine.SPECTATOR; }

  /**
   * The page's connection: frames go to `onMessage`; `send` takes the
   * client's messages (`action`; a `draft` needs no timer here).
   * @param {(msg: any) => void} onMessage @param {(status: string) => void} onStatus
   */
  connect(onMessage, onStatus) {
    this.out = onMessage;
    onStatus("local");
    const seq = this.game.seq;
    onMessage({ type: "welcome", match_id: "local", edition: this.game.edition, seat: this.seat, seq });
    onMessage({ type: "presence", seats: this.info.seats });
    this.run();
    return {
      /** @param {any} msg */
      send: msg => {
        if (msg.type === "action") this.act(msg.action);
        return true;
      },
      close: () => { this.out = null; },
    };
  }

  /** @param {any} msg */
  emit(msg) { if (this.out) this.out(msg); }

  /** A person's action for the seat shown. @param {any} action */
  act(action) {
    if (this.seat == null || this.busy) return;
    let events;
    try {
      events = this.game.apply(this.seat, action, { seenBy: this.viewer });
    } catch (e) {
      this.emit({ type: "error", code: "illegal", message: /** @type {Error} */ (e).message });
      return;
    }
    this.emit({ type: "events", seq: this.game.seq, by: this.seat, events });
    this.save();
    this.run();
  }

  /**
   * The bots answer until a person is asked (or the game ends); then the
   * page is shown that person's state, after a hand-over at a hot seat.
   */
  async run() {
    if (this.busy) return;
    this.busy = true;
    try {
      for (;;) {
        const waiting = this.game.waiting();
        const bot = waiting.find((/** @type {number} */ s) => this.seats[s].kind === "bot");
        const person = waiting.find((/** @type {number} */ s) => this.seats[s].kind === "person");
        // People first: a simultaneous decision shows them their state at once.
        if (person != null || bot == null) { if (person != null) await this.show(person); break; }
        this.emit({ type: "state", ...this.state() });
        // Let the page draw before the bot thinks.
        await sleep(0);
        if (!this.out) return;
        const seat = /** @type {LocalSeat & { kind: "bot" }} */ (this.seats[bot]);
        const t0 = performance.now();
        const action = seat.bot.choose(this.game, bot);
        const ms = performance.now() - t0, inner = Object.values(action)[0];
        this.thinking.push({ ms, action: typeof inner === "string" ? inner : Object.keys(inner)[0] || "" });
        const events = this.game.apply(bot, action, { seenBy: this.viewer });
        this.emit({ type: "events", seq: this.game.seq, by: bot, events });
        this.save();
      }
      this.emit({ type: "state", ...this.state() });
      document.body.dataset.thinking = JSON.stringify(this.thinking.slice(-50));
    } finally {
      this.busy = false;
    }
  }

  /** The state frame of the seat shown. */
  state() {
    const frame = this.game.state(this.seat);
    return frame;
  }

  /**
   * Shows `seat`'s state; at a hot seat, another person's only after the
   * keyboard was handed over (their cards stay hidden until then).
   * @param {number} seat
   */
  async show(seat) {
    if (seat !== this.seat && this.people > 1) {
      this.emit({ type: "state", ...this.game.state(null) });
      await handOver(this.seats[seat].name);
    }
    if (seat !== this.seat) {
      this.seat = seat;
      this.emit({ type: "welcome", match_id: "local", edition: this.game.edition, seat, seq: this.game.seq });
    }
  }

  /** Keeps the game in this tab's storage (a reload brings it back). */
  save() {
    try {
      const seats = this.seats.map(s => s.kind === "bot" ? { kind: "bot", name: s.name, botName: s.botName } : s);
      sessionStorage.setItem("roborally.local", JSON.stringify({ record: this.game.record(), seats, setting: this.setting, seed: this.seed }));
    } catch { /* a full or missing storage only loses the reload */ }
  }

  /** The seats' names, as the match page names them. */
  names() { return this.seats.map((s, i) => s.kind === "bot" ? `P${i} ${s.botName}` : s.name); }
}

/** The hand-over screen of a hot seat: waits for the next person. @param {string} name */
function handOver(name) {
  return new Promise(resolve => {
    const ok = h("button", { class: "primary", id: "pass-ok" }, `I am ${name}: show my game`);
    const cover = h("div", { id: "pass", role: "dialog", "aria-modal": "true" },
      h("div", { class: "panel" }, h("h2", {}, `Pass the keyboard to ${name}`), h("p", {}, "The next decision is theirs; the others look away."), ok));
    document.body.append(cover);
    document.body.dataset.pass = name;
    ok.focus();
    ok.onclick = () => { cover.remove(); document.body.dataset.pass = ""; resolve(undefined); };
  });
}

/** A seed for a new local game, from the browser's own randomness (never a game's). */
function freshSeed() {
  const a = new Uint32Array(2);
  crypto.getRandomValues(a);
  return (BigInt(a[0]) << 32n) | BigInt(a[1]);
}

/**
 * The lobby's "Play here" panel, once the package is loaded.
 * @param {HTMLElement} wrap
 */
export async function localPanel(wrap) {
  const E = await loadEngine();
  if (!E || !wrap.isConnected) return;
  const box = h("section", { class: "panel", id: "local" }, h("h2", {}, "Play here"),
    h("p", { class: "muted" }, "In this browser with no server: at one keyboard (each person in turn) or against bots."));
  const editions = /** @type {any[]} */ (E.editions());
  const edition = h("select", { id: "local-edition" }, ...editions.map(e => h("option", { value: e.edition }, TITLES[e.edition] || e.edition)));
  edition.value = "2023";
  const course = h("select", { id: "local-course" });
  const courseRow = h("div", { class: "row" }, h("label", {}, "Course ", course));
  const seats = h("div", { id: "local-seats" });
  const rounds = h("input", { id: "local-rounds", type: "number", min: 1, placeholder: "none", style: "width:6em" });
  const seed = h("input", { id: "local-seed", type: "number", min: 0, placeholder: "random", style: "width:9em" });
  const go = h("button", { class: "primary", id: "local-play" }, "Play here");
  const msg = h("p", { id: "local-msg", role: "status" });
  const info = () => editions.find(e => e.edition === edition.value) || editions[0];
  /** @param {string} kind @param {string} name */
  const seatRow = (kind, name) => {
    const sel = h("select", { class: "local-kind" }, h("option", { value: "person" }, "a person here"),
      ...info().bots.map((/** @type {string} */ b) => h("option", { value: "bot:" + b }, `bot: ${b}`)));
    sel.value = kind === "bot" ? "bot:" + info().bots[0] : "person";
    const who = h("input", { class: "local-name", value: name, size: 10 });
    const rm = h("button", { title: "remove this seat", class: "rm" }, "\u2715");
    const row = h("div", { class: "row seat" }, sel, who, rm);
    sel.onchange = () => { who.hidden = sel.value !== "person"; };
    who.hidden = kind !== "person";
    rm.onclick = () => { if (seats.children.length > 2) row.remove(); };
    return row;
  };
  const me = localStorage.getItem("roborally.name") || "me";
  const reset = () => {
    const list = info().courses;
    course.replaceChildren(...list.map((/** @type {string} */ c) => h("option", { value: c }, c)));
    courseRow.hidden = list.length === 0;
    seats.replaceChildren(seatRow("person", me), seatRow("bot", ""));
  };
  edition.onchange = reset;
  reset();
  const add = h("button", { id: "local-add" }, "+ seat");
  add.onclick = () => { if (seats.children.length < info().max_seats) seats.append(seatRow("person", `player ${seats.children.length + 1}`)); };
  const file = h("input", { type: "file", id: "local-replay-file", accept: ".json,application/json" });
  box.append(h("div", { class: "row" }, h("label", {}, "Edition ", edition)), courseRow, seats, h("div", { class: "row" }, add),
    h("div", { class: "row" }, h("label", {}, "Rounds at most ", rounds), h("label", {}, "Seed ", seed)),
    h("div", { class: "row" }, go), msg,
    h("div", { class: "row muted" }, h("label", {}, "Step through a replay file (JSON) ", file)));
  if (current) box.append(h("p", {}, h("a", { href: "#/local", id: "local-back" }, "Back to the game here")));
  wrap.append(box);
  go.onclick = () => {
    try {
      /** @type {LocalSeat[]} */
      const list = [];
      for (const row of seats.children) {
        const v = /** @type {HTMLSelectElement} */ (row.querySelector("select")).value;
        const name = /** @type {HTMLInputElement} */ (row.querySelector("input")).value.trim();
        if (v === "person") list.push({ kind: "person", name: name || `player ${list.length + 1}` });
        else list.push({ kind: "bot", name: "", botName: v.slice(4), bot: null });
      }
      const s = seed.value ? BigInt(seed.value) : freshSeed();
      /** @type {any} */
      const settings = { players: list.length };
      if (!courseRow.hidden && course.value) settings.course = course.value;
      if (rounds.value) settings.max_rounds = Number(rounds.value);
      const game = E.Game.create(edition.value, settings, s);
      list.forEach((seat, i) => { if (seat.kind === "bot") seat.bot = new E.Bot(edition.value, seat.botName, E.seatSeed(s, i)); });
      // Conquest, the one edition without courses, is played on its one map, Cybertron.
      current = new LocalMatch(E, game, list, courseRow.hidden ? "Cybertron" : course.value, String(s));
      current.save();
      location.hash = "#/local";
    } catch (e) {
      msg.textContent = `Not started: ${/** @type {Error} */ (e).message}`;
    }
  };
  file.onchange = async () => {
    const f = file.files && file.files[0];
    if (!f) return;
    sessionStorage.setItem("roborally.replay", await f.text());
    sessionStorage.removeItem("roborally.replay.names");
    location.hash = "#/replay/file";
  };
}

/**
 * The page of the local game (`#/local`); returns its clean-up.
 * @param {HTMLElement} app
 */
export function openLocal(app) {
  if (current) return open(app, current);
  let left = false;
  /** @type {(() => void) | null} */
  let leave = null;
  app.replaceChildren(h("p", {}, "Loading the game\u2026"));
  restore().then(m => {
    if (left) return;
    if (!m) { app.replaceChildren(h("p", { id: "match-error" }, "No game is being played here. ", h("a", { href: "#/" }, "Back to the lobby"))); return; }
    current = m;
    leave = open(app, m);
  });
  return () => { left = true; if (leave) leave(); };
}

/** The page's marks of the last match shown (a new one starts unfinished). */
export function freshMarks() {
  for (const k of ["finished", "asked", "seq", "thinking", "step"]) delete document.body.dataset[k];
}

/** @param {HTMLElement} app @param {LocalMatch} m */
function open(app, m) {
  freshMarks();
  const where = /** @type {HTMLElement} */ (document.getElementById("where"));
  const done = openMatch(app, "local", false, {
    info: m.info, picture: m.game.picture(), connect: m.connect.bind(m),
    mine: m.seat == null ? null : { seat: m.seat, name: m.seats[m.seat].name, token: "" },
    replay: () => replayLinks(m),
  });
  where.textContent = `${m.game.edition} \u00b7 ${m.setting} \u00b7 in this browser`;
  return done;
}

/** The links of a finished local game: its HTML replay and stepping here. @param {LocalMatch} m */
function replayLinks(m) {
  const html = new Blob([m.game.replayHtml(m.names())], { type: "text/html" });
  // The record as text: its 64-bit seed stays exact.
  sessionStorage.setItem("roborally.replay", m.game.record());
  sessionStorage.setItem("roborally.replay.names", JSON.stringify(m.names()));
  return [
    h("a", { href: URL.createObjectURL(html), target: "_blank", id: "replay" }, "Watch the replay"), " ",
    h("a", { href: "#/replay/file", id: "replay-here" }, "Step through it here"),
  ];
}

/** The game kept in this tab's storage, replayed. @returns {Promise<LocalMatch | null>} */
async function restore() {
  const text = sessionStorage.getItem("roborally.local");
  const E = text ? await loadEngine() : null;
  if (!text || !E) return null;
  try {
    const kept = JSON.parse(text);
    const game = E.Game.replay(kept.record);
    const seed = String(kept.seed);
    /** @type {LocalSeat[]} */
    const seats = kept.seats.map((/** @type {any} */ s, /** @type {number} */ i) => s.kind === "bot"
      ? { ...s, bot: new E.Bot(game.edition, s.botName, E.seatSeed(seed, i)) } : s);
    return new LocalMatch(E, game, seats, kept.setting, seed);
  } catch (e) {
    console.info("the kept game does not replay:", e);
    return null;
  }
}
