// The wasm API module (build/wasm/web/gpucfg.js) under node's built-in test runner:
//   node --test web/tests/wasm_api.test.mjs
// Checks that evaluate() answers the default example with a report, that bad input comes back as
// contract v1's errors document (JSON pointer paths) and never throws, and that every answer is
// byte-identical to the native CLI's (`gpucfg example NAME | gpucfg evaluate - --format json`).
// Env: GPUCFG_WEB_DIR (default build/wasm/web), GPUCFG_NATIVE_CLI (default
// build/native/native_cli/gpucfg). The wasm bytes are passed in directly, so no
// --no-experimental-fetch flag is needed.
import { test, before } from "node:test";
import assert from "node:assert/strict";
import { createRequire } from "node:module";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..", "..");
const webDir = path.resolve(root, process.env.GPUCFG_WEB_DIR || "build/wasm/web");
const cli = path.resolve(root, process.env.GPUCFG_NATIVE_CLI || "build/native/native_cli/gpucfg");

let api;
before(async () => {
  const createGpucfg = createRequire(import.meta.url)(path.join(webDir, "gpucfg.js"));
  api = await createGpucfg({ wasmBinary: fs.readFileSync(path.join(webDir, "gpucfg.wasm")) });
});

function runCli(args, input) {
  const r = spawnSync(cli, args, { input, encoding: "utf8" });
  assert.equal(r.error, undefined, `cannot run ${cli}: build the native CLI or set GPUCFG_NATIVE_CLI`);
  return r;
}

// Every call must return a JSON document that is either a report or a well-formed errors list.
function assertErrorsDocument(text, label) {
  let doc;
  assert.doesNotThrow(() => { doc = JSON.parse(text); }, `${label}: not JSON: ${text.slice(0, 200)}`);
  assert.equal(doc.schema_version, 1, label);
  assert.ok(Array.isArray(doc.errors) && doc.errors.length > 0, `${label}: expected errors, got ${text.slice(0, 200)}`);
  for (const e of doc.errors) {
    assert.equal(typeof e.code, "string", label);
    assert.ok(e.code.length > 0 && e.message.length > 0, label);
    assert.match(e.path, /^(\/[^/]*)*$/, `${label}: path is not a JSON pointer: ${e.path}`);
  }
  return doc;
}

test("version, catalog and examples are JSON the page can use", () => {
  assert.match(api.version(), /^\d+\.\d+\.\d+/);
  const catalog = JSON.parse(api.catalog());
  assert.ok(catalog.gpus.some((g) => g.id === "A100-SXM4-80GB"));
  const examples = JSON.parse(api.examples());
  assert.ok(examples.length >= 1 && examples[0].name === "default");
  for (const e of examples) assert.equal(JSON.parse(api.example(e.name)).schema_version, 1);
  assert.equal(api.example(""), api.example("default"));
  assertErrorsDocument(api.example("no-such-example"), "unknown example");
});

test("evaluate on the default example returns a report", () => {
  const report = JSON.parse(api.evaluate(api.example("default")));
  assert.equal(report.errors, undefined);
  assert.equal(report.schema_version, 1);
  assert.ok(report.memory.per_gpu.total_gib > 0);
  assert.ok(report.memory.capacity_gib > 0);
  assert.equal(typeof report.memory.fits, "boolean");
  assert.ok(report.performance.step_time_s > 0 && report.performance.tokens_per_s > 0);
  assert.ok(report.performance.mfu > 0 && report.performance.mfu < 1);
  assert.ok(report.power.gpu_w > 0 && report.power.cluster_kw > 0);
  assert.equal(typeof report.cost.currency, "string");
});

test("bad input returns errors with JSON pointer paths and never throws", () => {
  const good = JSON.parse(api.example("default"));
  const edit = (fn) => { const s = structuredClone(good); fn(s); return JSON.stringify(s); };
  const cases = {
    "empty": "", "not json": "{bad", "null": "null", "array": "[]", "number": "42",
    "deep nesting": "[".repeat(100000), "nul byte": "{\"a\":\"\u0000\"}", "lone surrogate": "{\"\ud800\":1}",
    "nodes out of range": edit((s) => { s.cluster.nodes = -1; }),
    "nodes wrong type": edit((s) => { s.cluster.nodes = "two"; }),
    "unknown key": edit((s) => { s.cluster.colour = "green"; }),
    "unknown gpu": edit((s) => { s.cluster.gpu = "Z9000"; }),
    "huge number": edit((s) => { s.workload.seq_len = 1e308; }),
    "bad version": edit((s) => { s.schema_version = 99; }),
    "tp does not divide": edit((s) => { s.parallelism.tp = 3; }),
  };
  for (const [label, text] of Object.entries(cases)) {
    let out;
    assert.doesNotThrow(() => { out = api.evaluate(text); }, label);
    assertErrorsDocument(out, label);
  }
  const ranged = JSON.parse(api.evaluate(cases["nodes out of range"]));
  assert.ok(ranged.errors.some((e) => e.path === "/cluster/nodes" && e.code === "out_of_range"));
  const typed = JSON.parse(api.evaluate(cases["nodes wrong type"]));
  assert.ok(typed.errors.some((e) => e.path === "/cluster/nodes"));
  const unknown = JSON.parse(api.evaluate(cases["unknown key"]));
  assert.ok(unknown.errors.some((e) => e.path === "/cluster/colour"));
});

test("truncated documents never abort the module", () => {
  const text = api.example("gpt3-175b");
  for (let n = 0; n < text.length; n += 7) {
    const out = api.evaluate(text.slice(0, n));
    assert.ok(Array.isArray(JSON.parse(out).errors), `prefix of ${n} chars`);
  }
  assert.ok(JSON.parse(api.evaluate(text)).memory, "the module still works afterwards");
});

test("output is byte-identical to the native CLI", () => {
  const names = JSON.parse(api.examples()).map((e) => e.name);
  for (const name of names) {
    const example = runCli(["example", name]);
    assert.equal(example.status, 0, example.stderr);
    assert.equal(example.stdout, api.example(name) + "\n", `example ${name}`);
    const evaluated = runCli(["evaluate", "-", "--format", "json"], example.stdout);
    const ours = api.evaluate(example.stdout);
    assert.ok(evaluated.status === 0 || evaluated.status === 2, `${name}: exit ${evaluated.status}`);
    const cliText = evaluated.status === 0 ? evaluated.stdout : evaluated.stderr;
    assert.equal(cliText, ours + "\n", `evaluate ${name}`);
  }
});

test("a Hugging Face config.json imports to the same scenario as the CLI's import-hf", () => {
  const config = fs.readFileSync(path.join(root, "tests", "cli", "llama2_7b_config.json"), "utf8");
  const ours = api.importHfConfig(config);
  const scenario = JSON.parse(ours);
  assert.equal(scenario.workload.model.layers, 32);
  assert.equal(scenario.workload.model.hidden, 4096);
  const viaCli = runCli(["import-hf", "-"], config);
  assert.equal(viaCli.status, 0, viaCli.stderr);
  assert.equal(viaCli.stdout, ours + "\n");
  const report = JSON.parse(api.evaluate(ours));
  assert.ok(Math.abs(report.setup.parameters - 6.738e9) / 6.738e9 < 0.01, `${report.setup.parameters}`);
  const bad = assertErrorsDocument(api.importHfConfig('{"num_hidden_layers": "many"}'), "bad hf config");
  assert.ok(bad.errors.some((e) => e.path === "/num_hidden_layers"), JSON.stringify(bad.errors));
  assertErrorsDocument(api.importHfConfig("not json"), "garbage hf config");
});

test("every example's evaluation under wasm is also byte-identical for the speed and memory options", () => {
  const s = JSON.parse(api.example("gpt3-175b"));
  s.memory.fragmentation = 0.3;
  s.speed.dp_overlap = 0.5;
  const text = JSON.stringify(s);
  const viaCli = runCli(["evaluate", "-", "--format", "json"], text);
  assert.equal(viaCli.status, 0, viaCli.stderr);
  assert.equal(viaCli.stdout, api.evaluate(text) + "\n");
});

test("a site catalog override changes prices as the CLI's --catalog does", () => {
  const override = path.join(root, "tests", "cli", "extra_catalog.json");
  const scenario = api.example("default");
  const ours = api.evaluateWithCatalog(scenario, fs.readFileSync(override, "utf8"));
  assert.equal(JSON.parse(ours).cost.per_gpu_hour, 9.99);
  const viaCli = runCli(["--catalog", override, "evaluate", "-", "--format", "json"], scenario);
  assert.equal(viaCli.stdout, ours + "\n");
  const bad = assertErrorsDocument(api.evaluateWithCatalog(scenario, '{"schema_version":1,"gpus":[{"id":"X"}]}'), "bad catalog");
  assert.ok(bad.errors.some((e) => e.path.startsWith("/gpus/0")), JSON.stringify(bad.errors));
});
