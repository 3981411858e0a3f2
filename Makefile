# Strata: one entry point for setup, build, tests, demo and benchmarks.
#   make check   - the full test suite (what CI runs via .ci/run)
#   make demo    - run the shipped example through strata-opt
#   make bench   - compare with mlir-opt 22 on this machine

SHELL := bash
.SHELLFLAGS := -euo pipefail -c
.DEFAULT_GOAL := check

CARGO ?= cargo

# melior (feature `mlir`) links MLIR 22 statically from the Debian packages;
# /usr/bin/llvm-config may be an older LLVM, so point at LLVM 22 explicitly.
export MLIR_SYS_220_PREFIX := /usr/lib/llvm-22
export TABLEGEN_220_PREFIX := /usr/lib/llvm-22
export LLVM_SYS_221_PREFIX := /usr/lib/llvm-22

.PHONY: setup build check demo bench fmt fmt-check clippy clean

setup:
	scripts/setup.sh

build:
	$(CARGO) build --workspace --release

# Unit tests + the lit suite (tools/tests/lit.rs runs lit over test/).
check: setup
	$(CARGO) build --workspace --release --bins   # every tool the lit suite runs (toy-opt too)
	$(CARGO) test --workspace --release
# The `mlir` (melior bridge, MLIR 22) and `llvm` (inkwell back end and JIT,
# LLVM 22) features, in one build so strata-tools is compiled once more, not
# twice: their Rust tests and the lit tests that need them (test/Target/MLIR,
# test/Target/LLVM, and test/Target/C and test/Target/Default, whose `%if llvm`
# RUN lines diff the JIT with the interpreter; the rest of the suite ran above).
	STRATA_LIT_FILTER='Target/(MLIR|LLVM|C|Default)' $(CARGO) test --release -p strata-mlir-bridge -p strata-lowering-to-llvm -p strata-tools --features strata-tools/mlir,strata-tools/llvm

demo: setup build
	scripts/demo.sh

# Every bench/*.sh script (each builds what it needs and prints a table).
bench: setup
	for script in bench/*.sh; do echo "== $$script"; "$$script"; done

fmt:
	$(CARGO) fmt --all

fmt-check:
	$(CARGO) fmt --all -- --check

clippy:
	$(CARGO) clippy --workspace --all-targets --release -- -D warnings

clean:
	$(CARGO) clean
	rm -rf bench/out

# ---- fuzzing (docs/fuzzing.md): libFuzzer targets on stable Rust ---------
# FUZZ_TIME seconds of fuzzing per target: the MLIR parser, the pass-pipeline
# parser, the interpreter, the .npy and .vta readers, each seeded from the
# repository (fuzz/seed-corpus.sh); crashes land in fuzz/artifacts/<target>/.
# Needs `cargo install cargo-fuzz`; RUSTC_BOOTSTRAP=1 lets the stable
# compiler take -Zsanitizer.
FUZZ_TIME ?= 600
FUZZ_TARGETS := parse pipeline interp npy vta

.PHONY: fuzz fuzz-corpus fuzz-pipelines $(addprefix fuzz-,$(FUZZ_TARGETS))
fuzz: $(addprefix fuzz-,$(FUZZ_TARGETS)) fuzz-pipelines

fuzz-corpus:
	$(CARGO) build --release -p strata-tools
	fuzz/seed-corpus.sh

$(addprefix fuzz-,$(FUZZ_TARGETS)): fuzz-%: fuzz-corpus
	cd fuzz && RUSTC_BOOTSTRAP=1 $(CARGO) fuzz run $* corpus/$* -- \
		$(if $(filter parse interp,$*),-dict=mlir.dict) -max_total_time=$(FUZZ_TIME) -timeout=10 -rss_limit_mb=4096

# Random pass pipelines (with random options) over the lit inputs, each with
# --verify-each: a panic, signal, hang or IR that does not verify is a
# finding, written to fuzz/artifacts/pipelines/.
fuzz-pipelines:
	$(CARGO) build --release -p strata-tools
	fuzz/random-pipelines.py --seconds $(FUZZ_TIME) --seed $${FUZZ_SEED:-1}
