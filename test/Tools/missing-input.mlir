// RUN: not strata-opt %t.does-not-exist 2>&1 | FileCheck %s
// CHECK: could not open input file
