//! Stage 3, reuse-graph load coalescing. The input vectors of a group are
//! nodes of a graph with an edge between two that share an element; each
//! connected component becomes one aligned register load covering all its
//! vectors (the unaligned ones are then selected by the shuffle network).
//! The scalar weights likewise: weights adjacent in memory are coalesced
//! into aligned loads of a z register, broadcast by the shuffle network
//! rather than by a broadcast instruction the AI Engine does not have.
//! Odd filters on a two-column datapath get a zero column here (the
//! weights' padded layout), so every row fuses into whole MACs.

use crate::conv::ConvSpec;
use crate::lazy_stores::Group;
use std::fmt::Write;

/// One aligned x register load: input row offset `row`, columns
/// `0..len` of the tile, filled by `pieces` 256-bit updates.
#[derive(Debug)]
pub struct XLoad {
    pub row: i64,
    /// First column (relative to the tile, a multiple of the piece size).
    pub base: i64,
    /// Register length in elements (one of the datapath's x lengths).
    pub len: u32,
    /// The 256-bit pieces holding an element some member reads.
    pub pieces: u32,
    /// Which triplets (by filter column) read from it.
    pub members: Vec<i64>,
}

/// The weights' layout: rows padded to `cols` columns (a multiple of the
/// datapath's columns), flattened, in z registers of `zlen` elements.
#[derive(Debug)]
pub struct Weights {
    pub cols: i64,
    pub zlen: u32,
    /// Number of z registers (aligned chunks of the padded weights).
    pub chunks: i64,
}

impl Weights {
    /// The flat index of weight `(r, s)` in the padded layout.
    pub fn flat(&self, r: i64, s: i64) -> i64 {
        r * self.cols + s
    }
}

/// Elements in a 256-bit piece.
pub fn piece_elems(spec: &ConvSpec) -> i64 {
    256 / spec.bits() as i64
}

/// The connected components of the input reuse graph of `group`, as
/// register loads, or why one does not fit the largest register.
pub fn coalesce_inputs(spec: &ConvSpec, group: &Group) -> Result<Vec<XLoad>, String> {
    let lanes = spec.lanes();
    let nodes: Vec<(i64, i64)> = group.members.iter().map(|t| t.input).collect();
    // Union-find over nodes sharing an element: same row, column ranges
    // [s, s+lanes) overlapping.
    let mut parent: Vec<usize> = (0..nodes.len()).collect();
    fn find(p: &mut [usize], i: usize) -> usize {
        if p[i] != i {
            p[i] = find(p, p[i]);
        }
        p[i]
    }
    for a in 0..nodes.len() {
        for b in a + 1..nodes.len() {
            let (na, nb) = (nodes[a], nodes[b]);
            if na.0 == nb.0 && (na.1 - nb.1).abs() < lanes {
                let (ra, rb) = (find(&mut parent, a), find(&mut parent, b));
                parent[ra] = rb;
            }
        }
    }
    let mut loads: Vec<(usize, XLoad)> = Vec::new();
    let piece = piece_elems(spec);
    for (i, &(row, col)) in nodes.iter().enumerate() {
        let root = find(&mut parent, i);
        match loads.iter_mut().find(|(r, _)| *r == root) {
            Some((_, load)) => load.members.push(col),
            None => loads.push((
                root,
                XLoad {
                    row,
                    base: 0,
                    len: 0,
                    pieces: 0,
                    members: vec![col],
                },
            )),
        }
    }
    let mut out = Vec::new();
    for (_, mut load) in loads {
        let lo = *load.members.iter().min().unwrap();
        let hi = load.members.iter().max().unwrap() + lanes - 1 + (spec.dp.cols as i64 - 1);
        load.base = lo.div_euclid(piece) * piece;
        let need = hi - load.base + 1;
        let Some(&len) = spec.dp.x_lengths.iter().find(|&&l| l as i64 >= need) else {
            return Err(format!(
                "input row {}: the reused span of {need} elements exceeds the largest {}-element register",
                load.row,
                spec.dp.x_lengths.last().unwrap()
            ));
        };
        load.len = len;
        // Pieces up to the last real element; padding columns read nothing.
        let last = load.members.iter().max().unwrap() + lanes - 1;
        load.pieces = ((last - load.base) / piece + 1) as u32;
        out.push(load);
    }
    Ok(out)
}

/// The padded weight layout.
pub fn coalesce_weights(spec: &ConvSpec) -> Weights {
    let step = spec.dp.cols as i64;
    let cols = (spec.filter[1] + step - 1) / step * step;
    let zlen = spec.dp.z_lengths[0];
    let total = spec.filter[0] * cols;
    Weights {
        cols,
        zlen,
        chunks: (total + zlen as i64 - 1) / zlen as i64,
    }
}

pub fn describe(spec: &ConvSpec, group: &Group, loads: &[XLoad], w: &Weights, out: &mut String) {
    let _ = writeln!(
        out,
        "aie-stage reuse: {} input load(s) (was {}), {} weight load(s) (was {} broadcasts)",
        loads.len(),
        group.members.len(),
        w.chunks,
        group.members.len()
    );
    for l in loads {
        let _ = writeln!(
            out,
            "  I(x+{}:x+{}, y+{}) in {} x {}-bit register ({} piece(s)) for filter columns {:?}",
            l.base,
            l.base + l.len as i64 - 1,
            l.row,
            l.len,
            spec.bits(),
            l.pieces,
            l.members
        );
    }
    let _ = writeln!(
        out,
        "  W padded to {}x{}, z registers of {} elements",
        spec.filter[0], w.cols, w.zlen
    );
}
