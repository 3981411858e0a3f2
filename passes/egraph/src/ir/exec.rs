//! Runs a function body on integer tensors, to check a rewrite.
//!
//! Structured ops go to linalg's reference executor
//! (`strata_dialect_linalg::exec`); tensor ops reuse the term evaluator's
//! gathers ([`crate::eval::eval_layout`]), so the two executions being
//! compared share no code with the transformation itself beyond them.
//! (When the interpreter crate lands it can replace this file.)

use crate::eval::{eval_layout, Tensor};
use crate::lang::Op;
use std::collections::HashMap;
use strata_dialect_linalg::exec::{execute, Buffer, Elems, Scalar};
use strata_ir::attributes::AttrData;
use strata_ir::{Context, Ir, OpId, Value};

fn width(ctx: &Context, ir: &Ir, v: Value) -> u32 {
    let t = ir.value_type(v);
    ctx.integer_width(ctx.element_type_or_self(t)).unwrap_or(64)
}

fn wrap(v: i64, w: u32) -> i64 {
    if w >= 64 {
        v
    } else {
        (v << (64 - w)) >> (64 - w)
    }
}

/// Executes `func` on `args`; returns the returned tensors.
pub fn run(ctx: &Context, ir: &Ir, func: OpId, args: &[Tensor]) -> Result<Vec<Tensor>, String> {
    let region = *ir.regions(func).first().ok_or("no body")?;
    let block = ir.entry_block(region).ok_or("no block")?;
    let mut tensors: HashMap<Value, Tensor> = HashMap::new();
    let mut scalars: HashMap<Value, i64> = HashMap::new();
    for (a, t) in ir.block_args(block).iter().zip(args) {
        tensors.insert(*a, t.clone());
    }
    let i64s = |op: OpId, name: &str| -> Result<Vec<i64>, String> {
        ir.attr(ctx, op, name)
            .and_then(|a| ctx.dense_array_i64(a))
            .ok_or_else(|| format!("missing {name}"))
    };
    for op in ir.block_ops(block) {
        let name = ctx.op_name_str(ir.op_name(op));
        let get = |v: Value| {
            tensors
                .get(&v)
                .ok_or_else(|| format!("{name}: operand has no value"))
        };
        let shape = |v: Value| {
            ctx.shape(ir.value_type(v))
                .map(|s| s.to_vec())
                .ok_or("unranked")
        };
        let result = match name {
            "func.return" => {
                return (0..ir.num_operands(op))
                    .map(|i| get(ir.operand(op, i)).cloned())
                    .collect();
            }
            "arith.constant" => {
                if let Some(AttrData::Integer { value, .. }) =
                    ir.attr(ctx, op, "value").map(|a| ctx.attr_data(a))
                {
                    scalars.insert(ir.result(op, 0), *value as i64);
                }
                continue;
            }
            "tensor.empty" => {
                let s = shape(ir.result(op, 0))?;
                let n = s.iter().product::<i64>() as usize;
                Tensor {
                    shape: s,
                    data: vec![0; n],
                }
            }
            "tensor.pad" => {
                let x = get(ir.operand(op, 0))?;
                let lo = i64s(op, "static_low")?;
                let hi = i64s(op, "static_high")?;
                let out = shape(ir.result(op, 0))?;
                eval_layout(
                    &Op::Pad {
                        lo: lo.into(),
                        hi: hi.into(),
                    },
                    &[x],
                    &out,
                )
                .ok_or("pad")?
            }
            "tensor.extract_slice" => {
                let x = get(ir.operand(op, 0))?;
                let o = Op::Slice {
                    offsets: i64s(op, "static_offsets")?.into(),
                    sizes: i64s(op, "static_sizes")?.into(),
                    strides: i64s(op, "static_strides")?.into(),
                };
                eval_layout(&o, &[x], &shape(ir.result(op, 0))?).ok_or("slice")?
            }
            "tensor.insert_slice" => {
                let src = get(ir.operand(op, 0))?;
                let mut dst = get(ir.operand(op, 1))?.clone();
                let (off, st) = (i64s(op, "static_offsets")?, i64s(op, "static_strides")?);
                let ds = crate::eval::strides(&dst.shape);
                let mut k = 0;
                crate::eval::for_each_index(&src.shape, |i| {
                    let at: i64 = i
                        .iter()
                        .enumerate()
                        .map(|(d, &v)| (off[d] + v * st[d]) * ds[d])
                        .sum();
                    dst.data[at as usize] = src.data[k];
                    k += 1;
                });
                dst
            }
            "tensor.collapse_shape" | "tensor.expand_shape" => {
                let x = get(ir.operand(op, 0))?;
                Tensor {
                    shape: shape(ir.result(op, 0))?,
                    data: x.data.clone(),
                }
            }
            "linalg.pack" | "linalg.unpack" => {
                let x = get(ir.operand(op, 0))?;
                let dims = i64s(op, "inner_dims_pos")?;
                let tiles = i64s(op, "static_inner_tiles")?;
                let out = shape(ir.result(op, 0))?;
                let o = if name == "linalg.pack" {
                    Op::Pack {
                        dims: dims.into(),
                        tiles: tiles.into(),
                    }
                } else {
                    Op::Unpack {
                        dims: dims.into(),
                        tiles: tiles.into(),
                        shape: out.clone().into(),
                    }
                };
                eval_layout(&o, &[x], &out).ok_or("pack")?
            }
            _ if name.starts_with("linalg.") => {
                let info = strata_dialect_linalg::structured::structured_info(ctx, ir, op)
                    .ok_or_else(|| format!("cannot execute {name}"))??;
                let mut bufs = Vec::new();
                for v in info.operands() {
                    let elems = match tensors.get(&v) {
                        Some(t) => Buffer {
                            shape: t.shape.clone(),
                            elems: Elems::I(t.data.clone()),
                        },
                        None => match scalars.get(&v) {
                            Some(&s) => Buffer {
                                shape: vec![],
                                elems: Elems::I(vec![s]),
                            },
                            None => return Err(format!("{name}: operand has no value")),
                        },
                    };
                    bufs.push(elems);
                }
                let outside = |v: Value| scalars.get(&v).map(|&s| Scalar::I(s));
                execute(ctx, ir, op, &mut bufs, &outside)?;
                let out = bufs.pop().ok_or("no output")?;
                let w = width(ctx, ir, ir.result(op, 0));
                match out.elems {
                    Elems::I(d) => Tensor {
                        shape: out.shape,
                        data: d.into_iter().map(|v| wrap(v, w)).collect(),
                    },
                    _ => return Err("float result".into()),
                }
            }
            other => return Err(format!("cannot execute {other}")),
        };
        tensors.insert(ir.result(op, 0), result);
    }
    Err("no func.return".into())
}
