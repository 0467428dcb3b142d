// Headless Chromium for the browser benches (wasm_bench_chromium.mjs, wasm_first_call.mjs): the
// same flags as the browser tests, the binary from GPUCFG_CHROMIUM (default /usr/bin/chromium).
import { chromium } from "playwright-core";

export function launchChromium() {
  return chromium.launch({
    executablePath: process.env.GPUCFG_CHROMIUM || "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-background-networking", "--no-first-run"],
  });
}
