// RUN: %roundtrip --allow-unregistered-dialect %s | FileCheck %s

// CHECK: module {
// CHECK-NEXT: "foo.region"() ({
// CHECK-NEXT: %0 = "foo.cond"() : () -> i1
// CHECK-NEXT: "foo.cond_br"(%0)[^bb1, ^bb2] : (i1) -> ()
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT: "foo.br"()[^bb3] : () -> ()
// CHECK-NEXT: ^bb2:  // pred: ^bb0
// CHECK-NEXT: "foo.br"()[^bb3] : () -> ()
// CHECK-NEXT: ^bb3:  // 2 preds: ^bb1, ^bb2
// CHECK-NEXT: "foo.return"() : () -> ()
// CHECK-NEXT: }) : () -> ()
// CHECK-NEXT: }
// CHECK-EMPTY:

// Blocks with predecessors print `// pred: ^bbN` / `// 2 preds: ...`.
"foo.region"() ({
  %c = "foo.cond"() : () -> i1
  "foo.cond_br"(%c)[^a, ^b] : (i1) -> ()
^a:
  "foo.br"()[^join] : () -> ()
^b:
  "foo.br"()[^join] : () -> ()
^join:
  "foo.return"() : () -> ()
}) : () -> ()
