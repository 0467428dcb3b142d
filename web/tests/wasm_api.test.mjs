// The wasm API module (build/wasm/web/gpucfg.js) under node's built-in test runner:
//   node --test web/tests/wasm_api.test.mjs
// Checks that evaluate() answers the default example with a report, that bad input comes back as
// the errors document (JSON pointer paths) and never throws, and that every answer is
// byte-identical to the native CLI's (`gpucfg example NAME | gpucfg evaluate - --format json`).
// Env: GPUCFG_WEB_DIR (default build/wasm/web), GPUCFG_NATIVE_CLI (default
// build/native/native_cli/gpucfg). The wasm bytes are passed in directly, so no
// --no-experimental-fetch flag is needed.
import { test, before } from "node:test";
import assert from "node:assert/strict";
import { createRequire } from "node:module";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
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
  assert.equal(doc.schema_version, 2, label);  // stands in for a report (contract v2)
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
  assert.equal(report.schema_version, 2);
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

test("contract() names the versions and version-2 parts as gpucfg contract does", () => {
  const ours = api.contract();
  const doc = JSON.parse(ours);
  assert.deepEqual(doc.schema_versions, [1, 2]);
  assert.equal(doc.report_schema_version, JSON.parse(api.evaluate(api.example("default"))).schema_version);
  for (const f of ["engine", "finetune", "networks", "generic_model", "server", "power", "mig", "mig_plan", "plan"])
    assert.ok(doc.features.includes(f), f);
  const viaCli = runCli(["contract", "--format", "json"]);
  assert.equal(viaCli.status, 0, viaCli.stderr);
  assert.equal(viaCli.stdout, ours + "\n");
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

// [SECTION] Power and MIG verbs: the API's answer is the CLI's stdout (or its errors on stderr)
const cliAnswer = (r) => (r.status === 0 ? r.stdout : r.stderr);

test("migProfiles, migValidate, migPlan and migCompare give the CLI's bytes", () => {
  for (const gpu of ["A100-SXM4-80GB", "A30-24GB", "H100-SXM5-80GB", "H20-96GB", "T4", "Z9000"]) {
    const viaCli = runCli(["mig", "profiles", gpu, "--format", "json"]);
    assert.equal(api.migProfiles(gpu), cliAnswer(viaCli), `mig profiles ${gpu}`);
  }
  const layouts = [
    ["1g.10gb", "2g.20gb", "2g.20gb", "1g.10gb", "1g.10gb", "1g.10gb", "1g.10gb"],  // the guide's layout: invalid
    ["3g.40gb", "3g.40gb"], ["7g.80gb"], ["4g.40gb", "3g.40gb"], ["1g.5gb"], [],
  ];
  for (const profiles of layouts) {
    const viaCli = runCli(["mig", "validate", "A100-SXM4-80GB", ...profiles, "--format", "json"]);
    assert.equal(api.migValidate("A100-SXM4-80GB", JSON.stringify(profiles)), cliAnswer(viaCli), profiles.join(" "));
  }
  const invalid = JSON.parse(api.migValidate("A100-SXM4-80GB", JSON.stringify(layouts[0])));
  assert.equal(invalid.valid, false);
  assert.ok(invalid.reason.length > 0 && invalid.closest.length > 0, JSON.stringify(invalid));
  assertErrorsDocument(api.migValidate("A100-SXM4-80GB", "not json"), "profiles not an array");
  assertErrorsDocument(api.migValidate("A100-SXM4-80GB", "[1, 2]"), "profiles not strings");

  const plan = fs.readFileSync(path.join(root, "examples", "mig-saas-10-tenants.json"), "utf8");
  const viaCli = runCli(["mig", "plan", "-", "--format", "json"], plan);
  assert.equal(viaCli.status, 0, viaCli.stderr);
  assert.equal(api.migPlan(plan), viaCli.stdout);
  assert.ok(JSON.parse(api.migPlan(plan)).gpus_needed >= 1);
  const badPlan = '{"schema_version": 2, "mig_plan": {"gpu": "A100-SXM4-80GB", "tenants": [{"name": "x", "batch": -1}]}}';
  assert.equal(api.migPlan(badPlan), runCli(["mig", "plan", "-", "--format", "json"], badPlan).stderr);
  assertErrorsDocument(api.migPlan("{bad"), "bad plan");

  const compare = runCli(["mig", "compare", "--format", "json"]);
  assert.equal(compare.status, 0, compare.stderr);
  assert.equal(api.migCompare(), compare.stdout);
  const facts = JSON.parse(api.migCompare());
  for (const topic of ["fault_isolation", "memory_qos", "p2p_nvlink", "reconfiguration", "max_clients"])
    assert.ok(facts.facts.some((f) => f.topic === topic), topic);
  for (const f of facts.facts)
    for (const code of f.source.split(",").map((c) => c.trim()))
      assert.ok(facts.sources[code] && facts.sources[code].includes("https://"), `${f.topic}: source ${code}`);
});

test("power and server give the CLI's bytes", () => {
  for (const name of ["default", "gpt3-175b"]) {
    const scenario = api.example(name);
    const viaCli = runCli(["power", "-", "--format", "json"], scenario);
    assert.equal(api.power(scenario), cliAnswer(viaCli), `power ${name}`);
  }
  assert.equal(api.power(""), runCli(["power", "--format", "json"]).stdout);
  const capped = JSON.parse(api.example("default"));
  capped.power = { gpu_cap_w: 300 };
  const text = JSON.stringify(capped);
  assert.equal(api.power(text), runCli(["power", "-", "--format", "json"], text).stdout);
  assert.ok(JSON.parse(api.power(text)).power.throughput_factor < 1);
  assertErrorsDocument(api.power("{bad"), "bad power scenario");
  for (const id of ["dgx-h100", "DGX-A100", "no-such-server"]) {
    assert.equal(api.server(id), cliAnswer(runCli(["server", id, "--format", "json"])), `server ${id}`);
  }
});

// The API module carries no catalog in its wasm (wasm/catalog_fetched.cpp): its loader reads
// gpucfg_catalog.json next to gpucfg.wasm before the promise resolves, or takes the text from the
// gpucfgCatalogText option. Without either the promise rejects, naming the file; the page
// module's byte image (gpucfgCatalogImage) is refused by name, not ignored.
test("the catalog comes from gpucfg_catalog.json, or the promise rejects naming it", async () => {
  const alone = fs.mkdtempSync(path.join(os.tmpdir(), "gpucfg-nocatalog-"));
  try {
    for (const f of ["gpucfg.js", "gpucfg.wasm"]) fs.copyFileSync(path.join(webDir, f), path.join(alone, f));
    const create = createRequire(import.meta.url)(path.join(alone, "gpucfg.js"));
    const wasmBinary = fs.readFileSync(path.join(alone, "gpucfg.wasm"));
    await assert.rejects(create({ wasmBinary }), /cannot load the catalog .*gpucfg_catalog\.json/);
    const image = new Uint8Array(fs.readFileSync(path.join(webDir, "gpucfg_catalog.bin")));
    await assert.rejects(create({ wasmBinary, gpucfgCatalogImage: image }), /gpucfgCatalogImage is read by gpucfg_app\.js/);
    const text = fs.readFileSync(path.join(webDir, "gpucfg_catalog.json"), "utf8");
    const given = await create({ wasmBinary, gpucfgCatalogText: text });
    assert.equal(given.catalog(), api.catalog());
    const scenario = api.example("default");
    assert.equal(given.evaluate(scenario), api.evaluate(scenario));
  } finally {
    fs.rmSync(alone, { recursive: true, force: true });
  }
  // The file holds data/*.json verbatim, in file-name order, as one JSON array.
  const names = fs.readdirSync(path.join(root, "data")).filter((n) => n.endsWith(".json")).sort();
  const docs = JSON.parse(fs.readFileSync(path.join(webDir, "gpucfg_catalog.json"), "utf8"));
  assert.deepEqual(docs, names.map((n) => JSON.parse(fs.readFileSync(path.join(root, "data", n), "utf8"))));
});
