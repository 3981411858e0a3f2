// RUN: strata-opt %s -pass-pipeline='builtin.module(func.func(symbol-dce))' -verify-diagnostics

// A failing pass reports its error on the op it ran on.
// expected-error @+1 {{'func.func' op  was scheduled to run under SymbolDCE, but does not define a symbol table}}
func.func @f() {
  return
}
