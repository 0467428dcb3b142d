// The real page in headless Chromium (playwright-core driving Debian's /usr/bin/chromium):
//   node --test web/tests/browser.test.mjs
// Serves build/wasm/web (or GPUCFG_WEB_DIR) on 127.0.0.1, loads the page, reads what it shows
// through window.gpucfgState(), clicks ImGui widgets on the canvas (their rectangles come from the
// app's widgetRect() hook, so no coordinates are hard-coded), checks the report follows, that the
// URL hash replays the state, that each view of the report side (step time, roofline, scaling,
// compare) opens by clicking its tab, and that the console stays clean. Screenshots (English and
// 简体中文) go to web/tests/artifacts/ (git-ignored).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { chromium } from "playwright-core";
import { serve } from "../../scripts/serve.mjs";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..", "..");
const webDir = path.resolve(root, process.env.GPUCFG_WEB_DIR || "build/wasm/web");
const artifacts = path.join(root, "web", "tests", "artifacts");
const CHROMIUM_ARGS = [
  "--headless", "--no-sandbox", "--disable-background-networking", "--disable-component-update",
  "--disable-sync", "--no-first-run", "--disable-quic", "--enable-unsafe-swiftshader",
  "--use-angle=swiftshader",
];

let server, browser, page, baseUrl;
const consoleErrors = [];

before(async () => {
  fs.mkdirSync(artifacts, { recursive: true });
  server = await serve(webDir, 0);
  baseUrl = `http://127.0.0.1:${server.address().port}/`;
  browser = await chromium.launch({
    executablePath: process.env.GPUCFG_CHROMIUM || "/usr/bin/chromium",
    args: CHROMIUM_ARGS,  // playwright gives the browser its own temporary profile
  });
  page = await browser.newPage({ viewport: { width: 1280, height: 800 }, locale: "en-US" });
  page.on("console", (m) => { if (m.type() === "error") consoleErrors.push(m.text()); });
  page.on("pageerror", (e) => consoleErrors.push(String(e)));
  page.on("requestfailed", (r) => consoleErrors.push(`request failed: ${r.url()}`));
});

after(async () => {
  await browser?.close();
  server?.close();
});

const state = () => page.evaluate(() => window.gpucfgState());

// Waits until the app has drawn the widget `name`, then returns its centre in page coordinates.
async function widgetCentre(name) {
  await page.waitForFunction((n) => window.gpucfg && window.gpucfg.widgetRect(n) !== "null", name,
                             { timeout: 10000 });
  const r = JSON.parse(await page.evaluate((n) => window.gpucfg.widgetRect(n), name));
  const box = await page.locator("canvas").boundingBox();
  return { x: box.x + r.x + r.w / 2, y: box.y + r.y + r.h / 2 };
}

// A click as a person makes it: move, press, release, with frames in between for ImGui to see each.
async function click(name) {
  const { x, y } = await widgetCentre(name);
  await page.mouse.move(x, y);
  await page.waitForTimeout(80);
  await page.mouse.down();
  await page.waitForTimeout(80);
  await page.mouse.up();
  await page.waitForTimeout(80);
}

const waitFor = (predicate, arg) => page.waitForFunction(predicate, arg, { timeout: 10000 });

test("the page loads, shows the default example and matches the API", async () => {
  await page.goto(baseUrl);
  await waitFor(() => typeof window.gpucfgState === "function");
  const s = await state();
  assert.equal(s.scenario.cluster.gpu, "A100-SXM4-80GB");
  assert.equal(s.language, "en");
  assert.ok(s.report.memory.per_gpu.total_gib > 0, JSON.stringify(s.report).slice(0, 300));
  assert.ok(s.report.performance.tokens_per_s > 0);
  // What the page shows is what the API (and therefore the CLI) computes for the same scenario.
  const viaApi = await page.evaluate((sc) => JSON.parse(window.gpucfg.evaluate(JSON.stringify(sc))), s.scenario);
  assert.deepEqual(s.report, viaApi);
  await widgetCentre("/workload/micro_batch+");
  await page.screenshot({ path: path.join(artifacts, "01-default-en.png") });
});

test("clicking widgets on the canvas changes the scenario and the report", async () => {
  const before = await state();
  await click("/workload/micro_batch+");
  await waitFor(() => window.gpucfgState().scenario.workload.micro_batch === 2);
  const bigger = await state();
  assert.ok(bigger.report.memory.per_gpu.activations_gib > before.report.memory.per_gpu.activations_gib);

  await click("/cluster/gpu");
  await click("/cluster/gpu:H100-SXM5-80GB");
  await waitFor(() => window.gpucfgState().scenario.cluster.gpu === "H100-SXM5-80GB");
  const h100 = await state();
  assert.notEqual(h100.report.performance.step_time_s, bigger.report.performance.step_time_s);
  assert.notEqual(h100.report.power.gpu_w, bigger.report.power.gpu_w);
  await page.screenshot({ path: path.join(artifacts, "02-h100-en.png") });
});

test("the URL hash holds the scenario and replays it", async () => {
  const s = await state();
  const hash = await page.evaluate(() => location.hash);
  assert.ok(hash.startsWith("#scenario="));
  // #scenario=<encoded JSON>&lang=..&view=..: the encoded JSON holds no raw "&".
  assert.deepEqual(JSON.parse(decodeURIComponent(hash.slice("#scenario=".length).split("&")[0])), s.scenario);
  const fresh = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  fresh.on("console", (m) => { if (m.type() === "error") consoleErrors.push(m.text()); });
  await fresh.goto(baseUrl + hash);
  await fresh.waitForFunction(() => typeof window.gpucfgState === "function");
  const replayed = await fresh.evaluate(() => window.gpucfgState());
  assert.deepEqual(replayed.scenario, s.scenario);
  assert.deepEqual(replayed.report, s.report);
  await fresh.close();
});

test("the language toggle switches to 简体中文", async () => {
  await click("language");
  await waitFor(() => window.gpucfgState().language === "zh-CN");
  await page.waitForTimeout(100);
  await page.screenshot({ path: path.join(artifacts, "03-h100-zh.png") });
  // An example that does not fit: verdict, largest component and fixes, in Chinese.
  await click("example");
  await click("example:13b-a100-oom");
  await waitFor(() => window.gpucfgState().scenario.workload.micro_batch === 16);
  const oom = await state();
  assert.equal(oom.report.memory.fits, false);
  await page.waitForTimeout(100);
  await page.screenshot({ path: path.join(artifacts, "04-oom-zh.png") });
  await click("language");
  await waitFor(() => window.gpucfgState().language === "en");
  await page.waitForTimeout(100);
  await page.screenshot({ path: path.join(artifacts, "05-oom-en.png") });
});

// [SECTION] The report's views: step time, roofline, scaling, compare ------------------------------

// Opens a view of the report side by clicking its tab, as a person would.
async function openView(id) {
  await click(`tab:${id}`);
  await waitFor((v) => window.gpucfgState().view === v, id);
  await page.waitForTimeout(120);
}

async function hover(name) {
  const { x, y } = await widgetCentre(name);
  await page.mouse.move(x, y);
  await page.waitForTimeout(150);
}

async function loadExample(name) {
  await click("example");
  await click(`example:${name}`);
  await page.waitForTimeout(120);
}

async function setLanguage(lang) {
  if ((await state()).language === lang) return;
  await click("language");
  await waitFor((l) => window.gpucfgState().language === l, lang);
  await page.waitForTimeout(120);
}

const shot = (name) => page.screenshot({ path: path.join(artifacts, name) });

test("the roofline view plots the layer's operations under the GPU's ceilings", async () => {
  await loadExample("default");
  await waitFor(() => window.gpucfgState().report.memory.fits === true);
  await openView("roofline");
  const s = await state();
  const roof = s.report.performance.roofline;
  assert.ok(roof.points.length > 0 && roof.peak_tflops > roof.achievable_tflops);
  assert.notEqual(await page.evaluate(() => window.gpucfg.widgetRect("roofline_chart")), "null");
  // Hover the most expensive op: the page shows its tooltip.
  const slowest = roof.points.reduce((best, p, i) => (p.time_s > roof.points[best].time_s ? i : best), 0);
  await hover(`roofline_point:${slowest}`);
  await shot("07-roofline-en.png");
});

test("expert settings fold open and an override changes the speed", async () => {
  const before = await state();
  assert.equal(before.scenario.speed.sustained_efficiency, 0);
  // The section sits at the foot of the inputs column: scroll it into view as a person would.
  const inputs = await widgetCentre("/cluster/gpu");
  const gpuRectAtTop = await page.evaluate(() => window.gpucfg.widgetRect("/cluster/gpu"));
  await page.mouse.move(inputs.x, inputs.y);
  await page.mouse.wheel(0, 3000);
  await page.waitForTimeout(150);
  await click("expert");
  await page.mouse.wheel(0, 3000);
  await page.waitForTimeout(150);
  await click("/speed/sustained_efficiency");
  await page.keyboard.press("Control+A");
  await page.keyboard.type("1");
  await page.keyboard.press("Enter");
  await waitFor(() => window.gpucfgState().scenario.speed.sustained_efficiency === 1);
  const after = await state();
  // Tensor Core kernels at their full microbenchmark rate: the step gets shorter, memory does not move.
  assert.ok(after.report.performance.step_time_s < before.report.performance.step_time_s);
  assert.equal(after.report.performance.roofline.sustained_tflops, after.report.performance.roofline.achievable_tflops);
  assert.equal(after.report.memory.per_gpu.total_gib, before.report.memory.per_gpu.total_gib);
  await page.mouse.move(5, 5);
  await shot("15-expert-en.png");
  // Scroll the inputs back to the top (the wheel turns the right way: up is up) for the next tests.
  await page.mouse.move(inputs.x, inputs.y);
  await page.mouse.wheel(0, -6000);
  await page.waitForTimeout(150);
  assert.equal(await page.evaluate(() => window.gpucfg.widgetRect("/cluster/gpu")), gpuRectAtTop);
});

test("the scaling view shows efficiency from 1 GPU to the cluster, in Chinese", async () => {
  await loadExample("gpt3-175b");
  await waitFor(() => window.gpucfgState().scenario.cluster.nodes === 128);
  await setLanguage("zh-CN");
  await openView("scaling");
  const s = await state();
  const curve = s.report.performance.scaling;
  assert.equal(curve[0].gpus, 1);
  assert.equal(curve.at(-1).gpus, s.report.setup.total_gpus);
  await hover(`scaling_point:${curve.length - 1}`);
  await shot("08-scaling-zh.png");
  await openView("breakdown");
  assert.notEqual(await page.evaluate(() => window.gpucfg.widgetRect("breakdown_bar")), "null");
  await page.mouse.move(5, 5);
  await shot("10-breakdown-zh.png");
});

// Opens `scenario` from a shared link (a fresh load, not a same-document hash change), in English,
// on the report view `view`, once the page shows that scenario.
async function openLink(scenario, view) {
  await page.goto("about:blank");
  await page.goto(baseUrl + "#scenario=" + encodeURIComponent(JSON.stringify(scenario)));
  await waitFor((sc) => typeof window.gpucfgState === "function" &&
                        JSON.stringify(window.gpucfgState().scenario.parallelism) === JSON.stringify(sc.parallelism) &&
                        window.gpucfgState().scenario.cluster.nodes === sc.cluster.nodes, scenario);
  await setLanguage("en");
  await openView(view);
}

test("the scaling view marks where communication takes half the step", async () => {
  // V100 data parallel over one 100 GbE NIC per node with fp32 gradients (the seed article's case),
  // opened from a link as a customer would share it.
  const s = JSON.parse(await page.evaluate(() => window.gpucfg.example("default")));
  Object.assign(s.cluster, { gpu: "V100-SXM2-32GB", nodes: 16, intra_node: "nvlink-mesh", inter_node: "eth-100g", nics_per_node: 1 });
  Object.assign(s.workload, { model: "bert-large", precision: "fp16", seq_len: 512, global_batch: 1024, micro_batch: 8, flash_attention: false });
  s.speed = { ...s.speed, grad_reduce_bytes: 4 };
  await openLink(s, "scaling");
  const r = (await state()).report.performance;
  assert.ok(r.scaling_break_gpus > 8 && r.scaling_break_gpus <= 128, String(r.scaling_break_gpus));
  const at = r.scaling.find((p) => p.gpus === r.scaling_break_gpus);
  assert.ok(at.comm_fraction >= 0.5);
  await page.mouse.move(5, 5);
  await shot("16-scaling-break-en.png");
});

test("a mixture-of-experts model gets an EP row and its all-to-all in the step", async () => {
  const s = JSON.parse(await page.evaluate(() => window.gpucfg.example("default")));
  s.cluster.nodes = 8;
  s.cluster.inter_node = "ib-hdr";
  s.workload.model = { name: "moe-16x", layers: 32, hidden: 4096, heads: 32, kv_heads: 8, ffn_hidden: 14336,
                       vocab: 32000, glu: true, experts: 16, top_k: 2 };
  s.workload.global_batch = 256;
  s.parallelism.ep = 16;
  await openLink(s, "breakdown");
  const r = (await state()).report;
  assert.deepEqual(r.errors, undefined);
  assert.ok(r.performance.breakdown.ep_comm_s > 0);
  assert.notEqual(await page.evaluate(() => window.gpucfg.widgetRect("/parallelism/ep")), "null");
  await page.mouse.move(5, 5);
  await shot("18-moe-breakdown-en.png");
});

test("the step-time view shows inference latency and the best batch", async () => {
  await setLanguage("en");
  await loadExample("llama2-70b-serving");
  await waitFor(() => window.gpucfgState().scenario.workload.kind === "inference");
  await openView("breakdown");
  const s = await state();
  assert.ok(s.report.performance.ttft_s > 0 && s.report.performance.tpot_s > 0);
  await shot("11-inference-en.png");
  // Inference puts prefill and decode ops on the roofline.
  await setLanguage("zh-CN");
  await openView("roofline");
  const phases = new Set((await state()).report.performance.roofline.points.map((p) => p.phase));
  assert.deepEqual([...phases].sort(), ["decode", "prefill"]);
  await page.mouse.move(5, 5);
  await shot("14-roofline-inference-zh.png");
  await setLanguage("en");
});

test("the compare view pins scenarios side by side and removes them", async () => {
  await openView("compare");
  await loadExample("default");
  await waitFor(() => window.gpucfgState().scenario.cluster.gpu === "A100-SXM4-80GB");
  await click("compare:pin");
  await waitFor(() => window.gpucfgState().pinned.length === 1);
  await click("/cluster/gpu");
  await click("/cluster/gpu:H100-SXM5-80GB");
  await waitFor(() => window.gpucfgState().scenario.cluster.gpu === "H100-SXM5-80GB");
  await click("compare:pin");
  await waitFor(() => window.gpucfgState().pinned.length === 2);
  await loadExample("llama2-70b-serving");
  await waitFor(() => window.gpucfgState().scenario.workload.kind === "inference");
  await click("compare:pin");
  await waitFor(() => window.gpucfgState().pinned.length === 3);
  const s = await state();
  assert.deepEqual(s.pinned.map((p) => p.scenario.cluster.gpu), ["A100-SXM4-80GB", "H100-SXM5-80GB", "H100-SXM5-80GB"]);
  assert.deepEqual(s.pinned.map((p) => p.label), ["#1", "#2", "#3"]);
  await page.mouse.move(5, 5);
  await shot("09-compare-en.png");
  await click("compare:remove:2");
  await waitFor(() => window.gpucfgState().pinned.length === 2);
  await setLanguage("zh-CN");
  await shot("12-compare-zh.png");
  // Loading a slot puts its scenario back into the editor.
  await click("compare:load:0");
  await waitFor(() => window.gpucfgState().scenario.cluster.gpu === "A100-SXM4-80GB");
  await openView("overview");
  await loadExample("13b-a100-oom");
  await waitFor(() => window.gpucfgState().report.memory.fits === false);
  // A taller page (Chinese browser locale, same URL) shows the overview down to its warnings and
  // assumptions, translated.
  const tall = await browser.newPage({ viewport: { width: 1280, height: 1400 }, locale: "zh-CN" });
  tall.on("console", (m) => { if (m.type() === "error") consoleErrors.push(`tall: ${m.text()}`); });
  await tall.goto(baseUrl + (await page.evaluate(() => location.hash)));
  await tall.waitForFunction(() => typeof window.gpucfgState === "function");
  const zh = await tall.evaluate(() => window.gpucfgState());
  assert.equal(zh.language, "zh-CN");
  assert.ok(zh.report.warnings.length > 0);
  await tall.waitForTimeout(300);
  await tall.screenshot({ path: path.join(artifacts, "13-warnings-zh.png") });
  await tall.close();
  await setLanguage("en");
});

test("on a HiDPI screen the canvas draws at device pixels and clicks still land", async () => {
  const hi = await browser.newPage({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 2, locale: "en-US" });
  hi.on("console", (m) => { if (m.type() === "error") consoleErrors.push(`hidpi: ${m.text()}`); });
  await hi.goto(baseUrl);
  await hi.waitForFunction(() => typeof window.gpucfgState === "function");
  await hi.waitForTimeout(200);
  const size = await hi.evaluate(() => { const c = document.querySelector("canvas"); return [c.width, c.clientWidth]; });
  assert.equal(size[0], 2 * size[1]);
  // Widget rectangles stay in CSS pixels: the same click as at 1x switches the language.
  const r = JSON.parse(await hi.evaluate(() => window.gpucfg.widgetRect("language")));
  const box = await hi.locator("canvas").boundingBox();  // below the page's toolbar
  await hi.mouse.move(box.x + r.x + r.w / 2, box.y + r.y + r.h / 2);
  await hi.waitForTimeout(80);
  await hi.mouse.down();
  await hi.waitForTimeout(80);
  await hi.mouse.up();
  await hi.waitForFunction(() => window.gpucfgState().language === "zh-CN", null, { timeout: 10000 });
  await hi.waitForTimeout(100);
  await hi.screenshot({ path: path.join(artifacts, "17-hidpi-zh.png"), clip: { x: 460, y: 40, width: 640, height: 360 } });
  await hi.close();
});

test("every warning and assumption code has a Chinese sentence with the same placeholders", () => {
  const read = (f) => fs.readFileSync(path.join(root, f), "utf8");
  const english = new Map();
  for (const f of ["core/base/warnings.cpp", ...fs.readdirSync(path.join(root, "core/base")).filter((n) => n.endsWith("_warnings.inc")).map((n) => "core/base/" + n)])
    for (const m of read(f).matchAll(/^\s*\{"([a-z0-9_]+)",\s*"((?:[^"\\]|\\.)*)"\}/gm)) english.set(m[1], m[2]);
  const chinese = new Map();
  for (const m of read("wasm/app/text/i18n.cpp").matchAll(/\{"([a-z0-9_]+)", nullptr, "((?:[^"\\]|\\.)*)"\}/g))
    chinese.set(m[1], m[2]);
  assert.ok(english.size >= 20, `found only ${english.size} codes`);
  const placeholders = (t) => ["{value}", "{limit}"].filter((p) => t.includes(p));
  for (const [code, text] of english) {
    assert.ok(chinese.has(code), `wasm/app/text/i18n.cpp kWarningsZh lacks "${code}"`);
    assert.deepEqual(placeholders(chinese.get(code)), placeholders(text), code);
  }
});

test("embed.js mounts the widget into a div of another page", async () => {
  const demo = await browser.newPage({ viewport: { width: 1100, height: 760 } });
  demo.on("console", (m) => { if (m.type() === "error") consoleErrors.push(`embed: ${m.text()}`); });
  // A marketing page of the same origin, served by the route below rather than from disk.
  await demo.route(baseUrl + "embed-demo.html", (route) => route.fulfill({ contentType: "text/html", body: `
    <!doctype html><meta charset="utf-8"><link rel="icon" href="data:,">
    <body style="margin:0;font:15px sans-serif;background:#e2e8f0">
    <h1 style="margin:16px">Our GPU cloud</h1>
    <div id="widget" style="width:1000px;height:620px;margin:0 16px;border:1px solid #94a3b8"></div>
    <script src="embed.js"></script>
    <script>GpucfgEmbed.mount(document.getElementById("widget"),
      { example: "llama2-70b-serving", lang: "zh-CN" }).then((app) => { window.embedded = app; });</script>` }));
  await demo.goto(baseUrl + "embed-demo.html");
  await demo.waitForFunction(() => window.embedded, null, { timeout: 15000 });
  await demo.waitForTimeout(300);
  const s = await demo.evaluate(() => JSON.parse(window.embedded.state()));
  assert.equal(s.scenario.workload.kind, "inference");
  assert.equal(s.language, "zh-CN");
  assert.ok(s.report.performance.output_tokens_per_s > 0);
  await demo.screenshot({ path: path.join(artifacts, "06-embed-zh.png") });
  await demo.close();
});

test("the console stayed free of errors", () => {
  assert.deepEqual(consoleErrors, []);
});
