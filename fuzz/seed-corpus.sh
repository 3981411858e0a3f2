#!/usr/bin/env bash
# Fills fuzz/corpus/parse with the repository's .mlir files (test/**,
# examples/; not bench inputs) split at `// -----` the way
# --split-input-file splits them, plus the hand-written fuzz/seeds/.
# Re-running adds new files and keeps what the fuzzer has found.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
out="$root/fuzz/corpus/parse"
mkdir -p "$out"
shopt -s globstar nullglob
for file in "$root"/test/**/*.mlir "$root"/examples/*.mlir "$root"/fuzz/seeds/*.mlir; do
    name="$(realpath --relative-to="$root" "$file" | tr '/' '_')"
    awk -v prefix="$out/seed_${name%.mlir}" '
        BEGIN { n = 0; path = prefix "_0.mlir"; printf "" > path }
        /^\/\/ -----/ { close(path); n++; path = prefix "_" n ".mlir"; printf "" > path; next }
        { print > path }
    ' "$file"
done
echo "corpus: $(ls "$out" | wc -l) files in $out"
