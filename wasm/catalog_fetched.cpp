// BuiltinCatalogDocuments() for both wasm modules (gpucfg.js and the page's gpucfg_app.js), which
// carry no catalog data in their wasm (core/catalog/builtin_documents.h): the texts come from gpucfg_catalog.json,
// which wasm/catalog_loader.js reads (fetch in a browser or worker, the file system under node)
// before the module's promise resolves and keeps as Module.gpucfgCatalogText. On first use the
// core takes that text, parses the array once and hands each element on as its own document.
// Each element is written back with nlohmann's dump: the same JSON value the embedded text
// parses to (numbers round-trip, integers stay integers), so every answer matches the native
// CLI's byte for byte (web/tests/wasm_api.test.mjs and the golden parity tests check).
#include <emscripten.h>

#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "gpucfg.h"

// A malloc'ed UTF-8 copy of the loader's catalog text, or null when there is none.
EM_JS(char*, gpucfg_catalog_text, (), {
  const text = Module["gpucfgCatalogText"];
  if (typeof text != "string") return 0;
  const size = lengthBytesUTF8(text) + 1;
  const out = _malloc(size);
  stringToUTF8(text, out, size);
  return out;
});

namespace gpucfg {

namespace {
std::vector<std::string> FetchedDocuments() {
  std::vector<std::string> out;
  char* text = gpucfg_catalog_text();
  if (!text) return out;  // no catalog: every lookup says unknown (the loader rejects before this)
  const nlohmann::json all = nlohmann::json::parse(text, nullptr, /*allow_exceptions=*/false);
  std::free(text);
  if (!all.is_array()) return out;
  for (const nlohmann::json& doc : all)
    out.push_back(doc.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
  return out;
}
}  // namespace

const std::vector<std::string_view>& BuiltinCatalogDocuments() {
  static const std::vector<std::string> texts = FetchedDocuments();
  static const std::vector<std::string_view> views(texts.begin(), texts.end());
  return views;
}

}  // namespace gpucfg
