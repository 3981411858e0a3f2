//! The pass manager (MLIR's `Pass/`).
//!
//! - A [`Pass`] transforms one op (and what it contains). It is anchored on
//!   an op name (`func.func`) or on any op, declares options bound to its
//!   fields ([`options`]) and reports failure as a diagnostic.
//! - An [`OpPassManager`] is a pipeline anchored on an op name (or `any`):
//!   a list of passes and of nested pipelines. Consecutive nested pipelines
//!   form one adaptor that visits the ops directly nested in the current op
//!   once, each op going to the pipeline anchored on its name.
//! - A [`PassManager`] is the top-level pipeline plus what surrounds a run:
//!   threading, verification after each pass, instrumentation (timing,
//!   statistics, IR printing), the analysis cache.
//! - [`pipeline`] parses and prints MLIR's textual pipelines,
//!   `builtin.module(func.func(canonicalize,cse),symbol-dce)`; [`registry`]
//!   maps pass arguments to constructors.
//!
//! Parallelism: an adaptor runs its nested pipelines over isolated-from-above
//! ops. Each such op's body is moved into an `Ir` of its own
//! ([`crate::ir_transfer`]); the bodies are transformed in parallel with
//! rayon (each worker with its own clone of the pipeline, sharing the
//! `&Context`), then moved back in their original order. The move happens
//! whether or not threads are used, so output does not depend on the number
//! of threads. Ops with operands (rare for isolated ops) run in place.

pub mod analysis;
pub mod options;
pub mod pipeline;
pub mod registry;

use crate::context::Context;
use crate::diagnostics::Diagnostic;
use crate::ir::{Ir, OpId};
use crate::opdef::OpTraits;
pub use analysis::{Analysis, AnalysisManager, PreservedAnalyses, SymbolUses};
pub use options::{OptionEnum, OptionValue, PassOption};
pub use pipeline::{parse_pass_pipeline, PipelineError};
use rayon::prelude::*;
pub use registry::{PassInfo, PassRegistry};
use std::fmt::Write as _;
use std::time::{Duration, Instant};

/// Why a pass failed: a diagnostic to show, or none when the pass already
/// emitted its errors through [`PassContext::emit`].
#[derive(Debug, Default)]
pub struct PassFailure(pub Option<Diagnostic>);

impl From<Diagnostic> for PassFailure {
    fn from(d: Diagnostic) -> Self {
        PassFailure(Some(d))
    }
}

pub type PassResult = Result<(), PassFailure>;

/// A transformation of one op (MLIR's `Pass`).
pub trait Pass: Send + Sync + PassClone {
    /// The display name (`CSE`, `Canonicalizer`), shown in dumps and reports.
    fn name(&self) -> &str;
    /// The command-line argument (`cse`, `canonicalize`).
    fn argument(&self) -> &str;
    fn description(&self) -> &str {
        ""
    }
    /// The op name this pass runs on; `None` runs on any op.
    fn anchor(&self) -> Option<&str> {
        None
    }
    /// The options, bound to the fields they set (see [`options`]).
    fn options(&mut self) -> Vec<PassOption<'_>> {
        Vec::new()
    }
    /// Called once before the first run, after options are set (MLIR's
    /// `initialize`): build pattern sets and other shared state here.
    fn initialize(&mut self, _ctx: &Context) -> Result<(), Diagnostic> {
        Ok(())
    }
    /// For passes on any op: whether this op qualifies.
    fn can_schedule_on(&self, _ctx: &Context, _ir: &Ir, _op: OpId) -> bool {
        true
    }
    fn run_on_operation(&mut self, pc: &mut PassContext) -> PassResult;
}

/// Cloning of boxed passes (each worker thread runs its own copy).
pub trait PassClone {
    fn clone_box(&self) -> Box<dyn Pass>;
}

impl<T: Pass + Clone + 'static> PassClone for T {
    fn clone_box(&self) -> Box<dyn Pass> {
        Box::new(self.clone())
    }
}

impl Clone for Box<dyn Pass> {
    fn clone(&self) -> Self {
        self.clone_box()
    }
}

/// What a running pass sees: the context, the IR, its op, the analyses,
/// and where diagnostics and statistics go.
pub struct PassContext<'a> {
    pub ctx: &'a Context,
    pub ir: &'a mut Ir,
    pub op: OpId,
    /// Whether `op` is nested in another op. The pass manager moves a
    /// nested op's body into an `Ir` of its own while passes run on it,
    /// where `ir.parent_op(op)` is `None`; this keeps what it was.
    pub nested: bool,
    analyses: &'a mut AnalysisManager,
    preserved: PreservedAnalyses,
    diagnostics: &'a mut Vec<Diagnostic>,
    statistics: &'a mut Vec<(&'static str, &'static str, u64)>,
}

impl<'a> PassContext<'a> {
    pub fn ctx(&self) -> &'a Context {
        self.ctx
    }
    pub fn op(&self) -> OpId {
        self.op
    }
    pub fn ir(&self) -> &Ir {
        self.ir
    }
    pub fn ir_mut(&mut self) -> &mut Ir {
        self.ir
    }
    /// Emits a diagnostic (errors do not fail the pass by themselves).
    pub fn emit(&mut self, diagnostic: Diagnostic) {
        self.diagnostics.push(diagnostic);
    }
    /// The analysis `A` of the pass's op, computed or cached.
    pub fn analysis<A: Analysis>(&mut self) -> &mut A {
        self.analyses.get::<A>(self.ctx, self.ir, self.op)
    }
    /// The IR and an analysis at once, for passes that query while mutating.
    pub fn ir_and_analysis<A: Analysis>(&mut self) -> (&mut Ir, &mut A) {
        let analysis = self.analyses.get::<A>(self.ctx, self.ir, self.op);
        (self.ir, analysis)
    }
    /// The analysis `A` of another op (nested in the pass's op).
    pub fn analysis_of<A: Analysis>(&mut self, op: OpId) -> &mut A {
        self.analyses.get::<A>(self.ctx, self.ir, op)
    }
    pub fn mark_all_analyses_preserved(&mut self) {
        self.preserved.preserve_all();
    }
    pub fn mark_analysis_preserved<A: Analysis>(&mut self) {
        self.preserved.preserve::<A>();
    }
    /// Adds `value` to the statistic `name` (shown by `--mlir-pass-statistics`).
    pub fn add_statistic(&mut self, name: &'static str, description: &'static str, value: u64) {
        match self.statistics.iter_mut().find(|(n, _, _)| *n == name) {
            Some(entry) => entry.2 += value,
            None => self.statistics.push((name, description, value)),
        }
    }
}

/// The op a pipeline is anchored on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Anchor {
    Op(String),
    Any,
}

impl Anchor {
    pub fn text(&self) -> &str {
        match self {
            Anchor::Op(name) => name,
            Anchor::Any => "any",
        }
    }
}

#[derive(Clone)]
enum Entry {
    Pass {
        pass: Box<dyn Pass>,
        node: usize,
    },
    /// Consecutive nested pipelines (MLIR's `OpToOpPassAdaptor`).
    Adaptor(Vec<OpPassManager>),
}

/// A pipeline anchored on an op (MLIR's `OpPassManager`).
#[derive(Clone)]
pub struct OpPassManager {
    anchor: Anchor,
    entries: Vec<Entry>,
    /// Index of this pipeline's node in the report tree.
    node: usize,
}

impl OpPassManager {
    pub fn new(anchor: Anchor) -> Self {
        Self {
            anchor,
            entries: Vec::new(),
            node: 0,
        }
    }
    pub fn on(anchor: &str) -> Self {
        Self::new(if anchor == "any" {
            Anchor::Any
        } else {
            Anchor::Op(anchor.to_string())
        })
    }
    pub fn anchor(&self) -> &Anchor {
        &self.anchor
    }
    pub fn add_pass(&mut self, pass: Box<dyn Pass>) -> &mut Self {
        self.entries.push(Entry::Pass { pass, node: 0 });
        self
    }
    /// Adds a pass, nesting it under its anchor when this pipeline is
    /// anchored elsewhere (MLIR's implicit nesting, as `mlir-opt -cse`).
    pub fn add_pass_implicitly_nested(&mut self, pass: Box<dyn Pass>) -> &mut Self {
        match pass.anchor().map(str::to_string) {
            Some(anchor) if Anchor::Op(anchor.clone()) != self.anchor => {
                self.nest(&anchor).add_pass(pass);
            }
            _ => {
                self.add_pass(pass);
            }
        }
        self
    }
    /// The nested pipeline on `anchor` (`any` for any op), added to the
    /// trailing adaptor or a new one.
    pub fn nest(&mut self, anchor: &str) -> &mut OpPassManager {
        let nested = OpPassManager::on(anchor);
        if !matches!(self.entries.last(), Some(Entry::Adaptor(_))) {
            self.entries.push(Entry::Adaptor(Vec::new()));
        }
        let Some(Entry::Adaptor(pms)) = self.entries.last_mut() else {
            unreachable!()
        };
        if let Some(i) = pms.iter().position(|pm| pm.anchor == nested.anchor) {
            return &mut pms[i];
        }
        pms.push(nested);
        pms.last_mut().unwrap()
    }
    /// Appends a nested pipeline as its own adaptor entry (as parsed).
    pub fn add_nested(&mut self, nested: OpPassManager) {
        match self.entries.last_mut() {
            Some(Entry::Adaptor(pms)) if !pms.iter().any(|pm| pm.anchor == nested.anchor) => {
                pms.push(nested)
            }
            _ => self.entries.push(Entry::Adaptor(vec![nested])),
        }
    }
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }
    /// Number of passes, nested ones included.
    pub fn size(&self) -> usize {
        self.entries.len()
    }

    /// The textual form, `anchor(pass{opts},nested(...))`.
    pub fn pipeline_text(&mut self) -> String {
        let mut out = String::new();
        self.print(&mut out, None, 0);
        out
    }

    /// The multi-line form `--dump-pass-pipeline` shows.
    pub fn pipeline_text_pretty(&mut self) -> String {
        let mut out = String::new();
        self.print(&mut out, Some(0), 0);
        out
    }

    fn print(&mut self, out: &mut String, indent: Option<usize>, _depth: usize) {
        let (nl, pad, inner) = match indent {
            Some(i) => ("\n", "  ".repeat(i), Some(i + 1)),
            None => ("", String::new(), None),
        };
        let inner_pad = inner.map(|i| "  ".repeat(i)).unwrap_or_default();
        let _ = write!(out, "{}{}(", pad, self.anchor.text());
        out.push_str(nl);
        let mut first = true;
        for entry in &mut self.entries {
            let items: Vec<&mut OpPassManager> = match entry {
                Entry::Pass { pass, .. } => {
                    if !first {
                        out.push(',');
                        out.push_str(nl);
                    }
                    first = false;
                    out.push_str(&inner_pad);
                    out.push_str(&pass_text(pass.as_mut()));
                    continue;
                }
                Entry::Adaptor(pms) => pms.iter_mut().collect(),
            };
            for pm in items {
                if !first {
                    out.push(',');
                    out.push_str(nl);
                }
                first = false;
                pm.print(out, inner, _depth + 1);
            }
        }
        out.push_str(nl);
        let _ = write!(out, "{pad})");
    }

    /// Whether this pipeline runs on an op named `name` (MLIR's `canScheduleOn`).
    fn can_schedule_on(&self, ctx: &Context, ir: &Ir, op: OpId) -> bool {
        match &self.anchor {
            Anchor::Op(name) => ctx.op_name_str(ir.op_name(op)) == name,
            Anchor::Any => {
                ctx.op_definition(ir.op_name(op))
                    .is_some_and(|d| d.has_trait(OpTraits::ISOLATED_FROM_ABOVE))
                    && self.entries.iter().all(|e| match e {
                        Entry::Pass { pass, .. } => pass.can_schedule_on(ctx, ir, op),
                        Entry::Adaptor(_) => true,
                    })
            }
        }
    }

    /// Checks anchors, numbers the report nodes, initializes the passes.
    fn finalize(
        &mut self,
        ctx: &Context,
        nodes: &mut Vec<ReportNode>,
        parent: Option<usize>,
    ) -> Result<(), Diagnostic> {
        self.node = nodes.len();
        nodes.push(ReportNode {
            label: match &self.anchor {
                Anchor::Op(name) => format!("'{name}' Pipeline"),
                Anchor::Any => "'any' Pipeline".to_string(),
            },
            parent,
        });
        let my_node = self.node;
        for entry in &mut self.entries {
            match entry {
                Entry::Pass { pass, node } => {
                    if let (Some(pass_anchor), Anchor::Op(pm_anchor)) =
                        (pass.anchor(), &self.anchor)
                    {
                        if pass_anchor != pm_anchor {
                            return Err(Diagnostic::error(
                                ctx.unknown_loc(),
                                format!(
                                    "Can't add pass '{}' restricted to '{}' on a PassManager intended to run on '{}', did you intend to nest?",
                                    pass.name(),
                                    pass_anchor,
                                    pm_anchor
                                ),
                            ));
                        }
                    }
                    if let (Some(pass_anchor), Anchor::Any) = (pass.anchor(), &self.anchor) {
                        return Err(Diagnostic::error(
                            ctx.unknown_loc(),
                            format!(
                                "Can't add pass '{}' restricted to '{}' on a PassManager intended to run on 'any', did you intend to nest?",
                                pass.name(),
                                pass_anchor
                            ),
                        ));
                    }
                    *node = nodes.len();
                    nodes.push(ReportNode {
                        label: pass.name().to_string(),
                        parent: Some(my_node),
                    });
                    pass.initialize(ctx)?;
                }
                Entry::Adaptor(pms) => {
                    for pm in pms {
                        pm.finalize(ctx, nodes, Some(my_node))?;
                    }
                }
            }
        }
        Ok(())
    }

    /// Runs the pipeline on `op`, which it must be anchored on; `nested`:
    /// `op` has a parent op (perhaps not in `ir`, see [`PassContext::nested`]).
    fn run_on(
        &mut self,
        ctx: &Context,
        ir: &mut Ir,
        op: OpId,
        nested: bool,
        config: &PassManagerConfig,
        record: &mut RunRecord,
    ) -> Result<(), ()> {
        let mut analyses = AnalysisManager::new();
        for entry in &mut self.entries {
            match entry {
                Entry::Pass { pass, node } => {
                    run_pass(
                        pass.as_mut(),
                        *node,
                        ctx,
                        ir,
                        op,
                        nested,
                        &mut analyses,
                        config,
                        record,
                    )?;
                }
                Entry::Adaptor(pms) => {
                    let start = Instant::now();
                    let result = run_adaptor(pms, ctx, ir, op, config, record);
                    // Nested bodies were moved: nothing cached below `op` holds.
                    analyses.invalidate(ir, op, &PreservedAnalyses::none());
                    let elapsed = start.elapsed();
                    for pm in pms.iter() {
                        // The adaptor's wall time, shared by its pipelines
                        // (MLIR reports one time per nested pipeline too).
                        record.add_time(pm.node, elapsed / pms.len() as u32);
                    }
                    result?;
                }
            }
        }
        Ok(())
    }
}

/// `name{opt=value ...}` for a pass.
fn pass_text(pass: &mut dyn Pass) -> String {
    let mut text = pass.argument().to_string();
    let options = pass.options();
    if !options.is_empty() {
        let parts: Vec<String> = options
            .iter()
            .map(|o| format!("{}={}", o.name, o.value_text()))
            .collect();
        let _ = write!(text, "{{{}}}", parts.join(" "));
    }
    text
}

#[allow(clippy::too_many_arguments)]
fn run_pass(
    pass: &mut dyn Pass,
    node: usize,
    ctx: &Context,
    ir: &mut Ir,
    op: OpId,
    nested: bool,
    analyses: &mut AnalysisManager,
    config: &PassManagerConfig,
    record: &mut RunRecord,
) -> Result<(), ()> {
    if config.print_before.matches(pass) {
        record.dump_ir(ctx, ir, op, "Before", pass, config);
    }
    let start = Instant::now();
    let mut diagnostics = Vec::new();
    let mut statistics = Vec::new();
    let (result, preserved) = {
        let mut pc = PassContext {
            ctx,
            ir,
            op,
            nested,
            analyses,
            preserved: PreservedAnalyses::none(),
            diagnostics: &mut diagnostics,
            statistics: &mut statistics,
        };
        let result = pass.run_on_operation(&mut pc);
        (result, pc.preserved)
    };
    record.add_time(node, start.elapsed());
    record.add_statistics(node, &statistics);
    let had_error = diagnostics.iter().any(Diagnostic::is_error);
    record.diagnostics.extend(diagnostics);
    if let Err(PassFailure(diagnostic)) = result {
        let reported = diagnostic.is_some() || had_error;
        if let Some(d) = diagnostic {
            record.diagnostics.push(d);
        }
        if !reported {
            record.diagnostics.push(
                Diagnostic::error(
                    ir.op_loc(op),
                    "Failures have been detected while processing an MLIR pass pipeline",
                )
                .with_note(ir.op_loc(op), failure_note(ctx, ir, op, pass)),
            );
        }
        if config.print_after_failure {
            record.dump_ir(ctx, ir, op, "After Failed", pass, config);
        }
        return Err(());
    }
    analyses.invalidate(ir, op, &preserved);
    if config.print_after.matches(pass) && !(config.print_after_change && preserved.is_all()) {
        record.dump_ir(ctx, ir, op, "After", pass, config);
    }
    if config.verify_each {
        if let Err(d) = crate::verifier::verify(ctx, ir, op) {
            record.diagnostics.push(d);
            return Err(());
        }
    }
    Ok(())
}

/// MLIR's "Pipeline failed while executing [`CSE` on 'func.func' operation: @f]".
fn failure_note(ctx: &Context, ir: &Ir, op: OpId, pass: &dyn Pass) -> String {
    let mut text = format!(
        "Pipeline failed while executing [`{}` on '{}' operation",
        pass.name(),
        ctx.op_name_str(ir.op_name(op))
    );
    if let Some(name) = crate::symbol_table::symbol_name(ctx, ir, op) {
        let _ = write!(text, ": @{name}");
    }
    text.push(']');
    text
}

/// One nested op to run a pipeline on.
struct Job {
    op: OpId,
    pm: usize,
    body: Option<crate::ir_transfer::DetachedOp>,
    record: RunRecord,
    result: Result<(), ()>,
}

fn run_adaptor(
    pms: &mut [OpPassManager],
    ctx: &Context,
    ir: &mut Ir,
    op: OpId,
    config: &PassManagerConfig,
    record: &mut RunRecord,
) -> Result<(), ()> {
    let mut jobs: Vec<Job> = Vec::new();
    for &region in ir.regions(op) {
        for &block in ir.region_blocks(region) {
            for child in ir.block_ops(block) {
                let Some(pm) = pms.iter().position(|pm| pm.can_schedule_on(ctx, ir, child)) else {
                    continue;
                };
                jobs.push(Job {
                    op: child,
                    pm,
                    body: None,
                    record: RunRecord::new(record.nodes),
                    result: Ok(()),
                });
            }
        }
    }
    for job in &jobs {
        let def = ctx.op_definition(ir.op_name(job.op));
        let message = match def {
            None => Some("trying to schedule a pass on an unregistered operation"),
            Some(d) if !d.has_trait(OpTraits::ISOLATED_FROM_ABOVE) => {
                Some("trying to schedule a pass on an operation not marked as 'IsolatedFromAbove'")
            }
            _ => None,
        };
        if let Some(message) = message {
            record
                .diagnostics
                .push(crate::verifier::emit_op_error(ctx, ir, job.op, message));
            return Err(());
        }
    }
    if jobs.is_empty() {
        return Ok(());
    }
    // Move every body out (ops with operands stay and run in place).
    for job in &mut jobs {
        if ir.num_operands(job.op) == 0 {
            job.body = Some(ir.detach_isolated(ctx, job.op));
        }
    }
    // A moved body cannot see its siblings, but verifying it on its own
    // after each pass is sound: ops that resolve symbols (a call's callee)
    // check them with the symbol table's verification, once the bodies are
    // back (below), as MLIR verifies an op non-recursively after an adaptor.
    let parallel = config.threading && jobs.iter().filter(|j| j.body.is_some()).count() > 1;
    if parallel {
        let template: &[OpPassManager] = pms;
        jobs.par_iter_mut()
            .filter(|j| j.body.is_some())
            .for_each_init(
                || template.to_vec(),
                |local, job| {
                    let body = job.body.as_mut().unwrap();
                    job.result = local[job.pm].run_on(
                        ctx,
                        &mut body.ir,
                        body.root,
                        true,
                        config,
                        &mut job.record,
                    );
                },
            );
    } else {
        for job in jobs.iter_mut().filter(|j| j.body.is_some()) {
            let body = job.body.as_mut().unwrap();
            job.result =
                pms[job.pm].run_on(ctx, &mut body.ir, body.root, true, config, &mut job.record);
        }
    }
    for job in jobs.iter_mut().filter(|j| j.body.is_none()) {
        job.result = pms[job.pm].run_on(ctx, ir, job.op, true, config, &mut job.record);
    }
    // Back in original order; records merge in the same order.
    let mut result = Ok(());
    for job in &mut jobs {
        if let Some(body) = job.body.take() {
            // Diagnostics carry locations, not handles: they survive the move.
            ir.reattach(job.op, body);
        }
    }
    for job in jobs {
        record.merge(job.record);
        if job.result.is_err() {
            result = Err(());
        }
    }
    // Each body was verified after each pass; what needs the whole IR
    // (symbol uses: a call may name a sibling) is checked once, here.
    if result.is_ok() && config.verify_each && crate::symbol_table::is_symbol_table(ctx, ir, op) {
        let check = crate::symbol_table::verify_symbol_table(ctx, ir, op)
            .and_then(|()| crate::symbol_table::verify_symbol_uses(ctx, ir, op));
        if let Err(d) = check {
            record.diagnostics.push(d);
            result = Err(());
        }
    }
    result
}

/// Which passes an IR-printing flag applies to.
#[derive(Clone, Debug, Default)]
pub enum PassFilter {
    #[default]
    None,
    All,
    /// Pass arguments (`cse`, `canonicalize`).
    Arguments(Vec<String>),
}

impl PassFilter {
    fn matches(&self, pass: &dyn Pass) -> bool {
        match self {
            PassFilter::None => false,
            PassFilter::All => true,
            PassFilter::Arguments(list) => list.iter().any(|a| a == pass.argument()),
        }
    }
}

/// How a [`PassManager`] runs.
#[derive(Clone, Debug)]
pub struct PassManagerConfig {
    /// Run nested pipelines in parallel (off: `--mlir-disable-threading`).
    pub threading: bool,
    /// Verify the op after each pass (`--verify-each`, default on).
    pub verify_each: bool,
    pub timing: bool,
    pub statistics: bool,
    pub print_before: PassFilter,
    pub print_after: PassFilter,
    /// Print after a pass only when it changed something (it did not mark
    /// everything preserved).
    pub print_after_change: bool,
    pub print_after_failure: bool,
    /// How dumped IR is printed.
    pub print_options: crate::asm::PrintOptions,
}

impl Default for PassManagerConfig {
    fn default() -> Self {
        Self {
            threading: true,
            verify_each: true,
            timing: false,
            statistics: false,
            print_before: PassFilter::None,
            print_after: PassFilter::None,
            print_after_change: false,
            print_after_failure: false,
            print_options: crate::asm::PrintOptions::default(),
        }
    }
}

/// A node of the timing/statistics tree: a pass or a nested pipeline.
#[derive(Clone, Debug)]
pub struct ReportNode {
    pub label: String,
    pub parent: Option<usize>,
}

/// What one (part of a) run produced; merged in op order after parallel work.
pub struct RunRecord {
    nodes: usize,
    pub times: Vec<Duration>,
    pub statistics: Vec<Vec<(&'static str, &'static str, u64)>>,
    pub diagnostics: Vec<Diagnostic>,
    /// `--mlir-print-ir-*` output.
    pub ir_dumps: String,
}

impl RunRecord {
    fn new(nodes: usize) -> Self {
        Self {
            nodes,
            times: vec![Duration::ZERO; nodes],
            statistics: vec![Vec::new(); nodes],
            diagnostics: Vec::new(),
            ir_dumps: String::new(),
        }
    }
    fn add_time(&mut self, node: usize, time: Duration) {
        if let Some(t) = self.times.get_mut(node) {
            *t += time;
        }
    }
    fn add_statistics(&mut self, node: usize, stats: &[(&'static str, &'static str, u64)]) {
        let Some(list) = self.statistics.get_mut(node) else {
            return;
        };
        for &(name, description, value) in stats {
            match list.iter_mut().find(|(n, _, _)| *n == name) {
                Some(entry) => entry.2 += value,
                None => list.push((name, description, value)),
            }
        }
    }
    fn merge(&mut self, other: RunRecord) {
        for (node, t) in other.times.into_iter().enumerate() {
            self.add_time(node, t);
        }
        for (node, stats) in other.statistics.into_iter().enumerate() {
            self.add_statistics(node, &stats);
        }
        self.diagnostics.extend(other.diagnostics);
        self.ir_dumps.push_str(&other.ir_dumps);
    }
    fn dump_ir(
        &mut self,
        ctx: &Context,
        ir: &Ir,
        op: OpId,
        when: &str,
        pass: &dyn Pass,
        config: &PassManagerConfig,
    ) {
        let _ = writeln!(
            self.ir_dumps,
            "// -----// IR Dump {} {} ({}) //----- //",
            when,
            pass.name(),
            pass.argument()
        );
        self.ir_dumps
            .push_str(&crate::asm::print_op(ctx, ir, op, &config.print_options));
        self.ir_dumps.push_str("\n\n");
    }
}

/// The top-level pipeline and how to run it (MLIR's `PassManager`).
pub struct PassManager {
    pub root: OpPassManager,
    pub config: PassManagerConfig,
    nodes: Vec<ReportNode>,
    finalized: bool,
    /// Accumulated over runs: times and statistics per node, IR dumps.
    pub record: RunRecord,
}

impl PassManager {
    pub fn new(anchor: &str) -> Self {
        Self::from_op_pass_manager(OpPassManager::on(anchor))
    }
    pub fn from_op_pass_manager(root: OpPassManager) -> Self {
        Self {
            root,
            config: PassManagerConfig::default(),
            nodes: Vec::new(),
            finalized: false,
            record: RunRecord::new(0),
        }
    }

    /// Runs the pipeline on `op`. Diagnostics emitted on the way (errors,
    /// warnings, remarks) are returned in `record.diagnostics` as well;
    /// `Err` means a pass or a verification failed.
    pub fn run(&mut self, ctx: &Context, ir: &mut Ir, op: OpId) -> Result<(), Vec<Diagnostic>> {
        if let Anchor::Op(anchor) = self.root.anchor() {
            let name = ctx.op_name_str(ir.op_name(op));
            if anchor != name {
                return Err(vec![Diagnostic::error(
                    ir.op_loc(op),
                    format!("can't run '{anchor}' pass manager on '{name}' op"),
                )]);
            }
        }
        if !self.finalized {
            self.nodes.clear();
            self.root
                .finalize(ctx, &mut self.nodes, None)
                .map_err(|d| vec![d])?;
            self.record = RunRecord::new(self.nodes.len());
            self.finalized = true;
        }
        let mut record = RunRecord::new(self.nodes.len());
        let start = Instant::now();
        let nested = ir.parent_op(op).is_some();
        let result = self
            .root
            .run_on(ctx, ir, op, nested, &self.config, &mut record);
        record.add_time(self.root.node, start.elapsed());
        let diagnostics = record.diagnostics.clone();
        record.diagnostics.clear();
        self.record.merge(record);
        self.record.diagnostics.extend(diagnostics.iter().cloned());
        match result {
            Ok(()) => Ok(()),
            Err(()) => Err(diagnostics),
        }
    }

    /// Takes the diagnostics of the runs so far (warnings and remarks of
    /// successful runs included).
    pub fn take_diagnostics(&mut self) -> Vec<Diagnostic> {
        std::mem::take(&mut self.record.diagnostics)
    }
    /// Takes the IR printed by `--mlir-print-ir-*` so far.
    pub fn take_ir_dumps(&mut self) -> String {
        std::mem::take(&mut self.record.ir_dumps)
    }

    /// The timing tree as rows `(depth, label, time)`, top-level pipeline
    /// omitted (its passes are at depth 0), as MLIR's report lists them.
    pub fn timing_rows(&self) -> Vec<(usize, String, Duration)> {
        let mut rows = Vec::new();
        self.collect_rows(Some(0), 0, &mut rows);
        rows
    }

    fn collect_rows(
        &self,
        parent: Option<usize>,
        depth: usize,
        rows: &mut Vec<(usize, String, Duration)>,
    ) {
        for (i, node) in self.nodes.iter().enumerate() {
            if node.parent == parent {
                rows.push((depth, node.label.clone(), self.record.times[i]));
                self.collect_rows(Some(i), depth + 1, rows);
            }
        }
    }

    /// MLIR's `--mlir-pass-statistics` report (pipeline display).
    pub fn statistics_report(&self) -> String {
        let mut out = String::new();
        out.push_str(
            "===-------------------------------------------------------------------------===\n",
        );
        out.push_str("                         ... Pass statistics report ...\n");
        out.push_str(
            "===-------------------------------------------------------------------------===\n",
        );
        let mut stack: Vec<(usize, usize)> = Vec::new();
        let emit = |node: usize, depth: usize, out: &mut String| {
            let pad = "  ".repeat(depth);
            let _ = writeln!(out, "{pad}{}", self.nodes[node].label);
            let mut stats = self.record.statistics[node].clone();
            stats.sort_by(|a, b| a.0.cmp(b.0));
            for (name, description, value) in stats {
                let _ = writeln!(out, "{pad}  (S) {value} {name} - {description}");
            }
        };
        for (i, node) in self.nodes.iter().enumerate().rev() {
            if node.parent == Some(0) {
                stack.push((i, 0));
            }
        }
        while let Some((node, depth)) = stack.pop() {
            emit(node, depth, &mut out);
            for (i, n) in self.nodes.iter().enumerate().rev() {
                if n.parent == Some(node) {
                    stack.push((i, depth + 1));
                }
            }
        }
        out
    }
}

/// MLIR's execution-time report for rows `(depth, label, seconds)` whose
/// last row is the total.
pub fn timing_report(rows: &[(usize, String, Duration)], total: Duration) -> String {
    let mut out = String::new();
    out.push_str(
        "===-------------------------------------------------------------------------===\n",
    );
    out.push_str("                         ... Execution time report ...\n");
    out.push_str(
        "===-------------------------------------------------------------------------===\n",
    );
    let total_s = total.as_secs_f64();
    let _ = writeln!(out, "  Total Execution Time: {total_s:.4} seconds\n");
    out.push_str("  ----Wall Time----  ----Name----\n");
    let percent = |d: Duration| {
        if total_s > 0.0 {
            d.as_secs_f64() / total_s * 100.0
        } else {
            0.0
        }
    };
    for (depth, label, time) in rows {
        let _ = writeln!(
            out,
            "    {:.4} ({:5.1}%)  {}{}",
            time.as_secs_f64(),
            percent(*time),
            "  ".repeat(*depth),
            label
        );
    }
    let _ = writeln!(out, "    {total_s:.4} (100.0%)  Total");
    out
}
