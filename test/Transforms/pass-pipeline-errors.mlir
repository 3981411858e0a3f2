// RUN: not strata-opt %s -pass-pipeline='builtin.module(foo)' 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// RUN: not strata-opt %s -pass-pipeline='builtin.module(func.func(cse)' 2>&1 | FileCheck %s --check-prefix=OPEN
// RUN: not strata-opt %s -pass-pipeline='builtin.module(cse))' 2>&1 | FileCheck %s --check-prefix=CLOSE
// RUN: not strata-opt %s -pass-pipeline='cse' 2>&1 | FileCheck %s --check-prefix=ANCHOR
// RUN: not strata-opt %s -pass-pipeline='builtin.module(canonicalize{bad=1})' 2>&1 | FileCheck %s --check-prefix=OPTION
// RUN: not strata-opt %s -pass-pipeline='builtin.module(canonicalize{max-iterations=abc})' 2>&1 | FileCheck %s --check-prefix=VALUE
// RUN: not strata-opt %s -pass-pipeline='func.func(cse)' 2>&1 | FileCheck %s --check-prefix=ROOT
// RUN: not strata-opt %s -pass-pipeline='builtin.module(func.func(cse))' -cse 2>&1 | FileCheck %s --check-prefix=BOTH
// RUN: not strata-opt %s -pass-pipeline='builtin.module(test.pure(cse))' 2>&1 | FileCheck %s --check-prefix=ISOLATED

// UNKNOWN: MLIR Textual PassPipeline Parser:1:16: error: 'foo' does not refer to a registered pass or pass pipeline
// UNKNOWN-NEXT: builtin.module(foo)
// UNKNOWN-NEXT: {{^               \^$}}

// OPEN: error: encountered unbalanced parentheses while parsing pipeline

// CLOSE: MLIR Textual PassPipeline Parser:1:20: error: encountered extra closing ')' creating unbalanced parentheses while parsing pipeline

// ANCHOR: error: expected pass pipeline to be wrapped with the anchor operation type, e.g. 'builtin.module(...)'

// OPTION: error: no such option 'bad' for pass 'canonicalize'

// VALUE: error: for the max-iterations option: 'abc' value invalid for integer argument!

// ROOT: error: can't run 'func.func' pass manager on 'builtin.module' op

// BOTH: error: '-pass-pipeline' option can't be used with individual pass options

// ISOLATED: error: 'test.pure' op trying to schedule a pass on an operation not marked as 'IsolatedFromAbove'
"test.pure"() : () -> ()
