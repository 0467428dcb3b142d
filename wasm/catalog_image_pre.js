// --pre-js of the page's module (gpucfg_app.js) only: its loader (catalog_loader.js) reads the
// catalog's byte image, gpucfg_catalog.bin; the API module (gpucfg.js) reads gpucfg_catalog.json.
var gpucfgReadsCatalogImage = true;
