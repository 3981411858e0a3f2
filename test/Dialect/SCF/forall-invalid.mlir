// scf.forall verifier and parser errors with MLIR 22's messages (checked
// by mlir-opt too).
// RUN: strata-opt --split-input-file --verify-diagnostics %s
// REQUIRES: mlir-opt
// RUN: mlir-opt --split-input-file --verify-diagnostics %s

func.func @types_do_not_match(%out: tensor<4xf32>, %n: index) {
  // expected-error @+1 {{number of operands and types do not match: got 1 operands and 2 types}}
  %r:2 = scf.forall (%i) in (%n) shared_outs(%o = %out) -> (tensor<4xf32>, tensor<4xf32>) {
  }
  return
}

// -----

func.func @insert_not_into_output(%in: tensor<1xf32>, %out: tensor<4xf32>) {
  %r = scf.forall (%i) in (4) shared_outs(%o = %out) -> (tensor<4xf32>) {
    scf.forall.in_parallel {
      // expected-error @+1 {{'tensor.parallel_insert_slice' op may only insert into an output block argument}}
      tensor.parallel_insert_slice %in into %out[%i] [1] [1] : tensor<1xf32> into tensor<4xf32>
    }
  }
  return
}

// -----

func.func @not_a_combining_op(%in: tensor<1xf32>, %out: tensor<4xf32>) {
  %r = scf.forall (%i) in (4) shared_outs(%o = %out) -> (tensor<4xf32>) {
    // expected-error @+1 {{'scf.forall.in_parallel' op expected only ParallelCombiningOpInterface ops}}
    scf.forall.in_parallel {
      %c = arith.constant 1 : index
    }
  }
  return
}

// -----

func.func @results_without_outputs() {
  // expected-error @+1 {{'scf.forall' op produces 1 results, but has only 0 outputs}}
  %r = "scf.forall"() <{operandSegmentSizes = array<i32: 0, 0, 0, 0>, staticLowerBound = array<i64: 0>, staticStep = array<i64: 1>, staticUpperBound = array<i64: 4>}> ({
  ^bb0(%i: index):
    "scf.forall.in_parallel"() ({
    ^bb0:
    }) : () -> ()
  }) : () -> f32
  return
}

// -----

func.func @wrong_argument_count() {
  // expected-error @+1 {{'scf.forall' op region expects 1 arguments}}
  "scf.forall"() <{operandSegmentSizes = array<i32: 0, 0, 0, 0>, staticLowerBound = array<i64: 0>, staticStep = array<i64: 1>, staticUpperBound = array<i64: 4>}> ({
  ^bb0(%i: index, %j: index):
    "scf.forall.in_parallel"() ({
    ^bb0:
    }) : () -> ()
  }) : () -> ()
  return
}

// -----

func.func @non_index_argument() {
  // expected-error @+1 {{'scf.forall' op expects 0-th block argument to be an index}}
  "scf.forall"() <{operandSegmentSizes = array<i32: 0, 0, 0, 0>, staticLowerBound = array<i64: 0>, staticStep = array<i64: 1>, staticUpperBound = array<i64: 4>}> ({
  ^bb0(%i: i32):
    "scf.forall.in_parallel"() ({
    ^bb0:
    }) : () -> ()
  }) : () -> ()
  return
}

// -----

func.func @output_argument_type(%t: tensor<4xf32>) {
  // expected-error @+1 {{'scf.forall' op type mismatch between 0-th output and corresponding block argument}}
  %r = "scf.forall"(%t) <{operandSegmentSizes = array<i32: 0, 0, 0, 1>, staticLowerBound = array<i64: 0>, staticStep = array<i64: 1>, staticUpperBound = array<i64: 4>}> ({
  ^bb0(%i: index, %o: tensor<8xf32>):
    "scf.forall.in_parallel"() ({
    ^bb0:
    }) : () -> ()
  }) : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @in_parallel_outside_forall() {
  scf.execute_region {
    // expected-error @+1 {{'scf.forall.in_parallel' op expects parent op 'scf.forall'}}
    "scf.forall.in_parallel"() ({
    ^bb0:
    }) : () -> ()
  }
  return
}

// -----

func.func @slice_out_of_bounds(%in: tensor<2xf32>, %out: tensor<4xf32>) {
  %r = scf.forall (%i) in (4) shared_outs(%o = %out) -> (tensor<4xf32>) {
    scf.forall.in_parallel {
      // expected-error @+1 {{expected type to be 'tensor<3xf32>' or a rank-reduced version. (size mismatch)}}
      tensor.parallel_insert_slice %in into %o[0] [3] [1] : tensor<2xf32> into tensor<4xf32>
    }
  }
  return
}
