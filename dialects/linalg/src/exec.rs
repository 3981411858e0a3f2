//! A fast reference executor for structured ops.
//!
//! The payload block is compiled once into a small register program
//! (floats in one register file, integers and indices in another) and run
//! at every point of the iteration space. Operand offsets are kept
//! incrementally when the indexing maps are linear (every named op and
//! almost every generic), so the per-point cost is the payload itself;
//! the float multiply-accumulate payload of matmuls and convolutions runs
//! as a dedicated inner loop. Semantics are exact: f32 arithmetic is done
//! in f32, integers wrap at their width.
//!
//! The executor owns no value representation beyond flat row-major
//! [`Buffer`]s, so the interpreter can call it with its own tensors and
//! memrefs converted (or borrowed) into them.

use crate::structured::{linearize, loop_bounds, payload_block, structured_info, StructuredInfo};
use strata_ir::attributes::AttrData;
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

#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum FOp {
    Add,
    Sub,
    Mul,
    Div,
    Rem,
    Maximum,
    Minimum,
    MaxNum,
    MinNum,
}

#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum IOp {
    Add,
    Sub,
    Mul,
    DivS,
    DivU,
    RemS,
    RemU,
    MaxS,
    MinS,
    MaxU,
    MinU,
    And,
    Or,
    Xor,
    Shl,
    ShrS,
    ShrU,
}

#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum UnF {
    Neg,
    Abs,
    Exp,
    Log,
    Sqrt,
    Tanh,
    Rsqrt,
    Floor,
    Ceil,
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
        op: FOp,
        k: FK,
        dst: u32,
        a: u32,
        b: u32,
    },
    IBin {
        op: IOp,
        w: u32,
        dst: u32,
        a: u32,
        b: u32,
    },
    FUn {
        op: UnF,
        k: FK,
        dst: u32,
        a: u32,
    },
    CmpF {
        pred: u8,
        dst: u32,
        a: u32,
        b: u32,
    },
    CmpI {
        pred: u8,
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
    /// int -> float (signed or not)
    IToF {
        dst: u32,
        a: u32,
        k: FK,
        unsigned_w: u32,
    },
    /// float -> int
    FToI {
        dst: u32,
        a: u32,
        w: u32,
        unsigned: bool,
    },
    FToF {
        dst: u32,
        a: u32,
        k: FK,
    },
    /// Re-normalize an integer to width `w` (trunci / extsi / index_cast), or zero-extend (extui).
    IToI {
        dst: u32,
        a: u32,
        from_w: u32,
        w: u32,
        zext: bool,
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

fn norm(v: i64, w: u32) -> i64 {
    if w >= 64 {
        v
    } else if w == 1 {
        v & 1
    } else {
        (v << (64 - w)) >> (64 - w)
    }
}

fn zext(v: i64, w: u32) -> u64 {
    if w >= 64 {
        v as u64
    } else {
        (v as u64) & ((1u64 << w) - 1)
    }
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
        if name == "linalg.yield" {
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
        let fop = |op| -> Result<Ins, String> {
            Ok(Ins::FBin {
                op,
                k: fk(ctx, rty)?,
                dst: d,
                a: r(0),
                b: r(1),
            })
        };
        let iop = |op| Ins::IBin {
            op,
            w: int_w(rty),
            dst: d,
            a: r(0),
            b: r(1),
        };
        let fun = |op| -> Result<Ins, String> {
            Ok(Ins::FUn {
                op,
                k: fk(ctx, rty)?,
                dst: d,
                a: r(0),
            })
        };
        let ins = match name {
            "arith.constant" => {
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
            }
            "linalg.index" => Ins::Index {
                dst: d,
                dim: ir
                    .attr(ctx, inner, "dim")
                    .and_then(|a| ctx.integer_value(a))
                    .unwrap_or(0) as u32,
            },
            "arith.addf" => fop(FOp::Add)?,
            "arith.subf" => fop(FOp::Sub)?,
            "arith.mulf" => fop(FOp::Mul)?,
            "arith.divf" => fop(FOp::Div)?,
            "arith.remf" => fop(FOp::Rem)?,
            "arith.maximumf" => fop(FOp::Maximum)?,
            "arith.minimumf" => fop(FOp::Minimum)?,
            "arith.maxnumf" => fop(FOp::MaxNum)?,
            "arith.minnumf" => fop(FOp::MinNum)?,
            "arith.negf" => fun(UnF::Neg)?,
            "math.absf" => fun(UnF::Abs)?,
            "math.exp" => fun(UnF::Exp)?,
            "math.log" => fun(UnF::Log)?,
            "math.sqrt" => fun(UnF::Sqrt)?,
            "math.rsqrt" => fun(UnF::Rsqrt)?,
            "math.tanh" => fun(UnF::Tanh)?,
            "math.floor" => fun(UnF::Floor)?,
            "math.ceil" => fun(UnF::Ceil)?,
            "arith.addi" => iop(IOp::Add),
            "arith.subi" => iop(IOp::Sub),
            "arith.muli" => iop(IOp::Mul),
            "arith.divsi" => iop(IOp::DivS),
            "arith.divui" => iop(IOp::DivU),
            "arith.remsi" => iop(IOp::RemS),
            "arith.remui" => iop(IOp::RemU),
            "arith.maxsi" => iop(IOp::MaxS),
            "arith.minsi" => iop(IOp::MinS),
            "arith.maxui" => iop(IOp::MaxU),
            "arith.minui" => iop(IOp::MinU),
            "arith.andi" => iop(IOp::And),
            "arith.ori" => iop(IOp::Or),
            "arith.xori" => iop(IOp::Xor),
            "arith.shli" => iop(IOp::Shl),
            "arith.shrsi" => iop(IOp::ShrS),
            "arith.shrui" => iop(IOp::ShrU),
            "arith.cmpf" | "arith.cmpi" => {
                let pred = ir
                    .attr(ctx, inner, "predicate")
                    .and_then(|a| ctx.integer_value(a))
                    .unwrap_or(0) as u8;
                if name == "arith.cmpf" {
                    Ins::CmpF {
                        pred,
                        dst: d,
                        a: r(0),
                        b: r(1),
                    }
                } else {
                    let w = int_w(ir.value_type(ir.operand(inner, 0)));
                    Ins::CmpI {
                        pred,
                        w,
                        dst: d,
                        a: r(0),
                        b: r(1),
                    }
                }
            }
            "arith.select" => {
                if ctx.is_float(rty) {
                    Ins::SelF {
                        dst: d,
                        c: r(0),
                        a: r(1),
                        b: r(2),
                    }
                } else {
                    Ins::SelI {
                        dst: d,
                        c: r(0),
                        a: r(1),
                        b: r(2),
                    }
                }
            }
            "arith.sitofp" | "arith.uitofp" => Ins::IToF {
                dst: d,
                a: r(0),
                k: fk(ctx, rty)?,
                unsigned_w: if name == "arith.uitofp" {
                    int_w(ir.value_type(ir.operand(inner, 0)))
                } else {
                    0
                },
            },
            "arith.fptosi" | "arith.fptoui" => Ins::FToI {
                dst: d,
                a: r(0),
                w: int_w(rty),
                unsigned: name == "arith.fptoui",
            },
            "arith.extf" | "arith.truncf" => Ins::FToF {
                dst: d,
                a: r(0),
                k: fk(ctx, rty)?,
            },
            "arith.extsi" | "arith.trunci" | "arith.index_cast" | "arith.extui"
            | "arith.index_castui" => Ins::IToI {
                dst: d,
                a: r(0),
                from_w: int_w(ir.value_type(ir.operand(inner, 0))),
                w: int_w(rty),
                zext: name == "arith.extui" || name == "arith.index_castui",
            },
            other => return Err(format!("executor cannot run '{other}' in a payload")),
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
fn round(k: FK, v: f64) -> f64 {
    match k {
        FK::F32 => v as f32 as f64,
        FK::F64 => v,
    }
}

#[inline]
fn fbin(op: FOp, k: FK, a: f64, b: f64) -> f64 {
    if k == FK::F32 {
        let (a, b) = (a as f32, b as f32);
        let r = match op {
            FOp::Add => a + b,
            FOp::Sub => a - b,
            FOp::Mul => a * b,
            FOp::Div => a / b,
            FOp::Rem => a % b,
            FOp::Maximum => {
                if a.is_nan() || b.is_nan() {
                    f32::NAN
                } else if a == b {
                    if a.is_sign_negative() {
                        b
                    } else {
                        a
                    }
                } else {
                    a.max(b)
                }
            }
            FOp::Minimum => {
                if a.is_nan() || b.is_nan() {
                    f32::NAN
                } else if a == b {
                    if a.is_sign_negative() {
                        a
                    } else {
                        b
                    }
                } else {
                    a.min(b)
                }
            }
            FOp::MaxNum => a.max(b),
            FOp::MinNum => a.min(b),
        };
        return r as f64;
    }
    match op {
        FOp::Add => a + b,
        FOp::Sub => a - b,
        FOp::Mul => a * b,
        FOp::Div => a / b,
        FOp::Rem => a % b,
        FOp::Maximum => {
            if a.is_nan() || b.is_nan() {
                f64::NAN
            } else if a == b {
                if a.is_sign_negative() {
                    b
                } else {
                    a
                }
            } else {
                a.max(b)
            }
        }
        FOp::Minimum => {
            if a.is_nan() || b.is_nan() {
                f64::NAN
            } else if a == b {
                if a.is_sign_negative() {
                    a
                } else {
                    b
                }
            } else {
                a.min(b)
            }
        }
        FOp::MaxNum => a.max(b),
        FOp::MinNum => a.min(b),
    }
}

fn ibin(op: IOp, w: u32, a: i64, b: i64) -> Result<i64, String> {
    let (ua, ub) = (zext(a, w), zext(b, w));
    let r = match op {
        IOp::Add => a.wrapping_add(b),
        IOp::Sub => a.wrapping_sub(b),
        IOp::Mul => a.wrapping_mul(b),
        IOp::DivS => {
            if b == 0 {
                return Err("division by zero".into());
            }
            a.wrapping_div(b)
        }
        IOp::DivU => {
            if ub == 0 {
                return Err("division by zero".into());
            }
            (ua / ub) as i64
        }
        IOp::RemS => {
            if b == 0 {
                return Err("division by zero".into());
            }
            a.wrapping_rem(b)
        }
        IOp::RemU => {
            if ub == 0 {
                return Err("division by zero".into());
            }
            (ua % ub) as i64
        }
        IOp::MaxS => a.max(b),
        IOp::MinS => a.min(b),
        IOp::MaxU => ua.max(ub) as i64,
        IOp::MinU => ua.min(ub) as i64,
        IOp::And => a & b,
        IOp::Or => a | b,
        IOp::Xor => a ^ b,
        IOp::Shl => {
            if ub >= w as u64 {
                0
            } else {
                a << ub
            }
        }
        IOp::ShrS => {
            if ub >= w as u64 {
                if a < 0 {
                    -1
                } else {
                    0
                }
            } else {
                a >> ub
            }
        }
        IOp::ShrU => {
            if ub >= w as u64 {
                0
            } else {
                (ua >> ub) as i64
            }
        }
    };
    Ok(norm(r, w))
}

fn cmpf(pred: u8, a: f64, b: f64) -> bool {
    let unordered = a.is_nan() || b.is_nan();
    match pred {
        0 => false,
        1 => !unordered && a == b,
        2 => !unordered && a > b,
        3 => !unordered && a >= b,
        4 => !unordered && a < b,
        5 => !unordered && a <= b,
        6 => !unordered && a != b,
        7 => !unordered,
        8 => unordered || a == b,
        9 => unordered || a > b,
        10 => unordered || a >= b,
        11 => unordered || a < b,
        12 => unordered || a <= b,
        13 => unordered || a != b,
        14 => unordered,
        _ => true,
    }
}

fn cmpi(pred: u8, w: u32, a: i64, b: i64) -> bool {
    let (ua, ub) = (zext(a, w), zext(b, w));
    match pred {
        0 => a == b,
        1 => a != b,
        2 => a < b,
        3 => a <= b,
        4 => a > b,
        5 => a >= b,
        6 => ua < ub,
        7 => ua <= ub,
        8 => ua > ub,
        _ => ua >= ub,
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
                    f[dst as usize] = fbin(op, k, f[a as usize], f[b as usize])
                }
                Ins::IBin { op, w, dst, a, b } => {
                    i[dst as usize] = ibin(op, w, i[a as usize], i[b as usize])?
                }
                Ins::FUn { op, k, dst, a } => {
                    let x = f[a as usize];
                    let y = match op {
                        UnF::Neg => -x,
                        UnF::Abs => x.abs(),
                        UnF::Exp => x.exp(),
                        UnF::Log => x.ln(),
                        UnF::Sqrt => x.sqrt(),
                        UnF::Rsqrt => 1.0 / x.sqrt(),
                        UnF::Tanh => x.tanh(),
                        UnF::Floor => x.floor(),
                        UnF::Ceil => x.ceil(),
                    };
                    f[dst as usize] = round(k, y);
                }
                Ins::CmpF { pred, dst, a, b } => {
                    i[dst as usize] = cmpf(pred, f[a as usize], f[b as usize]) as i64
                }
                Ins::CmpI { pred, w, dst, a, b } => {
                    i[dst as usize] = cmpi(pred, w, i[a as usize], i[b as usize]) as i64
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
                Ins::IToF {
                    dst,
                    a,
                    k,
                    unsigned_w,
                } => {
                    let v = if unsigned_w > 0 {
                        zext(i[a as usize], unsigned_w) as f64
                    } else {
                        i[a as usize] as f64
                    };
                    f[dst as usize] = round(k, v);
                }
                Ins::FToI {
                    dst,
                    a,
                    w,
                    unsigned,
                } => {
                    let x = f[a as usize].trunc();
                    i[dst as usize] = if unsigned {
                        norm(x as u64 as i64, w)
                    } else {
                        norm(x as i64, w)
                    };
                }
                Ins::FToF { dst, a, k } => f[dst as usize] = round(k, f[a as usize]),
                Ins::IToI {
                    dst,
                    a,
                    from_w,
                    w,
                    zext: z,
                } => {
                    let v = i[a as usize];
                    let v = if z { zext(v, from_w) as i64 } else { v };
                    i[dst as usize] = norm(v, w);
                }
            }
        }
        Ok(())
    }

    fn is_mul_add(&self) -> Option<FK> {
        if self.code.len() != 5 || self.yields.len() != 1 || !self.outside.is_empty() {
            return None;
        }
        match self.code.as_slice() {
            [Ins::LoadF { dst: a, buf: 0 }, Ins::LoadF { dst: b, buf: 1 }, Ins::LoadF { dst: c, buf: 2 }, Ins::FBin {
                op: FOp::Mul,
                k: k1,
                dst: m,
                a: x,
                b: y,
            }, Ins::FBin {
                op: FOp::Add,
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

/// `c[oc] += a[oa] * b[ob]` along the innermost loop, in the element type.
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
