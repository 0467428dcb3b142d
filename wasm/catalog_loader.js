// Linked into both modules (gpucfg.js, gpucfg_app.js) with --post-js: runs inside createGpucfg()
// or createGpucfgApp(), after the wasm download has started and before the module may run. The
// modules carry no catalog data (wasm/catalog_fetched.cpp); this reads the catalog file next to
// the .wasm (locateFile, so a caller's locateFile option moves both), holding the module back
// with a run dependency until it is in, so the promise resolves (and the app's main() runs) only
// with a catalog and every function answers from the first call. Both downloads run at once.
// The page's module (gpucfg_app.js, which has wasm/catalog_image_pre.js) reads gpucfg_catalog.bin,
// the catalog's byte image made by the same build (core/catalog/catalog_snapshot.h: its first call
// ~3 ms where JSON took ~60 ms in headless Chromium); the API module (gpucfg.js) reads
// gpucfg_catalog.json (data/*.json as one array), whose image reader would break its size budget.
// A caller that has the catalog already may pass it: createGpucfgApp({gpucfgCatalogImage: bytes})
// (an ArrayBuffer or Uint8Array of gpucfg_catalog.bin; embed.js does, fetching it once for all the
// widgets of a page), or to either module {gpucfgCatalogText: text}, the text of
// gpucfg_catalog.json (the same answers). An image given to the API module is refused by name.
// A catalog that cannot be read rejects the promise with an Error naming the file; the module
// then never runs.
(function () {
  var image = typeof gpucfgReadsCatalogImage != "undefined";
  if (typeof Module["gpucfgCatalogText"] == "string") return;
  var name = image ? "gpucfg_catalog.bin" : "gpucfg_catalog.json";
  var url = locateFile(name);
  var fail = function (why) {
    readyPromiseReject(new Error("gpucfg: cannot load the catalog " + url + ": " + why));
  };
  if (Module["gpucfgCatalogImage"]) {
    if (image) return;
    addRunDependency(name);  // never removed: refused, not ignored
    return fail("gpucfgCatalogImage is read by gpucfg_app.js; give gpucfg.js the text of gpucfg_catalog.json as gpucfgCatalogText");
  }
  if (ENVIRONMENT_IS_NODE) {
    try {
      var data = require("fs").readFileSync(url);
      if (image) Module["gpucfgCatalogImage"] = new Uint8Array(data);
      else Module["gpucfgCatalogText"] = data.toString("utf8");
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
      return image ? response.arrayBuffer() : response.text();
    })
    .then(function (data) {
      Module[image ? "gpucfgCatalogImage" : "gpucfgCatalogText"] = data;
      removeRunDependency(name);
    }, function (e) {
      fail(e && e.message ? e.message : String(e));
    });
})();
