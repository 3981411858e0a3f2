// Round trip of the gpu dialect; every CHECK line is what mlir-opt 22 prints for the same input.
// RUN: %roundtrip --split-input-file %s | FileCheck %s
// REQUIRES: mlir-opt
// RUN: strata-opt --split-input-file %s | %mlir-accepts --split-input-file

// CHECK: #map = affine_map<(d0)[s0, s1] -> (d0 + s0 * s1)>
// CHECK-NEXT: module {
// CHECK-NEXT: func.func @launch(%arg0: index, %arg1: memref<?xf32>) {
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %c4 = arith.constant 4 : index
// CHECK-NEXT: gpu.launch blocks(%arg2, %arg3, %arg4) in (%arg8 = %c4, %arg9 = %c1, %arg10 = %c1) threads(%arg5, %arg6, %arg7) in (%arg11 = %arg0, %arg12 = %c1, %arg13 = %c1) {
// CHECK-NEXT: %0 = affine.apply #map(%arg5)[%arg2, %arg11]
// CHECK-NEXT: %1 = memref.load %arg1[%0] : memref<?xf32>
// CHECK-NEXT: %thread_id_x = gpu.thread_id  x
// CHECK-NEXT: %block_id_y = gpu.block_id  y
// CHECK-NEXT: %block_dim_z = gpu.block_dim  z
// CHECK-NEXT: %grid_dim_x = gpu.grid_dim  x upper_bound 64
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: gpu.terminator
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-NEXT: }

func.func @launch(%n: index, %A: memref<?xf32>) {
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c4, %gy = %c1, %gz = %c1) threads(%tx, %ty, %tz) in (%sx = %n, %sy = %c1, %sz = %c1) {
    %i = affine.apply affine_map<(d0)[s0, s1] -> (d0 + s0 * s1)>(%tx)[%bx, %sx]
    %v = memref.load %A[%i] : memref<?xf32>
    %t = gpu.thread_id x
    %b = gpu.block_id y
    %d = gpu.block_dim z
    %g = gpu.grid_dim x upper_bound 64
    gpu.barrier
    gpu.terminator
  }
  return
}

// -----

// CHECK: module {
// CHECK-NEXT: func.func @launch_async(%arg0: index, %arg1: i32, %arg2: !gpu.async.token) {
// CHECK-NEXT: %0 = gpu.wait async [%arg2]
// CHECK-NEXT: %1 = gpu.launch async [%0] blocks(%arg3, %arg4, %arg5) in (%arg9 = %arg0, %arg10 = %arg0, %arg11 = %arg0) threads(%arg6, %arg7, %arg8) in (%arg12 = %arg0, %arg13 = %arg0, %arg14 = %arg0) dynamic_shared_memory_size %arg1 {
// CHECK-NEXT: gpu.terminator
// CHECK-NEXT: } {note = "x"}
// CHECK-NEXT: gpu.wait [%1]
// CHECK-NEXT: gpu.wait
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-NEXT: }

func.func @launch_async(%c: index, %size: i32, %t0: !gpu.async.token) {
  %t = gpu.wait async [%t0]
  %done = gpu.launch async [%t] blocks(%bx, %by, %bz) in (%gx = %c, %gy = %c, %gz = %c) threads(%tx, %ty, %tz) in (%sx = %c, %sy = %c, %sz = %c) dynamic_shared_memory_size %size {
    gpu.terminator
  } {note = "x"}
  gpu.wait [%done]
  gpu.wait
  return
}

// -----

// CHECK: module {
// CHECK-NEXT: func.func @launch_attributions(%arg0: index) {
// CHECK-NEXT: gpu.launch blocks(%arg1, %arg2, %arg3) in (%arg7 = %arg0, %arg8 = %arg0, %arg9 = %arg0) threads(%arg4, %arg5, %arg6) in (%arg10 = %arg0, %arg11 = %arg0, %arg12 = %arg0) workgroup(%arg13 : memref<32xf32, #gpu.address_space<workgroup>>) private(%arg14 : memref<1xf32, #gpu.address_space<private>>) {
// CHECK-NEXT: %0 = memref.load %arg13[%arg4] : memref<32xf32, #gpu.address_space<workgroup>>
// CHECK-NEXT: memref.store %0, %arg14[%arg4] : memref<1xf32, #gpu.address_space<private>>
// CHECK-NEXT: gpu.terminator
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-NEXT: }

func.func @launch_attributions(%c: index) {
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c, %gy = %c, %gz = %c) threads(%tx, %ty, %tz) in (%sx = %c, %sy = %c, %sz = %c) workgroup(%w : memref<32xf32, #gpu.address_space<workgroup>>) private(%p : memref<1xf32, #gpu.address_space<private>>) {
    %x = memref.load %w[%tx] : memref<32xf32, #gpu.address_space<workgroup>>
    memref.store %x, %p[%tx] : memref<1xf32, #gpu.address_space<private>>
    gpu.terminator
  }
  return
}

// -----

// CHECK: module {
// CHECK-NEXT: func.func @launch_affine_bounds(%arg0: index, %arg1: memref<?xf32>) {
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: gpu.launch blocks(%arg2, %arg3, %arg4) in (%arg8 = %c1, %arg9 = %c1, %arg10 = %c1) threads(%arg5, %arg6, %arg7) in (%arg11 = %arg0, %arg12 = %c1, %arg13 = %c1) {
// CHECK-NEXT: %0 = arith.addi %arg5, %arg0 : index
// CHECK-NEXT: affine.for %arg14 = %arg5 to %0 step 4 {
// CHECK-NEXT: %1 = affine.load %arg1[%arg14 + symbol(%arg2)] : memref<?xf32>
// CHECK-NEXT: }
// CHECK-NEXT: gpu.terminator
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-NEXT: }

func.func @launch_affine_bounds(%n: index, %A: memref<?xf32>) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1) threads(%tx, %ty, %tz) in (%sx = %n, %sy = %c1, %sz = %c1) {
    %lim = arith.addi %tx, %n : index
    affine.for %i = %tx to %lim step 4 {
      %v = affine.load %A[%i + symbol(%bx)] : memref<?xf32>
    }
    gpu.terminator
  }
  return
}

// -----

// CHECK: module attributes {gpu.container_module} {
// CHECK-NEXT: gpu.module @kernels {
// CHECK-NEXT: gpu.func @kernel(%arg0: memref<?xf32>, %arg1: index) workgroup(%arg2 : memref<32xf32, #gpu.address_space<workgroup>>) kernel attributes {known = 1 : i32} {
// CHECK-NEXT: %thread_id_x = gpu.thread_id  x
// CHECK-NEXT: %global_id_y = gpu.global_id  y
// CHECK-NEXT: %0 = memref.load %arg0[%thread_id_x] : memref<?xf32>
// CHECK-NEXT: memref.store %0, %arg2[%thread_id_x] : memref<32xf32, #gpu.address_space<workgroup>>
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: gpu.return
// CHECK-NEXT: }
// CHECK-NEXT: gpu.func @helper(%arg0: f32) -> f32 {
// CHECK-NEXT: gpu.return %arg0 : f32
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: func.func @host(%arg0: memref<?xf32>, %arg1: index, %arg2: i32, %arg3: !gpu.async.token) {
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: gpu.launch_func  @kernels::@kernel blocks in (%c1, %c1, %c1) threads in (%arg1, %c1, %c1)  args(%arg0 : memref<?xf32>, %arg1 : index)
// CHECK-NEXT: gpu.launch_func  @kernels::@kernel blocks in (%c1, %c1, %c1) threads in (%arg1, %c1, %c1)  dynamic_shared_memory_size %arg2 args(%arg0 : memref<?xf32>, %arg1 : index) {tag}
// CHECK-NEXT: %0 = gpu.launch_func async [%arg3] @kernels::@kernel blocks in (%c1, %c1, %c1) threads in (%arg1, %c1, %c1)  args(%arg0 : memref<?xf32>, %arg1 : index)
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-NEXT: }

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @kernel(%A: memref<?xf32>, %n: index) workgroup(%w : memref<32xf32, #gpu.address_space<workgroup>>) kernel attributes {known = 1 : i32} {
      %t = gpu.thread_id x
      %g = gpu.global_id y
      %v = memref.load %A[%t] : memref<?xf32>
      memref.store %v, %w[%t] : memref<32xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      gpu.return
    }
    gpu.func @helper(%x: f32) -> f32 {
      gpu.return %x : f32
    }
  }
  func.func @host(%A: memref<?xf32>, %n: index, %bytes: i32, %t0: !gpu.async.token) {
    %c1 = arith.constant 1 : index
    gpu.launch_func @kernels::@kernel blocks in (%c1, %c1, %c1) threads in (%n, %c1, %c1) args(%A : memref<?xf32>, %n : index)
    gpu.launch_func @kernels::@kernel blocks in (%c1, %c1, %c1) threads in (%n, %c1, %c1) dynamic_shared_memory_size %bytes args(%A : memref<?xf32>, %n : index) {tag}
    %t = gpu.launch_func async [%t0] @kernels::@kernel blocks in (%c1, %c1, %c1) threads in (%n, %c1, %c1) args(%A : memref<?xf32>, %n : index)
    return
  }
}
