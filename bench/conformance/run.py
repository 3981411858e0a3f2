#!/usr/bin/env python3
"""Conformance of strata-opt with upstream mlir-opt 22, case by case.

    bench/conformance/run.py DIR_OR_FILE... [--verbose] [--filter REGEX]
        [--strata-opt PATH] [--mlir-opt PATH] [--jobs N] [--json OUT]

Takes MLIR test files (a local, uncommitted copy of llvm-project's
mlir/test/Dialect/<D>/*.mlir, mlir/test/Transforms, mlir/test/IR,
mlir/test/Conversion/<A>To<B>), splits each on `// -----` lines and compares
strata-opt with mlir-opt on every case. The reference is what mlir-opt 22
actually does, never the CHECK lines.

The kind of a file comes from its name and its first mlir-opt RUN line:

* invalid (`invalid*.mlir`): only cases mlir-opt handles as the test expects
  (`mlir-opt --verify-diagnostics` succeeds on the case and mlir-opt rejects
  it) are counted. Both tools run without --verify-diagnostics. `same`:
  strata-opt's first error is on the same line with the same message;
  `differs`: another line or message, or strata-opt accepts the case (the
  detail column counts those as `accepted`). `annotations met` counts cases
  where `strata-opt --verify-diagnostics` accepts the case's own expected-*
  comments (substring match, as MLIR's lit tests check them).
* canonicalize (`canonicalize*.mlir`) and pass (any other file whose RUN line
  runs passes: `-cse`, `-inline=...`, `--pass-pipeline=...`, a lowering):
  the RUN line's pass flags run in both tools; `same` when the outputs are
  identical. If strata-opt rejects a pass option it is retried with the bare
  pass name (noted as `plain`). A `--pass-pipeline` not anchored on
  `builtin.module(...)` (older upstream files, which mlir-opt 22 rejects as
  "can't run 'func.func' pass manager on 'builtin.module' op") is wrapped in
  `builtin.module(...)` for both tools.
* round trip (`ops.mlir`, `roundtrip*.mlir`, parser tests: files whose RUN
  line runs no pass): `same` when strata-opt's output equals mlir-opt's byte
  for byte, both in the custom form and with --mlir-print-op-generic.

Per case: `same`, `differs`, `rejected` (strata-opt fails on a case
mlir-opt accepts), `crashed` (strata-opt panics, dies on a signal or takes
longer than 60 s), `excluded` (mlir-opt 22 rejects the case, or for invalid
files fails --verify-diagnostics on it: the stored test file may come from an
LLVM other than 22). The percentage is same / (cases - excluded).

Files without any `// -----` separator are split into their top-level
operations instead (each with the file's top-level `#alias = ...`
definitions), so that one unsupported op does not sink a whole file; ops
that refer to a symbol another top-level op defines (`call @f` and
`func.func @f`, a use of a global) stay in one case.

Flags kept from RUN lines: --allow-unregistered-dialect, pass options and
the printing flags that change the output (--mlir-print-debuginfo,
--mlir-print-local-scope).
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
    "--verify-roundtrip", "--allow-unregistered-dialect", "--mlir-disable-threading",
    "--verify-each",
}
# Printing flags that change what is printed; both tools get them.
KEEP_PRINT_FLAGS = {"--mlir-print-debuginfo", "--mlir-print-local-scope"}


def kind_of(path, passes):
    name = os.path.basename(path)
    if name.startswith("invalid"):
        return "invalid"
    if name.startswith("canonicalize"):
        return "canonicalize"
    return "pass" if passes else "roundtrip"


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
            elif name in KEEP_PRINT_FLAGS:
                passes.append(w)
            elif name in DROP_FLAGS or name.startswith("--mlir-") or name == "--o":
                continue
            elif name == "--pass-pipeline":
                passes.append(anchored_pipeline(w))
            else:
                passes.append(w)
        break
    return allow, passes


def anchored_pipeline(flag):
    """`--pass-pipeline=P` with P wrapped in builtin.module(...) unless it is
    anchored on builtin.module already (MLIR 22 rejects unanchored ones)."""
    name, _, pipe = flag.partition("=")
    pipe = pipe.strip()
    if not pipe or pipe.startswith("builtin.module(") or pipe.startswith("any("):
        return flag
    return "%s=builtin.module(%s)" % (name, pipe)


def pass_flags(flags):
    """The flags of `flags` that run passes (not the printing flags)."""
    return [f for f in flags if f.split("=", 1)[0] not in KEEP_PRINT_FLAGS]


def split_cases(text, kind):
    """(list of (first_line_number, case_text), split) where split is "sep"
    (on `// -----`), "ops" (per top-level op) or "whole". Line numbers are
    1-based."""
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
        return out, "sep"
    if kind == "invalid":
        return [(1, text)], "whole"
    ops = split_ops(text)
    return (ops, "ops") if ops else ([(1, text)], "whole")


def split_ops(text):
    """One case per top-level operation of `text` (each with the top-level
    `#alias = ...` definitions, ops that refer to each other's symbols kept
    together), or None when there is at most one."""
    lines = text.split("\n")
    aliases, starts = [], []
    depth = 0
    for i, l in enumerate(lines):
        top = depth == 0
        depth += nesting_change(l)
        if not top or not l or l[0].isspace() or l[0] in "})]^" or l.startswith("//"):
            continue
        if ALIAS_RE.match(l):
            aliases.append(i)
            continue
        starts.append(i)
    if len(starts) <= 1:
        return None
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
    bounds = starts + [len(lines)]
    bodies = [[l for idx, l in enumerate(lines[s:bounds[k + 1]], s) if idx not in alias_lines]
              for k, s in enumerate(starts)]
    out = []
    for group in symbol_groups(bodies):
        body = [l for k in group for l in bodies[k]]
        out.append((starts[group[0]] + 1, "\n".join(alias_text + body) + "\n"))
    return out


SYMBOL_DEF_RE = re.compile(r'^[\w.]+\s+(?:(?:private|nested|public)\s+)?@([\w$.]+|"[^"]*")')
SYMBOL_REF_RE = re.compile(r'@([\w$.]+|"(?:[^"\\]|\\.)*")')


STRING_RE = re.compile(r'"(?:[^"\\]|\\.)*"')


def nesting_change(line):
    """Brackets opened minus closed on `line`, strings and `//` comments
    left out: a line at column 0 starts a top-level op only at depth 0 (an
    upstream file may put a nested op at column 0)."""
    code = STRING_RE.sub('""', line).split("//", 1)[0]
    return sum(code.count(c) for c in "({[") - sum(code.count(c) for c in ")}]")


def symbol_groups(bodies):
    """Indices of `bodies` (top-level ops) grouped so that an op referring to
    a symbol (`@name`) stays with the op defining it (a call and its callee,
    a use and its global), in file order."""
    parent = list(range(len(bodies)))

    def find(i):
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    defined = {}
    for k, body in enumerate(bodies):
        m = SYMBOL_DEF_RE.match(body[0]) if body else None
        if m:
            defined.setdefault(m.group(1), k)
    for k, body in enumerate(bodies):
        for name in SYMBOL_REF_RE.findall("\n".join(body)):
            d = defined.get(name)
            if d is not None and d != k:
                parent[find(k)] = find(d)
    groups = {}
    for k in range(len(bodies)):
        groups.setdefault(find(k), []).append(k)
    return sorted(groups.values())


def run_tool(tool, args, path, extra=()):
    args = list(extra) + list(args)
    try:
        p = subprocess.run([tool] + args + [path], stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, timeout=TIMEOUT)
        return p.returncode, p.stdout.decode("utf-8", "replace"), p.stderr.decode("utf-8", "replace")
    except subprocess.TimeoutExpired:
        return -1, "", "timeout after %d s" % TIMEOUT


def crashed(rc, stderr):
    """A panic (Rust exits 101 after `panicked at`), a signal or a time-out."""
    return rc < 0 or (rc == 101 and "panicked" in stderr)


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
        return {"status": "excluded", "detail": err}
    rcg, refg, errg = run_tool(opts.mlir_opt, base + ["--mlir-print-op-generic"], case_path)
    src, out, serr = strata(opts, base, case_path)
    res = {"status": "differs", "custom": False, "generic": False}
    if src != 0:
        res["status"] = "crashed" if crashed(src, serr) else "rejected"
        res["detail"] = "strata-opt fails:\n" + serr
        return res
    res["custom"] = out == ref
    sg, outg, sgerr = strata(opts, base + ["--mlir-print-op-generic"], case_path)
    if crashed(sg, sgerr):
        res["status"] = "crashed"
        res["detail"] = "strata-opt --mlir-print-op-generic:\n" + sgerr
        return res
    res["generic"] = sg == 0 and rcg == 0 and outg == refg
    if res["custom"] and res["generic"]:
        res["status"] = "same"
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
        return {"status": "excluded", "detail": errv}
    ref = first_error(err)
    src, _, serr = strata(opts, base, case_path)
    res = {"status": "differs", "rejected": src != 0, "line": False, "message": False}
    if crashed(src, serr):
        res["status"] = "crashed"
        res["detail"] = serr
        return res
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
    res["status"] = "same" if res["message"] else "differs"
    if not res["message"]:
        res["detail"] = "mlir-opt:   %s\nstrata-opt: %s" % (
            "%d: %s" % ref if ref else err.strip()[:300],
            "%d: %s" % got if got else serr.strip()[:300])
    return res


def check_passes(opts, case_path, base, passes):
    rc, ref, err = run_tool(opts.mlir_opt, base + passes, case_path)
    if rc != 0:
        return {"status": "excluded", "detail": err}
    src, out, serr = strata(opts, base + passes, case_path)
    plain = False
    if src != 0 and not crashed(src, serr) and any(
            "=" in p and not p.startswith("--pass-pipeline") for p in pass_flags(passes)):
        bare = [p.split("=", 1)[0] if not p.startswith("--pass-pipeline") else p for p in passes]
        src, out, serr = strata(opts, base + bare, case_path)
        plain = True
    res = {"status": "differs", "plain": plain}
    if src != 0:
        res["status"] = "crashed" if crashed(src, serr) else "rejected"
        res["detail"] = "strata-opt fails:\n" + serr
    elif out == ref:
        res["status"] = "same"
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
    return check_passes(opts, path, base, passes)


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


def per_op_cases(line, case_text):
    """`split_ops` of one `// -----` case, line numbers kept file-relative
    (the case text starts with blank lines standing for the lines before it)."""
    return split_ops(case_text) or [(line, case_text)]


STATUSES = ("same", "differs", "rejected", "crashed", "excluded")


def summarize(rel, kind, results):
    row = {"file": rel, "kind": kind, "cases": len(results)}
    for st in STATUSES:
        row[st] = sum(r["status"] == st for r in results)
    counted = [r for r in results if r["status"] != "excluded"]
    if kind == "roundtrip":
        row["custom"] = sum(r.get("custom", False) for r in counted)
        row["generic"] = sum(r.get("generic", False) for r in counted)
    elif kind == "invalid":
        row["accepted"] = sum(r["status"] == "differs" and not r.get("rejected") for r in counted)
        row["line"] = sum(r.get("line", False) for r in counted)
        row["annotations"] = sum(r.get("annotations", False) for r in counted)
    else:
        row["plain"] = sum(r.get("plain", False) for r in counted)
    return row


def detail(row):
    if row["kind"] == "roundtrip":
        return "custom %d, generic %d" % (row["custom"], row["generic"])
    if row["kind"] == "invalid":
        return "accepted %d, same line %d, annotations met %d" % (
            row["accepted"], row["line"], row["annotations"])
    return "plain %d" % row["plain"] if row["plain"] else ""


def print_table(rows):
    def pct(same, row):
        n = row["cases"] - row["excluded"]
        return "%5.1f%%" % (100.0 * same / n) if n else "    -"

    fmt = "%-56s %-12s %5s %5s %7s %8s %7s %8s %7s  %s"
    hdr = fmt % ("file", "kind", "cases", "same", "differs", "rejected", "crashed",
                 "excluded", "pct", "detail")
    print(hdr)
    print("-" * len(hdr))
    line = "%-56s %-12s %5d %5d %7d %8d %7d %8d %7s  %s"

    def emit(name, kind, r, det=""):
        print(line % (name, kind, r["cases"], r["same"], r["differs"], r["rejected"],
                      r["crashed"], r["excluded"], pct(r["same"], r), det))

    for r in rows:
        emit(r["file"], r["kind"], r, detail(r))
    print("-" * len(hdr))

    def add(acc, r):
        for k in ("cases",) + STATUSES:
            acc[k] = acc.get(k, 0) + r[k]

    groups, kinds, everything = {}, {}, {}
    for r in rows:
        top = r["file"].split("/")[0] if "/" in r["file"] else "."
        add(groups.setdefault(top, {}), r)
        add(kinds.setdefault(r["kind"], {}), r)
        add(everything, r)
    if len(groups) > 1:
        for g, t in sorted(groups.items()):
            emit("total " + g + "/", "all", t)
    for k, t in sorted(kinds.items()):
        emit("total", k, t)
    emit("total", "all", everything)
    print("(pct = same / (cases - excluded); excluded = mlir-opt 22 rejects the case; see --help)")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("paths", nargs="+")
    ap.add_argument("--strata-opt", default=DEFAULT_STRATA)
    ap.add_argument("--mlir-opt", default=DEFAULT_MLIR)
    ap.add_argument("--verbose", "-v", action="store_true", help="show a diff for every failing case")
    ap.add_argument("--filter", help="regex on file paths")
    ap.add_argument("--jobs", "-j", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--json", help="write per-case results here")
    ap.add_argument("--per-op", action="store_true",
                    help="also split `// -----` cases into their top-level ops (not invalid files)")
    opts = ap.parse_args()
    for tool in (opts.strata_opt, opts.mlir_opt):
        if not os.access(tool, os.X_OK):
            sys.exit("conformance: %s not found" % tool)

    files = collect(opts.paths, opts.filter)
    if not files:
        sys.exit("conformance: no .mlir file found")
    common = os.path.commonpath(files) if len(files) > 1 else os.path.dirname(files[0])
    rows, records = [], []
    with tempfile.TemporaryDirectory(prefix="strata-conf-") as tmp, \
            concurrent.futures.ThreadPoolExecutor(opts.jobs) as pool:
        for f in files:
            text = open(f, encoding="utf-8").read()
            allow, flags = flags_from_run(text)
            printing = [x for x in flags if x not in pass_flags(flags)]
            passes = pass_flags(flags)
            kind = kind_of(f, passes)
            base = (["--allow-unregistered-dialect"] if allow else []) + printing
            if kind == "canonicalize" and not passes:
                passes = ["--canonicalize"]
            cases, split = split_cases(text, kind)
            if opts.per_op and split == "sep" and kind != "invalid":
                cases = [piece for line, c in cases for piece in per_op_cases(line, c)]
            sub = os.path.join(tmp, str(len(rows)))
            os.makedirs(sub)
            futs = [pool.submit(check_case, opts, kind, base, passes, c, sub, i)
                    for i, (_, c) in enumerate(cases)]
            results = [fu.result() for fu in futs]
            rel = os.path.relpath(f, common) if common else f
            rows.append(summarize(rel, kind, results))
            for (line, _), r in zip(cases, results):
                records.append({"file": rel, "case_line": line, **r})
                if opts.verbose and r["status"] not in ("same", "excluded"):
                    print("=== %s:%d (%s) %s" % (rel, line, kind, r["status"].upper()))
                    print(r.get("detail", "").rstrip())
                    print()

    print_table(rows)
    if opts.json:
        with open(opts.json, "w") as f:
            json.dump({"files": rows, "cases": records}, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
