// BuiltinCatalogSnapshot() and BuiltinCatalogDocuments() for both wasm modules (gpucfg.js and the
// page's gpucfg_app.js), which carry no catalog data in their wasm (core/catalog/
// builtin_documents.h): the image comes from gpucfg_catalog.bin, which wasm/catalog_loader.js reads
// (fetch in a browser or worker, the file system under node) before the module's promise resolves
// and keeps as Module.gpucfgCatalogImage. A caller may give the JSON text of gpucfg_catalog.json
// instead (Module.gpucfgCatalogText); on first use the
// core takes that text and hands each element of the array on as its own document, a substring
// of the text (ArrayElements), so every answer matches the native CLI's byte for byte
// (web/tests/wasm_api.test.mjs and the golden parity tests check).
#include <emscripten.h>

#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

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

// A malloc'ed copy of the loader's catalog image (gpucfg_catalog.bin) and its size, or null.
EM_JS(char*, gpucfg_catalog_image, (int* size), {
  const image = Module["gpucfgCatalogImage"];
  if (!image || !(image instanceof ArrayBuffer || ArrayBuffer.isView(image))) return 0;
  const bytes = image instanceof ArrayBuffer ? new Uint8Array(image)
                                             : new Uint8Array(image.buffer, image.byteOffset, image.byteLength);
  const out = _malloc(bytes.length || 1);
  HEAPU8.set(bytes, out);
  HEAP32[size >> 2] = bytes.length;
  return out;
});

namespace gpucfg {

namespace {

// The top-level elements of a JSON array text, as substrings of it: a scan that tracks strings
// (and their escapes) and bracket depth, so the documents are parsed once, by MergeCatalogJson,
// not parsed, written back and parsed again (issue 34: that halves the first call's cost). The
// same bytes as the data files' values, so every answer matches the native CLI's byte for byte.
// Not a validator: a malformed element is MergeCatalogJson's to report.
std::vector<std::string_view> ArrayElements(std::string_view text) {
  std::vector<std::string_view> out;
  const std::size_t first = text.find_first_not_of(" \t\r\n");
  if (first == std::string_view::npos || text[first] != '[') return out;  // not an array: no documents
  int depth = 0;
  bool in_string = false, escaped = false;
  std::size_t start = std::string_view::npos;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (in_string) {
      if (escaped) escaped = false;
      else if (c == '\\') escaped = true;
      else if (c == '"') in_string = false;
      continue;
    }
    if (c == '"') in_string = true;
    if (depth == 1 && start == std::string_view::npos && c != ' ' && c != '\n' && c != '\r' && c != '\t' &&
        c != ',' && c != ']')
      start = i;
    if (c == '[' || c == '{') ++depth;
    if (c == ']' || c == '}') --depth;
    if (depth == 1 && c == ',' && start != std::string_view::npos) out.push_back(text.substr(start, i - start)), start = std::string_view::npos;
    if (depth == 0 && c == ']' && start != std::string_view::npos) out.push_back(text.substr(start, i - start)), start = std::string_view::npos;
  }
  return out;
}

struct FetchedText {
  std::string text;
  std::vector<std::string_view> documents;
};

const FetchedText& Fetched() {
  static FetchedText fetched;  // filled in place: the views point into its text
  static const bool filled = [] {
    char* text = gpucfg_catalog_text();
    if (!text) return false;  // no catalog: every lookup says unknown (the loader rejects before this)
    fetched.text = text;
    std::free(text);
    fetched.documents = ArrayElements(fetched.text);
    return true;
  }();
  (void)filled;
  return fetched;
}

}  // namespace

// The image the loader read (gpucfg_catalog.bin), kept for the module's life; empty when the caller
// gave the JSON text instead, or an image this build cannot read: BuiltinCatalog then reads the
// documents (none when there is no text either: every lookup says unknown).
std::string_view BuiltinCatalogSnapshot() {
  static const std::string image = [] {
    int size = 0;
    char* bytes = gpucfg_catalog_image(&size);
    if (!bytes) return std::string();
    std::string copy(bytes, std::size_t(size));
    std::free(bytes);
    return copy;
  }();
  return image;
}

// The page's module reads the image; the API module reads the JSON text and carries no image
// reader (~7 KB gzip over its 200 KB budget: scripts/size_budgets.sh).
bool LoadBuiltinCatalogSnapshot(Catalog& out) {
#ifdef GPUCFG_APP_MODULE
  return ReadCatalogSnapshot(BuiltinCatalogSnapshot(), out);
#else
  (void)out;
  return false;
#endif
}

const std::vector<std::string_view>& BuiltinCatalogDocuments() { return Fetched().documents; }

}  // namespace gpucfg
