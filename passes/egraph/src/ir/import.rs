//! Tensor/linalg IR to a term.

use crate::analysis::TensorAnalysis;
use crate::lang::{Binary, DType, Op, TNode, TermBuilder, Unary};
use egg::{Id, RecExpr};
use std::collections::HashMap;
use strata_dialect_arith::{
    AddFOp, AddIOp, ConstantOp, MaxSIOp, MaximumFOp, MulFOp, MulIOp, SubFOp, SubIOp,
};
use strata_dialect_func::ReturnOp;
use strata_dialect_linalg::ops::YieldOp;
use strata_dialect_linalg::pack::{PackOp, UnPackOp};
use strata_dialect_linalg::{Conv2DNchwFchwOp, FillOp, GenericOp, MapOp, MatmulOp, TransposeOp};
use strata_dialect_tensor::ops::{CollapseShapeOp, EmptyOp, ExpandShapeOp, ExtractSliceOp, PadOp};
use strata_ir::attributes::{AttrData, Location};
use strata_ir::{Context, Ir, OpId, Type, TypeData, Value};

/// A contraction found while importing (one remark each).
#[derive(Debug, Clone)]
pub struct Contraction {
    pub loc: Location,
    pub term: Id,
    pub name: String,
}

pub struct Imported {
    pub expr: RecExpr<TNode>,
    pub analysis: TensorAnalysis,
    /// `(name, shape, type)` of each function argument.
    pub args: Vec<(String, Vec<i64>, DType)>,
    pub contractions: Vec<Contraction>,
}

/// The element type of an integer or f32 tensor type.
pub fn dtype_of(ctx: &Context, ty: Type) -> Option<DType> {
    let el = ctx.element_type(ty)?;
    if ctx.float_kind(el) == Some(strata_ir::FloatKind::F32) {
        return Some(DType::F32);
    }
    match ctx.integer_width(el)? {
        8 => Some(DType::I8),
        32 => Some(DType::I32),
        64 => Some(DType::I64),
        _ => None,
    }
}

/// The shape of a static ranked tensor type.
fn shape_of(ctx: &Context, ty: Type) -> Option<Vec<i64>> {
    if !matches!(ctx.type_data(ty), TypeData::RankedTensor { .. }) {
        return None;
    }
    let s = ctx.shape(ty)?.to_vec();
    (s.iter().all(|&d| d >= 0)).then_some(s)
}

/// Why the layout engine leaves a tensor of `shape` alone, if it does: an
/// empty tensor has nothing to lay out (and the rules divide by its
/// sizes), and one of more than `i64::MAX` elements cannot be counted.
fn unsupported_shape(shape: &[i64]) -> Option<String> {
    if shape.contains(&0) {
        return Some("a zero-sized tensor".into());
    }
    strata_ir::element_count(shape)
        .is_none()
        .then(|| "a tensor of more than 2^63 elements".into())
}

/// Whether `v` is an `arith.constant` zero (integer 0, or float +0.0).
fn is_zero_constant(ctx: &Context, ir: &Ir, v: Value) -> bool {
    let Some(constant) = ConstantOp::defining(ctx, ir, v) else {
        return false;
    };
    match ctx.attr_data(constant.value(ctx, ir)) {
        AttrData::Integer { value, .. } => *value == 0,
        AttrData::Float { bits, .. } => bits.0 == 0,
        _ => false,
    }
}

/// Whether `v` is a zero-filled tensor (`linalg.fill` of constant 0).
fn is_zero_init(ctx: &Context, ir: &Ir, v: Value) -> bool {
    let Some(op) = ir.defining_op(v) else {
        return false;
    };
    FillOp::is(ctx, ir, op) && is_zero_constant(ctx, ir, ir.operand(op, 0))
}

fn i64s(ctx: &Context, ir: &Ir, op: OpId, name: &str) -> Option<Vec<i64>> {
    ctx.dense_array_i64(ir.attr(ctx, op, name)?)
}

/// The elementwise operator of an all-parallel, identity-mapped
/// `linalg.generic` / `linalg.map` whose payload is one integer or float
/// op (relu is `maxsi x, 0` or `maximumf x, 0.0`).
fn elementwise(ctx: &Context, ir: &Ir, op: OpId, n_ins: usize) -> Option<Op> {
    let region = *ir.regions(op).first()?;
    let block = ir.entry_block(region)?;
    let ops: Vec<OpId> = ir.block_ops(block).collect();
    let mut zero_consts = 0;
    let mut main = None;
    for &o in &ops {
        match ctx.op_name_str(ir.op_name(o)) {
            ConstantOp::NAME => {
                if is_zero_constant(ctx, ir, ir.result(o, 0)) {
                    zero_consts += 1;
                } else {
                    return None;
                }
            }
            YieldOp::NAME => {}
            name => {
                if main.is_some() {
                    return None;
                }
                main = Some(name.to_string());
            }
        }
    }
    let main = main?;
    match (n_ins, main.as_str(), zero_consts) {
        (1, MaxSIOp::NAME | MaximumFOp::NAME, 1) => Some(Op::Unary(Unary::Relu)),
        (2, AddIOp::NAME | AddFOp::NAME, 0) => Some(Op::Binary(Binary::Add)),
        (2, SubIOp::NAME | SubFOp::NAME, 0) => Some(Op::Binary(Binary::Sub)),
        (2, MulIOp::NAME | MulFOp::NAME, 0) => Some(Op::Binary(Binary::Mul)),
        (2, MaxSIOp::NAME | MaximumFOp::NAME, 0) => Some(Op::Binary(Binary::Max)),
        _ => None,
    }
}

/// Imports the body of `func` (one block, one returned tensor).
pub fn import(ctx: &Context, ir: &Ir, func: OpId) -> Result<Imported, String> {
    let region = *ir.regions(func).first().ok_or("function has no body")?;
    let blocks = ir.region_blocks(region);
    if blocks.len() != 1 {
        return Err("expects a single-block function".into());
    }
    let block = blocks[0];
    let mut b = TermBuilder::new();
    let mut vals: HashMap<Value, Id> = HashMap::new();
    let mut analysis = TensorAnalysis::new();
    let mut args = Vec::new();
    // Arguments used as filters are weights.
    let mut weights = std::collections::HashSet::new();
    for op in ir.block_ops(block) {
        let name = ctx.op_name_str(ir.op_name(op));
        if matches!(name, Conv2DNchwFchwOp::NAME | MatmulOp::NAME) {
            weights.insert(ir.operand(op, 1));
        }
    }
    for (i, &a) in ir.block_args(block).iter().enumerate() {
        let ty = ir.value_type(a);
        let (Some(shape), Some(dt)) = (shape_of(ctx, ty), dtype_of(ctx, ty)) else {
            return Err(format!(
                "argument #{i} is not a static integer or f32 tensor"
            ));
        };
        if let Some(why) = unsupported_shape(&shape) {
            return Err(format!("argument #{i} is {why}"));
        }
        let name = format!("arg{i}");
        analysis.add_input(&name, &shape, dt, weights.contains(&a));
        vals.insert(a, b.input(&name));
        args.push((name, shape, dt));
    }
    let mut contractions = Vec::new();
    let mut root = None;
    for op in ir.block_ops(block) {
        let name = ctx.op_name_str(ir.op_name(op)).to_string();
        let get = |v: Value| {
            vals.get(&v)
                .copied()
                .ok_or_else(|| format!("{name}: operand is not a tensor of the program"))
        };
        let result_shape = || {
            shape_of(ctx, ir.value_type(ir.result(op, 0)))
                .ok_or_else(|| format!("{name}: the result is not a static tensor"))
        };
        // Every op the engine models has one static tensor result (the
        // memref forms of linalg ops have none).
        if !matches!(name.as_str(), ConstantOp::NAME | ReturnOp::NAME) {
            if ir.num_results(op) != 1 {
                return Err(format!("{name}: expects one tensor result"));
            }
            let shape = result_shape()?;
            if let Some(why) = unsupported_shape(&shape) {
                return Err(format!("{name}: the result is {why}"));
            }
        }
        let id = match name.as_str() {
            ConstantOp::NAME | EmptyOp::NAME | FillOp::NAME => continue,
            ReturnOp::NAME => {
                if ir.num_operands(op) != 1 {
                    return Err("expects one returned tensor".into());
                }
                root = Some(get(ir.operand(op, 0))?);
                continue;
            }
            Conv2DNchwFchwOp::NAME | MatmulOp::NAME => {
                if !is_zero_init(ctx, ir, ir.operand(op, 2)) {
                    return Err(format!(
                        "{name}: the init tensor must be a zero linalg.fill"
                    ));
                }
                let (x, w) = (get(ir.operand(op, 0))?, get(ir.operand(op, 1))?);
                let id = if name == MatmulOp::NAME {
                    b.matmul(x, w)
                } else {
                    let s = strata_dialect_linalg::named::window_attr(ctx, ir, op, "strides", 2);
                    let d = strata_dialect_linalg::named::window_attr(ctx, ir, op, "dilations", 2);
                    b.conv2d(x, w, [s[0], s[1]], [d[0], d[1]])
                };
                contractions.push(Contraction {
                    loc: ir.op_loc(op),
                    term: id,
                    name: name.trim_start_matches("linalg.").to_string(),
                });
                id
            }
            PadOp::NAME => {
                let region = *ir.regions(op).first().ok_or("tensor.pad without region")?;
                let yield_op = ir
                    .entry_block(region)
                    .and_then(|bl| ir.last_op(bl))
                    .ok_or("tensor.pad without yield")?;
                if !is_zero_constant(ctx, ir, ir.operand(yield_op, 0)) {
                    return Err("tensor.pad: only zero padding".into());
                }
                let lo = i64s(ctx, ir, op, "static_low").ok_or("tensor.pad: dynamic")?;
                let hi = i64s(ctx, ir, op, "static_high").ok_or("tensor.pad: dynamic")?;
                let x = get(ir.operand(op, 0))?;
                b.pad(x, &lo, &hi)
            }
            ExtractSliceOp::NAME => {
                let offsets = i64s(ctx, ir, op, "static_offsets").ok_or("slice: dynamic")?;
                let sizes = i64s(ctx, ir, op, "static_sizes").ok_or("slice: dynamic")?;
                let strides = i64s(ctx, ir, op, "static_strides").ok_or("slice: dynamic")?;
                if result_shape()? != sizes || ir.num_operands(op) != 1 {
                    return Err("tensor.extract_slice: rank-reducing or dynamic".into());
                }
                let x = get(ir.operand(op, 0))?;
                b.add(
                    Op::Slice {
                        offsets: offsets.into(),
                        sizes: sizes.into(),
                        strides: strides.into(),
                    },
                    &[x],
                )
            }
            CollapseShapeOp::NAME | ExpandShapeOp::NAME => {
                let x = get(ir.operand(op, 0))?;
                b.add(Op::Reshape(result_shape()?.into()), &[x])
            }
            TransposeOp::NAME => {
                let perm = i64s(ctx, ir, op, "permutation").ok_or("transpose: permutation")?;
                let x = get(ir.operand(op, 0))?;
                b.add(Op::Transpose(perm.into()), &[x])
            }
            PackOp::NAME | UnPackOp::NAME => {
                if ir.attr(ctx, op, "outer_dims_perm").is_some() {
                    return Err(format!("{name}: outer_dims_perm is not supported"));
                }
                let dims = i64s(ctx, ir, op, "inner_dims_pos").ok_or("pack: dims")?;
                let tiles = i64s(ctx, ir, op, "static_inner_tiles").ok_or("pack: tiles")?;
                let x = get(ir.operand(op, 0))?;
                if name == PackOp::NAME {
                    b.add(
                        Op::Pack {
                            dims: dims.into(),
                            tiles: tiles.into(),
                        },
                        &[x],
                    )
                } else {
                    b.add(
                        Op::Unpack {
                            dims: dims.into(),
                            tiles: tiles.into(),
                            shape: result_shape()?.into(),
                        },
                        &[x],
                    )
                }
            }
            GenericOp::NAME | MapOp::NAME => {
                let info = strata_dialect_linalg::structured::structured_info(ctx, ir, op)
                    .ok_or("not structured")??;
                let identity = info.indexing_maps.iter().all(|m| {
                    m.results()
                        .iter()
                        .enumerate()
                        .all(|(i, e)| e.as_dim() == Some(i))
                        && m.results().len() == info.num_loops()
                });
                let parallel = info
                    .iterator_types
                    .iter()
                    .all(|t| *t == strata_dialect_linalg::IteratorType::Parallel);
                let elem = elementwise(ctx, ir, op, info.inputs.len());
                match (identity && parallel && info.outputs.len() == 1, elem) {
                    (true, Some(e)) => {
                        let kids: Vec<Id> = info
                            .inputs
                            .iter()
                            .map(|&v| get(v))
                            .collect::<Result<_, _>>()?;
                        b.add(e, &kids)
                    }
                    _ => return Err(format!("{name}: only elementwise relu/add/sub/mul/max")),
                }
            }
            other => return Err(format!("unsupported op {other}")),
        };
        vals.insert(ir.result(op, 0), id);
    }
    let root = root.ok_or("no func.return")?;
    // Keep only what the root needs, root last.
    let expr = subterm(&b.expr, root);
    let remap = remap_ids(&b.expr, root);
    let contractions = contractions
        .into_iter()
        .filter_map(|mut c| {
            c.term = *remap.get(&c.term)?;
            Some(c)
        })
        .collect();
    Ok(Imported {
        expr,
        analysis,
        args,
        contractions,
    })
}

/// The nodes `root` depends on, each mapped to its position in a term that
/// lists children before parents. Iterative: a chain of layout ops is as
/// deep as it is long.
fn remap_ids(expr: &RecExpr<TNode>, root: Id) -> HashMap<Id, Id> {
    let mut order: HashMap<Id, Id> = HashMap::new();
    let mut seen = std::collections::HashSet::new();
    // (node, whether its children have been pushed)
    let mut stack = vec![(root, false)];
    while let Some((id, expanded)) = stack.pop() {
        if expanded {
            let next = Id::from(order.len());
            order.entry(id).or_insert(next);
            continue;
        }
        if !seen.insert(id) {
            continue;
        }
        stack.push((id, true));
        for &c in expr[id].children.iter().rev() {
            if !seen.contains(&c) {
                stack.push((c, false));
            }
        }
    }
    order
}

/// The nodes `root` depends on, as a term whose last node is `root`.
pub fn subterm(expr: &RecExpr<TNode>, root: Id) -> RecExpr<TNode> {
    let map = remap_ids(expr, root);
    let mut pairs: Vec<(Id, Id)> = map.iter().map(|(&a, &b)| (b, a)).collect();
    pairs.sort();
    let mut out = RecExpr::default();
    for (_, old) in pairs {
        let node = expr[old].clone();
        let kids: Vec<Id> = node.children.iter().map(|c| map[c]).collect();
        out.add(TNode::new(node.op, &kids));
    }
    out
}
