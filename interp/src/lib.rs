//! Strata's reference interpreter: runs functions of the standard dialects
//! on concrete data. It is the oracle of every transformation test: a pass
//! is checked by running a function before and after it on the same inputs
//! ([`equivalence`]).
//!
//! The interpreter walks the IR directly. What each op does is looked up by
//! op name in a [`Registry`] of [`OpSemantics`] functions; each dialect's
//! semantics lives in its own file under `ops/` and registers itself in
//! [`Registry::standard`], under the name the op's declaration gives
//! (`registry.register_op::<ForOp>(for_op)`), so a misspelt op does not
//! compile. An op semantics receives its operands' values
//! and returns what happens next ([`Flow`]): results, a branch, or the end
//! of the enclosing region. Region-holding ops (loops, conditionals) run
//! their regions with [`Interpreter::run_region`].
//!
//! Every failure (out-of-bounds access, uninitialised read, division by
//! zero, unknown op, recursion too deep) is an [`InterpError`] located at
//! the op, rendered as an MLIR diagnostic; the interpreter never panics on
//! user input.
//!
//! Running a region recurses on the native stack (a loop body inside a
//! conditional inside a called function is three nested Rust calls deep),
//! so the depth a program can reach is bounded twice: at most
//! [`MAX_CALL_DEPTH`] calls and at most [`MAX_REGION_DEPTH`] regions nested
//! at once, each a located error. A top-level call runs on a thread of its
//! own whose stack ([`STACK_BYTES`]) holds that many regions, so the limits
//! are reached before the stack ends whatever thread calls the interpreter.

pub mod equivalence;
pub mod inputs;
pub mod memory;
pub mod npy;
pub mod ops;
pub mod value;

use memory::Memory;
use rustc_hash::FxHashMap;
use strata_ir::rewrite::TypedOp;
use strata_ir::{BlockId, Context, Diagnostic, Ir, Location, OpId, RegionId, Value};
pub use value::{MemRefView, RtValue, Scalar, ScalarType, Shaped};

/// How deep calls may nest before the interpreter reports an error.
pub const MAX_CALL_DEPTH: usize = 512;
/// How many regions (function bodies, loop bodies, branches of
/// conditionals) may be running at once: 512 calls through 32 nested
/// regions each.
pub const MAX_REGION_DEPTH: usize = MAX_CALL_DEPTH * 32;
/// The native stack a top-level call runs on: room for
/// [`MAX_REGION_DEPTH`] nested regions at [`STACK_BYTES_PER_REGION`] each.
/// Only the pages a run touches are ever committed.
pub const STACK_BYTES: usize = MAX_REGION_DEPTH * STACK_BYTES_PER_REGION + (8 << 20);
/// Native stack one nested region may use (`run_region`, `run_block`,
/// `execute` and the semantics of the op holding the region): about 1 KiB
/// in a release build, with room for unoptimised builds.
pub const STACK_BYTES_PER_REGION: usize = 16 << 10;
/// How many bytes of tensors, vectors and buffers one value or the live
/// buffers together may take (`--max-memory`): 8 GiB, so that a program
/// allocating more fails with a located error instead of exhausting the
/// machine. The interpreter spends [`value::ELEMENT_BYTES`] per element.
pub const DEFAULT_MAX_MEMORY: u64 = 8 << 30;
/// How many ops one run may execute before it is considered non-terminating
/// (`--max-steps`): one to three minutes of interpretation, far above
/// the test suite's largest run.
pub const DEFAULT_STEP_LIMIT: u64 = 2_000_000_000;
/// How long one top-level call may run (`--timeout`): ten minutes.
pub const DEFAULT_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(600);
/// Steps between two looks at the clock for the time limit.
const CLOCK_INTERVAL: u64 = 1 << 14;

/// The bounds of one run; each, when reached, is a located error.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Limits {
    /// Ops one run may execute.
    pub max_steps: u64,
    /// Wall time of one top-level call (`None`: unbounded).
    pub timeout: Option<std::time::Duration>,
    /// Bytes a value or the live buffers together may take.
    pub max_memory: u64,
}

impl Default for Limits {
    fn default() -> Self {
        Self {
            max_steps: DEFAULT_STEP_LIMIT,
            timeout: Some(DEFAULT_TIMEOUT),
            max_memory: DEFAULT_MAX_MEMORY,
        }
    }
}

/// The element count of `shape` when it fits in `max_memory` bytes with
/// `live` bytes already in use; otherwise why not (a phrase to follow the
/// name of what needs the memory).
pub fn memory_check(shape: &[i64], live: u64, max_memory: u64) -> Result<usize, String> {
    let count = value::element_count(shape)
        .ok_or_else(|| format!("needs more elements than fit in memory (shape {shape:?})"))?;
    let bytes = (count as u64).saturating_mul(value::ELEMENT_BYTES);
    if bytes.saturating_add(live) > max_memory {
        let held = if live > 0 {
            format!(" with {live} bytes of buffers live")
        } else {
            String::new()
        };
        return Err(format!(
            "needs {count} elements ({bytes} bytes){held}, over the memory limit of {max_memory} bytes (--max-memory)"
        ));
    }
    Ok(count)
}

/// A run-time error, located at the op that failed.
#[derive(Clone, Debug)]
pub struct InterpError {
    pub loc: Option<Location>,
    pub message: String,
    /// A limit of [`Limits`] stopped the run (not the program's own fault).
    pub limit: bool,
}

impl InterpError {
    pub fn new(message: impl Into<String>) -> Self {
        Self {
            loc: None,
            message: message.into(),
            limit: false,
        }
    }
    /// The error as an MLIR diagnostic.
    pub fn to_diagnostic(&self, ctx: &Context) -> Diagnostic {
        Diagnostic::error(
            self.loc.unwrap_or_else(|| ctx.unknown_loc()),
            self.message.clone(),
        )
    }
}

impl std::fmt::Display for InterpError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

pub type InterpResult<T> = Result<T, InterpError>;

/// What executing one op leads to.
#[derive(Debug)]
pub enum Flow {
    /// The op's results; execution continues with the next op.
    Next(Vec<RtValue>),
    /// Jump to a block of the current region with these arguments.
    Branch(BlockId, Vec<RtValue>),
    /// The region ends, yielding these values (`func.return`, `scf.yield`, ...).
    Yield(Vec<RtValue>),
}

/// What an op does: `(interpreter, op, operand values) -> flow`.
pub type OpSemantics = fn(&mut Interpreter, OpId, &[RtValue]) -> InterpResult<Flow>;

/// Op semantics by op name.
#[derive(Default, Clone)]
pub struct Registry {
    map: FxHashMap<String, OpSemantics>,
}

impl Registry {
    pub fn new() -> Self {
        Self::default()
    }
    pub fn register(&mut self, name: &str, semantics: OpSemantics) {
        self.map.insert(name.to_string(), semantics);
    }
    /// Registers `semantics` for the op `T` declares, so the name is the
    /// declaration's and a misspelling does not compile.
    pub fn register_op<T: TypedOp>(&mut self, semantics: OpSemantics) {
        self.register(T::NAME, semantics);
    }
    pub fn get(&self, name: &str) -> Option<OpSemantics> {
        self.map.get(name).copied()
    }
    /// The semantics of every dialect the interpreter knows.
    pub fn standard() -> Self {
        let mut registry = Self::new();
        ops::register_all(&mut registry);
        registry
    }
}

/// One function activation: the values of its SSA names.
#[derive(Default)]
struct Frame {
    values: FxHashMap<Value, RtValue>,
}

/// Executes IR of one module.
pub struct Interpreter<'a> {
    pub ctx: &'a Context,
    pub ir: &'a Ir,
    /// The symbol table op in which calls are resolved.
    pub module: OpId,
    pub memory: Memory,
    registry: &'a Registry,
    frames: Vec<Frame>,
    /// Ops executed so far, against [`Interpreter::step_limit`].
    pub steps: u64,
    pub step_limit: u64,
    /// Bytes a value or all live buffers may take (see [`DEFAULT_MAX_MEMORY`]).
    pub max_memory: u64,
    /// Wall time of one top-level call, and when the current one started.
    pub timeout: Option<std::time::Duration>,
    started: Option<std::time::Instant>,
    symbols: FxHashMap<String, OpId>,
    /// Regions running now, against [`MAX_REGION_DEPTH`].
    region_depth: usize,
    /// The values of the last yield, handed from `run_block` to `run_region`.
    yielded: Vec<RtValue>,
}

impl<'a> Interpreter<'a> {
    pub fn new(ctx: &'a Context, ir: &'a Ir, module: OpId, registry: &'a Registry) -> Self {
        let mut symbols = FxHashMap::default();
        for &region in ir.regions(module) {
            for &block in ir.region_blocks(region) {
                for op in ir.block_ops(block) {
                    if let Some(name) = strata_ir::symbol_table::symbol_name(ctx, ir, op) {
                        symbols.entry(name.to_string()).or_insert(op);
                    }
                }
            }
        }
        Self {
            ctx,
            ir,
            module,
            memory: Memory::default(),
            registry,
            frames: Vec::new(),
            steps: 0,
            step_limit: DEFAULT_STEP_LIMIT,
            max_memory: DEFAULT_MAX_MEMORY,
            timeout: Some(DEFAULT_TIMEOUT),
            started: None,
            symbols,
            region_depth: 0,
            yielded: Vec::new(),
        }
    }

    /// Applies `limits` to the runs that follow.
    pub fn set_limits(&mut self, limits: Limits) {
        self.step_limit = limits.max_steps;
        self.timeout = limits.timeout;
        self.max_memory = limits.max_memory;
    }

    /// The function (or other symbol) named `name` in the module.
    pub fn lookup_symbol(&self, name: &str) -> Option<OpId> {
        self.symbols.get(name).copied()
    }

    /// An error located at `op`.
    pub fn error(&self, op: OpId, message: impl Into<String>) -> InterpError {
        InterpError {
            loc: Some(self.ir.op_loc(op)),
            message: message.into(),
            limit: false,
        }
    }

    /// The element count of a value of `shape` that `op` makes, checked
    /// against [`Interpreter::max_memory`] (with the live buffers when
    /// `buffer`: memory the op allocates rather than a value it yields).
    pub fn elements_for(&self, op: OpId, shape: &[i64], buffer: bool) -> InterpResult<usize> {
        let live = if buffer { self.memory.live_bytes() } else { 0 };
        memory_check(shape, live, self.max_memory).map_err(|e| {
            let name = self.ctx.op_name_str(self.ir.op_name(op));
            let mut error = self.error(op, format!("'{name}' {e}"));
            error.limit = true;
            error
        })
    }

    /// A new contiguous buffer of `shape` made by `op`, initialised with
    /// `init` when given, within [`Interpreter::max_memory`].
    pub fn allocate_view(
        &mut self,
        op: OpId,
        shape: &[i64],
        elem: ScalarType,
        init: Option<&[Scalar]>,
    ) -> InterpResult<MemRefView> {
        self.elements_for(op, shape, true)?;
        Ok(self.memory.allocate_view(shape, elem, init))
    }

    /// The value of `value` in the current frame.
    pub fn value(&self, value: Value) -> Option<&RtValue> {
        self.frames.last()?.values.get(&value)
    }

    /// Binds `value` in the current frame.
    pub fn bind(&mut self, value: Value, v: RtValue) {
        if let Some(frame) = self.frames.last_mut() {
            frame.values.insert(value, v);
        }
    }

    /// Calls function `name` with `args`, returning its results.
    pub fn call_by_name(&mut self, name: &str, args: Vec<RtValue>) -> InterpResult<Vec<RtValue>> {
        let func = self
            .lookup_symbol(name)
            .ok_or_else(|| InterpError::new(format!("no function named '@{name}'")))?;
        self.call(func, args)
    }

    /// Calls the function-like op `func` (its first region) with `args`.
    /// A top-level call runs on a thread with a [`STACK_BYTES`] stack.
    pub fn call(&mut self, func: OpId, args: Vec<RtValue>) -> InterpResult<Vec<RtValue>> {
        if self.region_depth == 0 {
            let spawned = std::thread::scope(|scope| {
                std::thread::Builder::new()
                    .name("strata-interp".into())
                    .stack_size(STACK_BYTES)
                    .spawn_scoped(scope, || {
                        // Depth 1 marks "on the interpreter's stack"; the
                        // function's own region counts from there.
                        self.region_depth = 1;
                        self.started = Some(std::time::Instant::now());
                        let result = self.call_here(func, args);
                        self.region_depth = 0;
                        self.started = None;
                        result
                    })
                    .map(|handle| handle.join())
            });
            return match spawned {
                Ok(Ok(result)) => result,
                Ok(Err(panic)) => std::panic::resume_unwind(panic),
                Err(e) => Err(self.error(
                    func,
                    format!("could not start the interpreter's thread: {e}"),
                )),
            };
        }
        self.call_here(func, args)
    }

    /// [`Interpreter::call`] on the current thread.
    fn call_here(&mut self, func: OpId, args: Vec<RtValue>) -> InterpResult<Vec<RtValue>> {
        if self.frames.len() >= MAX_CALL_DEPTH {
            return Err(self.error(
                func,
                format!("call depth exceeds {MAX_CALL_DEPTH} (unbounded recursion?)"),
            ));
        }
        let region = self
            .ir
            .regions(func)
            .first()
            .copied()
            .filter(|&r| !self.ir.region_is_empty(r))
            .ok_or_else(|| {
                let name =
                    strata_ir::symbol_table::symbol_name(self.ctx, self.ir, func).unwrap_or("");
                self.error(
                    func,
                    format!("cannot call '@{name}': it is a declaration without a body"),
                )
            })?;
        self.frames.push(Frame::default());
        let result = self.run_region(region, args);
        self.frames.pop();
        result
    }

    /// Runs `region` from its entry block with `args` as the entry block's
    /// arguments, until an op yields; returns the yielded values. Values
    /// defined outside the region stay visible (same frame).
    pub fn run_region(
        &mut self,
        region: RegionId,
        args: Vec<RtValue>,
    ) -> InterpResult<Vec<RtValue>> {
        let Some(block) = self.ir.entry_block(region) else {
            return Ok(Vec::new());
        };
        if self.region_depth > MAX_REGION_DEPTH {
            let owner = self.ir.region_op(region).unwrap_or(self.module);
            return Err(self.error(
                owner,
                format!("regions nest deeper than {MAX_REGION_DEPTH} (unbounded recursion?)"),
            ));
        }
        self.region_depth += 1;
        let result = self.run_blocks(region, block, args);
        self.region_depth -= 1;
        result
    }

    /// Runs the blocks of `region` from `block` on.
    fn run_blocks(
        &mut self,
        region: RegionId,
        mut block: BlockId,
        mut args: Vec<RtValue>,
    ) -> InterpResult<Vec<RtValue>> {
        loop {
            let params = self.ir.block_args(block);
            if params.len() != args.len() {
                let owner = self.ir.region_op(region).unwrap_or(self.module);
                return Err(self.error(
                    owner,
                    format!(
                        "block expects {} arguments but {} were passed",
                        params.len(),
                        args.len()
                    ),
                ));
            }
            for (&p, a) in params.iter().zip(args) {
                self.bind(p, a);
            }
            match self.run_block(block)? {
                Some((next, next_args)) => {
                    block = next;
                    args = next_args;
                }
                None => return Ok(std::mem::take(&mut self.yielded)),
            }
        }
    }

    /// Runs the ops of `block`; `Some` for a branch, `None` when the region yielded.
    fn run_block(&mut self, block: BlockId) -> InterpResult<Option<(BlockId, Vec<RtValue>)>> {
        let mut cursor = self.ir.first_op(block);
        while let Some(op) = cursor {
            cursor = self.ir.next_op(op);
            match self.execute(op)? {
                Flow::Next(results) => {
                    let expected = self.ir.num_results(op);
                    if results.len() != expected {
                        return Err(self.error(
                            op,
                            format!(
                                "interpreter produced {} results for an op with {expected}",
                                results.len()
                            ),
                        ));
                    }
                    for (i, v) in results.into_iter().enumerate() {
                        let r = self.ir.result(op, i);
                        self.bind(r, v);
                    }
                }
                Flow::Branch(target, args) => return Ok(Some((target, args))),
                Flow::Yield(values) => {
                    self.yielded = values;
                    return Ok(None);
                }
            }
        }
        // A block without a terminator (graph regions, `NoTerminator` ops) yields nothing.
        self.yielded = Vec::new();
        Ok(None)
    }

    /// Counts `n` steps of work done at `op` against the step limit (and,
    /// every [`CLOCK_INTERVAL`] steps, the time limit). Ops that run a whole
    /// loop nest natively (a linalg op's fast path) charge its iterations,
    /// so a huge op stops at the limits like the loop it stands for.
    pub fn charge_steps(&mut self, op: OpId, n: u64) -> InterpResult<()> {
        let before = self.steps;
        self.steps = self.steps.saturating_add(n);
        if self.steps > self.step_limit {
            let mut e = self.error(
                op,
                format!(
                    "step limit of {} ops exceeded (non-terminating loop?)",
                    self.step_limit
                ),
            );
            e.limit = true;
            return Err(e);
        }
        if self.steps / CLOCK_INTERVAL != before / CLOCK_INTERVAL {
            if let (Some(timeout), Some(started)) = (self.timeout, self.started) {
                if started.elapsed() > timeout {
                    let mut e = self.error(
                        op,
                        format!(
                            "time limit of {} s exceeded (non-terminating loop?)",
                            timeout.as_secs_f64()
                        ),
                    );
                    e.limit = true;
                    return Err(e);
                }
            }
        }
        Ok(())
    }

    /// Executes one op.
    pub fn execute(&mut self, op: OpId) -> InterpResult<Flow> {
        self.charge_steps(op, 1)?;
        let name = self.ctx.op_name_str(self.ir.op_name(op));
        let Some(semantics) = self.registry.get(name) else {
            return Err(self.error(op, format!("the interpreter does not know the op '{name}'")));
        };
        let mut operands = Vec::with_capacity(self.ir.num_operands(op));
        for (i, v) in self.ir.operands(op).enumerate() {
            match self.value(v) {
                Some(x) => operands.push(x.clone()),
                None => {
                    return Err(self.error(
                        op,
                        format!(
                            "operand #{i} of '{name}' has no value (used before it was computed)"
                        ),
                    ))
                }
            }
        }
        semantics(self, op, &operands).map_err(|mut e| {
            if e.loc.is_none() {
                e.loc = Some(self.ir.op_loc(op));
            }
            e
        })
    }
}
