// @ts-check
// A grid race's page (2023, classic, Transformers): the course drawn by
// the shared drawing module, the robots moved event by event with their
// shots, the robots' status, and programming: the hand as cards, click or
// drag them into the registers, keys for all of it, submit.
import { el, drawBoard, makeRobot, placeRobot, drawShot, boardLegend, cx, cy, S, PAD, COLORS } from "./draw.js";
import { cardName, inner, tag } from "./words.js";
import { h } from "./net.js";
import { sleep } from "./match.js";

/** @typedef {import("./match.js").Table} Table */
/** @typedef {{ pos: {x: number, y: number} | null, facing: string, card: string | null }} Bot */

/**
 * @param {Table} table @param {import("./draw.js").Board} board
 * @returns {import("./match.js").EditionPage}
 */
export function raceView(table, board) {
  boardLegend(table.legend, board);
  const svg = /** @type {SVGSVGElement} */ (/** @type {unknown} */ (el("svg", { id: "board", xmlns: "http://www.w3.org/2000/svg" }, table.board)));
  const layers = drawBoard(svg, board);
  const picks = el("g", { id: "picks" }, svg);
  const status = h("table", { id: "robots" });
  table.board.append(status);
  /** @type {import("./draw.js").RobotShape[]} */
  let shapes = [];
  /** @type {Bot[]} */
  let bots = [];
  let shotsThisRound = 0, moves = 0, fired = 0;
  const walls = new Set(board.walls.map(w => `${w.pos.x},${w.pos.y},${w.side}`));
  const STEP = /** @type {Record<string, [number, number, string]>} */ ({ N: [0, -1, "S"], E: [1, 0, "W"], S: [0, 1, "N"], W: [-1, 0, "E"] });
  /** Where a laser fired from `p` towards `dir` stops. @param {{x: number, y: number}} p @param {string} dir */
  const rayEnd = (p, dir) => {
    const [dx, dy, back] = STEP[dir];
    let { x, y } = p;
    for (let n = 0; n < board.width + board.height; n++) {
      if (walls.has(`${x},${y},${dir}`) || walls.has(`${x + dx},${y + dy},${back}`)) break;
      if (x + dx < 0 || y + dy < 0 || x + dx >= board.width || y + dy >= board.height) break;
      x += dx; y += dy;
      if (bots.some(b => b.pos && b.pos.x === x && b.pos.y === y)) break;
    }
    return { x, y };
  };
  /** @type {(e: KeyboardEvent) => void} */
  let keys = () => {};
  document.addEventListener("keydown", e => keys(e));

  /** @param {number} n */
  const ensure = n => {
    while (shapes.length < n) {
      const i = shapes.length;
      shapes.push(makeRobot(layers.robots, i, table.names[i] || `P${i}`));
      bots.push({ pos: null, facing: "N", card: null });
    }
  };
  /** @param {number} i */
  const put = i => placeRobot(shapes[i], i, bots[i].pos, bots[i].facing, bots[i].card);
  const pause = (/** @type {number} */ ms) => sleep(ms / table.speed);
  const count = () => { document.body.dataset.shots = String(shotsThisRound); document.body.dataset.moves = String(moves); document.body.dataset.fired = String(fired); };

  /** The robots' places from a view. @param {any} view */
  const fromView = view => {
    const robots = view.robots || [];
    ensure(robots.length);
    robots.forEach((/** @type {any} */ r, /** @type {number} */ i) => {
      const label = shapes[i].g.querySelector(":scope > text");
      if (label) label.textContent = (table.names[i] || `P${i}`).split(/[\s\u00a0]/)[0].slice(0, 3);
      const at = r.at || null;
      bots[i].pos = at ? at[0] : null;
      bots[i].facing = at ? at[1] : bots[i].facing;
      put(i);
    });
  };

  return {
    async animate(events) {
      for (const any of events) {
        const [k, v] = tag(inner(any));
        if (k === "RegisterStarted" && v.register === 1) {
          // The last round's shots stay drawn until the next round's
          // first register, so they can be looked at while programming.
          layers.shots.replaceChildren();
          shotsThisRound = 0;
          fired = 0;
        }
        if (k === "RoundStarted") {
          bots.forEach((b, i) => { b.card = null; put(i); });
        } else if (k === "RegisterStarted") {
          for (const s of layers.shots.children) s.setAttribute("opacity", "0.35");
          bots.forEach((b, i) => { b.card = null; put(i); });
          await pause(250);
        } else if (k === "CardRevealed" && v.player != null) {
          ensure(v.player + 1);
          bots[v.player].card = cardName(v.card);
          put(v.player);
          await pause(200);
        } else if (k === "Fired" && v.dir && bots[v.player]?.pos) {
          // The laser's path, to the first wall, robot or edge (a hit also
          // comes as its own Shot, drawn over it).
          const from = /** @type {{x: number, y: number}} */ (bots[v.player].pos);
          const to = rayEnd(from, v.dir);
          el("line", { x1: cx(from.x), y1: cy(from.y), x2: cx(to.x), y2: cy(to.y), stroke: "#ff00ff", "stroke-width": 2, "stroke-dasharray": "3 4", class: "fired" }, layers.shots);
          fired++;
          await pause(120);
        } else if (k === "Grid") {
          const [g, w] = tag(v);
          const r = w.robot ?? w.pushed ?? w.from;
          if (typeof r === "number") ensure(r + 1);
          if (g === "Moved") { bots[r].pos = w.to; moves++; put(r); await pause(320); }
          else if (g === "Turned") { bots[r].facing = w.facing; put(r); await pause(250); }
          else if (g === "Placed") { bots[r].pos = w.at; bots[r].facing = w.facing; put(r); await pause(250); }
          else if (g === "Removed") { bots[r].pos = null; put(r); await pause(250); }
          else if (g === "Shot") {
            const a = bots[w.from]?.pos, b = bots[w.target]?.pos;
            if (a && b) { drawShot(layers.shots, { from: a, to: b }); shotsThisRound++; await pause(350); }
          } else if (g === "BoardLaser") {
            const b = bots[w.robot]?.pos;
            if (b) { drawShot(layers.shots, { from: w.source, to: b, board: true }); shotsThisRound++; await pause(300); }
          }
        }
        count();
      }
    },

    render(st) {
      const view = inner(st.view);
      fromView(view);
      document.body.dataset.round = String(view.round ?? "");
      picks.replaceChildren();
      keys = () => {};
      status.replaceChildren(h("tr", {}, ...["robot", "checkpoints", "energy", "cards", "", ""].map(t => h("th", {}, t))));
      (view.robots || []).forEach((/** @type {any} */ r, /** @type {number} */ i) => {
        const flags = [r.rebooting ? "rebooting" : "", r.shut_down ? "shut down" : "", r.ready ? "programmed" : "",
          ...(r.permanent || []), ...(r.temporary || [])].filter(Boolean).join(", ");
        const shown = (r.registers || []).map((/** @type {any} */ g) => (g.cards || []).map((/** @type {any} */ c) => cardName(c.card)).join("+")).filter(Boolean);
        status.append(h("tr", { "data-robot": i },
          h("td", {}, h("span", { class: "swatch", style: `background:${COLORS[i % COLORS.length]}` }), table.names[i] || `P${i}`),
          h("td", {}, `${r.checkpoints ?? ""}${view.checkpoints ? ` / ${view.checkpoints}` : ""}`), h("td", {}, String(r.energy ?? "")),
          h("td", {}, r.hand != null ? `${r.hand} in hand, ${r.deck ?? "?"} in deck` : ""),
          h("td", {}, i === view.you || view.phase === "Activation" ? shown.join(" \u00b7 ") : ""), h("td", {}, flags)));
      });
      count();
    },

    decide(asked, st) {
      const [kind] = tag(inner(asked.decision));
      const view = inner(st.view);
      const legal = asked.legal || [];
      // Start spaces (and cubes) are picked on the board too.
      for (const a of legal) {
        const [k, p] = tag(inner(a));
        if ((k === "ChooseStart" || k === "BlockStart") && p) {
          const r = el("rect", { x: PAD + p.x * S + 3, y: PAD + p.y * S + 3, width: S - 6, height: S - 6, fill: "#ffd000", "fill-opacity": 0.45,
            stroke: "#000", "stroke-width": 2, class: "start-pick", "data-x": p.x, "data-y": p.y }, picks);
          r.addEventListener("click", () => table.act(a));
        }
      }
      if (kind === "Program" && Array.isArray(view.hand) && Object.keys(st.view)[0] === "2023") {
        programming(table, table.panel, view, asked, st, k => { keys = k; });
        return true;
      }
      return false;
    },
  };
}

/**
 * The programming panel: hand, registers, keys, submit.
 * @param {Table} table @param {HTMLElement} box @param {any} view @param {any} asked @param {any} st
 * @param {(k: (e: KeyboardEvent) => void) => void} setKeys
 */
function programming(table, box, view, asked, st, setKeys) {
  const me = view.robots[view.you] || { registers: [] };
  const hand = /** @type {any[]} */ (view.hand);
  // A register that already holds a card (a face-down Haywire) is locked.
  const locked = [0, 1, 2, 3, 4].map(i => Boolean(me.registers[i] && (me.registers[i].under || (me.registers[i].cards || []).length)));
  const key = `roborally.draft.${location.hash}.${view.round}`;
  /** @type {(any | null)[]} */
  let slots = [null, null, null, null, null];
  try {
    const saved = JSON.parse(sessionStorage.getItem(key) || "null");
    if (Array.isArray(saved)) slots = saved.map((/** @type {string|null} */ id, /** @type {number} */ i) => locked[i] ? null : hand.find(c => c.id === id) || null);
  } catch { /* no draft */ }
  const handBox = h("div", { class: "hand", id: "hand", "aria-label": "your hand" });
  const regBox = h("div", { class: "registers", id: "registers" });
  const submit = h("button", { class: "primary", id: "submit" }, "Submit program");
  const clear = h("button", { id: "clear" }, "Clear");
  const suggest = h("button", { id: "suggest" }, "Fill for me");
  box.append(h("div", {}, "Your hand (click a card, drag it, or press its number):"), handBox,
    h("div", {}, "Your registers (click a card to take it back):"), regBox,
    h("div", { class: "row" }, submit, clear, suggest),
    h("div", { class: "keys" }, "Keys: 1\u20139 put that card of your hand in the next register, Backspace takes the last one back, Enter submits, F fills the rest for you."));
  const used = () => new Set(slots.filter(Boolean).map(c => c.id));
  const full = () => slots.every((c, i) => c || locked[i]) || hand.every(c => used().has(c.id));
  const action = () => ({ "2023": { Program: { registers: slots.map(c => c ? { Card: c.id } : "Empty") } } });
  /** @param {any} c */
  const cardEl = c => {
    const e = h("div", { class: "card" + (c.card === "Spam" || tag(c.card)[0] === "Haywire" ? " damage" : ""), draggable: "true", tabindex: 0, "data-id": c.id },
      cardName(c.card), h("small", {}, c.id));
    e.addEventListener("dragstart", (/** @type {DragEvent} */ ev) => ev.dataTransfer?.setData("text/plain", c.id));
    return e;
  };
  /** @param {any} c @param {number} [at] */
  const place = (c, at) => {
    const i = at ?? slots.findIndex((s, k) => !s && !locked[k]);
    if (i < 0 || locked[i]) return;
    const from = slots.findIndex(s => s && s.id === c.id);
    if (from >= 0) slots[from] = slots[i];
    slots[i] = c;
    draw();
  };
  const draw = () => {
    sessionStorage.setItem(key, JSON.stringify(slots.map(c => c && c.id)));
    table.draft(action());
    const u = used();
    handBox.replaceChildren(...hand.filter(c => !u.has(c.id)).map((c, n) => {
      const e = cardEl(c);
      e.title = `key ${n + 1}`;
      e.onclick = () => place(c);
      e.onkeydown = (/** @type {KeyboardEvent} */ ev) => { if (ev.key === " ") { ev.preventDefault(); place(c); } };
      return e;
    }));
    regBox.replaceChildren(...slots.map((c, i) => {
      const held = me.registers[i] && (me.registers[i].under ? [me.registers[i].under] : me.registers[i].cards || []);
      const slot = h("div", { class: "slot" + (locked[i] ? " locked" : ""), "data-register": i + 1 },
        locked[i] ? `${held.map((/** @type {any} */ x) => cardName(x.card)).join(" + ")} (locked)` : c ? "" : `register ${i + 1}`);
      if (c) {
        const e = cardEl(c);
        e.onclick = () => { slots[i] = null; draw(); };
        slot.append(e);
      }
      slot.addEventListener("dragover", (/** @type {DragEvent} */ ev) => { if (!locked[i]) { ev.preventDefault(); slot.classList.add("over"); } });
      slot.addEventListener("dragleave", () => slot.classList.remove("over"));
      slot.addEventListener("drop", (/** @type {DragEvent} */ ev) => {
        ev.preventDefault();
        const id = ev.dataTransfer?.getData("text/plain");
        const c2 = hand.find(x => x.id === id);
        if (c2) place(c2, i);
      });
      return slot;
    }));
    submit.disabled = !full();
    document.body.dataset.filled = String(slots.filter(Boolean).length);
  };
  submit.onclick = () => { if (full()) { table.act(action()); submit.disabled = true; sessionStorage.removeItem(key); } };
  clear.onclick = () => { slots = [null, null, null, null, null]; draw(); };
  suggest.onclick = () => {
    const s = inner(asked.suggestion || {})?.Program?.registers;
    if (Array.isArray(s)) {
      s.forEach((/** @type {any} */ r, /** @type {number} */ i) => { if (!slots[i] && !locked[i] && r.Card && !used().has(r.Card)) slots[i] = hand.find(c => c.id === r.Card) || null; });
    }
    for (const c of hand) { if (!used().has(c.id)) { const i = slots.findIndex((s2, k) => !s2 && !locked[k]); if (i >= 0) slots[i] = c; } }
    draw();
  };
  setKeys(e => {
    if (e.target && /** @type {HTMLElement} */ (e.target).tagName === "INPUT") return;
    const u = used();
    const left = hand.filter(c => !u.has(c.id));
    if (/^[1-9]$/.test(e.key) && left[Number(e.key) - 1]) place(left[Number(e.key) - 1]);
    else if (e.key === "Backspace") { const i = slots.map(Boolean).lastIndexOf(true); if (i >= 0) { slots[i] = null; draw(); } }
    else if (e.key === "Enter") submit.click();
    else if (e.key === "f" || e.key === "F") suggest.click();
    else return;
    e.preventDefault();
  });
  void st;
  draw();
}
