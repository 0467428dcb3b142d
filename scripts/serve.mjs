#!/usr/bin/env node
// A tiny static file server for the built page (build/wasm/web by default) on 127.0.0.1, with the
// MIME types the page needs (application/wasm lets browsers compile while downloading), gzip for
// clients that accept it (Content-Encoding + Vary: Accept-Encoding; compressed once per file and
// modification time), and optional CORS headers so a page of another origin can embed the widget.
//   node scripts/serve.mjs [DIR] [--port N] [--cors ORIGIN|*]   (port 0 or none: pick a free one)
// Prints the URL to open. Development use only: no caching, no TLS, local interface only.
import http from "node:http";
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

const MIME = {
  ".html": "text/html; charset=utf-8", ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8", ".wasm": "application/wasm", ".json": "application/json",
  ".css": "text/css", ".png": "image/png", ".svg": "image/svg+xml", ".ttf": "font/ttf",
  ".bin": "application/octet-stream",  // gpucfg_catalog.bin, the catalog's byte image
};
const COMPRESSIBLE = new Set([".html", ".js", ".mjs", ".wasm", ".json", ".css", ".svg", ".ttf", ".bin"]);

// Returns a started http.Server serving `root`; resolves once it listens. options.cors: the value
// of Access-Control-Allow-Origin to send ("*" or an origin), none by default.
export function serve(root, port = 0, options = {}) {
  const base = path.resolve(root);
  const gzipped = new Map();  // file -> {mtimeMs, body}
  const server = http.createServer((req, res) => {
    const url = new URL(req.url, "http://127.0.0.1");
    let file;
    try {
      file = path.join(base, decodeURIComponent(url.pathname));
    } catch {
      res.writeHead(400).end();
      return;
    }
    if (!file.startsWith(base)) { res.writeHead(403).end(); return; }
    if (fs.existsSync(file) && fs.statSync(file).isDirectory()) file = path.join(file, "index.html");
    const headers = { "Cache-Control": "no-store", "Vary": "Accept-Encoding" };
    if (options.cors) {
      headers["Access-Control-Allow-Origin"] = options.cors;
      if (options.cors !== "*") headers["Vary"] += ", Origin";
    }
    if (req.method === "OPTIONS") { res.writeHead(204, { ...headers, "Access-Control-Allow-Methods": "GET" }).end(); return; }
    fs.stat(file, (statErr, st) => {
      if (statErr) { res.writeHead(404, { ...headers, "Content-Type": "text/plain" }).end("not found"); return; }
      const ext = path.extname(file);
      headers["Content-Type"] = MIME[ext] || "application/octet-stream";
      const wantsGzip = /\bgzip\b/.test(req.headers["accept-encoding"] || "") && COMPRESSIBLE.has(ext);
      const send = (body) => {
        headers["Content-Length"] = body.length;
        res.writeHead(200, headers);
        res.end(req.method === "HEAD" ? undefined : body);
      };
      fs.readFile(file, (err, data) => {
        if (err) { res.writeHead(404, { ...headers, "Content-Type": "text/plain" }).end("not found"); return; }
        if (!wantsGzip) { send(data); return; }
        const cached = gzipped.get(file);
        if (cached && cached.mtimeMs === st.mtimeMs) { headers["Content-Encoding"] = "gzip"; send(cached.body); return; }
        zlib.gzip(data, { level: 9 }, (zerr, body) => {
          if (zerr) { send(data); return; }
          gzipped.set(file, { mtimeMs: st.mtimeMs, body });
          headers["Content-Encoding"] = "gzip";
          send(body);
        });
      });
    });
  });
  return new Promise((resolve) => server.listen(port, "127.0.0.1", () => resolve(server)));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const take = (flag) => {
    const at = args.indexOf(flag);
    return at >= 0 ? args.splice(at, 2)[1] : undefined;
  };
  const port = Number(take("--port") || 0);
  const cors = take("--cors");
  const root = args[0] || path.join(path.dirname(new URL(import.meta.url).pathname), "..", "build", "wasm", "web");
  if (!fs.existsSync(path.join(root, "index.html"))) {
    console.error(`serve: no index.html in ${root}; build the wasm side first (see README.md)`);
    process.exit(1);
  }
  const server = await serve(root, port, { cors });
  console.log(`gpucfg: serving ${path.resolve(root)} at http://127.0.0.1:${server.address().port}/` +
              (cors ? ` (Access-Control-Allow-Origin: ${cors})` : ""));
}
