// The roborally engines in WebAssembly: the typed API of the npm package
// (types in roborally.d.ts). It loads the module once, in Node from the
// file beside it and in a browser by fetch, and wraps wasm-bindgen's raw
// classes, whose values cross as JSON text, into objects of the server
// protocol's types (protocol.d.ts). A refused call throws an Error with
// the engine's message and changes nothing.
import init, { initSync, RawGame, RawBot, rawEditions, rawDefaultSetup, rawSeatSeed, rawCheckAction } from "./roborally_wasm.js";

const wasmUrl = new URL("./roborally_wasm_bg.wasm", import.meta.url);
if (typeof process === "object" && process.versions && process.versions.node && wasmUrl.protocol === "file:") {
  const { readFile } = await import("node:fs/promises");
  initSync({ module: await readFile(wasmUrl) });
} else {
  await init({ module_or_path: wasmUrl });
}

/** The seat number of someone watching without a seat: the public view. */
export const SPECTATOR = 255;

/**
 * A seed as decimal text, so that every 64-bit seed crosses exactly.
 * @param {number | bigint | string} seed @returns {string}
 */
function seedText(seed) {
  if (typeof seed === "bigint" || typeof seed === "string") return String(seed);
  if (typeof seed === "number" && Number.isSafeInteger(seed) && seed >= 0) return String(seed);
  throw new RangeError(`a seed is a whole number from 0 to 2^64 - 1 (a bigint or decimal text above 2^53), not ${String(seed)}`);
}

/** A seat or the spectator for the raw calls. @param {number | null | undefined} seat */
const seatOrNone = seat => (seat == null ? undefined : seat);

/** JSON text of a value, or the text itself. @param {unknown} v @returns {string} */
const text = v => (typeof v === "string" ? v : JSON.stringify(v));

/** A game of any edition. */
export class Game {
  /**
   * A new game from an edition's setup (`{"2023": {...}}`) and a seed.
   * @param {import("./protocol").AnySetup | string} setup @param {number | bigint | string} seed
   */
  constructor(setup, seed) {
    /** @type {RawGame} */
    this.raw = new RawGame(text(setup), seedText(seed));
  }

  /** @param {RawGame} raw @returns {Game} */
  static wrap(raw) {
    const game = Object.create(Game.prototype);
    game.raw = raw;
    return game;
  }

  /**
   * A new game of an edition from plain settings (course by name, seats,
   * round cap, priority, the edition's named options).
   * @param {string} edition @param {import("./roborally").Settings} [settings] @param {number | bigint | string} [seed]
   */
  static create(edition, settings = {}, seed = 0) {
    return Game.wrap(RawGame.create(edition, JSON.stringify(settings), seedText(seed)));
  }

  /** A game from a save (`save()`'s text). @param {string} save */
  static load(save) {
    return Game.wrap(RawGame.load(save));
  }

  /**
   * The game a record (setup, seed, actions; a server's replay JSON reads
   * as one) plays to, or the game after its first `upTo` actions. Pass
   * the text to keep a 64-bit seed exact.
   * @param {string | import("./roborally").GameRecord} record @param {number} [upTo]
   */
  static replay(record, upTo) {
    return Game.wrap(RawGame.replay(text(record), upTo == null ? undefined : upTo));
  }

  /** The edition's name. @returns {import("./protocol").Edition} */
  get edition() { return /** @type {any} */ (this.raw.edition()); }
  /** The seats. */
  get players() { return this.raw.players(); }
  /** Actions played so far. */
  get seq() { return this.raw.seq(); }

  /** What the game waits for. @returns {import("./roborally").AnyPending} */
  pending() { return JSON.parse(this.raw.pending()); }
  /** The seats the game waits for (none once it is over). @returns {number[]} */
  waiting() { return Array.from(this.raw.waiting()); }
  /** A seat's legal actions, and whether they are all of them. @param {number} seat @returns {import("./roborally").LegalList} */
  legal(seat) { return JSON.parse(this.raw.legal(seat)); }

  /**
   * Plays an action for a seat; its events (all of them, or as `seenBy`
   * may see them: a seat, or SPECTATOR).
   * @param {number} seat @param {import("./protocol").AnyAction | string} action @param {{ seenBy?: number }} [options]
   * @returns {import("./protocol").AnyEvent[]}
   */
  apply(seat, action, options = {}) {
    return JSON.parse(this.raw.apply(seat, text(action), seatOrNone(options.seenBy)));
  }

  /** What a seat may see (none or SPECTATOR: the public view). @param {number} [seat] @returns {import("./protocol").AnyView} */
  view(seat) { return JSON.parse(this.raw.view(seatOrNone(seat))); }
  /** The server's state frame for a seat (none or SPECTATOR: a spectator's). @param {number | null} [seat] @returns {import("./protocol").StateFrame} */
  state(seat) { return JSON.parse(this.raw.state(seatOrNone(seat))); }
  /** The whole game as JSON text (hidden cards included): `Game.load` reads it. */
  save() { return this.raw.save(); }
  /** The record as JSON text: setup, seed and every action (`Game.replay` reads it). */
  record() { return this.raw.record(); }
  /** The course (`board`) or map (`map`) for drawing. @returns {{ board?: any, map?: any }} */
  picture() { return JSON.parse(this.raw.picture()); }
  /** The HTML replay page of the game so far. @param {string[]} [names] */
  replayHtml(names = []) { return this.raw.replayHtml(JSON.stringify(names)); }
  /** Frees the game's memory now (otherwise when it is collected). */
  free() { this.raw.free(); }
}

/** A built-in bot of one edition (planner, random, greedy). */
export class Bot {
  /** @param {string} edition @param {string} name @param {number | bigint | string} [seed] */
  constructor(edition, name, seed = 0) {
    /** @type {RawBot} */
    this.raw = new RawBot(edition, name, seedText(seed));
  }
  /** Its name, as its edition spells it. */
  get name() { return this.raw.name(); }
  /** The action it chooses for a seat the game waits for. @param {Game} game @param {number} seat @returns {import("./protocol").AnyAction} */
  choose(game, seat) { return JSON.parse(this.raw.choose(game.raw, seat)); }
  /** Frees the bot's memory now. */
  free() { this.raw.free(); }
}

/** Every playable edition, with its bots, seats and courses. @returns {import("./roborally").EditionEntry[]} */
export function editions() { return JSON.parse(rawEditions()); }

/**
 * The setup plain settings make for an edition: a starting point to lay
 * setup fields over before `new Game(setup, seed)`.
 * @param {string} edition @param {import("./roborally").Settings} [settings] @returns {import("./protocol").AnySetup}
 */
export function defaultSetup(edition, settings = {}) { return JSON.parse(rawDefaultSetup(edition, JSON.stringify(settings))); }

/**
 * The seed of the bot in a seat of a game seeded with `seed`, as the
 * server and the race driver seed theirs (decimal text).
 * @param {number | bigint | string} seed @param {number} seat @returns {string}
 */
export function seatSeed(seed, seat) { return rawSeatSeed(seedText(seed), seat); }

/**
 * Checks an answer before it is sent to a server (which stays the
 * authority): it must be one the state frame lists, and a whole program
 * must fit the seat's hand and registers. Throws an Error with the
 * edition's reason when it does not.
 * @param {import("./protocol").AnyView} view @param {import("./protocol").Asked} asked @param {import("./protocol").AnyAction} action
 */
export function checkAction(view, asked, action) { rawCheckAction(JSON.stringify(view), JSON.stringify(asked), JSON.stringify(action)); }
