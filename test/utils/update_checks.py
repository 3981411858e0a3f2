#!/usr/bin/env python3
"""Write a lit test's CHECK lines from what upstream mlir-opt 22 prints.

MLIR is the reference for Strata's textual format, so the expectations of
the IR/Builtin/Tools tests are mlir-opt's output, not Strata's. This script
is the "bless" mode that keeps them honest:

    test/utils/update_checks.py test/IR/foo.mlir ...      # rewrite CHECK lines
    test/utils/update_checks.py --compare test/IR/*.mlir  # diff strata vs mlir

For every RUN line that pipes into `FileCheck %s [--check-prefix=P]`, the
command before `| FileCheck` is run with `mlir-opt` in place of
`strata-opt` / `%roundtrip`, and `%mlir-accepts` dropped. Its output becomes
`P:` / `P-NEXT:` / `P-EMPTY:` lines; with `--split-input-file` each chunk's
lines go to the top of that chunk in the test, so expectations sit next to
their input. Existing lines of the prefixes are replaced. The input file's
path is written as `{{.*}}<name>`.

`--compare` instead runs each RUN line's command with both tools and shows
where Strata's output (stdout, stderr, exit status) differs from mlir-opt's.
"""

import os
import re
import subprocess
import sys

LLVM_BIN = "/usr/lib/llvm-22/bin"
MLIR_OPT = os.path.join(LLVM_BIN, "mlir-opt")
REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SPLIT = "// -----"


def strata_opt():
    d = os.environ.get("STRATA_BIN_DIR") or os.path.join(REPO, "target", "release")
    return os.path.join(d, "strata-opt")


def run_lines(lines):
    """The RUN commands, with `\\` continuations joined."""
    runs, current = [], None
    for line in lines:
        m = re.match(r"\s*//\s*RUN:\s?(.*)$", line)
        if not m:
            continue
        text = m.group(1).rstrip()
        current = (current or "") + text
        if current.endswith("\\"):
            current = current[:-1]
            continue
        runs.append(current)
        current = None
    return runs


def split_filecheck(run):
    """(command before FileCheck, check prefix) or (run, None)."""
    m = re.search(r"\|\s*FileCheck\s+%s(.*)$", run)
    if not m:
        return run, None
    prefix = "CHECK"
    p = re.search(r"--?check-prefix(?:es)?[= ](\w[\w-]*)", m.group(1))
    if p:
        prefix = p.group(1)
    return run[: m.start()].strip(), prefix


def shell_command(cmd, path, tool):
    cmd = cmd.replace("%roundtrip", tool)
    cmd = re.sub(r"\|\s*%mlir-accepts[^|]*", "| cat ", cmd)
    cmd = re.sub(r"(?<![\w./-])strata-opt(?![\w.-])", tool, cmd)
    cmd = re.sub(r"(?<![\w./-])not(?![\w.-])", os.path.join(LLVM_BIN, "not"), cmd)
    cmd = cmd.replace("%s", path).replace("%t", "/tmp/update_checks.tmp")
    return cmd


def execute(cmd, path, tool):
    p = subprocess.run(
        shell_command(cmd, path, tool),
        shell=True,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=os.path.dirname(path),
    )
    return p.returncode, p.stdout.decode(errors="replace"), p.stderr.decode(errors="replace")


def escape(text, path):
    """FileCheck pattern for literal `text`."""
    out = []
    i = 0
    base = os.path.basename(path)
    while i < len(text):
        if text.startswith(path, i):
            out.append("{{.*}}" + base)
            i += len(path)
        elif text.startswith("[[", i):
            out.append("{{\\[\\[}}")
            i += 2
        elif text.startswith("{{", i):
            out.append("{{\\{\\{}}")
            i += 2
        else:
            out.append(text[i])
            i += 1
    return "".join(out)


def drop_unmatched_expectations(lines):
    """mlir-opt 22 reports `expected-*` comments that no diagnostic met even
    without --verify-diagnostics; those reports (and their two quoted
    source lines) are not what a test of the diagnostic itself checks."""
    out, skip = [], 0
    for line in lines:
        if skip:
            skip -= 1
            continue
        if re.search(r": error: expected (error|warning|note|remark) \".*\" was not produced$", line):
            skip = 2
            continue
        out.append(line)
    return out


def check_block(output, prefix, path):
    lines = drop_unmatched_expectations(output.split("\n"))
    if lines and lines[-1] == "":
        lines.pop()
    while lines and lines[0].strip() == "":
        lines.pop(0)
    block, first = [], True
    for line in lines:
        if first:
            block.append("// %s: %s" % (prefix, escape(line.strip(), path)))
            first = False
        elif line.strip() == "":
            block.append("// %s-EMPTY:" % prefix)
        else:
            block.append("// %s-NEXT: %s" % (prefix, escape(line.strip(), path)))
    return block


def update(path):
    """Rewrites the checks until they stop changing: inserting them moves
    the lines below, and diagnostics quote line numbers."""
    for _ in range(4):
        with open(path) as f:
            before = f.read()
        update_once(path)
        with open(path) as f:
            if f.read() == before:
                return


def update_once(path):
    path = os.path.abspath(path)
    with open(path) as f:
        lines = f.read().split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    runs = [split_filecheck(r) for r in run_lines(lines)]
    checked = [(c, p) for c, p in runs if p]
    if not checked:
        return
    prefixes = {p for _, p in checked}
    pat = re.compile(r"\s*//\s*(%s)(-NEXT|-EMPTY|-SAME|-LABEL|-NOT|-DAG)?:" % "|".join(map(re.escape, prefixes)))
    lines = [l for l in lines if not pat.match(l)]
    # Chunks of the test: header (RUN/REQUIRES/comments at the top) then body.
    chunk_starts = [0] + [i + 1 for i, l in enumerate(lines) if l.rstrip() == SPLIT]
    blocks = {}  # chunk index -> list of lines
    for cmd, prefix in checked:
        rc, out, err = execute(cmd, path, MLIR_OPT)
        if "2>&1" not in cmd and rc != 0 and "not " not in cmd:
            sys.stderr.write("%s: mlir-opt failed (%d) on `%s`:\n%s" % (path, rc, cmd, err))
        split = "split-input-file" in cmd and "2>&1" not in cmd
        outs = out.split(SPLIT + "\n") if split else [out]
        if split and len(outs) != len(chunk_starts):
            sys.stderr.write("%s: %d chunks but %d outputs\n" % (path, len(chunk_starts), len(outs)))
            outs = [out]
        for i, o in enumerate(outs):
            blocks.setdefault(i, []).extend(check_block(o, prefix, path))
    result = []
    for ci, start in enumerate(chunk_starts):
        end = chunk_starts[ci + 1] if ci + 1 < len(chunk_starts) else len(lines)
        chunk = lines[start:end]
        at = 0
        if ci == 0:  # after the header comments
            while at < len(chunk) and re.match(r"\s*//\s*(RUN|REQUIRES|UNSUPPORTED|XFAIL)", chunk[at]):
                at += 1
        if ci in blocks:
            block = list(blocks[ci])
            if ci == 0 and at < len(chunk) and chunk[at].strip() != "":
                block.append("")
            if ci == 0 and (at == 0 or chunk[at - 1].strip() != ""):
                block.insert(0, "")
            # drop a blank line we would double
            chunk = chunk[:at] + block + chunk[at:]
        result.extend(chunk)
    text = "\n".join(result) + "\n"
    text = re.sub(r"\n\n\n+", "\n\n", text)
    with open(path, "w") as f:
        f.write(text)


def compare(path):
    path = os.path.abspath(path)
    with open(path) as f:
        lines = f.read().split("\n")
    same = True
    for run in run_lines(lines):
        cmd, prefix = split_filecheck(run)
        a = execute(cmd, path, MLIR_OPT)
        b = execute(cmd, path, strata_opt())
        def clean(text, tool):
            text = text.replace(tool, "TOOL")
            return "\n".join(drop_unmatched_expectations(text.split("\n")))

        a = (a[0], clean(a[1], MLIR_OPT), clean(a[2], MLIR_OPT))
        b = (b[0], clean(b[1], strata_opt()), clean(b[2], strata_opt()))
        if a != b:
            same = False
            print("=== %s\n  RUN: %s" % (os.path.relpath(path, REPO), cmd))
            for what, x, y in (("exit", a[0], b[0]), ("stdout", a[1], b[1]), ("stderr", a[2], b[2])):
                if x != y:
                    import difflib

                    print("  --- %s differs (mlir-opt vs strata-opt)" % what)
                    if what == "exit":
                        print("  %s vs %s" % (x, y))
                    else:
                        for d in difflib.unified_diff(
                            str(x).splitlines(), str(y).splitlines(), "mlir-opt", "strata-opt", lineterm="", n=1
                        ):
                            print("  " + d)
    return same


def main():
    args = sys.argv[1:]
    if not args or args[0] in ("-h", "--help"):
        print(__doc__)
        return 0
    if args[0] == "--compare":
        ok = all([compare(p) for p in args[1:]])
        return 0 if ok else 1
    for p in args:
        update(p)
    return 0


if __name__ == "__main__":
    sys.exit(main())
