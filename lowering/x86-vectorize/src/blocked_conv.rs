//! Channel-blocked direct f32 convolution for `linalg.conv_2d_nchw_fchw`:
//! any window, stride and dilation. The vector lanes run along 16 output
//! channels (OIHW16o weights, as oneDNN's and ONNX Runtime's NCHWc
//! kernels), input pixels are broadcast, so lane use does not depend on
//! the map's width and a stride is only a different broadcast address.
//!
//! # Why
//!
//! The flat kernel ([`crate::direct_conv`]) puts 16 output pixels in a
//! vector: on 14x14 and 7x7 maps a ninth to a quarter of its lanes compute
//! columns that are thrown away, its input loads are unaligned (cache-line
//! splits on two of three taps), and it needs unit strides (strided
//! convolutions went through the GEMM with a scalar im2col copy). Here the
//! weights are the vector operand: `wp[F/16][C][KH][KW][16]`, 16 filters'
//! weights of one tap in one aligned 64-byte load, and every output pixel
//! of a block is one `vbroadcastss` of an input element read in place
//! from the NCHW input (no input re-layout).
//!
//! # Kernel
//!
//! A block is `v` vectors of 16 filters x `rows` output rows x `p`
//! pixels per row (whole rows when the map is narrow, `rows > 1` only
//! then), `rows p v <= 28` accumulators kept in registers over the whole
//! reduction (`scf.for` over channels, the taps unrolled): per tap `v`
//! weight loads, `rows p` broadcasts, `rows p v` FMAs. `(v, rows, p)` come
//! from a cost model ([`plan`]) over every kernel instance (full and tail
//! filter groups, row and column blocks). The accumulators (pixel-major:
//! 16 filters per vector) are added to the NCHW output by 16x16
//! transposes in registers (64 two-source permutes per 16 pixels and
//! vector, [`transpose16`]) and one masked load-add-store per filter: a
//! block's pixels are contiguous in each output plane. (Until session 7
//! they went through a buffer and were added element by element, about
//! as long as the arithmetic when C = 64: 1x1 256x14x14->1024 ran 1.11x
//! and 64x56x56->256 1.20x faster with the transposes.)
//!
//! # Weights
//!
//! Constant weights (a `memref.get_global` of a constant global, visible
//! when the pass runs on the module) are packed at compile time into a new
//! global (`@w__oihw16o`), as the peers pack their initializers when a
//! session is created; otherwise they are packed inside every call (F C KH
//! KW scalar copies, which the cost model charges: on 7x7 maps that is a
//! third of the arithmetic, and the flat kernel wins there).
//!
//! # AVX2
//!
//! The same generator with [`Simd::Avx2`]: 8 filters per vector
//! (`@w__oihw8o`), at most 12 accumulators with the window row's weight
//! vectors held in registers (16 in all), and per 8 pixels one
//! `_x86_add_transposed8_ps` (an 8x8 transpose and a masked
//! load-add-store per filter, in `strata_x86.h`). A row block of a 14x14
//! or 7x7 map holds 7 pixels, too few FMA chains for the 4-cycle latency,
//! so small maps are cut into flat blocks instead: the pixels in
//! row-major order, in near-equal blocks of at most 12 that cross rows
//! ([`flat_blocks`], each block's row segments static, its own code). On
//! Zen 3 it beats the flat kernel on ResNet-50's 3x3 layers at 7x7
//! (1.07x with row blocks, 1.06x more with flat blocks), 14x14 (1.12x,
//! flat blocks) and 28x28 (1.09x, row blocks of 10).
//!
//! Loop order: batch, filter group (its `C KH KW 16 v` packed weights stay
//! in L2), output row block, column block; when one image's input is
//! larger than half the L2 (1 MiB), batch, row block, column block, filter
//! group instead (the weights stay in L2 and each input tile is read once
//! for all groups).

use crate::builder::B;
use crate::direct_conv;
use crate::gemm::Elem;
use crate::simd::Simd;
use crate::KernelPath;
use strata_dialect_arith::ConstantOp;
use strata_ir::{AttrData, OpId, Value};

/// A NCHW / FCHW convolution on f32 memrefs (identity layouts).
#[derive(Clone, Debug)]
pub struct Conv {
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
    /// Strides and dilations.
    pub sh: i64,
    pub sw: i64,
    pub dh: i64,
    pub dw: i64,
}

impl Conv {
    /// An NCHW / FCHW convolution of static `shapes` (input, weights,
    /// output), strides `st` and dilations `di`.
    pub fn from_shapes(shapes: &[Vec<i64>], st: &[i64], di: &[i64]) -> Conv {
        let (i, w, o) = (&shapes[0], &shapes[1], &shapes[2]);
        Conv {
            n: o[0],
            c: w[1],
            h: i[2],
            w: i[3],
            f: w[0],
            kh: w[2],
            kw: w[3],
            oh: o[2],
            ow: o[3],
            sh: st[0],
            sw: st[1],
            dh: di[0],
            dw: di[1],
        }
    }
}

/// Register block: `v` vectors of filters (16 or 8 each) x `rows` rows x
/// `p` pixels;
/// or, `flat`, the map's pixels in row-major order cut into
/// [`flat_blocks`] of at most `p` (`rows` 1).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Plan {
    pub v: i64,
    pub rows: i64,
    pub p: i64,
    pub flat: bool,
}

/// Most blocks of a `flat` plan: each is emitted as its own code (its
/// row segments are static), so small maps only.
const MAX_FLAT_BLOCKS: i64 = 32;

/// One block of pixels: row segments `(row, col, len)` from the tile's
/// origin, consecutive in the output plane (so the epilogue's vectors of
/// pixels are contiguous).
type Segments = Vec<(i64, i64, i64)>;

/// The map's `OH x OW` pixels in row-major order, cut into the fewest
/// blocks of at most `p`, of near-equal sizes (49 pixels and `p = 12`:
/// 10, 10, 10, 10, 9, where blocks of 12 would leave one pixel alone),
/// each split into its row segments.
fn flat_blocks(d: &Conv, p: i64) -> Vec<Segments> {
    let total = d.oh * d.ow;
    let count = (total + p - 1) / p;
    let mut start = 0;
    (0..count)
        .map(|i| {
            let size = total / count + i64::from(i < total % count);
            let mut segments = Vec::new();
            let mut at = start;
            while at < start + size {
                let (row, col) = (at / d.ow, at % d.ow);
                let len = (d.ow - col).min(start + size - at);
                segments.push((row, col, len));
                at += len;
            }
            start += size;
            segments
        })
        .collect()
}

/// The largest input image (bytes) the filter-group-outer loop order
/// keeps: half of this machine's 2 MiB L2, the rest for the packed
/// weights of a group and the output.
const INPUT_IN_L2_BYTES: i64 = 1 << 20;

/// Estimated cycles of one window row (one channel, one kh: KW taps) of a
/// block of `v` vectors and row `segments` of pixels: 2 FMA ports, 2 load ports
/// (`KW v` weight loads, one broadcast per input column read), the
/// 4-cycle FMA latency per accumulator chain, plus a constant for the
/// loop and addresses.
fn step_cycles(d: &Conv, segments: &[i64], v: i64) -> f64 {
    let pix: i64 = segments.iter().sum();
    let fma = (pix * v * d.kw) as f64 / 2.0;
    let broadcasts: i64 = segments
        .iter()
        .map(|&p| ((p - 1) * d.sw + (d.kw - 1) * d.dw + 1).min(p * d.kw))
        .sum();
    let loads = (v * d.kw + broadcasts) as f64 / 2.0;
    fma.max(loads).max(4.0 * d.kw as f64) + 0.75 * d.kw as f64
}

/// Cycles to add one block's result into the NCHW output and to start
/// it: per `lanes` pixels of each of the `v` vectors a transpose (16x16:
/// 64 two-source permutes; 8x8: 24 shuffles; one port) and `lanes`
/// masked load-add-stores, each to another output plane (4 cycles each:
/// with 1.5, as for a cached access, the model took this kernel for
/// 64x56x56 1x1->256, measured 0.85 of the flat kernel's speed).
fn epilogue_cycles(pix: i64, v: i64, simd: Simd) -> f64 {
    let lanes = simd.lanes();
    let transpose = match simd {
        Simd::Avx512 => 64.0,
        Simd::Avx2 => 24.0,
    };
    let chunks = (pix + lanes - 1) / lanes;
    (chunks * v) as f64 * (transpose + lanes as f64 * 4.0) + 30.0
}

/// Cycles per weight element for packing the weights inside the call.
pub const PACK_CYCLES: f64 = 1.5;

/// Modelled cycles of the whole convolution with plan `p` (one batch
/// element), packing excluded.
pub fn cost(d: &Conv, p: Plan, simd: Simd) -> f64 {
    let lanes = simd.lanes();
    let taps = (d.c * d.kh) as f64;
    let groups = d.f / (lanes * p.v);
    let rest = d.f - groups * lanes * p.v;
    let tail_v = (rest + lanes - 1) / lanes;
    let row_blocks = [(d.oh / p.rows, p.rows), (1, d.oh % p.rows)];
    let col_blocks = [(d.ow / p.p, p.p), (1, d.ow % p.p)];
    let mut total = 0.0;
    for (ng, v) in [(groups, p.v), (1, tail_v)] {
        if ng == 0 || v == 0 {
            continue;
        }
        if p.flat {
            for block in flat_blocks(d, p.p) {
                let lens: Vec<i64> = block.iter().map(|s| s.2).collect();
                let pix = lens.iter().sum();
                total +=
                    ng as f64 * (taps * step_cycles(d, &lens, v) + epilogue_cycles(pix, v, simd));
            }
            continue;
        }
        for &(nr, rows) in &row_blocks {
            for &(nc, cols) in &col_blocks {
                if nr == 0 || rows == 0 || nc == 0 || cols == 0 {
                    continue;
                }
                let pix = rows * cols;
                let count = (ng * nr * nc) as f64;
                let lens = vec![cols; rows as usize];
                total += count * (taps * step_cycles(d, &lens, v) + epilogue_cycles(pix, v, simd));
            }
        }
    }
    total
}

/// Chooses `(v, rows, p)` minimising [`cost`] under the register budget
/// ([`direct_conv::registers`]: the accumulators, `KW v` weight vectors
/// and one broadcast).
pub fn plan(d: &Conv, simd: Simd) -> (Plan, f64) {
    let (max_acc, regs) = direct_conv::registers(simd);
    let fb = (d.f + simd.lanes() - 1) / simd.lanes();
    let mut best = (
        f64::INFINITY,
        Plan {
            v: 1,
            rows: 1,
            p: 1,
            flat: false,
        },
    );
    for v in 1..=fb.min(4) {
        for p in 1..=d.ow.min(max_acc / v) {
            let max_rows = if p == d.ow { d.oh } else { 1 };
            for rows in 1..=max_rows {
                let acc = rows * p * v;
                if acc > max_acc || acc + v * d.kw + 1 > regs {
                    break;
                }
                let plan = Plan {
                    v,
                    rows,
                    p,
                    flat: false,
                };
                let c = cost(d, plan, simd);
                if c < best.0 {
                    best = (c, plan);
                }
            }
        }
        // Flat blocks (AVX2: with 12 accumulators a row block of a 7x7 or
        // 14x14 map holds 7 pixels, too few FMA chains for the latency;
        // AVX-512's 28 take whole rows).
        for p in 1..=(max_acc / v) {
            let count = (d.oh * d.ow + p - 1) / p;
            if simd != Simd::Avx2 || p * v + v * d.kw + 1 > regs || count > MAX_FLAT_BLOCKS {
                continue;
            }
            let plan = Plan {
                v,
                rows: 1,
                p,
                flat: true,
            };
            let c = cost(d, plan, simd);
            if c < best.0 {
                best = (c, plan);
            }
        }
    }
    (best.1, best.0)
}

/// Packs FCHW weights `raw` (row-major `[f][c][kh][kw]`) into
/// `[ceil(f/lanes)][c][kh][kw][lanes]`, zero filters past `f`.
pub fn pack_const(raw: &[f32], f: i64, c: i64, kh: i64, kw: i64, lanes: i64) -> Vec<f32> {
    let fb = (f + lanes - 1) / lanes;
    let taps = c * kh * kw;
    let mut out = vec![0.0f32; (fb * taps * lanes) as usize];
    for fi in 0..f {
        for t in 0..taps {
            out[(((fi / lanes) * taps + t) * lanes + fi % lanes) as usize] =
                raw[(fi * taps + t) as usize];
        }
    }
    out
}

/// The packed weights' shape for vectors of `lanes` filters.
pub fn packed_shape(d: &Conv, lanes: i64) -> [i64; 5] {
    [(d.f + lanes - 1) / lanes, d.c, d.kh, d.kw, lanes]
}

/// Operands: the NCHW input, the packed weights (or `None`: `raw` is
/// packed here, in every call), the output.
pub struct Operands {
    pub input: Value,
    pub raw_weights: Value,
    pub packed: Option<Value>,
    pub output: Value,
}

/// How much slower the flat kernel runs than its model says, relative to
/// this kernel's model, fit on paired measurements of both kernels on
/// ResNet-50's layers (docs/x86-kernels.md, `path=flat` against
/// `path=blocked`).
///
/// AVX-512 (10-12 alternations of the two binaries): the flat kernel's
/// time over the blocked one's came out 1.03-1.33 times what the two
/// models predict (most on 14x14 maps, whose channel rows are not 64-byte
/// aligned, so every flat input load splits a cache line, which the
/// load-port count does not capture). Without it the model kept the flat
/// kernel on 256x14x14 1x1->1024, measured 1.10-1.24 times slower.
///
/// AVX2 (Zen 3, 3x3 layers, row blocks): the models' ratio (blocked over
/// flat time) matched the paired ratios: 7x7 maps 0.92 against 0.94
/// measured, 14x14 1.06 against 1.06, 28x28 0.98 against 0.92, 56x56 1.00
/// against 0.99-1.04; 0.98 keeps the flat kernel on ties. (With flat
/// blocks, 14x14: 0.88 modelled, 0.90 measured.)
fn flat_measured_over_model(simd: Simd) -> f64 {
    match simd {
        Simd::Avx512 => 1.12,
        Simd::Avx2 => 0.98,
    }
}

/// Cycles of the GEMM path (im2col panel packed element by element,
/// FMA kernel at about three quarters of the peak) for a strided
/// convolution, one batch element.
fn gemm_cycles(d: &Conv) -> f64 {
    let k = (d.c * d.kh * d.kw) as f64;
    let pixels = (d.oh * d.ow) as f64;
    k * pixels * (d.f as f64 / 24.0 + PACK_CYCLES)
}

/// Lowers an f32 `linalg.conv_2d_nchw_fchw` (`op`, operands `vals` of
/// static `shapes`, strides `st`, dilations `di`) through the flat kernel
/// ([`crate::direct_conv`], unit strides only) or the channel-blocked one,
/// whichever the cost models make faster, per-call weight packing
/// included; `path=flat` / `path=blocked` force one. False (op left for
/// the GEMM) when the chosen form does not apply.
#[allow(clippy::too_many_arguments)]
pub fn lower(
    b: &mut B,
    op: OpId,
    vals: &[Value],
    shapes: &[Vec<i64>],
    st: &[i64],
    di: &[i64],
    path: KernelPath,
    mr: i64,
    nr: i64,
    simd: Simd,
) -> bool {
    let d = Conv::from_shapes(shapes, st, di);
    let unit = d.sh == 1 && d.sw == 1;
    let flat = unit.then(|| {
        let (p, per_tap) = direct_conv::plan_cost(d.f, (d.oh - 1) * d.w + d.ow, simd);
        let cycles =
            per_tap * (d.c * d.kh * d.kw) as f64 + direct_conv::add_cycles(d.f, d.oh, d.ow, simd);
        (p, cycles)
    });
    let lanes = simd.lanes();
    let (mut bp, mut blocked) = plan(&d, simd);
    if path == KernelPath::Blocked {
        // mr = pixels per block (whole rows when at least a row), nr =
        // lanes x v.
        if nr > 0 {
            bp.v = (nr / lanes).clamp(1, 4);
        }
        if mr > 0 {
            bp.flat = false;
            bp.p = mr.clamp(1, d.ow);
            bp.rows = (mr / d.ow).clamp(1, d.oh);
            if bp.rows > 1 {
                bp.p = d.ow;
            }
        }
    }
    let f32t = b.f32();
    let konst = crate::amx::constant_bytes(b.ctx, b.ir, op, vals[1], f32t);
    if konst.is_none() {
        blocked += PACK_CYCLES * (d.f * d.c * d.kh * d.kw) as f64 / d.n as f64;
    }
    // AVX2: a unit-stride window larger than 1x1 takes the flat kernel or
    // this one, as the models say (ResNet-50's 3x3 layers: the flat kernel
    // 1.18-1.52x the GEMM with its im2col packing, paired; this one on
    // 7x7, 14x14 and 28x28 maps, 1.13x, 1.12x and 1.09x the flat kernel,
    // the 56x56 layer a tie that keeps the flat one), the GEMM for
    // 1x1 layers (1.0-1.8x the flat kernel there: their B is the input
    // itself, packed with vector copies; this kernel 0.49-0.68x the GEMM:
    // one broadcast per FMA) and strided ones, or what `path` asks
    // (docs/x86-kernels.md).
    let whole_map_1x1 = d.kh * d.kw == 1 && unit && d.h == d.oh && d.w == d.ow && d.dh * d.dw == 1;
    let pointwise = d.kh * d.kw == 1 && (d.ow >= simd.lanes() || whole_map_1x1);
    let forced = matches!(path, KernelPath::Flat | KernelPath::Blocked);
    if simd == Simd::Avx2 && !forced && (pointwise || !unit) {
        return false;
    }
    let use_blocked = match path {
        KernelPath::Flat => false,
        KernelPath::Blocked => true,
        _ => match flat {
            // AVX-512, 1x1 included: on small maps (7x7) the flat
            // kernel's partly empty vectors lose to 16 filters per vector
            // (2048x7x7->512: 151-161 vs 112-117 GFLOP/s); elsewhere the
            // model keeps flat.
            Some((_, fc)) => blocked < fc * flat_measured_over_model(simd),
            None => blocked < gemm_cycles(&d),
        },
    };
    if !use_blocked {
        let Some((p, _)) = flat else {
            return false;
        };
        let p = p.overridden(mr, nr, simd);
        // AVX2: constant weights in panels of the group's filters (the
        // AVX-512 flat kernel, measured before on another machine, reads
        // them in place).
        let weight_panels = (simd == Simd::Avx2)
            .then(|| crate::gemm::weight_panels(b.ctx, b.ir, op, vals[1], p.r))
            .flatten();
        let dc = direct_conv::DirectConv::new(&d, vals, weight_panels, simd, Elem::F32);
        direct_conv::emit(b, &dc, p);
        return true;
    }
    let packed = konst.and_then(|(sym, raw)| {
        let floats: Vec<f32> = raw
            .chunks_exact(4)
            .map(|x| f32::from_le_bytes([x[0], x[1], x[2], x[3]]))
            .collect();
        let bytes: Vec<u8> = pack_const(&floats, d.f, d.c, d.kh, d.kw, lanes)
            .iter()
            .flat_map(|x| x.to_le_bytes())
            .collect();
        let name = format!("{sym}__oihw{lanes}o");
        let shape = packed_shape(&d, lanes);
        crate::amx::packed_global(b.ctx, b.ir, op, &name, &shape, f32t, bytes)
    });
    let ops = Operands {
        input: vals[0],
        raw_weights: vals[1],
        packed,
        output: vals[2],
    };
    emit(b, op, &d, bp, &ops, simd);
    true
}

/// Emits the convolution before `op` (`b`'s insertion point).
pub fn emit(b: &mut B, op: OpId, d: &Conv, p: Plan, ops: &Operands, simd: Simd) {
    let lanes = simd.lanes();
    let transpose = match simd {
        Simd::Avx512 => transpose_indices(b, op),
        Simd::Avx2 => vec![],
    };
    let (wp, packed_here) = match ops.packed {
        Some(wp) => (wp, false),
        None => (pack_weights(b, d, ops.raw_weights, lanes), true),
    };
    let k = Kernel {
        d,
        input: ops.input,
        wp,
        output: ops.output,
        simd,
        transpose,
    };
    let (l, u, s) = (b.c(0), b.c(d.n), b.c(1));
    // Filter groups outermost re-read the whole input once per group,
    // pixel tiles outermost re-read the packed weights once per tile: the
    // first while the input of one image stays in L2 with room to spare,
    // else the second (512x28x28 1x1->128, 1.6 MB of input: 1.137x,
    // paired rounds 1.07-1.38; 64x56x56 3x3, 0.86 MB: 0.92x).
    let pixels_outer = d.c * d.h * d.w * 4 > INPUT_IN_L2_BYTES;
    b.for_(l, u, s, vec![], |b, n, _| {
        if pixels_outer {
            k.tiles(b, p, &mut |b, tile| {
                k.groups(b, p, &mut |b, fb0, v, filters| {
                    k.block(b, n, fb0, v, filters, tile)
                })
            });
        } else {
            k.groups(b, p, &mut |b, fb0, v, filters| {
                k.tiles(b, p, &mut |b, tile| k.block(b, n, fb0, v, filters, tile))
            });
        }
        vec![]
    });
    if packed_here {
        b.dealloc(wp);
    }
}

/// `wp[f / lanes][c][kh][kw][f % lanes] = w[f][c][kh][kw]`, zeros past
/// `F`.
fn pack_weights(b: &mut B, d: &Conv, w: Value, lanes: i64) -> Value {
    let f32t = b.f32();
    let wp = b.alloc(&packed_shape(d, lanes), f32t);
    let (fb, taps) = ((d.f + lanes - 1) / lanes, d.kh * d.kw);
    // Filters are read sequentially (c, kh, kw contiguous).
    b.for_const(0, d.f, 1, |b, f| {
        let (blk, lane) = (b.divc(f, lanes), b.remc(f, lanes));
        b.for_const(0, d.c, 1, |b, c| {
            for t in 0..taps {
                let (y, x) = (b.c(t / d.kw), b.c(t % d.kw));
                let e = b.load(w, vec![f, c, y, x]);
                b.store(e, wp, vec![blk, c, y, x, lane]);
            }
        });
    });
    if fb * lanes > d.f {
        let zero = {
            let ctx = b.ctx;
            let value = ctx.intern_attr(AttrData::Float {
                ty: f32t,
                bits: strata_ir::FloatBits(0),
            });
            let constant = ConstantOp::build(b, f32t, value);
            b.ir.result(constant.0, 0)
        };
        let blk = b.c(fb - 1);
        b.for_const(d.f % lanes, lanes, 1, |b, lane| {
            b.for_const(0, d.c, 1, |b, c| {
                for t in 0..taps {
                    let (y, x) = (b.c(t / d.kw), b.c(t % d.kw));
                    b.store(zero, wp, vec![blk, c, y, x, lane]);
                }
            });
        });
    }
    wp
}

/// The (pixel, kw) pairs of a block of `p` pixels whose tap reads input
/// column `col` (relative to the block's first pixel).
fn column_uses(d: &Conv, p: i64, col: i64) -> Vec<(i64, i64)> {
    (0..d.kw)
        .filter_map(|x| {
            let rest = col - x * d.dw;
            (rest >= 0 && rest % d.sw == 0 && rest / d.sw < p).then_some((rest / d.sw, x))
        })
        .collect()
}

/// The lanes each stage of [`transpose16`] takes from the 32 of a pair
/// of rows: stage `s` (block size `h = 8 >> s`) swaps the off-diagonal
/// `h x h` blocks of every `2h x 2h` block, the upper row getting `idx[2s]`
/// and the lower `idx[2s + 1]`.
fn transpose_table() -> Vec<i32> {
    let mut t = Vec::with_capacity(8 * 16);
    for h in [8, 4, 2, 1] {
        t.extend((0..16).map(|x| if x & h == 0 { x } else { 16 + x - h }));
        t.extend((0..16).map(|x| if x & h == 0 { x + h } else { 16 + x }));
    }
    t
}

/// The index vectors of [`transpose16`]: loads from a constant global
/// (`@__strata_transpose16`, created before the function holding `op`)
/// when the pass runs on the module, else `_mm512_set_epi32` of
/// constants (a pass nested on `func.func` cannot add a global).
///
/// Loaded from a constant global, gcc reloads an index into the register
/// each permute overwrites; as `_mm512_set_epi32` it kept them in
/// registers and spilled six accumulators inside the reduction loop
/// (1x1 256x14x14->1024: 11% slower, paired `bench/x86/ab.py`).
fn transpose_indices(b: &mut B, op: OpId) -> Vec<Value> {
    let table = transpose_table();
    let i32t = b.int(32);
    let vt = b.vec_i32();
    let bytes: Vec<u8> = table.iter().flat_map(|x| x.to_le_bytes()).collect();
    let global = crate::amx::packed_global(
        b.ctx,
        b.ir,
        op,
        "__strata_transpose16",
        &[8, 16],
        i32t,
        bytes,
    );
    match global {
        Some(g) => (0..8)
            .map(|row| {
                let (r, z) = (b.c(row), b.c(0));
                let at = b.addr(g, vec![r, z]);
                b.vcall("_mm512_loadu_si512", vec![at], vt)
            })
            .collect(),
        None => table
            .chunks(16)
            .map(|lanes| {
                let args: Vec<Value> = lanes.iter().rev().map(|&x| b.ci(x as i64, 32)).collect();
                b.vcall("_mm512_set_epi32", args, vt)
            })
            .collect(),
    }
}

/// Transposes 16 vectors of 16 lanes (`rows[q][l]` -> `out[l][q]`) with
/// 64 two-source permutes.
fn transpose16(b: &mut B, idx: &[Value], mut rows: Vec<Value>) -> Vec<Value> {
    let vt = b.vec_f32();
    for (s, h) in [8usize, 4, 2, 1].into_iter().enumerate() {
        for i in (0..16).filter(|i| i & h == 0) {
            let (lo, hi) = (rows[i], rows[i + h]);
            rows[i] = b.vcall("_mm512_permutex2var_ps", vec![lo, idx[2 * s], hi], vt);
            rows[i + h] = b.vcall("_mm512_permutex2var_ps", vec![lo, idx[2 * s + 1], hi], vt);
        }
    }
    rows
}

/// A block's filters: batch index, first vector of filters, vectors, and
/// how many of their filters exist.
type Group = (Value, Value, i64, i64);

/// A block's pixels: [`Segments`] from the origin `(oh0, ow0)`.
struct Tile {
    oh0: Value,
    ow0: Value,
    segments: Segments,
}

impl Tile {
    fn pixels(&self) -> i64 {
        self.segments.iter().map(|s| s.2).sum()
    }

    /// The output coordinates of the tile's pixel `q`.
    fn position(&self, b: &mut B, q: i64) -> (Value, Value) {
        let mut first = 0;
        for &(r, col, len) in &self.segments {
            if q < first + len {
                return (b.addc(self.oh0, r), b.addc(self.ow0, col + q - first));
            }
            first += len;
        }
        unreachable!("pixel {q} past the tile's {first}")
    }
}

struct Kernel<'d> {
    d: &'d Conv,
    input: Value,
    wp: Value,
    output: Value,
    simd: Simd,
    /// [`transpose_indices`] (AVX-512; AVX2's transpose is
    /// `_x86_add_transposed8_ps`).
    transpose: Vec<Value>,
}

impl Kernel<'_> {
    /// Every pixel tile of the map: with a `flat` plan its static
    /// [`flat_blocks`]; else row blocks, then the tail rows, in each
    /// column blocks, then the tail columns.
    fn tiles(&self, b: &mut B, p: Plan, each: &mut dyn FnMut(&mut B, &Tile)) {
        let d = self.d;
        if p.flat {
            for segments in flat_blocks(d, p.p) {
                let (oh0, ow0) = (b.c(0), b.c(0));
                each(b, &Tile { oh0, ow0, segments });
            }
            return;
        }
        let cols = |b: &mut B, oh0: Value, rows: i64, each: &mut dyn FnMut(&mut B, &Tile)| {
            let rect = |oh0, ow0, p| Tile {
                oh0,
                ow0,
                segments: (0..rows).map(|r| (r, 0, p)).collect(),
            };
            let blocks = d.ow / p.p;
            b.for_const(0, blocks, 1, |b, cb| {
                let ow0 = b.mulc(cb, p.p);
                each(b, &rect(oh0, ow0, p.p));
            });
            if d.ow % p.p > 0 {
                let ow0 = b.c(blocks * p.p);
                each(b, &rect(oh0, ow0, d.ow % p.p));
            }
        };
        let blocks = d.oh / p.rows;
        b.for_const(0, blocks, 1, |b, rb| {
            let oh0 = b.mulc(rb, p.rows);
            cols(b, oh0, p.rows, each);
        });
        if d.oh % p.rows > 0 {
            let oh0 = b.c(blocks * p.rows);
            cols(b, oh0, d.oh % p.rows, each);
        }
    }

    /// Every filter group: the full groups of `v` vectors, then the tail
    /// group: `each(b, fb0, vectors, filters)` (`filters` of the group's
    /// `lanes vectors` exist).
    fn groups(&self, b: &mut B, p: Plan, each: &mut dyn FnMut(&mut B, Value, i64, i64)) {
        let d = self.d;
        let lanes = self.simd.lanes();
        let groups = d.f / (lanes * p.v);
        b.for_const(0, groups, 1, |b, g| {
            let fb0 = b.mulc(g, p.v);
            each(b, fb0, p.v, lanes * p.v);
        });
        let rest = d.f - groups * lanes * p.v;
        if rest > 0 {
            let fb0 = b.c(groups * p.v);
            each(b, fb0, (rest + lanes - 1) / lanes, rest);
        }
    }

    /// One register block: the reduction over channels and taps, then the
    /// result added to the output. `filters`: how many of the block's
    /// `lanes v` filters exist (fewer in the tail group).
    fn block(&self, b: &mut B, n: Value, fb0: Value, v: i64, filters: i64, tile: &Tile) {
        let (d, simd) = (self.d, self.simd);
        let full = simd.full_mask();
        let pix = tile.pixels() as usize;
        let accs: Vec<Value> = (0..pix * v as usize)
            .map(|_| simd.zero(b, Elem::F32))
            .collect();
        let zero = b.c(0);
        let fbs: Vec<Value> = (0..v).map(|j| b.addc(fb0, j)).collect();
        // Input coordinates of the block's first pixel.
        let ih0 = b.mulc(tile.oh0, d.sh);
        let iw0 = b.mulc(tile.ow0, d.sw);
        let (l, u, s) = (b.c(0), b.c(d.c), b.c(1));
        // Per window row: the KW x v weight vectors, then the input
        // columns the block reads, each broadcast once and used by every
        // (pixel, kw) that reads it (with stride 1 a column serves KW
        // taps; emitting per tap would make the C compiler merge the equal
        // broadcasts across taps and run out of registers). With AVX2 the
        // weight vectors are held in registers (`load_to_register`: gcc
        // would fold them into every FMA).
        let accs = b.for_(l, u, s, accs, |b, c, mut accs| {
            for y in 0..d.kh {
                let yv = b.c(y);
                let ws: Vec<Vec<Value>> = (0..d.kw)
                    .map(|x| {
                        let xv = b.c(x);
                        fbs.iter()
                            .map(|&fb| {
                                let at = b.addr(self.wp, vec![fb, c, yv, xv, zero]);
                                simd.load_to_register(b, Elem::F32, at, full)
                            })
                            .collect()
                    })
                    .collect();
                let mut first = 0;
                for &(r, col0, p) in &tile.segments {
                    let ih = b.addc(ih0, r * d.sh + y * d.dh);
                    let span = (p - 1) * d.sw + (d.kw - 1) * d.dw + 1;
                    for col in 0..span {
                        let uses = column_uses(d, p, col);
                        if uses.is_empty() {
                            continue;
                        }
                        let iw = b.addc(iw0, col0 * d.sw + col);
                        let e = b.load(self.input, vec![n, c, ih, iw]);
                        let xb = simd.splat(b, Elem::F32, e);
                        for (q, x) in uses {
                            let i = ((first + q) * v) as usize;
                            for (j, &wv) in ws[x as usize].iter().enumerate() {
                                accs[i + j] = simd.multiply_add(b, Elem::F32, accs[i + j], wv, xb);
                            }
                        }
                    }
                    first += p;
                }
            }
            accs
        });
        match simd {
            Simd::Avx512 => self.add_transposed16(b, &(n, fb0, v, filters), tile, &accs),
            Simd::Avx2 => self.add_transposed8(b, &(n, fb0, v, filters), tile, &accs),
        }
    }

    /// `out[n][16 (fb0 + j) + l][pixel] += accs[pixel][j][l]` for the
    /// tile's pixels and the group `(n, fb0, v, filters)`: per 16 pixels a
    /// transpose ([`transpose16`]), then one masked load-add-store per
    /// filter. A tile's pixels are contiguous in each output plane
    /// ([`Segments`]).
    fn add_transposed16(&self, b: &mut B, group: &Group, tile: &Tile, accs: &[Value]) {
        let &(n, fb0, v, filters) = group;
        let vt = b.vec_f32();
        let pix = accs.len() as i64 / v;
        let zero_v = b.vcall("_mm512_setzero_ps", vec![], vt);
        let f0 = b.mulc(fb0, 16);
        for j in 0..v {
            let valid = (filters - 16 * j).min(16);
            for c0 in (0..pix).step_by(16) {
                let count = (pix - c0).min(16);
                let rows_in: Vec<Value> = (0..16)
                    .map(|q| {
                        if q < count {
                            accs[((c0 + q) * v + j) as usize]
                        } else {
                            zero_v
                        }
                    })
                    .collect();
                let cols = transpose16(b, &self.transpose, rows_in);
                let (oh, ow) = tile.position(b, c0);
                let mask = crate::gemm::mask_value(b, ((1u32 << count) - 1) as u16);
                for (l, &col) in cols.iter().enumerate().take(valid as usize) {
                    let f = b.addc(f0, 16 * j + l as i64);
                    let at = b.addr(self.output, vec![n, f, oh, ow]);
                    let o = b.vcall("_mm512_maskz_loadu_ps", vec![mask, at], vt);
                    let sum = b.vcall("_mm512_add_ps", vec![o, col], vt);
                    b.call("_mm512_mask_storeu_ps", &[], vec![at, mask, sum], None);
                }
            }
        }
    }

    /// [`Kernel::add_transposed16`] for AVX2's 8 lanes: per 8 pixels one
    /// helper call (`_x86_add_transposed8_ps`: the 8x8 transpose in
    /// registers, then a masked load-add-store per filter).
    fn add_transposed8(&self, b: &mut B, group: &Group, tile: &Tile, accs: &[Value]) {
        let &(n, fb0, v, filters) = group;
        let pix = accs.len() as i64 / v;
        let plane = self.d.oh * self.d.ow;
        let f0 = b.mulc(fb0, 8);
        for j in 0..v {
            for c0 in (0..pix).step_by(8) {
                let count = (pix - c0).min(8);
                let (oh, ow) = tile.position(b, c0);
                let f = b.addc(f0, 8 * j);
                let at = b.addr(self.output, vec![n, f, oh, ow]);
                let pixels: Vec<Value> = (c0..c0 + count)
                    .map(|q| accs[(q * v + j) as usize])
                    .collect();
                let filters = (filters - 8 * j).min(8);
                transposed8(b, "_x86_add_transposed8_ps", at, plane, filters, &pixels);
            }
        }
    }
}

/// One call of an AVX2 transposing epilogue helper
/// (`_x86_add_transposed8_ps` or `_x86_store_transposed8_ps`): `pixels`
/// (at most 8) vectors of 8 filters' values into the NCHW output at `at`,
/// its filter planes `plane` floats apart, `filters` of the 8 lanes valid;
/// the helper's missing pixel vectors are zeros it does not read.
pub(crate) fn transposed8(
    b: &mut B,
    helper: &str,
    at: Value,
    plane: i64,
    filters: i64,
    pixels: &[Value],
) {
    let zero = Simd::Avx2.zero(b, Elem::F32);
    let mut args = vec![
        at,
        b.ci(plane, 32),
        b.ci(filters, 32),
        b.ci(pixels.len() as i64, 32),
    ];
    args.extend_from_slice(pixels);
    args.resize(12, zero);
    b.call(helper, &[], args, None);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn conv(c: i64, hw: i64, f: i64, k: i64, s: i64) -> Conv {
        let o = (hw - k) / s + 1;
        Conv {
            n: 1,
            c,
            h: hw,
            w: hw,
            f,
            kh: k,
            kw: k,
            oh: o,
            ow: o,
            sh: s,
            sw: s,
            dh: 1,
            dw: 1,
        }
    }

    /// Plans fit the registers and fill them on ResNet-50's 3x3 layers.
    #[test]
    fn plans_fit_registers() {
        for (c, hw, f, k, s) in [
            (64, 58, 64, 3, 1),
            (256, 16, 256, 3, 1),
            (128, 30, 128, 3, 1),
            (512, 9, 512, 3, 1),
            (64, 56, 256, 1, 2),
            (3, 11, 5, 3, 2),
        ] {
            let d = conv(c, hw, f, k, s);
            for (simd, least) in [(Simd::Avx512, 14), (Simd::Avx2, 7)] {
                let (max_acc, regs) = direct_conv::registers(simd);
                let (p, _) = plan(&d, simd);
                let acc = p.rows * p.p * p.v;
                assert!(acc <= max_acc && acc + p.v * k < regs, "{d:?}: {p:?}");
                if f >= 64 {
                    assert!(acc >= least, "{d:?}: {p:?}");
                }
            }
        }
    }

    /// The four permute stages of `transpose16`, run on the host with
    /// `_mm512_permutex2var_ps`'s semantics, transpose any 16x16 block.
    #[test]
    fn transpose_table_transposes() {
        let table = transpose_table();
        let mut rows: Vec<Vec<(usize, usize)>> =
            (0..16).map(|q| (0..16).map(|l| (q, l)).collect()).collect();
        for (s, h) in [8usize, 4, 2, 1].into_iter().enumerate() {
            for i in (0..16).filter(|i| i & h == 0) {
                let both: Vec<_> = rows[i].iter().chain(&rows[i + h]).copied().collect();
                let pick = |t: usize| -> Vec<(usize, usize)> {
                    table[16 * t..16 * t + 16]
                        .iter()
                        .map(|&k| both[(k & 31) as usize])
                        .collect()
                };
                rows[i] = pick(2 * s);
                rows[i + h] = pick(2 * s + 1);
            }
        }
        for (l, row) in rows.iter().enumerate() {
            for (q, &x) in row.iter().enumerate() {
                assert_eq!(x, (q, l));
            }
        }
    }

    /// Flat blocks: the fewest of at most `p` pixels, sizes within one of
    /// each other, covering the map in order with row segments.
    #[test]
    fn flat_blocks_cover_the_map() {
        let d = conv(8, 9, 8, 3, 1);
        let blocks = flat_blocks(&d, 12);
        let sizes: Vec<i64> = blocks.iter().map(|b| b.iter().map(|s| s.2).sum()).collect();
        assert_eq!(sizes, vec![10, 10, 10, 10, 9]);
        assert_eq!(blocks[0], vec![(0, 0, 7), (1, 0, 3)]);
        assert_eq!(blocks[1], vec![(1, 3, 4), (2, 0, 6)]);
        let mut next = 0;
        for (row, col, len) in blocks.into_iter().flatten() {
            assert_eq!(row * d.ow + col, next);
            assert!(col + len <= d.ow);
            next += len;
        }
        assert_eq!(next, 49);
    }

    #[test]
    fn packing_layout() {
        // 17 filters of 1 channel, 1x2 window: filter 16 goes to block 1.
        let raw: Vec<f32> = (0..34).map(|i| i as f32).collect();
        let p = pack_const(&raw, 17, 1, 1, 2, 16);
        assert_eq!(p.len(), 2 * 2 * 16);
        assert_eq!(p[0], 0.0); // f0 tap0
        assert_eq!(p[1], 2.0); // f1 tap0
        assert_eq!(p[16], 1.0); // f0 tap1
        assert_eq!(p[32], 32.0); // f16 tap0
        assert_eq!(p[33], 0.0); // padding
    }
}
