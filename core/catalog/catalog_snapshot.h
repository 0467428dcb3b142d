// The built-in catalog as a compact byte image, so a process does not parse ~290 KB of JSON before
// its first answer (issue 34: the JSON parse was ~95 % of a `gpucfg evaluate` run).
//
// At build time `gpucfg_catalog_snapshot` (native_cli/catalog_snapshot/) reads data/*.json
// with the one strict loader (MergeCatalogJson), writes the merged Catalog with CatalogSnapshot and
// the build compiles the bytes in (BuiltinCatalogSnapshot, catalog/builtin_documents.h). At run
// time BuiltinCatalog() reads them back with ReadCatalogSnapshot. The image is the Catalog's
// members in the order of catalog_fields.h's field lists (and, for engines, MIG tables and sharing
// facts, the member lists in catalog_snapshot.cpp): values only, no keys. It is an internal format
// of one build, never a file format: tests/catalog_snapshot_test.cpp checks that the image read
// back equals, member for member (Catalog::operator==), the catalog read from data/*.json.
#pragma once

#include <string>
#include <string_view>

#include "catalog/catalog.h"

namespace gpucfg {

// The catalog as bytes (little-endian numbers, length-prefixed texts).
std::string CatalogSnapshot(const Catalog& c);
// Reads an image CatalogSnapshot wrote into `out` (replacing it). False, with `out` cleared, when
// the bytes are short, long, or not an image of this build's format: never reads past the end.
bool ReadCatalogSnapshot(std::string_view bytes, Catalog& out);
// The built-in catalog read from its JSON documents (what the snapshot is made from and checked
// against), bypassing the snapshot (defined in catalog.cpp).
Catalog BuiltinCatalogFromDocuments();

}  // namespace gpucfg
