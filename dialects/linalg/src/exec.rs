//! A fast reference executor for structured ops.
//!
//! The payload block is compiled once into a small register program
//! (floats in one register file, integers and indices in another) and run
//! at every point of the iteration space. Operand offsets are kept
//! incrementally when the indexing maps are linear (every named op and
//! almost every generic), so the per-point cost is the payload itself;
//! the float multiply-accumulate payload of matmuls and convolutions runs
//! as a dedicated inner loop. The semantics are not the executor's own:
//! each payload op is resolved once to arith's kind of op
//! ([`strata_dialect_arith::semantics::IntBinary`], `FloatBinary`, `Cast`)
//! or to a math op, and computed by arith's and math's semantics modules,
//! the definitions the folders and the interpreter use, so a payload gives
//! the same bits here as run op by op after `convert-linalg-to-loops`.
//!
//! The executor owns no value representation beyond flat row-major
//! [`Buffer`]s, so the interpreter can call it with its own tensors and
//! memrefs converted (or borrowed) into them.

use crate::structured::{linearize, loop_bounds, payload_block, structured_info, StructuredInfo};
use strata_dialect_arith::semantics::{self as sem, Cast, FloatBinary, IntBinary, ScalarType};
use strata_dialect_arith::{CmpFOp, CmpIOp, ConstantOp, NegFOp, SelectOp};
use strata_ir::attributes::AttrData;
use strata_ir::FloatKind;
use strata_ir::{Context, Ir, OpId, Value};

/// Elements of a buffer, row-major.
#[derive(Clone, Debug, PartialEq)]
pub enum Elems {
    F32(Vec<f32>),
    F64(Vec<f64>),
    /// Any integer or index type, each value sign-extended from its width.
    I(Vec<i64>),
}

impl Elems {
    pub fn len(&self) -> usize {
        match self {
            Elems::F32(v) => v.len(),
            Elems::F64(v) => v.len(),
            Elems::I(v) => v.len(),
        }
    }
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// A dense row-major array (a tensor value or a memref's contents).
#[derive(Clone, Debug, PartialEq)]
pub struct Buffer {
    pub shape: Vec<i64>,
    pub elems: Elems,
}

impl Buffer {
    pub fn strides(&self) -> Vec<i64> {
        let mut strides = vec![1i64; self.shape.len()];
        for d in (0..self.shape.len().saturating_sub(1)).rev() {
            strides[d] = strides[d + 1] * self.shape[d + 1];
        }
        strides
    }
}

/// A scalar value flowing in from outside the payload.
#[derive(Copy, Clone, Debug, PartialEq)]
pub enum Scalar {
    F(f64),
    I(i64),
}

#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum Reg {
    F(u32),
    I(u32),
}

#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum FK {
    F32,
    F64,
}

#[derive(Copy, Clone, Debug)]
enum Ins {
    LoadF {
        dst: u32,
        buf: u32,
    },
    LoadI {
        dst: u32,
        buf: u32,
    },
    ConstF {
        dst: u32,
        v: f64,
    },
    ConstI {
        dst: u32,
        v: i64,
    },
    Index {
        dst: u32,
        dim: u32,
    },
    FBin {
        op: FloatBinary,
        k: FloatKind,
        dst: u32,
        a: u32,
        b: u32,
    },
    IBin {
        op: IntBinary,
        w: u32,
        dst: u32,
        a: u32,
        b: u32,
    },
    NegF {
        dst: u32,
        a: u32,
    },
    /// A `math` op on one float, by its name (math's semantics).
    FUn {
        op: &'static str,
        k: FloatKind,
        dst: u32,
        a: u32,
    },
    CmpF {
        pred: i64,
        dst: u32,
        a: u32,
        b: u32,
    },
    CmpI {
        pred: i64,
        w: u32,
        dst: u32,
        a: u32,
        b: u32,
    },
    SelF {
        dst: u32,
        c: u32,
        a: u32,
        b: u32,
    },
    SelI {
        dst: u32,
        c: u32,
        a: u32,
        b: u32,
    },
    /// An `arith` cast between the scalar types of its registers.
    Cast {
        kind: Cast,
        from: ScalarType,
        to: ScalarType,
        dst: u32,
        a: u32,
    },
}

struct Program {
    code: Vec<Ins>,
    n_f: usize,
    n_i: usize,
    yields: Vec<Reg>,
    /// Registers holding values defined outside the payload.
    outside: Vec<(Reg, Value)>,
}

/// The `w`-bit pattern of a register's integer (registers hold integers
/// sign-extended to 64 bits), as arith's semantics takes it.
#[inline]
fn bits(v: i64, w: u32) -> u128 {
    sem::mask(v as i128 as u128, w)
}

impl FK {
    fn kind(self) -> FloatKind {
        match self {
            FK::F32 => FloatKind::F32,
            FK::F64 => FloatKind::F64,
        }
    }
}

/// The name of a `math` op on one float the payload can run through
/// math's semantics (`None` for any other op).
fn math_float_unary(
    ctx: &Context,
    ir: &Ir,
    op: OpId,
    name: &str,
) -> Result<Option<&'static str>, String> {
    let Some(&name) = strata_dialect_math::OP_NAMES.iter().find(|&&n| n == name) else {
        return Ok(None);
    };
    if ir.num_operands(op) != 1 || !ctx.is_float(ir.value_type(ir.result(op, 0))) {
        return Ok(None);
    }
    let k = fk(ctx, ir.value_type(ir.result(op, 0)))?.kind();
    Ok(strata_dialect_math::semantics::float_unary(name, 1.0, k).map(|_| name))
}

fn fk(ctx: &Context, ty: strata_ir::Type) -> Result<FK, String> {
    match ctx.float_kind(ty) {
        Some(strata_ir::FloatKind::F32) => Ok(FK::F32),
        Some(strata_ir::FloatKind::F64) => Ok(FK::F64),
        _ => Err(format!(
            "executor supports f32/f64 floats, not '{}'",
            strata_ir::asm::printer::type_to_string(ctx, ty)
        )),
    }
}

fn compile(ctx: &Context, ir: &Ir, op: OpId, n_operands: usize) -> Result<Program, String> {
    let block = payload_block(ir, op).ok_or("structured op without a payload")?;
    let mut regs: std::collections::HashMap<Value, Reg> = std::collections::HashMap::new();
    let (mut n_f, mut n_i) = (0usize, 0usize);
    let mut new_reg = |ctx: &Context, ty: strata_ir::Type| -> Reg {
        if ctx.is_float(ty) {
            n_f += 1;
            Reg::F(n_f as u32 - 1)
        } else {
            n_i += 1;
            Reg::I(n_i as u32 - 1)
        }
    };
    let mut code = Vec::new();
    let mut outside = Vec::new();
    let args = ir.block_args(block);
    if args.len() != n_operands {
        return Err("payload arguments do not match operands".into());
    }
    for (k, &arg) in args.iter().enumerate() {
        let ty = ir.value_type(arg);
        let r = new_reg(ctx, ty);
        regs.insert(arg, r);
        code.push(match r {
            Reg::F(dst) => Ins::LoadF { dst, buf: k as u32 },
            Reg::I(dst) => Ins::LoadI { dst, buf: k as u32 },
        });
    }
    let mut yields = Vec::new();
    for inner in ir.block_ops(block) {
        let name = ctx.op_name_str(ir.op_name(inner));
        let mut operand_regs = Vec::new();
        for v in ir.operands(inner) {
            let r = match regs.get(&v) {
                Some(&r) => r,
                None => {
                    // Defined outside: a constant we can read, or a value the caller supplies.
                    let ty = ir.value_type(v);
                    let r = new_reg(ctx, ty);
                    let constant = strata_ir::fold::constant_of_value(ctx, ir, v);
                    match constant.map(|a| ctx.attr_data(a).clone()) {
                        Some(AttrData::Float { ty, bits }) => {
                            let v = float_of_bits(ctx, ty, bits.0)?;
                            if let Reg::F(dst) = r {
                                code.insert(0, Ins::ConstF { dst, v });
                            }
                        }
                        Some(AttrData::Integer { value, .. }) => {
                            if let Reg::I(dst) = r {
                                code.insert(
                                    0,
                                    Ins::ConstI {
                                        dst,
                                        v: value as i64,
                                    },
                                );
                            }
                        }
                        _ => outside.push((r, v)),
                    }
                    regs.insert(v, r);
                    r
                }
            };
            operand_regs.push(r);
        }
        if crate::YieldOp::is(ctx, ir, inner) {
            yields = operand_regs;
            break;
        }
        if ir.num_results(inner) != 1 {
            return Err(format!("executor cannot run '{name}' in a payload"));
        }
        let result = ir.result(inner, 0);
        let rty = ir.value_type(result);
        let dst_reg = new_reg(ctx, rty);
        regs.insert(result, dst_reg);
        let d = match dst_reg {
            Reg::F(x) | Reg::I(x) => x,
        };
        let r = |i: usize| match operand_regs[i] {
            Reg::F(x) | Reg::I(x) => x,
        };
        let int_w = |t| ctx.integer_width(t).unwrap_or(64);
        let scalar_type = |t| -> Result<ScalarType, String> {
            Ok(if ctx.is_float(t) {
                ScalarType::Float(fk(ctx, t)?.kind())
            } else {
                ScalarType::Int(int_w(t))
            })
        };
        let predicate = || {
            ir.attr(ctx, inner, "predicate")
                .and_then(|a| ctx.integer_value(a))
                .unwrap_or(-1) as i64
        };
        let ins = if ConstantOp::is(ctx, ir, inner) {
            let attr = ir
                .attr(ctx, inner, "value")
                .ok_or("constant without value")?;
            match ctx.attr_data(attr) {
                AttrData::Float { ty, bits } => Ins::ConstF {
                    dst: d,
                    v: float_of_bits(ctx, *ty, bits.0)?,
                },
                AttrData::Integer { value, .. } => Ins::ConstI {
                    dst: d,
                    v: *value as i64,
                },
                _ => return Err("unsupported constant in payload".into()),
            }
        } else if crate::IndexOp::is(ctx, ir, inner) {
            Ins::Index {
                dst: d,
                dim: ir
                    .attr(ctx, inner, "dim")
                    .and_then(|a| ctx.integer_value(a))
                    .unwrap_or(0) as u32,
            }
        } else if let Some(op) = FloatBinary::of(name) {
            Ins::FBin {
                op,
                k: fk(ctx, rty)?.kind(),
                dst: d,
                a: r(0),
                b: r(1),
            }
        } else if let Some(op) = IntBinary::of(name) {
            Ins::IBin {
                op,
                w: int_w(rty),
                dst: d,
                a: r(0),
                b: r(1),
            }
        } else if NegFOp::is(ctx, ir, inner) {
            fk(ctx, rty)?;
            Ins::NegF { dst: d, a: r(0) }
        } else if let Some(op) = math_float_unary(ctx, ir, inner, name)? {
            Ins::FUn {
                op,
                k: fk(ctx, rty)?.kind(),
                dst: d,
                a: r(0),
            }
        } else if CmpFOp::is(ctx, ir, inner) && (0..=15).contains(&predicate()) {
            Ins::CmpF {
                pred: predicate(),
                dst: d,
                a: r(0),
                b: r(1),
            }
        } else if CmpIOp::is(ctx, ir, inner) && (0..=9).contains(&predicate()) {
            Ins::CmpI {
                pred: predicate(),
                w: int_w(ir.value_type(ir.operand(inner, 0))),
                dst: d,
                a: r(0),
                b: r(1),
            }
        } else if SelectOp::is(ctx, ir, inner) {
            let (c, a, b) = (r(0), r(1), r(2));
            if ctx.is_float(rty) {
                Ins::SelF { dst: d, c, a, b }
            } else {
                Ins::SelI { dst: d, c, a, b }
            }
        } else if let Some(kind) = Cast::of(name) {
            Ins::Cast {
                kind,
                from: scalar_type(ir.value_type(ir.operand(inner, 0)))?,
                to: scalar_type(rty)?,
                dst: d,
                a: r(0),
            }
        } else {
            return Err(format!("executor cannot run '{name}' in a payload"));
        };
        code.push(ins);
    }
    Ok(Program {
        code,
        n_f,
        n_i,
        yields,
        outside,
    })
}

fn float_of_bits(ctx: &Context, ty: strata_ir::Type, bits: u128) -> Result<f64, String> {
    match fk(ctx, ty)? {
        FK::F32 => Ok(f32::from_bits(bits as u32) as f64),
        FK::F64 => Ok(f64::from_bits(bits as u64)),
    }
}

#[inline]
fn load_f(b: &Buffer, at: usize) -> f64 {
    match &b.elems {
        Elems::F32(v) => v[at] as f64,
        Elems::F64(v) => v[at],
        Elems::I(v) => v[at] as f64,
    }
}

#[inline]
fn load_i(b: &Buffer, at: usize) -> i64 {
    match &b.elems {
        Elems::I(v) => v[at],
        Elems::F32(v) => v[at] as i64,
        Elems::F64(v) => v[at] as i64,
    }
}

impl Program {
    #[inline]
    fn run(
        &self,
        f: &mut [f64],
        i: &mut [i64],
        bufs: &[Buffer],
        offs: &[usize],
        idx: &[i64],
    ) -> Result<(), String> {
        for ins in &self.code {
            match *ins {
                Ins::LoadF { dst, buf } => {
                    f[dst as usize] = load_f(&bufs[buf as usize], offs[buf as usize])
                }
                Ins::LoadI { dst, buf } => {
                    i[dst as usize] = load_i(&bufs[buf as usize], offs[buf as usize])
                }
                Ins::ConstF { dst, v } => f[dst as usize] = v,
                Ins::ConstI { dst, v } => i[dst as usize] = v,
                Ins::Index { dst, dim } => {
                    i[dst as usize] = idx.get(dim as usize).copied().unwrap_or(0)
                }
                Ins::FBin { op, k, dst, a, b } => {
                    f[dst as usize] = sem::float_binary_kind(op, f[a as usize], f[b as usize], k)
                }
                Ins::IBin { op, w, dst, a, b } => {
                    i[dst as usize] = sem::int_binary_i64(op, i[a as usize], i[b as usize], w)
                        .map_err(|e| e.to_string())?;
                }
                Ins::NegF { dst, a } => f[dst as usize] = -f[a as usize],
                Ins::FUn { op, k, dst, a } => {
                    f[dst as usize] =
                        strata_dialect_math::semantics::float_unary(op, f[a as usize], k)
                            .ok_or_else(|| format!("'{op}' has no float semantics"))?
                }
                Ins::CmpF { pred, dst, a, b } => {
                    i[dst as usize] = sem::cmpf(pred, f[a as usize], f[b as usize])
                        .map_err(|e| e.to_string())? as i64
                }
                Ins::CmpI { pred, w, dst, a, b } => {
                    let (x, y) = (bits(i[a as usize], w), bits(i[b as usize], w));
                    i[dst as usize] = sem::cmpi(pred, x, y, w).map_err(|e| e.to_string())? as i64
                }
                Ins::SelF { dst, c, a, b } => {
                    f[dst as usize] = if i[c as usize] & 1 == 1 {
                        f[a as usize]
                    } else {
                        f[b as usize]
                    }
                }
                Ins::SelI { dst, c, a, b } => {
                    i[dst as usize] = if i[c as usize] & 1 == 1 {
                        i[a as usize]
                    } else {
                        i[b as usize]
                    }
                }
                Ins::Cast {
                    kind,
                    from,
                    to,
                    dst,
                    a,
                } => {
                    if let (ScalarType::Int(w), ScalarType::Int(t)) = (from, to) {
                        if let Some(v) = sem::int_cast_i64(kind, i[a as usize], w, t) {
                            i[dst as usize] = v;
                            continue;
                        }
                    }
                    let x = match from {
                        ScalarType::Int(w) => sem::Scalar::Int(bits(i[a as usize], w), w),
                        ScalarType::Float(k) => sem::Scalar::Float(f[a as usize], k),
                    };
                    match sem::cast_kind(kind, x, to).map_err(|e| e.to_string())? {
                        sem::Scalar::Int(v, w) => i[dst as usize] = sem::sext(v, w) as i64,
                        sem::Scalar::Float(v, _) => f[dst as usize] = v,
                    }
                }
            }
        }
        Ok(())
    }

    fn is_mul_add(&self) -> Option<FloatKind> {
        if self.code.len() != 5 || self.yields.len() != 1 || !self.outside.is_empty() {
            return None;
        }
        match self.code.as_slice() {
            [Ins::LoadF { dst: a, buf: 0 }, Ins::LoadF { dst: b, buf: 1 }, Ins::LoadF { dst: c, buf: 2 }, Ins::FBin {
                op: FloatBinary::Mul,
                k: k1,
                dst: m,
                a: x,
                b: y,
            }, Ins::FBin {
                op: FloatBinary::Add,
                k: k2,
                dst: s,
                a: p,
                b: q,
            }] if k1 == k2
                && ((x, y) == (a, b) || (x, y) == (b, a))
                && ((p, q) == (c, m) || (p, q) == (m, c))
                && self.yields[0] == Reg::F(*s) =>
            {
                Some(*k1)
            }
            _ => None,
        }
    }
}

/// Runs structured op `op` on `buffers` (one per operand: inputs, then
/// outputs, which are updated in place). Scalar operands are rank-0
/// buffers. `outside` supplies values the payload uses from enclosing scopes.
pub fn execute(
    ctx: &Context,
    ir: &Ir,
    op: OpId,
    buffers: &mut [Buffer],
    outside: &dyn Fn(Value) -> Option<Scalar>,
) -> Result<(), String> {
    let info = structured_info(ctx, ir, op).ok_or("not a structured op")??;
    execute_with(ctx, ir, op, &info, buffers, outside)
}

pub fn execute_with(
    ctx: &Context,
    ir: &Ir,
    op: OpId,
    info: &StructuredInfo,
    buffers: &mut [Buffer],
    outside: &dyn Fn(Value) -> Option<Scalar>,
) -> Result<(), String> {
    let n_ops = info.inputs.len() + info.outputs.len();
    if buffers.len() != n_ops {
        return Err(format!("expected {n_ops} buffers, got {}", buffers.len()));
    }
    let program = compile(ctx, ir, op, n_ops)?;
    let shapes: Vec<Vec<i64>> = buffers.iter().map(|b| b.shape.clone()).collect();
    let bounds = loop_bounds(info, &shapes)?;
    let n = bounds.len();
    if bounds.iter().any(|&b| b <= 0) {
        return Ok(());
    }
    // Per-operand linear offsets: base + sum(coef[d] * i_d).
    let mut linear = true;
    let mut bases = vec![0i64; n_ops];
    let mut coefs = vec![vec![0i64; n]; n_ops];
    for (k, (map, buf)) in info.indexing_maps.iter().zip(buffers.iter()).enumerate() {
        let strides = buf.strides();
        for (r, e) in map.results().iter().enumerate() {
            match linearize(e, n) {
                Some((c, cs)) => {
                    bases[k] += c * strides[r];
                    for d in 0..n {
                        coefs[k][d] += cs[d] * strides[r];
                    }
                }
                None => linear = false,
            }
        }
    }
    let mut f = vec![0f64; program.n_f];
    let mut ireg = vec![0i64; program.n_i];
    for &(r, v) in &program.outside {
        match (r, outside(v)) {
            (Reg::F(x), Some(Scalar::F(s))) => f[x as usize] = s,
            (Reg::I(x), Some(Scalar::I(s))) => ireg[x as usize] = s,
            _ => return Err("payload uses a value from outside that has no value".into()),
        }
    }
    let out_first = info.inputs.len();
    let mut idx = vec![0i64; n];
    let mut offs = vec![0usize; n_ops];
    let compute_offs =
        |idx: &[i64], offs: &mut [usize], buffers: &[Buffer]| -> Result<(), String> {
            for k in 0..n_ops {
                let at = if linear {
                    bases[k] + coefs[k].iter().zip(idx).map(|(c, i)| c * i).sum::<i64>()
                } else {
                    let pos = info.indexing_maps[k]
                        .eval(idx, &[])
                        .map_err(|e| format!("{e:?}"))?;
                    pos.iter()
                        .zip(buffers[k].strides())
                        .map(|(p, s)| p * s)
                        .sum()
                };
                if at < 0 || at as usize >= buffers[k].elems.len().max(1) {
                    return Err(format!("operand #{k} accessed out of bounds"));
                }
                offs[k] = at as usize;
            }
            Ok(())
        };
    let mul_add = if linear { program.is_mul_add() } else { None };
    let inner = n.saturating_sub(1);
    let inner_bound = if n == 0 { 1 } else { bounds[inner] };
    loop {
        compute_offs(&idx, &mut offs, buffers)?;
        // The innermost loop.
        match (mul_add, n > 0) {
            (Some(_), true) => mul_add_inner(
                buffers,
                &offs,
                [coefs[0][inner], coefs[1][inner], coefs[2][inner]],
                inner_bound as usize,
            )?,
            _ => {
                for step in 0..inner_bound {
                    if n > 0 {
                        idx[inner] = step;
                        if step > 0 {
                            if linear {
                                for k in 0..n_ops {
                                    offs[k] = (offs[k] as i64 + coefs[k][inner]) as usize;
                                }
                            } else {
                                compute_offs(&idx, &mut offs, buffers)?;
                            }
                        }
                    }
                    program.run(&mut f, &mut ireg, buffers, &offs, &idx)?;
                    for (j, &y) in program.yields.iter().enumerate() {
                        let b = &mut buffers[out_first + j];
                        let at = offs[out_first + j];
                        match (&mut b.elems, y) {
                            (Elems::F32(v), Reg::F(x)) => v[at] = f[x as usize] as f32,
                            (Elems::F64(v), Reg::F(x)) => v[at] = f[x as usize],
                            (Elems::I(v), Reg::I(x)) => v[at] = ireg[x as usize],
                            _ => return Err("yield type does not match the output buffer".into()),
                        }
                    }
                }
                if n > 0 {
                    idx[inner] = 0;
                }
            }
        }
        // Advance the outer loops.
        if n <= 1 {
            return Ok(());
        }
        let mut d = n - 2;
        loop {
            idx[d] += 1;
            if idx[d] < bounds[d] {
                break;
            }
            idx[d] = 0;
            if d == 0 {
                return Ok(());
            }
            d -= 1;
        }
    }
}

/// `c[oc] += a[oa] * b[ob]` along the innermost loop, in the element type:
/// the bits of arith's `mulf` then `addf` (Rust rounds each operation and
/// never contracts them to a fused multiply-add), without the register
/// program's dispatch, which makes convolutions about three times slower.
fn mul_add_inner(
    buffers: &mut [Buffer],
    offs: &[usize],
    steps: [i64; 3],
    count: usize,
) -> Result<(), String> {
    let (ins, outs) = buffers.split_at_mut(2);
    let (oa, ob, oc) = (offs[0] as i64, offs[1] as i64, offs[2] as i64);
    let last = |o: i64, s: i64| o + s * (count as i64 - 1);
    let check = |o: i64, s: i64, len: usize| {
        o >= 0 && last(o, s) >= 0 && (o as usize) < len && (last(o, s) as usize) < len
    };
    match (&ins[0].elems, &ins[1].elems, &mut outs[0].elems) {
        (Elems::F32(a), Elems::F32(b), Elems::F32(c)) => {
            if !(check(oa, steps[0], a.len())
                && check(ob, steps[1], b.len())
                && check(oc, steps[2], c.len()))
            {
                return Err("operand accessed out of bounds".into());
            }
            let (mut ia, mut ib, mut ic) = (oa, ob, oc);
            if steps[2] == 0 {
                let mut acc = c[ic as usize];
                for _ in 0..count {
                    acc += a[ia as usize] * b[ib as usize];
                    ia += steps[0];
                    ib += steps[1];
                }
                c[ic as usize] = acc;
            } else {
                for _ in 0..count {
                    c[ic as usize] += a[ia as usize] * b[ib as usize];
                    ia += steps[0];
                    ib += steps[1];
                    ic += steps[2];
                }
            }
        }
        (Elems::F64(a), Elems::F64(b), Elems::F64(c)) => {
            if !(check(oa, steps[0], a.len())
                && check(ob, steps[1], b.len())
                && check(oc, steps[2], c.len()))
            {
                return Err("operand accessed out of bounds".into());
            }
            let (mut ia, mut ib, mut ic) = (oa, ob, oc);
            for _ in 0..count {
                c[ic as usize] += a[ia as usize] * b[ib as usize];
                ia += steps[0];
                ib += steps[1];
                ic += steps[2];
            }
        }
        _ => return Err("multiply-accumulate on mixed buffers".into()),
    }
    Ok(())
}
