// The power and MIG views of the real page in headless Chromium (playwright-core, Debian's
// /usr/bin/chromium), in English and 简体中文:
//   node --test web/tests/power_mig.test.mjs
// Power: the breakdown and the racks are drawn from Report.power, and moving the cap slider (a
// click on its track, as a person would) changes throughput and energy together. MIG: a profile
// clicked or dragged onto the slot diagram is placed where the core places it, one that cannot fit
// is refused with the core's reason and closest layouts (the same as `gpucfg mig validate`), and
// editing a tenant changes the pack plan (the same as `gpucfg mig plan`). Screenshots go to
// web/tests/artifacts/ (git-ignored).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import path from "node:path";
import { spawnSync } from "node:child_process";
import { root, artifacts, openPage } from "./page_harness.mjs";

const cli = path.resolve(root, process.env.GPUCFG_NATIVE_CLI || "build/native/native_cli/gpucfg");

let page, consoleErrors, close;

before(async () => {
  // Tall enough that each view fits without scrolling (the screenshots show all of it).
  let baseUrl;
  ({ page, baseUrl, consoleErrors, close } = await openPage({ width: 1360, height: 1500 }));
  await page.goto(baseUrl);
  await page.waitForFunction(() => typeof window.gpucfgState === "function", null, { timeout: 20000 });
});

after(async () => {
  await close?.();
});

const state = () => page.evaluate(() => window.gpucfgState());
const mig = () => page.evaluate(() => JSON.parse(window.gpucfg.migPanel()));
const waitFor = (predicate, arg) => page.waitForFunction(predicate, arg, { timeout: 10000 });
// The native CLI's JSON answer for the same question (the page must agree with it).
function runCli(args, input) {
  const r = spawnSync(cli, [...args, "--format", "json"], { input, encoding: "utf8" });
  assert.equal(r.error, undefined, `cannot run ${cli}: build the native CLI or set GPUCFG_NATIVE_CLI`);
  assert.equal(r.status, 0, r.stderr);
  return JSON.parse(r.stdout);
}
const shot = (name) => page.screenshot({ path: path.join(artifacts, name) });

async function rect(name) {
  await page.waitForFunction((n) => window.gpucfg && window.gpucfg.widgetRect(n) !== "null", name, { timeout: 10000 });
  const r = JSON.parse(await page.evaluate((n) => window.gpucfg.widgetRect(n), name));
  const box = await page.locator("canvas").boundingBox();
  return { x: box.x + r.x, y: box.y + r.y, w: r.w, h: r.h };
}

// A click as a person makes it at a fraction (fx, fy) of the widget's rectangle.
async function click(name, fx = 0.5, fy = 0.5) {
  const r = await rect(name);
  await page.mouse.move(r.x + r.w * fx, r.y + r.h * fy);
  await page.waitForTimeout(80);
  await page.mouse.down();
  await page.waitForTimeout(80);
  await page.mouse.up();
  await page.waitForTimeout(120);
}

async function openView(id) {
  await click(`tab:${id}`);
  await waitFor((v) => window.gpucfgState().view === v, id);
  await page.waitForTimeout(150);
}

async function setLanguage(lang) {
  if ((await state()).language === lang) return;
  await click("language");
  await waitFor((l) => window.gpucfgState().language === l, lang);
  await page.waitForTimeout(150);
}

// [SECTION] Power -----------------------------------------------------------------------------------

for (const lang of ["en", "zh-CN"]) {
  test(`power view (${lang}): breakdown, racks, and the cap slider moving speed and energy`, async () => {
    await page.evaluate(() => window.gpucfg.loadExample("default"));
    await setLanguage(lang);
    await openView("power");
    const s0 = await state();
    const p0 = s0.report.power;
    assert.ok(p0.cluster_kw > 0 && p0.facility_kw > p0.cluster_kw && p0.racks >= 1, JSON.stringify(p0));
    const bar = await rect("power:breakdown");
    assert.ok(bar.w > 200 && bar.h > 10);
    for (let k = 0; k < Math.min(p0.racks, 12); ++k) await rect(`power:rack:${k}`);
    assert.equal(await page.evaluate(() => window.gpucfg.widgetRect("power:rack:12")), "null");
    assert.equal(s0.scenario.power?.gpu_cap_w ?? 0, 0);
    await shot(`20-power-${lang}.png`);

    // A click near the left of the track: a low cap. Throughput falls, the GPUs draw less.
    await click("/power/gpu_cap_w", 0.25);
    await waitFor(() => (window.gpucfgState().scenario.power?.gpu_cap_w ?? 0) > 0);
    const s1 = await state();
    const p1 = s1.report.power;
    assert.ok(p1.throughput_factor < 1, `throughput ${p1.throughput_factor}`);
    assert.ok(p1.gpu_w < p0.gpu_w, `gpu_w ${p1.gpu_w} vs ${p0.gpu_w}`);
    assert.notEqual(p1.energy_kwh, p0.energy_kwh);
    // The page's report is the API's (and so the CLI's) for the same scenario.
    const viaCli = runCli(["power", "-"], JSON.stringify(s1.scenario));
    assert.equal(viaCli.power.throughput_factor, p1.throughput_factor);
    assert.equal(viaCli.power.energy_kwh, p1.energy_kwh);
    // Further right: a higher cap gives back speed, and energy moves again.
    await click("/power/gpu_cap_w", 0.6);
    await waitFor((c) => window.gpucfgState().scenario.power.gpu_cap_w > c, s1.scenario.power.gpu_cap_w);
    const p2 = (await state()).report.power;
    assert.ok(p2.throughput_factor > p1.throughput_factor, `${p2.throughput_factor} vs ${p1.throughput_factor}`);
    assert.notEqual(p2.energy_kwh, p1.energy_kwh);
    await shot(`21-power-capped-${lang}.png`);
    await click("power:cap_reset");
    await waitFor(() => window.gpucfgState().scenario.power.gpu_cap_w === 0);
  });
}

test("power view: a 128-node cluster fills its racks against the budget", async () => {
  await setLanguage("en");
  await page.evaluate(() => window.gpucfg.loadExample("gpt3-175b"));
  await openView("power");
  await waitFor(() => window.gpucfgState().report.power.racks > 12);
  const p = (await state()).report.power;
  assert.ok(p.rack_kw <= (await state()).scenario.power.rack_kw, `a full rack peaks at ${p.rack_kw} kW`);
  for (let k = 0; k < 12; ++k) await rect(`power:rack:${k}`);  // the first 12 drawn, the rest counted
  await shot("25-power-racks-en.png");
  await page.evaluate(() => window.gpucfg.loadExample("default"));
});

// [SECTION] MIG -------------------------------------------------------------------------------------

async function drag(from, to) {
  const a = await rect(from), b = await rect(to);
  await page.mouse.move(a.x + a.w / 2, a.y + a.h / 2);
  await page.waitForTimeout(80);
  await page.mouse.down();
  for (let i = 1; i <= 8; ++i) {
    await page.mouse.move(a.x + a.w / 2 + ((b.x + b.w / 2) - (a.x + a.w / 2)) * i / 8, a.y + a.h / 2 + ((b.y + b.h / 2) - (a.y + a.h / 2)) * i / 8);
    await page.waitForTimeout(50);
  }
  await page.waitForTimeout(80);
  await page.mouse.up();
  await page.waitForTimeout(150);
}

for (const lang of ["en", "zh-CN"]) {
  test(`MIG view (${lang}): the diagram takes a valid profile, refuses an invalid one with the core's reason`, async () => {
    await setLanguage(lang);
    await openView("mig");
    await click("mig:clear");
    assert.equal((await mig()).layout.length, 0);
    // 3g.40gb dragged onto the diagram, then a second by a click: both placed as the core places them.
    await drag("mig:add:3g.40gb", "mig:diagram");
    await page.waitForFunction(() => JSON.parse(window.gpucfg.migPanel()).layout.length === 1, null, { timeout: 10000 });
    await click("mig:add:3g.40gb");
    let m = await mig();
    assert.deepEqual(m.layout, ["3g.40gb", "3g.40gb"]);
    const valid = runCli(["mig", "validate", "A100-SXM4-80GB", "3g.40gb", "3g.40gb"]);
    assert.deepEqual(m.placement, valid.placement);
    await rect("mig:diagram:instance:1");
    // A 2g.20gb cannot join two 3g.40gb (7 compute slices in all): refused with the core's reason.
    await click("mig:add:2g.20gb");
    m = await mig();
    assert.deepEqual(m.layout, ["3g.40gb", "3g.40gb"], "the refused profile is not kept");
    assert.equal(m.refused, "2g.20gb");
    const api = runCli(["mig", "validate", "A100-SXM4-80GB", "3g.40gb", "3g.40gb", "2g.20gb"]);
    assert.equal(api.valid, false);
    assert.equal(m.reason, api.reason);
    assert.equal(m.reason_code, api.reason_code);
    assert.deepEqual(m.closest, api.closest);
    await rect("mig:refused");
    await shot(`22-mig-refused-${lang}.png`);
    // Taking the first closest layout makes it the diagram's.
    await click("mig:closest:0");
    m = await mig();
    assert.deepEqual([...m.layout].sort(), [...api.closest[0]].sort());
    assert.equal(m.refused, "");
  });
}

test("MIG view: editing a tenant changes the pack plan, as the CLI plans it", async () => {
  await openView("mig");
  const before = await mig();
  assert.ok(before.plan && before.plan.gpus_needed >= 1, JSON.stringify(before).slice(0, 300));
  const apiPlan = (input) => runCli(["mig", "plan", "-"], input);
  assert.deepEqual(before.plan, await apiPlan(before.plan_input));
  // Type a bigger batch for the chat tenant (llama2-7b): its KV cache grows, so does its memory.
  await click("mig:tenant:1:batch", 0.2);
  await page.keyboard.press("Control+A");
  await page.keyboard.type("64");
  await page.waitForFunction(() => JSON.parse(window.gpucfg.migPanel()).plan_input.includes('"batch":64'), null, { timeout: 10000 });
  const after = await mig();
  const t0 = before.plan.tenants.find((t) => t.name === "chat"), t1 = after.plan.tenants.find((t) => t.name === "chat");
  assert.ok(t1.memory_gib > t0.memory_gib, `${t1.memory_gib} vs ${t0.memory_gib}`);
  assert.notDeepEqual(after.plan, before.plan);
  assert.deepEqual(after.plan, await apiPlan(after.plan_input));
  await page.keyboard.press("Enter");
  await rect("mig:plan:gpu:0");
  await shot("23-mig-plan-zh-CN.png");
  await setLanguage("en");
  await shot("24-mig-plan-en.png");
});

test("the console stays clean", () => {
  assert.deepEqual(consoleErrors, []);
});
