// An error on a very long source line quotes 4096 bytes of it around the
// column, marked "..." where it was cut, with the caret under the same
// character; a 12 MB line used to be echoed whole for one error. The
// python check prints the character the caret points at and the lengths.
// RUN: python3 -c "print('\"foo.op\"() {a = [' + '1, ' * 4000000 + '%%]} : () -> ()')" > %t.end.mlir
// RUN: not strata-opt --allow-unregistered-dialect %t.end.mlir 2> %t.end.err
// RUN: python3 -c "import sys; e, q, c = open(sys.argv[1]).read().splitlines(); print(e); print(q[:3], q[-14:], len(q)); print('caret on', repr(q[len(c) - 1]))" %t.end.err | FileCheck %s --check-prefix=END
// END: end.mlir:1:12000018: error: invalid SSA name
// END-NEXT: ... %]} : () -> () 4099
// END-NEXT: caret on '%'
//
// RUN: python3 -c "print('\"foo.op\"() {a = [%%' + ', 1' * 4000000 + ']} : () -> ()')" > %t.start.mlir
// RUN: not strata-opt --allow-unregistered-dialect %t.start.mlir 2> %t.start.err
// RUN: python3 -c "import sys; e, q, c = open(sys.argv[1]).read().splitlines(); print(e); print(q[:20], q[-3:], len(q)); print('caret on', repr(q[len(c) - 1]))" %t.start.err | FileCheck %s --check-prefix=START
// START: start.mlir:1:18: error: invalid SSA name
// START-NEXT: "foo.op"() {a = [%, ... 4099
// START-NEXT: caret on '%'
