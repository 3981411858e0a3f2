//! Data movement, resource, latency and energy analysis of a tile tree.
//!
//! ## Semantics (what is counted)
//! Every tile `T` owns a buffer at its level. One *instance* of `T` runs for
//! every combination of its ancestors' loop indices (spatial instances have
//! their own buffer); an instance starts with an empty buffer. During an
//! instance, `T`'s temporal loops step in order (outer to inner); within a
//! step, the children run in order and the spatial loops of `T` cover the
//! PE array. The buffer holds, per tensor, the data of one *execution*:
//! - under `Shar`, `Para`, `Pipe`: an execution is a temporal step, and its
//!   slice is the union of what all children touch in that step;
//! - under `Seq`: an execution is one child in one step, and its slice is
//!   what that child touches — everything else is evicted (the paper's "clear
//!   the slice of a tile for tensors the following tile does not use").
//!
//! The fills of `T` for tensor `Z` are `Σ_e |E_e \ E_{e-1}|` over consecutive
//! executions (`E_{-1} = ∅`), summed over instances: the paper's
//! `DM_Z = Σ_t |Slice_Z^t − Slice_Z^{t−1}|`. Fills are read from the nearest
//! ancestor tile at a higher level — the least common ancestor route; the
//! tree root reads from the outermost level — and written back there too when
//! `Z` is written below `T`. Each leaf reads its operands from, and updates
//! its results in, the level of its enclosing tile once per iteration. The
//! footprint of `T` for `Z` is the largest execution slice.
//!
//! ## Method (why it is exact)
//! If every access of `Z` below `T` has the same linear part `M` (offsets may
//! differ), the slice of an execution is the slice at dimension values 0
//! translated by `M·x`, where `x` is the execution's dimension offset. Then
//! `|E_e \ E_{e-1}|` depends only on the kind of transition: the first
//! execution, a child change within a step (Seq), or temporal loop `k`
//! advancing while the loops inside it wrap, which happens
//! `Π_{j<k} e_j · (e_k − 1)` times per instance and shifts `x` by
//! `s_k − Σ_{j>k} (e_j − 1)·s_j`. Each kind is counted once on explicitly
//! enumerated point sets ([`crate::slice`]) — exact for strided, dilated and
//! im2col accesses — and multiplied by its count; all instances are equal.
//! The paper's boundary recurrence `U_i` is this sum. When the linear parts
//! differ (a tensor read through two different maps), the translation
//! argument fails and the analysis enumerates every execution of every
//! instance instead. Counts use checked 64-bit arithmetic.
//!
//! ## Resources and performance (the paper's §5.2–5.3)
//! `NumPE(T) = Π spatial extents · (max over children for Seq/Shar, sum for
//! Para/Pipe)`, a leaf uses 1. Per level, the words in use are
//! `Π spatial extents · (own footprint if T is at that level + (max over
//! children for Seq, sum otherwise))`. The latency of one instance of a leaf
//! is one cycle; of a tile, `max(load / BW, steps · (Σ children for Seq/Shar,
//! max for Para/Pipe), store / BW)` with load/store the bytes of one instance
//! over the source level's bandwidth. Energy is accesses × per-access energy
//! plus one MAC energy per leaf iteration.

use crate::arch::Arch;
use crate::slice::{child_slice, diff_shifted, Set, OVERFLOW};
use crate::tree::{Access, Node, Scope, Tile, Tree};

/// Fills and footprint of one tile for one tensor.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TileTensor {
    pub fills: u64,
    pub footprint: u64,
}

/// Accesses of one tensor at one level.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LevelTensor {
    pub reads: u64,
    pub fills: u64,
    pub updates: u64,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Report {
    /// Per tile in preorder, per tensor.
    pub tiles: Vec<Vec<TileTensor>>,
    /// Per level, per tensor.
    pub levels: Vec<Vec<LevelTensor>>,
    /// Leaf iterations (operator instances executed).
    pub ops: u64,
    pub num_pes: u64,
    /// Words in use per level.
    pub usage_words: Vec<u64>,
    pub latency_cycles: f64,
    pub energy_pj: f64,
}

fn ck(v: Option<u64>) -> Result<u64, String> {
    v.ok_or_else(|| OVERFLOW.to_string())
}

fn accesses_of<'a>(n: &'a Node, z: usize, out: &mut Vec<&'a Access>) {
    match n {
        Node::Leaf(l) => out.extend(l.accesses.iter().filter(|a| a.tensor == z)),
        Node::Tile(t) => t.children.iter().for_each(|c| accesses_of(c, z, out)),
    }
}

/// The execution slices of one step of `t` at dimension values `x`.
fn executions(t: &Tile, z: usize, x: &mut [i64]) -> Result<Vec<Set>, String> {
    let per_child: Vec<Set> = (0..t.children.len())
        .map(|c| child_slice(t, c, z, x))
        .collect::<Result<_, _>>()?;
    Ok(if t.scope == Scope::Seq {
        per_child
    } else {
        let mut u = Set::default();
        per_child.into_iter().for_each(|s| u.extend(s));
        vec![u]
    })
}

/// Fills and footprint of one instance of `t` for `z` by translation.
fn tile_tensor_translated(
    t: &Tile,
    z: usize,
    m: &Access,
    ndims: usize,
) -> Result<TileTensor, String> {
    let mut x = vec![0i64; ndims];
    let ex = executions(t, z, &mut x)?;
    let footprint = ex.iter().map(|s| s.len() as u64).max().unwrap_or(0);
    let zero = vec![0i64; m.offsets.len()];
    let mut fills = ex[0].len() as u64;
    let temporal: Vec<_> = t.temporal().collect();
    let steps = ck(temporal
        .iter()
        .try_fold(1u64, |a, l| a.checked_mul(l.extent)))?;
    let mut within = 0u64;
    for w in ex.windows(2) {
        within = ck(within.checked_add(diff_shifted(&w[1], &w[0], &zero)?))?;
    }
    fills = ck(within.checked_mul(steps).and_then(|v| v.checked_add(fills)))?;
    let mut outer = 1u64;
    for (k, l) in temporal.iter().enumerate() {
        let count = ck(outer.checked_mul(l.extent - 1))?;
        outer = ck(outer.checked_mul(l.extent))?;
        if count == 0 {
            continue;
        }
        // Dimension shift when loop k advances and the loops inside wrap.
        let mut dx = vec![0i64; ndims];
        dx[l.dim] = l.step;
        for inner in &temporal[k + 1..] {
            let back = i64::try_from(inner.extent - 1)
                .ok()
                .and_then(|e| e.checked_mul(inner.step))
                .ok_or_else(|| OVERFLOW.to_string())?;
            dx[inner.dim] = dx[inner.dim]
                .checked_sub(back)
                .ok_or_else(|| OVERFLOW.to_string())?;
        }
        // Tensor shift M·dx; E_e = E_first + δ relative to the previous.
        let lin = Access {
            tensor: z,
            coeffs: m.coeffs.clone(),
            offsets: zero.clone(),
            write: false,
        };
        let delta = crate::slice::point(&lin, &dx)?;
        let neg: Vec<i64> = delta
            .iter()
            .map(|d| d.checked_neg().ok_or_else(|| OVERFLOW.to_string()))
            .collect::<Result<_, _>>()?;
        let d = diff_shifted(&ex[0], ex.last().unwrap(), &neg)?;
        fills = ck(count.checked_mul(d).and_then(|v| v.checked_add(fills)))?;
    }
    Ok(TileTensor { fills, footprint })
}

/// Fills and footprint of all instances of `t` for `z`, enumerating every
/// execution (the fallback when accesses of `z` differ in linear part).
fn tile_tensor_enumerated(t: &Tile, z: usize, bases: &[Vec<i64>]) -> Result<TileTensor, String> {
    let temporal: Vec<_> = t.temporal().cloned().collect();
    let mut r = TileTensor::default();
    for base in bases {
        let mut prev = Set::default();
        let mut x = base.clone();
        crate::slice::for_each_iter(temporal.iter(), &mut x, &mut |x| {
            for e in executions(t, z, x)? {
                r.fills = ck(r
                    .fills
                    .checked_add(e.iter().filter(|p| !prev.contains(*p)).count() as u64))?;
                r.footprint = r.footprint.max(e.len() as u64);
                prev = e;
            }
            Ok(())
        })?;
    }
    Ok(r)
}

struct Walk<'a> {
    tree: &'a Tree,
    arch: &'a Arch,
    report: Report,
}

/// What a subtree needs from its parent for resources and latency.
struct Sub {
    pes: u64,
    usage: Vec<u64>,
    latency: f64,
}

impl Walk<'_> {
    /// `ancestors`: loops above `t`; `src`: level `t` reads from.
    fn tile(
        &mut self,
        t: &Tile,
        ancestors: &mut Vec<crate::tree::Loop>,
        src: usize,
    ) -> Result<Sub, String> {
        let ndims = self.tree.dims.len();
        let nlev = self.arch.levels.len();
        if t.level >= nlev {
            return Err(format!(
                "tile bound to level {} but the architecture has {nlev}",
                t.level
            ));
        }
        let instances = ck(ancestors
            .iter()
            .try_fold(1u64, |a, l| a.checked_mul(l.extent)))?;
        let id = self.report.tiles.len();
        self.report
            .tiles
            .push(vec![TileTensor::default(); self.tree.tensors.len()]);
        let (mut load, mut store) = (0u64, 0u64);
        let mut own_words = 0u64;
        for z in 0..self.tree.tensors.len() {
            let mut acc = Vec::new();
            t.children.iter().for_each(|c| accesses_of(c, z, &mut acc));
            if acc.is_empty() {
                continue;
            }
            let same = acc.iter().all(|a| a.coeffs == acc[0].coeffs);
            let tt = if same {
                let one = tile_tensor_translated(t, z, acc[0], ndims)?;
                TileTensor {
                    fills: ck(one.fills.checked_mul(instances))?,
                    footprint: one.footprint,
                }
            } else {
                let mut bases = Vec::new();
                crate::slice::for_each_iter(ancestors.iter(), &mut vec![0; ndims], &mut |x| {
                    bases.push(x.to_vec());
                    Ok(())
                })?;
                tile_tensor_enumerated(t, z, &bases)?
            };
            self.report.tiles[id][z] = tt;
            own_words = ck(own_words.checked_add(tt.footprint))?;
            let per_instance = tt.fills / instances;
            let lv = &mut self.report.levels;
            lv[t.level][z].fills = ck(lv[t.level][z].fills.checked_add(tt.fills))?;
            if acc.iter().any(|a| !a.write) {
                lv[src][z].reads = ck(lv[src][z].reads.checked_add(tt.fills))?;
                load = ck(load.checked_add(per_instance))?;
            }
            if acc.iter().any(|a| a.write) {
                lv[src][z].updates = ck(lv[src][z].updates.checked_add(tt.fills))?;
                store = ck(store.checked_add(per_instance))?;
            }
        }
        let spatial = ck(t.spatial().try_fold(1u64, |a, l| a.checked_mul(l.extent)))?;
        let steps = ck(t.temporal().try_fold(1u64, |a, l| a.checked_mul(l.extent)))?;
        let mut subs = Vec::new();
        let depth = ancestors.len();
        ancestors.extend(t.loops.iter().cloned());
        for c in &t.children {
            subs.push(match c {
                Node::Tile(c) => {
                    let s = if c.level < t.level { t.level } else { src };
                    self.tile(c, ancestors, s)?
                }
                Node::Leaf(l) => {
                    let ops = ck(ancestors
                        .iter()
                        .try_fold(1u64, |a, l| a.checked_mul(l.extent)))?;
                    self.report.ops = ck(self.report.ops.checked_add(ops))?;
                    for a in &l.accesses {
                        let e = &mut self.report.levels[t.level][a.tensor];
                        let slot = if a.write {
                            &mut e.updates
                        } else {
                            &mut e.reads
                        };
                        *slot = ck(slot.checked_add(ops))?;
                    }
                    Sub {
                        pes: 1,
                        usage: vec![0; nlev],
                        latency: 1.0,
                    }
                }
            });
        }
        ancestors.truncate(depth);
        let seq_like = t.scope.is_sequential();
        let pes = subs.iter().try_fold(0u64, |a, s| {
            if seq_like {
                Some(a.max(s.pes))
            } else {
                a.checked_add(s.pes)
            }
        });
        let pes = ck(pes.and_then(|p| p.checked_mul(spatial)))?;
        let mut usage = vec![0u64; nlev];
        for (l, u) in usage.iter_mut().enumerate() {
            let kids = subs.iter().try_fold(0u64, |a, s| {
                if t.scope == Scope::Seq {
                    Some(a.max(s.usage[l]))
                } else {
                    a.checked_add(s.usage[l])
                }
            });
            let own = if l == t.level { own_words } else { 0 };
            *u = ck(kids
                .and_then(|k| k.checked_add(own))
                .and_then(|v| v.checked_mul(spatial)))?;
        }
        let kids_lat = if seq_like {
            subs.iter().map(|s| s.latency).sum::<f64>()
        } else {
            subs.iter().map(|s| s.latency).fold(0.0, f64::max)
        };
        let bw = self.arch.levels[src].bandwidth_bytes_per_cycle;
        let wb = self.arch.word_bytes as f64;
        let latency = (load as f64 * wb / bw)
            .max(steps as f64 * kids_lat)
            .max(store as f64 * wb / bw);
        Ok(Sub {
            pes,
            usage,
            latency,
        })
    }
}

/// Analyses `tree` on `arch`.
pub fn analyze(tree: &Tree, arch: &Arch) -> Result<Report, String> {
    tree.check()?;
    let nlev = arch.levels.len();
    let mut w = Walk {
        tree,
        arch,
        report: Report {
            tiles: Vec::new(),
            levels: vec![vec![LevelTensor::default(); tree.tensors.len()]; nlev],
            ops: 0,
            num_pes: 0,
            usage_words: vec![0; nlev],
            latency_cycles: 0.0,
            energy_pj: 0.0,
        },
    };
    let sub = w.tile(&tree.root, &mut Vec::new(), nlev - 1)?;
    let mut r = w.report;
    r.num_pes = sub.pes;
    r.usage_words = sub.usage;
    r.latency_cycles = sub.latency;
    let mut e = r.ops as f64 * arch.mac_energy_pj;
    for (lvl, per) in arch.levels.iter().zip(&r.levels) {
        for c in per {
            e += c.reads as f64 * lvl.read_energy_pj
                + (c.fills + c.updates) as f64 * lvl.write_energy_pj;
        }
    }
    r.energy_pj = e;
    Ok(r)
}

/// Capacity violations: `(level name, bytes used, capacity)`.
pub fn over_capacity(r: &Report, arch: &Arch) -> Vec<(String, u64, u64)> {
    let mut out = Vec::new();
    for (l, words) in arch.levels.iter().zip(&r.usage_words) {
        let bytes = words.saturating_mul(arch.word_bytes);
        if let Some(cap) = l.capacity_bytes {
            if bytes > cap {
                out.push((l.name.clone(), bytes, cap));
            }
        }
    }
    out
}
