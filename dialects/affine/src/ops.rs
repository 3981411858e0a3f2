//! The ops of `affine`, each declared once with `define_op!`: operands,
//! results, properties, traits and the verifier, folder, canonicalization
//! patterns and interfaces that belong to it. `affine.yield` (and the ops
//! of [`crate::index`]) read and print through MLIR 22's assembly formats
//! (`AffineOps.td`); the others have MLIR's hand-written syntax
//! (`hasCustomAssemblyFormat`): `affine.for` bounds, `affine.if` integer
//! sets, and memory accesses whose subscripts are affine expressions of
//! SSA names. [`op_list!`] declares the dialect's op list once.

use crate::canonicalize::{fold_apply, fold_min_max, map_op_patterns};
use crate::syntax::*;
use crate::verify;
use smallvec::SmallVec;
use strata_dialect_scf::syntax::{
    block_args, ensure_implicit_terminator, parse_arrow_types, parse_assignment_list,
    parse_then_else_regions, print_assignment_list, print_optional_arrow_types, types_of,
};
use strata_ir::affine::AffineExpr;
use strata_ir::asm::lexer::TokenKind;
use strata_ir::asm::parser::{OpParser, UnresolvedOperand};
use strata_ir::asm::printer::OpPrinter;
use strata_ir::constraints::{AttrConstraint, TypeConstraint};
use strata_ir::diagnostics::{DiagResult, Diagnostic};
use strata_ir::interfaces::{
    ConditionallySpeculatable, Effect, EffectInstance, LoopLikeOpInterface, MemoryEffects,
    RegionBranchOpInterface, RegionLoop, RegionSuccessor, Speculatability, SpeculatableIf,
    RECURSIVELY_SPECULATABLE,
};
use strata_ir::rewrite::{NoMatch, PatternRewriter, RewriteResult};
use strata_ir::{AttrData, Attribute, Context, Ir, OpId, Value};

strata_ir::define_op! {
    /// `affine.for`: a loop with affine bounds and a constant step.
    pub struct ForOp = "affine.for" {
        summary: "for operation",
        traits: [RECURSIVE_MEMORY_EFFECTS, SINGLE_BLOCK, AUTOMATIC_ALLOCATION_SCOPE],
        operands: [lowerBoundOperands: variadic(TypeConstraint::Index), upperBoundOperands: variadic(TypeConstraint::Index), inits: variadic(TypeConstraint::Any)],
        results: [results: variadic(TypeConstraint::Any)],
        attributes: [lowerBoundMap: required(AttrConstraint::AffineMap), upperBoundMap: required(AttrConstraint::AffineMap), step: required(AttrConstraint::Index)],
        regions: [region: single_block],
        implicit_terminator: YieldOp,
        parse: parse_for,
        print: print_for,
        verify: verify::verify_for,
        interfaces: [
            // A step of 1 ends for any bounds; then, like scf.if, the loop
            // may run speculatively when its body may. Any other step may
            // not end (MLIR's `AffineForOp::getSpeculatability`).
            dyn ConditionallySpeculatable => SpeculatableIf(for_speculatability),
            // loop-invariant-code-motion hoists out of it.
            dyn LoopLikeOpInterface => RegionLoop,
            dyn RegionBranchOpInterface => ForBranch,
        ],
    }
}
fn for_speculatability(ctx: &Context, ir: &Ir, op: OpId) -> Speculatability {
    if ctx.integer_value(ForOp(op).step(ctx, ir)) == Some(1) {
        Speculatability::RecursivelySpeculatable
    } else {
        Speculatability::NotSpeculatable
    }
}

strata_ir::define_op! {
    /// `affine.if`: a conditional on an integer set.
    pub struct IfOp = "affine.if" {
        summary: "if-then-else operation",
        traits: [RECURSIVE_MEMORY_EFFECTS, SINGLE_BLOCK],
        operands: [operands: variadic(TypeConstraint::Index)],
        results: [results: variadic(TypeConstraint::Any)],
        attributes: [condition: required(AttrConstraint::IntegerSet)],
        regions: [thenRegion: single_block, elseRegion: single_block],
        implicit_terminator: YieldOp,
        parse: parse_if,
        print: print_if,
        verify: verify::verify_if,
        canonicalize: |ctx, set| {
            set.add_op_fn::<IfOp>(ctx, 1, "SimplifyDeadElse", |op, rw| simplify_dead_else(op.op(), rw));
            set.add_op_fn::<IfOp>(ctx, 1, "AlwaysTrueOrFalseIf", |op, rw| always_true_or_false_if(op.op(), rw));
        },
        interfaces: [
            dyn ConditionallySpeculatable => RECURSIVELY_SPECULATABLE,
            dyn RegionBranchOpInterface => IfBranch,
        ],
    }
}
strata_ir::define_op! {
    /// `%v = affine.load %A[%i + 1, symbol(%n)] : memref<?x?xf32>`
    pub struct LoadOp = "affine.load" {
        summary: "affine load operation",
        operands: [memref: single(TypeConstraint::AnyMemRef), indices: variadic(TypeConstraint::Index)],
        results: [result: single(TypeConstraint::Any)],
        attributes: [map: required(AttrConstraint::AffineMap)],
        parse: parse_load::<false>,
        print: print_load::<false>,
        verify: verify::verify_load::<false>,
        canonicalize: map_op_patterns::<LoadOp, 1>,
        interfaces: [dyn MemoryEffects => AccessEffects(Effect::Read, 0)],
    }
}
strata_ir::define_op! {
    /// `affine.store %v, %A[%i] : memref<?xf32>`
    pub struct StoreOp = "affine.store" {
        summary: "affine store operation",
        operands: [value: single(TypeConstraint::Any), memref: single(TypeConstraint::AnyMemRef), indices: variadic(TypeConstraint::Index)],
        attributes: [map: required(AttrConstraint::AffineMap)],
        parse: parse_store::<false>,
        print: print_store::<false>,
        verify: verify::verify_store::<false>,
        canonicalize: map_op_patterns::<StoreOp, 2>,
        interfaces: [dyn MemoryEffects => AccessEffects(Effect::Write, 1)],
    }
}
strata_ir::define_op! {
    /// `%v = affine.vector_load %A[%i] : memref<?xf32>, vector<4xf32>`
    pub struct VectorLoadOp = "affine.vector_load" {
        summary: "affine vector load operation",
        operands: [memref: single(TypeConstraint::AnyMemRef), indices: variadic(TypeConstraint::Index)],
        results: [result: single(TypeConstraint::AnyVector)],
        attributes: [map: required(AttrConstraint::AffineMap)],
        parse: parse_load::<true>,
        print: print_load::<true>,
        verify: verify::verify_load::<true>,
        canonicalize: map_op_patterns::<VectorLoadOp, 1>,
        interfaces: [dyn MemoryEffects => AccessEffects(Effect::Read, 0)],
    }
}
strata_ir::define_op! {
    /// `affine.vector_store %v, %A[%i] : memref<?xf32>, vector<4xf32>`
    pub struct VectorStoreOp = "affine.vector_store" {
        summary: "affine vector store operation",
        operands: [value: single(TypeConstraint::AnyVector), memref: single(TypeConstraint::AnyMemRef), indices: variadic(TypeConstraint::Index)],
        attributes: [map: required(AttrConstraint::AffineMap)],
        parse: parse_store::<true>,
        print: print_store::<true>,
        verify: verify::verify_store::<true>,
        canonicalize: map_op_patterns::<VectorStoreOp, 2>,
        interfaces: [dyn MemoryEffects => AccessEffects(Effect::Write, 1)],
    }
}
strata_ir::define_op! {
    /// `%r = affine.apply #map(%i)[%n]`
    pub struct ApplyOp = "affine.apply" {
        summary: "affine apply operation",
        traits: [PURE],
        operands: [mapOperands: variadic(TypeConstraint::Index)],
        results: [result: single(TypeConstraint::Index)],
        attributes: [map: required(AttrConstraint::AffineMap)],
        parse: parse_map_op::<true>,
        print: print_map_op,
        verify: verify::verify_map_op::<true>,
        fold: fold_apply,
        canonicalize: map_op_patterns::<ApplyOp, 0>,
    }
}
strata_ir::define_op! {
    /// `%r = affine.min #map(%i)[%n]`: the least of the map's results.
    pub struct MinOp = "affine.min" {
        summary: "min operation",
        traits: [PURE],
        operands: [operands: variadic(TypeConstraint::Index)],
        results: [result: single(TypeConstraint::Index)],
        attributes: [map: required(AttrConstraint::AffineMap)],
        parse: parse_map_op::<false>,
        print: print_map_op,
        verify: verify::verify_map_op::<false>,
        fold: fold_min_max::<true>,
        canonicalize: map_op_patterns::<MinOp, 0>,
    }
}
strata_ir::define_op! {
    /// `%r = affine.max #map(%i)[%n]`: the greatest of the map's results.
    pub struct MaxOp = "affine.max" {
        summary: "max operation",
        traits: [PURE],
        operands: [operands: variadic(TypeConstraint::Index)],
        results: [result: single(TypeConstraint::Index)],
        attributes: [map: required(AttrConstraint::AffineMap)],
        parse: parse_map_op::<false>,
        print: print_map_op,
        verify: verify::verify_map_op::<false>,
        fold: fold_min_max::<false>,
        canonicalize: map_op_patterns::<MaxOp, 0>,
    }
}
strata_ir::define_op! {
    /// `affine.yield`: ends the regions of `affine.for`, `affine.if` and
    /// `affine.parallel`, passing values out.
    pub struct YieldOp = "affine.yield" {
        summary: "yield values to parent operation",
        traits: [PURE, TERMINATOR, RETURN_LIKE],
        operands: [operands: variadic(TypeConstraint::Any)],
        format: "attr-dict ($operands^ `:` type($operands))?",
        verify: verify::verify_yield,
    }
}

strata_ir::dialect_ops!(
    ForOp,
    IfOp,
    LoadOp,
    StoreOp,
    VectorLoadOp,
    VectorStoreOp,
    ApplyOp,
    MinOp,
    MaxOp,
    YieldOp,
    crate::index::DelinearizeIndexOp,
    crate::index::LinearizeIndexOp,
    crate::parallel::ParallelOp,
);

/// A load's read or a store's write of its memref operand (MLIR's
/// `MemRead`/`MemWrite` on the memref), so unused loads are dead and
/// stores stay: the effect and the memref's operand index.
struct AccessEffects(Effect, usize);

impl MemoryEffects for AccessEffects {
    fn effects(&self, _: &Context, ir: &Ir, op: OpId, out: &mut SmallVec<[EffectInstance; 2]>) {
        let AccessEffects(effect, memref) = *self;
        if ir.num_operands(op) > memref {
            out.push(EffectInstance {
                effect,
                value: Some(ir.operand(op, memref)),
            });
        }
    }
}

fn groups(ctx: &Context, ir: &Ir, op: OpId) -> Vec<Vec<Value>> {
    let def = ctx.op_definition(ir.op_name(op)).expect("registered op");
    strata_ir::format::value_groups(ctx, ir, op, def, false)
        .into_iter()
        .map(|g| g.into_iter().collect())
        .collect()
}

// ---- affine.for ----

fn parse_for(p: &mut OpParser) -> DiagResult<()> {
    let ctx = p.ctx();
    let index = ctx.index_type();
    let iv = parse_argument(p)?;
    // Under --mlir-print-debuginfo MLIR prints the induction variable's
    // location (printRegionArgument): `affine.for %i loc(...) = ...`.
    let iv_loc = if p.is_keyword("loc") {
        Some(p.parser.parse_location_directive()?)
    } else {
        None
    };
    p.expect(TokenKind::Equal, "'='")?;
    let (lb_map, lb_operands) = parse_bound(p, "max")?;
    if !p.consume_keyword("to") {
        return Err(p.error_here("expected 'to' between bounds"));
    }
    let (ub_map, ub_operands) = parse_bound(p, "min")?;
    let mut step = 1i64;
    if p.consume_keyword("step") {
        // MLIR parses the step as an index attribute.
        let at = p.parser.offset();
        let attr = p.parse_attribute(Some(index))?;
        let Some(value) = ctx.integer_value(attr) else {
            return Err(p.error_at(at, "invalid kind of attribute specified"));
        };
        step = value as i64;
        if step <= 0 {
            return Err(p.error_at(
                at,
                "expected step to be representable as a positive signed integer",
            ));
        }
    }
    let mut inner = Vec::new();
    let mut outer = Vec::new();
    let mut result_types = Vec::new();
    if p.consume_keyword("iter_args") {
        (inner, outer) = parse_assignment_list(p)?;
        result_types = parse_arrow_types(p)?;
        if inner.len() != result_types.len() {
            return Err(p.error_at(
                p.name_offset,
                "mismatch between the number of loop-carried values and results",
            ));
        }
    }
    p.add_operands(&lb_operands, &vec![index; lb_operands.len()])?;
    p.add_operands(&ub_operands, &vec![index; ub_operands.len()])?;
    p.add_operands(&outer, &result_types)?;
    p.add_result_types(&result_types);
    p.add_property("lowerBoundMap", lb_map);
    p.add_property("upperBoundMap", ub_map);
    p.add_property("step", ctx.index_attr(step));
    let segments = ctx.dense_i32_array(&[
        lb_operands.len() as i32,
        ub_operands.len() as i32,
        outer.len() as i32,
    ]);
    p.add_property("operandSegmentSizes", segments);
    let mut names = vec![iv];
    names.extend(inner);
    let mut arg_types = vec![index];
    arg_types.extend_from_slice(&result_types);
    let mut args = block_args(&names, &arg_types);
    args[0].loc = iv_loc;
    let region = p.parse_region(&args)?;
    ensure_implicit_terminator(p, region, &arg_types);
    p.parse_optional_attr_dict(false)
}

fn print_for(p: &mut OpPrinter, op: OpId) {
    let ctx = p.ctx();
    let ir = p.ir;
    let g = groups(ctx, ir, op);
    let region = ir.region(op, 0);
    let Some(body) = ir.entry_block(region) else {
        return;
    };
    let args = ir.block_args(body).to_vec();
    p.write(" ");
    p.print_operand(args[0]);
    p.write(" = ");
    if let Some(lb) = ir.attr(ctx, op, "lowerBoundMap") {
        print_bound(p, lb, &g[0], "max");
    }
    p.write(" to ");
    if let Some(ub) = ir.attr(ctx, op, "upperBoundMap") {
        print_bound(p, ub, &g[1], "min");
    }
    let step = ir
        .attr(ctx, op, "step")
        .and_then(|a| ctx.integer_value(a))
        .unwrap_or(1);
    if step != 1 {
        p.write(&format!(" step {step}"));
    }
    let inits = &g[2];
    print_assignment_list(p, " iter_args", &args[1..], inits);
    if !inits.is_empty() {
        p.write(" -> (");
        p.print_types(types_of(ir, inits));
        p.write(")");
    }
    p.write(" ");
    p.print_region(region, false, !inits.is_empty());
    p.print_optional_attr_dict(
        op,
        &[
            "lowerBoundMap",
            "upperBoundMap",
            "step",
            "operandSegmentSizes",
        ],
        false,
    );
}

/// A region argument name: `%name` without a result number (MLIR's
/// `parseArgument`, which rejects `%i#0`).
fn parse_argument<'a>(p: &mut OpParser<'_, 'a>) -> DiagResult<UnresolvedOperand<'a>> {
    if !p.is(TokenKind::PercentIdent) {
        return p.parse_operand();
    }
    let offset = p.parser.offset();
    let name = &p.parser.text()[1..];
    p.parser.advance();
    if p.is(TokenKind::HashIdent) {
        return Err(p
            .parser
            .error_here("result number not allowed in argument list"));
    }
    Ok(UnresolvedOperand {
        name,
        number: 0,
        offset,
    })
}

/// How control moves through `affine.for` (MLIR's `AffineForOp`
/// `RegionBranchOpInterface`): into the body or straight to the results,
/// and from the body back into it or out, except when the bounds are
/// constants that fix the trip count at zero (never enters) or one (never
/// loops back). The iteration arguments receive the inits and what the body
/// yields; the induction variable is the loop's own.
struct ForBranch;

/// MLIR's `getTrivialConstantTripCount`: both bounds single constants.
fn trivial_constant_trip_count(ctx: &Context, ir: &Ir, op: OpId) -> Option<i64> {
    let for_op = ForOp(op);
    let step = ctx.integer_value(for_op.step(ctx, ir))?;
    let lb = map_of(ctx, for_op.lowerBoundMap(ctx, ir))?.single_constant_result()?;
    let ub = map_of(ctx, for_op.upperBoundMap(ctx, ir))?.single_constant_result()?;
    if step <= 0 {
        return None;
    }
    let (lb, ub, step) = (lb as i128, ub as i128, step);
    Some(if ub <= lb {
        0
    } else {
        ((ub - lb + step - 1) / step) as i64
    })
}

impl RegionBranchOpInterface for ForBranch {
    fn successors(
        &self,
        ctx: &Context,
        ir: &Ir,
        op: OpId,
        from: Option<usize>,
        _operands: &[Option<Attribute>],
    ) -> SmallVec<[RegionSuccessor; 2]> {
        use RegionSuccessor::*;
        match (from, trivial_constant_trip_count(ctx, ir, op)) {
            (None, Some(0)) => [Parent].into_iter().collect(),
            (None, Some(_)) => [Region(0)].into_iter().collect(),
            (Some(_), Some(1)) => [Parent].into_iter().collect(),
            _ => [Region(0), Parent].into_iter().collect(),
        }
    }
    fn entry_operands(
        &self,
        ctx: &Context,
        ir: &Ir,
        op: OpId,
        _to: RegionSuccessor,
    ) -> SmallVec<[Value; 4]> {
        ForOp(op).inits(ctx, ir).into_iter().collect()
    }
    fn successor_inputs(
        &self,
        _ctx: &Context,
        ir: &Ir,
        op: OpId,
        to: RegionSuccessor,
    ) -> SmallVec<[Value; 4]> {
        match to {
            RegionSuccessor::Region(_) => ir
                .entry_block(ir.region(op, 0))
                .map(|b| ir.block_args(b).iter().skip(1).copied().collect())
                .unwrap_or_default(),
            RegionSuccessor::Parent => ir.results(op).collect(),
        }
    }
}

/// How control moves through `affine.if` (MLIR's `AffineIfOp`
/// `RegionBranchOpInterface`): into the then region and the else region
/// (or straight to the results when it is empty), whatever the operands;
/// out of either to the results.
struct IfBranch;

impl RegionBranchOpInterface for IfBranch {
    fn successors(
        &self,
        _ctx: &Context,
        ir: &Ir,
        op: OpId,
        from: Option<usize>,
        _operands: &[Option<Attribute>],
    ) -> SmallVec<[RegionSuccessor; 2]> {
        use RegionSuccessor::*;
        match from {
            Some(_) => [Parent].into_iter().collect(),
            None if ir.region_is_empty(ir.region(op, 1)) => {
                [Region(0), Parent].into_iter().collect()
            }
            None => [Region(0), Region(1)].into_iter().collect(),
        }
    }
    fn entry_operands(
        &self,
        _ctx: &Context,
        _ir: &Ir,
        _op: OpId,
        _to: RegionSuccessor,
    ) -> SmallVec<[Value; 4]> {
        SmallVec::new()
    }
}

// ---- affine.if ----

/// MLIR's `SimplifyDeadElse`: an `affine.if` without results whose else
/// block holds only its terminator loses the else block.
fn simplify_dead_else(op: OpId, rw: &mut PatternRewriter) -> RewriteResult {
    let ir = rw.ir();
    let else_region = ir.region(op, 1);
    let Some(&else_block) = ir.region_blocks(else_region).first() else {
        return Err(NoMatch);
    };
    if ir.num_results(op) != 0 || ir.first_op(else_block) != ir.last_op(else_block) {
        return Err(NoMatch);
    }
    rw.modify_op_in_place(op, |_| ());
    rw.erase_block(else_block);
    Ok(())
}

/// MLIR's `AlwaysTrueOrFalseIf`: a condition that is trivially true (the
/// one equality `0 == 0`) or MLIR's empty set (the one equality `1 == 0`)
/// is replaced by the branch it selects.
fn always_true_or_false_if(op: OpId, rw: &mut PatternRewriter) -> RewriteResult {
    let (ctx, ir) = (rw.ctx(), rw.ir());
    let AttrData::IntegerSet(set) = ctx.attr_data(IfOp(op).condition(ctx, ir)) else {
        return Err(NoMatch);
    };
    let single_equality = |c: i64| {
        set.num_equalities() == 1
            && set.constraints().len() == 1
            && set.constraints()[0] == AffineExpr::constant(c)
    };
    let region = if single_equality(1) {
        let else_region = ir.region(op, 1);
        if ir.num_results(op) == 0 && ir.region_blocks(else_region).is_empty() {
            rw.erase_op(op);
            return Ok(());
        }
        else_region
    } else if single_equality(0) {
        ir.region(op, 0)
    } else {
        return Err(NoMatch);
    };
    let block = *ir.region_blocks(region).first().ok_or(NoMatch)?;
    ir.last_op(block).ok_or(NoMatch)?;
    rw.replace_op_with_block(op, block, &[]);
    Ok(())
}

fn parse_if(p: &mut OpParser) -> DiagResult<()> {
    let ctx = p.ctx();
    let index = ctx.index_type();
    let loc = p.loc();
    let set = p.parse_attribute(None)?;
    let AttrData::IntegerSet(integer_set) = ctx.attr_data(set) else {
        return Err(Diagnostic::error(loc, "expected valid integer set attr"));
    };
    let (num_dims, num_inputs) = (integer_set.num_dims(), integer_set.num_inputs());
    let (operands, dims) = parse_dim_and_symbol_list(p)?;
    // MLIR reports operand-count mismatches at the op name.
    let name = p.name_offset;
    if dims != num_dims {
        return Err(p.error_at(
            name,
            "dim operand count and integer set dim count must match",
        ));
    }
    if operands.len() != num_inputs {
        return Err(p.error_at(
            name,
            "symbol operand count and integer set symbol count must match",
        ));
    }
    p.add_operands(&operands, &vec![index; operands.len()])?;
    p.add_property("condition", set);
    let types = p.parse_optional_arrow_type_list()?;
    p.add_result_types(&types);
    parse_then_else_regions(p)?;
    p.parse_optional_attr_dict(false)
}

fn print_if(p: &mut OpPrinter, op: OpId) {
    let ctx = p.ctx();
    let ir = p.ir;
    let operands: Vec<Value> = ir.operands(op).collect();
    let Some(set) = ir.attr(ctx, op, "condition") else {
        return;
    };
    let num_dims = match ctx.attr_data(set) {
        AttrData::IntegerSet(s) => s.num_dims(),
        _ => 0,
    };
    p.write(" ");
    p.print_attribute(set);
    print_dim_and_symbol_list(p, &operands, num_dims);
    let results: Vec<_> = ir.results(op).map(|v| ir.value_type(v)).collect();
    print_optional_arrow_types(p, &results);
    p.write(" ");
    p.print_region(ir.region(op, 0), false, !results.is_empty());
    let else_region = ir.region(op, 1);
    if !ir.region_is_empty(else_region) {
        p.write(" else ");
        p.print_region(else_region, false, !results.is_empty());
    }
    p.print_optional_attr_dict(op, &["condition"], false);
}

// ---- loads and stores ----

/// `%A[subscripts] attr-dict : memref-type` (`, vector-type` for
/// `affine.vector_load`, `VECTOR`).
fn parse_load<const VECTOR: bool>(p: &mut OpParser) -> DiagResult<()> {
    let ctx = p.ctx();
    let index = ctx.index_type();
    let memref = p.parse_operand()?;
    let (map, indices) = parse_ssa_map(p, TokenKind::LSquare, TokenKind::RSquare)?;
    p.parse_optional_attr_dict(false)?;
    let loc = p.loc();
    let ty = p.parse_colon_type()?;
    let result = if VECTOR {
        p.expect(TokenKind::Comma, "','")?;
        p.parse_type()?
    } else {
        ctx.element_type(ty)
            .ok_or_else(|| Diagnostic::error(loc, "expected memref type"))?
    };
    p.add_operands(&[memref], &[ty])?;
    p.add_operands(&indices, &vec![index; indices.len()])?;
    p.add_property("map", ctx.affine_map_attr(map));
    p.add_result_types(&[result]);
    Ok(())
}

fn print_access(p: &mut OpPrinter, op: OpId, memref: Value, indices: &[Value]) {
    let ctx = p.ctx();
    p.print_operand(memref);
    p.write("[");
    if let Some(map) = p.ir.attr(ctx, op, "map").and_then(|a| map_of(ctx, a)) {
        print_ssa_exprs(p, map, indices);
    }
    p.write("]");
    p.print_optional_attr_dict(op, &["map"], false);
    p.write(" : ");
    p.print_type(p.ir.value_type(memref));
}

fn print_load<const VECTOR: bool>(p: &mut OpPrinter, op: OpId) {
    let ir = p.ir;
    let operands: Vec<Value> = ir.operands(op).collect();
    p.write(" ");
    print_access(p, op, operands[0], &operands[1..]);
    if VECTOR {
        p.write(", ");
        p.print_type(ir.value_type(ir.result(op, 0)));
    }
}

/// `%v, %A[subscripts] attr-dict : memref-type` (`, vector-type` for
/// `affine.vector_store`, `VECTOR`).
fn parse_store<const VECTOR: bool>(p: &mut OpParser) -> DiagResult<()> {
    let ctx = p.ctx();
    let index = ctx.index_type();
    let value = p.parse_operand()?;
    p.expect(TokenKind::Comma, "','")?;
    let memref = p.parse_operand()?;
    let (map, indices) = parse_ssa_map(p, TokenKind::LSquare, TokenKind::RSquare)?;
    p.parse_optional_attr_dict(false)?;
    let loc = p.loc();
    let ty = p.parse_colon_type()?;
    let value_ty = if VECTOR {
        p.expect(TokenKind::Comma, "','")?;
        p.parse_type()?
    } else {
        ctx.element_type(ty)
            .ok_or_else(|| Diagnostic::error(loc, "expected memref type"))?
    };
    p.add_operands(&[value, memref], &[value_ty, ty])?;
    p.add_operands(&indices, &vec![index; indices.len()])?;
    p.add_property("map", ctx.affine_map_attr(map));
    Ok(())
}

fn print_store<const VECTOR: bool>(p: &mut OpPrinter, op: OpId) {
    let ir = p.ir;
    let operands: Vec<Value> = ir.operands(op).collect();
    p.write(" ");
    p.print_operand(operands[0]);
    p.write(", ");
    print_access(p, op, operands[1], &operands[2..]);
    if VECTOR {
        p.write(", ");
        p.print_type(ir.value_type(operands[0]));
    }
}

// ---- apply / min / max: `#map(%d)[%s]` ----

/// `#map(dims)[symbols] attr-dict`. `affine.apply` (`APPLY`) checks the
/// operand counts while parsing; affine.min/max leave them to the
/// verifier (MLIR's `parseAffineMinMaxOp`).
fn parse_map_op<const APPLY: bool>(p: &mut OpParser) -> DiagResult<()> {
    let ctx = p.ctx();
    let index = ctx.index_type();
    let loc = p.loc();
    let attr = p.parse_attribute(None)?;
    let Some(map) = map_of(ctx, attr).cloned() else {
        return Err(Diagnostic::error(loc, "expected affine map"));
    };
    let (operands, dims) = parse_dim_and_symbol_list(p)?;
    if APPLY && (dims != map.num_dims() || operands.len() != map.num_inputs()) {
        return Err(Diagnostic::error(
            p.op_loc(),
            "dimension or symbol index mismatch",
        ));
    }
    p.add_operands(&operands, &vec![index; operands.len()])?;
    p.add_property("map", attr);
    p.parse_optional_attr_dict(false)?;
    p.add_result_types(&[index]);
    Ok(())
}

fn print_map_op(p: &mut OpPrinter, op: OpId) {
    let ctx = p.ctx();
    let ir = p.ir;
    let operands: Vec<Value> = ir.operands(op).collect();
    let Some(attr) = ir.attr(ctx, op, "map") else {
        return;
    };
    let dims = map_of(ctx, attr).map_or(0, |m| m.num_dims());
    p.write(" ");
    p.print_attribute(attr);
    print_dim_and_symbol_list(p, &operands, dims);
    p.print_optional_attr_dict(op, &["map"], false);
}
