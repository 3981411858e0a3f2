//! `inline` (MLIR's `Inliner`): replaces calls (`CallOpInterface` with a
//! symbol callee) by the body of the callee (`CallableOpInterface`), then
//! simplifies every callable with the canonicalizer (MLIR's default
//! `default-pipeline=canonicalize`) and erases private callables left
//! without uses, as MLIR's inliner does.
//!
//! A call is left alone when either the call's or the callee's
//! [`InlinerInterface`] refuses (the func dialect's `no_inline` on the call
//! or on the function).
//!
//! Limits (documented differences from MLIR): only single-block callee
//! bodies are inlined (MLIR also splices multi-block bodies with `cf`
//! branches), a callee is never inlined into itself, and inlining repeats
//! until nothing changes or [`MAX_INLINING_ROUNDS`] is reached (MLIR's
//! `max-iterations`, which bounds recursion).

use smallvec::SmallVec;
use strata_ir::interfaces::{interface, CallOpInterface, CallableOpInterface, InlinerInterface};
use strata_ir::ir_transfer::IrMapping as Mapping;
use strata_ir::pass::{Pass, PassContext, PassOption, PassResult};
use strata_ir::rewrite::{apply_patterns_greedily, GreedyRewriteConfig, RewritePatternSet};
use strata_ir::symbol_table::{lookup_symbol_from, symbol_name, VISIBILITY_ATTR};
use strata_ir::{Context, InsertPoint, Ir, OpId, OpTraits, Value};

/// Rounds of inlining before giving up (recursion).
pub const MAX_INLINING_ROUNDS: i64 = 4;

#[derive(Clone)]
pub struct Inliner {
    pub max_iterations: i64,
    pub default_pipeline: String,
}

impl Default for Inliner {
    fn default() -> Self {
        Self {
            max_iterations: MAX_INLINING_ROUNDS,
            default_pipeline: "canonicalize".into(),
        }
    }
}

impl Pass for Inliner {
    fn name(&self) -> &str {
        "Inliner"
    }
    fn argument(&self) -> &str {
        "inline"
    }
    fn description(&self) -> &str {
        "Inline function calls"
    }
    fn options(&mut self) -> Vec<PassOption<'_>> {
        vec![
            PassOption::string(
                "default-pipeline",
                "The optimizer pipeline used for callables (canonicalize or empty)",
                &mut self.default_pipeline,
            ),
            PassOption::int(
                "max-iterations",
                "Maximum number of iterations when inlining within an SCC",
                &mut self.max_iterations,
            ),
        ]
    }
    fn run_on_operation(&mut self, pc: &mut PassContext) -> PassResult {
        let ctx = pc.ctx;
        let root = pc.op;
        let mut inlined = 0;
        for _ in 0..self.max_iterations.max(1) {
            let n = inline_round(ctx, pc.ir, root);
            inlined += n;
            if n == 0 {
                break;
            }
        }
        if self.default_pipeline == "canonicalize" {
            let mut set = RewritePatternSet::new();
            set.add_canonicalization_patterns(ctx);
            let frozen = set.freeze();
            let config = GreedyRewriteConfig {
                top_down: true,
                ..Default::default()
            };
            for callable in callables(ctx, pc.ir, root) {
                apply_patterns_greedily(ctx, pc.ir, callable, &frozen, &config, None);
            }
        }
        let erased = erase_dead_private_callables(ctx, pc.ir, root);
        pc.add_statistic("num-inlined-calls", "Number of inlined calls", inlined);
        pc.add_statistic(
            "num-erased-callables",
            "Number of dead callables erased",
            erased,
        );
        Ok(())
    }
}

fn callables(ctx: &Context, ir: &Ir, root: OpId) -> Vec<OpId> {
    let mut out = Vec::new();
    ir.walk_preorder(root, &mut |op| {
        if op != root && interface::<dyn CallableOpInterface>(ctx, ir, op).is_some() {
            out.push(op);
        }
    });
    out
}

/// Inlines every direct call whose callee has a single-block body; returns the count.
fn inline_round(ctx: &Context, ir: &mut Ir, root: OpId) -> u64 {
    let mut calls = Vec::new();
    ir.walk_preorder(root, &mut |op| {
        if interface::<dyn CallOpInterface>(ctx, ir, op).is_some() {
            calls.push(op);
        }
    });
    let mut count = 0;
    for call in calls {
        if !ir.is_alive(call) {
            continue;
        }
        let iface = interface::<dyn CallOpInterface>(ctx, ir, call)
            .unwrap()
            .clone();
        let Some(callee_ref) = iface.callee(ctx, ir, call) else {
            continue;
        };
        let Some(callee) = lookup_symbol_from(ctx, ir, call, callee_ref) else {
            continue;
        };
        if ir.is_ancestor(callee, call) {
            continue; // recursion
        }
        if !legal_to_inline(ctx, ir, call, callee) {
            continue;
        }
        let Some(callable) = interface::<dyn CallableOpInterface>(ctx, ir, callee) else {
            continue;
        };
        let Some(body) = callable.callable_region(ctx, ir, callee) else {
            continue;
        };
        if ir.region_blocks(body).len() != 1 {
            continue;
        }
        let block = ir.region_blocks(body)[0];
        let args = iface.arg_operands(ctx, ir, call);
        if args.len() != ir.block_args(block).len() {
            continue;
        }
        let Some(terminator) = ir.last_op(block) else {
            continue;
        };
        let returns = ctx
            .op_definition(ir.op_name(terminator))
            .is_some_and(|d| d.has_trait(OpTraits::RETURN_LIKE));
        if !returns || ir.num_operands(terminator) != ir.num_results(call) {
            continue;
        }
        let mut mapping = Mapping::new();
        for (i, &arg) in args.iter().enumerate() {
            mapping.map_value(ir.block_arg(block, i), arg);
        }
        let body_ops: Vec<OpId> = ir.block_ops(block).collect();
        for &op in &body_ops[..body_ops.len() - 1] {
            ir.clone_op(op, InsertPoint::Before(call), &mut mapping);
        }
        let results: SmallVec<[Value; 4]> = ir
            .operands(terminator)
            .map(|v| mapping.lookup_or_default(v))
            .collect();
        ir.replace_all_op_uses_with(call, &results);
        let _ = ir.erase_op(call);
        count += 1;
    }
    count
}

/// Whether `call` and `callee` allow inlining (their [`InlinerInterface`]s).
fn legal_to_inline(ctx: &Context, ir: &Ir, call: OpId, callee: OpId) -> bool {
    [call, callee].into_iter().all(|op| {
        interface::<dyn InlinerInterface>(ctx, ir, op)
            .is_none_or(|i| i.is_legal_to_inline(ctx, ir, call, callee))
    })
}

fn erase_dead_private_callables(ctx: &Context, ir: &mut Ir, root: OpId) -> u64 {
    let uses = <strata_ir::pass::SymbolUses as strata_ir::pass::Analysis>::compute(ctx, ir, root);
    let mut erased = 0;
    for callable in callables(ctx, ir, root) {
        let private = ir
            .attr(ctx, callable, VISIBILITY_ATTR)
            .and_then(|a| ctx.string_value(a))
            == Some("private");
        let Some(name) = symbol_name(ctx, ir, callable) else {
            continue;
        };
        let id = ctx.intern_str(name);
        let used_elsewhere = uses
            .users(id)
            .iter()
            .any(|&u| u != callable && ir.is_alive(u) && !ir.is_ancestor(callable, u));
        if private && !used_elsewhere && ir.erase_op(callable).is_ok() {
            erased += 1;
        }
    }
    erased
}
