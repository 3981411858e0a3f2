//! The blocked GEMM generator behind `x86-vectorize`: one description
//! ([`Gemm`]: batch loops, M, N, outer and inner K, and how to address A, B
//! and C) serves matmul and both convolution layouts, for f32 (AVX-512 FMA
//! or AVX2 FMA) and int8 (AVX512-VNNI, or AVX2's exact i16 products;
//! [`crate::simd`]); see docs/x86-kernels.md for the design.
//!
//! Every bound is static, so each level splits into a loop over full blocks
//! and one static remainder: the microkernel is instantiated for at most
//! two row counts (MR and M mod MR) and two column widths (the full panel
//! and the masked tail panel), and its K loop has a constant trip count.

use crate::builder::B;
use crate::simd::{Int8Product, Simd};
use strata_dialect_arith as arith;
use strata_dialect_linalg::{Conv2DNchwFchwOp, MatmulOp};
use strata_dialect_memref::GetGlobalOp;
use strata_ir::Value;

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Elem {
    /// f32 x f32 -> f32.
    F32,
    /// i8 x i8 -> i32 (signed).
    I8,
}

/// The loop indices an access is made at (`None` where the operand does
/// not depend on that dimension).
pub struct Idx<'v> {
    pub batch: &'v [Value],
    pub m: Option<Value>,
    pub n: Option<Value>,
    pub ko: &'v [Value],
    pub k: Option<Value>,
    /// B's k split as `(k / period, k % period)` ([`Gemm::b_k_period`]),
    /// the remainder static, in place of `k`.
    pub k_split: Option<(Value, i64)>,
}

/// Memref and indices of one element.
pub type Access<'a> = Box<dyn Fn(&mut B, &Idx) -> (Value, Vec<Value>) + 'a>;

/// `C[batch, m, n] += sum over (ko, k) of A[batch, m, ko, k] * B[batch, ko, k, n]`.
pub struct Gemm<'a> {
    pub elem: Elem,
    pub batch: Vec<i64>,
    pub m: i64,
    pub n: i64,
    pub ko: Vec<i64>,
    pub kin: i64,
    pub a: Access<'a>,
    pub b: Access<'a>,
    /// C's elements for consecutive n must be consecutive in memory.
    pub c: Access<'a>,
    /// A's elements for consecutive k (within the inner K) are
    /// consecutive: a row of an AVX2 int8 A block is packed with one call.
    pub a_unit_k: bool,
    /// A's elements for consecutive m are consecutive (the pointwise
    /// convolution's input): f32 A panels are packed by vector copies.
    pub a_unit_m: bool,
    /// B's elements for consecutive n are consecutive (vector packing).
    pub b_unit_n: bool,
    /// Otherwise, consecutive n are consecutive in memory within aligned
    /// runs of this many (an NCHW convolution's output row at unit width
    /// stride): a packed vector inside one run is one load (0: none).
    pub b_run: i64,
    /// B's k is two indices, `k / period` and `k % period` (an AVX2 NCHW
    /// convolution's channel and tap, period KH KW; 0: none): int8
    /// packing walks K in groups of whole words and periods, so that the
    /// tap of every byte is static ([`Idx::k_split`]) and only the channel
    /// is computed, once per group.
    pub b_k_period: i64,
}

/// Block sizes: microkernel `mr` rows x `lanes * nvec` columns, `kc` of
/// the inner K per packed panel, `mc` rows per L2 block, `pb` panels per
/// packed B block; `simd` the instruction set the kernel is written in.
#[derive(Copy, Clone, Debug)]
pub struct Blocking {
    pub simd: Simd,
    pub mr: i64,
    pub nvec: i64,
    pub kc: i64,
    pub mc: i64,
    pub pb: i64,
    /// When every column fits one block, do the masked tail panel in the
    /// same block as the full ones (A, read in place, then streams once).
    pub tail_with_full: bool,
    /// f32: pack A per call, per K and M block, into panels of the
    /// kernel's rows (`[mc / mr][kc][mr]`) instead of reading it in place.
    pub pack_a: bool,
    /// int8: the product and packing ([`Int8Product::Bytes`] needs the
    /// constant weights [`prepare`] packs).
    pub int8: Int8Product,
}

/// What is known about a GEMM's operands at compile time ([`prepare`]);
/// the default (nothing) packs B per call and accumulates into C as
/// loaded.
#[derive(Default, Clone, Copy)]
pub struct Prep {
    /// B packed at compile time, `[ceil(N / nr)][K slots][nr]` (the tail
    /// panel zero-padded; f32, or AVX2 int8's i16 pairs): the kernels read
    /// their panels from it and nothing is packed per call.
    pub b_packed: Option<Value>,
    /// C was zero-filled right before the op (the fill is erased): the
    /// first K block's accumulators start from zero instead of loading C.
    pub c_zero: bool,
    /// A packed at compile time, `[ceil(M / mr)][K slots][mr]` (rows past
    /// M zero; f32, or AVX2 int8's i16 pairs): a kernel's rows are
    /// consecutive, one pointer for all of them, and int8 packs no A per
    /// call (an NCHW convolution's constant weights with AVX2).
    pub a_packed: Option<Value>,
    /// [`Int8Product::Bytes`]: minus 128 x the weights' sum per output,
    /// which takes back what the activations' +128 adds: `[ceil(N / nr)]
    /// [nr]` per column (a matmul's B) or `[ceil(M / mr)][mr]` per row (a
    /// convolution's A), added once, in the first K block.
    pub comp: Option<Value>,
}

struct Bufs {
    bp: Value,
    /// `bp` is [`Prep::b_packed`]: indexed by global panel and K.
    b_const: bool,
    ap: Option<Value>,
    comp: Option<Value>,
    /// [`Prep::a_packed`].
    a_const: Option<Value>,
    /// [`Prep::comp`].
    const_comp: Option<Value>,
    /// [`Prep::c_zero`] with no outer K: the first K block's kernels start
    /// from zero accumulators (C is not read).
    c_zero: bool,
}

/// Emits the blocked, vectorized GEMM at `b`'s insertion point.
pub fn emit(b: &mut B, g: &Gemm, bl: &Blocking) {
    emit_with(b, g, bl, &Prep::default())
}

/// [`emit`] with compile-time facts about the operands.
pub fn emit_with(b: &mut B, g: &Gemm, bl: &Blocking, prep: &Prep) {
    let nr = bl.simd.lanes() * bl.nvec;
    let slots = slots(g.elem, bl, bl.kc);
    // The packed-B buffer holds one column block of one K block: no more
    // panels than the problem has columns, no more k slots than it has K
    // (a 30x40 matmul needs 2 x 30 x 32, not the 512 KiB of a full block).
    let k_slots = self::slots(g.elem, bl, g.kin);
    let bp_shape = [
        bl.pb.min((g.n + nr - 1) / nr).max(1),
        slots.min(k_slots).max(1),
        nr,
    ];
    let c_zero = prep.c_zero && g.ko.iter().all(|&e| e == 1);
    let bufs = match g.elem {
        Elem::F32 => {
            let f = b.f32();
            Bufs {
                bp: match prep.b_packed {
                    Some(bp) => bp,
                    None => b.alloc(&bp_shape, f),
                },
                b_const: prep.b_packed.is_some(),
                // A packed per call into panels of the kernel's rows.
                ap: (bl.pack_a && prep.a_packed.is_none()).then(|| {
                    // A spare panel for `pack_a`'s vector copies.
                    let panels = bl.mc.max(bl.mr) / bl.mr + i64::from(g.a_unit_m);
                    b.alloc(&[panels, bl.kc.min(g.kin).max(1), bl.mr], f)
                }),
                comp: None,
                a_const: prep.a_packed,
                const_comp: None,
                c_zero,
            }
        }
        Elem::I8 => {
            let i = b.int(32);
            Bufs {
                bp: match prep.b_packed {
                    Some(bp) => bp,
                    None => b.alloc(&bp_shape, i),
                },
                b_const: prep.b_packed.is_some(),
                ap: match prep.a_packed {
                    Some(_) => None,
                    None => Some(b.alloc(&[bl.mc.max(bl.mr), slots], i)),
                },
                // VNNI's unsigned A needs the +128 compensation per call;
                // the AVX2 bytes form's is a constant.
                comp: (bl.int8 == Int8Product::Vnni).then(|| b.alloc(&[bl.pb, nr], i)),
                a_const: prep.a_packed,
                const_comp: prep.comp,
                c_zero,
            }
        }
    };
    nest(b, &g.batch.clone(), &mut Vec::new(), &mut |b, batch| {
        let pfull = g.n / nr;
        let tail = Some(g.n % nr).filter(|&w| w > 0);
        if pfull < bl.pb && bl.tail_with_full {
            // Every column fits one block: the tail panel joins the full
            // ones, so A is streamed once, not once more for the tail.
            let p0 = b.c(0);
            let np = (pfull > 0).then(|| b.c(pfull));
            col_block(b, g, bl, &bufs, batch, p0, np, tail);
            return;
        }
        let (l, u, s) = (b.c(0), b.c(pfull), b.c(bl.pb));
        b.for_(l, u, s, vec![], |b, jb, _| {
            let left = b.c(pfull);
            let left = b.arith::<arith::SubIOp>(left, jb);
            let np = b.minc(left, bl.pb);
            col_block(b, g, bl, &bufs, batch, jb, Some(np), None);
            vec![]
        });
        if tail.is_some() {
            let p0 = b.c(pfull);
            col_block(b, g, bl, &bufs, batch, p0, None, tail);
        }
    });
    if !bufs.b_const {
        b.dealloc(bufs.bp);
    }
    if let Some(ap) = bufs.ap {
        b.dealloc(ap);
    }
    if let Some(c) = bufs.comp {
        b.dealloc(c);
    }
}

/// [`emit_with`] twice under a run-time test of the activations' sign:
/// `plain`, the bytes form without the offset ([`Int8Product::Bytes`]
/// with `offset: false`, exact only when no activation is negative), when
/// `_x86_nonnegative_i8` finds none of the `count` i8 of `activations`
/// (contiguous from its first element, a memref of rank `rank`)
/// negative; else `otherwise`, exact for every activation. Activations
/// after a ReLU (quantized with zero point 0) take the first; the test is
/// one pass over them, against the kernel's K passes per output.
pub fn emit_by_sign(
    b: &mut B,
    g: &Gemm,
    activations: (Value, usize, i64),
    plain: (&Blocking, &Prep),
    otherwise: (&Blocking, &Prep),
) {
    let (memref, rank, count) = activations;
    let zero = b.c(0);
    let first = b.addr(memref, vec![zero; rank]);
    let n = b.ci(count, 32);
    let i32t = b.int(32);
    let nonnegative = b
        .call("_x86_nonnegative_i8", &[], vec![first, n], Some(i32t))
        .unwrap();
    let no = b.ci(0, 32);
    let cond = b.cmpi(1, nonnegative, no);
    b.if_else(
        cond,
        |b| emit_with(b, g, plain.0, plain.1),
        |b| emit_with(b, g, otherwise.0, otherwise.1),
    );
}

/// The least common multiple of `a` and `b` (both positive).
pub(crate) fn lcm(a: i64, b: i64) -> i64 {
    let (mut x, mut y) = (a, b);
    while y != 0 {
        (x, y) = (y, x % y);
    }
    a / x * b
}

/// Packed slots for `k` reduction steps: one per k (f32), one i32 word
/// per [`Int8Product::k_per_word`] k (int8).
fn slots(elem: Elem, bl: &Blocking, k: i64) -> i64 {
    match elem {
        Elem::F32 => k,
        Elem::I8 => (k + bl.int8.k_per_word() - 1) / bl.int8.k_per_word(),
    }
}

/// Nested loops over `extents`, calling `f` innermost with the indices.
pub(crate) fn nest(
    b: &mut B,
    extents: &[i64],
    ivs: &mut Vec<Value>,
    f: &mut dyn FnMut(&mut B, &[Value]),
) {
    let Some((&e, rest)) = extents.split_first() else {
        f(b, ivs);
        return;
    };
    let (l, u, s) = (b.c(0), b.c(e), b.c(1));
    b.for_(l, u, s, vec![], |b, iv, _| {
        ivs.push(iv);
        nest(b, rest, ivs, f);
        ivs.pop();
        vec![]
    });
}

/// Lane masks of a panel's 16-lane vectors: all ones, or the tail's
/// `width` columns.
pub(crate) fn masks(nvec: i64, tail: Option<i64>) -> Vec<u16> {
    lane_masks(16, nvec, tail)
}

/// [`masks`] for vectors of `lanes` lanes.
pub(crate) fn lane_masks(lanes: i64, nvec: i64, tail: Option<i64>) -> Vec<u16> {
    let full = ((1u32 << lanes) - 1) as u16;
    match tail {
        None => vec![full; nvec as usize],
        Some(w) => (0..(w + lanes - 1) / lanes)
            .map(|v| {
                let on = (w - lanes * v).min(lanes);
                ((1u32 << on) - 1) as u16
            })
            .collect(),
    }
}

#[allow(clippy::too_many_arguments)]
fn col_block(
    b: &mut B,
    g: &Gemm,
    bl: &Blocking,
    bufs: &Bufs,
    batch: &[Value],
    p0: Value,
    np: Option<Value>,
    tail: Option<i64>,
) {
    nest(b, &g.ko.clone(), &mut Vec::new(), &mut |b, ko| {
        let kfull = g.kin / bl.kc;
        let krem = g.kin % bl.kc;
        // With a zero-filled C (no outer K) the first K block is peeled:
        // its kernels start from zero accumulators; so it is with a
        // constant compensation, which its kernels add.
        let mut first = 0;
        if (bufs.c_zero || bufs.const_comp.is_some()) && kfull > 0 {
            let kc0 = b.c(0);
            let at = at(batch, ko, kc0, bl.kc, p0, true);
            k_block(b, g, bl, bufs, &at, np, tail);
            first = 1;
        }
        if kfull > first {
            let (l, u, s) = (b.c(first * bl.kc), b.c(kfull * bl.kc), b.c(bl.kc));
            b.for_(l, u, s, vec![], |b, kc0, _| {
                let at = at(batch, ko, kc0, bl.kc, p0, false);
                k_block(b, g, bl, bufs, &at, np, tail);
                vec![]
            });
        }
        if krem > 0 {
            let kc0 = b.c(kfull * bl.kc);
            let at = at(batch, ko, kc0, krem, p0, kfull == 0);
            k_block(b, g, bl, bufs, &at, np, tail);
        }
    });
}

fn at<'v>(
    batch: &'v [Value],
    ko: &'v [Value],
    kc0: Value,
    kb: i64,
    p0: Value,
    first: bool,
) -> At<'v> {
    At {
        batch,
        ko,
        kc0,
        kb,
        p0,
        tail: None,
        first,
    }
}

/// Where a kernel or packing loop is: batch, outer K, inner K block, the
/// column block's first panel and (for a masked tail panel) its width.
#[derive(Clone, Copy)]
struct At<'v> {
    batch: &'v [Value],
    ko: &'v [Value],
    kc0: Value,
    kb: i64,
    p0: Value,
    tail: Option<i64>,
    /// The first K block, instantiated apart (of the inner K; neither a
    /// zero start nor the bytes form's constant compensation is used with
    /// an outer K): its kernels start from zero with [`Bufs::c_zero`] and
    /// add [`Bufs::const_comp`].
    first: bool,
}

impl At<'_> {
    /// A's element `(m, k)` here (memref and indices).
    fn a(&self, b: &mut B, g: &Gemm, m: Value, k: Value) -> (Value, Vec<Value>) {
        let idx = self.idx(Some(m), None, Some(k));
        (g.a)(b, &idx)
    }
    /// B's element `(k, n)` here.
    fn b(&self, b: &mut B, g: &Gemm, n: Value, k: Value) -> (Value, Vec<Value>) {
        let idx = self.idx(None, Some(n), Some(k));
        (g.b)(b, &idx)
    }
    /// B's element `(k, n)` with k split ([`Gemm::b_k_period`]): `k /
    /// period` and the static `k % period`.
    fn b_split(&self, b: &mut B, g: &Gemm, n: Value, split: (Value, i64)) -> (Value, Vec<Value>) {
        let idx = Idx {
            k_split: Some(split),
            ..self.idx(None, Some(n), None)
        };
        (g.b)(b, &idx)
    }
    /// C's element `(m, n)` here.
    fn c(&self, b: &mut B, g: &Gemm, m: Value, n: Value) -> (Value, Vec<Value>) {
        let idx = self.idx(Some(m), Some(n), None);
        (g.c)(b, &idx)
    }
    fn idx(&self, m: Option<Value>, n: Option<Value>, k: Option<Value>) -> Idx<'_> {
        Idx {
            batch: self.batch,
            m,
            n,
            ko: self.ko,
            k,
            k_split: None,
        }
    }
}

/// One K block of one column block: `np` full panels (from local panel
/// 0) and then, with `tail`, one masked panel of that width.
fn k_block(
    b: &mut B,
    g: &Gemm,
    bl: &Blocking,
    bufs: &Bufs,
    at: &At,
    np: Option<Value>,
    tail: Option<i64>,
) {
    let zero = b.c(0);
    let tail = tail.map(|w| {
        let p = np.unwrap_or(zero);
        (
            At {
                tail: Some(w),
                ..*at
            },
            p,
            b.addc(p, 1),
        )
    });
    // Panel ranges `[lo, hi)` and where they are.
    let mut ranges: Vec<(At, Value, Value)> = np.map(|np| (*at, zero, np)).into_iter().collect();
    ranges.extend(tail);
    for (at, lo, hi) in &ranges {
        if !bufs.b_const {
            pack_b(b, g, bl, bufs, at, *lo, *hi);
        }
        if bufs.comp.is_some() {
            compensation(b, bl, bufs, at, *lo, *hi);
        }
    }
    // Every panel's kernels for the M block from row `ic`: blocks of
    // `rows` up to `ie`, or (`ie` None) the one remainder block of `rows`.
    let panels = |b: &mut B, ic: Value, ie: Option<Value>, rows: i64| {
        for (at, lo, hi) in &ranges {
            let one = b.c(1);
            b.for_(*lo, *hi, one, vec![], |b, p, _| {
                match ie {
                    Some(ie) => {
                        let step = b.c(bl.mr);
                        b.for_(ic, ie, step, vec![], |b, ir, _| {
                            let local = b.arith::<arith::SubIOp>(ir, ic);
                            kernel(b, g, bl, bufs, at, p, ir, local, rows);
                            vec![]
                        });
                    }
                    None => {
                        let local = b.c(0);
                        kernel(b, g, bl, bufs, at, p, ic, local, rows);
                    }
                }
                vec![]
            });
        }
    };
    let mfull = g.m / bl.mr * bl.mr;
    let mrem = g.m % bl.mr;
    if mfull > 0 {
        let (l, u, s) = (b.c(0), b.c(mfull), b.c(bl.mc));
        b.for_(l, u, s, vec![], |b, ic, _| {
            let ie = b.addc(ic, bl.mc);
            let ie = b.minc(ie, mfull);
            if bufs.ap.is_some() {
                let rows = b.arith::<arith::SubIOp>(ie, ic);
                pack_a(b, g, bl, bufs, at, ic, rows);
            }
            panels(b, ic, Some(ie), bl.mr);
            vec![]
        });
    }
    if mrem > 0 {
        let m0 = b.c(mfull);
        if bufs.ap.is_some() {
            let rows = b.c(mrem);
            pack_a(b, g, bl, bufs, at, m0, rows);
        }
        panels(b, m0, None, mrem);
    }
}

/// Global column of lane 0 of vector `v` of local panel `p`.
fn column(b: &mut B, bl: &Blocking, at: &At, p: Value, v: i64) -> Value {
    let lanes = bl.simd.lanes();
    let gp = b.add(at.p0, p);
    let n0 = b.mulc(gp, lanes * bl.nvec);
    b.addc(n0, lanes * v)
}

pub(crate) fn mask_value(b: &mut B, m: u16) -> Value {
    b.ci(m as i16 as i64, 16)
}

/// Packs B's block into `bp[p][k][column]` (f32) or `bp[p][k/4][column]`
/// (VNNI, AVX2's bytes: four consecutive k bytes per i32) or
/// `bp[p][k/2][column]` (AVX2's pairs: two consecutive k as sign-extended
/// i16 halves): local panels `[lo, hi)` of the column block, for this K
/// block.
fn pack_b(b: &mut B, g: &Gemm, bl: &Blocking, bufs: &Bufs, at: &At, lo: Value, hi: Value) {
    let simd = bl.simd;
    let lanes = simd.lanes();
    let width = at.tail.unwrap_or(lanes * bl.nvec);
    let one = b.c(1);
    b.for_(lo, hi, one, vec![], |b, p, _| {
        let panel = Panel { g, bl, bufs, at, p };
        match g.elem {
            Elem::F32 if g.b_unit_n => {
                b.for_const(0, at.kb, 1, |b, k| {
                    for (v, &m) in lane_masks(lanes, bl.nvec, at.tail).iter().enumerate() {
                        let n = panel.column(b, v as i64);
                        panel.vector(b, k, lanes * v as i64, n, m);
                    }
                });
            }
            Elem::F32 if g.b_run > 0 => {
                // A vector of the panel inside one run (one output row) is
                // a load per k; one across runs, or partial, is packed lane
                // by lane.
                panel.by_run_vectors(
                    b,
                    &mut |b, j0, n| {
                        b.for_const(0, at.kb, 1, |b, k| {
                            panel.vector(b, k, j0, n, simd.full_mask());
                        });
                    },
                    &mut |b, j0, count| panel.lanes(b, j0, count),
                );
            }
            Elem::I8 if simd == Simd::Avx2 && g.b_unit_n => panel.words_run(b, width),
            // The panel's columns a row segment at a time (one segment
            // per output row it touches), each one call per word row.
            Elem::I8 if simd == Simd::Avx2 && g.b_run > 0 => panel.words_segments(b, width),
            _ => panel.lanes(b, 0, width),
        }
        vec![]
    });
}

/// One panel of B being packed: the GEMM, its blocking and buffers, where
/// (batch, K block, column block) and which local panel `p`.
#[derive(Clone, Copy)]
struct Panel<'p> {
    g: &'p Gemm<'p>,
    bl: &'p Blocking,
    bufs: &'p Bufs,
    at: &'p At<'p>,
    p: Value,
}

impl Panel<'_> {
    /// Global column of lane 0 of the panel's vector `v`.
    fn column(&self, b: &mut B, v: i64) -> Value {
        column(b, self.bl, self.at, self.p, v)
    }

    /// f32: one vector of B at local k `k` (columns from global `n`, lanes
    /// `mask`, consecutive in B) into the panel from column `j0`.
    fn vector(&self, b: &mut B, k: Value, j0: i64, n: Value, mask: u16) {
        let simd = self.bl.simd;
        let kk = b.add(self.at.kc0, k);
        let (mem, i) = self.at.b(b, self.g, n, kk);
        let src = b.addr(mem, i);
        let val = simd.load(b, Elem::F32, src, mask);
        let col = b.c(j0);
        let dst = b.addr(self.bufs.bp, vec![self.p, k, col]);
        simd.store(b, Elem::F32, dst, val, simd.full_mask());
    }

    /// AVX2 int8: the panel's first `count` columns, consecutive in B, as
    /// words of [`Int8Product::k_per_word`] k ([`Panel::words_span`]).
    fn words_run(&self, b: &mut B, count: i64) {
        let n = self.column(b, 0);
        let (j, count) = (b.c(0), b.c(count));
        self.words_span(b, j, n, count);
    }

    /// AVX2 int8 with runs (`Gemm::b_run`, an output row): the panel's
    /// first `count` columns, which may cross runs, as one
    /// [`Panel::words_span`] per run they touch, where element-by-element
    /// packing recomputed each element's pixel (a div and mod per byte: a
    /// third of the 7x7 layer's time).
    fn words_segments(&self, b: &mut B, count: i64) {
        let run = self.g.b_run;
        let n = self.column(b, 0);
        // The first segment: to the end of `n`'s run.
        let pos = b.remc(n, run);
        let run_v = b.c(run);
        let to_end = b.arith::<arith::SubIOp>(run_v, pos);
        let first = b.minc(to_end, count);
        let j = b.c(0);
        self.words_span(b, j, n, first);
        // Then whole runs from the next one's start, the last one partial.
        for s in 0..(count - 1 + run - 1) / run {
            let base = b.addc(first, s * run);
            let total = b.c(count);
            let left = b.arith::<arith::SubIOp>(total, base);
            let len = b.minc(left, run);
            let zero = b.c(0);
            let any = b.cmpi(4, len, zero);
            b.if_else(
                any,
                |b| {
                    let ns = b.add(n, base);
                    self.words_span(b, base, ns, len);
                },
                |_| {},
            );
        }
    }

    /// AVX2 int8: `count` columns from local column `j` (global `n`),
    /// consecutive in B, as words of [`Int8Product::k_per_word`] k with one
    /// call per word row: i16 pairs (`_x86_pair_i8_i16` of rows `2q`, `2q +
    /// 1` of B) or byte quads (`_x86_quad_u8` of rows `4q .. 4q + 3`, each
    /// plus 128, or `_x86_quad_i8` without the offset); a last partial
    /// word element by element.
    fn words_span(&self, b: &mut B, j: Value, n: Value, count: Value) {
        let (g, bl, at, bp, p) = (self.g, self.bl, self.at, self.bufs.bp, self.p);
        let per = bl.int8.k_per_word();
        let helper = match bl.int8 {
            Int8Product::Bytes { offset: false, .. } => "_x86_quad_i8",
            _ if per == 2 => "_x86_pair_i8_i16",
            _ => "_x86_quad_u8",
        };
        let full = at.kb / per;
        let i32t = b.int(32);
        let len = b.cast::<arith::IndexCastOp>(count, i32t);
        // Word row `q` in one helper call, byte `qq` of each word at
        // `element(qq)`.
        let word_row = |b: &mut B, q: Value, element: &mut WordByte| {
            let mut args = vec![b.addr(bp, vec![p, q, j])];
            for qq in 0..per {
                let (mem, i) = element(b, qq);
                args.push(b.addr(mem, i));
            }
            args.push(len);
            b.call(helper, &[], args, None);
        };
        // With B's k split (channel, tap): groups of whole words and whole
        // periods (36 k of a 3x3 window), each byte's tap static and the
        // channel computed once per group, where each byte's k had taken
        // two divisions (the index arithmetic was four fifths of the
        // packing's instructions; the blocking keeps K blocks whole
        // groups).
        let period = g.b_k_period;
        let group = lcm(per, period.max(1));
        let groups = if period > 1 && bl.kc % group == 0 {
            at.kb / group
        } else {
            0
        };
        if groups > 0 {
            let words_per_group = group / per;
            let c0 = b.divc(at.kc0, period);
            b.for_const(0, groups, 1, |b, gi| {
                let first_word = b.mulc(gi, words_per_group);
                let channels = b.mulc(gi, group / period);
                let channel0 = b.add(c0, channels);
                for w in 0..words_per_group {
                    let q = b.addc(first_word, w);
                    word_row(b, q, &mut |b, qq| {
                        let local = w * per + qq;
                        let channel = b.addc(channel0, local / period);
                        at.b_split(b, g, n, (channel, local % period))
                    });
                }
            });
        }
        let grouped = groups * group / per;
        b.for_const(grouped, full, 1, |b, q| {
            let k = b.mulc(q, per);
            let k = b.add(at.kc0, k);
            word_row(b, q, &mut |b, qq| {
                let kk = b.addc(k, qq);
                at.b(b, g, n, kk)
            });
        });
        let rest = at.kb % per;
        if rest > 0 {
            // The last word: its k past the block zero.
            let q = b.c(full);
            let field = field(bl.int8, false);
            let end = b.add(j, count);
            let one = b.c(1);
            b.for_(j, end, one, vec![], |b, jj, _| {
                let off = b.arith::<arith::SubIOp>(jj, j);
                let nj = b.add(n, off);
                let word = pack_word(b, rest, field, &mut |b, qq| {
                    let k = b.addc(at.kc0, per * full + qq);
                    let (mem, i) = at.b(b, g, nj, k);
                    b.load(mem, i)
                });
                b.store(word, bp, vec![p, q, jj]);
                vec![]
            });
        }
    }

    /// For each vector of the panel (first column `j0`, global column
    /// `n`): `in_run(j0, n)` when its lanes lie in one run of B
    /// (`Gemm::b_run`, tested at run time), else, and for the partial
    /// vector of a tail panel, `across(j0, lanes)`.
    fn by_run_vectors(
        &self,
        b: &mut B,
        in_run: &mut dyn FnMut(&mut B, i64, Value),
        across: &mut dyn FnMut(&mut B, i64, i64),
    ) {
        let simd = self.bl.simd;
        let lanes = simd.lanes();
        for (v, &m) in lane_masks(lanes, self.bl.nvec, self.at.tail)
            .iter()
            .enumerate()
        {
            let j0 = lanes * v as i64;
            if m != simd.full_mask() {
                across(b, j0, m.count_ones() as i64);
                continue;
            }
            let n = self.column(b, v as i64);
            let pos = b.remc(n, self.g.b_run);
            let end = b.addc(pos, lanes);
            let run = b.c(self.g.b_run);
            let fits = b.cmpi(3, end, run);
            b.if_else(fits, |b| in_run(b, j0, n), |b| across(b, j0, lanes));
        }
    }

    /// Packs columns `j0 .. j0 + count` element by element: f32, or int8
    /// words (VNNI's byte quads, AVX2's words). Columns outer: a column's
    /// index arithmetic (the div/mod of a flattened pixel) is invariant in
    /// the inner K loop.
    fn lanes(&self, b: &mut B, j0: i64, count: i64) {
        let (g, bl, at, bp, p) = (self.g, self.bl, self.at, self.bufs.bp, self.p);
        b.for_const(j0, j0 + count, 1, |b, j| {
            let n0 = self.column(b, 0);
            let n = b.add(n0, j);
            if g.elem == Elem::F32 {
                b.for_const(0, at.kb, 1, |b, k| {
                    let kk = b.add(at.kc0, k);
                    let (mem, i) = at.b(b, g, n, kk);
                    let x = b.load(mem, i);
                    b.store(x, bp, vec![p, k, j]);
                });
                return;
            }
            let field = field(bl.int8, false);
            pack_words(
                b,
                at,
                bl.int8.k_per_word(),
                field,
                &mut |b, kk| at.b(b, g, n, kk),
                &mut |b, q, word| b.store(word, bp, vec![p, q, j]),
            );
        });
    }
}

/// How an int8 value of A (`operand_a`) or B sits in its packed word.
fn field(int8: Int8Product, operand_a: bool) -> Field {
    match int8 {
        Int8Product::Pairs => Field::Half,
        Int8Product::Vnni if operand_a => Field::OffsetByte,
        Int8Product::Vnni => Field::Byte,
        Int8Product::Bytes {
            activations_a,
            offset: true,
            ..
        } if activations_a == operand_a => Field::OffsetByte,
        Int8Product::Bytes { .. } => Field::Byte,
    }
}

/// Where global k of one row of A or column of B is (memref, indices).
type KElement<'a> = dyn FnMut(&mut B, Value) -> (Value, Vec<Value>) + 'a;

/// Where byte `qq` (static) of a packed word is (memref, indices).
type WordByte<'a> = dyn FnMut(&mut B, i64) -> (Value, Vec<Value>) + 'a;

/// Packs the K block's `kb` k of one row of A or column of B into words
/// of `per` k (`field`): `element(k)` is where global k is, `store(q,
/// word)` puts word `q`.
fn pack_words(
    b: &mut B,
    at: &At,
    per: i64,
    field: Field,
    element: &mut KElement,
    store: &mut dyn FnMut(&mut B, Value, Value),
) {
    words(b, at.kb, per, &mut |b, q, count| {
        let word = pack_word(b, count, field, &mut |b, qq| {
            let k4 = b.mulc(q, per);
            let k4 = b.add(at.kc0, k4);
            let kk = b.addc(k4, qq);
            let (mem, i) = element(b, kk);
            b.load(mem, i)
        });
        store(b, q, word);
    });
}

/// Calls `f(q, count)` for every group of `per` k of a `kb` block: a
/// loop over the full groups, then the partial last one (`count` < `per`).
fn words(b: &mut B, kb: i64, per: i64, f: &mut dyn FnMut(&mut B, Value, i64)) {
    let full = kb / per;
    if full > 0 {
        let (l, u, s) = (b.c(0), b.c(full), b.c(1));
        b.for_(l, u, s, vec![], |b, q, _| {
            f(b, q, per);
            vec![]
        });
    }
    if kb % per > 0 {
        let q = b.c(full);
        f(b, q, kb % per);
    }
}

/// How an i8 sits in a packed i32 word.
#[derive(Copy, Clone, PartialEq, Eq)]
enum Field {
    /// Its byte, as is (VNNI's signed operand).
    Byte,
    /// Its byte plus 128 (VNNI's unsigned operand: `a + 128` as u8).
    OffsetByte,
    /// Sign-extended to 16 bits (vpmaddwd's operands).
    Half,
}

/// i8 values `byte(0..count)` packed into one i32, field `qq` at bit
/// `qq * width` (the fields past `count` zero).
fn pack_word(
    b: &mut B,
    count: i64,
    field: Field,
    byte: &mut dyn FnMut(&mut B, i64) -> Value,
) -> Value {
    let i32t = b.int(32);
    let width = if field == Field::Half { 16 } else { 8 };
    let mut word = b.ci(0, 32);
    for qq in 0..count {
        let mut x = byte(b, qq);
        if field == Field::OffsetByte {
            let bias = b.ci(-128, 8);
            x = b.arith::<arith::XOrIOp>(x, bias);
        }
        let wide = if field == Field::Half {
            let sext = b.cast::<arith::ExtSIOp>(x, i32t);
            let low = b.ci(0xFFFF, 32);
            b.arith::<arith::AndIOp>(sext, low)
        } else {
            b.cast::<arith::ExtUIOp>(x, i32t)
        };
        let shifted = if qq == 0 {
            wide
        } else {
            let s = b.ci(width * qq, 32);
            b.arith::<arith::ShLIOp>(wide, s)
        };
        word = b.arith::<arith::OrIOp>(word, shifted);
    }
    word
}

/// `comp[p][column] = 128 * sum over k of B[k][column]`, from the packed
/// panel with vpdpbusd and all-0x80 bytes: what the +128 offset of A adds.
fn compensation(b: &mut B, bl: &Blocking, bufs: &Bufs, at: &At, lo: Value, hi: Value) {
    let comp = bufs.comp.unwrap();
    let nv = masks(bl.nvec, at.tail).len() as i64;
    let slots = (at.kb + 3) / 4;
    let one = b.c(1);
    b.for_(lo, hi, one, vec![], |b, p, _| {
        let vt = b.vec_i32();
        let bias = b.ci(0x8080_8080u32 as i32 as i64, 32);
        let ones = b.vcall("_mm512_set1_epi32", vec![bias], vt);
        for v in 0..nv {
            let init = b.vcall("_mm512_setzero_si512", vec![], vt);
            let (l, u, s) = (b.c(0), b.c(slots), b.c(1));
            let col = b.c(16 * v);
            let sum = b.for_(l, u, s, vec![init], |b, q, acc| {
                let src = b.addr(bufs.bp, vec![p, q, col]);
                let bv = b.vcall("_mm512_loadu_si512", vec![src], vt);
                vec![b.vcall("_mm512_dpbusd_epi32", vec![acc[0], ones, bv], vt)]
            })[0];
            let dst = b.addr(comp, vec![p, col]);
            b.call("_mm512_storeu_si512", &[], vec![dst, sum], None);
        }
        vec![]
    });
}

/// Packs `rows` rows of A from `m0` into `ap[row][k/4]`, each i32 four
/// consecutive k bytes offset by 128 (VNNI, AVX2's bytes form), or
/// `ap[row][k/2]`, two sign-extended i16 (AVX2's pairs).
#[allow(clippy::too_many_arguments)]
fn pack_a(b: &mut B, g: &Gemm, bl: &Blocking, bufs: &Bufs, at: &At, m0: Value, rows: Value) {
    let ap = bufs.ap.unwrap();
    if g.elem == Elem::F32 {
        // `ap[row / mr][k][row % mr]`: a kernel's rows of one k together.
        let (zero, one) = (b.c(0), b.c(1));
        // Rows of one k consecutive in A: whole panels by vector copies
        // of mr floats (the load masked, the store not: AMD's masked
        // stores are microcoded; its spill into the next k is
        // overwritten next, into the next panel before that panel is
        // packed, past the last into a spare panel); the rest below.
        let vector_rows = if g.a_unit_m && bl.mr <= bl.simd.lanes() {
            let panels = b.divc(rows, bl.mr);
            let mask = ((1u32 << bl.mr) - 1) as u16;
            b.for_(zero, panels, one, vec![], |b, panel, _| {
                let r = b.mulc(panel, bl.mr);
                let m = b.add(m0, r);
                b.for_const(0, at.kb, 1, |b, k| {
                    let kk = b.add(at.kc0, k);
                    let (mem, i) = at.a(b, g, m, kk);
                    let src = b.addr(mem, i);
                    let x = bl.simd.load(b, Elem::F32, src, mask);
                    let dst = b.addr(ap, vec![panel, k, zero]);
                    bl.simd.store(b, Elem::F32, dst, x, bl.simd.full_mask());
                });
                vec![]
            });
            b.mulc(panels, bl.mr)
        } else {
            zero
        };
        b.for_(vector_rows, rows, one, vec![], |b, r, _| {
            let m = b.add(m0, r);
            let (panel, lane) = (b.divc(r, bl.mr), b.remc(r, bl.mr));
            b.for_const(0, at.kb, 1, |b, k| {
                let kk = b.add(at.kc0, k);
                let (mem, i) = at.a(b, g, m, kk);
                let x = b.load(mem, i);
                b.store(x, ap, vec![panel, k, lane]);
            });
            vec![]
        });
        return;
    }
    let per = bl.int8.k_per_word();
    let field = field(bl.int8, true);
    // A row whose k are consecutive is packed in one call: sign-extended
    // to i16 (pairs), or offset into u8 or copied (the bytes form's
    // activations).
    let row_helper = match bl.int8 {
        Int8Product::Pairs => Some("_x86_widen_i8_i16"),
        Int8Product::Bytes {
            activations_a: true,
            offset,
            ..
        } => Some(if offset {
            "_x86_flip_i8_u8"
        } else {
            "_x86_copy_i8_words"
        }),
        _ => None,
    }
    .filter(|_| g.a_unit_k);
    let (zero, one) = (b.c(0), b.c(1));
    b.for_(zero, rows, one, vec![], |b, r, _| {
        let m = b.add(m0, r);
        if let Some(helper) = row_helper {
            let (mem, i) = at.a(b, g, m, at.kc0);
            let src = b.addr(mem, i);
            let dst = b.addr(ap, vec![r, zero]);
            let len = b.ci(at.kb, 32);
            b.call(helper, &[], vec![dst, src, len], None);
            return vec![];
        }
        pack_words(
            b,
            at,
            per,
            field,
            &mut |b, kk| at.a(b, g, m, kk),
            &mut |b, q, word| b.store(word, ap, vec![r, q]),
        );
        vec![]
    });
}

/// The microkernel: `rows` x (panel width) accumulators in registers,
/// loaded from C, updated over the K block, stored back.
#[allow(clippy::too_many_arguments)]
fn kernel(
    b: &mut B,
    g: &Gemm,
    bl: &Blocking,
    bufs: &Bufs,
    at: &At,
    p: Value,
    m0: Value,
    local: Value,
    rows: i64,
) {
    let simd = bl.simd;
    let lanes = simd.lanes();
    let ms = lane_masks(lanes, bl.nvec, at.tail);
    let nv = ms.len();
    // C tile addresses and accumulators.
    let mut caddr = Vec::new();
    let mut accs = Vec::new();
    for r in 0..rows {
        let m = b.addc(m0, r);
        for (v, &mk) in ms.iter().enumerate() {
            let n = column(b, bl, at, p, v as i64);
            let (mem, i) = at.c(b, g, m, n);
            let a = b.addr(mem, i);
            let acc = if bufs.c_zero && at.first {
                simd.zero(b, g.elem)
            } else {
                simd.load(b, g.elem, a, mk)
            };
            caddr.push(a);
            accs.push(acc);
        }
    }
    let slots = slots(g.elem, bl, at.kb);
    let per = bl.int8.k_per_word();
    // The bytes form's i16 ones (`vpmaddwd`'s second operand), and how
    // many words one step sums in i16.
    let (ones, group) = match bl.int8 {
        Int8Product::Bytes { i16_words, .. } if g.elem == Elem::I8 => {
            let one = b.ci(0x0001_0001, 32);
            (Some(simd.splat(b, Elem::I8, one)), i16_words)
        }
        _ => (None, 1),
    };
    // A packed at compile time: the kernel's rows are one panel (m0 is a
    // multiple of mr).
    let a_panel = bufs.a_const.map(|ap| (ap, b.divc(m0, bl.mr)));
    // B's vectors of local K slot `k`.
    let b_vectors = |b: &mut B, k: Value| -> Vec<Value> {
        // A constant B is indexed by global panel and K slot.
        let (bp_p, bp_k) = if bufs.b_const {
            let slot0 = match g.elem {
                Elem::F32 => at.kc0,
                Elem::I8 => b.divc(at.kc0, per),
            };
            (b.add(at.p0, p), b.add(slot0, k))
        } else {
            (p, k)
        };
        (0..nv)
            .map(|v| {
                let col = b.c(lanes * v as i64);
                let src = b.addr(bufs.bp, vec![bp_p, bp_k, col]);
                simd.load_to_register(b, g.elem, src, simd.full_mask())
            })
            .collect()
    };
    // A's element (f32) or word (int8) of kernel row `r`, slot `k`.
    let a_value = |b: &mut B, k: Value, r: i64| -> Value {
        match g.elem {
            Elem::F32 if let Some(ap) = bufs.ap => {
                let panel = b.divc(local, bl.mr);
                let row = b.c(r);
                b.load(ap, vec![panel, k, row])
            }
            Elem::F32 if let Some((ap, panel)) = a_panel => {
                let kk = b.add(at.kc0, k);
                let row = b.c(r);
                b.load(ap, vec![panel, kk, row])
            }
            Elem::F32 => {
                let m = b.addc(m0, r);
                let kk = b.add(at.kc0, k);
                let (mem, i) = at.a(b, g, m, kk);
                b.load(mem, i)
            }
            Elem::I8 if let Some((ap, panel)) = a_panel => {
                let slot0 = b.divc(at.kc0, per);
                let slot = b.add(slot0, k);
                let row = b.c(r);
                b.load(ap, vec![panel, slot, row])
            }
            Elem::I8 => {
                let row = b.addc(local, r);
                b.load(bufs.ap.unwrap(), vec![row, k])
            }
        }
    };
    // One reduction step over the slots `ks` (one, or the bytes form's
    // words summed in i16).
    let step = |b: &mut B, ks: &[Value], mut accs: Vec<Value>| -> Vec<Value> {
        let bvs: Vec<Vec<Value>> = ks.iter().map(|&k| b_vectors(b, k)).collect();
        for r in 0..rows {
            let avs: Vec<Value> = ks
                .iter()
                .map(|&k| {
                    let x = a_value(b, k, r);
                    simd.splat(b, g.elem, x)
                })
                .collect();
            for v in 0..nv {
                let i = r as usize * nv + v;
                accs[i] = match (bl.int8, ones) {
                    (Int8Product::Bytes { activations_a, .. }, Some(ones)) => {
                        let words: Vec<(Value, Value)> = avs
                            .iter()
                            .zip(&bvs)
                            .map(|(&av, bv)| {
                                if activations_a {
                                    (av, bv[v])
                                } else {
                                    (bv[v], av)
                                }
                            })
                            .collect();
                        simd.multiply_add_bytes(b, accs[i], &words, ones)
                    }
                    _ => simd.multiply_add(b, g.elem, accs[i], avs[0], bvs[0][v]),
                };
            }
        }
        accs
    };
    // f32 on AVX2: four k per loop iteration. The 6 x 16 block's C row
    // addresses take most of the 16 GPRs, and gcc reloaded the loop bound
    // and the A panel's base from the stack every k (8 instructions of
    // overhead beside 6 broadcasts, 2 loads and 12 FMAs); unrolled four
    // times, paired: gemm 1024x700x512 1.09x, 3072x1500x128 1.05x,
    // 176x1500x1408 1.22x, conv 1x1 2048x7x7->512 1.06x (two: 1.04-1.15x).
    // Not the 4 x 24 block of narrow matmuls (A in place, four row
    // pointers; gemm 35x700x2048 ran 0.84x unrolled), nor AVX-512's
    // 14 x 32 (28 FMAs per k; not measured there).
    let unroll = if g.elem == Elem::F32 && simd == Simd::Avx2 && nv <= 2 {
        4
    } else {
        1
    };
    let per_iter = group * unroll;
    let steps = slots / per_iter;
    let mut accs = if steps > 0 {
        let (l, u, s) = (b.c(0), b.c(steps), b.c(1));
        b.for_(l, u, s, accs, |b, q, mut accs| {
            if per_iter == 1 {
                return step(b, &[q], accs);
            }
            let k0 = b.mulc(q, per_iter);
            for j in 0..unroll {
                let kj = if j == 0 { k0 } else { b.addc(k0, j * group) };
                let ks: Vec<Value> = match group {
                    1 => vec![kj],
                    _ => (0..group).map(|i| b.addc(kj, i)).collect(),
                };
                accs = step(b, &ks, accs);
            }
            accs
        })
    } else {
        accs
    };
    // The slots past the unrolled steps (a last word past the groups):
    // one at a time.
    for k in steps * per_iter..slots {
        let k = b.c(k);
        accs = step(b, &[k], accs);
    }
    if let Some(comp) = bufs.comp {
        let vt = simd.vector(b, g.elem);
        for v in 0..nv {
            let col = b.c(16 * v as i64);
            let src = b.addr(comp, vec![p, col]);
            let cv = b.vcall("_mm512_loadu_si512", vec![src], vt);
            for r in 0..rows as usize {
                let i = r * nv + v;
                accs[i] = b.vcall("_mm512_sub_epi32", vec![accs[i], cv], vt);
            }
        }
    }
    if let (Some(comp), true) = (bufs.const_comp, at.first) {
        add_compensation(b, bl, at, comp, p, m0, rows, nv, &mut accs);
    }
    for (i, (&a, &acc)) in caddr.iter().zip(&accs).enumerate() {
        simd.store(b, g.elem, a, acc, ms[i % nv]);
    }
}

/// Adds [`Prep::comp`] (minus 128 x the weights' sums) to a kernel's
/// `rows` x `nv` accumulators: a vector per column panel (a matmul's
/// weights are B) or a broadcast per row (a convolution's are A; `m0` is
/// a multiple of `mr`, its rows one panel).
#[allow(clippy::too_many_arguments)]
fn add_compensation(
    b: &mut B,
    bl: &Blocking,
    at: &At,
    comp: Value,
    p: Value,
    m0: Value,
    rows: i64,
    nv: usize,
    accs: &mut [Value],
) {
    let simd = bl.simd;
    let Int8Product::Bytes { activations_a, .. } = bl.int8 else {
        return;
    };
    if activations_a {
        let gp = b.add(at.p0, p);
        for v in 0..nv {
            let col = b.c(simd.lanes() * v as i64);
            let src = b.addr(comp, vec![gp, col]);
            let cv = simd.load(b, Elem::I8, src, simd.full_mask());
            for r in 0..rows as usize {
                let i = r * nv + v;
                accs[i] = simd.add(b, Elem::I8, accs[i], cv);
            }
        }
    } else {
        let panel = b.divc(m0, bl.mr);
        for r in 0..rows as usize {
            let row = b.c(r as i64);
            let x = b.load(comp, vec![panel, row]);
            let cv = simd.splat(b, Elem::I8, x);
            for v in 0..nv {
                let i = r * nv + v;
                accs[i] = simd.add(b, Elem::I8, accs[i], cv);
            }
        }
    }
}

/// Erases the `linalg.fill` of C (`c`) with zero right before `op`, if
/// any, where the kernels can start from zero accumulators instead
/// ([`Prep::c_zero`]: f32 and AVX2 int8 without an outer K,
/// `outer_k_one`; AVX-512 int8 leaves it to AMX, which absorbs it
/// itself), and says whether it did. Apart from [`prepare`], which may
/// run more than once for one op (a form per activations' sign).
pub fn take_zero_fill(
    ctx: &strata_ir::Context,
    ir: &mut strata_ir::Ir,
    op: strata_ir::OpId,
    c: Value,
    elem: Elem,
    simd: Simd,
    outer_k_one: bool,
) -> bool {
    // f32 and AVX2 int8 (whose C, an i32 of each output, is as large as
    // f32's: gemm 4224x1500x176 read and wrote 25 MB more per call).
    if (elem == Elem::I8 && simd == Simd::Avx512) || !outer_k_one {
        return false;
    }
    crate::amx::zero_fill_before(ctx, ir, op, c).is_some_and(|fill| ir.erase_op(fill).is_ok())
}

/// Compile-time facts for an op about to be emitted with blocking `bl`
/// ([`Prep`], its `c_zero` from [`take_zero_fill`]): a matmul's constant B (a `memref.get_global` of a
/// constant global with a dense initializer, visible when the pass runs on
/// the module) is packed into a new constant global `@<sym>__f32_b<nr>`
/// (f32), `@<sym>__i16x2_b<nr>` (AVX2 int8 pairs) or `@<sym>__i8x4_b<nr>`
/// (AVX2 int8 bytes, with `@<sym>__comp_b<nr>`), as ONNX Runtime and
/// OpenVINO pack their initializers once; an AVX2 NCHW convolution's
/// constant weights likewise as A. VNNI int8 packs per call (its B also
/// gives the +128 compensation; `isa=auto` takes AMX, which packs
/// constant weights itself). Should the bytes form's weights not pack
/// after all, `bl` falls back to pairs.
#[allow(clippy::too_many_arguments)]
pub fn prepare(
    ctx: &strata_ir::Context,
    ir: &mut strata_ir::Ir,
    op: strata_ir::OpId,
    name: &str,
    vals: &[Value],
    elem: Elem,
    outer_k_one: bool,
    bl: &mut Blocking,
) -> Prep {
    let mut prep = Prep::default();
    if elem == Elem::I8 && bl.simd == Simd::Avx512 {
        return prep;
    }
    if let Int8Product::Bytes { .. } = bl.int8 {
        let packed = match elem {
            Elem::I8 if outer_k_one => bytes_weights(ctx, ir, op, name, vals, bl),
            _ => None,
        };
        match packed {
            Some(bytes) => return bytes,
            None => bl.int8 = Int8Product::Pairs,
        }
    }
    if name == Conv2DNchwFchwOp::NAME && bl.simd == Simd::Avx2 {
        // The weights are A, `F x (C KH KW)` (the K order of the AVX2 GEMM).
        prep.a_packed = match elem {
            Elem::F32 => weight_panels(ctx, ir, op, vals[1], bl.mr),
            Elem::I8 => weight_pair_panels(ctx, ir, op, vals[1], bl.mr, Pairing::K),
        };
        return prep;
    }
    if name == MatmulOp::NAME {
        let Some((k, n)) = matmul_b_shape(ctx, ir, vals) else {
            return prep;
        };
        let nr = bl.simd.lanes() * bl.nvec;
        let panels = (n + nr - 1) / nr;
        prep.b_packed = match elem {
            Elem::F32 => {
                let f = ctx.float_type(strata_ir::FloatKind::F32);
                crate::amx::constant_bytes(ctx, ir, op, vals[1], f).and_then(|(sym, raw)| {
                    let packed = pack_b_panels(&raw, k, n, nr);
                    let name = format!("{sym}__f32_b{nr}");
                    crate::amx::packed_global(ctx, ir, op, &name, &[panels, k, nr], f, packed)
                })
            }
            // B's columns as rows of K, in i16 pairs of consecutive k.
            Elem::I8 => int8_weights(ctx, ir, op, name, vals).and_then(|(sym, w, _, _)| {
                let steps = (k + 1) / 2;
                let packed = pack_weight_words(&w, n, k, nr, steps, 2, &consecutive_k(k, 2));
                let name = format!("{sym}__i16x2_b{nr}");
                let i32t = ctx.signless(32);
                crate::amx::packed_global(ctx, ir, op, &name, &[panels, steps, nr], i32t, packed)
            }),
        };
    }
    prep
}

/// A matmul's `K x N` (B's shape).
fn matmul_b_shape(
    ctx: &strata_ir::Context,
    ir: &strata_ir::Ir,
    vals: &[Value],
) -> Option<(i64, i64)> {
    match ctx.type_data(ir.value_type(vals[1])) {
        strata_ir::TypeData::MemRef { shape, .. } => match shape[..] {
            [k, n] => Some((k, n)),
            _ => None,
        },
        _ => None,
    }
}

/// The i8 weights of `name` (a matmul's B, an NCHW convolution's filter)
/// as row-major `outputs x K` bytes when they are a constant global, with
/// its symbol: a matmul's `K x N` B transposed, so each output's K weights
/// are consecutive.
fn int8_weights(
    ctx: &strata_ir::Context,
    ir: &strata_ir::Ir,
    op: strata_ir::OpId,
    name: &str,
    vals: &[Value],
) -> Option<(String, Vec<i8>, i64, i64)> {
    let i8t = ctx.signless(8);
    match name {
        MatmulOp::NAME => {
            let (k, n) = matmul_b_shape(ctx, ir, vals)?;
            let (sym, raw) = crate::amx::constant_bytes(ctx, ir, op, vals[1], i8t)?;
            let mut rows = vec![0i8; raw.len()];
            for kk in 0..k {
                for nn in 0..n {
                    rows[(nn * k + kk) as usize] = raw[(kk * n + nn) as usize] as i8;
                }
            }
            Some((sym, rows, n, k))
        }
        Conv2DNchwFchwOp::NAME => {
            let (sym, raw, [f, c, kh, kw]) = conv_weights(ctx, ir, op, vals[1], i8t)?;
            Some((
                sym,
                raw.into_iter().map(|x| x as i8).collect(),
                f,
                c * kh * kw,
            ))
        }
        _ => None,
    }
}

/// How many words' products [`Int8Product::Bytes`] may sum in i16 for
/// `name` and stay exact (its `i16_words`: 2 or 1), or None: its weights
/// are not constant, or some `vpmaddubsw` pair sum could saturate.
/// `offset`: for activations offset into u8 (any i8), else for
/// non-negative ones used as they are (the form [`emit_by_sign`] runs).
///
/// An i16 lane multiplies weights (k `2j`, `2j + 1` of a word, and with
/// two words also those of the next word) with u8 activations, so its
/// sum lies in `[-a W-, a W+]`, `W+` and `W-` the sums of the lane's
/// positive weights and of its negative weights' magnitudes, `a` the
/// largest activation: 255 offset, which fits i16 when both sums are at
/// most 128, or 127 for non-negative i8, at most 258. Offset, weights in
/// [-64, 63] (7-bit quantization, ONNX Runtime's `reduce_range` for this
/// instruction) always pass for one word, [-32, 31] for two, and
/// full-range 8-bit weights mostly do not; non-negative, every weight
/// passes for one word (2 x 128 <= 258) and [-64, 63] for two.
pub fn bytes_exact(
    ctx: &strata_ir::Context,
    ir: &strata_ir::Ir,
    op: strata_ir::OpId,
    name: &str,
    vals: &[Value],
    offset: bool,
) -> Option<i64> {
    let (_, w, _, k) = int8_weights(ctx, ir, op, name, vals)?;
    let largest = if offset { 255 } else { 127 };
    [2i64, 1].into_iter().find(|&words| {
        w.chunks(k as usize)
            .all(|row| i16_lanes_fit(row, words as usize, largest))
    })
}

/// Whether every i16 lane of [`bytes_exact`] fits for one output's K
/// weights `row`, `words` words per lane, activations up to `largest`:
/// lane `j` (0 or 1) of group `g` holds k `4 words g + 4 q + 2 j + {0, 1}`
/// for `q < words`.
fn i16_lanes_fit(row: &[i8], words: usize, largest: i32) -> bool {
    row.chunks(4 * words).all(|group| {
        (0..2).all(|lane| {
            let (mut pos, mut neg) = (0i32, 0i32);
            for q in 0..words {
                for h in 0..2 {
                    if let Some(&x) = group.get(4 * q + 2 * lane + h) {
                        pos += (x as i32).max(0);
                        neg += (-(x as i32)).max(0);
                    }
                }
            }
            largest * pos <= i16::MAX as i32 && largest * neg <= -(i16::MIN as i32)
        })
    })
}

/// [`Int8Product::Bytes`]' packed weights and compensation (see
/// [`prepare`]): a matmul's B as `@<sym>__i8x4_b<nr>`, `[ceil(N / nr)]
/// [ceil(K / 4)][nr]` words of four k bytes, a convolution's filters as
/// `@<sym>__i8x4_a<mr>`, `[ceil(F / mr)][ceil(K / 4)][mr]`; and, with the
/// activations' offset, `@<sym>__comp_{b,a}<n>`, minus 128 x each
/// output's weight sum, by panel (zero past the outputs).
fn bytes_weights(
    ctx: &strata_ir::Context,
    ir: &mut strata_ir::Ir,
    op: strata_ir::OpId,
    name: &str,
    vals: &[Value],
    bl: &Blocking,
) -> Option<Prep> {
    let (sym, w, outputs, k) = int8_weights(ctx, ir, op, name, vals)?;
    let (width, side) = match name {
        MatmulOp::NAME => (bl.simd.lanes() * bl.nvec, "b"),
        _ => (bl.mr, "a"),
    };
    let panels = (outputs + width - 1) / width;
    let slots = (k + 3) / 4;
    let words = pack_weight_words(&w, outputs, k, width, slots, 4, &consecutive_k(k, 4));
    let i32t = ctx.signless(32);
    let packed = crate::amx::packed_global(
        ctx,
        ir,
        op,
        &format!("{sym}__i8x4_{side}{width}"),
        &[panels, slots, width],
        i32t,
        words,
    )?;
    let mut prep = Prep::default();
    if let Int8Product::Bytes { offset: true, .. } = bl.int8 {
        let mut comp = vec![0u8; (panels * width * 4) as usize];
        for (o, row) in w.chunks(k as usize).enumerate() {
            let sum: i32 = row.iter().map(|&x| x as i32).sum();
            comp[o * 4..o * 4 + 4].copy_from_slice(&sum.wrapping_mul(-128).to_le_bytes());
        }
        prep.comp = Some(crate::amx::packed_global(
            ctx,
            ir,
            op,
            &format!("{sym}__comp_{side}{width}"),
            &[panels, width],
            i32t,
            comp,
        )?);
    }
    match side {
        "b" => prep.b_packed = Some(packed),
        _ => prep.a_packed = Some(packed),
    }
    Some(prep)
}

/// Row-major `K x N` f32 (little-endian bytes) as `[ceil(N / nr)][K][nr]`,
/// columns past N zero.
fn pack_b_panels(raw: &[u8], k: i64, n: i64, nr: i64) -> Vec<u8> {
    let panels = (n + nr - 1) / nr;
    let mut packed = vec![0u8; (panels * k * nr * 4) as usize];
    for p in 0..panels {
        let width = nr.min(n - p * nr);
        for kk in 0..k {
            let src = ((kk * n + p * nr) * 4) as usize;
            let dst = (((p * k + kk) * nr) * 4) as usize;
            let len = (width * 4) as usize;
            packed[dst..dst + len].copy_from_slice(&raw[src..src + len]);
        }
    }
    packed
}

/// An NCHW convolution's constant f32 weights `F x C x KH x KW` (a
/// `memref.get_global` of a constant global) packed at compile time into
/// panels of `rows` filters, `@<sym>__f32_a<rows>`: `[ceil(F / rows)][C KH
/// KW][rows]`, the filters past F zero. A kernel's `rows` broadcasts per
/// reduction step then come from one pointer, where rows read in place are
/// `C KH KW` floats apart (8 KiB at 2048 channels: one L1 set, and a
/// register each). The GEMM (A = weights) and the flat direct kernel use
/// it.
pub fn weight_panels(
    ctx: &strata_ir::Context,
    ir: &mut strata_ir::Ir,
    op: strata_ir::OpId,
    weights: Value,
    rows: i64,
) -> Option<Value> {
    let f32t = ctx.float_type(strata_ir::FloatKind::F32);
    let (sym, raw, [f, c, kh, kw]) = conv_weights(ctx, ir, op, weights, f32t)?;
    let k = c * kh * kw;
    let panels = (f + rows - 1) / rows;
    let packed = pack_a_panels(&raw, f, k, rows);
    let name = format!("{sym}__f32_a{rows}");
    crate::amx::packed_global(ctx, ir, op, &name, &[panels, k, rows], f32t, packed)
}

/// Which two int8 weights share an i32 word of [`weight_pair_panels`].
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Pairing {
    /// Channels `2q` and `2q + 1` of one tap, step `(q KH + kh) KW + kw`
    /// (`@<sym>__i16x2c_a<rows>`): the flat kernel's `vpmaddwd` operand
    /// against an input word of the same two channels.
    Channels,
    /// Two consecutive k of the weights as `F x K` (K = C KH KW, their own
    /// order), step `k / 2` (`@<sym>__i16x2_a<rows>`): the AVX2 int8
    /// GEMM's A, so no row of A is widened per call.
    K,
}

/// [`weight_panels`] for int8 weights on AVX2: constant `F x C x KH x KW`
/// as `[ceil(F / rows)][steps][rows]` i32 words of two sign-extended i16
/// paired as `pairing` says (the high half zero past an odd C or K).
pub fn weight_pair_panels(
    ctx: &strata_ir::Context,
    ir: &mut strata_ir::Ir,
    op: strata_ir::OpId,
    weights: Value,
    rows: i64,
    pairing: Pairing,
) -> Option<Value> {
    let (sym, raw, dims) = conv_weights(ctx, ir, op, weights, ctx.signless(8))?;
    let [f, c, kh, kw] = dims;
    let (taps, per_filter) = (kh * kw, c * kh * kw);
    let w: Vec<i8> = raw.into_iter().map(|x| x as i8).collect();
    let (steps, packed) = match pairing {
        Pairing::Channels => {
            // Step `(q KH + kh) KW + kw` pairs channels `2q`, `2q + 1` of
            // that tap.
            let steps = (c + 1) / 2 * taps;
            let source = |step: i64, half: i64| {
                let cc = 2 * (step / taps) + half;
                (cc < c).then_some(cc * taps + step % taps)
            };
            (
                steps,
                pack_weight_words(&w, f, per_filter, rows, steps, 2, &source),
            )
        }
        Pairing::K => {
            let steps = (per_filter + 1) / 2;
            let source = consecutive_k(per_filter, 2);
            (
                steps,
                pack_weight_words(&w, f, per_filter, rows, steps, 2, &source),
            )
        }
    };
    let panels = (f + rows - 1) / rows;
    let tag = match pairing {
        Pairing::Channels => "i16x2c",
        Pairing::K => "i16x2",
    };
    let name = format!("{sym}__{tag}_a{rows}");
    let shape = [panels, steps, rows];
    crate::amx::packed_global(ctx, ir, op, &name, &shape, ctx.signless(32), packed)
}

/// The symbol, raw little-endian bytes and `[F, C, KH, KW]` of an NCHW
/// convolution's weights when they are a constant global of `elem`.
fn conv_weights(
    ctx: &strata_ir::Context,
    ir: &strata_ir::Ir,
    op: strata_ir::OpId,
    weights: Value,
    elem: strata_ir::Type,
) -> Option<(String, Vec<u8>, [i64; 4])> {
    let dims = match ctx.type_data(ir.value_type(weights)) {
        strata_ir::TypeData::MemRef { shape, .. } => shape.to_vec(),
        _ => vec![],
    };
    let [f, c, kh, kw] = dims[..] else {
        return None;
    };
    let (sym, raw) = crate::amx::constant_bytes(ctx, ir, op, weights, elem)?;
    Some((sym, raw, [f, c, kh, kw]))
}

/// Row-major `M x K` f32 (little-endian bytes) as `[ceil(M / mr)][K][mr]`,
/// rows past M zero: a kernel's `mr` rows of one k are consecutive.
fn pack_a_panels(raw: &[u8], m: i64, k: i64, mr: i64) -> Vec<u8> {
    let panels = (m + mr - 1) / mr;
    let mut packed = vec![0u8; (panels * k * mr * 4) as usize];
    for row in 0..m {
        let (p, r) = (row / mr, row % mr);
        for kk in 0..k {
            let src = ((row * k + kk) * 4) as usize;
            let dst = (((p * k + kk) * mr + r) * 4) as usize;
            packed[dst..dst + 4].copy_from_slice(&raw[src..src + 4]);
        }
    }
    packed
}

/// Constant int8 weights, `outputs` rows of `k` (`w`), packed for the
/// kernels as `[ceil(outputs / width)][steps][width]` i32 words (outputs
/// past the end zero): field `h` of output `o`'s word `step` is its weight
/// `source(step, h)` (None: 0), as sign-extended i16 halves (`per` 2: the
/// AVX2 pairs' `vpmaddwd` operand) or bytes (`per` 4: the bytes form's
/// signed operand). Every compile-time int8 packing goes through here: a
/// matmul's B (its columns as rows), a convolution's filters, in k pairs,
/// channel pairs or k quads.
fn pack_weight_words(
    w: &[i8],
    outputs: i64,
    k: i64,
    width: i64,
    steps: i64,
    per: i64,
    source: &dyn Fn(i64, i64) -> Option<i64>,
) -> Vec<u8> {
    let panels = (outputs + width - 1) / width;
    let bits = 32 / per;
    let mut packed = vec![0u8; (panels * steps * width * 4) as usize];
    for o in 0..outputs {
        let (p, j) = (o / width, o % width);
        for step in 0..steps {
            let word = (0..per).fold(0u32, |word, h| match source(step, h) {
                Some(kk) => {
                    let x = w[(o * k + kk) as usize] as i32 as u32;
                    word | (x & ((1u32 << bits) - 1)) << (bits * h)
                }
                None => word,
            });
            let at = ((p * steps + step) * width + j) as usize * 4;
            packed[at..at + 4].copy_from_slice(&word.to_le_bytes());
        }
    }
    packed
}

/// [`pack_weight_words`]' source for `per` consecutive k per word: field
/// `h` of word `step` is k `per step + h` (None past `k`).
fn consecutive_k(k: i64, per: i64) -> impl Fn(i64, i64) -> Option<i64> {
    move |step, h| {
        let kk = per * step + h;
        (kk < k).then_some(kk)
    }
}

/// Erases `v`'s defining `memref.get_global` if nothing uses it any more
/// (its op was replaced by a kernel that reads a packed copy).
pub fn erase_unused_get_global(ctx: &strata_ir::Context, ir: &mut strata_ir::Ir, v: Value) {
    if let Some(def) = ir.defining_op(v) {
        if GetGlobalOp::is(ctx, ir, def) && !ir.has_uses(v) {
            let _ = ir.erase_op(def);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::i16_lanes_fit;

    /// The bounds of [`super::bytes_exact`]: a lane's weights may sum to
    /// 128 per sign with activations offset into u8 (up to 255), to 258
    /// with non-negative i8 ones (up to 127).
    #[test]
    fn i16_lane_bounds() {
        // One word: lanes (k0, k1) and (k2, k3).
        assert!(i16_lanes_fit(&[-64, -64, 63, 63], 1, 255));
        assert!(!i16_lanes_fit(&[-64, -65, 0, 0], 1, 255));
        assert!(!i16_lanes_fit(&[0, 0, 64, 65], 1, 255));
        assert!(!i16_lanes_fit(&[-128, -128, 127, 127], 1, 255));
        assert!(i16_lanes_fit(&[-128, -128, 127, 127], 1, 127));
        // Two words: lane 0 holds k 0, 1, 4, 5 and lane 1 k 2, 3, 6, 7.
        assert!(i16_lanes_fit(&[32, 32, 0, 0, 32, 32, 0, 0], 2, 255));
        assert!(!i16_lanes_fit(&[32, 32, 0, 0, 32, 33, 0, 0], 2, 255));
        assert!(i16_lanes_fit(&[32, 32, 33, 33, 32, 33, 33, 33], 2, 127));
        assert!(i16_lanes_fit(&[-64, -64, 63, 63, -64, -64, 63, 63], 2, 127));
        assert!(i16_lanes_fit(&[-65, -65, 0, 0, -64, -64, 0, 0], 2, 127));
        assert!(!i16_lanes_fit(&[-65, -65, 0, 0, -65, -64, 0, 0], 2, 127));
        assert!(!i16_lanes_fit(&[0, 0, 65, 65, 0, 0, 64, 65], 2, 127));
        // A K tail: the missing k are zero weights.
        assert!(i16_lanes_fit(&[-128, -128, 127], 1, 127));
        assert!(!i16_lanes_fit(&[-128, -128, 127, 127, -3], 2, 127));
    }
}
