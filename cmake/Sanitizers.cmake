# Sanitizer and fuzzer builds (the native-asan preset turns both on; see tests/fuzz/README.md).
#   GPUCFG_SANITIZE=ON        every target of the tree under AddressSanitizer + UndefinedBehaviorSanitizer,
#                             any report is fatal (-fno-sanitize-recover=all). clang or gcc.
#   GPUCFG_BUILD_FUZZERS=ON   the libFuzzer targets in tests/fuzz/ (clang only); the rest of the tree
#                             gets libFuzzer's coverage instrumentation too (fuzzer-no-link), so one
#                             build serves the sanitized test suite and the fuzzers.
option(GPUCFG_SANITIZE "Build everything with ASan + UBSan (reports are fatal)" OFF)
option(GPUCFG_BUILD_FUZZERS "Build the libFuzzer targets in tests/fuzz (clang)" OFF)

if(EMSCRIPTEN)
  return()
endif()

if(GPUCFG_SANITIZE)
  # -O1 keeps the instrumented build quick to compile and its stacks readable.
  add_compile_options(-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
                      -O1 -g)
  add_link_options(-fsanitize=address,undefined -fno-sanitize-recover=all)
endif()

if(GPUCFG_BUILD_FUZZERS)
  if(NOT CMAKE_CXX_COMPILER_ID MATCHES "Clang")
    message(FATAL_ERROR "GPUCFG_BUILD_FUZZERS needs clang (libFuzzer): configure with "
                        "-DCMAKE_CXX_COMPILER=clang++-14, or use the native-asan preset")
  endif()
  add_compile_options(-fsanitize=fuzzer-no-link)
endif()
