//! `convert-elementwise-to-linalg` (MLIR's `ConvertElementwiseToLinalgPass`):
//! an elementwise op (the `ELEMENTWISE` trait: arith and math on tensors)
//! with at least one ranked-tensor operand, and only ranked tensors and
//! scalars as operands, becomes a `linalg.generic` whose payload is the same
//! op on elements. Bufferization has no rule for `arith.addf` on tensors, so
//! this is what lets a tensor program written with plain arith reach the
//! native targets.
//!
//! As MLIR builds it: every loop is parallel; tensor operands and the
//! results take the identity map, scalar operands the map to `()` (the
//! same scalar at every point); each result's init is the first operand of
//! the result's type, or else a `tensor.empty` shaped like the first tensor
//! operand (`tensor.dim` for its dynamic sizes) with the result's element
//! type; the payload op keeps the op's name, attributes and location. It
//! runs as a partial dialect conversion, so unused ops are converted, not
//! folded away.

use strata_dialect_arith::ops::ConstantOp;
use strata_dialect_linalg::GenericOp;
use strata_dialect_linalg::{generic_properties, ops::YieldOp, IteratorType};
use strata_dialect_tensor::ops::{DimOp, EmptyOp};
use strata_ir::affine::AffineMap;
use strata_ir::pass::{Pass, PassContext, PassResult};
use strata_ir::rewrite::{
    apply_partial_conversion, ConversionConfig, ConversionPatternRewriter, ConversionPatternSet,
    ConversionTarget, NoMatch, RewriteResult,
};
use strata_ir::{Context, InsertPoint, Ir, OpId, OpTraits, OperationState, Type, TypeData, Value};

#[derive(Clone, Default)]
pub struct ConvertElementwiseToLinalg;

impl Pass for ConvertElementwiseToLinalg {
    fn name(&self) -> &str {
        "ConvertElementwiseToLinalgPass"
    }
    fn argument(&self) -> &str {
        "convert-elementwise-to-linalg"
    }
    fn description(&self) -> &str {
        "Convert ElementwiseMappable ops to linalg"
    }
    fn run_on_operation(&mut self, pc: &mut PassContext) -> PassResult {
        let ctx = pc.ctx();
        let root = pc.op();
        let mut target = ConversionTarget::new(ctx);
        target.mark_unknown_operations_dynamically_legal(|ctx, ir, op| {
            !is_elementwise_on_ranked_tensors(ctx, ir, op)
        });
        let mut patterns = ConversionPatternSet::new();
        patterns.add_fn(
            None,
            1,
            "ConvertAnyElementwiseMappableOpOnRankedTensors",
            None,
            convert,
        );
        let patterns = patterns.freeze();
        apply_partial_conversion(
            ctx,
            pc.ir_mut(),
            root,
            &target,
            &patterns,
            &ConversionConfig::default(),
        )
        .map(|_| ())
        .map_err(Into::into)
    }
}

/// Scalars an elementwise op may take beside its tensors.
fn is_scalar_like(ctx: &Context, ty: Type) -> bool {
    ctx.is_integer(ty)
        || ctx.is_index(ty)
        || ctx.is_float(ty)
        || matches!(ctx.type_data(ty), TypeData::Complex(_))
}

fn is_ranked_tensor(ctx: &Context, ty: Type) -> bool {
    matches!(ctx.type_data(ty), TypeData::RankedTensor { .. })
}

/// The ops the pass converts.
pub fn is_elementwise_on_ranked_tensors(ctx: &Context, ir: &Ir, op: OpId) -> bool {
    let elementwise = ctx
        .op_definition(ir.op_name(op))
        .is_some_and(|d| d.has_trait(OpTraits::ELEMENTWISE));
    if !elementwise || ir.num_results(op) == 0 {
        return false;
    }
    let types: Vec<Type> = ir.operands(op).map(|v| ir.value_type(v)).collect();
    types.iter().any(|&t| is_ranked_tensor(ctx, t))
        && types
            .iter()
            .all(|&t| is_ranked_tensor(ctx, t) || is_scalar_like(ctx, t))
        && ir
            .results(op)
            .all(|r| is_ranked_tensor(ctx, ir.value_type(r)))
}

fn convert(op: OpId, _: &[Value], rw: &mut ConversionPatternRewriter) -> RewriteResult {
    let ctx = rw.ctx();
    if !is_elementwise_on_ranked_tensors(ctx, rw.ir(), op) {
        return Err(NoMatch);
    }
    let loc = rw.ir().op_loc(op);
    let operands: Vec<Value> = rw.ir().operands(op).collect();
    let result_types: Vec<Type> = rw.ir().results(op).map(|r| rw.ir().value_type(r)).collect();
    let rank = ctx.shape(result_types[0]).map_or(0, |s| s.len());
    let identity = AffineMap::multi_dim_identity(rank);
    let scalar = AffineMap::new(rank, 0, Vec::new());
    let mut maps: Vec<AffineMap> = operands
        .iter()
        .map(|&v| {
            if is_ranked_tensor(ctx, rw.ir().value_type(v)) {
                identity.clone()
            } else {
                scalar.clone()
            }
        })
        .collect();
    maps.extend(std::iter::repeat_n(identity, result_types.len()));

    rw.set_insertion_point_before(op);
    let inits: Vec<Value> = result_types
        .iter()
        .map(|&ty| init_for(rw, &operands, ty))
        .collect();

    let mut state = OperationState::new(ctx, GenericOp::NAME, loc);
    state.operands = operands.iter().chain(&inits).copied().collect();
    state.result_types = result_types.clone();
    state.num_regions = 1;
    state.properties = generic_properties(
        ctx,
        &maps,
        &vec![IteratorType::Parallel; rank],
        operands.len(),
        inits.len(),
    );
    let generic = rw.create_op_at(state, InsertPoint::Before(op));

    // The payload: the op itself, on elements.
    let element = |ty: Type| ctx.element_type(ty).unwrap_or(ty);
    let arg_types: Vec<Type> = state_types(rw.ir(), &operands, &inits)
        .into_iter()
        .map(element)
        .collect();
    let region = rw.ir().region(generic, 0);
    let block = rw.create_block(region, &arg_types);
    let args: Vec<Value> = rw.ir().block_args(block).to_vec();
    let mut scalar_op = OperationState::new(ctx, ctx.op_name_str(rw.ir().op_name(op)), loc);
    scalar_op.operands = args[..operands.len()].to_vec();
    scalar_op.result_types = result_types.iter().map(|&t| element(t)).collect();
    scalar_op.properties = rw.ir().properties(op);
    scalar_op.attributes = rw.ir().attributes(op);
    rw.set_insertion_point(InsertPoint::BlockEnd(block));
    let scalar_op = rw.create_op(scalar_op);
    let yielded: Vec<Value> = rw.ir().results(scalar_op).collect();
    YieldOp::build(&mut **rw, &yielded);

    let results: Vec<Value> = rw.ir().results(generic).collect();
    rw.replace_op(op, &results);
    Ok(())
}

fn state_types(ir: &Ir, operands: &[Value], inits: &[Value]) -> Vec<Type> {
    operands
        .iter()
        .chain(inits)
        .map(|&v| ir.value_type(v))
        .collect()
}

/// The init of a result of type `ty`: the first operand of that type, or a
/// `tensor.empty` shaped like the first tensor operand.
fn init_for(rw: &mut ConversionPatternRewriter, operands: &[Value], ty: Type) -> Value {
    let ctx = rw.ctx();
    if let Some(&same) = operands.iter().find(|&&v| rw.ir().value_type(v) == ty) {
        return same;
    }
    let shaped = *operands
        .iter()
        .find(|&&v| is_ranked_tensor(ctx, rw.ir().value_type(v)))
        .expect("a ranked tensor operand");
    let shaped_ty = rw.ir().value_type(shaped);
    let shape = ctx.shape(shaped_ty).expect("ranked").to_vec();
    let mut dynamic_sizes = Vec::new();
    for (i, &d) in shape.iter().enumerate() {
        if d == strata_ir::DYNAMIC {
            let index = ConstantOp::build(&mut **rw, ctx.index_type(), ctx.index_attr(i as i64));
            let index = index.result(ctx, rw.ir());
            let dim = DimOp::build(&mut **rw, shaped, index, ctx.index_type());
            dynamic_sizes.push(dim.result(ctx, rw.ir()));
        }
    }
    let element = ctx.element_type(ty).unwrap_or(ty);
    let empty_ty = ctx.tensor_type(&shape, element);
    EmptyOp::build(&mut **rw, &dynamic_sizes, empty_ty).result(ctx, rw.ir())
}
