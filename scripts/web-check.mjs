// The browser check of the client (run by scripts/web-check.sh, which
// starts the server and says where things are): BASE the server's URL,
// SERVER_PID its process, SHOTS where screenshots go, NODE_MODULES where
// playwright-core is.
import { createRequire } from "node:module";
import path from "node:path";
import assert from "node:assert/strict";

const require = createRequire(path.join(process.env.NODE_MODULES, "x.js"));
const { chromium } = require("playwright-core");
const BASE = process.env.BASE;
const SHOTS = process.env.SHOTS;
const SEED = Number(process.env.WEB_SEED || 3);
// The Transformers match's seed: Drag Strip's first hand holds a Drift card.
const TF_SEED = Number(process.env.WEB_TF_SEED || 1);
// WEB_ONLY=race, classic, transformers, bots or conquest runs one part (while
// working on it).
const ONLY = process.env.WEB_ONLY || "";
const part = (/** @type {string} */ name) => !ONLY || ONLY === name;
const DEBUG = Boolean(process.env.WEB_DEBUG);
const t0 = Date.now();
const say = msg => console.log(`web-check: [${((Date.now() - t0) / 1000).toFixed(1)} s] ${msg}`);

/** The page still open on a match when the server is stopped. */
let last = null;
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
const errors = [];
async function newPage(width = 1280) {
  const ctx = await browser.newContext({ viewport: { width, height: 900 } });
  // Counts the key listeners the page keeps on its document (a match page
  // left must take its own away).
  await ctx.addInitScript(() => {
    const add = document.addEventListener, rm = document.removeEventListener;
    window.__keyListeners = 0;
    document.addEventListener = function (type, fn, o) { if (type === "keydown") window.__keyListeners++; return add.call(this, type, fn, o); };
    document.removeEventListener = function (type, fn, o) { if (type === "keydown") window.__keyListeners--; return rm.call(this, type, fn, o); };
  });
  const page = await ctx.newPage();
  page.on("pageerror", e => errors.push(String(e)));
  page.on("console", m => { if (m.type() === "error" && !/WebSocket|ERR_CONNECTION|Failed to load/.test(m.text())) errors.push(m.text()); });
  return page;
}
const asked = page => page.evaluate(() => document.body.dataset.asked || "");
async function until(page, what, test, ms = 60000) {
  const end = Date.now() + ms;
  for (;;) {
    const v = await test();
    if (v) return v;
    if (Date.now() > end) {
      await page.screenshot({ path: `${SHOTS}/failed.png` });
      throw new Error(`timed out waiting for ${what} (asked: ${await asked(page)})`);
    }
    await page.waitForTimeout(100);
  }
}
const fits = page => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1);

try {
  // ---- a 2023 match between two people --------------------------------
  if (part("race")) {
  const ann = await newPage();
  await ann.goto(`${BASE}/?speed=4#/`);
  await ann.waitForSelector("#edition option[value='2023']", { state: "attached" });
  await ann.selectOption("#edition", "2023");
  await ann.fill("#name", "Ann");
  await ann.locator(".seat-kind").nth(1).selectOption("open");
  await ann.click("details summary");
  await ann.fill("#seed", String(SEED));
  // Two rounds at most: the race is played to its end.
  await ann.fill("#max-rounds", "2");
  assert.ok(await fits(ann), "the lobby fits 1280 px");
  await ann.click("#create-match");
  await ann.waitForSelector("#share");
  const link = await ann.inputValue("#share");
  const id = link.split("/").pop();
  say(`Ann created match ${id}, share link ${link}`);

  const bob = await newPage(700);
  await bob.goto(`${BASE}/#/`);
  await bob.waitForSelector(`#matches tr[data-match='${id}'] a.join`);
  assert.ok(await fits(bob), "the lobby fits 700 px");
  await bob.goto(link.replace("/#", "/?speed=4#"));
  await bob.fill("#join-name", "Bob");
  await bob.click("#join");
  await bob.waitForSelector("#share");
  say("Bob joined from the share link");

  // Starts: side by side on (4,12) and (5,12), picked on the board (a cube
  // blocks another start); the upgrade shop: be done.
  const starts = new Map();
  const pickAt = (page, cell) => page.click(`.start-pick[data-x='${cell.split(",")[0]}'][data-y='${cell.split(",")[1]}']`, { timeout: 2000 });
  await until(ann, "both asked to program", async () => {
    let both = true;
    for (const page of [ann, bob]) {
      const a = await asked(page);
      if (a === '"Program"') continue;
      both = false;
      const cells = await page.$$eval(".start-pick", rs => rs.map(r => `${r.dataset.x},${r.dataset.y}`));
      if (a.includes("BlockStart") && cells.length) await pickAt(page, cells.find(c => c !== "4,12" && c !== "5,12") || cells[0]).catch(() => {});
      else if (a.includes("ChooseStart") && cells.length) {
        const want = (page === ann ? ["4,12", "5,12"] : ["5,12", "4,12"]).find(c => cells.includes(c)) || cells[0];
        await pickAt(page, want).then(() => starts.set(page, want)).catch(() => {});
      }
      else if (a.includes("Upgrades")) await page.click("#choices button.choice:text-is('Done')").catch(() => {});
      else if (a) await page.click("#choices button.choice >> nth=0").catch(() => {});
    }
    return both;
  }, 30000);
  // The first register turns each to face the other (or at least keeps it
  // still), so that a laser hits after it.
  const firstCard = page => {
    const turn = starts.get(page) === "4,12" ? "Rotate right" : "Rotate left";
    return `#hand .card:has-text('${turn}'), #hand .card:has-text('U turn'), #hand .card:has-text('Power up'), #hand .card:has-text('Rotate')`;
  };
  say("both are asked to program");
  const hands = {};
  for (const [name, page] of [["ann", ann], ["bob", bob]]) {
    hands[name] = await page.$$eval("#hand .card", cs => cs.map(c => c.dataset.id));
    assert.ok(hands[name].length >= 5, `${name} sees a hand of cards`);
  }

  // A spectator sees neither hand.
  const eve = await newPage();
  await eve.goto(`${BASE}/?speed=4#/m/${id}/watch`);
  await until(eve, "the spectator's board", () => eve.evaluate(() => document.querySelectorAll("#robots-layer .robot").length === 2));
  const seen = await eve.content();
  assert.equal(await eve.$("#hand"), null, "a spectator has no hand");
  for (const c of [...hands.ann, ...hands.bob]) assert.ok(!new RegExp(`\\b${c}\\b`).test(seen), `the spectator's page shows ${c}`);
  assert.equal(await eve.$$eval("div.card", cs => cs.length), 0, "no card in the spectator's page");
  say(`the spectator's DOM holds none of the ${hands.ann.length + hands.bob.length} cards in hand`);

  // Ann goes to the lobby and back twice (lobby -> match -> lobby ->
  // match): the match page she left takes its key listener with it.
  for (let k = 0; k < 2; k++) {
    await ann.evaluate(() => { location.hash = "#/"; });
    await ann.waitForSelector("#create-match");
    await ann.evaluate(m => { location.hash = `#/m/${m}`; }, id);
    await until(ann, "Ann's match page again", async () => (await asked(ann)) === '"Program"' && Boolean(await ann.$("#registers .slot")));
  }
  assert.equal(await ann.evaluate(() => window.__keyListeners), 1, "one key listener after lobby -> match -> lobby -> match");

  // Ann: a click, a drag, and keys; then she reloads before submitting.
  const filled = () => ann.$$eval("#registers .card", cs => cs.length);
  await ann.click(`${firstCard(ann)} >> nth=0`);
  assert.equal(await filled(), 1, "a click fills a register");
  await ann.dragAndDrop("#hand .card >> nth=0", "#registers .slot[data-register='2']");
  assert.equal(await filled(), 2, "a drag fills a register");
  await ann.keyboard.press("1");
  const draft = await ann.$$eval("#registers .card", cs => cs.map(c => c.dataset.id));
  assert.equal(draft.length, 3, "three registers filled by click, drag and key: one key press places exactly one card");
  await ann.reload();
  await ann.waitForSelector("#registers");
  await until(ann, "Ann's seat back after the reload", async () => (await asked(ann)) === '"Program"');
  assert.match(await ann.textContent("#me"), /You play seat 1 as Ann/);
  const back = await ann.$$eval("#registers .card", cs => cs.map(c => c.dataset.id));
  assert.deepEqual(back, draft, "the draft survives the reload");
  say("Ann reloaded mid-round: same seat, same hand, same draft");
  await ann.keyboard.press("1");
  await ann.keyboard.press("1");
  assert.equal(await ann.$$eval("#registers .card", cs => cs.length), 5);
  await ann.keyboard.press("Enter");
  await bob.click(`${firstCard(bob)} >> nth=0`);
  for (let i = 1; i < 5; i++) await bob.click("#hand .card >> nth=0");
  await bob.click("#submit");
  say("both programs submitted through the page");

  // The rounds resolve, animated (the seed makes the first one's shots
  // hit), to the end of the race; later rounds are programmed with "Fill
  // for me".
  let tally = null, shot = null;
  // Answers what the two pages are asked (other than the program) until `done`.
  const answer = async (what, done) => until(ann, what, async () => {
    for (const page of [ann, bob]) {
      const a = await asked(page);
      if (a.includes("Upgrades")) await page.click("#choices button.choice:text-is('Done')", { timeout: 2000 }).catch(() => {});
      else if (a && a !== '"Program"') await page.click("#choices button.choice >> nth=0", { timeout: 2000 }).catch(() => {});
    }
    return done();
  }, 90000);
  for (let round = 1; round <= 6; round++) {
    await answer(`round ${round} to resolve`, () => ann.evaluate(r => document.body.dataset.finished === "yes"
      || (Number(document.body.dataset.round) > r && document.body.dataset.asked === '"Program"'), round));
    tally = await ann.evaluate(() => ({ moves: Number(document.body.dataset.moves), hits: document.querySelectorAll("#shots line.shot").length,
      lines: document.querySelectorAll("#shots line.shot, #shots line.fired").length }));
    await ann.screenshot({ path: `${SHOTS}/race-round-${round}.png`, fullPage: true });
    say(`round ${round} resolved: ${tally.moves} moves so far, ${tally.lines} shots drawn in its last register, ${tally.hits} of them hits (${SHOTS}/race-round-${round}.png)`);
    if (tally.hits > 0 && !shot) shot = tally;
    if (await ann.evaluate(() => document.body.dataset.finished === "yes")) break;
    const done = new Set();
    await answer("both programs submitted through the page", async () => {
      for (const page of [ann, bob]) {
        if (!done.has(page) && (await asked(page)) === '"Program"') { await page.click("#suggest"); await page.click("#submit"); done.add(page); }
      }
      return done.size === 2;
    });
  }
  assert.ok(shot && shot.moves > 0, "robots moved");
  assert.ok(shot && shot.hits > 0, "a shot that hit is drawn");
  await until(ann, "the end of the race", () => ann.evaluate(() => document.body.dataset.finished === "yes"));
  assert.match(await ann.textContent("#ask"), /^Game over/);
  const replay = await ann.getAttribute("#replay", "href");
  assert.equal((await ann.request.get(`${BASE}${replay}`)).status(), 200, "the replay of the race");
  say(`the race ended after round 2 (the lobby's "Rounds at most"): "${await ann.textContent("#ask")}", the replay link works`);
  assert.ok(await ann.$$eval("#log li", ls => ls.length > 10), "the log lists the round");
  await bob.screenshot({ path: `${SHOTS}/race-700px.png`, fullPage: true });
  assert.ok(await fits(bob), "the match page fits 700 px");
  await eve.close(); await bob.close();
  last = ann;
  }

  // ---- classic and Transformers against a bot, programmed through the page
  /** Opens a new match of `edition` against a random bot; returns its page. */
  const versusBot = async edition => {
    const page = await newPage();
    await page.goto(`${BASE}/?speed=8#/`);
    await page.waitForSelector(`#edition option[value='${edition}']`, { state: "attached" });
    await page.selectOption("#edition", edition);
    await page.locator(".seat-kind").nth(1).selectOption("bot:random");
    await page.click("#create-match");
    await page.waitForSelector("#share");
    return page;
  };
  /** The page's state number, to wait for the next one. */
  const seqOf = page => page.evaluate(() => document.body.dataset.seq || "");
  const nextState = (page, seq, what) => until(page, what, () => page.evaluate(s => document.body.dataset.seq !== s && document.body.dataset.asked !== "", seq), 30000);
  /** Answers whatever is asked before `want` with the page's buttons (the start on the board). */
  const answerUntil = async (page, want) => until(page, `to be asked ${want}`, async () => {
    const a = await asked(page);
    if (a === want) return true;
    if (!a) return false;
    const seq = await seqOf(page);
    if (await page.$(".start-pick")) await page.click(".start-pick >> nth=0");
    else if (await page.$("#choices button.choice:text-is('Done')")) await page.click("#choices button.choice:text-is('Done')");
    else await page.click("#choices button.choice >> nth=0");
    await until(page, "the answer taken", () => page.evaluate(s => document.body.dataset.seq !== s, seq), 30000);
    return false;
  }, 60000);

  if (part("classic")) {
    const cl = await versusBot("classic");
    await answerUntil(cl, '"Program"');
    const hand = await cl.$$eval("#hand .card", cs => cs.length);
    assert.ok(hand >= 5, "a classic hand of cards");
    // Card by card: two clicks, a drag to the next register, two keys.
    for (let i = 0; i < 5; i++) {
      const seq = await seqOf(cl);
      if (i < 2) await cl.click("#hand .card >> nth=0");
      else if (i === 2) await cl.dragAndDrop("#hand .card >> nth=0", "#registers .slot.next");
      else await cl.keyboard.press("1");
      await nextState(cl, seq, `classic register ${i + 1} placed`);
      assert.equal(await cl.$$eval("#registers .card.placed", cs => cs.length), i + 1, `classic register ${i + 1} shows its card`);
    }
    assert.ok(await cl.$("#choices button.choice:text-is('Keep the power on')"), "the power choice in words");
    await cl.keyboard.press("Enter");
    await until(cl, "the classic turn to resolve", () => cl.evaluate(() => Number(document.body.dataset.round || 0) > 1
      && [...document.querySelectorAll("#log li")].some(l => /register 5/.test(l.textContent || ""))), 60000);
    await cl.screenshot({ path: `${SHOTS}/classic.png`, fullPage: true });
    say(`classic: ${hand} cards dealt, five registers placed by clicks, a drag and keys, power kept on, the turn resolved (${SHOTS}/classic.png)`);
    // The next turn: one press of "Fill for me" fills every open register
    // (one answer each), and a locked register keeps its card.
    await answerUntil(cl, '"Program"');
    await until(cl, "turn 2's empty registers", () => cl.evaluate(() => document.querySelectorAll("#registers .card.placed").length === 0 && document.querySelectorAll("#hand .card").length > 0));
    const slots = () => cl.$$eval("#registers .slot", ss => ss.map(s => ({ locked: s.classList.contains("locked"), text: s.textContent, placed: Boolean(s.querySelector(".card.placed")) })));
    const before = await slots();
    await cl.click("#suggest");
    await until(cl, "every open register filled by one press", () => cl.$("#choices button.choice:text-is('Keep the power on')"), 30000);
    const after = await slots();
    const locked = before.filter(x => x.locked).length;
    assert.equal(after.filter(x => x.placed).length, 5 - locked, "one press of Fill for me fills every open register");
    before.forEach((x, i) => { if (x.locked) assert.deepEqual(after[i], x, `locked register ${i + 1} untouched`); });
    say(`classic: one press of "Fill for me" filled the ${5 - locked} open registers (${locked} locked)`);
    await cl.close();
  }

  if (part("transformers")) {
    // The server deals the characters in seat order (Optimus Prime, Blurr,
    // Arcee, Megatron, Drag Strip, ...): the person takes seat 5 behind
    // four random bots to play Drag Strip, installs Catch My Drift in the
    // upgrade phase and plans a Drift card and a second card in one register.
    const tf = await newPage();
    await tf.goto(`${BASE}/?speed=8#/`);
    await tf.waitForSelector("#edition option[value='transformers']", { state: "attached" });
    await tf.selectOption("#edition", "transformers");
    await tf.fill("#name", "Dee");
    for (let k = 0; k < 3; k++) await tf.click("#add-seat");
    const kinds = tf.locator(".seat-kind");
    for (let k = 0; k < 4; k++) await kinds.nth(k).selectOption("bot:random");
    await kinds.nth(4).selectOption("you");
    await tf.click("details summary");
    await tf.fill("#seed", String(TF_SEED));
    await tf.click("#create-match");
    await tf.waitForSelector("#share");
    assert.match(await tf.textContent("#me"), /seat 5 as Dee/);
    /** Answers what Dee is asked (installing Catch My Drift when offered) until `done`. */
    const answerTf = (what, done) => until(tf, what, async () => {
      if (await done()) return true;
      const a = await asked(tf);
      if (!a || a === '"Planning"') return false;
      const seq = await seqOf(tf);
      const install = tf.locator("#choices button.choice", { hasText: /^Install catch my drift/ });
      if (await tf.$(".start-pick")) await tf.click(".start-pick >> nth=0");
      else if (await install.count()) await install.first().click();
      else if (await tf.$("#choices button.choice:text-is('Done')")) await tf.click("#choices button.choice:text-is('Done')");
      else await tf.click("#choices button.choice >> nth=0");
      await until(tf, "the answer taken", () => tf.evaluate(s => document.body.dataset.seq !== s, seq), 30000);
      return false;
    }, 120000);
    const planning = r => () => tf.evaluate(r => document.body.dataset.asked === '"Planning"' && Number(document.body.dataset.round) === r, r);
    let paired = null, round = 1, switched = "";
    for (; round <= 4 && !paired; round++) {
      await answerTf(`round ${round}'s planning`, planning(round));
      if (!(await tf.$("#hand .card:has-text('Drift')"))) {
        say(`Transformers round ${round}: no Drift card in hand, planned by "Fill for me"`);
        await tf.click("#suggest");
        await tf.click("#submit");
        continue;
      }
      const row = await tf.textContent("#robots tr[data-robot='4']");
      assert.ok(/catch my drift/i.test(row), `Drag Strip's status lists Catch My Drift installed: ${row}`);
      // A Drift card by a click into register 1, "+ pair", its second card by key.
      await tf.click("#hand .card:has-text('Drift') >> nth=0");
      await tf.click("#registers .slot[data-register='1'] .pair-add");
      const second = await tf.$$eval("#hand .card", cs => cs.findIndex(c => c.classList.contains("pairable")));
      assert.ok(second >= 0 && second < 9, "a card of the hand can pair with the Drift card");
      await tf.keyboard.press(String(second + 1));
      await tf.click("#registers .pair-order");
      paired = await tf.evaluate(() => document.body.dataset.pair);
      assert.match(paired, /^1:c\d+:first$/, "register 1 holds a pair, its second card first");
      // The other four registers by keys, and the mode switched.
      const mode = await tf.evaluate(() => document.body.dataset.mode);
      for (let i = 0; i < 4; i++) await tf.keyboard.press("1");
      await tf.keyboard.press("m");
      switched = await tf.evaluate(() => document.body.dataset.mode);
      assert.ok(mode && switched && mode !== switched, `the mode switches (${mode} to ${switched})`);
      const plan = await tf.$$eval("#registers .card", cs => cs.map(c => c.dataset.id));
      assert.equal(plan.length, 6, "five registers planned and one second card");
      // The draft, pair and mode included, survives a reload.
      await tf.reload();
      await until(tf, "Dee's plan back after the reload", planning(round));
      assert.deepEqual(await tf.$$eval("#registers .card", cs => cs.map(c => c.dataset.id)), plan, "the registers survive the reload");
      assert.equal(await tf.evaluate(() => document.body.dataset.pair), paired, "the pair survives the reload");
      assert.equal(await tf.evaluate(() => document.body.dataset.mode), switched, "the mode survives the reload");
      await tf.screenshot({ path: `${SHOTS}/transformers-pair.png`, fullPage: true });
      await tf.keyboard.press("Enter");
      say(`Transformers round ${round}: Drag Strip plans a Drift card with a second card in register 1 (${paired}), four registers by keys, mode ${switched}; kept over a reload`);
    }
    assert.ok(paired, "a Drift card came to hand within four rounds");
    const done = round - 1;
    await answerTf(`Transformers round ${done} to resolve`, () => tf.evaluate(r => Number(document.body.dataset.round || 0) > r || document.body.dataset.finished === "yes", done));
    const log = await tf.$$eval("#log li", ls => ls.map(l => l.textContent || ""));
    assert.ok(log.some(l => /^Dee uses catch my drift/.test(l)), "the log shows Catch My Drift used");
    // Register 1 of that round reveals both cards of the pair.
    const r1 = log.lastIndexOf("\u2014 register 1 \u2014"), r2 = log.indexOf("\u2014 register 2 \u2014", r1);
    const reveals = log.slice(r1, r2 < 0 ? undefined : r2).filter(l => /^Dee reveals/.test(l));
    assert.ok(r1 >= 0 && reveals.length === 2, `register 1 reveals Dee's two cards: ${reveals.join("; ")}`);
    const row = await tf.textContent("#robots tr[data-robot='4']");
    assert.ok(row.includes(switched === "Alt" ? "vehicle" : "robot") || /off the course/.test(row), `the status shows the mode chosen: ${row}`);
    await tf.screenshot({ path: `${SHOTS}/transformers.png`, fullPage: true });
    say(`Transformers: the pair resolved in round ${done} (register 1 revealed ${reveals.map(l => l.replace("Dee reveals ", "")).join(" and ")}, Catch My Drift in the log) (${SHOTS}/transformers.png)`);
    await tf.close();
  }

  // ---- a 2023 race against bots to the end, on the clock -----------------
  if (part("bots")) {
    const rb = await newPage();
    await rb.goto(`${BASE}/?speed=8#/`);
    await rb.waitForSelector("#edition option[value='classic']", { state: "attached" });
    // The lobby's rules in words: classic's On the Clock with the engine's
    // own line on what it does; a field without one still reads as words.
    await rb.selectOption("#edition", "classic");
    await rb.click("details summary");
    const rule = path => rb.$eval(`#rules label.option:has(input[data-path='${path}'])`, l => ({
      label: l.querySelector(".option-label")?.textContent || "", about: l.querySelector(".option-about")?.textContent || "" }));
    const clockRule = await rule("on_the_clock");
    assert.equal(clockRule.label, "On the clock", "classic's On the Clock is labelled in words");
    assert.match(clockRule.about, /\S.{10,}/, "classic's On the Clock is described in a line");
    await rb.selectOption("#edition", "2023");
    const lessDeadly = await rule("options.less_deadly");
    assert.deepEqual(lessDeadly, { label: "Less deadly", about: "" }, "a 2023 switch reads as words");
    say(`the lobby's rules in words: "${clockRule.label}: ${clockRule.about}", "${lessDeadly.label}"`);
    // A person and two bots, a 30 s timer, one round at most.
    await rb.fill("#name", "Cy");
    await rb.click("#add-seat");
    await rb.locator(".seat-kind").nth(1).selectOption("bot:random");
    await rb.locator(".seat-kind").nth(2).selectOption("bot:random");
    await rb.fill("#timer", "30");
    await rb.fill("#max-rounds", "1");
    await rb.fill("#seed", String(SEED));
    await rb.click("#create-match");
    await rb.waitForSelector("#share");
    await answerUntil(rb, '"Program"');
    // The timer shown while programming, counting down.
    const reading = () => rb.evaluate(() => Number((document.getElementById("clock")?.textContent || "").replace(/\D/g, "")) || 0);
    const first = await until(rb, "the clock shown", reading, 10000);
    await rb.waitForTimeout(1500);
    const second = await reading();
    assert.ok(first <= 30 && second > 0 && second < first, `the clock counts down (${first} s, then ${second} s)`);
    say(`2023 against two bots on a 30 s timer: the clock reads ${first} s, then ${second} s`);
    await rb.click("#suggest");
    await rb.click("#submit");
    await until(rb, "the race against bots to its end", async () => {
      if (await rb.evaluate(() => document.body.dataset.finished === "yes")) return true;
      const a = await asked(rb);
      if (a.includes("Upgrades")) await rb.click("#choices button.choice:text-is('Done')", { timeout: 2000 }).catch(() => {});
      else if (a === '"Program"') { await rb.click("#suggest", { timeout: 2000 }).catch(() => {}); await rb.click("#submit", { timeout: 2000 }).catch(() => {}); }
      else if (a) await rb.click("#choices button.choice >> nth=0", { timeout: 2000 }).catch(() => {});
      return false;
    }, 60000);
    assert.match(await rb.textContent("#ask"), /^Game over/);
    await rb.screenshot({ path: `${SHOTS}/race-bots.png`, fullPage: true });
    say(`2023 against bots played to its end (one round at most): "${await rb.textContent("#ask")}" (${SHOTS}/race-bots.png)`);
    await rb.close();
  }

  // ---- conquest against a bot ----------------------------------------------
  if (part("conquest")) {
  const con = await newPage();
  await con.goto(`${BASE}/?speed=8#/`);
  await con.waitForSelector("#edition option[value='conquest']", { state: "attached" });
  await con.selectOption("#edition", "conquest");
  await con.locator(".seat-kind").nth(1).selectOption("bot:greedy");
  // The rules from the engine: two days only (the first attack comes on
  // day 2), so the game is played to its end.
  await con.click("details summary");
  await con.fill("#rules input[data-path='rounds']", "2");
  await con.fill("#seed", String(SEED));
  await con.click("#create-match");
  await con.waitForSelector("svg.map .zone");
  say("conquest against the greedy bot");
  let placed = 0, attacked = false;
  for (let step = 0; step < 400 && !attacked; step++) {
    await until(con, "a decision", async () => (await asked(con)) !== "", 30000);
    const a = await asked(con);
    // Each state the page shows has its own sequence number: the answer
    // was taken when a newer one is shown.
    const seq = await con.evaluate(() => document.body.dataset.seq);
    if (DEBUG) say(`asked ${a}`);
    if (/claim|place/.test(a)) {
      await con.click(".zone.pick >> nth=0");
      placed++;
    } else if (a === '"attack"') {
      await con.click(".zone.pick >> nth=0");
      await con.click(".zone.pick >> nth=0");
      await con.click("#zone-choices button.choice >> nth=0");
      attacked = true;
    } else {
      await con.click("#choices button.choice >> nth=0");
    }
    await until(con, "the answer to be taken", () => con.evaluate(s => document.body.dataset.seq !== s, seq), 30000);
  }
  assert.ok(attacked, "an attack was made");
  await until(con, "the dice", () => con.evaluate(() => Number(document.body.dataset.rolled || 0) > 0 && document.querySelectorAll("#dice .die").length > 1));
  await con.screenshot({ path: `${SHOTS}/conquest.png`, fullPage: true });
  say(`${placed} robots placed by clicking zones, one attack, dice shown (${SHOTS}/conquest.png)`);
  // The rest of the day, to the end: a word button when there is one,
  // else zones clicked until an answer is made.
  const over = () => con.evaluate(() => document.body.dataset.finished === "yes");
  let steps = 0;
  for (; steps < 300 && !(await over()); steps++) {
    await until(con, "a decision or the end", async () => (await asked(con)) !== "" || over(), 30000);
    if (await over()) break;
    const seq = await con.evaluate(() => document.body.dataset.seq);
    const taken = () => con.evaluate(s => document.body.dataset.seq !== s, seq);
    if (await con.$("#choices > button.choice")) await con.click("#choices > button.choice >> nth=0");
    else {
      for (let k = 0; k < 4 && !(await taken()) && !(await con.$("#zone-choices button.choice")); k++) await con.click(".zone.pick >> nth=0");
      if (!(await taken()) && await con.$("#zone-choices button.choice")) await con.click("#zone-choices button.choice >> nth=0");
    }
    await until(con, "the answer to be taken", async () => (await taken()) || over(), 30000);
  }
  assert.ok(await over(), "the conquest game ended");
  assert.match(await con.textContent("#ask"), /^Game over/);
  say(`conquest played to its end (two days, set in the lobby's rules) in ${steps} more answers: "${await con.textContent("#ask")}"`);
  await con.setViewportSize({ width: 700, height: 900 });
  await con.waitForTimeout(200);
  assert.ok(await fits(con), "the map page fits 700 px");
  await con.screenshot({ path: `${SHOTS}/conquest-700px.png` });
  last = con;
  }

  // ---- the server goes away ----------------------------------------------
  if (last) {
    process.kill(Number(process.env.SERVER_PID), "SIGTERM");
    await until(last, "the server-gone message", () => last.evaluate(() => {
      const b = document.getElementById("banner");
      return b && !b.hidden && /server is gone/.test(b.textContent || "");
    }), 30000);
    say("the server stopped: the page says so");
  }
  assert.deepEqual(errors, [], "no script errors in the pages");
} finally {
  await browser.close();
}
