// gpucfg embed loader: puts the gpucfg configurator (the Dear ImGui app, WebGL2) into any <div>
// of a marketing page. Serve this file next to gpucfg_app.js, gpucfg_app.wasm and
// gpucfg_catalog.bin (the contents of build/wasm/web/), then:
//
//   <div id="sizer" style="width: 100%; height: 720px"></div>
//   <script src="https://example.com/gpucfg/embed.js"></script>
//   <script>
//     GpucfgEmbed.mount(document.getElementById("sizer"), {
//       example: "gpt3-175b",        // optional: a name from app.examples()
//       scenario: { ... },           // optional: a contract v1 scenario object (wins over example)
//       lang: "zh-CN",               // optional: "en" (default) or "zh-CN"
//       onChange: (scenarioJson) => {},  // optional: called with the scenario JSON on every edit
//     }).then((app) => console.log(JSON.parse(app.evaluate(app.example("default")))));
//   </script>
//
// The widget fills the div (give the div a height). mount() resolves to the module, which also
// offers the JSON API of gpucfg.js: evaluate(json), catalog(), version(), example(name),
// examples(), importHfConfig(json), plus state() (scenario + report shown), setScenario(json),
// loadExample(name), setLanguage(lang) and framesDrawn(). The files are found next to embed.js
// unless options.base (a URL ending in "/") says otherwise; from another origin that server must
// send CORS headers for the .wasm and the catalog (see web/README.md).
//
// A good guest: every widget on a page shares one download and one compile of the .wasm and one
// download of the catalog (each gets its own instance, memory and canvas); keys reach a widget
// only while it has focus; the wheel scrolls the page where the widget has nothing to scroll; idle
// widgets draw nothing. If WebGL 2 is missing or a file cannot be loaded, the div shows a readable
// explanation instead of a blank box, and mount() rejects with the same text.
(function () {
  "use strict";
  const scriptBase = document.currentScript ? new URL(".", document.currentScript.src).href : "";
  const factories = new Map();  // base URL -> Promise of createGpucfgApp
  const modules = new Map();    // base URL -> Promise of the compiled WebAssembly.Module
  const catalogs = new Map();   // base URL -> Promise of gpucfg_catalog.bin's bytes

  function loadFactory(base) {
    if (!factories.has(base)) {
      // A page may already load gpucfg_app.js itself (index.html does, async): wait for that tag.
      const own = document.querySelector(`script[src="${base}gpucfg_app.js"], script[src="gpucfg_app.js"]`);
      factories.set(base, window.createGpucfgApp ? Promise.resolve(window.createGpucfgApp) : new Promise((resolve, reject) => {
        if (own) {
          own.addEventListener("load", () => resolve(window.createGpucfgApp));
          own.addEventListener("error", () => reject(failure("load", own.src)));
          return;
        }
        const s = document.createElement("script");
        s.src = base + "gpucfg_app.js";
        s.onload = () => resolve(window.createGpucfgApp);
        s.onerror = () => reject(failure("load", s.src));
        document.head.appendChild(s);
      }));
    }
    return factories.get(base);
  }

  // One fetch and one compile per page (and base), whatever the number of widgets.
  function compileOnce(base) {
    if (!modules.has(base)) {
      const url = base + "gpucfg_app.wasm";
      const fetched = () => fetch(url, { credentials: "same-origin" }).then((r) => {
        if (!r.ok) throw failure("http", url, r.status);
        return r;
      }, () => { throw failure("fetch", url); });
      modules.set(base, fetched().then((response) => {
        const fallback = () => response.clone().arrayBuffer().then((b) => WebAssembly.compile(b));
        // Streaming needs Content-Type: application/wasm; without it, compile from the bytes.
        return WebAssembly.compileStreaming ? WebAssembly.compileStreaming(response.clone()).catch(fallback) : fallback();
      }));
    }
    return modules.get(base);
  }

  // The catalog (its byte image, gpucfg_catalog.bin) is a file of its own, as the wasm: one fetch
  // per page (and base), its bytes handed to every widget, which then needs no fetch of its own
  // (wasm/catalog_loader.js).
  function catalogOnce(base) {
    if (!catalogs.has(base)) {
      const url = base + "gpucfg_catalog.bin";
      catalogs.set(base, fetch(url, { credentials: "same-origin" }).then((r) => {
        if (!r.ok) throw failure("http", url, r.status);
        return r.arrayBuffer();
      }, () => { throw failure("fetch", url); }));
    }
    return catalogs.get(base);
  }

  function webgl2Available() {
    try {
      return !!document.createElement("canvas").getContext("webgl2");
    } catch (e) {
      return false;
    }
  }

  // [SECTION] Fallback text -------------------------------------------------------------------------
  const TEXT = {
    en: {
      title: "The GPU configurator cannot start here.",
      webgl2: "It draws with WebGL 2, which this browser has turned off or does not support. Turn on hardware acceleration, or open the page in a current Chrome, Edge, Firefox or Safari.",
      load: "A file it needs could not be loaded: ",
      fetch: "The download of this file failed: ",
      http: "The server answered with an error for: ",
      cors: "If the widget is served from another site, that server must allow this page (Access-Control-Allow-Origin); see web/README.md.",
      other: "It stopped while starting: ",
    },
    zh: {
      title: "GPU 配置器无法在此启动。",
      webgl2: "它使用 WebGL 2 绘制，而此浏览器关闭了或不支持 WebGL 2。请开启硬件加速，或使用最新版 Chrome、Edge、Firefox 或 Safari 打开此页。",
      load: "无法加载所需的文件：",
      fetch: "下载此文件失败：",
      http: "服务器对此文件返回了错误：",
      cors: "若小部件由其他网站提供，该服务器须允许本页面访问（Access-Control-Allow-Origin），见 web/README.md。",
      other: "启动时出错：",
    },
  };

  function failure(kind, detail, status) {
    const e = new Error(`gpucfg: ${kind}${detail ? " " + detail : ""}${status ? " (HTTP " + status + ")" : ""}`);
    e.gpucfgKind = kind;
    e.gpucfgDetail = detail ? String(detail) + (status ? ` (HTTP ${status})` : "") : "";
    return e;
  }

  function showFallback(container, err, lang) {
    const t = TEXT[String(lang || navigator.language || "").startsWith("zh") ? "zh" : "en"];
    const kind = err && err.gpucfgKind ? err.gpucfgKind : "other";
    const box = document.createElement("div");
    box.className = "gpucfg-fallback";
    box.setAttribute("role", "alert");
    box.style.cssText = "box-sizing:border-box;height:100%;padding:24px;font:15px/1.5 system-ui,sans-serif;" +
                        "color:#1e293b;background:#f8fafc;overflow:auto";
    const h = document.createElement("strong");
    h.textContent = t.title;
    const p = document.createElement("p");
    if (kind === "webgl2") p.textContent = t.webgl2;
    else p.textContent = (t[kind] || t.other) + (err.gpucfgDetail || String(err && err.message || err));
    box.append(h, p);
    if (kind === "fetch" || kind === "load" || kind === "http") {
      const q = document.createElement("p");
      q.textContent = t.cors;
      box.append(q);
    }
    container.replaceChildren(box);
  }

  // [SECTION] mount -------------------------------------------------------------------------------
  function start(container, opts, base) {
    if (!webgl2Available()) return Promise.reject(failure("webgl2"));
    const canvas = document.createElement("canvas");
    canvas.style.cssText = "display:block;width:100%;height:100%;outline:none";
    canvas.tabIndex = 0;  // focusable: a click gives it the keyboard, Tab can reach and leave it
    canvas.addEventListener("contextmenu", (e) => e.preventDefault());
    container.appendChild(canvas);
    return Promise.all([loadFactory(base), compileOnce(base), catalogOnce(base)]).then(([factory, wasm, catalogImage]) => new Promise((resolve, reject) => {
      factory({
        canvas: canvas,
        gpucfgCatalogImage: catalogImage,
        locateFile: (file) => base + file,
        onScenarioChange: opts.onChange || null,
        printErr: (text) => console.warn(text),
        onAbort: (what) => reject(failure("other", what)),
        // Each widget instantiates the page's one compiled module.
        instantiateWasm: (imports, receive) => {
          WebAssembly.instantiate(wasm, imports).then((instance) => receive(instance, wasm), (e) => reject(failure("other", e)));
          return {};
        },
      }).then((app) => {
        if (app.gpucfgStartError) { reject(failure(app.gpucfgStartError === "webgl2" ? "webgl2" : "other", app.gpucfgStartError)); return; }
        resolve(app);
      }, (e) => reject(e && e.gpucfgKind ? e : failure("other", e)));
    }));
  }

  function mount(container, options) {
    const opts = options || {};
    const base = opts.base || scriptBase;
    return start(container, opts, base).then((app) => {
      if (opts.lang) app.setLanguage(opts.lang);  // first: a given scenario keeps its own currency
      if (opts.scenario) {
        app.setScenario(typeof opts.scenario === "string" ? opts.scenario : JSON.stringify(opts.scenario));
      } else if (opts.example) {
        app.loadExample(opts.example);
        if (opts.lang) app.setLanguage(opts.lang);  // the example in the reader's currency
      }
      return app;
    }, (err) => {
      showFallback(container, err, opts.lang);
      throw err;
    });
  }

  window.GpucfgEmbed = { mount: mount, showFallback: showFallback };
})();
