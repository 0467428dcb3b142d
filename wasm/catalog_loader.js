// Linked into both modules (gpucfg.js, gpucfg_app.js) with --post-js: runs inside createGpucfg()
// or createGpucfgApp(), after the wasm download has started and before the module may run. The
// module carries no catalog data (wasm/catalog_fetched.cpp); this reads gpucfg_catalog.json, found
// next to the .wasm (locateFile, so a caller's locateFile option moves both), holding the module
// back with a run dependency until the text is in, so the promise resolves (and the app's main()
// runs) only with a catalog and every function answers from the first call, as before. Both
// downloads run at the same time.
// A caller that has the text already may pass it: createGpucfg({gpucfgCatalogText: text}) (embed.js
// does, fetching it once for all the widgets of a page).
// A catalog that cannot be read rejects the promise with an Error naming the file; the module
// then never runs.
(function () {
  if (typeof Module["gpucfgCatalogText"] == "string") return;
  var name = "gpucfg_catalog.json";
  var url = locateFile(name);
  var fail = function (why) {
    readyPromiseReject(new Error("gpucfg: cannot load the catalog " + url + ": " + why));
  };
  if (ENVIRONMENT_IS_NODE) {
    try {
      Module["gpucfgCatalogText"] = require("fs").readFileSync(url, "utf8");
    } catch (e) {
      addRunDependency(name);  // never removed: the module does not run without its catalog
      fail(e.message);
    }
    return;
  }
  addRunDependency(name);
  fetch(url, { credentials: "same-origin" })
    .then(function (response) {
      if (!response.ok) throw new Error("HTTP " + response.status);
      return response.text();
    })
    .then(function (text) {
      Module["gpucfgCatalogText"] = text;
      removeRunDependency(name);
    }, function (e) {
      fail(e && e.message ? e.message : String(e));
    });
})();
