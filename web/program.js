// @ts-check
// Programming as a person expects it: the hand as cards, put into the
// registers by a click, a drag or a key, locked registers shown, submit.
// Two ways, as the editions program: the 2023 edition and Transformers
// send the whole program at once (`slotsPanel`; Transformers also picks
// the mode to start the activation in), classic places one card at a
// time in the next open register and then announces power down or not
// (`cardByCard`).
import { cardName, tag, inner } from "./words.js";
import { h } from "./net.js";

/** @typedef {import("./match.js").Table} Table */
/** @typedef {{ id: string, card: any }} HandCard */
/** @typedef {(e: KeyboardEvent) => void} Keys */
/** @typedef {{ register: number, card: string, first: boolean }} Pair */

/** A damage card (SPAM, SCRAP, Haywire, special damage). @param {any} card */
const isDamage = card => card === "Spam" || card === "Scrap" || ["Haywire", "Special"].includes(tag(card)[0]);
/** A Drift card (Transformers). @param {any} card */
const isDrift = card => card === "DriftLeft" || card === "DriftRight";
/**
 * Catch My Drift: may `b` share a register with `a`? Two planning cards,
 * one of them a Drift card.
 * @param {HandCard} a @param {HandCard} b
 */
export const canPair = (a, b) => a.id !== b.id && !isDamage(a.card) && !isDamage(b.card) && (isDrift(a.card) || isDrift(b.card));

/**
 * A card of the hand as an element that can be clicked, dragged and focused.
 * @param {HandCard} c @returns {HTMLElement}
 */
function cardEl(c) {
  const damage = isDamage(c.card);
  // A classic card shows its kind, its priority under it (its id).
  const face = c.card && c.card.kind ? c.card.kind : c.card;
  const e = h("div", { class: "card" + (damage ? " damage" : ""), draggable: "true", tabindex: 0, "data-id": c.id },
    cardName(face), h("small", {}, c.id));
  e.addEventListener("dragstart", (/** @type {DragEvent} */ ev) => ev.dataTransfer?.setData("text/plain", c.id));
  return e;
}

/**
 * A register slot that takes a dropped card.
 * @param {number} i @param {string} cls @param {string} label @param {(id: string) => void} drop
 */
function slotEl(i, cls, label, drop) {
  const slot = h("div", { class: "slot" + cls, "data-register": i + 1 }, label);
  if (cls.includes("locked")) return slot;
  slot.addEventListener("dragover", (/** @type {DragEvent} */ ev) => { ev.preventDefault(); slot.classList.add("over"); });
  slot.addEventListener("dragleave", () => slot.classList.remove("over"));
  slot.addEventListener("drop", (/** @type {DragEvent} */ ev) => {
    ev.preventDefault();
    const id = ev.dataTransfer?.getData("text/plain");
    if (id) drop(id);
  });
  return slot;
}

/**
 * The whole program at once (2023, Transformers): hand, five registers,
 * keys, a draft kept in the tab (and sent to the server, for the timer),
 * "Fill for me" from the engine's suggestion, submit.
 * @param {Table} table @param {any} asked
 * @param {{ round: number, hand: HandCard[], locked: string[], mode?: string, pairs?: boolean,
 *   action: (registers: any[], mode: string, pair: Pair | null) => any }} spec
 *   `locked[i]` names the cards a locked register holds ("" when open);
 *   `pairs`: one register may take a second card (Transformers' Catch My
 *   Drift, installed), sent as `pair`
 * @param {(k: Keys) => void} setKeys
 */
export function slotsPanel(table, asked, spec, setKeys) {
  const box = table.panel;
  const { hand } = spec;
  const locked = spec.locked.map(Boolean);
  const key = `roborally.draft.${location.hash}.${spec.round}`;
  let mode = spec.mode || "";
  /** @type {(HandCard | null)[]} */
  let slots = [null, null, null, null, null];
  /** The second card of one register, and whether it resolves first. @type {{ at: number, card: HandCard, first: boolean } | null} */
  let pair = null;
  /** The register waiting for its second card (its "+ pair" pressed). @type {number | null} */
  let pairing = null;
  /** @param {string | null | undefined} id */
  const byId = id => hand.find(c => c.id === id) || null;
  try {
    const saved = JSON.parse(sessionStorage.getItem(key) || "null");
    if (saved && Array.isArray(saved.slots)) {
      slots = saved.slots.map((/** @type {string|null} */ id, /** @type {number} */ i) => locked[i] ? null : byId(id));
      if (mode && saved.mode) mode = saved.mode;
      const p = saved.pair, c = p && byId(p.id);
      if (spec.pairs && c) pair = { at: Number(p.at), card: c, first: Boolean(p.first) };
    }
  } catch { /* no draft */ }
  const handBox = h("div", { class: "hand", id: "hand", "aria-label": "your hand" });
  const regBox = h("div", { class: "registers", id: "registers" });
  const submit = h("button", { class: "primary", id: "submit" }, "Submit program");
  const clear = h("button", { id: "clear" }, "Clear");
  const suggest = h("button", { id: "suggest" }, "Fill for me");
  const modeBtn = h("button", { id: "mode", title: "key M" });
  const modeRow = h("div", { class: "row" }, "Start the activation in ", modeBtn);
  const pairHelp = h("div", { class: "pair-help", hidden: true }, "Pick the register's second card: a Drift card, or any planning card when the register holds a Drift (Esc: no pair).");
  box.append(h("div", {}, "Your hand (click a card, drag it to a register, or press its number):"), handBox,
    h("div", {}, spec.pairs ? "Your registers (click a card to take it back; Catch My Drift: \u201c+ pair\u201d puts a second card beside a Drift in one register):" : "Your registers (click a card to take it back):"),
    regBox, pairHelp);
  if (mode) box.append(modeRow);
  box.append(h("div", { class: "row" }, submit, clear, suggest),
    h("div", { class: "keys" }, `Keys: 1\u20139 put that card of your hand in the next register, Backspace takes the last one back, Enter submits, F fills the rest for you${mode ? ", M switches the mode" : ""}${spec.pairs ? ", after \u201c+ pair\u201d 1\u20139 pick the second card and Esc cancels" : ""}.`));
  const used = () => new Set([...slots, pair && pair.card].filter(Boolean).map(c => /** @type {HandCard} */ (c).id));
  const full = () => slots.every((c, i) => c || locked[i]) || hand.every(c => used().has(c.id));
  const regs = () => slots.map(c => c ? { Card: c.id } : "Empty");
  /** @returns {Pair | null} */
  const pairOut = () => pair && { register: pair.at, card: pair.card.id, first: pair.first };
  /** Can register `i` take a second card now? @param {number} i */
  const open2 = i => Boolean(spec.pairs && !pair && slots[i] && hand.some(c => !used().has(c.id) && canPair(/** @type {HandCard} */ (slots[i]), c)));
  /** @param {HandCard} c @param {number} [at] */
  const place = (c, at) => {
    const i = at ?? slots.findIndex((s, k) => !s && !locked[k]);
    if (i < 0 || locked[i]) return;
    const from = slots.findIndex(s => s && s.id === c.id);
    if (from >= 0) slots[from] = slots[i];
    slots[i] = c;
    draw();
  };
  /** `c` as the second card of register `i`, when it may be. @param {HandCard} c @param {number} i */
  const pairWith = (c, i) => {
    const main = slots[i];
    if (main && spec.pairs && !pair && !used().has(c.id) && canPair(main, c)) { pair = { at: i, card: c, first: false }; pairing = null; }
    draw();
  };
  /** A card picked in the hand: the pair's second card, or the next register's. @param {HandCard} c */
  const pick = c => { if (pairing != null) pairWith(c, pairing); else place(c); };
  /** @param {string} id @param {number} i */
  const drop = (id, i) => { const c = byId(id); if (c) place(c, i); };
  const draw = () => {
    // A pair whose register lost its card (or took one it cannot pair with) goes back to the hand.
    if (pair && (!slots[pair.at] || !canPair(/** @type {HandCard} */ (slots[pair.at]), pair.card) || slots.some(s => s && pair && s.id === pair.card.id))) pair = null;
    if (pairing != null && !open2(pairing)) pairing = null;
    const p = pair;
    sessionStorage.setItem(key, JSON.stringify({ slots: slots.map(c => c && c.id), mode, pair: p && { at: p.at, id: p.card.id, first: p.first } }));
    table.draft(spec.action(regs(), mode, pairOut()));
    const u = used();
    const main = pairing == null ? null : slots[pairing];
    handBox.replaceChildren(...hand.filter(c => !u.has(c.id)).map((c, n) => {
      const e = cardEl(c);
      e.title = `key ${n + 1}`;
      if (main) e.classList.add(canPair(main, c) ? "pairable" : "unpairable");
      e.onclick = () => pick(c);
      e.onkeydown = (/** @type {KeyboardEvent} */ ev) => { if (ev.key === " ") { ev.preventDefault(); pick(c); } };
      return e;
    }));
    regBox.replaceChildren(...slots.map((c, i) => {
      const slot = slotEl(i, (locked[i] ? " locked" : "") + (p && p.at === i ? " paired" : "") + (pairing === i ? " pairing" : ""),
        locked[i] ? `${spec.locked[i]} (locked)` : c ? "" : `register ${i + 1}`, id => drop(id, i));
      if (c) {
        const e = cardEl(c);
        e.onclick = () => { slots[i] = null; draw(); };
        slot.append(e);
      }
      if (p && p.at === i) {
        // The pair: its second card (click: back to the hand) and which resolves first.
        const e = cardEl(p.card);
        e.classList.add("pair");
        e.title = "second card (click to take it back)";
        e.onclick = () => { pair = null; draw(); };
        const order = h("button", { class: "pair-order", title: "which of the two cards resolves first (click to swap)" },
          `${cardName(p.first ? p.card.card : c ? c.card : "")} first`);
        order.onclick = () => { if (pair) pair.first = !pair.first; draw(); };
        slot.append(e, order);
      } else if (open2(i)) {
        // "+ pair": the next card picked (or dropped here) joins this register.
        const add = h("button", { class: "pair-add", title: "Catch My Drift: a second card in this register, one of the two a Drift card" },
          pairing === i ? "pick its pair…" : "+ pair");
        add.onclick = () => { pairing = pairing === i ? null : i; draw(); };
        add.addEventListener("drop", (/** @type {DragEvent} */ ev) => {
          ev.preventDefault(); ev.stopPropagation();
          const d = byId(ev.dataTransfer?.getData("text/plain"));
          if (d) pairWith(d, i);
        });
        slot.append(add);
      }
      return slot;
    }));
    pairHelp.hidden = pairing == null;
    modeBtn.textContent = mode === "Alt" ? "vehicle mode (switch to robot)" : "robot mode (switch to vehicle)";
    document.body.dataset.mode = mode;
    document.body.dataset.pair = p ? `${p.at + 1}:${p.card.id}:${p.first ? "first" : "second"}` : "";
    submit.disabled = !full();
    document.body.dataset.filled = String(slots.filter(Boolean).length);
  };
  submit.onclick = () => { if (full()) { table.act(spec.action(regs(), mode, pairOut())); submit.disabled = true; sessionStorage.removeItem(key); } };
  clear.onclick = () => { slots = [null, null, null, null, null]; pair = null; pairing = null; draw(); };
  modeBtn.onclick = () => { mode = mode === "Alt" ? "Bot" : "Alt"; draw(); };
  suggest.onclick = () => {
    const s = inner(asked.suggestion || {}) || {};
    const plan = s.Program || s.Plan || {};
    if (Array.isArray(plan.registers)) {
      plan.registers.forEach((/** @type {any} */ r, /** @type {number} */ i) => {
        if (!slots[i] && !locked[i] && r.Card && !used().has(r.Card)) slots[i] = byId(r.Card);
      });
    }
    const sp = plan.pair, sc = sp && byId(sp.card);
    if (spec.pairs && !pair && sc && !used().has(sc.id) && slots[sp.register]) pair = { at: sp.register, card: sc, first: Boolean(sp.first) };
    for (const c of hand) { if (!used().has(c.id)) { const i = slots.findIndex((s2, k) => !s2 && !locked[k]); if (i >= 0) slots[i] = c; } }
    draw();
  };
  setKeys(e => {
    const u = used();
    const left = hand.filter(c => !u.has(c.id));
    if (/^[1-9]$/.test(e.key) && left[Number(e.key) - 1]) pick(left[Number(e.key) - 1]);
    else if (e.key === "Escape" && pairing != null) { pairing = null; draw(); }
    else if (e.key === "Backspace") { const i = slots.map(Boolean).lastIndexOf(true); if (i >= 0) { slots[i] = null; draw(); } }
    else if (e.key === "Enter") submit.click();
    else if (e.key === "f" || e.key === "F") suggest.click();
    else if (mode && (e.key === "m" || e.key === "M")) modeBtn.click();
    else return;
    e.preventDefault();
  });
  draw();
}

/** A classic card's id: its priority is its own. @param {any} c */
const classicId = c => String(c.priority);

/**
 * Classic: each card goes into the next open register as its own answer
 * (a card placed stays), locked registers keep their cards; once the
 * registers are full, power down next turn or not (the page's buttons:
 * this returns false then, true while cards are placed).
 * "Fill for me" fills every open register in one press: it places a card
 * (the engine's suggestion, else a legal one at random), and each next
 * state asking for a card places the next while `fill.left` counts down
 * the open registers.
 * @param {Table} table @param {any} asked @param {any} view @param {(k: Keys) => void} setKeys
 * @param {{ left: number }} fill
 * @returns {boolean}
 */
export function cardByCard(table, asked, view, setKeys, fill) {
  const box = table.panel;
  const me = view.robots[view.me] || { registers: [], damage: 0 };
  /** @type {HandCard[]} */
  const hand = view.hand.map((/** @type {any} */ c) => ({ id: classicId(c), card: c }));
  const legal = asked.legal || [];
  const placing = legal.some((/** @type {any} */ a) => tag(inner(a))[0] === "Program");
  // Damage locks registers from the fifth down: 5 damage locks one.
  const locked = [0, 1, 2, 3, 4].map(i => me.damage >= 9 - i);
  const next = (me.registers || []).findIndex((/** @type {any} */ c, /** @type {number} */ i) => !c && !locked[i]);
  /** @param {HandCard} c */
  const play = c => { if (placing) table.act({ classic: { Program: c.card } }); };
  const handBox = h("div", { class: "hand", id: "hand", "aria-label": "your hand" });
  const regBox = h("div", { class: "registers", id: "registers" });
  handBox.append(...hand.map((c, n) => {
    const e = cardEl(c);
    e.title = `key ${n + 1} (priority ${c.card.priority})`;
    e.onclick = () => play(c);
    e.onkeydown = (/** @type {KeyboardEvent} */ ev) => { if (ev.key === " ") { ev.preventDefault(); play(c); } };
    return e;
  }));
  regBox.append(...[0, 1, 2, 3, 4].map(i => {
    const c = me.registers[i];
    const cls = (locked[i] ? " locked" : "") + (i === next && placing ? " next" : "");
    const label = c ? (locked[i] ? `${cardName(c)} (locked)` : "") : i === next ? `register ${i + 1}: next` : `register ${i + 1}`;
    const slot = slotEl(i, cls, label, id => { const x = hand.find(y => y.id === id); if (x && i === next) play(x); });
    if (c && !locked[i]) slot.append(h("div", { class: "card placed", "data-id": classicId(c), title: "placed" }, cardName(c.kind), h("small", {}, classicId(c))));
    return slot;
  }));
  const open = [0, 1, 2, 3, 4].filter(i => !(me.registers || [])[i] && !locked[i]).length;
  const suggest = h("button", { id: "suggest", title: "fills every open register with the engine's choice" }, "Fill for me");
  // The engine's suggestion when it sends one; else one of the cards it
  // lists as legal, at random (classic lists every card of the hand).
  const programs = legal.filter((/** @type {any} */ a) => tag(inner(a))[0] === "Program");
  const choice = () => asked.suggestion || programs[Math.floor(Math.random() * programs.length)];
  suggest.onclick = () => { const a = choice(); if (a) { fill.left = open - 1; table.act(a); } };
  box.append(h("div", {}, placing ? "Your hand (click a card, drag it to the next register, or press its number; a card placed stays):" : "Your hand:"), handBox,
    h("div", {}, "Your registers:"), regBox);
  if (placing) box.append(h("div", { class: "row" }, suggest));
  else box.append(h("p", {}, "Your registers are full: power down next turn (repairs all damage, the robot sits the turn out) or keep the power on."));
  box.append(h("div", { class: "keys" }, "Keys: 1\u20139 put that card in the next register, F fills every open register for you; once full, Enter keeps the power on and P powers down."));
  document.body.dataset.filled = String((me.registers || []).filter(Boolean).length);
  if (!placing) fill.left = 0;
  else if (fill.left > 0 && choice()) {
    // Filling: the next open register takes the next choice.
    fill.left--;
    suggest.textContent = "Filling\u2026";
    table.act(choice());
  }
  setKeys(e => {
    const announce = (/** @type {boolean} */ down) => { const a = legal.find((/** @type {any} */ x) => tag(inner(x))[0] === "Announce" && inner(x).Announce === down); if (a) table.act(a); };
    if (placing && /^[1-9]$/.test(e.key) && hand[Number(e.key) - 1]) play(hand[Number(e.key) - 1]);
    else if (placing && (e.key === "f" || e.key === "F")) suggest.click();
    else if (!placing && e.key === "Enter") announce(false);
    else if (!placing && (e.key === "p" || e.key === "P")) announce(true);
    else return;
    e.preventDefault();
  });
  return placing;
}
