// What a browser test of the page needs (headless Chromium through playwright-core, the page served
// from build/wasm/web or GPUCFG_WEB_DIR): start and stop, the app's widget rectangles as page
// coordinates, and clicks made as a person makes them. Used by planner.test.mjs, power_mig.test.mjs
// and workload_page.test.mjs; the older tests carry their own copy of the same lines.
import fs from "node:fs";
import path from "node:path";
import { chromium } from "playwright-core";
import { serve } from "../../scripts/serve.mjs";

export const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..", "..");
export const artifacts = path.join(root, "web", "tests", "artifacts");
const CHROMIUM_ARGS = [
  "--headless", "--no-sandbox", "--disable-background-networking", "--disable-component-update",
  "--disable-sync", "--no-first-run", "--disable-quic", "--enable-unsafe-swiftshader",
  "--use-angle=swiftshader",
];

// Serves the page and launches Chromium; a test that opens several pages (workload_page.test.mjs:
// one per language) opens them on `browser` itself.
export async function startBrowser() {
  fs.mkdirSync(artifacts, { recursive: true });
  const webDir = path.resolve(root, process.env.GPUCFG_WEB_DIR || "build/wasm/web");
  const server = await serve(webDir, 0);
  const baseUrl = `http://127.0.0.1:${server.address().port}/`;
  const browser = await chromium.launch({ executablePath: process.env.GPUCFG_CHROMIUM || "/usr/bin/chromium", args: CHROMIUM_ARGS });
  const close = async () => { await browser.close(); server.close(); };
  return { browser, baseUrl, close };
}

// Serves the page, launches Chromium, opens one page at `viewport`; console errors are collected.
export async function openPage(viewport = { width: 1280, height: 800 }) {
  const { browser, baseUrl, close } = await startBrowser();
  const page = await browser.newPage({ viewport, locale: "en-US" });
  const consoleErrors = [];
  page.on("console", (m) => { if (m.type() === "error") consoleErrors.push(m.text()); });
  page.on("pageerror", (e) => consoleErrors.push(String(e)));
  return { page, baseUrl, consoleErrors, close };
}

// Waits until the app has drawn widget `name`, then returns its centre in page coordinates.
export async function widgetCentre(page, name) {
  await page.waitForFunction((n) => window.gpucfg && window.gpucfg.widgetRect(n) !== "null", name, { timeout: 10000 });
  const r = JSON.parse(await page.evaluate((n) => window.gpucfg.widgetRect(n), name));
  const box = await page.locator("canvas").boundingBox();
  return { x: box.x + r.x + r.w / 2, y: box.y + r.y + r.h / 2 };
}

// Move, press, release, with frames in between for ImGui to see each.
export async function click(page, name) {
  const { x, y } = await widgetCentre(page, name);
  await page.mouse.move(x, y);
  await page.waitForTimeout(80);
  await page.mouse.down();
  await page.waitForTimeout(80);
  await page.mouse.up();
  await page.waitForTimeout(80);
}
