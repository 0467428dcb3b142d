# Writes OUT: a C++ source holding every DATA_DIR/*.json document as a string, so the binaries
# carry their catalog and need no files at run time, and the definition of
# BuiltinCatalogDocuments() (core/catalog/builtin_documents.h) over them, each on one line (below).
# Run by CMake at build time.
file(GLOB docs "${DATA_DIR}/*.json")
list(SORT docs)
set(body "// Generated from data/*.json by cmake/EmbedData.cmake. Do not edit.\n#include \"catalog/builtin_documents.h\"\nnamespace gpucfg {\n")
set(names "")
set(i 0)
foreach(doc IN LISTS docs)
  file(READ "${doc}" text)
  # Line breaks and indentation go: JSON strings never hold a raw line break, so every one of them
  # (and the indentation after it) lies between tokens, and the document parses to the same values
  # (~1 KB gzip less in each binary).
  string(REGEX REPLACE "\n[ \t]*" "" text "${text}")
  get_filename_component(fname "${doc}" NAME)
  string(APPEND body "// ${fname}\nstatic const char kDoc${i}[] = R\"gpucfgdata(${text})gpucfgdata\";\n")
  string(APPEND names "kDoc${i}, ")
  math(EXPR i "${i} + 1")
endforeach()
string(APPEND body "extern const char* const kBuiltinCatalogDocuments[] = {${names}nullptr};\n")
string(APPEND body "extern const int kBuiltinCatalogDocumentCount = ${i};\n")
string(APPEND body "const std::vector<std::string_view>& BuiltinCatalogDocuments() {\n"
                   "  static const std::vector<std::string_view> docs(kBuiltinCatalogDocuments, kBuiltinCatalogDocuments + ${i});\n"
                   "  return docs;\n}\n}  // namespace gpucfg\n")
include("${CMAKE_CURRENT_LIST_DIR}/WriteIfChanged.cmake")
write_if_changed("${OUT}" "${body}")
