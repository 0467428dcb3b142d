// Times the wasm bench (bench/wasm_bench.cpp, web build) in headless Chromium, single-threaded on
// the page's main thread, and prints its lines: full and lean evaluation ns, the planner's scored
// configurations per second (issue 12: >= 1 M/s in wasm in headless Chromium). A bench, not a test.
// usage: node bench/wasm_bench_chromium.mjs [BENCH_DIR=build/wasm/bench] [EVALUATIONS] [PLANS]
// Env: GPUCFG_CHROMIUM (default /usr/bin/chromium).
import path from "node:path";
import { launchChromium } from "./chromium.mjs";
import { serve } from "../scripts/serve.mjs";

const dir = path.resolve(process.argv[2] || "build/wasm/bench");
const n = process.argv[3] || "100000", plans = process.argv[4] || "5";
const server = await serve(dir, 0);
const browser = await launchChromium();
try {
  const page = await browser.newPage();
  const done = new Promise((resolve, reject) => {
    page.on("console", (m) => {
      console.log(m.text());
      if (/BM_PlanInference.*best/.test(m.text())) resolve();
    });
    page.on("pageerror", (e) => reject(e));
  });
  await page.goto(`http://127.0.0.1:${server.address().port}/wasm_bench.html?n=${n}&plans=${plans}`);
  await Promise.race([done, new Promise((_, reject) => setTimeout(() => reject(new Error("timed out")), 600000))]);
} finally {
  await browser.close();
  server.close();
}
