// The built-in catalog's documents: one full JSON text per data/*.json file, in file-name order.
// Every built-in table (catalog.cpp, engines.cpp, mig_catalog.cpp, sharing.cpp) is read from these.
// Two definitions, one per build:
//   gpucfg_core_data (cmake/EmbedData.cmake's generated source): the texts compiled in, for the
//     native CLI, the tests, the fuzzers and the ImGui page;
//   wasm/catalog_fetched.cpp: the core-only API module (gpucfg.js) keeps its wasm small by not
//     carrying them; its loader fetches gpucfg_catalog.json (the same texts as one JSON array)
//     before the module's promise resolves, and this asks the loader for it on first use.
#pragma once

#include <string_view>
#include <vector>

namespace gpucfg {

const std::vector<std::string_view>& BuiltinCatalogDocuments();

}  // namespace gpucfg
