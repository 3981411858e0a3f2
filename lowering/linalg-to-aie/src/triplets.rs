//! Stage 1, stencil unroll and vectorize: the filter loops unrolled and
//! the output's column loop vectorized by the datapath's lanes, giving the
//! loop body as triplets `O[y, x:x+L] += W[r, s] * I[y+r, x+s : x+s+L]`
//! (the paper's Table I), all offsets relative to the tile `(y, x)`.

use crate::conv::ConvSpec;
use std::fmt::Write;

/// One vectorized statement of the unrolled body.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Triplet {
    /// Output row and column offsets.
    pub out: (i64, i64),
    /// The weight read as a scalar (broadcast to every lane).
    pub weight: (i64, i64),
    /// The input vector's row and first column offsets.
    pub input: (i64, i64),
}

/// The unrolled, vectorized body.
pub fn unroll(spec: &ConvSpec) -> Vec<Triplet> {
    let [rows, cols] = spec.filter;
    (0..rows)
        .flat_map(|r| {
            (0..cols).map(move |s| Triplet {
                out: (0, 0),
                weight: (r, s),
                input: (r, s),
            })
        })
        .collect()
}

/// Table I: one line per triplet.
pub fn describe(spec: &ConvSpec, triplets: &[Triplet], out: &mut String) {
    let l = spec.lanes() - 1;
    let _ = writeln!(
        out,
        "aie-stage unroll: {} triplets, vectorized along x with {} lanes",
        triplets.len(),
        l + 1
    );
    for t in triplets {
        let _ = writeln!(
            out,
            "  O(x:x+{l}, y) += W({}, {}) * I(x+{}:x+{}, y+{})",
            t.weight.1,
            t.weight.0,
            t.input.1,
            t.input.1 + l,
            t.input.0
        );
    }
}
