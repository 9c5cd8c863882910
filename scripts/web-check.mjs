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
const t0 = Date.now();
const say = msg => console.log(`web-check: [${((Date.now() - t0) / 1000).toFixed(1)} s] ${msg}`);

const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
const errors = [];
async function newPage(width = 1280) {
  const ctx = await browser.newContext({ viewport: { width, height: 900 } });
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
  const ann = await newPage();
  await ann.goto(`${BASE}/?speed=4#/`);
  await ann.waitForSelector("#edition option[value='2023']", { state: "attached" });
  await ann.selectOption("#edition", "2023");
  await ann.fill("#name", "Ann");
  await ann.locator(".seat-kind").nth(1).selectOption("open");
  await ann.click("details summary");
  await ann.fill("#seed", String(SEED));
  assert.ok(await fits(ann), "the lobby fits 1280 px");
  await ann.click("#create-match");
  await ann.waitForSelector("#share");
  const link = await ann.inputValue("#share");
  const id = link.split("/").pop();
  say(`Ann created match ${id}, share link ${link}`);

  const bob = await newPage(700);
  await bob.goto(link.replace("/#", "/?speed=4#"));
  await bob.fill("#join-name", "Bob");
  await bob.click("#join");
  await bob.waitForSelector("#share");
  say("Bob joined from the share link");

  // Starts: pick a start space on the board; the upgrade shop: be done.
  await until(ann, "both asked to program", async () => {
    let both = true;
    for (const page of [ann, bob]) {
      const a = await asked(page);
      if (a === '"Program"') continue;
      both = false;
      // One behind the other, so that a laser has a target.
      if (a.includes("Start")) {
        const cells = await page.$$eval(".start-pick", rs => rs.map(r => `${r.dataset.x},${r.dataset.y}`));
        const want = (page === ann ? ["6,12", "5,12"] : ["6,11", "5,11"]).find(c => cells.includes(c));
        await page.click(want ? `.start-pick[data-x='${want.split(",")[0]}'][data-y='${want.split(",")[1]}']` : ".start-pick", { timeout: 2000 }).catch(() => {});
      }
      else if (a.includes("Upgrades")) await page.click("#choices button.choice:text-is('Done')").catch(() => {});
      else if (a) await page.click("#choices button.choice >> nth=0").catch(() => {});
    }
    return both;
  }, 30000);
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

  // Ann: a click, a drag, and keys; then she reloads before submitting.
  const filled = () => ann.$$eval("#registers .card", cs => cs.length);
  await ann.click("#hand .card >> nth=0");
  assert.equal(await filled(), 1, "a click fills a register");
  await ann.dragAndDrop("#hand .card >> nth=0", "#registers .slot[data-register='2']");
  assert.equal(await filled(), 2, "a drag fills a register");
  await ann.keyboard.press("1");
  const draft = await ann.$$eval("#registers .card", cs => cs.map(c => c.dataset.id));
  assert.equal(draft.length, 3, "three registers filled by click, drag and key");
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
  for (let i = 0; i < 5; i++) await bob.click("#hand .card >> nth=0");
  await bob.click("#submit");
  say("both programs submitted through the page");

  // The rounds resolve, animated, until one has a shot (the seed makes it
  // the first); later rounds are programmed with "Fill for me".
  let tally = null;
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
    if (tally.hits > 0 || (round >= 2 && tally.lines > 0) || await ann.evaluate(() => document.body.dataset.finished === "yes")) break;
    const done = new Set();
    await answer("both programs submitted through the page", async () => {
      for (const page of [ann, bob]) {
        if (!done.has(page) && (await asked(page)) === '"Program"') { await page.click("#suggest"); await page.click("#submit"); done.add(page); }
      }
      return done.size === 2;
    });
  }
  assert.ok(tally.moves > 0, "robots moved");
  assert.ok(tally.lines > 0, "a shot is drawn");
  assert.ok(await ann.$$eval("#log li", ls => ls.length > 10), "the log lists the round");
  await bob.screenshot({ path: `${SHOTS}/race-700px.png`, fullPage: true });
  assert.ok(await fits(bob), "the match page fits 700 px");
  await eve.close(); await bob.close();

  // ---- conquest against a bot ----------------------------------------------
  const con = await newPage();
  await con.goto(`${BASE}/?speed=8#/`);
  await con.waitForSelector("#edition option[value='conquest']", { state: "attached" });
  await con.selectOption("#edition", "conquest");
  await con.locator(".seat-kind").nth(1).selectOption("bot:greedy");
  await con.click("#create-match");
  await con.waitForSelector("svg.map .zone");
  say("conquest against the greedy bot");
  let placed = 0, attacked = false;
  for (let step = 0; step < 400 && !attacked; step++) {
    await until(con, "a decision", async () => (await asked(con)) !== "", 30000);
    const a = await asked(con);
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
    await until(con, "the answer to be taken", async () => (await asked(con)) !== a || (await con.evaluate(() => !document.querySelector("#choices button:not([disabled]), .zone.pick"))) , 30000).catch(() => {});
    await con.waitForTimeout(50);
  }
  assert.ok(attacked, "an attack was made");
  await until(con, "the dice", () => con.evaluate(() => Number(document.body.dataset.rolled || 0) > 0 && document.querySelectorAll("#dice .die").length > 1));
  await con.screenshot({ path: `${SHOTS}/conquest.png`, fullPage: true });
  say(`${placed} robots placed by clicking zones, one attack, dice shown (${SHOTS}/conquest.png)`);
  await con.setViewportSize({ width: 700, height: 900 });
  await con.waitForTimeout(200);
  assert.ok(await fits(con), "the map page fits 700 px");
  await con.screenshot({ path: `${SHOTS}/conquest-700px.png` });

  // ---- the server goes away ----------------------------------------------
  process.kill(Number(process.env.SERVER_PID), "SIGTERM");
  await until(con, "the server-gone message", () => con.evaluate(() => {
    const b = document.getElementById("banner");
    return b && !b.hidden && /server is gone/.test(b.textContent || "");
  }), 30000);
  say("the server stopped: the page says so");
  assert.deepEqual(errors, [], "no script errors in the pages");
} finally {
  await browser.close();
}
