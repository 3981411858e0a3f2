//! Stage 3, reuse-graph load coalescing. The input vectors of a group are
//! nodes of a graph with an edge between two that share an element; each
//! connected component becomes one aligned register load covering all its
//! vectors (the unaligned ones are then selected by the shuffle network).
//! The scalar weights likewise are coalesced into aligned z registers,
//! broadcast by the shuffle network rather than by a broadcast instruction
//! the AI Engine does not have; their layout (in the order the fused
//! multiplies read them, zeros for padding columns) is chosen by fusion.

use crate::conv::ConvSpec;
use crate::lazy_stores::Group;
use std::fmt::Write;

/// One input row's share of an x register: columns `base..` of row
/// `row` (tile-relative), `pieces` 256-bit updates placed from element
/// `at` of the register, read by the filter columns `members`.
#[derive(Debug, Clone)]
pub struct Part {
    pub channel: i64,
    pub row: i64,
    /// First column (relative to the tile, a multiple of the piece size).
    pub base: i64,
    pub pieces: u32,
    pub at: i64,
    pub members: Vec<i64>,
}

/// One x register: its length (one of the datapath's x lengths) and the
/// row parts loaded into it (one after coalescing; two after cross-row
/// fusion).
#[derive(Debug, Clone)]
pub struct XLoad {
    pub len: u32,
    pub parts: Vec<Part>,
}

/// The z registers: aligned chunks of `zlen` weights, in the order the
/// fused multiplies read them (a layout of the filter built before the
/// loop nest).
#[derive(Debug)]
pub struct Weights {
    pub zlen: u32,
    /// Number of z registers.
    pub chunks: i64,
}

/// Elements in a 256-bit piece.
pub fn piece_elems(spec: &ConvSpec) -> i64 {
    256 / spec.bits() as i64
}

/// The connected components of the input reuse graph of `group`, as
/// register loads, or why one does not fit the largest register.
pub fn coalesce_inputs(spec: &ConvSpec, group: &Group) -> Result<Vec<XLoad>, String> {
    let lanes = spec.lanes();
    let nodes: Vec<(i64, i64, i64)> = group.members.iter().map(|t| t.input).collect();
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
            if (na.0, na.1) == (nb.0, nb.1) && (na.2 - nb.2).abs() < lanes {
                let (ra, rb) = (find(&mut parent, a), find(&mut parent, b));
                parent[ra] = rb;
            }
        }
    }
    let mut parts: Vec<(usize, Part)> = Vec::new();
    let piece = piece_elems(spec);
    for (i, &(channel, row, col)) in nodes.iter().enumerate() {
        let root = find(&mut parent, i);
        match parts.iter_mut().find(|(r, _)| *r == root) {
            Some((_, part)) => part.members.push(col),
            None => parts.push((
                root,
                Part {
                    channel,
                    row,
                    base: 0,
                    pieces: 0,
                    at: 0,
                    members: vec![col],
                },
            )),
        }
    }
    let mut out = Vec::new();
    for (_, mut part) in parts {
        let lo = *part.members.iter().min().unwrap();
        let last = part.members.iter().max().unwrap() + lanes - 1;
        part.base = lo.div_euclid(piece) * piece;
        let need = last - part.base + spec.dp.cols as i64;
        let Some(&len) = spec.dp.x_lengths.iter().find(|&&l| l as i64 >= need) else {
            return Err(format!(
                "input row {}{}: the reused span of {need} elements exceeds the largest {}-element register",
                part.row,
                crate::triplets::channel(spec, part.channel),
                spec.dp.x_lengths.last().unwrap()
            ));
        };
        // Pieces up to the last real element; padding columns read nothing.
        part.pieces = ((last - part.base) / piece + 1) as u32;
        out.push(XLoad {
            len,
            parts: vec![part],
        });
    }
    Ok(out)
}

/// The z registers for `slots` weights (the fused multiplies' columns).
pub fn weights(spec: &ConvSpec, slots: i64) -> Weights {
    let zlen = spec.dp.z_lengths[0];
    Weights {
        zlen,
        chunks: (slots + zlen as i64 - 1) / zlen as i64,
    }
}

pub fn describe(spec: &ConvSpec, group: &Group, loads: &[XLoad], out: &mut String) {
    let weights = group
        .members
        .iter()
        .map(|t| t.weight)
        .collect::<std::collections::BTreeSet<_>>();
    let _ = writeln!(
        out,
        "aie-stage reuse: {} input load(s) (was {}), {} weight(s) coalesced into z registers (was {} broadcasts)",
        loads.len(),
        group.members.len(),
        weights.len(),
        group.members.len()
    );
    describe_loads(spec, loads, out);
}

/// One line per x register and row part.
pub fn describe_loads(spec: &ConvSpec, loads: &[XLoad], out: &mut String) {
    for (k, l) in loads.iter().enumerate() {
        for p in &l.parts {
            let _ = writeln!(
                out,
                "  x{k}[{}:{}] = I(x+{}:x+{}, y+{}{}) in {} x {}-bit register ({} piece(s)) for filter columns {:?}",
                p.at,
                p.at + p.pieces as i64 * piece_elems(spec) - 1,
                p.base,
                p.base + p.pieces as i64 * piece_elems(spec) - 1,
                p.row,
                crate::triplets::channel(spec, p.channel),
                l.len,
                spec.bits(),
                p.pieces,
                p.members
            );
        }
    }
}
