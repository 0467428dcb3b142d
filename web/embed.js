// gpucfg embed loader: puts the gpucfg configurator (the Dear ImGui app, WebGL2) into any <div>
// of a marketing page. Serve this file next to gpucfg_app.js and gpucfg_app.wasm (the contents of
// build/wasm/web/), then:
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
// examples(), plus state() (scenario + report shown), setScenario(json), loadExample(name) and
// setLanguage(lang). The files are found
// next to embed.js unless options.base (a URL ending in "/") says otherwise.
(function () {
  "use strict";
  const scriptBase = document.currentScript ? new URL(".", document.currentScript.src).href : "";
  let loading = null;

  function loadFactory(base) {
    if (window.createGpucfgApp) return Promise.resolve(window.createGpucfgApp);
    if (!loading) {
      loading = new Promise((resolve, reject) => {
        const s = document.createElement("script");
        s.src = base + "gpucfg_app.js";
        s.onload = () => resolve(window.createGpucfgApp);
        s.onerror = () => reject(new Error("gpucfg: cannot load " + s.src));
        document.head.appendChild(s);
      });
    }
    return loading;
  }

  function mount(container, options) {
    const opts = options || {};
    const base = opts.base || scriptBase;
    const canvas = document.createElement("canvas");
    canvas.style.cssText = "display:block;width:100%;height:100%;outline:none";
    canvas.tabIndex = -1;
    canvas.addEventListener("contextmenu", (e) => e.preventDefault());
    container.appendChild(canvas);
    return loadFactory(base).then((factory) => factory({
      canvas: canvas,
      locateFile: (file) => base + file,
      onScenarioChange: opts.onChange || null,
    })).then((app) => {
      if (opts.scenario) {
        app.setScenario(typeof opts.scenario === "string" ? opts.scenario : JSON.stringify(opts.scenario));
      } else if (opts.example) {
        app.loadExample(opts.example);
      }
      if (opts.lang) app.setLanguage(opts.lang);
      return app;
    });
  }

  window.GpucfgEmbed = { mount: mount };
})();
