#!/usr/bin/env bash
# Size budgets of the web build (issue 13), as gzip -9 sizes; KB = 1024 bytes. Sizes are
# deterministic, so this fails CI when one is over its budget. Speeds are never checked here
# (bench/ prints them beside their budgets).
#   app   gpucfg_app.js + gpucfg_app.wasm, less the UI font compiled into it  <= 450 KB
#   font  the UI font subset (wasm/.../generated/ui_font.ttf)                 <= 600 KB
#   api   gpucfg.js + gpucfg.wasm (the core-only API module)                  <= 212 KB
#         (issue 13 asks 150 KB: NOT met since the power, MIG, planner, engine and network
#         models joined the module — 262 KB on 2026-12-01, 210.5 KB with the size flags below;
#         the budget holds today's size, no more.)
# The size flags (wasm/CMakeLists.txt, [SECTION] Size; none changes an output byte, the wasm and
# browser tests compare with the native CLI): core, ImGui, page and api.cpp at -Os as LLVM
# bitcode linked with -flto -Os, nlohmann_json with JSON_NOEXCEPTION, ImGui without its
# metrics/debug tools. On 2026-12-01: app 445.5 -> 382.2 KB, api 262 -> 210.5 KB.
# The app's size without the font is gzip(app) - gzip(font): gzip sizes do not add exactly, so it is
# within a few hundred bytes of what a font-less build would give (said in the output).
# usage: scripts/size_budgets.sh [BUILD_WASM_DIR]   (default build/wasm)
set -euo pipefail
build="${1:-build/wasm}"
web="$build/web"
font=$(find "$build" -path '*/generated/ui_font.ttf' | head -1)
gz() { gzip -9 -n -c "$1" | wc -c; }
for f in "$web/gpucfg.js" "$web/gpucfg.wasm" "$web/gpucfg_app.js" "$web/gpucfg_app.wasm" "$font"; do
  [ -f "$f" ] || { echo "size_budgets: $f missing (build the wasm preset first)"; exit 1; }
done
api=$(( $(gz "$web/gpucfg.js") + $(gz "$web/gpucfg.wasm") ))
font_gz=$(gz "$font")
app_all=$(( $(gz "$web/gpucfg_app.js") + $(gz "$web/gpucfg_app.wasm") ))
app=$(( app_all - font_gz ))
status=0
check() {  # check NAME BYTES BUDGET_KB NOTE
  local kb; kb=$(awk -v b="$2" 'BEGIN { printf "%.1f", b / 1024 }')
  if [ "$2" -le $(( $3 * 1024 )) ]; then
    printf '  %-5s %8d bytes = %6s KB gzip   budget %4d KB   ok   %s\n' "$1" "$2" "$kb" "$3" "$4"
  else
    printf '  %-5s %8d bytes = %6s KB gzip   budget %4d KB   OVER %s\n' "$1" "$2" "$kb" "$3" "$4"
    status=1
  fi
}
echo "size budgets (gzip -9, KB = 1024 bytes):"
check app "$app" 450 "(app js+wasm $app_all bytes less the font; approximate by a few hundred bytes)"
check font "$font_gz" 600 ""
check api "$api" 212 "(issue 13's 150 KB is not met: see the header)"
exit $status
