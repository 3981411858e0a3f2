// RUN: strata-opt %s --split-input-file --verify-diagnostics

func.func @duplicate_induction_var() {
  affine.for %i = 1 to 10 {   // expected-note {{previously referenced here}}
    affine.for %i = 1 to 10 { // expected-error {{region entry argument '%i' is already in use}}
    }
  }
  return
}

// -----

// A name referenced before the region argument that reuses it.
func.func @f(%m : memref<?x?xf32>) {
  affine.for %i0 = 0 to 42 {
    // expected-note @+1 {{previously referenced here}}
    %x = memref.load %m[%i0, %i1] : memref<?x?xf32>
  }
  // expected-error @+1 {{region entry argument '%i1' is already in use}}
  affine.for %i1 = 0 to 42 {
  }
  return
}

// -----

func.func @scf_for(%a: index) { // expected-note {{previously referenced here}}
  // expected-error @+1 {{region entry argument '%a' is already in use}}
  scf.for %a = %a to %a step %a {
  }
  return
}
