// REQUIRES: asan
// The memory errors of ../memory-checks.mlir under AddressSanitizer: with
// the checks, each stops with its located error before any access outside
// a block (no sanitizer report); with --no-bounds-checks the same run reads
// or writes outside the block and the sanitizer reports it.
// RUN: env STRATA_C_SANITIZE=address not strata-run %S/../memory-checks.mlir --entry subview --input=3 --random-inputs --target c 2>&1 | FileCheck %s --check-prefix=SUBVIEW --implicit-check-not=Sanitizer
// RUN: env STRATA_C_SANITIZE=address not strata-run %S/../memory-checks.mlir --entry subview --input=3 --random-inputs --target c --no-bounds-checks 2>&1 | FileCheck %s --check-prefix=OVERFLOW
// RUN: env STRATA_C_SANITIZE=address not strata-run %S/../memory-checks.mlir --entry copy --input=2 --random-inputs --target c 2>&1 | FileCheck %s --check-prefix=COPY --implicit-check-not=Sanitizer
// RUN: env STRATA_C_SANITIZE=address not strata-run %S/../memory-checks.mlir --entry copy --input=2 --random-inputs --target c --no-bounds-checks 2>&1 | FileCheck %s --check-prefix=PAST
// RUN: env STRATA_C_SANITIZE=address not strata-run %S/../memory-checks.mlir --entry reinterpret --random-inputs --target c 2>&1 | FileCheck %s --check-prefix=RCAST --implicit-check-not=Sanitizer
// RUN: env STRATA_C_SANITIZE=address not strata-run %S/../memory-checks.mlir --entry reinterpret --random-inputs --target c --no-bounds-checks 2>&1 | FileCheck %s --check-prefix=PAST
// RUN: env STRATA_C_SANITIZE=address not strata-run %S/../memory-checks.mlir --entry double_dealloc --target c 2>&1 | FileCheck %s --check-prefix=DEALLOC --implicit-check-not=Sanitizer
// RUN: env STRATA_C_SANITIZE=address not strata-run %S/../memory-checks.mlir --entry double_dealloc --target c --no-bounds-checks 2>&1 | FileCheck %s --check-prefix=DOUBLE
// RUN: env STRATA_C_SANITIZE=address not strata-run %S/../memory-checks.mlir --entry alloc --input=-1 --target c 2>&1 | FileCheck %s --check-prefix=ALLOC --implicit-check-not=Sanitizer
// RUN: env STRATA_C_SANITIZE=address not strata-run %S/../signal.mlir --entry far --input=1099511627776 --random-inputs --target c 2>&1 | FileCheck %s --check-prefix=FAR --implicit-check-not=Sanitizer
// RUN: env STRATA_C_SANITIZE=address not strata-run %S/../signal.mlir --entry far --input=1099511627776 --random-inputs --target c --no-bounds-checks 2>&1 | FileCheck %s --check-prefix=SEGV
// Runs that stay inside their blocks give no report and the interpreter's
// outputs.
// RUN: env STRATA_C_SANITIZE=address strata-run %S/../memory-checks.mlir --entry reinterpret_inside --random-inputs --seed 4 --print --target c > %t.c
// RUN: strata-run %S/../memory-checks.mlir --entry reinterpret_inside --random-inputs --seed 4 --print > %t.i
// RUN: diff %t.i %t.c
// RUN: env STRATA_C_SANITIZE=address strata-run %S/../memory-checks.mlir --entry dealloc_view --print --target c 2>&1 | FileCheck %s --check-prefix=VIEWFREE --implicit-check-not=Sanitizer

// SUBVIEW: memory-checks.mlir:{{[0-9]+}}:8: error: subview out of bounds: dimension 0 takes 2 elements from offset 3
// OVERFLOW: ERROR: AddressSanitizer: heap-buffer-overflow
// COPY: memory-checks.mlir:{{[0-9]+}}:3: error: memref.copy between shapes [4] and [2]
// The rounding of a block to 64 bytes is poisoned.
// PAST: ERROR: AddressSanitizer: use-after-poison
// RCAST: memory-checks.mlir:{{[0-9]+}}:8: error: memref.reinterpret_cast out of bounds
// DEALLOC: memory-checks.mlir:{{[0-9]+}}:3: error: deallocation of memory that is already deallocated
// DOUBLE: ERROR: AddressSanitizer: attempting double-free
// ALLOC: memory-checks.mlir:{{[0-9]+}}:8: error: allocation with a negative size (-1)
// FAR: signal.mlir:{{[0-9]+}}:8: error: out-of-bounds access at [1099511627776] of a memref of shape [4]
// SEGV: ERROR: AddressSanitizer: SEGV on unknown address
// VIEWFREE: 7 : index
