#!/usr/bin/env node
// A tiny static file server for the built page (build/wasm/web by default) on 127.0.0.1, with the
// MIME types the page needs (application/wasm lets browsers compile while downloading).
//   node scripts/serve.mjs [DIR] [--port N]      (port 0 or none: pick a free one)
// Prints the URL to open. Development use only: no caching, no TLS, local interface only.
import http from "node:http";
import fs from "node:fs";
import path from "node:path";

const MIME = {
  ".html": "text/html; charset=utf-8", ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8", ".wasm": "application/wasm", ".json": "application/json",
  ".css": "text/css", ".png": "image/png", ".svg": "image/svg+xml", ".ttf": "font/ttf",
};

// Returns a started http.Server serving `root`; resolves once it listens.
export function serve(root, port = 0) {
  const base = path.resolve(root);
  const server = http.createServer((req, res) => {
    const url = new URL(req.url, "http://127.0.0.1");
    let file = path.join(base, decodeURIComponent(url.pathname));
    if (!file.startsWith(base)) { res.writeHead(403).end(); return; }
    if (fs.existsSync(file) && fs.statSync(file).isDirectory()) file = path.join(file, "index.html");
    fs.readFile(file, (err, data) => {
      if (err) { res.writeHead(404, { "Content-Type": "text/plain" }).end("not found"); return; }
      res.writeHead(200, { "Content-Type": MIME[path.extname(file)] || "application/octet-stream",
                           "Cache-Control": "no-store" });
      res.end(data);
    });
  });
  return new Promise((resolve) => server.listen(port, "127.0.0.1", () => resolve(server)));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const portAt = args.indexOf("--port");
  const port = portAt >= 0 ? Number(args.splice(portAt, 2)[1]) : 0;
  const root = args[0] || path.join(path.dirname(new URL(import.meta.url).pathname), "..", "build", "wasm", "web");
  if (!fs.existsSync(path.join(root, "index.html"))) {
    console.error(`serve: no index.html in ${root}; build the wasm side first (see README.md)`);
    process.exit(1);
  }
  const server = await serve(root, port);
  console.log(`gpucfg: serving ${path.resolve(root)} at http://127.0.0.1:${server.address().port}/`);
}
