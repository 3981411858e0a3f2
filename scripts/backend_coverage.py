#!/usr/bin/env python3
"""Which ops that the interpreter runs do the C and LLVM back ends reject?

Translates every test input under test/ (each `// -----` chunk on its own)
with `strata-translate --mlir-to-c` and `--mlir-to-llvmir` (after the
lowerings each expects: `--lower-affine`, plus `--convert-scf-to-cf` for
LLVM), and counts the
ops named by "does not support the op 'X'" (and "supports 'X' on scalars
only", and the kinds of type in "does not support the type") among the chunks whose ops the interpreter registers
(interp/src/ops). A chunk reports only its first rejected op, so the counts
are a lower bound of how often an op blocks translation.

    scripts/backend_coverage.py [BIN_DIR]      # default target/release
"""
import collections, pathlib, re, subprocess, sys

root = pathlib.Path(__file__).resolve().parent.parent
bins = pathlib.Path(sys.argv[1]) if len(sys.argv) > 1 else root / "target/release"
interp_ops = set()
for f in (root / "interp/src/ops").rglob("*.rs"):
    interp_ops |= set(re.findall(r'register\("([a-z_]+\.[a-z_.]+)"', f.read_text()))
op_re = re.compile(r"\b(?:" + "|".join(re.escape(o) for o in sorted(interp_ops, key=len, reverse=True)) + r")\b")
reject = re.compile(r"does not support the op '([^']+)'|supports '([^']+)' on scalars only"
                    r"|does not support the type '([a-z!][a-z0-9_.]*)")
counts = {"c": collections.Counter(), "llvm": collections.Counter()}
files = {"c": collections.defaultdict(set), "llvm": collections.defaultdict(set)}
chunks = 0
for path in sorted((root / "test").rglob("*.mlir")):
    if "Inputs" in path.parts or "Output" in path.parts:
        continue
    for i, chunk in enumerate(path.read_text(errors="replace").split("\n// -----")):
        if "func.func" not in chunk or "expected-error" in chunk:
            continue
        used = set(op_re.findall(chunk))
        if not used:
            continue
        chunks += 1
        for target, flag, lowering in [("c", "--mlir-to-c", ["--lower-affine"]),
                                       ("llvm", "--mlir-to-llvmir",
                                        ["--lower-affine", "--convert-scf-to-cf"])]:
            lowered = subprocess.run([str(bins / "strata-opt"), *lowering, "-"],
                                     input=chunk, capture_output=True, text=True, timeout=60)
            if lowered.returncode != 0:
                continue
            r = subprocess.run([str(bins / "strata-translate"), flag, "-", "-o", "/dev/null"],
                               input=lowered.stdout, capture_output=True, text=True, timeout=60)
            m = reject.search(r.stderr)
            if r.returncode != 0 and m:
                op = m.group(1) or m.group(2) or "type " + m.group(3)
                if op in interp_ops or op.startswith("type "):
                    counts[target][op] += 1
                    files[target][op].add(str(path.relative_to(root)))
print(f"{chunks} test chunks using interpreter ops")
for target in ["c", "llvm"]:
    print(f"\n{target}: ops the interpreter runs but the back end rejects (chunks, files)")
    for op, n in counts[target].most_common():
        print(f"  {op:40} {n:4} {len(files[target][op]):4}")
