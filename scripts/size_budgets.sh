#!/usr/bin/env bash
# Size budgets of the web build (issue 13), as gzip -9 sizes; KB = 1024 bytes. Sizes are
# deterministic, so this fails CI when one is over its budget. Speeds are never checked here
# (bench/ prints them beside their budgets).
#   app   gpucfg_app.js + gpucfg_app.wasm, less the UI font compiled into it  <= 450 KB
#         (450.3 KB on 2026-12-04, over: the page's catalog then left its wasm as the API module's
#         had, gpucfg_catalog.json fetched once per page by embed.js, -38 KB: 412.1 KB; the catalog
#         is printed below, beside the budgets, with the page's whole download)
#   font  the UI font subset (wasm/.../generated/ui_font.ttf)                 <= 600 KB
#   api   gpucfg.js + gpucfg.wasm (the core-only API module)                  <= 200 KB
#   page  the app (js + wasm with its font) + the catalog it fetches          <= 550 KB
#         (issue 13 asks 150 KB: NOT met since the power, MIG, planner, engine and network
#         models joined the module — 262 KB on 2026-12-01, 198.4 KB with the size flags below,
#         220.8 KB once the MIG/power verbs (+~22 KB), serveSize and contract() joined it the same
#         night; 185.8 KB on 2026-12-02 once the catalog texts left the wasm (data/*.json is
#         gpucfg_catalog.json next to it, 35.0 KB gzip, fetched by the loader in parallel with the
#         wasm, wasm/catalog_loader.js; not counted here, as the font is not counted in the app).
#         188.4 KB the same day with the planner's cp/ep axes, the lean-path seams and
#         workload.scheduler_steps merged; 190.9 KB that evening with the planner's MIG layouts and
#         plan.tenants (FleetShape, the MIG walk, per-sample and per-hour scoring), the inference
#         path's per-shape caches (collective memo of 8 fabrics, per-split model states) and
#         DLRM's fused-gather fields merged.
#         193.3 KB on 2026-12-03 with the flash kernels' key-length rate and the candidate path's
#         pass hand-off to the power model (+0.5 KB); the app stayed under its 450 KB by embedding
#         data/*.json without line breaks and indentation (-1.5 KB, cmake/EmbedData.cmake).
#         193.8 KB on 2026-12-03, later (app 449.9 KB), with the synchronous engine loops'
#         serial host time, the overload ITL, DLRM's hybrid-parallel tables and the layer cache's
#         context key (+0.5 KB api; the app kept under 450 KB by shorter source texts).
#         194.1 KB on 2026-12-03, late (app 449.7 KB): emmalloc (-2.1 KB api, -2.8 KB app) paid
#         for the planner's memory-stage decision, the power kernels per pass and the walk's cursor,
#         and three scenario fields (workload.channels_last, workload.lm_head_fraction,
#         workload.finetune.bnb_keeps_inputs) with their models; budget 195 KB.
#         195.4 KB on 2026-12-04 (app 415.2 KB) with the inference MIG layouts resolved once per
#         layout in the planner (ResolveMig / EvaluateMigResolvedInto, +0.9 KB; the inference plan
#         -24 % instructions); budget 196 KB. (A training memory memo across node layouts, +1.4 KB
#         for -5.5 % instructions, was not kept: its table's cache misses ate the gain in time.)
#         195.4 KB (200,098 bytes) again on 2026-12-04, evening (app 413.7 KB), with the training
#         candidate's -16 % instructions (the ranking-only report, the per-split memos of states and
#         activation terms): the budget did not move.
#         196.5 KB (201,170 bytes) on 2026-12-04, night (app 415.2 KB): the MIG tenant plan and the
#         serving need read as strictly as a scenario (line and column, duplicate keys), duplicate
#         tenant names refused, the tp * pp * cp error at the factor at fault, the uneven-stage
#         warning (pp_uneven_stages), serving engines refused for training and a site server's unknown
#         cooling named at /cluster/server: +1.1 KB; budget 197 KB.
#         197.9 KB (202,675 bytes) on 2026-12-07 (Core v3, issue 34): the catalog's engine profiles,
#         MIG tables and sharing facts merged from every document, engine profiles read strictly
#         (wrong types, unknown keys at their pointers), the floors' moves: +1.4 KB. Budget 200 KB,
#         the owner's decision in issue 37 ("the core API module may be up to 200 KB gzip; the
#         whole page on the wire stays <= 550 KB gzip"), which the page line now checks too.
#         199.7 KB (204,520 bytes) on 2026-12-08 (Core v3, second half): CatalogToJson writes
#         engines, MIG tables and sharing facts (+1.5 KB), a site engine id kept for Resolve, the
#         three sections' one strict reader. The catalog's byte image reader stays out of this
#         module (+7.3 KB: over budget) and in the page's; the sections' member docs are compiled
#         out of every wasm build (GPUCFG_NO_CATALOG_DOCS). 0.3 KB are left under the budget.
#         Before that the budget held the size of the day plus ~1 KB. Where the rest is (scripts/wasm_size_report.py
#         on a --profiling-funcs link, 2026-12-02): code ~151 KB gzip counted alone (the model and
#         the API's verbs inlined into them ~100, libc++ ~15, nlohmann ~13, libc ~10: strtod,
#         malloc, printf for the %g texts, long-double soft float), data ~25 KB (report and
#         warning texts; the field docs of the scenario/report/catalog field lists ~8 KB of it,
#         unused by the API but passed to the visitors), JS ~10 KB (Embind's runtime). The
#         planner is 11.3 KB of it (measured by linking without plan()).) By section, 2026-12-04
#         (201,170 bytes): code 381 KB raw = 162.1 KB gzip (~1,480 functions), data 71 KB = 26.8 KB,
#         Embind's JS 10.3 KB. 150 KB needs ~47 KB out, a quarter: models out of the module (a
#         product decision; the faces must keep giving the CLI's bytes), not flags.
# The size flags (wasm/CMakeLists.txt, [SECTION] Size; none changes an output byte, the wasm and
# browser tests compare with the native CLI), measured on 2026-12-01 (app less font / api):
#   before: app 445.5 KB, api 262 KB (core -O3, ImGui and page -Os, no LTO)
#   -Os -flto compile + -Os -flto link, JSON_NOEXCEPTION, no ImGui metrics:  382.2 / 210.5 KB
#   -Oz (compile and link; wasm-opt -Oz does nearly all of it):              370.2 / 198.4 KB
#   -sMALLOC=emmalloc (2026-12-03, kept): api -2.1 KB, app -2.8 KB; evaluate(json) of GPT-3 and
#   plan(mid-training) under node timed the same as with dlmalloc within the run-to-run noise
#   (0.92-1.19 ms vs 0.95-1.10 ms, 10.2-11.9 ms vs 10.7-13.0 ms): the models allocate nothing,
#   only the JSON in and out does.
#   tried, not kept (api, link only): -sEVAL_CTORS, -sWASM_BIGINT, -sSUPPORT_ERRNO=0, -sTEXTDECODER=2 and
#   --lto-O3 under 0.3 KB each; --lto-O1 +11.5 KB; --closure 1 is not available (Debian's
#   emscripten has no closure compiler); -fno-rtti would save the 0.7 KB of type names only.
# The app's size without the font is gzip(app) - gzip(font): gzip sizes do not add exactly, so it is
# within a few hundred bytes of what a font-less build would give (said in the output).
# usage: scripts/size_budgets.sh [BUILD_WASM_DIR]   (default build/wasm)
set -euo pipefail
build="${1:-build/wasm}"
web="$build/web"
font=$(find "$build" -path '*/generated/ui_font.ttf' | head -1)
gz() { gzip -9 -n -c "$1" | wc -c; }
for f in "$web/gpucfg.js" "$web/gpucfg.wasm" "$web/gpucfg_app.js" "$web/gpucfg_app.wasm" "$font" \
         "$web/gpucfg_catalog.json" "$web/gpucfg_catalog.bin"; do
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
check api "$api" 200 "(issue 13's 150 KB is not met; 200 KB is issue 37's owner decision: see the header)"
# Not budgeted, printed so that no byte hides: the catalog file both modules fetch (its byte image,
# gpucfg_catalog.bin; gpucfg_catalog.json, the same catalog as JSON for callers who pass its text,
# is printed too), and what the full page (index.html) downloads of the app: js + wasm (font
# inside) + catalog image.
catalog=$(gz "$web/gpucfg_catalog.bin")
catalog_json=$(gz "$web/gpucfg_catalog.json")
printf '  %-7s %6d bytes = %6s KB gzip   (gpucfg_catalog.bin, fetched by both modules, no budget)\n' \
  catalog "$catalog" "$(awk -v b="$catalog" 'BEGIN { printf "%.1f", b / 1024 }')"
printf '  %-7s %6d bytes = %6s KB gzip   (gpucfg_catalog.json, fetched by no module by default)\n' \
  json "$catalog_json" "$(awk -v b="$catalog_json" 'BEGIN { printf "%.1f", b / 1024 }')"
check page "$(( app_all + catalog ))" 550 "(app js + wasm with its font, + the catalog image: the page on the wire)"
exit $status
