// RUN: env RAYON_NUM_THREADS=1 strata-opt %s -pass-pipeline='builtin.module(func.func(canonicalize,cse),inline,symbol-dce)' > %t.1
// RUN: env RAYON_NUM_THREADS=2 strata-opt %s -pass-pipeline='builtin.module(func.func(canonicalize,cse),inline,symbol-dce)' > %t.2
// RUN: strata-opt %s -pass-pipeline='builtin.module(func.func(canonicalize,cse),inline,symbol-dce)' -mlir-disable-threading > %t.3
// RUN: diff %t.1 %t.2
// RUN: diff %t.1 %t.3
// RUN: FileCheck %s < %t.2

// Nested pipelines run on many functions in parallel (each body moved to
// its own IR); the output does not depend on the number of threads.

// CHECK-LABEL: func.func @f0
// CHECK-LABEL: func.func @f39
// CHECK-NOT: @helper

func.func @f0(%a: i32) -> i32 {
  %k = "test.constant"() {value = 0 : i32} : () -> i32
  %one = "test.constant"() {value = 1 : i32} : () -> i32
  %0 = "test.add"(%one, %k) : (i32, i32) -> i32
  %1 = "test.add"(%a, %0) : (i32, i32) -> i32
  %2 = "test.add"(%a, %0) : (i32, i32) -> i32
  %3 = "test.mul"(%1, %2) : (i32, i32) -> i32
  %4 = func.call @helper(%3) : (i32) -> i32
  return %4 : i32
}
func.func @f1(%a: i32) -> i32 {
  %k = "test.constant"() {value = 1 : i32} : () -> i32
  %one = "test.constant"() {value = 1 : i32} : () -> i32
  %0 = "test.add"(%one, %k) : (i32, i32) -> i32
  %1 = "test.add"(%a, %0) : (i32, i32) -> i32
  %2 = "test.add"(%a, %0) : (i32, i32) -> i32
  %3 = "test.mul"(%1, %2) : (i32, i32) -> i32
  %4 = func.call @helper(%3) : (i32) -> i32
  return %4 : i32
}
func.func @f2(%a: i32) -> i32 {
  %k = "test.constant"() {value = 2 : i32} : () -> i32
  %one = "test.constant"() {value = 1 : i32} : () -> i32
  %0 = "test.add"(%one, %k) : (i32, i32) -> i32
  %1 = "test.add"(%a, %0) : (i32, i32) -> i32
  %2 = "test.add"(%a, %0) : (i32, i32) -> i32
  %3 = "test.mul"(%1, %2) : (i32, i32) -> i32
  %4 = func.call @helper(%3) : (i32) -> i32
  return %4 : i32
}
func.func @f3(%a: i32) -> i32 {
  %k = "test.constant"() {value = 3 : i32} : () -> i32
  %one = "test.constant"() {value = 1 : i32} : () -> i32
  %0 = "test.add"(%one, %k) : (i32, i32) -> i32
  %1 = "test.add"(%a, %0) : (i32, i32) -> i32
  %2 = "test.add"(%a, %0) : (i32, i32) -> i32
  %3 = "test.mul"(%1, %2) : (i32, i32) -> i32
  %4 = func.call @helper(%3) : (i32) -> i32
  return %4 : i32
}
func.func @f4(%a: i32) -> i32 {
  %k = "test.constant"() {value = 4 : i32} : () -> i32
  %one = "test.constant"() {value = 1 : i32} : () -> i32
  %0 = "test.add"(%one, %k) : (i32, i32) -> i32
  %1 = "test.add"(%a, %0) : (i32, i32) -> i32
  %2 = "test.add"(%a, %0) : (i32, i32) -> i32
  %3 = "test.mul"(%1, %2) : (i32, i32) -> i32
  %4 = func.call @helper(%3) : (i32) -> i32
  return %4 : i32
}
func.func @f5(%a: i32) -> i32 {
  %k = "test.constant"() {value = 5 : i32} : () -> i32
  %one = "test.constant"() {value = 1 : i32} : () -> i32
  %0 = "test.add"(%one, %k) : (i32, i32) -> i32
  %1 = "test.add"(%a, %0) : (i32, i32) -> i32
  %2 = "test.add"(%a, %0) : (i32, i32) -> i32
  %3 = "test.mul"(%1, %2) : (i32, i32) -> i32
  %4 = func.call @helper(%3) : (i32) -> i32
  return %4 : i32
}
func.func @f6(%a: i32) -> i32 {
  %k = "test.constant"() {value = 6 : i32} : () -> i32
  %one = "test.constant"() {value = 1 : i32} : () -> i32
  %0 = "test.add"(%one, %k) : (i32, i32) -> i32
  %1 = "test.add"(%a, %0) : (i32, i32) -> i32
  %2 = "test.add"(%a, %0) : (i32, i32) -> i32
  %3 = "test.mul"(%1, %2) : (i32, i32) -> i32
  %4 = func.call @helper(%3) : (i32) -> i32
  return %4 : i32
}
func.func @f7(%a: i32) -> i32 {
  %k = "test.constant"() {value = 7 : i32} : () -> i32
  %one = "test.constant"() {value = 1 : i32} : () -> i32
  %0 = "test.add"(%one, %k) : (i32, i32) -> i32
  %1 = "test.add"(%a, %0) : (i32, i32) -> i32
  %2 = "test.add"(%a, %0) : (i32, i32) -> i32
  %3 = "test.mul"(%1, %2) : (i32, i32) -> i32
  %4 = func.call @helper(%3) : (i32) -> i32
  return %4 : i32
}
func.func @f8(%a: i32) -> i32 {
  %k = "test.constant"() {value = 8 : i32} : () -> i32
  %one = "test.constant"() {value = 1 : i32} : () -> i32
  %0 = "test.add"(%one, %k) : (i32, i32) -> i32
  %1 = "test.add"(%a, %0) : (i32, i32) -> i32
  %2 = "test.add"(%a, %0) : (i32, i32) -> i32
  %3 = "test.mul"(%1, %2) : (i32, i32) -> i32
  %4 = func.call @helper(%3) : (i32) -> i32
  return %4 : i32
}
func.func @f9(%a: i32) -> i32 {
  %k = "test.constant"() {value = 9 : i32} : () -> i32
  %one = "test.constant"() {value = 1 : i32} : () -> i32
  %0 = "test.add"(%one, %k) : (i32, i32) -> i32
  %1 = "test.add"(%a, %0) : (i32, i32) -> i32
  %2 = "test.add"(%a, %0) : (i32, i32) -> i32
  %3 = "test.mul"(%1, %2) : (i32, i32) -> i32
  %4 = func.call @helper(%3) : (i32) -> i32
  return %4 : i32
}
func.func @f10(%a: i32) -> i32 {
  %k = "test.constant"() {value = 10 : i32} : () -> i32
  %one = "test.constant"() {value = 1 : i32} : () -> i32
  %0 = "test.add"(%one, %k) : (i32, i32) -> i32
  %1 = "test.add"(%a, %0) : (i32, i32) -> i32
  %2 = "test.add"(%a, %0) : (i32, i32) -> i32
  %3 = "test.mul"(%1, %2) : (i32, i32) -> i32
  %4 = func.call @helper(%3) : (i32) -> i32
  return %4 : i32
}
func.func @f11(%a: i32) -> i32 {
  %k = "test.constant"() {value = 11 : i32} : () -> i32
  %one = "test.constant"() {value = 1 : i32} : () -> i32
  %0 = "test.add"(%one, %k) : (i32, i32) -> i32
  %1 = "test.add"(%a, %0) : (i32, i32) -> i32
  %2 = "test.add"(%a, %0) : (i32, i32) -> i32
  %3 = "test.mul"(%1, %2) : (i32, i32) -> i32
  %4 = func.call @helper(%3) : (i32) -> i32
  return %4 : i32
}
func.func @f12(%a: i32) -> i32 {
  %k = "test.constant"() {value = 12 : i32} : () -> i32
  %one = "test.constant"() {value = 1 : i32} : () -> i32
  %0 = "test.add"(%one, %k) : (i32, i32) -> i32
  %1 = "test.add"(%a, %0) : (i32, i32) -> i32
  %2 = "test.add"(%a, %0) : (i32, i32) -> i32
  %3 = "test.mul"(%1, %2) : (i32, i32) -> i32
  %4 = func.call @helper(%3) : (i32) -> i32
  return %4 : i32
}
func.func @f13(%a: i32) -> i32 {
  %k = "test.constant"() {value = 13 : i32} : () -> i32
  %one = "test.constant"() {value = 1 : i32} : () -> i32
  %0 = "test.add"(%one, %k) : (i32, i32) -> i32
  %1 = "test.add"(%a, %0) : (i32, i32) -> i32
  %2 = "test.add"(%a, %0) : (i32, i32) -> i32
  %3 = "test.mul"(%1, %2) : (i32, i32) -> i32
  %4 = func.call @helper(%3) : (i32) -> i32
  return %4 : i32
}
func.func @f14(%a: i32) -> i32 {
  %k = "test.constant"() {value = 14 : i32} : () -> i32
  %one = "test.constant"() {value = 1 : i32} : () -> i32
  %0 = "test.add"(%one, %k) : (i32, i32) -> i32
  %1 = "test.add"(%a, %0) : (i32, i32) -> i32
  %2 = "test.add"(%a, %0) : (i32, i32) -> i32
  %3 = "test.mul"(%1, %2) : (i32, i32) -> i32
  %4 = func.call @helper(%3) : (i32) -> i32
  return %4 : i32
}
func.func @f15(%a: i32) -> i32 {
  %k = "test.constant"() {value = 15 : i32} : () -> i32
  %one = "test.constant"() {value = 1 : i32} : () -> i32
  %0 = "test.add"(%one, %k) : (i32, i32) -> i32
  %1 = "test.add"(%a, %0) : (i32, i32) -> i32
  %2 = "test.add"(%a, %0) : (i32, i32) -> i32
  %3 = "test.mul"(%1, %2) : (i32, i32) -> i32
  %4 = func.call @helper(%3) : (i32) -> i32
  return %4 : i32
}
func.func @f16(%a: i32) -> i32 {
  %k = "test.constant"() {value = 16 : i32} : () -> i32
  %one = "test.constant"() {value = 1 : i32} : () -> i32
  %0 = "test.add"(%one, %k) : (i32, i32) -> i32
  %1 = "test.add"(%a, %0) : (i32, i32) -> i32
  %2 = "test.add"(%a, %0) : (i32, i32) -> i32
  %3 = "test.mul"(%1, %2) : (i32, i32) -> i32
  %4 = func.call @helper(%3) : (i32) -> i32
  return %4 : i32
}
func.func @f17(%a: i32) -> i32 {
  %k = "test.constant"() {value = 17 : i32} : () -> i32
  %one = "test.constant"() {value = 1 : i32} : () -> i32
  %0 = "test.add"(%one, %k) : (i32, i32) -> i32
  %1 = "test.add"(%a, %0) : (i32, i32) -> i32
  %2 = "test.add"(%a, %0) : (i32, i32) -> i32
  %3 = "test.mul"(%1, %2) : (i32, i32) -> i32
  %4 = func.call @helper(%3) : (i32) -> i32
  return %4 : i32
}
func.func @f18(%a: i32) -> i32 {
  %k = "test.constant"() {value = 18 : i32} : () -> i32
  %one = "test.constant"() {value = 1 : i32} : () -> i32
  %0 = "test.add"(%one, %k) : (i32, i32) -> i32
  %1 = "test.add"(%a, %0) : (i32, i32) -> i32
  %2 = "test.add"(%a, %0) : (i32, i32) -> i32
  %3 = "test.mul"(%1, %2) : (i32, i32) -> i32
  %4 = func.call @helper(%3) : (i32) -> i32
  return %4 : i32
}
func.func @f19(%a: i32) -> i32 {
  %k = "test.constant"() {value = 19 : i32} : () -> i32
  %one = "test.constant"() {value = 1 : i32} : () -> i32
  %0 = "test.add"(%one, %k) : (i32, i32) -> i32
  %1 = "test.add"(%a, %0) : (i32, i32) -> i32
  %2 = "test.add"(%a, %0) : (i32, i32) -> i32
  %3 = "test.mul"(%1, %2) : (i32, i32) -> i32
  %4 = func.call @helper(%3) : (i32) -> i32
  return %4 : i32
}
func.func @f20(%a: i32) -> i32 {
  %k = "test.constant"() {value = 20 : i32} : () -> i32
  %one = "test.constant"() {value = 1 : i32} : () -> i32
  %0 = "test.add"(%one, %k) : (i32, i32) -> i32
  %1 = "test.add"(%a, %0) : (i32, i32) -> i32
  %2 = "test.add"(%a, %0) : (i32, i32) -> i32
  %3 = "test.mul"(%1, %2) : (i32, i32) -> i32
  %4 = func.call @helper(%3) : (i32) -> i32
  return %4 : i32
}
func.func @f21(%a: i32) -> i32 {
  %k = "test.constant"() {value = 21 : i32} : () -> i32
  %one = "test.constant"() {value = 1 : i32} : () -> i32
  %0 = "test.add"(%one, %k) : (i32, i32) -> i32
  %1 = "test.add"(%a, %0) : (i32, i32) -> i32
  %2 = "test.add"(%a, %0) : (i32, i32) -> i32
  %3 = "test.mul"(%1, %2) : (i32, i32) -> i32
  %4 = func.call @helper(%3) : (i32) -> i32
  return %4 : i32
}
func.func @f22(%a: i32) -> i32 {
  %k = "test.constant"() {value = 22 : i32} : () -> i32
  %one = "test.constant"() {value = 1 : i32} : () -> i32
  %0 = "test.add"(%one, %k) : (i32, i32) -> i32
  %1 = "test.add"(%a, %0) : (i32, i32) -> i32
  %2 = "test.add"(%a, %0) : (i32, i32) -> i32
  %3 = "test.mul"(%1, %2) : (i32, i32) -> i32
  %4 = func.call @helper(%3) : (i32) -> i32
  return %4 : i32
}
func.func @f23(%a: i32) -> i32 {
  %k = "test.constant"() {value = 23 : i32} : () -> i32
  %one = "test.constant"() {value = 1 : i32} : () -> i32
  %0 = "test.add"(%one, %k) : (i32, i32) -> i32
  %1 = "test.add"(%a, %0) : (i32, i32) -> i32
  %2 = "test.add"(%a, %0) : (i32, i32) -> i32
  %3 = "test.mul"(%1, %2) : (i32, i32) -> i32
  %4 = func.call @helper(%3) : (i32) -> i32
  return %4 : i32
}
func.func @f24(%a: i32) -> i32 {
  %k = "test.constant"() {value = 24 : i32} : () -> i32
  %one = "test.constant"() {value = 1 : i32} : () -> i32
  %0 = "test.add"(%one, %k) : (i32, i32) -> i32
  %1 = "test.add"(%a, %0) : (i32, i32) -> i32
  %2 = "test.add"(%a, %0) : (i32, i32) -> i32
  %3 = "test.mul"(%1, %2) : (i32, i32) -> i32
  %4 = func.call @helper(%3) : (i32) -> i32
  return %4 : i32
}
func.func @f25(%a: i32) -> i32 {
  %k = "test.constant"() {value = 25 : i32} : () -> i32
  %one = "test.constant"() {value = 1 : i32} : () -> i32
  %0 = "test.add"(%one, %k) : (i32, i32) -> i32
  %1 = "test.add"(%a, %0) : (i32, i32) -> i32
  %2 = "test.add"(%a, %0) : (i32, i32) -> i32
  %3 = "test.mul"(%1, %2) : (i32, i32) -> i32
  %4 = func.call @helper(%3) : (i32) -> i32
  return %4 : i32
}
func.func @f26(%a: i32) -> i32 {
  %k = "test.constant"() {value = 26 : i32} : () -> i32
  %one = "test.constant"() {value = 1 : i32} : () -> i32
  %0 = "test.add"(%one, %k) : (i32, i32) -> i32
  %1 = "test.add"(%a, %0) : (i32, i32) -> i32
  %2 = "test.add"(%a, %0) : (i32, i32) -> i32
  %3 = "test.mul"(%1, %2) : (i32, i32) -> i32
  %4 = func.call @helper(%3) : (i32) -> i32
  return %4 : i32
}
func.func @f27(%a: i32) -> i32 {
  %k = "test.constant"() {value = 27 : i32} : () -> i32
  %one = "test.constant"() {value = 1 : i32} : () -> i32
  %0 = "test.add"(%one, %k) : (i32, i32) -> i32
  %1 = "test.add"(%a, %0) : (i32, i32) -> i32
  %2 = "test.add"(%a, %0) : (i32, i32) -> i32
  %3 = "test.mul"(%1, %2) : (i32, i32) -> i32
  %4 = func.call @helper(%3) : (i32) -> i32
  return %4 : i32
}
func.func @f28(%a: i32) -> i32 {
  %k = "test.constant"() {value = 28 : i32} : () -> i32
  %one = "test.constant"() {value = 1 : i32} : () -> i32
  %0 = "test.add"(%one, %k) : (i32, i32) -> i32
  %1 = "test.add"(%a, %0) : (i32, i32) -> i32
  %2 = "test.add"(%a, %0) : (i32, i32) -> i32
  %3 = "test.mul"(%1, %2) : (i32, i32) -> i32
  %4 = func.call @helper(%3) : (i32) -> i32
  return %4 : i32
}
func.func @f29(%a: i32) -> i32 {
  %k = "test.constant"() {value = 29 : i32} : () -> i32
  %one = "test.constant"() {value = 1 : i32} : () -> i32
  %0 = "test.add"(%one, %k) : (i32, i32) -> i32
  %1 = "test.add"(%a, %0) : (i32, i32) -> i32
  %2 = "test.add"(%a, %0) : (i32, i32) -> i32
  %3 = "test.mul"(%1, %2) : (i32, i32) -> i32
  %4 = func.call @helper(%3) : (i32) -> i32
  return %4 : i32
}
func.func @f30(%a: i32) -> i32 {
  %k = "test.constant"() {value = 30 : i32} : () -> i32
  %one = "test.constant"() {value = 1 : i32} : () -> i32
  %0 = "test.add"(%one, %k) : (i32, i32) -> i32
  %1 = "test.add"(%a, %0) : (i32, i32) -> i32
  %2 = "test.add"(%a, %0) : (i32, i32) -> i32
  %3 = "test.mul"(%1, %2) : (i32, i32) -> i32
  %4 = func.call @helper(%3) : (i32) -> i32
  return %4 : i32
}
func.func @f31(%a: i32) -> i32 {
  %k = "test.constant"() {value = 31 : i32} : () -> i32
  %one = "test.constant"() {value = 1 : i32} : () -> i32
  %0 = "test.add"(%one, %k) : (i32, i32) -> i32
  %1 = "test.add"(%a, %0) : (i32, i32) -> i32
  %2 = "test.add"(%a, %0) : (i32, i32) -> i32
  %3 = "test.mul"(%1, %2) : (i32, i32) -> i32
  %4 = func.call @helper(%3) : (i32) -> i32
  return %4 : i32
}
func.func @f32(%a: i32) -> i32 {
  %k = "test.constant"() {value = 32 : i32} : () -> i32
  %one = "test.constant"() {value = 1 : i32} : () -> i32
  %0 = "test.add"(%one, %k) : (i32, i32) -> i32
  %1 = "test.add"(%a, %0) : (i32, i32) -> i32
  %2 = "test.add"(%a, %0) : (i32, i32) -> i32
  %3 = "test.mul"(%1, %2) : (i32, i32) -> i32
  %4 = func.call @helper(%3) : (i32) -> i32
  return %4 : i32
}
func.func @f33(%a: i32) -> i32 {
  %k = "test.constant"() {value = 33 : i32} : () -> i32
  %one = "test.constant"() {value = 1 : i32} : () -> i32
  %0 = "test.add"(%one, %k) : (i32, i32) -> i32
  %1 = "test.add"(%a, %0) : (i32, i32) -> i32
  %2 = "test.add"(%a, %0) : (i32, i32) -> i32
  %3 = "test.mul"(%1, %2) : (i32, i32) -> i32
  %4 = func.call @helper(%3) : (i32) -> i32
  return %4 : i32
}
func.func @f34(%a: i32) -> i32 {
  %k = "test.constant"() {value = 34 : i32} : () -> i32
  %one = "test.constant"() {value = 1 : i32} : () -> i32
  %0 = "test.add"(%one, %k) : (i32, i32) -> i32
  %1 = "test.add"(%a, %0) : (i32, i32) -> i32
  %2 = "test.add"(%a, %0) : (i32, i32) -> i32
  %3 = "test.mul"(%1, %2) : (i32, i32) -> i32
  %4 = func.call @helper(%3) : (i32) -> i32
  return %4 : i32
}
func.func @f35(%a: i32) -> i32 {
  %k = "test.constant"() {value = 35 : i32} : () -> i32
  %one = "test.constant"() {value = 1 : i32} : () -> i32
  %0 = "test.add"(%one, %k) : (i32, i32) -> i32
  %1 = "test.add"(%a, %0) : (i32, i32) -> i32
  %2 = "test.add"(%a, %0) : (i32, i32) -> i32
  %3 = "test.mul"(%1, %2) : (i32, i32) -> i32
  %4 = func.call @helper(%3) : (i32) -> i32
  return %4 : i32
}
func.func @f36(%a: i32) -> i32 {
  %k = "test.constant"() {value = 36 : i32} : () -> i32
  %one = "test.constant"() {value = 1 : i32} : () -> i32
  %0 = "test.add"(%one, %k) : (i32, i32) -> i32
  %1 = "test.add"(%a, %0) : (i32, i32) -> i32
  %2 = "test.add"(%a, %0) : (i32, i32) -> i32
  %3 = "test.mul"(%1, %2) : (i32, i32) -> i32
  %4 = func.call @helper(%3) : (i32) -> i32
  return %4 : i32
}
func.func @f37(%a: i32) -> i32 {
  %k = "test.constant"() {value = 37 : i32} : () -> i32
  %one = "test.constant"() {value = 1 : i32} : () -> i32
  %0 = "test.add"(%one, %k) : (i32, i32) -> i32
  %1 = "test.add"(%a, %0) : (i32, i32) -> i32
  %2 = "test.add"(%a, %0) : (i32, i32) -> i32
  %3 = "test.mul"(%1, %2) : (i32, i32) -> i32
  %4 = func.call @helper(%3) : (i32) -> i32
  return %4 : i32
}
func.func @f38(%a: i32) -> i32 {
  %k = "test.constant"() {value = 38 : i32} : () -> i32
  %one = "test.constant"() {value = 1 : i32} : () -> i32
  %0 = "test.add"(%one, %k) : (i32, i32) -> i32
  %1 = "test.add"(%a, %0) : (i32, i32) -> i32
  %2 = "test.add"(%a, %0) : (i32, i32) -> i32
  %3 = "test.mul"(%1, %2) : (i32, i32) -> i32
  %4 = func.call @helper(%3) : (i32) -> i32
  return %4 : i32
}
func.func @f39(%a: i32) -> i32 {
  %k = "test.constant"() {value = 39 : i32} : () -> i32
  %one = "test.constant"() {value = 1 : i32} : () -> i32
  %0 = "test.add"(%one, %k) : (i32, i32) -> i32
  %1 = "test.add"(%a, %0) : (i32, i32) -> i32
  %2 = "test.add"(%a, %0) : (i32, i32) -> i32
  %3 = "test.mul"(%1, %2) : (i32, i32) -> i32
  %4 = func.call @helper(%3) : (i32) -> i32
  return %4 : i32
}
func.func private @helper(%x: i32) -> i32 {
  %0 = "test.sub"(%x, %x) : (i32, i32) -> i32
  %1 = "test.add"(%x, %0) : (i32, i32) -> i32
  return %1 : i32
}
