// RUN: %roundtrip --allow-unregistered-dialect %s | FileCheck %s

// CHECK: module {
// CHECK-NEXT: "foo.op"() {"0digit" = 3 : i64, dotted.name = 4 : i64, plain = 1 : i64, "with space" = 2 : i64} : () -> ()
// CHECK-NEXT: }
// CHECK-EMPTY:

// Dictionary keys print bare when they are identifiers, quoted otherwise.
"foo.op"() {plain = 1 : i64, "with space" = 2 : i64, "0digit" = 3 : i64, dotted.name = 4 : i64} : () -> ()
