// Numbers explained, in headless Chromium:   node --test web/tests/explain.test.mjs
// Hovering MFU, throughput, cost, a memory part or a roofline point shows what it is, the formula
// with this scenario's numbers, the source and the stated uncertainty (read back through the app's
// tooltip() hook, the text the canvas draws); the price actually used stands next to the price
// input; FLOPs and bytes share one unit scheme; a setup that does not fit shows no cost as if it
// ran; in Chinese the explanations are Chinese, big numbers read in 万/亿 and prices default to ¥.
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

let server, browser, baseUrl, page;
const consoleErrors = [];

before(async () => {
  fs.mkdirSync(artifacts, { recursive: true });
  server = await serve(webDir, 0);
  baseUrl = `http://127.0.0.1:${server.address().port}/`;
  browser = await chromium.launch({ executablePath: process.env.GPUCFG_CHROMIUM || "/usr/bin/chromium", args: CHROMIUM_ARGS });
  page = await browser.newPage({ viewport: { width: 1280, height: 900 }, locale: "en-US" });
  page.on("console", (m) => { if (m.type() === "error") consoleErrors.push(m.text()); });
  page.on("pageerror", (e) => consoleErrors.push(String(e)));
});

after(async () => {
  await browser?.close();
  server?.close();
});

const state = () => page.evaluate(() => window.gpucfgState());

async function open(hash = "") {
  await page.goto("about:blank");
  await page.goto(baseUrl + hash);
  await page.waitForFunction(() => typeof window.gpucfgState === "function", null, { timeout: 15000 });
  await page.waitForFunction(() => window.gpucfg.widgetRect("/cluster/nodes+") !== "null", null, { timeout: 10000 });
}

// Hovers the item `name` and returns the tooltip text the app drew.
async function hover(name) {
  await page.waitForFunction((n) => window.gpucfg.widgetRect(n) !== "null", name, { timeout: 10000 });
  const r = JSON.parse(await page.evaluate((n) => window.gpucfg.widgetRect(n), name));
  const box = await page.locator("canvas").boundingBox();
  await page.mouse.move(box.x + r.x + r.w / 2, box.y + r.y + r.h / 2);
  await page.waitForFunction(() => window.gpucfg.tooltip() !== "", null, { timeout: 5000 });
  return page.evaluate(() => window.gpucfg.tooltip());
}

async function view(id) {
  await page.evaluate((v) => window.gpucfg.setView(v), id);
  await page.waitForFunction((v) => window.gpucfgState().view === v, id, { timeout: 5000 });
  await page.waitForTimeout(100);
}

test("MFU, throughput and cost explain themselves with this scenario's numbers", async () => {
  await open("#lang=en");
  const r = (await state()).report;
  const mfu = await hover("mfu");
  assert.match(mfu, /Model FLOPs utilisation/);
  assert.ok(mfu.includes(r.performance.tflops_per_gpu.toFixed(1)), mfu);
  assert.ok(mfu.includes(r.performance.roofline.peak_tflops.toFixed(0)), mfu);
  assert.match(mfu, /PaLM/);
  assert.match(mfu, /Uncertainty: medium confidence.*7 %/s);
  await page.screenshot({ path: path.join(artifacts, "50-explain-mfu-en.png") });
  const tokens = await hover("figure:tokens_per_s");
  assert.match(tokens, /512 x 2048/);
  const perHour = await hover("figure:per_hour");
  assert.match(perHour, /8 x \$1\.80 = \$14\.40/);
  const price = await hover("figure:per_gpu_hour");
  assert.match(price, /catalog list price/);
  // The price used stands next to the price input (which holds 0 = list).
  assert.notEqual(await page.evaluate(() => window.gpucfg.widgetRect("price_used")), "null");
  const mem = await hover("memory_part:weights_gib");
  assert.match(mem, /ZeRO/);
  await page.screenshot({ path: path.join(artifacts, "51-explain-memory-en.png") });
});

test("a roofline point: its formula, FLOP and bytes in one unit scheme", async () => {
  await view("roofline");
  const roof = (await state()).report.performance.roofline;
  const slowest = roof.points.reduce((best, p, i) => (p.time_s > roof.points[best].time_s ? i : best), 0);
  const tip = await hover(`roofline_point:${slowest}`);
  assert.match(tip, /min\(/);
  assert.match(tip, /Williams/);
  assert.match(tip, /\d (k|M|G|T|P)?FLOP\b.*\d (k|M|G|T)?B\b/s);
  await page.screenshot({ path: path.join(artifacts, "52-explain-roofline-en.png") });
  await view("overview");
});

test("a setup that does not fit shows no cost as if it ran", async () => {
  // Loaded, then reloaded from its link: a fresh page that never drew a cluster cost.
  await open("");
  await page.evaluate(() => { window.gpucfg.loadExample("13b-a100-oom"); window.gpucfg.state(); });
  await page.waitForFunction(() => location.hash.includes("micro_batch%22%3A16"), null, { timeout: 5000 });
  await page.reload();
  await page.waitForFunction(() => typeof window.gpucfgState === "function");
  await page.waitForFunction(() => window.gpucfg.widgetRect("cost:no_fit") !== "null", null, { timeout: 10000 });
  assert.equal((await state()).report.memory.fits, false);
  assert.equal(await page.evaluate(() => window.gpucfg.widgetRect("figure:per_hour")), "null");
  await page.screenshot({ path: path.join(artifacts, "53-no-fit-no-cost-en.png") });
});

test("in Chinese: explanations in Chinese, 万/亿, and ¥ by default", async () => {
  await open("#lang=zh-CN");
  const s = await state();
  assert.equal(s.language, "zh-CN");
  assert.equal(s.scenario.pricing.currency, "CNY");
  assert.equal(s.report.cost.currency, "CNY");
  const mfu = await hover("mfu");
  assert.match(mfu, /模型算力利用率/);
  assert.match(mfu, /来源/);
  assert.match(mfu, /不确定度/);
  const tokens = await hover("figure:tokens_per_s");
  assert.match(tokens, /万/);
  const perHour = await hover("figure:per_hour");
  assert.match(perHour, /¥/);
  await page.screenshot({ path: path.join(artifacts, "54-explain-zh.png") });
  // An example opened on the Chinese page is in ¥ too (examples are written in USD).
  await page.evaluate(() => window.gpucfg.loadExample("gpt3-175b"));
  await page.waitForFunction(() => window.gpucfgState().report.cost.currency === "CNY", null, { timeout: 5000 });
  // Back to English: back to $ (the currency moved with the language, the user did not choose it).
  await page.evaluate(() => window.gpucfg.setLanguage("en"));
  await page.waitForFunction(() => window.gpucfgState().scenario.pricing.currency === "USD", null, { timeout: 5000 });
});

test("in Chinese: input hover text, the error list and the fix table speak Chinese", async () => {
  await open("#lang=zh-CN");
  const doc = await hover("label:/workload/micro_batch");
  assert.match(doc, /每个 GPU 每次前向/);
  assert.match(doc, /\/workload\/micro_batch/);
  // TP 3 for a model of 32 heads: the error, headline in Chinese, the field by its Chinese label.
  const s = JSON.parse(await page.evaluate(() => window.gpucfg.example("default")));
  s.parallelism.tp = 3;
  await open(`#lang=zh-CN&scenario=${encodeURIComponent(JSON.stringify(s))}`);
  const errors = (await state()).report.errors;
  assert.ok(errors && errors.length > 0, JSON.stringify((await state()).report).slice(0, 200));
  assert.equal(await page.locator("#copy-link").innerText(), "复制链接");  // the page's toolbar follows the language
  await page.mouse.move(2, 300);
  await page.waitForTimeout(200);
  await page.screenshot({ path: path.join(artifacts, "56-error-zh.png") });
  await open(`#lang=zh-CN&scenario=${encodeURIComponent(await page.evaluate(() => window.gpucfg.example("13b-a100-oom")))}`);
  await page.mouse.move(2, 300);
  await page.waitForTimeout(200);
  await page.screenshot({ path: path.join(artifacts, "57-fixes-zh.png") });
});

test("a fix applies with a click and undoes; serving says the batch is per model copy", async () => {
  await open("");
  const oom = await page.evaluate(() => window.gpucfg.example("13b-a100-oom"));
  const click = async (name) => {
    await page.waitForFunction((n) => window.gpucfg.widgetRect(n) !== "null", name, { timeout: 5000 });
    const r = JSON.parse(await page.evaluate((n) => window.gpucfg.widgetRect(n), name));
    const box = await page.locator("canvas").boundingBox();
    await page.mouse.move(box.x + r.x + r.w / 2, box.y + r.y + r.h / 2);
    await page.waitForTimeout(80);
    await page.mouse.down();
    await page.waitForTimeout(80);
    await page.mouse.up();
    await page.waitForTimeout(120);
  };
  // One fix on its own: the micro-batch goes to the fix's value (it still does not fit), Undo
  // brings back 16.
  await open(`#lang=en&scenario=${encodeURIComponent(oom)}`);
  const fixes = (await state()).report.memory.fixes;
  const i = fixes.findIndex((f) => f.path === "/workload/micro_batch" && !f.plan_step);
  assert.ok(i >= 0, JSON.stringify(fixes));
  await click(`fix:apply:${i}`);
  await page.waitForFunction((to) => window.gpucfgState().scenario.workload.micro_batch === to, fixes[i].to, { timeout: 5000 });
  assert.equal((await state()).report.memory.fits, false);
  await click("fix:undo");
  await page.waitForFunction(() => window.gpucfgState().scenario.workload.micro_batch === 16, null, { timeout: 5000 });
  // The combined plan's last step applies the whole plan: the result fits.
  const last = fixes.reduce((best, f, k) => (f.plan_step > (best >= 0 ? fixes[best].plan_step : 0) ? k : best), -1);
  assert.ok(last >= 0 && fixes[last].fits_after);
  await click(`fix:apply:${last}`);
  await page.waitForFunction(() => window.gpucfgState().report.memory.fits === true, null, { timeout: 5000 });
  await page.mouse.move(2, 300);
  await page.waitForTimeout(150);
  await page.screenshot({ path: path.join(artifacts, "58-fix-applied-en.png") });
  await click("fix:undo");
  await page.waitForFunction(() => window.gpucfgState().report.memory.fits === false, null, { timeout: 5000 });
  // Serving: the batch row says it is per model copy.
  await open(`#lang=en&scenario=${encodeURIComponent(await page.evaluate(() => window.gpucfg.example("llama2-70b-serving")))}`);
  assert.notEqual(await page.evaluate(() => window.gpucfg.widgetRect("batch_per_copy")), "null");
});

test("an imported model's Chinese name renders: the larger CJK font is fetched on demand", async () => {
  const fonts = [];
  page.on("request", (r) => { if (r.url().endsWith("ui_font_cjk.ttf")) fonts.push(r.url()); });
  await open("#lang=zh-CN");
  assert.equal(fonts.length, 0, "the page does not fetch the CJK font for its own strings");
  const s = JSON.parse(await page.evaluate(() => window.gpucfg.example("default")));
  // Characters the UI's string table does not use (鑫, 磊, 蜂, 鸟).
  s.workload.model = { name: "鑫磊蜂鸟-7B", layers: 32, hidden: 4096, heads: 32, vocab: 32000 };
  await open(`#lang=zh-CN&scenario=${encodeURIComponent(JSON.stringify(s))}`);
  await page.waitForFunction(() => window.gpucfg.missingGlyphs() === 0, null, { timeout: 15000 });
  assert.equal(fonts.length, 1);
  assert.equal((await state()).scenario.workload.model.name ?? (await state()).scenario.workload.model, "鑫磊蜂鸟-7B");
  await page.waitForTimeout(200);
  await page.screenshot({ path: path.join(artifacts, "55-cjk-model-name-zh.png"), clip: { x: 0, y: 40, width: 640, height: 560 } });
});

test("the console stayed free of errors", () => {
  assert.deepEqual(consoleErrors, []);
});
