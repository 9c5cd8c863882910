// @ts-check
// Actions, decisions and events in plain words, for buttons and the log.
// A few common ones get their own sentence; anything else (another
// edition's, a new kind) is spelled out from its JSON, so nothing is ever
// shown as raw JSON.

/** @typedef {{ names: string[], zone: ((z: number) => string) | null }} Ctx */

const DIRS = /** @type {Record<string, string>} */ ({ N: "north", E: "east", S: "south", W: "west" });

/** "RotateRight" -> "rotate right", "move-in" -> "move in". @param {string} s */
export function spaced(s) {
  return String(s).replace(/[-_]/g, " ").replace(/([a-z0-9])([A-Z])/g, "$1 $2").replace(/([A-Z])([A-Z][a-z])/g, "$1 $2").toLowerCase();
}

/** A card's face in words ("Move2" -> "Move 2", {Haywire: "JogLeft"} -> "Haywire: jog left"). @param {any} card @returns {string} */
export function cardName(card) {
  if (typeof card === "string") {
    const m = card.match(/^Move(\d)$/);
    if (m) return `Move ${m[1]}`;
    if (card === "Spam") return "SPAM";
    const s = spaced(card);
    return s[0].toUpperCase() + s.slice(1);
  }
  if (card && typeof card === "object" && "kind" in card && "priority" in card) return `${cardName(card.kind)} (${card.priority})`;
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

/** The edition a wrapped value is under ("2023", "classic", ...). @param {any} v */
export function editionOf(v) {
  return v && typeof v === "object" && !Array.isArray(v) ? Object.keys(v)[0] || "" : "";
}

/** A place in words. @param {any} p */
const at = p => p && typeof p === "object" && "x" in p ? `(${p.x},${p.y})` : String(p);

/** A classic or Transformers action in words, or null for the shared words. @param {string} ed @param {string} k @param {any} v @param {Ctx} ctx */
function editionAction(ed, k, v, ctx) {
  if (ed === "classic") {
    switch (k) {
      case "Program": return `Put ${cardName(v)} in the next register`;
      case "Announce": return v ? "Power down next turn (repairs all damage)" : "Keep the power on";
      case "StayDown": return v ? "Stay powered down next turn" : "Power back on next turn";
      case "Dock": return `Start on the dock at ${at(v)}`;
      case "Chop": return v === "Draw" ? "Take an option" : "Take nothing";
      case "Enter": return `Re-enter facing ${DIRS[v.facing]}${v.down ? ", powered down next turn" : ""}`;
      case "Prevent": return v == null ? "Take the damage" : `Give up guard ${v + 1} instead of taking the damage`;
      case "TimeUp": return "Time is up";
    }
  }
  if (ed === "transformers") {
    switch (k) {
      case "Convert": return "Convert to the other mode (1 Energon)";
      case "Corner": return v ? "Turn with the arrow" : "Go straight on";
      case "Bridge": return v ? `Cross the space bridge to ${at(v)}` : "Stay off the bridge";
      case "PitGain": return "Gain 1 Energon";
      case "PitDiscard": return `Discard the damage card ${v}`;
      case "Fix": return `Pay to discard the damage card ${v}`;
      case "Return": return `Come back at ${at(v.at)} facing ${DIRS[v.facing]}`;
      case "Uninstall": return `Uninstall ${spaced(v)}`;
      case "DrawUpgrade": return "Draw an upgrade (1 Energon)";
      case "Plan": return "Submit this plan";
    }
  }
  void ctx;
  return null;
}

/** An action in words, for its button. @param {any} any @param {Ctx} ctx */
export function actionWords(any, ctx) {
  const [k, v] = tag(inner(any));
  const zone = ctx.zone || String;
  const own = editionAction(editionOf(any), k, v, ctx);
  if (own) return own;
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
    case "Fire": return `Fire ${typeof v === "string" ? DIRS[v] || spaced(v) : spell(v, ctx)}`;
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

/** Classic's and Transformers' own decisions. */
const DECISIONS = /** @type {Record<string, Record<string, string>>} */ ({
  classic: {
    Program: "Program your registers: cards go in one by one, then power down or not",
    StayDown: "You are powered down: stay down next turn, or power back on",
    ReEnter: "Your robot re-enters: choose its facing, and power down or not",
    Dock: "Choose the dock to start on",
    Facing: "Choose the facing to start with",
    Prevent: "Damage is coming: take it, or give up a guard instead",
    ChopShop: "A chop shop: take an option or not",
  },
  transformers: {
    ChooseStart: "Choose your start space",
    Upgrades: "Upgrade phase: draw, install, or be done",
    Planning: "Plan your five registers and the mode to start in",
    Window: "Before your card: convert, fix damage, use an upgrade, or go on",
    Corner: "A road corner: turn with its arrow, or go straight on",
    Arrow: "A curved arrow: turn to face the other doorway, or not",
    Fire: "Aim your weapon",
    Bridge: "A space bridge: cross it, or stay",
    PitStop: "A pit stop: gain Energon or discard damage",
    Return: "Coming back on the course: where, and facing which way",
    After: "After your card: use an upgrade, or go on",
    React: "You are attacked or pushed: react with an upgrade, or not",
    Blast: "Blasted: push the robot you shot by paying a Move card, or not",
  },
});

/** A decision in words. @param {any} any */
export function decisionWords(any) {
  const [k, v] = tag(inner(any));
  const own = DECISIONS[editionOf(any)];
  if (own && own[k]) return own[k];
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

/** Where damage came from. @param {any} src @param {(p: number) => string} who */
function source(src, who) {
  const [k, v] = tag(src);
  return v == null ? spaced(k) : typeof v === "number" ? `${spaced(k)} of ${who(v)}` : `${spaced(k)}: ${spell(v, { names: [], zone: null })}`;
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
    case "PhaseStarted": return `${spaced(typeof v === "string" ? v : v.phase)} phase`;
    case "RegisterStarted": return `— register ${v.register} —`;
    case "CardRevealed": return `${who(v.player)} reveals ${cardName(v.card)}`;
    case "CardResolved": return null;
    case "Fired": return `${who(v.player)} fires ${v.weapon == null ? "its weapon" : typeof v.weapon === "string" ? spaced(v.weapon) : spell(v.weapon, ctx)}${v.dir ? ` ${DIRS[v.dir]}` : ""}`;
    case "Damaged":
      if ("amount" in v) return `${who(v.player)} takes ${v.amount} damage (${v.damage} in all)`;
      if ("card" in v) return `${who(v.player)} takes damage (${source(v.source, who)}): ${cardName(v.card)}`;
      return `${who(v.player)} takes damage (${source(v.source, who)}): ${spell(v.drawn, ctx)}`;
    case "Revealed": case "Randomized": return `${who(v.player)} ${k === "Revealed" ? "reveals" : "gets at random"} ${cardName(v.card)} in register ${v.register}`;
    case "FlagTouched": return `${who(v.player)} touches flag ${v.flag}`;
    case "Destroyed": return `${who(v.player)} is destroyed (${spaced(v.doom)}), ${v.lives} ${v.lives === 1 ? "life" : "lives"} left`;
    case "PowerDownAnnounced": return `${who(v.player)} will power down next turn`;
    case "PoweredDown": return `${who(v.player)} is powered down`;
    case "Programmed": case "Planned": return `${who(v.player)} has programmed`;
    case "Reentered": return `${who(v.player)} re-enters at ${at(v.at)} facing ${DIRS[v.facing]}`;
    case "TurnStarted": return `— turn ${v.round} —`;
    case "Dealt": return null;
    case "UpgradeUsed": if (typeof v.upgrade === "string") return `${who(v.player)} uses ${spaced(v.upgrade)}`; break;
    case "Converted": return `${who(v.player)} converts to ${v.mode === "Alt" ? "vehicle" : "robot"} mode`;
    case "Energon": return `${who(v.player)} has ${v.energon} Energon`;
    case "Fell": return `${who(v.player)} falls off at ${at(v.at)}`;
    case "Returned": return `${who(v.player)} comes back at ${at(v.at)} facing ${DIRS[v.facing]}`;
    case "GameOver": return v && v.winner != null ? `— ${who(v.winner)} wins —` : "— game over —";
    case "placed": return `${who(v.player)} places a robot on ${zone(v.zone)}`;
    case "claimed": return `${who(v.player)} claims ${zone(v.zone)}`;
    case "captured": return `${who(v.player)} captures ${zone(v.zone)} from ${who(v.from)}`;
    case "defence-chosen": return `${who(v.defender)} defends with ${v.dice} ${v.dice === 1 ? "die" : "dice"}${v.leader ? ", leader fighting" : ""}`;
    case "eliminated": return `— ${who(v.player)} is wiped out —`;
    case "CheckpointReached": return `${who(v.player)} reaches checkpoint ${v.checkpoint ?? ""}`;
    case "PriorityPassed": return `priority passes to ${who(v.to)}`;
    case "ProgramSubmitted": return `${who(v.player)} has programmed`;
    case "round-started": return `— day ${v.round} —`;
    case "turn-started": return `— ${who(v.player)}: turn —`;
    case "rolled": return `dice: attack ${dice(v.attack)} against defence ${dice(v.defence)}; attacker loses ${v.attacker_lost}, defender loses ${v.defender_lost}`;
    case "attack-declared": return `${who(v.attacker)} attacks ${zone(v.to)} from ${zone(v.from)} with ${v.dice} dice`;
    case "card-drawn": return `${who(v.player)} draws ${v.card ? spaced(v.card) : "a card"}`;
  }
  const s = spaced(k);
  return v == null ? s : `${s}: ${spell(v, ctx)}`;
}
