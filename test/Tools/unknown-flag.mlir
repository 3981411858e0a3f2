// An unknown option is an error with a non-zero exit status.
// RUN: not strata-opt --no-such-flag %s 2>&1 | FileCheck %s
// CHECK: no-such-flag
