#!/usr/bin/env bash
# Fails when a model (core/models/**, every .h, .cpp and .inc of every subfolder):
# - names the catalog's GPU entry or reaches into a Resolved's catalog row: models read the
#   EffectiveDevice that resolve builds (core/resolve/device.h), so a MIG slice or a power cap is a
#   different device, never an `if` in a model;
# - reads the raw scenario (the Scenario type, or a `.scenario` / `->scenario` member): models read
#   the typed, complete Resolved (core/resolve/resolve.h), where Resolve copies every value once.
# Allowed: memory_fixes.cpp, whose bigger-GPU fix searches the catalog for a larger SKU.
# Comments are stripped first, so a comment may still say "the scenario".
core="$1"
allow='models/memory/memory_fixes.cpp'
code() {  # FILE:LINE:code-without-comments for every model file
  find "$core/models" -type f \( -name '*.h' -o -name '*.cpp' -o -name '*.inc' \) -print0 |
    xargs -0 grep -nH '' | sed -E 's#//.*$##'
}
bad=$(code | grep -E '\bGpuSpec\b|\br\.gpu\b' | grep -v "^$core/$allow:")
if [ -n "$bad" ]; then
  echo "core/models/ must read the EffectiveDevice (resolve/device.h), not the catalog's GpuSpec:"
  echo "$bad"; exit 1
fi
bad=$(code | grep -E '\bScenario\b|(\.|->)scenario\b')
if [ -n "$bad" ]; then
  echo "core/models/ must read the typed Resolved (resolve/resolve.h), not the raw Scenario:"
  echo "$bad"; exit 1
fi
echo "core_layers: ok"
