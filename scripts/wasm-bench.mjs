// The WebAssembly side of scripts/wasm-bench.sh: the package's workloads
// (roborally-wasm/src/workload.rs) timed under Node, as JSON.
//   node scripts/wasm-bench.mjs [RACES] [RUNS]
import { readFile } from "node:fs/promises";
import { initSync, Registers, plannerRace } from "../roborally-wasm/pkg/roborally_wasm.js";

initSync({ module: await readFile(new URL("../roborally-wasm/pkg/roborally_wasm_bg.wasm", import.meta.url)) });
const races = Number(process.argv[2] || 300), runs = Number(process.argv[3] || 7);
const median = (n, work) => { const t = Array.from({ length: n }, work).sort((a, b) => a - b); return t[Math.floor(t.length / 2)]; };
let events = 0, ready = 0, rounds = 0;
const registerNs = median(runs, () => {
  const w = new Registers(1, races);
  ready = w.len();
  const t = process.hrtime.bigint();
  events = w.run();
  const ns = Number(process.hrtime.bigint() - t) / Math.max(ready, 1);
  w.free();
  return ns;
});
const raceNs = median(Math.min(runs, 5), () => {
  const t = process.hrtime.bigint();
  rounds = plannerRace(7);
  return Number(process.hrtime.bigint() - t);
});
console.log(JSON.stringify({ register_ns: Math.round(registerNs), races: ready, events, planner_race_ns: raceNs, rounds }));
