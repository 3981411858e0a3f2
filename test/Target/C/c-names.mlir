// Any MLIR symbol compiles as a C function: C keywords, names the C
// library headers declare, main, and names of the translation's own locals
// are renamed (strata_c_...), calls and the harness use the new name.
// RUN: strata-run %s --entry main --input=5 --print --target c > %t.c
// RUN: strata-run %s --entry main --input=5 --print > %t.i
// RUN: diff %t.i %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: strata-run %s --entry printf --input=7 --print --target c | FileCheck %s --check-prefix=PRINTF
// RUN: strata-translate --mlir-to-c %s | FileCheck %s --check-prefix=C

// CHECK: 12 : i32
// PRINTF: 9 : i32
// C-DAG: uint32_t strata_c_int(uint32_t a0);
// C-DAG: uint32_t strata_c_printf(uint32_t a0);
// C-DAG: uint32_t strata_c_memcpy(uint32_t a0);
// C-DAG: uint32_t strata_c_a0(uint32_t a0);
// C-DAG: uint32_t strata_fn_main(uint32_t a0);
// C-DAG: uint32_t strata_c_NAN(uint32_t a0);
// C-DAG: uint32_t strata_c_v1(uint32_t a0);
// C-DAG: uint32_t strata_c_while(uint32_t a0);
// C-DAG: uint32_t plain(uint32_t a0);

func.func @int(%x: i32) -> i32 {
  %c1 = arith.constant 1 : i32
  %r = arith.addi %x, %c1 : i32
  return %r : i32
}
func.func @printf(%x: i32) -> i32 {
  %r = func.call @int(%x) : (i32) -> i32
  %s = func.call @memcpy(%r) : (i32) -> i32
  return %s : i32
}
func.func @memcpy(%x: i32) -> i32 {
  %r = func.call @NAN(%x) : (i32) -> i32
  return %r : i32
}
func.func @NAN(%x: i32) -> i32 {
  %r = func.call @v1(%x) : (i32) -> i32
  return %r : i32
}
func.func @v1(%x: i32) -> i32 {
  %r = func.call @while(%x) : (i32) -> i32
  return %r : i32
}
func.func @while(%x: i32) -> i32 {
  %r = func.call @plain(%x) : (i32) -> i32
  return %r : i32
}
func.func @plain(%x: i32) -> i32 {
  %c1 = arith.constant 1 : i32
  %r = arith.addi %x, %c1 : i32
  return %r : i32
}
func.func @a0(%x: i32) -> i32 {
  %r = func.call @printf(%x) : (i32) -> i32
  return %r : i32
}
// main(x) = x + 2 (int and plain add one each) + x
func.func @main(%x: i32) -> i32 {
  %r = func.call @a0(%x) : (i32) -> i32
  %s = arith.addi %r, %x : i32
  return %s : i32
}
