// Parser and verifier messages in MLIR 22's wording, at MLIR's line: each
// case's error is mlir-opt's, and mlir-opt accepts the same file.
// RUN: strata-opt --allow-unregistered-dialect %s --split-input-file --verify-diagnostics
// REQUIRES: mlir-opt
// RUN: mlir-opt --allow-unregistered-dialect %s --split-input-file --verify-diagnostics

// expected-error@+1 {{expected three consecutive dots for an ellipsis}}
func.func @one_dot(.)

// -----

// expected-error@+1 {{type names with a '.' are reserved for dialect-defined names}}
!dialect.name = i64

// -----

// expected-error@+1 {{attribute names with a '.' are reserved for dialect-defined names}}
#dialect.name = 4 : i64

// -----

!no_equals f16 // expected-error {{expected '=' in type alias definition}}

// -----

// expected-error@+1 {{invalid type identifier}}
func.func @empty_dialect_type(!<"x">)

// -----

func.func @integer_type_as_op_name() {
  // expected-error@+1 {{expected operation name in quotes}}
  %0 = arith.constant 7 si16
  return
}

// -----

func.func @successor_on_non_terminator(%a : i32) {
  %b = "arith.addi"(%a, %a)[^next] : () -> () // expected-error {{successors in non-terminator}}
^next:
  return
}

// -----

func.func @branch_operand_count(%a : i32) {
  // expected-error@+1 {{branch has 1 operands for successor #0, but target block has 0}}
  cf.br ^next(%a : i32)
^next:
  return
}

// -----

// expected-error@+1 {{expected non-function type}}
func.func @negative_size() -> memref<4x-2xf32>

// -----

func.func @no_terminator() {
  // expected-error@+1 {{block with no terminator, has %0 = "arith.constant"() <{value = 3 : i8}> : () -> i8}}
  %x = arith.constant 3 : i8
}

// -----

// expected-error@+1 {{expected non-function type}}
!alias_at_end_of_input =

// -----

// expected-error@+1 {{expected list element}}
func.func private @empty_memref_layout_list(memref<4xi8, >)
