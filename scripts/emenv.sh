# Source this before emcmake/emcc: Debian's Emscripten 3.1.6 needs Node.js to find the modules
# Debian ships in /usr/share/nodejs (acorn, ...), which Node 20 does not search by default.
#   source scripts/emenv.sh
#   emcmake cmake -S . -B build/wasm -DCMAKE_BUILD_TYPE=Release -DGPUCFG_BUILD_TESTS=ON
#   cmake --build build/wasm -j2
export NODE_PATH=/usr/share/nodejs${NODE_PATH:+:$NODE_PATH}
