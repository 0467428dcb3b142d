#!/usr/bin/env python3
"""Where a wasm module's bytes go: code per function group, data segments, other sections.

Reads a .wasm built with a name section (link with -g2 or --profiling-funcs; a release build's
--emit-symbol-map file, MODULE.wasm.symbols "index:name" lines, serves too) and prints the
largest groups of functions by a demangled-name prefix, with their raw and gzip -9 sizes, so a
size budget (scripts/size_budgets.sh) can be met by removing what is big, not by guessing.
usage: scripts/wasm_size_report.py MODULE.wasm [--symbols FILE] [--depth N] [--top N] [--strings N]
"""
import argparse
import gzip
import re
import subprocess
import sys
from collections import defaultdict


def leb(buf, pos):
    result = shift = 0
    while True:
        b = buf[pos]
        pos += 1
        result |= (b & 0x7F) << shift
        shift += 7
        if not b & 0x80:
            return result, pos


def sections(buf):
    pos = 8
    while pos < len(buf):
        sid = buf[pos]
        size, pos = leb(buf, pos + 1)
        yield sid, buf[pos:pos + size]
        pos += size


def parse(buf):
    imported_funcs = 0
    bodies, names, data, other = [], {}, [], defaultdict(int)
    for sid, body in sections(buf):
        if sid == 2:  # imports: count functions, they take indices before the bodies
            n, p = leb(body, 0)
            for _ in range(n):
                for _ in range(2):
                    ln, p = leb(body, p)
                    p += ln
                kind = body[p]
                p += 1
                if kind == 0:
                    _, p = leb(body, p)
                    imported_funcs += 1
                elif kind == 1:
                    p += 1
                    flags, p = leb(body, p)
                    _, p = leb(body, p)
                    if flags & 1:
                        _, p = leb(body, p)
                elif kind == 2:
                    flags, p = leb(body, p)
                    _, p = leb(body, p)
                    if flags & 1:
                        _, p = leb(body, p)
                elif kind == 3:
                    p += 2
            other["import"] += len(body)
        elif sid == 10:
            n, p = leb(body, 0)
            for _ in range(n):
                size, p = leb(body, p)
                bodies.append(body[p:p + size])
                p += size
        elif sid == 11:
            n, p = leb(body, 0)
            for _ in range(n):
                flags, p = leb(body, p)
                if flags in (0, 2):
                    if flags == 2:
                        _, p = leb(body, p)
                    while body[p] != 0x0B:  # the offset expression
                        p += 1
                    p += 1
                size, p = leb(body, p)
                data.append(body[p:p + size])
                p += size
        elif sid == 0:
            ln, p = leb(body, 0)
            name = body[p:p + ln].decode()
            p += ln
            if name == "name":
                while p < len(body):
                    sub = body[p]
                    size, p = leb(body, p + 1)
                    end = p + size
                    if sub == 1:
                        n, q = leb(body, p)
                        for _ in range(n):
                            idx, q = leb(body, q)
                            ln2, q = leb(body, q)
                            names[idx] = body[q:q + ln2].decode(errors="replace")
                            q += ln2
                    p = end
            else:
                other["custom:" + name] += len(body)
        else:
            other[{1: "type", 3: "function", 4: "table", 5: "memory", 6: "global", 7: "export",
                   8: "start", 9: "elem", 12: "datacount", 13: "tag"}.get(sid, str(sid))] += len(body)
    return imported_funcs, bodies, names, data, other


def demangle(names):
    keys = list(names)
    text = "\n".join(names[k] for k in keys)
    try:
        out = subprocess.run(["c++filt"], input=text, capture_output=True, text=True, check=True).stdout
        return dict(zip(keys, out.split("\n")))
    except (OSError, subprocess.CalledProcessError):
        return names


def group_of(name, depth):
    # Strip template arguments and parameters, keep the first DEPTH '::' components.
    plain, level = [], 0
    for ch in name:
        if ch in "<(":
            level += 1
        elif ch in ">)":
            level -= 1
        elif level == 0:
            plain.append(ch)
    plain = re.sub(r"(\s+(const|volatile|&&|&|noexcept))+$", "", "".join(plain).strip())
    plain = plain.split(" ")[-1]  # drop a return type ("void gpucfg::F" -> "gpucfg::F")
    parts = [p for p in plain.split("::") if p]
    return "::".join(parts[:depth]) or name[:40]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("wasm")
    ap.add_argument("--symbols", help="an --emit-symbol-map file (index:name lines)")
    ap.add_argument("--depth", type=int, default=2)
    ap.add_argument("--top", type=int, default=40)
    ap.add_argument("--strings", type=int, default=10, help="how many of the largest data strings to list")
    a = ap.parse_args()
    buf = open(a.wasm, "rb").read()
    imported, bodies, names, data, other = parse(buf)
    if a.symbols:
        for line in open(a.symbols, encoding="utf8", errors="replace"):
            idx, _, nm = line.rstrip("\n").partition(":")
            if idx.isdigit():
                names[int(idx)] = nm
    names = demangle(names)
    groups = defaultdict(list)
    for i, body in enumerate(bodies):
        nm = names.get(i + imported, f"func{i + imported}")
        nm = re.sub(r"\s+", " ", nm)
        groups[group_of(nm, a.depth)].append(body)
    total_code = sum(len(b) for b in bodies)
    gz = lambda bs: len(gzip.compress(b"".join(bs), 9))
    print(f"{a.wasm}: {len(buf)} bytes, gzip {len(gzip.compress(buf, 9))}; code {total_code} "
          f"({len(bodies)} functions, gzip {gz(bodies)}), data {sum(map(len, data))} "
          f"(gzip {gz(data)}), other {dict(other)}")
    rows = sorted(groups.items(), key=lambda kv: -sum(map(len, kv[1])))
    print(f"{'raw':>9} {'gzip':>8} {'funcs':>6}  group (first {a.depth} name components)")
    for g, bs in rows[:a.top]:
        print(f"{sum(map(len, bs)):9d} {gz(bs):8d} {len(bs):6d}  {g}")
    # The data segments: the largest NUL-terminated strings (embedded documents, message tables).
    strings = sorted((t for t in b"".join(data).split(b"\0") if len(t) > 64), key=len, reverse=True)
    print(f"largest data strings ({len(strings)} over 64 bytes, together {sum(map(len, strings))} raw, "
          f"gzip {gz(strings)}):")
    for t in strings[:a.strings]:
        print(f"{len(t):9d} {gz([t]):8d}  {t[:70].decode('utf-8', 'replace')!r}")


if __name__ == "__main__":
    sys.exit(main())
