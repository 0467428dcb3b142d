// The built-in catalog's documents: one full JSON text per data/*.json file, in file-name order.
// Every built-in table is read from these (MergeCatalogJson), directly or through the snapshot.
// Two definitions, one per build:
//   gpucfg_core_data (cmake/EmbedData.cmake's generated source): the texts compiled in, for the
//     native CLI, the tests, the fuzzers and the benchmarks;
//   wasm/catalog_fetched.cpp: both wasm modules (the API's gpucfg.js and the ImGui page's
//     gpucfg_app.js) keep their wasm small by not carrying them; their loader fetches
//     gpucfg_catalog.json (the same texts as one JSON array) before the module may run, and this
//     asks the loader for it on first use.
#pragma once

#include <string_view>
#include <vector>

namespace gpucfg {

const std::vector<std::string_view>& BuiltinCatalogDocuments();

// The built-in catalog as the byte image catalog_snapshot.h describes, made at build time from the
// documents above; empty where a build carries none (the snapshot's own generator, the wasm
// modules): BuiltinCatalog() then reads the documents. Defined by gpucfg_core_snapshot
// (generated) or by catalog/no_snapshot.cpp's stub.
std::string_view BuiltinCatalogSnapshot();

struct Catalog;
// Reads that image into `out` where this program starts from one (ReadCatalogSnapshot over
// BuiltinCatalogSnapshot(), catalog_snapshot.h); false where it reads the documents. Defined beside
// BuiltinCatalogSnapshot, so a program that never reads an image carries no reader (the wasm API
// module, whose size budget the reader would break: it reads gpucfg_catalog.json).
bool LoadBuiltinCatalogSnapshot(Catalog& out);

}  // namespace gpucfg
