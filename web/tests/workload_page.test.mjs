// The workload pickers, the Hugging Face import, the serving mode and the fix table's prices in the
// real page (headless Chromium), in English and in 简体中文, and the headless API example page:
//   node --test web/tests/workload_page.test.mjs
// Widgets are clicked on the canvas through the app's widgetRect() hooks; every figure checked is
// the report's (window.gpucfgState()) or the native CLI's for the same input. Screenshots go to
// web/tests/artifacts/ (git-ignored). Env: GPUCFG_WEB_DIR, GPUCFG_NATIVE_CLI, GPUCFG_CHROMIUM.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { spawnSync } from "node:child_process";
import { root, artifacts, startBrowser } from "./page_harness.mjs";

const cliPath = path.resolve(root, process.env.GPUCFG_NATIVE_CLI || "build/native/native_cli/gpucfg");
const HF_CONFIG = fs.readFileSync(path.join(root, "tests", "cli", "llama2_7b_config.json"), "utf8");
const HF_BROKEN = '{"model_type": "llama", "hidden_size": "big", "num_hidden_layers": 2}';

let browser, baseUrl, close;
const consoleErrors = [];

before(async () => {
  ({ browser, baseUrl, close } = await startBrowser());
});

after(async () => {
  await close?.();
});

function cli(args, input) {
  const r = spawnSync(cliPath, args, { input, encoding: "utf8" });
  assert.equal(r.error, undefined, `cannot run ${cliPath}: build the native CLI or set GPUCFG_NATIVE_CLI`);
  assert.equal(r.status, 0, r.stderr);
  return JSON.parse(r.stdout);
}

// One fresh page per language: hooks (widgetRect names) then belong to this page's session only.
async function openPage(lang) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, locale: "en-US" });
  page.on("console", (m) => { if (m.type() === "error") consoleErrors.push(m.text()); });
  page.on("pageerror", (e) => consoleErrors.push(String(e)));
  await page.goto(baseUrl);
  await page.waitForFunction(() => typeof window.gpucfgState === "function", null, { timeout: 15000 });
  await page.evaluate((l) => window.gpucfg.setLanguage(l), lang);
  await page.waitForFunction((l) => window.gpucfgState().language === l, lang);
  return page;
}

function helpers(page, lang) {
  const state = () => page.evaluate(() => window.gpucfgState());
  const waitFor = (fn, arg) => page.waitForFunction(fn, arg, { timeout: 10000 });
  const rect = async (name) => JSON.parse(await page.evaluate((n) => window.gpucfg.widgetRect(n), name));
  // Scrolls the inputs column until the widget is on screen, then returns its centre.
  async function centre(name) {
    await waitFor((n) => window.gpucfg && window.gpucfg.widgetRect(n) !== "null", name);
    const box = await page.locator("canvas").boundingBox();
    for (let i = 0; i < 30; ++i) {
      const r = await rect(name);
      const y = r.y + r.h / 2;
      if (y > 70 && y < box.height - 30) return { x: box.x + r.x + r.w / 2, y: box.y + y };
      await page.mouse.move(box.x + 200, box.y + 400);
      await page.mouse.wheel(0, y >= box.height - 30 ? 240 : -240);
      await page.waitForTimeout(120);
    }
    throw new Error(`${name} never came into view`);
  }
  async function click(name) {
    const { x, y } = await centre(name);
    await page.mouse.move(x, y);
    await page.waitForTimeout(80);
    await page.mouse.down();
    await page.waitForTimeout(80);
    await page.mouse.up();
    await page.waitForTimeout(120);
  }
  // Opens a combo and picks an item, scrolling the popup when the item is below its fold.
  async function pick(path_, value) {
    await click(path_);
    const item = `${path_}:${value}`;
    await waitFor((n) => window.gpucfg.widgetRect(n) !== "null", item);
    for (let i = 0; i < 10; ++i) {
      const r = await rect(item);
      if (r.y + r.h < 780) break;
      const opener = await rect(path_);
      await page.mouse.move(opener.x + opener.w / 2, Math.min(760, opener.y + 200));
      await page.mouse.wheel(0, 200);
      await page.waitForTimeout(120);
    }
    const box = await page.locator("canvas").boundingBox();
    const r = await rect(item);
    await page.mouse.move(box.x + r.x + r.w / 2, box.y + r.y + r.h / 2);
    await page.waitForTimeout(80);
    await page.mouse.down();
    await page.waitForTimeout(80);
    await page.mouse.up();
    await page.waitForTimeout(120);
  }
  // Clicks a number field, replaces its text and commits it with Enter.
  async function type(name, text) {
    await click(name);
    await page.keyboard.press("Control+A");
    await page.keyboard.type(text);
    await page.keyboard.press("Enter");
  }
  async function loadExample(name) {
    await page.evaluate((n) => window.gpucfg.loadExample(n), name);
    await page.waitForTimeout(150);
    // Back to the top of the inputs column.
    const box = await page.locator("canvas").boundingBox();
    await page.mouse.move(box.x + 200, box.y + 400);
    await page.mouse.wheel(0, -8000);
    await page.waitForTimeout(150);
  }
  const tag = lang === "zh-CN" ? "zh" : "en";
  const shot = (name) => page.screenshot({ path: path.join(artifacts, `wl-${name}-${tag}.png`) });
  return { state, waitFor, rect, centre, click, type, pick, loadExample, shot };
}

for (const lang of ["en", "zh-CN"]) {
  test(`workloads, HF import and serving in the page (${lang})`, async (t) => {
    const page = await openPage(lang);
    const h = helpers(page, lang);
    assert.equal((await h.state()).language, lang);

    await t.test("picking an engine changes the step time", async () => {
      await h.loadExample("default");
      const before = await h.state();
      assert.equal(before.scenario.workload.engine, "");
      await h.pick("/workload/engine", "fsdp");
      await h.waitFor(() => window.gpucfgState().scenario.workload.engine === "fsdp");
      const after = await h.state();
      assert.notEqual(after.report.performance.step_time_s, before.report.performance.step_time_s);
      await h.shot("engine");
    });

    await t.test("a step count replaces the token budget: time to train = steps x step time, as the CLI says", async () => {
      await h.loadExample("default");
      const before = await h.state();
      assert.ok(before.scenario.workload.train_tokens > 0, "the default example trains on a token budget");
      await h.type("/workload/train_steps", "5000");
      await h.waitFor(() => window.gpucfgState().scenario.workload.train_steps === 5000);
      const s = await h.state();
      assert.equal(s.scenario.workload.train_tokens, 0, "setting steps clears the token budget (Resolve refuses both)");
      assert.deepEqual(s.report.errors ?? [], []);
      const p = s.report.performance;
      assert.ok(Math.abs(p.time_to_train_s / (5000 * p.step_time_s) - 1) < 1e-3, `${p.time_to_train_s} vs ${p.step_time_s}`);
      assert.deepEqual(s.report, cli(["evaluate", "-", "--format", "json"], JSON.stringify(s.scenario)));
      // The explanation of the figure says steps x step time, in the page's language.
      const { x, y } = await h.centre("figure:time_to_train");
      await page.mouse.move(x, y);
      await page.waitForFunction(() => window.gpucfg.tooltip() !== "", null, { timeout: 5000 });
      const why = await page.evaluate(() => window.gpucfg.tooltip());
      assert.match(why, lang === "zh-CN" ? /跑完给定优化器步数/ : /run the given optimizer steps/);
      assert.match(why, lang === "zh-CN" ? /优化器步数 x / : /optimizer steps x /);
      assert.ok(why.includes("5000 x "), why);
      await h.shot("train-steps");
      // Typing a token budget back clears the steps.
      await h.type("/workload/train_tokens", "300");
      await h.waitFor(() => window.gpucfgState().scenario.workload.train_tokens === 300e9);
      assert.equal((await h.state()).scenario.workload.train_steps, 0);
    });

    await t.test("packing samples shortens a long-sequence training step, as the CLI says", async () => {
      await h.loadExample("default");
      const before = await h.state();
      await h.type("/workload/packed_sample_tokens", "256");
      await h.waitFor(() => window.gpucfgState().scenario.workload.packed_sample_tokens === 256);
      const s = await h.state();
      assert.deepEqual(s.report.errors ?? [], []);
      assert.ok(s.report.performance.step_time_s < before.report.performance.step_time_s,
                `${s.report.performance.step_time_s} vs ${before.report.performance.step_time_s}`);
      assert.deepEqual(s.report, cli(["evaluate", "-", "--format", "json"], JSON.stringify(s.scenario)));
      await h.shot("packed-samples");
    });

    await t.test("LoRA changes the memory per GPU; the rank row appears", async () => {
      const before = await h.state();
      await h.pick("/workload/finetune/method", "lora");
      await h.waitFor(() => window.gpucfgState().scenario.workload.finetune.method === "lora");
      const lora = await h.state();
      assert.ok(lora.report.memory.per_gpu.total_gib < before.report.memory.per_gpu.total_gib,
                `${lora.report.memory.per_gpu.total_gib} vs ${before.report.memory.per_gpu.total_gib}`);
      await h.click("/workload/finetune/rank+");
      await h.waitFor(() => window.gpucfgState().scenario.workload.finetune.rank === 32);
      await h.pick("/workload/finetune/method", "qlora");
      await h.waitFor(() => window.gpucfgState().scenario.workload.finetune.method === "qlora");
      const qlora = await h.state();
      assert.ok(qlora.report.memory.per_gpu.weights_gib < lora.report.memory.per_gpu.weights_gib);
      await h.shot("lora");
    });

    await t.test("resnet50 reports samples/s, in training and in inference", async () => {
      await h.loadExample("default");
      await h.pick("/workload/model", "resnet50");
      await h.waitFor(() => window.gpucfgState().scenario.workload.model === "resnet50");
      const train = await h.state();
      assert.deepEqual(train.report.errors ?? [], []);
      assert.ok(train.report.performance.samples_per_s > 0);
      assert.notEqual(await page.evaluate(() => window.gpucfg.widgetRect("figure:samples_per_s")), "null");
      await h.shot("resnet50-training");
      await h.pick("/workload/kind", "inference");
      await h.waitFor(() => window.gpucfgState().report.performance?.latency_s > 0);
      assert.notEqual(await page.evaluate(() => window.gpucfg.widgetRect("figure:latency_s")), "null");
      // Every catalog network and the generic object are in the model menu.
      const catalog = JSON.parse(await page.evaluate(() => window.gpucfg.catalog()));
      assert.ok(catalog.networks.length >= 9, Object.keys(catalog).join(" "));
      for (const n of catalog.networks)
        assert.notEqual(await page.evaluate((id) => window.gpucfg.widgetRect(`/workload/model:${id}`), n.id), "null", n.id);
      await h.pick("/workload/model", "generic");
      await h.waitFor(() => window.gpucfgState().scenario.workload.model.family === "generic");
      const generic = await h.state();
      assert.ok(generic.report.performance.samples_per_s > 0);
      await h.click("/workload/model/params");  // the object's rows are on the page
      await page.keyboard.press("Escape");
      await h.shot("generic");
    });

    await t.test("catalog names (engines, networks, fine-tune methods) read in the page's language", async () => {
      // Chinese characters, or none: the zh page says what each entry is in Chinese, the en page in English.
      const han = /[\u4e00-\u9fff]/;
      const text = (name) => page.evaluate((n) => window.gpucfg.widgetText(n), name);
      const expectLang = (t_, what) => (lang === "zh-CN" ? assert.match(t_, han, what) : assert.doesNotMatch(t_, han, what));
      await h.loadExample("default");
      // Every engine in the open engine menu.
      await h.click("/workload/engine");
      const engines = JSON.parse(fs.readFileSync(path.join(root, "data", "engines.json"), "utf8")).engines;
      assert.ok(engines.length >= 13, String(engines.length));
      for (const e of engines) {
        const t_ = await text(`/workload/engine:${e.id}`);
        assert.ok(t_.startsWith(e.id), `${e.id}: ${t_}`);
        expectLang(t_, e.id);
      }
      await page.keyboard.press("Escape");
      await page.mouse.click(5, 790);  // closes the menu
      await page.evaluate(() => { const s = window.gpucfgState().scenario; s.workload.engine = "vllm";
                                  s.workload.kind = "inference"; window.gpucfg.setScenario(JSON.stringify(s)); });
      await h.waitFor(() => window.gpucfg.widgetText("/workload/engine").startsWith("vllm"));
      if (lang === "zh-CN") {
        // The box shows the product's name (the description would be cut off); the hover shows it all.
        assert.equal(await text("/workload/engine"), "vllm  \u00b7  vLLM");
        const { x, y } = await h.centre("/workload/engine");
        await page.mouse.move(x, y);
        await h.waitFor(() => /vLLM（推理/.test(window.gpucfg.tooltip()));
        await page.mouse.move(5, 790);
      } else {
        assert.equal(await text("/workload/engine"), "vllm  \u00b7  vLLM");
      }
      // Every catalog network in the model menu.
      await h.click("/workload/model");
      for (const n of JSON.parse(await page.evaluate(() => window.gpucfg.catalog())).networks) {
        const t_ = await text(`/workload/model:${n.id}`);
        expectLang(t_, n.id);
        assert.ok(t_.length > 0, n.id);
      }
      await page.keyboard.press("Escape");
      await page.mouse.click(5, 790);
      // The fine-tune methods.
      await h.loadExample("default");
      await h.click("/workload/finetune/method");
      for (const m of ["lora", "qlora"]) {
        const t_ = await text(`/workload/finetune/method:${m}`);
        assert.match(t_, m === "lora" ? /^LoRA/ : /^QLoRA/, t_);
        expectLang(t_, m);
      }
      await h.shot("catalog-names");
      await page.keyboard.press("Escape");
      await page.mouse.click(5, 790);
    });

    await t.test("a Hugging Face config.json becomes the inline model; a broken one shows its error", async () => {
      await h.loadExample("default");
      await h.click("hf:section");
      await page.evaluate((text) => window.gpucfg.setHfText(text), HF_BROKEN);
      await h.click("hf:import");
      await h.waitFor(() => window.gpucfg.widgetRect("hf:errors") !== "null");
      assert.equal((await h.state()).scenario.workload.model, "llama2-7b");  // unchanged
      await h.shot("hf-error");
      // A paste into the focused text box replaces its text (the browser's clipboard, not ImGui's).
      await h.click("hf:text");
      await page.evaluate((text) => {
        const dt = new DataTransfer();
        dt.setData("text/plain", text);
        document.querySelector("canvas").dispatchEvent(new ClipboardEvent("paste", { clipboardData: dt, bubbles: true }));
      }, HF_CONFIG);
      await h.click("hf:import");
      await h.waitFor(() => typeof window.gpucfgState().scenario.workload.model === "object");
      const s = await h.state();
      const viaCli = spawnSync(cliPath, ["import-hf", "-"], { input: HF_CONFIG, encoding: "utf8" });
      assert.equal(viaCli.status, 0, viaCli.stderr);
      assert.deepEqual(s.scenario.workload.model, JSON.parse(viaCli.stdout).workload.model);
      assert.ok(Math.abs(s.report.setup.parameters - 6.74e9) / 6.74e9 < 0.01, String(s.report.setup.parameters));
      assert.notEqual(await page.evaluate(() => window.gpucfg.widgetRect("hf:ok")), "null");
      await h.shot("hf-imported");
    });

    await t.test("the serving mode answers GPUs and copies for 50 users, as the CLI does", async () => {
      await h.loadExample("llama2-70b-serving");
      await h.waitFor(() => window.gpucfgState().scenario.workload.kind === "inference");
      await h.centre("serving:answer");
      const s = await h.state();
      const answer = JSON.parse(await page.evaluate(() => window.gpucfg.servingSize()));
      assert.equal(answer.feasible, true, answer.why);
      assert.ok(answer.gpus >= answer.tp && answer.copies * answer.batch_per_copy >= 50);
      const viaCli = cli(["serve-size", "-", "--users", "50", "--format", "json"], JSON.stringify(s.scenario));
      assert.equal(answer.gpus, viaCli.gpus);
      assert.equal(answer.tpot_s, viaCli.tpot_s);
      await h.shot("serving");
      await h.click("serving:load+");
      await h.click("serving:load+");
      await h.click("serving:load+");  // 400 users
      await h.waitFor(() => JSON.parse(window.gpucfg.servingSize()).concurrency === 400);
      const more = JSON.parse(await page.evaluate(() => window.gpucfg.servingSize()));
      assert.ok(more.gpus > answer.gpus, `${more.gpus} vs ${answer.gpus}`);
      await h.click("serving:apply");
      await h.waitFor((g) => window.gpucfgState().scenario.cluster.gpus_per_node * window.gpucfgState().scenario.cluster.nodes === g, more.gpus);
      const applied = await h.state();
      assert.deepEqual(applied.report.errors ?? [], []);  // several nodes of copies: no network error
      assert.equal(applied.report.setup.dp * applied.scenario.workload.batch >= 400, true);
      await h.shot("serving-applied");
    });

    await t.test("a fix that adds GPUs shows the price change", async () => {
      await h.loadExample("13b-a100-oom");
      await h.waitFor(() => window.gpucfgState().report.memory.fits === false);
      const s = await h.state();
      const fixes = s.report.memory.fixes;
      const adds = fixes.map((f, i) => [f, i]).filter(([f]) => f.code.startsWith("more_gpus"));
      assert.ok(adds.length > 0);
      for (const [, i] of adds)
        assert.notEqual(await page.evaluate((n) => window.gpucfg.widgetRect(n), `fix:cost:${i}`), "null", `fix ${i}`);
      for (const [f, i] of fixes.map((f, i) => [f, i]))
        if (f.code === "adam_8bit")
          assert.equal(await page.evaluate((n) => window.gpucfg.widgetRect(n), `fix:cost:${i}`), "null");
      await h.centre(`fix:cost:${adds[0][1]}`);
      await h.shot("fix-cost");
    });

    await page.close();
  });
}

test("the API example page prints the CLI's numbers with the API module alone", async () => {
  const page = await browser.newPage();
  const requests = [];
  page.on("request", (r) => requests.push(new URL(r.url()).pathname));
  page.on("pageerror", (e) => consoleErrors.push(String(e)));
  await page.goto(baseUrl + "api-example.html");
  await page.waitForFunction(() => window.gpucfgExample, null, { timeout: 15000 });
  const ex = await page.evaluate(() => window.gpucfgExample);
  assert.equal(ex.error, undefined);
  const report = cli(["evaluate", "-", "--format", "json"], JSON.stringify(ex.scenario));
  assert.equal(ex.tokens_per_s, report.performance.tokens_per_s);
  assert.equal(await page.textContent("#tokens"), String(report.performance.tokens_per_s));
  const hf = cli(["evaluate", "-", "--format", "json"], JSON.stringify(ex.hf_scenario));
  assert.equal(ex.hf_parameters, hf.setup.parameters);
  assert.equal(ex.hf_tpot_s, hf.performance.tpot_s);
  assert.equal(ex.gpus, cli(["gpus", "--format", "json"]).gpus.length);
  const size = cli(["serve-size", "-", "--users", "50", "--tpot-ms", "50", "--format", "json"], JSON.stringify(ex.serving));
  assert.equal(ex.serve_gpus, size.gpus);
  assert.equal(await page.textContent("#serve"), String(size.gpus));
  assert.ok(requests.includes("/gpucfg.js") && requests.includes("/gpucfg.wasm"));
  // The API module's catalog is a file of its own, fetched by its loader (wasm/catalog_loader.js).
  assert.ok(requests.includes("/gpucfg_catalog.json"), requests.join(" "));
  assert.ok(!requests.some((p) => p.includes("gpucfg_app")), requests.join(" "));
  await page.screenshot({ path: path.join(artifacts, "wl-api-example.png") });
  await page.close();
});

test("no console errors", () => {
  assert.deepEqual(consoleErrors, []);
});
