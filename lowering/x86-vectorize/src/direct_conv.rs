//! Direct f32 convolution for `linalg.conv_2d_nchw_fchw` with unit
//! strides (any window, 1x1 included): no im2col packing. For 1x1 it is
//! the GEMM without packing the input, measured faster than the packed
//! GEMM on ResNet-50's 1x1 layers (docs/x86-kernels.md).
//!
//! # Why
//!
//! The GEMM formulation of an NCHW convolution (M = filters, N = pixels,
//! K = channels x window) packs the input per call into an im2col panel
//! that is KH x KW times larger than the input, with scalar copies; on the
//! 3x3 layers of ResNet-50 that packing cost more than the arithmetic
//! (0.14-0.55 of ONNX Runtime). A direct kernel reads the input in place.
//!
//! # The flat trick
//!
//! With stride 1, output pixel `(oh, ow)` at the *input's* row width `W`
//! has flat position `j = oh * W + ow`, and its tap `(kh, kw)` reads the
//! input at flat `j + kh * dh * W + kw * dw` of the same channel: one
//! constant offset per tap for every pixel. So 16 consecutive flat
//! positions are one unaligned vector load per tap, on any map size, rows
//! included (a 7x7 map of a padded 9x9 input is 61 flat positions, 4
//! vectors with 49 useful lanes, where row-wise vectors would use 7 of 16).
//! Positions with `ow >= OW` (the last `W - OW` columns of each row) are
//! computed and thrown away. The last vector is masked to the `L = (OH-1) W
//! + OW` flat positions, which keeps every load inside its channel.
//!
//! # Kernel
//!
//! Accumulators: `r` filters x `v` vectors of 16 flat positions, zeroed,
//! kept in registers over the whole reduction (`scf.for` over channels,
//! taps unrolled); per tap `v` input loads, `r` weight broadcasts
//! (`w[f][c][kh][kw]`: each filter's weights are read sequentially, so no
//! weight transform is needed), `r x v` FMAs. `(r, v)` come from a small
//! cost model ([`plan`]): FMA, load-port and latency bounds per tap over
//! all kernel instances (full blocks and the static tails), under the
//! 32-register budget. The results go to a per-filter-group buffer
//! `tmp[r][flat]` (in L1/L2) and are added to the output row by row
//! (masked at `OW`), which also drops the thrown-away columns.
//!
//! Loop order: batch, chunk of output rows (its input of all channels fits
//! half an L2, [`chunk_rows`]), filter group (its `r x C x KH x KW`
//! weights stay in cache), flat block within the chunk (each chunk's flat
//! positions start at its first row; the last vector is masked at the
//! chunk's last output column).
//!
//! The same kernel is written for AVX2 + FMA ([`Simd::Avx2`]): vectors of
//! 8 flat positions, and a 16-register budget (12 accumulators).

use crate::blocked_conv::Conv;
use crate::builder::B;
use crate::gemm::{lane_masks, nest, Elem};
use crate::simd::Simd;
use strata_ir::Value;

/// A stride-1 NCHW / FCHW convolution on f32 memrefs (identity layouts).
pub struct DirectConv {
    pub input: Value,
    pub weights: Value,
    /// The weights packed at compile time in panels of the plan's `r`
    /// filters ([`crate::gemm::weight_panels`]), when constant.
    pub weight_panels: Option<Value>,
    pub output: Value,
    /// Input `[n, c, h, w]`.
    pub n: i64,
    pub c: i64,
    pub h: i64,
    pub w: i64,
    /// Filters and window.
    pub f: i64,
    pub kh: i64,
    pub kw: i64,
    /// Output map.
    pub oh: i64,
    pub ow: i64,
    /// Dilations.
    pub dh: i64,
    pub dw: i64,
    pub simd: Simd,
    /// f32, or int8 (AVX2 only; i32 accumulators, i16 pairs of channels,
    /// constant weights in [`crate::gemm::weight_pair_panels`]).
    pub elem: Elem,
}

impl DirectConv {
    /// The stride-1 convolution `conv` on `vals` (input, weights, output).
    pub fn new(
        conv: &Conv,
        vals: &[Value],
        weight_panels: Option<Value>,
        simd: Simd,
        elem: Elem,
    ) -> DirectConv {
        DirectConv {
            input: vals[0],
            weights: vals[1],
            weight_panels,
            output: vals[2],
            n: conv.n,
            c: conv.c,
            h: conv.h,
            w: conv.w,
            f: conv.f,
            kh: conv.kh,
            kw: conv.kw,
            oh: conv.oh,
            ow: conv.ow,
            dh: conv.dh,
            dw: conv.dw,
            simd,
            elem,
        }
    }
}

/// Register block: `r` filters x `v` vectors of flat positions.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Plan {
    pub r: i64,
    pub v: i64,
}

impl Plan {
    /// The pass's `mr` (filters) and `nr` (flat positions) options over
    /// the model's choice (0: keep).
    pub fn overridden(mut self, mr: i64, nr: i64, simd: Simd) -> Plan {
        if mr > 0 {
            self.r = mr.clamp(1, 28);
        }
        if nr > 0 {
            self.v = (nr / simd.lanes()).clamp(1, 12);
        }
        self
    }
}

/// Largest accumulator block and the register file: 28 of 32 zmm (AVX-512)
/// or 12 of 16 ymm (AVX2); `v` input vectors and one broadcast must fit
/// beside the accumulators.
pub fn registers(simd: Simd) -> (i64, i64) {
    match simd {
        Simd::Avx512 => (28, 32),
        Simd::Avx2 => (12, 16),
    }
}

/// Estimated cycles of one reduction step (a tap of one channel) of an
/// `r x v` kernel: 2 FMA ports, 2 load ports (`v` loads + `r` broadcasts),
/// and the 4-cycle FMA latency each accumulator chain waits for; plus a
/// constant for what the model leaves out (loop and address overhead),
/// which makes larger blocks win ties.
fn step_cycles(r: i64, v: i64) -> f64 {
    let fma = (r * v) as f64 / 2.0;
    let loads = (r + v) as f64 / 2.0;
    fma.max(loads).max(4.0) + 0.75
}

/// Chooses `(r, v)` minimising the modelled time over every kernel
/// instance (full filter groups and blocks, and their static tails).
pub fn plan(filters: i64, l: i64, simd: Simd) -> Plan {
    plan_cost(filters, l, simd).0
}

/// Cycles of adding the per-group results to the output (a load, an add
/// and a store per output vector, row by row).
pub fn add_cycles(filters: i64, oh: i64, ow: i64, simd: Simd) -> f64 {
    let lanes = simd.lanes();
    (filters * oh * ((ow + lanes - 1) / lanes)) as f64 * 3.0
}

/// [`plan`] and its modelled cycles per reduction step (one channel and
/// tap) summed over all kernel instances: the compute time is that times
/// `C KH KW`. (The channel-blocked kernel compares with it.)
pub fn plan_cost(filters: i64, l: i64, simd: Simd) -> (Plan, f64) {
    let lanes = simd.lanes();
    let (max_acc, regs) = registers(simd);
    let nvfull = l / lanes;
    let partial = i64::from(l % lanes != 0);
    let nvtot = nvfull + partial;
    let mut best = (f64::INFINITY, Plan { r: 1, v: 1 });
    for v in 1..=nvtot.min(12) {
        for r in 1..=filters.min(max_acc) {
            if r * v > max_acc || r * v + v + 1 > regs {
                continue;
            }
            // Blocks of v vectors, then one tail of the rest (with the
            // partial vector); filter groups of r, then the rest.
            let (blocks, tail_v) = (nvfull / v, nvfull % v + partial);
            let (groups, tail_r) = (filters / r, filters % r);
            let per_group = |rr: i64| {
                blocks as f64 * step_cycles(rr, v)
                    + if tail_v > 0 {
                        step_cycles(rr, tail_v)
                    } else {
                        0.0
                    }
            };
            let mut cost = groups as f64 * per_group(r);
            if tail_r > 0 {
                cost += per_group(tail_r);
            }
            if cost < best.0 {
                best = (cost, Plan { r, v });
            }
        }
    }
    (best.1, best.0)
}

/// Bytes of input (all channels of a chunk's rows) the flat kernel keeps
/// in L2 while every filter group passes over it: half of Zen 3's 512 KiB
/// L2 beside a group's weights with AVX2; with AVX-512 (1-2 MiB L2) a
/// ResNet-50 map always fits, as measured before chunking.
fn chunk_budget(simd: Simd) -> i64 {
    match simd {
        Simd::Avx2 => 192 << 10,
        Simd::Avx512 => 1 << 20,
    }
}

/// Output rows per chunk: its input rows (with the window's halo) of all
/// channels fit [`chunk_budget`].
pub fn chunk_rows(d: &DirectConv) -> i64 {
    let row_bytes = d.c * d.w * 4;
    let halo = (d.kh - 1) * d.dh;
    (chunk_budget(d.simd) / row_bytes - halo).clamp(1, d.oh)
}

/// Emits the direct convolution at `b`'s insertion point.
///
/// Loop order: batch, chunk of output rows (its input of all channels
/// stays in L2), filter group (its weights stay in L1/L2), flat block. On
/// the 3x3 layer of 56x56 maps (64 channels, an 861 KiB padded input) a
/// filter-group-outer order reads the input from L3 once per group; the
/// chunks measured neutral there on Zen 3 (the loads folded into the FMAs
/// were the bottleneck then, [`Simd::load_to_register`]) and keep the
/// sweep in L2 on larger maps.
pub fn emit(b: &mut B, d: &DirectConv, p: Plan) {
    let lanes = d.simd.lanes();
    let rows = chunk_rows(d);
    let chunk_len = (rows - 1) * d.w + d.ow;
    let acc_type = match d.elem {
        Elem::F32 => b.f32(),
        Elem::I8 => b.int(32),
    };
    let tmp = b.alloc(&[p.r, (chunk_len + lanes - 1) / lanes * lanes], acc_type);
    let pairs = (d.elem == Elem::I8).then(|| pair_channels(b, d));
    let d = &DirectConv {
        input: pairs.unwrap_or(d.input),
        ..*d
    };
    nest(b, &[d.n], &mut Vec::new(), &mut |b, nb| {
        let n = nb[0];
        let chunks = d.oh / rows;
        if chunks > 0 {
            b.for_const(0, chunks, 1, |b, ch| {
                let oh0 = b.mulc(ch, rows);
                chunk(b, d, p, tmp, n, oh0, rows);
            });
        }
        if d.oh % rows > 0 {
            let oh0 = b.c(chunks * rows);
            chunk(b, d, p, tmp, n, oh0, d.oh % rows);
        }
    });
    b.dealloc(tmp);
    if let Some(pairs) = pairs {
        b.dealloc(pairs);
    }
}

/// int8: the input as i32 words of two channels' sign-extended i16,
/// `[N][ceil(C / 2)][H W]` (channel `2q` low, `2q + 1` high; past an odd C
/// the last channel twice, against zero weights), one `_x86_pair_i8_i16`
/// per channel pair: what `vpmaddwd` multiplies with a weight word of the
/// same two channels, so the kernel's loads stay vectors of flat positions.
fn pair_channels(b: &mut B, d: &DirectConv) -> Value {
    let hw = d.h * d.w;
    let i32t = b.int(32);
    let pairs = b.alloc(&[d.n, (d.c + 1) / 2, hw], i32t);
    let pair = |b: &mut B, n: Value, q: Value, c0: Value, c1: Value| {
        let zero = b.c(0);
        let dst = b.addr(pairs, vec![n, q, zero]);
        let src0 = b.addr(d.input, vec![n, c0, zero, zero]);
        let src1 = b.addr(d.input, vec![n, c1, zero, zero]);
        let len = b.ci(hw, 32);
        b.call("_x86_pair_i8_i16", &[], vec![dst, src0, src1, len], None);
    };
    nest(b, &[d.n, d.c / 2], &mut Vec::new(), &mut |b, iv| {
        let c0 = b.mulc(iv[1], 2);
        let c1 = b.addc(c0, 1);
        pair(b, iv[0], iv[1], c0, c1);
    });
    if d.c % 2 == 1 {
        nest(b, &[d.n], &mut Vec::new(), &mut |b, iv| {
            let (q, last) = (b.c(d.c / 2), b.c(d.c - 1));
            pair(b, iv[0], q, last, last);
        });
    }
    pairs
}

/// An int8 stride-1 NCHW convolution with a window (not 1x1) and constant
/// weights, through the flat kernel (AVX2): `op`'s operands `vals` of
/// static `shapes`, dilations `di`; `mr`/`nr` override the plan. False
/// (left for the GEMM) when it does not apply. Each reduction step is a
/// channel pair and tap: `vpmaddwd` of a vector of input words with the
/// broadcast weight word, then `vpaddd` (exact, as the GEMM's AVX2 form),
/// with no im2col: the input is converted once ([`pair_channels`], H W
/// words per pair) where the GEMM packs KH KW times as much per call.
#[allow(clippy::too_many_arguments)]
pub fn lower_i8(
    b: &mut B,
    op: strata_ir::OpId,
    vals: &[Value],
    shapes: &[Vec<i64>],
    st: &[i64],
    di: &[i64],
    mr: i64,
    nr: i64,
) -> bool {
    let conv = Conv::from_shapes(shapes, st, di);
    if (conv.sh, conv.sw) != (1, 1) || conv.kh * conv.kw == 1 {
        return false;
    }
    let simd = Simd::Avx2;
    let p = plan(conv.f, (conv.oh - 1) * conv.w + conv.ow, simd).overridden(mr, nr, simd);
    let pairs = crate::gemm::Pairing::Channels;
    let Some(panels) = crate::gemm::weight_pair_panels(b.ctx, b.ir, op, vals[1], p.r, pairs) else {
        return false;
    };
    let d = DirectConv::new(&conv, vals, Some(panels), simd, Elem::I8);
    emit(b, &d, p);
    true
}

/// One filter group's share of a chunk: batch element `n`, filters `f0 ..
/// f0 + r` (with packed weights, their panel: `f0` is a multiple of the
/// plan's `r`, the panel width), output rows `oh0 .. oh0 + rows`.
#[derive(Clone, Copy)]
struct Group {
    n: Value,
    f0: Value,
    r: i64,
    panel: Option<(Value, Value)>,
    oh0: Value,
    rows: i64,
}

/// Output rows `oh0 .. oh0 + rows` of every filter.
fn chunk(b: &mut B, d: &DirectConv, p: Plan, tmp: Value, n: Value, oh0: Value, rows: i64) {
    let group = |b: &mut B, f0: Value, r: i64| {
        let panel = d.weight_panels.map(|wp| (wp, b.divc(f0, p.r)));
        let g = Group {
            n,
            f0,
            r,
            panel,
            oh0,
            rows,
        };
        filter_group(b, d, p, tmp, &g);
    };
    let groups = d.f / p.r;
    if groups > 0 {
        b.for_const(0, groups, 1, |b, g| {
            let f0 = b.mulc(g, p.r);
            group(b, f0, p.r);
        });
    }
    if d.f % p.r > 0 {
        let f0 = b.c(groups * p.r);
        group(b, f0, d.f % p.r);
    }
}

/// A group's filters on the chunk's rows: every flat block into `tmp`,
/// then added to the output.
fn filter_group(b: &mut B, d: &DirectConv, p: Plan, tmp: Value, g: &Group) {
    let l = (g.rows - 1) * d.w + d.ow;
    let lanes = d.simd.lanes();
    let nvfull = l / lanes;
    let blocks = nvfull / p.v;
    let full = vec![d.simd.full_mask(); p.v as usize];
    let jc = b.mulc(g.oh0, d.w);
    if blocks > 0 {
        b.for_const(0, blocks, 1, |b, jb| {
            let jl = b.mulc(jb, lanes * p.v);
            kernel(b, d, tmp, g, jc, jl, &full);
        });
    }
    // The rest: full vectors, then the partial one (masked to the
    // chunk's last output column).
    let rest = l - blocks * p.v * lanes;
    if rest > 0 {
        let jl = b.c(blocks * p.v * lanes);
        let ms = lane_masks(lanes, 0, Some(rest));
        kernel(b, d, tmp, g, jc, jl, &ms);
    }
    add_to_output(b, d, tmp, g);
}

/// `tmp[rr][jl + lanes v + lane]` for the group's `rr < r` and the
/// vectors of `ms` (flat positions `jc + jl + ...`): the full reduction
/// over channels and taps in registers.
fn kernel(b: &mut B, d: &DirectConv, tmp: Value, g: &Group, jc: Value, jl: Value, ms: &[u16]) {
    let (simd, elem) = (d.simd, d.elem);
    let Group {
        n, f0, r, panel, ..
    } = *g;
    let lanes = simd.lanes();
    let nv = ms.len();
    let accs: Vec<Value> = (0..r as usize * nv).map(|_| simd.zero(b, elem)).collect();
    let zero = b.c(0);
    let j0 = b.add(jc, jl);
    let filters: Vec<Value> = (0..r).map(|rr| b.addc(f0, rr)).collect();
    // The reduction's channel steps: channels (f32) or channel pairs
    // (int8's input words, [`pair_channels`]).
    let steps = match elem {
        Elem::F32 => d.c,
        Elem::I8 => (d.c + 1) / 2,
    };
    let (l, u, s) = (b.c(0), b.c(steps), b.c(1));
    let accs = b.for_(l, u, s, accs, |b, c, mut accs| {
        for kh in 0..d.kh {
            for kw in 0..d.kw {
                let off = kh * d.dh * d.w + kw * d.dw;
                let xs: Vec<Value> = ms
                    .iter()
                    .enumerate()
                    .map(|(v, &m)| {
                        let j = b.addc(j0, off + lanes * v as i64);
                        let at = match elem {
                            Elem::F32 => vec![n, c, zero, j],
                            Elem::I8 => vec![n, c, j],
                        };
                        let src = b.addr(d.input, at);
                        simd.load_to_register(b, elem, src, m)
                    })
                    .collect();
                let (khv, kwv) = (b.c(kh), b.c(kw));
                let tap = match panel {
                    Some(_) => {
                        let ck = b.mulc(c, d.kh * d.kw);
                        Some(b.addc(ck, kh * d.kw + kw))
                    }
                    None => None,
                };
                for (rr, &f) in filters.iter().enumerate() {
                    let wv = match (panel, tap) {
                        (Some((wp, g)), Some(tap)) => {
                            let row = b.c(rr as i64);
                            b.load(wp, vec![g, tap, row])
                        }
                        _ => b.load(d.weights, vec![f, c, khv, kwv]),
                    };
                    let wb = simd.splat(b, elem, wv);
                    for (v, &x) in xs.iter().enumerate() {
                        let i = rr * nv + v;
                        accs[i] = simd.multiply_add(b, elem, accs[i], wb, x);
                    }
                }
            }
        }
        accs
    });
    for rr in 0..r {
        let row = b.c(rr);
        for v in 0..nv {
            let j = b.addc(jl, lanes * v as i64);
            let dst = b.addr(tmp, vec![row, j]);
            let acc = accs[rr as usize * nv + v];
            simd.store(b, elem, dst, acc, simd.full_mask());
        }
    }
}

/// `out[n][f0 + rr][oh0 + oh][ow] += tmp[rr][oh * W + ow]` for the
/// group's filters and rows, the row's last vector masked at `OW`.
fn add_to_output(b: &mut B, d: &DirectConv, tmp: Value, g: &Group) {
    let Group {
        n,
        f0,
        r,
        oh0,
        rows,
        ..
    } = *g;
    let (simd, elem) = (d.simd, d.elem);
    let lanes = simd.lanes();
    let ms = lane_masks(lanes, 0, Some(d.ow));
    b.for_const(0, r, 1, |b, rr| {
        let f = b.add(f0, rr);
        b.for_const(0, rows, 1, |b, oh| {
            let row0 = b.mulc(oh, d.w);
            let out_row = b.add(oh0, oh);
            for (v, &m) in ms.iter().enumerate() {
                let col = b.c(lanes * v as i64);
                let j = b.addc(row0, lanes * v as i64);
                let src = b.addr(tmp, vec![rr, j]);
                let dst = b.addr(d.output, vec![n, f, out_row, col]);
                let x = simd.load(b, elem, src, m);
                let y = simd.load(b, elem, dst, m);
                let sum = simd.add(b, elem, y, x);
                simd.store(b, elem, dst, sum, m);
            }
        });
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The model's choices stay inside the register budget and use
    /// reasonably large blocks on ResNet-50's 3x3 layers (padded input
    /// width `w`, output `w - 2`).
    #[test]
    fn plans_fit_registers() {
        for simd in [Simd::Avx512, Simd::Avx2] {
            let (max_acc, regs) = registers(simd);
            for (w, f) in [(58, 64), (16, 256), (30, 128), (9, 512), (10, 5), (4, 1)] {
                let o = w - 2;
                let p = plan(f, (o - 1) * w + o, simd);
                assert!(p.r * p.v <= max_acc && p.r * p.v + p.v < regs, "{p:?}");
                if f >= 64 {
                    assert!(p.r * p.v >= max_acc / 2 + 2, "{w}x{w}->{f}: {p:?}");
                }
                println!("{simd:?} {w}x{w} -> {f}: {p:?}");
            }
        }
    }
}
