// The built-in catalog's documents: one full JSON text per data/*.json file, in file-name order.
// Every built-in table (catalog.cpp, engines.cpp, mig_catalog.cpp, sharing.cpp) is read from these.
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

}  // namespace gpucfg
