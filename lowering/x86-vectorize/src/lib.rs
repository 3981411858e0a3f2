//! `x86-vectorize`: `linalg.matmul`, `linalg.conv_2d_nhwc_hwcf` and
//! `linalg.conv_2d_nchw_fchw` on statically shaped, contiguous memrefs,
//! f32 or i8 x i8 -> i32, become cache-blocked loops around a
//! register-blocked microkernel of x86 intrinsics (`x86.call`), which the C
//! back end prints as immintrin.h calls with a portable fallback chosen at
//! run time.
//!
//! ```sh
//! strata-opt --x86-vectorize k.mlir | strata-translate --mlir-to-c -o k.c
//! strata-opt '--pass-pipeline=builtin.module(x86-vectorize{isa=vnni mr=8})' k.mlir
//! ```
//!
//! # Why one GEMM generator
//!
//! All three ops are `C[b, m, n] += sum A[b, m, ko, k] * B[b, ko, k, n]`
//! once their loops are named: matmul has no batch and no outer K; NHWC
//! convolution takes the output pixels (oh, ow) as M, filters as N and
//! (kh, kw) as the outer K over channels; NCHW takes filters as M and
//! pixels as N, so the vector lanes run along a contiguous output row
//! either way. The op-specific part is three index functions ([`gemm::Gemm`]);
//! blocking, packing and the microkernels are written once.
//!
//! # Options
//!
//! `isa=auto|avx512|vnni|amx|avx2|native|scalar`: `auto` picks AVX-512 FMA
//! for f32 and, for int8, AMX tiles ([`amx`]) with the VNNI kernel as the
//! run-time fallback on CPUs without usable AMX; `vnni` and `amx` only one
//! of them (run on the module, constant int8 weights are packed at compile
//! time); `avx2` writes every kernel for AVX2 + FMA (8 lanes, 16
//! registers; int8 through exact i16 products, or u8 x s8 ones where the
//! constant weights prove them exact, or under a run-time test that the
//! activations are non-negative, [`simd::Int8Product`]) for CPUs without
//! AVX-512; `native` is `auto` when the compiling machine has AVX-512F,
//! else `avx2` when it has AVX2 and FMA (as `-march=native` picks for
//! the host); `scalar` leaves the ops alone (for `convert-linalg-to-loops`).
//! Which instructions run is decided when the program starts: the C back
//! end emits a native and an emulated variant, so the output of this pass
//! runs (slowly) on any CPU. `mr`, `nr` (16, 32, 48 or 64; with `avx2` 8,
//! 16, 24 or 32), `kc`, `mc`, `nc` override the block sizes (0 = default).
//! `int8=pairs` keeps AVX2 int8 on the i16 pairs even where the u8 x s8
//! product would be exact (`auto`, the default, takes it there, with two
//! words per `vpmaddwd` where the weights allow; `bytes`: one).
//!
//! Ops this pass does not handle (dynamic shapes, non-identity layouts,
//! unsigned casts, other element types) are left unchanged.

pub mod amx;
pub mod blocked_conv;
pub mod builder;
pub mod direct_conv;
pub mod gemm;
pub mod gemv;
pub mod pointwise;
pub mod simd;

use builder::B;
use gemm::{Blocking, Elem, Gemm, Idx};
use simd::{Int8Product, Simd};
use strata_dialect_linalg::{Conv2DNchwFchwOp, Conv2DNhwcHwcfOp, MatmulOp};
use strata_ir::pass::{Pass, PassContext, PassOption, PassResult};
use strata_ir::{Context, FloatKind, InsertPoint, Ir, OpId, Type, TypeData, Value};

strata_ir::option_enum! {
    /// The instruction set the kernels use.
    pub enum Isa {
        Auto = "auto": "AVX-512 (f32 FMA; int8 AMX tiles with a VNNI fallback)",
        Avx512 = "avx512": "AVX-512 FMA, f32 only",
        Vnni = "vnni": "AVX512-VNNI, int8 only",
        Amx = "amx": "AMX tiles, int8 only",
        Avx2 = "avx2": "AVX2 + FMA (f32; exact int8 products)",
        Native = "native": "this machine's best",
        Scalar = "scalar": "leave the ops for the scalar loops",
    }
}

strata_ir::option_enum! {
    /// Which kernel a matmul or convolution takes.
    pub enum KernelPath {
        Auto = "auto": "direct f32 conv / GEMV kernels where their models say",
        Gemm = "gemm": "everything through the blocked GEMM",
        Flat = "flat": "the flat NCHW conv kernel (also int8 with AVX2 and constant weights)",
        Blocked = "blocked": "the channel-blocked NCHW conv kernel",
        Pointwise = "pointwise": "AVX2 f32 1x1 layers with constant weights as pixels x filters",
    }
}

strata_ir::option_enum! {
    /// The AVX2 int8 product.
    pub enum Int8Form {
        Auto = "auto": "u8 x s8 vpmaddubsw where the constant weights prove no i16 sum saturates (two words per vpmaddwd where they allow), else i16 pairs; plus a faster form for activations a run-time test finds non-negative",
        Bytes = "bytes": "the same with one word per vpmaddwd",
        Pairs = "pairs": "vpmaddwd on i16 always",
    }
}

/// The pass.
#[derive(Clone)]
pub struct X86Vectorize {
    pub isa: Isa,
    pub mr: i64,
    pub nr: i64,
    pub kc: i64,
    pub mc: i64,
    pub nc: i64,
    /// `auto`: f32 GEMV-like matmuls and stride-1 NCHW convolutions take
    /// their own kernels ([`gemv`], [`direct_conv`], [`blocked_conv`],
    /// [`pointwise`]) where their models say; `gemm`: everything through
    /// the blocked GEMM; `flat`, `blocked`, `pointwise`: that convolution
    /// kernel where it applies.
    pub path: KernelPath,
    /// AVX2 int8: `auto` takes the u8 x s8 product where constant weights
    /// prove it exact ([`gemm::bytes_exact`]), summing two words in i16
    /// where they allow, and adds the form without the offset for
    /// non-negative activations where it is faster
    /// ([`gemm::emit_by_sign`]); `bytes` one word per `vpmaddwd`;
    /// `pairs` always the i16 pairs.
    pub int8: Int8Form,
}

impl Default for X86Vectorize {
    fn default() -> Self {
        Self {
            isa: Isa::Auto,
            mr: 0,
            nr: 0,
            kc: 0,
            mc: 0,
            nc: 0,
            path: KernelPath::Auto,
            int8: Int8Form::Auto,
        }
    }
}

/// The most microkernel rows: 28 accumulator rows fill the 32 vector
/// registers with room for B and the broadcast (`blocking` clamps to it).
const MAX_MR: i64 = 28;

/// The largest `kc`, `mc` or `nc`: packed blocks are allocated at run time
/// from these, and a block past a million rows or columns is a typo.
const MAX_BLOCK: i64 = 1 << 20;

/// `nr` is 0 (the default) or 1 to 4 vectors of 8 (AVX2) or 16 lanes; which
/// lane count applies depends on `isa`, so only the common rule is checked.
fn check_nr(text: &str) -> Result<(), String> {
    match text.parse::<i64>() {
        Ok(0) => Ok(()),
        Ok(nr) if (8..=64).contains(&nr) && nr % 8 == 0 => Ok(()),
        _ => Err(format!(
            "{text} is not a microkernel width (expected 0 or a multiple of 8 from 8 to 64)"
        )),
    }
}

impl Pass for X86Vectorize {
    fn name(&self) -> &str {
        "X86Vectorize"
    }
    fn argument(&self) -> &str {
        "x86-vectorize"
    }
    fn description(&self) -> &str {
        "Tile and vectorize linalg matmul/conv (f32, int8) into x86 intrinsic microkernels"
    }
    fn options(&mut self) -> Vec<PassOption<'_>> {
        vec![
            PassOption::choice("isa", "Instruction set", &mut self.isa),
            PassOption::int("mr", "Microkernel rows (0: default)", &mut self.mr).range(0, MAX_MR),
            PassOption::int(
                "nr",
                "Microkernel columns: 1 to 4 vectors, 16-64 (AVX2: 8-32) (0: default)",
                &mut self.nr,
            )
            .check(check_nr),
            PassOption::int("kc", "K per packed panel (0: default)", &mut self.kc)
                .range(0, MAX_BLOCK),
            PassOption::int("mc", "Rows per L2 block (0: default)", &mut self.mc)
                .range(0, MAX_BLOCK),
            PassOption::int(
                "nc",
                "Columns per packed B block (0: default)",
                &mut self.nc,
            )
            .range(0, MAX_BLOCK),
            PassOption::choice("path", "Kernel choice", &mut self.path),
            PassOption::choice("int8", "AVX2 int8 product", &mut self.int8),
        ]
    }
    fn run_on_operation(&mut self, pc: &mut PassContext) -> PassResult {
        let ctx = pc.ctx();
        let root = pc.op();
        if self.isa == Isa::Scalar {
            return Ok(());
        }
        let opts = X86Vectorize {
            isa: if self.isa == Isa::Native {
                host_isa()
            } else {
                self.isa
            },
            ..self.clone()
        };
        let ir = pc.ir_mut();
        let mut targets = Vec::new();
        ir.walk_preorder(root, &mut |op| {
            let name = ctx.op_name_str(ir.op_name(op));
            if matches!(
                name,
                MatmulOp::NAME | Conv2DNhwcHwcfOp::NAME | Conv2DNchwFchwOp::NAME
            ) {
                targets.push(op);
            }
        });
        for op in targets {
            vectorize(ctx, ir, op, &opts);
        }
        Ok(())
    }
}

/// `isa=native`: the kernels for the CPU running the compiler.
fn host_isa() -> Isa {
    #[cfg(target_arch = "x86_64")]
    {
        if std::arch::is_x86_feature_detected!("avx512f") {
            return Isa::Auto;
        }
        if std::arch::is_x86_feature_detected!("avx2") && std::arch::is_x86_feature_detected!("fma")
        {
            return Isa::Avx2;
        }
    }
    Isa::Auto
}

/// Static shape and element type of an identity-layout memref: the
/// operands the kernels take (strata-tune asks the same of its ops).
pub fn shape_of(ctx: &Context, ty: Type) -> Option<(Vec<i64>, Type)> {
    match ctx.type_data(ty) {
        TypeData::MemRef {
            shape,
            element,
            layout,
            ..
        } if layout.is_none() && shape.iter().all(|&d| d > 0) => Some((shape.to_vec(), *element)),
        _ => None,
    }
}

/// The kernels' element form for operand element types `a`, `b` and
/// result `c`, if they have one.
pub fn element_kind(ctx: &Context, a: Type, b: Type, c: Type) -> Option<Elem> {
    let f32 = ctx.float_type(FloatKind::F32);
    if a == f32 && b == f32 && c == f32 {
        return Some(Elem::F32);
    }
    let (i8t, i32t) = (ctx.signless(8), ctx.signless(32));
    (a == i8t && b == i8t && c == i32t).then_some(Elem::I8)
}

fn vectorize(ctx: &Context, ir: &mut Ir, op: OpId, opts: &X86Vectorize) -> bool {
    let name = ctx.op_name_str(ir.op_name(op)).to_string();
    if ir.num_results(op) != 0 || ir.num_operands(op) != 3 {
        return false;
    }
    // Only the default payload: the standard maps, signed casts.
    if let Some(cast) = ir.attr(ctx, op, "cast") {
        if strata_ir::asm::printer::attr_to_string(ctx, cast).contains("unsigned") {
            return false;
        }
    }
    if name == MatmulOp::NAME {
        let Some(Ok(info)) = strata_dialect_linalg::structured::structured_info(ctx, ir, op) else {
            return false;
        };
        let dims = |k: usize| -> Vec<Option<usize>> {
            info.indexing_maps[k]
                .results()
                .iter()
                .map(|e| e.as_dim())
                .collect()
        };
        if dims(0) != [Some(0), Some(2)]
            || dims(1) != [Some(2), Some(1)]
            || dims(2) != [Some(0), Some(1)]
        {
            return false;
        }
    }
    let vals: Vec<Value> = ir.operands(op).collect();
    let mut shapes = Vec::new();
    let mut elems = Vec::new();
    for &v in &vals {
        let Some((s, e)) = shape_of(ctx, ir.value_type(v)) else {
            return false;
        };
        shapes.push(s);
        elems.push(e);
    }
    let Some(elem) = element_kind(ctx, elems[0], elems[1], elems[2]) else {
        return false;
    };
    match (opts.isa, elem) {
        (Isa::Avx512, Elem::I8) | (Isa::Vnni | Isa::Amx, Elem::F32) => return false,
        _ => {}
    }
    let (a, bm, c) = (vals[0], vals[1], vals[2]);
    let window = |n: &str| strata_dialect_linalg::named::window_attr(ctx, ir, op, n, 2);
    let (st, di) = (window("strides"), window("dilations"));
    let simd = if opts.isa == Isa::Avx2 {
        Simd::Avx2
    } else {
        Simd::Avx512
    };
    let int8_flat = |ir: &mut Ir| {
        let mut b = B {
            ctx,
            loc: ir.op_loc(op),
            ir,
            at: InsertPoint::Before(op),
        };
        direct_conv::lower_i8(&mut b, op, &vals, &shapes, &st, &di, opts.mr, opts.nr)
    };
    let special = match elem {
        _ if opts.path == KernelPath::Gemm => false,
        Elem::F32 => f32_special(ctx, ir, op, &name, &vals, &shapes, &st, &di, opts, simd),
        // Only when asked: the int8 flat kernel measured 0.78-0.91x the
        // GEMM on 3x3 layers (docs/x86-kernels.md).
        Elem::I8 => {
            opts.path == KernelPath::Flat
                && simd == Simd::Avx2
                && name == Conv2DNchwFchwOp::NAME
                && int8_flat(ir)
        }
    };
    if special {
        let _ = ir.erase_op(op);
        // Weights packed at compile time leave the original read unused.
        gemm::erase_unused_get_global(ctx, ir, vals[1]);
        return true;
    }
    let mut collapsed_weights = None;
    let gemm = match name.as_str() {
        MatmulOp::NAME => {
            let (m, k, n) = (shapes[0][0], shapes[0][1], shapes[1][1]);
            Gemm {
                elem,
                batch: vec![],
                m,
                n,
                ko: vec![],
                kin: k,
                a: Box::new(move |_, i: &Idx| (a, vec![i.m.unwrap(), i.k.unwrap()])),
                b: Box::new(move |_, i: &Idx| (bm, vec![i.k.unwrap(), i.n.unwrap()])),
                c: Box::new(move |_, i: &Idx| (c, vec![i.m.unwrap(), i.n.unwrap()])),
                a_unit_k: true,
                a_unit_m: false,
                b_unit_n: true,
                b_run: 0,
                b_k_period: 0,
            }
        }
        Conv2DNhwcHwcfOp::NAME => {
            // in[N,H,W,C] w[KH,KW,C,F] out[N,OH,OW,F]: M = (oh, ow), N = f.
            let (o, w) = (&shapes[2], &shapes[1]);
            let ow = o[2];
            let (st, di) = (st.clone(), di.clone());
            Gemm {
                elem,
                batch: vec![o[0]],
                m: o[1] * o[2],
                n: o[3],
                ko: vec![w[0], w[1]],
                kin: w[2],
                a: Box::new(move |b: &mut B, i: &Idx| {
                    let m = i.m.unwrap();
                    let (oh, owi) = (b.divc(m, ow), b.remc(m, ow));
                    let h = window_index(b, oh, st[0], i.ko[0], di[0]);
                    let x = window_index(b, owi, st[1], i.ko[1], di[1]);
                    (a, vec![i.batch[0], h, x, i.k.unwrap()])
                }),
                b: Box::new(move |_, i: &Idx| {
                    (bm, vec![i.ko[0], i.ko[1], i.k.unwrap(), i.n.unwrap()])
                }),
                c: Box::new(move |b: &mut B, i: &Idx| {
                    let m = i.m.unwrap();
                    let (oh, owi) = (b.divc(m, ow), b.remc(m, ow));
                    (c, vec![i.batch[0], oh, owi, i.n.unwrap()])
                }),
                a_unit_k: true,
                a_unit_m: false,
                b_unit_n: true,
                b_run: 0,
                b_k_period: 0,
            }
        }
        Conv2DNchwFchwOp::NAME => {
            // in[N,C,H,W] w[F,C,KH,KW] out[N,F,OH,OW]: M = f, N = (oh, ow).
            let (o, w) = (&shapes[2], &shapes[1]);
            let (ow, kh, kw) = (o[3], w[2], w[3]);
            let unit_stride = st[..] == [1, 1];
            let unit_width_stride = st[1] == 1;
            let (st, di) = (st.clone(), di.clone());
            // AVX2: K = (c, kh, kw) flattened, the weights' own order, so a
            // filter's row of A is read sequentially and the K blocks are
            // full-length (taps outside, a 64-channel layer's K blocks had
            // 64 k and C was loaded and stored per tap). The AVX-512 int8
            // kernels keep taps as the outer K.
            let flat_k = simd == Simd::Avx2;
            let weights = if flat_k {
                let mut tb = B {
                    ctx,
                    loc: ir.op_loc(op),
                    ir,
                    at: InsertPoint::Before(op),
                };
                let view = tb.collapse(
                    bm,
                    &[vec![0], vec![1, 2, 3]],
                    &[w[0], w[1] * kh * kw],
                    elems[1],
                );
                collapsed_weights = Some(view);
                view
            } else {
                bm
            };
            Gemm {
                elem,
                batch: vec![o[0]],
                m: o[1],
                n: o[2] * o[3],
                ko: if flat_k { vec![] } else { vec![kh, kw] },
                kin: if flat_k { w[1] * kh * kw } else { w[1] },
                a: Box::new(move |_, i: &Idx| {
                    if flat_k {
                        (weights, vec![i.m.unwrap(), i.k.unwrap()])
                    } else {
                        (weights, vec![i.m.unwrap(), i.k.unwrap(), i.ko[0], i.ko[1]])
                    }
                }),
                b: Box::new(move |b: &mut B, i: &Idx| {
                    let n = i.n.unwrap();
                    let (oh, owi) = (b.divc(n, ow), b.remc(n, ow));
                    let (ch, tap_h, tap_w) = match (flat_k, i.k_split) {
                        (true, Some((ch, tap))) => (ch, b.c(tap / kw), b.c(tap % kw)),
                        (true, None) => {
                            let k = i.k.unwrap();
                            let (ch, tap) = (b.divc(k, kh * kw), b.remc(k, kh * kw));
                            (ch, b.divc(tap, kw), b.remc(tap, kw))
                        }
                        (false, _) => (i.k.unwrap(), i.ko[0], i.ko[1]),
                    };
                    let h = window_index(b, oh, st[0], tap_h, di[0]);
                    let x = window_index(b, owi, st[1], tap_w, di[1]);
                    (a, vec![i.batch[0], ch, h, x])
                }),
                c: Box::new(move |b: &mut B, i: &Idx| {
                    let n = i.n.unwrap();
                    let (oh, owi) = (b.divc(n, ow), b.remc(n, ow));
                    (c, vec![i.batch[0], i.m.unwrap(), oh, owi])
                }),
                // A 1x1 unit-stride window over the whole map reads the
                // input's pixels in order; at unit width stride, an
                // output row's pixels are consecutive.
                a_unit_k: flat_k || kh * kw == 1,
                a_unit_m: false,
                b_unit_n: w[2] == 1
                    && w[3] == 1
                    && unit_stride
                    && shapes[0][2] == o[2]
                    && shapes[0][3] == o[3],
                b_run: if unit_width_stride { ow } else { 0 },
                b_k_period: if flat_k { kh * kw } else { 0 },
            }
        }
        _ => return false,
    };
    // AVX2 int8: the u8 x s8 bytes form where the constant weights prove
    // it exact with the activations offset into u8, else the i16 pairs;
    // and, where it would be faster, the bytes form without the offset
    // for activations a run-time test finds non-negative (exact for more
    // weights: every one for one word per vpmaddwd).
    let words = |offset: bool| match (simd, elem, opts.int8) {
        (Simd::Avx2, Elem::I8, Int8Form::Auto | Int8Form::Bytes) => {
            gemm::bytes_exact(ctx, ir, op, &name, &vals, offset).map(|words| {
                if opts.int8 == Int8Form::Bytes {
                    1
                } else {
                    words
                }
            })
        }
        _ => None,
    };
    let (offset_words, plain_words) = (words(true), words(false));
    let product = |words: Option<i64>, offset: bool| match (simd, words) {
        (Simd::Avx512, _) => Int8Product::Vnni,
        (Simd::Avx2, Some(i16_words)) => Int8Product::Bytes {
            activations_a: name == MatmulOp::NAME,
            i16_words,
            offset,
        },
        (Simd::Avx2, None) => Int8Product::Pairs,
    };
    // k per vpmaddwd: 2 for the pairs, 4 per word summed in i16.
    let k_rate = |words: Option<i64>| words.map_or(2, |w| 4 * w);
    let by_sign = (k_rate(plain_words) > k_rate(offset_words))
        .then(|| contiguous_i8(ctx, ir, vals[0]))
        .flatten();
    let int8 = product(offset_words, true);
    let mut blocking = blocking(&gemm, simd, int8, opts, name == MatmulOp::NAME);
    let outer_k_one = gemm.ko.iter().all(|&e| e == 1);
    let c_zero = gemm::take_zero_fill(ctx, ir, op, vals[2], elem, simd, outer_k_one);
    let prep = gemm::Prep {
        c_zero,
        ..gemm::prepare(ctx, ir, op, &name, &vals, elem, outer_k_one, &mut blocking)
    };
    // The form for non-negative activations, its weights packed too (a
    // zero fill of C, erased above, is known to both).
    let plain = by_sign.and_then(|activations| {
        let int8 = product(plain_words, false);
        let mut bl = self::blocking(&gemm, simd, int8, opts, name == MatmulOp::NAME);
        let p = gemm::prepare(ctx, ir, op, &name, &vals, elem, outer_k_one, &mut bl);
        (bl.int8 == int8).then_some((activations, bl, gemm::Prep { c_zero, ..p }))
    });
    let mut b = B {
        ctx,
        loc: ir.op_loc(op),
        ir,
        at: InsertPoint::Before(op),
    };
    if elem == Elem::I8 && matches!(opts.isa, Isa::Amx | Isa::Auto) {
        let prep = amx::prepare(ctx, b.ir, op, &name, &vals, &shapes, &st);
        if opts.isa == Isa::Amx {
            amx::emit(&mut b, &gemm, &prep);
        } else {
            amx::emit_or(&mut b, &gemm, &prep, |b| gemm::emit(b, &gemm, &blocking));
        }
    } else if let Some((activations, bl, p)) = &plain {
        gemm::emit_by_sign(&mut b, &gemm, *activations, (bl, p), (&blocking, &prep));
    } else {
        gemm::emit_with(&mut b, &gemm, &blocking, &prep);
    }
    drop(gemm);
    let _ = ir.erase_op(op);
    // Packed weights leave the original's read unused (and the AVX2
    // convolution's collapsed view of it): drop them, so that `symbol-dce`
    // right after the pass can drop the global too.
    if let Some(view) = collapsed_weights {
        if !ir.has_uses(view) {
            if let Some(def) = ir.defining_op(view) {
                let _ = ir.erase_op(def);
            }
        }
    }
    gemm::erase_unused_get_global(ctx, ir, vals[1]);
    true
}

/// The f32 kernels outside the GEMM generator: [`gemv`] for matmuls with
/// at most [`gemv::max_m`] rows, [`direct_conv`] for stride-1 NCHW
/// convolutions, 1x1 included (`mr` and `nr` override
/// its filters x pixels block). Emits and returns true if one applies.
#[allow(clippy::too_many_arguments)]
fn f32_special(
    ctx: &Context,
    ir: &mut Ir,
    op: OpId,
    name: &str,
    vals: &[Value],
    shapes: &[Vec<i64>],
    st: &[i64],
    di: &[i64],
    opts: &X86Vectorize,
    simd: Simd,
) -> bool {
    let mut b = B {
        ctx,
        loc: ir.op_loc(op),
        ir,
        at: InsertPoint::Before(op),
    };
    match name {
        MatmulOp::NAME if shapes[0][0] <= gemv::max_m(simd) => {
            let g = gemv::Gemv {
                a: vals[0],
                b: vals[1],
                c: vals[2],
                m: shapes[0][0],
                n: shapes[1][1],
                k: shapes[0][1],
                simd,
            };
            gemv::emit(&mut b, &g);
            true
        }
        Conv2DNchwFchwOp::NAME => {
            let d = blocked_conv::Conv::from_shapes(shapes, st, di);
            pointwise::lower(&mut b, op, &d, vals, opts, simd)
                || blocked_conv::lower(
                    &mut b, op, vals, shapes, st, di, opts.path, opts.mr, opts.nr, simd,
                )
        }
        _ => false,
    }
}

/// An i8 memref whose elements are all contiguous (static shape, identity
/// layout; fewer than 2^31 of them): itself, its rank and element count,
/// for one pass over them ([`gemm::emit_by_sign`]).
fn contiguous_i8(ctx: &Context, ir: &Ir, v: Value) -> Option<(Value, usize, i64)> {
    match ctx.type_data(ir.value_type(v)) {
        strata_ir::TypeData::MemRef {
            shape,
            layout: None,
            ..
        } if shape.iter().all(|&d| d >= 0) => {
            let count: i64 = shape.iter().product();
            (count < i32::MAX as i64).then_some((v, shape.len(), count))
        }
        _ => None,
    }
}

/// `o * stride + k * dilation`.
fn window_index(b: &mut B, o: Value, stride: i64, k: Value, dilation: i64) -> Value {
    let x = b.mulc(o, stride);
    let y = b.mulc(k, dilation);
    b.add(x, y)
}

/// Default block sizes, then the options'. `a_in_place`: A is read where
/// it is (a matmul's activations; a convolution's A is its weights).
fn blocking(
    g: &Gemm,
    simd: Simd,
    int8: Int8Product,
    o: &X86Vectorize,
    a_in_place: bool,
) -> Blocking {
    let or = |v: i64, d: i64| if v > 0 { v } else { d };
    let lanes = simd.lanes();
    let (mr, nvec, kc, nc) = match (simd, g.elem) {
        // At most 48 columns with A read in place: 4 x 24 (12
        // accumulators, 3 B vectors, 4 row pointers), 1.14x, 1.30x, 1.28x
        // and 1.07x the 6 x 16 block on gemm N x 700 x 2048 for N = 20, 35,
        // 40, 48, but 0.70x at N = 100 and 0.74-0.91x on the wide
        // DeepBench GEMMs; with A packed (a 1x1 convolution's weights,
        // N = 49) 0.63x (paired).
        (Simd::Avx2, Elem::F32) if a_in_place && g.n <= 48 => (4, 3, 256, 512),
        // K > 512 with A read in place (not packed, see `pack_a`): K blocks
        // of 512, 1.07x, 1.15x and 1.13-1.19x on gemm 512x1500x1536,
        // 128x1500x1280 and 176x1500x1408 (paired; 0.74x with the 4 x 24
        // block above on 35x700x2048).
        (Simd::Avx2, Elem::F32) if a_in_place && g.kin > 512 => (6, 2, 512, 512),
        // 6 x 16: 12 ymm accumulators, 2 for B, 1 broadcast (16 in all);
        // a 256 x 16 panel of B (16 KiB) stays in a 32 KiB L1. 512
        // columns per block as with AVX-512: 256 measured 0.89x and 0.96x
        // on gemm 512x1500x1536 and 128x1500x1280 (Zen 3, 512 KiB L2,
        // paired), 1024 0.996x and 0.89x.
        (Simd::Avx2, Elem::F32) => (6, 2, 256, 512),
        // 6 x 16 with 2 k per lane (vpmaddwd), plus one product register.
        (Simd::Avx2, Elem::I8) => (6, 2, 512, 512),
        // 14 x 32: 28 zmm accumulators, 2 for B, 1 broadcast; a 256 x 32
        // panel of B (32 KiB) stays in L1 while 8 x 14 rows of A stream.
        // 512 columns per block: the 512 KiB block of B stays in a 1-2 MiB
        // L2, and A, streamed once per column block, is read half as
        // often as with 256 (gemm 512x1500x1536: 95-104 -> 148-150
        // GFLOP/s, docs/x86-kernels.md).
        (Simd::Avx512, Elem::F32) => (14, 2, 256, 512),
        // 12 x 32 with 4 k per lane; wider packed blocks so that A, packed
        // per column block, is packed less often.
        (Simd::Avx512, Elem::I8) => (12, 2, 1024, 1024),
    };
    let mr = or(o.mr, mr).clamp(1, 28);
    let nvec = (or(o.nr, nvec * lanes) / lanes).clamp(1, 4);
    let mut kc = or(o.kc, kc).max(4);
    if g.elem == Elem::I8 {
        // Whole words per K block, and whole groups of words summed in
        // i16 (their pairing is by global K slot); with B's k split,
        // whole periods too (`Gemm::b_k_period`: the packing's groups).
        let words = match int8 {
            Int8Product::Bytes { i16_words, .. } => i16_words,
            _ => 1,
        };
        let unit = gemm::lcm(4 * words, g.b_k_period.max(1));
        kc = (kc + unit - 1) / unit * unit;
    }
    let mc = (or(o.mc, 8 * mr) / mr).max(1) * mr;
    let pb = (or(o.nc, nc) / (lanes * nvec)).max(1);
    Blocking {
        simd,
        mr,
        nvec,
        kc,
        mc,
        pb,
        // A matmul's A streams from memory once more for a separate tail
        // block (int8 gemm 35x700x2048: 1.05x joined); a convolution's A
        // is its small packed weights, and joining measured 0.90x (f32 1x1
        // 2048x7x7, N = 49) and 0.91x (int8 3x3 256x14x14), paired.
        tail_with_full: a_in_place,
        // AVX2 f32 with K <= 512: A packed per call into panels of the
        // kernel's rows, 1.13-1.22x on DeepBench's K = 128, 176, 256 and
        // 512 GEMMs, while at K >= 1280 it measured 0.84-0.96x whatever N
        // (paired; docs/x86-kernels.md).
        pack_a: a_in_place && simd == Simd::Avx2 && g.elem == Elem::F32 && g.kin <= 512,
        int8,
    }
}
