//! The analytic model that picks default tile sizes, for convolutions and
//! matmuls alike.
//!
//! A candidate tiling is legal when one tile of each kind fits its share
//! of the on-chip buffer (half of it with double buffering, so the next
//! tile can load while this one computes). Both kernels lower to the same
//! loop nest — output groups (a bias chunk, and weights that may stay
//! resident), tiles inside a group, reduction chunks inside a tile — so a
//! candidate is costed by one [`Pipeline`] estimate built from the
//! simulator's own cycle model (spec §7): the load module moves input and
//! weight chunks (per DMA row: latency + bus beats), the compute module
//! runs the GEMM micro-ops and their drains (kernels stay cached), the
//! reset and the ALU tail; the store module writes output rows. Loads run
//! about one tile ahead of compute (half buffers), so each tile costs its
//! busiest module; the first tile of a group also loads resident weights.
//! Add the fill (first chunk's loads) and the drain (last store). The
//! candidates are ranked by [`rank`]; `tune` in the crate root measures
//! the best ones with the simulator's schedule.

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

/// A 1x1 convolution of stride s > 1 without padding reads only the input
/// pixels (s*i, s*j): the host packs just those (layout attribute
/// `vta.subsample`, see [`crate::layout`]), a layout chosen for this
/// consumer, and the accelerator runs the stride-1 convolution on the
/// (OH, OW) image. The DMA then moves no unused pixel and, the rows being
/// contiguous, a tile spanning whole rows loads in one long row per
/// input-channel block.
pub fn subsamples(p: &Conv) -> bool {
    p.kh == 1 && p.kw == 1 && p.pad == [0; 4] && (p.stride[0] > 1 || p.stride[1] > 1)
}

/// The convolution the accelerator runs for `p` (see [`subsamples`]).
pub fn device_conv(p: &Conv) -> Conv {
    if subsamples(p) {
        Conv {
            h: p.oh,
            w: p.ow,
            stride: [1, 1],
            ..*p
        }
    } else {
        *p
    }
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

/// Whether the input window stays resident across output-channel groups:
/// one spatial tile covers the whole output (every group reads the same
/// input) and all its input-channel chunks fit.
pub fn input_resident(p: &Conv, t: ConvTiles, caps: Caps) -> bool {
    let (r, c) = window(p, t.h, t.w);
    t.h >= p.oh && t.w >= p.ow && t.oc < blocks(p.k) && blocks(p.c) * r * c <= caps.inp
}

pub fn conv_fits(p: &Conv, t: ConvTiles, caps: Caps) -> bool {
    let (r, c) = window(p, t.h, t.w);
    t.ic * r * c <= caps.inp
        && t.oc * t.h * t.w + t.oc <= caps.acc
        && t.oc * t.ic * p.kh * p.kw <= caps.wgt
        && t.oc * t.h * t.w <= 4096
}

/// The cost-relevant shape of a tiled loop nest (cycles per module).
#[derive(Clone, Copy, Debug)]
pub struct Pipeline {
    /// Output groups (one bias load, one resident weight set each).
    pub groups: f64,
    /// Tiles per group.
    pub tiles: f64,
    /// Reduction chunks per tile.
    pub chunks: f64,
    /// Load cycles of one chunk's input and weights.
    pub inp_dma: f64,
    pub wgt_dma: f64,
    /// Weights are loaded once per group instead of once per tile.
    pub resident: bool,
    /// Inputs are loaded by the first group only (one tile per group).
    pub inp_resident: bool,
    /// Compute cycles of one chunk and of one tile's reset and tail.
    pub gemm: f64,
    pub tail: f64,
    /// Compute cycles to load a group's bias.
    pub bias_load: f64,
    /// Store cycles of one tile.
    pub store: f64,
}

impl Pipeline {
    /// Estimated total cycles.
    pub fn cycles(&self) -> f64 {
        let compute = self.chunks * self.gemm + self.tail;
        let per_group = |inp_dma: f64| {
            let load_first = self.chunks * (inp_dma + self.wgt_dma);
            let load_rest = if self.resident {
                self.chunks * inp_dma
            } else {
                load_first
            };
            load_first.max(compute + self.bias_load).max(self.store)
                + (self.tiles - 1.0) * load_rest.max(compute).max(self.store)
        };
        let later = if self.inp_resident { 0.0 } else { self.inp_dma };
        per_group(self.inp_dma)
            + (self.groups - 1.0) * per_group(later)
            + self.inp_dma
            + self.wgt_dma
            + self.store
    }
}

/// The cycle model's terms (spec §7) for the default timing.
#[derive(Clone, Copy, Debug)]
pub struct Timing {
    latency: f64,
    bus: f64,
}

impl Timing {
    pub fn new(config: &VtaConfig) -> Self {
        Timing {
            latency: f64::from(config.timing.dram_latency_cycles),
            bus: config.bus_bytes() as f64,
        }
    }

    /// One DMA of `rows` rows of `elems` elements of `bytes` bytes.
    pub fn dma(&self, rows: i64, elems: i64, bytes: i64) -> f64 {
        rows as f64 * (self.latency + ((elems * bytes) as f64 / self.bus).ceil())
    }

    /// The DMAs of a tile of `lead` blocks of `y` rows of `x` elements in
    /// a row-major buffer, as `vta-lower-tiles` merges them: rows spanning
    /// the buffer's whole width (`x_full`) are contiguous and move as one
    /// row per block, and blocks spanning all rows too (`y_full`) as one.
    pub fn tile_dma(
        &self,
        lead: i64,
        y: i64,
        x: i64,
        x_full: bool,
        y_full: bool,
        bytes: i64,
    ) -> f64 {
        match (x_full, y_full) {
            (true, true) => self.dma(1, lead * y * x, bytes),
            (true, false) => self.dma(lead, y * x, bytes),
            _ => self.dma(lead * y, x, bytes),
        }
    }

    /// `insns` GEMM instructions: their drains.
    /// Kernel loads are not counted: tiles alternate between the two
    /// halves of each buffer, so kernels repeat every two tiles and stay
    /// cached in the micro-op buffer (`vta-lower-tiles`).
    pub fn gemm_overhead(&self, insns: f64) -> f64 {
        insns * 5.0
    }

    /// The reset and ALU tail of `outputs` accumulators: one cycle per
    /// micro-op with an immediate, two for the bias (a tensor operand),
    /// plus a drain per instruction.
    pub fn tail(&self, outputs: i64, imm_steps: i64, bias: bool) -> f64 {
        let b = i64::from(bias);
        (outputs * (1 + imm_steps + 2 * b)) as f64 + (1 + imm_steps + b) as f64 * 5.0
    }

    /// Loading a bias chunk of `blocks` accumulator elements.
    pub fn bias_load(&self, blocks: i64, bias: bool) -> f64 {
        if bias {
            self.dma(1, blocks, 64)
        } else {
            0.0
        }
    }
}

/// What the cost of a tiling depends on besides the layer and the tiles:
/// buffer shares, the cycle model's terms and the ALU tail.
#[derive(Clone, Copy, Debug)]
pub struct Target {
    pub caps: Caps,
    pub timing: Timing,
    /// ALU steps with an immediate.
    pub imm_steps: i64,
    /// Whether the tail adds a per-channel bias.
    pub bias: bool,
}

impl Target {
    pub fn new(config: &VtaConfig, double_buffer: bool, imm_steps: i64, bias: bool) -> Self {
        Target {
            caps: Caps::new(config, double_buffer),
            timing: Timing::new(config),
            imm_steps,
            bias,
        }
    }
}

/// Estimated cycles of a conv tiling.
pub fn conv_cost(p: &Conv, t: ConvTiles, target: &Target) -> f64 {
    let (tm, caps) = (target.timing, target.caps);
    let (co, ci) = (blocks(p.k), blocks(p.c));
    let (r, c) = window(p, t.h, t.w);
    let khw = p.kh * p.kw;
    let outputs = t.oc * t.h * t.w;
    // Micro-ops enumerate the parallel dimensions but the inner loop's;
    // reductions other than the hardware's outer loop go around them in
    // the kernel when that is hazard-free and small (vta-lower-tiles),
    // else become instructions.
    let reductions = (khw * t.ic / t.ic.max(p.kh).max(p.kw)).max(1);
    let parallel = outputs / t.oc.max(t.w).max(t.h);
    let insns = if parallel >= 3 && parallel * reductions <= 1024 {
        1.0
    } else {
        reductions as f64
    };
    Pipeline {
        groups: (p.n * cdiv(co, t.oc)) as f64,
        tiles: (cdiv(p.oh, t.h) * cdiv(p.ow, t.w)) as f64,
        chunks: cdiv(ci, t.ic) as f64,
        // Windows with padding have padded rows (never merged).
        inp_dma: tm.tile_dma(t.ic, r, c, c == p.w && p.pad == [0; 4], r == p.h, 16),
        wgt_dma: tm.tile_dma(t.oc, 1, t.ic * khw, t.ic == ci, true, 256),
        resident: weights_resident(p, t, caps),
        inp_resident: input_resident(p, t, caps),
        gemm: (outputs * t.ic * khw) as f64 + tm.gemm_overhead(insns),
        tail: tm.tail(outputs, target.imm_steps, target.bias),
        bias_load: tm.bias_load(t.oc, target.bias),
        store: tm.tile_dma(t.oc, t.h, t.w, t.w == p.ow, t.h == p.oh, 16),
    }
    .cycles()
}

/// The `count` cheapest of `(cost, tiles, candidate)`, best first; among
/// candidates within 0.1% of the best, the one with fewest tiles first.
pub fn rank<T>(mut all: Vec<(f64, i64, T)>, count: usize) -> Vec<T> {
    all.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
    if let Some(&(best, _, _)) = all.first() {
        let near = all.iter().take_while(|c| c.0 <= best * 1.001).count();
        if let Some(k) = (0..near).min_by_key(|&k| all[k].1) {
            all.swap(0, k);
        }
    }
    all.into_iter().take(count).map(|(_, _, t)| t).collect()
}

/// The `count` cheapest legal candidates under the model, best first
/// (ties go to fewer tiles).
pub fn ranked_conv(p: &Conv, target: &Target, count: usize) -> Vec<ConvTiles> {
    let caps = target.caps;
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
                    let cost = conv_cost(p, t, target);
                    let tiles = cdiv(co, oc) * cdiv(p.oh, h) * cdiv(p.ow, w) * cdiv(ci, ic);
                    all.push((cost, tiles, t));
                }
            }
        }
    }
    rank(all, count)
}

pub fn matmul_fits(t: MatmulTiles, caps: Caps) -> bool {
    t.m * t.k <= caps.inp
        && t.n * t.k <= caps.wgt
        && t.m * t.n + t.n <= caps.acc
        && t.m * t.n <= 4096
}

/// Matmul weights (B) stay resident for an output-block chunk when all
/// its reduction blocks fit.
pub fn matmul_resident(p: &Matmul, t: MatmulTiles, caps: Caps) -> bool {
    t.n * blocks(p.k) <= caps.wgt
}

/// Estimated cycles of a matmul tiling: output-block chunks are the
/// groups, row chunks the tiles, reduction chunks the chunks.
pub fn matmul_cost(p: &Matmul, t: MatmulTiles, target: &Target) -> f64 {
    let (tm, caps) = (target.timing, target.caps);
    let (nb, kb) = (blocks(p.n), blocks(p.k));
    let outputs = t.m * t.n;
    // One instruction per chunk: the reduction is the outer loop, the
    // larger of rows and output blocks the inner one, micro-ops the other.
    Pipeline {
        groups: cdiv(nb, t.n) as f64,
        tiles: cdiv(p.m, t.m) as f64,
        chunks: cdiv(kb, t.k) as f64,
        inp_dma: tm.tile_dma(1, t.m, t.k, t.k == kb, false, 16),
        wgt_dma: tm.tile_dma(1, t.n, t.k, t.k == kb, false, 256),
        resident: matmul_resident(p, t, caps),
        inp_resident: false,
        gemm: (outputs * t.k) as f64 + tm.gemm_overhead(1.0),
        tail: tm.tail(outputs, target.imm_steps, target.bias),
        bias_load: tm.bias_load(t.n, target.bias),
        store: tm.tile_dma(1, t.m, t.n, t.n == nb, false, 16),
    }
    .cycles()
}

/// The `count` cheapest legal matmul tilings under the model, best first.
pub fn ranked_matmul(p: &Matmul, target: &Target, count: usize) -> Vec<MatmulTiles> {
    let caps = target.caps;
    let (nb, kb) = (blocks(p.n), blocks(p.k));
    let mut rows: Vec<i64> = (1..=p.m.min(256)).map(|k| cdiv(p.m, k)).collect();
    rows.dedup();
    let mut all = Vec::new();
    for n in 1..=nb {
        for k in 1..=kb {
            for &m in rows.iter().rev() {
                let t = MatmulTiles { m, n, k };
                if !matmul_fits(t, caps) {
                    break;
                }
                let cost = matmul_cost(p, t, target);
                all.push((cost, cdiv(nb, n) * cdiv(p.m, m) * cdiv(kb, k), t));
            }
        }
    }
    rank(all, count)
}
