// Links and saved state of the full page, in headless Chromium:   node --test web/tests/links.test.mjs
// Every part of the view is in the link (scenario, language, tab, pins, the serving panel's load) and
// comes back from it; a link with a bad part shows a banner naming the field, keeps the link in the
// address bar and shows the valid parts; a link pasted into an open tab is followed; a reload keeps the view; saved
// scenarios survive in localStorage (an older store is migrated); export/import of the scenario
// JSON round-trips; the report CSV and the copied `gpucfg` command give the numbers the native CLI
// prints for the same scenario.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { chromium } from "playwright-core";
import { serve } from "../../scripts/serve.mjs";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..", "..");
const webDir = path.resolve(root, process.env.GPUCFG_WEB_DIR || "build/wasm/web");
const cli = path.resolve(root, process.env.GPUCFG_NATIVE_CLI || "build/native/native_cli/gpucfg");
const artifacts = path.join(root, "web", "tests", "artifacts");
const CHROMIUM_ARGS = [
  "--headless", "--no-sandbox", "--disable-background-networking", "--disable-component-update",
  "--disable-sync", "--no-first-run", "--disable-quic", "--enable-unsafe-swiftshader",
  "--use-angle=swiftshader",
];

let server, browser, baseUrl, context, page;
const consoleErrors = [];

before(async () => {
  fs.mkdirSync(artifacts, { recursive: true });
  server = await serve(webDir, 0);
  baseUrl = `http://127.0.0.1:${server.address().port}/`;
  browser = await chromium.launch({ executablePath: process.env.GPUCFG_CHROMIUM || "/usr/bin/chromium", args: CHROMIUM_ARGS });
  context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: "en-US", acceptDownloads: true });
  page = await context.newPage();
  page.on("console", (m) => { if (m.type() === "error") consoleErrors.push(m.text()); });
  page.on("pageerror", (e) => consoleErrors.push(String(e)));
});

after(async () => {
  await browser?.close();
  server?.close();
});

const state = () => page.evaluate(() => window.gpucfgState());
const ready = () => page.waitForFunction(() => typeof window.gpucfgState === "function", null, { timeout: 15000 });
const bannerText = () => page.locator("#link-banner").innerText();
const bannerShown = () => page.evaluate(() => !document.getElementById("link-banner").hidden);

async function openHash(hash) {
  await page.goto("about:blank");
  await page.goto(baseUrl + hash);
  await ready();
  await page.waitForTimeout(150);
}

const example = async (name) => JSON.parse(await page.evaluate((n) => window.gpucfg.example(n), name));
const enc = (v) => encodeURIComponent(typeof v === "string" ? v : JSON.stringify(v));

test("every part of the view is in the link and comes back from it", async () => {
  await openHash("");
  const a = await example("default"), b = await example("gpt3-175b");
  const link = `#scenario=${enc(b)}&lang=zh-CN&view=scaling&pins=${enc([a, b])}`;
  await openHash(link);
  const s = await state();
  assert.equal(s.scenario.cluster.nodes, b.cluster.nodes);
  assert.equal(s.language, "zh-CN");
  assert.equal(s.view, "scaling");
  assert.equal(s.pinned.length, 2);
  assert.equal(await bannerShown(), false);
  // The address bar follows the page (a tab click here), and a reload keeps everything.
  await page.evaluate(() => window.gpucfg.setView("roofline"));
  await page.waitForFunction(() => location.hash.includes("view=roofline"), null, { timeout: 5000 });
  await page.reload();
  await ready();
  await page.waitForTimeout(150);
  const r = await state();
  assert.deepEqual([r.view, r.language, r.pinned.length, r.scenario.cluster.nodes], ["roofline", "zh-CN", 2, b.cluster.nodes]);
  // The bare address (no hash) opens the last view from localStorage.
  await page.goto(baseUrl);
  await ready();
  assert.equal((await state()).view, "roofline");
});

test("bad links: a banner names the field, the link stays, the valid parts show", async () => {
  const d = await example("default");
  const cases = [
    ["out-of-range value", { ...d, workload: { ...d.workload, micro_batch: -4 } }, /\/workload\/micro_batch/],
    ["unknown key in the scenario", { ...d, cluster: { ...d.cluster, colour: "red" } }, /\/cluster\/colour/],
    ["schema_version 99", { ...d, schema_version: 99 }, /\/schema_version/],
  ];
  for (const [what, scenario, field] of cases) {
    const good = { ...scenario, cluster: { ...scenario.cluster, nodes: 2, inter_node: "ib-hdr" } };
    const link = `#scenario=${enc(good)}&view=breakdown`;
    await openHash(link);
    assert.equal(await bannerShown(), true, what);
    assert.match(await bannerText(), field, what);
    assert.equal(await page.evaluate(() => location.hash), link, `${what}: the address bar keeps the link`);
    const s = await state();
    assert.equal(s.scenario.cluster.nodes, 2, `${what}: valid parts shown`);
    assert.equal(s.view, "breakdown", what);
  }
  await page.screenshot({ path: path.join(artifacts, "40-bad-link-en.png") });
  // Invalid JSON, broken percent-encoding and an unknown key of the link itself.
  await openHash("#scenario=%7B%22cluster%22%3A&lang=zh-CN");
  assert.match(await bannerText(), /scenario/);
  assert.equal((await state()).language, "zh-CN");
  await page.screenshot({ path: path.join(artifacts, "41-bad-json-zh.png") });
  await openHash("#scenario=%E0%A4%A&view=compare");
  assert.match(await bannerText(), /scenario/);
  assert.equal((await state()).view, "compare");
  await openHash("#colour=blue&lang=en");
  assert.match(await bannerText(), /colour/);
  // Dismissing the banner lets the address bar follow the page again.
  await page.click("#link-dismiss");
  await page.waitForFunction(() => location.hash.startsWith("#scenario="), null, { timeout: 5000 });
  assert.equal(await bannerShown(), false);
});

test("a link pasted into an open tab is followed", async () => {
  await openHash("");
  const b = await example("llama2-70b-serving");
  await page.evaluate((h) => { location.hash = h; }, `#scenario=${enc(b)}&view=breakdown`);
  await page.waitForFunction(() => window.gpucfgState().scenario.workload.kind === "inference" &&
                                   window.gpucfgState().view === "breakdown", null, { timeout: 5000 });
});

// Scrolls the inputs column (wheel over it) until widget `name` lies inside the canvas.
async function scrollInputsTo(name) {
  await page.waitForFunction((n) => window.gpucfg.widgetRect(n) !== "null", name, { timeout: 10000 });
  const box = await page.locator("canvas").boundingBox();
  for (let i = 0; i < 30; ++i) {
    const r = JSON.parse(await page.evaluate((n) => window.gpucfg.widgetRect(n), name));
    if (r.y > 60 && r.y + r.h < box.height - 20) return { x: box.x + r.x + r.w / 2, y: box.y + r.y + r.h / 2 };
    await page.mouse.move(box.x + 200, box.y + 400);
    await page.mouse.wheel(0, r.y + r.h >= box.height - 20 ? 240 : -240);
    await page.waitForTimeout(120);
  }
  throw new Error(`${name} never came into view`);
}

test("the serving panel's load is in the link: kept on reload, followed live, checked", async () => {
  await openHash("");
  const b = await example("llama2-70b-serving");
  b.speed = { ...(b.speed || {}), tpot_target_ms: 40 };
  await openHash(`#scenario=${enc(b)}&serving=rps%3A12.5`);
  assert.equal(await bannerShown(), false);
  let s = await state();
  assert.deepEqual([s.serving.by, s.serving.requests_per_s], ["rps", 12.5]);
  assert.equal(s.scenario.speed.tpot_target_ms, 40);  // the latency target travels in the scenario
  // The panel sizes the link's load.
  const sized = JSON.parse(await page.evaluate(() => window.gpucfg.servingSize()));
  assert.equal(sized.feasible, true, sized.why);
  assert.ok(Math.abs(sized.concurrency / sized.request_latency_s / 12.5 - 1) < 0.01, JSON.stringify(sized));  // Little's law
  // A click on "+" (double) moves the address bar, and a reload keeps the new load.
  const plus = await scrollInputsTo("serving:load+");
  await page.mouse.move(plus.x, plus.y);
  await page.waitForTimeout(80);
  await page.mouse.down();
  await page.waitForTimeout(80);
  await page.mouse.up();
  await page.waitForFunction(() => location.hash.includes("serving=rps%3A25"), null, { timeout: 5000 });
  await page.reload();
  await ready();
  await page.waitForTimeout(150);
  s = await state();
  assert.deepEqual([s.serving.by, s.serving.requests_per_s, s.scenario.speed.tpot_target_ms], ["rps", 25, 40]);
  // A link pasted into the open tab is followed (users mode, 7 users).
  await page.evaluate((h) => { location.hash = h; }, `#scenario=${enc(b)}&serving=users:7`);
  await page.waitForFunction(() => window.gpucfgState().serving.by === "users" && window.gpucfgState().serving.users === 7,
                             null, { timeout: 5000 });
  assert.equal(JSON.parse(await page.evaluate(() => window.gpucfg.servingSize())).concurrency, 7);
  // Bad loads: the banner names the part, the link stays, the rest of the link still shows.
  for (const [bad, field] of [["users:0", /serving\/users/], ["rps:-3", /serving\/requests_per_s/],
                              ["rps:lots", /serving\/requests_per_s/], ["people:5", /serving/]]) {
    const link = `#scenario=${enc(b)}&view=breakdown&serving=${bad}`;
    await openHash(link);
    assert.equal(await bannerShown(), true, bad);
    assert.match(await bannerText(), field, bad);
    assert.equal(await page.evaluate(() => location.hash), link, `${bad}: the address bar keeps the link`);
    s = await state();
    assert.equal(s.view, "breakdown", bad);
    assert.equal(s.scenario.workload.model, b.workload.model, bad);
  }
  await page.screenshot({ path: path.join(artifacts, "43-bad-serving-link-en.png") });
});

test("saved scenarios live in localStorage, and an older store is migrated", async () => {
  await openHash("");
  const b = await example("gpt3-175b");
  await page.evaluate((sc) => { window.gpucfg.setScenario(JSON.stringify(sc)); window.gpucfg.state(); }, b);
  await page.evaluate(() => window.GpucfgLinks.saveCurrent("big run"));
  await page.reload();
  await ready();
  assert.deepEqual(await page.evaluate(() => window.GpucfgLinks.readSaved().items.map((i) => i.name)), ["big run"]);
  await page.evaluate(() => window.gpucfg.loadExample("default"));
  await page.selectOption("#saved", "big run");
  await page.waitForFunction(() => window.gpucfgState().scenario.cluster.nodes === 128, null, { timeout: 5000 });
  // A store written as a bare array of scenarios is read as version 1.
  const d = await example("default");
  await page.evaluate((sc) => localStorage.setItem("gpucfg.saved", JSON.stringify([sc])), d);
  const migrated = await page.evaluate(() => window.GpucfgLinks.readSaved());
  assert.equal(migrated.schema_version, 1);
  assert.equal(migrated.items.length, 1);
  assert.ok(migrated.items[0].link.startsWith("#scenario="));
});

test("export and import of the scenario JSON round-trip; CSV and the copied command match the CLI", async () => {
  await openHash("");
  const b = await example("llama2-70b-serving");
  await page.evaluate((sc) => { window.gpucfg.setScenario(JSON.stringify(sc)); window.gpucfg.state(); }, b);
  const [json] = await Promise.all([page.waitForEvent("download"), page.click("#export-json")]);
  const file = path.join(artifacts, "exported.json");
  await json.saveAs(file);
  const exported = JSON.parse(fs.readFileSync(file, "utf8"));
  assert.deepEqual(exported, (await state()).scenario);
  await page.evaluate(() => window.gpucfg.loadExample("default"));
  const [chooser] = await Promise.all([page.waitForEvent("filechooser"), page.click("#import-json")]);
  await chooser.setFiles(file);
  await page.waitForFunction(() => window.gpucfgState().scenario.workload.kind === "inference", null, { timeout: 5000 });
  assert.deepEqual((await state()).scenario, exported);
  // The native CLI on the exported file gives the report the page shows, and the CSV holds its numbers.
  const native = JSON.parse(execFileSync(cli, ["evaluate", "--format", "json", file], { encoding: "utf8" }));
  assert.deepEqual((await state()).report, native);
  const [csv] = await Promise.all([page.waitForEvent("download"), page.click("#export-csv")]);
  const csvFile = path.join(artifacts, "report.csv");
  await csv.saveAs(csvFile);
  const rows = fs.readFileSync(csvFile, "utf8").trim().split("\n");
  assert.equal(rows[0], "field,value");
  assert.ok(rows.includes(`/performance/output_tokens_per_s,${native.performance.output_tokens_per_s}`));
  // The copied command, run in a shell with the native CLI, prints the same report.
  await page.click("#copy-cli");
  const command = await page.evaluate(() => window.gpucfgLastCopy);
  assert.match(command, /^echo '.*' \| gpucfg evaluate -$/);
  const out = execFileSync("bash", ["-c", command.replace("gpucfg evaluate", `'${cli}' evaluate --format json`)], { encoding: "utf8" });
  assert.deepEqual(JSON.parse(out), native);
  await page.click("#copy-link");
  assert.equal(await page.evaluate(() => window.gpucfgLastCopy), await page.evaluate(() => location.href));
  await page.screenshot({ path: path.join(artifacts, "42-toolbar-en.png") });
});

test("the console stayed free of errors", () => {
  assert.deepEqual(consoleErrors, []);
});
