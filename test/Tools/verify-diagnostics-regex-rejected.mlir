// expected-*-re is not supported; strata-opt says so instead of ignoring it.
// RUN: not strata-opt --allow-unregistered-dialect --verify-diagnostics %s 2>&1 | FileCheck %s
// CHECK: not supported
// expected-error-re @+1 {{integer {{.*}} range}}
"foo.a"() {a = 256 : i8} : () -> ()
