#!/usr/bin/env bash
# Regenerates docs/contract.md from its hand-written parts and the field tables the code generates:
# `gpucfg schema` (scenario fields) and `gpucfg schema --report` (report fields).
set -euo pipefail
cd "$(dirname "$0")/.."
bin=./build/native/native_cli/gpucfg
{ cat docs/contract.head.md; "$bin" schema; cat docs/contract.report.md; "$bin" schema --report; cat docs/contract.tail.md; } > docs/contract.md
