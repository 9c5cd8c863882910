// @ts-check
// The drawing module, part two: the conquest map (a map picture,
// `MapPicture` in src/viewer/map.rs) as a graph of zones by sector, where
// the robots, leaders, shifting pieces and attacks are now, and its
// legend; drawn with the basics of draw.js. The map replays inline both
// files (their import and `export`s dropped, see `inline` in
// src/viewer/mod.rs): keep its only import the one from ./draw.js.
import { el, text, COLORS, legendEntry } from "./draw.js";

/** @typedef {{ name: string, sector: number, kind: string, x: number, y: number }} Zone */
/** @typedef {{ name: string, bonus: number, x: number, y: number }} Sector */
/** @typedef {{ name: string, zone: number, links: number[][] }} Piece */
/** @typedef {{ name: string, size: number, zones: Zone[], sectors: Sector[], links: [number, number][], pieces: Piece[] }} MapPic */
/** @typedef {{ glow: SVGElement, body: SVGElement, count: SVGTextElement, badge: SVGGElement, initials: SVGTextElement }} ZoneNode */
/** @typedef {{ nodes: ZoneNode[], pieceLinks: SVGGElement, attackLayer: SVGGElement }} MapParts */

export const EMPTY = "#e0e0dc", LINK = "#9a9a96", PIECE = "#8e44ad", ATTACK = "#ff1744", PAD_RING = "#d4a017", GLOW = "#ffd000";

/**
 * An arrow from (x1,y1) to (x2,y2) with its head at the end.
 * @param {number} x1 @param {number} y1 @param {number} x2 @param {number} y2
 * @param {number} width @param {Element} parent @param {string} [cls]
 */
export function arrowLine(x1, y1, x2, y2, width, parent, cls) {
  const dx = x2 - x1, dy = y2 - y1, len = Math.hypot(dx, dy) || 1, ux = dx / len, uy = dy / len;
  const head = width * 2.6, bx = x2 - ux * head, by = y2 - uy * head;
  el("line", { x1, y1, x2: bx, y2: by, stroke: ATTACK, "stroke-width": width, class: cls || "" }, parent);
  el("polygon", { points: `${x2},${y2} ${bx - uy * head * 0.6},${by + ux * head * 0.6} ${bx + uy * head * 0.6},${by - ux * head * 0.6}`, fill: ATTACK }, parent);
}

/**
 * The map into `svg`: the centre, the sectors' names and bonuses, the
 * links, and one node per zone (returned, to paint with `paintMap`).
 * @param {SVGSVGElement} svg @param {MapPic} M
 * @returns {MapParts}
 */
export function drawMap(svg, M) {
  const C = M.size / 2;
  svg.setAttribute("viewBox", `0 0 ${M.size} ${M.size}`);
  el("circle", { cx: C, cy: C, r: M.size * 0.125, fill: "#d9cbb8", stroke: "#b9a68e" }, svg);
  text(C, C, M.name, { "font-size": 26, fill: "#8a7760", "font-style": "italic" }, svg);
  for (const s of M.sectors) text(s.x, s.y, `${s.name} (+${s.bonus})`, { "font-size": 15, "font-weight": "bold", fill: "#555" }, svg);
  for (const [a, b] of M.links) {
    const za = M.zones[a], zb = M.zones[b];
    el("line", { x1: za.x, y1: za.y, x2: zb.x, y2: zb.y, stroke: LINK, "stroke-width": 2.5, class: "link" }, svg);
  }
  const pieceLinks = el("g", { id: "pieces" }, svg);
  const attackLayer = el("g", { id: "attack" }, svg);
  const nodes = M.zones.map((z, i) => {
    const g = el("g", { class: "zone", id: "zone" + i, "data-zone": i }, svg);
    const glow = el("circle", { cx: z.x, cy: z.y, r: 31, fill: "none", stroke: GLOW, "stroke-width": 6, visibility: "hidden" }, g);
    if (z.kind === "launch-pad") el("circle", { cx: z.x, cy: z.y, r: 29, fill: "none", stroke: PAD_RING, "stroke-width": 5 }, g);
    const body = z.kind === "factory"
      ? el("rect", { x: z.x - 22, y: z.y - 22, width: 44, height: 44, rx: 7, fill: EMPTY, stroke: "#333", "stroke-width": 2 }, g)
      : el("circle", { cx: z.x, cy: z.y, r: 22, fill: EMPTY, stroke: z.kind === "shifting" ? PIECE : "#333", "stroke-width": z.kind === "shifting" ? 3.5 : 2,
          "stroke-dasharray": z.kind === "shifting" ? "5 3" : "none" }, g);
    const count = text(z.x, z.y, "", { "font-size": 16, "font-weight": "bold", class: "count" }, g);
    // The name under the zone, on two lines when it is long.
    const words = z.name.split(" ");
    let cut = 0;
    if (z.name.length > 11 && words.length > 1) {
      let best = Infinity;
      for (let k = 1; k < words.length; k++) {
        const left = words.slice(0, k).join(" ").length, diff = Math.abs(2 * left - z.name.length);
        if (diff < best) { best = diff; cut = k; }
      }
    }
    const lines = cut ? [words.slice(0, cut).join(" "), words.slice(cut).join(" ")] : [z.name];
    lines.forEach((line, k) => text(z.x, z.y + 32 + 12 * k, line, { "font-size": 11, class: "zone-name" }, g));
    const badge = el("g", { visibility: "hidden" }, g);
    el("circle", { cx: z.x + 19, cy: z.y - 19, r: 11, fill: "#111", stroke: "#fff", "stroke-width": 1.5 }, badge);
    const initials = text(z.x + 19, z.y - 19, "", { "font-size": 10, "font-weight": "bold", fill: "#fff" }, badge);
    return { glow, body, count, badge, initials };
  });
  return { nodes, pieceLinks, attackLayer };
}

/** A player's initials for the leader's badge. @param {string} name */
export function initialsOf(name) {
  const words = name.replace(/^P\d+\s+/, "").split(/[\s\u00a0]+/).filter(w => w && w[0] !== "(");
  return words.length > 1 ? words[0][0] + words[1][0] : (words[0] || "?").slice(0, 2);
}

/**
 * Paints the map at one moment: each zone's holder and robots, the open
 * factories, the leaders, where the shifting pieces join now, and an
 * attack's arrow.
 * @param {MapParts} parts @param {MapPic} M
 * @param {{ owners: (number | null | undefined)[], robots: number[], open: number[], leaders: (number | null | undefined)[],
 *   names: string[], pieces: number[], attack?: [number, number] | null }} f
 */
export function paintMap(parts, M, f) {
  parts.nodes.forEach((n, i) => {
    const owner = f.owners[i];
    n.body.setAttribute("fill", owner == null ? EMPTY : COLORS[owner % COLORS.length]);
    n.count.textContent = owner == null ? "" : String(f.robots[i]);
    n.glow.setAttribute("visibility", f.open.includes(i) ? "visible" : "hidden");
    n.badge.setAttribute("visibility", "hidden");
  });
  f.leaders.forEach((at, p) => {
    if (at == null || !parts.nodes[at]) return;
    parts.nodes[at].badge.setAttribute("visibility", "visible");
    parts.nodes[at].initials.textContent = initialsOf(f.names[p] || "?");
  });
  parts.pieceLinks.innerHTML = "";
  M.pieces.forEach((pc, i) => {
    const at = f.pieces[i] || 0, from = M.zones[pc.zone];
    for (const z of pc.links[at] || []) {
      const to = M.zones[z];
      el("line", { x1: from.x, y1: from.y, x2: to.x, y2: to.y, stroke: PIECE, "stroke-width": 5, "stroke-dasharray": "12 7", class: "piece-link" }, parts.pieceLinks);
    }
  });
  parts.attackLayer.innerHTML = "";
  if (f.attack) {
    const a = M.zones[f.attack[0]], b = M.zones[f.attack[1]];
    const dx = b.x - a.x, dy = b.y - a.y, len = Math.hypot(dx, dy) || 1;
    arrowLine(a.x + dx / len * 24, a.y + dy / len * 24, b.x - dx / len * 26, b.y - dy / len * 26, 9, parts.attackLayer, "attack");
  }
}

/**
 * The legend of a map.
 * @param {HTMLElement} container @param {string} [attackLabel] what the attack arrow stands for
 */
export function mapLegend(container, attackLabel) {
  const entries = [
    ["zone", "zone: its holder's colour, its robots"], ["pad", "the Launch Pad (breaks ties)"],
    ["factory", "secret factory (glows when open)"], ["shifting", "shifting piece"],
    ["piece", "where a shifting piece joins now"], ["link", "neighbouring zones"],
    ["leader", "a leader stands here"], ["attack", attackLabel || "an attack"],
  ];
  for (const [kind, label] of entries) {
    legendEntry(container, "-30 -30 60 60", s => {
      if (kind === "zone") { el("circle", { cx: 0, cy: 0, r: 22, fill: COLORS[0], stroke: "#333", "stroke-width": 2 }, s); text(0, 0, "5", { "font-size": 20, "font-weight": "bold" }, s); }
      if (kind === "pad") { el("circle", { cx: 0, cy: 0, r: 25, fill: "none", stroke: PAD_RING, "stroke-width": 6 }, s); el("circle", { cx: 0, cy: 0, r: 17, fill: EMPTY, stroke: "#333", "stroke-width": 2 }, s); }
      if (kind === "factory") el("rect", { x: -22, y: -22, width: 44, height: 44, rx: 7, fill: EMPTY, stroke: GLOW, "stroke-width": 6 }, s);
      if (kind === "shifting") el("circle", { cx: 0, cy: 0, r: 22, fill: EMPTY, stroke: PIECE, "stroke-width": 4, "stroke-dasharray": "6 4" }, s);
      if (kind === "piece") el("line", { x1: -28, y1: 20, x2: 28, y2: -20, stroke: PIECE, "stroke-width": 6, "stroke-dasharray": "10 6" }, s);
      if (kind === "link") el("line", { x1: -28, y1: 20, x2: 28, y2: -20, stroke: LINK, "stroke-width": 5 }, s);
      if (kind === "leader") { el("circle", { cx: 0, cy: 0, r: 20, fill: "#111" }, s); text(0, 0, "MG", { "font-size": 18, "font-weight": "bold", fill: "#fff" }, s); }
      if (kind === "attack") arrowLine(-26, 18, 24, -18, 6, s);
    }, label);
  }
}
