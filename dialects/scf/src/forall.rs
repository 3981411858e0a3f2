//! `scf.forall` and its terminator `scf.forall.in_parallel` (MLIR 22's
//! `ForallOp`/`InParallelOp`): a multi-dimensional loop whose iterations
//! may run in any order or at once. Bounds are "mixed" lists, each entry a
//! constant (stored in `staticLowerBound`/`staticUpperBound`/`staticStep`)
//! or an SSA operand (`DYNAMIC` in the static array), as MLIR stores them,
//! so that constant bounds print as numbers: `(%i, %j) in (%n, 8)` when
//! every lower bound is 0 and every step 1, else
//! `(%i) = (0) to (%n) step (2)`.
//!
//! Tensor results come from `shared_outs`: each thread writes its part
//! into the shared output with a `tensor.parallel_insert_slice` inside the
//! terminator (MLIR's `ParallelCombiningOpInterface`); the result is the
//! output with every thread's part written. Running the iterations one
//! after the other, in row-major order, is a valid schedule (the
//! interpreter and `scf-forall-to-for` do that).
//!
//! Canonicalizations (MLIR's): constant dynamic bounds become static
//! (`ForallOpControlOperandsFolder`), shared outputs nobody reads after the
//! loop or that no thread writes are dropped (`ForallOpIterArgsFolder`),
//! dimensions with one iteration are removed and a loop with zero
//! iterations replaced by its outputs, one with a single iteration inlined
//! (`ForallOpSingleOrZeroIterationDimsFolder`), and induction variables of
//! single-iteration dimensions read the lower bound
//! (`ForallOpReplaceConstantInductionVar`).

pub use crate::canonicalize::Bound;
use crate::canonicalize::{constant_int, trip_count};
use crate::syntax::{block_args, parse_assignment_list, print_assignment_list, types_of};
use strata_dialect_arith::build::constant_state;
use strata_dialect_tensor::ops::{DimOp, InsertSliceOp};
use strata_dialect_tensor::parallel_insert_slice::ParallelInsertSliceOp;
use strata_dialect_tensor::syntax::{
    i64_array_prop, parse_dynamic_index_list, print_dynamic_index_list, Delimiter,
};
use strata_ir::asm::lexer::TokenKind;
use strata_ir::asm::parser::OpParser;
use strata_ir::asm::printer::{attr_to_string, OpPrinter};
use strata_ir::constraints::{AttrConstraint, TypeConstraint};
use strata_ir::diagnostics::{DiagResult, Diagnostic};
use strata_ir::rewrite::{NoMatch, PatternRewriter, RewritePatternSet, RewriteResult};
use strata_ir::verifier::emit_op_error;
use strata_ir::{
    BlockId, Context, InsertPoint, Ir, OpId, OperationState, RegionId, Type, Value, DYNAMIC,
};

strata_ir::define_op! {
    /// `scf.forall`: a parallel loop nest with shared tensor outputs.
    pub struct ForallOp = "scf.forall" {
        summary: "evaluate a block multiple times in parallel",
        traits: [RECURSIVE_MEMORY_EFFECTS, SINGLE_BLOCK, AUTOMATIC_ALLOCATION_SCOPE],
        operands: [
            dynamicLowerBound: variadic(TypeConstraint::Index),
            dynamicUpperBound: variadic(TypeConstraint::Index),
            dynamicStep: variadic(TypeConstraint::Index),
            outputs: variadic(TypeConstraint::AnyRankedTensor),
        ],
        results: [results: variadic(TypeConstraint::Any)],
        attributes: [
            staticLowerBound: required(AttrConstraint::DenseI64Array),
            staticUpperBound: required(AttrConstraint::DenseI64Array),
            staticStep: required(AttrConstraint::DenseI64Array),
            mapping: optional(AttrConstraint::Array(None)),
        ],
        regions: [region: single_block],
        parse: parse_forall,
        print: print_forall,
        verify_invariants: verify_forall,
        verify: verify_forall_terminator,
        canonicalize: forall_patterns,
    }
}

strata_ir::define_op! {
    /// `scf.forall.in_parallel`: ends an `scf.forall` body; its region
    /// holds the parallel inserts into the shared outputs.
    pub struct InParallelOp = "scf.forall.in_parallel" {
        summary: "terminates a `forall` block",
        traits: [PURE, TERMINATOR, NO_TERMINATOR, SINGLE_BLOCK],
        regions: [region: single_block],
        parse: parse_in_parallel,
        print: print_in_parallel,
        verify_invariants: verify_in_parallel,
        interfaces: [dyn strata_dialect_tensor::parallel_insert_slice::InParallelOpInterface => strata_dialect_tensor::parallel_insert_slice::InParallel],
    }
}

/// The destination operand index of a parallel combining op (MLIR's
/// `ParallelCombiningOpInterface`: the ops an `scf.forall.in_parallel` may
/// hold), `None` for any other op.
pub fn combining_dest(ctx: &Context, ir: &Ir, op: OpId) -> Option<usize> {
    ParallelInsertSliceOp::is(ctx, ir, op).then_some(1)
}

// -------------------------------------------------------------------------
// Accessors
// -------------------------------------------------------------------------

const STATIC_NAMES: [&str; 3] = ["staticLowerBound", "staticUpperBound", "staticStep"];

/// The operand groups of a forall: dynamic lbs, ubs, steps, outputs.
pub fn groups(ctx: &Context, ir: &Ir, op: OpId) -> [Vec<Value>; 4] {
    let segments = strata_dialect_tensor::syntax::operand_segments(ctx, ir, op);
    let mut out: [Vec<Value>; 4] = Default::default();
    for (slot, group) in out.iter_mut().zip(segments) {
        *slot = group;
    }
    out
}

/// Lower bounds, upper bounds and steps as mixed lists.
pub fn mixed_bounds(ctx: &Context, ir: &Ir, op: OpId) -> [Vec<Bound>; 3] {
    let groups = groups(ctx, ir, op);
    let mut out: [Vec<Bound>; 3] = Default::default();
    for k in 0..3 {
        let mut dynamic = groups[k].iter();
        out[k] = i64_array_prop(ctx, ir, op, STATIC_NAMES[k])
            .into_iter()
            .map(|s| {
                if s == DYNAMIC {
                    dynamic
                        .next()
                        .map_or(Bound::Static(DYNAMIC), |&v| Bound::Dynamic(v))
                } else {
                    Bound::Static(s)
                }
            })
            .collect();
    }
    out
}

/// The number of loop dimensions.
pub fn rank(ctx: &Context, ir: &Ir, op: OpId) -> usize {
    i64_array_prop(ctx, ir, op, "staticLowerBound").len()
}

/// The body block.
pub fn body(ir: &Ir, op: OpId) -> Option<BlockId> {
    ir.entry_block(ir.region(op, 0))
}

/// The shared outputs (the `shared_outs` operands).
pub fn outputs(ctx: &Context, ir: &Ir, op: OpId) -> Vec<Value> {
    groups(ctx, ir, op)[3].clone()
}

/// The block arguments of the shared outputs.
pub fn region_out_args(ctx: &Context, ir: &Ir, op: OpId) -> Vec<Value> {
    let n = rank(ctx, ir, op);
    body(ir, op)
        .map(|b| ir.block_args(b).iter().skip(n).copied().collect())
        .unwrap_or_default()
}

/// The `scf.forall.in_parallel` terminator, if the body ends in one.
pub fn terminator(ctx: &Context, ir: &Ir, op: OpId) -> Option<OpId> {
    body(ir, op)
        .and_then(|b| ir.last_op(b))
        .filter(|&t| InParallelOp::is(ctx, ir, t))
}

/// The ops inside an `scf.forall.in_parallel`.
pub fn yielding_ops(ir: &Ir, in_parallel: OpId) -> Vec<OpId> {
    ir.entry_block(ir.region(in_parallel, 0))
        .map(|b| ir.block_ops(b).collect())
        .unwrap_or_default()
}

/// The trip count of one dimension when known (signed, as MLIR's
/// `ForallOp` asks `constantTripCount`).
pub fn dim_trip_count(ctx: &Context, ir: &Ir, lb: Bound, ub: Bound, step: Bound) -> Option<u128> {
    trip_count(ctx, ir, lb, ub, step, false)
}

/// Static arrays and operand segments of a forall with these bounds and
/// `n_outputs` outputs: `(dynamic operands, properties to set)`.
fn split_bounds(ctx: &Context, bounds: &[Vec<Bound>; 3]) -> (Vec<Value>, [Vec<i64>; 3], [i32; 3]) {
    let mut dynamic = Vec::new();
    let mut statics: [Vec<i64>; 3] = Default::default();
    let mut counts = [0i32; 3];
    for k in 0..3 {
        for &b in &bounds[k] {
            match b {
                Bound::Static(v) => statics[k].push(v),
                Bound::Dynamic(v) => {
                    statics[k].push(DYNAMIC);
                    dynamic.push(v);
                    counts[k] += 1;
                }
            }
        }
    }
    let _ = ctx;
    (dynamic, statics, counts)
}

/// The properties of a forall with `bounds`, keeping `base`'s others.
pub fn bound_properties(
    ctx: &Context,
    base: strata_ir::Attribute,
    bounds: &[Vec<Bound>; 3],
    n_outputs: usize,
) -> (Vec<Value>, strata_ir::Attribute) {
    let (dynamic, statics, counts) = split_bounds(ctx, bounds);
    let mut entries: Vec<(strata_ir::StrId, strata_ir::Attribute)> = ctx
        .dictionary_entries(base)
        .iter()
        .copied()
        .filter(|(n, _)| {
            let n = ctx.str(*n);
            n != "operandSegmentSizes" && !STATIC_NAMES.contains(&n)
        })
        .collect();
    for k in 0..3 {
        entries.push((
            ctx.intern_str(STATIC_NAMES[k]),
            ctx.dense_i64_array(&statics[k]),
        ));
    }
    entries.push((
        ctx.intern_str("operandSegmentSizes"),
        ctx.dense_i32_array(&[counts[0], counts[1], counts[2], n_outputs as i32]),
    ));
    (dynamic, ctx.dictionary_attr(entries))
}

/// Creates an `arith.constant` of index type.
pub fn index_constant(
    ctx: &Context,
    rw: &mut PatternRewriter,
    value: i64,
    loc: strata_ir::Location,
    at: InsertPoint,
) -> Value {
    let state = constant_state(ctx, ctx.index_attr(value), ctx.index_type(), loc);
    let c = rw.create_op_at(state, at);
    rw.ir().result(c, 0)
}

// -------------------------------------------------------------------------
// Syntax
// -------------------------------------------------------------------------

/// `(%ivs) (in (ubs) | = (lbs) to (ubs) step (steps)) (shared_outs(...) -> (types))? region attr-dict`
fn parse_forall(p: &mut OpParser) -> DiagResult<()> {
    let ctx = p.ctx();
    let index = ctx.index_type();
    let mut ivs = Vec::new();
    p.parser
        .parse_comma_list_in(TokenKind::LParen, TokenKind::RParen, "argument list", |q| {
            ivs.push(q.parse_operand_ref()?);
            Ok(())
        })?;
    let n = ivs.len();
    let mut statics: [Vec<i64>; 3] = Default::default();
    let mut counts = [0usize; 3];
    if p.consume_keyword("in") {
        let (ubs, dynamic) = parse_dynamic_index_list(p, Delimiter::Paren)?;
        p.add_operands(&dynamic, &vec![index; dynamic.len()])?;
        counts[1] = dynamic.len();
        statics = [vec![0; n], ubs, vec![1; n]];
    } else {
        p.expect(TokenKind::Equal, "'='")?;
        for k in 0..3 {
            if k == 1 {
                p.expect_keyword("to")?;
            } else if k == 2 {
                p.expect_keyword("step")?;
            }
            let (values, dynamic) = parse_dynamic_index_list(p, Delimiter::Paren)?;
            p.add_operands(&dynamic, &vec![index; dynamic.len()])?;
            counts[k] = dynamic.len();
            statics[k] = values;
        }
    }
    let outs_offset = p.parser.offset();
    let (mut inner, mut outer, mut types) = (Vec::new(), Vec::new(), Vec::new());
    if p.consume_keyword("shared_outs") {
        (inner, outer) = parse_assignment_list(p)?;
        types = p.parse_optional_arrow_type_list()?;
        if outer.len() != types.len() {
            return Err(p.error_at(
                outs_offset,
                format!(
                    "number of operands and types do not match: got {} operands and {} types",
                    outer.len(),
                    types.len()
                ),
            ));
        }
        p.add_operands(&outer, &types)?;
        p.add_result_types(&types);
    }
    let mut names = ivs;
    names.extend(inner);
    let mut arg_types = vec![index; n];
    arg_types.extend_from_slice(&types);
    let region = p.parse_region(&block_args(&names, &arg_types))?;
    let loc = p.op_loc();
    ensure_in_parallel(ctx, p.ir(), region, &arg_types, loc);
    p.parse_optional_attr_dict(false)?;
    for k in 0..3 {
        p.add_property(STATIC_NAMES[k], ctx.dense_i64_array(&statics[k]));
    }
    p.add_property(
        "operandSegmentSizes",
        ctx.dense_i32_array(&[
            counts[0] as i32,
            counts[1] as i32,
            counts[2] as i32,
            outer.len() as i32,
        ]),
    );
    Ok(())
}

/// MLIR's `ForallOp::ensureTerminator`: an empty body gets a block, a body
/// without a terminator an empty `scf.forall.in_parallel`.
pub fn ensure_in_parallel(
    ctx: &Context,
    ir: &mut Ir,
    region: RegionId,
    arg_types: &[Type],
    loc: strata_ir::Location,
) {
    strata_ir::format::ensure_terminator_with(ctx, ir, region, arg_types, |ir, block| {
        create_in_parallel(ctx, ir, InsertPoint::BlockEnd(block), loc);
    });
}

/// An empty `scf.forall.in_parallel` (one block) at `at`.
pub fn create_in_parallel(
    ctx: &Context,
    ir: &mut Ir,
    at: InsertPoint,
    loc: strata_ir::Location,
) -> OpId {
    let mut state = OperationState::new(ctx, InParallelOp::NAME, loc);
    state.num_regions = 1;
    let op = ir.create_op(state, at);
    let r = ir.region(op, 0);
    ir.append_block(r, &[]);
    op
}

/// Whether every lower bound is the constant 0 and every step 1 (MLIR's
/// `isNormalized`, which looks through constant ops).
fn is_normalized(ctx: &Context, ir: &Ir, op: OpId) -> bool {
    let [lbs, _, steps] = mixed_bounds(ctx, ir, op);
    lbs.iter().all(|b| b.constant(ctx, ir) == Some(0))
        && steps.iter().all(|b| b.constant(ctx, ir) == Some(1))
}

fn print_forall(p: &mut OpPrinter, op: OpId) {
    let ctx = p.ctx();
    let ir = p.ir;
    let n = rank(ctx, ir, op);
    let Some(block) = body(ir, op) else {
        return;
    };
    let args = ir.block_args(block).to_vec();
    let groups = groups(ctx, ir, op);
    let list = |p: &mut OpPrinter, k: usize| {
        let statics = i64_array_prop(ctx, ir, op, STATIC_NAMES[k]);
        print_dynamic_index_list(p, &statics, &groups[k], Delimiter::Paren);
    };
    p.write(" (");
    p.print_operands(args.iter().take(n).copied());
    if is_normalized(ctx, ir, op) {
        p.write(") in ");
        list(p, 1);
    } else {
        p.write(") = ");
        list(p, 0);
        p.write(" to ");
        list(p, 1);
        p.write(" step ");
        list(p, 2);
    }
    let outs = &groups[3];
    print_assignment_list(p, " shared_outs", &args[n.min(args.len())..], outs);
    p.write(" ");
    if args.len() > n {
        p.write("-> (");
        let types: Vec<Type> = ir.results(op).map(|r| ir.value_type(r)).collect();
        p.print_types(types);
        p.write(") ");
    }
    p.print_region(ir.region(op, 0), false, ir.num_results(op) > 0);
    let mut elided = vec!["operandSegmentSizes"];
    elided.extend(STATIC_NAMES);
    p.print_optional_attr_dict(op, &elided, false);
}

/// `region attr-dict`; an absent block is added.
fn parse_in_parallel(p: &mut OpParser) -> DiagResult<()> {
    let region = p.parse_region(&[])?;
    if p.ir().region_is_empty(region) {
        p.ir().append_block(region, &[]);
    }
    p.parse_optional_attr_dict(false)
}

fn print_in_parallel(p: &mut OpPrinter, op: OpId) {
    p.write(" ");
    p.print_region(p.ir.region(op, 0), false, false);
    p.print_optional_attr_dict(op, &[], false);
}

// -------------------------------------------------------------------------
// Verifiers
// -------------------------------------------------------------------------

/// The mapping entries that are device masking attributes (MLIR's
/// `DeviceMaskingAttrInterface`, `#gpu.mask<...>`); the others map
/// dimensions to processing units.
fn is_masking(ctx: &Context, attr: strata_ir::Attribute) -> bool {
    attr_to_string(ctx, attr).starts_with("#gpu.mask")
}

/// The `SingleBlockImplicitTerminator` trait, a region trait MLIR checks
/// after the ops inside.
fn verify_forall_terminator(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<()> {
    let Some(block) = body(ir, op) else {
        return Ok(());
    };
    match ir.last_op(block) {
        Some(t) if InParallelOp::is(ctx, ir, t) => Ok(()),
        last => {
            let found = last
                .map(|t| ctx.op_name_str(ir.op_name(t)).to_string())
                .unwrap_or_default();
            Err(emit_op_error(
                ctx,
                ir,
                op,
                format!("expects regions to end with 'scf.forall.in_parallel', found '{found}'"),
            )
            .with_note(
                last.map_or(ir.op_loc(op), |t| ir.op_loc(t)),
                "in custom textual format, the absence of terminator implies 'scf.forall.in_parallel'",
            ))
        }
    }
}

/// `ForallOp::verify`.
fn verify_forall(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<()> {
    let err = |m: String| Err(emit_op_error(ctx, ir, op, m));
    let Some(block) = body(ir, op) else {
        return err("expects a non-empty block".into());
    };
    let n = rank(ctx, ir, op);
    let outs = outputs(ctx, ir, op);
    if ir.num_results(op) != outs.len() {
        return err(format!(
            "produces {} results, but has only {} outputs",
            ir.num_results(op),
            outs.len()
        ));
    }
    let args = ir.block_args(block);
    if args.len() != n + outs.len() {
        return err(format!("region expects {n} arguments"));
    }
    for (i, &a) in args.iter().take(n).enumerate() {
        if !ctx.is_index(ir.value_type(a)) {
            return err(format!("expects {i}-th block argument to be an index"));
        }
    }
    for (i, &o) in outs.iter().enumerate() {
        if ir.value_type(args[n + i]) != ir.value_type(o) {
            return err(format!(
                "type mismatch between {i}-th output and corresponding block argument"
            ));
        }
    }
    if let Some(mapping) = ir.attr(ctx, op, "mapping") {
        let entries = ctx.array_elements(mapping).unwrap_or_default();
        if !entries.is_empty() {
            let masks = entries.iter().filter(|&&a| is_masking(ctx, a)).count();
            if entries.len() - masks != n {
                return err("mapping attribute size must match op rank".into());
            }
            if masks > 1 {
                return err("\"mapping\" supports at most one device masking attribute".into());
            }
        }
    }
    let groups = groups(ctx, ir, op);
    for (k, what) in ["lower bound", "upper bound", "step"].iter().enumerate() {
        let statics = i64_array_prop(ctx, ir, op, STATIC_NAMES[k]);
        if statics.len() != n {
            return Err(Diagnostic::error(
                ir.op_loc(op),
                format!("expected {n} {what} values, got {}", statics.len()),
            ));
        }
        let dynamic = statics.iter().filter(|&&s| s == DYNAMIC).count();
        if dynamic != groups[k].len() {
            return err(format!("expected {dynamic} dynamic {what} values"));
        }
    }
    Ok(())
}

/// `HasParent<ForallOp>`, then `InParallelOp::verify`.
fn verify_in_parallel(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<()> {
    let parent = ir.parent_op(op).filter(|&p| ForallOp::is(ctx, ir, p));
    let Some(forall) = parent else {
        return Err(emit_op_error(ctx, ir, op, "expects parent op 'scf.forall'"));
    };
    let out_args = region_out_args(ctx, ir, forall);
    for inner in yielding_ops(ir, op) {
        let Some(dest) = combining_dest(ctx, ir, inner) else {
            return Err(emit_op_error(
                ctx,
                ir,
                op,
                "expected only ParallelCombiningOpInterface ops",
            ));
        };
        if dest >= ir.num_operands(inner) || !out_args.contains(&ir.operand(inner, dest)) {
            return Err(emit_op_error(
                ctx,
                ir,
                inner,
                "may only insert into an output block argument",
            ));
        }
    }
    Ok(())
}

// -------------------------------------------------------------------------
// Canonicalization
// -------------------------------------------------------------------------

fn forall_patterns(ctx: &Context, set: &mut RewritePatternSet) {
    let name = Some(ctx.op_name(ForallOp::NAME));
    set.add_fn(
        name,
        1,
        "ForallOpControlOperandsFolder",
        control_operands_folder,
    );
    set.add_fn(name, 1, "ForallOpIterArgsFolder", iter_args_folder);
    set.add_fn(
        name,
        1,
        "ForallOpSingleOrZeroIterationDimsFolder",
        single_or_zero_iteration_dims,
    );
    set.add_fn(
        name,
        1,
        "ForallOpReplaceConstantInductionVar",
        replace_constant_induction_var,
    );
    set.add_fn(
        Some(ctx.op_name(DimOp::NAME)),
        1,
        "DimOfForallOp",
        dim_of_forall,
    );
}

/// `tensor.dim` of a forall result reads the dimension of the shared
/// output it is tied to (the loop does not change shapes).
fn dim_of_forall(op: OpId, rw: &mut PatternRewriter) -> RewriteResult {
    let ctx = rw.ctx();
    let ir = rw.ir();
    let source = ir.operand(op, 0);
    let forall = ForallOp::defining(ctx, ir, source).ok_or(NoMatch)?.op();
    let k = ir
        .results(forall)
        .position(|r| r == source)
        .ok_or(NoMatch)?;
    let out = *outputs(ctx, ir, forall).get(k).ok_or(NoMatch)?;
    rw.modify_op_in_place(op, |ir| ir.set_operand(op, 0, out));
    Ok(())
}

/// Dynamic bounds defined by constants become static entries.
fn control_operands_folder(op: OpId, rw: &mut PatternRewriter) -> RewriteResult {
    let ctx = rw.ctx();
    let ir = rw.ir();
    let mut bounds = mixed_bounds(ctx, ir, op);
    let mut changed = false;
    for list in bounds.iter_mut() {
        for b in list.iter_mut() {
            if let Bound::Dynamic(v) = *b {
                if let Some(c) = constant_int(ctx, ir, v).and_then(|c| i64::try_from(c).ok()) {
                    *b = Bound::Static(c);
                    changed = true;
                }
            }
        }
    }
    if !changed {
        return Err(NoMatch);
    }
    let outs = outputs(ctx, ir, op);
    let (mut operands, props) = bound_properties(ctx, ir.properties(op), &bounds, outs.len());
    operands.extend(outs);
    rw.modify_op_in_place(op, |ir| {
        ir.set_operands(op, &operands);
        ir.set_properties(op, props);
    });
    Ok(())
}

/// Rebuilds `op` with `bounds`, the outputs `keep` selects and the
/// result types of those, taking over its region.
fn rebuild_forall(
    rw: &mut PatternRewriter,
    op: OpId,
    bounds: &[Vec<Bound>; 3],
    outs: Vec<Value>,
) -> OpId {
    let ctx = rw.ctx();
    let ir = rw.ir();
    let (mut operands, props) = bound_properties(ctx, ir.properties(op), bounds, outs.len());
    let types = types_of(ir, &outs);
    operands.extend(outs);
    let mut state = OperationState::new(ctx, ForallOp::NAME, ir.op_loc(op));
    state.operands = operands;
    state.result_types = types;
    state.properties = props;
    state.attributes = ir.attributes(op);
    state.num_regions = 1;
    let new_op = rw.create_op_at(state, InsertPoint::Before(op));
    let (from, to) = (rw.ir().region(op, 0), rw.ir().region(new_op, 0));
    rw.ir_mut_unnotified().take_region_body(from, to);
    new_op
}

/// Shared outputs whose result is unused or that no thread writes: the
/// body reads the output itself, the writes into it go.
fn iter_args_folder(op: OpId, rw: &mut PatternRewriter) -> RewriteResult {
    let ctx = rw.ctx();
    let ir = rw.ir();
    let n = rank(ctx, ir, op);
    let outs = outputs(ctx, ir, op);
    let args = region_out_args(ctx, ir, op);
    let block = body(ir, op).ok_or(NoMatch)?;
    if args.len() != outs.len() || ir.num_results(op) != outs.len() {
        return Err(NoMatch);
    }
    let combining = |ir: &Ir, arg: Value| -> Vec<OpId> {
        ir.uses(arg)
            .filter(|u| combining_dest(ctx, ir, u.op) == Some(u.index as usize))
            .map(|u| u.op)
            .collect()
    };
    let drop: Vec<bool> = (0..outs.len())
        .map(|k| !ir.has_uses(ir.result(op, k)) || combining(ir, args[k]).is_empty())
        .collect();
    if !drop.contains(&true) {
        return Err(NoMatch);
    }
    for k in (0..outs.len()).rev() {
        if !drop[k] {
            continue;
        }
        for c in combining(rw.ir(), args[k]) {
            rw.erase_op(c);
        }
        rw.replace_all_uses_with(args[k], outs[k]);
        let r = rw.ir().result(op, k);
        rw.replace_all_uses_with(r, outs[k]);
        rw.ir_mut_unnotified()
            .erase_block_arg(block, n + k)
            .expect("shared output argument has no uses left");
    }
    let kept: Vec<Value> = (0..outs.len())
        .filter(|&k| !drop[k])
        .map(|k| outs[k])
        .collect();
    let bounds = mixed_bounds(ctx, rw.ir(), op);
    let new_op = rebuild_forall(rw, op, &bounds, kept);
    let mut replacements = Vec::new();
    let mut next = 0;
    for (k, &d) in drop.iter().enumerate() {
        if d {
            replacements.push(outs[k]);
        } else {
            replacements.push(rw.ir().result(new_op, next));
            next += 1;
        }
    }
    rw.replace_op(op, &replacements);
    Ok(())
}

/// The value of a bound, creating an index constant before `op` for a
/// static one.
fn bound_value(rw: &mut PatternRewriter, op: OpId, b: Bound) -> Value {
    match b {
        Bound::Dynamic(v) => v,
        Bound::Static(c) => {
            let ctx = rw.ctx();
            let loc = rw.ir().op_loc(op);
            index_constant(ctx, rw, c, loc, InsertPoint::Before(op))
        }
    }
}

/// MLIR's `promote` for a forall that runs once: the body moves before the
/// op (induction variables read the lower bounds, shared outputs the
/// outputs), and each parallel insert becomes a `tensor.insert_slice` into
/// what its output holds so far; the results are the last of those.
fn promote(rw: &mut PatternRewriter, op: OpId) {
    let ctx = rw.ctx();
    let ir = rw.ir();
    let n = rank(ctx, ir, op);
    let lbs = mixed_bounds(ctx, ir, op)[0].clone();
    let outs = outputs(ctx, ir, op);
    let out_args = region_out_args(ctx, ir, op);
    let term = terminator(ctx, ir, op);
    let block = body(ir, op).expect("forall body");
    let mut args: Vec<Value> = lbs.iter().map(|&b| bound_value(rw, op, b)).collect();
    args.truncate(n);
    args.extend(&outs);
    let inserts = term.map(|t| yielding_ops(rw.ir(), t)).unwrap_or_default();
    rw.inline_block_before(block, op, &args);
    let mut current = outs.clone();
    let mut anchor = op;
    for ins in inserts {
        let dest = rw.ir().operand(ins, 1);
        let k = outs.iter().position(|&o| o == dest);
        let Some(k) = k.or_else(|| out_args.iter().position(|&a| a == dest)) else {
            continue;
        };
        let mut operands: Vec<Value> = rw.ir().operands(ins).collect();
        operands[1] = current[k];
        let mut state = OperationState::new(ctx, InsertSliceOp::NAME, rw.ir().op_loc(ins));
        state.operands = operands;
        state.result_types = vec![rw.ir().value_type(current[k])];
        state.properties = rw.ir().properties(ins);
        // Later inserts go after this one.
        anchor = rw.create_op_at(state, InsertPoint::After(anchor));
        current[k] = rw.ir().result(anchor, 0);
    }
    if let Some(t) = term {
        rw.erase_op(t);
    }
    rw.replace_op(op, &current);
}

/// Drops single-iteration dimensions; zero iterations -> the outputs, all
/// single -> the body inlined.
fn single_or_zero_iteration_dims(op: OpId, rw: &mut PatternRewriter) -> RewriteResult {
    let ctx = rw.ctx();
    let ir = rw.ir();
    if ir
        .attr(ctx, op, "mapping")
        .and_then(|m| ctx.array_elements(m))
        .is_some_and(|m| !m.is_empty())
    {
        return Err(NoMatch);
    }
    let [lbs, ubs, steps] = mixed_bounds(ctx, ir, op);
    let ivs: Vec<Value> = body(ir, op)
        .map(|b| ir.block_args(b).to_vec())
        .unwrap_or_default();
    let mut kept: [Vec<Bound>; 3] = Default::default();
    let mut single = Vec::new();
    for d in 0..lbs.len() {
        match dim_trip_count(ctx, ir, lbs[d], ubs[d], steps[d]) {
            Some(0) => {
                let outs = outputs(ctx, ir, op);
                rw.replace_op(op, &outs);
                return Ok(());
            }
            Some(1) => single.push(d),
            _ => {
                kept[0].push(lbs[d]);
                kept[1].push(ubs[d]);
                kept[2].push(steps[d]);
            }
        }
    }
    if kept[0].is_empty() {
        promote(rw, op);
        return Ok(());
    }
    if single.is_empty() {
        return Err(NoMatch);
    }
    let block = body(rw.ir(), op).ok_or(NoMatch)?;
    for &d in single.iter().rev() {
        let lb = bound_value(rw, op, lbs[d]);
        rw.replace_all_uses_with(ivs[d], lb);
        rw.ir_mut_unnotified()
            .erase_block_arg(block, d)
            .expect("induction variable replaced");
    }
    let outs = outputs(ctx, rw.ir(), op);
    let new_op = rebuild_forall(rw, op, &kept, outs);
    let results: Vec<Value> = rw.ir().results(new_op).collect();
    rw.replace_op(op, &results);
    Ok(())
}

/// Induction variables of single-iteration dimensions read the lower bound.
fn replace_constant_induction_var(op: OpId, rw: &mut PatternRewriter) -> RewriteResult {
    let ctx = rw.ctx();
    let ir = rw.ir();
    let [lbs, ubs, steps] = mixed_bounds(ctx, ir, op);
    let ivs: Vec<Value> = body(ir, op)
        .map(|b| ir.block_args(b).to_vec())
        .unwrap_or_default();
    let mut changed = false;
    for d in 0..lbs.len() {
        if !rw.ir().has_uses(ivs[d])
            || dim_trip_count(ctx, rw.ir(), lbs[d], ubs[d], steps[d]) != Some(1)
        {
            continue;
        }
        let lb = bound_value(rw, op, lbs[d]);
        rw.replace_all_uses_with(ivs[d], lb);
        changed = true;
    }
    if changed {
        Ok(())
    } else {
        Err(NoMatch)
    }
}
