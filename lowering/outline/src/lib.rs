//! `outline-loop-nests`: each large loop nest at the top of a function's
//! body becomes a private function of its own, called in its place.
//!
//! Why: a whole network lowered to loops is one function of tens of
//! thousands of statements (ResNet-18 through the C target: two copies of
//! 58,000 lines, one per ISA variant), and C compilers' optimisers are
//! superlinear in a function's size: gcc -O2 spent minutes on it, most in
//! variable expansion and alias walking over the one body. One function per
//! loop nest keeps every function the size of one layer. The C target's
//! default pipeline runs it last.
//!
//! What moves: a top-level op of the function's entry block that has
//! regions, no results and at least `min-ops` ops inside (a loop nest after
//! `convert-linalg-to-loops`), in a function holding two or more of them.
//! Values it reads from outside become the new function's arguments, in
//! order of first use, except values the new function can recompute,
//! which it does so loop bounds, weights and masks stay constants to the
//! compiler: those of effect-free ops (`arith.constant`,
//! `memref.get_global`, views, `x86.addr`) and of ops that only read
//! constant globals (x86-vectorize's mask loads), after their operands.
//! A nest that would need a value of another type than memref, integer,
//! index or float passed (a vector) stays. The new function
//! is `@<function>_nest<N>`, private, after its caller.

use std::collections::HashSet;
use strata_dialect_func::{CallOp, FuncOp, ReturnOp};
use strata_dialect_memref::{GetGlobalOp, GlobalOp};
use strata_ir::builder::OpBuilder;
use strata_ir::ir_transfer::IrMapping;
use strata_ir::pass::{Pass, PassContext, PassOption, PassResult};
use strata_ir::symbol_table::{self, Visibility};
use strata_ir::{Context, InsertPoint, Ir, OpId, Value};

/// The pass object.
#[derive(Clone)]
pub struct OutlineLoopNests {
    /// Nests with fewer ops stay where they are.
    pub min_ops: i64,
}

impl Default for OutlineLoopNests {
    fn default() -> Self {
        OutlineLoopNests { min_ops: 64 }
    }
}

impl Pass for OutlineLoopNests {
    fn name(&self) -> &str {
        "OutlineLoopNests"
    }
    fn argument(&self) -> &str {
        "outline-loop-nests"
    }
    fn description(&self) -> &str {
        "Move each large top-level loop nest of a function into a private function of its own"
    }
    fn options(&mut self) -> Vec<PassOption<'_>> {
        vec![PassOption::int(
            "min-ops",
            "Outline nests of at least this many ops",
            &mut self.min_ops,
        )
        .range(1, i64::MAX)]
    }
    fn run_on_operation(&mut self, pc: &mut PassContext) -> PassResult {
        let ctx = pc.ctx();
        let module = pc.op();
        let ir = pc.ir_mut();
        let Some(body) = ir.regions(module).first().and_then(|&r| ir.entry_block(r)) else {
            return Ok(());
        };
        let mut taken: HashSet<String> = ir
            .block_ops(body)
            .filter_map(|op| symbol_table::symbol_name(ctx, ir, op).map(str::to_string))
            .collect();
        let funcs: Vec<OpId> = ir
            .block_ops(body)
            .filter(|&op| FuncOp::wrap(ctx, ir, op).is_some())
            .collect();
        for func in funcs {
            outline_function(ctx, ir, func, self.min_ops as usize, &mut taken);
        }
        Ok(())
    }
}

/// Outlines the large nests of `func` (see the module doc).
fn outline_function(
    ctx: &Context,
    ir: &mut Ir,
    func: OpId,
    min_ops: usize,
    taken: &mut HashSet<String>,
) {
    let region = ir.region(func, 0);
    if ir.region_blocks(region).len() != 1 {
        return;
    }
    let block = ir.region_blocks(region)[0];
    let nests: Vec<OpId> = ir
        .block_ops(block)
        .filter(|&op| {
            !ir.regions(op).is_empty() && ir.results(op).len() == 0 && {
                let mut count = 0;
                ir.walk_preorder(op, &mut |_| count += 1);
                count > min_ops
            }
        })
        .collect();
    if nests.len() < 2 {
        return;
    }
    let name = symbol_table::symbol_name(ctx, ir, func)
        .unwrap_or("function")
        .to_string();
    let mut after = func;
    for nest in nests {
        let callee = unique_name(&name, taken);
        after = outline(ctx, ir, nest, &callee, after);
    }
}

/// `@<base>_nest<N>` for the smallest `N` not yet taken.
fn unique_name(base: &str, taken: &mut HashSet<String>) -> String {
    let name = (0..)
        .map(|n| format!("{base}_nest{n}"))
        .find(|n| !taken.contains(n))
        .expect("an unbounded range");
    taken.insert(name.clone());
    name
}

/// Whether `value` is defined inside `nest`.
fn defined_inside(ir: &Ir, nest: OpId, value: Value) -> bool {
    ir.value_block(value)
        .and_then(|b| ir.block_parent_op(b))
        .is_some_and(|parent| ir.is_ancestor(nest, parent))
}

/// Sorts `v` (read by a nest from outside) into what the new function
/// recomputes (the defining op of an effect-free, region-free value, after
/// what it reads) and what it is passed.
fn classify(
    ctx: &Context,
    ir: &Ir,
    v: Value,
    passed: &mut Vec<Value>,
    recomputed: &mut Vec<OpId>,
    visited: &mut HashSet<Value>,
) {
    if !visited.insert(v) {
        return;
    }
    match ir.defining_op(v) {
        Some(def)
            if ir.regions(def).is_empty()
                && (strata_ir::interfaces::is_memory_effect_free(ctx, ir, def)
                    || reads_only_constants(ctx, ir, def)) =>
        {
            if recomputed.contains(&def) {
                return;
            }
            for operand in ir.operands(def) {
                classify(ctx, ir, operand, passed, recomputed, visited);
            }
            recomputed.push(def);
        }
        _ => passed.push(v),
    }
}

/// Whether `op` only reads memory, and only constant globals (a mask or a
/// table x86-vectorize loads once before its loops): no write can come
/// between where it was and the call, so the callee may read it again.
fn reads_only_constants(ctx: &Context, ir: &Ir, op: OpId) -> bool {
    let Some(effects) = strata_ir::interfaces::op_effects(ctx, ir, op) else {
        return false;
    };
    !effects.is_empty()
        && effects.iter().all(|e| {
            e.effect == strata_ir::interfaces::Effect::Read
                && e.value.is_some_and(|v| in_constant_global(ctx, ir, v))
        })
}

/// Whether `v` addresses a constant `memref.global`: its `get_global`,
/// or an effect-free view or address of one.
fn in_constant_global(ctx: &Context, ir: &Ir, mut v: Value) -> bool {
    loop {
        let Some(def) = ir.defining_op(v) else {
            return false;
        };
        if let Some(get) = GetGlobalOp::wrap(ctx, ir, def) {
            let global = symbol_table::lookup_symbol_from(ctx, ir, def, get.name(ctx, ir));
            return global
                .and_then(|g| GlobalOp::wrap(ctx, ir, g))
                .is_some_and(|g| g.constant(ctx, ir).is_some());
        }
        if !strata_ir::interfaces::is_memory_effect_free(ctx, ir, def) {
            return false;
        }
        match ir.operands(def).next() {
            Some(source) => v = source,
            None => return false,
        }
    }
}

/// Whether a function argument may have type `ty` on every target:
/// memrefs and scalars (vectors stay inside the function that makes them).
fn passable(ctx: &Context, ty: strata_ir::Type) -> bool {
    matches!(ctx.type_data(ty), strata_ir::TypeData::MemRef { .. })
        || ctx.is_float(ty)
        || ctx.is_integer(ty)
        || ctx.is_index(ty)
}

/// Moves `nest` into a new private function `@callee` placed after
/// `after`, calls it where the nest was; returns the new function (or
/// `after` when the nest reads a value no function can be passed).
fn outline(ctx: &Context, ir: &mut Ir, nest: OpId, callee: &str, after: OpId) -> OpId {
    // What the nest reads from outside, in order of first use.
    let mut captured: Vec<Value> = Vec::new();
    let mut seen = HashSet::new();
    let mut inner = Vec::new();
    ir.walk_preorder(nest, &mut |op| inner.push(op));
    for &op in &inner {
        for v in ir.operands(op) {
            if !defined_inside(ir, nest, v) && seen.insert(v) {
                captured.push(v);
            }
        }
    }
    // Values of effect-free ops are recomputed inside (their operands in
    // turn), the rest passed.
    let mut passed: Vec<Value> = Vec::new();
    let mut recomputed: Vec<OpId> = Vec::new();
    let mut visited = HashSet::new();
    for &v in &captured {
        classify(ctx, ir, v, &mut passed, &mut recomputed, &mut visited);
    }
    if !passed.iter().all(|&v| passable(ctx, ir.value_type(v))) {
        return after;
    }
    let arg_types: Vec<_> = passed.iter().map(|&v| ir.value_type(v)).collect();
    let loc = ir.op_loc(nest);
    // The call, where the nest was.
    let mut b = OpBuilder::at(ctx, ir, InsertPoint::Before(nest));
    b.loc = loc;
    CallOp::build(
        &mut b,
        &passed,
        &[],
        ctx.symbol_ref_attr(callee, &[]),
        None,
        None,
        None,
    );
    // The function, after `after`.
    let mut b = OpBuilder::at(ctx, ir, InsertPoint::After(after));
    b.loc = loc;
    let func = FuncOp::build(
        &mut b,
        ctx.string_attr(callee),
        ctx.type_attr(ctx.function_type(&arg_types, &[])),
        None,
        None,
        None,
        None,
    );
    symbol_table::set_visibility(ctx, ir, func.op(), Visibility::Private);
    let body = ir.append_block(func.body(ir), &arg_types);
    let mut mapping = IrMapping::default();
    for (i, &v) in passed.iter().enumerate() {
        mapping.values.insert(v, ir.block_arg(body, i));
    }
    // Operands first: `recomputed` is in dependence order.
    for &def in &recomputed {
        let copy = ir.clone_op(def, InsertPoint::BlockEnd(body), &mut mapping);
        let results: Vec<Value> = ir.results(def).collect();
        for (index, r) in results.into_iter().enumerate() {
            mapping.values.insert(r, ir.result(copy, index));
        }
    }
    ir.move_op(nest, InsertPoint::BlockEnd(body));
    for &from in &captured {
        let to = mapping.values[&from];
        ir.replace_uses_where(from, to, |ir, at| ir.is_ancestor(nest, at.op));
    }
    let mut b = OpBuilder::at(ctx, ir, InsertPoint::BlockEnd(body));
    b.loc = loc;
    ReturnOp::build(&mut b, &[]);
    func.op()
}
