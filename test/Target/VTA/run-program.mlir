// strata-run FILE.vta runs a program file on the timed simulator from its
// DRAM image: the buffers no STORE writes are inputs (--input in order,
// --random-inputs), those it writes are the results (--print, --output,
// --expect), --stats prints the cycle counts. The program translated from
// matmul.mlir, given the same operands in its buffers' packed shapes,
// computes the same bytes as the layer run through the VTA host runtime,
// which --check compares with the interpreter.
// RUN: rm -rf %t && mkdir -p %t
// RUN: python3 %S/Inputs/matmul_inputs.py %t
// RUN: strata-run --target vta %S/matmul.mlir --entry mm --input %t/a.npy --input %t/w.npy --input %t/bias.npy --output %t/ref.npy --check | FileCheck %s --check-prefix=HOST
// RUN: strata-translate --mlir-to-vta %S/matmul.mlir -o %t/mm.vta
// RUN: strata-run %t/mm.vta --input %t/a_p.npy --input %t/w_p.npy --input %t/bias_p.npy --output %t/r.npy --stats | FileCheck %s --check-prefix=STATS
// RUN: tail -c 256 %t/ref.npy > %t/ref.bytes
// RUN: tail -c 256 %t/r.npy > %t/r.bytes
// RUN: cmp %t/ref.bytes %t/r.bytes
// RUN: strata-run %t/mm.vta --input %t/a_p.npy --input %t/w_p.npy --input %t/bias_p.npy --expect %t/r.npy | FileCheck %s --check-prefix=EXPECT
// RUN: not strata-run %t/mm.vta --input %t/a.npy 2>&1 | FileCheck %s --check-prefix=SHAPE
// RUN: not strata-run %t/mm.vta --entry mm 2>&1 | FileCheck %s --check-prefix=ENTRY
// RUN: head -c 100 %t/mm.vta > %t/cut.vta
// RUN: not strata-run %t/cut.vta 2>&1 | FileCheck %s --check-prefix=CUT

// HOST: check: OK, 256 elements bit-exact with the interpreter
// STATS: cycles: {{[0-9]+}}
// STATS: utilization: 0.{{[0-9]+}}
// EXPECT: expect: result #0 matches '{{.*}}r.npy' (256 elements, max abs error 0.000e0)
// SHAPE: strata-run: error: input @arg0: {{.*}}a.npy: the array has shape [16, 16], the argument type 'tensor<16x1x1x16xi8>' needs [16, 1, 1, 16]
// ENTRY: strata-run: error: a .vta program runs on the VTA simulator: no --entry, and --target vta or none
// CUT: strata-run: error: {{.*}}cut.vta: {{.*}}
