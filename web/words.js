// @ts-check
// Actions, decisions and events in plain words, for buttons and the log.
// A few common ones get their own sentence; anything else (another
// edition's, a new kind) is spelled out from its JSON, so nothing is ever
// shown as raw JSON.

/** @typedef {{ names: string[], zone: ((z: number) => string) | null }} Ctx */

const DIRS = /** @type {Record<string, string>} */ ({ N: "north", E: "east", S: "south", W: "west" });

/** "RotateRight" -> "rotate right", "move-in" -> "move in". @param {string} s */
export function spaced(s) {
  return s.replace(/[-_]/g, " ").replace(/([a-z0-9])([A-Z])/g, "$1 $2").replace(/([A-Z])([A-Z][a-z])/g, "$1 $2").toLowerCase();
}

/** A card's face in words ("Move2" -> "Move 2", {Haywire: "JogLeft"} -> "Haywire: jog left"). @param {any} card */
export function cardName(card) {
  if (typeof card === "string") {
    const m = card.match(/^Move(\d)$/);
    if (m) return `Move ${m[1]}`;
    if (card === "Spam") return "SPAM";
    const s = spaced(card);
    return s[0].toUpperCase() + s.slice(1);
  }
  if (card && typeof card === "object") {
    const [k, v] = Object.entries(card)[0] || ["?", ""];
    return `${spaced(k)[0].toUpperCase()}${spaced(k).slice(1)}: ${spaced(String(v))}`;
  }
  return String(card);
}

/**
 * Any value spelled out: objects as "key value, key value".
 * @param {any} v @param {Ctx} ctx @returns {string}
 */
export function spell(v, ctx) {
  if (v == null) return "none";
  if (typeof v === "boolean") return v ? "yes" : "no";
  if (typeof v === "number") return String(v);
  if (typeof v === "string") return DIRS[v] || spaced(v);
  if (Array.isArray(v)) return v.map(x => spell(x, ctx)).join(", ");
  if ("x" in v && "y" in v && Object.keys(v).length === 2) return `(${v.x},${v.y})`;
  return Object.entries(v).map(([k, x]) => {
    if (k === "player" || k === "attacker" || k === "defender" || k === "by" || k === "robot") return `${spaced(k)} ${ctx.names[x] ?? x}`;
    if ((k === "zone" || k === "from" || k === "to") && ctx.zone && typeof x === "number") return `${spaced(k)} ${ctx.zone(x)}`;
    if (x && typeof x === "object" && !Array.isArray(x)) return `${spaced(k)}: ${spell(x, ctx)}`;
    return `${spaced(k)} ${spell(x, ctx)}`;
  }).join(", ");
}

/** The edition's value inside `{edition: value}`. @param {any} v */
export function inner(v) {
  if (v && typeof v === "object" && !Array.isArray(v)) {
    const keys = Object.keys(v);
    if (keys.length === 1) return v[keys[0]];
  }
  return v;
}

/** One key and its value of a tagged value. @param {any} v @returns {[string, any]} */
export function tag(v) {
  if (typeof v === "string") return [v, null];
  if (v && typeof v === "object") return /** @type {[string, any]} */ (Object.entries(v)[0] || ["?", null]);
  return [String(v), null];
}

/** An action in words, for its button. @param {any} any @param {Ctx} ctx */
export function actionWords(any, ctx) {
  const [k, v] = tag(inner(any));
  const zone = ctx.zone || String;
  switch (k) {
    case "ChooseStart": return `Start at (${v.x},${v.y})`;
    case "BlockStart": return `Block the start at (${v.x},${v.y})`;
    case "Face": return `Face ${DIRS[v]}`;
    case "Done": case "done": return "Done";
    case "DrawUpgrade": return "Draw an upgrade";
    case "ShutDown": return "Shut down (clear all damage, skip this round)";
    case "KeepAll": return "Keep all";
    case "Install": return `Install ${spaced(v.upgrade)}${v.discard ? `, discarding ${spaced(v.discard)}` : ""}`;
    case "Use": return `Use ${spell(v, ctx)}`;
    case "Brake": case "Shield": case "Follow": case "PlayHaywire": return `${spaced(k)}: ${v ? "yes" : "no"}`;
    case "Rotate": return `Turn ${spaced(v)}`;
    case "Fire": return `Fire ${typeof v === "string" ? spaced(v) : spell(v, ctx)}`;
    case "place": return `Place a robot on ${zone(v)}`;
    case "transform": return "Transform your leader";
    case "attack": return `Attack ${zone(v.to)} from ${zone(v.from)} with ${v.dice} ${v.dice === 1 ? "die" : "dice"}${v.leader ? ", leader fighting" : ""}${v.card ? `, playing ${spaced(v.card)}` : ""}`;
    case "defend": return `Defend with ${v.dice} ${v.dice === 1 ? "die" : "dice"}${v.leader ? ", leader fighting" : ""}${v.card ? `, playing ${spaced(v.card)}` : ""}`;
    case "move-in": return `Move in ${v.robots} ${v.robots === 1 ? "robot" : "robots"}${v.leader ? " and the leader" : ""}`;
    case "backup": return `Move ${v.robots} ${v.robots === 1 ? "robot" : "robots"}${v.leader ? " and the leader" : ""} from ${zone(v.from)} to ${zone(v.to)}`;
    case "play": return `Play ${spaced(v.card)}${v.target && v.target !== "none" ? ` on ${spell(v.target, ctx)}` : ""}`;
  }
  const s = spaced(k);
  return v == null ? s[0].toUpperCase() + s.slice(1) : `${s[0].toUpperCase()}${s.slice(1)}: ${spell(v, ctx)}`;
}

/** A decision in words. @param {any} any */
export function decisionWords(any) {
  const [k, v] = tag(inner(any));
  switch (k) {
    case "ChooseStart": return "Choose your start space";
    case "BlockStart": return "Block a start space";
    case "Program": return "Program your five registers";
    case "Upgrades": return "Upgrade shop: buy, use, or be done";
    case "RebootFacing": return "Your robot rebooted: choose its facing";
    case "claim": return "Claim a zone";
    case "setup-place": return `Place a setup robot (${v.left} left)`;
    case "place": return `Place your reinforcements (${v.robots} left): click a zone`;
    case "morph": return "Transform your leader, or go on";
    case "attack": return "Attack: click your zone, then an enemy zone next to it (or be done)";
    case "defend": return `You are attacked with ${v.dice} dice: defend`;
    case "move-in": return "You captured a zone: move robots in";
    case "backup": return `Backup moves (${v.moves} left): click from and to, or be done`;
  }
  const s = spaced(k);
  return s[0].toUpperCase() + s.slice(1) + (v == null ? "" : ` (${spell(v, { names: [], zone: String })})`);
}

/** A die face list. @param {any} d */
function dice(d) { return d && d.rolled ? d.rolled.slice(0, d.len).join(" ") : ""; }

/** An event in words, for the log; null for one not worth a line. @param {any} any @param {Ctx} ctx @returns {string | null} */
export function eventWords(any, ctx) {
  const zone = ctx.zone || String;
  const ev = inner(any);
  const [k, v] = tag(ev);
  const who = (/** @type {number} */ p) => ctx.names[p] ?? `P${p}`;
  if (k === "Grid") {
    const [g, w] = tag(v);
    switch (g) {
      case "Moved": return `${who(w.robot)} ${w.cause === "Move" ? "moves" : typeof w.cause === "string" ? spaced(w.cause) : "is pushed"} to (${w.to.x},${w.to.y})`;
      case "Turned": return `${who(w.robot)} turns ${spaced(w.turn)}, facing ${DIRS[w.facing]}`;
      case "Pushed": return `${who(w.pushed)} is pushed ${w.cells} by ${who(w.by)}`;
      case "Blocked": return `${who(w.robot)} is blocked going ${DIRS[w.dir]}`;
      case "BoardLaser": return `a board laser hits ${who(w.robot)}`;
      case "Shot": return `${who(w.from)} shoots ${who(w.target)}`;
      case "Removed": return `${who(w.robot)} falls off at (${w.at.x},${w.at.y})`;
      case "Placed": return `${who(w.robot)} is placed at (${w.at.x},${w.at.y}) facing ${DIRS[w.facing]}`;
    }
    return `${spaced(g)}: ${spell(w, ctx)}`;
  }
  switch (k) {
    case "RoundStarted": return `— round ${v.round} —`;
    case "PhaseStarted": return `${spaced(v)} phase`;
    case "RegisterStarted": return `— register ${v.register} —`;
    case "CardRevealed": return `${who(v.player)} reveals ${cardName(v.card)}`;
    case "CardResolved": return null;
    case "Fired": return `${who(v.player)} fires ${typeof v.weapon === "string" ? spaced(v.weapon) : spell(v.weapon, ctx)}${v.dir ? ` ${DIRS[v.dir]}` : ""}`;
    case "Damaged": return `${who(v.player)} takes damage (${spell(v.source, ctx)}): ${spell(v.drawn, ctx)}`;
    case "CheckpointReached": return `${who(v.player)} reaches checkpoint ${v.checkpoint ?? ""}`;
    case "PriorityPassed": return `priority passes to ${who(v.to)}`;
    case "ProgramSubmitted": return `${who(v.player)} has programmed`;
    case "round-started": return `— day ${v.round} —`;
    case "turn-started": return `${who(v.player)}'s turn`;
    case "rolled": return `dice: attack ${dice(v.attack)} against defence ${dice(v.defence)}; attacker loses ${v.attacker_lost}, defender loses ${v.defender_lost}`;
    case "attack-declared": return `${who(v.attacker)} attacks ${zone(v.to)} from ${zone(v.from)} with ${v.dice} dice`;
    case "card-drawn": return `${who(v.player)} draws ${v.card ? spaced(v.card) : "a card"}`;
  }
  const s = spaced(k);
  return v == null ? s : `${s}: ${spell(v, ctx)}`;
}
