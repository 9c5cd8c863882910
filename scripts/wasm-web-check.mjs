// The browser check of play in the browser (run by scripts/wasm-check.sh,
// which starts the server and says where things are): BASE the server's
// URL, SERVER_PID its process, SHOTS where screenshots go, NODE_MODULES
// where playwright-core is.
//
// The lobby is loaded with the engines' WebAssembly package, then the
// server is stopped, and with no server:
// - a hot-seat 2023 race of two people at one keyboard (each hand handed
//   over, programs by clicks) is played to its end;
// - a 2023 race against a planner bot in the browser is played to its
//   end, the bot's decision times read from the page;
// - its replay is stepped forward and back and scrubbed here.
// Before the server stops, a program of an online match is checked in the
// page before it is sent, refused with the server's own words, and a
// finished match's HTML replay plays its record again with the engine.
import { createRequire } from "node:module";
import path from "node:path";
import assert from "node:assert/strict";

const require = createRequire(path.join(process.env.NODE_MODULES, "x.js"));
const { chromium } = require("playwright-core");
const BASE = process.env.BASE;
const SHOTS = process.env.SHOTS;
const t0 = Date.now();
const say = msg => console.log(`wasm-web-check: [${((Date.now() - t0) / 1000).toFixed(1)} s] ${msg}`);

const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});
const errors = [];
const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
page.on("pageerror", e => errors.push(String(e)));
page.on("console", m => { if (m.type() === "error" && !/WebSocket|ERR_CONNECTION|Failed to load/.test(m.text())) errors.push(m.text()); });
const body = key => page.evaluate(k => document.body.dataset[k] || "", key);
async function until(what, test, ms = 120000) {
  const end = Date.now() + ms;
  for (;;) {
    const v = await test();
    if (v) return v;
    if (Date.now() > end) {
      await page.screenshot({ path: `${SHOTS}/local-failed.png` });
      throw new Error(`timed out waiting for ${what} (asked: ${await body("asked")}, pass: ${await body("pass")})`);
    }
    await page.waitForTimeout(50);
  }
}

/**
 * Answers whatever the page asks until the game is over: hands the
 * keyboard over, picks start spaces on the board, fills and submits
 * programs, takes the first choice of anything else.
 */
async function playToEnd(label) {
  let programs = 0, handovers = 0, answers = 0;
  for (let n = 0; n < 2000; n++) {
    if (await body("finished") === "yes") return { programs, handovers, answers };
    if (await page.locator("#pass-ok").count()) {
      await page.click("#pass-ok");
      handovers++;
      continue;
    }
    const asked = await body("asked");
    const seq = await body("seq");
    if (!asked) { await page.waitForTimeout(50); continue; }
    if (asked === '"Program"' && await page.locator("#submit").count()) {
      // Five cards by clicks: the first cards of the hand, one by one.
      for (let i = 0; i < 5 && await page.locator("#hand .card").count(); i++) {
        if (await page.locator("#registers .slot:not(.locked):not(:has(.card))").count() === 0) break;
        await page.locator("#hand .card").first().click();
      }
      await page.click("#submit");
      programs++;
    } else if (await page.locator(".start-pick").count()) {
      await page.locator(".start-pick").first().click();
    } else if (await page.locator("#choices button.choice:text-is('Done')").count()) {
      await page.click("#choices button.choice:text-is('Done')");
    } else if (await page.locator("#choices button.choice").count()) {
      await page.locator("#choices button.choice").first().click();
    } else { await page.waitForTimeout(50); continue; }
    answers++;
    await until(`${label}: the answer taken`, async () => (await body("seq")) !== seq || (await body("finished")) === "yes"
      || (await page.locator("#pass-ok").count()) > 0, 30000);
  }
  throw new Error(`${label}: no end after 2000 answers`);
}

try {
  await page.goto(`${BASE}/?speed=16#/`);
  await page.waitForSelector("#local-play", { timeout: 60000 });
  say("the lobby offers play here (the package is loaded)");

  // ---- an online program checked here before it is sent -----------------
  // A 2023 match against a bot on the server, played over a WebSocket from
  // the page to its first programming; a program with one card twice is
  // refused by the page's check with the words the server refuses it with.
  const online = await page.evaluate(async () => {
    const { refusedHere } = await import("/web/local.js");
    const res = await fetch("/api/matches", { method: "POST", headers: { "content-type": "application/json" },
      body: JSON.stringify({ edition: "2023", course: "Milk Run", seats: [{ person: "Ann" }, { bot: "random" }], seed: 4 }) });
    const created = await res.json();
    const ws = new WebSocket(`ws://${location.host}${created.ws}`);
    /** @type {any[]} */
    const frames = [];
    /** @type {((f: any) => void) | null} */
    let wake = null;
    ws.onmessage = e => { frames.push(JSON.parse(e.data)); if (wake) wake(null); };
    const frame = async (/** @type {(f: any) => boolean} */ test) => {
      for (;;) {
        const i = frames.findIndex(test);
        if (i >= 0) return frames.splice(0, i + 1).pop();
        await new Promise(r => { wake = r; setTimeout(r, 200); });
      }
    };
    await new Promise(r => { ws.onopen = r; });
    ws.send(JSON.stringify({ type: "hello", token: created.tokens[0].token }));
    for (let n = 0; n < 50; n++) {
      const st = await frame(f => f.type === "state" && f.asked);
      if (st.asked.decision["2023"] === "Program") {
        const hand = st.view["2023"].hand.map((/** @type {any} */ c) => c.id);
        const registers = [hand[0], hand[0], hand[1], hand[2], hand[3]].map(c => ({ Card: c }));
        const bad = { "2023": { Program: { registers } } };
        const here = refusedHere(st, bad);
        ws.send(JSON.stringify({ type: "action", action: bad }));
        const server = (await frame(f => f.type === "error")).message;
        const good = { "2023": { Program: { registers: hand.slice(0, 5).map((/** @type {string} */ c) => ({ Card: c })) } } };
        ws.close();
        return { here, server, good: refusedHere(st, good) };
      }
      ws.send(JSON.stringify({ type: "action", action: (st.asked.legal || [st.asked.suggestion])[0] }));
    }
    return null;
  });
  assert.ok(online, "the online match reached its programming");
  assert.ok(online.here, "the page's check refuses a card programmed twice");
  assert.equal(online.here, online.server, "with the server's own words");
  assert.equal(online.good, null, "and lets a program of five cards of the hand through");
  say(`an online program checked here: refused as the server refuses it ("${online.here}")`);

  // ---- a server's HTML replay carries the engine ------------------------
  const bots = await (await fetch(`${BASE}/api/matches`, { method: "POST", headers: { "content-type": "application/json" },
    body: JSON.stringify({ edition: "2023", course: "Milk Run", seats: [{ bot: "random" }, { bot: "random" }], max_rounds: 2, seed: 8 }) })).json();
  await until("the bots' match to end", async () => (await (await fetch(`${BASE}/api/matches/${bots.id}`)).json()).finished);
  const replay = await page.context().newPage();
  await replay.goto(`${BASE}/api/matches/${bots.id}/replay.html`);
  await replay.waitForFunction(() => document.body.dataset.engine, null, { timeout: 60000 });
  assert.equal(await replay.evaluate(() => document.body.dataset.engine), "checked", await replay.textContent("#engine"));
  const played = Number(await replay.evaluate(() => document.body.dataset.engineActions));
  const logged = (await (await fetch(`${BASE}/api/matches/${bots.id}/replay`)).json()).actions.length;
  assert.equal(played, logged, "the engine in the page played every action of the log");
  await replay.screenshot({ path: `${SHOTS}/replay-with-engine.png` });
  await replay.close();
  say(`the server's HTML replay plays its ${played} actions again with the engine in the page`);
  process.kill(Number(process.env.SERVER_PID), "SIGTERM");
  for (let i = 0; i < 100; i++) {
    const up = await fetch(`${BASE}/api/health`).then(() => true, () => false);
    if (!up) break;
    await new Promise(r => setTimeout(r, 100));
  }
  assert.equal(await fetch(`${BASE}/api/health`).then(() => true, () => false), false, "the server is stopped");
  say("the server is stopped");

  // ---- hot seat: two people at one keyboard ---------------------------
  await page.selectOption("#local-edition", "2023");
  await page.selectOption("#local-course", "Milk Run");
  await page.locator("#local-seats .seat").nth(1).locator("select").selectOption("person");
  await page.locator("#local-seats .seat").nth(0).locator("input").fill("Ann");
  await page.locator("#local-seats .seat").nth(1).locator("input").fill("Bob");
  await page.fill("#local-rounds", "2");
  await page.fill("#local-seed", "3");
  await page.click("#local-play");
  await page.waitForSelector("#board");
  assert.match(await page.textContent("#net"), /in this browser/);
  const hot = await playToEnd("hot seat");
  assert.ok(hot.programs >= 2 && hot.handovers >= 2, JSON.stringify(hot));
  const outcome = await page.textContent("#ask");
  assert.match(outcome, /Game over/);
  await page.screenshot({ path: `${SHOTS}/local-hot-seat.png`, fullPage: true });
  say(`hot seat 2023 race over (${hot.programs} programs, ${hot.handovers} hand-overs): ${outcome}`);

  // ---- against a bot in the browser -----------------------------------
  await page.click("#leave");
  await page.waitForSelector("#local-play");
  // The default course (four checkpoints), three rounds at most.
  await page.selectOption("#local-course", "Rush Hour");
  await page.locator("#local-seats .seat").nth(0).locator("input").fill("Ann");
  await page.locator("#local-seats .seat").nth(1).locator("select").selectOption("bot:planner");
  await page.fill("#local-rounds", "3");
  await page.fill("#local-seed", "5");
  await page.click("#local-play");
  await page.waitForSelector("#board");
  const solo = await playToEnd("against the planner");
  assert.equal(solo.handovers, 0, "one person: no hand-over");
  await page.screenshot({ path: `${SHOTS}/local-against-bot.png`, fullPage: true });
  const decisions = JSON.parse(await body("thinking") || "[]");
  const programs = decisions.filter(d => d.action === "Program").map(d => d.ms).sort((a, b) => a - b);
  assert.ok(programs.length >= 2, `the planner programmed in the page (${JSON.stringify(decisions)})`);
  const median = programs[Math.floor(programs.length / 2)];
  say(`race against the planner over (${solo.programs} programs); the planner's programs in the page: ${programs.map(t => t.toFixed(2)).join(", ")} ms (median ${median.toFixed(2)} ms); all its ${decisions.length} decisions: ${decisions.map(d => `${d.action} ${d.ms.toFixed(1)}`).join(", ")}`);
  const words = await page.$$eval("#log li", ls => ls.map(l => l.textContent));
  assert.ok(words.length > 10 && words.some(w => /moves|turns|reveals|played/i.test(w)), "the log tells the race in words");

  // ---- its replay, stepped and scrubbed here --------------------------
  await page.click("#replay-here");
  await page.waitForSelector("#scrub");
  const total = Number(await page.getAttribute("#scrub", "max"));
  assert.ok(total >= 12, `a replay of ${total} actions`);
  for (let i = 0; i < 12; i++) await page.click("#next");
  await until("twelve steps", async () => (await body("step")) === "12");
  await page.click("#prev");
  assert.equal(await body("step"), "11");
  await page.locator("#scrub").fill(String(total));
  await until("the end by the slider", async () => (await body("step")) === String(total) && (await body("finished")) === "yes");
  await page.locator("#scrub").fill(String(Math.floor(total / 2)));
  await until("the middle by the slider", async () => (await body("step")) === String(Math.floor(total / 2)));
  await page.screenshot({ path: `${SHOTS}/local-replay.png`, fullPage: true });
  say(`the replay stepped and scrubbed here (${total} actions)`);

  assert.deepEqual(errors, [], "no errors on the page");
  say("OK");
} finally {
  await browser.close();
}
