// strata-run --target c --repeat/--warmup/--time: the harness restores the
// memref arguments before every call, so a function that accumulates into
// its argument in place gives one call's result however often it runs;
// --time reports the median and minimum of the timed calls on stderr.
// RUN: strata-run %s --entry acc --random-inputs --seed 5 --print > %t.i
// RUN: strata-run %s --entry acc --random-inputs --seed 5 --print --target c --repeat 4 --warmup 2 --time --cflags='-O3 -DUNUSED=1' --no-bounds-checks > %t.c 2> %t.time
// RUN: diff %t.i %t.c
// RUN: FileCheck %s --check-prefix=TIME --input-file %t.time
// A scalar result is returned by each call.
// RUN: strata-run %s --entry sum --random-inputs --seed 5 --print --target c --repeat 3 --time 2>&1 | FileCheck %s --check-prefix=SUM
// RUN: strata-run %s --entry sum --random-inputs --seed 5 --print | FileCheck %s --check-prefix=SUM
// The interpreter does not time.
// RUN: not strata-run %s --entry acc --random-inputs --time 2>&1 | FileCheck %s --check-prefix=INTERP

// TIME: time: median {{[0-9]+\.[0-9]+}} ms, min {{[0-9]+\.[0-9]+}} ms over 4 calls (2 warm-up)
// SUM: 6 : i32
// INTERP: strata-run: error: --repeat, --warmup, --time, --cflags and --no-bounds-checks need --target c

func.func @acc(%a: memref<8xi32>, %b: memref<8xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  scf.for %i = %c0 to %c8 step %c1 {
    %x = memref.load %a[%i] : memref<8xi32>
    %y = memref.load %b[%i] : memref<8xi32>
    %s = arith.addi %x, %y : i32
    memref.store %s, %b[%i] : memref<8xi32>
  }
  return
}

func.func @sum(%n: i32) -> i32 {
  %c = arith.constant 6 : i32
  return %c : i32
}

// --no-bounds-checks leaves the checks out: a load past a view's size but
// inside its buffer stops with the located error when checked, and reads
// the buffer's element when not.
// RUN: not strata-run %s --entry past_view --random-inputs --target c 2>&1 | FileCheck %s --check-prefix=CHECKED
// RUN: strata-run %s --entry past_view --random-inputs --target c --no-bounds-checks --print | FileCheck %s --check-prefix=UNCHECKED
// CHECKED: error: out-of-bounds access at [5] of a memref of shape [4]
// UNCHECKED: {{^-?[0-9]+}} : i32

func.func @past_view(%a: memref<8xi32>) -> i32 {
  %v = memref.subview %a[0] [4] [1] : memref<8xi32> to memref<4xi32, strided<[1]>>
  %c5 = arith.constant 5 : index
  %x = memref.load %v[%c5] : memref<4xi32, strided<[1]>>
  return %x : i32
}
