// Dim/symbol validity of affine operands (MLIR's isValidDim / isValidSymbol),
// affine.if region arguments, vector element types and min/max operand counts,
// with mlir-opt 22's messages.
// RUN: strata-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics %s
// REQUIRES: mlir-opt
// RUN: mlir-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics %s

func.func @for_bound_iv_as_symbol(%n: index) {
  affine.for %i = 0 to %n {
    // expected-error@+1 {{'affine.for' op operand cannot be used as a symbol}}
    affine.for %j = 0 to affine_map<()[s0] -> (s0)>()[%i] {
    }
  }
  return
}

// -----

func.func @for_bound_nonaffine_dim(%n: index) {
  affine.for %i = 0 to %n {
    %x = arith.muli %i, %i : index
    // expected-error@+1 {{'affine.for' op operand cannot be used as a dimension id}}
    affine.for %j = 0 to affine_map<(d0) -> (d0)>(%x) {
    }
  }
  return
}

// -----

func.func @if_scf_iv_as_symbol(%n: index, %c1: index) {
  scf.for %i = %c1 to %n step %c1 {
    // expected-error@+1 {{'affine.if' op operand cannot be used as a symbol}}
    affine.if affine_set<()[s0] : (s0 >= 0)>()[%i] {
    }
  }
  return
}

// -----

func.func @load_index_not_affine(%A: memref<?xf32>, %n: index) {
  affine.for %i = 0 to %n {
    %x = "test.index"(%i) : (index) -> index
    // expected-error@+1 {{'affine.load' op operand cannot be used as a dimension id}}
    %v = affine.load %A[%x] : memref<?xf32>
  }
  return
}

// -----

func.func @parallel_bound_dim(%n: index) {
  affine.for %i = 0 to %n {
    %x = "test.index"(%i) : (index) -> index
    // expected-error@+1 {{'affine.parallel' op operand cannot be used as a dimension id}}
    affine.parallel (%j) = (0) to (%x) {
    }
  }
  return
}

// -----

func.func @valid_operands(%A: memref<?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %d = memref.dim %A, %c0 : memref<?xf32>
  %s = arith.addi %n, %d : index
  affine.for %i = 0 to %s {
    %j = affine.apply affine_map<(d0)[s0] -> (d0 + s0)>(%i)[%n]
    %v = affine.load %A[%j] : memref<?xf32>
    affine.if affine_set<(d0)[s0] : (s0 - d0 - 1 >= 0)>(%j)[%s] {
      affine.store %v, %A[%j] : memref<?xf32>
    }
  }
  test.affine_scope {
    %m = "test.index"() : () -> index
    affine.for %k = 0 to %m {
    }
    "test.end"() : () -> ()
  }
  return
}

// -----

func.func @vector_load_element(%A: memref<8xf32>) {
  // expected-error@+1 {{'affine.vector_load' op requires memref and vector types of the same elemental type}}
  %v = affine.vector_load %A[0] : memref<8xf32>, vector<4xf64>
  return
}

// -----

func.func @if_region_argument(%n: index) {
  // expected-error@+1 {{'affine.if' op region #0 should have no arguments}}
  "affine.if"(%n) <{condition = affine_set<(d0) : (d0 >= 0)>}> ({
  ^bb0(%a: index):
    "affine.yield"() : () -> ()
  }, {
  }) : (index) -> ()
  return
}

// -----

func.func @min_operand_count(%a: index) {
  // expected-error@+1 {{'affine.min' op operand count and affine map dimension and symbol count must match}}
  %0 = affine.min affine_map<(d0, d1) -> (d0, d1)>(%a)
  return
}

// -----

func.func @for_iv_result_number() {
  // expected-error@+1 {{result number not allowed in argument list}}
  affine.for %i#0 = 0 to 7 {
  }
  return
}
