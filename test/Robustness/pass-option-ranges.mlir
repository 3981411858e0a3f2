// Pass options declare their valid values (PassOption::range, ::check,
// ::pipeline) and the pipeline parser reports a value outside them at the
// option, as it reports a value of the wrong type. x86-vectorize's nr=7,
// kc=-1 and mr=29 were accepted, as was an inline default-pipeline naming
// no pass (mlir-opt 22 reports that one with the same message, though
// only when the pass runs, and still exits with 0).
// RUN: not strata-opt %s '--pass-pipeline=builtin.module(func.func(x86-vectorize{nr=7}))' 2>&1 | FileCheck %s --check-prefix=NR
// NR: MLIR Textual PassPipeline Parser:1:40: error: for the nr option: 7 is not a microkernel width (expected 0 or a multiple of 8 from 8 to 64)
// NR-NEXT: builtin.module(func.func(x86-vectorize{nr=7}))
// NR-NEXT: {{^                                       \^$}}
// RUN: not strata-opt %s '--pass-pipeline=builtin.module(func.func(x86-vectorize{isa=avx2 kc=-1}))' 2>&1 | FileCheck %s --check-prefix=KC
// KC: Parser:1:49: error: for the kc option: -1 is out of range (expected 0 to 1048576)
// RUN: not strata-opt %s '--pass-pipeline=builtin.module(func.func(x86-vectorize{mr=29}))' 2>&1 | FileCheck %s --check-prefix=MR
// MR: error: for the mr option: 29 is out of range (expected 0 to 28)
// RUN: not strata-opt %s --x86-vectorize=nc=2000000 2>&1 | FileCheck %s --check-prefix=FLAG
// FLAG: error: for the nc option: 2000000 is out of range (expected 0 to 1048576)
// RUN: not strata-opt %s '--pass-pipeline=builtin.module(inline{default-pipeline=nonexistent})' 2>&1 | FileCheck %s --check-prefix=INLINE
// INLINE: Parser:1:23: error: for the default-pipeline option: 'nonexistent' does not refer to a registered pass or pass pipeline
// RUN: not strata-opt %s '--pass-pipeline=builtin.module(inline{default-pipeline="canonicalize,"})' 2>&1 | FileCheck %s --check-prefix=SYNTAX
// SYNTAX: error: for the default-pipeline option: expected a pass name or a nested pipeline
//
// Values inside the ranges still run.
// RUN: strata-opt %s '--pass-pipeline=builtin.module(func.func(x86-vectorize{isa=avx2 mr=28 nr=64 kc=1048576 mc=0 nc=8}),inline{default-pipeline=canonicalize})' | FileCheck %s
// CHECK-LABEL: func.func @f(
// REQUIRES: mlir-opt
// RUN: mlir-opt %s '--pass-pipeline=builtin.module(inline{default-pipeline=nonexistent})' 2>&1 | FileCheck %s --check-prefix=MLIR
// MLIR: 'nonexistent' does not refer to a registered pass or pass pipeline
func.func @f(%x: i32) -> i32 {
  return %x : i32
}
