// Strata has no resource blobs: dense_resource is a clear error (mlir-opt
// accepts it; a known difference).
// RUN: not strata-opt --allow-unregistered-dialect %s 2>&1 | FileCheck %s
// CHECK: dense-resource-rejected.mlir:5:17: error: dense_resource attributes (external blobs) are not supported by Strata
"foo.op"() {a = dense_resource<blob> : tensor<4xi32>} : () -> ()
