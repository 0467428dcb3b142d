# The wasm evaluation bench (Google Benchmark is native only): included from the top-level
# CMakeLists.txt under EMSCRIPTEN, after core/. Run: node --no-experimental-fetch gpucfg_wasm_bench.js
if(EMSCRIPTEN)
  add_executable(gpucfg_wasm_bench "${CMAKE_CURRENT_LIST_DIR}/wasm_bench.cpp")
  target_link_libraries(gpucfg_wasm_bench PRIVATE gpucfg_core)
  target_compile_features(gpucfg_wasm_bench PRIVATE cxx_std_20)
  target_compile_options(gpucfg_wasm_bench PRIVATE -ffp-contract=off)
  target_link_options(gpucfg_wasm_bench PRIVATE -sENVIRONMENT=node -sALLOW_MEMORY_GROWTH=1 -sFILESYSTEM=0)
  set_target_properties(gpucfg_wasm_bench PROPERTIES SUFFIX ".js"
                        RUNTIME_OUTPUT_DIRECTORY "${CMAKE_BINARY_DIR}/bench")
endif()
