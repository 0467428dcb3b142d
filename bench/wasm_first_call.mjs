// The first evaluate() of a fresh API module (build/wasm/web/gpucfg.js), which reads the catalog
// (issue 34, item 6: <= 50 ms in Chromium), under node and in headless Chromium. The API module
// reads gpucfg_catalog.json (the page's module reads the byte image, gpucfg_catalog.bin: ~3 ms in
// headless Chromium when an experimental API build read it too, bench/README.md).
// Prints the median and range over ROUNDS fresh modules each. A bench, not a test.
// usage: node bench/wasm_first_call.mjs [WEB_DIR=build/wasm/web] [ROUNDS=7]
// Env: GPUCFG_CHROMIUM (default /usr/bin/chromium).
import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";
import { launchChromium } from "./chromium.mjs";
import { serve } from "../scripts/serve.mjs";

const dir = path.resolve(process.argv[2] || "build/wasm/web");
const rounds = Number(process.argv[3] || 7);

// Runs in node and in the page: `create` is createGpucfg, `catalog` the options that pick the catalog.
async function firstCalls(create, wasmBinary, options, rounds) {
  const out = [];
  for (let i = 0; i < rounds; ++i) {
    const api = await create(Object.assign({ wasmBinary }, options));
    const scenario = api.example("default");
    const t = performance.now();
    api.evaluate(scenario);
    out.push(performance.now() - t);
  }
  return out;
}

function line(where, how, ms) {
  const s = [...ms].sort((a, b) => a - b);
  console.log(`first evaluate, ${where}, catalog ${how}: median ${s[s.length >> 1].toFixed(1)} ms ` +
              `(${s[0].toFixed(1)}-${s[s.length - 1].toFixed(1)}, ${s.length} fresh modules)`);
}

const create = createRequire(import.meta.url)(path.join(dir, "gpucfg.js"));
const wasm = fs.readFileSync(path.join(dir, "gpucfg.wasm"));
const text = fs.readFileSync(path.join(dir, "gpucfg_catalog.json"), "utf8");
line("node", "JSON", await firstCalls(create, wasm, { gpucfgCatalogText: text }, rounds));

const server = await serve(dir, 0);
const browser = await launchChromium();
try {
  const page = await browser.newPage();
  await page.goto(`http://127.0.0.1:${server.address().port}/api-example.html`);
  await page.addScriptTag({ url: "gpucfg.js" });
  for (const [how, withText] of [["JSON", true]]) {
    const ms = await page.evaluate(async ([src, rounds, withText]) => {
      const wasmBinary = await (await fetch("gpucfg.wasm")).arrayBuffer();
      const options = withText ? { gpucfgCatalogText: await (await fetch("gpucfg_catalog.json")).text() } : {};
      const firstCalls = eval(`(${src})`);
      return firstCalls(createGpucfg, wasmBinary, options, rounds);
    }, [firstCalls.toString(), rounds, withText]);
    line("headless Chromium", how, ms);
  }
} finally {
  await browser.close();
  server.close();
}
