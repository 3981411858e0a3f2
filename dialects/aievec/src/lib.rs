//! The `aievec` dialect: the AI Engine (AIE1) vector unit as ops.
//!
//! ```mlir
//! %x = aievec.upd %in[%y, %x0] {index = 0 : i32} : memref<16x64xi16>, vector<32xi16>
//! %x1 = aievec.upd %in[%y, %x16], %x {index = 1 : i32} : memref<16x64xi16>, vector<32xi16>
//! %z = aievec.upd %w[%c0] : memref<16xi16>, vector<16xi16>
//! %a = aievec.mul %x1, %z {xoffsets = "0x03020100", xoffsets_hi = "0x07060504", xsquare = "0x2110", zstep = "1"} : vector<32xi16>, vector<16xi16>, vector<16xi48>
//! %b = aievec.mac %x1, %z, %a {xstart = "2", xoffsets = "0x03020100", xoffsets_hi = "0x07060504", xsquare = "0x2110", zstart = "2", zstep = "1"} : vector<32xi16>, vector<16xi16>, vector<16xi48>
//! %o = aievec.srs %b {shift = 0 : i32} : vector<16xi48>, vector<16xi16>
//! aievec.store %o, %out[%y, %x0] : vector<16xi16>, memref<16x48xi16>
//! ```
//!
//! # Why these ops
//!
//! The AI Engine's vector unit is a 2D SIMD datapath: `lanes` outputs,
//! each the sum of `cols` products, whose operands a shuffle network picks
//! out of two registers (x, data; z, coefficients) per lane and column.
//! There are no unaligned loads, no broadcasts and no register shuffles;
//! the selection happens only inside `mul`/`mac`. So the ops are the
//! intrinsics' own: aligned register updates (`upd`), `mul`/`mac` with
//! their selection parameters as attributes (spelled as the intrinsics'
//! documentation spells them, MLIR's mlir-aie `aievec` dialect's names),
//! the accumulator conversions `srs`/`ups`, and aligned `store`.
//!
//! Accumulators are builtin vectors of 48- or 80-bit integers
//! (`vector<16xi48>`, `vector<8xi80>`), so that their exact width is in
//! the type. The modes are data ([`datapath::DATAPATHS`]); what a
//! selection reads is [`select`]; the verifiers ([`verify`]) reject what
//! the hardware cannot encode.

pub mod datapath;
pub mod ops;
pub mod select;
pub mod verify;

pub use ops::{MacOp, MulOp, SrsOp, StoreOp, UpdOp, UpsOp};

use std::sync::Arc;
use strata_ir::{Context, Dialect, OpDefinition};

/// The dialect namespace.
pub const DIALECT: &str = "aievec";

/// The aievec dialect.
pub struct AieVecDialect;

impl Dialect for AieVecDialect {
    fn name(&self) -> &str {
        DIALECT
    }

    fn description(&self) -> &str {
        "AI Engine 2D-SIMD vector unit: register updates, multiply/accumulate with lane selection, shift-round-saturate"
    }

    fn operations(&self, _: &Context) -> Vec<OpDefinition> {
        ops::definitions()
    }
}

/// Loads the aievec dialect into `ctx`.
pub fn register(ctx: &mut Context) {
    ctx.load_dialect(Arc::new(AieVecDialect));
}
