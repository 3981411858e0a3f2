// RUN: strata-opt %s -pass-pipeline='builtin.module(func.func(cse,canonicalize))' -mlir-print-ir-before=cse -mlir-print-ir-after-all -o /dev/null 2>&1 | FileCheck %s
// RUN: strata-opt %s -pass-pipeline='builtin.module(func.func(cse,canonicalize))' -mlir-timing -o /dev/null 2>&1 | FileCheck %s --check-prefix=TIMING
// RUN: strata-opt %s -pass-pipeline='builtin.module(func.func(cse),symbol-dce)' -mlir-pass-statistics -o /dev/null 2>&1 | FileCheck %s --check-prefix=STATS

// CHECK:      // -----// IR Dump Before CSE (cse) //----- //
// CHECK-NEXT: func.func @f(%arg0: i32) -> i32 {
// CHECK:      // -----// IR Dump After CSE (cse) //----- //
// CHECK-NEXT: func.func @f
// CHECK:      // -----// IR Dump After Canonicalizer (canonicalize) //----- //
// CHECK-NEXT: func.func @f
// CHECK-NOT:  IR Dump Before Canonicalizer

// TIMING:      ... Execution time report ...
// TIMING:      Total Execution Time: {{[0-9.]+}} seconds
// TIMING:      ----Wall Time----  ----Name----
// TIMING-NEXT: {{[0-9.]+}} ({{ *[0-9.]+}}%)  Parser
// TIMING-NEXT: {{[0-9.]+}} ({{ *[0-9.]+}}%)  'func.func' Pipeline
// TIMING-NEXT: {{[0-9.]+}} ({{ *[0-9.]+}}%)    CSE
// TIMING-NEXT: {{[0-9.]+}} ({{ *[0-9.]+}}%)    Canonicalizer
// TIMING-NEXT: {{[0-9.]+}} ({{ *[0-9.]+}}%)  Rest
// TIMING-NEXT: {{[0-9.]+}} (100.0%)  Total

// STATS:      ... Pass statistics report ...
// STATS:      'func.func' Pipeline
// STATS-NEXT:   CSE
// STATS-NEXT:     (S) 1 num-cse'd - Number of operations CSE'd
// STATS-NEXT:     (S) 0 num-dce'd - Number of operations DCE'd
// STATS-NEXT: SymbolDCE
// STATS-NEXT:   (S) 0 num-dce'd - Number of symbols DCE'd

func.func @f(%a: i32) -> i32 {
  %0 = "test.add"(%a, %a) : (i32, i32) -> i32
  %1 = "test.add"(%a, %a) : (i32, i32) -> i32
  %2 = "test.mul"(%0, %1) : (i32, i32) -> i32
  return %2 : i32
}
