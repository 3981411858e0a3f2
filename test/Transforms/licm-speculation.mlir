// RUN: strata-opt %s --allow-unregistered-dialect -loop-invariant-code-motion -split-input-file | FileCheck %s

// MLIR's loop-invariant-code-motion hoists an op only when it has no memory
// effect and may run speculatively: the loop may run zero times, so a
// division by an unknown divisor (or signed by -1), a dim of an unknown
// index, a loop whose step is not 1, a linalg op whose payload divides, an
// scf.while, scf.execute_region or tensor.generate stay. The CHECK lines are
// mlir-opt 22's output for each case.

// Divisions and dims: hoisted only with a non-zero (signed: neither zero
// nor -1) constant divisor, a constant in-range index.
// CHECK-LABEL:   func.func @f(%arg0: i32, %arg1: i32, %arg2: index, %arg3: index, %arg4: memref<?xf32>, %arg5: tensor<?xf32>, %arg6: index) {
// CHECK-NEXT:     %c1 = arith.constant 1 : index
// CHECK-NEXT:     %c0 = arith.constant 0 : index
// CHECK-NEXT:     %c2_i32 = arith.constant 2 : i32
// CHECK-NEXT:     %c-1_i32 = arith.constant -1 : i32
// CHECK-NEXT:     %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT:     %0 = arith.floordivsi %arg0, %arg1 : i32
// CHECK-NEXT:     %1 = arith.remsi %arg0, %arg1 : i32
// CHECK-NEXT:     %2 = arith.remui %arg0, %arg1 : i32
// CHECK-NEXT:     %3 = arith.divsi %arg0, %c2_i32 : i32
// CHECK-NEXT:     %4 = arith.divui %arg0, %c2_i32 : i32
// CHECK-NEXT:     %5 = arith.addi %arg0, %arg1 : i32
// CHECK-NEXT:     %{{dim(_[0-9]+)?}} = memref.dim %arg4, %c0 : memref<?xf32>
// CHECK-NEXT:     %{{dim(_[0-9]+)?}} = tensor.dim %arg5, %c0 : tensor<?xf32>
// CHECK-NEXT:     %6 = arith.shli %arg0, %arg1 : i32
// CHECK-NEXT:     %7 = arith.divui %arg0, %c-1_i32 : i32
// CHECK-NEXT:     scf.for %arg7 = %arg2 to %arg3 step %c1 {
// CHECK-NEXT:       %8 = arith.divsi %arg0, %arg1 : i32
// CHECK-NEXT:       %9 = arith.divui %arg0, %arg1 : i32
// CHECK-NEXT:       %10 = arith.ceildivsi %arg0, %arg1 : i32
// CHECK-NEXT:       %11 = arith.ceildivui %arg0, %arg1 : i32
// CHECK-NEXT:       %{{dim(_[0-9]+)?}} = memref.dim %arg4, %arg6 : memref<?xf32>
// CHECK-NEXT:       %{{dim(_[0-9]+)?}} = tensor.dim %arg5, %arg6 : tensor<?xf32>
// CHECK-NEXT:       %12 = arith.divsi %arg0, %c-1_i32 : i32
// CHECK-NEXT:       %13 = arith.divui %arg0, %c0_i32 : i32
// CHECK-NEXT:       "test.use"(%8, %9, %10, %11, %0, %1, %2, %3, %4, %5, %{{dim(_[0-9]+)?}}, %{{dim(_[0-9]+)?}}, %{{dim(_[0-9]+)?}}, %{{dim(_[0-9]+)?}}, %6, %12, %7, %13) : (i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, index, index, index, index, i32, i32, i32, i32) -> ()
// CHECK-NEXT:     }
// CHECK-NEXT:     return
// CHECK-NEXT:   }
func.func @f(%a: i32, %b: i32, %lb: index, %ub: index, %m: memref<?xf32>, %t: tensor<?xf32>, %i: index) {
  %c1 = arith.constant 1 : index
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : i32
  %cm1 = arith.constant -1 : i32
  %cz = arith.constant 0 : i32
  scf.for %iv = %lb to %ub step %c1 {
    %0 = arith.divsi %a, %b : i32
    %1 = arith.divui %a, %b : i32
    %2 = arith.ceildivsi %a, %b : i32
    %3 = arith.ceildivui %a, %b : i32
    %4 = arith.floordivsi %a, %b : i32
    %5 = arith.remsi %a, %b : i32
    %6 = arith.remui %a, %b : i32
    %7 = arith.divsi %a, %c2 : i32
    %8 = arith.divui %a, %c2 : i32
    %9 = arith.addi %a, %b : i32
    %10 = memref.dim %m, %c0 : memref<?xf32>
    %11 = memref.dim %m, %i : memref<?xf32>
    %12 = tensor.dim %t, %c0 : tensor<?xf32>
    %13 = tensor.dim %t, %i : tensor<?xf32>
    %14 = arith.shli %a, %b : i32
    %15 = arith.divsi %a, %cm1 : i32
    %16 = arith.divui %a, %cm1 : i32
    %17 = arith.divui %a, %cz : i32
    "test.use"(%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17) : (i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, index, index, index, index, i32, i32, i32, i32) -> ()
  }
  return
}

// -----

// Region ops: recursively speculatable ones go when their bodies may.
// CHECK-LABEL:   func.func @g(%arg0: tensor<4xi32>, %arg1: tensor<4xi32>, %arg2: index, %arg3: index, %arg4: index, %arg5: tensor<4xf32>, %arg6: i32) {
// CHECK-NEXT:     %c1 = arith.constant 1 : index
// CHECK-NEXT:     %c0 = arith.constant 0 : index
// CHECK-NEXT:     %0 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]} ins(%arg0, %arg1 : tensor<4xi32>, tensor<4xi32>) outs(%arg0 : tensor<4xi32>) {
// CHECK-NEXT:     ^bb0(%{{[a-z0-9_]+}}: i32, %{{[a-z0-9_]+}}: i32, %{{[a-z0-9_]+}}: i32):
// CHECK-NEXT:       %5 = arith.addi %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}} : i32
// CHECK-NEXT:       linalg.yield %5 : i32
// CHECK-NEXT:     } -> tensor<4xi32>
// CHECK-NEXT:     %1 = scf.for %arg7 = %arg2 to %arg3 step %c1 iter_args(%arg8 = %arg6) -> (i32) {
// CHECK-NEXT:       %5 = arith.addi %arg8, %arg6 : i32
// CHECK-NEXT:       scf.yield %5 : i32
// CHECK-NEXT:     }
// CHECK-NEXT:     %2 = affine.for %arg7 = 0 to 10 iter_args(%arg8 = %arg6) -> (i32) {
// CHECK-NEXT:       %5 = arith.addi %arg8, %arg6 : i32
// CHECK-NEXT:       affine.yield %5 : i32
// CHECK-NEXT:     }
// CHECK-NEXT:     %3 = arith.cmpi slt, %arg6, %arg6 : i32
// CHECK-NEXT:     %4 = scf.if %3 -> (i32) {
// CHECK-NEXT:       scf.yield %arg6 : i32
// CHECK-NEXT:     } else {
// CHECK-NEXT:       scf.yield %arg6 : i32
// CHECK-NEXT:     }
// CHECK-NEXT:     scf.for %arg7 = %arg2 to %arg3 step %c1 {
// CHECK-NEXT:       %5 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]} ins(%arg0, %arg1 : tensor<4xi32>, tensor<4xi32>) outs(%arg0 : tensor<4xi32>) {
// CHECK-NEXT:       ^bb0(%{{[a-z0-9_]+}}: i32, %{{[a-z0-9_]+}}: i32, %{{[a-z0-9_]+}}: i32):
// CHECK-NEXT:         %7 = arith.divsi %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}} : i32
// CHECK-NEXT:         linalg.yield %7 : i32
// CHECK-NEXT:       } -> tensor<4xi32>
// CHECK-NEXT:       %6 = scf.for %arg8 = %arg2 to %arg3 step %arg4 iter_args(%arg9 = %arg6) -> (i32) {
// CHECK-NEXT:         %7 = arith.addi %arg9, %arg6 : i32
// CHECK-NEXT:         scf.yield %7 : i32
// CHECK-NEXT:       }
// CHECK-NEXT:       "test.use"(%5, %0, %6, %1, %2) : (tensor<4xi32>, tensor<4xi32>, i32, i32, i32) -> ()
// CHECK-NEXT:     }
// CHECK-NEXT:     return
// CHECK-NEXT:   }
#id = affine_map<(d0) -> (d0)>
func.func @g(%a: tensor<4xi32>, %b: tensor<4xi32>, %lb: index, %ub: index, %s: index, %f: tensor<4xf32>, %x: i32) {
  %c1 = arith.constant 1 : index
  %c0 = arith.constant 0 : index
  scf.for %iv = %lb to %ub step %c1 {
    %0 = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]} ins(%a, %b : tensor<4xi32>, tensor<4xi32>) outs(%a : tensor<4xi32>) {
    ^bb0(%p: i32, %q: i32, %o: i32):
      %d = arith.divsi %p, %q : i32
      linalg.yield %d : i32
    } -> tensor<4xi32>
    %1 = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]} ins(%a, %b : tensor<4xi32>, tensor<4xi32>) outs(%a : tensor<4xi32>) {
    ^bb0(%p: i32, %q: i32, %o: i32):
      %d = arith.addi %p, %q : i32
      linalg.yield %d : i32
    } -> tensor<4xi32>
    %2 = scf.for %j = %lb to %ub step %s iter_args(%acc = %x) -> i32 {
      %y = arith.addi %acc, %x : i32
      scf.yield %y : i32
    }
    %3 = scf.for %j = %lb to %ub step %c1 iter_args(%acc = %x) -> i32 {
      %y = arith.addi %acc, %x : i32
      scf.yield %y : i32
    }
    %4 = affine.for %j = 0 to 10 iter_args(%acc = %x) -> i32 {
      %y = arith.addi %acc, %x : i32
      affine.yield %y : i32
    }
    %cond = arith.cmpi slt, %x, %x : i32
    %5 = scf.if %cond -> i32 {
      scf.yield %x : i32
    } else {
      scf.yield %x : i32
    }
    "test.use"(%0, %1, %2, %3, %4) : (tensor<4xi32>, tensor<4xi32>, i32, i32, i32) -> ()
  }
  return
}

// -----

// Ops MLIR never speculates stay; pure ones go.
// CHECK-LABEL:   func.func @h(%arg0: tensor<4xf32>, %arg1: tensor<4x4xf32>, %arg2: index, %arg3: index, %arg4: index, %arg5: i32, %arg6: memref<4xf32>, %arg7: index) {
// CHECK-NEXT:     %c1 = arith.constant 1 : index
// CHECK-NEXT:     %c0 = arith.constant 0 : index
// CHECK-NEXT:     %{{cst(_[0-9]+)?}} = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:     %0 = affine.if #set(%arg7) -> i32 {
// CHECK-NEXT:       affine.yield %arg5 : i32
// CHECK-NEXT:     } else {
// CHECK-NEXT:       affine.yield %arg5 : i32
// CHECK-NEXT:     }
// CHECK-NEXT:     %{{false(_[0-9]+)?}} = arith.constant false
// CHECK-NEXT:     %{{padded(_[0-9]+)?}} = tensor.pad %arg0 low[1] high[1] {
// CHECK-NEXT:     ^bb0(%arg8: index):
// CHECK-NEXT:       tensor.yield %{{cst(_[0-9]+)?}} : f32
// CHECK-NEXT:     } : tensor<4xf32> to tensor<6xf32>
// CHECK-NEXT:     %1 = linalg.matmul ins(%arg1, %arg1 : tensor<4x4xf32>, tensor<4x4xf32>) outs(%arg1 : tensor<4x4xf32>) -> tensor<4x4xf32>
// CHECK-NEXT:     %2 = linalg.fill ins(%{{cst(_[0-9]+)?}} : f32) outs(%arg0 : tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT:     %{{extracted(_[0-9]+)?}} = tensor.extract %arg0[%arg7] : tensor<4xf32>
// CHECK-NEXT:     %3 = tensor.empty() : tensor<4xf32>
// CHECK-NEXT:     %{{extracted_slice(_[0-9]+)?}} = tensor.extract_slice %arg1[0, 0] [2, 2] [1, 1] : tensor<4x4xf32> to tensor<2x2xf32>
// CHECK-NEXT:     %{{inserted(_[0-9]+)?}} = tensor.insert %{{cst(_[0-9]+)?}} into %arg0[%arg7] : tensor<4xf32>
// CHECK-NEXT:     %4 = affine.apply #map(%arg7)
// CHECK-NEXT:     %{{cast(_[0-9]+)?}} = tensor.cast %arg0 : tensor<4xf32> to tensor<?xf32>
// CHECK-NEXT:     %5 = math.sqrt %{{cst(_[0-9]+)?}} : f32
// CHECK-NEXT:     %6 = arith.index_cast %arg5 : i32 to index
// CHECK-NEXT:     %{{collapsed(_[0-9]+)?}} = tensor.collapse_shape %arg1 {{\[\[}}0, 1]] : tensor<4x4xf32> into tensor<16xf32>
// CHECK-NEXT:     %{{from_elements(_[0-9]+)?}} = tensor.from_elements %{{cst(_[0-9]+)?}}, %{{cst(_[0-9]+)?}} : tensor<2xf32>
// CHECK-NEXT:     %7 = affine.min #map1(%arg7)
// CHECK-NEXT:     scf.for %arg8 = %arg2 to %arg3 step %c1 {
// CHECK-NEXT:       %10 = scf.execute_region -> i32 {
// CHECK-NEXT:         scf.yield %arg5 : i32
// CHECK-NEXT:       }
// CHECK-NEXT:       %11 = scf.while (%arg9 = %arg5) : (i32) -> i32 {
// CHECK-NEXT:         scf.condition(%{{false(_[0-9]+)?}}) %arg9 : i32
// CHECK-NEXT:       } do {
// CHECK-NEXT:       ^bb0(%arg9: i32):
// CHECK-NEXT:         scf.yield %arg9 : i32
// CHECK-NEXT:       }
// CHECK-NEXT:       %{{generated(_[0-9]+)?}} = tensor.generate{{ +}}{
// CHECK-NEXT:       ^bb0(%arg9: index):
// CHECK-NEXT:         tensor.yield %{{cst(_[0-9]+)?}} : f32
// CHECK-NEXT:       } : tensor<4xf32>
// CHECK-NEXT:       %12 = memref.load %arg6[%c0] : memref<4xf32>
// CHECK-NEXT:       "test.use"(%10, %0, %11, %{{padded(_[0-9]+)?}}, %{{generated(_[0-9]+)?}}, %1, %2, %{{extracted(_[0-9]+)?}}, %12, %3, %{{extracted_slice(_[0-9]+)?}}, %{{inserted(_[0-9]+)?}}, %4, %{{cast(_[0-9]+)?}}, %5, %6, %{{collapsed(_[0-9]+)?}}, %{{from_elements(_[0-9]+)?}}, %7) : (i32, i32, i32, tensor<6xf32>, tensor<4xf32>, tensor<4x4xf32>, tensor<4xf32>, f32, f32, tensor<4xf32>, tensor<2x2xf32>, tensor<4xf32>, index, tensor<?xf32>, f32, index, tensor<16xf32>, tensor<2xf32>, index) -> ()
// CHECK-NEXT:     }
// CHECK-NEXT:     %8 = arith.addi %arg5, %arg5 : i32
// CHECK-NEXT:     %9 = arith.addi %arg5, %arg5 : i32
// CHECK-NEXT:     affine.parallel (%arg8) = (0) to (10) {
// CHECK-NEXT:     }
// CHECK-NEXT:     scf.for %arg8 = %arg2 to %arg3 step %c1 {
// CHECK-NEXT:       scf.parallel (%arg9) = (%arg2) to (%arg3) step (%c1) {
// CHECK-NEXT:         scf.reduce
// CHECK-NEXT:       }
// CHECK-NEXT:       scf.for %arg9 = %arg2 to %arg3 step %c1 {
// CHECK-NEXT:         memref.store %{{cst(_[0-9]+)?}}, %arg6[%c0] : memref<4xf32>
// CHECK-NEXT:       }
// CHECK-NEXT:     }
// CHECK-NEXT:     return
// CHECK-NEXT:   }
#id = affine_map<(d0) -> (d0)>
func.func @h(%a: tensor<4xf32>, %b: tensor<4x4xf32>, %lb: index, %ub: index, %s: index, %x: i32, %m: memref<4xf32>, %n: index) {
  %c1 = arith.constant 1 : index
  %c0 = arith.constant 0 : index
  %cst = arith.constant 0.0 : f32
  scf.for %iv = %lb to %ub step %c1 {
    %0 = scf.execute_region -> i32 {
      scf.yield %x : i32
    }
    %1 = affine.if affine_set<(d0) : (d0 >= 0)>(%n) -> i32 {
      affine.yield %x : i32
    } else {
      affine.yield %x : i32
    }
    %2 = scf.while (%arg = %x) : (i32) -> i32 {
      %false = arith.constant false
      scf.condition(%false) %arg : i32
    } do {
    ^bb0(%arg: i32):
      scf.yield %arg : i32
    }
    %3 = tensor.pad %a low[1] high[1] {
    ^bb0(%i: index):
      tensor.yield %cst : f32
    } : tensor<4xf32> to tensor<6xf32>
    %4 = tensor.generate {
    ^bb0(%i: index):
      tensor.yield %cst : f32
    } : tensor<4xf32>
    %5 = linalg.matmul ins(%b, %b : tensor<4x4xf32>, tensor<4x4xf32>) outs(%b : tensor<4x4xf32>) -> tensor<4x4xf32>
    %6 = linalg.fill ins(%cst : f32) outs(%a : tensor<4xf32>) -> tensor<4xf32>
    %7 = tensor.extract %a[%n] : tensor<4xf32>
    %8 = memref.load %m[%c0] : memref<4xf32>
    %9 = tensor.empty() : tensor<4xf32>
    %10 = tensor.extract_slice %b[0, 0] [2, 2] [1, 1] : tensor<4x4xf32> to tensor<2x2xf32>
    %11 = tensor.insert %cst into %a[%n] : tensor<4xf32>
    %12 = affine.apply affine_map<(d0) -> (d0 + 1)>(%n)
    %13 = tensor.cast %a : tensor<4xf32> to tensor<?xf32>
    %14 = math.sqrt %cst : f32
    %15 = arith.index_cast %x : i32 to index
    %16 = tensor.collapse_shape %b [[0, 1]] : tensor<4x4xf32> into tensor<16xf32>
    %17 = tensor.from_elements %cst, %cst : tensor<2xf32>
    %18 = affine.min affine_map<(d0) -> (d0, 4)>(%n)
    "test.use"(%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18) : (i32, i32, i32, tensor<6xf32>, tensor<4xf32>, tensor<4x4xf32>, tensor<4xf32>, f32, f32, tensor<4xf32>, tensor<2x2xf32>, tensor<4xf32>, index, tensor<?xf32>, f32, index, tensor<16xf32>, tensor<2xf32>, index) -> ()
  }
  scf.for %iv = %lb to %ub step %c1 {
    scf.parallel (%p) = (%lb) to (%ub) step (%c1) {
      %y = arith.addi %x, %x : i32
      scf.reduce
    }
    affine.parallel (%q) = (0) to (10) {
      %z = arith.addi %x, %x : i32
    }
    scf.for %j = %lb to %ub step %c1 {
      memref.store %cst, %m[%c0] : memref<4xf32>
    }
  }
  return
}

// -----

// affine.for and affine.parallel are loops too.
// CHECK-LABEL:   func.func @affine_loops(%arg0: i32, %arg1: memref<10xi32>) {
// CHECK-NEXT:     %0 = arith.addi %arg0, %arg0 : i32
// CHECK-NEXT:     affine.for %arg2 = 0 to 10 {
// CHECK-NEXT:       affine.store %0, %arg1[%arg2] : memref<10xi32>
// CHECK-NEXT:     }
// CHECK-NEXT:     %1 = arith.muli %arg0, %arg0 : i32
// CHECK-NEXT:     affine.parallel (%arg2) = (0) to (10) {
// CHECK-NEXT:       affine.store %1, %arg1[%arg2] : memref<10xi32>
// CHECK-NEXT:     }
// CHECK-NEXT:     return
// CHECK-NEXT:   }
func.func @affine_loops(%x: i32, %m: memref<10xi32>) {
  affine.for %i = 0 to 10 {
    %y = arith.addi %x, %x : i32
    affine.store %y, %m[%i] : memref<10xi32>
  }
  affine.parallel (%j) = (0) to (10) {
    %z = arith.muli %x, %x : i32
    affine.store %z, %m[%j] : memref<10xi32>
  }
  return
}

// -----

// Loops may be hoisted only when they are known to end: a step of 1 ends
// for any bounds; any other step may not, constant bounds or not (MLIR's
// getSpeculatability of scf.for and affine.for looks at the step alone).
// CHECK-LABEL: func.func @loops_of_step_other_than_one(%arg0: index, %arg1: index) {
// CHECK-NEXT:   %c0 = arith.constant 0 : index
// CHECK-NEXT:   %c1 = arith.constant 1 : index
// CHECK-NEXT:   %c2 = arith.constant 2 : index
// CHECK-NEXT:   %c10 = arith.constant 10 : index
// CHECK-NEXT:   scf.for %arg2 = %arg0 to %arg1 step %c1 {
// CHECK-NEXT:   }
// CHECK-NEXT:   scf.for %arg2 = %arg0 to %arg1 step %c1 {
// CHECK-NEXT:     scf.for %arg3 = %arg0 to %arg1 step %c2 {
// CHECK-NEXT:     }
// CHECK-NEXT:     scf.for %arg3 = %c0 to %c10 step %c2 {
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-NEXT:   affine.for %arg2 = %arg0 to %arg1 {
// CHECK-NEXT:   }
// CHECK-NEXT:   affine.for %arg2 = 0 to 10 {
// CHECK-NEXT:     affine.for %arg3 = %arg0 to %arg1 step 2 {
// CHECK-NEXT:     }
// CHECK-NEXT:     affine.for %arg3 = 0 to 10 step 2 {
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-NEXT:   return
// CHECK-NEXT: }
func.func @loops_of_step_other_than_one(%lb: index, %ub: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c10 = arith.constant 10 : index
  scf.for %i = %lb to %ub step %c1 {
    scf.for %j = %lb to %ub step %c1 {
    }
    scf.for %j = %lb to %ub step %c2 {
    }
    scf.for %j = %c0 to %c10 step %c2 {
    }
  }
  affine.for %i = 0 to 10 {
    affine.for %j = %lb to %ub {
    }
    affine.for %j = %lb to %ub step 2 {
    }
    affine.for %j = 0 to 10 step 2 {
    }
  }
  return
}

// -----

// vector transfers on tensors have no memory effect and are speculatable
// (MLIR's hasPureTensorSemantics): hoisted; one reading a memref stays.
// CHECK-LABEL: func.func @transfers_on_tensors_and_memrefs(%arg0: tensor<128x128xf32>, %arg1: memref<128x128xf32>, %arg2: index, %arg3: index, %arg4: index, %arg5: index) -> (vector<4x4xf32>, vector<4x4xf32>) {
// CHECK-NEXT:   %cst = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:   %cst_0 = arith.constant dense<0.000000e+00> : vector<4x4xf32>
// CHECK-NEXT:   %0 = vector.transfer_read %arg0[%arg5, %arg5], %cst : tensor<128x128xf32>, vector<4x4xf32>
// CHECK-NEXT:   %1 = vector.transfer_write %cst_0, %arg0[%arg5, %arg5] : vector<4x4xf32>, tensor<128x128xf32>
// CHECK-NEXT:   %2 = vector.transfer_read %1[%arg5, %arg5], %cst : tensor<128x128xf32>, vector<4x4xf32>
// CHECK-NEXT:   %3 = arith.addf %0, %2 : vector<4x4xf32>
// CHECK-NEXT:   %4:2 = scf.for %arg6 = %arg2 to %arg3 step %arg4 iter_args(%arg7 = %cst_0, %arg8 = %cst_0) -> (vector<4x4xf32>, vector<4x4xf32>) {
// CHECK-NEXT:     %5 = vector.transfer_read %arg1[%arg5, %arg5], %cst : memref<128x128xf32>, vector<4x4xf32>
// CHECK-NEXT:     %6 = arith.addf %5, %arg8 : vector<4x4xf32>
// CHECK-NEXT:     scf.yield %3, %6 : vector<4x4xf32>, vector<4x4xf32>
// CHECK-NEXT:   }
// CHECK-NEXT:   return %4#0, %4#1 : vector<4x4xf32>, vector<4x4xf32>
// CHECK-NEXT: }
func.func @transfers_on_tensors_and_memrefs(%t: tensor<128x128xf32>, %m: memref<128x128xf32>, %lb: index, %ub: index, %step: index, %i: index) -> (vector<4x4xf32>, vector<4x4xf32>) {
  %pad = arith.constant 0.0 : f32
  %zero = arith.constant dense<0.0> : vector<4x4xf32>
  %r:2 = scf.for %k = %lb to %ub step %step iter_args(%a = %zero, %b = %zero) -> (vector<4x4xf32>, vector<4x4xf32>) {
    %fromt = vector.transfer_read %t[%i, %i], %pad : tensor<128x128xf32>, vector<4x4xf32>
    %written = vector.transfer_write %zero, %t[%i, %i] : vector<4x4xf32>, tensor<128x128xf32>
    %back = vector.transfer_read %written[%i, %i], %pad : tensor<128x128xf32>, vector<4x4xf32>
    %fromm = vector.transfer_read %m[%i, %i], %pad : memref<128x128xf32>, vector<4x4xf32>
    %x = arith.addf %fromt, %back : vector<4x4xf32>
    %y = arith.addf %fromm, %b : vector<4x4xf32>
    scf.yield %x, %y : vector<4x4xf32>, vector<4x4xf32>
  }
  return %r#0, %r#1 : vector<4x4xf32>, vector<4x4xf32>
}
