// RUN: strata-opt %s --irdl-file=%S/Inputs/cmath.irdl.mlir --allow-unregistered-dialect | FileCheck %s
// RUN: strata-opt %s --irdl-file=%S/Inputs/cmath.irdl.mlir --allow-unregistered-dialect --mlir-print-op-generic | strata-opt --irdl-file=%S/Inputs/cmath.irdl.mlir --allow-unregistered-dialect | FileCheck %s

// CHECK-LABEL: "test.conorm"
// CHECK: %[[N:.*]] = cmath.norm %{{.*}} : !cmath.complex<f32>
// CHECK: %{{.*}} = cmath.mul %{{.*}}, %{{.*}} : !cmath.complex<f64>
// CHECK: "cmath.scale"(%{{.*}}, %{{.*}}) {scale = 2 : i64} : (i32, i32) -> ()
"test.conorm"() ({
  %c = "test.make"() : () -> !cmath.complex<f32>
  %n = cmath.norm %c : !cmath.complex<f32>
  %d = "test.make"() : () -> !cmath.complex<f64>
  %p = cmath.mul %d, %d : !cmath.complex<f64>
  %i = "test.int"() : () -> i32
  %j = "test.int"() : () -> i32
  "cmath.scale"(%i, %j) {scale = 2} : (i32, i32) -> ()
}) : () -> ()
