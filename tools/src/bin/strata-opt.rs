//! strata-opt: placeholder until the IR core lands.
fn main() {}
