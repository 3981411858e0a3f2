//! The C back end: a module of `func`, `arith`, `math`, `cf`, `scf` and
//! `memref` ops (affine after the pipeline's `lower-affine`: translation only
//! translates) translated to portable C11
//! (`strata-translate --mlir-to-c`), and the harness `strata-run --target c`
//! compiles around it ([`harness`]).
//!
//! # Values
//! * An integer or index of width `w <= 64` is held in the smallest of
//!   `uint8_t`/`uint16_t`/`uint32_t`/`uint64_t` that fits, always
//!   zero-extended (the upper bits are 0). Arithmetic is done in `uint64_t`
//!   and masked back to `w` bits, so it wraps exactly as MLIR's signless
//!   integers; signed ops sign-extend first (`strata_sext`).
//! * `f32` is `float`, `f64` is `double`. Elementary functions are computed
//!   in `double` and rounded once, as the reference interpreter does.
//! * `f16` and `bf16` are their bits in a `uint16_t`: C11 has no portable
//!   16-bit float (GCC 12's `__bf16` has no arithmetic) and the bits keep
//!   the storage, the harness bytes and the LLVM back end's representation
//!   identical. Every op converts its operands to `double` exactly
//!   (`strata_f16_to_f64`), computes there and rounds once to nearest even
//!   (`strata_f16_from_f64`), the interpreter's definition
//!   (`strata_dialect_arith::semantics::narrow_from_f64`).
//! * A memref is its components: `T *p` (aligned data pointer), `int64_t`
//!   offset, one `int64_t` size per dimension, then one `int64_t` stride per
//!   dimension (MLIR's expanded descriptor without the allocated pointer).
//!
//! # Function ABI
//! `func.func @f(%a: i32, %m: memref<?x4xf32>) -> R...` becomes a C function
//! named `f` (names that are not C identifiers are mangled) whose parameters
//! are the components of the arguments in order (`uint32_t a, float *m,
//! int64_t m_off, int64_t m_size0, int64_t m_size1, int64_t m_stride0,
//! int64_t m_stride1`). A function with exactly one scalar result returns it;
//! otherwise the function returns `void` and takes, after the arguments, one
//! pointer per component of each result (`T **`, `int64_t *`...).
//!
//! # Run-time errors
//! Division by zero, signed division overflow, a non-positive `scf.for`
//! step and failed `cf.assert`s call `strata_fail`, which prints
//! `FILE:LINE:COL: error: <message>` (the op's location) on stderr and exits with status 70.

pub mod harness;

use rustc_hash::{FxHashMap, FxHashSet};
use std::fmt::Write;
use strata_dialect_arith::semantics::{float_to_bits, Scalar};
use strata_ir::{
    AttrData, BlockId, Context, DiagResult, Diagnostic, FloatKind, Ir, OpId, Type, TypeData, Value,
    DYNAMIC,
};

/// The C representation of a scalar type.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum CScalar {
    /// An integer of this width (1..=64), in its container.
    Int(u32),
    F32,
    F64,
    /// IEEE half, as its bits in a `uint16_t`.
    F16,
    /// bfloat16, as its bits in a `uint16_t`.
    BF16,
}

impl CScalar {
    /// A 16-bit float held as its bits (`f16`, `bf16`).
    pub fn is_narrow_float(self) -> bool {
        matches!(self, CScalar::F16 | CScalar::BF16)
    }
    /// The float format of a float scalar.
    pub fn float_kind(self) -> Option<FloatKind> {
        match self {
            CScalar::Int(_) => None,
            CScalar::F32 => Some(FloatKind::F32),
            CScalar::F64 => Some(FloatKind::F64),
            CScalar::F16 => Some(FloatKind::F16),
            CScalar::BF16 => Some(FloatKind::BF16),
        }
    }
    pub fn c_type(self) -> &'static str {
        match self {
            CScalar::Int(w) if w <= 8 => "uint8_t",
            CScalar::Int(w) if w <= 16 => "uint16_t",
            CScalar::Int(w) if w <= 32 => "uint32_t",
            CScalar::Int(_) => "uint64_t",
            CScalar::F32 => "float",
            CScalar::F64 => "double",
            CScalar::F16 | CScalar::BF16 => "uint16_t",
        }
    }
    /// Bytes of the container.
    pub fn size(self) -> usize {
        match self {
            CScalar::Int(w) if w <= 8 => 1,
            CScalar::Int(w) if w <= 16 => 2,
            CScalar::Int(w) if w <= 32 => 4,
            CScalar::Int(_) | CScalar::F64 => 8,
            CScalar::F32 => 4,
            CScalar::F16 | CScalar::BF16 => 2,
        }
    }
}

/// The C representation of a value's type.
#[derive(Clone, Debug, PartialEq)]
pub enum CType {
    Scalar(CScalar),
    /// Element, static shape (DYNAMIC for `?`), static strides and offset
    /// (DYNAMIC where the layout leaves them open).
    MemRef {
        elem: CScalar,
        shape: Vec<i64>,
        strides: Vec<i64>,
        offset: i64,
    },
}

impl CType {
    /// (name suffix, C type) of each component.
    pub fn components(&self) -> Vec<(String, String)> {
        match self {
            CType::Scalar(s) => vec![(String::new(), s.c_type().to_string())],
            CType::MemRef { elem, shape, .. } => {
                let mut v = vec![
                    (String::new(), format!("{} *", elem.c_type())),
                    ("_off".into(), "int64_t".into()),
                ];
                for i in 0..shape.len() {
                    v.push((format!("_size{i}"), "int64_t".into()));
                }
                for i in 0..shape.len() {
                    v.push((format!("_stride{i}"), "int64_t".into()));
                }
                v
            }
        }
    }
}

/// The C scalar of a builtin scalar type.
pub fn c_scalar(ctx: &Context, ty: Type) -> Option<CScalar> {
    match ctx.type_data(ty) {
        TypeData::Integer { width, .. } if (1..=64).contains(width) => Some(CScalar::Int(*width)),
        TypeData::Index => Some(CScalar::Int(64)),
        TypeData::Float(FloatKind::F32) => Some(CScalar::F32),
        TypeData::Float(FloatKind::F64) => Some(CScalar::F64),
        TypeData::Float(FloatKind::F16) => Some(CScalar::F16),
        TypeData::Float(FloatKind::BF16) => Some(CScalar::BF16),
        _ => None,
    }
}

/// The C representation of `ty`, if the back end supports it.
pub fn c_type(ctx: &Context, ty: Type) -> Option<CType> {
    if let TypeData::MemRef { shape, element, .. } = ctx.type_data(ty) {
        let elem = c_scalar(ctx, *element)?;
        let (strides, offset) = strata_dialect_memref::layout::strides_and_offset(ctx, ty)?;
        return Some(CType::MemRef {
            elem,
            shape: shape.to_vec(),
            strides,
            offset,
        });
    }
    c_scalar(ctx, ty).map(CType::Scalar)
}

fn type_str(ctx: &Context, ty: Type) -> String {
    strata_ir::asm::printer::type_to_string(ctx, ty)
}

/// A C identifier for a symbol name: itself when it is one (and not a
/// name the runtime uses), else an escaped form.
pub fn c_name(sym: &str) -> String {
    let reserved = ["main", "strata_fail", "exit", "abort", "malloc", "free"];
    let ident = !sym.is_empty()
        && !sym.starts_with(|c: char| c.is_ascii_digit())
        && sym.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
        && !sym.starts_with("strata_")
        && !reserved.contains(&sym);
    if ident {
        return sym.to_string();
    }
    let mut out = String::from("strata_fn_");
    for c in sym.chars() {
        if c.is_ascii_alphanumeric() {
            out.push(c);
        } else {
            let _ = write!(out, "_{:02x}_", c as u32);
        }
    }
    out
}

/// The runtime prelude every translation starts with.
pub const PRELUDE: &str = include_str!("prelude.h");

/// Translates `module` into a C translation unit.
/// Translation options.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// Check every `memref.load`/`memref.store` index against the memref's
    /// sizes and stop with the interpreter's located out-of-bounds error
    /// (`strata-run --target c` turns this on).
    pub bounds_checks: bool,
}

/// Translates `module` into a C translation unit (default [`Options`]).
pub fn translate_module(ctx: &Context, ir: &Ir, module: OpId) -> DiagResult<String> {
    translate_module_with(ctx, ir, module, &Options::default())
}

/// Translates `module` into a C translation unit.
pub fn translate_module_with(
    ctx: &Context,
    ir: &Ir,
    module: OpId,
    options: &Options,
) -> DiagResult<String> {
    let mut out = String::new();
    out.push_str("/* Generated by strata-translate --mlir-to-c. */\n");
    out.push_str(PRELUDE);
    let Some(&region) = ir.regions(module).first() else {
        return Ok(out);
    };
    let Some(body) = ir.entry_block(region) else {
        return Ok(out);
    };
    let funcs: Vec<OpId> = ir.block_ops(body).collect();
    if funcs.iter().any(|&f| x86_features(ctx, ir, f).is_some()) {
        out.push_str("#define STRATA_X86_NO_ALIASES\n");
        out.push_str(X86_HEADER);
    }
    // Prototypes first, so calls may name any function.
    let mut protos = String::new();
    let mut defs = String::new();
    for &op in &funcs {
        if is_global(ctx, ir, op, "C")? {
            protos.push_str(&global(ctx, ir, op)?);
            continue;
        }
        let (proto, _) = prototype(ctx, ir, op)?;
        let _ = writeln!(protos, "{proto};");
        if has_body(ir, op) {
            match x86_features(ctx, ir, op) {
                None => {
                    let mut f = FuncEmitter::new(ctx, ir, op);
                    f.bounds_checks = options.bounds_checks;
                    f.emit_function()?;
                    defs.push_str(&f.out);
                }
                Some(features) => defs.push_str(&x86_variants(ctx, ir, op, features, options)?),
            }
        }
    }
    out.push_str(&protos);
    out.push('\n');
    out.push_str(&defs);
    Ok(out)
}

/// Whether a module-level op is a `memref.global` (true) or a `func.func`
/// (false); anything else is an error worded for `backend` ("C", "LLVM").
pub fn is_global(ctx: &Context, ir: &Ir, op: OpId, backend: &str) -> DiagResult<bool> {
    match ctx.op_name_str(ir.op_name(op)) {
        "memref.global" => Ok(true),
        "func.func" => Ok(false),
        name => Err(error(
            ctx,
            ir,
            op,
            format!("the {backend} back end does not support '{name}' at module level"),
        )),
    }
}

/// Whether a `func.func` is a definition (has a body), not a declaration.
pub fn has_body(ir: &Ir, func: OpId) -> bool {
    !ir.regions(func).is_empty() && !ir.region_is_empty(ir.region(func, 0))
}

/// `strata_x86.h`, pasted into translations that call x86 intrinsics.
pub const X86_HEADER: &str = include_str!("../include/strata_x86.h");

/// The CPU features the `x86.call`s in `func` need, if it has any.
fn x86_features(ctx: &Context, ir: &Ir, func: OpId) -> Option<u32> {
    let mut mask = None;
    ir.walk_preorder(func, &mut |op| {
        if ctx.op_name_str(ir.op_name(op)) == "x86.call" {
            let callee = ir
                .attr(ctx, op, "callee")
                .and_then(|a| ctx.string_value(a))
                .unwrap_or("");
            let f = strata_dialect_x86::intrinsics::lookup(callee).map_or(0, |i| i.features);
            mask = Some(mask.unwrap_or(0) | f);
        }
    });
    mask
}

/// A function calling x86 intrinsics, twice: a native variant compiled for
/// `features` with Intel's names, a portable one with the emulation
/// header's, and the exported function choosing at run time.
fn x86_variants(
    ctx: &Context,
    ir: &Ir,
    func: OpId,
    features: u32,
    options: &Options,
) -> DiagResult<String> {
    let (proto, cname) = prototype(ctx, ir, func)?;
    let mut out = String::new();
    // AMX and other features: a third variant for CPUs without AMX, its
    // tile intrinsics emulated (an int8 kernel tests `_x86_amx_usable` and
    // runs its VNNI form there).
    use strata_dialect_x86::intrinsics::{AMX_INT8, AMX_TILE};
    let amx = AMX_TILE | AMX_INT8;
    let no_amx = (features & amx != 0 && features & !amx != 0).then_some(features & !amx);
    let mut variants = vec![("native", features, 0)];
    variants.extend(no_amx.map(|f| ("noamx", f, amx)));
    variants.push(("portable", 0, 0));
    for (suffix, target, emulate) in variants {
        let portable = suffix == "portable";
        let mut f = FuncEmitter::new(ctx, ir, func);
        f.bounds_checks = options.bounds_checks;
        f.x86_portable = portable;
        f.x86_emulate = emulate;
        f.rename = Some(format!("{cname}__x86_{suffix}"));
        f.emit_function()?;
        if portable {
            out.push_str(&f.out);
        } else {
            let _ = write!(
                out,
                "#if STRATA_X86_HAVE_NATIVE\n__attribute__((target(\"{}\"))) {}#endif\n",
                strata_dialect_x86::intrinsics::target_features(target),
                f.out
            );
        }
    }
    let (inputs, results) = signature(ctx, ir, func)?;
    let mut args = Vec::new();
    for (i, &ty) in inputs.iter().enumerate() {
        for (suffix, _) in checked_c_type(ctx, ir, func, ty)?.components() {
            args.push(format!("a{i}{suffix}"));
        }
    }
    let direct = returns_directly(ctx, &results);
    if !direct {
        for (i, &ty) in results.iter().enumerate() {
            for (suffix, _) in checked_c_type(ctx, ir, func, ty)?.components() {
                args.push(format!("r{i}{suffix}"));
            }
        }
    }
    let args = args.join(", ");
    let ret = if direct { "return " } else { "" };
    let mut dispatch = format!(
        "  if (strata_x86_use_native({features}u)) {{\n    {ret}{cname}__x86_native({args});\n    return;\n  }}\n"
    );
    if let Some(f) = no_amx {
        let _ = write!(
            dispatch,
            "  if (strata_x86_use_native({f}u)) {{\n    {ret}{cname}__x86_noamx({args});\n    return;\n  }}\n"
        );
    }
    let _ = write!(
        out,
        "{proto} {{\n#if STRATA_X86_HAVE_NATIVE\n{dispatch}#endif\n  {ret}{cname}__x86_portable({args});\n}}\n\n"
    );
    if direct {
        out = out.replace("\n    return;\n", "\n");
    }
    Ok(out)
}

/// The C type of a value only the x86 path has: `vector<16xf32>`,
/// `vector<16xi32>` (AVX-512), `vector<8xf32>`, `vector<8xi32>` (AVX2),
/// `!x86.ptr` (native and portable spellings).
fn x86_value_type(ctx: &Context, ty: Type) -> Option<(&'static str, &'static str)> {
    match ctx.type_data(ty) {
        TypeData::Vector { shape, element, .. } if matches!(shape[..], [16] | [8]) => {
            let wide = shape[0] == 16;
            match (ctx.type_data(*element), wide) {
                (TypeData::Float(FloatKind::F32), true) => Some(("__m512", "strata_m512")),
                (TypeData::Integer { width: 32, .. }, true) => Some(("__m512i", "strata_m512i")),
                (TypeData::Float(FloatKind::F32), false) => Some(("__m256", "strata_m256")),
                (TypeData::Integer { width: 32, .. }, false) => Some(("__m256i", "strata_m256i")),
                _ => None,
            }
        }
        TypeData::Dialect { dialect, name, .. }
            if ctx.str(*dialect) == "x86" && ctx.str(*name) == "ptr" =>
        {
            Some(("void *", "void *"))
        }
        _ => None,
    }
}

fn error(ctx: &Context, ir: &Ir, op: OpId, message: impl AsRef<str>) -> Diagnostic {
    strata_ir::verifier::emit_op_error(ctx, ir, op, message)
}

/// A function's signature types.
pub fn signature(ctx: &Context, ir: &Ir, func: OpId) -> DiagResult<(Vec<Type>, Vec<Type>)> {
    strata_dialect_func::ops_function_signature(ctx, ir, func)
        .ok_or_else(|| error(ctx, ir, func, "expected a func.func"))
}

/// Whether a function with these results returns its only result directly.
pub fn returns_directly(ctx: &Context, results: &[Type]) -> bool {
    results.len() == 1 && matches!(c_type(ctx, results[0]), Some(CType::Scalar(_)))
}

fn checked_c_type(ctx: &Context, ir: &Ir, op: OpId, ty: Type) -> DiagResult<CType> {
    c_type(ctx, ty).ok_or_else(|| {
        error(
            ctx,
            ir,
            op,
            format!(
                "the C back end does not support the type '{}'",
                type_str(ctx, ty)
            ),
        )
    })
}

/// The C prototype of `func` and its C name.
pub fn prototype(ctx: &Context, ir: &Ir, func: OpId) -> DiagResult<(String, String)> {
    let sym = strata_ir::symbol_table::symbol_name(ctx, ir, func).unwrap_or("anonymous");
    let cname = c_name(sym);
    let (inputs, results) = signature(ctx, ir, func)?;
    let mut params = Vec::new();
    for (i, &ty) in inputs.iter().enumerate() {
        for (suffix, ct) in checked_c_type(ctx, ir, func, ty)?.components() {
            params.push(format!("{ct}{}a{i}{suffix}", space(&ct)));
        }
    }
    let direct = returns_directly(ctx, &results);
    if !direct {
        for (i, &ty) in results.iter().enumerate() {
            for (suffix, ct) in checked_c_type(ctx, ir, func, ty)?.components() {
                params.push(format!("{ct}{}*r{i}{suffix}", space(&ct)));
            }
        }
    }
    let ret = if direct {
        checked_c_type(ctx, ir, func, results[0])?.components()[0]
            .1
            .clone()
    } else {
        "void".into()
    };
    let params = if params.is_empty() {
        "void".into()
    } else {
        params.join(", ")
    };
    Ok((format!("{ret} {cname}({params})"), cname))
}

fn space(ct: &str) -> &'static str {
    if ct.ends_with('*') {
        ""
    } else {
        " "
    }
}

struct FuncEmitter<'a> {
    ctx: &'a Context,
    ir: &'a Ir,
    func: OpId,
    out: String,
    names: FxHashMap<Value, String>,
    types: FxHashMap<Value, CType>,
    decls: Vec<String>,
    labels: FxHashMap<BlockId, String>,
    targets: FxHashSet<BlockId>,
    body: String,
    indent: usize,
    counter: usize,
    direct: bool,
    results: Vec<CType>,
    bounds_checks: bool,
    /// x86 values (vectors, addresses) and their C type.
    x86_values: FxHashMap<Value, String>,
    /// Spell x86 intrinsics and vector types as the emulation header's.
    x86_portable: bool,
    /// In a native variant, intrinsics needing any of these features are
    /// spelled as the emulation's (AMX in the variant for CPUs without it).
    x86_emulate: u32,
    /// Emit under this name, `static` (the x86 variants).
    rename: Option<String>,
}

impl<'a> FuncEmitter<'a> {
    fn new(ctx: &'a Context, ir: &'a Ir, func: OpId) -> Self {
        Self {
            ctx,
            ir,
            func,
            out: String::new(),
            names: FxHashMap::default(),
            types: FxHashMap::default(),
            decls: Vec::new(),
            labels: FxHashMap::default(),
            targets: FxHashSet::default(),
            body: String::new(),
            indent: 1,
            counter: 0,
            direct: false,
            results: Vec::new(),
            bounds_checks: false,
            x86_values: FxHashMap::default(),
            x86_portable: false,
            x86_emulate: 0,
            rename: None,
        }
    }

    fn err(&self, op: OpId, message: impl AsRef<str>) -> Diagnostic {
        error(self.ctx, self.ir, op, message)
    }

    /// An op the C back end does not translate; affine ops are lowered by
    /// the pipeline (`--lower-affine`), never inside the translation.
    fn unsupported(&self, op: OpId) -> Diagnostic {
        let name = self.ctx.op_name_str(self.ir.op_name(op));
        let hint = if name.starts_with("affine.") {
            " (lower it first: --lower-affine)"
        } else {
            ""
        };
        self.err(
            op,
            format!("the C back end does not support the op '{name}'{hint}"),
        )
    }

    fn line(&mut self, text: impl AsRef<str>) {
        for _ in 0..self.indent {
            self.body.push_str("  ");
        }
        self.body.push_str(text.as_ref());
        self.body.push('\n');
    }

    fn fresh(&mut self) -> String {
        self.counter += 1;
        format!("t{}", self.counter)
    }

    /// Declares a variable for `value` (defined at `op` for diagnostics).
    fn declare(&mut self, op: OpId, value: Value) -> DiagResult<()> {
        let ty = self.ir.value_type(value);
        if let Some((native, portable)) = x86_value_type(self.ctx, ty) {
            let c = if self.x86_portable { portable } else { native };
            let name = format!("v{}", self.names.len());
            let init = if c.ends_with('*') { "0" } else { "{0}" };
            self.decls
                .push(format!("{c}{}{name} = {init}; (void){name};", space(c)));
            self.names.insert(value, name);
            self.x86_values.insert(value, c.to_string());
            return Ok(());
        }
        let ct = checked_c_type(self.ctx, self.ir, op, ty)?;
        let name = format!("v{}", self.names.len());
        for (suffix, c) in ct.components() {
            self.decls.push(format!(
                "{c}{}{name}{suffix} = 0; (void){name}{suffix};",
                space(&c)
            ));
        }
        self.names.insert(value, name);
        self.types.insert(value, ct);
        Ok(())
    }

    fn name(&self, v: Value) -> String {
        self.names
            .get(&v)
            .cloned()
            .unwrap_or_else(|| "/*undefined*/0".into())
    }

    fn scalar(&self, v: Value) -> CScalar {
        match self.types.get(&v) {
            Some(CType::Scalar(s)) => *s,
            _ => CScalar::Int(64),
        }
    }

    fn width(&self, v: Value) -> u32 {
        match self.scalar(v) {
            CScalar::Int(w) => w,
            CScalar::F32 => 32,
            CScalar::F64 => 64,
            CScalar::F16 | CScalar::BF16 => 16,
        }
    }

    /// `v` as a C floating expression: itself, or its exact `double`
    /// value for the 16-bit formats held as bits.
    fn fval(&self, v: Value) -> String {
        let n = self.name(v);
        match self.scalar(v) {
            CScalar::F16 => format!("strata_f16_to_f64({n})"),
            CScalar::BF16 => format!("strata_bf16_to_f64({n})"),
            _ => n,
        }
    }

    /// Component expressions of `v`.
    fn parts(&self, v: Value) -> Vec<(String, String)> {
        let n = self.name(v);
        if let Some(c) = self.x86_values.get(&v) {
            return vec![(n, c.clone())];
        }
        match self.types.get(&v) {
            Some(ct) => ct
                .components()
                .into_iter()
                .map(|(s, c)| (format!("{n}{s}"), c))
                .collect(),
            None => vec![(n, "uint64_t".into())],
        }
    }

    /// Parallel assignment of `srcs` to `dsts` (block arguments, loop-carried values).
    fn assign(&mut self, dsts: &[Value], srcs: &[Value]) {
        let mut pairs = Vec::new();
        for (&d, &s) in dsts.iter().zip(srcs) {
            for ((dn, c), (sn, _)) in self.parts(d).into_iter().zip(self.parts(s)) {
                if dn != sn {
                    pairs.push((dn, sn, c));
                }
            }
        }
        if pairs.len() <= 1 {
            for (d, s, _) in pairs {
                self.line(format!("{d} = {s};"));
            }
            return;
        }
        self.line("{");
        self.indent += 1;
        let mut temps = Vec::new();
        for (_, s, c) in &pairs {
            let t = self.fresh();
            self.line(format!("{c}{}{t} = {s};", space(c)));
            temps.push(t);
        }
        for ((d, _, _), t) in pairs.iter().zip(temps) {
            self.line(format!("{d} = {t};"));
        }
        self.indent -= 1;
        self.line("}");
    }

    fn emit_function(&mut self) -> DiagResult<()> {
        let (proto, _) = prototype(self.ctx, self.ir, self.func)?;
        let (inputs, results) = signature(self.ctx, self.ir, self.func)?;
        self.direct = returns_directly(self.ctx, &results);
        for &r in &results {
            let ct = checked_c_type(self.ctx, self.ir, self.func, r)?;
            self.results.push(ct);
        }
        let region = self.ir.region(self.func, 0);
        let blocks = self.ir.region_blocks(region).to_vec();
        let entry = blocks[0];
        for (i, &a) in self.ir.block_args(entry).iter().enumerate() {
            let ct = checked_c_type(self.ctx, self.ir, self.func, inputs[i])?;
            self.names.insert(a, format!("a{i}"));
            self.types.insert(a, ct);
        }
        // Parameters may be unused.
        for &a in self.ir.block_args(entry).to_vec().iter() {
            let voids: Vec<String> = self
                .parts(a)
                .into_iter()
                .map(|(n, _)| format!("(void){n};"))
                .collect();
            self.decls.push(voids.join(" "));
        }
        // Declarations: every value defined in the body.
        for (bi, &b) in blocks.iter().enumerate() {
            self.labels.insert(b, format!("bb{bi}"));
            if bi > 0 {
                for &a in self.ir.block_args(b).to_vec().iter() {
                    self.declare(self.func, a)?;
                }
            }
            for op in self.ir.block_ops(b).collect::<Vec<_>>() {
                self.declare_nested(op)?;
                for &s in self.ir.successors(op) {
                    self.targets.insert(s);
                }
            }
        }
        for (bi, &b) in blocks.iter().enumerate() {
            if bi > 0 && self.targets.contains(&b) {
                let l = self.labels[&b].clone();
                self.body.push_str(&format!(
                    "{l}:;
"
                ));
            }
            for op in self.ir.block_ops(b).collect::<Vec<_>>() {
                self.emit_op(op)?;
            }
        }
        match &self.rename {
            Some(name) => {
                let (_, cname) = prototype(self.ctx, self.ir, self.func)?;
                let proto = proto.replacen(&format!(" {cname}("), &format!(" {name}("), 1);
                let _ = writeln!(self.out, "static {proto} {{");
            }
            None => {
                let _ = writeln!(self.out, "{proto} {{");
            }
        }
        for d in &self.decls {
            let _ = writeln!(self.out, "  {d}");
        }
        self.out.push_str(&self.body);
        self.out.push_str("}\n\n");
        Ok(())
    }

    fn declare_nested(&mut self, op: OpId) -> DiagResult<()> {
        for r in self.ir.results(op).collect::<Vec<_>>() {
            self.declare(op, r)?;
        }
        for &region in self.ir.regions(op).to_vec().iter() {
            for &b in self.ir.region_blocks(region).to_vec().iter() {
                for &a in self.ir.block_args(b).to_vec().iter() {
                    self.declare(op, a)?;
                }
                for inner in self.ir.block_ops(b).collect::<Vec<_>>() {
                    self.declare_nested(inner)?;
                }
            }
        }
        Ok(())
    }

    fn emit_block_ops(&mut self, block: BlockId) -> DiagResult<()> {
        for op in self.ir.block_ops(block).collect::<Vec<_>>() {
            self.emit_op(op)?;
        }
        Ok(())
    }

    fn operands(&self, op: OpId) -> Vec<Value> {
        self.ir.operands(op).collect()
    }

    fn result(&self, op: OpId) -> String {
        self.name(self.ir.result(op, 0))
    }

    fn fail_call(&self, op: OpId, message: &str) -> String {
        let loc = match self.ctx.file_line_col(self.ir.op_loc(op)) {
            Some((file, line, col)) => format!("{file}:{line}:{col}: "),
            None => String::new(),
        };
        format!(
            "strata_fail(\"{}\", \"{}\")",
            c_escape(&loc),
            c_escape(message)
        )
    }

    fn emit_op(&mut self, op: OpId) -> DiagResult<()> {
        let name = self.ctx.op_name_str(self.ir.op_name(op)).to_string();
        let ops = self.operands(op);
        let (dialect, _) = name.split_once('.').unwrap_or(("", ""));
        match dialect {
            "arith" => self.emit_arith(op, &name, &ops),
            "math" => self.emit_math(op, &name, &ops),
            "memref" => self.emit_memref(op, &name, &ops),
            "x86" => self.emit_x86(op, &name, &ops),
            _ => self.emit_control(op, &name, &ops),
        }
    }

    fn emit_control(&mut self, op: OpId, name: &str, ops: &[Value]) -> DiagResult<()> {
        let ir = self.ir;
        match name {
            "func.return" => {
                if self.direct {
                    let v = self.name(ops[0]);
                    self.line(format!("return {v};"));
                } else {
                    for (i, &v) in ops.iter().enumerate() {
                        for (k, (p, _)) in self.parts(v).into_iter().enumerate() {
                            let suffix = self.results[i].components()[k].0.clone();
                            self.line(format!("*r{i}{suffix} = {p};"));
                        }
                    }
                    self.line("return;");
                }
            }
            "func.call" => {
                let callee = callee_name(self.ctx, ir, op)
                    .ok_or_else(|| self.err(op, "call without a callee"))?;
                let mut args: Vec<String> = Vec::new();
                for &v in ops {
                    args.extend(self.parts(v).into_iter().map(|p| p.0));
                }
                let results: Vec<Value> = ir.results(op).collect();
                let types: Vec<Type> = results.iter().map(|&r| ir.value_type(r)).collect();
                let call = c_name(&callee);
                if returns_directly(self.ctx, &types) {
                    let r = self.name(results[0]);
                    self.line(format!("{r} = {call}({});", args.join(", ")));
                } else {
                    for &r in &results {
                        args.extend(self.parts(r).into_iter().map(|p| format!("&{}", p.0)));
                    }
                    self.line(format!("{call}({});", args.join(", ")));
                }
            }
            "cf.br" => {
                self.branch(op, 0, ops);
            }
            "cf.cond_br" => {
                let c = self.name(ops[0]);
                self.line(format!("if ({c}) {{"));
                self.indent += 1;
                self.branch(op, 0, ops);
                self.indent -= 1;
                self.line("} else {");
                self.indent += 1;
                self.branch(op, 1, ops);
                self.indent -= 1;
                self.line("}");
            }
            "cf.switch" => {
                let flag = format!("strata_sext({}, {})", self.name(ops[0]), self.width(ops[0]));
                let cases = strata_dialect_cf::ops_case_values(self.ctx, ir, op);
                for (i, c) in cases.iter().enumerate() {
                    self.line(format!("if ({flag} == INT64_C({})) {{", *c as i64));
                    self.indent += 1;
                    self.branch(op, i + 1, ops);
                    self.indent -= 1;
                    self.line("}");
                }
                self.branch(op, 0, ops);
            }
            "cf.assert" => {
                let c = self.name(ops[0]);
                let f = self.fail_call(op, &assert_failure(self.ctx, ir, op));
                self.line(format!("if (!{c}) {f};"));
            }
            "scf.for" => self.emit_for(op, ops)?,
            "scf.if" => {
                let c = self.name(ops[0]);
                self.line(format!("if ({c}) {{"));
                self.indent += 1;
                let then = ir.entry_block(ir.region(op, 0));
                if let Some(b) = then {
                    self.emit_block_ops(b)?;
                }
                self.indent -= 1;
                let els = ir.regions(op).get(1).and_then(|&r| ir.entry_block(r));
                if let Some(b) = els {
                    self.line("} else {");
                    self.indent += 1;
                    self.emit_block_ops(b)?;
                    self.indent -= 1;
                }
                self.line("}");
            }
            "scf.parallel" => self.emit_parallel(op, ops)?,
            "scf.execute_region" => {
                let region = ir.region(op, 0);
                if ir.region_blocks(region).len() != 1 {
                    return Err(self.err(
                        op,
                        "the C back end supports scf.execute_region with one block only",
                    ));
                }
                let b = ir.region_blocks(region)[0];
                self.line("{");
                self.indent += 1;
                self.emit_block_ops(b)?;
                self.indent -= 1;
                self.line("}");
            }
            "scf.reduce" => {
                // Each region combines the accumulator (result k of the
                // scf.parallel) with operand k.
                let parallel = ir.parent_op(op).expect("scf.reduce in scf.parallel");
                let accs: Vec<Value> = ir.results(parallel).collect();
                for (k, &region) in ir.regions(op).to_vec().iter().enumerate() {
                    let b = ir.entry_block(region).expect("reduction block");
                    let args = ir.block_args(b).to_vec();
                    self.line("{");
                    self.indent += 1;
                    self.assign(&args, &[accs[k], ops[k]]);
                    self.emit_block_ops(b)?;
                    self.indent -= 1;
                    self.line("}");
                }
            }
            "scf.reduce.return" => {
                let block = ir.op_block(op).expect("in a block");
                let region = ir.block_region(block).expect("in a region");
                let k = ir.region_index(region);
                let reduce = ir.region_op(region).expect("scf.reduce");
                let parallel = ir.parent_op(reduce).expect("scf.parallel");
                let acc = ir.result(parallel, k);
                self.assign(&[acc], &ops[..1]);
            }
            "scf.while" => {
                let before = ir.entry_block(ir.region(op, 0)).expect("before block");
                let after = ir.entry_block(ir.region(op, 1)).expect("after block");
                let bargs = ir.block_args(before).to_vec();
                self.assign(&bargs, ops);
                self.line("for (;;) {");
                self.indent += 1;
                self.emit_block_ops(before)?;
                self.emit_block_ops(after)?;
                self.indent -= 1;
                self.line("}");
            }
            "scf.condition" => {
                let parent = ir.parent_op(op).expect("scf.condition in scf.while");
                let c = self.name(ops[0]);
                let results: Vec<Value> = ir.results(parent).collect();
                let after = ir.entry_block(ir.region(parent, 1)).expect("after block");
                let aargs = ir.block_args(after).to_vec();
                self.line(format!("if (!{c}) {{"));
                self.indent += 1;
                self.assign(&results, &ops[1..]);
                self.line("break;");
                self.indent -= 1;
                self.line("}");
                self.assign(&aargs, &ops[1..]);
            }
            "scf.yield" => {
                let parent = ir.parent_op(op).expect("scf.yield in an op");
                let pname = self.ctx.op_name_str(ir.op_name(parent)).to_string();
                let dsts: Vec<Value> = match pname.as_str() {
                    "scf.for" => {
                        ir.block_args(ir.entry_block(ir.region(parent, 0)).unwrap())[1..].to_vec()
                    }
                    "scf.while" => ir
                        .block_args(ir.entry_block(ir.region(parent, 0)).unwrap())
                        .to_vec(),
                    "scf.if" | "scf.execute_region" => ir.results(parent).collect(),
                    _ => {
                        return Err(self.err(
                            op,
                            format!("the C back end does not support scf.yield in '{pname}'"),
                        ))
                    }
                };
                self.assign(&dsts, ops);
            }
            _ => {
                return Err(self.unsupported(op));
            }
        }
        Ok(())
    }

    fn branch(&mut self, op: OpId, index: usize, ops: &[Value]) {
        let (start, len) = strata_dialect_cf::successor_operand_range(self.ctx, self.ir, op, index);
        let target = self.ir.successors(op)[index];
        let dsts = self.ir.block_args(target).to_vec();
        self.assign(&dsts, &ops[start..start + len]);
        let l = self.labels.get(&target).cloned().unwrap_or_default();
        self.line(format!("goto {l};"));
    }

    fn emit_for(&mut self, op: OpId, ops: &[Value]) -> DiagResult<()> {
        let ir = self.ir;
        let body = ir.entry_block(ir.region(op, 0)).expect("scf.for body");
        let bargs = ir.block_args(body).to_vec();
        let w = self.width(ops[0]);
        let unsigned = ir.attr(self.ctx, op, "unsignedCmp").is_some();
        let (lb, ub, step) = (self.name(ops[0]), self.name(ops[1]), self.name(ops[2]));
        let results: Vec<Value> = ir.results(op).collect();
        self.assign(&bargs[1..], &ops[3..]);
        let i = self.fresh();
        let conv = |v: &str| {
            if unsigned {
                format!("(uint64_t){v}")
            } else {
                format!("strata_sext({v}, {w})")
            }
        };
        let ity = if unsigned { "uint64_t" } else { "int64_t" };
        let step_s = conv(&step);
        let f = self.fail_call(op, "scf.for with a non-positive step");
        if unsigned {
            self.line(format!("if ({step_s} == 0) {f};"));
        } else {
            self.line(format!("if ({step_s} <= 0) {f};"));
        }
        self.line(format!(
            "for ({ity} {i} = {}; {i} < {}; {i} += {step_s}) {{",
            conv(&lb),
            conv(&ub)
        ));
        self.indent += 1;
        let iv = self.name(bargs[0]);
        let ivt = self.scalar(bargs[0]).c_type();
        self.line(format!("{iv} = ({ivt})strata_mask((uint64_t){i}, {w});"));
        self.emit_block_ops(body)?;
        self.indent -= 1;
        self.line("}");
        self.assign(&results, &bargs[1..]);
        Ok(())
    }

    fn emit_parallel(&mut self, op: OpId, ops: &[Value]) -> DiagResult<()> {
        let ir = self.ir;
        let groups = operand_groups(self.ctx, ir, op)?;
        let body = ir.entry_block(ir.region(op, 0)).expect("scf.parallel body");
        let ivs = ir.block_args(body).to_vec();
        let results: Vec<Value> = ir.results(op).collect();
        self.assign(&results, &ops[groups[3].clone()]);
        let n = ivs.len();
        let (lbs, ubs, steps) = (
            &ops[groups[0].clone()],
            &ops[groups[1].clone()],
            &ops[groups[2].clone()],
        );
        let f = self.fail_call(op, "scf.parallel with a non-positive step");
        for &step in steps {
            let st = self.name(step);
            self.line(format!("if ((int64_t){st} <= 0) {f};"));
        }
        for d in 0..n {
            let t = self.fresh();
            let (lb, ub, st) = (self.name(lbs[d]), self.name(ubs[d]), self.name(steps[d]));
            self.line(format!(
                "for (int64_t {t} = (int64_t){lb}; {t} < (int64_t){ub}; {t} += (int64_t){st}) {{"
            ));
            self.indent += 1;
            let iv = self.name(ivs[d]);
            self.line(format!("{iv} = (uint64_t){t};"));
        }
        self.emit_block_ops(body)?;
        for _ in 0..n {
            self.indent -= 1;
            self.line("}");
        }
        Ok(())
    }

    /// `addui_extended` (sum, carry) and `mul[su]i_extended` (low, high).
    fn emit_extended(&mut self, op: OpId, short: &str, ops: &[Value]) -> DiagResult<()> {
        let ir = self.ir;
        let (r0, r1) = (self.name(ir.result(op, 0)), self.name(ir.result(op, 1)));
        if !matches!(
            self.types.get(&ir.result(op, 0)),
            Some(CType::Scalar(CScalar::Int(_)))
        ) {
            return Err(self.err(
                op,
                format!("the C back end supports 'arith.{short}' on scalars only"),
            ));
        }
        let (a, b, w) = (self.name(ops[0]), self.name(ops[1]), self.width(ops[0]));
        let t = self.scalar(ops[0]).c_type();
        if short == "addui_extended" {
            self.line(format!(
                "{r0} = ({t})strata_mask((uint64_t){a} + (uint64_t){b}, {w});"
            ));
            self.line(format!("{r1} = (uint8_t)((uint64_t){r0} < (uint64_t){a});"));
            return Ok(());
        }
        let signed = short == "mulsi_extended";
        let (x, y) = if signed {
            (
                format!("strata_sext({a}, {w})"),
                format!("strata_sext({b}, {w})"),
            )
        } else {
            (format!("(uint64_t){a}"), format!("(uint64_t){b}"))
        };
        // The full product in 128 bits (a GCC/Clang extension, as uint64_t
        // cannot hold a 64x64-bit product).
        let p = self.fresh();
        let wide = if signed {
            "__int128"
        } else {
            "unsigned __int128"
        };
        self.line("{");
        self.indent += 1;
        self.line(format!("__extension__ typedef {wide} strata_wide_t;"));
        self.line(format!(
            "strata_wide_t {p} = (strata_wide_t){x} * (strata_wide_t){y};"
        ));
        self.line(format!("{r0} = ({t})strata_mask((uint64_t){p}, {w});"));
        self.line(format!(
            "{r1} = ({t})strata_mask((uint64_t)({p} >> {w}), {w});"
        ));
        self.indent -= 1;
        self.line("}");
        Ok(())
    }

    fn emit_arith(&mut self, op: OpId, name: &str, ops: &[Value]) -> DiagResult<()> {
        let ir = self.ir;
        let short = &name["arith.".len()..];
        if matches!(
            short,
            "addui_extended" | "mului_extended" | "mulsi_extended"
        ) {
            return self.emit_extended(op, short, ops);
        }
        if ir.num_results(op) == 1
            && !matches!(self.types.get(&ir.result(op, 0)), Some(CType::Scalar(_)))
        {
            return Err(self.err(
                op,
                format!("the C back end supports '{name}' on scalars only"),
            ));
        }
        let r = if ir.num_results(op) > 0 {
            self.result(op)
        } else {
            String::new()
        };
        let rs = if ir.num_results(op) > 0 {
            self.scalar(ir.result(op, 0))
        } else {
            CScalar::Int(1)
        };
        let rt = rs.c_type();
        let a = ops.first().map(|&v| self.name(v)).unwrap_or_default();
        let b = ops.get(1).map(|&v| self.name(v)).unwrap_or_default();
        let w = ops.first().map(|&v| self.width(v)).unwrap_or(64);
        let sa = format!("strata_sext({a}, {w})");
        let sb = format!("strata_sext({b}, {w})");
        let (fa, fb) = (
            ops.first().map(|&v| self.fval(v)).unwrap_or_default(),
            ops.get(1).map(|&v| self.fval(v)).unwrap_or_default(),
        );
        // The 16-bit formats compute in double (their operands' exact
        // values) and round once.
        let narrow = |e: String| narrow_expr(rs, e);
        let half = rs.is_narrow_float();
        let masked = |e: String| {
            format!(
                "({rt})strata_mask({e}, {})",
                match rs {
                    CScalar::Int(w) => w,
                    _ => 64,
                }
            )
        };
        let fail_div = self.fail_call(op, "division by zero");
        let fail_ovf = self.fail_call(op, "signed division overflow");
        let expr = match short {
            "constant" => {
                let attr = ir
                    .attr(self.ctx, op, "value")
                    .ok_or_else(|| self.err(op, "constant without value"))?;
                let el = strata_dialect_arith::fold::decode(self.ctx, attr)
                    .filter(|e| e.elems.len() == 1)
                    .ok_or_else(|| self.err(op, "the C back end supports scalar constants only"))?;
                constant_expr(el.elems[0], rs)
            }
            "addi" | "subi" | "muli" | "andi" | "ori" | "xori" => {
                let o = match short {
                    "addi" => "+",
                    "subi" => "-",
                    "muli" => "*",
                    "andi" => "&",
                    "ori" => "|",
                    _ => "^",
                };
                masked(format!("(uint64_t){a} {o} (uint64_t){b}"))
            }
            "divui" | "remui" | "ceildivui" | "divsi" | "remsi" | "ceildivsi" | "floordivsi" => {
                let signed = short.ends_with("si");
                if signed {
                    self.line(format!("if ({sb} == 0) {fail_div};"));
                    if short != "remsi" {
                        self.line(format!(
                            "if ({sb} == -1 && {sa} == strata_sext(UINT64_C(1) << ({w} - 1), {w})) {fail_ovf};"
                        ));
                    }
                } else {
                    self.line(format!("if ({b} == 0) {fail_div};"));
                }
                masked(format!("strata_{short}((uint64_t){a}, (uint64_t){b}, {w})"))
            }
            "shli" => masked(format!("((uint64_t){b} >= {w} ? 0 : (uint64_t){a} << {b})")),
            "shrui" => masked(format!("((uint64_t){b} >= {w} ? 0 : (uint64_t){a} >> {b})")),
            "shrsi" => masked(format!(
                "(uint64_t)({sa} >> ((uint64_t){b} >= {w} ? {} : {b}))",
                w - 1
            )),
            "minsi" => format!("({sa} <= {sb} ? {a} : {b})"),
            "maxsi" => format!("({sa} >= {sb} ? {a} : {b})"),
            "minui" => format!("({a} <= {b} ? {a} : {b})"),
            "maxui" => format!("({a} >= {b} ? {a} : {b})"),
            "addf" | "subf" | "mulf" | "divf" => {
                let o = match short {
                    "addf" => "+",
                    "subf" => "-",
                    "mulf" => "*",
                    _ => "/",
                };
                if half {
                    narrow(format!("{fa} {o} {fb}"))
                } else {
                    format!("{a} {o} {b}")
                }
            }
            "remf" => narrow(format!("fmod((double){fa}, (double){fb})")),
            "negf" if half => narrow(format!("-{fa}")),
            "negf" => format!("-{a}"),
            "minimumf" | "maximumf" | "minnumf" | "maxnumf" => {
                narrow(format!("strata_{short}((double){fa}, (double){fb})"))
            }
            "cmpi" | "cmpf" => {
                let p = ir
                    .attr(self.ctx, op, "predicate")
                    .and_then(|x| self.ctx.integer_value(x))
                    .unwrap_or(-1);
                if short == "cmpi" {
                    let (ua, ub) = (format!("(uint64_t){a}"), format!("(uint64_t){b}"));
                    let (x, o, y) = match p {
                        0 => (&ua, "==", &ub),
                        1 => (&ua, "!=", &ub),
                        2 => (&sa, "<", &sb),
                        3 => (&sa, "<=", &sb),
                        4 => (&sa, ">", &sb),
                        5 => (&sa, ">=", &sb),
                        6 => (&ua, "<", &ub),
                        7 => (&ua, "<=", &ub),
                        8 => (&ua, ">", &ub),
                        9 => (&ua, ">=", &ub),
                        _ => return Err(self.err(op, "unknown cmpi predicate")),
                    };
                    format!("(uint8_t)({x} {o} {y})")
                } else {
                    let (a, b) = (&fa, &fb);
                    let e = match p {
                        0 => "0".to_string(),
                        1 => format!("{a} == {b}"),
                        2 => format!("{a} > {b}"),
                        3 => format!("{a} >= {b}"),
                        4 => format!("{a} < {b}"),
                        5 => format!("{a} <= {b}"),
                        6 => format!("({a} < {b} || {a} > {b})"),
                        7 => format!("(!isnan({a}) && !isnan({b}))"),
                        8 => format!("!({a} < {b} || {a} > {b})"),
                        9 => format!("!({a} <= {b})"),
                        10 => format!("!({a} < {b})"),
                        11 => format!("!({a} >= {b})"),
                        12 => format!("!({a} > {b})"),
                        13 => format!("!({a} == {b})"),
                        14 => format!("(isnan({a}) || isnan({b}))"),
                        15 => "1".to_string(),
                        _ => return Err(self.err(op, "unknown cmpf predicate")),
                    };
                    format!("(uint8_t)({e})")
                }
            }
            "select" => {
                format!("{a} ? {b} : {}", self.name(ops[2]))
            }
            "extsi" | "index_cast" => masked(format!("(uint64_t){sa}")),
            "extui" | "trunci" | "index_castui" => masked(format!("(uint64_t){a}")),
            "sitofp" if half => narrow(format!("(double){sa}")),
            "uitofp" if half => narrow(format!("(double)(uint64_t){a}")),
            "sitofp" => format!("({rt}){sa}"),
            "uitofp" => format!("({rt})(uint64_t){a}"),
            "fptosi" => {
                let CScalar::Int(t) = rs else {
                    return Err(self.err(op, "fptosi to a non-integer"));
                };
                format!("({rt})strata_fptosi((double){fa}, {t})")
            }
            "fptoui" => {
                let CScalar::Int(t) = rs else {
                    return Err(self.err(op, "fptoui to a non-integer"));
                };
                format!("({rt})strata_fptoui((double){fa}, {t})")
            }
            "extf" | "truncf" => narrow(format!("(double){fa}")),
            "bitcast" => {
                let from = self.scalar(ops[0]);
                match (from, rs) {
                    (CScalar::Int(_), CScalar::Int(_)) => a.clone(),
                    (CScalar::Int(_), CScalar::F32) => {
                        format!("strata_f32_from_bits((uint32_t){a})")
                    }
                    (CScalar::Int(_), CScalar::F64) => {
                        format!("strata_f64_from_bits((uint64_t){a})")
                    }
                    (CScalar::F32, CScalar::Int(_)) => format!("({rt})strata_f32_bits({a})"),
                    (CScalar::F64, CScalar::Int(_)) => format!("({rt})strata_f64_bits({a})"),
                    _ => a.clone(),
                }
            }
            _ => {
                return Err(self.unsupported(op));
            }
        };
        self.line(format!("{r} = {expr};"));
        Ok(())
    }

    fn emit_math(&mut self, op: OpId, name: &str, ops: &[Value]) -> DiagResult<()> {
        let ir = self.ir;
        if !matches!(self.types.get(&ir.result(op, 0)), Some(CType::Scalar(_))) {
            return Err(self.err(
                op,
                format!("the C back end supports '{name}' on scalars only"),
            ));
        }
        let short = &name["math.".len()..];
        let r = self.result(op);
        let rs = self.scalar(ir.result(op, 0));
        let rt = rs.c_type();
        let a = self.fval(ops[0]);
        let d = |v: &Value| format!("(double){}", self.fval(*v));
        let w = self.width(ops[0]);
        let narrow = |e: String| narrow_expr(rs, e);
        let unary = [
            ("absf", "fabs"),
            ("acos", "acos"),
            ("acosh", "acosh"),
            ("asin", "asin"),
            ("asinh", "asinh"),
            ("atan", "atan"),
            ("atanh", "atanh"),
            ("cbrt", "cbrt"),
            ("ceil", "ceil"),
            ("cos", "cos"),
            ("cosh", "cosh"),
            ("erf", "erf"),
            ("erfc", "erfc"),
            ("exp", "exp"),
            ("exp2", "exp2"),
            ("expm1", "expm1"),
            ("floor", "floor"),
            ("log", "log"),
            ("log10", "log10"),
            ("log1p", "log1p"),
            ("log2", "log2"),
            ("round", "round"),
            ("roundeven", "nearbyint"),
            ("sin", "sin"),
            ("sinh", "sinh"),
            ("sqrt", "sqrt"),
            ("tan", "tan"),
            ("tanh", "tanh"),
            ("trunc", "trunc"),
        ];
        let expr = if let Some((_, f)) = unary.iter().find(|(n, _)| *n == short) {
            narrow(format!("{f}({})", d(&ops[0])))
        } else {
            match short {
                "rsqrt" => narrow(format!("1.0 / sqrt({})", d(&ops[0]))),
                "atan2" => narrow(format!("atan2({}, {})", d(&ops[0]), d(&ops[1]))),
                "copysign" => narrow(format!("copysign({}, {})", d(&ops[0]), d(&ops[1]))),
                "powf" => narrow(format!("pow({}, {})", d(&ops[0]), d(&ops[1]))),
                "fma" => narrow(format!(
                    "fma({}, {}, {})",
                    d(&ops[0]),
                    d(&ops[1]),
                    d(&ops[2])
                )),
                "fpowi" => {
                    let wb = self.width(ops[1]);
                    narrow(format!(
                        "pow({}, (double)strata_sext({}, {wb}))",
                        d(&ops[0]),
                        self.name(ops[1])
                    ))
                }
                "isnan" => format!("(uint8_t)(isnan({a}) != 0)"),
                "isinf" => format!("(uint8_t)(isinf({a}) != 0)"),
                "isfinite" => format!("(uint8_t)(isfinite({a}) != 0)"),
                // In the operand's own format (an f16 subnormal is a
                // normal double).
                "isnormal" => match self.scalar(ops[0]) {
                    CScalar::F16 => format!("(uint8_t)(isfinite({a}) && fabs({a}) >= 0x1p-14)"),
                    CScalar::BF16 => format!("(uint8_t)(isfinite({a}) && fabs({a}) >= 0x1p-126)"),
                    _ => format!("(uint8_t)(isnormal({a}) != 0)"),
                },
                "absi" => {
                    format!("({rt})strata_mask((uint64_t)strata_absi(strata_sext({a}, {w})), {w})")
                }
                "ctlz" => format!("({rt})strata_ctlz((uint64_t){a}, {w})"),
                "cttz" => format!("({rt})strata_cttz((uint64_t){a}, {w})"),
                "ctpop" => format!("({rt})strata_ctpop((uint64_t){a})"),
                "ipowi" => {
                    let loc = match self.ctx.file_line_col(self.ir.op_loc(op)) {
                        Some((file, line, col)) => format!("{file}:{line}:{col}: "),
                        None => String::new(),
                    };
                    format!(
                        "({rt})strata_ipowi(\"{}\", (uint64_t){a}, (uint64_t){}, {w})",
                        c_escape(&loc),
                        self.name(ops[1])
                    )
                }
                _ => return Err(self.unsupported(op)),
            }
        };
        self.line(format!("{r} = {expr};"));
        Ok(())
    }

    /// The element address expression of `memref[indices]`.
    /// `x86.addr` (the element's address) and `x86.call` (the intrinsic,
    /// its immediates first).
    fn emit_x86(&mut self, op: OpId, name: &str, ops: &[Value]) -> DiagResult<()> {
        let ctx = self.ctx;
        if name == "x86.addr" {
            let e = self.element(ops[0], &ops[1..]);
            let r = self.result(op);
            self.line(format!("{r} = (void *)&{e};"));
            return Ok(());
        }
        if name != "x86.call" {
            return Err(self.err(op, format!("the C back end does not support '{name}'")));
        }
        let callee = self
            .ir
            .attr(ctx, op, "callee")
            .and_then(|a| ctx.string_value(a))
            .unwrap_or("")
            .to_string();
        let mut args: Vec<String> = self
            .ir
            .attr(ctx, op, "imm")
            .and_then(|a| ctx.dense_array_i64(a))
            .unwrap_or_default()
            .iter()
            .map(|v| v.to_string())
            .collect();
        args.extend(ops.iter().map(|&v| self.name(v)));
        let emulated = strata_dialect_x86::intrinsics::lookup(&callee)
            .is_some_and(|i| i.features & self.x86_emulate != 0);
        let callee = if self.x86_portable || emulated {
            format!("strata{callee}")
        } else {
            callee
        };
        let call = format!("{callee}({})", args.join(", "));
        if self.ir.num_results(op) == 1 {
            let r = self.result(op);
            self.line(format!("{r} = {call};"));
        } else {
            self.line(format!("{call};"));
        }
        Ok(())
    }

    fn element(&self, m: Value, indices: &[Value]) -> String {
        let n = self.name(m);
        let Some(CType::MemRef {
            strides, offset, ..
        }) = self.types.get(&m)
        else {
            return format!("{n}[0]");
        };
        let mut terms = vec![if *offset == DYNAMIC {
            format!("{n}_off")
        } else {
            offset.to_string()
        }];
        for (k, &i) in indices.iter().enumerate() {
            let s = if strides[k] == DYNAMIC {
                format!("{n}_stride{k}")
            } else {
                strides[k].to_string()
            };
            terms.push(format!("(int64_t){} * {s}", self.name(i)));
        }
        format!("{n}[{}]", terms.join(" + "))
    }

    /// With [`Options::bounds_checks`]: stop unless `indices` are inside `m`.
    fn bounds_check(&mut self, op: OpId, m: Value, indices: &[Value]) {
        if !self.bounds_checks || indices.is_empty() {
            return;
        }
        let n = self.name(m);
        let idx: Vec<String> = indices
            .iter()
            .map(|&i| format!("(int64_t){}", self.name(i)))
            .collect();
        let sizes: Vec<String> = (0..indices.len()).map(|k| format!("{n}_size{k}")).collect();
        let cond: Vec<String> = idx
            .iter()
            .zip(&sizes)
            .map(|(i, s)| format!("(uint64_t){i} >= (uint64_t){s}"))
            .collect();
        let loc = match self.ctx.file_line_col(self.ir.op_loc(op)) {
            Some((file, line, col)) => format!("{file}:{line}:{col}: "),
            None => String::new(),
        };
        self.line(format!(
            "if ({}) strata_out_of_bounds(\"{}\", {}, (const int64_t[]){{{}}}, (const int64_t[]){{{}}});",
            cond.join(" || "),
            c_escape(&loc),
            indices.len(),
            idx.join(", "),
            sizes.join(", ")
        ));
    }

    fn emit_memref(&mut self, op: OpId, name: &str, ops: &[Value]) -> DiagResult<()> {
        let ir = self.ir;
        match name {
            "memref.load" => {
                self.bounds_check(op, ops[0], &ops[1..]);
                let e = self.element(ops[0], &ops[1..]);
                let r = self.result(op);
                self.line(format!("{r} = {e};"));
            }
            "memref.store" => {
                self.bounds_check(op, ops[1], &ops[2..]);
                let e = self.element(ops[1], &ops[2..]);
                let v = self.name(ops[0]);
                self.line(format!("{e} = {v};"));
            }
            "memref.alloc" | "memref.alloca" => {
                let res = ir.result(op, 0);
                let Some(CType::MemRef {
                    elem,
                    shape,
                    strides,
                    offset,
                }) = self.types.get(&res).cloned()
                else {
                    return Err(self.err(op, "unsupported memref type"));
                };
                let identity = strata_dialect_memref::layout::identity_strides(&shape);
                if strides != identity || offset != 0 {
                    return Err(self.err(
                        op,
                        "the C back end allocates memrefs with the identity layout only",
                    ));
                }
                let r = self.result(op);
                let mut dynamic = ops.iter();
                let mut sizes = Vec::new();
                for (k, &d) in shape.iter().enumerate() {
                    let s = if d == DYNAMIC {
                        let v = dynamic
                            .next()
                            .map(|&v| self.name(v))
                            .unwrap_or_else(|| "0".into());
                        format!("(int64_t){v}")
                    } else {
                        d.to_string()
                    };
                    self.line(format!("{r}_size{k} = {s};"));
                    sizes.push(format!("{r}_size{k}"));
                }
                for k in (0..shape.len()).rev() {
                    if k + 1 == shape.len() {
                        self.line(format!("{r}_stride{k} = 1;"));
                    } else {
                        self.line(format!(
                            "{r}_stride{k} = {r}_stride{} * {r}_size{};",
                            k + 1,
                            k + 1
                        ));
                    }
                }
                self.line(format!("{r}_off = 0;"));
                let count = if sizes.is_empty() {
                    "1".to_string()
                } else {
                    sizes.join(" * ")
                };
                let ct = elem.c_type();
                let n: Option<i64> = shape.iter().try_fold(1i64, |acc, &d| {
                    if d == DYNAMIC {
                        None
                    } else {
                        acc.checked_mul(d)
                    }
                });
                if let Some(n) = n.filter(|&n| {
                    name == "memref.alloca"
                        && n.checked_mul(elem.size() as i64)
                            .is_some_and(|b| b <= 65536)
                }) {
                    let buf = format!("{r}_buf");
                    self.decls.push(format!(
                        "{ct} {buf}[{}] __attribute__((aligned(64)));",
                        n.max(1)
                    ));
                    self.line(format!("{r} = {buf};"));
                } else {
                    let alignment = ir
                        .attr(self.ctx, op, "alignment")
                        .and_then(|a| self.ctx.integer_value(a))
                        .unwrap_or(0);
                    self.line(format!(
                        "{r} = ({ct} *)strata_alloc((size_t)({count}) * sizeof({ct}), {alignment});"
                    ));
                }
            }
            "memref.dealloc" => {
                let m = self.name(ops[0]);
                self.line(format!("free({m});"));
            }
            "memref.dim" => {
                let m = self.name(ops[0]);
                let rank = match self.types.get(&ops[0]) {
                    Some(CType::MemRef { shape, .. }) => shape.len(),
                    _ => 0,
                };
                let i = self.name(ops[1]);
                let mut e = "0".to_string();
                for k in (0..rank).rev() {
                    e = format!("({i} == {k} ? {m}_size{k} : {e})");
                }
                let r = self.result(op);
                self.line(format!("{r} = (uint64_t){e};"));
            }
            "memref.subview" | "memref.reinterpret_cast" => {
                let groups = operand_groups(self.ctx, ir, op)?;
                let static_of = |n: &str| -> DiagResult<Vec<i64>> {
                    ir.attr(self.ctx, op, n)
                        .and_then(|a| self.ctx.dense_array_i64(a))
                        .ok_or_else(|| self.err(op, format!("missing '{n}'")))
                };
                let mixed = |st: Vec<i64>, dynamic: &[Value]| -> Vec<String> {
                    let mut dynamic = dynamic.iter();
                    st.iter()
                        .map(|&v| {
                            if v == DYNAMIC {
                                dynamic
                                    .next()
                                    .map(|&d| format!("(int64_t){}", self.name(d)))
                                    .unwrap_or_else(|| "0".into())
                            } else {
                                format!("INT64_C({v})")
                            }
                        })
                        .collect()
                };
                let st_sizes = static_of("static_sizes")?;
                let offsets = mixed(static_of("static_offsets")?, &ops[groups[1].clone()]);
                let sizes = mixed(st_sizes.clone(), &ops[groups[2].clone()]);
                let strides = mixed(static_of("static_strides")?, &ops[groups[3].clone()]);
                let src = self.name(ops[0]);
                let res = ir.result(op, 0);
                let r = self.name(res);
                let Some(CType::MemRef { .. }) = self.types.get(&res).cloned() else {
                    return Err(self.err(op, "unsupported memref type"));
                };
                self.line(format!("{r} = {src};"));
                if name == "memref.reinterpret_cast" {
                    self.line(format!("{r}_off = {};", offsets[0]));
                    for (k, (sz, st)) in sizes.iter().zip(&strides).enumerate() {
                        self.line(format!("{r}_size{k} = {sz};"));
                        self.line(format!("{r}_stride{k} = {st};"));
                    }
                } else {
                    let mut off = format!("{src}_off");
                    for (k, o) in offsets.iter().enumerate() {
                        let _ = write!(off, " + {o} * {src}_stride{k}");
                    }
                    self.line(format!("{r}_off = {off};"));
                    let dropped =
                        strata_dialect_memref::verify::subview_dropped_dims(self.ctx, ir, op)
                            .ok_or_else(|| {
                                self.err(op, "cannot match the result shape to the subview sizes")
                            })?;
                    let mut k = 0;
                    for d in 0..st_sizes.len() {
                        if dropped[d] {
                            continue;
                        }
                        self.line(format!("{r}_size{k} = {};", sizes[d]));
                        self.line(format!("{r}_stride{k} = {src}_stride{d} * {};", strides[d]));
                        k += 1;
                    }
                }
            }
            "memref.get_global" => {
                let sym = symbol_ref(self.ctx, ir, op, "name")
                    .ok_or_else(|| self.err(op, "get_global without a name"))?;
                let res = ir.result(op, 0);
                let r = self.name(res);
                let Some(CType::MemRef { shape, strides, .. }) = self.types.get(&res).cloned()
                else {
                    return Err(self.err(op, "unsupported memref type"));
                };
                self.line(format!("{r} = {};", global_name(&sym)));
                self.line(format!("{r}_off = 0;"));
                for k in 0..shape.len() {
                    self.line(format!("{r}_size{k} = {};", shape[k]));
                    self.line(format!("{r}_stride{k} = {};", strides[k]));
                }
            }
            "memref.cast" => {
                let res = ir.result(op, 0);
                self.assign(&[res], &[ops[0]]);
            }
            "memref.collapse_shape" | "memref.expand_shape" => self.emit_reshape(op, name, ops)?,
            "memref.rank" => {
                let rank = match self.types.get(&ops[0]) {
                    Some(CType::MemRef { shape, .. }) => shape.len(),
                    _ => 0,
                };
                let r = self.result(op);
                self.line(format!("{r} = {rank};"));
            }
            "memref.atomic_rmw" => self.emit_atomic_rmw(op, ops)?,
            "memref.transpose" => {
                // The permuted sizes and strides of the same data.
                let perm = transpose_permutation(self.ctx, ir, op)
                    .ok_or_else(|| self.err(op, "memref.transpose without a permutation map"))?;
                let (src, r) = (self.name(ops[0]), self.result(op));
                self.line(format!("{r} = {src};"));
                self.line(format!("{r}_off = {src}_off;"));
                for (k, d) in perm.iter().enumerate() {
                    self.line(format!("{r}_size{k} = {src}_size{d};"));
                    self.line(format!("{r}_stride{k} = {src}_stride{d};"));
                }
            }
            "memref.copy" => {
                let (s, t) = (ops[0], ops[1]);
                let rank = match self.types.get(&s) {
                    Some(CType::MemRef { shape, .. }) => shape.len(),
                    _ => 0,
                };
                let sn = self.name(s);
                let tn = self.name(t);
                let idx: Vec<String> = (0..rank).map(|_| self.fresh()).collect();
                for (k, i) in idx.iter().enumerate() {
                    self.line(format!(
                        "for (int64_t {i} = 0; {i} < {sn}_size{k}; {i}++) {{"
                    ));
                    self.indent += 1;
                }
                let addr = |n: &str| {
                    let mut e = format!("{n}_off");
                    for (k, i) in idx.iter().enumerate() {
                        let _ = write!(e, " + {i} * {n}_stride{k}");
                    }
                    format!("{n}[{e}]")
                };
                let (ta, sa) = (addr(&tn), addr(&sn));
                self.line(format!("{ta} = {sa};"));
                for _ in 0..rank {
                    self.indent -= 1;
                    self.line("}");
                }
            }
            _ => return Err(self.unsupported(op)),
        }
        Ok(())
    }
}

fn constant_expr(s: Scalar, rs: CScalar) -> String {
    match (s, rs) {
        (Scalar::Int(v, _), CScalar::Int(_)) => {
            format!("({})UINT64_C({:#x})", rs.c_type(), v as u64)
        }
        (Scalar::Float(f, k), CScalar::F16 | CScalar::BF16) => {
            format!("(uint16_t){:#x}", float_to_bits(k, f).unwrap_or(0) as u16)
        }
        (Scalar::Float(f, k), CScalar::F32) => {
            format!(
                "strata_f32_from_bits(UINT32_C({:#x}))",
                float_to_bits(k, f).unwrap_or(0) as u32
            )
        }
        (Scalar::Float(f, k), _) => {
            format!(
                "strata_f64_from_bits(UINT64_C({:#x}))",
                float_to_bits(k, f).unwrap_or(0) as u64
            )
        }
        (Scalar::Int(v, _), _) => format!("{v}"),
    }
}

impl FuncEmitter<'_> {
    /// `memref.atomic_rmw` (single-threaded code): the element is read
    /// into the result, combined with the value by the kind's arith op
    /// (the interpreter's `AtomicRmwKind::combining_op`) and written back.
    fn emit_atomic_rmw(&mut self, op: OpId, ops: &[Value]) -> DiagResult<()> {
        let kind = self
            .ir
            .attr(self.ctx, op, "kind")
            .and_then(|a| strata_dialect_arith::atomic::AtomicRmwKind::from_attr(self.ctx, a))
            .ok_or_else(|| self.err(op, "invalid atomic kind"))?;
        self.bounds_check(op, ops[1], &ops[2..]);
        let e = self.element(ops[1], &ops[2..]);
        let res = self.ir.result(op, 0);
        let (r, v) = (self.name(res), self.name(ops[0]));
        let rs = self.scalar(res);
        let t = rs.c_type();
        self.line(format!("{r} = {e};"));
        let short = kind.combining_op().map(|o| o.trim_start_matches("arith."));
        let w = self.width(res);
        let (sr, sv) = (
            format!("strata_sext({r}, {w})"),
            format!("strata_sext({v}, {w})"),
        );
        let (fr, fv) = (self.fval(res), self.fval(ops[0]));
        let new = match short {
            None => v.clone(),
            Some(o @ ("addi" | "muli" | "andi" | "ori" | "xori")) => {
                let c = match o {
                    "addi" => "+",
                    "muli" => "*",
                    "andi" => "&",
                    "ori" => "|",
                    _ => "^",
                };
                format!("({t})strata_mask((uint64_t){r} {c} (uint64_t){v}, {w})")
            }
            Some("maxsi") => format!("({sr} >= {sv} ? {r} : {v})"),
            Some("minsi") => format!("({sr} <= {sv} ? {r} : {v})"),
            Some("maxui") => format!("({r} >= {v} ? {r} : {v})"),
            Some("minui") => format!("({r} <= {v} ? {r} : {v})"),
            Some("addf") if !rs.is_narrow_float() => format!("{r} + {v}"),
            Some("mulf") if !rs.is_narrow_float() => format!("{r} * {v}"),
            Some("addf") => narrow_expr(rs, format!("{fr} + {fv}")),
            Some("mulf") => narrow_expr(rs, format!("{fr} * {fv}")),
            Some(f) => narrow_expr(rs, format!("strata_{f}((double){fr}, (double){fv})")),
        };
        self.line(format!("{e} = {new};"));
        Ok(())
    }

    /// `memref.collapse_shape`/`expand_shape` as strided views with the
    /// interpreter's (and the LLVM back end's) strides: a collapsed group
    /// steps like its innermost non-unit dimension, an expanded group
    /// splits its stride row-major, and expanded sizes whose product is not
    /// the dimension stop with the interpreter's error.
    fn emit_reshape(&mut self, op: OpId, name: &str, ops: &[Value]) -> DiagResult<()> {
        let groups = strata_dialect_memref::verify::reassociation(self.ctx, self.ir, op);
        let (src, r) = (self.name(ops[0]), self.result(op));
        self.line(format!("{r} = {src};"));
        self.line(format!("{r}_off = {src}_off;"));
        if name == "memref.collapse_shape" {
            for (g, group) in groups.iter().enumerate() {
                let sizes: Vec<String> = group.iter().map(|d| format!("{src}_size{d}")).collect();
                let product = if sizes.is_empty() {
                    "1".to_string()
                } else {
                    sizes.join(" * ")
                };
                self.line(format!("{r}_size{g} = {product};"));
                let last = group
                    .last()
                    .map_or("1".into(), |d| format!("{src}_stride{d}"));
                // The innermost non-unit dimension's stride, else the last's.
                let mut e = last;
                for &d in group {
                    e = format!("({src}_size{d} != 1 ? {src}_stride{d} : {e})");
                }
                self.line(format!("{r}_stride{g} = {e};"));
            }
            return Ok(());
        }
        let statics = self
            .ir
            .attr(self.ctx, op, "static_output_shape")
            .and_then(|a| self.ctx.dense_array_i64(a))
            .ok_or_else(|| self.err(op, "missing 'static_output_shape'"))?;
        let mut dynamic = ops[1..].iter();
        for (k, &v) in statics.iter().enumerate() {
            let s = if v == DYNAMIC {
                let d = dynamic
                    .next()
                    .ok_or_else(|| self.err(op, "missing dynamic size"))?;
                format!("(int64_t){}", self.name(*d))
            } else {
                v.to_string()
            };
            self.line(format!("{r}_size{k} = {s};"));
        }
        let loc = match self.ctx.file_line_col(self.ir.op_loc(op)) {
            Some((file, line, col)) => format!("{file}:{line}:{col}: "),
            None => String::new(),
        };
        for (i, group) in groups.iter().enumerate() {
            let sizes: Vec<String> = group.iter().map(|d| format!("{r}_size{d}")).collect();
            let product = if sizes.is_empty() {
                "1".to_string()
            } else {
                sizes.join(" * ")
            };
            self.line(format!(
                "if ({product} != {src}_size{i}) strata_fail_expand(\"{}\", {src}_size{i}, {product});",
                c_escape(&loc)
            ));
            let mut st = format!("{src}_stride{i}");
            for &d in group.iter().rev() {
                self.line(format!("{r}_stride{d} = {st};"));
                st = format!("{r}_stride{d} * {r}_size{d}");
            }
        }
        Ok(())
    }
}

/// `e` (a C expression of a real type) rounded once to `rs`: the 16-bit
/// formats by `strata_*_from_f64` from `double`, the others by a C cast.
fn narrow_expr(rs: CScalar, e: String) -> String {
    match rs {
        CScalar::F16 => format!("strata_f16_from_f64((double)({e}))"),
        CScalar::BF16 => format!("strata_bf16_from_f64((double)({e}))"),
        _ => format!("({})({e})", rs.c_type()),
    }
}

/// `s` escaped for a C string literal.
pub fn c_escape(s: &str) -> String {
    let mut out = String::new();
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            c if c.is_ascii_graphic() || c == ' ' => out.push(c),
            c => {
                for b in c.to_string().bytes() {
                    let _ = write!(out, "\\{b:03o}");
                }
            }
        }
    }
    out
}

/// The C name of the array of `memref.global @sym` (the LLVM back end's
/// global has the same name).
pub fn global_name(sym: &str) -> String {
    format!(
        "strata_global_{}",
        c_name(sym).trim_start_matches("strata_fn_")
    )
}

/// The root name of the symbol reference attribute `attr` of `op`
/// (`func.call`'s `callee`, `memref.get_global`'s `name`).
pub fn symbol_ref(ctx: &Context, ir: &Ir, op: OpId, attr: &str) -> Option<String> {
    ir.attr(ctx, op, attr).and_then(|a| match ctx.attr_data(a) {
        AttrData::SymbolRef { root, .. } => Some(ctx.str(*root).to_string()),
        _ => None,
    })
}

/// The source dimension of each result dimension of a `memref.transpose`
/// (its `permutation` map's results).
pub fn transpose_permutation(ctx: &Context, ir: &Ir, op: OpId) -> Option<Vec<usize>> {
    match ir.attr(ctx, op, "permutation").map(|a| ctx.attr_data(a)) {
        Some(AttrData::AffineMap(m)) => (0..m.num_results()).map(|i| m.dim_position(i)).collect(),
        _ => None,
    }
}

/// The run-time error of a failed `cf.assert` (the interpreter's words).
pub fn assert_failure(ctx: &Context, ir: &Ir, op: OpId) -> String {
    let msg = ir
        .attr(ctx, op, "msg")
        .and_then(|a| ctx.string_value(a))
        .unwrap_or("");
    format!("assertion failed: {msg}")
}

/// The symbol a `func.call` calls (its `callee` attribute's root name).
pub fn callee_name(ctx: &Context, ir: &Ir, op: OpId) -> Option<String> {
    symbol_ref(ctx, ir, op, "callee")
}

/// The memref type a `memref.global` declares (its `type` attribute).
pub fn global_type(ctx: &Context, ir: &Ir, op: OpId) -> Option<Type> {
    ir.attr(ctx, op, "type")
        .and_then(|a| match ctx.attr_data(a) {
            AttrData::Type(t) => Some(*t),
            _ => None,
        })
}

/// What both back ends store for a `memref.global`: an array of `elem`'s
/// container holding the raw bits of each element's initial value (zeros
/// without one), so floats keep their exact bits, NaN payloads included.
#[derive(Clone, Debug)]
pub struct GlobalData {
    /// The storage's name ([`global_name`]).
    pub name: String,
    pub elem: CScalar,
    /// One entry per element (at least one), masked to the container.
    pub bits: Vec<u128>,
    /// `constant` was given: the storage is read-only.
    pub constant: bool,
}

/// Decodes a `memref.global` (static shape, identity layout); `backend`
/// ("C", "LLVM") words the errors.
pub fn global_data(ctx: &Context, ir: &Ir, op: OpId, backend: &str) -> DiagResult<GlobalData> {
    let sym = strata_ir::symbol_table::symbol_name(ctx, ir, op).unwrap_or("anonymous");
    let ty = global_type(ctx, ir, op)
        .ok_or_else(|| error(ctx, ir, op, "memref.global without a type"))?;
    let Some(CType::MemRef { elem, shape, .. }) = c_type(ctx, ty) else {
        return Err(error(
            ctx,
            ir,
            op,
            format!(
                "the {backend} back end does not support the type '{}'",
                type_str(ctx, ty)
            ),
        ));
    };
    if shape.contains(&DYNAMIC) {
        return Err(error(ctx, ir, op, "memref.global needs a static shape"));
    }
    let n = shape.iter().product::<i64>().max(1) as usize;
    let init = ir
        .attr(ctx, op, "initial_value")
        .and_then(|a| strata_dialect_arith::fold::decode(ctx, a))
        .filter(|el| !el.elems.is_empty());
    let container = 8 * elem.size() as u32;
    let bits = (0..n)
        .map(|i| {
            let Some(el) = &init else { return 0 };
            let s = if el.splat {
                el.elems[0]
            } else {
                el.elems.get(i).copied().unwrap_or(el.elems[0])
            };
            let bits = match s {
                Scalar::Int(v, _) => v,
                Scalar::Float(f, k) => float_to_bits(k, f).unwrap_or(0),
            };
            strata_dialect_arith::semantics::mask(bits, container)
        })
        .collect();
    Ok(GlobalData {
        name: global_name(sym),
        elem,
        bits,
        constant: ir.attr(ctx, op, "constant").is_some(),
    })
}

/// A float of `elem`'s format with these bits as a C constant expression
/// (usable in a static initializer, unlike `strata_f32_from_bits`): an
/// exact hexadecimal literal, `INFINITY`, or `__builtin_nan[s]` with the
/// payload (GCC and Clang fold all of them).
fn float_literal(bits: u128, elem: CScalar) -> String {
    let (mant_bits, exp_bits, suffix) = match elem {
        CScalar::F32 => (23u32, 8u32, "f"),
        _ => (52, 11, ""),
    };
    let mant = (bits & ((1u128 << mant_bits) - 1)) as u64;
    let exp = ((bits >> mant_bits) & ((1u128 << exp_bits) - 1)) as i64;
    let sign = if (bits >> (mant_bits + exp_bits)) & 1 == 1 {
        "-"
    } else {
        ""
    };
    let max_exp = (1i64 << exp_bits) - 1;
    let bias = (1i64 << (exp_bits - 1)) - 1;
    if exp == max_exp {
        if mant == 0 {
            return format!("{sign}INFINITY");
        }
        let quiet = 1u64 << (mant_bits - 1);
        let builtin = if mant & quiet != 0 { "nan" } else { "nans" };
        let payload = mant & (quiet - 1);
        return format!("{sign}__builtin_{builtin}{suffix}(\"{payload:#x}\")");
    }
    // value = significand * 2^(e), both exact in the literal.
    let (significand, e) = if exp == 0 {
        (mant, 1 - bias - mant_bits as i64)
    } else {
        (mant | (1u64 << mant_bits), exp - bias - mant_bits as i64)
    };
    format!("{sign}{significand:#x}p{e}{suffix}")
}

/// A `memref.global` as a static C array (static shape, identity layout).
fn global(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<String> {
    let g = global_data(ctx, ir, op, "C")?;
    let values: Vec<String> = g
        .bits
        .iter()
        .map(|&b| match g.elem {
            CScalar::Int(_) | CScalar::F16 | CScalar::BF16 => {
                format!("({})UINT64_C({:#x})", g.elem.c_type(), b as u64)
            }
            _ => float_literal(b, g.elem),
        })
        .collect();
    Ok(format!(
        "static {} {}[{}] __attribute__((aligned(64))) = {{{}}};\n",
        g.elem.c_type(),
        g.name,
        values.len(),
        values.join(", ")
    ))
}

/// Operand groups of an op with variadic operands (by its definition).
pub fn operand_groups(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<Vec<std::ops::Range<usize>>> {
    let def = ctx
        .op_definition(ir.op_name(op))
        .ok_or_else(|| error(ctx, ir, op, "unregistered op"))?;
    let sizes = strata_ir::verifier::group_sizes(
        ctx,
        ir,
        op,
        &def.operands,
        ir.num_operands(op),
        "operand",
    )?;
    let mut start = 0;
    Ok(sizes
        .into_iter()
        .map(|n| {
            let r = start..start + n;
            start += n;
            r
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_c_identifiers() {
        assert_eq!(c_name("matmul"), "matmul");
        assert_eq!(c_name("main"), "strata_fn_main");
        assert_eq!(c_name("a.b-c"), "strata_fn_a_2e_b_2d_c");
        assert_eq!(c_name("0x"), "strata_fn_0x");
        assert_eq!(c_name("strata_fail"), "strata_fn_strata_5f_fail");
    }

    #[test]
    fn strings_are_escaped() {
        assert_eq!(c_escape("a\"b\\c\n"), "a\\\"b\\\\c\\n");
        assert_eq!(c_escape("é"), "\\303\\251");
    }

    #[test]
    fn float_literals_are_exact() {
        let f = |x: f32| float_literal(x.to_bits() as u128, CScalar::F32);
        let d = |x: f64| float_literal(x.to_bits() as u128, CScalar::F64);
        assert_eq!(f(1.5), "0xc00000p-23f");
        assert_eq!(f(-0.0), "-0x0p-149f");
        assert_eq!(f(f32::from_bits(1)), "0x1p-149f");
        assert_eq!(f(f32::NEG_INFINITY), "-INFINITY");
        assert_eq!(d(0.1), "0x1999999999999ap-56");
        assert_eq!(
            float_literal(0x7fc0_0001, CScalar::F32),
            "__builtin_nanf(\"0x1\")"
        );
        assert_eq!(
            float_literal(0xffa0_0000, CScalar::F32),
            "-__builtin_nansf(\"0x200000\")"
        );
    }

    #[test]
    fn containers() {
        assert_eq!(CScalar::Int(1).c_type(), "uint8_t");
        assert_eq!(CScalar::Int(33).c_type(), "uint64_t");
        assert_eq!(CScalar::Int(16).size(), 2);
        assert_eq!(CScalar::F32.size(), 4);
    }
}
