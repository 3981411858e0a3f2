// RUN: %roundtrip --allow-unregistered-dialect %s | FileCheck %s

// CHECK: module {
// CHECK-NEXT: "foo.op"() {bare, f = false, t = true, u} : () -> ()
// CHECK-NEXT: "foo.op"() {a = [unit, true]} : () -> ()
// CHECK-NEXT: }
// CHECK-EMPTY:

"foo.op"() {t = true, f = false, u = unit, bare} : () -> ()
"foo.op"() {a = [unit, true]} : () -> ()
