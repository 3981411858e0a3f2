#!/usr/bin/env python3
"""Conformance of strata-opt with upstream mlir-opt 22, case by case.

    bench/conformance/run.py DIR_OR_FILE... [--verbose] [--filter REGEX]
        [--strata-opt PATH] [--mlir-opt PATH] [--jobs N] [--json OUT]

Takes MLIR test files (e.g. a local, uncommitted copy of llvm-project's
mlir/test/Dialect/<D>/{ops,invalid,canonicalize}.mlir), splits each on
`// -----` lines and compares strata-opt with mlir-opt on every case. The
reference is what mlir-opt 22 actually does, never the CHECK lines.

The kind of a file comes from its name:

* round trip (`ops.mlir`, `roundtrip*.mlir`, `named-ops.mlir`, anything else
  not below): the case passes when strata-opt's output equals mlir-opt's byte
  for byte, both in the custom form and with --mlir-print-op-generic. Cases
  mlir-opt rejects are not counted (`ref-rejects`): the stored test file may
  come from an LLVM other than 22.
* invalid (`invalid*.mlir`): only cases mlir-opt handles as the test expects
  (`mlir-opt --verify-diagnostics` succeeds on the case) are counted. Both
  tools run without --verify-diagnostics; `rejected` counts cases strata-opt
  rejects too, `line` those where strata's first error is on the same line as
  mlir-opt's, `message` (= passed) those where the message text is also
  identical, and `annotations met` those where `strata-opt
  --verify-diagnostics` accepts the case's own expected-* comments
  (substring match, as MLIR's lit tests check it).
* canonicalize (`canonicalize*.mlir`): the pass flags of the first RUN line
  (`-canonicalize=...`, `--pass-pipeline=...`, ...) run in both tools; the
  case passes when the outputs are identical. If strata-opt rejects a pass
  option it is retried with the bare pass name (noted as `plain`).

Files without any `// -----` separator are split into their top-level
operations instead (each with the file's top-level `#alias = ...`
definitions), so that one unsupported op does not sink a whole file.

Flags kept from RUN lines: --allow-unregistered-dialect and pass options.
"""

import argparse
import concurrent.futures
import difflib
import json
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
DEFAULT_STRATA = os.path.join(REPO, "target", "release", "strata-opt")
DEFAULT_MLIR = os.environ.get("MLIR_OPT", "/usr/lib/llvm-22/bin/mlir-opt")
TIMEOUT = 60

SPLIT_RE = re.compile(r"^\s*// -----")
ALIAS_RE = re.compile(r"^[#!][A-Za-z_][\w.$-]*\s*=")
DIAG_RE = re.compile(r"^(?P<file>[^:\n]*):(?P<line>\d+):(?P<col>\d+): error: (?P<msg>.*)$", re.M)
# Flags that change what is checked, not what the tools do.
DROP_FLAGS = {
    "--split-input-file", "--verify-diagnostics", "--mlir-print-op-generic",
    "--verify-roundtrip", "--mlir-print-debuginfo", "--mlir-print-local-scope",
    "--allow-unregistered-dialect", "--mlir-disable-threading", "--verify-each",
}


def kind_of(path):
    name = os.path.basename(path)
    if name.startswith("invalid"):
        return "invalid"
    if name.startswith("canonicalize"):
        return "canonicalize"
    return "roundtrip"


def run_lines(text):
    """RUN lines of the file, continuation lines (`\\`) joined."""
    lines, cur = [], None
    for line in text.splitlines():
        m = re.match(r"^\s*//\s*RUN:\s?(.*)$", line)
        if not m:
            continue
        body = m.group(1).rstrip()
        cur = (cur or "") + body
        if cur.endswith("\\"):
            cur = cur[:-1] + " "
            continue
        lines.append(cur)
        cur = None
    if cur:
        lines.append(cur)
    return lines


def shell_words(cmd):
    import shlex
    try:
        return shlex.split(cmd)
    except ValueError:
        return cmd.split()


def flags_from_run(text):
    """(allow_unregistered, pass_flags) from the first mlir-opt invocation."""
    allow = False
    passes = []
    for run in run_lines(text):
        first = run.split("|")[0]
        words = shell_words(first)
        if not words or words[0] != "mlir-opt":
            continue
        for w in words[1:]:
            if not w.startswith("-") or w == "-":
                continue
            if not w.startswith("--"):
                w = "-" + w
            name = w.split("=", 1)[0]
            if name == "--allow-unregistered-dialect":
                allow = True
            elif name in DROP_FLAGS or name.startswith("--mlir-") or name == "--o":
                continue
            else:
                passes.append(w)
        break
    return allow, passes


def split_cases(text, kind):
    """List of (first_line_number, case_text). Line numbers are 1-based."""
    lines = text.split("\n")
    if any(SPLIT_RE.match(l) for l in lines):
        cases, start = [], 0
        for i, l in enumerate(lines):
            if SPLIT_RE.match(l):
                cases.append((start, lines[start:i]))
                start = i + 1
        cases.append((start, lines[start:]))
        out = []
        for s, ls in cases:
            if any(l.strip() and not l.strip().startswith("//") for l in ls):
                # Keep line numbers of the original file in diagnostics.
                out.append((s + 1, "\n" * s + "\n".join(ls) + "\n"))
        return out
    if kind == "invalid":
        return [(1, text)]
    # No separators: one case per top-level operation.
    aliases, starts = [], []
    for i, l in enumerate(lines):
        if not l or l[0].isspace() or l[0] in "})]^" or l.startswith("//"):
            continue
        if ALIAS_RE.match(l):
            aliases.append(i)
            continue
        starts.append(i)
    if len(starts) <= 1:
        return [(1, text)]
    # An alias definition may span lines; take lines until the next top-level line.
    def extent(i):
        j = i + 1
        while j < len(lines) and (not lines[j] or lines[j][0].isspace() or lines[j][0] in ")]}"):
            j += 1
        return lines[i:j]
    alias_text, alias_lines = [], set()
    for a in aliases:
        ext = extent(a)
        alias_text.extend(ext)
        alias_lines.update(range(a, a + len(ext)))
    out = []
    bounds = starts + [len(lines)]
    for k, s in enumerate(starts):
        body = [l for idx, l in enumerate(lines[s:bounds[k + 1]], s) if idx not in alias_lines]
        out.append((s + 1, "\n".join(alias_text + body) + "\n"))
    return out


def run_tool(tool, args, path, extra=()):
    args = list(extra) + list(args)
    try:
        p = subprocess.run([tool] + args + [path], stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, timeout=TIMEOUT)
        return p.returncode, p.stdout.decode("utf-8", "replace"), p.stderr.decode("utf-8", "replace")
    except subprocess.TimeoutExpired:
        return -1, "", "timeout"


def strata(opts, args, path):
    return run_tool(opts.strata_opt, args, path, getattr(opts, "strata_extra", ()))


def first_error(stderr):
    m = DIAG_RE.search(stderr)
    if not m:
        return None
    return int(m.group("line")), m.group("msg").strip()


def diff(a, b, la="mlir-opt", lb="strata-opt"):
    return "".join(difflib.unified_diff(a.splitlines(True), b.splitlines(True), la, lb, n=2))


def check_roundtrip(opts, case_path, base):
    rc, ref, err = run_tool(opts.mlir_opt, base, case_path)
    if rc != 0:
        return {"status": "ref-rejects", "detail": err}
    rcg, refg, errg = run_tool(opts.mlir_opt, base + ["--mlir-print-op-generic"], case_path)
    src, out, serr = strata(opts, base, case_path)
    res = {"status": "fail", "custom": False, "generic": False}
    if src != 0:
        res["detail"] = "strata-opt rejects:\n" + serr
        return res
    res["custom"] = out == ref
    sg, outg, sgerr = strata(opts, base + ["--mlir-print-op-generic"], case_path)
    res["generic"] = sg == 0 and rcg == 0 and outg == refg
    if res["custom"] and res["generic"]:
        res["status"] = "pass"
    else:
        d = []
        if not res["custom"]:
            d.append("custom form:\n" + diff(ref, out))
        if not res["generic"]:
            d.append("generic form:\n" + (diff(refg, outg) if sg == 0 else sgerr))
        res["detail"] = "\n".join(d)
    return res


def check_invalid(opts, case_path, base):
    rcv, _, errv = run_tool(opts.mlir_opt, base + ["--verify-diagnostics"], case_path)
    rc, _, err = run_tool(opts.mlir_opt, base, case_path)
    if rcv != 0 or rc == 0:
        return {"status": "ref-mismatch", "detail": errv}
    ref = first_error(err)
    src, _, serr = strata(opts, base, case_path)
    res = {"status": "fail", "rejected": src != 0, "line": False, "message": False}
    if src == 0:
        res["detail"] = "strata-opt accepts the case; mlir-opt says:\n" + err
        return res
    got = first_error(serr)
    # Whether strata-opt meets the case's own expected-* annotations (the
    # substring check of --verify-diagnostics, which mlir-opt 22 passes).
    sv, _, _ = strata(opts, base + ["--verify-diagnostics"], case_path)
    res["annotations"] = sv == 0
    if ref and got:
        res["line"] = ref[0] == got[0]
        res["message"] = res["line"] and ref[1] == got[1]
    res["status"] = "pass" if res["message"] else "fail"
    if not res["message"]:
        res["detail"] = "mlir-opt:   %s\nstrata-opt: %s" % (
            "%d: %s" % ref if ref else err.strip()[:300],
            "%d: %s" % got if got else serr.strip()[:300])
    return res


def check_canonicalize(opts, case_path, base, passes):
    rc, ref, err = run_tool(opts.mlir_opt, base + passes, case_path)
    if rc != 0:
        return {"status": "ref-rejects", "detail": err}
    src, out, serr = strata(opts, base + passes, case_path)
    plain = False
    if src != 0 and any("=" in p for p in passes):
        bare = [p.split("=", 1)[0] if not p.startswith("--pass-pipeline") else p for p in passes]
        src, out, serr = strata(opts, base + bare, case_path)
        plain = True
    res = {"status": "fail", "plain": plain}
    if src != 0:
        res["detail"] = "strata-opt fails:\n" + serr
    elif out == ref:
        res["status"] = "pass"
    else:
        res["detail"] = diff(ref, out)
    return res


TEST_OP_RE = re.compile(r"(^|[\s\"])test\.\w")


def check_case(opts, kind, base, passes, text, tmpdir, idx):
    path = os.path.join(tmpdir, "case%d.mlir" % idx)
    with open(path, "w") as f:
        f.write(text)
    # Debian's mlir-opt 22 registers MLIR's test dialect; its ops are
    # unregistered ops to strata-opt.
    if TEST_OP_RE.search(text) and "--allow-unregistered-dialect" not in base:
        opts = argparse.Namespace(**vars(opts))
        opts.strata_extra = ["--allow-unregistered-dialect"]
    if kind == "roundtrip":
        return check_roundtrip(opts, path, base)
    if kind == "invalid":
        return check_invalid(opts, path, base)
    return check_canonicalize(opts, path, base, passes)


def collect(paths, flt):
    files = []
    for p in paths:
        if os.path.isdir(p):
            for root, _, names in os.walk(p):
                for n in names:
                    if n.endswith(".mlir"):
                        files.append(os.path.join(root, n))
        else:
            files.append(p)
    files = sorted(set(files))
    if flt:
        files = [f for f in files if re.search(flt, f)]
    return files


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("paths", nargs="+")
    ap.add_argument("--strata-opt", default=DEFAULT_STRATA)
    ap.add_argument("--mlir-opt", default=DEFAULT_MLIR)
    ap.add_argument("--verbose", "-v", action="store_true", help="show a diff for every failing case")
    ap.add_argument("--filter", help="regex on file paths")
    ap.add_argument("--jobs", "-j", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--json", help="write per-case results here")
    opts = ap.parse_args()
    for tool in (opts.strata_opt, opts.mlir_opt):
        if not os.access(tool, os.X_OK):
            sys.exit("conformance: %s not found" % tool)

    files = collect(opts.paths, opts.filter)
    common = os.path.commonpath(files) if len(files) > 1 else os.path.dirname(files[0]) if files else ""
    rows, records = [], []
    with tempfile.TemporaryDirectory(prefix="strata-conf-") as tmp, \
            concurrent.futures.ThreadPoolExecutor(opts.jobs) as pool:
        for f in files:
            text = open(f, encoding="utf-8").read()
            kind = kind_of(f)
            allow, passes = flags_from_run(text)
            base = ["--allow-unregistered-dialect"] if allow else []
            if kind == "canonicalize" and not passes:
                passes = ["--canonicalize"]
            cases = split_cases(text, kind)
            sub = os.path.join(tmp, str(len(rows)))
            os.makedirs(sub)
            futs = [pool.submit(check_case, opts, kind, base, passes, c, sub, i)
                    for i, (_, c) in enumerate(cases)]
            results = [fu.result() for fu in futs]
            rel = os.path.relpath(f, common) if common else f
            counted = [r for r in results if not r["status"].startswith("ref-")]
            row = {"file": rel, "kind": kind, "cases": len(results), "counted": len(counted),
                   "passed": sum(r["status"] == "pass" for r in counted)}
            if kind == "roundtrip":
                row["custom"] = sum(r.get("custom", False) for r in counted)
                row["generic"] = sum(r.get("generic", False) for r in counted)
            elif kind == "invalid":
                row["rejected"] = sum(r.get("rejected", False) for r in counted)
                row["line"] = sum(r.get("line", False) for r in counted)
                row["annotations"] = sum(r.get("annotations", False) for r in counted)
            rows.append(row)
            for (line, _), r in zip(cases, results):
                records.append({"file": rel, "case_line": line, **r})
                if opts.verbose and not r["status"].startswith("ref-") and r["status"] != "pass":
                    print("=== %s:%d (%s) FAIL" % (rel, line, kind))
                    print(r.get("detail", "").rstrip())
                    print()

    def pct(a, b):
        return "%5.1f%%" % (100.0 * a / b) if b else "    -"

    hdr = "%-36s %-12s %5s %7s %6s %7s  %s" % ("file", "kind", "cases", "counted", "passed", "pct", "detail")
    print(hdr)
    print("-" * len(hdr))
    tot = {}
    for r in rows:
        if r["kind"] == "roundtrip":
            det = "custom %d, generic %d" % (r["custom"], r["generic"])
        elif r["kind"] == "invalid":
            det = "rejected %d, same line %d, same message %d, annotations met %d" % (
                r["rejected"], r["line"], r["passed"], r["annotations"])
        else:
            det = ""
        print("%-36s %-12s %5d %7d %6d %7s  %s" % (r["file"], r["kind"], r["cases"], r["counted"],
                                                   r["passed"], pct(r["passed"], r["counted"]), det))
        t = tot.setdefault(r["kind"], [0, 0, 0])
        t[0] += r["cases"]; t[1] += r["counted"]; t[2] += r["passed"]
    print("-" * len(hdr))
    all_t = [0, 0, 0]
    for k, t in sorted(tot.items()):
        print("%-36s %-12s %5d %7d %6d %7s" % ("total", k, t[0], t[1], t[2], pct(t[2], t[1])))
        all_t = [a + b for a, b in zip(all_t, t)]
    print("%-36s %-12s %5d %7d %6d %7s" % ("total", "all", all_t[0], all_t[1], all_t[2], pct(all_t[2], all_t[1])))
    print("(counted = cases where mlir-opt 22 behaves as the test expects; see --help)")
    if opts.json:
        with open(opts.json, "w") as f:
            json.dump({"files": rows, "cases": records}, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
