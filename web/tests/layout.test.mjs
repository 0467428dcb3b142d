// The page at a phone's width (390 x 844, touch), at 800 x 600 and at 1280 x 800, in English and
// 简体中文, in headless Chromium:   node --test web/tests/layout.test.mjs
// Below ~700 px the inputs sit over the results in one column that a swipe scrolls; nothing is cut
// off (title and example menu apart, every +/- button inside the page, tabs keep their labels, the
// compare table scrolls sideways), targets are touch-sized, and a tap presses a button. The newer
// panels (workload with the HF import, serving, planner, power, MIG) are drawn at each width too,
// their controls inside the page and the planner's figures on one line. Screenshots of each width
// and language go to web/tests/artifacts/3x-*.png and 5x-*.png (git-ignored), to be looked at.
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

let server, browser, baseUrl;
const consoleErrors = [];

before(async () => {
  fs.mkdirSync(artifacts, { recursive: true });
  server = await serve(webDir, 0);
  baseUrl = `http://127.0.0.1:${server.address().port}/`;
  browser = await chromium.launch({ executablePath: process.env.GPUCFG_CHROMIUM || "/usr/bin/chromium", args: CHROMIUM_ARGS });
});

after(async () => {
  await browser?.close();
  server?.close();
});

async function open(width, height, locale, phone) {
  const context = await browser.newContext({ viewport: { width, height }, locale, hasTouch: phone, isMobile: phone });
  const page = await context.newPage();
  page.on("console", (m) => { if (m.type() === "error") consoleErrors.push(`${width} ${locale}: ${m.text()}`); });
  page.on("pageerror", (e) => consoleErrors.push(String(e)));
  await page.goto(baseUrl);
  await page.waitForFunction(() => typeof window.gpucfgState === "function");
  await page.waitForFunction(() => window.gpucfg.widgetRect("/workload/micro_batch+") !== "null");
  await page.waitForTimeout(200);
  return page;
}

// An item's rectangle in canvas (CSS) pixels, and in page pixels (the page's toolbar is above it).
const rect = async (page, name) => JSON.parse(await page.evaluate((n) => window.gpucfg.widgetRect(n), name));
async function pageRect(page, name) {
  const r = await rect(page, name), box = await page.locator("canvas").boundingBox();
  return { ...r, x: r.x + box.x, y: r.y + box.y };
}
const overlap = (a, b) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

// A finger moving from (x, y) by dy, in steps, through the DevTools protocol (real touch events).
async function swipe(page, x, y, dy) {
  const cdp = await page.context().newCDPSession(page);
  const at = (yy) => [{ x, y: yy }];
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: at(y) });
  for (let i = 1; i <= 10; ++i) {
    await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: at(y + (dy * i) / 10) });
    await page.waitForTimeout(16);
  }
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
  await page.waitForTimeout(150);
}

// A click as a person makes it: move, press, release, with frames in between for ImGui to see each.
async function click(page, name) {
  const r = await pageRect(page, name);
  await page.mouse.move(r.x + r.w / 2, r.y + r.h / 2);
  await page.waitForTimeout(80);
  await page.mouse.down();
  await page.waitForTimeout(80);
  await page.mouse.up();
  await page.waitForTimeout(80);
}

async function tap(page, name) {
  const r = await pageRect(page, name);
  await page.touchscreen.tap(r.x + r.w / 2, r.y + r.h / 2);
  await page.waitForTimeout(150);
}

for (const locale of ["en-US", "zh-CN"]) {
  const tag = locale === "en-US" ? "en" : "zh";

  test(`a phone (390 x 844, ${tag}): one column, touch-sized, swipe scrolls, tap presses`, async () => {
    const page = await open(390, 844, locale, true);
    const title = await rect(page, "title"), example = await rect(page, "example"), lang = await rect(page, "language");
    assert.ok(!overlap(title, example) && !overlap(title, lang), JSON.stringify({ title, example, lang }));
    for (const name of ["/workload/micro_batch-", "/workload/micro_batch+", "/cluster/nodes+", "/cluster/gpu", "language"]) {
      const r = await rect(page, name);
      assert.ok(r.x >= 0 && r.x + r.w <= 390, `${name} cut off: ${JSON.stringify(r)}`);
      assert.ok(r.h >= 40, `${name} is ${r.h} px high, not touch-sized`);
    }
    await page.screenshot({ path: path.join(artifacts, `30-phone-top-${tag}.png`) });
    // A tap presses "+" (nodes double: 1 -> 2).
    await tap(page, "/cluster/nodes+");
    await page.waitForFunction(() => window.gpucfgState().scenario.cluster.nodes === 2, null, { timeout: 5000 });
    // A swipe up scrolls the column: the inputs move up, the report comes into view.
    const gpu0 = await rect(page, "/cluster/gpu");
    await swipe(page, 200, 700, -500);
    const gpu1 = await rect(page, "/cluster/gpu");
    assert.ok(gpu1.y < gpu0.y - 300, `${gpu0.y} -> ${gpu1.y}`);
    await swipe(page, 200, 700, -600);
    await page.screenshot({ path: path.join(artifacts, `31-phone-report-${tag}.png`) });
    // The tabs keep their labels (no one-letter tabs).
    for (const id of ["overview", "breakdown", "roofline", "scaling", "compare"]) {
      const r = await rect(page, `tab:${id}`);
      assert.ok(r.w >= 40, `tab ${id} is ${r.w} px wide`);
    }
    await page.context().close();
  });

  test(`800 x 600 and 1280 x 800 (${tag}): labels and the compare table fit or scroll`, async () => {
    for (const [w, h] of [[800, 600], [1280, 800]]) {
      const page = await open(w, h, locale, false);
      for (const name of ["/workload/micro_batch-", "/workload/micro_batch+", "/cluster/nodes+", "language", "example"]) {
        const r = await rect(page, name);
        assert.ok(r.x >= 0 && r.x + r.w <= w, `${w}: ${name} cut off: ${JSON.stringify(r)}`);
      }
      await page.screenshot({ path: path.join(artifacts, `32-overview-${w}-${tag}.png`) });
      // Three pinned scenarios in the compare view.
      for (const ex of ["default", "gpt3-175b", "llama2-70b-serving"]) {
        await page.evaluate((e) => { window.gpucfg.loadExample(e); window.gpucfg.state(); }, ex);
        await page.waitForTimeout(100);
        await click(page, "tab:compare");
        await page.waitForFunction(() => window.gpucfg.widgetRect("compare:pin") !== "null");
        const pinned = (await page.evaluate(() => window.gpucfgState())).pinned.length;
        await click(page, "compare:pin");
        await page.waitForFunction((n) => window.gpucfgState().pinned.length === n + 1, pinned, { timeout: 5000 });
      }
      assert.equal((await page.evaluate(() => window.gpucfgState())).pinned.length, 3);
      await page.mouse.move(2, 2);
      await page.waitForTimeout(150);
      await page.screenshot({ path: path.join(artifacts, `33-compare-${w}-${tag}.png`) });
      await page.context().close();
    }
  });
}

// [SECTION] The newer panels at the three widths ----------------------------------------------------
// Workload (with the Hugging Face import open), serving, planner (with a finished plan's table),
// power and MIG, in both languages: screenshots web/tests/artifacts/5x-<panel>-<width>-<lang>.png.
const HF_CONFIG = fs.readFileSync(path.join(root, "tests", "cli", "llama2_7b_config.json"), "utf8");

// Wheels the column holding widget `name` (the inputs, the report, or the one narrow column) until
// the widget's top lies in the upper part of the canvas; returns its rectangle.
async function scrollTo(page, name, side) {
  await page.waitForFunction((n) => window.gpucfg.widgetRect(n) !== "null", name, { timeout: 10000 });
  const box = await page.locator("canvas").boundingBox();
  const narrow = box.width < 700;
  // In a column's padding, left of its widgets: a text box under the pointer would take the wheel.
  const inputsW = box.width > 1100 + 32 ? 440 : Math.max(340, (box.width - 32) * 0.44);
  // The report's view starts after the inputs, the gap and the report's border padding.
  const x = box.x + (narrow ? 5 : side === "inputs" ? 22 : 16 + inputsW + 8 + 16 + 6);
  let last = null, still = 0;
  for (let i = 0; i < 40; ++i) {
    const r = await rect(page, name);
    if (r.y >= 70 && r.y <= box.height * 0.45) return r;
    still = last && last.y === r.y ? still + 1 : 0;
    if (still >= 2) return r;  // as far as the column scrolls (its foot or its top)
    last = r;
    await page.mouse.move(x, box.y + box.height * 0.6);
    await page.mouse.wheel(0, r.y > box.height * 0.45 ? 200 : -200);
    await page.waitForTimeout(150);
  }
  return rect(page, name);
}

// Parks the pointer where nothing shows a tooltip: the canvas's right edge (the page's padding, or
// the phone column's scrollbar). A pointer outside the canvas would leave ImGui's last hover.
async function park(page) {
  const box = await page.locator("canvas").boundingBox();
  await page.mouse.move(box.x + box.width - 3, box.y + box.height / 2);
  await page.waitForTimeout(150);
}

async function view(page, id) {
  await page.evaluate((v) => window.gpucfg.setView(v), id);
  await page.waitForFunction((v) => window.gpucfgState().view === v, id);
  await page.waitForTimeout(150);
}

async function example(page, name) {
  await page.evaluate((n) => { window.gpucfg.loadExample(n); window.gpucfg.state(); }, name);
  await page.mouse.move(3, 3);  // an event wakes a paused page
  await page.waitForTimeout(150);
}

for (const locale of ["en-US", "zh-CN"]) {
  const tag = locale === "en-US" ? "en" : "zh";
  for (const [w, h] of [[390, 844], [800, 600], [1280, 800]]) {
    test(`the newer panels at ${w} x ${h} (${tag}): workload + HF import, serving, planner, power, MIG`, async () => {
      const phone = w < 700;
      const page = await open(w, h, locale, phone);
      const shot = (panel) => page.screenshot({ path: path.join(artifacts, `5x-${panel}-${w}-${tag}.png`) });
      const inside = (r, what) => assert.ok(r.x >= 0 && r.x + r.w <= w + 0.5, `${w} ${tag}: ${what} cut off: ${JSON.stringify(r)}`);
      // Workload, with a Hugging Face config imported and the import section open.
      await example(page, "default");
      await scrollTo(page, "hf:section", "inputs");
      await click(page, "hf:section");
      await page.evaluate((t) => window.gpucfg.setHfText(t), HF_CONFIG);
      await scrollTo(page, "hf:import", "inputs");
      await click(page, "hf:import");
      await page.waitForFunction(() => typeof window.gpucfgState().scenario.workload.model === "object", null, { timeout: 5000 });
      await scrollTo(page, "hf:section", "inputs");
      for (const name of ["hf:import", "hf:text", "/workload/engine"]) inside(await rect(page, name), name);
      await park(page);
      await shot("workload-hf");
      // Serving: the answer for 50 users at the example's latency target.
      await example(page, "llama2-70b-serving");
      await scrollTo(page, "serving:load", "inputs");
      for (const name of ["serving:load", "serving:load-", "serving:load+", "serving:answer", "serving:mode:rps"])
        inside(await rect(page, name), name);
      await park(page);
      await shot("serving");
      // Planner: a finished plan's table; each figure on one line, the table's right edge on the page.
      await example(page, "mid-training");
      await view(page, "planner");
      await scrollTo(page, "plan_run", "report");
      await click(page, "plan_run");
      await page.waitForFunction(() => JSON.parse(window.gpucfg.plannerState()).done, null, { timeout: 120000 });
      await page.waitForTimeout(150);
      const table = await scrollTo(page, "plan_options", "report");
      await park(page);
      await shot("planner");
      inside(table, "plan table");
      const line = (await rect(page, "plan_label:0")).h;
      for (const name of ["plan_time:0", "plan_cost:0", "plan_time:1", "plan_cost:1"]) {
        const r = await rect(page, name);
        assert.ok(r.h <= line + 0.5, `${w} ${tag}: ${name} wraps: ${JSON.stringify(r)} (a line is ${line} px)`);
        // Wide enough for the whole table at 1280: every figure inside it (narrower ones scroll sideways).
        if (w >= 1280) assert.ok(r.x + r.w <= table.x + table.w + 0.5, `${name} cut off by the table: ${JSON.stringify([r, table])}`);
      }
      // Power and MIG, from the top of their tab.
      await example(page, "default");
      await view(page, "power");
      await scrollTo(page, "/power/gpu_cap_w", "report");
      inside(await rect(page, "/power/gpu_cap_w"), "power cap slider");
      await park(page);
      await shot("power");
      await view(page, "mig");
      await scrollTo(page, "mig:gpu", "report");
      for (const name of ["mig:gpu", "mig:clear", "mig:tenant:add"]) inside(await rect(page, name), name);
      await park(page);
      await shot("mig");
      await page.context().close();
    });
  }
}

test("the console stayed free of errors", () => {
  assert.deepEqual(consoleErrors, []);
});
