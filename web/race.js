// @ts-check
// A grid race's page (2023, classic, Transformers): the course drawn by
// the shared drawing module, the robots moved event by event with their
// shots, the robots' status, and programming: the hand as cards, click or
// drag them into the registers, keys for all of it, submit.
import { el, drawBoard, makeRobot, placeRobot, drawShot, drawPiece, boardLegend, cx, cy, S, PAD, COLORS } from "./draw.js";
import { cardName, inner, tag } from "./words.js";
import { h } from "./net.js";
import { sleep } from "./match.js";
import { slotsPanel, cardByCard } from "./program.js";

/** @typedef {import("./match.js").Table} Table */
/** @typedef {{ pos: {x: number, y: number} | null, facing: string, card: string | null, flying?: boolean }} Bot */

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
  /** Classic's "Fill for me": the cards it still places, one answer each. */
  const filling = { left: 0 };
  // The page's one key listener, removed by `close` when the page is left.
  const onKey = (/** @type {KeyboardEvent} */ e) => {
    const t = /** @type {HTMLElement | null} */ (e.target);
    if (t && /^(INPUT|SELECT|TEXTAREA)$/.test(t.tagName)) return;
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    keys(e);
  };
  document.addEventListener("keydown", onKey);

  /** @param {number} n */
  const ensure = n => {
    while (shapes.length < n) {
      const i = shapes.length;
      shapes.push(makeRobot(layers.robots, i, table.names[i] || `P${i}`));
      bots.push({ pos: null, facing: "N", card: null, flying: false });
    }
  };
  /** @param {number} i */
  const put = i => placeRobot(shapes[i], i, bots[i].pos, bots[i].facing, bots[i].card, bots[i].flying);
  const pause = (/** @type {number} */ ms) => sleep(ms / table.speed);
  const count = () => { document.body.dataset.shots = String(shotsThisRound); document.body.dataset.moves = String(moves); document.body.dataset.fired = String(fired); };

  /** The robots' places from a view. @param {any} view */
  const fromView = view => {
    // 2023 and classic list robots with their places; Transformers keeps
    // them in the grid view every grid race has.
    const robots = view.grid ? view.grid.robots : view.robots || [];
    ensure(robots.length);
    robots.forEach((/** @type {any} */ r, /** @type {number} */ i) => {
      const label = shapes[i].g.querySelector(":scope > text");
      if (label) label.textContent = (table.names[i] || `P${i}`).split(/[\s\u00a0]/)[0].slice(0, 3);
      const at = r.at || null;
      bots[i].pos = at ? at[0] : null;
      bots[i].facing = at ? at[1] : bots[i].facing;
      // Classic robots say whether they fly.
      bots[i].flying = !!(view.robots && view.robots[i] && view.robots[i].flying);
      put(i);
    });
    // Devices on the board (classic), seen by everyone.
    layers.pieces.replaceChildren();
    for (const d of view.devices || []) drawPiece(layers.pieces, d);
  };

  return {
    close() {
      document.removeEventListener("keydown", onKey);
      keys = () => {};
    },

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
        if (k === "RoundStarted" || k === "TurnStarted") {
          bots.forEach((b, i) => { b.card = null; put(i); });
        } else if (k === "RegisterStarted") {
          for (const s of layers.shots.children) s.setAttribute("opacity", "0.35");
          bots.forEach((b, i) => { b.card = null; put(i); });
          await pause(250);
        } else if ((k === "CardRevealed" || k === "Revealed" || k === "Randomized") && v.player != null) {
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
      document.body.dataset.round = String(view.round ?? view.grid?.round ?? "");
      picks.replaceChildren();
      keys = () => {};
      const ed = Object.keys(st.view)[0];
      const rows = statusRows(ed, view);
      status.replaceChildren(h("tr", {}, ...rows.head.map(t => h("th", {}, t))));
      rows.body.forEach((cells, i) => status.append(h("tr", { "data-robot": i },
        h("td", {}, h("span", { class: "swatch", style: `background:${COLORS[i % COLORS.length]}` }), table.names[i] || `P${i}`),
        ...cells.map(c => h("td", {}, c)))));
      count();
    },

    decide(asked, st) {
      const [kind] = tag(inner(asked.decision));
      const view = inner(st.view);
      const legal = asked.legal || [];
      // Start spaces (and cubes) are picked on the board too.
      for (const a of legal) {
        const [k, p] = tag(inner(a));
        if ((k === "ChooseStart" || k === "BlockStart" || k === "Dock") && p) {
          const r = el("rect", { x: PAD + p.x * S + 3, y: PAD + p.y * S + 3, width: S - 6, height: S - 6, fill: "#ffd000", "fill-opacity": 0.45,
            stroke: "#000", "stroke-width": 2, class: "start-pick", "data-x": p.x, "data-y": p.y }, picks);
          r.addEventListener("click", () => table.act(a));
        }
      }
      const ed = Object.keys(st.view)[0];
      const setKeys = (/** @type {(e: KeyboardEvent) => void} */ k) => { keys = k; };
      if (ed === "2023" && kind === "Program" && Array.isArray(view.hand)) {
        const me = view.robots[view.you] || { registers: [] };
        // A register that already holds a card (a face-down Haywire) is locked.
        const held = [0, 1, 2, 3, 4].map(i => {
          const r = me.registers[i];
          return r ? (r.under ? [r.under] : r.cards || []) : [];
        });
        slotsPanel(table, asked, {
          round: view.round, hand: view.hand,
          locked: held.map(cs => cs.map((/** @type {any} */ c) => cardName(c.card)).join(" + ")),
          action: regs => ({ "2023": { Program: { registers: regs } } }),
        }, setKeys);
        return true;
      }
      if (ed === "transformers" && kind === "Planning" && Array.isArray(view.hand)) {
        const me = view.players[view.me] || { mode: "Bot", installed: [] };
        slotsPanel(table, asked, {
          round: view.grid.round, hand: view.hand, locked: ["", "", "", "", ""], mode: me.mode,
          // Catch My Drift installed: one register may hold a second card.
          pairs: (me.installed || []).includes("CatchMyDrift"),
          action: (regs, mode, pair) => ({ transformers: { Plan: { mode, registers: regs, pair } } }),
        }, setKeys);
        return true;
      }
      if (ed === "classic" && kind === "Program" && Array.isArray(view.hand)) {
        // Once the registers are full, the power choice is buttons below.
        return cardByCard(table, asked, view, setKeys, filling);
      }
      return false;
    },
  };
}

/**
 * The robots' status, as each edition's view tells it: the column heads
 * (after the robot's name) and one row of cells per robot.
 * @param {string} ed @param {any} view @returns {{ head: string[], body: string[][] }}
 */
function statusRows(ed, view) {
  /** Shown cards of a register view in words. @param {any} g */
  const shown = g => (g && g.Shown ? g.Shown : g && g.cards ? g.cards : []).map((/** @type {any} */ c) => cardName(c.card)).join("+");
  if (ed === "classic") {
    const flags = view.grid.checkpoints;
    return {
      head: ["robot", "flags", "damage", "lives", "power", "registers", ""],
      body: view.robots.map((/** @type {any} */ r) => [
        `${r.flags} / ${flags}`, String(r.damage), String(r.lives), r.power === "On" ? "on" : r.power === "Announced" ? "powering down" : "down",
        (r.registers || []).map((/** @type {any} */ c) => c ? cardName(c) : "\u2013").join(" \u00b7 "),
        [r.programmed ? "programmed" : "", r.ghost ? "virtual" : "", r.at ? "" : "off the board"].filter(Boolean).join(", "),
      ]),
    };
  }
  if (ed === "transformers") {
    const cps = view.checkpoints.length;
    return {
      head: ["robot", "checkpoints", "energon", "mode", "registers", "upgrades", ""],
      body: view.players.map((/** @type {any} */ p) => [
        `${p.checkpoints} / ${cps}`, String(p.energon), p.mode === "Alt" ? "vehicle" : "robot",
        (p.registers || []).map((/** @type {any} */ g) => g === "Empty" ? "\u2013" : g.Hidden ? "\u25A0".repeat(g.Hidden) : shown(g)).join(" \u00b7 "),
        (p.installed || []).map((/** @type {string} */ u) => cardName(u)).join(", "),
        [p.planned ? "planned" : "", p.off ? "off the course" : "", p.damage.length ? `damage: ${p.damage.map(cardName).join(", ")}` : "", `${p.hand} in hand`].filter(Boolean).join(", "),
      ]),
    };
  }
  return {
    head: ["robot", "checkpoints", "energy", "cards", "registers", ""],
    body: (view.robots || []).map((/** @type {any} */ r, /** @type {number} */ i) => [
      `${r.checkpoints ?? ""}${view.checkpoints ? ` / ${view.checkpoints}` : ""}`, String(r.energy ?? ""),
      r.hand != null ? `${r.hand} in hand, ${r.deck ?? "?"} in deck` : "",
      i === view.you || view.phase === "Activation" ? (r.registers || []).map(shown).filter(Boolean).join(" \u00b7 ") : "",
      [r.rebooting ? "rebooting" : "", r.shut_down ? "shut down" : "", r.ready ? "programmed" : "", ...(r.permanent || []), ...(r.temporary || [])].filter(Boolean).join(", "),
    ]),
  };
}
