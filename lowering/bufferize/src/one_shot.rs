//! `one-shot-bufferize` (MLIR's `OneShotBufferizePass`).
//!
//! Each function's ops are rewritten in program order, descending into
//! regions (`scf.for`, `scf.if` in `scf.rs`; other region ops keep
//! their tensors but the ops inside them are bufferized). Every tensor
//! value gets a buffer:
//!
//! - `tensor.empty` / `bufferization.alloc_tensor` become `memref.alloc`
//!   (`{alignment = 64 : i64}`), `tensor.extract_slice` a `memref.subview`
//!   of its source's buffer, `tensor.extract`/`tensor.dim`/`tensor.cast`
//!   their memref counterparts, tensor constants `memref.get_global`s
//!   (`constants.rs`), reshapes and `from_elements` as in
//!   `tensor_ops.rs`, calls as in `calls.rs`;
//! - ops that write a destination (the `outs` of linalg ops,
//!   `tensor.insert`, `tensor.insert_slice`,
//!   `bufferization.materialize_in_destination`, `scf.for` inits, operands
//!   a callee writes) write it **in place** when that is legal, else into a
//!   new allocation, copied from the destination first when the op reads it.
//!
//! In place is legal (MLIR's read-after-write conflict analysis, in a
//! simpler sound form) when the destination's buffer is writable and no
//! value sharing that buffer (its alias class: the destination, slices and
//! views of it, values computed in place from it, loop-carried and `scf.if`
//! results joined with it) is *read* where it may run after the writing
//! op: later in program order, or earlier inside a loop around both when
//! the value is defined outside that loop (the next iteration). Reads in the
//! other branch of an `scf.if` never follow; `tensor.dim` and linalg outputs
//! whose payload ignores them are not reads. Function arguments are
//! writable only with `bufferize-function-boundaries`; `to_buffer` of
//! anything else, constants and `to_tensor` results are not.
//!
//! Decisions are taken in program order, first writer first; MLIR's
//! default heuristic is bottom-up (last writer first), so where two ops
//! compete for one buffer a different one may get the copy
//! (docs/bufferization.md).
//!
//! Without `bufferize-function-boundaries`, tensor arguments are read
//! through `bufferization.to_buffer` ops at the function's entry (one per
//! use, fully dynamic layout, as MLIR) and tensor results returned through
//! `bufferization.to_tensor`. With it, tensor arguments become memrefs of
//! fully dynamic layout (`memref<4xf32, strided<[?], offset: ?>>`), or of
//! identity layout with `function-boundary-type-conversion=identity-layout-map`,
//! and results take the type of the returned buffer (after a
//! `memref.cast` to the boundary type that MLIR leaves behind unused).
//!
//! Ops the pass does not know fail it ("op was not bufferized", MLIR's
//! error), or with `allow-unknown-ops` keep their tensors: they read them
//! through `bufferization.to_tensor` of the buffers, and their tensor
//! results are read through `to_buffer` (not writable). `to_tensor` ops
//! left without users are erased at the end. Only a function's entry block
//! is bufferized: tensors in its other blocks are an error.

use rustc_hash::FxHashMap;
use strata_dialect_affine as affine;
use strata_dialect_arith::ConstantOp;
use strata_dialect_bufferization::{
    AllocTensorOp, MaterializeInDestinationOp, ToBufferOp, ToTensorOp,
};
use strata_dialect_func::{CallOp, FuncOp, ReturnOp};
use strata_dialect_linalg::structured::{payload_block, structured_info};
use strata_dialect_memref as memref;
use strata_dialect_memref::layout::{identity_strides, strided_memref, subview_result_type};
use strata_dialect_memref::{AllocOp, CopyOp, LoadOp, StoreOp, SubViewOp};
use strata_dialect_scf as scf;
use strata_dialect_scf::{ConditionOp, ForallOp, IfOp, WhileOp, YieldOp};
use strata_dialect_tensor as tensor;
use strata_dialect_tensor::syntax::{i64_array_prop, operand_segments};
use strata_dialect_tensor::{
    CollapseShapeOp, ConcatOp, EmptyOp, ExpandShapeOp, ExtractOp, ExtractSliceOp, FromElementsOp,
    GenerateOp, InsertOp, InsertSliceOp, PadOp, ParallelInsertSliceOp,
};
use strata_ir::builder::OpBuilder;
use strata_ir::pass::{Pass, PassContext, PassOption, PassResult};
use strata_ir::{
    Attribute, BlockId, Context, Diagnostic, InsertPoint, Ir, OpId, OperationState, Type, TypeData,
    Value, DYNAMIC,
};

strata_ir::option_enum! {
    /// The layout of memrefs at function boundaries (MLIR's
    /// `LayoutMapOption`). Strata bufferizes with the identity layout or the
    /// fully dynamic one; `infer-layout-map` takes the fully dynamic one.
    pub enum LayoutMapOption {
        InferLayoutMap = "infer-layout-map": "infer the layout from the function body (here: fully dynamic)",
        IdentityLayoutMap = "identity-layout-map": "use the identity layout",
        FullyDynamicLayoutMap = "fully-dynamic-layout-map": "use a fully dynamic layout",
    }
}

#[derive(Clone)]
pub struct OneShotBufferize {
    pub bufferize_function_boundaries: bool,
    pub function_boundary_type_conversion: LayoutMapOption,
    pub allow_unknown_ops: bool,
    pub allow_return_allocs_from_loops: bool,
}

impl Default for OneShotBufferize {
    fn default() -> Self {
        Self {
            bufferize_function_boundaries: false,
            function_boundary_type_conversion: LayoutMapOption::FullyDynamicLayoutMap,
            allow_unknown_ops: false,
            allow_return_allocs_from_loops: false,
        }
    }
}

impl Pass for OneShotBufferize {
    fn name(&self) -> &str {
        "OneShotBufferizePass"
    }
    fn argument(&self) -> &str {
        "one-shot-bufferize"
    }
    fn description(&self) -> &str {
        "One-Shot Bufferize"
    }
    fn options(&mut self) -> Vec<PassOption<'_>> {
        vec![
            PassOption::bool(
                "bufferize-function-boundaries",
                "Bufferize function boundaries (experimental).",
                &mut self.bufferize_function_boundaries,
            ),
            PassOption::choice(
                "function-boundary-type-conversion",
                "Controls layout maps when bufferizing function signatures.",
                &mut self.function_boundary_type_conversion,
            ),
            PassOption::bool(
                "allow-unknown-ops",
                "Allows unknown (not bufferizable) ops in the input IR.",
                &mut self.allow_unknown_ops,
            ),
            PassOption::bool(
                "allow-return-allocs-from-loops",
                "Allows returning/yielding new allocations from a loop.",
                &mut self.allow_return_allocs_from_loops,
            ),
        ]
    }
    fn run_on_operation(&mut self, pc: &mut PassContext) -> PassResult {
        let ctx = pc.ctx();
        let root = pc.op();
        let identity = self.function_boundary_type_conversion == LayoutMapOption::IdentityLayoutMap;
        let ir = pc.ir_mut();
        let mut funcs = Vec::new();
        ir.walk_preorder(root, &mut |op| {
            if FuncOp::is(ctx, ir, op) {
                funcs.push(op);
            }
        });
        let mut globals = crate::constants::Globals::default();
        let mut summaries = FxHashMap::default();
        // Callees first, so calls know what their callee does.
        let funcs = crate::calls::callees_first(ctx, ir, funcs);
        for func in funcs {
            let Some(&region) = ir.regions(func).first() else {
                continue;
            };
            let Some(block) = ir.entry_block(region) else {
                continue;
            };
            let mut b = Bufferizer {
                ctx,
                ir: &mut *ir,
                block,
                boundaries: self.bufferize_function_boundaries,
                identity_boundary: identity,
                buffers: FxHashMap::default(),
                class: FxHashMap::default(),
                writable: Vec::new(),
                position: FxHashMap::default(),
                origin: FxHashMap::default(),
                pending_erase: Vec::new(),
                loops: Vec::new(),
                branches: Vec::new(),
                def_pos: FxHashMap::default(),
                class_pos: Vec::new(),
                cur_pos: 0,
                allow_return_allocs_from_loops: self.allow_return_allocs_from_loops,
                allow_unknown_ops: self.allow_unknown_ops,
                globals: &mut globals,
                error: None,
                summaries: &summaries,
                written: Vec::new(),
                arg_classes: Vec::new(),
                returned_args: Vec::new(),
            };
            b.run(func);
            if let Some(e) = b.error {
                return Err(e.into());
            }
            if self.bufferize_function_boundaries {
                if let Some((name, summary)) = b.summary(func) {
                    summaries.insert(name, summary);
                }
            }
        }
        Ok(())
    }
}

pub(crate) struct Bufferizer<'a> {
    pub(crate) ctx: &'a Context,
    pub(crate) ir: &'a mut Ir,
    pub(crate) block: BlockId,
    boundaries: bool,
    identity_boundary: bool,
    /// The buffer of each bufferized tensor value.
    pub(crate) buffers: FxHashMap<Value, Value>,
    /// Alias class of each tensor value (values sharing one buffer).
    pub(crate) class: FxHashMap<Value, usize>,
    pub(crate) writable: Vec<bool>,
    /// Program-order position (twice the pre-order index) of each original
    /// op of the function body, at any depth; the arguments of an op's
    /// regions sit at its position plus one.
    pub(crate) position: FxHashMap<OpId, usize>,
    /// Position ranges `(start, end]` of the loops (scf.for, scf.while,
    /// scf.parallel, scf.forall, affine.for/parallel): their bodies run
    /// again after any op in them.
    pub(crate) loops: Vec<(usize, usize)>,
    /// Position ranges `[first, last]` of the then and else regions of each
    /// `scf.if`: ops in one never run after ops in the other.
    branches: Vec<[(usize, usize); 2]>,
    /// Where each tensor of a class was defined.
    pub(crate) def_pos: FxHashMap<Value, usize>,
    /// Where each class's buffer was created.
    pub(crate) class_pos: Vec<usize>,
    /// Position of the op being bufferized.
    pub(crate) cur_pos: usize,
    pub(crate) allow_return_allocs_from_loops: bool,
    /// MLIR's `allow-unknown-ops`: ops the pass cannot bufferize keep their
    /// tensors (else the pass fails on the first, "op was not bufferized").
    allow_unknown_ops: bool,
    /// The module's `memref.global`s for tensor constants.
    pub(crate) globals: &'a mut crate::constants::Globals,
    /// The first error (the pass fails with it).
    pub(crate) error: Option<Diagnostic>,
    /// What the functions bufferized so far do with their arguments.
    pub(crate) summaries: &'a FxHashMap<String, crate::calls::Summary>,
    /// Whether each class's buffer is written in place somewhere.
    pub(crate) written: Vec<bool>,
    /// The class of each tensor argument of the function.
    pub(crate) arg_classes: Vec<Option<usize>>,
    /// For each result: the argument whose buffer it returns.
    pub(crate) returned_args: Vec<Option<usize>>,
    /// For a slice (or a value written in place into one): the tensor it
    /// was sliced from and the `tensor.extract_slice`.
    origin: FxHashMap<Value, (Value, OpId)>,
    /// Slices erased at the end (the analysis still compares their places).
    pending_erase: Vec<OpId>,
}

pub(crate) fn is_tensor(ctx: &Context, ty: Type) -> bool {
    matches!(ctx.type_data(ty), TypeData::RankedTensor { .. })
}

/// Whether `op` reads or defines a tensor.
fn has_tensor_values(ctx: &Context, ir: &Ir, op: OpId) -> bool {
    ir.operands(op)
        .chain(ir.results(op))
        .any(|v| is_tensor(ctx, ir.value_type(v)))
}

impl Bufferizer<'_> {
    pub(crate) fn new_class(&mut self, writable: bool) -> usize {
        self.writable.push(writable);
        self.written.push(false);
        self.class_pos.push(self.cur_pos);
        self.writable.len() - 1
    }

    /// Joins two alias classes (a value that may be either buffer, such
    /// as an `scf.if` result), writable only if both are.
    pub(crate) fn merge_classes(&mut self, a: usize, b: usize) -> usize {
        if a == b {
            return a;
        }
        for c in self.class.values_mut() {
            if *c == b {
                *c = a;
            }
        }
        self.writable[a] &= self.writable[b];
        self.written[a] |= self.written[b];
        self.class_pos[a] = self.class_pos[a].min(self.class_pos[b]);
        a
    }

    /// Position of `op`, or of its closest original ancestor.
    pub(crate) fn pos_of(&self, mut op: OpId) -> Option<usize> {
        loop {
            if let Some(&p) = self.position.get(&op) {
                return Some(p);
            }
            op = self.ir.parent_op(op)?;
        }
    }

    /// Whether a read at `read` may happen after a write at `write` of a
    /// value defined at `def`: later in program order, or earlier in a loop
    /// around both that does not also define the value (next iteration).
    fn may_follow(&self, read: usize, write: usize, def: usize) -> bool {
        let exclusive = self.branches.iter().any(|[a, b]| {
            let within = |p: usize, r: &(usize, usize)| r.0 <= p && p <= r.1;
            (within(read, a) && within(write, b)) || (within(read, b) && within(write, a))
        });
        if exclusive {
            return false;
        }
        read > write
            || self.loops.iter().any(|&(start, end)| {
                let inside = |p: usize| start < p && p <= end;
                inside(read) && inside(write) && !inside(def)
            })
    }

    /// Whether `user` reads the tensor it takes as operand `index`
    /// (`tensor.dim` reads only the shape, a linalg output is read only
    /// when the payload uses it).
    fn reads_operand(&self, user: OpId, index: u32) -> bool {
        match self.ctx.op_name_str(self.ir.op_name(user)) {
            tensor::DimOp::NAME => return false,
            // Writes its slice of the shared output, reads nothing of it.
            ParallelInsertSliceOp::NAME if index == 1 => return false,
            _ => {}
        }
        match structured_info(self.ctx, self.ir, user) {
            Some(Ok(info)) if index as usize >= info.inputs.len() => {
                let j = index as usize - info.inputs.len();
                payload_block(self.ir, user).is_none_or(|b| {
                    self.ir
                        .block_args(b)
                        .get(info.inputs.len() + j)
                        .is_none_or(|&a| self.ir.has_uses(a))
                })
            }
            _ => true,
        }
    }

    pub(crate) fn memref_like(&self, tensor_ty: Type, fully_dynamic: bool) -> Type {
        let ctx = self.ctx;
        let shape = ctx.shape(tensor_ty).unwrap_or(&[]).to_vec();
        let elem = ctx.element_type_or_self(tensor_ty);
        if fully_dynamic {
            strided_memref(
                ctx,
                &shape,
                elem,
                &vec![DYNAMIC; shape.len()],
                DYNAMIC,
                None,
            )
        } else {
            ctx.memref_type(&shape, elem)
        }
    }

    pub(crate) fn create(
        &mut self,
        name: &str,
        at: InsertPoint,
        operands: Vec<Value>,
        results: Vec<Type>,
        props: Vec<(&str, Attribute)>,
    ) -> OpId {
        let ctx = self.ctx;
        let mut state = OperationState::new(ctx, name, self.loc_of(at));
        state.operands = operands;
        state.result_types = results;
        state.properties =
            ctx.dictionary_attr(props.into_iter().map(|(n, a)| (ctx.intern_str(n), a)));
        self.ir.create_op(state, at)
    }

    /// A builder creating ops at `at`, located at the op there (typed
    /// builders take it: `CopyOp::build(&mut self.builder(at), src, dst)`).
    pub(crate) fn builder(&mut self, at: InsertPoint) -> OpBuilder<'_> {
        let loc = self.loc_of(at);
        let mut builder = OpBuilder::at(self.ctx, self.ir, at);
        builder.loc = loc;
        builder
    }

    fn loc_of(&self, at: InsertPoint) -> strata_ir::Location {
        match at {
            InsertPoint::Before(op) | InsertPoint::After(op) => self.ir.op_loc(op),
            _ => self.ctx.unknown_loc(),
        }
    }

    pub(crate) fn index_const(&mut self, at: InsertPoint, v: i64) -> Value {
        let ctx = self.ctx;
        let constant =
            ConstantOp::build(&mut self.builder(at), ctx.index_type(), ctx.index_attr(v));
        self.ir.result(constant.0, 0)
    }

    /// Whether writing `dest` (of `class`) in place at `writer` (top-level
    /// position `pos`) would clobber a value still to be read: a value of
    /// the class used after `writer`, or read by `writer` through another
    /// operand (unless the op is elementwise). A later `tensor.insert_slice`
    /// into the tensor `dest` was sliced from, at the same place, only reads
    /// around the slice (MLIR's matching extract/insert pair).
    fn used_after(&self, class: usize, pos: usize, writer: OpId, dest: Value) -> bool {
        let origin = self.origin.get(&dest).copied();
        for (&v, &c) in &self.class {
            if c != class {
                continue;
            }
            for u in self.ir.uses(v) {
                let user = u.op;
                if user == writer {
                    if v == dest && self.dest_operand(writer, dest) == Some(u.index) {
                        continue;
                    }
                    // insert_slice of what was computed in place in the very slice it overwrites.
                    if u.index == 0 {
                        if let Some((source, extract)) = self.origin.get(&v).copied() {
                            if source == dest && self.same_slice(writer, extract) {
                                continue;
                            }
                        }
                    }
                    if !self.elementwise(writer) {
                        return true;
                    }
                    continue;
                }
                if let Some((source, extract)) = origin {
                    if v == source && u.index == 1 && self.same_slice(user, extract) {
                        continue;
                    }
                }
                if !self.reads_operand(user, u.index) {
                    continue;
                }
                // Ops created by this pass (to_tensor/to_buffer) are not original uses.
                let Some(p) = self.pos_of(user) else {
                    continue;
                };
                let def = self.def_pos.get(&v).copied().unwrap_or(0);
                if self.may_follow(p, pos, def) {
                    return true;
                }
            }
        }
        false
    }

    /// The operand index through which `op` writes `dest`.
    fn dest_operand(&self, op: OpId, dest: Value) -> Option<u32> {
        match self.ctx.op_name_str(self.ir.op_name(op)) {
            InsertOp::NAME
            | InsertSliceOp::NAME
            | ParallelInsertSliceOp::NAME
            | MaterializeInDestinationOp::NAME => Some(1),
            // The shared outputs, the last operands.
            ForallOp::NAME => {
                let first = self.ir.num_operands(op) - self.ir.num_results(op);
                self.ir
                    .operands(op)
                    .skip(first)
                    .position(|v| v == dest)
                    .map(|k| (first + k) as u32)
            }
            scf::ForOp::NAME => self
                .ir
                .operands(op)
                .skip(3)
                .position(|v| v == dest)
                .map(|k| k as u32 + 3),
            CallOp::NAME | WhileOp::NAME => self
                .ir
                .operands(op)
                .position(|v| v == dest)
                .map(|k| k as u32),
            _ => {
                let info = structured_info(self.ctx, self.ir, op)?.ok()?;
                let j = info.outputs.iter().position(|&v| v == dest)?;
                Some((info.inputs.len() + j) as u32)
            }
        }
    }

    /// Whether `op` reads and writes each element at the same index
    /// (every loop parallel, every operand indexed by the identity).
    fn elementwise(&self, op: OpId) -> bool {
        match structured_info(self.ctx, self.ir, op) {
            Some(Ok(info)) => {
                info.iterator_types
                    .iter()
                    .all(|&t| t == strata_dialect_linalg::IteratorType::Parallel)
                    && info.indexing_maps.iter().all(|m| m.is_identity())
            }
            _ => false,
        }
    }

    /// Whether `insert` is a `tensor.insert_slice` at exactly the place
    /// `extract` sliced.
    fn same_slice(&self, insert: OpId, extract: OpId) -> bool {
        let ctx = self.ctx;
        if !matches!(
            ctx.op_name_str(self.ir.op_name(insert)),
            InsertSliceOp::NAME | ParallelInsertSliceOp::NAME
        ) {
            return false;
        }
        let props = ["static_offsets", "static_sizes", "static_strides"];
        let same_static = props.iter().all(|p| {
            i64_array_prop(ctx, self.ir, insert, p) == i64_array_prop(ctx, self.ir, extract, p)
        });
        let a = operand_segments(ctx, self.ir, insert);
        let b = operand_segments(ctx, self.ir, extract);
        same_static && a.len() == 5 && b.len() == 4 && a[2..] == b[1..]
    }

    /// The buffer of tensor `v` as read by `user`.
    pub(crate) fn buffer(&mut self, v: Value, user: OpId) -> Value {
        if let Some(&b) = self.buffers.get(&v) {
            return b;
        }
        let ty = self.memref_like(self.ir.value_type(v), true);
        let at = match self.ir.value_def(v) {
            strata_ir::ValueDef::BlockArgument { block, .. }
                if block == self.block || self.ir.op_block(user) != Some(block) =>
            {
                InsertPoint::BlockStart(block)
            }
            // Defined in another block: right after the definition, so
            // later users elsewhere see the same buffer.
            strata_ir::ValueDef::Result { op, .. }
                if self.ir.op_block(op) != self.ir.op_block(user) =>
            {
                InsertPoint::After(op)
            }
            _ => InsertPoint::Before(user),
        };
        let op = ToBufferOp::build(&mut self.builder(at), v, ty, None).0;
        let b = self.ir.result(op, 0);
        if !self.class.contains_key(&v) {
            let c = self.new_class(false);
            self.class.insert(v, c);
        }
        // Function arguments get one to_buffer per use, as MLIR.
        if !matches!(at, InsertPoint::BlockStart(b) if b == self.block) {
            self.buffers.insert(v, b);
        }
        b
    }

    /// Sizes of `buf` for an allocation of its shape (dynamic ones via `memref.dim`).
    pub(crate) fn dynamic_sizes(&mut self, buf: Value, at: InsertPoint) -> Vec<Value> {
        let shape = self
            .ctx
            .shape(self.ir.value_type(buf))
            .unwrap_or(&[])
            .to_vec();
        let mut out = Vec::new();
        for (d, &s) in shape.iter().enumerate() {
            if s == DYNAMIC {
                let c = self.index_const(at, d as i64);
                let index = self.ctx.index_type();
                let dim = memref::DimOp::build(&mut self.builder(at), buf, c, index);
                out.push(self.ir.result(dim.0, 0));
            }
        }
        out
    }

    pub(crate) fn alloc(&mut self, tensor_ty: Type, dynamic: Vec<Value>, at: InsertPoint) -> Value {
        let ctx = self.ctx;
        let ty = self.memref_like(tensor_ty, false);
        let alignment = ctx.integer_attr(ctx.signless(64), 64);
        let alloc = AllocOp::build(&mut self.builder(at), &dynamic, &[], ty, Some(alignment));
        self.ir.result(alloc.0, 0)
    }

    /// The buffer `op` may write for destination tensor `dest`: its own in
    /// place, else a new allocation (copied from it when `reads`).
    fn destination(&mut self, op: OpId, dest: Value, reads: bool) -> (Value, usize) {
        if self.in_place(op, dest) {
            let buf = self.buffer(dest, op);
            let c = self.class[&dest];
            self.written[c] = true;
            return (buf, c);
        }
        self.out_of_place(op, dest, reads)
    }

    /// Whether `op` may write `dest`'s buffer.
    pub(crate) fn in_place(&self, op: OpId, dest: Value) -> bool {
        let Some(&class) = self.class.get(&dest) else {
            return false;
        };
        let Some(pos) = self.pos_of(op) else {
            return false;
        };
        self.writable[class] && !self.used_after(class, pos, op, dest)
    }

    pub(crate) fn out_of_place(&mut self, op: OpId, dest: Value, reads: bool) -> (Value, usize) {
        let at = InsertPoint::Before(op);
        let ty = self.ir.value_type(dest);
        // The destination's buffer is needed for its contents or its sizes only.
        let dynamic_shape = self.ctx.shape(ty).is_some_and(|s| s.contains(&DYNAMIC));
        let buf = (reads || dynamic_shape).then(|| self.buffer(dest, op));
        let dynamic = match buf {
            Some(b) => self.dynamic_sizes(b, at),
            None => Vec::new(),
        };
        let alloc = self.alloc(ty, dynamic, at);
        if let (true, Some(b)) = (reads, buf) {
            CopyOp::build(&mut self.builder(at), b, alloc);
        }
        let c = self.new_class(true);
        (alloc, c)
    }

    /// A `bufferization.to_tensor` of `buf` as a tensor of type `ty`, just
    /// before `op`.
    fn tensor_of_buffer_before(&mut self, op: OpId, buf: Value, ty: Type) -> Value {
        let tt = ToTensorOp::build(
            &mut self.builder(InsertPoint::Before(op)),
            buf,
            ty,
            None,
            None,
        )
        .0;
        self.ir.result(tt, 0)
    }

    /// Records the buffer of tensor result `r` and gives the tensor's
    /// remaining users a `to_tensor` of it, right after `op`.
    pub(crate) fn bind(&mut self, op: OpId, r: Value, buf: Value, class: usize) -> Value {
        let ty = self.ir.value_type(r);
        let t = self.tensor_of_buffer_before(op, buf, ty);
        self.ir.replace_all_uses_with(r, t);
        self.buffers.insert(t, buf);
        self.class.insert(t, class);
        self.def_pos.insert(t, self.cur_pos);
        t
    }

    /// Gives tensor `v` (a block argument or an op result) the memref type
    /// `ty` of its buffer, and its users a `to_tensor` of it at `at`.
    pub(crate) fn retype(&mut self, v: Value, ty: Type, at: InsertPoint, class: usize, pos: usize) {
        let tensor_ty = self.ir.value_type(v);
        self.ir.set_value_type(v, ty);
        let tt = ToTensorOp::build(&mut self.builder(at), v, tensor_ty, None, None).0;
        let t = self.ir.result(tt, 0);
        let uses: Vec<_> = self.ir.uses(v).map(|u| (u.op, u.index)).collect();
        for (owner, index) in uses {
            if owner != tt {
                self.ir.set_operand(owner, index as usize, t);
            }
        }
        self.buffers.insert(t, v);
        self.class.insert(t, class);
        self.def_pos.insert(t, pos);
    }

    /// Bufferizes the ops of `block` in order.
    pub(crate) fn bufferize_block(&mut self, block: BlockId) {
        let ops: Vec<OpId> = self.ir.block_ops(block).collect();
        for op in ops {
            // Ops this pass created are already bufferized.
            let Some(&p) = self.position.get(&op) else {
                continue;
            };
            if self.ir.is_alive(op) && self.error.is_none() {
                self.cur_pos = p;
                self.bufferize_op(op);
            }
        }
    }

    fn run(&mut self, func: OpId) {
        let ctx = self.ctx;
        let mut order = Vec::new();
        self.ir.walk_preorder(func, &mut |o| order.push(o));
        for (i, &op) in order.iter().enumerate().skip(1) {
            self.position.insert(op, 2 * i);
        }
        for &op in &order[1..] {
            let name = ctx.op_name_str(self.ir.op_name(op));
            if matches!(
                name,
                scf::ForOp::NAME
                    | WhileOp::NAME
                    | scf::ParallelOp::NAME
                    | ForallOp::NAME
                    | affine::ForOp::NAME
                    | affine::ParallelOp::NAME
            ) {
                let mut last = op;
                self.ir.walk_preorder(op, &mut |o| last = o);
                self.loops
                    .push((self.position[&op], self.position[&last] + 1));
            }
            if name == IfOp::NAME && self.ir.regions(op).len() == 2 {
                let mut ranges = [(usize::MAX, 0); 2];
                for (i, range) in ranges.iter_mut().enumerate() {
                    let region = self.ir.region(op, i);
                    for block in self.ir.region_blocks(region).to_vec() {
                        for o in self.ir.block_ops(block).collect::<Vec<_>>() {
                            self.ir.walk_preorder(o, &mut |n| {
                                let p = self.position[&n];
                                *range = (range.0.min(p), range.1.max(p));
                            });
                        }
                    }
                }
                self.branches.push(ranges);
            }
        }
        if let Some(error) = self.unsupported_blocks(func) {
            self.error = Some(error);
            return;
        }
        // Arguments.
        let args = self.ir.block_args(self.block).to_vec();
        let mut arg_types: Vec<Type> = args.iter().map(|&a| self.ir.value_type(a)).collect();
        for (i, &a) in args.iter().enumerate() {
            if !is_tensor(ctx, arg_types[i]) {
                self.arg_classes.push(None);
                continue;
            }
            if self.boundaries {
                let ty = self.memref_like(arg_types[i], !self.identity_boundary);
                arg_types[i] = ty;
                let c = self.new_class(true);
                self.arg_classes.push(Some(c));
                // Uses of the tensor argument now see its buffer.
                self.retype(a, ty, InsertPoint::BlockStart(self.block), c, 0);
            } else {
                let c = self.new_class(false);
                self.arg_classes.push(Some(c));
                self.class.insert(a, c);
            }
        }
        self.bufferize_block(self.block);
        if self.error.is_some() {
            return;
        }
        if self.boundaries {
            self.bufferize_signature(func, arg_types);
        }
        for op in std::mem::take(&mut self.pending_erase) {
            let _ = self.ir.erase_op(op);
        }
        // Unused to_tensor ops go.
        let mut dead = Vec::new();
        self.ir.walk_postorder(func, &mut |o| {
            if ToTensorOp::is(ctx, self.ir, o) {
                dead.push(o);
            }
        });
        for o in dead.into_iter().rev() {
            if self.ir.is_alive(o) && !self.ir.has_uses(self.ir.result(o, 0)) {
                let _ = self.ir.erase_op(o);
            }
        }
    }

    /// The pass bufferizes a function's entry block (and the structured
    /// regions in it); tensors in its other blocks are an error (unless
    /// `allow-unknown-ops`, which leaves them as they are), and a
    /// multi-block function's signature is not converted.
    fn unsupported_blocks(&self, func: OpId) -> Option<Diagnostic> {
        let ctx = self.ctx;
        let blocks = self.ir.region_blocks(self.ir.region(func, 0)).to_vec();
        if blocks.len() < 2 {
            return None;
        }
        let signature_has_tensors = self
            .ir
            .block_args(self.block)
            .iter()
            .map(|&a| self.ir.value_type(a))
            .chain(
                self.ir
                    .attr(ctx, func, "function_type")
                    .and_then(|a| ctx.type_value(a))
                    .and_then(|t| ctx.function_signature(t))
                    .map(|(_, results)| results.to_vec())
                    .unwrap_or_default(),
            )
            .any(|t| is_tensor(ctx, t));
        if self.boundaries && signature_has_tensors {
            return Some(Diagnostic::error(
                self.ir.op_loc(func),
                format!(
                    "bufferize-function-boundaries converts the signature of single-block functions only; this one has {} blocks",
                    blocks.len()
                ),
            ));
        }
        if self.allow_unknown_ops {
            return None;
        }
        for &block in &blocks[1..] {
            if let Some(&arg) = self
                .ir
                .block_args(block)
                .iter()
                .find(|&&a| is_tensor(ctx, self.ir.value_type(a)))
            {
                return Some(Diagnostic::error(
                    self.ir
                        .value_loc(arg)
                        .unwrap_or_else(|| self.ir.op_loc(func)),
                    "a tensor block argument outside the entry block is not bufferized",
                ));
            }
            let mut first = None;
            for op in self.ir.block_ops(block).collect::<Vec<_>>() {
                // Without function boundaries functions return tensors.
                if ReturnOp::is(ctx, self.ir, op) {
                    continue;
                }
                self.ir.walk_preorder(op, &mut |o| {
                    if first.is_none() && has_tensor_values(ctx, self.ir, o) {
                        first = Some(o);
                    }
                });
                if let Some(o) = first {
                    return Some(Diagnostic::error(
                        self.ir.op_loc(o),
                        "op was not bufferized: one-shot-bufferize bufferizes the entry block of a multi-block function only",
                    ));
                }
            }
        }
        None
    }

    fn bufferize_signature(&mut self, func: OpId, arg_types: Vec<Type>) {
        let ctx = self.ctx;
        let mut result_types = Vec::new();
        let Some(ret) = self.ir.last_op(self.block) else {
            return;
        };
        if !ReturnOp::is(ctx, self.ir, ret) {
            return;
        }
        let operands: Vec<Value> = self.ir.operands(ret).collect();
        let args = self.ir.block_args(self.block).to_vec();
        for (i, v) in operands.into_iter().enumerate() {
            let ty = self.ir.value_type(v);
            if !is_tensor(ctx, ty) {
                result_types.push(ty);
                self.returned_args.push(None);
                continue;
            }
            let buf = self.buffer(v, ret);
            self.returned_args.push(args.iter().position(|&a| a == buf));
            let boundary = self.memref_like(ty, !self.identity_boundary);
            let buf_ty = self.ir.value_type(buf);
            if buf_ty != boundary {
                // MLIR casts to the boundary type and folds the cast into
                // the signature, leaving the cast unused.
                memref::CastOp::build(&mut self.builder(InsertPoint::Before(ret)), buf, boundary);
            }
            self.ir.set_operand(ret, i, buf);
            result_types.push(buf_ty);
        }
        let fty = ctx.function_type(&arg_types, &result_types);
        self.ir
            .set_property(ctx, func, "function_type", Some(ctx.type_attr(fty)));
    }

    fn bufferize_op(&mut self, op: OpId) {
        let ctx = self.ctx;
        let name = ctx.op_name_str(self.ir.op_name(op)).to_string();
        let at = InsertPoint::Before(op);
        match name.as_str() {
            scf::ForOp::NAME => return self.bufferize_for(op),
            IfOp::NAME => return self.bufferize_if(op),
            WhileOp::NAME if self.bufferize_while(op) => return,
            ForallOp::NAME => return self.bufferize_forall(op),
            CallOp::NAME if self.boundaries => return self.call(op),
            // Without function boundaries calls pass tensors, as in MLIR.
            CallOp::NAME => return self.keep_tensors(op),
            // Their parent op bufferizes what they yield.
            YieldOp::NAME | ConditionOp::NAME => return,
            _ => {}
        }
        // Other ops with regions (but the scalar payloads of structured
        // ops): the ops inside first.
        if !self.ir.regions(op).is_empty()
            && structured_info(ctx, self.ir, op).is_none_or(|i| i.is_err())
        {
            for region in self.ir.regions(op).to_vec() {
                for block in self.ir.region_blocks(region).to_vec() {
                    self.bufferize_block(block);
                }
            }
            if let Some(p) = self.position.get(&op) {
                self.cur_pos = *p;
            }
        }
        let has_tensor = self
            .ir
            .operands(op)
            .any(|v| is_tensor(ctx, self.ir.value_type(v)))
            || self
                .ir
                .results(op)
                .any(|v| is_tensor(ctx, self.ir.value_type(v)));
        if !has_tensor {
            return;
        }
        match name.as_str() {
            EmptyOp::NAME | AllocTensorOp::NAME => {
                if name == AllocTensorOp::NAME
                    && operand_segments(ctx, self.ir, op)
                        .get(1)
                        .is_some_and(|g| !g.is_empty())
                {
                    return self.unknown(op);
                }
                let r = self.ir.result(op, 0);
                let dynamic: Vec<Value> = if name == EmptyOp::NAME {
                    self.ir.operands(op).collect()
                } else {
                    operand_segments(ctx, self.ir, op)
                        .first()
                        .cloned()
                        .unwrap_or_default()
                };
                let buf = self.alloc(self.ir.value_type(r), dynamic, at);
                let c = self.new_class(true);
                self.bind(op, r, buf, c);
                let _ = self.ir.erase_op(op);
            }
            ExtractOp::NAME => {
                let t = self.ir.operand(op, 0);
                let buf = self.buffer(t, op);
                let indices: Vec<Value> = self.ir.operands(op).skip(1).collect();
                let ty = self.ir.value_type(self.ir.result(op, 0));
                let load = LoadOp::build(&mut self.builder(at), buf, &indices, ty, None, None);
                let (old, new) = (self.ir.result(op, 0), self.ir.result(load.0, 0));
                self.ir.replace_all_uses_with(old, new);
                let _ = self.ir.erase_op(op);
            }
            tensor::DimOp::NAME => {
                let t = self.ir.operand(op, 0);
                let buf = self.buffer(t, op);
                let d = self.ir.operand(op, 1);
                let dim = memref::DimOp::build(&mut self.builder(at), buf, d, ctx.index_type()).0;
                let (old, new) = (self.ir.result(op, 0), self.ir.result(dim, 0));
                self.ir.replace_all_uses_with(old, new);
                let _ = self.ir.erase_op(op);
            }
            tensor::CastOp::NAME => {
                let t = self.ir.operand(op, 0);
                let buf = self.buffer(t, op);
                let r = self.ir.result(op, 0);
                let src_ty = self.ir.value_type(buf);
                let (strides, offset) =
                    strata_dialect_memref::layout::strides_and_offset(ctx, src_ty)
                        .unwrap_or_default();
                let shape = ctx.shape(self.ir.value_type(r)).unwrap_or(&[]).to_vec();
                let elem = ctx.element_type_or_self(src_ty);
                let ty = if strides.len() == shape.len()
                    && !strides.is_empty()
                    && (offset != 0
                        || strides != identity_strides(ctx.shape(src_ty).unwrap_or(&[])))
                {
                    strided_memref(
                        ctx,
                        &shape,
                        elem,
                        &vec![DYNAMIC; shape.len()],
                        DYNAMIC,
                        None,
                    )
                } else {
                    ctx.memref_type(&shape, elem)
                };
                let cast = memref::CastOp::build(&mut self.builder(at), buf, ty).0;
                let b = self.ir.result(cast, 0);
                let c = self.class[&t];
                self.bind(op, r, b, c);
                let _ = self.ir.erase_op(op);
            }
            ExtractSliceOp::NAME => {
                let t = self.ir.operand(op, 0);
                let buf = self.buffer(t, op);
                let r = self.ir.result(op, 0);
                let Some(b) = self.subview(op, buf, 1, self.ir.value_type(r)) else {
                    return self.unknown(op);
                };
                let c = self.class[&t];
                let t_new = self.bind(op, r, b, c);
                self.origin.insert(t_new, (t, op));
                self.pending_erase.push(op);
            }
            InsertOp::NAME => {
                let dest = self.ir.operand(op, 1);
                let (buf, c) = self.destination(op, dest, true);
                let value = self.ir.operand(op, 0);
                let indices: Vec<Value> = self.ir.operands(op).skip(2).collect();
                StoreOp::build(&mut self.builder(at), value, buf, &indices, None, None);
                let r = self.ir.result(op, 0);
                self.bind(op, r, buf, c);
                let _ = self.ir.erase_op(op);
            }
            ParallelInsertSliceOp::NAME => self.parallel_insert_slice(op),
            InsertSliceOp::NAME => {
                let src = self.ir.operand(op, 0);
                let dest = self.ir.operand(op, 1);
                let src_buf = self.buffer(src, op);
                let (buf, c) = self.destination(op, dest, true);
                let src_ty = self.ir.value_type(src);
                let Some(view) = self.subview(op, buf, 2, src_ty) else {
                    return self.unknown(op);
                };
                CopyOp::build(&mut self.builder(at), src_buf, view);
                let r = self.ir.result(op, 0);
                self.bind(op, r, buf, c);
                let _ = self.ir.erase_op(op);
            }
            MaterializeInDestinationOp::NAME => {
                let src = self.ir.operand(op, 0);
                let dest = self.ir.operand(op, 1);
                let src_buf = self.buffer(src, op);
                if !is_tensor(ctx, self.ir.value_type(dest)) {
                    CopyOp::build(&mut self.builder(at), src_buf, dest);
                    let _ = self.ir.erase_op(op);
                    return;
                }
                let (buf, c) = self.destination(op, dest, false);
                CopyOp::build(&mut self.builder(at), src_buf, buf);
                let r = self.ir.result(op, 0);
                self.bind(op, r, buf, c);
                let _ = self.ir.erase_op(op);
            }
            ToBufferOp::NAME => {
                let t = self.ir.operand(op, 0);
                let Some(&buf) = self.buffers.get(&t) else {
                    return;
                };
                let r = self.ir.result(op, 0);
                let (want, have) = (self.ir.value_type(r), self.ir.value_type(buf));
                let b = if want == have {
                    buf
                } else {
                    let cast = memref::CastOp::build(&mut self.builder(at), buf, want).0;
                    self.ir.result(cast, 0)
                };
                self.ir.replace_all_uses_with(r, b);
                let _ = self.ir.erase_op(op);
            }
            ToTensorOp::NAME => {
                let r = self.ir.result(op, 0);
                let m = self.ir.operand(op, 0);
                self.buffers.insert(r, m);
                let c = self.new_class(false);
                self.class.insert(r, c);
            }
            ConstantOp::NAME => self.constant(op),
            CollapseShapeOp::NAME | ExpandShapeOp::NAME => self.reshape(op),
            FromElementsOp::NAME => self.bufferize_from_elements(op),
            GenerateOp::NAME => self.generate(op),
            PadOp::NAME => self.pad(op),
            ConcatOp::NAME => self.concat(op),
            ReturnOp::NAME if !self.boundaries => {}
            ReturnOp::NAME => {}
            _ if structured_info(ctx, self.ir, op).is_some_and(|i| i.is_ok()) => {
                self.structured(op)
            }
            _ => self.unknown(op),
        }
    }

    /// A `memref.subview` of `buf` with the offsets/sizes/strides of slice
    /// op `op` (its operand groups from `first_group`), typed for `like`
    /// (rank-reduced as it is).
    fn subview(&mut self, op: OpId, buf: Value, first_group: usize, like: Type) -> Option<Value> {
        self.subview_at(InsertPoint::Before(op), op, buf, first_group, like)
    }

    /// [`Self::subview`] created at `at`.
    pub(crate) fn subview_at(
        &mut self,
        at: InsertPoint,
        op: OpId,
        buf: Value,
        first_group: usize,
        like: Type,
    ) -> Option<Value> {
        let ctx = self.ctx;
        let offsets = i64_array_prop(ctx, self.ir, op, "static_offsets");
        let sizes = i64_array_prop(ctx, self.ir, op, "static_sizes");
        let strides = i64_array_prop(ctx, self.ir, op, "static_strides");
        let full = subview_result_type(ctx, self.ir.value_type(buf), &offsets, &sizes, &strides)?;
        let reduced = ctx.shape(like)?.to_vec();
        let ty = if reduced.len() == sizes.len() {
            full
        } else {
            let dropped = strata_ir::rank_reduction_mask(&sizes, &reduced, true)?;
            let (st, off) = strata_dialect_memref::layout::strides_and_offset(ctx, full)?;
            let keep: Vec<usize> = (0..sizes.len()).filter(|&d| !dropped[d]).collect();
            let shape: Vec<i64> = keep.iter().map(|&d| sizes[d]).collect();
            let st: Vec<i64> = keep.iter().map(|&d| st[d]).collect();
            let elem = ctx.element_type_or_self(full);
            let layout = ctx.intern_attr(strata_ir::AttrData::StridedLayout {
                offset: off,
                strides: st.into(),
            });
            ctx.intern_type(TypeData::MemRef {
                shape: shape.into(),
                element: elem,
                layout: Some(layout),
                memory_space: None,
            })
        };
        let groups = operand_segments(ctx, self.ir, op);
        let dynamic: Vec<Vec<Value>> = groups.into_iter().skip(first_group).take(3).collect();
        let slice = [&offsets[..], &sizes[..], &strides[..]];
        Some(self.emit_subview(at, buf, dynamic, slice, ty))
    }

    /// A `memref.subview` of `buf` of type `ty`: static offsets, sizes and
    /// strides (`DYNAMIC` where one of the `dynamic` operands stands).
    pub(crate) fn emit_subview(
        &mut self,
        at: InsertPoint,
        buf: Value,
        dynamic: Vec<Vec<Value>>,
        [offsets, sizes, strides]: [&[i64]; 3],
        ty: Type,
    ) -> Value {
        let ctx = self.ctx;
        let mut operands = vec![buf];
        let mut segments = vec![1i32];
        for g in dynamic {
            segments.push(g.len() as i32);
            operands.extend(g);
        }
        while segments.len() < 4 {
            segments.push(0);
        }
        let props = vec![
            ("operandSegmentSizes", ctx.dense_i32_array(&segments)),
            ("static_offsets", ctx.dense_i64_array(offsets)),
            ("static_sizes", ctx.dense_i64_array(sizes)),
            ("static_strides", ctx.dense_i64_array(strides)),
        ];
        let sv = self.create(SubViewOp::NAME, at, operands, vec![ty], props);
        self.ir.result(sv, 0)
    }

    /// A static, unit-stride `memref.subview` of `buf` at `offsets` of `sizes`.
    pub(crate) fn static_subview(
        &mut self,
        at: InsertPoint,
        buf: Value,
        offsets: &[i64],
        sizes: &[i64],
    ) -> Option<Value> {
        let strides = vec![1; sizes.len()];
        let ty = subview_result_type(self.ctx, self.ir.value_type(buf), offsets, sizes, &strides)?;
        Some(self.emit_subview(at, buf, Vec::new(), [offsets, sizes, &strides], ty))
    }

    fn structured(&mut self, op: OpId) {
        let ctx = self.ctx;
        let info = structured_info(ctx, self.ir, op).unwrap().unwrap();
        let block = payload_block(self.ir, op);
        let n_in = info.inputs.len();
        // As MLIR: copies for out-of-place destinations come first (its
        // tensor-copy insertion), then the inputs, then in-place outputs.
        let mut outs: Vec<Option<(Value, usize)>> = vec![None; info.outputs.len()];
        for (j, &v) in info.outputs.iter().enumerate() {
            if is_tensor(ctx, self.ir.value_type(v)) && !self.in_place(op, v) {
                let reads = block.is_some_and(|b| {
                    let args = self.ir.block_args(b);
                    args.get(n_in + j).is_some_and(|&a| self.ir.has_uses(a))
                });
                outs[j] = Some(self.out_of_place(op, v, reads));
            }
        }
        let mut operands = Vec::new();
        for &v in &info.inputs {
            operands.push(if is_tensor(ctx, self.ir.value_type(v)) {
                self.buffer(v, op)
            } else {
                v
            });
        }
        let mut bound = Vec::new();
        let mut tensor_result = 0;
        for (j, &v) in info.outputs.iter().enumerate() {
            if !is_tensor(ctx, self.ir.value_type(v)) {
                operands.push(v);
                continue;
            }
            let (buf, c, in_place) = match outs[j] {
                Some((b, c)) => (b, c, false),
                None => {
                    let b = self.buffer(v, op);
                    let c = self.class[&v];
                    self.written[c] = true;
                    (b, c, true)
                }
            };
            operands.push(buf);
            bound.push((
                self.ir.result(op, tensor_result),
                buf,
                c,
                in_place.then_some(v),
            ));
            tensor_result += 1;
        }
        let mut state = OperationState::new(
            ctx,
            ctx.op_name_str(self.ir.op_name(op)),
            self.ir.op_loc(op),
        );
        state.operands = operands;
        state.properties = self.ir.properties(op);
        state.attributes = self.ir.attributes(op);
        state.num_regions = self.ir.regions(op).len();
        let new = self.ir.create_op(state, InsertPoint::Before(op));
        for r in 0..self.ir.regions(op).len() {
            let (from, to) = (self.ir.region(op, r), self.ir.region(new, r));
            self.ir.take_region_body(from, to);
        }
        for (r, buf, c, dest) in bound {
            let t = self.bind(op, r, buf, c);
            if let Some(origin) = dest.and_then(|d| self.origin.get(&d).copied()) {
                self.origin.insert(t, origin);
            }
        }
        let _ = self.ir.erase_op(op);
        // The payload's own tensor ops (a `tensor.extract` of a tensor
        // the op captures, as a gather is written) read buffers too.
        for region in self.ir.regions(new).to_vec() {
            for block in self.ir.region_blocks(region).to_vec() {
                self.bufferize_block(block);
            }
        }
    }

    /// An op the pass does not bufferize keeps its tensors, with
    /// `allow-unknown-ops`; without, one with tensors fails the pass as in
    /// MLIR.
    pub(crate) fn unknown(&mut self, op: OpId) {
        if has_tensor_values(self.ctx, self.ir, op) && !self.allow_unknown_ops {
            if self.error.is_none() {
                self.error = Some(Diagnostic::error(
                    self.ir.op_loc(op),
                    "op was not bufferized",
                ));
            }
            return;
        }
        self.keep_tensors(op)
    }

    /// `op` keeps its tensors: it reads its operands through `to_tensor`s
    /// of their buffers, and its tensor results are buffers of their own
    /// (read through `to_buffer`, not writable).
    pub(crate) fn keep_tensors(&mut self, op: OpId) {
        let ctx = self.ctx;
        let operands: Vec<(usize, Value)> = self.ir.operands(op).enumerate().collect();
        for (i, v) in operands {
            if !is_tensor(ctx, self.ir.value_type(v)) || !self.buffers.contains_key(&v) {
                continue;
            }
            // Reads the tensor through a to_tensor of its buffer.
            let buf = self.buffers[&v];
            let ty = self.ir.value_type(v);
            let t = self.tensor_of_buffer_before(op, buf, ty);
            self.ir.set_operand(op, i, t);
        }
        for r in self.ir.results(op).collect::<Vec<_>>() {
            if is_tensor(ctx, self.ir.value_type(r)) {
                let c = self.new_class(false);
                self.class.insert(r, c);
            }
        }
    }
}
