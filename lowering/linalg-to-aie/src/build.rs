//! Stage 5, code generation: the fused plan as aievec ops in one `scf.for`
//! over the output's tiles (rows times column vectors, flattened so the
//! software pipeline drains once), z registers hoisted out of it when they
//! fit, and each input register's
//! loads placed just before the multiplies that read it (interleaving, so
//! that live ranges stay short and the VLIW scheduler can pair loads with
//! MACs), one accumulator per group and one store (lazy stores). The
//! padded weight layout is built once, before the nest, in a stack buffer.

use crate::conv::{ConvSpec, Kind};
use crate::fusion::Fused;
use crate::reuse::{piece_elems, Weights, XLoad};
use strata_dialect_aievec::{MacOp, MulOp, SrsOp, StoreOp, UpdOp, UpsOp};
use strata_dialect_arith::{AddIOp, ConstantOp, DivUIOp, MulIOp, RemUIOp};
use strata_dialect_memref as memref;
use strata_dialect_scf as scf;
use strata_ir::builder::{OpBuilder, OpCreator};
use strata_ir::{Attribute, OpId, OperationState, Type, Value};

/// z registers kept loaded across the loop nest at most.
const MAX_HOISTED_Z: i64 = 2;

struct Gen<'a, 'c> {
    b: &'a mut OpBuilder<'c>,
}

impl Gen<'_, '_> {
    fn index(&mut self, v: i64) -> Value {
        let ctx = self.b.ctx;
        let op = ConstantOp::build(self.b, ctx.index_type(), ctx.index_attr(v));
        self.b.result_of(op.0)
    }
    fn add(&mut self, a: Value, c: i64) -> Value {
        if c == 0 {
            return a;
        }
        let k = self.index(c);
        let ty = self.b.ctx.index_type();
        let op = AddIOp::build(self.b, a, k, ty, None);
        self.b.result_of(op.0)
    }
    /// `scf.for %iv = lb to ub step step`, the cursor moved into its body.
    fn for_loop(&mut self, lb: i64, ub: i64, step: i64) -> (Value, OpId) {
        let ctx = self.b.ctx;
        let (lb, ub, step) = (self.index(lb), self.index(ub), self.index(step));
        let mut state = OperationState::new(ctx, scf::ForOp::NAME, self.b.loc);
        state.operands = vec![lb, ub, step];
        state.num_regions = 1;
        let op = self.b.create(state);
        let region = self.b.ir.region(op, 0);
        let block = self.b.create_block(region, &[ctx.index_type()]);
        let iv = self.b.ir.block_args(block)[0];
        let y = scf::YieldOp::build(self.b, &[]);
        self.b.set_insertion_point_before(y.0);
        (iv, op)
    }
    /// A parameter as the intrinsics' documentation writes it: offsets
    /// as 8 hex digits (a nibble per lane), squares as 4, the rest decimal.
    fn str_attr(&self, v: u32, hex_digits: usize) -> Attribute {
        let text = match hex_digits {
            0 => v.to_string(),
            n => format!("0x{v:0n$x}"),
        };
        self.b.ctx.string_attr(&text)
    }
}

/// Builds the vectorized nest before `spec.op` and erases the linalg ops.
pub fn build(b: &mut OpBuilder, spec: &ConvSpec, loads: &[XLoad], w: &Weights, fused: &[Fused]) {
    let ctx = b.ctx;
    b.loc = b.ir.op_loc(spec.op);
    b.set_insertion_point_before(spec.op);
    let mut g = Gen { b };
    let elem = spec.elem;
    let vec = |n: u32, t: Type| ctx.vector_type(&[n as i64], t);
    let acc_ty = vec(spec.dp.lanes, ctx.signless(spec.dp.acc_bits));
    let out_ty = vec(spec.dp.lanes, elem);
    let index = ctx.index_type();

    // The weights in the fused multiplies' order, one block of z registers
    // per output channel, zero where a column pads.
    let block = w.chunks * w.zlen as i64;
    let total = spec.kernels * block;
    let wp_ty = ctx.memref_type(&[total], elem);
    let wp = {
        let state = OperationState::new(ctx, memref::AllocaOp::NAME, g.b.loc);
        let mut state = state;
        state.result_types = vec![wp_ty];
        state.properties = ctx.dictionary_attr(vec![
            (
                ctx.intern_str("operandSegmentSizes"),
                ctx.dense_i32_array(&[0, 0]),
            ),
            (
                ctx.intern_str("alignment"),
                ctx.integer_attr(ctx.signless(64), 32),
            ),
        ]);
        let op = g.b.create(state);
        g.b.result_of(op)
    };
    let zero = {
        let op = ConstantOp::build(g.b, elem, ctx.integer_attr(elem, 0));
        g.b.result_of(op.0)
    };
    let (k, zero_loop) = g.for_loop(0, total, 1);
    memref::StoreOp::build(g.b, zero, wp, &[k], None, None);
    g.b.set_insertion_point_after(zero_loop);
    // Each fused multiply's weights in its slots, in the order it reads them.
    let (kw, kw_loop) = g.for_loop(0, spec.kernels, 1);
    let block_v = g.index(block);
    let kw_base = {
        let op = MulIOp::build(g.b, kw, block_v, index, None);
        g.b.result_of(op.0)
    };
    for f in fused {
        for (col, tap) in f.taps.iter().enumerate() {
            let Some((c, r, s)) = *tap else { continue };
            let (c, r, s) = (g.index(c), g.index(r), g.index(s));
            let indices = match spec.kind {
                Kind::Plain => vec![r, s],
                Kind::Nchw => vec![kw, c, r, s],
                Kind::Depthwise => vec![kw, r, s],
                Kind::Conv3d => vec![c, r, s],
            };
            let v = {
                let op = memref::LoadOp::build(g.b, spec.weights, &indices, elem, None, None);
                g.b.result_of(op.0)
            };
            let at = g.add(kw_base, f.slot + col as i64);
            memref::StoreOp::build(g.b, v, wp, &[at], None, None);
        }
    }
    g.b.set_insertion_point_after(kw_loop);

    // The z registers stay loaded across the nest when they fit beside the
    // x registers in the register file (at most two 256-bit registers).
    let z_loads = |g: &mut Gen, base: Option<Value>| -> Vec<Value> {
        (0..w.chunks)
            .map(|c| {
                let at = match base {
                    Some(b) => g.add(b, c * w.zlen as i64),
                    None => g.index(c * w.zlen as i64),
                };
                let op = UpdOp::build(g.b, wp, &[at], None, vec(w.zlen, elem), None);
                g.b.result_of(op.0)
            })
            .collect()
    };
    let hoisted = (spec.kernels == 1 && w.chunks <= MAX_HOISTED_Z).then(|| z_loads(&mut g, None));

    // One loop over the tiles (output channels times rows times column
    // vectors), so that the whole nest is one software-pipelined loop with
    // one drain.
    let lanes = spec.lanes();
    let vectors = spec.out_shape[1] / lanes;
    let plane = spec.out_shape[0] * vectors;
    let (t, i_loop) = g.for_loop(0, spec.kernels * plane, 1);
    let split = |g: &mut Gen, v: Value, by: i64| -> (Value, Value) {
        let by = g.index(by);
        let q = {
            let op = DivUIOp::build(g.b, v, by, index, None);
            g.b.result_of(op.0)
        };
        let r = {
            let op = RemUIOp::build(g.b, v, by, index);
            g.b.result_of(op.0)
        };
        (q, r)
    };
    let (k, in_plane) = split(&mut g, t, plane);
    let (i, column) = split(&mut g, in_plane, vectors);
    let lanes_v = g.index(lanes);
    let j = {
        let op = MulIOp::build(g.b, column, lanes_v, index, None);
        g.b.result_of(op.0)
    };
    let zregs = match hoisted {
        Some(z) => z,
        None => {
            let block_v = g.index(block);
            let base = {
                let op = MulIOp::build(g.b, k, block_v, index, None);
                g.b.result_of(op.0)
            };
            z_loads(&mut g, Some(base))
        }
    };
    let zero_index = g.index(0);
    let out_at = match spec.kind {
        Kind::Plain => vec![i, j],
        Kind::Nchw | Kind::Depthwise => vec![zero_index, k, i, j],
        Kind::Conv3d => vec![k, i, j],
    };
    let mut acc = match spec.fill {
        Some(_) => None,
        None => {
            let o = {
                let op = UpdOp::build(g.b, spec.output, &out_at, None, out_ty, None).0;
                g.b.result_of(op)
            };
            let shift = ctx.i32_attr(0);
            Some({
                let op = UpsOp::build(g.b, o, acc_ty, shift).0;
                g.b.result_of(op)
            })
        }
    };
    let piece = piece_elems(spec);
    for (x, load) in loads.iter().enumerate() {
        let mut reg: Option<Value> = None;
        for part in &load.parts {
            let row = g.add(i, part.row);
            // The input plane: a fixed channel, the tile's own (depthwise),
            // or the tile's depth plus the filter's (conv_3d).
            let plane = match spec.kind {
                Kind::Plain => None,
                Kind::Nchw => Some(g.index(part.channel)),
                Kind::Depthwise => Some(k),
                Kind::Conv3d => Some(g.add(k, part.channel)),
            };
            for p in 0..part.pieces as i64 {
                let col = g.add(j, part.base + p * piece);
                let slot = part.at / piece + p;
                let index = (slot > 0).then(|| ctx.i32_attr(slot as i32));
                let op = UpdOp::build(
                    g.b,
                    spec.input,
                    &match (spec.kind, plane) {
                        (Kind::Nchw | Kind::Depthwise, Some(c)) => vec![zero_index, c, row, col],
                        (Kind::Conv3d, Some(d)) => vec![d, row, col],
                        _ => vec![row, col],
                    },
                    reg,
                    vec(load.len, elem),
                    index,
                );
                reg = Some(g.b.result_of(op.0));
            }
        }
        let reg = reg.expect("a load has a piece");
        for f in fused.iter().filter(|f| f.x == x) {
            let z = zregs[f.chunk as usize];
            let op = match acc {
                None => {
                    MulOp::build(
                        g.b, reg, z, acc_ty, None, None, None, None, None, None, None, None, None,
                    )
                    .0
                }
                Some(a) => {
                    MacOp::build(
                        g.b, reg, z, a, acc_ty, None, None, None, None, None, None, None, None,
                        None, None,
                    )
                    .0
                }
            };
            set_params(&mut g, op, spec, &f.params);
            acc = Some(g.b.result_of(op));
        }
    }
    let acc = acc.expect("a convolution has a multiply");
    let srs = SrsOp::build(g.b, acc, out_ty, ctx.i32_attr(0), Some(ctx.unit_attr()));
    let res = g.b.result_of(srs.0);
    StoreOp::build(g.b, res, spec.output, &out_at);
    g.b.set_insertion_point_after(i_loop);
    let b = g.b;
    if let Some(fill) = spec.fill {
        b.ir.erase_op(fill).expect("the fill has no users");
    }
    b.ir.erase_op(spec.op)
        .expect("the convolution has no users");
}

/// Writes the solver's parameters onto a `mul`/`mac`, leaving out those
/// at the hardware default and those the mode does not have.
fn set_params(g: &mut Gen, op: OpId, spec: &ConvSpec, p: &strata_dialect_aievec::select::Params) {
    let dp = spec.dp;
    let mut attrs: Vec<(&str, u32, usize)> =
        vec![("xstart", p.xstart, 0), ("xoffsets", p.xoffsets, 8)];
    if dp.has_hi {
        attrs.push(("xoffsets_hi", p.xoffsets_hi, 8));
    }
    if dp.has_square {
        attrs.push(("xsquare", p.xsquare, 4));
    }
    attrs.push(("zstart", p.zstart, 0));
    attrs.push(("zoffsets", p.zoffsets, 8));
    if dp.has_hi {
        attrs.push(("zoffsets_hi", p.zoffsets_hi, 8));
    }
    if dp.cols > 1 {
        attrs.push(("zstep", p.zstep, 0));
    }
    let ctx = g.b.ctx;
    for (name, value, digits) in attrs {
        let attr = g.str_attr(value, digits);
        g.b.ir.set_property(ctx, op, name, Some(attr));
    }
}
