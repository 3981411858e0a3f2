//! The `x86` dialect: x86 intrinsics as ops, for the C back end.
//!
//! ```mlir
//! %p = x86.addr %B[%k, %j] : memref<64x48xf32>
//! %b = x86.call "_mm512_loadu_ps"(%p) : (!x86.ptr) -> vector<16xf32>
//! %a = x86.call "_mm512_set1_ps"(%x) : (f32) -> vector<16xf32>
//! %c = x86.call "_mm512_fmadd_ps"(%a, %b, %acc) : (vector<16xf32>, vector<16xf32>, vector<16xf32>) -> vector<16xf32>
//! x86.call "_tile_dpbssd"() {imm = array<i32: 0, 4, 6>} : () -> ()
//! ```
//!
//! # Why one call op and not one op per instruction
//!
//! MLIR has per-instruction dialects (`x86vector`, `amx`) because LLVM
//! lowers them to LLVM intrinsics one by one. Strata's executable x86 path
//! is C: the back end prints an intrinsic call, and the C compiler does
//! instruction selection and register allocation. So an intrinsic is data,
//! a row of [`intrinsics::INTRINSICS`] (its C name, argument kinds, leading
//! immediates, CPU features), and one op, `x86.call`, names it, like
//! `emitc.call_opaque` but checked: the verifier rejects unknown names and
//! mistyped calls. The table also drives what the C back end must know to
//! run the program everywhere: the `target(...)` attribute of the native
//! variant, the run-time feature test that selects it, and the portable
//! emulation each name maps to in `strata_x86.h`.
//!
//! Memory operands are element addresses, `x86.addr %m[%i, %j]` of type
//! `!x86.ptr`, so the memref's strided layout stays with the memref and an
//! intrinsic's pointer argument is an ordinary SSA value. Vectors are
//! builtin `vector<16xf32>` (`__m512`) and `vector<16xi32>` (`__m512i`,
//! whatever its lanes mean to the intrinsic); masks are `i16`.
//!
//! The ops have no interpreter semantics: programs using them are checked
//! by compiling them (`strata-run --target c --expect`), natively or with
//! the emulation header (`STRATA_X86_ISA=portable`).

pub mod intrinsics;
pub mod ops;

pub use ops::{AddrOp, CallOp};

use std::sync::Arc;
use strata_ir::asm::parser::Parser;
use strata_ir::asm::AsmWriter;
use strata_ir::{Context, DiagResult, Dialect, OpDefinition, Type, TypeData};

/// The dialect namespace.
pub const DIALECT: &str = "x86";

/// The x86 dialect.
pub struct X86Dialect;

impl Dialect for X86Dialect {
    fn name(&self) -> &str {
        DIALECT
    }

    fn description(&self) -> &str {
        "x86 intrinsics (AVX-512F, AVX512-VNNI, AMX) as calls, for the C back end"
    }

    fn operations(&self, _: &Context) -> Vec<OpDefinition> {
        ops::definitions()
    }

    fn parse_type(&self, parser: &mut Parser, mnemonic: &str) -> DiagResult<Type> {
        match mnemonic {
            "ptr" => Ok(ptr_type(parser.ctx)),
            _ => Err(parser.error_here(format!("unknown x86 type '{mnemonic}'"))),
        }
    }

    fn print_type(&self, ctx: &Context, ty: Type, out: &mut AsmWriter) -> bool {
        if is_ptr(ctx, ty) {
            out.write("ptr");
            true
        } else {
            false
        }
    }
}

/// `!x86.ptr`: the address of a memref element.
pub fn ptr_type(ctx: &Context) -> Type {
    ctx.intern_type(TypeData::Dialect {
        dialect: ctx.intern_str(DIALECT),
        name: ctx.intern_str("ptr"),
        params: Vec::new().into(),
    })
}

/// Whether `ty` is `!x86.ptr`.
pub fn is_ptr(ctx: &Context, ty: Type) -> bool {
    matches!(ctx.type_data(ty), TypeData::Dialect { dialect, name, .. }
        if ctx.str(*dialect) == DIALECT && ctx.str(*name) == "ptr")
}

/// Loads the x86 dialect into `ctx`.
pub fn register(ctx: &mut Context) {
    ctx.load_dialect(Arc::new(X86Dialect));
}
