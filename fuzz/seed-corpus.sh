#!/usr/bin/env bash
# Fills the fuzz targets' corpora from the repository (re-running adds new
# files and keeps what the fuzzer has found):
#   corpus/parse, corpus/interp: test/**/*.mlir and examples/*.mlir (not
#     bench inputs) split at `// -----` as --split-input-file splits them,
#     plus the hand-written fuzz/seeds/;
#   corpus/pipeline: every --pass-pipeline / --pipeline string of the lit
#     tests' RUN lines;
#   corpus/npy: the .npy files strata-run writes for every element type;
#   corpus/vta: the programs strata-translate --mlir-to-vta writes for the
#     VTA layer tests (needs target/release from `cargo build --release -p
#     strata-tools`; skipped without it).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
shopt -s globstar nullglob

out="$root/fuzz/corpus/parse"
mkdir -p "$out" "$root/fuzz/corpus/interp"
for file in "$root"/test/**/*.mlir "$root"/examples/*.mlir "$root"/fuzz/seeds/*.mlir; do
    name="$(realpath --relative-to="$root" "$file" | tr '/' '_')"
    awk -v prefix="$out/seed_${name%.mlir}" '
        BEGIN { n = 0; path = prefix "_0.mlir"; printf "" > path }
        /^\/\/ -----/ { close(path); n++; path = prefix "_" n ".mlir"; printf "" > path; next }
        { print > path }
    ' "$file"
done
cp -n "$out"/seed_* "$root/fuzz/corpus/interp/"

pipelines="$root/fuzz/corpus/pipeline"
mkdir -p "$pipelines"
python3 - "$root" "$pipelines" <<'PY'
import glob, hashlib, re, sys
root, out = sys.argv[1], sys.argv[2]
# --pass-pipeline='...', "...", or unquoted up to the next blank.
flag = re.compile(r"""--(?:pass-)?pipeline=(?:'([^']*)'|"([^"]*)"|(\S+))""")
for path in glob.glob(f"{root}/test/**/*.mlir", recursive=True):
    for line in open(path, errors="replace"):
        if "RUN:" not in line:
            continue
        for m in flag.finditer(line):
            text = next(g for g in m.groups() if g is not None)
            name = hashlib.md5(text.encode()).hexdigest()[:16]
            open(f"{out}/seed_{name}", "w").write(text)
PY

bin="$root/target/release"
if [[ -x "$bin/strata-run" && -x "$bin/strata-translate" ]]; then
    npys="$root/fuzz/corpus/npy"
    mkdir -p "$npys"
    for ty in i1 i8 i16 i32 i64 f16 f32 f64; do
        printf 'func.func @f(%%a: tensor<2x3x%s>) -> tensor<2x3x%s> {\n  return %%a : tensor<2x3x%s>\n}\n' \
            "$ty" "$ty" "$ty" > "$npys/.f.mlir"
        "$bin/strata-run" "$npys/.f.mlir" --entry f --random-inputs --random-range full --output "$npys/seed_$ty.npy"
    done
    rm -f "$npys/.f.mlir"
    vtas="$root/fuzz/corpus/vta"
    mkdir -p "$vtas"
    for file in "$root"/test/Target/VTA/*.mlir "$root"/examples/resnet18_c5.mlir; do
        "$bin/strata-translate" --mlir-to-vta "$file" -o "$vtas/seed_$(basename "$file" .mlir).vta" 2>/dev/null || true
    done
fi
for target in parse interp pipeline npy vta; do
    [[ -d "$root/fuzz/corpus/$target" ]] && echo "corpus/$target: $(ls "$root/fuzz/corpus/$target" | wc -l) files"
done
