//! The `vta` dialect: VTA programs as ops.
//!
//! # Two levels
//!
//! **Instruction form.** One op per instruction, its fields as properties
//! named as in the ISA (`sram_base`, `x_stride`, `iter_out`,
//! `dst_factor_in`, ...), dependence flags as the unit properties
//! `pop_prev`/`pop_next`/`push_prev`/`push_next` and printed as the queues
//! they touch:
//!
//! ```mlir
//! vta.dram_buffer @a : tensor<2x4x1x16xi8> = dense<1>
//! vta.uop_kernel @k0 {
//!   vta.uop dst 0, src 0, wgt 0
//! }
//! vta.load inp @a[0] to sram[0] size [2, 4] stride 4 push(l2g)
//! vta.gemm @k0 outer 4 [0, 1, 1] inner 2 [1, 4, 0] pop(l2g) push(g2s)
//! vta.store sram[0] to @c[0] size [1, 2] stride 2 pop(g2s)
//! vta.finish
//! ```
//!
//! The ops of a module's body are the instruction stream, in order.
//! DRAM addresses are `@buffer[offset]`, the offset in elements of the
//! addressed memory (the unit of the ISA's `dram_base`); the translation lays
//! out the buffers and resolves them.
//!
//! **Micro-op kernels are symbols.** `vta.uop_kernel @k { vta.uop ... }`
//! lists micro-ops; `vta.gemm`/`vta.alu` name a kernel and carry the loop
//! extents and factors, so one kernel serves instructions with different
//! loops (a reset and an accumulate over the same tiles, for instance).
//! The kernel is a symbol rather than a region so that identical kernels are
//! shared, as TVM's runtime caches them; the translation places kernels in
//! the micro-op buffer and inserts the `LOAD UOP` instructions (compute
//! queue, no tokens) before their first use, which is also why a `vta.load
//! uop` in the IR may only be a synchronisation no-op.
//!
//! **Tile form.** What a lowering from linalg produces first: SSA tiles
//! (`!vta.tile<inp, 4x6>`) loaded from windows of DRAM buffers with zero
//! padding, GEMMs with linalg-style affine indexing maps, ALU ops in place,
//! stores; no SRAM addresses, micro-ops or tokens. `vta-lower-tiles`
//! ([`lower_tiles`]) allocates SRAM, generates micro-op kernels with at most
//! two loops, and inserts dependence tokens.
//!
//! The configuration in effect is the `vta.config` attribute of an enclosing
//! op (see [`config`]); every verifier checks widths and bounds against it.

pub mod binding;
pub mod config;
pub mod insn;
pub mod lower_tiles;
pub mod ops;
pub mod syntax;
pub mod tokens;
pub mod translate;
pub mod types;
pub mod verify;

use std::sync::Arc;
use strata_ir::asm::parser::Parser;
use strata_ir::asm::AsmWriter;
use strata_ir::{Context, DiagResult, Dialect, OpDefinition, Type};

pub use lower_tiles::{lower_tiles, LowerTiles, LowerTilesOptions};

/// The dialect namespace.
pub const DIALECT: &str = "vta";

/// The vta dialect.
pub struct VtaDialect;

impl Dialect for VtaDialect {
    fn name(&self) -> &str {
        DIALECT
    }

    fn description(&self) -> &str {
        "VTA accelerator instructions, micro-op kernels, DRAM buffers and tiles"
    }

    fn operations(&self, _ctx: &Context) -> Vec<OpDefinition> {
        ops::definitions()
    }

    fn parse_type(&self, parser: &mut Parser, mnemonic: &str) -> DiagResult<Type> {
        match mnemonic {
            types::TILE => types::parse_tile(parser),
            _ => Err(parser.error_here(format!("unknown vta type '{mnemonic}'"))),
        }
    }

    fn print_type(&self, ctx: &Context, ty: Type, out: &mut AsmWriter) -> bool {
        match types::TileType::from_type(ctx, ty) {
            Some(tile) => {
                out.write(&types::print_tile(&tile));
                true
            }
            None => false,
        }
    }
}

/// Loads the vta dialect into `ctx`.
pub fn register(ctx: &mut Context) {
    ctx.load_dialect(Arc::new(VtaDialect));
}
