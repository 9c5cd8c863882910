// @ts-check
// The drawing module, part one: the SVG basics (colours, elements, the
// legend's entries) and the grid course: the pictures of every board
// element, robots, shots, and the board's legend. Part two, draw-map.js,
// draws the conquest map with these basics. The HTML replays (src/viewer,
// which inlines both files into each page) and the browser client (web/,
// which imports them) draw with the same code, so a course or a map looks
// the same in a replay and in a live game.
//
// The replays take this file as it is, with its `export`s dropped (see
// `inline` in src/viewer/mod.rs): keep it free of imports.
//
// It only draws what it is given: a board picture (`BoardPicture` in
// src/viewer/picture.rs) and where the robots and shots are now.

/** @typedef {"N" | "E" | "S" | "W"} Dir */
/** @typedef {{ x: number, y: number }} Pos */
/** @typedef {{ kind: string, dir?: Dir | null, label: string, level?: number }} Cell */
/** @typedef {{ fill: string, glyph?: string, arrow?: string }} CellStyle */
/** @typedef {{ pos: Pos, side: Dir, open?: Dir | null }} Wall */
/** @typedef {{ pos: Pos, kind: string, label: string, dir?: Dir | null }} Marker */
/** @typedef {{ width: number, height: number, cells: Cell[], walls: Wall[], beams: [Pos, Pos][], markers: Marker[], styles?: Record<string, CellStyle> }} Board */
/** @typedef {{ from: Pos, to: Pos, board?: boolean }} Shot */
/** @typedef {{ id?: number, at: Pos, kind: string, facing?: Dir | null, owner: number }} Piece */
/** @typedef {{ at: Pos, damage: number }} Blast */
/** @typedef {{ g: SVGGElement, inner: SVGGElement, card: SVGGElement, cardBox: SVGRectElement, cardText: SVGTextElement, air?: SVGGElement }} RobotShape */

export const NS = "http://www.w3.org/2000/svg";
/** Seat colours (ROBOT_COLORS in src/viewer/mod.rs; the browser checks look for them). */
export const COLORS = ["#e6194b", "#3cb44b", "#ffe119", "#4363d8", "#f58231", "#911eb4", "#42d4f4", "#f032e6"];
export const SHOT = "#ff00ff", BOARD_SHOT = "#ff7f00";
/** A cell's side and the margin around the board, in SVG units. */
export const S = 44, PAD = 34;
/** @type {Record<string, number>} */
export const ANG = { N: 0, E: 90, S: 180, W: 270 };

/**
 * An SVG element with attributes, appended to `parent`.
 * @param {string} name
 * @param {Record<string, string | number>} attrs
 * @param {Element} parent
 * @returns {any}
 */
export function el(name, attrs, parent) {
  const e = document.createElementNS(NS, name);
  for (const k in attrs) e.setAttribute(k, String(attrs[k]));
  parent.appendChild(e);
  return e;
}

/**
 * Centred text.
 * @param {number} x
 * @param {number} y
 * @param {string} s
 * @param {Record<string, string | number>} attrs
 * @param {Element} parent
 * @returns {SVGTextElement}
 */
export function text(x, y, s, attrs, parent) {
  const t = el("text", Object.assign({ x, y, "text-anchor": "middle", "dominant-baseline": "central", "font-size": 12 }, attrs), parent);
  t.textContent = s;
  return t;
}

/** @param {number} x */
export function cx(x) { return PAD + x * S + S / 2; }
/** @param {number} y */
export function cy(y) { return PAD + y * S + S / 2; }

/**
 * A small arrow head at a point, pointing `dir`.
 * @param {number} px @param {number} py @param {Dir | null | undefined} dir
 * @param {string} fill @param {number} size @param {Element} parent
 */
export function arrowAt(px, py, dir, fill, size, parent) {
  const g = el("g", { transform: `translate(${px},${py}) rotate(${ANG[dir || "N"] || 0})` }, parent);
  const k = size || 10;
  el("polygon", { points: `0,${-k} ${k * 0.8},${k * 0.5} ${-k * 0.8},${k * 0.5}`, fill }, g);
  return g;
}

const FILL = /** @type {Record<string, string>} */ ({ Floor: "#c8c8c4", Pit: "#1b1b1b", Belt: "#57b35a", ExpressBelt: "#3f86d6", Gear: "#c8c8c4",
  Pusher: "#e2c044", Laser: "#c8c8c4", Battery: "#f0a848", Start: "#dcdcd6", Other: "#b8b8b0" });
const CORE = new Set(Object.keys(FILL));

/**
 * One cell. An edition's own kinds come with a style (fill, glyph, arrow
 * colour); a kind with none gets the default picture: grey, its label, an
 * arrow for its direction. Levels shade a cell lighter (up) or darker (down).
 * @param {Cell} c @param {number} x @param {number} y @param {Element} parent
 * @param {Record<string, CellStyle>} styles
 */
export function drawCell(c, x, y, parent, styles) {
  if (c.kind === "Void") return;
  const st = styles[c.kind] || { fill: "" };
  el("rect", { x: PAD + x * S, y: PAD + y * S, width: S, height: S, fill: st.fill || FILL[c.kind] || FILL.Other, stroke: "#999", "stroke-width": 0.5, class: "cell " + c.kind }, parent);
  if (c.level) el("rect", { x: PAD + x * S, y: PAD + y * S, width: S, height: S, fill: c.level > 0 ? "#ffffff" : "#000000",
    "fill-opacity": Math.min(0.45, 0.15 * Math.abs(c.level)), class: "level" }, parent);
  const at = (/** @type {Dir | null | undefined} */ d, /** @type {string} */ fill, /** @type {number} */ k) => arrowAt(cx(x), cy(y), d, fill, k, parent);
  if (!CORE.has(c.kind)) {
    if (c.dir) at(c.dir, st.arrow || "#333", 8);
    const mark = st.glyph || c.label;
    if (mark) text(cx(x), cy(y) + (c.dir ? 14 : 0), mark, { "font-size": st.glyph ? 16 : 10 }, parent);
    return;
  }
  if (c.kind === "Belt" || c.kind === "ExpressBelt") at(c.dir, c.kind === "Belt" ? "#2d6b2f" : "#1d4f8a", 9);
  if (c.kind === "Pusher") { at(c.dir, "#7a5b00", 8); text(cx(x), cy(y) + 14, c.label, { "font-size": 9 }, parent); }
  if (c.kind === "Gear") { el("circle", { cx: cx(x), cy: cy(y), r: 15, fill: c.label === "R" ? "#57b35a" : "#d24b40", stroke: "#333" }, parent); text(cx(x), cy(y), c.label === "R" ? "\u21BB" : "\u21BA", { "font-size": 18 }, parent); }
  if (c.kind === "Laser") at(c.dir, "#d01010", 7);
  if (c.kind === "Battery") text(cx(x), cy(y), "\u26A1", { "font-size": 18 }, parent);
  if (c.kind === "Start") text(cx(x), cy(y), "S", { "font-size": 14, fill: "#666" }, parent);
  if (c.kind === "Other") text(cx(x), cy(y), c.label, {}, parent);
  if ((c.kind === "Belt" || c.kind === "ExpressBelt") && c.label) text(cx(x) + 12, cy(y) - 12, c.label, { "font-size": 10 }, parent);
}

/** @param {number} px @param {number} py @param {string} label @param {Element} parent */
function checkpoint(px, py, label, parent) {
  el("circle", { cx: px, cy: py, r: 16, fill: "#fff", stroke: "#222", "stroke-width": 2, "fill-opacity": 0.85 }, parent);
  text(px, py, label, { "font-size": 15, "font-weight": "bold" }, parent);
}
/** @param {number} px @param {number} py @param {Dir | null | undefined} dir @param {Element} parent */
function reboot(px, py, dir, parent) {
  el("rect", { x: px - 13, y: py - 13, width: 26, height: 26, fill: "#7fb2e5", stroke: "#234", "fill-opacity": 0.85 }, parent);
  if (dir) arrowAt(px, py, dir, "#234", 6, parent);
}

/**
 * The whole board into `svg` (sized to it): axes, cells, beams, walls and
 * markers, then empty layers for shots and robots, which it returns with
 * each checkpoint's group (by label) for `moveCheckpoints`.
 * @param {SVGSVGElement} svg @param {Board} B
 * @returns {{ shots: SVGGElement, robots: SVGGElement, cells: SVGGElement, checkpoints: Record<string, { g: SVGGElement, pos: Pos }>, pieces: SVGGElement }}
 */
export function drawBoard(svg, B) {
  const W = B.width * S + 2 * PAD, H = B.height * S + 2 * PAD;
  svg.setAttribute("viewBox", `0 0 ${W} ${H}`);
  svg.setAttribute("width", String(W));
  svg.setAttribute("height", String(H));
  // Axes: x along the top, y down the left, as cells are written (x,y).
  const axes = el("g", { id: "axes" }, svg);
  for (let x = 0; x < B.width; x++) text(cx(x), PAD - 12, String(x), { "font-size": 11, fill: "#555" }, axes);
  for (let y = 0; y < B.height; y++) text(PAD - 14, cy(y), String(y), { "font-size": 11, fill: "#555" }, axes);
  const cells = el("g", { id: "cells" }, svg);
  const styles = B.styles || {};
  B.cells.forEach((c, i) => drawCell(c, i % B.width, Math.floor(i / B.width), cells, styles));
  for (const [a, b] of B.beams) {
    el("line", { x1: cx(a.x), y1: cy(a.y), x2: cx(b.x), y2: cy(b.y), stroke: "#ff2020", "stroke-width": 2, "stroke-opacity": 0.7, class: "beam" }, svg);
  }
  for (const w of B.walls) {
    const x0 = PAD + w.pos.x * S, y0 = PAD + w.pos.y * S;
    const seg = { N: [x0, y0, x0 + S, y0], S: [x0, y0 + S, x0 + S, y0 + S], W: [x0, y0, x0, y0 + S], E: [x0 + S, y0, x0 + S, y0 + S] }[w.side];
    el("line", { x1: seg[0], y1: seg[1], x2: seg[2], y2: seg[3], stroke: "#e8b400", "stroke-width": 5, "stroke-linecap": "round",
      "stroke-dasharray": w.open ? "6 4" : "none", class: "wall" }, svg);
    if (w.open) arrowAt((seg[0] + seg[2]) / 2, (seg[1] + seg[3]) / 2, w.open, "#8a6a00", 5, svg);
  }
  /** @type {Record<string, { g: SVGGElement, pos: Pos }>} */
  const checkpoints = {};
  for (const m of B.markers) {
    if (m.kind === "checkpoint") {
      const g = el("g", { class: "checkpoint" }, svg);
      checkpoint(cx(m.pos.x), cy(m.pos.y), m.label, g);
      checkpoints[m.label] = { g, pos: m.pos };
    }
    else if (m.kind === "reboot") reboot(cx(m.pos.x), cy(m.pos.y), m.dir, svg);
    else text(cx(m.pos.x), cy(m.pos.y) + 14, m.label, { "font-size": 9 }, svg);
  }
  // Devices on the floor, then shots, under the robots.
  const pieces = el("g", { id: "pieces" }, svg);
  const shots = el("g", { id: "shots" }, svg);
  const robots = el("g", { id: "robots-layer" }, svg);
  return { shots, robots, cells, checkpoints, pieces };
}

/**
 * Shows the checkpoints that moved (classic flags on belts) where they
 * are now; the others at their printed cells.
 * @param {Record<string, { g: SVGGElement, pos: Pos }>} checkpoints
 * @param {[number, Pos][]} moved checkpoint number and cell
 */
export function moveCheckpoints(checkpoints, moved) {
  for (const c of Object.values(checkpoints)) c.g.removeAttribute("transform");
  for (const [k, at] of moved) {
    const c = checkpoints[String(k)];
    if (c) c.g.setAttribute("transform", `translate(${(at.x - c.pos.x) * S},${(at.y - c.pos.y) * S})`);
  }
}

/**
 * A robot's body: a disc in its colour with a facing marker outside it
 * and a short label; the returned group turns with the facing.
 * @param {Element} parent @param {string} color @param {string} label
 * @returns {SVGGElement}
 */
export function robotShape(parent, color, label) {
  const inner = el("g", {}, parent);
  el("circle", { cx: 0, cy: 0, r: 14, fill: color, stroke: "#111", "stroke-width": 2 }, inner);
  // The facing marker sits outside the body, so it never covers the label.
  el("polygon", { points: "0,-22 6,-14 -6,-14", fill: "#111" }, inner);
  text(0, 0, label, { "font-size": 11, "font-weight": "bold" }, parent);
  return inner;
}

/**
 * Seat `i`'s robot, with a card label beside it (hidden until shown).
 * @param {Element} parent @param {number} i @param {string} name
 * @returns {RobotShape}
 */
export function makeRobot(parent, i, name) {
  const g = el("g", { class: "robot", id: "robot" + i }, parent);
  // A flying robot's shadow and ring, shown while it flies.
  const air = el("g", { class: "air", visibility: "hidden" }, g);
  el("ellipse", { cx: 5, cy: 8, rx: 15, ry: 9, fill: "#000", "fill-opacity": 0.25 }, air);
  el("circle", { cx: 0, cy: 0, r: 19, fill: "none", stroke: "#fff", "stroke-width": 2, "stroke-dasharray": "4 3" }, air);
  const inner = robotShape(g, COLORS[i % COLORS.length], name.split(/[\s\u00a0]/)[0].slice(0, 3));
  const card = el("g", { class: "card", visibility: "hidden" }, g);
  const cardBox = el("rect", { x: 12, y: 10, rx: 3, height: 15, width: 40, fill: "#fffef6", stroke: "#333", "stroke-width": 1 }, card);
  const cardText = text(14, 17.5, "", { "font-size": 10, "text-anchor": "start" }, card);
  return { g, inner, card, cardBox, cardText, air };
}

/**
 * Puts a robot at its cell and facing (`pos` null: off the board, drawn
 * small in the corner), with the card it revealed, if any; a flying robot
 * with a shadow and a dashed ring.
 * @param {RobotShape} rb @param {number} i @param {Pos | null | undefined} pos
 * @param {string} facing @param {string | null | undefined} card
 * @param {boolean} [flying]
 */
export function placeRobot(rb, i, pos, facing, card, flying) {
  if (rb.air) rb.air.setAttribute("visibility", flying && pos ? "visible" : "hidden");
  rb.g.classList.toggle("flying", !!(flying && pos));
  if (pos) {
    rb.g.setAttribute("transform", `translate(${cx(pos.x)},${cy(pos.y)})`);
    rb.g.setAttribute("opacity", "1");
  } else {
    rb.g.setAttribute("transform", `translate(${14 + 30 * i},14) scale(0.6)`);
    rb.g.setAttribute("opacity", "0.5");
  }
  rb.inner.setAttribute("transform", `rotate(${ANG[facing] || 0})`);
  if (card) {
    rb.cardText.textContent = card;
    rb.cardBox.setAttribute("width", String(6 + 5.6 * card.length));
    rb.card.setAttribute("visibility", "visible");
  } else rb.card.setAttribute("visibility", "hidden");
}

/**
 * A shot as a line from its source to the robot hit, with a ring there.
 * @param {Element} layer @param {Shot} s
 */
export function drawShot(layer, s) {
  const color = s.board ? BOARD_SHOT : SHOT;
  el("line", { x1: cx(s.from.x), y1: cy(s.from.y), x2: cx(s.to.x), y2: cy(s.to.y), stroke: color,
    "stroke-width": 5, "stroke-linecap": "round", "stroke-dasharray": s.board ? "8 4" : "none", class: "shot" }, layer);
  el("circle", { cx: cx(s.to.x), cy: cy(s.to.y), r: 19, fill: "none", stroke: color, "stroke-width": 3 }, layer);
}

/**
 * A device token on its cell, in its owner's colour: a mine as a spiked
 * disc (a proximity mine ringed), a missile as a dart pointing its way,
 * a buzz bomb as a ball with a nose its way, goo as a green blob, a
 * bridge as planks, a portable teleporter as a ring, a scrambler bomb and
 * the Big One as bombs marked "?" and "64", any other kind as a small
 * labelled square.
 * @param {Element} layer @param {Piece} p
 */
export function drawPiece(layer, p) {
  const color = COLORS[p.owner % COLORS.length];
  const g = el("g", { class: "piece " + p.kind, transform: `translate(${cx(p.at.x) - 10},${cy(p.at.y) + 10})` }, layer);
  if (p.kind === "Mine") {
    for (let k = 0; k < 8; k++) {
      const a = k * Math.PI / 4;
      el("line", { x1: 0, y1: 0, x2: 9 * Math.cos(a), y2: 9 * Math.sin(a), stroke: "#111", "stroke-width": 2 }, g);
    }
    el("circle", { cx: 0, cy: 0, r: 6, fill: "#222", stroke: color, "stroke-width": 2 }, g);
  } else if (p.kind === "ProximityMine") {
    el("circle", { cx: 0, cy: 0, r: 11, fill: "none", stroke: "#111", "stroke-width": 1.5, "stroke-dasharray": "3 2" }, g);
    el("circle", { cx: 0, cy: 0, r: 6, fill: "#222", stroke: color, "stroke-width": 2 }, g);
  } else if (p.kind === "Goo") {
    el("ellipse", { cx: 0, cy: 0, rx: 11, ry: 8, fill: "#6fbf3a", "fill-opacity": 0.8, stroke: color, "stroke-width": 2 }, g);
  } else if (p.kind === "Bridge") {
    for (const y of [-8, -3, 2, 7]) el("rect", { x: -11, y, width: 22, height: 4, fill: "#a0703a", stroke: "#5a3a10", "stroke-width": 0.8 }, g);
  } else if (p.kind === "PortableTeleporter") {
    el("circle", { cx: 0, cy: 0, r: 9, fill: "#d9c8ff", stroke: color, "stroke-width": 2 }, g);
    el("circle", { cx: 0, cy: 0, r: 4, fill: "none", stroke: "#5a2ca0", "stroke-width": 1.5 }, g);
  } else if (p.kind === "ScramblerBomb" || p.kind === "BigOne") {
    const big = p.kind === "BigOne";
    el("circle", { cx: 0, cy: 0, r: big ? 10 : 8, fill: "#222", stroke: color, "stroke-width": 2 }, g);
    text(0, 0, big ? "64" : "?", { "font-size": big ? 8 : 10, fill: "#fff" }, g);
  } else if (p.kind === "Missile") {
    const d = el("g", { transform: `rotate(${ANG[p.facing || "N"] || 0})` }, g);
    el("polygon", { points: "0,-11 5,4 0,1 -5,4", fill: color, stroke: "#111", "stroke-width": 1.2 }, d);
    el("polygon", { points: "-3,5 0,10 3,5", fill: "#ff9a00" }, d);
  } else if (p.kind === "BuzzBomb") {
    const d = el("g", { transform: `rotate(${ANG[p.facing || "N"] || 0})` }, g);
    el("circle", { cx: 0, cy: 0, r: 8, fill: "#333", stroke: color, "stroke-width": 2 }, d);
    el("polygon", { points: "0,-12 4,-7 -4,-7", fill: color }, d);
  } else {
    el("rect", { x: -8, y: -8, width: 16, height: 16, rx: 3, fill: "#fffef6", stroke: color, "stroke-width": 2 }, g);
    text(0, 0, p.kind.slice(0, 2), { "font-size": 8 }, g);
  }
  return g;
}

/**
 * An explosion: a burst on its cell, larger for more damage, with the
 * damage written in it.
 * @param {Element} layer @param {Blast} b
 */
export function drawBlast(layer, b) {
  const g = el("g", { class: "blast", transform: `translate(${cx(b.at.x)},${cy(b.at.y)})` }, layer);
  const r = Math.min(S * 0.48 + 6 * Math.log2(Math.max(1, b.damage)), S * 2.5);
  const pts = [];
  for (let k = 0; k < 16; k++) {
    const a = k * Math.PI / 8, rr = k % 2 ? r * 0.55 : r;
    pts.push(`${(rr * Math.sin(a)).toFixed(1)},${(-rr * Math.cos(a)).toFixed(1)}`);
  }
  el("polygon", { points: pts.join(" "), fill: "#ffb000", "fill-opacity": 0.55, stroke: "#e03000", "stroke-width": 2 }, g);
  text(0, 0, String(b.damage), { "font-size": 13, "font-weight": "bold", fill: "#7a1000" }, g);
  return g;
}

/**
 * A legend entry: a small picture and its words.
 * @param {HTMLElement} container @param {string} viewBox @param {(s: SVGSVGElement) => void} draw @param {string} label
 */
export function legendEntry(container, viewBox, draw, label) {
  const span = document.createElement("span");
  const s = /** @type {SVGSVGElement} */ (document.createElementNS(NS, "svg"));
  s.setAttribute("width", "22"); s.setAttribute("height", "22"); s.setAttribute("viewBox", viewBox);
  draw(s);
  span.appendChild(s);
  span.append(label);
  container.appendChild(span);
}

/** Every element of a board, in words. */
/** Device kinds the legend draws as pieces. */
const DEVICE_KINDS = ["Mine", "Missile", "BuzzBomb", "ProximityMine", "Goo", "Bridge", "PortableTeleporter", "ScramblerBomb", "BigOne"];

const BOARD_LEGEND = [
  ["Floor", "floor"], ["Pit", "pit"], ["Belt", "green conveyor belt (moves 1)"], ["ExpressBelt", "blue conveyor belt (moves 2)"],
  ["Gear", "gear (turns robots)"], ["Pusher", "push panel (registers shown)"], ["Laser", "board laser and its beam"],
  ["Battery", "battery (energy)"], ["Start", "start space"], ["wall", "wall"], ["oneway", "one-way wall (passes the arrow's way)"],
  ["checkpoint", "checkpoint, in order"], ["reboot", "reboot token"], ["robot", "robot (marker: facing)"],
  ["shot", "robot's shot"], ["boardshot", "board laser hit"], ["card", "card revealed this register"],
  ["flying", "flying robot (shadow, dashed ring)"], ["Mine", "mine (device, owner's colour)"],
  ["Missile", "missile (device, flies its way)"], ["BuzzBomb", "buzz bomb (device, runs its own cards)"],
  ["blast", "explosion (damage on its cell)"],
  ["ProximityMine", "proximity mine (device)"], ["Goo", "goo (device, holds robots)"],
  ["Bridge", "bridge (device, open floor)"], ["PortableTeleporter", "portable teleporter (device)"],
  ["ScramblerBomb", "scrambler bomb (device)"], ["BigOne", "the Big One (device, 64)"],
];

/**
 * The legend of a board: every element drawn as on the board, then the
 * edition's own kinds of cell that this board uses.
 * @param {HTMLElement} container @param {Board | null} B
 */
export function boardLegend(container, B) {
  const box = `${PAD} ${PAD} ${S} ${S}`, mid = PAD + S / 2;
  for (const [kind, label] of BOARD_LEGEND) {
    legendEntry(container, box, s => {
      if (FILL[kind]) { drawCell({ kind, dir: kind === "Gear" ? null : "E", label: kind === "Gear" ? "R" : (kind === "Pusher" ? "135" : "") }, 0, 0, s, {}); return; }
      el("rect", { x: PAD, y: PAD, width: S, height: S, fill: FILL.Floor }, s);
      if (kind === "wall" || kind === "oneway") {
        el("line", { x1: PAD + S - 4, y1: PAD, x2: PAD + S - 4, y2: PAD + S, stroke: "#e8b400", "stroke-width": 6, "stroke-dasharray": kind === "oneway" ? "6 4" : "none" }, s);
        if (kind === "oneway") arrowAt(PAD + S - 4, mid, "E", "#8a6a00", 7, s);
      } else if (kind === "checkpoint") checkpoint(mid, mid, "1", s);
      else if (kind === "reboot") reboot(mid, mid, "E", s);
      else if (kind === "robot") { const g = el("g", { transform: `translate(${mid},${mid + 4})` }, s); robotShape(g, COLORS[0], "P0"); }
      else if (kind === "shot" || kind === "boardshot") el("line", { x1: PAD + 2, y1: PAD + S - 4, x2: PAD + S - 2, y2: PAD + 4, stroke: kind === "shot" ? SHOT : BOARD_SHOT, "stroke-width": 5, "stroke-dasharray": kind === "shot" ? "none" : "6 3" }, s);
      else if (kind === "flying") { const g = el("g", { transform: `translate(${mid},${mid + 2}) scale(0.8)` }, s); el("ellipse", { cx: 5, cy: 8, rx: 15, ry: 9, fill: "#000", "fill-opacity": 0.25 }, g); el("circle", { cx: 0, cy: 0, r: 19, fill: "none", stroke: "#fff", "stroke-width": 2, "stroke-dasharray": "4 3" }, g); robotShape(g, COLORS[0], "P0"); }
      else if (DEVICE_KINDS.includes(kind)) drawPiece(s, { at: { x: 0, y: 0 }, kind, facing: "E", owner: 0 });
      else if (kind === "blast") drawBlast(s, { at: { x: 0, y: 0 }, damage: 4 });
      else if (kind === "card") { el("rect", { x: PAD + 2, y: mid - 8, width: S - 4, height: 16, fill: "#fffef6", stroke: "#333" }, s); text(mid, mid, "Move 2", { "font-size": 10 }, s); }
    }, label);
  }
  const styles = (B && B.styles) || {};
  for (const kind of Object.keys(styles)) {
    const sample = B ? B.cells.find(c => c.kind === kind) : undefined;
    legendEntry(container, box, s => drawCell(sample || { kind, label: "" }, 0, 0, s, styles), kind.replace(/[-_]/g, " "));
  }
}
