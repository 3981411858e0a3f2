#!/usr/bin/env python3
"""How far the code base is from one op vocabulary: counts of the patterns
that declaring ops in one place and building them through typed handles
removes (see docs/architecture.md, "Ops, declared once").

Counts non-test Rust code only: files under a `tests/` folder and everything
after a `#[cfg(test)]` line are skipped.
"""
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
AREAS = ["ir", "dialects", "passes", "lowering", "interp", "tools", "targets", "examples", "frontends", "search", "fusion"]
DIALECTS = sorted(
    d for d in os.listdir(os.path.join(ROOT, "dialects")) if d not in ("all",)
) + ["builtin"]
OP_NAME = re.compile(r'"(%s)\.[a-z_][a-z0-9_.]*"' % "|".join(DIALECTS))


MACRO_IMPLEMENTS_TYPED_OP = "TypedOp for $name" in open(
    os.path.join(ROOT, "ir", "src", "define_op.rs"), encoding="utf-8"
).read()


def sources():
    for area in AREAS:
        for dirpath, dirnames, filenames in os.walk(os.path.join(ROOT, area)):
            dirnames[:] = [d for d in dirnames if d not in ("tests", "target", "benches")]
            for name in filenames:
                if name.endswith(".rs"):
                    path = os.path.join(dirpath, name)
                    with open(path, encoding="utf-8") as f:
                        text = f.read()
                    # `#[path = "x.rs"]` names a file, not an op.
                    text = re.sub(r"#\[path = \"[^\"]*\"\]", "", text)
                    cut = text.find("#[cfg(test)]")
                    yield os.path.relpath(path, ROOT), text if cut < 0 else text[:cut]


def owner(path):
    """The dialect a file belongs to, if any (`ir/src/builtin` owns builtin)."""
    parts = path.split(os.sep)
    if parts[0] == "dialects":
        return parts[1]
    if parts[:3] == ["ir", "src", "builtin"]:
        return "builtin"
    return None


def main():
    counts = {
        "hook assignments outside op declarations": 0,
        "`let mut d = X::definition()` blocks": 0,
        "hand-written parse/print functions": 0,
        "op-name literals outside their dialect": 0,
        "parse_source calls in lowering/ and passes/": 0,
        "ops declared with define_op!": 0,
        "TypedOp implementors": 0,
    }
    verbose = "-v" in sys.argv
    for path, text in sources():
        # ir/src/define_op.rs is the declaration mechanism itself: the
        # macro's own assignments are what a declaration expands to.
        if path != os.path.join("ir", "src", "define_op.rs"):
            counts["hook assignments outside op declarations"] += len(
                re.findall(r"\.hooks\.[a-z_]+\s*=", text)
            )
        counts["`let mut d = X::definition()` blocks"] += len(
            re.findall(r"let mut \w+ = [\w:]+::definition\(\)", text)
        )
        counts["hand-written parse/print functions"] += len(
            re.findall(r"fn \w+\(\s*\w+: &mut OpParser(<'_>)?\s*\)", text)
        ) + len(re.findall(r"fn \w+\(\s*\w+: &mut OpPrinter(<'_>)?,\s*\w+: OpId\s*\)", text))
        mine = owner(path)
        for m in OP_NAME.finditer(text):
            if m.group(1) != mine and not (mine is None and path.startswith("ir")):
                counts["op-name literals outside their dialect"] += 1
                if verbose:
                    print(f"{path}: {m.group(0)}")
        if path.startswith(("lowering", "passes")):
            counts["parse_source calls in lowering/ and passes/"] += len(
                re.findall(r"\bparse_source\(", text)
            )
        # An op declared by define_op! directly (`pub struct X = "d.op"`)
        # or through a dialect's family macro (`XOp = "d.op",`).
        declarations = len(re.findall(r'\b[A-Z]\w* = "[a-z_]+\.[a-z_0-9.]+"', text))
        counts["ops declared with define_op!"] += declarations
        counts["TypedOp implementors"] += len(re.findall(r"impl(<[^>]*>)? TypedOp for", text))
        if declarations and MACRO_IMPLEMENTS_TYPED_OP:
            counts["TypedOp implementors"] += declarations
    for name, n in counts.items():
        print(f"{n:6}  {name}")


if __name__ == "__main__":
    main()
