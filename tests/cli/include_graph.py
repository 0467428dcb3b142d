#!/usr/bin/env python3
"""The floors of core/, checked from the include graph (ctest core_floors).

Reads the folder table of docs/architecture.md ("| `core/X/` | holds | `a` `b` ... |"), then every
#include "..." of every core file, and fails when
  - a folder includes a floor its row does not name (an arrow that is not down the table),
  - the allowed arrows themselves form a cycle,
  - inside core/models/ a model folder includes a later one (order: memory speed power cost),
  - a face (native_cli/, wasm/, bench/) includes any core header other than gpucfg.h,
  - a core file sits in a folder the table does not list.
usage: include_graph.py REPO_ROOT            check the tree
       include_graph.py --self-test REPO_ROOT  copy the tree, add an upward include and a face
                                             include, and check that each one is caught
"""
import os
import re
import shutil
import sys
import tempfile

INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)
ROW = re.compile(r'^\| `core/([^`]*)` \|.*\|([^|]*)\|\s*$')
MODEL_ORDER = ["memory", "speed", "power", "cost"]
FACES = ["native_cli", "wasm", "bench"]
SOURCE = (".h", ".cpp", ".inc")


def floors_from_doc(root):
    rules = {}
    for line in open(os.path.join(root, "docs", "architecture.md"), encoding="utf-8"):
        m = ROW.match(line.rstrip("\n"))
        if m:
            name = m.group(1).strip("/") or "gpucfg.h"
            rules[name] = set(re.findall(r"`([a-z_]+)`", m.group(2)))
    return rules


def floor_of(rel):  # rel: path under core/
    parts = rel.split("/")
    return parts[0] if len(parts) > 1 else parts[0]


def target_of(core, src_dir, inc):
    local = os.path.normpath(os.path.join(src_dir, inc))
    if os.path.exists(local):
        return os.path.relpath(local, core)
    if os.path.exists(os.path.join(core, inc)):
        return os.path.normpath(inc)
    return None  # not a core header (a system or third-party one)


def sources(top):
    for d, _, files in os.walk(top):
        for f in sorted(files):
            if f.endswith(SOURCE):
                yield os.path.join(d, f)


def find_cycle(rules):
    state = {}
    def visit(n, path):
        state[n] = 1
        for m in sorted(rules.get(n, ())):
            if state.get(m) == 1:
                return path + [n, m]
            if m not in state:
                c = visit(m, path + [n])
                if c:
                    return c
        state[n] = 2
        return None
    for n in sorted(rules):
        if n not in state:
            c = visit(n, [])
            if c:
                return c
    return None


def check(root):
    core = os.path.join(root, "core")
    rules = floors_from_doc(root)
    problems = []
    if not rules:
        return ["docs/architecture.md has no folder table"]
    for name, allowed in rules.items():
        for a in allowed:
            if a not in rules:
                problems.append(f"docs/architecture.md: {name} may include `{a}`, which is no folder of the table")
    cycle = find_cycle(rules)
    if cycle:
        problems.append("docs/architecture.md: the allowed includes form a cycle: " + " -> ".join(cycle))
    edges = 0
    for path in sources(core):
        rel = os.path.relpath(path, core)
        floor = floor_of(rel)
        if floor not in rules:
            problems.append(f"core/{rel}: folder `{floor}` is not in the table of docs/architecture.md")
            continue
        text = open(path, encoding="utf-8", errors="replace").read()
        for inc in INCLUDE.findall(text):
            tgt = target_of(core, os.path.dirname(path), inc)
            if tgt is None:
                continue
            to = floor_of(tgt)
            edges += 1
            if to != floor and to not in rules[floor]:
                problems.append(f"core/{rel}: includes \"{inc}\" ({to}), which `{floor}` may not include")
            if floor == "models" and to == "models":
                a, b = rel.split("/"), tgt.split("/")
                if len(a) > 2 and len(b) > 2 and a[1] in MODEL_ORDER and b[1] in MODEL_ORDER:
                    if MODEL_ORDER.index(b[1]) > MODEL_ORDER.index(a[1]):
                        problems.append(f"core/{rel}: includes \"{inc}\": models/{a[1]} comes before models/{b[1]}")
    for face in FACES:
        for path in sources(os.path.join(root, face)):
            text = open(path, encoding="utf-8", errors="replace").read()
            for inc in INCLUDE.findall(text):
                tgt = target_of(core, os.path.dirname(path), inc)
                if tgt is not None and tgt != "gpucfg.h" and not os.path.exists(os.path.join(os.path.dirname(path), inc)):
                    problems.append(f"{os.path.relpath(path, root)}: includes \"{inc}\"; faces include only \"gpucfg.h\"")
    if edges == 0:
        problems.append("no include found under core/ (wrong root?)")
    return problems


def self_test(root):
    tmp = tempfile.mkdtemp()
    try:
        for d in ["core", "docs"] + FACES:
            shutil.copytree(os.path.join(root, d), os.path.join(tmp, d))
        if check(tmp):
            print("self-test: the copy fails before anything was added:", *check(tmp), sep="\n  ")
            return 1
        cases = [
            (os.path.join("core", "base", "units.h"), '#include "planner/plan.h"\n', "base/units.h"),
            (os.path.join("core", "models", "memory", "memory.h"), '#include "models/power/power.h"\n', "models/memory"),
            (os.path.join("native_cli", "main.cpp"), '#include "resolve/resolve.h"\n', "faces include only"),
        ]
        for rel, line, expect in cases:
            p = os.path.join(tmp, rel)
            original = open(p, encoding="utf-8").read()
            open(p, "w", encoding="utf-8").write(line + original)
            found = [x for x in check(tmp) if expect in x]
            open(p, "w", encoding="utf-8").write(original)
            if not found:
                print(f"self-test: adding {line.strip()} to {rel} was not caught")
                return 1
            print(f"self-test: caught: {found[0]}")
        print("core_floors self-test: ok")
        return 0
    finally:
        shutil.rmtree(tmp)


def main(argv):
    if len(argv) == 3 and argv[1] == "--self-test":
        return self_test(argv[2])
    if len(argv) != 2:
        print(__doc__)
        return 2
    problems = check(argv[1])
    for p in problems:
        print(p)
    if problems:
        print(f"core_floors: {len(problems)} problem(s)")
        return 1
    print("core_floors: ok")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
