// RUN: %roundtrip --allow-unregistered-dialect %s | FileCheck %s

// CHECK: module {
// CHECK-NEXT: "foo.op"() {a = "quote\22inside"} : () -> ()
// CHECK-NEXT: "foo.op"() {a = "back\\slash"} : () -> ()
// CHECK-NEXT: "foo.op"() {a = "new\0Aline"} : () -> ()
// CHECK-NEXT: "foo.op"() {a = "tab\09here"} : () -> ()
// CHECK-NEXT: "foo.op"() {a = "hexAB"} : () -> ()
// CHECK-NEXT: "foo.op"() {a = "\00\01\7F"} : () -> ()
// CHECK-NEXT: "foo.op"() {a = "unicode \C3\A9"} : () -> ()
// CHECK-NEXT: }
// CHECK-EMPTY:

// Escapes: printable bytes stay, others become \\XX.
"foo.op"() {a = "quote\"inside"} : () -> ()
"foo.op"() {a = "back\\slash"} : () -> ()
"foo.op"() {a = "new\nline"} : () -> ()
"foo.op"() {a = "tab\there"} : () -> ()
"foo.op"() {a = "hex\41\42"} : () -> ()
"foo.op"() {a = "\00\01\7F"} : () -> ()
"foo.op"() {a = "unicode é"} : () -> ()
