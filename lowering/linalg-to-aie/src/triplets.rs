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
    /// The weight read as a scalar (broadcast to every lane): channel,
    /// row, column.
    pub weight: (i64, i64, i64),
    /// The input vector's channel, row and first column offsets.
    pub input: (i64, i64, i64),
}

/// The unrolled, vectorized body.
pub fn unroll(spec: &ConvSpec) -> Vec<Triplet> {
    let [rows, cols] = spec.filter;
    let mut out = Vec::new();
    for c in 0..spec.channels {
        for r in 0..rows {
            for s in 0..cols {
                out.push(Triplet {
                    out: (0, 0),
                    weight: (c, r, s),
                    input: (c, r, s),
                });
            }
        }
    }
    out
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
        let (c, r, s) = t.input;
        let _ = writeln!(
            out,
            "  O(x:x+{l}, y) += W({s}, {r}{}) * I(x+{s}:x+{}, y+{r}{})",
            channel(spec, c),
            s + l,
            channel(spec, c)
        );
    }
}

/// `, c` after a position when the convolution has channels.
pub fn channel(spec: &ConvSpec, c: i64) -> String {
    if spec.kind != crate::conv::Kind::Plain {
        format!(", {c}")
    } else {
        String::new()
    }
}
