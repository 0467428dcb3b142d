// The planner tab in headless Chromium (playwright-core driving Debian's /usr/bin/chromium):
//   node --test web/tests/planner.test.mjs
// Serves build/wasm/web (or GPUCFG_WEB_DIR), opens the planner tab by clicking it, runs a plan by
// clicking "Plan" and reads the tab through the app's plannerState() hook: the search runs in slices
// across frames (its progress moves while the page keeps answering), "Cancel" stops it with no
// result, a finished plan lists its options best first (the API's plan() best on top), "Open" loads
// an option into the configurator, and a preset's decision path reads in English and 简体中文.
// Screenshots go to web/tests/artifacts/ (git-ignored).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { spawnSync } from "node:child_process";
import { openPage, widgetCentre as centreOf, click as clickOn, root, artifacts } from "./page_harness.mjs";

let page, session;

before(async () => {
  session = await openPage();
  page = session.page;
  await page.goto(session.baseUrl);
  await page.waitForFunction(() => typeof window.gpucfgState === "function");
});

after(async () => { await session?.close(); });

const state = () => page.evaluate(() => window.gpucfgState());
const planner = () => page.evaluate(() => JSON.parse(window.gpucfg.plannerState()));
const waitFor = (predicate, arg, timeout = 10000) => page.waitForFunction(predicate, arg, { timeout });
const shot = (name) => page.screenshot({ path: path.join(artifacts, name) });
const widgetCentre = (name) => centreOf(page, name);
const click = (name) => clickOn(page, name);

// The example menu scrolls past eight items; the presets sit at its foot, so load them by the hook.
async function loadExample(name) {
  assert.equal(await page.evaluate((n) => window.gpucfg.loadExample(n), name), true, name);
  const box = await page.locator("canvas").boundingBox();
  await page.mouse.move(box.x + box.width / 2, box.y + 20);  // an event wakes a paused page
  await waitFor(() => window.gpucfgState().scenario.plan.gpus.length > 0);
  await page.waitForTimeout(150);
}

// Scrolls the report side (wheel over it) until widget `name` lies inside the viewport.
async function scrollTo(name) {
  const box = await page.locator("canvas").boundingBox();
  for (let i = 0; i < 30; ++i) {
    await widgetCentre(name);
    const r = JSON.parse(await page.evaluate((n) => window.gpucfg.widgetRect(n), name));
    if (r.y > 130 && r.y + r.h < box.height - 20) return;
    await page.mouse.move(box.x + box.width * 0.75, box.y + box.height * 0.7);
    await page.mouse.wheel(0, r.y + r.h >= box.height - 20 ? 300 : -300);
    await page.waitForTimeout(150);
  }
  assert.fail(`cannot scroll ${name} into view`);
}

async function openPlanner() {
  await click("tab:planner");
  await waitFor(() => window.gpucfgState().view === "planner");
  await page.waitForTimeout(120);
}

async function setLanguage(lang) {
  if ((await state()).language === lang) return;
  await click("language");
  await waitFor((l) => window.gpucfgState().language === l, lang);
  await page.waitForTimeout(150);
}

test("a plan runs in slices across frames: progress moves, the page answers, Cancel stops it", async () => {
  await loadExample("large-cluster");
  // Every priced GPU up to 8192 of them: ~850,000 configurations scored, many frames even at the
  // candidate path's rate (the preset's own 50,000 can finish inside the 1.5 s below).
  const wide = (await state()).scenario;
  wide.plan.gpus = [];
  wide.plan.max_gpus = 8192;
  await page.evaluate((j) => window.gpucfg.setScenario(j), JSON.stringify(wide));
  await page.waitForTimeout(150);
  await openPlanner();
  await scrollTo("plan_run");
  await click("plan_run");
  await waitFor(() => { const p = JSON.parse(window.gpucfg.plannerState()); return p.running && p.progress > 0; });
  const first = await planner();
  await shot("planner-01-progress-en.png");
  // The main thread is not held: the page answers and draws frames while the search goes on.
  // (Software rendering in headless Chromium draws a few frames a second; a frame is a slice.)
  const frames = await page.evaluate(() => window.gpucfg.framesDrawn());
  await page.waitForTimeout(1500);
  assert.ok((await page.evaluate(() => window.gpucfg.framesDrawn())) >= frames + 2, "frames are drawn while planning");
  const later = await planner();
  assert.ok(later.running, "an 850k-configuration plan still runs after 1.5 s of slices");
  assert.ok(later.progress > first.progress && later.evaluated > first.evaluated, JSON.stringify([first.progress, later.progress]));
  await click("plan_cancel");
  await waitFor(() => !JSON.parse(window.gpucfg.plannerState()).running);
  const cancelled = await planner();
  assert.equal(cancelled.cancelled, true);
  assert.equal(cancelled.done, false);
  assert.equal(cancelled.ranked.length, 0);
  await page.waitForTimeout(120);
  await shot("planner-02-cancelled-en.png");
});

test("a finished plan lists its options best first and Open loads one into the configurator", async () => {
  await loadExample("mid-training");
  await scrollTo("plan_run");
  await click("plan_run");
  await waitFor(() => JSON.parse(window.gpucfg.plannerState()).done, undefined, 120000);
  const p = await planner();
  const s = await state();
  const viaApi = JSON.parse(await page.evaluate((sc) => window.gpucfg.plan(JSON.stringify(sc)), s.scenario));
  assert.equal(p.feasible, viaApi.feasible);
  assert.ok(p.ranked.length >= 2, JSON.stringify(p.ranked.map((o) => o.label)));
  assert.equal(p.ranked[0].label, viaApi.best.label, "the best option is first");
  await page.waitForTimeout(150);
  await shot("planner-03-result-en.png");
  // Open the second option: the configurator's scenario becomes the option's (plan inputs kept).
  const option = p.ranked[1];
  await scrollTo("plan_open:1");
  await click("plan_open:1");
  await waitFor((gpu) => window.gpucfgState().view === "overview", option.scenario.cluster.gpu);
  const opened = await state();
  const strip = (sc) => { const c = structuredClone(sc); delete c.plan; return c; };
  assert.deepEqual(strip(opened.scenario), strip(option.scenario));
  assert.deepEqual(opened.scenario.plan, s.scenario.plan);
  assert.ok(Math.abs(opened.report.performance.time_to_train_s - option.time_s) <= 1e-5 * option.time_s,  // reports keep 6 digits
            `${opened.report.performance.time_to_train_s} vs ${option.time_s}`);
  assert.equal((await planner()).opened, 1);
  await page.waitForTimeout(150);
  await shot("planner-04-opened-en.png");
});

test("a preset's decision path shows in English and in 简体中文", async () => {
  await openPlanner();
  const en = await planner();
  assert.ok(en.decision_path.length >= 8, JSON.stringify(en.decision_path.map((s) => s.code)));
  assert.equal(en.decision_path[0].code, "mid_memory_rule");
  assert.ok(en.decision_path.some((st) => st.corrects_guide));
  for (const st of en.decision_path) assert.doesNotMatch(st.text, /[{}]|[\u4e00-\u9fff]/, st.text);
  // Scroll the tab down to the path for the picture.
  await scrollTo("decision_step:4");
  await shot("planner-05-path-en.png");
  await setLanguage("zh-CN");
  const zh = await planner();
  assert.equal(zh.decision_path.length, en.decision_path.length);
  for (const st of zh.decision_path) {
    assert.match(st.text, /[\u4e00-\u9fff]/, `${st.code} is not in Chinese: ${st.text}`);
    assert.doesNotMatch(st.text, /[{}]/, st.text);
  }
  assert.equal(await page.evaluate(() => window.gpucfg.missingGlyphs()), 0, "every character is in the font");
  await page.waitForTimeout(150);
  await shot("planner-06-path-zh.png");
  // The other presets' paths, in Chinese too (edge: power modes; multi-tenant: MIG).
  for (const name of ["edge", "multi-tenant", "large-cluster"]) {
    await loadExample(name);
    await page.waitForTimeout(200);
    const p = await planner();
    assert.equal(p.done, false, `${name}: the mid-training plan is dropped with its example`);
    assert.ok(p.decision_path.length >= 4, name);
    for (const st of p.decision_path) assert.match(st.text, /[\u4e00-\u9fff]/, `${name} ${st.code}`);
  }
  await page.waitForTimeout(150);
  await shot("planner-07-large-path-zh.png");
});

test("the planner runs in Chinese: progress, options and Open", async () => {
  await loadExample("multi-tenant");
  // The inputs are the scenario's plan section: 10 tenants (one model copy each; + makes it 11,
  // - brings it back), and no L40S.
  await scrollTo("/plan/tenants+");
  await click("/plan/tenants+");
  await waitFor(() => window.gpucfgState().scenario.plan.tenants === 11);
  await click("/plan/tenants-");
  await waitFor(() => window.gpucfgState().scenario.plan.tenants === 10);
  await click("plan_gpus");
  await scrollTo("plan_gpu:L40S-48GB");
  await click("plan_gpu:L40S-48GB");
  await waitFor(() => !window.gpucfgState().scenario.plan.gpus.includes("L40S-48GB"));
  await scrollTo("plan_run");
  await click("plan_run");
  await waitFor(() => JSON.parse(window.gpucfg.plannerState()).done, undefined, 120000);
  const p = await planner();
  assert.ok(p.ranked.length >= 2);
  for (const o of p.ranked) {
    assert.match(o.label, /^10 tenants on /, o.label);
    assert.notEqual(o.scenario.cluster.gpu, "L40S-48GB", o.label);
  }
  // Small tenants of an 8B model: the cheapest fleet slices GPUs with MIG (core test
  // PlannerMig.SmallTenantsGoToMigSlices), so the best option names its layout.
  const best = p.ranked[0];
  assert.notEqual(best.scenario.cluster.mig.profile, "", best.label);
  // The options read in Chinese on the page (plannerState() keeps the core's English label), once
  // the ranked table has drawn this plan's rows.
  await scrollTo("plan_options");
  await waitFor(() => /个租户/.test(window.gpucfg.widgetText("plan_label:0")), undefined, 20000);
  const shown = await page.evaluate(() => window.gpucfg.widgetText("plan_label:0"));
  assert.match(shown, /个租户：.*切分为 MIG.*个实例.*每租户批/, shown);
  assert.doesNotMatch(shown, /batch|weights|tenants/, shown);
  const why = await page.evaluate(() => window.gpucfg.widgetText("plan_why:0"));
  assert.match(why, /请求延迟.*每小时成本（全部租户）.*每 MIG 实例显存/, why);
  assert.doesNotMatch(why, /binds|feasible|options/, why);
  assert.equal(await page.evaluate(() => window.gpucfg.missingGlyphs()), 0, "every character is in the font");
  await page.waitForTimeout(150);
  await shot("planner-08-result-zh.png");
  await scrollTo("plan_open:0");
  await click("plan_open:0");
  await waitFor((gpu) => window.gpucfgState().scenario.cluster.gpu === gpu && window.gpucfgState().view === "overview",
                best.scenario.cluster.gpu);
  const opened = (await state()).scenario;
  assert.equal(opened.workload.batch, best.scenario.workload.batch);
  assert.equal(opened.cluster.mig.profile, best.scenario.cluster.mig.profile);
  assert.equal(opened.cluster.mig.instances_per_gpu, best.scenario.cluster.mig.instances_per_gpu);
  await page.waitForTimeout(150);
  await shot("planner-09-opened-zh.png");
  await setLanguage("en");
});

// The page's module exports decisionPath() (the core-only gpucfg.js does not: its size budget).
test("the page's decisionPath() is the CLI's `example NAME --decision --format json`, byte for byte", async () => {
  const cli = path.resolve(root, process.env.GPUCFG_NATIVE_CLI || "build/native/native_cli/gpucfg");
  for (const name of ["edge", "mid-training", "multi-tenant"]) {
    const text = await page.evaluate((n) => window.gpucfg.decisionPath(n), name);
    const r = spawnSync(cli, ["example", name, "--decision", "--format", "json"], { encoding: "utf8" });
    assert.equal(r.status, 0, `${cli}: ${r.stderr}`);
    assert.equal(text, r.stdout, name);
    const doc = JSON.parse(text);
    assert.ok(doc.decision_path.length >= 4 && doc.decision_path.some((s) => s.corrects_guide), name);
    assert.match(doc.decision_path.at(-1).code, /^plan_pick/);
  }
  for (const name of ["default", "no-such-example"]) {
    const doc = JSON.parse(await page.evaluate((n) => window.gpucfg.decisionPath(n), name));
    assert.ok(doc.errors.length === 1 && /no_decision_path|unknown_example/.test(doc.errors[0].code), name);
  }
});

test("every decision-path code has a Chinese sentence with the same placeholders", () => {
  const read = (f) => fs.readFileSync(path.join(root, f), "utf8");
  const english = new Map();
  for (const m of read("core/planner/decision_steps.inc").matchAll(/^\{"([a-z0-9_]+)",\s*"((?:[^"\\]|\\.)*)"\}/gm))
    english.set(m[1], m[2]);
  const i18n = read("wasm/app/text/i18n.cpp");
  const block = i18n.slice(i18n.indexOf("kDecisionZh[] = {"), i18n.indexOf("};", i18n.indexOf("kDecisionZh[] = {")));
  const chinese = new Map();
  for (const m of block.matchAll(/\{"([a-z0-9_]+)", nullptr, "((?:[^"\\]|\\.)*)"\}/g)) chinese.set(m[1], m[2]);
  assert.ok(english.size >= 20, `found only ${english.size} codes`);
  const placeholders = (t) => (t.match(/\{[a-z]+\}/g) || []).sort().filter((v, i, a) => a.indexOf(v) === i);
  for (const [code, text] of english) {
    assert.ok(chinese.has(code), `wasm/app/text/i18n.cpp kDecisionZh lacks "${code}"`);
    assert.deepEqual(placeholders(chinese.get(code)), placeholders(text), code);
  }
  for (const code of chinese.keys()) assert.ok(english.has(code), `kDecisionZh has "${code}", which the core lacks`);
});

test("the console stayed clean", () => {
  assert.deepEqual(session.consoleErrors, []);
});
