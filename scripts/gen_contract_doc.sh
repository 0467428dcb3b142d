#!/usr/bin/env bash
# Regenerates docs/contract.md from its hand-written parts and the field tables the code generates:
# `gpucfg schema` (scenario), `--report` (report), `--collective`, `--catalog` (catalog documents) and `--contract` (the
# contract-v2 parts this build implements).
set -euo pipefail
cd "$(dirname "$0")/.."
bin=./build/native/native_cli/gpucfg
{
  cat docs/contract.head.md; "$bin" schema
  cat docs/contract.report.md; "$bin" schema --report
  cat docs/contract.tail.md; "$bin" schema --contract
  cat docs/contract.cli.md; "$bin" schema --collective
  cat docs/contract.catalog.md; "$bin" schema --catalog
} > docs/contract.md
