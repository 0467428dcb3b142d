#!/usr/bin/env python3
"""The line limit of .clang-format (ColumnLimit) holds in every C++ source of the project: a line
of core/, native_cli/, wasm/, tests/ or bench/ (.cpp, .h) longer than that many characters fails,
named with its file and line. The text tables are exempt (the .inc tables of warnings and decision
steps, the page's wasm/app/text/i18n*.cpp): each row holds one message, in both languages, whole, so a
search finds it and the tests that pair each code's languages read it row by row.
usage: line_length.py REPO_ROOT"""
import os, re, sys

root = sys.argv[1]
limit = int(re.search(r"^ColumnLimit:\s*(\d+)", open(os.path.join(root, ".clang-format")).read(), re.M).group(1))
bad = []
for top in ("core", "native_cli", "wasm", "tests", "bench"):
    for dirpath, dirnames, filenames in os.walk(os.path.join(root, top)):
        dirnames[:] = [d for d in dirnames if d not in ("build", "third_party", "node_modules")]
        for name in sorted(filenames):
            if not name.endswith((".cpp", ".h")) or (top == "wasm" and name.startswith("i18n")):
                continue
            path = os.path.join(dirpath, name)
            with open(path, encoding="utf-8") as f:
                for number, line in enumerate(f, 1):
                    if len(line.rstrip("\n")) > limit:
                        bad.append(f"{os.path.relpath(path, root)}:{number}: {len(line.rstrip())} characters (limit {limit})")
for b in bad[:20]:
    print(b)
if bad:
    print(f"line_length: {len(bad)} lines over {limit} characters (clang-format -i --lines=N:N FILE wraps one)")
    sys.exit(1)
print(f"line_length: every C++ line within {limit} characters")
