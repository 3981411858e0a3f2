//! The translation itself (see the crate documentation); compiled only
//! with the `llvm` feature, which brings in inkwell and libLLVM.
use inkwell::basic_block::BasicBlock;
use inkwell::builder::{Builder, BuilderError};
use inkwell::context::Context as LlContext;
use inkwell::intrinsics::Intrinsic;
use inkwell::module::Module;
use inkwell::types::{BasicMetadataTypeEnum, BasicType, BasicTypeEnum, FloatType, IntType};
use inkwell::values::{
    BasicMetadataValueEnum, BasicValue, BasicValueEnum, FloatValue, FunctionValue, IntValue,
    PhiValue, PointerValue, ValueKind,
};
use inkwell::{AddressSpace, FloatPredicate, IntPredicate};
use rustc_hash::{FxHashMap, FxHashSet};
use strata_dialect_arith::semantics::{float_to_bits, Scalar, SemanticsError};
use strata_dialect_cf::{AssertOp, BranchOp, CondBranchOp, SwitchOp};
use strata_dialect_func::{CallOp, ReturnOp};
use strata_ir::{BlockId, Context, DiagResult, Diagnostic, Ir, Location, OpId, Value, DYNAMIC};
pub use strata_native_abi::{c_name, c_type, CScalar, CType, Options};
use strata_native_abi::{callee_name, global_name};

#[path = "masked.rs"]
mod masked;
#[path = "narrow.rs"]
mod narrow;
#[path = "vector.rs"]
mod vector;

/// One place where generated code may stop with a run-time error.
#[derive(Clone, Debug)]
pub struct FailSite {
    /// The op's location.
    pub loc: Location,
    /// The error text (without location), as the interpreter words it.
    pub message: String,
}

/// In [`FailSite::message`]: where a run-time value goes, printed signed
/// or unsigned (the JIT's handler substitutes them).
pub const SIGNED_MARK: char = '\u{1}';
pub const UNSIGNED_MARK: char = '\u{2}';

/// A run-time value in a failure message.
#[derive(Copy, Clone)]
enum FailArg<'ctx> {
    Signed(IntValue<'ctx>),
    Unsigned(IntValue<'ctx>),
    None,
}

/// A translated module.
pub struct Translation<'ctx> {
    pub module: Module<'ctx>,
    /// Indexed by the `site` argument of `@strata_fail`.
    pub fail_sites: Vec<FailSite>,
}

/// Translates `module` into an LLVM module of `ll` (default [`Options`]).
/// Structured control flow must be lowered to cf first (affine and scf ops
/// are the pipeline's to lower, as for mlir-translate).
pub fn translate_module<'ctx>(
    ctx: &Context,
    ir: &Ir,
    module: OpId,
    ll: &'ctx LlContext,
) -> DiagResult<Translation<'ctx>> {
    translate_module_with(ctx, ir, module, ll, &Options::default())
}

/// Translates `module` into an LLVM module of `ll`. The options are the C
/// back end's.
pub fn translate_module_with<'ctx>(
    ctx: &Context,
    ir: &Ir,
    module: OpId,
    ll: &'ctx LlContext,
    options: &Options,
) -> DiagResult<Translation<'ctx>> {
    let llmod = ll.create_module("strata");
    let mut fail_sites = Vec::new();
    let Some(body) = ir.regions(module).first().and_then(|&r| ir.entry_block(r)) else {
        return Ok(Translation {
            module: llmod,
            fail_sites,
        });
    };
    let ops: Vec<OpId> = ir.block_ops(body).collect();
    // Declarations first, so calls may name any function.
    let mut funcs = Vec::new();
    for &op in &ops {
        if strata_native_abi::is_global(ctx, ir, op, "LLVM")? {
            global(ctx, ir, op, ll, &llmod)?;
            continue;
        }
        let f = declare_function(ctx, ir, op, ll, &llmod)?;
        funcs.push((op, f));
    }
    for (op, f) in funcs {
        if !strata_native_abi::has_body(ir, op) {
            continue;
        }
        let mut e = Emitter::new(ctx, ir, ll, &llmod, op, f, &mut fail_sites);
        e.bounds_checks = options.bounds_checks;
        e.emit_function()?;
    }
    if let Err(message) = llmod.verify() {
        return Err(error(
            ctx,
            ir,
            module,
            format!(
                "the LLVM back end produced an invalid module: {}",
                message.to_string()
            ),
        ));
    }
    Ok(Translation {
        module: llmod,
        fail_sites,
    })
}

/// `strata-translate --mlir-to-llvmir`: the module as LLVM IR text.
pub fn translate_to_llvm_ir(ctx: &Context, ir: &Ir, module: OpId) -> DiagResult<String> {
    let ll = LlContext::create();
    let t = translate_module(ctx, ir, module, &ll)?;
    Ok(t.module.print_to_string().to_string())
}

fn error(ctx: &Context, ir: &Ir, op: OpId, message: impl AsRef<str>) -> Diagnostic {
    strata_ir::verifier::emit_op_error(ctx, ir, op, message)
}

fn type_str(ctx: &Context, ty: strata_ir::Type) -> String {
    strata_ir::asm::printer::type_to_string(ctx, ty)
}

fn checked_type(ctx: &Context, ir: &Ir, op: OpId, ty: strata_ir::Type) -> DiagResult<CType> {
    c_type(ctx, ty).ok_or_else(|| {
        error(
            ctx,
            ir,
            op,
            format!(
                "the LLVM back end does not support the type '{}'",
                type_str(ctx, ty)
            ),
        )
    })
}

/// `iw`.
fn int_type(ll: &LlContext, w: u32) -> IntType<'_> {
    let w = std::num::NonZeroU32::new(w.max(1)).expect("nonzero");
    ll.custom_width_int_type(w).expect("a valid integer width")
}

/// The LLVM type of a scalar's value.
fn value_type<'ctx>(ll: &'ctx LlContext, cs: CScalar) -> BasicTypeEnum<'ctx> {
    match cs {
        CScalar::Int(w) => int_type(ll, w).into(),
        CScalar::F32 => ll.f32_type().into(),
        CScalar::F64 => ll.f64_type().into(),
        // Bits (`narrow.rs`).
        CScalar::F16 | CScalar::BF16 => ll.i16_type().into(),
    }
}

/// The LLVM type of a scalar in memory and across calls (its C container).
fn container_type<'ctx>(ll: &'ctx LlContext, cs: CScalar) -> BasicTypeEnum<'ctx> {
    match cs {
        CScalar::Int(_) => int_type(ll, 8 * cs.size() as u32).into(),
        _ => value_type(ll, cs),
    }
}

/// Component types of a value (`abi`: scalars in their containers).
fn component_types<'ctx>(ll: &'ctx LlContext, ct: &CType, abi: bool) -> Vec<BasicTypeEnum<'ctx>> {
    match ct {
        CType::Scalar(cs) if abi => vec![container_type(ll, *cs)],
        CType::Scalar(cs) => vec![value_type(ll, *cs)],
        CType::MemRef { shape, .. } => {
            let mut v: Vec<BasicTypeEnum> = vec![ll.ptr_type(AddressSpace::default()).into()];
            v.extend(std::iter::repeat_n(
                BasicTypeEnum::from(ll.i64_type()),
                1 + 2 * shape.len(),
            ));
            v
        }
    }
}

/// Declares `func` with the C back end's ABI.
fn declare_function<'ctx>(
    ctx: &Context,
    ir: &Ir,
    func: OpId,
    ll: &'ctx LlContext,
    llmod: &Module<'ctx>,
) -> DiagResult<FunctionValue<'ctx>> {
    let (inputs, results) = strata_native_abi::signature(ctx, ir, func)?;
    let sym = strata_ir::symbol_table::symbol_name(ctx, ir, func).unwrap_or("anonymous");
    let mut params: Vec<BasicMetadataTypeEnum> = Vec::new();
    for &ty in &inputs {
        let ct = checked_type(ctx, ir, func, ty)?;
        params.extend(
            component_types(ll, &ct, true)
                .into_iter()
                .map(BasicMetadataTypeEnum::from),
        );
    }
    let direct = strata_native_abi::returns_directly(ctx, &results);
    if !direct {
        for &ty in &results {
            let ct = checked_type(ctx, ir, func, ty)?;
            for _ in component_types(ll, &ct, true) {
                params.push(ll.ptr_type(AddressSpace::default()).into());
            }
        }
    }
    let fn_type = if direct {
        let CType::Scalar(cs) = checked_type(ctx, ir, func, results[0])? else {
            unreachable!("returns_directly means a scalar")
        };
        container_type(ll, cs).fn_type(&params, false)
    } else {
        ll.void_type().fn_type(&params, false)
    };
    Ok(llmod.add_function(&c_name(sym), fn_type, None))
}

/// `memref.global`: an internal array of the element's container,
/// initialized with the raw bits of `initial_value` (floats included, NaN
/// payloads kept), under the C back end's name.
fn global<'ctx>(
    ctx: &Context,
    ir: &Ir,
    op: OpId,
    ll: &'ctx LlContext,
    llmod: &Module<'ctx>,
) -> DiagResult<()> {
    let data = strata_native_abi::global_data(ctx, ir, op, "LLVM")?;
    let bits_t = int_type(ll, 8 * data.elem.size() as u32);
    let values: Vec<IntValue> = data
        .bits
        .iter()
        .map(|&b| bits_t.const_int(b as u64, false))
        .collect();
    let g = llmod.add_global(bits_t.array_type(values.len() as u32), None, &data.name);
    g.set_initializer(&bits_t.const_array(&values));
    g.set_constant(data.constant);
    g.set_linkage(inkwell::module::Linkage::Internal);
    Ok(())
}

/// Why emission stopped: a diagnostic, or an LLVM builder failure (a bug).
enum Fail {
    Diag(Diagnostic),
    Builder(String),
}

impl From<BuilderError> for Fail {
    fn from(e: BuilderError) -> Self {
        Fail::Builder(e.to_string())
    }
}

impl From<Diagnostic> for Fail {
    fn from(d: Diagnostic) -> Self {
        Fail::Diag(d)
    }
}

type R<T> = Result<T, Fail>;

struct Emitter<'a, 'ctx> {
    ctx: &'a Context,
    ir: &'a Ir,
    ll: &'ctx LlContext,
    module: &'a Module<'ctx>,
    b: Builder<'ctx>,
    func_op: OpId,
    func: FunctionValue<'ctx>,
    /// Components of every value defined so far.
    values: FxHashMap<Value, Vec<BasicValueEnum<'ctx>>>,
    blocks: FxHashMap<BlockId, BasicBlock<'ctx>>,
    /// The phis of each non-entry block (its arguments' components).
    phis: FxHashMap<BlockId, Vec<PhiValue<'ctx>>>,
    /// The first block: allocas of fixed size, then a branch to the body.
    alloca_block: Option<BasicBlock<'ctx>>,
    fail_sites: &'a mut Vec<FailSite>,
    direct: bool,
    results: Vec<CType>,
    /// Index of the first result pointer parameter.
    result_params: u32,
    bounds_checks: bool,
    /// Values standing for one lane of a vector while an elementwise op
    /// is emitted lane by lane (`vector::emit_lanewise`), with the lane's
    /// scalar type.
    lane_types: FxHashMap<Value, CScalar>,
}

impl<'a, 'ctx> Emitter<'a, 'ctx> {
    fn new(
        ctx: &'a Context,
        ir: &'a Ir,
        ll: &'ctx LlContext,
        module: &'a Module<'ctx>,
        func_op: OpId,
        func: FunctionValue<'ctx>,
        fail_sites: &'a mut Vec<FailSite>,
    ) -> Self {
        Self {
            ctx,
            ir,
            ll,
            module,
            b: ll.create_builder(),
            func_op,
            func,
            values: FxHashMap::default(),
            blocks: FxHashMap::default(),
            phis: FxHashMap::default(),
            alloca_block: None,
            fail_sites,
            direct: false,
            results: Vec::new(),
            result_params: 0,
            bounds_checks: false,
            lane_types: FxHashMap::default(),
        }
    }

    fn err(&self, op: OpId, message: impl AsRef<str>) -> Fail {
        Fail::Diag(error(self.ctx, self.ir, op, message))
    }

    fn ctype(&self, op: OpId, v: Value) -> R<CType> {
        if let Some(&cs) = self.lane_types.get(&v) {
            return Ok(CType::Scalar(cs));
        }
        Ok(checked_type(self.ctx, self.ir, op, self.ir.value_type(v))?)
    }

    fn scalar(&self, op: OpId, v: Value) -> R<CScalar> {
        match self.ctype(op, v)? {
            CType::Scalar(s) => Ok(s),
            CType::MemRef { .. } => {
                Err(self.err(op, "the LLVM back end supports this op on scalars only"))
            }
        }
    }

    fn int(&self, v: Value) -> IntValue<'ctx> {
        self.values[&v][0].into_int_value()
    }

    fn flt(&self, v: Value) -> FloatValue<'ctx> {
        self.values[&v][0].into_float_value()
    }

    fn set(&mut self, v: Value, x: impl BasicValue<'ctx>) {
        self.values.insert(v, vec![x.as_basic_value_enum()]);
    }

    fn i64c(&self, v: i64) -> IntValue<'ctx> {
        self.ll.i64_type().const_int(v as u64, true)
    }

    /// The constant `v` (low `w` bits) of type `ty`.
    fn intc(&self, ty: IntType<'ctx>, v: u128) -> IntValue<'ctx> {
        let w = ty.get_bit_width();
        let v = strata_dialect_arith::semantics::mask(v, w);
        ty.const_int_arbitrary_precision(&[v as u64, (v >> 64) as u64])
    }

    /// A scalar in its container (zero-extended).
    fn abi(&self, x: BasicValueEnum<'ctx>) -> R<BasicValueEnum<'ctx>> {
        if let BasicValueEnum::IntValue(i) = x {
            let w = i.get_type().get_bit_width();
            let c = CScalar::Int(w).size() as u32 * 8;
            if c != w {
                return Ok(self
                    .b
                    .build_int_z_extend(i, int_type(self.ll, c), "")?
                    .into());
            }
        }
        Ok(x)
    }

    /// A container back to the scalar of type `cs`.
    fn unabi(&self, x: BasicValueEnum<'ctx>, cs: CScalar) -> R<BasicValueEnum<'ctx>> {
        if let (BasicValueEnum::IntValue(i), CScalar::Int(w)) = (x, cs) {
            if i.get_type().get_bit_width() != w {
                return Ok(self
                    .b
                    .build_int_truncate(i, int_type(self.ll, w), "")?
                    .into());
            }
        }
        Ok(x)
    }

    fn wrap(&self, op: OpId, r: R<()>) -> DiagResult<()> {
        match r {
            Ok(()) => Ok(()),
            Err(Fail::Diag(d)) => Err(d),
            Err(Fail::Builder(m)) => Err(error(
                self.ctx,
                self.ir,
                op,
                format!("the LLVM back end failed to build this op: {m}"),
            )),
        }
    }

    fn emit_function(&mut self) -> DiagResult<()> {
        let r = self.emit_function_inner();
        self.wrap(self.func_op, r)
    }

    fn emit_function_inner(&mut self) -> R<()> {
        let (ctx, ir) = (self.ctx, self.ir);
        let (inputs, results) = strata_native_abi::signature(ctx, ir, self.func_op)?;
        self.direct = strata_native_abi::returns_directly(ctx, &results);
        for &r in &results {
            self.results.push(checked_type(ctx, ir, self.func_op, r)?);
        }
        let region = ir.region(self.func_op, 0);
        let order = reverse_post_order(ir, ir.region_blocks(region));
        let allocas = self.ll.append_basic_block(self.func, "allocas");
        self.alloca_block = Some(allocas);
        for &bl in &order {
            let bb = self.ll.append_basic_block(self.func, "bb");
            self.blocks.insert(bl, bb);
        }
        // Arguments of the entry block: the parameters.
        let entry = order[0];
        self.b.position_at_end(self.blocks[&entry]);
        let mut p = 0u32;
        for (i, &a) in ir.block_args(entry).iter().enumerate() {
            let ct = checked_type(ctx, ir, self.func_op, inputs[i])?;
            let mut comps = Vec::new();
            for _ in component_types(self.ll, &ct, true) {
                let x = self.func.get_nth_param(p).expect("parameter");
                p += 1;
                comps.push(match ct {
                    CType::Scalar(cs) => self.unabi(x, cs)?,
                    _ => x,
                });
            }
            self.values.insert(a, comps);
        }
        self.result_params = p;
        // Phis for the arguments of the other blocks.
        for &bl in &order[1..] {
            self.b.position_at_end(self.blocks[&bl]);
            let mut phis = Vec::new();
            for &a in ir.block_args(bl) {
                if self.is_vector(a) {
                    let (cs, shape) = self.vector_info(self.func_op, a)?;
                    let phi = self.b.build_phi(self.vector_type(cs, &shape), "")?;
                    self.values.insert(a, vec![phi.as_basic_value()]);
                    phis.push(phi);
                    continue;
                }
                let ct = self.ctype(self.func_op, a)?;
                let mut comps = Vec::new();
                for t in component_types(self.ll, &ct, false) {
                    let phi = self.b.build_phi(t, "")?;
                    comps.push(phi.as_basic_value());
                    phis.push(phi);
                }
                self.values.insert(a, comps);
            }
            self.phis.insert(bl, phis);
        }
        for &bl in &order {
            self.b.position_at_end(self.blocks[&bl]);
            for op in ir.block_ops(bl).collect::<Vec<_>>() {
                let r = self.emit_op(op);
                self.wrap(op, r)?;
            }
        }
        self.b.position_at_end(allocas);
        self.b.build_unconditional_branch(self.blocks[&entry])?;
        Ok(())
    }

    /// Branches to successor `index` of `op`, feeding its arguments.
    fn branch(&mut self, op: OpId, index: usize) -> R<()> {
        let here = self.b.get_insert_block().expect("positioned");
        self.feed(op, index, here);
        let target = self.ir.successors(op)[index];
        self.b.build_unconditional_branch(self.blocks[&target])?;
        Ok(())
    }

    /// The arguments of successor `index` of `op` as incoming values of its
    /// phis from `from`.
    fn feed(&self, op: OpId, index: usize, from: BasicBlock<'ctx>) {
        let (start, len) = strata_dialect_cf::successor_operand_range(self.ctx, self.ir, op, index);
        let target = self.ir.successors(op)[index];
        let Some(phis) = self.phis.get(&target) else {
            return;
        };
        let incoming = self
            .ir
            .operands(op)
            .skip(start)
            .take(len)
            .flat_map(|v| self.values[&v].iter().copied());
        for (phi, x) in phis.iter().zip(incoming) {
            phi.add_incoming(&[(&x as &dyn BasicValue, from)]);
        }
    }

    /// A new block of the function.
    fn block(&self, name: &str) -> BasicBlock<'ctx> {
        self.ll.append_basic_block(self.func, name)
    }

    /// Stops with `message` (located at `op`) when `cond` holds.
    fn fail_if(&mut self, op: OpId, cond: IntValue<'ctx>, message: &str) -> R<()> {
        self.fail_if_args(op, cond, message, &[])
    }

    /// As [`Self::fail_if`], with run-time values: each `{}` of `message`
    /// stands for the next of `args`.
    fn fail_if_args(
        &mut self,
        op: OpId,
        cond: IntValue<'ctx>,
        message: &str,
        args: &[FailArg<'ctx>],
    ) -> R<()> {
        let site = self.fail_sites.len();
        let (mut printf, mut marked) = (String::new(), String::new());
        let mut pieces = message.split("{}");
        printf.push_str(pieces.next().unwrap_or(""));
        marked.push_str(&printf.clone());
        for (piece, arg) in pieces.zip(args.iter().chain(std::iter::repeat(&FailArg::None))) {
            let (f, m) = match arg {
                FailArg::Unsigned(_) => ("%llu", UNSIGNED_MARK),
                _ => ("%lld", SIGNED_MARK),
            };
            printf.push_str(f);
            marked.push(m);
            printf.push_str(piece);
            marked.push_str(piece);
        }
        self.fail_sites.push(FailSite {
            loc: self.ir.op_loc(op),
            message: marked,
        });
        let loc = match self.ctx.file_line_col(self.ir.op_loc(op)) {
            Some((file, line, col)) => format!("{file}:{line}:{col}: "),
            None => String::new(),
        };
        let fail = self.block("fail");
        let cont = self.block("cont");
        self.b.build_conditional_branch(cond, fail, cont)?;
        self.b.position_at_end(fail);
        let text = self
            .b
            .build_global_string_ptr(&format!("{loc}error: {printf}"), "strata_msg")?;
        let values = if args.is_empty() {
            self.ll.ptr_type(AddressSpace::default()).const_null()
        } else {
            let i64t = self.ll.i64_type();
            let array = self.entry_alloca(i64t.into(), args.len() as u64)?;
            for (k, a) in args.iter().enumerate() {
                let v = match *a {
                    FailArg::Signed(v) => self.b.build_int_s_extend_or_bit_cast(v, i64t, "")?,
                    FailArg::Unsigned(v) => self.b.build_int_z_extend_or_bit_cast(v, i64t, "")?,
                    FailArg::None => i64t.const_zero(),
                };
                // SAFETY: `array` has `args.len()` elements.
                let p = unsafe { self.b.build_gep(i64t, array, &[self.i64c(k as i64)], "")? };
                self.b.build_store(p, v)?;
            }
            array
        };
        let f = self.runtime_fail();
        self.b.build_call(
            f,
            &[
                self.ll.i32_type().const_int(site as u64, false).into(),
                text.as_pointer_value().into(),
                values.into(),
            ],
            "",
        )?;
        self.b.build_unreachable()?;
        self.b.position_at_end(cont);
        Ok(())
    }

    fn runtime_fail(&self) -> FunctionValue<'ctx> {
        self.module.get_function("strata_fail").unwrap_or_else(|| {
            let ptr = self.ll.ptr_type(AddressSpace::default());
            let t = self
                .ll
                .void_type()
                .fn_type(&[self.ll.i32_type().into(), ptr.into(), ptr.into()], false);
            let f = self.module.add_function("strata_fail", t, None);
            let noreturn = inkwell::attributes::Attribute::get_named_enum_kind_id("noreturn");
            f.add_attribute(
                inkwell::attributes::AttributeLoc::Function,
                self.ll.create_enum_attribute(noreturn, 0),
            );
            f
        })
    }

    /// Calls an LLVM intrinsic overloaded on `types`.
    fn intrinsic(
        &self,
        name: &str,
        types: &[BasicTypeEnum<'ctx>],
        args: &[BasicMetadataValueEnum<'ctx>],
    ) -> R<BasicValueEnum<'ctx>> {
        let f = Intrinsic::find(name)
            .and_then(|i| i.get_declaration(self.module, types))
            .ok_or_else(|| Fail::Builder(format!("no intrinsic {name}")))?;
        self.call_value(f, args)
    }

    fn call_value(
        &self,
        f: FunctionValue<'ctx>,
        args: &[BasicMetadataValueEnum<'ctx>],
    ) -> R<BasicValueEnum<'ctx>> {
        match self.b.build_call(f, args, "")?.try_as_basic_value() {
            ValueKind::Basic(v) => Ok(v),
            ValueKind::Instruction(_) => Err(Fail::Builder("call without a value".into())),
        }
    }

    /// Calls the C library's `double name(double, ...)`.
    fn libm(&self, name: &str, args: &[FloatValue<'ctx>]) -> R<FloatValue<'ctx>> {
        let f64t = self.ll.f64_type();
        let f = self.module.get_function(name).unwrap_or_else(|| {
            let params: Vec<BasicMetadataTypeEnum> = args.iter().map(|_| f64t.into()).collect();
            self.module
                .add_function(name, f64t.fn_type(&params, false), None)
        });
        let args: Vec<BasicMetadataValueEnum> = args.iter().map(|&a| a.into()).collect();
        Ok(self.call_value(f, &args)?.into_float_value())
    }

    fn emit_op(&mut self, op: OpId) -> R<()> {
        let name = self.ctx.op_name_str(self.ir.op_name(op)).to_string();
        let (dialect, short) = name.split_once('.').unwrap_or(("", ""));
        let ir = self.ir;
        if matches!(dialect, "arith" | "math")
            && ir
                .operands(op)
                .chain(ir.results(op))
                .any(|v| self.is_vector(v))
        {
            return self.emit_lanewise(op, dialect, short);
        }
        match dialect {
            "arith" => self.emit_arith(op, short),
            "math" => self.emit_math(op, short),
            "memref" => self.emit_memref(op, short),
            "vector" => self.emit_vector(op, short),
            _ => self.emit_control(op, &name),
        }
    }

    /// An op the LLVM back end does not translate; affine and scf ops are
    /// lowered by the pipeline, never inside the translation.
    fn unsupported(&self, op: OpId) -> Fail {
        let name = self.ctx.op_name_str(self.ir.op_name(op));
        let hint = if name.starts_with("affine.") {
            " (lower it first: --lower-affine --convert-scf-to-cf)"
        } else if name.starts_with("scf.") {
            " (lower it first: --convert-scf-to-cf)"
        } else {
            ""
        };
        self.err(
            op,
            format!("the LLVM back end does not support the op '{name}'{hint}"),
        )
    }

    fn emit_control(&mut self, op: OpId, name: &str) -> R<()> {
        let ir = self.ir;
        let ops: Vec<Value> = ir.operands(op).collect();
        match name {
            ReturnOp::NAME => {
                if self.direct {
                    let v = self.abi(self.values[&ops[0]][0])?;
                    self.b.build_return(Some(&v))?;
                } else {
                    let mut p = self.result_params;
                    for v in &ops {
                        for x in self.values[v].clone() {
                            let ptr = self
                                .func
                                .get_nth_param(p)
                                .expect("result pointer")
                                .into_pointer_value();
                            p += 1;
                            self.b.build_store(ptr, self.abi(x)?)?;
                        }
                    }
                    self.b.build_return(None)?;
                }
            }
            CallOp::NAME => {
                let callee = callee_name(self.ctx, ir, op)
                    .ok_or_else(|| self.err(op, "call without a callee"))?;
                let f = self.module.get_function(&c_name(&callee)).ok_or_else(|| {
                    self.err(op, format!("no function '@{callee}' in the module"))
                })?;
                let mut args: Vec<BasicMetadataValueEnum> = Vec::new();
                for v in &ops {
                    for x in self.values[v].clone() {
                        args.push(self.abi(x)?.into());
                    }
                }
                let results: Vec<Value> = ir.results(op).collect();
                let types: Vec<_> = results.iter().map(|&r| ir.value_type(r)).collect();
                if strata_native_abi::returns_directly(self.ctx, &types) {
                    let cs = self.scalar(op, results[0])?;
                    let x = self.call_value(f, &args)?;
                    let x = self.unabi(x, cs)?;
                    self.set(results[0], x);
                } else {
                    let mut slots = Vec::new();
                    for &r in &results {
                        let ct = self.ctype(op, r)?;
                        let mut rs = Vec::new();
                        for t in component_types(self.ll, &ct, true) {
                            let slot = self.entry_alloca(t, 1)?;
                            args.push(slot.into());
                            rs.push((t, slot));
                        }
                        slots.push((r, ct, rs));
                    }
                    self.b.build_call(f, &args, "")?;
                    for (r, ct, rs) in slots {
                        let mut comps = Vec::new();
                        for (t, slot) in rs {
                            let x = self.b.build_load(t, slot, "")?;
                            comps.push(match ct {
                                CType::Scalar(cs) => self.unabi(x, cs)?,
                                _ => x,
                            });
                        }
                        self.values.insert(r, comps);
                    }
                }
            }
            BranchOp::NAME => self.branch(op, 0)?,
            CondBranchOp::NAME => {
                let c = self.int(ops[0]);
                let succ = ir.successors(op);
                if succ[0] != succ[1] {
                    let here = self.b.get_insert_block().expect("positioned");
                    self.feed(op, 0, here);
                    self.feed(op, 1, here);
                    let (t, f) = (self.blocks[&succ[0]], self.blocks[&succ[1]]);
                    self.b.build_conditional_branch(c, t, f)?;
                } else {
                    // One target twice: an edge block per arm, so its phis
                    // see two distinct predecessors.
                    let (tb, fb) = (self.block("then"), self.block("else"));
                    self.b.build_conditional_branch(c, tb, fb)?;
                    self.b.position_at_end(tb);
                    self.branch(op, 0)?;
                    self.b.position_at_end(fb);
                    self.branch(op, 1)?;
                }
            }
            SwitchOp::NAME => {
                let flag = self.int(ops[0]);
                let cases = strata_dialect_cf::ops_case_values(self.ctx, ir, op);
                let n = ir.successors(op).len();
                let edges: Vec<BasicBlock> = (0..n).map(|_| self.block("case")).collect();
                let table: Vec<(IntValue, BasicBlock)> = cases
                    .iter()
                    .enumerate()
                    .map(|(i, &c)| (self.intc(flag.get_type(), c as u128), edges[i + 1]))
                    .collect();
                self.b.build_switch(flag, edges[0], &table)?;
                for (i, &e) in edges.iter().enumerate() {
                    self.b.position_at_end(e);
                    self.branch(op, i)?;
                }
            }
            AssertOp::NAME => {
                let c = self.int(ops[0]);
                let not = self.b.build_not(c, "")?;
                let message = strata_native_abi::assert_failure(self.ctx, ir, op);
                self.fail_if(op, not, &message)?;
            }
            _ => return Err(self.unsupported(op)),
        }
        Ok(())
    }

    /// An alloca of `n` elements of `t` in the function's first block.
    fn entry_alloca(&self, t: BasicTypeEnum<'ctx>, n: u64) -> R<PointerValue<'ctx>> {
        let here = self.b.get_insert_block().expect("positioned");
        self.b
            .position_at_end(self.alloca_block.expect("function started"));
        let p = self
            .b
            .build_array_alloca(t, self.ll.i64_type().const_int(n.max(1), false), "")?;
        self.b.position_at_end(here);
        Ok(p)
    }

    fn float_type(&self, cs: CScalar) -> FloatType<'ctx> {
        match cs {
            CScalar::F32 => self.ll.f32_type(),
            _ => self.ll.f64_type(),
        }
    }

    fn emit_arith(&mut self, op: OpId, short: &str) -> R<()> {
        let ir = self.ir;
        let b = &self.b;
        let ops: Vec<Value> = ir.operands(op).collect();
        let res: Vec<Value> = ir.results(op).collect();
        match short {
            "constant" => {
                let cs = self.scalar(op, res[0])?;
                let attr = ir
                    .attr(self.ctx, op, "value")
                    .ok_or_else(|| self.err(op, "constant without value"))?;
                let el = strata_dialect_arith::fold::decode(self.ctx, attr)
                    .filter(|e| e.elems.len() == 1)
                    .ok_or_else(|| {
                        self.err(op, "the LLVM back end supports scalar constants only")
                    })?;
                let x = self.scalar_constant(op, el.elems[0], cs)?;
                self.set(res[0], x);
                return Ok(());
            }
            "addui_extended" => {
                let (x, y) = (self.int(ops[0]), self.int(ops[1]));
                let s = b.build_int_add(x, y, "")?;
                let o = b.build_int_compare(IntPredicate::ULT, s, x, "")?;
                self.set(res[0], s);
                self.set(res[1], o);
                return Ok(());
            }
            "mului_extended" | "mulsi_extended" => {
                let (x, y) = (self.int(ops[0]), self.int(ops[1]));
                let w = x.get_type().get_bit_width();
                let wide = int_type(self.ll, 2 * w);
                let signed = short == "mulsi_extended";
                let xw = b.build_int_cast_sign_flag(x, wide, signed, "")?;
                let yw = b.build_int_cast_sign_flag(y, wide, signed, "")?;
                let p = b.build_int_mul(xw, yw, "")?;
                let lo = b.build_int_truncate(p, x.get_type(), "")?;
                let sh = b.build_right_shift(p, self.intc(wide, w as u128), false, "")?;
                let hi = b.build_int_truncate(sh, x.get_type(), "")?;
                self.set(res[0], lo);
                self.set(res[1], hi);
                return Ok(());
            }
            "select" => {
                let c = self.int(ops[0]);
                let (x, y) = (self.values[&ops[1]].clone(), self.values[&ops[2]].clone());
                let mut comps = Vec::new();
                for (x, y) in x.into_iter().zip(y) {
                    comps.push(b.build_select(c, x, y, "")?);
                }
                self.values.insert(res[0], comps);
                return Ok(());
            }
            _ => {}
        }
        if ops.is_empty() || res.len() != 1 {
            return Err(self.unsupported(op));
        }
        let from = self.scalar(op, ops[0])?;
        let to = self.scalar(op, res[0])?;
        if from.is_narrow_float() || to.is_narrow_float() {
            if let Some(x) = self.narrow_arith(op, short, &ops, from, to)? {
                self.set(res[0], x);
                return Ok(());
            }
        }
        let x: BasicValueEnum = match (short, from) {
            (
                "addi" | "subi" | "muli" | "andi" | "ori" | "xori" | "shli" | "shrui" | "shrsi"
                | "minsi" | "maxsi" | "minui" | "maxui" | "divui" | "remui" | "ceildivui" | "divsi"
                | "remsi" | "ceildivsi" | "floordivsi",
                CScalar::Int(w),
            ) => self
                .int_binary(op, short, self.int(ops[0]), self.int(ops[1]), w)?
                .into(),
            (
                "addf" | "subf" | "mulf" | "divf" | "remf" | "minimumf" | "maximumf" | "minnumf"
                | "maxnumf",
                CScalar::F32 | CScalar::F64,
            ) => self
                .float_binary(short, self.flt(ops[0]), self.flt(ops[1]))?
                .into(),
            ("negf", CScalar::F32 | CScalar::F64) => {
                b.build_float_neg(self.flt(ops[0]), "")?.into()
            }
            ("cmpi", CScalar::Int(_)) => {
                let p = ir
                    .attr(self.ctx, op, "predicate")
                    .and_then(|x| self.ctx.integer_value(x))
                    .unwrap_or(-1);
                use IntPredicate::*;
                let pred = [EQ, NE, SLT, SLE, SGT, SGE, ULT, ULE, UGT, UGE]
                    .get(p as usize)
                    .copied()
                    .ok_or_else(|| self.err(op, "unknown cmpi predicate"))?;
                b.build_int_compare(pred, self.int(ops[0]), self.int(ops[1]), "")?
                    .into()
            }
            ("cmpf", CScalar::F32 | CScalar::F64) => {
                let pred = self.cmpf_predicate(op)?;
                b.build_float_compare(pred, self.flt(ops[0]), self.flt(ops[1]), "")?
                    .into()
            }
            ("extsi" | "index_cast" | "extui" | "trunci" | "index_castui", CScalar::Int(_)) => {
                let CScalar::Int(t) = to else {
                    return Err(self.unsupported(op));
                };
                let signed = matches!(short, "extsi" | "index_cast");
                b.build_int_cast_sign_flag(self.int(ops[0]), int_type(self.ll, t), signed, "")?
                    .into()
            }
            ("sitofp", CScalar::Int(_)) => b
                .build_signed_int_to_float(self.int(ops[0]), self.float_type(to), "")?
                .into(),
            ("uitofp", CScalar::Int(_)) => b
                .build_unsigned_int_to_float(self.int(ops[0]), self.float_type(to), "")?
                .into(),
            ("fptosi" | "fptoui", CScalar::F32 | CScalar::F64) => {
                let name = if short == "fptosi" {
                    "llvm.fptosi.sat"
                } else {
                    "llvm.fptoui.sat"
                };
                self.intrinsic(
                    name,
                    &[value_type(self.ll, to), value_type(self.ll, from)],
                    &[self.flt(ops[0]).into()],
                )?
            }
            ("extf" | "truncf", CScalar::F32 | CScalar::F64) => {
                if from == to {
                    self.values[&ops[0]][0]
                } else {
                    b.build_float_cast(self.flt(ops[0]), self.float_type(to), "")?
                        .into()
                }
            }
            ("bitcast", _) => {
                if from == to {
                    self.values[&ops[0]][0]
                } else {
                    b.build_bit_cast(self.values[&ops[0]][0], value_type(self.ll, to), "")?
                }
            }
            _ => return Err(self.unsupported(op)),
        };
        self.set(res[0], x);
        Ok(())
    }

    /// The LLVM predicate of an `arith.cmpf`.
    fn cmpf_predicate(&self, op: OpId) -> R<FloatPredicate> {
        let p = self
            .ir
            .attr(self.ctx, op, "predicate")
            .and_then(|x| self.ctx.integer_value(x))
            .unwrap_or(-1);
        use FloatPredicate::*;
        [
            PredicateFalse,
            OEQ,
            OGT,
            OGE,
            OLT,
            OLE,
            ONE,
            ORD,
            UEQ,
            UGT,
            UGE,
            ULT,
            ULE,
            UNE,
            UNO,
            PredicateTrue,
        ]
        .get(p as usize)
        .copied()
        .ok_or_else(|| self.err(op, "unknown cmpf predicate"))
    }

    /// The constant `s` as a value of scalar type `cs` (floats by their bits).
    fn scalar_constant(&self, op: OpId, s: Scalar, cs: CScalar) -> R<BasicValueEnum<'ctx>> {
        Ok(match (s, cs) {
            (Scalar::Int(v, _), CScalar::Int(w)) => self.intc(int_type(self.ll, w), v).into(),
            (Scalar::Float(f, k), CScalar::F32) => {
                let bits = float_to_bits(k, f).unwrap_or(0);
                let i = self.intc(self.ll.i32_type(), bits);
                self.b.build_bit_cast(i, self.ll.f32_type(), "")?
            }
            (Scalar::Float(f, k), CScalar::F64) => {
                let bits = float_to_bits(k, f).unwrap_or(0);
                let i = self.intc(self.ll.i64_type(), bits);
                self.b.build_bit_cast(i, self.ll.f64_type(), "")?
            }
            (Scalar::Float(f, k), CScalar::F16 | CScalar::BF16) => {
                let bits = float_to_bits(k, f).unwrap_or(0);
                self.intc(self.ll.i16_type(), bits).into()
            }
            _ => return Err(self.err(op, "constant of an unexpected kind")),
        })
    }

    fn int_binary(
        &mut self,
        op: OpId,
        short: &str,
        x: IntValue<'ctx>,
        y: IntValue<'ctx>,
        w: u32,
    ) -> R<IntValue<'ctx>> {
        let ty = x.get_type();
        let zero = ty.const_zero();
        let ones = ty.const_all_ones();
        if matches!(
            short,
            "divui" | "remui" | "ceildivui" | "divsi" | "remsi" | "ceildivsi" | "floordivsi"
        ) {
            let is_zero = self.b.build_int_compare(IntPredicate::EQ, y, zero, "")?;
            self.fail_if(op, is_zero, &SemanticsError::DivisionByZero.to_string())?;
            if matches!(short, "divsi" | "ceildivsi" | "floordivsi") {
                let min = self.intc(ty, 1u128 << (w - 1));
                let a = self.b.build_int_compare(IntPredicate::EQ, x, min, "")?;
                let c = self.b.build_int_compare(IntPredicate::EQ, y, ones, "")?;
                let both = self.b.build_and(a, c, "")?;
                self.fail_if(
                    op,
                    both,
                    &SemanticsError::SignedDivisionOverflow.to_string(),
                )?;
            }
        }
        let b = &self.b;
        let one = self.intc(ty, 1);
        let lt_w = |b: &Builder<'ctx>| {
            b.build_int_compare(IntPredicate::UGE, y, self.intc(ty, w as u128), "")
        };
        Ok(match short {
            "addi" => b.build_int_add(x, y, "")?,
            "subi" => b.build_int_sub(x, y, "")?,
            "muli" => b.build_int_mul(x, y, "")?,
            "andi" => b.build_and(x, y, "")?,
            "ori" => b.build_or(x, y, "")?,
            "xori" => b.build_xor(x, y, "")?,
            "shli" | "shrui" => {
                let big = lt_w(b)?;
                let s = if short == "shli" {
                    b.build_left_shift(x, y, "")?
                } else {
                    b.build_right_shift(x, y, false, "")?
                };
                b.build_select(big, zero, s, "")?.into_int_value()
            }
            "shrsi" => {
                let big = lt_w(b)?;
                let amount = b
                    .build_select(big, self.intc(ty, (w - 1) as u128), y, "")?
                    .into_int_value();
                b.build_right_shift(x, amount, true, "")?
            }
            "minsi" | "maxsi" | "minui" | "maxui" => {
                let pred = match short {
                    "minsi" => IntPredicate::SLE,
                    "maxsi" => IntPredicate::SGE,
                    "minui" => IntPredicate::ULE,
                    _ => IntPredicate::UGE,
                };
                let c = b.build_int_compare(pred, x, y, "")?;
                b.build_select(c, x, y, "")?.into_int_value()
            }
            "divui" => b.build_int_unsigned_div(x, y, "")?,
            "remui" => b.build_int_unsigned_rem(x, y, "")?,
            "ceildivui" => {
                let q = b.build_int_unsigned_div(x, y, "")?;
                let r = b.build_int_unsigned_rem(x, y, "")?;
                let nz = b.build_int_compare(IntPredicate::NE, r, zero, "")?;
                b.build_int_add(q, b.build_int_z_extend(nz, ty, "")?, "")?
            }
            "divsi" => b.build_int_signed_div(x, y, "")?,
            "remsi" => {
                if w == 1 {
                    // x rem -1 (the only nonzero i1): always 0.
                    zero
                } else {
                    // x rem -1 is 0 (LLVM's srem of MIN by -1 is undefined).
                    let m1 = b.build_int_compare(IntPredicate::EQ, y, ones, "")?;
                    let safe = b.build_select(m1, one, y, "")?.into_int_value();
                    let r = b.build_int_signed_rem(x, safe, "")?;
                    b.build_select(m1, zero, r, "")?.into_int_value()
                }
            }
            "ceildivsi" | "floordivsi" => {
                let q = b.build_int_signed_div(x, y, "")?;
                let r = b.build_int_signed_rem(x, y, "")?;
                let nz = b.build_int_compare(IntPredicate::NE, r, zero, "")?;
                let (pred, same) = if short == "ceildivsi" {
                    (IntPredicate::SGT, true)
                } else {
                    (IntPredicate::SLT, false)
                };
                let rs = b.build_int_compare(pred, r, zero, "")?;
                let ys = b.build_int_compare(pred, y, zero, "")?;
                let eq = b.build_int_compare(
                    if same {
                        IntPredicate::EQ
                    } else {
                        IntPredicate::NE
                    },
                    rs,
                    ys,
                    "",
                )?;
                let adjust = b.build_and(nz, eq, "")?;
                let adjust = b.build_int_z_extend(adjust, ty, "")?;
                if short == "ceildivsi" {
                    b.build_int_add(q, adjust, "")?
                } else {
                    b.build_int_sub(q, adjust, "")?
                }
            }
            _ => return Err(self.unsupported(op)),
        })
    }

    fn float_binary(
        &self,
        short: &str,
        x: FloatValue<'ctx>,
        y: FloatValue<'ctx>,
    ) -> R<FloatValue<'ctx>> {
        let b = &self.b;
        let t: BasicTypeEnum = x.get_type().into();
        let minmax = |name: &str| -> R<FloatValue<'ctx>> {
            Ok(self
                .intrinsic(name, &[t], &[x.into(), y.into()])?
                .into_float_value())
        };
        Ok(match short {
            "addf" => b.build_float_add(x, y, "")?,
            "subf" => b.build_float_sub(x, y, "")?,
            "mulf" => b.build_float_mul(x, y, "")?,
            "divf" => b.build_float_div(x, y, "")?,
            "remf" => b.build_float_rem(x, y, "")?,
            "minimumf" => minmax("llvm.minimum")?,
            "maximumf" => minmax("llvm.maximum")?,
            "minnumf" | "maxnumf" => {
                // MLIR: a NaN operand yields the other; otherwise as minimumf/maximumf.
                let m = minmax(if short == "minnumf" {
                    "llvm.minimum"
                } else {
                    "llvm.maximum"
                })?;
                let xn = b.build_float_compare(FloatPredicate::UNO, x, x, "")?;
                let yn = b.build_float_compare(FloatPredicate::UNO, y, y, "")?;
                let m = b.build_select(yn, x, m, "")?.into_float_value();
                b.build_select(xn, y, m, "")?.into_float_value()
            }
            _ => return Err(Fail::Builder(format!("float op {short}"))),
        })
    }

    fn emit_math(&mut self, op: OpId, short: &str) -> R<()> {
        let ir = self.ir;
        let ops: Vec<Value> = ir.operands(op).collect();
        let res: Vec<Value> = ir.results(op).collect();
        if ops.is_empty() || res.len() != 1 {
            return Err(self.unsupported(op));
        }
        let from = self.scalar(op, ops[0])?;
        let to = self.scalar(op, res[0])?;
        let f64t = self.ll.f64_type();
        let b = &self.b;
        // Integer ops.
        if let CScalar::Int(_) = from {
            let x = self.int(ops[0]);
            let t: BasicTypeEnum = x.get_type().into();
            let fls = self.ll.bool_type().const_zero();
            let r = match short {
                "absi" => self.intrinsic("llvm.abs", &[t], &[x.into(), fls.into()])?,
                "ctlz" => self.intrinsic("llvm.ctlz", &[t], &[x.into(), fls.into()])?,
                "cttz" => self.intrinsic("llvm.cttz", &[t], &[x.into(), fls.into()])?,
                "ctpop" => self.intrinsic("llvm.ctpop", &[t], &[x.into()])?,
                "ipowi" => {
                    // 0 ** negative is undefined: the interpreter's error.
                    let e = self.int(ops[1]);
                    let zero = x.get_type().const_zero();
                    let neg = self.b.build_int_compare(IntPredicate::SLT, e, zero, "")?;
                    let base0 = self.b.build_int_compare(IntPredicate::EQ, x, zero, "")?;
                    let bad = self.b.build_and(neg, base0, "")?;
                    let w = x.get_type().get_bit_width();
                    self.fail_if_args(
                        op,
                        bad,
                        &format!("'math.ipowi' is undefined for [Int({{}}, {w}), Int({{}}, {w})]"),
                        &[FailArg::Unsigned(x), FailArg::Unsigned(e)],
                    )?;
                    let f = self.ipowi_function(w)?;
                    self.call_value(f, &[x.into(), e.into()])?
                }
                _ => return Err(self.unsupported(op)),
            };
            self.set(res[0], r);
            return Ok(());
        }
        let x = self.values[&ops[0]][0];
        // Classification, in the operand's own format.
        let class = match short {
            "isnan" => Some(0x003),
            "isinf" => Some(0x204),
            "isfinite" => Some(0x1f8),
            "isnormal" => Some(0x108),
            _ => None,
        };
        if let Some(mask) = class {
            let r = if from.is_narrow_float() {
                self.narrow_class(short, x.into_int_value(), from)?
            } else {
                self.intrinsic(
                    "llvm.is.fpclass",
                    &[x.get_type()],
                    &[x.into(), self.ll.i32_type().const_int(mask, false).into()],
                )?
            };
            self.set(res[0], r);
            return Ok(());
        }
        // Everything else in double, rounded once.
        let a = self.to_f64(x, from)?;
        let arg = |i: usize| -> R<FloatValue<'ctx>> {
            self.to_f64(self.values[&ops[i]][0], self.scalar(op, ops[i])?)
        };
        let intr = |name: &str, args: &[FloatValue<'ctx>]| -> R<FloatValue<'ctx>> {
            let args: Vec<BasicMetadataValueEnum> = args.iter().map(|&a| a.into()).collect();
            Ok(self
                .intrinsic(name, &[f64t.into()], &args)?
                .into_float_value())
        };
        let intrinsic_unary = [
            ("absf", "llvm.fabs"),
            ("ceil", "llvm.ceil"),
            ("floor", "llvm.floor"),
            ("trunc", "llvm.trunc"),
            ("round", "llvm.round"),
            ("roundeven", "llvm.roundeven"),
            ("sqrt", "llvm.sqrt"),
            ("exp", "llvm.exp"),
            ("exp2", "llvm.exp2"),
            ("log", "llvm.log"),
            ("log10", "llvm.log10"),
            ("log2", "llvm.log2"),
            ("sin", "llvm.sin"),
            ("cos", "llvm.cos"),
            ("tan", "llvm.tan"),
            ("asin", "llvm.asin"),
            ("acos", "llvm.acos"),
            ("atan", "llvm.atan"),
            ("sinh", "llvm.sinh"),
            ("cosh", "llvm.cosh"),
            ("tanh", "llvm.tanh"),
        ];
        // No LLVM intrinsic: the C library.
        let libm_unary = [
            "cbrt", "erf", "erfc", "expm1", "log1p", "asinh", "acosh", "atanh",
        ];
        let r = if let Some((_, name)) = intrinsic_unary.iter().find(|(n, _)| *n == short) {
            intr(name, &[a])?
        } else if libm_unary.contains(&short) {
            self.libm(short, &[a])?
        } else {
            match short {
                "rsqrt" => {
                    let s = intr("llvm.sqrt", &[a])?;
                    b.build_float_div(f64t.const_float(1.0), s, "")?
                }
                "atan2" => intr("llvm.atan2", &[a, arg(1)?])?,
                "copysign" => intr("llvm.copysign", &[a, arg(1)?])?,
                "powf" => intr("llvm.pow", &[a, arg(1)?])?,
                "fma" => intr("llvm.fma", &[a, arg(1)?, arg(2)?])?,
                "fpowi" => {
                    let e = b.build_signed_int_to_float(self.int(ops[1]), f64t, "")?;
                    intr("llvm.pow", &[a, e])?
                }
                _ => return Err(self.unsupported(op)),
            }
        };
        let r = self.f64_to(r, to)?;
        self.set(res[0], r);
        Ok(())
    }

    /// With bounds checks: stop unless `indices` are inside `m`, with the
    /// interpreter's message.
    fn bounds_check(&mut self, op: OpId, m: Value, indices: &[Value]) -> R<()> {
        let indices: Vec<IntValue> = indices.iter().map(|&i| self.int(i)).collect();
        self.bounds_check_at(op, m, &indices)
    }

    /// [`Self::bounds_check`] with the indices as LLVM values.
    fn bounds_check_at(&mut self, op: OpId, m: Value, indices: &[IntValue<'ctx>]) -> R<()> {
        if !self.bounds_checks || indices.is_empty() {
            return Ok(());
        }
        let comps = self.values[&m].clone();
        let mut out = self.ll.bool_type().const_zero();
        let mut args = Vec::new();
        for (k, &i) in indices.iter().enumerate() {
            let size = comps[2 + k].into_int_value();
            let bad = self.b.build_int_compare(IntPredicate::UGE, i, size, "")?;
            out = self.b.build_or(out, bad, "")?;
            args.push(FailArg::Signed(i));
        }
        for k in 0..indices.len() {
            args.push(FailArg::Signed(comps[2 + k].into_int_value()));
        }
        let list = vec!["{}"; indices.len()].join(", ");
        self.fail_if_args(
            op,
            out,
            &format!("out-of-bounds access at [{list}] of a memref of shape [{list}]"),
            &args,
        )
    }

    /// `iw @strata_ipowi_iw(iw base, iw exponent)`: the interpreter's
    /// `ipowi` (square-and-multiply, wrapping; a negative exponent gives 0
    /// except for bases 1 and -1). The caller has excluded `0 ** negative`.
    fn ipowi_function(&self, w: u32) -> R<FunctionValue<'ctx>> {
        let name = format!("strata_ipowi_i{w}");
        if let Some(f) = self.module.get_function(&name) {
            return Ok(f);
        }
        let t = int_type(self.ll, w);
        let f = self.module.add_function(
            &name,
            t.fn_type(&[t.into(), t.into()], false),
            Some(inkwell::module::Linkage::Internal),
        );
        let b = self.ll.create_builder();
        let (base, e) = (
            f.get_nth_param(0).expect("base").into_int_value(),
            f.get_nth_param(1).expect("exponent").into_int_value(),
        );
        let (zero, one, ones) = (t.const_zero(), self.intc(t, 1), t.const_all_ones());
        let entry = self.ll.append_basic_block(f, "entry");
        let negative = self.ll.append_basic_block(f, "negative");
        let head = self.ll.append_basic_block(f, "head");
        let body = self.ll.append_basic_block(f, "body");
        let exit = self.ll.append_basic_block(f, "exit");
        b.position_at_end(entry);
        let neg = b.build_int_compare(IntPredicate::SLT, e, zero, "")?;
        b.build_conditional_branch(neg, negative, head)?;
        b.position_at_end(negative);
        let is1 = b.build_int_compare(IntPredicate::EQ, base, one, "")?;
        let ism1 = b.build_int_compare(IntPredicate::EQ, base, ones, "")?;
        let odd = b.build_int_truncate(e, self.ll.bool_type(), "")?;
        let m1 = b.build_select(odd, ones, one, "")?;
        let r = b.build_select(ism1, m1, zero.into(), "")?;
        let r = b.build_select(is1, one.into(), r, "")?;
        b.build_return(Some(&r))?;
        b.position_at_end(head);
        let acc = b.build_phi(t, "acc")?;
        let x = b.build_phi(t, "x")?;
        let n = b.build_phi(t, "n")?;
        acc.add_incoming(&[(&one, entry)]);
        x.add_incoming(&[(&base, entry)]);
        n.add_incoming(&[(&e, entry)]);
        let (accv, xv, nv) = (
            acc.as_basic_value().into_int_value(),
            x.as_basic_value().into_int_value(),
            n.as_basic_value().into_int_value(),
        );
        let more = b.build_int_compare(IntPredicate::NE, nv, zero, "")?;
        b.build_conditional_branch(more, body, exit)?;
        b.position_at_end(body);
        let bit = b.build_int_truncate(nv, self.ll.bool_type(), "")?;
        let prod = b.build_int_mul(accv, xv, "")?;
        let acc2 = b.build_select(bit, prod, accv, "")?.into_int_value();
        let x2 = b.build_int_mul(xv, xv, "")?;
        let n2 = b.build_right_shift(nv, one, false, "")?;
        acc.add_incoming(&[(&acc2, body)]);
        x.add_incoming(&[(&x2, body)]);
        n.add_incoming(&[(&n2, body)]);
        b.build_unconditional_branch(head)?;
        b.position_at_end(exit);
        b.build_return(Some(&accv))?;
        Ok(f)
    }

    /// The address of `m[indices]`.
    fn element(&self, op: OpId, m: Value, indices: &[Value]) -> R<PointerValue<'ctx>> {
        let indices: Vec<IntValue> = indices.iter().map(|&i| self.int(i)).collect();
        self.element_at(op, m, &indices)
    }

    /// [`Self::element`] with the indices as LLVM values.
    fn element_at(&self, op: OpId, m: Value, indices: &[IntValue<'ctx>]) -> R<PointerValue<'ctx>> {
        let CType::MemRef {
            elem,
            strides,
            offset,
            ..
        } = self.ctype(op, m)?
        else {
            return Err(self.err(op, "expected a memref"));
        };
        let comps = &self.values[&m];
        let rank = strides.len();
        let mut lin = if offset == DYNAMIC {
            comps[1].into_int_value()
        } else {
            self.i64c(offset)
        };
        for (k, &i) in indices.iter().enumerate() {
            let s = if strides[k] == DYNAMIC {
                comps[2 + rank + k].into_int_value()
            } else {
                self.i64c(strides[k])
            };
            let t = self.b.build_int_mul(i, s, "")?;
            lin = self.b.build_int_add(lin, t, "")?;
        }
        let ptr = comps[0].into_pointer_value();
        // SAFETY: the index arithmetic is the memref's own; in-bounds
        // accesses stay inside the allocation.
        Ok(unsafe {
            self.b
                .build_gep(container_type(self.ll, elem), ptr, &[lin], "")?
        })
    }

    fn emit_memref(&mut self, op: OpId, short: &str) -> R<()> {
        let ir = self.ir;
        let ops: Vec<Value> = ir.operands(op).collect();
        let res: Vec<Value> = ir.results(op).collect();
        match short {
            "load" => {
                let cs = self.scalar(op, res[0])?;
                self.bounds_check(op, ops[0], &ops[1..])?;
                let p = self.element(op, ops[0], &ops[1..])?;
                let x = self.b.build_load(container_type(self.ll, cs), p, "")?;
                let x = self.unabi(x, cs)?;
                self.set(res[0], x);
            }
            "store" => {
                self.bounds_check(op, ops[1], &ops[2..])?;
                let p = self.element(op, ops[1], &ops[2..])?;
                let x = self.abi(self.values[&ops[0]][0])?;
                self.b.build_store(p, x)?;
            }
            "alloc" | "alloca" => {
                let CType::MemRef {
                    elem,
                    shape,
                    strides,
                    offset,
                } = self.ctype(op, res[0])?
                else {
                    return Err(self.err(op, "expected a memref"));
                };
                if strides != strata_dialect_memref::layout::identity_strides(&shape) || offset != 0
                {
                    return Err(self.err(
                        op,
                        "the LLVM back end allocates memrefs with the identity layout only",
                    ));
                }
                let mut dynamic = ops.iter();
                let mut sizes = Vec::new();
                for &d in &shape {
                    sizes.push(if d == DYNAMIC {
                        let v = dynamic
                            .next()
                            .ok_or_else(|| self.err(op, "missing dynamic size"))?;
                        self.int(*v)
                    } else {
                        self.i64c(d)
                    });
                }
                let mut strides_v = vec![self.i64c(1); shape.len()];
                for k in (0..shape.len().saturating_sub(1)).rev() {
                    strides_v[k] = self.b.build_int_mul(strides_v[k + 1], sizes[k + 1], "")?;
                }
                let count = match sizes.first() {
                    Some(&s0) => self.b.build_int_mul(strides_v[0], s0, "")?,
                    None => self.i64c(1),
                };
                let t = container_type(self.ll, elem);
                let fixed = strata_ir::element_count(&shape);
                let small = fixed.filter(|&n| {
                    short == "alloca"
                        && n.checked_mul(elem.size() as i64)
                            .is_some_and(|b| b <= 65536)
                });
                let ptr = if let Some(n) = small {
                    self.entry_alloca(t, n as u64)?
                } else {
                    // malloc(max(count, 1) elements).
                    let one = self.i64c(1);
                    let pos = self
                        .b
                        .build_int_compare(IntPredicate::SGT, count, one, "")?;
                    let n = self.b.build_select(pos, count, one, "")?.into_int_value();
                    self.b.build_array_malloc(t, n, "")?
                };
                let mut comps: Vec<BasicValueEnum> = vec![ptr.into(), self.i64c(0).into()];
                comps.extend(sizes.iter().map(|&s| BasicValueEnum::from(s)));
                comps.extend(strides_v.iter().map(|&s| BasicValueEnum::from(s)));
                self.values.insert(res[0], comps);
            }
            "dealloc" => {
                self.b
                    .build_free(self.values[&ops[0]][0].into_pointer_value())?;
            }
            "dim" => {
                let comps = self.values[&ops[0]].clone();
                let rank = (comps.len() - 2) / 2;
                let i = self.int(ops[1]);
                let mut r = self.i64c(0);
                for k in (0..rank).rev() {
                    let is =
                        self.b
                            .build_int_compare(IntPredicate::EQ, i, self.i64c(k as i64), "")?;
                    r = self
                        .b
                        .build_select(is, comps[2 + k].into_int_value(), r, "")?
                        .into_int_value();
                }
                self.set(res[0], r);
            }
            "cast" => {
                let comps = self.values[&ops[0]].clone();
                self.values.insert(res[0], comps);
            }
            "rank" => {
                let rank = match self.ctype(op, ops[0])? {
                    CType::MemRef { shape, .. } => shape.len(),
                    CType::Scalar(_) => 0,
                };
                self.set(res[0], self.i64c(rank as i64));
            }
            "atomic_rmw" => {
                // Single-threaded: read, combine with the kind's arith op
                // (the interpreter's combining_op), write back; the result
                // is the element read.
                let kind = ir
                    .attr(self.ctx, op, "kind")
                    .and_then(|a| {
                        strata_dialect_arith::atomic::AtomicRmwKind::from_attr(self.ctx, a)
                    })
                    .ok_or_else(|| self.err(op, "invalid atomic kind"))?;
                let cs = self.scalar(op, ops[0])?;
                self.bounds_check(op, ops[1], &ops[2..])?;
                let p = self.element(op, ops[1], &ops[2..])?;
                let x = self.b.build_load(container_type(self.ll, cs), p, "")?;
                let old = self.unabi(x, cs)?;
                let v = self.values[&ops[0]][0];
                let new = match (kind.combining_op(), cs) {
                    (None, _) => v,
                    (Some(o), CScalar::Int(w)) => {
                        let short = o.trim_start_matches("arith.");
                        let (a, b) = (old.into_int_value(), v.into_int_value());
                        self.int_binary(op, short, a, b, w)?.into()
                    }
                    (Some(o), _) => {
                        let short = o.trim_start_matches("arith.");
                        if cs.is_narrow_float() {
                            let (a, b) = (self.to_f64(old, cs)?, self.to_f64(v, cs)?);
                            let r = self.float_binary(short, a, b)?;
                            self.f64_to(r, cs)?
                        } else {
                            let r = self.float_binary(
                                short,
                                old.into_float_value(),
                                v.into_float_value(),
                            )?;
                            r.into()
                        }
                    }
                };
                let stored = self.abi(new)?;
                self.b.build_store(p, stored)?;
                self.set(res[0], old);
            }
            "transpose" => {
                // The same data with permuted sizes and strides.
                let perm = strata_dialect_memref::transpose_permutation(self.ctx, ir, op)
                    .ok_or_else(|| self.err(op, "memref.transpose without a permutation map"))?;
                let src = self.values[&ops[0]].clone();
                let rank = perm.len();
                let mut comps = vec![src[0], src[1]];
                comps.extend(perm.iter().map(|&d| src[2 + d]));
                comps.extend(perm.iter().map(|&d| src[2 + rank + d]));
                self.values.insert(res[0], comps);
            }
            "subview" | "reinterpret_cast" => self.emit_view(op, short, &ops, res[0])?,
            "collapse_shape" | "expand_shape" => self.emit_reshape(op, short, &ops, res[0])?,
            "copy" => self.emit_copy(op, ops[0], ops[1])?,
            "get_global" => {
                let sym = strata_native_abi::symbol_ref(self.ctx, ir, op, "name")
                    .ok_or_else(|| self.err(op, "get_global without a name"))?;
                let g = self.module.get_global(&global_name(&sym)).ok_or_else(|| {
                    self.err(op, format!("no memref.global '@{sym}' in the module"))
                })?;
                let CType::MemRef { shape, strides, .. } = self.ctype(op, res[0])? else {
                    return Err(self.err(op, "expected a memref"));
                };
                let mut comps: Vec<BasicValueEnum> =
                    vec![g.as_pointer_value().into(), self.i64c(0).into()];
                comps.extend(shape.iter().map(|&d| BasicValueEnum::from(self.i64c(d))));
                comps.extend(strides.iter().map(|&d| BasicValueEnum::from(self.i64c(d))));
                self.values.insert(res[0], comps);
            }
            _ => return Err(self.unsupported(op)),
        }
        Ok(())
    }

    fn emit_view(&mut self, op: OpId, short: &str, ops: &[Value], res: Value) -> R<()> {
        let (ctx, ir) = (self.ctx, self.ir);
        let groups = strata_ir::verifier::operand_group_ranges(ctx, ir, op)?;
        let static_of = |n: &str| -> R<Vec<i64>> {
            ir.attr(ctx, op, n)
                .and_then(|a| ctx.dense_array_i64(a))
                .ok_or_else(|| self.err(op, format!("missing '{n}'")))
        };
        let mixed = |st: Vec<i64>, dynamic: &[Value]| -> Vec<IntValue<'ctx>> {
            let mut dynamic = dynamic.iter();
            st.iter()
                .map(|&v| {
                    if v == DYNAMIC {
                        dynamic.next().map(|&d| self.int(d)).unwrap_or(self.i64c(0))
                    } else {
                        self.i64c(v)
                    }
                })
                .collect()
        };
        let st_sizes = static_of("static_sizes")?;
        let offsets = mixed(static_of("static_offsets")?, &ops[groups[1].clone()]);
        let sizes = mixed(st_sizes.clone(), &ops[groups[2].clone()]);
        let strides = mixed(static_of("static_strides")?, &ops[groups[3].clone()]);
        let src = self.values[&ops[0]].clone();
        let CType::MemRef { .. } = self.ctype(op, res)? else {
            return Err(self.err(op, "expected a memref"));
        };
        let mut comps = vec![src[0]];
        if short == "reinterpret_cast" {
            comps.push(offsets[0].into());
            comps.extend(sizes.iter().map(|&s| BasicValueEnum::from(s)));
            comps.extend(strides.iter().map(|&s| BasicValueEnum::from(s)));
        } else {
            let srank = (src.len() - 2) / 2;
            let mut off = src[1].into_int_value();
            for (k, &o) in offsets.iter().enumerate() {
                let t = self
                    .b
                    .build_int_mul(o, src[2 + srank + k].into_int_value(), "")?;
                off = self.b.build_int_add(off, t, "")?;
            }
            comps.push(off.into());
            let dropped = strata_dialect_memref::verify::subview_dropped_dims(self.ctx, ir, op)
                .ok_or_else(|| {
                    self.err(op, "cannot match the result shape to the subview sizes")
                })?;
            let mut new_strides = Vec::new();
            for d in 0..st_sizes.len() {
                if dropped[d] {
                    continue;
                }
                comps.push(sizes[d].into());
                new_strides.push(self.b.build_int_mul(
                    src[2 + srank + d].into_int_value(),
                    strides[d],
                    "",
                )?);
            }
            comps.extend(new_strides.into_iter().map(BasicValueEnum::from));
        }
        self.values.insert(res, comps);
        Ok(())
    }

    /// `memref.collapse_shape`/`expand_shape` as strided views, as the
    /// interpreter: a collapsed dimension has the product of its group's
    /// sizes and steps like the group's innermost non-unit dimension; an
    /// expanded group splits its dimension's stride row-major, and sizes
    /// whose product is not the dimension's stop with the interpreter's
    /// error. (The interpreter's check that a collapsed group is contiguous
    /// is not repeated: the verifier accepts only layouts where it is.)
    fn emit_reshape(&mut self, op: OpId, short: &str, ops: &[Value], res: Value) -> R<()> {
        let groups = strata_dialect_memref::verify::reassociation(self.ctx, self.ir, op);
        let src = self.values[&ops[0]].clone();
        let srank = (src.len() - 2) / 2;
        let size = |d: usize| src[2 + d].into_int_value();
        let stride = |d: usize| src[2 + srank + d].into_int_value();
        let (mut sizes, mut strides) = (Vec::new(), Vec::new());
        if short == "collapse_shape" {
            for group in &groups {
                let mut n = self.i64c(1);
                let mut st = group.last().map_or(self.i64c(1), |&d| stride(d));
                let mut found = self.ll.bool_type().const_zero();
                for &d in group.iter().rev() {
                    n = self.b.build_int_mul(n, size(d), "")?;
                    let unit =
                        self.b
                            .build_int_compare(IntPredicate::EQ, size(d), self.i64c(1), "")?;
                    let take = self.b.build_or(unit, found, "")?;
                    st = self
                        .b
                        .build_select(take, st, stride(d), "")?
                        .into_int_value();
                    let nonunit = self.b.build_not(unit, "")?;
                    found = self.b.build_or(found, nonunit, "")?;
                }
                sizes.push(n);
                strides.push(st);
            }
        } else {
            let statics = self
                .ir
                .attr(self.ctx, op, "static_output_shape")
                .and_then(|a| self.ctx.dense_array_i64(a))
                .ok_or_else(|| self.err(op, "missing 'static_output_shape'"))?;
            let mut dynamic = ops[1..].iter();
            for &v in &statics {
                sizes.push(if v == DYNAMIC {
                    let d = dynamic
                        .next()
                        .ok_or_else(|| self.err(op, "missing dynamic size"))?;
                    self.int(*d)
                } else {
                    self.i64c(v)
                });
            }
            strides = vec![self.i64c(0); sizes.len()];
            for (i, group) in groups.iter().enumerate() {
                let mut product = self.i64c(1);
                for &d in group {
                    product = self.b.build_int_mul(product, sizes[d], "")?;
                }
                let bad = self
                    .b
                    .build_int_compare(IntPredicate::NE, product, size(i), "")?;
                self.fail_if_args(
                    op,
                    bad,
                    "memref.expand_shape of a dimension of size {} into sizes whose product is {}",
                    &[FailArg::Signed(size(i)), FailArg::Signed(product)],
                )?;
                let mut st = stride(i);
                for &d in group.iter().rev() {
                    strides[d] = st;
                    st = self.b.build_int_mul(st, sizes[d], "")?;
                }
            }
        }
        let mut comps = vec![src[0], src[1]];
        comps.extend(sizes.into_iter().map(BasicValueEnum::from));
        comps.extend(strides.into_iter().map(BasicValueEnum::from));
        self.values.insert(res, comps);
        Ok(())
    }

    /// `memref.copy`: a loop nest over the source's sizes.
    fn emit_copy(&mut self, op: OpId, s: Value, t: Value) -> R<()> {
        let CType::MemRef { elem, shape, .. } = self.ctype(op, s)? else {
            return Err(self.err(op, "expected a memref"));
        };
        let rank = shape.len();
        let sizes: Vec<IntValue> = (0..rank)
            .map(|k| self.values[&s][2 + k].into_int_value())
            .collect();
        let elem_t = container_type(self.ll, elem);
        // Index values live in a scratch value map entry per dimension.
        let mut ivs = Vec::new();
        let mut latches = Vec::new();
        for &size in &sizes {
            let pre = self.b.get_insert_block().expect("positioned");
            let head = self.block("copy.head");
            let body = self.block("copy.body");
            let exit = self.block("copy.exit");
            self.b.build_unconditional_branch(head)?;
            self.b.position_at_end(head);
            let iv = self.b.build_phi(self.ll.i64_type(), "")?;
            iv.add_incoming(&[(&self.i64c(0), pre)]);
            let i = iv.as_basic_value().into_int_value();
            let more = self.b.build_int_compare(IntPredicate::SLT, i, size, "")?;
            self.b.build_conditional_branch(more, body, exit)?;
            self.b.position_at_end(body);
            ivs.push(i);
            latches.push((iv, head, exit));
        }
        let addr = |this: &Self, m: Value| -> R<PointerValue<'ctx>> {
            let comps = &this.values[&m];
            let mut lin = comps[1].into_int_value();
            for (k, &i) in ivs.iter().enumerate() {
                let t = this
                    .b
                    .build_int_mul(i, comps[2 + rank + k].into_int_value(), "")?;
                lin = this.b.build_int_add(lin, t, "")?;
            }
            // SAFETY: as `element`.
            Ok(unsafe {
                this.b
                    .build_gep(elem_t, comps[0].into_pointer_value(), &[lin], "")?
            })
        };
        let from = addr(self, s)?;
        let to = addr(self, t)?;
        let x = self.b.build_load(elem_t, from, "")?;
        self.b.build_store(to, x)?;
        for (iv, head, exit) in latches.into_iter().rev() {
            let i = iv.as_basic_value().into_int_value();
            let next = self.b.build_int_add(i, self.i64c(1), "")?;
            let here = self.b.get_insert_block().expect("positioned");
            iv.add_incoming(&[(&next, here)]);
            self.b.build_unconditional_branch(head)?;
            self.b.position_at_end(exit);
        }
        Ok(())
    }
}

/// The blocks reachable from the first, each after all its dominators.
fn reverse_post_order(ir: &Ir, blocks: &[BlockId]) -> Vec<BlockId> {
    let mut seen = FxHashSet::default();
    let mut post = Vec::new();
    // Iterative DFS: (block, next successor index).
    let mut stack = vec![(blocks[0], 0usize)];
    seen.insert(blocks[0]);
    while let Some((bl, i)) = stack.pop() {
        let succ: Vec<BlockId> = ir
            .block_ops(bl)
            .last()
            .map(|t| ir.successors(t).to_vec())
            .unwrap_or_default();
        if i < succ.len() {
            stack.push((bl, i + 1));
            if seen.insert(succ[i]) {
                stack.push((succ[i], 0));
            }
        } else {
            post.push(bl);
        }
    }
    post.reverse();
    post
}
