// The widget as a guest on someone else's page, in headless Chromium (playwright-core driving
// Debian's /usr/bin/chromium):   node --test web/tests/host_page.test.mjs
// A marketing page with a form and two widgets: typing Backspace and Tab in the host's form works,
// keys reach a widget only while it has focus (and a quick Enter still ends a text edit), the wheel
// scrolls the host page where the widget has nothing to scroll and the widget where it has, the
// .wasm is fetched and compiled once for both, idle widgets draw no frames, and a readable text
// replaces the widget when WebGL 2 is missing, a file cannot be loaded, or another origin sends no
// CORS headers. Prints the figures the report asks for (first interactive frame, bytes on the
// wire, idle main-thread share) without asserting on times.
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

let server, corsServer, browser, baseUrl, corsUrl;

before(async () => {
  fs.mkdirSync(artifacts, { recursive: true });
  server = await serve(webDir, 0);
  corsServer = await serve(webDir, 0, { cors: "*" });
  baseUrl = `http://127.0.0.1:${server.address().port}/`;
  // "localhost" is another origin than "127.0.0.1" for the browser.
  corsUrl = `http://localhost:${corsServer.address().port}/`;
  browser = await chromium.launch({ executablePath: process.env.GPUCFG_CHROMIUM || "/usr/bin/chromium", args: CHROMIUM_ARGS });
});

after(async () => {
  await browser?.close();
  server?.close();
  corsServer?.close();
});

// Counts what the page asks of WebAssembly, before any script of the page runs.
const COUNT_WASM = () => {
  window.wasmCalls = { compile: 0, instantiateBytes: 0 };
  const wrap = (name, key, pred) => {
    const f = WebAssembly[name];
    if (!f) return;
    WebAssembly[name] = function (...args) {
      if (!pred || pred(args[0])) window.wasmCalls[key]++;
      return f.apply(this, args);
    };
  };
  wrap("compile", "compile");
  wrap("compileStreaming", "compile");
  wrap("instantiateStreaming", "compile");
  wrap("instantiate", "instantiateBytes", (a) => !(a instanceof WebAssembly.Module));
};

const hostPage = (base) => `<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,">
  <body style="margin:0;font:15px sans-serif;background:#e2e8f0">
  <h1 style="margin:16px">Our GPU cloud</h1>
  <form style="margin:16px" onsubmit="return false">
    <input id="name" autocomplete="off"> <input id="email" autocomplete="off">
  </form>
  <div id="w1" style="width:1000px;height:560px;margin:0 16px;border:1px solid #94a3b8"></div>
  <p style="margin:16px">Between the widgets.</p>
  <div id="w2" style="width:1000px;height:560px;margin:0 16px 800px;border:1px solid #94a3b8"></div>
  <script src="${base}embed.js"></script>
  <script>
    window.widgets = [];
    Promise.all([
      GpucfgEmbed.mount(document.getElementById("w1"), { example: "default" }),
      GpucfgEmbed.mount(document.getElementById("w2"), { example: "llama2-70b-serving", lang: "zh-CN" }),
    ]).then((apps) => { window.widgets = apps; }, (e) => { window.mountError = String(e); });
  </script>`;

async function openHost(page, base = baseUrl) {
  await page.route(baseUrl + "host.html", (route) => route.fulfill({ contentType: "text/html", body: hostPage(base) }));
  await page.goto(baseUrl + "host.html");
  await page.waitForFunction(() => window.widgets.length === 2 || window.mountError, null, { timeout: 20000 });
  assert.equal(await page.evaluate(() => window.mountError), undefined);
}

// Centre of widget `i`'s ImGui item `name`, in page coordinates.
async function itemCentre(page, i, name) {
  await page.waitForFunction(([k, n]) => window.widgets[k].widgetRect(n) !== "null", [i, name], { timeout: 10000 });
  const r = JSON.parse(await page.evaluate(([k, n]) => window.widgets[k].widgetRect(n), [i, name]));
  const box = await page.locator(`#w${i + 1} canvas`).boundingBox();
  return { x: box.x + r.x + r.w / 2, y: box.y + r.y + r.h / 2 };
}

async function clickItem(page, i, name) {
  const { x, y } = await itemCentre(page, i, name);
  await page.mouse.move(x, y);
  await page.waitForTimeout(60);
  await page.mouse.down();
  await page.waitForTimeout(60);
  await page.mouse.up();
  await page.waitForTimeout(60);
}

const widgetState = (page, i) => page.evaluate((k) => JSON.parse(window.widgets[k].state()), i);

test("a host page with a form and two widgets: keys, wheel, one compile, idle frames", async () => {
  const page = await browser.newPage({ viewport: { width: 1100, height: 800 } });
  const errors = [];
  page.on("console", (m) => { if (m.type() === "error") errors.push(m.text()); });
  page.on("pageerror", (e) => errors.push(String(e)));
  const wasmRequests = [], catalogRequests = [];
  page.on("request", (r) => {
    if (r.url().endsWith(".wasm")) wasmRequests.push(r.url());
    if (r.url().endsWith("gpucfg_catalog.bin")) catalogRequests.push(r.url());
  });
  await page.addInitScript(COUNT_WASM);
  await openHost(page);

  // One download and one compile of the .wasm for both widgets; each is its own instance. One
  // download of the catalog, whose bytes embed.js hands to both.
  assert.equal(wasmRequests.length, 1, wasmRequests.join(", "));
  assert.equal(catalogRequests.length, 1, catalogRequests.join(", "));
  assert.deepEqual(await page.evaluate(() => window.wasmCalls), { compile: 1, instantiateBytes: 0 });
  const [a0, b0] = [await widgetState(page, 0), await widgetState(page, 1)];
  assert.equal(a0.scenario.workload.kind, "training");
  assert.equal(b0.scenario.workload.kind, "inference");
  assert.equal(b0.language, "zh-CN");

  // The host's form keeps its keyboard: Backspace deletes, Tab moves on; the widgets see nothing.
  await page.click("#name");
  await page.keyboard.type("abc");
  await page.keyboard.press("Backspace");
  await page.keyboard.press("Tab");
  await page.keyboard.type("x@y");
  assert.equal(await page.inputValue("#name"), "ab");
  assert.equal(await page.inputValue("#email"), "x@y");
  assert.deepEqual((await widgetState(page, 0)).scenario, a0.scenario);

  // A click gives widget 1 the keyboard: select the node-count field, type, a quick Enter ends it.
  await clickItem(page, 0, "/cluster/nodes");
  await page.keyboard.press("Control+A");
  await page.keyboard.type("3");
  await page.keyboard.press("Enter");
  await page.waitForFunction(() => JSON.parse(window.widgets[0].state()).scenario.cluster.nodes === 3, null, { timeout: 10000 });
  assert.deepEqual((await widgetState(page, 1)).scenario, b0.scenario);
  // Back in the host's form, Backspace works again.
  await page.click("#email");
  await page.keyboard.press("End");
  await page.keyboard.press("Backspace");
  assert.equal(await page.inputValue("#email"), "x@");
  assert.equal((await widgetState(page, 0)).scenario.cluster.nodes, 3);

  // The wheel over the widget's title (nothing to scroll there) scrolls the host page...
  const title = await page.locator("#w1 canvas").boundingBox();
  await page.mouse.move(title.x + 300, title.y + 14);
  await page.waitForTimeout(100);
  await page.mouse.wheel(0, 200);
  await page.waitForFunction(() => window.scrollY > 0, null, { timeout: 5000 });
  const scrolledTo = await page.evaluate(() => window.scrollY);
  // ...and over the inputs column, which can scroll, it scrolls the column and not the page.
  const gpu = await itemCentre(page, 0, "/cluster/gpu");
  const rectBefore = await page.evaluate(() => window.widgets[0].widgetRect("/cluster/gpu"));
  await page.mouse.move(gpu.x, gpu.y);
  await page.waitForTimeout(150);
  await page.mouse.wheel(0, 300);
  await page.waitForTimeout(300);
  assert.equal(await page.evaluate(() => window.scrollY), scrolledTo);
  assert.notEqual(await page.evaluate(() => window.widgets[0].widgetRect("/cluster/gpu")), rectBefore);
  await page.screenshot({ path: path.join(artifacts, "20-host-two-widgets.png") });

  // Idle: the pointer off both widgets, nothing changes, no frame is drawn for 3 s.
  await page.mouse.move(1080, 10);
  await page.click("#name");
  await page.waitForTimeout(500);
  const frames = () => page.evaluate(() => window.widgets.map((w) => w.framesDrawn()));
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Performance.enable");
  const metric = async (name) => (await cdp.send("Performance.getMetrics")).metrics.find((m) => m.name === name).value;
  const [f0, t0, w0] = [await frames(), await metric("TaskDuration"), Date.now()];
  await page.waitForTimeout(3000);
  const [f1, t1, w1] = [await frames(), await metric("TaskDuration"), Date.now()];
  const drawn = f1.map((f, i) => f - f0[i]);
  const share = (t1 - t0) / ((w1 - w0) / 1000);
  console.log(`# idle 3 s with two widgets: frames drawn ${JSON.stringify(drawn)}, main-thread busy ${(share * 100).toFixed(2)} %`);
  assert.ok(drawn.every((d) => d <= 1), JSON.stringify(drawn));
  // An input wakes the widget up again.
  await page.mouse.move(title.x + 300, title.y + 200);
  await page.waitForFunction((n) => window.widgets[0].framesDrawn() > n, f1[0], { timeout: 5000 });
  assert.deepEqual(errors, []);
  await page.close();
});

test("the full page: first interactive frame and bytes on the wire (gzip)", async () => {
  // The dev server gzips each file once, on its first request: warm it up, as a static host with
  // precompressed files would be.
  for (const f of ["index.html", "embed.js", "link_state.js", "gpucfg_app.js", "gpucfg_app.wasm", "gpucfg_catalog.bin"])
    await fetch(baseUrl + f, { headers: { "Accept-Encoding": "gzip" } }).then((r) => r.arrayBuffer());
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  const sizes = [];
  page.on("requestfinished", async (r) => {
    const s = await r.sizes().catch(() => null);
    const h = await r.response().then((x) => x && x.headers()).catch(() => null);
    if (s) sizes.push({ url: r.url(), bytes: s.responseBodySize, encoding: h && h["content-encoding"] });
  });
  await page.goto(baseUrl);
  await page.waitForFunction(() => window.gpucfg && window.gpucfg.gpucfgFirstFrameMs !== undefined, null, { timeout: 20000 });
  const first = await page.evaluate(() => window.gpucfg.gpucfgFirstFrameMs);
  await page.waitForTimeout(300);
  const total = sizes.reduce((a, s) => a + s.bytes, 0);
  console.log(`# first interactive frame ${first.toFixed(0)} ms after navigation; on the wire ${total} bytes: ` +
              sizes.map((s) => `${s.url.split("/").pop() || "index.html"} ${s.bytes}${s.encoding ? " " + s.encoding : ""}`).join(", "));
  const wasm = sizes.find((s) => s.url.endsWith(".wasm"));
  assert.equal(wasm.encoding, "gzip");
  assert.ok(wasm.bytes < 600000, String(wasm.bytes));
  await page.close();
});

test("without WebGL 2 the widget's box explains why, in the page's language", async () => {
  const page = await browser.newPage({ viewport: { width: 1100, height: 800 } });
  await page.addInitScript(() => {
    const get = HTMLCanvasElement.prototype.getContext;
    HTMLCanvasElement.prototype.getContext = function (kind, ...rest) {
      return kind === "webgl2" ? null : get.call(this, kind, ...rest);
    };
  });
  await page.route(baseUrl + "host.html", (route) => route.fulfill({ contentType: "text/html", body: hostPage(baseUrl) }));
  await page.goto(baseUrl + "host.html");
  await page.waitForFunction(() => window.mountError, null, { timeout: 10000 });
  const texts = await page.locator(".gpucfg-fallback").allInnerTexts();
  assert.equal(texts.length, 2);
  assert.match(texts[0], /WebGL 2/);
  assert.match(texts[1], /WebGL 2.*硬件加速|硬件加速.*WebGL 2/s);
  await page.screenshot({ path: path.join(artifacts, "21-no-webgl.png") });
  await page.close();
});

test("a missing file or a cross-origin server without CORS headers gets a readable text", async () => {
  const page = await browser.newPage({ viewport: { width: 1100, height: 800 } });
  await page.route(baseUrl + "broken.html", (route) => route.fulfill({ contentType: "text/html", body: `
    <!doctype html><meta charset="utf-8"><link rel="icon" href="data:,"><div id="w" style="height:300px"></div>
    <script src="embed.js"></script>
    <script>GpucfgEmbed.mount(document.getElementById("w"), { base: "${baseUrl}missing/" })
      .catch((e) => { window.mountError = String(e); });</script>` }));
  await page.goto(baseUrl + "broken.html");
  await page.waitForFunction(() => window.mountError, null, { timeout: 10000 });
  await page.waitForSelector(".gpucfg-fallback");
  assert.match(await page.locator(".gpucfg-fallback").innerText(), /missing\/(gpucfg_app\.(js|wasm)|gpucfg_catalog\.json)/);
  await page.close();
});

// Another origin: the widget's files from "localhost", the host page from "127.0.0.1". Chromium
// treats a page's requests to loopback addresses of another origin as Local Network Access and
// refuses them before CORS is even asked; that check is switched off for this browser only, so
// what is tested is what a real second site meets: the CORS header or its absence.
async function crossOrigin(page, widgetBase) {
  await page.route(baseUrl + "host.html", (route) => route.fulfill({ contentType: "text/html", body: hostPage(widgetBase) }));
  await page.goto(baseUrl + "host.html");
  await page.waitForFunction(() => window.widgets.length === 2 || window.mountError, null, { timeout: 20000 });
}

test("from another origin the widget works when that server sends CORS headers", async () => {
  const remote = await chromium.launch({ executablePath: process.env.GPUCFG_CHROMIUM || "/usr/bin/chromium",
    args: [...CHROMIUM_ARGS, "--disable-features=LocalNetworkAccessChecks,BlockInsecurePrivateNetworkRequests"] });
  const page = await remote.newPage({ viewport: { width: 1100, height: 800 } });
  const errors = [];
  page.on("console", (m) => { if (m.type() === "error") errors.push(m.text()); });
  await crossOrigin(page, corsUrl);  // scripts/serve.mjs --cors "*"
  assert.equal(await page.evaluate(() => window.mountError), undefined);
  const s = await widgetState(page, 0);
  assert.ok(s.report.performance.tokens_per_s > 0);
  assert.deepEqual(errors, []);
  // The same files from a server without the header: the .wasm is refused, the box says why.
  const bare = await serve(webDir, 0);
  const other = await remote.newPage({ viewport: { width: 1100, height: 800 } });
  await crossOrigin(other, `http://localhost:${bare.address().port}/`);
  await other.waitForSelector(".gpucfg-fallback");
  assert.match((await other.locator(".gpucfg-fallback").allInnerTexts())[0], /Access-Control-Allow-Origin/);
  await other.screenshot({ path: path.join(artifacts, "22-cors-refused.png") });
  await remote.close();
  bare.close();
});
