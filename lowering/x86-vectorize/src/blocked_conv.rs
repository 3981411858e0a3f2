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
//! 16 filters per vector) are stored to a small buffer and added to the
//! NCHW output transposed, element by element: `rows p 16 v` scalar adds
//! per block, a few percent of its `C KH KW` taps.
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
//! Loop order: batch, filter group (its `C KH KW 16 v` packed weights stay
//! in L2), output row block, column block.

use crate::builder::B;
use crate::direct_conv;
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

/// Register block: `v` vectors of 16 filters x `rows` rows x `p` pixels.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Plan {
    pub v: i64,
    pub rows: i64,
    pub p: i64,
}

/// Accumulator budget: 28 zmm, plus `v` weight vectors and one broadcast
/// within 32.
const MAX_ACC: i64 = 28;

/// Estimated cycles of one window row (one channel, one kh: KW taps) of a
/// block of `rows` x `p` pixels x `v` vectors: 2 FMA ports, 2 load ports
/// (`KW v` weight loads, one broadcast per input column read), the
/// 4-cycle FMA latency per accumulator chain, plus a constant for the
/// loop and addresses.
fn step_cycles(d: &Conv, rows: i64, p: i64, v: i64) -> f64 {
    let fma = (rows * p * v * d.kw) as f64 / 2.0;
    let span = (p - 1) * d.sw + (d.kw - 1) * d.dw + 1;
    let loads = (v * d.kw + rows * span.min(p * d.kw)) as f64 / 2.0;
    fma.max(loads).max(4.0 * d.kw as f64) + 0.75 * d.kw as f64
}

/// Cycles to add one block's result into the NCHW output (scalar,
/// transposed) and to start it.
fn epilogue_cycles(pix: i64, lanes: i64) -> f64 {
    (pix * lanes) as f64 * 1.5 + 30.0
}

/// Cycles per weight element for packing the weights inside the call.
pub const PACK_CYCLES: f64 = 1.5;

/// Modelled cycles of the whole convolution with plan `p` (one batch
/// element), packing excluded.
pub fn cost(d: &Conv, p: Plan) -> f64 {
    let taps = (d.c * d.kh) as f64;
    let groups = d.f / (16 * p.v);
    let rest = d.f - groups * 16 * p.v;
    let tail_v = (rest + 15) / 16;
    let row_blocks = [(d.oh / p.rows, p.rows), (1, d.oh % p.rows)];
    let col_blocks = [(d.ow / p.p, p.p), (1, d.ow % p.p)];
    let mut total = 0.0;
    for (ng, v, lanes) in [(groups, p.v, 16 * p.v), (1, tail_v, rest)] {
        if ng == 0 || v == 0 {
            continue;
        }
        for &(nr, rows) in &row_blocks {
            for &(nc, cols) in &col_blocks {
                if nr == 0 || rows == 0 || nc == 0 || cols == 0 {
                    continue;
                }
                let pix = rows * cols;
                let count = (ng * nr * nc) as f64;
                total +=
                    count * (taps * step_cycles(d, rows, cols, v) + epilogue_cycles(pix, lanes));
            }
        }
    }
    total
}

/// Chooses `(v, rows, p)` minimising [`cost`] under the register budget.
pub fn plan(d: &Conv) -> (Plan, f64) {
    let fb = (d.f + 15) / 16;
    let mut best = (
        f64::INFINITY,
        Plan {
            v: 1,
            rows: 1,
            p: 1,
        },
    );
    for v in 1..=fb.min(4) {
        for p in 1..=d.ow.min(MAX_ACC / v) {
            let max_rows = if p == d.ow { d.oh } else { 1 };
            for rows in 1..=max_rows {
                let acc = rows * p * v;
                if acc > MAX_ACC || acc + v * d.kw + 1 > 32 {
                    break;
                }
                let plan = Plan { v, rows, p };
                let c = cost(d, plan);
                if c < best.0 {
                    best = (c, plan);
                }
            }
        }
    }
    (best.1, best.0)
}

/// Packs FCHW weights `raw` (row-major `[f][c][kh][kw]`) into
/// `[ceil(f/16)][c][kh][kw][16]`, zero filters past `f`.
pub fn pack_const(raw: &[f32], f: i64, c: i64, kh: i64, kw: i64) -> Vec<f32> {
    let fb = (f + 15) / 16;
    let taps = c * kh * kw;
    let mut out = vec![0.0f32; (fb * taps * 16) as usize];
    for fi in 0..f {
        for t in 0..taps {
            out[(((fi / 16) * taps + t) * 16 + fi % 16) as usize] = raw[(fi * taps + t) as usize];
        }
    }
    out
}

/// The packed weights' shape.
pub fn packed_shape(d: &Conv) -> [i64; 5] {
    [(d.f + 15) / 16, d.c, d.kh, d.kw, 16]
}

/// Operands: the NCHW input, the packed weights (or `None`: `raw` is
/// packed here, in every call), the output.
pub struct Operands {
    pub input: Value,
    pub raw_weights: Value,
    pub packed: Option<Value>,
    pub output: Value,
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
    path: &str,
    mr: i64,
    nr: i64,
) -> bool {
    let (i, w, o) = (&shapes[0], &shapes[1], &shapes[2]);
    let d = Conv {
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
    };
    let unit = d.sh == 1 && d.sw == 1;
    let flat = unit.then(|| {
        let (p, per_tap) = direct_conv::plan_cost(d.f, (d.oh - 1) * d.w + d.ow);
        let cycles =
            per_tap * (d.c * d.kh * d.kw) as f64 + direct_conv::add_cycles(d.f, d.oh, d.ow);
        (p, cycles)
    });
    let (mut bp, mut blocked) = plan(&d);
    if path == "blocked" {
        // mr = pixels per block (whole rows when at least a row), nr = 16 v.
        if nr > 0 {
            bp.v = (nr / 16).clamp(1, 4);
        }
        if mr > 0 {
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
    let use_blocked = match path {
        "flat" => false,
        "blocked" => true,
        _ => match flat {
            // 1x1 included: on small maps (7x7) the flat kernel's partly
            // empty vectors lose to 16 filters per vector (2048x7x7->512:
            // 151-161 vs 112-117 GFLOP/s); elsewhere the model keeps flat.
            Some((_, fc)) => blocked < fc,
            None => blocked < gemm_cycles(&d),
        },
    };
    if !use_blocked {
        let Some((mut p, _)) = flat else {
            return false;
        };
        if mr > 0 {
            p.r = mr.clamp(1, 28);
        }
        if nr > 0 {
            p.v = (nr / 16).clamp(1, 12);
        }
        let dc = direct_conv::DirectConv {
            input: vals[0],
            weights: vals[1],
            output: vals[2],
            n: d.n,
            c: d.c,
            h: d.h,
            w: d.w,
            f: d.f,
            kh: d.kh,
            kw: d.kw,
            oh: d.oh,
            ow: d.ow,
            dh: d.dh,
            dw: d.dw,
        };
        direct_conv::emit(b, &dc, p);
        return true;
    }
    let packed = konst.and_then(|(sym, raw)| {
        let floats: Vec<f32> = raw
            .chunks_exact(4)
            .map(|x| f32::from_le_bytes([x[0], x[1], x[2], x[3]]))
            .collect();
        let bytes: Vec<u8> = pack_const(&floats, d.f, d.c, d.kh, d.kw)
            .iter()
            .flat_map(|x| x.to_le_bytes())
            .collect();
        let name = format!("{sym}__oihw16o");
        crate::amx::packed_global(b.ctx, b.ir, op, &name, &packed_shape(&d), f32t, bytes)
    });
    let ops = Operands {
        input: vals[0],
        raw_weights: vals[1],
        packed,
        output: vals[2],
    };
    emit(b, &d, bp, &ops);
    true
}

/// Emits the convolution at `b`'s insertion point.
pub fn emit(b: &mut B, d: &Conv, p: Plan, ops: &Operands) {
    let f32t = b.f32();
    let (wp, packed_here) = match ops.packed {
        Some(wp) => (wp, false),
        None => (pack_weights(b, d, ops.raw_weights), true),
    };
    let tmp = b.alloc(&[MAX_ACC, 16 * p.v], f32t);
    let k = Kernel {
        d,
        input: ops.input,
        wp,
        output: ops.output,
        tmp,
    };
    let (l, u, s) = (b.c(0), b.c(d.n), b.c(1));
    b.for_(l, u, s, vec![], |b, n, _| {
        let groups = d.f / (16 * p.v);
        b.for_const(0, groups, 1, |b, g| {
            let fb0 = b.mulc(g, p.v);
            k.rows(b, n, fb0, p.v, 16 * p.v, p);
        });
        let rest = d.f - groups * 16 * p.v;
        if rest > 0 {
            let fb0 = b.c(groups * p.v);
            k.rows(b, n, fb0, (rest + 15) / 16, rest, p);
        }
        vec![]
    });
    b.dealloc(tmp);
    if packed_here {
        b.dealloc(wp);
    }
}

/// `wp[f / 16][c][kh][kw][f % 16] = w[f][c][kh][kw]`, zeros past `F`.
fn pack_weights(b: &mut B, d: &Conv, w: Value) -> Value {
    let f32t = b.f32();
    let wp = b.alloc(&packed_shape(d), f32t);
    let (fb, taps) = ((d.f + 15) / 16, d.kh * d.kw);
    // Filters are read sequentially (c, kh, kw contiguous).
    b.for_const(0, d.f, 1, |b, f| {
        let (blk, lane) = (b.divc(f, 16), b.remc(f, 16));
        b.for_const(0, d.c, 1, |b, c| {
            for t in 0..taps {
                let (y, x) = (b.c(t / d.kw), b.c(t % d.kw));
                let e = b.load(w, vec![f, c, y, x]);
                b.store(e, wp, vec![blk, c, y, x, lane]);
            }
        });
    });
    if fb * 16 > d.f {
        let zero = {
            let ctx = b.ctx;
            let value = ctx.intern_attr(AttrData::Float {
                ty: f32t,
                bits: strata_ir::FloatBits(0),
            });
            let op = b.op("arith.constant", vec![], vec![f32t], vec![("value", value)]);
            b.ir.result(op, 0)
        };
        let blk = b.c(fb - 1);
        b.for_const(d.f % 16, 16, 1, |b, lane| {
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

struct Kernel<'d> {
    d: &'d Conv,
    input: Value,
    wp: Value,
    output: Value,
    tmp: Value,
}

impl Kernel<'_> {
    /// One filter group (`v` vectors from block `fb0`, `lanes` valid
    /// filters): row blocks, then the tail rows.
    fn rows(&self, b: &mut B, n: Value, fb0: Value, v: i64, lanes: i64, p: Plan) {
        let d = self.d;
        let blocks = d.oh / p.rows;
        b.for_const(0, blocks, 1, |b, rb| {
            let oh0 = b.mulc(rb, p.rows);
            self.cols(b, n, fb0, v, lanes, oh0, p.rows, p.p);
        });
        if d.oh % p.rows > 0 {
            let oh0 = b.c(blocks * p.rows);
            self.cols(b, n, fb0, v, lanes, oh0, d.oh % p.rows, p.p);
        }
    }

    /// Column blocks of `p` pixels along rows `oh0 .. oh0 + rows`, then the
    /// tail columns.
    #[allow(clippy::too_many_arguments)]
    fn cols(
        &self,
        b: &mut B,
        n: Value,
        fb0: Value,
        v: i64,
        lanes: i64,
        oh0: Value,
        rows: i64,
        p: i64,
    ) {
        let d = self.d;
        let blocks = d.ow / p;
        b.for_const(0, blocks, 1, |b, cb| {
            let ow0 = b.mulc(cb, p);
            self.block(b, n, fb0, v, lanes, oh0, rows, ow0, p);
        });
        if d.ow % p > 0 {
            let ow0 = b.c(blocks * p);
            self.block(b, n, fb0, v, lanes, oh0, rows, ow0, d.ow % p);
        }
    }

    /// One register block: the reduction over channels and taps, then the
    /// result added to the output.
    #[allow(clippy::too_many_arguments)]
    fn block(
        &self,
        b: &mut B,
        n: Value,
        fb0: Value,
        v: i64,
        lanes: i64,
        oh0: Value,
        rows: i64,
        ow0: Value,
        p: i64,
    ) {
        let d = self.d;
        let vt = b.vec_f32();
        let pix = (rows * p) as usize;
        let accs: Vec<Value> = (0..pix * v as usize)
            .map(|_| b.vcall("_mm512_setzero_ps", vec![], vt))
            .collect();
        let zero = b.c(0);
        let fbs: Vec<Value> = (0..v).map(|j| b.addc(fb0, j)).collect();
        // Input coordinates of the block's first pixel.
        let ih0 = b.mulc(oh0, d.sh);
        let iw0 = b.mulc(ow0, d.sw);
        let (l, u, s) = (b.c(0), b.c(d.c), b.c(1));
        // Per window row: the KW x v weight vectors, then the input
        // columns the block reads, each broadcast once and used by every
        // (pixel, kw) that reads it (with stride 1 a column serves KW
        // taps; emitting per tap would make the C compiler merge the equal
        // broadcasts across taps and run out of registers).
        let span = (p - 1) * d.sw + (d.kw - 1) * d.dw + 1;
        let accs = b.for_(l, u, s, accs, |b, c, mut accs| {
            for y in 0..d.kh {
                let yv = b.c(y);
                let ws: Vec<Vec<Value>> = (0..d.kw)
                    .map(|x| {
                        let xv = b.c(x);
                        fbs.iter()
                            .map(|&fb| {
                                let at = b.addr(self.wp, vec![fb, c, yv, xv, zero]);
                                b.vcall("_mm512_loadu_ps", vec![at], vt)
                            })
                            .collect()
                    })
                    .collect();
                for r in 0..rows {
                    let ih = b.addc(ih0, r * d.sh + y * d.dh);
                    for col in 0..span {
                        let uses = column_uses(d, p, col);
                        if uses.is_empty() {
                            continue;
                        }
                        let iw = b.addc(iw0, col);
                        let e = b.load(self.input, vec![n, c, ih, iw]);
                        let xb = b.vcall("_mm512_set1_ps", vec![e], vt);
                        for (q, x) in uses {
                            let i = ((r * p + q) * v) as usize;
                            for (j, &wv) in ws[x as usize].iter().enumerate() {
                                accs[i + j] =
                                    b.vcall("_mm512_fmadd_ps", vec![wv, xb, accs[i + j]], vt);
                            }
                        }
                    }
                }
            }
            accs
        });
        // tmp[pixel][16 j + lane] = accumulators.
        for i in 0..pix {
            let row = b.c(i as i64);
            for j in 0..v as usize {
                let col = b.c(16 * j as i64);
                let at = b.addr(self.tmp, vec![row, col]);
                b.call(
                    "_mm512_storeu_ps",
                    &[],
                    vec![at, accs[i * v as usize + j]],
                    None,
                );
            }
        }
        // out[n][16 fb0 + l][oh0 + r][ow0 + q] += tmp[r p + q][l].
        let f0 = b.mulc(fb0, 16);
        b.for_const(0, lanes, 1, |b, lane| {
            let f = b.add(f0, lane);
            for r in 0..rows {
                let oh = b.addc(oh0, r);
                for q in 0..p {
                    let ow = b.addc(ow0, q);
                    let row = b.c(r * p + q);
                    let t = b.load(self.tmp, vec![row, lane]);
                    let o = b.load(self.output, vec![n, f, oh, ow]);
                    let sum = b.arith("addf", o, t);
                    b.store(sum, self.output, vec![n, f, oh, ow]);
                }
            }
        });
    }
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
            let (p, _) = plan(&d);
            let acc = p.rows * p.p * p.v;
            assert!(acc <= MAX_ACC && acc + p.v * k < 32, "{d:?}: {p:?}");
            if f >= 64 {
                assert!(acc >= 14, "{d:?}: {p:?}");
            }
        }
    }

    #[test]
    fn packing_layout() {
        // 17 filters of 1 channel, 1x2 window: filter 16 goes to block 1.
        let raw: Vec<f32> = (0..34).map(|i| i as f32).collect();
        let p = pack_const(&raw, 17, 1, 1, 2);
        assert_eq!(p.len(), 2 * 2 * 16);
        assert_eq!(p[0], 0.0); // f0 tap0
        assert_eq!(p[1], 2.0); // f1 tap0
        assert_eq!(p[16], 1.0); // f0 tap1
        assert_eq!(p[32], 32.0); // f16 tap0
        assert_eq!(p[33], 0.0); // padding
    }
}
