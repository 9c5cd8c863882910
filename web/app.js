// @ts-check
// The browser client's entry: the lobby (create, share, list, join,
// watch) and the route to a match's page (#/m/ID, #/m/ID/watch).
import { openMatch } from "./match.js";
import { api, h, seatStore } from "./net.js";
import { loadEngine, localPanel, openLocal } from "./local.js";
import { openReplay } from "./replay.js";

/** @typedef {{ edition: string, bots: string[], grid: boolean }} EditionInfo */

const app = /** @type {HTMLElement} */ (document.getElementById("app"));
/** @type {(() => void) | null} */
let leave = null;

function route() {
  if (leave) { leave(); leave = null; }
  const m = location.hash.match(/^#\/m\/([0-9a-f]+)(\/watch)?/);
  const r = location.hash.match(/^#\/replay\/([0-9a-f]+|file)$/);
  if (m) leave = openMatch(app, m[1], Boolean(m[2]));
  else if (location.hash === "#/local") leave = openLocal(app);
  else if (r) leave = openReplay(app, r[1]);
  else leave = lobby();
}
// Play here needs the engine's package loaded before the server may stop.
loadEngine();
window.addEventListener("hashchange", route);
route();

const TITLES = /** @type {Record<string, string>} */ ({ "2023": "Robo Rally (2023)", classic: "Robo Rally (classic)", transformers: "Robo Rally: Transformers", conquest: "Transformers: Conquest" });

/** The lobby page; returns its clean-up. */
function lobby() {
  /** @type {HTMLElement} */ (document.getElementById("where")).textContent = "lobby";
  app.replaceChildren();
  const wrap = h("div", { class: "lobby" });
  const create = h("section", { class: "panel", id: "create" }, h("h2", {}, "Start a match"));
  const list = h("section", { class: "panel", id: "open" }, h("h2", {}, "Open and running matches"));
  wrap.append(create, list);
  app.append(wrap);
  localPanel(wrap);
  createForm(create).catch(e => create.append(h("p", {}, `Cannot reach the server: ${e.message}`)));
  const table = h("table", { id: "matches" });
  list.append(table);
  const refresh = () => api("GET", "/api/matches").then(ms => showList(table, ms)).catch(() => {});
  refresh();
  const timer = setInterval(refresh, 3000);
  return () => clearInterval(timer);
}

/** @param {HTMLElement} table @param {any[]} matches */
function showList(table, matches) {
  table.replaceChildren(h("tr", {}, h("th", {}, "match"), h("th", {}, "seats"), h("th", {}, "round"), h("th", {}, "")));
  if (!matches.length) table.append(h("tr", {}, h("td", { colspan: 4, class: "muted" }, "None yet: start one.")));
  for (const m of matches) {
    const open = m.seats.filter((/** @type {any} */ s) => s.kind === "open").length;
    const seats = m.seats.map((/** @type {any} */ s) => s.kind === "bot" ? `bot ${s.bot}` : s.kind === "open" ? "open seat" : `${s.name}${s.connected ? "" : " (away)"}`).join(", ");
    const actions = h("td", {});
    if (open && !seatStore.get(m.id)) actions.append(h("a", { href: `#/m/${m.id}`, class: "join" }, "Join"), " ");
    if (seatStore.get(m.id)) actions.append(h("a", { href: `#/m/${m.id}` }, "Back to your seat"), " ");
    actions.append(h("a", { href: `#/m/${m.id}/watch`, class: "watch" }, "Watch"));
    table.append(h("tr", { "data-match": m.id },
      h("td", {}, `${TITLES[m.edition] || m.edition}: ${m.setting}`, h("br"), h("small", { class: "muted" }, m.status)),
      h("td", {}, seats), h("td", {}, String(m.round)), actions));
  }
}

/** The form that creates a match. @param {HTMLElement} box */
async function createForm(box) {
  /** @type {EditionInfo[]} */
  const editions = await api("GET", "/api/editions");
  /** @type {Record<string, string[]>} */
  const courses = await api("GET", "/api/courses").catch(() => ({}));
  /** Each edition's setup options by path: default, label, and the engine's description if any. @type {Record<string, Record<string, { default: boolean | number, label: string, about: string | null }>>} */
  const options = await api("GET", "/api/options").catch(() => ({}));
  const rules = h("div", { id: "rules", class: "row" });
  const edition = h("select", { id: "edition", name: "edition" }, ...editions.map(e => h("option", { value: e.edition }, TITLES[e.edition] || e.edition)));
  const course = h("select", { id: "course", name: "course" });
  const courseRow = h("div", { class: "row" }, h("label", {}, "Course ", course));
  const seats = h("div", { id: "seats" });
  const name = h("input", { id: "name", value: localStorage.getItem("roborally.name") || "", placeholder: "your name", size: 12 });
  const timer = h("input", { id: "timer", type: "number", min: 0, placeholder: "none", style: "width:6em" });
  const rounds = h("input", { id: "max-rounds", type: "number", min: 1, placeholder: "none", style: "width:6em" });
  const priv = h("input", { id: "private", type: "checkbox" });
  const seed = h("input", { id: "seed", type: "number", min: 0, placeholder: "random", style: "width:9em" });
  const setup = h("input", { id: "setup", placeholder: '{"options": {"less_deadly": true}}', style: "width:100%" });
  const msg = h("p", { id: "create-msg", role: "status" });
  const go = h("button", { class: "primary", id: "create-match" }, "Create the match");
  const info = () => editions.find(e => e.edition === edition.value) || editions[0];
  /** One seat row: you, an open seat for a friend, or a bot. @param {string} kind */
  const seatRow = kind => {
    const bots = info().bots;
    const sel = h("select", { class: "seat-kind" }, h("option", { value: "you" }, "you"), h("option", { value: "open" }, "a friend (open seat)"),
      ...bots.map(b => h("option", { value: "bot:" + b }, `bot: ${b}`)));
    sel.value = kind === "bot" ? "bot:" + bots[0] : kind;
    const rm = h("button", { title: "remove this seat", class: "rm" }, "\u2715");
    const row = h("div", { class: "row seat" }, h("span", { class: "muted" }, "seat"), sel, rm);
    rm.onclick = () => { if (seats.children.length > 2) row.remove(); };
    return row;
  };
  const reset = () => {
    const list = courses[edition.value] || [];
    course.replaceChildren(...list.map(c => h("option", { value: c }, c)));
    courseRow.hidden = list.length === 0;
    seats.replaceChildren(seatRow("you"), seatRow("bot"));
    // The edition's own rules: a box per switch, a number per count.
    rules.replaceChildren(...Object.entries(options[edition.value] || {}).map(([path, field]) => {
      const def = field.default;
      const input = typeof def === "boolean"
        ? h("input", { type: "checkbox", "data-path": path, checked: def })
        : h("input", { type: "number", min: 0, value: def, "data-path": path, style: "width:4.5em" });
      const words = h("span", { class: "option-label" }, field.label);
      const about = field.about ? [h("small", { class: "option-about" }, field.about)] : [];
      return h("label", { class: "option", title: path }, ...(typeof def === "boolean" ? [input, " ", words] : [words, " ", input]), ...about);
    }));
  };
  edition.onchange = reset;
  reset();
  const add = h("button", { id: "add-seat" }, "+ seat");
  add.onclick = () => { if (seats.children.length < 6) seats.append(seatRow("bot")); };
  box.append(
    h("div", { class: "row" }, h("label", {}, "Edition ", edition)), courseRow,
    h("div", { class: "row" }, h("label", {}, "Your name ", name)),
    seats, h("div", { class: "row" }, add),
    h("details", {}, h("summary", {}, "Options"),
      h("div", { class: "row" }, h("label", {}, "Timer (seconds) ", timer), h("label", {}, "Rounds at most ", rounds)),
      h("div", { class: "row" }, h("label", {}, priv, " private (not listed)"), h("label", {}, "Seed ", seed)),
      h("div", { class: "muted" }, "The edition's rules (its setup's switches and counts):"), rules,
      h("div", { class: "row" }, h("label", { style: "flex:1" }, "More setup (JSON) ", setup))),
    h("div", { class: "row" }, go), msg);
  go.onclick = async () => {
    const me = name.value.trim() || "me";
    localStorage.setItem("roborally.name", name.value.trim());
    /** @type {any[]} */
    const list = [];
    let mine = 0;
    for (const sel of seats.querySelectorAll("select")) {
      const v = /** @type {HTMLSelectElement} */ (sel).value;
      if (v === "you") { list.push({ person: mine ? `${me} ${mine + 1}` : me }); mine++; }
      else if (v === "open") list.push({ open: null });
      else list.push({ bot: v.slice(4) });
    }
    /** @type {any} */
    const body = { edition: edition.value, seats: list, private: priv.checked };
    if (!courseRow.hidden && course.value) body.course = course.value;
    if (timer.value) body.timer = Number(timer.value);
    if (rounds.value) body.max_rounds = Number(rounds.value);
    if (seed.value) body.seed = Number(seed.value);
    try {
      // The rules changed from their defaults, then the JSON over them.
      /** @type {any} */
      const over = {};
      for (const input of /** @type {NodeListOf<HTMLInputElement>} */ (rules.querySelectorAll("input[data-path]"))) {
        const path = input.dataset.path || "", def = ((options[edition.value] || {})[path] || {}).default;
        const value = typeof def === "boolean" ? input.checked : Number(input.value);
        if (value === def || (typeof value === "number" && !Number.isFinite(value))) continue;
        const keys = path.split(".");
        let at = over;
        for (const k of keys.slice(0, -1)) at = at[k] = at[k] || {};
        at[keys[keys.length - 1]] = value;
      }
      if (setup.value.trim()) Object.assign(over, JSON.parse(setup.value));
      if (Object.keys(over).length) body.setup = over;
      const created = await api("POST", "/api/matches", body);
      if (created.tokens.length) seatStore.set(created.id, created.tokens[0]);
      location.hash = `#/m/${created.id}`;
    } catch (e) {
      msg.textContent = `Not created: ${/** @type {Error} */ (e).message}`;
    }
  };
}
