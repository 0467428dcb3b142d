#!/usr/bin/env bash
# Idempotent set-up for a bare Debian bookworm machine (run as root, or with sudo available).
# Installs the Debian packages and npm modules the build and tests need, and fetches Dear ImGui's
# sources from Debian's source package into third_party/ (git-ignored). Never downloads binaries.
set -euo pipefail
cd "$(dirname "$0")/.."

SUDO=""
if [ "$(id -u)" != 0 ]; then SUDO="sudo"; fi

PKGS=(g++ cmake make git ca-certificates xz-utils dpkg-dev
      emscripten nlohmann-json3-dev libgtest-dev libgmock-dev libcli11-dev libbenchmark-dev
      chromium nodejs npm python3 fonts-wqy-microhei python3-fonttools
      clang-14 libclang-rt-14-dev locales)  # the last three: sanitizers, libFuzzer, a de_DE locale

missing=()
for p in "${PKGS[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
# node/npm may come from elsewhere (the machine image ships Node.js 20 with npm 11): accept them.
if command -v node >/dev/null && command -v npm >/dev/null; then
  tmp=(); for p in "${missing[@]}"; do [[ "$p" == nodejs || "$p" == npm ]] || tmp+=("$p"); done
  missing=("${tmp[@]}")
fi

SRC_LIST=/etc/apt/sources.list.d/gpucfg-debian-src.sources
need_src=0
[ -f third_party/imgui-1.86/imgui.cpp ] || need_src=1
if [ "$need_src" = 1 ] && ! grep -rqs "deb-src" /etc/apt/sources.list.d/ /etc/apt/sources.list; then
  $SUDO tee "$SRC_LIST" >/dev/null <<'SRC'
Types: deb-src
URIs: http://deb.debian.org/debian
Suites: bookworm
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
SRC
fi

if [ ${#missing[@]} -gt 0 ] || [ "$need_src" = 1 ]; then
  echo "setup: apt-get update"
  $SUDO apt-get update -qq
fi
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}"
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

# Dear ImGui 1.86 sources (the binary package has no .cpp files).
if [ "$need_src" = 1 ]; then
  mkdir -p third_party
  (cd third_party && apt-get source --download-only imgui >/dev/null && tar xf imgui_*.orig.tar.xz)
  [ -f third_party/imgui-1.86/imgui.cpp ] || { echo "setup: imgui sources missing after fetch" >&2; exit 1; }
fi

# de_DE.UTF-8 (decimal comma) for the determinism check (tests/determinism/check.sh).
if ! locale -a 2>/dev/null | grep -qiE '^de_DE\.utf-?8$'; then
  echo "setup: generating the de_DE.UTF-8 locale"
  grep -qE '^de_DE.UTF-8 UTF-8' /etc/locale.gen 2>/dev/null || echo "de_DE.UTF-8 UTF-8" | $SUDO tee -a /etc/locale.gen >/dev/null
  $SUDO locale-gen >/dev/null
fi

# playwright-core (pinned in package-lock.json); never downloads a browser.
if [ ! -d node_modules/playwright-core ]; then
  echo "setup: npm ci"
  PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund --loglevel=error
fi
echo "setup: ok"
