//! The value and function ABI the native back ends share: how a value of
//! each builtin type is held in C and LLVM (`CScalar`, `CType`), what a
//! translated function's parameters and results are, how `memref.global`
//! storage is named and initialised, and the run-time checks both compile
//! in. The C back end (`strata-translate --mlir-to-c`) and the LLVM back end
//! (`--mlir-to-llvmir`, the JIT) read every decision here, so a function
//! translated by one is callable with the prototype the other prints, and
//! `strata-run` feeds both the same argument bytes.
//!
//! # Values
//! * An integer or index of width `w <= 64` is held in the smallest of
//!   `uint8_t`/`uint16_t`/`uint32_t`/`uint64_t` that fits, always
//!   zero-extended (the upper bits are 0).
//! * `f32` is `float`, `f64` is `double`.
//! * `f16` and `bf16` are their bits in a `uint16_t`: C11 has no portable
//!   16-bit float, and the bits keep the storage and the harness bytes of
//!   both back ends identical.
//! * A memref is its components: `T *p` (aligned data pointer), `int64_t`
//!   offset, one `int64_t` size per dimension, then one `int64_t` stride per
//!   dimension (MLIR's expanded descriptor without the allocated pointer).
//!
//! # Function ABI
//! `func.func @f(%a: i32, %m: memref<?x4xf32>) -> R...` becomes a function
//! named [`c_name`]`("f")` whose parameters are the components of the
//! arguments in order (`uint32_t a, float *m, int64_t m_off, int64_t
//! m_size0, int64_t m_size1, int64_t m_stride0, int64_t m_stride1`). A
//! function with exactly one scalar result returns it
//! ([`returns_directly`]); otherwise it returns `void` and takes, after the
//! arguments, one pointer per component of each result.
//!
//! # Globals
//! `memref.global @g` is an array named [`global_name`]`("g")` of its
//! element's container holding the raw bits of each initial element
//! ([`global_data`]), so floats keep their exact bits, NaN payloads included.

use std::fmt::Write;
use strata_dialect_arith::semantics::{float_to_bits, Scalar};
use strata_dialect_func::FuncOp;
use strata_dialect_memref::GlobalOp;
use strata_ir::{
    AttrData, Context, DiagResult, Diagnostic, FloatKind, Ir, OpId, Type, TypeData, DYNAMIC,
};

fn error(ctx: &Context, ir: &Ir, op: OpId, message: impl AsRef<str>) -> Diagnostic {
    strata_ir::verifier::emit_op_error(ctx, ir, op, message)
}

fn type_str(ctx: &Context, ty: Type) -> String {
    strata_ir::asm::printer::type_to_string(ctx, ty)
}

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

/// Translation options both back ends take.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// Check every `memref.load`/`memref.store` index against the memref's
    /// sizes and stop with the interpreter's located out-of-bounds error
    /// (`strata-run --target c` turns this on).
    pub bounds_checks: bool,
}

/// Whether a module-level op is a `memref.global` (true) or a `func.func`
/// (false); anything else is an error worded for `backend` ("C", "LLVM").
pub fn is_global(ctx: &Context, ir: &Ir, op: OpId, backend: &str) -> DiagResult<bool> {
    match ctx.op_name_str(ir.op_name(op)) {
        GlobalOp::NAME => Ok(true),
        FuncOp::NAME => Ok(false),
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

/// A function's signature types.
pub fn signature(ctx: &Context, ir: &Ir, func: OpId) -> DiagResult<(Vec<Type>, Vec<Type>)> {
    strata_dialect_func::ops_function_signature(ctx, ir, func)
        .ok_or_else(|| error(ctx, ir, func, "expected a func.func"))
}

/// Whether a function with these results returns its only result directly.
pub fn returns_directly(ctx: &Context, results: &[Type]) -> bool {
    results.len() == 1 && matches!(c_type(ctx, results[0]), Some(CType::Scalar(_)))
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
    fn containers() {
        assert_eq!(CScalar::Int(1).c_type(), "uint8_t");
        assert_eq!(CScalar::Int(33).c_type(), "uint64_t");
        assert_eq!(CScalar::Int(16).size(), 2);
        assert_eq!(CScalar::F32.size(), 4);
    }
}
