// The npm package under Node's own test runner (after scripts/wasm-build.sh):
//   node --test roborally-wasm/tests/
// A game of every edition played to its end by its bots, saves and records
// that come back equal, the engine's refusals, and the package's size.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { gzipSync } from "node:zlib";
import { Game, Bot, SPECTATOR, editions, defaultSetup, seatSeed } from "../pkg/roborally.js";

const SEED = 11;

/** The bots of a game: the edition's default bot in every seat, seeded as the server seeds them. */
function botsFor(game, seed = SEED) {
  const name = editions().find(e => e.edition === game.edition).bots[0];
  return Array.from({ length: game.players }, (_, seat) => new Bot(game.edition, name, seatSeed(seed, seat)));
}

/** Plays bots' answers until the game ends or `limit` actions were played; the events seen. */
function playOut(game, bots, limit = 100_000) {
  let events = 0;
  for (let n = 0; n < limit && game.waiting().length; n++) {
    const seat = game.waiting()[0];
    events += game.apply(seat, bots[seat].choose(game, seat)).length;
  }
  return events;
}

/** The edition's key of a value written under its edition's name. */
const editionOf = v => Object.keys(v)[0];

test("every playable edition is listed with its bots, seats and courses", () => {
  const all = editions();
  assert.deepEqual(all.map(e => e.edition), ["classic", "2023", "transformers", "conquest"]);
  for (const e of all) {
    assert.ok(e.bots.length >= 2 && e.max_seats >= 2, e.edition);
    assert.equal(e.grid, e.edition !== "conquest");
    assert.equal(e.courses.length > 0, e.edition !== "conquest", e.edition);
  }
  assert.deepEqual(all.find(e => e.edition === "2023").bots, ["planner", "random"]);
});

for (const entry of editions()) {
  test(`a ${entry.edition} game of bots is played to its end`, () => {
    const game = Game.create(entry.edition, { players: 3, max_rounds: 12 }, SEED);
    assert.equal(game.edition, entry.edition);
    assert.equal(game.players, 3);
    const first = game.state(0);
    assert.equal(editionOf(first.view), entry.edition);
    assert.equal(first.finished, false);
    const events = playOut(game, botsFor(game));
    assert.ok(events > 0, "the game did something");
    const end = game.pending();
    assert.ok("Terminal" in end, JSON.stringify(end));
    assert.equal(editionOf(end.Terminal), entry.edition);
    assert.deepEqual(game.waiting(), []);
    const frame = game.state(SPECTATOR);
    assert.equal(frame.finished, true);
    assert.deepEqual(frame.outcome, end.Terminal);
    assert.equal(frame.asked, null);
    assert.equal(frame.seq, game.seq);
    // The picture the browser draws: a board for a race, a map for conquest.
    assert.ok(entry.grid ? game.picture().board : game.picture().map);
  });
}

test("a saved game loads back equal and plays on exactly as the original", () => {
  const game = Game.create("2023", { course: "Milk Run", players: 2, max_rounds: 6 }, SEED);
  const bots = botsFor(game);
  playOut(game, bots, 9);
  const save = game.save();
  const loaded = Game.load(save);
  assert.equal(loaded.save(), save);
  assert.deepEqual(loaded.view(1), game.view(1));
  // Bots seeded alike from here on: the same game to its end.
  const ours = botsFor(game, 5), theirs = botsFor(game, 5);
  playOut(game, ours);
  playOut(loaded, theirs);
  assert.equal(loaded.save(), game.save());
  assert.ok("Terminal" in game.pending());
  // A save keeps no actions: it cannot be replayed.
  assert.throws(() => loaded.record(), /loaded from a save/);
  assert.throws(() => Game.load('{"2023": 5}'), /not a save/);
});

test("a replay from setup, seed and actions is the game it records", () => {
  for (const edition of ["conquest", "classic"]) {
    const game = Game.create(edition, { players: 2, max_rounds: 3 }, "18446744073709551557");
    playOut(game, botsFor(game));
    const record = game.record();
    // The 64-bit seed is kept exactly in the text.
    assert.match(record, /"seed":18446744073709551557/);
    const replayed = Game.replay(record);
    assert.equal(replayed.save(), game.save());
    assert.equal(replayed.seq, game.seq);
    assert.deepEqual(replayed.pending(), game.pending());
    // A server's replay JSON (with the edition, names and outcome besides) reads too.
    const parsed = JSON.parse(record);
    const server = record.replace(/^\{/, `{"edition":"${edition}","names":["a","b"],"outcome":null,`);
    assert.equal(Game.replay(server).save(), game.save());
    // A record whose log the engine refuses says which action: the first
    // action twice (the text edited, so the seed stays exact).
    const twice = record.replace('"actions":[', `"actions":[${JSON.stringify(parsed.actions[0])},`);
    assert.throws(() => Game.replay(twice), /^Error: the record does not replay: action 1 of the log is refused: /);
    // After its first actions only: the game as it was then.
    const early = Game.replay(record, 3);
    assert.equal(early.seq, 3);
    const again = Game.replay(record, 0);
    for (const [seat, action] of parsed.actions.slice(0, 3)) again.apply(seat, action);
    assert.equal(early.save(), again.save());
  }
});

test("illegal actions are refused with the engine's message and change nothing", () => {
  const game = Game.create("2023", { course: "Milk Run", players: 2 }, SEED);
  const before = game.save();
  const seq = game.seq;
  const waiting = game.waiting();
  // Another edition's action.
  assert.throws(() => game.apply(waiting[0], { conquest: { place: 3 } }),
    { message: "this action does not answer the pending decision: an action of the 2023 edition" });
  // A seat the game does not have.
  assert.throws(() => game.apply(9, game.state(waiting[0]).asked.legal[0]), { message: "P9 is not a player of this game" });
  // A start space that is not a start space: the 2023 engine's own reason.
  const start = game.legal(waiting[0]).actions.find(a => a["2023"].ChooseStart);
  assert.ok(start, "the first decision is the start");
  assert.throws(() => game.apply(waiting[0], { "2023": { ChooseStart: { x: 0, y: 0 } } }), e => {
    assert.ok(e instanceof Error);
    assert.ok(e.message.length > 10 && !/panicked|unreachable/.test(e.message), e.message);
    return true;
  });
  // Text that is not an action.
  assert.throws(() => game.apply(waiting[0], "{oops"), /^Error: this is not an action: /);
  // A bot of another edition, a seat with nothing to decide.
  assert.throws(() => new Bot("conquest", "planner"), { message: "unknown policy `planner` for the conquest edition (greedy, random)" });
  const other = waiting.length === 1 ? 1 - waiting[0] : null;
  if (other !== null) assert.throws(() => new Bot("2023", "random").choose(game, other), /no answer for seat/);
  // Bad setups and seeds.
  assert.throws(() => new Game({ chess: {} }, 1), /this is not a setup/);
  assert.throws(() => Game.create("2023", { course: "Nowhere" }, 1), /Milk Run/);
  assert.throws(() => Game.create("2023", {}, -1), RangeError);
  assert.throws(() => Game.create("2023", {}, "1.5"), /a seed is a whole number/);
  assert.equal(game.save(), before);
  assert.equal(game.seq, seq);
  assert.deepEqual(game.waiting(), waiting);
  // And the legal start is still taken.
  assert.ok(game.apply(waiting[0], start).length >= 1);
});

test("a game made from a setup and a seed is the game made from its settings", () => {
  const setup = defaultSetup("transformers", { players: 2 });
  assert.equal(editionOf(setup), "transformers");
  const a = new Game(setup, 99), b = Game.create("transformers", { players: 2 }, 99);
  assert.equal(a.save(), b.save());
  // Events as a spectator sees them hide nothing that a seat's own do not.
  const seat = a.waiting()[0];
  const action = new Bot("transformers", "random", 1).choose(a, seat);
  const seen = a.apply(seat, action, { seenBy: SPECTATOR });
  const all = b.apply(seat, action);
  assert.equal(seen.length, all.length);
  assert.equal(a.save(), b.save());
});

test("the .wasm with all four editions is at most 1.5 MB gzipped", async () => {
  const bytes = await readFile(new URL("../pkg/roborally_wasm_bg.wasm", import.meta.url));
  const gz = gzipSync(bytes, { level: 9 }).length;
  console.log(`roborally_wasm_bg.wasm: ${bytes.length} bytes, ${gz} gzipped`);
  assert.ok(gz <= 1.5 * 1024 * 1024, `${gz} bytes gzipped`);
});
