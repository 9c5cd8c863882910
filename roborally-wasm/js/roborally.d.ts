// The typed API of the roborally WebAssembly package. The values are the
// server protocol's (protocol.d.ts, generated from the Rust types).
import type {
  AnyAction, AnyDecision, AnyEvent, AnyOutcome, AnyView, Asked, Edition, PlayerId, StateFrame,
} from "./protocol";

export type {
  AnyAction, AnyDecision, AnyEvent, AnyOutcome, AnyView, Asked, Edition, PlayerId, StateFrame,
} from "./protocol";

/** An edition's setup under its name, as its crate writes it. */
export type AnySetup =
  | { classic: unknown }
  | { "2023": unknown }
  | { transformers: unknown }
  | { conquest: unknown };

/** A seed: a whole number from 0 to 2^64 - 1 (bigint or decimal text above 2^53). */
export type Seed = number | bigint | string;

/** What a game waits for (the engine's `Pending`). */
export type AnyPending =
  | { Simultaneous: { players: PlayerId[]; decision: AnyDecision } }
  | { Decision: { player: PlayerId; decision: AnyDecision } }
  | { Terminal: AnyOutcome };

/** A seat's legal actions. */
export interface LegalList {
  /** Every legal action is listed (false: too many, as a whole program). */
  complete: boolean;
  /** The actions, sorted. */
  actions: AnyAction[];
}

/** Plain settings of a new game. */
export interface Settings {
  /** A built-in course (or map), any case; the edition's default when missing. */
  course?: string | null;
  /** Seats (2 when missing). */
  players?: number | null;
  /** End after this many rounds. */
  max_rounds?: number | null;
  /** The seat that first holds the priority token. */
  priority?: number;
  /** The edition's optional rules by name (`extra-lives`). */
  options?: string[];
}

/** A record: what replays a game exactly (a server's replay JSON is one). */
export interface GameRecord {
  setup: AnySetup;
  seed: number | string;
  actions: [PlayerId, AnyAction][];
}

/** An edition the package plays. */
export interface EditionEntry {
  edition: Edition;
  /** Its bots, the default first. */
  bots: string[];
  /** A race on a grid (drawn as a board; otherwise a map). */
  grid: boolean;
  /** The most seats a game takes. */
  max_seats: number;
  /** Its built-in courses. */
  courses: string[];
}

/** The seat number of someone watching without a seat: the public view. */
export const SPECTATOR: 255;

/** A game of any edition. A refused call throws an Error with the engine's message and changes nothing. */
export class Game {
  /** A new game from an edition's setup and a seed. */
  constructor(setup: AnySetup | string, seed: Seed);
  /** A new game of an edition from plain settings. */
  static create(edition: string, settings?: Settings, seed?: Seed): Game;
  /** A game from a save (`save()`'s text). */
  static load(save: string): Game;
  /** The game a record plays to, or after its first `upTo` actions (pass the text to keep a 64-bit seed exact). */
  static replay(record: string | GameRecord, upTo?: number): Game;
  /** The edition's name. */
  readonly edition: Edition;
  /** The seats. */
  readonly players: number;
  /** Actions played so far. */
  readonly seq: number;
  /** What the game waits for. */
  pending(): AnyPending;
  /** The seats the game waits for (none once over). */
  waiting(): number[];
  /** A seat's legal actions. */
  legal(seat: number): LegalList;
  /** Plays an action for a seat; its events, all of them or as `seenBy` may see them. */
  apply(seat: number, action: AnyAction | string, options?: { seenBy?: number }): AnyEvent[];
  /** What a seat may see (none or SPECTATOR: the public view). */
  view(seat?: number): AnyView;
  /** The server's state frame for a seat (none or SPECTATOR: a spectator's). */
  state(seat?: number | null): StateFrame;
  /** The whole game as JSON text. */
  save(): string;
  /** The record as JSON text (setup, seed, actions). */
  record(): string;
  /** The course (`board`) or map (`map`) for drawing. */
  picture(): { board?: unknown; map?: unknown };
  /** The HTML replay page of the game so far. */
  replayHtml(names?: string[]): string;
  /** Frees the game's memory now. */
  free(): void;
}

/** A built-in bot of one edition. */
export class Bot {
  constructor(edition: string, name: string, seed?: Seed);
  /** Its name, as its edition spells it. */
  readonly name: string;
  /** The action it chooses for a seat the game waits for. */
  choose(game: Game, seat: number): AnyAction;
  /** Frees the bot's memory now. */
  free(): void;
}

/** Every playable edition. */
export function editions(): EditionEntry[];
/** The setup plain settings make for an edition. */
export function defaultSetup(edition: string, settings?: Settings): AnySetup;
/** The seed of the bot in a seat of a game seeded with `seed` (decimal text). */
export function seatSeed(seed: Seed, seat: number): string;
/**
 * Checks an answer before it is sent to a server: one the state frame lists,
 * and a whole program that fits the seat's hand and registers. Throws an
 * Error with the edition's reason otherwise.
 */
export function checkAction(view: AnyView, asked: Asked, action: AnyAction): void;
