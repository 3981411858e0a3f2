//! Brute-force simulator: the reference the analysis is tested against.
//!
//! It executes the tree's loop nest in program order — for a tile, the
//! temporal loops outer to inner, then per step the children in order with
//! the tile's spatial loops enumerated around each child — and keeps, for
//! every tile and tensor, the contents of the tile's buffer exactly as
//! [`crate::analysis`] defines them: an instance starts empty; an execution
//! (a step, or a child within a step under `Seq`) collects every element the
//! leaves below touch; when it ends, the elements not in the previous
//! execution are counted as fills and the buffer becomes the execution's set.
//! Nothing is inferred: every leaf iteration is run and every element is put
//! in a hash set, so the simulator is only for small problems.

use crate::analysis::TileTensor;
use crate::slice::{for_each_iter, point, Set};
use crate::tree::{LoopKind, Node, Scope, Tile, Tree};

/// What the simulator observes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Observed {
    /// Per tile in preorder, per tensor.
    pub tiles: Vec<Vec<TileTensor>>,
    /// Leaf iterations executed.
    pub ops: u64,
}

struct Buf {
    prev: Vec<Set>,
    cur: Vec<Set>,
}

struct Sim<'a> {
    tree: &'a Tree,
    bufs: Vec<Buf>,
    /// Tiles whose execution is open, innermost last.
    active: Vec<usize>,
    out: Observed,
}

/// Preorder ids of the tiles of a subtree.
fn count_tiles(t: &Tile) -> usize {
    1 + t
        .children
        .iter()
        .map(|c| {
            if let Node::Tile(c) = c {
                count_tiles(c)
            } else {
                0
            }
        })
        .sum::<usize>()
}

impl Sim<'_> {
    fn end_execution(&mut self, id: usize) -> Result<(), String> {
        let b = &mut self.bufs[id];
        for z in 0..b.cur.len() {
            let cur = std::mem::take(&mut b.cur[z]);
            let new = cur.iter().filter(|p| !b.prev[z].contains(*p)).count() as u64;
            let tt = &mut self.out.tiles[id][z];
            tt.fills = tt
                .fills
                .checked_add(new)
                .ok_or_else(|| crate::slice::OVERFLOW.to_string())?;
            tt.footprint = tt.footprint.max(cur.len() as u64);
            b.prev[z] = cur;
        }
        Ok(())
    }

    fn tile(&mut self, t: &Tile, id: usize, x: &mut [i64]) -> Result<(), String> {
        let ntensors = self.tree.tensors.len();
        self.bufs[id].prev = vec![Set::default(); ntensors];
        self.active.push(id);
        let temporal: Vec<_> = t
            .loops
            .iter()
            .filter(|l| l.kind == LoopKind::Temporal)
            .cloned()
            .collect();
        let spatial: Vec<_> = t
            .loops
            .iter()
            .filter(|l| l.kind == LoopKind::Spatial)
            .cloned()
            .collect();
        // Child ids in preorder.
        let mut ids = Vec::new();
        let mut next = id + 1;
        for c in &t.children {
            ids.push(next);
            if let Node::Tile(c) = c {
                next += count_tiles(c);
            }
        }
        for_each_iter(temporal.iter(), x, &mut |x| {
            for (c, child) in t.children.iter().enumerate() {
                for_each_iter(spatial.iter(), x, &mut |x| self.node(child, ids[c], x))?;
                if t.scope == Scope::Seq {
                    self.end_execution(id)?;
                }
            }
            if t.scope != Scope::Seq {
                self.end_execution(id)?;
            }
            Ok(())
        })?;
        self.active.pop();
        Ok(())
    }

    fn node(&mut self, n: &Node, id: usize, x: &mut [i64]) -> Result<(), String> {
        match n {
            Node::Tile(t) => self.tile(t, id, x),
            Node::Leaf(l) => {
                self.out.ops += 1;
                for a in &l.accesses {
                    let p = point(a, x)?;
                    for &t in &self.active {
                        self.bufs[t].cur[a.tensor].insert(p);
                    }
                }
                Ok(())
            }
        }
    }
}

/// Runs `tree` and returns the observed fills, footprints and operations.
pub fn simulate(tree: &Tree) -> Result<Observed, String> {
    tree.check()?;
    let n = count_tiles(&tree.root);
    let nt = tree.tensors.len();
    let mut sim = Sim {
        tree,
        bufs: (0..n)
            .map(|_| Buf {
                prev: vec![Set::default(); nt],
                cur: vec![Set::default(); nt],
            })
            .collect(),
        active: Vec::new(),
        out: Observed {
            tiles: vec![vec![TileTensor::default(); nt]; n],
            ops: 0,
        },
    };
    let mut x = vec![0i64; tree.dims.len()];
    sim.tile(&tree.root, 0, &mut x)?;
    Ok(sim.out)
}
