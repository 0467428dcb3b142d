#!/usr/bin/env bash
# Regenerates docs/contract.md from its hand-written parts and `gpucfg schema` (the field table).
set -euo pipefail
cd "$(dirname "$0")/.."
{ cat docs/contract.head.md; ./build/native/native_cli/gpucfg schema; cat docs/contract.tail.md; } > docs/contract.md
