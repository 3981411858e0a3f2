// RUN: strata-opt %s --irdl-file=%S/Inputs/cmath.irdl.mlir --split-input-file --verify-diagnostics
// RUN: mlir-opt %s --split-input-file --verify-diagnostics

irdl.dialect @testd {
  irdl.type @type {
    // expected-error @+1 {{'irdl.base' op the base type or attribute should be specified by either a name or a reference}}
    %0 = irdl.base
    irdl.parameters(x: %0)
  }
}

// -----

irdl.dialect @testd {
  irdl.type @type {
    // expected-error @+1 {{'irdl.base' op the base type or attribute should be specified by either a name or a reference}}
    %0 = irdl.base @testd::@type "!builtin.integer"
    irdl.parameters(x: %0)
  }
}
