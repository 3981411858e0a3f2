//! The structured ops, by kind: their indexing maps, iterator types and
//! payloads (MLIR's OpDSL definitions, written as Rust data).

use crate::structured::{dims, window, IteratorType, LinalgStructuredOp, StructuredInfo};
use strata_dialect_tensor::syntax::operand_segments;
use strata_ir::affine::{AffineExpr, AffineMap};
use strata_ir::attributes::AttrData;
use strata_ir::attributes::Location;
use strata_ir::{BlockId, Context, InsertPoint, Ir, OpId, OperationState, Type, Value};

use IteratorType::{Parallel as P, Reduction as R};

/// Which structured op.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Kind {
    Generic,
    Matmul,
    BatchMatmul,
    Matvec,
    /// `spatial` dims 1..3; `channels_first` for the ncw/nchw/ncdhw forms.
    Conv {
        spatial: usize,
        channels_first: bool,
    },
    DepthwiseConv2dNhwcHwc,
    Pooling {
        channels_first: bool,
        max: bool,
    },
    Fill,
    Copy,
    Transpose,
    Broadcast,
    Map,
    Reduce,
}

/// Every named structured op with its kind.
pub const NAMED: &[(&str, Kind)] = &[
    ("linalg.matmul", Kind::Matmul),
    ("linalg.batch_matmul", Kind::BatchMatmul),
    ("linalg.matvec", Kind::Matvec),
    (
        "linalg.conv_1d_ncw_fcw",
        Kind::Conv {
            spatial: 1,
            channels_first: true,
        },
    ),
    (
        "linalg.conv_1d_nwc_wcf",
        Kind::Conv {
            spatial: 1,
            channels_first: false,
        },
    ),
    (
        "linalg.conv_2d_nchw_fchw",
        Kind::Conv {
            spatial: 2,
            channels_first: true,
        },
    ),
    (
        "linalg.conv_2d_nhwc_hwcf",
        Kind::Conv {
            spatial: 2,
            channels_first: false,
        },
    ),
    (
        "linalg.conv_3d_ncdhw_fcdhw",
        Kind::Conv {
            spatial: 3,
            channels_first: true,
        },
    ),
    (
        "linalg.conv_3d_ndhwc_dhwcf",
        Kind::Conv {
            spatial: 3,
            channels_first: false,
        },
    ),
    (
        "linalg.depthwise_conv_2d_nhwc_hwc",
        Kind::DepthwiseConv2dNhwcHwc,
    ),
    (
        "linalg.pooling_nchw_max",
        Kind::Pooling {
            channels_first: true,
            max: true,
        },
    ),
    (
        "linalg.pooling_nchw_sum",
        Kind::Pooling {
            channels_first: true,
            max: false,
        },
    ),
    (
        "linalg.pooling_nhwc_max",
        Kind::Pooling {
            channels_first: false,
            max: true,
        },
    ),
    (
        "linalg.pooling_nhwc_sum",
        Kind::Pooling {
            channels_first: false,
            max: false,
        },
    ),
    ("linalg.fill", Kind::Fill),
    ("linalg.copy", Kind::Copy),
];

impl Kind {
    /// Whether strides and dilations apply.
    pub fn is_windowed(self) -> bool {
        matches!(
            self,
            Kind::Conv { .. } | Kind::DepthwiseConv2dNhwcHwc | Kind::Pooling { .. }
        )
    }
    pub fn spatial_rank(self) -> usize {
        match self {
            Kind::Conv { spatial, .. } => spatial,
            _ => 2,
        }
    }
    /// Whether the op has an `indexing_maps` property in MLIR 22 (the
    /// contraction ops that accept user maps).
    pub fn has_explicit_maps(self) -> bool {
        matches!(self, Kind::Matmul | Kind::BatchMatmul)
    }
}

/// `strides` / `dilations` of a windowed op (default 1).
pub fn window_attr(ctx: &Context, ir: &Ir, op: OpId, name: &str, rank: usize) -> Vec<i64> {
    let Some(attr) = ir.attr(ctx, op, name) else {
        return vec![1; rank];
    };
    if let Some(values) = ctx.dense_array_i64(attr) {
        return values;
    }
    match ctx.attr_data(attr) {
        AttrData::DenseElements { splat, raw, .. } => {
            let read = |i: usize| {
                let mut b = [0u8; 8];
                b.copy_from_slice(&raw[i * 8..i * 8 + 8]);
                i64::from_le_bytes(b)
            };
            if *splat {
                vec![read(0); rank]
            } else {
                (0..raw.len() / 8).map(read).collect()
            }
        }
        _ => vec![1; rank],
    }
}

/// The default maps of a named op (without user `indexing_maps`).
pub fn default_maps(
    kind: Kind,
    ctx: &Context,
    ir: &Ir,
    op: OpId,
) -> (Vec<AffineMap>, Vec<IteratorType>) {
    let s = kind.spatial_rank();
    let strides = window_attr(ctx, ir, op, "strides", s);
    let dilations = window_attr(ctx, ir, op, "dilations", s);
    default_maps_with(kind, &strides, &dilations)
}

/// The maps of a named op given its strides and dilations.
pub fn default_maps_with(
    kind: Kind,
    strides: &[i64],
    dil: &[i64],
) -> (Vec<AffineMap>, Vec<IteratorType>) {
    let m = |n: usize, r: Vec<AffineExpr>| AffineMap::new(n, 0, r);
    match kind {
        Kind::Matmul => {
            let d = dims(3);
            (
                vec![
                    m(3, vec![d[0].clone(), d[2].clone()]),
                    m(3, vec![d[2].clone(), d[1].clone()]),
                    m(3, vec![d[0].clone(), d[1].clone()]),
                ],
                vec![P, P, R],
            )
        }
        Kind::BatchMatmul => {
            let d = dims(4);
            (
                vec![
                    m(4, vec![d[0].clone(), d[1].clone(), d[3].clone()]),
                    m(4, vec![d[0].clone(), d[3].clone(), d[2].clone()]),
                    m(4, vec![d[0].clone(), d[1].clone(), d[2].clone()]),
                ],
                vec![P, P, P, R],
            )
        }
        Kind::Matvec => {
            let d = dims(2);
            (
                vec![
                    m(2, vec![d[0].clone(), d[1].clone()]),
                    m(2, vec![d[1].clone()]),
                    m(2, vec![d[0].clone()]),
                ],
                vec![P, R],
            )
        }
        Kind::Conv {
            spatial: s,
            channels_first,
        } => {
            let n = 2 * s + 3;
            let d = dims(n);
            if channels_first {
                // (n, f, o1..os, c, k1..ks)
                let (bn, f, c) = (&d[0], &d[1], &d[2 + s]);
                let o = &d[2..2 + s];
                let k = &d[3 + s..];
                let mut input = vec![bn.clone(), c.clone()];
                input.extend((0..s).map(|i| window(&o[i], strides[i], &k[i], dil[i])));
                let mut filter = vec![f.clone(), c.clone()];
                filter.extend(k.iter().cloned());
                let mut out = vec![bn.clone(), f.clone()];
                out.extend(o.iter().cloned());
                let mut it = vec![P; 2 + s];
                it.extend(vec![R; 1 + s]);
                (vec![m(n, input), m(n, filter), m(n, out)], it)
            } else {
                // (n, o1..os, f, k1..ks, c)
                let bn = &d[0];
                let o = &d[1..1 + s];
                let f = &d[1 + s];
                let k = &d[2 + s..2 + 2 * s];
                let c = &d[2 + 2 * s];
                let mut input = vec![bn.clone()];
                input.extend((0..s).map(|i| window(&o[i], strides[i], &k[i], dil[i])));
                input.push(c.clone());
                let mut filter: Vec<AffineExpr> = k.to_vec();
                filter.push(c.clone());
                filter.push(f.clone());
                let mut out = vec![bn.clone()];
                out.extend(o.iter().cloned());
                out.push(f.clone());
                let mut it = vec![P; 2 + s];
                it.extend(vec![R; 1 + s]);
                (vec![m(n, input), m(n, filter), m(n, out)], it)
            }
        }
        Kind::DepthwiseConv2dNhwcHwc => {
            // (n, oh, ow, c, kh, kw)
            let d = dims(6);
            (
                vec![
                    m(
                        6,
                        vec![
                            d[0].clone(),
                            window(&d[1], strides[0], &d[4], dil[0]),
                            window(&d[2], strides[1], &d[5], dil[1]),
                            d[3].clone(),
                        ],
                    ),
                    m(6, vec![d[4].clone(), d[5].clone(), d[3].clone()]),
                    m(
                        6,
                        vec![d[0].clone(), d[1].clone(), d[2].clone(), d[3].clone()],
                    ),
                ],
                vec![P, P, P, P, R, R],
            )
        }
        Kind::Pooling { channels_first, .. } => {
            let d = dims(6);
            if channels_first {
                // (n, c, oh, ow, kh, kw)
                (
                    vec![
                        m(
                            6,
                            vec![
                                d[0].clone(),
                                d[1].clone(),
                                window(&d[2], strides[0], &d[4], dil[0]),
                                window(&d[3], strides[1], &d[5], dil[1]),
                            ],
                        ),
                        m(6, vec![d[4].clone(), d[5].clone()]),
                        m(
                            6,
                            vec![d[0].clone(), d[1].clone(), d[2].clone(), d[3].clone()],
                        ),
                    ],
                    vec![P, P, P, P, R, R],
                )
            } else {
                // (n, oh, ow, c, kh, kw)
                (
                    vec![
                        m(
                            6,
                            vec![
                                d[0].clone(),
                                window(&d[1], strides[0], &d[4], dil[0]),
                                window(&d[2], strides[1], &d[5], dil[1]),
                                d[3].clone(),
                            ],
                        ),
                        m(6, vec![d[4].clone(), d[5].clone()]),
                        m(
                            6,
                            vec![d[0].clone(), d[1].clone(), d[2].clone(), d[3].clone()],
                        ),
                    ],
                    vec![P, P, P, P, R, R],
                )
            }
        }
        Kind::Fill
        | Kind::Copy
        | Kind::Generic
        | Kind::Transpose
        | Kind::Broadcast
        | Kind::Map
        | Kind::Reduce => {
            unreachable!("maps of {kind:?} depend on operands")
        }
    }
}

fn rank(ctx: &Context, ir: &Ir, v: Value) -> usize {
    ctx.shape(ir.value_type(v)).map_or(0, |s| s.len())
}

impl LinalgStructuredOp for Kind {
    fn structured_info(&self, ctx: &Context, ir: &Ir, op: OpId) -> Result<StructuredInfo, String> {
        let (inputs, outputs) = ins_outs(ctx, ir, op, *self);
        let (maps, iterators) = match *self {
            Kind::Generic => {
                let maps = affine_maps_attr(ctx, ir, op, "indexing_maps")
                    .ok_or("expected indexing_maps")?;
                let iterators =
                    iterator_types_attr(ctx, ir, op).ok_or("expected iterator_types")?;
                (maps, iterators)
            }
            Kind::Fill => {
                let r = rank(ctx, ir, outputs[0]);
                (
                    vec![
                        AffineMap::new(r, 0, vec![]),
                        AffineMap::multi_dim_identity(r),
                    ],
                    vec![P; r],
                )
            }
            Kind::Copy | Kind::Map => {
                let r = rank(ctx, ir, outputs[0]);
                let n = inputs.len() + outputs.len();
                (vec![AffineMap::multi_dim_identity(r); n], vec![P; r])
            }
            Kind::Transpose => {
                let perm =
                    strata_dialect_tensor::syntax::i64_array_prop(ctx, ir, op, "permutation");
                let r = perm.len();
                let d = dims(r);
                // input dim perm[i] is iterated by loop i
                let mut input = vec![AffineExpr::constant(0); r];
                for (i, &p) in perm.iter().enumerate() {
                    if (p as usize) < r {
                        input[p as usize] = d[i].clone();
                    }
                }
                (
                    vec![
                        AffineMap::new(r, 0, input),
                        AffineMap::multi_dim_identity(r),
                    ],
                    vec![P; r],
                )
            }
            Kind::Broadcast => {
                let added =
                    strata_dialect_tensor::syntax::i64_array_prop(ctx, ir, op, "dimensions");
                let r = rank(ctx, ir, outputs[0]);
                let input: Vec<AffineExpr> = (0..r)
                    .filter(|d| !added.contains(&(*d as i64)))
                    .map(AffineExpr::dim)
                    .collect();
                (
                    vec![
                        AffineMap::new(r, 0, input),
                        AffineMap::multi_dim_identity(r),
                    ],
                    vec![P; r],
                )
            }
            Kind::Reduce => {
                let reduced =
                    strata_dialect_tensor::syntax::i64_array_prop(ctx, ir, op, "dimensions");
                let r = rank(ctx, ir, inputs[0]);
                let out: Vec<AffineExpr> = (0..r)
                    .filter(|d| !reduced.contains(&(*d as i64)))
                    .map(AffineExpr::dim)
                    .collect();
                let mut maps = vec![AffineMap::multi_dim_identity(r); inputs.len()];
                maps.extend(vec![AffineMap::new(r, 0, out); outputs.len()]);
                let it = (0..r)
                    .map(|d| if reduced.contains(&(d as i64)) { R } else { P })
                    .collect();
                (maps, it)
            }
            kind => {
                let (defaults, it) = default_maps(kind, ctx, ir, op);
                let maps = if kind.has_explicit_maps() {
                    affine_maps_attr(ctx, ir, op, "indexing_maps").unwrap_or(defaults)
                } else {
                    defaults
                };
                (maps, it)
            }
        };
        Ok(StructuredInfo {
            inputs,
            outputs,
            indexing_maps: maps,
            iterator_types: iterators,
        })
    }

    fn build_payload(&self, ctx: &Context, ir: &mut Ir, loc: Location, block: BlockId) {
        let args: Vec<Value> = ir.block_args(block).to_vec();
        let at = InsertPoint::BlockEnd(block);
        let Some(&out) = args.last() else { return };
        let out_ty = ir.value_type(out);
        let mut create =
            |ir: &mut Ir, name: &str, operands: &[Value], ty: Option<Type>| -> Option<Value> {
                let mut state = OperationState::new(ctx, name, loc);
                state.operands = operands.to_vec();
                state.result_types = ty.into_iter().collect();
                let op = ir.create_op(state, at);
                (ir.num_results(op) > 0).then(|| ir.result(op, 0))
            };
        let float = ctx.is_float(out_ty);
        let result = match *self {
            Kind::Matmul
            | Kind::BatchMatmul
            | Kind::Matvec
            | Kind::Conv { .. }
            | Kind::DepthwiseConv2dNhwcHwc => {
                let a = cast_to(ctx, ir, args[0], out_ty, &mut create);
                let b = cast_to(ctx, ir, args[1], out_ty, &mut create);
                let (mul, add) = if float {
                    ("arith.mulf", "arith.addf")
                } else {
                    ("arith.muli", "arith.addi")
                };
                let m = create(ir, mul, &[a, b], Some(out_ty)).unwrap();
                create(ir, add, &[out, m], Some(out_ty)).unwrap()
            }
            Kind::Pooling { max, .. } => {
                let a = cast_to(ctx, ir, args[0], out_ty, &mut create);
                let name = match (max, float) {
                    (true, true) => "arith.maximumf",
                    (true, false) => "arith.maxsi",
                    (false, true) => "arith.addf",
                    (false, false) => "arith.addi",
                };
                create(ir, name, &[out, a], Some(out_ty)).unwrap()
            }
            Kind::Fill | Kind::Copy | Kind::Transpose | Kind::Broadcast => {
                cast_to(ctx, ir, args[0], out_ty, &mut create)
            }
            Kind::Generic | Kind::Map | Kind::Reduce => return,
        };
        create(ir, "linalg.yield", &[result], None);
    }
}

/// Converts `v` to `to` the way OpDSL's `cast_signed` does.
fn cast_to(
    ctx: &Context,
    ir: &mut Ir,
    v: Value,
    to: Type,
    create: &mut impl FnMut(&mut Ir, &str, &[Value], Option<Type>) -> Option<Value>,
) -> Value {
    let from = ir.value_type(v);
    if from == to {
        return v;
    }
    let name = match (ctx.float_kind(from), ctx.float_kind(to)) {
        (Some(a), Some(b)) => {
            if a.width() < b.width() {
                "arith.extf"
            } else {
                "arith.truncf"
            }
        }
        (None, Some(_)) => "arith.sitofp",
        (Some(_), None) => "arith.fptosi",
        (None, None) => {
            if ctx.is_index(from) || ctx.is_index(to) {
                "arith.index_cast"
            } else if ctx.integer_width(from) < ctx.integer_width(to) {
                "arith.extsi"
            } else {
                "arith.trunci"
            }
        }
    };
    create(ir, name, &[v], Some(to)).unwrap()
}

/// Splits `op`'s operands into ins and outs.
pub fn ins_outs(ctx: &Context, ir: &Ir, op: OpId, kind: Kind) -> (Vec<Value>, Vec<Value>) {
    match kind {
        Kind::Transpose | Kind::Broadcast => (vec![ir.operand(op, 0)], vec![ir.operand(op, 1)]),
        Kind::Map => {
            // ins..., init: one init.
            let all: Vec<Value> = ir.operands(op).collect();
            let n = all.len();
            (
                all[..n.saturating_sub(1)].to_vec(),
                all[n.saturating_sub(1)..].to_vec(),
            )
        }
        Kind::Reduce => {
            // As many inits as inputs.
            let all: Vec<Value> = ir.operands(op).collect();
            let n = all.len();
            (all[..n / 2].to_vec(), all[n / 2..].to_vec())
        }
        _ => {
            let groups = operand_segments(ctx, ir, op);
            if groups.len() == 2 {
                (groups[0].clone(), groups[1].clone())
            } else {
                let all: Vec<Value> = ir.operands(op).collect();
                let n = all.len();
                (
                    all[..n.saturating_sub(1)].to_vec(),
                    all[n.saturating_sub(1)..].to_vec(),
                )
            }
        }
    }
}

/// The affine maps of an array-of-affine-map attribute.
pub fn affine_maps_attr(ctx: &Context, ir: &Ir, op: OpId, name: &str) -> Option<Vec<AffineMap>> {
    let attr = ir.attr(ctx, op, name)?;
    ctx.array_elements(attr)?
        .iter()
        .map(|a| match ctx.attr_data(*a) {
            AttrData::AffineMap(m) => Some(m.clone()),
            _ => None,
        })
        .collect()
}

/// The iterator types of a `linalg.generic`.
pub fn iterator_types_attr(ctx: &Context, ir: &Ir, op: OpId) -> Option<Vec<IteratorType>> {
    let attr = ir.attr(ctx, op, "iterator_types")?;
    ctx.array_elements(attr)?
        .iter()
        .map(|a| crate::iterator_type_of(ctx, *a))
        .collect()
}
