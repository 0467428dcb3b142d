// The built-in catalog's documents: one full JSON text per data/*.json file, in file-name order.
// Every built-in table is read from these (MergeCatalogJson), directly or through the snapshot.
// Two definitions of BuiltinCatalogDocuments, one per build:
//   gpucfg_core_documents (cmake/EmbedData.cmake's generated source): the texts compiled in, for
//     the native CLI, the tests, the fuzzers, the benchmarks and the snapshot tool;
//   wasm/catalog_fetched.cpp: both wasm modules keep their wasm small by not carrying them; the
//     API module's loader (gpucfg.js) fetches gpucfg_catalog.json (the same texts as one JSON
//     array) before the module may run, and this hands its elements on; the page's module
//     (gpucfg_app.js) reads the image instead (below) unless a caller gave it the text.
#pragma once

#include <string_view>
#include <vector>

namespace gpucfg {

const std::vector<std::string_view>& BuiltinCatalogDocuments();

// The built-in catalog as the byte image catalog_snapshot.h describes, made at build time from the
// documents above; empty where a program carries none (the snapshot tool itself, a wasm test
// build): BuiltinCatalog() then reads the documents. Defined, with LoadBuiltinCatalogSnapshot, by
// gpucfg_core_snapshot (the source the tool writes, or core/CMakeLists.txt's stub in a wasm
// build), by native_cli/catalog_snapshot/ for the tool, and by wasm/catalog_fetched.cpp for the
// two modules (the image the page's loader fetched).
std::string_view BuiltinCatalogSnapshot();

struct Catalog;
// Reads that image into `out` where this program starts from one (ReadCatalogSnapshot over
// BuiltinCatalogSnapshot(), catalog_snapshot.h); false where it reads the documents. Defined beside
// BuiltinCatalogSnapshot, so a program that never reads an image carries no reader (the wasm API
// module, whose size budget the reader would break: it reads gpucfg_catalog.json).
bool LoadBuiltinCatalogSnapshot(Catalog& out);

}  // namespace gpucfg
