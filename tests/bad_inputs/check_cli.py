#!/usr/bin/env python3
"""ctest bad_inputs_cli: runs every document of tests/bad_inputs/expected.tsv through the gpucfg
binary as a user would (scenario: `evaluate FILE --format json`; catalog-*: `--catalog FILE
evaluate --format json`; hf-*: `import-hf FILE`; plan-*: `plan FILE --format json`; migplan-*:
`mig plan FILE --format json`) and checks: exit code 2, nothing on stdout, stderr
is the errors document (schema_version 2, as a report), and it holds an error with the row's code at the row's path
(and the row's message piece). Also a 10 MB document made here (not committed). Any other exit
code (a crash, an ASan/UBSan report, a timeout) fails the row.

A row whose note reads "pending BRANCH: /intended/path" passes with the path of today or the
intended one, and says so when the intended one appears: then move it into the path column.
usage: check_cli.py GPUCFG_BINARY [BAD_INPUTS_DIR]"""
import json
import os
import subprocess
import sys
import tempfile

binary = sys.argv[1]
here = sys.argv[2] if len(sys.argv) > 2 else os.path.dirname(os.path.abspath(__file__))


def rows():
    with open(os.path.join(here, "expected.tsv"), encoding="utf-8") as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            cols = line.rstrip("\n").split("\t") + [""] * 5
            yield cols[:5]


def command(name, path):
    if name.startswith("catalog-"):
        return [binary, "--catalog", path, "evaluate", "--format", "json"]
    if name.startswith("hf-"):
        return [binary, "import-hf", path]
    if name.startswith("plan-"):
        return [binary, "plan", path, "--format", "json"]
    if name.startswith("migplan-"):
        return [binary, "mig", "plan", path, "--format", "json"]
    return [binary, "evaluate", path, "--format", "json"]


def check(name, path, code, pointer, has, note):
    try:
        r = subprocess.run(command(name, path), capture_output=True, timeout=60)
    except subprocess.TimeoutExpired:
        return "timed out (60 s)"
    if r.returncode != 2:
        return "exit %d (expected 2)\n%s" % (r.returncode, r.stderr.decode("utf-8", "replace")[-3000:])
    if r.stdout:
        return "printed on stdout: %r" % r.stdout[:200]
    try:
        doc = json.loads(r.stderr.decode("utf-8"))
    except (UnicodeDecodeError, ValueError) as e:
        return "stderr is not a UTF-8 JSON document (%s): %r" % (e, r.stderr[:300])
    errors = doc.get("errors") if isinstance(doc, dict) else None
    if doc.get("schema_version") != 2 or not isinstance(errors, list) or not errors:
        return "not an errors document: %r" % r.stderr[:300]
    for e in errors:
        if set(e) != {"code", "message", "path"} or not all(isinstance(e[k], str) for k in e):
            return "malformed error %r" % e
    pending = note.split(": ", 1)[1] if note.startswith("pending ") and ": " in note else None
    for e in errors:
        if e["code"] == code and e["path"] in (pointer, pending) and has in e["message"]:
            if pending and e["path"] == pending:
                print("NOTE: %s now answers the intended path %s: move it into expected.tsv's path column"
                      % (name, pending))
            return None
    return "no %s at %r%s; got %s" % (code, pointer, " with %r" % has if has else "",
                                       json.dumps(errors, ensure_ascii=False)[:600])


failures = 0
count = 0
for name, code, pointer, has, note in rows():
    count += 1
    problem = check(name, os.path.join(here, name), code, pointer, has, note)
    if problem:
        failures += 1
        print("FAIL %s: %s" % (name, problem))

# A 10 MB document: a valid scenario with one huge unknown member, then the same with a huge array.
with tempfile.TemporaryDirectory() as tmp:
    big = os.path.join(tmp, "big.json")
    for label, member in [("10 MB string", '"%s"' % ("x" * 10_000_000)),
                          ("10 MB array", "[" + ",".join(["0"] * 5_000_000) + "]")]:
        with open(big, "w") as f:
            f.write('{"schema_version":1,"cluster":{"gpu":"A100-SXM4-80GB"},"workload":{"model":"llama2-7b"},'
                    '"padding":%s}' % member)
        count += 1
        problem = check("big", big, "unknown_key", "/padding", "", "")
        if problem:
            failures += 1
            print("FAIL %s: %s" % (label, problem))

print("bad_inputs_cli: %d documents, %d failed" % (count, failures))
sys.exit(1 if failures else 0)
