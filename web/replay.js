// @ts-check
// Replays stepped and scrubbed in this browser: a record (setup, seed,
// actions: a finished online match's replay, a local game's, or a file)
// played again by the engines' WebAssembly package, shown on the match
// page as a spectator sees it. A step forward animates the action's
// events; a jump (back, the slider, first, last) plays the record again
// to that point.
import { api, h } from "./net.js";
import { openMatch } from "./match.js";
import { freshMarks, loadEngine } from "./local.js";

/**
 * The replay page (`#/replay/ID` for a finished online match, `#/replay/file`
 * for the record kept in this tab); returns its clean-up.
 * @param {HTMLElement} app @param {string} which
 */
export function openReplay(app, which) {
  let left = false;
  /** @type {(() => void) | null} */
  let leave = null;
  app.replaceChildren(h("p", {}, "Loading the replay\u2026"));
  load(which).then(leaveOf => {
    if (left) return;
    leave = leaveOf(app);
  }).catch(e => app.replaceChildren(h("p", { id: "match-error" }, `This replay cannot be shown: ${e.message}. `, h("a", { href: "#/" }, "Back to the lobby"))));
  return () => { left = true; if (leave) leave(); };
}

/**
 * The record's text and the seats' names, then the page that steps it.
 * @param {string} which @returns {Promise<(app: HTMLElement) => () => void>}
 */
async function load(which) {
  const E = await loadEngine();
  if (!E) throw new Error("the engine's WebAssembly package is not loaded");
  let text = sessionStorage.getItem("roborally.replay") || "";
  /** @type {string[]} */
  let names = JSON.parse(sessionStorage.getItem("roborally.replay.names") || "[]");
  if (which !== "file") {
    // The text itself (not parsed): its 64-bit seed stays exact.
    const res = await fetch(`/api/matches/${which}/replay`);
    text = await res.text();
    if (!res.ok) throw new Error(JSON.parse(text).message || `${res.status}`);
    names = [];
  }
  if (!text) throw new Error("no replay is kept in this tab");
  const parsed = JSON.parse(text);
  if (Array.isArray(parsed.names)) names = parsed.names;
  /** @type {[number, any][]} */
  const actions = parsed.actions || [];
  const game = E.Game.replay(text);
  return app => stepper(app, E, text, actions, names, game);
}

/**
 * The match page over a replay, with its controls in the header.
 * @param {HTMLElement} app @param {any} E @param {string} text @param {[number, any][]} actions
 * @param {string[]} names @param {any} end the game at the record's end
 */
function stepper(app, E, text, actions, names, end) {
  freshMarks();
  const total = actions.length;
  let game = E.Game.replay(text, 0);
  let at = 0;
  /** @type {((msg: any) => void) | null} */
  let out = null;
  const seats = Array.from({ length: end.players }, (_, i) => ({ seat: i, kind: "person", name: names[i] || `seat ${i + 1}`, bot: null, connected: false }));
  const counter = h("span", { id: "step" });
  const slider = h("input", { id: "scrub", type: "range", min: 0, max: total, value: 0, "aria-label": "action" });
  const btn = (/** @type {string} */ id, /** @type {string} */ label, /** @type {string} */ title) => h("button", { id, title }, label);
  const first = btn("first", "|\u25C0", "first (Home)"), prev = btn("prev", "\u25C0", "step back (\u2190)");
  const play = btn("play", "\u25B6 play", "play or pause (space)"), next = btn("next", "\u25B6|", "step forward (\u2192)"), last = btn("last", "\u25B6\u25B6|", "last (End)");
  const bar = h("span", { id: "replay-bar", class: "row" }, first, prev, play, next, last, slider, counter);
  const top = /** @type {HTMLElement} */ (document.getElementById("top"));
  top.append(bar);
  /** @type {ReturnType<typeof setInterval> | null} */
  let timer = null;

  const show = () => {
    counter.textContent = `action ${at} of ${total}`;
    /** @type {HTMLInputElement} */ (slider).value = String(at);
    document.body.dataset.step = String(at);
    if (out) out({ type: "state", ...game.state(null) });
  };
  /** Plays the record again to `k` (a jump: no animation). @param {number} k */
  const jump = k => {
    k = Math.max(0, Math.min(total, k));
    game.free();
    game = E.Game.replay(text, k);
    at = k;
    show();
  };
  const step = () => {
    if (at >= total) { stop(); return; }
    const [seat, action] = actions[at];
    const events = game.apply(seat, action, { seenBy: E.SPECTATOR });
    at++;
    if (out) out({ type: "events", seq: at, by: seat, events });
    show();
  };
  const stop = () => { if (timer) clearInterval(timer); timer = null; play.textContent = "\u25B6 play"; };
  first.onclick = () => { stop(); jump(0); };
  prev.onclick = () => { stop(); jump(at - 1); };
  next.onclick = () => { stop(); step(); };
  last.onclick = () => { stop(); jump(total); };
  slider.oninput = () => { stop(); jump(Number(/** @type {HTMLInputElement} */ (slider).value)); };
  play.onclick = () => {
    if (timer) { stop(); return; }
    play.textContent = "\u23F8 pause";
    timer = setInterval(step, 700);
  };
  const keys = (/** @type {KeyboardEvent} */ e) => {
    const t = /** @type {HTMLElement | null} */ (e.target);
    if (t && /^(INPUT|SELECT|TEXTAREA)$/.test(t.tagName) && t !== slider) return;
    const act = { ArrowRight: next, ArrowLeft: prev, Home: first, End: last, " ": play }[e.key];
    if (act) { e.preventDefault(); act.click(); }
  };
  document.addEventListener("keydown", keys);
  const done = openMatch(app, "replay", true, {
    info: { edition: end.edition, setting: "replay", status: "finished", seats },
    picture: end.picture(), mine: null,
    connect: (onMessage, onStatus) => {
      out = onMessage;
      onStatus("local");
      onMessage({ type: "welcome", match_id: "replay", edition: end.edition, seat: null, seq: 0 });
      show();
      return { send: () => false, close: () => { out = null; } };
    },
    replay: () => [h("a", { href: "#/" }, "Back to the lobby")],
  });
  /** @type {HTMLElement} */ (document.getElementById("where")).textContent = `${end.edition} \u00b7 replay in this browser`;
  return () => { stop(); bar.remove(); document.removeEventListener("keydown", keys); done(); game.free(); end.free(); };
}
