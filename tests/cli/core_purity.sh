#!/usr/bin/env bash
# Fails when core/ (every file of every subfolder: .h, .cpp, .inc) includes or calls anything that
# talks to the world (style.md rule 1).
core="$1"
bad=$(grep -nE '#include <(iostream|fstream|filesystem|emscripten[^>]*|imgui[^>]*)>|#include "imgui|__EMSCRIPTEN__|std::cout|std::cerr|\bprintf\(|\bfopen\(|\bputs\(' \
      $(find "$core" -type f \( -name '*.h' -o -name '*.cpp' -o -name '*.inc' \)) 2>/dev/null | grep -v snprintf)
if [ -n "$bad" ]; then echo "core/ must not do I/O or UI:"; echo "$bad"; exit 1; fi
echo "core_purity: ok"
