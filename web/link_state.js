// The full page's link and saved state (index.html only; embed.js widgets have no address bar).
// The address bar holds every part of the view:
//   #scenario=<URI-encoded scenario JSON>&lang=en|zh-CN&view=<tab>&pins=<URI-encoded JSON array>
//     &serving=users:<n>|rps:<n>   (the serving panel's load; its latency targets are the scenario's)
// A link with a bad part (an out-of-range value, an unknown key, schema_version 99, invalid JSON,
// broken percent-encoding) shows a banner naming each bad field, shows the valid parts (one with
// none, every key unknown, shows the default), and keeps the link in the address bar until the
// banner is dismissed. Hash changes (a link pasted into an
// open tab) are followed live. The last view survives a reload (the hash, or localStorage when the
// address has none); named scenarios are saved in localStorage (versioned, migrated on read); the
// toolbar imports/exports scenario JSON, exports the report as CSV, copies the link and copies the
// `gpucfg` command that reproduces the report. Every number still comes from the app (the core);
// this file only moves documents around.
(function () {
  "use strict";
  const KEYS = ["scenario", "lang", "view", "pins", "serving"];
  const VIEWS = ["overview", "breakdown", "roofline", "scaling", "compare", "power", "mig", "planner"];
  const LAST_KEY = "gpucfg.last";
  const SAVED_KEY = "gpucfg.saved";
  const SAVED_VERSION = 1;

  const WORDS = {
    en: {
      banner: "This link has problems; the page shows its valid parts. The address bar keeps the link until you dismiss this.",
      dismiss: "Dismiss", unknownKey: "unknown key (known: scenario, lang, view, pins, serving)",
      percent: "broken percent-encoding", json: "not valid JSON", lang: "unknown language (en or zh-CN)",
      view: "unknown view (" + VIEWS.join(", ") + ")", pins: "expected a JSON array of scenarios",
      serving: "expected users:<1 to 10000000> or rps:<0.001 to 10000000>",
      copyLink: "Copy link", copyCli: "Copy as gpucfg command", exportJson: "Export JSON", exportCsv: "Report CSV",
      importJson: "Import JSON", save: "Save", saved: "Saved…", copied: "Copied", saveName: "Name for this scenario:",
      importProblem: "The imported file has problems; the page shows its valid parts.",
      notText: "this saved link is not text (another page or a hand edit left it); the view is unchanged",
    },
    zh: {
      banner: "此链接有问题；页面显示了其中有效的部分。在您关闭此提示之前，地址栏保留原链接。",
      dismiss: "关闭", unknownKey: "未知的键（已知：scenario、lang、view、pins、serving）",
      percent: "百分号编码损坏", json: "不是有效的 JSON", lang: "未知语言（en 或 zh-CN）",
      view: "未知视图（" + VIEWS.join("、") + "）", pins: "应为场景的 JSON 数组",
      serving: "应为 users:<1 至 10000000 的用户数> 或 rps:<0.001 至 10000000 的每秒请求数>",
      copyLink: "复制链接", copyCli: "复制为 gpucfg 命令", exportJson: "导出 JSON", exportCsv: "报告 CSV",
      importJson: "导入 JSON", save: "保存", saved: "已保存…", copied: "已复制", saveName: "为此方案命名：",
      importProblem: "导入的文件有问题；页面显示了其中有效的部分。",
      notText: "此保存的链接不是文本（由其他页面或手工编辑留下）；视图未改变",
    },
  };

  let app = null;
  let holdLink = false;  // a bad link is on screen: leave the address bar alone
  let writing = false;   // our own hash writes are not "a new link"
  const words = () => WORDS[app && JSON.parse(app.state()).language === "zh-CN" ? "zh" : "en"];

  // [SECTION] Reading a link ------------------------------------------------------------------------
  // -> { parts: {scenario, lang, view, pins}, problems: [{field, message}] }; never throws.
  // `hash` may come from localStorage (a saved item's link), which can hold any JSON value.
  function parseHash(hash) {
    const parts = {}, problems = [];
    if (typeof hash !== "string") {
      problems.push({ field: "link", message: WORDS.en.notText, word: "notText" });
      return { parts, problems };
    }
    const body = hash.replace(/^#/, "");
    if (!body) return { parts, problems };
    for (const piece of body.split("&")) {
      if (!piece) continue;
      const at = piece.indexOf("=");
      const key = at < 0 ? piece : piece.slice(0, at), raw = at < 0 ? "" : piece.slice(at + 1);
      if (!KEYS.includes(key)) { problems.push({ field: key, message: WORDS.en.unknownKey, word: "unknownKey" }); continue; }
      let value;
      try {
        value = decodeURIComponent(raw);
      } catch (e) {
        problems.push({ field: key, message: WORDS.en.percent, word: "percent" });
        continue;
      }
      parts[key] = value;
    }
    return { parts, problems };
  }

  function errorsOf(doc) {
    if (!doc) return [];
    try {
      return JSON.parse(doc).errors || [];
    } catch (e) {
      return [{ path: "", message: String(doc) }];
    }
  }

  // Applies a link to the app; returns the problems (each names its field).
  function applyHash(hash) {
    const { parts, problems } = parseHash(hash);
    // The language first: the link's scenario then keeps its own currency (setLanguage prices a
    // list-price scenario in ¥ for Chinese).
    if (parts.lang !== undefined) {
      if (parts.lang === "en" || parts.lang === "zh-CN") app.setLanguage(parts.lang);
      else problems.push({ field: "lang", message: WORDS.en.lang, word: "lang" });
    }
    if (parts.scenario !== undefined) {
      let text = parts.scenario;
      try {
        JSON.parse(text);
      } catch (e) {
        problems.push({ field: "scenario", message: `${WORDS.en.json}: ${e.message}`, word: "json", detail: e.message });
        text = null;
      }
      if (text !== null) {
        for (const e of errorsOf(app.loadLink(text)))
          problems.push({ field: "scenario" + (e.path || ""), message: e.message });
      }
    }
    if (parts.pins !== undefined) {
      let ok = true;
      try {
        ok = Array.isArray(JSON.parse(parts.pins));
      } catch (e) {
        ok = false;
      }
      if (!ok) problems.push({ field: "pins", message: WORDS.en.pins, word: "pins" });
      else for (const e of errorsOf(app.setPins(parts.pins))) problems.push({ field: "pins" + (e.path || ""), message: e.message });
    }
    // The serving panel's load: the app checks it (the panel's own limits) and names the bad part.
    if (parts.serving !== undefined) {
      for (const e of errorsOf(app.setServing(parts.serving)))
        problems.push({ field: "serving" + (e.path || ""), message: e.message, word: "serving", detail: e.path ? e.message : undefined });
    }
    if (parts.view !== undefined) {
      if (VIEWS.includes(parts.view)) app.setView(parts.view);
      else problems.push({ field: "view", message: WORDS.en.view, word: "view" });
    }
    return problems;
  }

  // [SECTION] Writing the link ------------------------------------------------------------------------
  function currentHash() {
    const s = JSON.parse(app.state());
    let h = "#scenario=" + encodeURIComponent(JSON.stringify(s.scenario)) + "&lang=" + s.language + "&view=" + s.view;
    if (s.pinned.length) h += "&pins=" + encodeURIComponent(JSON.stringify(s.pinned.map((p) => p.scenario)));
    return h + "&serving=" + encodeURIComponent(app.servingLink());
  }

  function onStateChange() {
    if (!app) return;
    refreshToolbar();  // the language may have changed
    const h = currentHash();
    try { localStorage.setItem(LAST_KEY, h); } catch (e) { /* private mode: no memory, no harm */ }
    if (holdLink || location.hash === h) return;
    writing = true;
    history.replaceState(null, "", h);
    writing = false;
  }

  // [SECTION] The banner -------------------------------------------------------------------------------
  function showBanner(problems, intro) {
    const banner = document.getElementById("link-banner");
    if (!problems.length) { hideBanner(); return; }
    const w = words();
    holdLink = true;
    banner.replaceChildren();
    const p = document.createElement("p");
    p.textContent = intro || w.banner;
    const list = document.createElement("ul");
    for (const pr of problems) {
      const li = document.createElement("li");
      const code = document.createElement("code");
      code.textContent = pr.field;
      const msg = pr.word ? w[pr.word] + (pr.detail ? ": " + pr.detail : "") : pr.message;
      li.append(code, document.createTextNode(": " + msg));
      list.append(li);
    }
    const button = document.createElement("button");
    button.id = "link-dismiss";
    button.textContent = w.dismiss;
    button.onclick = () => { hideBanner(); onStateChange(); };
    banner.append(button, p, list);
    banner.hidden = false;
  }

  function hideBanner() {
    holdLink = false;
    document.getElementById("link-banner").hidden = true;
  }

  function openLink(hash) {
    showBanner(applyHash(hash));
    app.state();  // evaluates now, so the first frame shows the link's report
  }

  // [SECTION] Saved scenarios (localStorage, versioned) ------------------------------------------------
  // Version 1: {schema_version: 1, items: [{name, saved_at, link}]}. Read also: a bare array of
  // scenario documents (what a hand-made or older store may hold), migrated to version 1.
  function readSaved() {
    let doc;
    try { doc = JSON.parse(localStorage.getItem(SAVED_KEY) || "null"); } catch (e) { doc = null; }
    if (Array.isArray(doc)) {
      doc = { schema_version: SAVED_VERSION, items: doc.map((s, i) => ({
        name: (s && s.workload && typeof s.workload.model === "string" ? s.workload.model : "scenario") + ` (${i + 1})`,
        saved_at: null, link: "#scenario=" + encodeURIComponent(JSON.stringify(s)) })) };
      writeSaved(doc);
    }
    if (!doc || doc.schema_version !== SAVED_VERSION || !Array.isArray(doc.items)) doc = { schema_version: SAVED_VERSION, items: [] };
    // An item that is not an object with a text name cannot be listed or opened (a hand edit or
    // another page left it): leave it out. The others stay; a bad link is reported when opened.
    doc.items = doc.items.filter((it) => it !== null && typeof it === "object" && typeof it.name === "string");
    return doc;
  }

  function writeSaved(doc) {
    try { localStorage.setItem(SAVED_KEY, JSON.stringify(doc)); } catch (e) { /* quota or private mode */ }
  }

  function saveCurrent(name) {
    const doc = readSaved();
    doc.items = doc.items.filter((it) => it.name !== name);
    doc.items.push({ name, saved_at: new Date().toISOString(), link: currentHash() });
    writeSaved(doc);
    refreshToolbar();
  }

  function openSaved(name) {
    const item = readSaved().items.find((it) => it.name === name);
    if (item) openLink(item.link);
  }

  // [SECTION] Export, import, copy -----------------------------------------------------------------------
  function download(name, type, text) {
    const a = document.createElement("a");
    a.href = URL.createObjectURL(new Blob([text], { type }));
    a.download = name;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  }

  // The report as CSV: one row per number or text, named by its JSON pointer in the report document
  // (as `gpucfg evaluate --format json` writes it).
  function reportCsv() {
    const report = JSON.parse(app.state()).report;
    const rows = [["field", "value"]];
    const walk = (v, path) => {
      if (v !== null && typeof v === "object") {
        for (const [k, x] of Object.entries(v)) walk(x, `${path}/${k}`);
      } else {
        rows.push([path, v === null ? "" : String(v)]);
      }
    };
    walk(report, "");
    const cell = (c) => (/[",\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c);
    return rows.map((r) => r.map(cell).join(",")).join("\n") + "\n";
  }

  // The shell line that prints this view's report with the native CLI (the same core, same numbers).
  function cliCommand() {
    const json = JSON.stringify(JSON.parse(app.state()).scenario);
    return `echo '${json.replace(/'/g, "'\\''")}' | gpucfg evaluate -`;
  }

  function copy(text, button) {
    const done = () => { button.dataset.copied = "1"; button.textContent = words().copied; setTimeout(refreshToolbar, 1500); };
    if (navigator.clipboard && navigator.clipboard.writeText) {
      navigator.clipboard.writeText(text).then(done, () => fallbackCopy(text) && done());
    } else if (fallbackCopy(text)) {
      done();
    }
    window.gpucfgLastCopy = text;  // what was put on the clipboard (the browser test reads it)
  }

  function fallbackCopy(text) {
    const t = document.createElement("textarea");
    t.value = text;
    document.body.append(t);
    t.select();
    const ok = document.execCommand && document.execCommand("copy");
    t.remove();
    return ok;
  }

  function importFile(file) {
    file.text().then((text) => {
      const problems = [];
      try {
        JSON.parse(text);
      } catch (e) {
        problems.push({ field: file.name, message: `${WORDS.en.json}: ${e.message}`, word: "json", detail: e.message });
      }
      if (!problems.length) for (const e of errorsOf(app.loadLink(text))) problems.push({ field: "scenario" + (e.path || ""), message: e.message });
      app.state();
      showBanner(problems, words().importProblem);
    });
  }

  // [SECTION] Toolbar ---------------------------------------------------------------------------------
  function refreshToolbar() {
    const bar = document.getElementById("toolbar");
    if (!bar || !app) return;
    const w = words();
    for (const b of bar.querySelectorAll("[data-word]")) {
      if (b.dataset.copied) { delete b.dataset.copied; }
      b.textContent = w[b.dataset.word];
    }
    const select = document.getElementById("saved");
    const items = readSaved().items;
    select.replaceChildren(new Option(w.saved, ""), ...items.map((it) => new Option(it.name, it.name)));
    select.disabled = items.length === 0;
  }

  function buildToolbar() {
    const bar = document.getElementById("toolbar");
    const button = (id, word, fn) => {
      const b = document.createElement("button");
      b.id = id;
      b.dataset.word = word;
      b.onclick = () => fn(b);
      bar.append(b);
    };
    button("copy-link", "copyLink", (b) => copy(location.origin + location.pathname + currentHash(), b));
    button("copy-cli", "copyCli", (b) => copy(cliCommand(), b));
    button("export-json", "exportJson", () => download("gpucfg-scenario.json", "application/json",
                                                       JSON.stringify(JSON.parse(app.state()).scenario, null, 2) + "\n"));
    button("export-csv", "exportCsv", () => download("gpucfg-report.csv", "text/csv", reportCsv()));
    const input = document.createElement("input");
    input.type = "file";
    input.accept = ".json,application/json";
    input.id = "import-file";
    input.hidden = true;
    input.onchange = () => { if (input.files[0]) importFile(input.files[0]); input.value = ""; };
    bar.append(input);
    button("import-json", "importJson", () => input.click());
    button("save", "save", () => {
      const name = prompt(words().saveName, JSON.parse(app.state()).scenario.workload.model || "scenario");
      if (name) saveCurrent(name);
    });
    const select = document.createElement("select");
    select.id = "saved";
    select.onchange = () => { if (select.value) openSaved(select.value); select.value = ""; };
    bar.append(select);
    refreshToolbar();
  }

  // [SECTION] Start ---------------------------------------------------------------------------------
  function start(module) {
    app = module;
    buildToolbar();
    let hash = location.hash;
    if (!hash) {
      try { hash = localStorage.getItem(LAST_KEY) || ""; } catch (e) { hash = ""; }
      if (!hash && (navigator.language || "").startsWith("zh")) hash = "#lang=zh-CN";
    }
    openLink(hash);
    app.onStateChange = onStateChange;
    window.addEventListener("hashchange", () => { if (!writing) openLink(location.hash); });
    onStateChange();
  }

  // The banner's text while it is shown ("" otherwise): what the page told the user about the link.
  function notice() {
    const banner = document.getElementById("link-banner");
    return banner && !banner.hidden ? banner.innerText : "";
  }

  window.GpucfgLinks = { start, notice, parseHash, reportCsv: () => reportCsv(), cliCommand: () => cliCommand(),
                         saveCurrent, openSaved, readSaved, currentHash: () => currentHash() };
})();
