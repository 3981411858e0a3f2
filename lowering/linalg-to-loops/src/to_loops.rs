//! `convert-linalg-to-loops`, `convert-linalg-to-affine-loops` and
//! `convert-linalg-to-parallel-loops` (MLIR's `LinalgToLoops`): a
//! structured op with buffer semantics becomes a loop nest, one loop per
//! iterator in order, whose body loads one element of each operand
//! (scalars are used directly), runs a copy of the payload and stores what
//! it yields. `linalg.index` becomes the loop's induction variable.
//!
//! The loops run from 0 to the size of the first operand dimension
//! indexed by the loop alone (MLIR's `createLoopRanges`); dynamic sizes are
//! read with `memref.dim`. Indices are `affine.apply`s of the indexing map
//! results over the induction variables, which fold away for plain dims.
//! As in MLIR, the rewrite runs in the greedy driver together with the
//! canonicalizations of `affine.apply` and `memref.dim`, so constants are
//! de-duplicated and hoisted, and unused loads disappear: the output is
//! mlir-opt's. Ops on tensors are left alone.

use strata_dialect_affine as affine;
use strata_dialect_affine::canonicalize::canonicalize_map_and_operands;
use strata_dialect_affine::ApplyOp;
use strata_dialect_arith::ConstantOp;
use strata_dialect_linalg as linalg;
use strata_dialect_linalg::structured::{payload_block, structured_info, IteratorType};
use strata_dialect_linalg::{BroadcastOp, GenericOp, IndexOp, MapOp, TransposeOp};
use strata_dialect_memref as memref;
use strata_dialect_scf as scf;
use strata_dialect_scf::{ParallelOp, ReduceOp};
use strata_dialect_tensor as tensor;
use strata_ir::affine::AffineMap;
use strata_ir::ir_transfer::IrMapping;
use strata_ir::pass::{Pass, PassContext, PassResult};
use strata_ir::rewrite::{apply_patterns_greedily, GreedyRewriteConfig};
use strata_ir::rewrite::{NoMatch, PatternRewriter, RewritePatternSet, RewriteResult};
use strata_ir::{Context, InsertPoint, Location, OpId, OperationState, TypeData, Value};

/// Which loops to produce.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum LoopKind {
    Scf,
    Affine,
    Parallel,
}

macro_rules! loop_pass {
    ($ty:ident, $kind:expr, $name:literal, $arg:literal, $desc:literal) => {
        #[derive(Clone, Default)]
        pub struct $ty;
        impl Pass for $ty {
            fn name(&self) -> &str {
                $name
            }
            fn argument(&self) -> &str {
                $arg
            }
            fn description(&self) -> &str {
                $desc
            }
            fn run_on_operation(&mut self, pc: &mut PassContext) -> PassResult {
                let ctx = pc.ctx();
                let root = pc.op();
                lower_to_loops(ctx, pc.ir_mut(), root, $kind);
                Ok(())
            }
        }
    };
}

loop_pass!(
    ConvertLinalgToLoops,
    LoopKind::Scf,
    "ConvertLinalgToLoopsPass",
    "convert-linalg-to-loops",
    "Convert the operations from the linalg dialect into loops"
);
loop_pass!(
    ConvertLinalgToAffineLoops,
    LoopKind::Affine,
    "ConvertLinalgToAffineLoopsPass",
    "convert-linalg-to-affine-loops",
    "Lower the operations from the linalg dialect into affine loops"
);
loop_pass!(
    ConvertLinalgToParallelLoops,
    LoopKind::Parallel,
    "ConvertLinalgToParallelLoopsPass",
    "convert-linalg-to-parallel-loops",
    "Lower the operations from the linalg dialect into parallel loops"
);

/// Lowers every structured op with buffer semantics under `root`.
pub fn lower_to_loops(ctx: &Context, ir: &mut strata_ir::Ir, root: OpId, kind: LoopKind) {
    let mut set = RewritePatternSet::new();
    let mut names: Vec<&str> = vec![
        GenericOp::NAME,
        TransposeOp::NAME,
        BroadcastOp::NAME,
        MapOp::NAME,
        linalg::ReduceOp::NAME,
    ];
    names.extend(strata_dialect_linalg::named::NAMED.iter().map(|(n, _)| *n));
    for name in names {
        let f = move |op: OpId, rw: &mut PatternRewriter| lower_op(op, rw, kind);
        set.add_fn(Some(ctx.op_name(name)), 1, "LinalgRewritePattern", f);
    }
    // Only the patterns rooted at these ops (a dialect may add patterns
    // for its other ops from the same hook).
    for name in [memref::DimOp::NAME, tensor::DimOp::NAME, ApplyOp::NAME] {
        let root = ctx.op_name(name);
        if let Some(populate) = ctx
            .op_definition(root)
            .and_then(|d| d.hooks.canonicalization_patterns)
        {
            let mut own = RewritePatternSet::new();
            populate(ctx, &mut own);
            for p in own.into_patterns() {
                if p.root() == Some(root) {
                    set.add_boxed(p);
                }
            }
        }
    }
    let patterns = set.freeze();
    apply_patterns_greedily(
        ctx,
        ir,
        root,
        &patterns,
        &GreedyRewriteConfig::default(),
        None,
    );
}

/// A loop bound: a constant or a value (`memref.dim`).
#[derive(Copy, Clone, Debug)]
enum Size {
    Static(i64),
    Dynamic(Value),
}

fn constant_index(rw: &mut PatternRewriter, loc: Location, v: i64) -> Value {
    let ctx = rw.ctx();
    let mut state = OperationState::new(ctx, ConstantOp::NAME, loc);
    state.result_types = vec![ctx.index_type()];
    state.properties = ctx.dictionary_attr(vec![(ctx.intern_str("value"), ctx.index_attr(v))]);
    let op = rw.create_op(state);
    rw.ir().result(op, 0)
}

fn create(
    rw: &mut PatternRewriter,
    name: &str,
    loc: Location,
    operands: Vec<Value>,
    results: Vec<strata_ir::Type>,
    props: Vec<(&str, strata_ir::Attribute)>,
) -> OpId {
    let ctx = rw.ctx();
    let mut state = OperationState::new(ctx, name, loc);
    state.operands = operands;
    state.result_types = results;
    state.properties = ctx.dictionary_attr(props.into_iter().map(|(n, a)| (ctx.intern_str(n), a)));
    rw.create_op(state)
}

/// `affine.apply`s of each result of `map` over `ivs` (MLIR's
/// `makeCanonicalAffineApplies`).
fn canonical_applies(
    rw: &mut PatternRewriter,
    loc: Location,
    map: &AffineMap,
    ivs: &[Value],
) -> Vec<Value> {
    let ctx = rw.ctx();
    let mut out = Vec::with_capacity(map.num_results());
    for e in map.results() {
        let single = AffineMap::new(map.num_dims(), map.num_symbols(), vec![e.clone()]);
        let (m, operands) = canonicalize_map_and_operands(ctx, rw.ir(), &single, ivs);
        let op = create(
            rw,
            ApplyOp::NAME,
            loc,
            operands,
            vec![ctx.index_type()],
            vec![("map", ctx.affine_map_attr(m))],
        );
        out.push(rw.ir().result(op, 0));
    }
    out
}

fn is_shaped(ctx: &Context, ty: strata_ir::Type) -> bool {
    matches!(
        ctx.type_data(ty),
        TypeData::MemRef { .. }
            | TypeData::RankedTensor { .. }
            | TypeData::UnrankedTensor { .. }
            | TypeData::Vector { .. }
    ) || ctx.shape(ty).is_some()
}

fn load(
    rw: &mut PatternRewriter,
    loc: Location,
    kind: LoopKind,
    memref: Value,
    indices: Vec<Value>,
) -> Value {
    let ctx = rw.ctx();
    let elem = ctx.element_type_or_self(rw.ir().value_type(memref));
    let n = indices.len();
    let mut operands = vec![memref];
    operands.extend(indices);
    let op = if kind == LoopKind::Affine {
        let map = ctx.affine_map_attr(AffineMap::multi_dim_identity(n));
        create(
            rw,
            affine::LoadOp::NAME,
            loc,
            operands,
            vec![elem],
            vec![("map", map)],
        )
    } else {
        create(rw, memref::LoadOp::NAME, loc, operands, vec![elem], vec![])
    };
    rw.ir().result(op, 0)
}

fn store(
    rw: &mut PatternRewriter,
    loc: Location,
    kind: LoopKind,
    value: Value,
    memref: Value,
    indices: Vec<Value>,
) {
    let ctx = rw.ctx();
    let n = indices.len();
    let mut operands = vec![value, memref];
    operands.extend(indices);
    if kind == LoopKind::Affine {
        let map = ctx.affine_map_attr(AffineMap::multi_dim_identity(n));
        create(
            rw,
            affine::StoreOp::NAME,
            loc,
            operands,
            vec![],
            vec![("map", map)],
        );
    } else {
        create(rw, memref::StoreOp::NAME, loc, operands, vec![], vec![]);
    }
}

/// One loop: `lb`, `ub`, `step` values (MLIR's `unpackRanges`) and the
/// bound as a size.
fn build_loop(
    rw: &mut PatternRewriter,
    loc: Location,
    kind: LoopKind,
    lb: Value,
    ub: (Value, Size),
    step: Value,
) -> (Value, strata_ir::BlockId) {
    let ctx = rw.ctx();
    let index = ctx.index_type();
    let (name, terminator) = match kind {
        LoopKind::Affine => (affine::ForOp::NAME, affine::YieldOp::NAME),
        _ => (scf::ForOp::NAME, scf::YieldOp::NAME),
    };
    let op = if kind == LoopKind::Affine {
        let lb_map = ctx.affine_map_attr(AffineMap::constant(0));
        let (ub_map, ub_operands) = match ub.1 {
            Size::Static(c) => (AffineMap::constant(c), vec![]),
            Size::Dynamic(v) => {
                canonicalize_map_and_operands(ctx, rw.ir(), &AffineMap::multi_dim_identity(1), &[v])
            }
        };
        let segments = ctx.dense_i32_array(&[0, ub_operands.len() as i32, 0]);
        let mut state = OperationState::new(ctx, name, loc);
        state.operands = ub_operands;
        state.num_regions = 1;
        state.properties = ctx.dictionary_attr(vec![
            (ctx.intern_str("lowerBoundMap"), lb_map),
            (ctx.intern_str("operandSegmentSizes"), segments),
            (ctx.intern_str("step"), ctx.index_attr(1)),
            (ctx.intern_str("upperBoundMap"), ctx.affine_map_attr(ub_map)),
        ]);
        rw.create_op(state)
    } else {
        let mut state = OperationState::new(ctx, name, loc);
        state.operands = vec![lb, ub.0, step];
        state.num_regions = 1;
        rw.create_op(state)
    };
    let region = rw.ir().region(op, 0);
    let block = rw.create_block(region, &[index]);
    let iv = rw.ir().block_args(block)[0];
    let y = OperationState::new(ctx, terminator, loc);
    rw.create_op_at(y, InsertPoint::BlockEnd(block));
    (iv, block)
}

/// One `scf.parallel` over `bounds`, ended by an empty `scf.reduce`.
fn build_parallel(
    rw: &mut PatternRewriter,
    loc: Location,
    bounds: &[(Value, (Value, Size), Value)],
) -> (Vec<Value>, strata_ir::BlockId) {
    let ctx = rw.ctx();
    let n = bounds.len();
    let mut state = OperationState::new(ctx, ParallelOp::NAME, loc);
    state.operands = bounds.iter().map(|b| b.0).collect();
    state.operands.extend(bounds.iter().map(|b| b.1 .0));
    state.operands.extend(bounds.iter().map(|b| b.2));
    state.num_regions = 1;
    state.properties = ctx.dictionary_attr(vec![(
        ctx.intern_str("operandSegmentSizes"),
        ctx.dense_i32_array(&[n as i32, n as i32, n as i32, 0]),
    )]);
    let op = rw.create_op(state);
    let region = rw.ir().region(op, 0);
    let block = rw.create_block(region, &vec![ctx.index_type(); n]);
    let ivs = rw.ir().block_args(block).to_vec();
    let reduce = OperationState::new(ctx, ReduceOp::NAME, loc);
    rw.create_op_at(reduce, InsertPoint::BlockEnd(block));
    (ivs, block)
}

fn lower_op(op: OpId, rw: &mut PatternRewriter, kind: LoopKind) -> RewriteResult {
    let ctx = rw.ctx();
    let ir = rw.ir();
    let Some(Ok(info)) = structured_info(ctx, ir, op) else {
        return Err(NoMatch);
    };
    // Pure buffer semantics only.
    if ir.num_results(op) != 0
        || info.operands().any(|v| {
            matches!(
                ctx.type_data(ir.value_type(v)),
                TypeData::RankedTensor { .. } | TypeData::UnrankedTensor { .. }
            )
        })
    {
        return Err(NoMatch);
    }
    let Some(block) = payload_block(ir, op) else {
        return Err(NoMatch);
    };
    let loc = ir.op_loc(op);
    let operands: Vec<Value> = info.operands().collect();
    let n_in = info.inputs.len();
    rw.set_insertion_point_before(op);

    // createFlatListOfOperandDims + createLoopRanges.
    let mut flat: Vec<Size> = Vec::new();
    for &v in &operands {
        let ty = rw.ir().value_type(v);
        let shape = ctx.shape(ty).map(|s| s.to_vec()).unwrap_or_default();
        for (d, &s) in shape.iter().enumerate() {
            if s != strata_ir::DYNAMIC {
                flat.push(Size::Static(s));
            } else {
                let c = constant_index(rw, loc, d as i64);
                let dim = create(
                    rw,
                    memref::DimOp::NAME,
                    loc,
                    vec![v, c],
                    vec![ctx.index_type()],
                    vec![],
                );
                flat.push(Size::Dynamic(rw.ir().result(dim, 0)));
            }
        }
    }
    let mut ranges: Vec<Option<Size>> = vec![None; info.num_loops()];
    let mut at = 0;
    for map in &info.indexing_maps {
        for e in map.results() {
            if let Some(d) = e.as_dim() {
                if ranges[d].is_none() {
                    ranges[d] = Some(flat[at]);
                }
            }
            at += 1;
        }
    }
    let Some(ranges): Option<Vec<Size>> = ranges.into_iter().collect() else {
        return Err(NoMatch);
    };
    // unpackRanges: lb, ub, step per loop.
    let mut bounds = Vec::with_capacity(ranges.len());
    for &r in &ranges {
        let lb = constant_index(rw, loc, 0);
        let ub = match r {
            Size::Static(c) => constant_index(rw, loc, c),
            Size::Dynamic(v) => v,
        };
        let step = constant_index(rw, loc, 1);
        bounds.push((lb, (ub, r), step));
    }

    // The loop nest. Parallel: each run of parallel iterators becomes one
    // `scf.parallel`, each reduction an `scf.for` (MLIR's
    // `generateParallelLoopNest`).
    let mut ivs = Vec::with_capacity(bounds.len());
    let mut i = 0;
    while i < bounds.len() {
        let run = if kind == LoopKind::Parallel {
            info.iterator_types[i..]
                .iter()
                .take_while(|&&t| t == IteratorType::Parallel)
                .count()
        } else {
            0
        };
        let body = if run > 0 {
            let (new_ivs, body) = build_parallel(rw, loc, &bounds[i..i + run]);
            ivs.extend(new_ivs);
            i += run;
            body
        } else {
            let (lb, ub, step) = bounds[i];
            let (iv, body) = build_loop(rw, loc, kind, lb, ub, step);
            ivs.push(iv);
            i += 1;
            body
        };
        let term = rw.ir().last_op(body).unwrap();
        rw.set_insertion_point_before(term);
    }

    // emitScalarImplementation.
    let mut indexed = Vec::with_capacity(operands.len());
    for (k, &v) in operands.iter().enumerate() {
        let ty = rw.ir().value_type(v);
        if k < n_in && !is_shaped(ctx, ty) {
            indexed.push(v);
            continue;
        }
        let idx = canonical_applies(rw, loc, &info.indexing_maps[k], &ivs);
        indexed.push(load(rw, loc, kind, v, idx));
    }
    let mut store_indices = Vec::new();
    for k in n_in..operands.len() {
        store_indices.push(canonical_applies(rw, loc, &info.indexing_maps[k], &ivs));
    }
    let mut mapping = IrMapping::new();
    for (&arg, &v) in rw.ir().block_args(block).to_vec().iter().zip(&indexed) {
        mapping.map_value(arg, v);
    }
    let body_ops: Vec<OpId> = rw.ir().block_ops(block).collect();
    let (last, body_ops) = body_ops.split_last().ok_or(NoMatch)?;
    let at = rw.insertion_point();
    for &inner in body_ops {
        if ctx.op_name_str(rw.ir().op_name(inner)) == IndexOp::NAME {
            let dim = rw
                .ir()
                .attr(ctx, inner, "dim")
                .and_then(|a| ctx.integer_value(a))
                .unwrap_or(0) as usize;
            let r = rw.ir().result(inner, 0);
            mapping.map_value(r, ivs[dim]);
            continue;
        }
        let new = rw
            .ir_mut_unnotified()
            .clone_op(inner, InsertPoint::Detached, &mut mapping);
        for i in 0..rw.ir().num_results(inner) {
            let (a, b) = (rw.ir().result(inner, i), rw.ir().result(new, i));
            mapping.map_value(a, b);
        }
        rw.insert_op(new, at);
    }
    let yielded: Vec<Value> = rw.ir().operands(*last).collect();
    for (j, v) in yielded.into_iter().enumerate() {
        let value = mapping.lookup_or_default(v);
        store(
            rw,
            loc,
            kind,
            value,
            operands[n_in + j],
            store_indices[j].clone(),
        );
    }
    rw.erase_op(op);
    Ok(())
}
