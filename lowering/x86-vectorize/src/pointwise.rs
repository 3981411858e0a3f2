//! f32 1x1 NCHW convolutions with AVX2 as a GEMM of pixels x filters.
//!
//! The GEMM path computes an NCHW convolution as filters x pixels (M = F,
//! N = OH OW), so that the vector lanes run along the output's contiguous
//! rows. On a 1x1 layer that costs two things: B, the input, is packed
//! per call, and small maps leave lanes empty: 7x7 = 49 pixels are six
//! vectors and one with a single lane, whose kernel took 22% of the time
//! of 2048x7x7->512 in `perf` for 2% of the work. Here M is the pixels and
//! N the filters, over the same generator ([`gemm`]):
//!
//! * A is the input, whose pixels of one channel are consecutive: packed
//!   per K block into panels of the kernel's 5 (or 4) pixels by one vector
//!   copy per channel (`Gemm::a_unit_m`; read in place, a 7x7 map's
//!   channel rows 196 bytes apart, it lost the gain), where the other
//!   orientation packs the whole input as B too;
//! * B is the constant weights, packed at compile time into panels of 16
//!   filters (`@<w>__f32_a16`, [`gemm::weight_panels`]: the `F x C`
//!   weights as panels of rows are B's panels of columns);
//! * C is a scratch `[N][OH OW][F]` the kernels write (never read: the
//!   first K block starts from zero accumulators);
//!
//! then one pass adds its transpose into the output 8 x 8 at a time in
//! registers (`_x86_add_transposed8_ps`), or stores it there when the
//! output's zero fill right before the op could be dropped
//! (`_x86_store_transposed8_ps`).
//!
//! [`lower`] takes it where a cycle model of both orientations' kernel
//! tiles (FMA issue against the latency of a tile's chains), the other's
//! packing and this one's transposing pass says it is faster;
//! `path=pointwise` forces it on any layer it applies to.

use crate::blocked_conv::Conv;
use crate::builder::B;
use crate::gemm::{self, Elem, Gemm, Idx};
use crate::simd::{Int8Product, Simd};
use crate::{KernelPath, X86Vectorize};
use strata_ir::{OpId, Value};

/// AVX2 f32 lanes, and vectors per kernel panel (16 columns).
const LANES: i64 = 8;
const PANEL_VECTORS: i64 = 2;

/// Cycles per k of the GEMM kernel tiles covering `m` rows in blocks of
/// `mr` and `n` columns in panels of 16 (the tail's vectors masked): per
/// tile the larger of its FMAs at two per cycle and the latency of each
/// accumulator's chain (4 cycles, counted as 5: a tile with just the 8
/// chains two FMA ports need, 4 x 16, measured 0.87-0.94x the 5 x 16 one
/// here on 256x14x14->1024).
fn tile_cycles(m: i64, n: i64, mr: i64) -> f64 {
    let rows = [(m / mr, mr), (1, m % mr)];
    let tail = n % (LANES * PANEL_VECTORS);
    let cols = [
        (n / (LANES * PANEL_VECTORS), PANEL_VECTORS),
        (1, (tail + LANES - 1) / LANES),
    ];
    let mut cycles = 0.0;
    for &(row_tiles, r) in &rows {
        for &(col_tiles, v) in &cols {
            if r > 0 && v > 0 {
                let per_tile = ((r * v) as f64 / 2.0).max(5.0);
                cycles += (row_tiles * col_tiles) as f64 * per_tile;
            }
        }
    }
    cycles
}

/// Cycles per input element of the filters x pixels GEMM's per-call
/// packing of B (vector copies; about 6% of 512x28x28->128 in `perf`).
const PACK_CYCLES: f64 = 0.6;
/// Cycles per output element of the transposing pass (8 x 8 shuffles and
/// a load-add-store or a store per filter row of 8 pixels).
const TRANSPOSE_CYCLES: f64 = 0.75;

/// The kernel rows, 5 or 4 pixels, whose tiles cost least. Not 6: gcc
/// spilled accumulators of this kernel's 6 x 16 tile (0.78x the 5 x 16
/// one on 256x14x14->1024, paired), where the filters x pixels GEMM's
/// keeps them in registers.
fn best_mr(d: &Conv) -> i64 {
    let pixels = d.oh * d.ow;
    [5, 4]
        .into_iter()
        .min_by(|&a, &b| tile_cycles(pixels, d.f, a).total_cmp(&tile_cycles(pixels, d.f, b)))
        .unwrap()
}

/// Modelled cycles of one batch element: this kernel, and the filters x
/// pixels GEMM (6 x 16 tiles).
fn costs(d: &Conv, mr: i64) -> (f64, f64) {
    let pixels = d.oh * d.ow;
    let k = d.c as f64;
    let here = tile_cycles(pixels, d.f, mr) * k + TRANSPOSE_CYCLES * (pixels * d.f) as f64;
    let gemm = tile_cycles(d.f, pixels, 6) * k + PACK_CYCLES * (d.c * pixels) as f64;
    (here, gemm)
}

/// Emits the convolution `op` (`d`; operands `vals`: input, weights,
/// output) before it when it is a 1x1, unit-stride, unpadded f32 layer
/// with constant weights on AVX2 and `opts.path` is `pointwise`, or `auto`
/// and the model prefers it. Returns whether it did (the caller erases
/// `op`).
pub fn lower(
    b: &mut B,
    op: OpId,
    d: &Conv,
    vals: &[Value],
    opts: &X86Vectorize,
    simd: Simd,
) -> bool {
    let applies = simd == Simd::Avx2
        && d.kh * d.kw == 1
        && d.sh * d.sw == 1
        && (d.h, d.w) == (d.oh, d.ow)
        && matches!(opts.path, KernelPath::Auto | KernelPath::Pointwise);
    if !applies {
        return false;
    }
    let mr = if opts.mr > 0 { opts.mr } else { best_mr(d) };
    let (here, gemm_cycles) = costs(d, mr);
    if opts.path == KernelPath::Auto && here >= gemm_cycles {
        return false;
    }
    let f32t = b.f32();
    if crate::amx::constant_bytes(b.ctx, b.ir, op, vals[1], f32t).is_none() {
        return false;
    }
    let store = gemm::take_zero_fill(b.ctx, b.ir, op, vals[2], Elem::F32, simd, true);
    emit(b, op, d, vals, mr, store, opts);
    true
}

/// The GEMM into the scratch buffer, then its transpose into the output.
fn emit(b: &mut B, op: OpId, d: &Conv, vals: &[Value], mr: i64, store: bool, opts: &X86Vectorize) {
    let f32t = b.f32();
    let pixels = d.oh * d.ow;
    let planes = [vec![0], vec![1], vec![2, 3]];
    let input = b.collapse(vals[0], &planes, &[d.n, d.c, pixels], f32t);
    let output = b.collapse(vals[2], &planes, &[d.n, d.f, pixels], f32t);
    let weights = vals[1];
    // Rows of whole vectors, so the transposing pass's loads stay inside.
    let padded_f = (d.f + LANES - 1) / LANES * LANES;
    let scratch = b.alloc(&[d.n, pixels, padded_f], f32t);
    let g = Gemm {
        elem: Elem::F32,
        batch: vec![d.n],
        m: pixels,
        n: d.f,
        ko: vec![],
        kin: d.c,
        a: Box::new(move |_, i: &Idx| (input, vec![i.batch[0], i.k.unwrap(), i.m.unwrap()])),
        // Read only if the constant panels were missing.
        b: Box::new(move |b: &mut B, i: &Idx| {
            let zero = b.c(0);
            (weights, vec![i.n.unwrap(), i.k.unwrap(), zero, zero])
        }),
        c: Box::new(move |_, i: &Idx| (scratch, vec![i.batch[0], i.m.unwrap(), i.n.unwrap()])),
        a_unit_k: false,
        a_unit_m: true,
        b_unit_n: false,
        b_run: 0,
        b_k_period: 0,
    };
    let sized = X86Vectorize { mr, ..opts.clone() };
    let mut bl = crate::blocking(&g, Simd::Avx2, Int8Product::Pairs, &sized, true);
    // The input packed per K block into panels of the kernel's rows (read
    // in place, a 7x7 map's rows 196 bytes apart per channel, it ran
    // 0.88x the filters x pixels GEMM instead of 1.18x, paired); and when
    // all pixels' panels fit 256 KiB, one row block, so that the weights
    // (B) stream once per K block, not once per row block (2048x7x7: 49
    // pixels in blocks of 40 read the 4 MiB of weights twice).
    bl.pack_a = true;
    // Panels of 16 filters, as modelled (`blocking` gives a matmul with
    // at most 48 columns 4 x 24 blocks; 5 x 24 would not fit 16 registers).
    if opts.nr == 0 {
        bl.nvec = PANEL_VECTORS;
    }
    if opts.mc == 0 && pixels * bl.kc.min(d.c) * 4 <= 256 << 10 {
        bl.mc = (pixels + mr - 1) / mr * mr;
    }
    // The weights' panels as wide as the kernel's (B read per call
    // otherwise, as its access says).
    let nr = bl.simd.lanes() * bl.nvec;
    let prep = gemm::Prep {
        b_packed: gemm::weight_panels(b.ctx, b.ir, op, weights, nr),
        c_zero: true,
        ..Default::default()
    };
    gemm::emit_with(b, &g, &bl, &prep);
    drop(g);
    transpose_into(b, d, scratch, output, store);
    b.dealloc(scratch);
}

/// `output[n][f][p] (+)= scratch[n][p][f]`: per 8 filters and 8 pixels, 8
/// row vectors of the scratch buffer transposed by one helper call.
fn transpose_into(b: &mut B, d: &Conv, scratch: Value, output: Value, store: bool) {
    let pixels = d.oh * d.ow;
    let helper = if store {
        "_x86_store_transposed8_ps"
    } else {
        "_x86_add_transposed8_ps"
    };
    let simd = Simd::Avx2;
    let block = |b: &mut B, n: Value, f0: Value, p0: Value, filters: i64, count: i64| {
        let rows: Vec<Value> = (0..count)
            .map(|q| {
                let p = b.addc(p0, q);
                let at = b.addr(scratch, vec![n, p, f0]);
                simd.load(b, Elem::F32, at, simd.full_mask())
            })
            .collect();
        let at = b.addr(output, vec![n, f0, p0]);
        crate::blocked_conv::transposed8(b, helper, at, pixels, filters, &rows);
    };
    let (full_f, full_p) = (d.f / LANES * LANES, pixels / LANES * LANES);
    let (l, u, s) = (b.c(0), b.c(d.n), b.c(1));
    b.for_(l, u, s, vec![], |b, n, _| {
        // Full groups of 8 filters, then the tail group.
        let group = |b: &mut B, f0: Value, filters: i64| {
            let (l, u, s) = (b.c(0), b.c(full_p), b.c(LANES));
            b.for_(l, u, s, vec![], |b, p0, _| {
                block(b, n, f0, p0, filters, LANES);
                vec![]
            });
            if pixels > full_p {
                let p0 = b.c(full_p);
                block(b, n, f0, p0, filters, pixels - full_p);
            }
        };
        let (l, u, s) = (b.c(0), b.c(full_f), b.c(LANES));
        b.for_(l, u, s, vec![], |b, f0, _| {
            group(b, f0, LANES);
            vec![]
        });
        if d.f > full_f {
            let f0 = b.c(full_f);
            group(b, f0, d.f - full_f);
        }
        vec![]
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    fn conv(c: i64, hw: i64, f: i64) -> Conv {
        Conv::from_shapes(
            &[vec![1, c, hw, hw], vec![f, c, 1, 1], vec![1, f, hw, hw]],
            &[1, 1],
            &[1, 1],
        )
    }

    /// The model's reasons: on a 7x7 map the filters x pixels tiles waste
    /// lanes (49 = 3 panels + one column), the pixels x filters ones do
    /// not (49 = 9 x 5 + 4 rows, 512 = 32 panels); on 56x56 with 64
    /// channels the transposing pass outweighs the packing it saves.
    #[test]
    fn model_prefers_pixels_on_small_maps() {
        let small = conv(2048, 7, 512);
        assert_eq!(best_mr(&small), 5);
        let (here, gemm) = costs(&small, best_mr(&small));
        assert!(here < 0.9 * gemm, "{here} vs {gemm}");
        let wide = conv(64, 56, 256);
        let (here, gemm) = costs(&wide, best_mr(&wide));
        assert!(here > gemm, "{here} vs {gemm}");
    }

    /// ResNet-50's 1x1 layers as measured (docs/x86-kernels.md): this
    /// kernel for 2048x7x7->512 and 512x28x28->128 (1.19x and 1.18x the
    /// GEMM, paired), the GEMM for 256x14x14->1024 (forced here:
    /// 0.94-1.02x) and 64x56x56->256.
    #[test]
    fn model_matches_the_measured_choices() {
        let takes = |c, hw, f| {
            let d = conv(c, hw, f);
            let (here, gemm) = costs(&d, best_mr(&d));
            here < gemm
        };
        assert!(takes(2048, 7, 512));
        assert!(takes(512, 28, 128));
        assert!(!takes(256, 14, 1024));
        assert!(!takes(64, 56, 256));
    }
}
