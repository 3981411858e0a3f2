//! The AMX form of the int8 GEMM (`isa=auto` or `amx` for i8 x i8 -> i32):
//! 2 x 2 blocks of 16 x 16 i32 tiles accumulated over K with `tdpbssd`
//! (signed x signed, so no offset compensation), A and B read with
//! `tileloadd` from panels laid out for the tiles.
//!
//! Tiles (palette 1, 16 rows x 64 bytes): 0-3 a 32 x 32 block of C, 4-5
//! two 16-row groups of A (64 k bytes each), 6-7 two 16-column groups of B
//! (16 k-quads x 16 columns x 4 bytes, the "VNNI" layout). K is flattened
//! over (outer K, inner K) = ((kh, kw), c) and padded to 64.
//!
//! Where the operands come from, cheapest first ([`Prep`]):
//!
//! * **Constant weights** (`memref.get_global` of a `constant` global with
//!   a dense initializer, visible when the pass runs on the module): packed
//!   at compile time into a new constant global in the tile layout (B as
//!   `[kp/4][np*4]`, NCHW filters as A `[mp][kp]`), as ONNX Runtime and
//!   OpenVINO pre-pack their initializers when a session is built.
//! * **A in place**: a matmul's row-major A with K a multiple of 64 is
//!   loaded by `tileloadd` directly (stride K).
//! * **Per-call packing**, vectorized: A rows with 64-byte masked copies;
//!   B into the VNNI layout with four `vpexpandb` per 64 bytes (bytes of
//!   four k rows placed at byte 0..3 of each i32 lane), over the runs of
//!   columns that are contiguous in memory (matmul rows, NCHW output rows
//!   of a stride-1 convolution: implicit GEMM, no im2col buffer besides
//!   the packed panel itself). Other shapes pack element by element.
//!
//! C is read and written in place by the tiles for full 16 x 16 tiles;
//! M mod 16 rows use a second tile configuration with fewer rows (nothing
//! is padded along M, so a GEMV-like matmul with 1 or 4 rows loads 1 or 4
//! rows), N mod 16 columns go through a small 16-column buffer.
//!
//! Loop order: the operand that is re-read (once per block of the other)
//! is the smaller one, so it stays in L2.

use crate::builder::B;
use crate::gemm::{nest, Gemm, Idx};
use strata_dialect_arith::ConstantOp;
use strata_dialect_linalg::{Conv2DNchwFchwOp, Conv2DNhwcHwcfOp, FillOp, MatmulOp};
use strata_dialect_memref::{GetGlobalOp, GlobalOp};
use strata_ir::{AttrData, Context, InsertPoint, Ir, OpId, OperationState, Type, TypeData, Value};

fn round_up(x: i64, m: i64) -> i64 {
    (x + m - 1) / m * m
}

/// Where A and B come from (see the module doc).
#[derive(Default)]
pub struct Prep {
    /// A's memref, read in place by `tileloadd` (row stride K bytes).
    pub a_direct: Option<Value>,
    /// A packed at compile time, `[mp][kp]`.
    pub a_packed: Option<Value>,
    /// B packed at compile time, tile by tile: `[np/16][kp/4][64]` (a
    /// tile's 16 rows of 64 bytes contiguous, and its K steps one after
    /// the other, so the loads stream).
    pub b_packed: Option<Value>,
    /// A `linalg.fill` of C with 0 right before the op: the C tiles start
    /// from `tilezero` instead of loads (C is only written). With a
    /// fallback kernel the fill moves into the fallback's branch.
    pub c_zero_fill: Option<OpId>,
    /// Length of the runs of consecutive n over which `B[k][n]` is
    /// contiguous in memory (0: pack B element by element).
    pub b_run: i64,
    /// `A[m][ko][k]` contiguous in k (vector packing of A).
    pub a_unit_k: bool,
}

/// Decides [`Prep`] for `op` (one of the three ops, i8 operands
/// `vals`, static `shapes`, window strides `st`), creating packed
/// constant globals for constant weights when the module is visible.
pub fn prepare(
    ctx: &Context,
    ir: &mut Ir,
    op: OpId,
    name: &str,
    vals: &[Value],
    shapes: &[Vec<i64>],
    st: &[i64],
) -> Prep {
    let mut p = Prep {
        c_zero_fill: zero_fill_before(ctx, ir, op, vals[2]),
        ..Prep::default()
    };
    match name {
        MatmulOp::NAME => {
            let (k, n) = (shapes[0][1], shapes[1][1]);
            if k % 64 == 0 {
                p.a_direct = Some(vals[0]);
            }
            p.a_unit_k = true;
            p.b_run = n;
            p.b_packed =
                constant_bytes(ctx, ir, op, vals[1], ctx.signless(8)).and_then(|(sym, raw)| {
                    let packed = pack_b_const(&raw, k, n);
                    let shape = [round_up(n, 16) / 16, round_up(k, 64) / 4, 64];
                    packed_global(
                        ctx,
                        ir,
                        op,
                        &format!("{sym}__amx_b"),
                        &shape,
                        ctx.signless(8),
                        packed,
                    )
                });
        }
        Conv2DNhwcHwcfOp::NAME => {
            // A = input pixels (c contiguous), B = filters [kh][kw][c][f].
            let w = &shapes[1];
            let (k, n) = (w[0] * w[1] * w[2], w[3]);
            p.a_unit_k = true;
            p.b_run = n;
            p.b_packed =
                constant_bytes(ctx, ir, op, vals[1], ctx.signless(8)).and_then(|(sym, raw)| {
                    let packed = pack_b_const(&raw, k, n);
                    let shape = [round_up(n, 16) / 16, round_up(k, 64) / 4, 64];
                    packed_global(
                        ctx,
                        ir,
                        op,
                        &format!("{sym}__amx_b"),
                        &shape,
                        ctx.signless(8),
                        packed,
                    )
                });
        }
        Conv2DNchwFchwOp::NAME => {
            // A = filters [f][c][kh][kw] (K order (kh, kw, c): strided),
            // B = input pixels, contiguous along an output row at stride 1.
            let (i, w, o) = (&shapes[0], &shapes[1], &shapes[2]);
            if st.iter().all(|&s| s == 1) {
                let whole = w[3] == 1 && i[3] == o[3];
                p.b_run = if whole { o[2] * o[3] } else { o[3] };
            }
            p.a_packed =
                constant_bytes(ctx, ir, op, vals[1], ctx.signless(8)).and_then(|(sym, raw)| {
                    let (f, c, kh, kw) = (w[0], w[1], w[2], w[3]);
                    let k = c * kh * kw;
                    let (mp, kp) = (round_up(f, 16), round_up(k, 64));
                    let mut packed = vec![0u8; (mp * kp) as usize];
                    for fi in 0..f {
                        for ci in 0..c {
                            for y in 0..kh {
                                for x in 0..kw {
                                    let src = ((fi * c + ci) * kh + y) * kw + x;
                                    let kf = (y * kw + x) * c + ci;
                                    packed[(fi * kp + kf) as usize] = raw[src as usize];
                                }
                            }
                        }
                    }
                    packed_global(
                        ctx,
                        ir,
                        op,
                        &format!("{sym}__amx_a"),
                        &[mp, kp],
                        ctx.signless(8),
                        packed,
                    )
                });
        }
        _ => {}
    }
    p
}

/// The `linalg.fill` of `c` with a constant 0 (integer, or float +0.0)
/// right before `op`, if any.
pub(crate) fn zero_fill_before(ctx: &Context, ir: &Ir, op: OpId, c: Value) -> Option<OpId> {
    let fill = ir.prev_op(op)?;
    if !FillOp::is(ctx, ir, fill) || ir.num_operands(fill) != 2 {
        return None;
    }
    let ops: Vec<Value> = ir.operands(fill).collect();
    if ops[1] != c {
        return None;
    }
    let cst = ir.defining_op(ops[0])?;
    if !ConstantOp::is(ctx, ir, cst) {
        return None;
    }
    let value = ir.attr(ctx, cst, "value")?;
    matches!(
        ctx.attr_data(value),
        AttrData::Integer { value: 0, .. }
            | AttrData::Float {
                bits: strata_ir::FloatBits(0),
                ..
            }
    )
    .then_some(fill)
}

/// B (`raw[k * n_cols + n]`, K x N) in tiles of the VNNI layout:
/// `[np/16][kp/4][16 columns x 4 k]`.
fn pack_b_const(raw: &[u8], k: i64, n: i64) -> Vec<u8> {
    let (kp, np) = (round_up(k, 64), round_up(n, 16));
    let mut packed = vec![0u8; (kp * np) as usize];
    for kk in 0..k {
        for j in 0..n {
            let at = ((j / 16 * (kp / 4) + kk / 4) * 16 + j % 16) * 4 + kk % 4;
            packed[at as usize] = raw[(kk * n + j) as usize];
        }
    }
    packed
}

/// The symbol and bytes of `v` when it is a `memref.get_global` of a
/// constant global of `elem`s with a dense initializer (and the global is
/// visible: the pass runs on the module). Also read by the f32 kernels
/// that pack constant weights ([`crate::blocked_conv`]).
pub(crate) fn constant_bytes(
    ctx: &Context,
    ir: &Ir,
    op: OpId,
    v: Value,
    elem: Type,
) -> Option<(String, Vec<u8>)> {
    let def = ir.defining_op(v)?;
    if !GetGlobalOp::is(ctx, ir, def) {
        return None;
    }
    let name = ir.attr(ctx, def, "name")?;
    let global = strata_ir::symbol_table::lookup_symbol_from(ctx, ir, op, name)?;
    ir.attr(ctx, global, "constant")?;
    let init = ir.attr(ctx, global, "initial_value")?;
    let AttrData::DenseElements { ty, splat, raw } = ctx.attr_data(init) else {
        return None;
    };
    if ctx.element_type(*ty)? != elem {
        return None;
    }
    let count = match ctx.type_data(*ty) {
        TypeData::RankedTensor { shape, .. } => shape.iter().product::<i64>() as usize,
        _ => return None,
    };
    let bytes = if *splat {
        raw.repeat(count)
    } else {
        raw.to_vec()
    };
    let sym = strata_ir::symbol_table::symbol_name(ctx, ir, global)?.to_string();
    Some((sym, bytes))
}

/// A private constant global `sym` of `shape` x `elem` holding `bytes`
/// (created before the function holding `op` unless it exists), and a
/// `memref.get_global` of it before `op`.
pub(crate) fn packed_global(
    ctx: &Context,
    ir: &mut Ir,
    op: OpId,
    sym: &str,
    shape: &[i64],
    elem: Type,
    bytes: Vec<u8>,
) -> Option<Value> {
    let ty = ctx.memref_type(shape, elem);
    let mut func = op;
    while let Some(parent) = ir.parent_op(func) {
        if strata_ir::symbol_table::is_symbol_table(ctx, ir, parent) {
            break;
        }
        func = parent;
    }
    let table = ir.parent_op(func)?;
    let reference = ctx.symbol_ref_attr(sym, &[]);
    if strata_ir::symbol_table::lookup_symbol(ctx, ir, table, reference).is_none() {
        let init = ctx.intern_attr(AttrData::DenseElements {
            ty: ctx.tensor_type(shape, elem),
            splat: false,
            raw: bytes.into_boxed_slice(),
        });
        let props = [
            ("sym_visibility", ctx.string_attr("private")),
            ("constant", ctx.unit_attr()),
            ("sym_name", ctx.string_attr(sym)),
            ("type", ctx.type_attr(ty)),
            ("initial_value", init),
        ];
        let mut state = OperationState::new(ctx, GlobalOp::NAME, ir.op_loc(op));
        state.properties =
            ctx.dictionary_attr(props.into_iter().map(|(n, a)| (ctx.intern_str(n), a)));
        ir.create_op(state, InsertPoint::Before(func));
    }
    let mut state = OperationState::new(ctx, GetGlobalOp::NAME, ir.op_loc(op));
    state.result_types = vec![ty];
    state.properties = ctx.dictionary_attr([(ctx.intern_str("name"), reference)]);
    let get = ir.create_op(state, InsertPoint::Before(op));
    Some(ir.result(get, 0))
}

/// The 64-byte palette-1 configuration: tiles 0-7 of 64 bytes per row,
/// C and A tiles (0-5) of `rows` rows, B tiles (6, 7) of 16.
fn tile_config(b: &mut B, rows: i64) -> Value {
    let i32t = b.int(32);
    let cfg = b.alloc(&[16], i32t);
    let r = rows;
    for w in 0..16i64 {
        let v = match w {
            0 => 1,
            4..=7 => 0x0040_0040,
            12 => r * 0x0101_0101,
            13 => r | r << 8 | 16 << 16 | 16 << 24,
            _ => 0,
        };
        let (val, i) = (b.ci(v as i32 as i64, 32), b.c(w));
        b.store(val, cfg, vec![i]);
    }
    cfg
}

fn zero_vec(b: &mut B) -> Value {
    let vt = b.vec_i32();
    b.vcall("_mm512_setzero_si512", vec![], vt)
}

fn mask16(b: &mut B, m: u16) -> Value {
    b.ci(m as i16 as i64, 16)
}

fn mask64(b: &mut B, m: u64) -> Value {
    b.ci(m as i64, 64)
}

/// Where C's tiles are: in place (row stride N i32) or the tail buffer.
#[derive(Copy, Clone)]
enum CAt {
    Direct,
    Tail(Value),
}

struct Ctx<'g, 'a> {
    g: &'g Gemm<'a>,
    prep: &'g Prep,
    kp: i64,
    np: i64,
    /// Packed A (`[mp][kp]`, per call or constant) when not in place.
    ap: Option<Value>,
    bp: Value,
    /// `bp` is the tiled constant layout (else `[kp/4][np*4]`).
    b_tiled: bool,
}

/// Emits the AMX GEMM for an int8 `g` (a zero fill of C before it is
/// erased: the tiles start from zero).
pub fn emit(b: &mut B, g: &Gemm, prep: &Prep) {
    if let Some(fill) = prep.c_zero_fill {
        let _ = b.ir.erase_op(fill);
    }
    emit_tiles(b, g, prep);
}

fn emit_tiles(b: &mut B, g: &Gemm, prep: &Prep) {
    let kflat = g.ko.iter().product::<i64>() * g.kin;
    let (mp, np, kp) = (round_up(g.m, 16), round_up(g.n, 16), round_up(kflat, 64));
    let i8t = b.int(8);
    let i32t = b.int(32);
    let (mtail, ntail) = (g.m % 16, g.n % 16);
    let cfg_full = tile_config(b, 16);
    let cfg_tail = (mtail > 0).then(|| tile_config(b, mtail));
    let bp_call = prep
        .b_packed
        .is_none()
        .then(|| b.alloc(&[kp / 4, np * 4], i8t));
    let ap_call =
        (prep.a_packed.is_none() && prep.a_direct.is_none()).then(|| b.alloc(&[mp, kp], i8t));
    let cbuf = (ntail > 0).then(|| b.alloc(&[mp, 16], i32t));
    let cx = Ctx {
        g,
        prep,
        kp,
        np,
        ap: prep.a_packed.or(ap_call),
        bp: prep.b_packed.or(bp_call).unwrap(),
        b_tiled: prep.b_packed.is_some(),
    };
    let ko = g.ko.clone();
    nest(b, &g.batch.clone(), &mut Vec::new(), &mut |b, batch| {
        if let Some(bp) = bp_call {
            pack_b(b, &cx, batch, bp, kflat);
        }
        if let Some(ap) = ap_call {
            pack_a(b, &cx, batch, ap, kflat, &ko);
        }
        // Re-read the smaller operand: B (K x N) once per block of A rows
        // when B is the smaller, else A once per block of B columns.
        let m_outer = g.n <= g.m;
        let rows = [
            (cfg_full, 0, g.m / 16, 16),
            (
                cfg_tail.unwrap_or(cfg_full),
                g.m / 16,
                (mtail > 0) as i64,
                mtail,
            ),
        ];
        for (cfg, t0, count, r) in rows {
            if count == 0 {
                continue;
            }
            let c0 = b.c(0);
            let p = b.addr(cfg, vec![c0]);
            b.call("_tile_loadconfig", &[], vec![p], None);
            if g.n / 16 > 0 {
                blocks(
                    b,
                    &cx,
                    batch,
                    (t0, count),
                    (0, g.n / 16),
                    m_outer,
                    CAt::Direct,
                );
            }
            if let Some(cb) = cbuf {
                if prep.c_zero_fill.is_none() {
                    copy_tail(b, &cx, batch, cb, t0 * 16, count * 16 - 16 + r, true);
                }
                blocks(
                    b,
                    &cx,
                    batch,
                    (t0, count),
                    (g.n / 16, 1),
                    m_outer,
                    CAt::Tail(cb),
                );
                copy_tail(b, &cx, batch, cb, t0 * 16, count * 16 - 16 + r, false);
            }
        }
    });
    b.call("_tile_release", &[], vec![], None);
    let mut bufs = vec![cfg_full];
    bufs.extend(cfg_tail);
    bufs.extend(bp_call);
    bufs.extend(ap_call);
    bufs.extend(cbuf);
    for buf in bufs {
        b.dealloc(buf);
    }
}

/// The AMX GEMM when the running CPU allows it (`_x86_amx_usable`, a
/// run-time test), else `fallback` (the VNNI kernel): `scf.if` with one
/// form in each branch. The C back end compiles the function once with
/// every feature, once without AMX (its tile calls emulated, never run
/// there) and once portable, and picks by CPU, so a CPU with VNNI but no
/// AMX runs the VNNI kernel natively.
pub fn emit_or(b: &mut B, g: &Gemm, prep: &Prep, fallback: impl FnOnce(&mut B)) {
    let i32t = b.int(32);
    let usable = b.call("_x86_amx_usable", &[], vec![], Some(i32t)).unwrap();
    let zero = b.ci(0, 32);
    let cond = b.cmpi(1, usable, zero);
    b.if_else(
        cond,
        |b| emit_tiles(b, g, prep),
        |b| {
            if let Some(fill) = prep.c_zero_fill {
                b.ir.move_op(fill, b.at);
            }
            fallback(b);
        },
    );
}

/// Calls `f(first tile, tiles)` over `count` tiles from `t0` in pairs
/// (a loop) and one single tile if `count` is odd.
fn pairs(b: &mut B, t0: i64, count: i64, f: &mut dyn FnMut(&mut B, Value, i64)) {
    if count / 2 > 0 {
        let (l, u, s) = (b.c(t0), b.c(t0 + count / 2 * 2), b.c(2));
        b.for_(l, u, s, vec![], |b, t, _| {
            f(b, t, 2);
            vec![]
        });
    }
    if count % 2 == 1 {
        let t = b.c(t0 + count - 1);
        f(b, t, 1);
    }
}

#[allow(clippy::too_many_arguments)]
fn blocks(
    b: &mut B,
    cx: &Ctx,
    batch: &[Value],
    mt: (i64, i64),
    nt: (i64, i64),
    m_outer: bool,
    c_at: CAt,
) {
    let (outer, inner) = if m_outer { (mt, nt) } else { (nt, mt) };
    pairs(b, outer.0, outer.1, &mut |b, to, uo| {
        pairs(b, inner.0, inner.1, &mut |b, ti, ui| {
            let ((mtile, tm), (ntile, tn)) = if m_outer {
                ((to, uo), (ti, ui))
            } else {
                ((ti, ui), (to, uo))
            };
            let m0 = b.mulc(mtile, 16);
            let n0 = b.mulc(ntile, 16);
            block(b, cx, batch, m0, n0, tm, tn, c_at);
        });
    });
}

/// One `tm` x `tn` block of 16 x 16 tiles at (m0, n0): C tiles loaded,
/// the K loop of tile loads and `tdpbssd`, C tiles stored.
#[allow(clippy::too_many_arguments)]
fn block(b: &mut B, cx: &Ctx, batch: &[Value], m0: Value, n0: Value, tm: i64, tn: i64, c_at: CAt) {
    let g = cx.g;
    let caddr = |b: &mut B, i: i64, j: i64| -> (Value, Value) {
        let m = b.addc(m0, 16 * i);
        match c_at {
            CAt::Direct => {
                let n = b.addc(n0, 16 * j);
                let idx = Idx {
                    batch,
                    m: Some(m),
                    n: Some(n),
                    ko: &[],
                    k: None,
                    k_split: None,
                };
                let (mem, ix) = (g.c)(b, &idx);
                (b.addr(mem, ix), b.c(g.n * 4))
            }
            CAt::Tail(buf) => {
                let z = b.c(0);
                (b.addr(buf, vec![m, z]), b.c(64))
            }
        }
    };
    for i in 0..tm {
        for j in 0..tn {
            let t = (2 * i + j) as i32;
            if cx.prep.c_zero_fill.is_some() {
                b.call("_tile_zero", &[t], vec![], None);
            } else {
                let (p, s) = caddr(b, i, j);
                b.call("_tile_loadd", &[t], vec![p, s], None);
            }
        }
    }
    let astride = match cx.ap {
        Some(_) => b.c(cx.kp),
        None => b.c(g.kin),
    };
    let bstride = b.c(if cx.b_tiled { 64 } else { cx.np * 4 });
    b.for_const(0, cx.kp, 64, |b, kk| {
        for i in 0..tm {
            let m = b.addc(m0, 16 * i);
            let p = match (cx.ap, cx.prep.a_direct) {
                (Some(ap), _) => b.addr(ap, vec![m, kk]),
                (None, Some(a)) => b.addr(a, vec![m, kk]),
                (None, None) => unreachable!("A is packed or in place"),
            };
            b.call("_tile_loadd", &[4 + i as i32], vec![p, astride], None);
        }
        let kq = b.divc(kk, 4);
        for j in 0..tn {
            let n = b.addc(n0, 16 * j);
            let p = if cx.b_tiled {
                let (nt, z) = (b.divc(n, 16), b.c(0));
                b.addr(cx.bp, vec![nt, kq, z])
            } else {
                let col = b.mulc(n, 4);
                b.addr(cx.bp, vec![kq, col])
            };
            b.call("_tile_loadd", &[6 + j as i32], vec![p, bstride], None);
        }
        for i in 0..tm {
            for j in 0..tn {
                let c = (2 * i + j) as i32;
                b.call(
                    "_tile_dpbssd",
                    &[c, 4 + i as i32, 6 + j as i32],
                    vec![],
                    None,
                );
            }
        }
    });
    for i in 0..tm {
        for j in 0..tn {
            let (p, s) = caddr(b, i, j);
            b.call("_tile_stored", &[(2 * i + j) as i32], vec![p, s], None);
        }
    }
}

/// Copies C's last N mod 16 columns of rows [m0, m0 + rows) into the
/// tail buffer (`into`) or back.
fn copy_tail(b: &mut B, cx: &Ctx, batch: &[Value], buf: Value, m0: i64, rows: i64, into: bool) {
    let g = cx.g;
    let n0 = g.n / 16 * 16;
    let mask = ((1u32 << (g.n % 16)) - 1) as u16;
    b.for_const(m0, m0 + rows, 1, |b, m| {
        let n = b.c(n0);
        let idx = Idx {
            batch,
            m: Some(m),
            n: Some(n),
            ko: &[],
            k: None,
            k_split: None,
        };
        let (mem, ix) = (g.c)(b, &idx);
        let src = b.addr(mem, ix);
        let z = b.c(0);
        let dst = b.addr(buf, vec![m, z]);
        let mv = mask16(b, mask);
        let vt = b.vec_i32();
        if into {
            let v = b.vcall("_mm512_maskz_loadu_epi32", vec![mv, src], vt);
            b.call("_mm512_storeu_si512", &[], vec![dst, v], None);
        } else {
            let v = b.vcall("_mm512_loadu_si512", vec![dst], vt);
            b.call("_mm512_mask_storeu_epi32", &[], vec![src, mv, v], None);
        }
    });
}

/// Zeroes `bytes` (a multiple of 64) bytes of row `row` of the 2-D byte
/// buffer `buf` from column `col`.
fn zero_row(b: &mut B, buf: Value, row: Value, col: i64, bytes: i64) {
    let z = zero_vec(b);
    b.for_const(0, bytes / 64, 1, |b, i| {
        let c = b.mulc(i, 64);
        let c = b.addc(c, col);
        let p = b.addr(buf, vec![row, c]);
        b.call("_mm512_storeu_si512", &[], vec![p, z], None);
    });
}

/// Packs B (K x N) into `bp[kp/4][np*4]` (VNNI layout, zero padding).
fn pack_b(b: &mut B, cx: &Ctx, batch: &[Value], bp: Value, kflat: i64) {
    let g = cx.g;
    let (kp, np) = (cx.kp, cx.np);
    let vector = cx.prep.b_run > 0 && g.kin % 4 == 0;
    // Padding: K rows past the last full quad, N columns past N.
    let first_pad_row = if vector { kflat / 4 } else { 0 };
    b.for_const(first_pad_row, kp / 4, 1, |b, q| {
        zero_row(b, bp, q, 0, np * 4)
    });
    if vector && np > g.n {
        let mask = ((1u32 << (np - g.n)) - 1) as u16;
        b.for_const(0, kflat / 4, 1, |b, q| {
            let col = b.c(g.n * 4);
            let p = b.addr(bp, vec![q, col]);
            let (mv, z) = (mask16(b, mask), zero_vec(b));
            b.call("_mm512_mask_storeu_epi32", &[], vec![p, mv, z], None);
        });
    }
    let ko = g.ko.clone();
    if !vector {
        // Element by element, columns outer (hoisted index arithmetic).
        b.for_const(0, g.n, 1, |b, n| {
            nest(b, &ko, &mut Vec::new(), &mut |b, kos| {
                let base = flat_k(b, &ko, kos, g.kin);
                b.for_const(0, g.kin, 1, |b, k| {
                    let idx = Idx {
                        batch,
                        m: None,
                        n: Some(n),
                        ko: kos,
                        k: Some(k),
                        k_split: None,
                    };
                    let (mem, i) = (g.b)(b, &idx);
                    let x = b.load(mem, i);
                    let kf = b.add(base, k);
                    let (q, r) = (b.divc(kf, 4), b.remc(kf, 4));
                    let col = b.mulc(n, 4);
                    let col = b.add(col, r);
                    b.store(x, bp, vec![q, col]);
                });
            });
        });
        return;
    }
    let run = cx.prep.b_run;
    let (full, tail) = (run / 16, run % 16);
    let vt = b.vec_i32();
    nest(b, &ko, &mut Vec::new(), &mut |b, kos| {
        let base = flat_k(b, &ko, kos, g.kin);
        let qbase = b.divc(base, 4);
        b.for_const(0, g.kin / 4, 1, |b, q| {
            let row = b.add(qbase, q);
            let k0 = b.mulc(q, 4);
            b.for_const(0, g.n / run, 1, |b, seg| {
                let nseg = b.mulc(seg, run);
                // 16 columns of four k rows -> 64 bytes.
                let chunk = |b: &mut B, n: Value, width: i64| {
                    let lanes = if width == 16 {
                        u64::MAX
                    } else {
                        (1u64 << (4 * width)) - 1
                    };
                    let mut v = None;
                    for r in 0..4i64 {
                        let k = b.addc(k0, r);
                        let idx = Idx {
                            batch,
                            m: None,
                            n: Some(n),
                            ko: kos,
                            k: Some(k),
                            k_split: None,
                        };
                        let (mem, i) = (g.b)(b, &idx);
                        let src = b.addr(mem, i);
                        let m = mask64(b, (0x1111_1111_1111_1111u64 << r) & lanes);
                        v = Some(match v {
                            None => b.vcall("_mm512_maskz_expandloadu_epi8", vec![m, src], vt),
                            Some(prev) => {
                                b.vcall("_mm512_mask_expandloadu_epi8", vec![prev, m, src], vt)
                            }
                        });
                    }
                    let col = b.mulc(n, 4);
                    let dst = b.addr(bp, vec![row, col]);
                    if width == 16 {
                        b.call("_mm512_storeu_si512", &[], vec![dst, v.unwrap()], None);
                    } else {
                        let mv = mask16(b, ((1u32 << width) - 1) as u16);
                        b.call(
                            "_mm512_mask_storeu_epi32",
                            &[],
                            vec![dst, mv, v.unwrap()],
                            None,
                        );
                    }
                };
                b.for_const(0, full, 1, |b, c| {
                    let n = b.mulc(c, 16);
                    let n = b.add(nseg, n);
                    chunk(b, n, 16);
                });
                if tail > 0 {
                    let n = b.addc(nseg, full * 16);
                    chunk(b, n, tail);
                }
            });
        });
    });
}

/// Packs A (M x K) into `ap[mp][kp]`: 64-byte masked copies of each
/// outer-K segment when A is contiguous in k, else element by element;
/// K padding zeroed.
fn pack_a(b: &mut B, cx: &Ctx, batch: &[Value], ap: Value, kflat: i64, ko: &[i64]) {
    let g = cx.g;
    let vt = b.vec_i32();
    b.for_const(0, g.m, 1, |b, m| {
        if kflat % 64 != 0 || !cx.prep.a_unit_k {
            let start = if cx.prep.a_unit_k { kflat / 64 * 64 } else { 0 };
            zero_row(b, ap, m, start, cx.kp - start);
        }
        nest(b, ko, &mut Vec::new(), &mut |b, kos| {
            let base = flat_k(b, ko, kos, g.kin);
            // A[batch, m, kos, k] of this row.
            let a_at = |k: Value| Idx {
                batch,
                m: Some(m),
                n: None,
                ko: kos,
                k: Some(k),
                k_split: None,
            };
            if cx.prep.a_unit_k {
                let (full, tail) = (g.kin / 64, g.kin % 64);
                let copy = |b: &mut B, k: Value, width: i64| {
                    let (mem, i) = (g.a)(b, &a_at(k));
                    let src = b.addr(mem, i);
                    let kf = b.add(base, k);
                    let dst = b.addr(ap, vec![m, kf]);
                    if width == 64 {
                        let v = b.vcall("_mm512_loadu_si512", vec![src], vt);
                        b.call("_mm512_storeu_si512", &[], vec![dst, v], None);
                    } else {
                        let mv = mask64(b, (1u64 << width) - 1);
                        let v = b.vcall("_mm512_maskz_loadu_epi8", vec![mv, src], vt);
                        b.call("_mm512_mask_storeu_epi8", &[], vec![dst, mv, v], None);
                    }
                };
                b.for_const(0, full, 1, |b, c| {
                    let k = b.mulc(c, 64);
                    copy(b, k, 64);
                });
                if tail > 0 {
                    let k = b.c(full * 64);
                    copy(b, k, tail);
                }
            } else {
                b.for_const(0, g.kin, 1, |b, k| {
                    let (mem, i) = (g.a)(b, &a_at(k));
                    let x = b.load(mem, i);
                    let kf = b.add(base, k);
                    b.store(x, ap, vec![m, kf]);
                });
            }
        });
    });
}

/// `((ko0 * KO1 + ko1) * ...) * kin`: the flat K of the outer indices.
fn flat_k(b: &mut B, extents: &[i64], kos: &[Value], kin: i64) -> Value {
    let mut acc = b.c(0);
    for (&e, &v) in extents.iter().zip(kos) {
        let s = b.mulc(acc, e);
        acc = b.add(s, v);
    }
    b.mulc(acc, kin)
}
