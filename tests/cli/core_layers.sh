#!/usr/bin/env bash
# Fails when a model (core/models/**) names the catalog's GPU entry or reaches into a Resolved's
# catalog row: models read the EffectiveDevice that resolve builds (core/resolve/device.h), so a
# MIG slice or a power cap is a different device, never an `if` in a model.
# Allowed: memory_fixes.cpp, whose bigger-GPU fix searches the catalog for a larger SKU.
core="$1"
allow='models/memory/memory_fixes.cpp'
bad=$(grep -rnE '\bGpuSpec\b|\br\.gpu\b' "$core/models" --include='*.h' --include='*.cpp' --include='*.inc' \
      | grep -v "^$core/$allow:")
if [ -n "$bad" ]; then
  echo "core/models/ must read the EffectiveDevice (resolve/device.h), not the catalog's GpuSpec:"
  echo "$bad"; exit 1
fi
echo "core_layers: ok"
