//! Exact slices: the set of tensor elements a subtree touches.
//!
//! A slice is enumerated point by point into a hash set; this is the
//! counting method both the analysis (on one step of a tile) and the
//! simulator (on every step) use, so it is exact for any affine access —
//! strided, dilated, im2col, overlapping windows — at a cost linear in the
//! number of iterations of the subtree. All index arithmetic is checked.

use crate::tree::{Access, LoopKind, Node, Tile};
use rustc_hash::FxHashSet;

/// Tensor ranks above this are rejected by [`crate::tree::Tree::check`]; a
/// fixed-size point keeps the hash sets free of per-element allocation.
pub const MAX_RANK: usize = 6;

/// An element index, padded with zeros past the tensor's rank.
pub type Point = [i64; MAX_RANK];
pub type Set = FxHashSet<Point>;

/// Overflow of 64-bit index arithmetic, reported instead of wrapping.
pub const OVERFLOW: &str = "64-bit overflow in index arithmetic";

/// `coeffs·x + offsets`.
pub fn point(a: &Access, x: &[i64]) -> Result<Point, String> {
    let mut p = [0i64; MAX_RANK];
    for (slot, (row, off)) in p.iter_mut().zip(a.coeffs.iter().zip(&a.offsets)) {
        *slot = row.iter().zip(x).try_fold(*off, |acc, (c, v)| {
            c.checked_mul(*v)
                .and_then(|p| acc.checked_add(p))
                .ok_or_else(|| OVERFLOW.to_string())
        })?;
    }
    Ok(p)
}

/// Calls `f(x)` for every combination of `loops` added to `x`.
pub fn for_each_iter<'a, I, F>(loops: I, x: &mut [i64], f: &mut F) -> Result<(), String>
where
    I: Iterator<Item = &'a crate::tree::Loop> + Clone,
    F: FnMut(&mut [i64]) -> Result<(), String>,
{
    let mut rest = loops.clone();
    match rest.next() {
        None => f(x),
        Some(l) => {
            let saved = x[l.dim];
            for i in 0..l.extent {
                let i = i64::try_from(i).map_err(|_| OVERFLOW.to_string())?;
                x[l.dim] = i
                    .checked_mul(l.step)
                    .and_then(|d| saved.checked_add(d))
                    .ok_or_else(|| OVERFLOW.to_string())?;
                for_each_iter(rest.clone(), x, f)?;
            }
            x[l.dim] = saved;
            Ok(())
        }
    }
}

/// Adds to `out` the elements of `tensor` that `node` touches over all its
/// iterations, at dimension values `x`.
pub fn collect(node: &Node, tensor: usize, x: &mut [i64], out: &mut Set) -> Result<(), String> {
    match node {
        Node::Leaf(leaf) => {
            for a in leaf.accesses.iter().filter(|a| a.tensor == tensor) {
                out.insert(point(a, x)?);
            }
            Ok(())
        }
        Node::Tile(t) => for_each_iter(t.loops.iter(), x, &mut |x| {
            t.children
                .iter()
                .try_for_each(|c| collect(c, tensor, x, out))
        }),
    }
}

/// The slice of `tensor` that child `child` of `t` touches in one temporal
/// step of `t` at dimension values `x` (spatial loops of `t` included).
pub fn child_slice(t: &Tile, child: usize, tensor: usize, x: &mut [i64]) -> Result<Set, String> {
    let mut out = Set::default();
    for_each_iter(
        t.loops.iter().filter(|l| l.kind == LoopKind::Spatial),
        x,
        &mut |x| collect(&t.children[child], tensor, x, &mut out),
    )?;
    Ok(out)
}

/// Whether `node` reads / writes `tensor` anywhere below.
pub fn uses(node: &Node, tensor: usize, write: bool) -> bool {
    match node {
        Node::Leaf(l) => l
            .accesses
            .iter()
            .any(|a| a.tensor == tensor && a.write == write),
        Node::Tile(t) => t.children.iter().any(|c| uses(c, tensor, write)),
    }
}

/// `|a \ (b + shift)|`.
pub fn diff_shifted(a: &Set, b: &Set, shift: &[i64]) -> Result<u64, String> {
    let mut n = 0u64;
    for p in a {
        let mut q = *p;
        for (v, s) in q.iter_mut().zip(shift) {
            *v = v.checked_sub(*s).ok_or_else(|| OVERFLOW.to_string())?;
        }
        if !b.contains(&q) {
            n += 1;
        }
    }
    Ok(n)
}
