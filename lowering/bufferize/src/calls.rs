//! Calls across function boundaries (MLIR's `bufferize-function-boundaries`
//! module bufferization): functions are bufferized callees first, each
//! leaving a [`Summary`] of its new signature, which tensor arguments it
//! writes in place, and which results return an argument's buffer.
//!
//! At a `func.call`, an operand the callee writes is a destination like a
//! linalg output: passed in place when nothing reads it after the call,
//! else as a copy (`memref.alloc` + `memref.copy`); every operand is cast
//! to the callee's argument type when its buffer's layout differs. Results
//! take the callee's result types; a result that returns an argument
//! shares that operand's buffer, any other is a new, writable buffer.
//! Calls to functions without a summary (declarations, recursion) keep
//! their tensors.

use crate::one_shot::{is_tensor, Bufferizer};
use rustc_hash::{FxHashMap, FxHashSet};
use strata_dialect_func::CallOp;
use strata_dialect_memref::CastOp;
use strata_ir::{Context, InsertPoint, Ir, OpId, Type, Value};

/// What a bufferized function does at its boundary.
#[derive(Clone, Debug)]
pub(crate) struct Summary {
    pub(crate) arg_types: Vec<Type>,
    pub(crate) result_types: Vec<Type>,
    pub(crate) writes: Vec<bool>,
    pub(crate) returns_arg: Vec<Option<usize>>,
}

fn callee_name(ctx: &Context, ir: &Ir, op: OpId) -> Option<String> {
    let attr = ir.attr(ctx, op, "callee")?;
    match ctx.attr_data(attr) {
        strata_ir::AttrData::SymbolRef { root, nested } if nested.is_empty() => {
            Some(ctx.str(*root).to_string())
        }
        _ => None,
    }
}

fn sym_name(ctx: &Context, ir: &Ir, func: OpId) -> Option<String> {
    let attr = ir.attr(ctx, func, "sym_name")?;
    ctx.string_value(attr).map(str::to_string)
}

/// `funcs` reordered so that a function comes after the functions it
/// calls (a post-order of the call graph; cycles are cut anywhere).
pub(crate) fn callees_first(ctx: &Context, ir: &Ir, funcs: Vec<OpId>) -> Vec<OpId> {
    let by_name: FxHashMap<String, OpId> = funcs
        .iter()
        .filter_map(|&f| Some((sym_name(ctx, ir, f)?, f)))
        .collect();
    let mut done = FxHashSet::default();
    let mut out = Vec::with_capacity(funcs.len());
    fn visit(
        ctx: &Context,
        ir: &Ir,
        f: OpId,
        by_name: &FxHashMap<String, OpId>,
        done: &mut FxHashSet<OpId>,
        out: &mut Vec<OpId>,
    ) {
        if !done.insert(f) {
            return;
        }
        let mut callees = Vec::new();
        ir.walk_preorder(f, &mut |o| {
            if CallOp::is(ctx, ir, o) {
                if let Some(c) = callee_name(ctx, ir, o).and_then(|n| by_name.get(&n)) {
                    callees.push(*c);
                }
            }
        });
        for c in callees {
            visit(ctx, ir, c, by_name, done, out);
        }
        out.push(f);
    }
    for &f in &funcs {
        visit(ctx, ir, f, &by_name, &mut done, &mut out);
    }
    out
}

impl Bufferizer<'_> {
    /// This function's summary, once bufferized with its boundaries.
    pub(crate) fn summary(&self, func: OpId) -> Option<(String, Summary)> {
        let ctx = self.ctx;
        let name = sym_name(ctx, self.ir, func)?;
        let fty = self
            .ir
            .attr(ctx, func, "function_type")
            .and_then(|a| ctx.type_value(a))?;
        let (inputs, results) = ctx.function_signature(fty)?;
        let writes = self
            .arg_classes
            .iter()
            .map(|c| c.is_some_and(|c| self.written[c]))
            .collect();
        Some((
            name,
            Summary {
                arg_types: inputs.to_vec(),
                result_types: results.to_vec(),
                writes,
                returns_arg: self.returned_args.clone(),
            },
        ))
    }

    pub(crate) fn call(&mut self, op: OpId) {
        let ctx = self.ctx;
        let summary = callee_name(ctx, self.ir, op).and_then(|n| self.summaries.get(&n).cloned());
        let Some(summary) = summary else {
            return self.unknown(op);
        };
        let pos = self.cur_pos;
        let operands: Vec<Value> = self.ir.operands(op).collect();
        if operands.len() != summary.arg_types.len()
            || self.ir.num_results(op) != summary.result_types.len()
        {
            return self.unknown(op);
        }
        let mut classes = vec![None; operands.len()];
        for (i, &v) in operands.iter().enumerate() {
            if !is_tensor(ctx, self.ir.value_type(v)) {
                continue;
            }
            let writes = summary.writes.get(i).copied().unwrap_or(true);
            let (buf, c) = if !writes {
                let b = self.buffer(v, op);
                (b, self.class[&v])
            } else if self.in_place(op, v) {
                let b = self.buffer(v, op);
                let c = self.class[&v];
                self.written[c] = true;
                (b, c)
            } else {
                self.out_of_place(op, v, true)
            };
            let want = summary.arg_types[i];
            let buf = if self.ir.value_type(buf) == want {
                buf
            } else {
                let cast = CastOp::build(&mut self.builder(InsertPoint::Before(op)), buf, want).0;
                self.ir.result(cast, 0)
            };
            self.ir.set_operand(op, i, buf);
            classes[i] = Some(c);
        }
        let results: Vec<Value> = self.ir.results(op).collect();
        for (j, r) in results.into_iter().enumerate() {
            if !is_tensor(ctx, self.ir.value_type(r)) {
                continue;
            }
            let c = match summary.returns_arg.get(j).copied().flatten() {
                Some(i) if classes[i].is_some() => classes[i].unwrap(),
                _ => self.new_class(true),
            };
            self.retype(r, summary.result_types[j], InsertPoint::After(op), c, pos);
        }
    }
}
