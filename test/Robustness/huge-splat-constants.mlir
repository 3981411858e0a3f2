// Splat constants of types far too large to hold element by element stay
// splats: in the parser (a scalar or one-element hex literal), in the
// folders of canonicalize and sccp (arith, math, vector.broadcast) and in
// the printer. tensor<1000000x1000000xf32> is 4 TB expanded, and
// 4294967296x4294967296 elements (2^64) do not even fit in an i64 count;
// mlir-opt 22 keeps both as splats, and so must Strata: the output is
// byte-identical to mlir-opt's. The same functions at a small size run
// through the interpreter before and after folding.
// RUN: strata-opt %s > %t.parsed
// RUN: FileCheck %s --check-prefix=PARSE < %t.parsed
// RUN: strata-opt %s --canonicalize > %t.canon
// RUN: FileCheck %s < %t.canon
// RUN: strata-opt %s --sccp > %t.sccp
// RUN: FileCheck %s --check-prefix=SCCP < %t.sccp
// RUN: sed -e 's/1000000x1000000/3x5/g' -e 's/4294967296x4294967296/2x7/g' %s > %t.small.mlir
// RUN: strata-opt %t.small.mlir --canonicalize --verify-equivalence > /dev/null
// RUN: strata-opt %t.small.mlir --sccp --verify-equivalence > /dev/null
// REQUIRES: mlir-opt
// RUN: mlir-opt %s | diff %t.parsed -
// RUN: mlir-opt %s --canonicalize | diff %t.canon -
// RUN: mlir-opt %s --sccp | diff %t.sccp -

// PARSE-LABEL: func.func @arith(
// PARSE: arith.constant dense<1.000000e+00> : tensor<1000000x1000000xf32>
// PARSE: arith.constant dense<3> : tensor<1000000x1000000xi32>

// CHECK-LABEL: func.func @arith(
// CHECK-DAG: arith.constant dense<2.000000e+00> : tensor<1000000x1000000xf32>
// CHECK-DAG: arith.constant dense<true> : tensor<1000000x1000000xi1>
// CHECK-DAG: arith.constant dense<11> : tensor<1000000x1000000xi32>
// CHECK-DAG: arith.constant dense<0> : tensor<1000000x1000000xi32>
// CHECK-NOT: arith.addf
// SCCP-LABEL: func.func @arith(
// SCCP-DAG: arith.constant dense<11> : tensor<1000000x1000000xi32>
// SCCP-DAG: arith.constant dense<2.000000e+00> : tensor<1000000x1000000xf32>
func.func @arith() -> (tensor<1000000x1000000xf32>, tensor<1000000x1000000xi32>, tensor<1000000x1000000xi1>, tensor<1000000x1000000xi32>) {
  %0 = arith.constant dense<1.0> : tensor<1000000x1000000xf32>
  %1 = arith.addf %0, %0 : tensor<1000000x1000000xf32>
  %2 = arith.constant dense<3> : tensor<1000000x1000000xi32>
  %3 = arith.muli %2, %2 : tensor<1000000x1000000xi32>
  %4 = arith.cmpi slt, %2, %3 : tensor<1000000x1000000xi32>
  %5 = arith.fptosi %1 : tensor<1000000x1000000xf32> to tensor<1000000x1000000xi32>
  %6 = arith.addi %5, %3 : tensor<1000000x1000000xi32>
  %7 = arith.subi %6, %6 : tensor<1000000x1000000xi32>
  return %1, %6, %4, %7 : tensor<1000000x1000000xf32>, tensor<1000000x1000000xi32>, tensor<1000000x1000000xi1>, tensor<1000000x1000000xi32>
}

// PARSE-LABEL: func.func @count_past_i64(
// PARSE: arith.constant dense<-2.500000e+00> : tensor<4294967296x4294967296xf32>
// PARSE: arith.constant dense<7> : tensor<4294967296x4294967296xi8>
// CHECK-LABEL: func.func @count_past_i64(
// CHECK-DAG: arith.constant dense<2.500000e+00> : tensor<4294967296x4294967296xf32>
// CHECK-DAG: arith.constant dense<14> : tensor<4294967296x4294967296xi8>
func.func @count_past_i64() -> (tensor<4294967296x4294967296xf32>, tensor<4294967296x4294967296xi8>) {
  %0 = arith.constant dense<-2.5> : tensor<4294967296x4294967296xf32>
  %1 = math.absf %0 : tensor<4294967296x4294967296xf32>
  %2 = arith.constant dense<"0x07"> : tensor<4294967296x4294967296xi8>
  %3 = arith.addi %2, %2 : tensor<4294967296x4294967296xi8>
  return %1, %3 : tensor<4294967296x4294967296xf32>, tensor<4294967296x4294967296xi8>
}

// CHECK-LABEL: func.func @broadcast(
// CHECK: arith.constant dense<4.000000e+00> : vector<1000000x1000000xf32>
func.func @broadcast() -> vector<1000000x1000000xf32> {
  %c = arith.constant 4.0 : f32
  %0 = vector.broadcast %c : f32 to vector<1000000x1000000xf32>
  return %0 : vector<1000000x1000000xf32>
}
