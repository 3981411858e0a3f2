//! The analytic model that picks default tile sizes.
//!
//! A candidate tiling is legal when one tile of each kind fits its share
//! of the on-chip buffer (half of it with double buffering, so the next
//! tile can load while this one computes). Its cost is estimated with the
//! simulator's own cycle model (spec §7) summed per module: the load
//! module moves input windows (one DMA row per input row of every input
//! channel block: latency + beats) and weights; the compute module runs
//! the GEMM micro-ops, resets, the ALU tail and the per-instruction
//! pipeline drains; the store module writes output rows. The modules
//! overlap, so the estimate is the busiest module plus the pipeline's
//! fill (the first tile's loads) and drain (the last tile's store). The
//! candidate with the lowest estimate wins; ties go to fewer tiles.

use crate::analyze::{Conv, Matmul};
use strata_vta::{Buffer, VtaConfig};

/// Conv tile sizes: output-channel blocks, output rows, output columns,
/// input-channel blocks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ConvTiles {
    pub oc: i64,
    pub h: i64,
    pub w: i64,
    pub ic: i64,
}

/// Matmul tile sizes: rows, output blocks, reduction blocks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MatmulTiles {
    pub m: i64,
    pub n: i64,
    pub k: i64,
}

/// Per-tile capacities in elements.
#[derive(Clone, Copy, Debug)]
pub struct Caps {
    pub inp: i64,
    pub wgt: i64,
    pub acc: i64,
}

impl Caps {
    pub fn new(config: &VtaConfig, double_buffer: bool) -> Self {
        let d = |b: Buffer| config.depth(b) as i64 / if double_buffer { 2 } else { 1 };
        Caps {
            inp: d(Buffer::Inp),
            wgt: d(Buffer::Wgt),
            acc: d(Buffer::Acc),
        }
    }
}

fn cdiv(a: i64, b: i64) -> i64 {
    (a + b - 1) / b
}

pub fn blocks(c: i64) -> i64 {
    cdiv(c, 16)
}

/// A strided 1x1 convolution reads only every `stride`-th input row: the
/// input buffer is then declared as rows of `stride * W` elements (the
/// same bytes), and a tile's DMA fetches just the rows it uses.
pub fn skips_rows(p: &Conv) -> bool {
    p.kh == 1 && p.stride[0] > 1 && p.h % p.stride[0] == 0 && p.pad[0] == 0 && p.pad[1] == 0
}

/// Input rows and columns a tile of `h` x `w` outputs reads.
pub fn window(p: &Conv, h: i64, w: i64) -> (i64, i64) {
    let rows = if skips_rows(p) {
        h
    } else {
        (h - 1) * p.stride[0] + p.kh
    };
    (rows, (w - 1) * p.stride[1] + p.kw)
}

/// Whether the weights of one output-channel chunk (all input channels)
/// stay resident for the whole chunk.
pub fn weights_resident(p: &Conv, t: ConvTiles, caps: Caps) -> bool {
    t.oc * blocks(p.c) * p.kh * p.kw <= caps.wgt
}

pub fn conv_fits(p: &Conv, t: ConvTiles, caps: Caps) -> bool {
    let (r, c) = window(p, t.h, t.w);
    t.ic * r * c <= caps.inp
        && t.oc * t.h * t.w + t.oc <= caps.acc
        && t.oc * t.ic * p.kh * p.kw <= caps.wgt
        && t.oc * t.h * t.w <= 4096
}

/// Estimated cycles of a conv tiling.
pub fn conv_cost(
    p: &Conv,
    t: ConvTiles,
    caps: Caps,
    config: &VtaConfig,
    tail_steps: i64,
    bias: bool,
) -> f64 {
    let lat = f64::from(config.timing.dram_latency_cycles);
    let bus = config.bus_bytes() as f64;
    let (co, ci) = (blocks(p.k), blocks(p.c));
    let (n_oc, n_h, n_w, n_ic) = (
        cdiv(co, t.oc),
        cdiv(p.oh, t.h),
        cdiv(p.ow, t.w),
        cdiv(ci, t.ic),
    );
    let tiles = (p.n * n_oc * n_h * n_w) as f64;
    let (r, c) = window(p, t.h, t.w);
    let khw = p.kh * p.kw;
    let inp_dma = (t.ic * r) as f64 * (lat + (c as f64 * 16.0 / bus).ceil());
    let resident = weights_resident(p, t, caps);
    let wgt_elems = if resident { ci * khw } else { t.ic * khw };
    let wgt_dma = t.oc as f64 * (lat + (wgt_elems as f64 * 256.0 / bus).ceil());
    let wgt_loads = if resident {
        (p.n * n_oc) as f64
    } else {
        tiles * n_ic as f64
    };
    let load = tiles * n_ic as f64 * inp_dma + wgt_loads * wgt_dma;
    let outputs = (p.n * co * p.oh * p.ow) as f64;
    let gemm = outputs * (ci * khw) as f64;
    // Reductions other than the hardware's outer loop become instructions.
    let insns_per_chunk = (khw * t.ic / t.ic.max(p.kh).max(p.kw)).max(1) as f64;
    let drains = tiles * n_ic as f64 * insns_per_chunk * 5.0;
    let alu_cycles: i64 = 1 + tail_steps + i64::from(bias);
    let tail = outputs * alu_cycles as f64 + tiles * (tail_steps + 1) as f64 * 5.0;
    let bias_loads = if bias {
        (p.n * n_oc) as f64 * (lat + 8.0 * t.oc as f64)
    } else {
        0.0
    };
    let compute = gemm + drains + tail + bias_loads;
    let store_tile = (t.oc * t.h) as f64 * (lat + (t.w as f64 * 16.0 / bus).ceil());
    let store = tiles * store_tile;
    load.max(compute).max(store) + inp_dma * n_ic as f64 + wgt_dma + store_tile
}

/// The default conv tiling: the cheapest legal candidate.
pub fn choose_conv(
    p: &Conv,
    caps: Caps,
    config: &VtaConfig,
    tail_steps: i64,
    bias: bool,
) -> Option<ConvTiles> {
    ranked_conv(p, caps, config, tail_steps, bias, 1)
        .into_iter()
        .next()
}

/// The `count` cheapest legal candidates under the model, best first
/// (ties go to fewer tiles).
pub fn ranked_conv(
    p: &Conv,
    caps: Caps,
    config: &VtaConfig,
    tail_steps: i64,
    bias: bool,
    count: usize,
) -> Vec<ConvTiles> {
    let (co, ci) = (blocks(p.k), blocks(p.c));
    let mut widths: Vec<i64> = (1..=p.ow.min(64)).map(|k| cdiv(p.ow, k)).collect();
    widths.dedup();
    let mut all: Vec<(f64, i64, ConvTiles)> = Vec::new();
    for oc in 1..=co {
        for ic in 1..=ci {
            for &w in &widths {
                for h in 1..=p.oh {
                    let t = ConvTiles { oc, h, w, ic };
                    if !conv_fits(p, t, caps) {
                        break;
                    }
                    let cost = conv_cost(p, t, caps, config, tail_steps, bias);
                    let tiles = cdiv(co, oc) * cdiv(p.oh, h) * cdiv(p.ow, w) * cdiv(ci, ic);
                    all.push((cost, tiles, t));
                }
            }
        }
    }
    all.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
    // Among candidates within 0.1% of the best, the one with fewest tiles first.
    if let Some(&(best, _, _)) = all.first() {
        let near = all.iter().take_while(|c| c.0 <= best * 1.001).count();
        if let Some(k) = (0..near).min_by_key(|&k| all[k].1) {
            all.swap(0, k);
        }
    }
    all.into_iter().take(count).map(|(_, _, t)| t).collect()
}

pub fn matmul_fits(t: MatmulTiles, caps: Caps) -> bool {
    t.m * t.k <= caps.inp
        && t.n * t.k <= caps.wgt
        && t.m * t.n + t.n <= caps.acc
        && t.m * t.n <= 4096
}

/// The default matmul tiling: as many rows and output blocks as fit, then
/// the whole reduction if it fits.
pub fn choose_matmul(p: &Matmul, caps: Caps) -> Option<MatmulTiles> {
    let (nb, kb) = (blocks(p.n), blocks(p.k));
    let mut best: Option<(i64, MatmulTiles)> = None;
    for n in 1..=nb {
        for k in 1..=kb {
            for m in 1..=p.m {
                let t = MatmulTiles { m, n, k };
                if !matmul_fits(t, caps) {
                    break;
                }
                // Data moved: A per output-block chunk, B per row chunk.
                let moved = cdiv(nb, n) * p.m * kb * 16
                    + cdiv(p.m, m) * nb * kb * 256
                    + cdiv(p.m, m) * cdiv(nb, n) * cdiv(kb, k) * 64;
                if best.is_none_or(|(b, _)| moved < b) {
                    best = Some((moved, t));
                }
            }
        }
    }
    best.map(|(_, t)| t)
}
