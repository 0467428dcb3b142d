# Writes OUT: every DATA_DIR/*.json document, one line each, in file-name order (the order of
# cmake/EmbedData.cmake), as the elements of one JSON array. The core-only API module fetches
# this file instead of carrying the texts in its wasm (wasm/catalog_fetched.cpp). Run by CMake at
# build time; leaves OUT untouched when nothing changed.
file(GLOB docs "${DATA_DIR}/*.json")
list(SORT docs)
set(body "[\n")
set(sep "")
foreach(doc IN LISTS docs)
  file(READ "${doc}" text)
  string(REGEX REPLACE "\n[ \t]*" "" text "${text}")  # as EmbedData.cmake: the same values
  string(STRIP "${text}" text)
  string(APPEND body "${sep}${text}")
  set(sep ",\n")
endforeach()
string(APPEND body "\n]\n")
include("${CMAKE_CURRENT_LIST_DIR}/WriteIfChanged.cmake")
write_if_changed("${OUT}" "${body}")
