// The wasm API module (build/wasm/web/gpucfg.js) against the hardening corpora, under node:
//   node --test web/tests/wasm_hardening.test.mjs
// 1. Every document of tests/bad_inputs (expected.tsv) goes through the face its name picks
//    (scenario: evaluate; catalog-*: evaluateWithCatalog over the default example; hf-*:
//    importHfConfig; plan-*: plan; migplan-*: migPlan) as its exact bytes (a Uint8Array, so
//    invalid UTF-8 stays invalid), and the answer must be the native CLI's errors document byte
//    for byte; plus a 10 MB document.
// 2. Every golden scenario (tests/golden/scenarios) evaluates to its golden report's bytes.
// Env: GPUCFG_WEB_DIR (default build/wasm/web), GPUCFG_NATIVE_CLI (default
// build/native/native_cli/gpucfg).
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
const badDir = path.join(root, "tests", "bad_inputs");
const goldenDir = path.join(root, "tests", "golden");

let api;
before(async () => {
  const createGpucfg = createRequire(import.meta.url)(path.join(webDir, "gpucfg.js"));
  api = await createGpucfg({ wasmBinary: fs.readFileSync(path.join(webDir, "gpucfg.wasm")) });
});

function runCli(args) {
  const r = spawnSync(cli, args, { encoding: "utf8", maxBuffer: 64 << 20 });
  assert.equal(r.error, undefined, `cannot run ${cli}: build the native CLI or set GPUCFG_NATIVE_CLI`);
  return r;
}

// What the wasm face answers for a file of the corpus, and what the CLI prints for it.
// plan() and migPlan() end their text with the newline the CLI prints; the other faces do not.
function viaWasm(name, bytes) {
  if (name.startsWith("catalog-")) return api.evaluateWithCatalog(api.example("default"), bytes) + "\n";
  if (name.startsWith("hf-")) return api.importHfConfig(bytes) + "\n";
  if (name.startsWith("plan-")) return api.plan(bytes);
  if (name.startsWith("migplan-")) return api.migPlan(bytes);
  return api.evaluate(bytes) + "\n";
}
function viaCli(name, file) {
  if (name.startsWith("catalog-")) return runCli(["--catalog", file, "evaluate", "--format", "json"]);
  if (name.startsWith("hf-")) return runCli(["import-hf", file]);
  if (name.startsWith("plan-")) return runCli(["plan", file, "--format", "json"]);
  if (name.startsWith("migplan-")) return runCli(["mig", "plan", file, "--format", "json"]);
  return runCli(["evaluate", file, "--format", "json"]);
}

function corpusRows() {
  return fs.readFileSync(path.join(badDir, "expected.tsv"), "utf8").split("\n")
    .filter((l) => l && !l.startsWith("#")).map((l) => l.split("\t")[0]);
}

test("the bad-input corpus: the wasm module answers each document as the CLI does, byte for byte", () => {
  const names = corpusRows();
  assert.ok(names.length >= 80, `only ${names.length} documents`);
  for (const name of names) {
    const file = path.join(badDir, name);
    const bytes = new Uint8Array(fs.readFileSync(file));
    let ours;
    assert.doesNotThrow(() => { ours = viaWasm(name, bytes); }, name);
    const theirs = viaCli(name, file);
    assert.equal(theirs.status, 2, `${name}: the CLI exits ${theirs.status}`);
    assert.equal(ours, theirs.stderr, `${name}: wasm and CLI differ`);
    assert.ok(Array.isArray(JSON.parse(ours).errors), name);
  }
});

test("a 10 MB document gets the same errors document from the wasm module and the CLI", () => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "gpucfg-big-"));
  try {
    const text = '{"schema_version":1,"cluster":{"gpu":"A100-SXM4-80GB"},"workload":{"model":"llama2-7b"},' +
                 `"padding":"${"x".repeat(10_000_000)}"}`;
    const file = path.join(tmp, "big.json");
    fs.writeFileSync(file, text);
    const ours = api.evaluate(text);
    assert.ok(JSON.parse(ours).errors.some((e) => e.code === "unknown_key" && e.path === "/padding"));
    assert.equal(ours + "\n", runCli(["evaluate", file, "--format", "json"]).stderr);
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
});

test("golden parity: every golden scenario evaluates under wasm to its golden report's bytes", () => {
  const names = fs.readdirSync(path.join(goldenDir, "scenarios")).filter((n) => n.endsWith(".json")).sort();
  assert.ok(names.length >= 100, `only ${names.length} golden scenarios`);
  let differ = [];
  for (const name of names) {
    const scenario = fs.readFileSync(path.join(goldenDir, "scenarios", name));
    const golden = fs.readFileSync(path.join(goldenDir, "reports", name), "utf8");
    const ours = api.evaluate(new Uint8Array(scenario)) + "\n";
    if (ours !== golden) differ.push(name);
  }
  assert.deepEqual(differ, [], `wasm differs from the golden reports for ${differ.length} scenarios ` +
                   "(the native golden_native test says whether the CLI does too)");
});
