# -*- Python -*-
# lit configuration for Strata's test suite (LLVM lit + FileCheck, as in MLIR).
#
# Run through cargo:  make check   (or: cargo test -p strata-tools --release --test lit)
# Run directly:       /usr/lib/llvm-22/bin/lit -sv test/ --param strata_bin_dir=target/release
#
# Tool directory: lit param `strata_bin_dir`, else env STRATA_BIN_DIR, else the
# newest of target/{release,debug} that holds strata-opt.

import os
import re
import shlex
import sys

import lit.formats

config.name = "Strata"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".mlir"]
config.excludes = ["Inputs", "utils", "lit.cfg.py", "README.md"]
config.test_source_root = os.path.dirname(os.path.abspath(__file__))
config.test_exec_root = config.test_source_root  # Output/ dirs are git-ignored

repo_root = os.path.dirname(config.test_source_root)
utils_dir = os.path.join(config.test_source_root, "utils")
llvm_bin_dir = "/usr/lib/llvm-22/bin"


def find_bin_dir():
    d = lit_config.params.get("strata_bin_dir") or os.environ.get("STRATA_BIN_DIR")
    if d:
        return os.path.abspath(d)
    candidates = [
        os.path.join(repo_root, "target", p) for p in ("release", "debug")
    ]
    built = [c for c in candidates if os.path.isfile(os.path.join(c, "strata-opt"))]
    if not built:
        lit_config.fatal(
            "strata-opt not found: pass --param strata_bin_dir=DIR or set "
            "STRATA_BIN_DIR (or build it: cargo build --release -p strata-tools)"
        )
    return max(built, key=lambda c: os.path.getmtime(os.path.join(c, "strata-opt")))


bin_dir = find_bin_dir()
lit_config.note("strata tools from " + bin_dir)
if not os.path.isfile(os.path.join(bin_dir, "strata-opt")):
    lit_config.fatal("no strata-opt in " + bin_dir)

# Environment of RUN lines: our tools and LLVM 22's first on PATH.
config.environment["PATH"] = os.pathsep.join(
    [bin_dir, llvm_bin_dir, config.environment.get("PATH", os.environ.get("PATH", ""))]
)
config.environment["STRATA_BIN_DIR"] = bin_dir
config.environment["MLIR_OPT"] = os.path.join(llvm_bin_dir, "mlir-opt")
for var in ("HOME", "TMPDIR", "RUST_BACKTRACE", "RUST_LOG"):
    if var in os.environ:
        config.environment[var] = os.environ[var]

python = shlex.quote(sys.executable)

# Order matters: lit applies substitutions in list order, to the line as
# rewritten so far. The %-substitutions come first; they expand to scripts
# that find their tools through the environment, so the tool-name
# substitutions below never touch their expansions.
config.substitutions.append(
    ("%roundtrip", python + " " + shlex.quote(os.path.join(utils_dir, "roundtrip.py")))
)
config.substitutions.append(
    ("%mlir-accepts", python + " " + shlex.quote(os.path.join(utils_dir, "mlir_accepts.py")))
)
config.substitutions.append(
    (
        "%mlir-bridge-roundtrip",
        python + " " + shlex.quote(os.path.join(utils_dir, "mlir_bridge_roundtrip.py")),
    )
)
# Generators of inputs too long to check in: `%gen-egraph-chain convs 120`.
config.substitutions.append(
    ("%gen-egraph-chain", python + " " + shlex.quote(os.path.join(utils_dir, "gen_egraph_chain.py")))
)


def tool_subst(name, path):
    # Whole word only: not inside paths (/x/strata-opt), options
    # (--strata-opt), file names (strata-opt.rs) or longer names.
    pattern = r"(?<![\w.\-/%])" + re.escape(name) + r"(?![\w.\-])"
    config.substitutions.append((pattern, shlex.quote(path)))


for tool in ("strata-opt", "strata-translate", "strata-run", "strata-compile", "toy-opt", "strata-tune"):
    path = os.path.join(bin_dir, tool)
    tool_subst(tool, path)
    if os.access(path, os.X_OK):
        config.available_features.add(tool)

for tool in ("FileCheck", "not", "split-file", "mlir-opt"):
    tool_subst(tool, os.path.join(llvm_bin_dir, tool))

if os.access(os.path.join(llvm_bin_dir, "mlir-opt"), os.X_OK):
    config.available_features.add("mlir-opt")

# Tests switched off until they pass again say `REQUIRES: <name>`; run them
# on purpose with `--param enable=<name>[,<name>...]` (docs/testing.md).
for name in filter(None, (lit_config.params.get("enable") or "").split(",")):
    config.available_features.add(name)


def translates_through_mlir(translate):
    # Feature `mlir` (the melior bridge): ask the binary itself to hand a
    # module to MLIR; one built without the feature fails with a message.
    import subprocess

    try:
        p = subprocess.run(
            [translate, "--export-mlir", "-"],
            input=b"module {}\n",
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            timeout=60,
        )
    except (OSError, subprocess.TimeoutExpired):
        return False
    return p.returncode == 0 and p.stdout.strip() == b"module {\n}"


if translates_through_mlir(os.path.join(bin_dir, "strata-translate")):
    config.available_features.add("mlir")
    lit_config.note("strata-translate has the mlir feature (upstream MLIR 22 bridge)")


def translates_to_llvm(translate):
    # Feature `llvm` (inkwell, LLVM 22): the binary translates an empty
    # module to LLVM IR; one built without the feature fails with a message.
    import subprocess

    try:
        p = subprocess.run(
            [translate, "--mlir-to-llvmir", "-"],
            input=b"module {}\n",
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            timeout=60,
        )
    except (OSError, subprocess.TimeoutExpired):
        return False
    return p.returncode == 0 and b"; ModuleID = " in p.stdout


if translates_to_llvm(os.path.join(bin_dir, "strata-translate")):
    config.available_features.add("llvm")
    lit_config.note("strata-translate has the llvm feature (LLVM 22 back end and JIT)")
