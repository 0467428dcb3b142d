# Writes OUT: a C++ source defining `extern const unsigned char SYMBOL[]` and `SYMBOL_size` with
# the bytes of IN. Run by CMake at build time (cmake -DIN=... -DOUT=... -DSYMBOL=... -P this file).
file(READ "${IN}" hex HEX)
string(LENGTH "${hex}" hex_len)
math(EXPR size "${hex_len} / 2")
string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," bytes "${hex}")
string(REGEX REPLACE "((0x..,){24})" "\\1\n" bytes "${bytes}")
file(WRITE "${OUT}"
  "// Generated from ${IN} by wasm/cmake/EmbedBinary.cmake. Do not edit.\n"
  "extern const unsigned char ${SYMBOL}[] = {\n${bytes}\n};\n"
  "extern const unsigned int ${SYMBOL}_size = ${size};\n")
