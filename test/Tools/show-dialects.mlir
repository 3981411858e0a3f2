// RUN: strata-opt --show-dialects | FileCheck %s
// CHECK: Available Dialects: {{.*}}builtin
