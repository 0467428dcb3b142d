# The wasm benches (Google Benchmark is native only): included from the top-level CMakeLists.txt
# under EMSCRIPTEN, after core/. gpucfg_wasm_bench runs under node:
#   node --no-experimental-fetch gpucfg_wasm_bench.js
# gpucfg_wasm_bench_web is the same for a browser page (bench/wasm_bench.html, run by
# bench/wasm_bench_chromium.mjs in headless Chromium); its printf lines go to the page's console.
if(EMSCRIPTEN)
  foreach(env node web)
    set(target gpucfg_wasm_bench)
    if(env STREQUAL "web")
      set(target gpucfg_wasm_bench_web)
    endif()
    add_executable(${target} "${CMAKE_CURRENT_LIST_DIR}/wasm_bench.cpp")
    target_link_libraries(${target} PRIVATE gpucfg_core)
    target_compile_features(${target} PRIVATE cxx_std_20)
    target_compile_options(${target} PRIVATE -ffp-contract=off)
    target_link_options(${target} PRIVATE -sENVIRONMENT=${env} -sALLOW_MEMORY_GROWTH=1 -sFILESYSTEM=0)
    set_target_properties(${target} PROPERTIES SUFFIX ".js" RUNTIME_OUTPUT_DIRECTORY "${CMAKE_BINARY_DIR}/bench")
  endforeach()
  configure_file("${CMAKE_CURRENT_LIST_DIR}/wasm_bench.html" "${CMAKE_BINARY_DIR}/bench/wasm_bench.html" COPYONLY)
endif()
