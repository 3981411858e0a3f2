// RUN: %roundtrip --allow-unregistered-dialect %s | FileCheck %s

// CHECK: module {
// CHECK-NEXT: "foo.op"() {a = {}} : () -> ()
// CHECK-NEXT: "foo.op"() {a = {x = 1 : i64}} : () -> ()
// CHECK-NEXT: "foo.op"() {a = {a = "s", b = 2 : i32}} : () -> ()
// CHECK-NEXT: "foo.op"() {a = {nested = {inner}}} : () -> ()
// CHECK-NEXT: "foo.op"() {a = {key.with.dots = 3 : i64, "quoted key" = 1 : i64}} : () -> ()
// CHECK-NEXT: }
// CHECK-EMPTY:

"foo.op"() {a = {}} : () -> ()
"foo.op"() {a = {x = 1 : i64}} : () -> ()
"foo.op"() {a = {b = 2 : i32, a = "s"}} : () -> ()
"foo.op"() {a = {nested = {inner = unit}}} : () -> ()
"foo.op"() {a = {"quoted key" = 1 : i64, key.with.dots = 3 : i64}} : () -> ()
