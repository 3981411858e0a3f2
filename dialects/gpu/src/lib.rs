//! The `gpu` dialect (MLIR's `gpu`): the host/kernel structure of GPU
//! programs, with MLIR 22's syntax, generic form and verifier messages.
//!
//! - `gpu.launch` ([`launch`]): a kernel written inline. Its region takes 12
//!   `index` arguments (block ids, thread ids, grid sizes, block sizes, x/y/z
//!   each) followed by its workgroup and private attributions; the body ends
//!   in `gpu.terminator`. Like `func.func` it is an affine scope: its
//!   arguments and the values computed at its top level are valid affine
//!   symbols for the affine ops inside.
//! - `gpu.module` / `gpu.func` / `gpu.return` ([`func`]): outlined kernels,
//!   `kernel` functions launched from the host by `gpu.launch_func`
//!   ([`launch_func`]), which checks the callee's signature.
//! - `gpu.thread_id` / `block_id` / `block_dim` / `grid_dim` / `global_id`
//!   with `x`, `y` or `z`, `gpu.barrier`, `gpu.wait` ([`ops`]).
//!
//! Every op is declared once with `define_op!`: MLIR 22's assembly format
//! where MLIR has one, the hand-written syntax of `gpu.launch` and
//! `gpu.func` (MLIR's `hasCustomAssemblyFormat`) named in their
//! declarations, with the verifiers and interfaces; [`ops`] holds the op
//! list.
//!
//! Attributes and types: `#gpu<dim x>` (the dimension of an id op) and
//! `#gpu.address_space<workgroup|private|global>` (the memory space of
//! attributions) are kept as opaque attributes of this dialect, uniqued by
//! their text, which prints exactly as MLIR does; `!gpu.async.token` is the
//! token of the async forms.
//!
//! Why the dialect exists in Strata: MLIR's affine tests (and programs
//! mapped to GPUs by MLIR's own passes) use `gpu.launch` bodies and
//! `gpu.func`s as affine scopes, and Strata reads and writes such programs
//! byte-identically to mlir-opt 22. The reference interpreter runs a
//! `gpu.launch` one (block, thread) after the other and reports
//! `gpu.barrier` as unsupported (`interp/src/ops/gpu.rs` says why).

pub mod func;
pub mod launch;
pub mod launch_func;
pub mod ops;

pub use func::{FuncOp, ModuleOp, ReturnOp};
pub use launch::LaunchOp;
pub use launch_func::LaunchFuncOp;
pub use ops::{
    BarrierOp, BlockDimOp, BlockIdOp, GlobalIdOp, GridDimOp, TerminatorOp, ThreadIdOp, WaitOp,
    OP_NAMES,
};

use std::sync::Arc;
use strata_ir::asm::lexer::TokenKind;
use strata_ir::asm::parser::Parser;
use strata_ir::asm::printer::AsmWriter;
use strata_ir::diagnostics::DiagResult;
use strata_ir::{AttrData, Attribute, Context, Dialect, OpDefinition, Type, TypeData};

/// The dialect namespace.
pub const DIALECT: &str = "gpu";

/// The gpu dialect.
pub struct GpuDialect;

/// The dimensions of an id op, in MLIR's order.
pub const DIMENSIONS: [&str; 3] = ["x", "y", "z"];

/// The address spaces of `#gpu.address_space<...>`.
pub const ADDRESS_SPACES: [&str; 3] = ["global", "workgroup", "private"];

impl Dialect for GpuDialect {
    fn name(&self) -> &str {
        DIALECT
    }
    fn description(&self) -> &str {
        "GPU kernels: launches, kernel modules and functions, thread/block ids, barriers"
    }
    fn operations(&self, _ctx: &Context) -> Vec<OpDefinition> {
        ops::definitions()
    }
    fn parse_type(&self, parser: &mut Parser, mnemonic: &str) -> DiagResult<Type> {
        match mnemonic {
            "async.token" => Ok(async_token_type(parser.ctx)),
            _ => Err(parser.error_here(format!("unknown gpu type: {mnemonic}"))),
        }
    }
    fn print_type(&self, ctx: &Context, ty: Type, out: &mut AsmWriter) -> bool {
        if is_async_token(ctx, ty) {
            out.write("async.token");
            true
        } else {
            false
        }
    }
    /// `#gpu<dim x>` (mnemonic empty: the body follows in angle brackets)
    /// and `#gpu.address_space<workgroup>`.
    fn parse_attribute(
        &self,
        parser: &mut Parser,
        mnemonic: &str,
        _ty: Option<Type>,
    ) -> DiagResult<Attribute> {
        let ctx = parser.ctx;
        match mnemonic {
            "" => {
                parser.expect(TokenKind::Less, "'<'")?;
                if !parser.is_keyword("dim") {
                    return Err(
                        parser.error_here(format!("unknown gpu attribute: {}", parser.text()))
                    );
                }
                parser.advance();
                let dim = parse_enum_keyword(parser, &DIMENSIONS, "::mlir::gpu::Dimension")?;
                parser.expect(TokenKind::Greater, "'>'")?;
                Ok(dimension_attr(ctx, dim))
            }
            "address_space" => {
                parser.expect(TokenKind::Less, "'<'")?;
                let space =
                    parse_enum_keyword(parser, &ADDRESS_SPACES, "::mlir::gpu::AddressSpace")?;
                parser.expect(TokenKind::Greater, "'>'")?;
                Ok(address_space_attr(ctx, space))
            }
            _ => Err(parser.error_here(format!("unknown gpu attribute: {mnemonic}"))),
        }
    }
}

/// Parses one of `words` (an MLIR enum keyword), with MLIR's message for
/// anything else.
pub fn parse_enum_keyword<'w>(
    parser: &mut Parser,
    words: &[&'w str],
    enum_name: &str,
) -> DiagResult<&'w str> {
    let text = parser.text();
    match words.iter().find(|w| **w == text) {
        Some(w) if parser.is(TokenKind::BareIdent) => {
            parser.advance();
            Ok(w)
        }
        _ => Err(parser.error_here(format!(
            "expected {enum_name} to be one of: {}",
            words.join(", ")
        ))),
    }
}

fn opaque(ctx: &Context, data: String) -> Attribute {
    ctx.intern_attr(AttrData::Opaque {
        dialect: ctx.intern_str(DIALECT),
        data: data.into(),
        ty: None,
    })
}

fn opaque_data(ctx: &Context, attr: Attribute) -> Option<&str> {
    match ctx.attr_data(attr) {
        AttrData::Opaque { dialect, data, .. } if ctx.str(*dialect) == DIALECT => Some(data),
        _ => None,
    }
}

/// `#gpu<dim x>` for `dim` in x, y, z.
pub fn dimension_attr(ctx: &Context, dim: &str) -> Attribute {
    opaque(ctx, format!("dim {dim}"))
}

/// The dimension index (0, 1, 2 for x, y, z) of a `#gpu<dim ...>`.
pub fn dimension_of(ctx: &Context, attr: Attribute) -> Option<usize> {
    let dim = opaque_data(ctx, attr)?.strip_prefix("dim ")?;
    DIMENSIONS.iter().position(|d| *d == dim)
}

/// `#gpu.address_space<space>`.
pub fn address_space_attr(ctx: &Context, space: &str) -> Attribute {
    opaque(ctx, format!("address_space<{space}>"))
}

/// The space named by a `#gpu.address_space<...>`.
pub fn address_space_of(ctx: &Context, attr: Attribute) -> Option<&str> {
    opaque_data(ctx, attr)?
        .strip_prefix("address_space<")?
        .strip_suffix('>')
}

/// `!gpu.async.token`.
pub fn async_token_type(ctx: &Context) -> Type {
    ctx.intern_type(TypeData::Dialect {
        dialect: ctx.intern_str(DIALECT),
        name: ctx.intern_str("async.token"),
        params: Vec::new().into(),
    })
}

/// Whether `ty` is `!gpu.async.token`.
pub fn is_async_token(ctx: &Context, ty: Type) -> bool {
    matches!(ctx.type_data(ty), TypeData::Dialect { dialect, name, .. }
        if ctx.str(*dialect) == DIALECT && ctx.str(*name) == "async.token")
}

/// Loads the gpu dialect into `ctx`.
pub fn register(ctx: &mut Context) {
    ctx.load_dialect(Arc::new(GpuDialect));
}
