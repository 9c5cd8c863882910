// @ts-check
// Conquest's page: the Cybertron map as a graph of zones by sector (drawn
// by the shared drawing module), placement by clicking zones, attacks by
// clicking your zone then the enemy's and choosing the dice, and the dice
// of each battle shown.
import { el, COLORS } from "./draw.js";
import { drawMap, paintMap, mapLegend } from "./draw-map.js";
import { actionWords, inner, tag, spaced } from "./words.js";
import { h } from "./net.js";
import { sleep } from "./match.js";

/** @typedef {import("./match.js").Table} Table */

/** The zones an action names, in order (from, to). @param {any} a @returns {number[]} */
function zonesOf(a) {
  const [k, v] = tag(inner(a));
  if (k === "place") return [v];
  if (k === "attack" || k === "backup") return [v.from, v.to];
  if (k === "play" && v.target && typeof v.target === "object" && "zone" in v.target) return [v.target.zone];
  return [];
}

/** @param {number} set @param {number} i */
const has = (set, i) => Math.floor(set / 2 ** i) % 2 === 1;

/**
 * @param {Table} table @param {import("./draw-map.js").MapPic} map
 * @returns {import("./match.js").EditionPage}
 */
export function conquestView(table, map) {
  mapLegend(table.legend);
  const svg = /** @type {SVGSVGElement} */ (/** @type {unknown} */ (el("svg", { id: "board", xmlns: "http://www.w3.org/2000/svg", class: "map" }, table.board)));
  const parts = drawMap(svg, map);
  const dice = h("div", { id: "dice", class: "row", "aria-live": "polite" });
  const players = h("table", { id: "players" });
  table.board.prepend(dice);
  table.board.append(players);
  /** @type {[number, number] | null} */
  let attack = null;
  /** @type {any} */
  let view = null;
  /** @type {number[]} */
  let picked = [];
  /** @type {(z: number) => void} */
  let onZone = () => {};
  parts.nodes.forEach((_, z) => {
    const g = /** @type {Element} */ (svg.querySelector(`#zone${z}`));
    g.addEventListener("click", () => onZone(z));
  });

  const paint = () => {
    if (!view) return;
    paintMap(parts, map, {
      owners: view.zones.map((/** @type {any} */ z) => z.owner),
      robots: view.zones.map((/** @type {any} */ z) => z.robots),
      open: map.zones.map((_, i) => i).filter(i => has(view.open_factories || 0, i)),
      leaders: view.players.map((/** @type {any} */ p) => p.leader_at),
      names: table.names, pieces: view.pieces || [], attack,
    });
  };
  /** @param {string} label @param {number[]} values @param {boolean} def */
  const diceRow = (label, values, def) => h("span", {}, label, h("span", { class: "dice" }, ...values.map(v => h("span", { class: "die" + (def ? " def" : "") }, String(v)))));

  return {
    // Its listeners are on its own elements: nothing to undo.
    close() {},

    async animate(events) {
      for (const any of events) {
        const [k, v] = tag(inner(any));
        if (k === "attack-declared") { attack = [v.from, v.to]; paint(); await sleep(400 / table.speed); }
        else if (k === "turn-started") attack = null;
        else if (k === "rolled") {
          dice.replaceChildren(diceRow("attack ", v.attack.rolled.slice(0, v.attack.len), false), diceRow(" defence ", v.defence.rolled.slice(0, v.defence.len), true),
            h("span", {}, ` attacker loses ${v.attacker_lost}, defender loses ${v.defender_lost}`));
          document.body.dataset.rolled = String(Number(document.body.dataset.rolled || 0) + 1);
          await sleep(700 / table.speed);
        }
      }
    },

    render(st) {
      view = inner(st.view);
      picked = [];
      onZone = () => {};
      for (const n of svg.querySelectorAll(".zone")) n.classList.remove("pick", "chosen");
      paint();
      players.replaceChildren(h("tr", {}, ...["player", "zones", "robots", "to place", "supply", "cards", "leader"].map(t => h("th", {}, t))));
      view.players.forEach((/** @type {any} */ p, /** @type {number} */ i) => players.append(h("tr", { "data-player": i },
        h("td", {}, h("span", { class: "swatch", style: `background:${COLORS[i % COLORS.length]}` }), table.names[i] || `P${i}`, i === view.turn ? " \u25C0 turn" : ""),
        h("td", {}, String(p.zones)), h("td", {}, String(p.robots)), h("td", {}, String(p.pool)), h("td", {}, String(p.supply)), h("td", {}, String(p.hand)),
        h("td", {}, p.out ? "wiped out" : p.leader_at == null ? `${spaced(p.leader)}, fallen` : `${spaced(p.leader)} (${p.mode}) at ${(table.zone || String)(p.leader_at)}`))));
      const info = h("p", { class: "muted", id: "day" }, `Day ${view.round} of ${view.rounds}. Your cards: ${(view.hand || []).map(spaced).join(", ") || "none"}.`);
      if (table.seat == null) info.textContent = `Day ${view.round} of ${view.rounds}.`;
      for (const old of table.board.querySelectorAll("#day")) old.remove();
      players.after(info);
    },

    decide(asked) {
      const legal = asked.legal || (asked.suggestion ? [asked.suggestion] : []);
      const free = legal.filter((/** @type {any} */ a) => zonesOf(a).length === 0);
      const zoned = legal.filter((/** @type {any} */ a) => zonesOf(a).length > 0);
      const button = (/** @type {any} */ a) => {
        const b = h("button", { class: "choice" }, actionWords(a, { names: table.names, zone: table.zone }));
        b.onclick = () => table.act(a);
        return b;
      };
      const options = h("div", { id: "zone-choices", class: "row" });
      table.choices.append(...free.map(button), options);
      /** Marks the zones that can be clicked next. */
      const mark = () => {
        const next = new Set();
        for (const a of zoned) {
          const zs = zonesOf(a);
          if (picked.every((z, i) => zs[i] === z) && zs.length > picked.length) next.add(zs[picked.length]);
        }
        svg.querySelectorAll(".zone").forEach((n, z) => {
          n.classList.toggle("pick", next.has(z));
          n.classList.toggle("chosen", picked.includes(z));
        });
        const done = zoned.filter((/** @type {any} */ a) => { const zs = zonesOf(a); return zs.length === picked.length && picked.every((z, i) => zs[i] === z); });
        options.replaceChildren(...done.map(button));
        if (picked.length) {
          const back = h("button", { id: "unpick" }, "Pick other zones");
          back.onclick = () => { picked = []; mark(); };
          options.append(back);
        }
        document.body.dataset.pickable = String(next.size);
      };
      onZone = z => {
        const fits = zoned.filter((/** @type {any} */ a) => { const zs = zonesOf(a); return zs.length > picked.length && picked.every((p, i) => zs[i] === p) && zs[picked.length] === z; });
        if (!fits.length) return;
        picked.push(z);
        // One answer left and it is a placement: play it at once.
        if (fits.length === 1 && zonesOf(fits[0]).length === picked.length && tag(inner(fits[0]))[0] === "place") { table.act(fits[0]); return; }
        mark();
      };
      mark();
      return true;
    },
  };
}
