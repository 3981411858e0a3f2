//! `lower-affine` (MLIR's `LowerAffinePass`): `affine.for` becomes
//! `scf.for` with bounds computed by `arith` (max of lower-bound results,
//! min of upper-bound results), `affine.if` becomes `scf.if` on the
//! conjunction of its constraints, `affine.load/store` become
//! `memref.load/store` (vector forms `vector.load/store`),
//! `affine.apply/min/max` become `arith` expressions, `affine.yield`
//! becomes `scf.yield`. `affine.parallel` becomes `scf.parallel` (bounds
//! per dimension as the max/min of their group, reductions as `scf.reduce`
//! regions combining from the identity value, as MLIR's
//! `AffineParallelLowering`); `affine.delinearize_index` and
//! `affine.linearize_index` expand into divisions, remainders and products
//! of the basis suffixes (MLIR's `lowerAffineDelinearizeIndexOp` /
//! `lowerAffineLinearizeIndexOp`).
//!
//! Affine expressions expand as MLIR's `AffineExprLowering`: `mod` with a
//! sign fix-up on `remsi`, `floordiv` and `ceildiv` with the
//! negate-divide-negate sequences, so results agree on negative operands.

use strata_dialect_affine as affine;
use strata_dialect_affine::{
    ApplyOp, DelinearizeIndexOp, LinearizeIndexOp, MaxOp, MinOp, VectorLoadOp, VectorStoreOp,
};
use strata_dialect_arith::attrs::OVERFLOW;
use strata_dialect_arith::{
    AddIOp, AndIOp, CmpIOp, ConstantOp, DivSIOp, FloorDivSIOp, MaxSIOp, MinSIOp, MulIOp, RemSIOp,
    SelectOp, SubIOp,
};
use strata_dialect_memref as memref;
use strata_dialect_scf as scf;
use strata_dialect_scf::{ReduceOp, ReduceReturnOp};
use strata_dialect_vector as vector;
use strata_ir::affine::{AffineBinaryOp, AffineExpr, AffineMap};
use strata_ir::builder::OpBuilder;
use strata_ir::fold::{constant_value, fold_op, has_folder, FoldOutcome};
use strata_ir::pass::{Pass, PassContext, PassResult};
use strata_ir::{AttrData, Context, InsertPoint, Ir, OpId, OperationState, Type, Value};

/// The pass object.
#[derive(Clone, Default)]
pub struct LowerAffine;

impl Pass for LowerAffine {
    fn name(&self) -> &str {
        "LowerAffinePass"
    }
    fn argument(&self) -> &str {
        "lower-affine"
    }
    fn description(&self) -> &str {
        "Lower Affine operations to a combination of Arith and SCF operations"
    }
    fn run_on_operation(&mut self, pc: &mut PassContext) -> PassResult {
        let ctx = pc.ctx();
        let root = pc.op();
        lower_affine(ctx, pc.ir_mut(), root);
        Ok(())
    }
}

/// Lowers every affine op under `root` (innermost first).
pub fn lower_affine(ctx: &Context, ir: &mut Ir, root: OpId) {
    let mut ops = Vec::new();
    ir.walk_postorder(root, &mut |op| ops.push(op));
    for op in ops {
        if !ir.is_alive(op) {
            continue;
        }
        let name = ctx.op_name_str(ir.op_name(op)).to_string();
        match name.as_str() {
            affine::ForOp::NAME => lower_for(ctx, ir, op),
            affine::IfOp::NAME => lower_if(ctx, ir, op),
            affine::LoadOp::NAME => lower_access(ctx, ir, op, 1, memref::LoadOp::NAME),
            VectorLoadOp::NAME => lower_access(ctx, ir, op, 1, vector::LoadOp::NAME),
            affine::StoreOp::NAME => lower_access(ctx, ir, op, 2, memref::StoreOp::NAME),
            VectorStoreOp::NAME => lower_access(ctx, ir, op, 2, vector::StoreOp::NAME),
            ApplyOp::NAME => lower_apply(ctx, ir, op),
            MinOp::NAME => lower_min_max(ctx, ir, op, Combine::Min),
            MaxOp::NAME => lower_min_max(ctx, ir, op, Combine::Max),
            affine::YieldOp::NAME => {
                // An affine.parallel replaces its own terminator.
                let in_parallel = ir
                    .parent_op(op)
                    .is_some_and(|p| affine::ParallelOp::is(ctx, ir, p));
                if !in_parallel {
                    rename(ctx, ir, op, scf::YieldOp::NAME);
                }
            }
            affine::ParallelOp::NAME => {
                fold_in_place(ctx, ir, op);
                lower_parallel(ctx, ir, op)
            }
            DelinearizeIndexOp::NAME => {
                fold_in_place(ctx, ir, op);
                lower_delinearize(ctx, ir, op)
            }
            LinearizeIndexOp::NAME => {
                fold_in_place(ctx, ir, op);
                lower_linearize(ctx, ir, op)
            }
            _ => {}
        }
    }
}

/// Folds `op` when its fold only updates it (constant operands moved into
/// its maps or static basis), as MLIR's conversion driver folds an op
/// before lowering it; a fold into other values is left to the lowering.
fn fold_in_place(ctx: &Context, ir: &mut Ir, op: OpId) {
    let constants: Vec<Option<strata_ir::Attribute>> = ir
        .operands(op)
        .map(|v| ir.defining_op(v).and_then(|d| constant_value(ctx, ir, d)))
        .collect();
    if ctx
        .op_definition(ir.op_name(op))
        .is_some_and(|d| has_folder(d))
    {
        // Only an in-place fold has changed `op`; other outcomes (values
        // or constants to replace it with) are left unapplied.
        let _outcome: FoldOutcome = fold_op(ctx, ir, op, &constants);
    }
}

/// MLIR's `IntegerOverflowFlags` the expansions set: affine products
/// cannot wrap signed (`nsw`); basis strides of a delinearization, or of a
/// `disjoint` linearization, cannot wrap either way (`nsw, nuw`).
const NSW: u64 = 1;
const NSW_NUW: u64 = 3;

/// Which of `arith.minsi` / `arith.maxsi` combines a bound's results.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Combine {
    Min,
    Max,
}

/// Emits arith ops, through their typed builders, before an anchor op
/// and at its location.
pub struct Emitter<'a> {
    pub ctx: &'a Context,
    pub ir: &'a mut Ir,
    pub at: OpId,
}

impl Emitter<'_> {
    /// A builder at the anchor.
    fn builder(&mut self) -> OpBuilder<'_> {
        let loc = self.ir.op_loc(self.at);
        let mut b = OpBuilder::at(self.ctx, self.ir, InsertPoint::Before(self.at));
        b.loc = loc;
        b
    }
    fn result(&self, op: OpId) -> Value {
        self.ir.result(op, 0)
    }
    fn overflow(&self, flags: u64) -> Option<strata_ir::Attribute> {
        Some(OVERFLOW.attr(self.ctx, flags))
    }
    pub fn addi(&mut self, a: Value, b: Value, flags: u64) -> Value {
        let (ty, flags) = (self.ir.value_type(a), self.overflow(flags));
        let op = AddIOp::build(&mut self.builder(), a, b, ty, flags).op();
        self.result(op)
    }
    pub fn subi(&mut self, a: Value, b: Value) -> Value {
        let ty = self.ir.value_type(a);
        let op = SubIOp::build(&mut self.builder(), a, b, ty, None).op();
        self.result(op)
    }
    pub fn muli(&mut self, a: Value, b: Value, flags: u64) -> Value {
        let (ty, flags) = (self.ir.value_type(a), self.overflow(flags));
        let op = MulIOp::build(&mut self.builder(), a, b, ty, flags).op();
        self.result(op)
    }
    pub fn divsi(&mut self, a: Value, b: Value) -> Value {
        let ty = self.ir.value_type(a);
        let op = DivSIOp::build(&mut self.builder(), a, b, ty, None).op();
        self.result(op)
    }
    pub fn floordivsi(&mut self, a: Value, b: Value) -> Value {
        let ty = self.ir.value_type(a);
        let op = FloorDivSIOp::build(&mut self.builder(), a, b, ty).op();
        self.result(op)
    }
    pub fn remsi(&mut self, a: Value, b: Value) -> Value {
        let ty = self.ir.value_type(a);
        let op = RemSIOp::build(&mut self.builder(), a, b, ty).op();
        self.result(op)
    }
    pub fn andi(&mut self, a: Value, b: Value) -> Value {
        let ty = self.ir.value_type(a);
        let op = AndIOp::build(&mut self.builder(), a, b, ty).op();
        self.result(op)
    }
    pub fn combine(&mut self, combine: Combine, a: Value, b: Value) -> Value {
        let ty = self.ir.value_type(a);
        let op = match combine {
            Combine::Min => MinSIOp::build(&mut self.builder(), a, b, ty).op(),
            Combine::Max => MaxSIOp::build(&mut self.builder(), a, b, ty).op(),
        };
        self.result(op)
    }
    /// `arith.constant value : ty`.
    pub fn constant_of(&mut self, value: strata_ir::Attribute, ty: Type) -> Value {
        let op = ConstantOp::build(&mut self.builder(), ty, value).op();
        self.result(op)
    }
    /// An index constant.
    pub fn constant(&mut self, value: i64) -> Value {
        let (value, index) = (self.ctx.index_attr(value), self.ctx.index_type());
        self.constant_of(value, index)
    }
    /// `arith.cmpi` with MLIR's predicate number (slt = 2, sle = 3, sge = 5, eq = 0).
    pub fn cmpi(&mut self, predicate: i64, a: Value, b: Value) -> Value {
        let (i1, predicate) = (self.ctx.signless(1), self.ctx.i64_attr(predicate));
        let op = CmpIOp::build(&mut self.builder(), a, b, i1, predicate).op();
        self.result(op)
    }
    pub fn select(&mut self, c: Value, a: Value, b: Value) -> Value {
        let ty = self.ir.value_type(a);
        let op = SelectOp::build(&mut self.builder(), c, a, b, ty).op();
        self.result(op)
    }

    /// Expands `expr` over `dims` and `symbols` (MLIR's `expandAffineExpr`).
    pub fn expand(&mut self, expr: &AffineExpr, dims: &[Value], symbols: &[Value]) -> Value {
        if let Some(c) = expr.as_constant() {
            return self.constant(c);
        }
        if let Some(d) = expr.as_dim() {
            return dims[d];
        }
        if let Some(s) = expr.as_symbol() {
            return symbols[s];
        }
        let bin = expr.as_binary().expect("binary affine expression");
        let lhs = self.expand(bin.lhs(), dims, symbols);
        let rhs = self.expand(bin.rhs(), dims, symbols);
        match bin.op() {
            AffineBinaryOp::Add => self.addi(lhs, rhs, 0),
            AffineBinaryOp::Mul => self.muli(lhs, rhs, NSW),
            AffineBinaryOp::Mod => {
                let rem = self.remsi(lhs, rhs);
                let zero = self.constant(0);
                let negative = self.cmpi(2, rem, zero);
                let corrected = self.addi(rem, rhs, 0);
                self.select(negative, corrected, rem)
            }
            AffineBinaryOp::FloorDiv => {
                let zero = self.constant(0);
                let minus_one = self.constant(-1);
                let negative = self.cmpi(2, lhs, zero);
                let negated = self.subi(minus_one, lhs);
                let dividend = self.select(negative, negated, lhs);
                let quotient = self.divsi(dividend, rhs);
                let corrected = self.subi(minus_one, quotient);
                self.select(negative, corrected, quotient)
            }
            AffineBinaryOp::CeilDiv => {
                let zero = self.constant(0);
                let one = self.constant(1);
                let non_positive = self.cmpi(3, lhs, zero);
                let negated = self.subi(zero, lhs);
                let decremented = self.subi(lhs, one);
                let dividend = self.select(non_positive, negated, decremented);
                let quotient = self.divsi(dividend, rhs);
                let negated_quotient = self.subi(zero, quotient);
                let incremented = self.addi(quotient, one, 0);
                self.select(non_positive, negated_quotient, incremented)
            }
        }
    }

    /// Every result of `map` applied to `operands`.
    pub fn expand_map(&mut self, map: &AffineMap, operands: &[Value]) -> Vec<Value> {
        let (dims, symbols) = operands.split_at(map.num_dims());
        map.results()
            .iter()
            .map(|e| self.expand(e, dims, symbols))
            .collect()
    }

    /// The results of `map` combined with `arith.minsi` / `arith.maxsi`.
    pub fn reduce_map(&mut self, map: &AffineMap, operands: &[Value], combine: Combine) -> Value {
        let values = self.expand_map(map, operands);
        let mut acc = values[0];
        for &v in &values[1..] {
            acc = self.combine(combine, acc, v);
        }
        acc
    }
}

fn map_attr(ctx: &Context, ir: &Ir, op: OpId, name: &str) -> AffineMap {
    match ir.attr(ctx, op, name).map(|a| ctx.attr_data(a)) {
        Some(AttrData::AffineMap(m)) => m.clone(),
        _ => AffineMap::empty(0, 0),
    }
}

fn segments(ctx: &Context, ir: &Ir, op: OpId) -> Vec<usize> {
    ir.attr(ctx, op, "operandSegmentSizes")
        .and_then(|a| ctx.dense_array_i64(a))
        .map(|v| v.into_iter().map(|x| x as usize).collect())
        .unwrap_or_default()
}

/// Replaces `op` by a new op of `name` with the same operands, results,
/// regions and attributes minus `drop`.
fn rebuild(
    ctx: &Context,
    ir: &mut Ir,
    op: OpId,
    name: &str,
    operands: Vec<Value>,
    props: Vec<(&str, strata_ir::Attribute)>,
) -> OpId {
    let mut state = OperationState::new(ctx, name, ir.op_loc(op));
    state.operands = operands;
    state.result_types = ir.results(op).map(|v| ir.value_type(v)).collect();
    state.num_regions = ir.regions(op).len();
    state.properties = ctx.dictionary_attr(props.into_iter().map(|(n, a)| (ctx.intern_str(n), a)));
    state.attributes = ir.attributes(op);
    let new_op = ir.create_op(state, InsertPoint::Before(op));
    for i in 0..ir.regions(op).len() {
        let (from, to) = (ir.region(op, i), ir.region(new_op, i));
        ir.take_region_body(from, to);
    }
    let results: Vec<Value> = ir.results(new_op).collect();
    ir.replace_all_op_uses_with(op, &results);
    ir.erase_op(op).expect("uses replaced");
    new_op
}

fn rename(ctx: &Context, ir: &mut Ir, op: OpId, name: &str) {
    let operands: Vec<Value> = ir.operands(op).collect();
    rebuild(ctx, ir, op, name, operands, Vec::new());
}

fn lower_for(ctx: &Context, ir: &mut Ir, op: OpId) {
    let seg = segments(ctx, ir, op);
    let operands: Vec<Value> = ir.operands(op).collect();
    let (lb_ops, rest) = operands.split_at(seg[0]);
    let (ub_ops, inits) = rest.split_at(seg[1]);
    let lb_map = map_attr(ctx, ir, op, "lowerBoundMap");
    let ub_map = map_attr(ctx, ir, op, "upperBoundMap");
    let step = ir
        .attr(ctx, op, "step")
        .and_then(|a| ctx.integer_value(a))
        .unwrap_or(1) as i64;
    let mut e = Emitter { ctx, ir, at: op };
    let lb = e.reduce_map(&lb_map, lb_ops, Combine::Max);
    let ub = e.reduce_map(&ub_map, ub_ops, Combine::Min);
    let step = e.constant(step);
    let mut new_operands = vec![lb, ub, step];
    new_operands.extend_from_slice(inits);
    rebuild(ctx, ir, op, scf::ForOp::NAME, new_operands, Vec::new());
}

fn lower_if(ctx: &Context, ir: &mut Ir, op: OpId) {
    let operands: Vec<Value> = ir.operands(op).collect();
    let set = match ir.attr(ctx, op, "condition").map(|a| ctx.attr_data(a)) {
        Some(AttrData::IntegerSet(s)) => s.clone(),
        _ => return,
    };
    let mut e = Emitter { ctx, ir, at: op };
    let (dims, symbols) = operands.split_at(set.num_dims());
    let zero = e.constant(0);
    let mut cond: Option<Value> = None;
    for (expr, &is_eq) in set.constraints().iter().zip(set.eq_flags()) {
        let v = e.expand(expr, dims, symbols);
        let c = e.cmpi(if is_eq { 0 } else { 5 }, v, zero);
        cond = Some(match cond {
            None => c,
            Some(prev) => e.andi(prev, c),
        });
    }
    let cond = cond.unwrap_or_else(|| e.constant_of(ctx.bool_attr(true), ctx.signless(1)));
    rebuild(ctx, ir, op, scf::IfOp::NAME, vec![cond], Vec::new());
}

fn lower_access(ctx: &Context, ir: &mut Ir, op: OpId, first_index: usize, name: &str) {
    let operands: Vec<Value> = ir.operands(op).collect();
    let map = map_attr(ctx, ir, op, "map");
    let mut e = Emitter { ctx, ir, at: op };
    let indices = e.expand_map(&map, &operands[first_index..]);
    let mut new_operands = operands[..first_index].to_vec();
    new_operands.extend(indices);
    rebuild(ctx, ir, op, name, new_operands, Vec::new());
}

fn lower_apply(ctx: &Context, ir: &mut Ir, op: OpId) {
    let operands: Vec<Value> = ir.operands(op).collect();
    let map = map_attr(ctx, ir, op, "map");
    let mut e = Emitter { ctx, ir, at: op };
    let v = e.expand_map(&map, &operands)[0];
    ir.replace_all_op_uses_with(op, &[v]);
    ir.erase_op(op).expect("uses replaced");
}

fn lower_min_max(ctx: &Context, ir: &mut Ir, op: OpId, combine: Combine) {
    let operands: Vec<Value> = ir.operands(op).collect();
    let map = map_attr(ctx, ir, op, "map");
    let mut e = Emitter { ctx, ir, at: op };
    let v = e.reduce_map(&map, &operands, combine);
    ir.replace_all_op_uses_with(op, &[v]);
    ir.erase_op(op).expect("uses replaced");
}

fn lower_parallel(ctx: &Context, ir: &mut Ir, op: OpId) {
    use strata_dialect_affine::parallel::{reductions, ParallelBounds};
    let Some(b) = ParallelBounds::of(ctx, ir, op) else {
        return;
    };
    let kinds = reductions(ctx, ir, op);
    let result_types: Vec<Type> = ir.results(op).map(|v| ir.value_type(v)).collect();
    let mut e = Emitter { ctx, ir, at: op };
    let mut bound =
        |map: &AffineMap, (start, size): (usize, usize), operands: &[Value], combine| {
            let results = map.results()[start..start + size].to_vec();
            let group = AffineMap::new(map.num_dims(), map.num_symbols(), results);
            e.reduce_map(&group, operands, combine)
        };
    // Dimension by dimension, its lower bound and then its upper bound, as
    // MLIR's AffineParallelLowering emits them.
    let (mut lbs, mut ubs) = (Vec::new(), Vec::new());
    let lower_groups = ParallelBounds::group_ranges(&b.lower_groups);
    let upper_groups = ParallelBounds::group_ranges(&b.upper_groups);
    for (&lower, &upper) in lower_groups.iter().zip(&upper_groups) {
        lbs.push(bound(&b.lower_map, lower, &b.lower_operands, Combine::Max));
        ubs.push(bound(&b.upper_map, upper, &b.upper_operands, Combine::Min));
    }
    let mut steps: Vec<Value> = b.steps.iter().map(|&s| e.constant(s)).collect();
    // An affine.parallel without dimensions runs its body once; scf.parallel
    // needs a dimension, so it gets one of a single iteration (0 to 1) whose
    // index the body ignores. MLIR emits a dimensionless scf.parallel, which
    // does not verify.
    let no_dimensions = lbs.is_empty();
    if no_dimensions {
        lbs.push(e.constant(0));
        let one = e.constant(1);
        ubs.push(one);
        steps.push(one);
    }
    let mut inits = Vec::new();
    for (kind, &ty) in kinds.iter().zip(&result_types) {
        let Some(identity) = kind.and_then(|k| k.identity(ctx, ty)) else {
            return;
        };
        inits.push(e.constant_of(identity, ty));
    }
    let n = lbs.len() as i32;
    let segments = ctx.dense_i32_array(&[n, n, n, inits.len() as i32]);
    let mut operands = lbs;
    operands.extend(ubs);
    operands.extend(steps);
    operands.extend(inits);
    let new_op = rebuild(
        ctx,
        ir,
        op,
        scf::ParallelOp::NAME,
        operands,
        vec![("operandSegmentSizes", segments)],
    );
    // The body's affine.yield becomes an scf.reduce with one combining
    // region per result.
    let Some(body) = ir.entry_block(ir.region(new_op, 0)) else {
        return;
    };
    if no_dimensions {
        ir.add_block_arg(body, ctx.index_type());
    }
    let Some(terminator) = ir.last_op(body) else {
        return;
    };
    let yielded: Vec<Value> = ir.operands(terminator).collect();
    let loc = ir.op_loc(terminator);
    let mut state = OperationState::new(ctx, ReduceOp::NAME, loc);
    state.operands = yielded;
    state.num_regions = kinds.len();
    let reduce = ir.create_op(state, InsertPoint::Before(terminator));
    ir.erase_op(terminator).expect("a terminator has no uses");
    for (i, (kind, &ty)) in kinds.iter().zip(&result_types).enumerate() {
        let region = ir.region(reduce, i);
        let block = ir.append_block(region, &[ty, ty]);
        let args = ir.block_args(block).to_vec();
        let combined = match kind.and_then(|k| k.combining_op()) {
            Some(name) => {
                let mut state = OperationState::new(ctx, name, loc);
                state.operands = args.clone();
                state.result_types = vec![ty];
                let c = ir.create_op(state, InsertPoint::BlockEnd(block));
                ir.result(c, 0)
            }
            None => args[1],
        };
        let mut ret = OperationState::new(ctx, ReduceReturnOp::NAME, loc);
        ret.operands = vec![combined];
        ir.create_op(ret, InsertPoint::BlockEnd(block));
    }
}

/// MLIR's `computeStrides`: the products of the basis suffixes, outermost
/// first (`strides[k]` = product of `basis[k..]`).
fn basis_strides(e: &mut Emitter, statics: &[i64], dynamic: &[Value], flags: u64) -> Vec<Value> {
    let mut result = Vec::with_capacity(statics.len());
    let mut next_dynamic = dynamic.len();
    let mut dynamic_part: Option<Value> = None;
    let mut static_part = 1i64;
    for &elem in statics.iter().rev() {
        if elem == strata_ir::DYNAMIC {
            next_dynamic -= 1;
            let d = dynamic[next_dynamic];
            dynamic_part = Some(match dynamic_part {
                Some(p) => e.muli(p, d, flags),
                None => d,
            });
        } else {
            static_part = static_part.wrapping_mul(elem);
        }
        let stride = match dynamic_part {
            Some(p) if static_part == 1 => p,
            Some(p) => {
                let c = e.constant(static_part);
                e.muli(p, c, flags)
            }
            None => e.constant(static_part),
        };
        result.push(stride);
    }
    result.reverse();
    result
}

fn lower_delinearize(ctx: &Context, ir: &mut Ir, op: OpId) {
    use strata_dialect_affine::index::static_basis;
    let operands: Vec<Value> = ir.operands(op).collect();
    let linear = operands[0];
    let num_results = ir.num_results(op);
    let mut statics = static_basis(ctx, ir, op);
    if num_results == statics.len() && !statics.is_empty() {
        statics.remove(0);
    }
    let results = if num_results == 1 {
        vec![linear]
    } else {
        let mut e = Emitter { ctx, ir, at: op };
        let strides = basis_strides(&mut e, &statics, &operands[1..], NSW_NUW);
        let zero = e.constant(0);
        let mod_term = |e: &mut Emitter, stride: Value| {
            let rem = e.remsi(linear, stride);
            let negative = e.cmpi(2, rem, zero);
            let corrected = e.addi(rem, stride, NSW);
            e.select(negative, corrected, rem)
        };
        let mut results = vec![e.floordivsi(linear, strides[0])];
        for pair in strides.windows(2) {
            let modulus = mod_term(&mut e, pair[0]);
            results.push(e.divsi(modulus, pair[1]));
        }
        let last = *strides.last().expect("a basis of two or more results");
        results.push(mod_term(&mut e, last));
        results
    };
    ir.replace_all_op_uses_with(op, &results);
    ir.erase_op(op).expect("uses replaced");
}

fn lower_linearize(ctx: &Context, ir: &mut Ir, op: OpId) {
    use strata_dialect_affine::index::{is_disjoint, static_basis};
    let mut statics = static_basis(ctx, ir, op);
    let stride_flags = if is_disjoint(ctx, ir, op) {
        NSW_NUW
    } else {
        NSW
    };
    let seg = segments(ctx, ir, op);
    let operands: Vec<Value> = ir.operands(op).collect();
    let (indices, dynamic) = operands.split_at(seg.first().copied().unwrap_or(0));
    if indices.len() == statics.len() && !statics.is_empty() {
        statics.remove(0);
    }
    let mut e = Emitter { ctx, ir, at: op };
    let result = match indices.split_last() {
        None => e.constant(0),
        Some((&last, outer)) => {
            let strides = basis_strides(&mut e, &statics, dynamic, stride_flags);
            let mut terms: Vec<Value> = outer
                .iter()
                .zip(&strides)
                .map(|(&index, &stride)| e.muli(index, stride, NSW))
                .collect();
            terms.push(last);
            let mut acc = terms[0];
            for &t in &terms[1..] {
                acc = e.addi(acc, t, NSW);
            }
            acc
        }
    };
    ir.replace_all_op_uses_with(op, &[result]);
    ir.erase_op(op).expect("uses replaced");
}
