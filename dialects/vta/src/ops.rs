//! The ops of the vta dialect, declared with `define_op!`, with their
//! syntax as assembly formats (the pieces they share are in
//! [`crate::syntax`]) and their verifiers (in [`crate::verify`]).
//!
//! Two levels share the dialect:
//!
//! - the **instruction form**, one op per VTA instruction with the
//!   instruction's fields as properties: `vta.load`, `vta.store`,
//!   `vta.gemm`, `vta.alu`, `vta.finish`, plus the micro-op kernels they run
//!   (`vta.uop_kernel` holding `vta.uop`s) and the DRAM buffers they address
//!   (`vta.dram_buffer`). Dependence tokens are explicit properties.
//! - the **tile form**, what a lowering from linalg produces first:
//!   `vta.load_tile`, `vta.gemm_tile`, `vta.alu_tile`, `vta.store_tile` on
//!   SSA values of type `!vta.tile<...>`, with no SRAM addresses, no
//!   micro-ops and no tokens. `vta-lower-tiles` turns it into the
//!   instruction form.
//!
//! Checks that need the enclosing module (named symbols, `vta.config`) run
//! as the op's `SymbolUserOpInterface`.

pub use crate::syntax::{alu_op, load_module, mem_id};
use crate::syntax::{
    ALU_OPCODE, COMPUTE_DEPS, DRAM_REF, LOAD_DEPS, MEMORY, PADS, STORE_DEPS,
    TENSOR_TYPE_AND_INITIAL_VALUE,
};
use crate::types::TileType;
use crate::verify;
use strata_ir::constraints::{AttrConstraint, TypeConstraint};
use strata_ir::directives::SYMBOL_NAME;
use strata_ir::interfaces::SymbolUserOpInterface;
use strata_ir::{AttrData, DiagResult, OpId};

fn i64_attr() -> AttrConstraint {
    AttrConstraint::Integer(Some(64))
}

fn tile_type() -> TypeConstraint {
    TypeConstraint::DialectType {
        dialect: crate::DIALECT.into(),
        name: crate::types::TILE.into(),
    }
}

/// The transfer shape of `vta.load` and `vta.store`: `size [y, x] stride s`.
macro_rules! transfer_shape {
    () => {
        " `size` ` ` `[` $y_size `,` $x_size `]` `stride` $x_stride "
    };
}

/// The dependence flags as directive arguments.
macro_rules! deps {
    () => {
        "$pop_prev, $pop_next, $push_prev, $push_next"
    };
}

strata_ir::define_op! {
    /// A named region of DRAM: `vta.dram_buffer @x : tensor<4x1x16xi8>`,
    /// optionally `= dense<...>` with its initial contents (zeros otherwise,
    /// or bound by the runner).
    pub struct DramBufferOp = "vta.dram_buffer" {
        summary: "a DRAM buffer addressed by VTA instructions",
        traits: [SYMBOL],
        attributes: [
            sym_name: required(AttrConstraint::String, syntax = SYMBOL_NAME),
            tensor_type: required(AttrConstraint::TypeOf(TypeConstraint::AnyRankedTensor)),
            initial_value: optional(AttrConstraint::DenseElements),
        ],
        format: "$sym_name `:` custom<TensorTypeAndInitialValue>($tensor_type, $initial_value) attr-dict",
        directives: [&TENSOR_TYPE_AND_INITIAL_VALUE],
        verify: verify::dram_buffer,
    }
}

strata_ir::define_op! {
    /// A micro-op kernel: the micro-ops a GEMM or ALU instruction loops over.
    pub struct UopKernelOp = "vta.uop_kernel" {
        summary: "a micro-op kernel referenced by vta.gemm and vta.alu",
        traits: [SYMBOL, NO_TERMINATOR, SINGLE_BLOCK, ISOLATED_FROM_ABOVE],
        attributes: [sym_name: required(AttrConstraint::String, syntax = SYMBOL_NAME)],
        regions: [body: single_block],
        format: "$sym_name attr-dict-with-keyword $body",
        verify: verify::uop_kernel,
    }
}

strata_ir::define_op! {
    /// One micro-op: base indices into acc (dst), inp or acc (src) and wgt.
    pub struct UopOp = "vta.uop" {
        summary: "a GEMM/ALU micro-op",
        attributes: [dst: required(i64_attr()), src: required(i64_attr()), wgt: required(i64_attr())],
        format: "`dst` $dst `,` `src` $src `,` `wgt` $wgt attr-dict",
        verify: verify::uop,
    }
}

strata_ir::define_op! {
    /// LOAD: a 2-D DMA transfer from DRAM into an on-chip buffer, with zero
    /// padding: `vta.load inp @a[0] to sram[0] size [2, 4] stride 4 pad [..] push(l2g)`.
    pub struct LoadOp = "vta.load" {
        summary: "VTA LOAD instruction",
        attributes: [
            memory: required(AttrConstraint::String, syntax = MEMORY),
            buffer: optional(AttrConstraint::FlatSymbol),
            dram_offset: required(i64_attr()),
            sram_base: required(i64_attr()),
            y_size: required(i64_attr()),
            x_size: required(i64_attr()),
            x_stride: required(i64_attr()),
            y_pad_0: required(i64_attr()),
            y_pad_1: required(i64_attr()),
            x_pad_0: required(i64_attr()),
            x_pad_1: required(i64_attr()),
            pop_prev: optional(AttrConstraint::Unit),
            pop_next: optional(AttrConstraint::Unit),
            push_prev: optional(AttrConstraint::Unit),
            push_next: optional(AttrConstraint::Unit),
        ],
        format: concat!(
            "$memory custom<DramRef>($buffer, $dram_offset) `to` `sram` `[` $sram_base `]`",
            transfer_shape!(),
            "`` custom<Pads>($y_pad_0, $y_pad_1, $x_pad_0, $x_pad_1)",
            " `` custom<LoadDeps>(ref($memory), ", deps!(), ") attr-dict"
        ),
        directives: [&DRAM_REF, &PADS, &LOAD_DEPS],
        verify: verify::load,
        interfaces: [dyn SymbolUserOpInterface => ModuleChecks(verify::load_uses)],
    }
}

strata_ir::define_op! {
    /// STORE: a 2-D DMA transfer of int8-truncated accumulators to DRAM:
    /// `vta.store sram[0] to @c[0] size [1, 2] stride 2 pop(g2s)`.
    pub struct StoreOp = "vta.store" {
        summary: "VTA STORE instruction",
        attributes: [
            buffer: optional(AttrConstraint::FlatSymbol),
            dram_offset: required(i64_attr()),
            sram_base: required(i64_attr()),
            y_size: required(i64_attr()),
            x_size: required(i64_attr()),
            x_stride: required(i64_attr()),
            pop_prev: optional(AttrConstraint::Unit),
            pop_next: optional(AttrConstraint::Unit),
            push_prev: optional(AttrConstraint::Unit),
            push_next: optional(AttrConstraint::Unit),
        ],
        format: concat!(
            "`sram` `[` $sram_base `]` `to` custom<DramRef>($buffer, $dram_offset)",
            transfer_shape!(),
            "`` custom<StoreDeps>(", deps!(), ") attr-dict"
        ),
        directives: [&DRAM_REF, &STORE_DEPS],
        verify: verify::store,
        interfaces: [dyn SymbolUserOpInterface => ModuleChecks(verify::store_uses)],
    }
}

strata_ir::define_op! {
    /// GEMM over a micro-op kernel and a two-level loop nest:
    /// `vta.gemm reset? @k outer N [dst, src, wgt] inner M [dst, src, wgt]`.
    pub struct GemmOp = "vta.gemm" {
        summary: "VTA GEMM instruction",
        attributes: [
            kernel: required(AttrConstraint::FlatSymbol),
            reset: optional(AttrConstraint::Unit),
            iter_out: required(i64_attr()),
            iter_in: required(i64_attr()),
            dst_factor_out: required(i64_attr()),
            dst_factor_in: required(i64_attr()),
            src_factor_out: required(i64_attr()),
            src_factor_in: required(i64_attr()),
            wgt_factor_out: required(i64_attr()),
            wgt_factor_in: required(i64_attr()),
            pop_prev: optional(AttrConstraint::Unit),
            pop_next: optional(AttrConstraint::Unit),
            push_prev: optional(AttrConstraint::Unit),
            push_next: optional(AttrConstraint::Unit),
        ],
        format: concat!(
            "(`reset` $reset^)? $kernel",
            " `outer` $iter_out ` ` `[` $dst_factor_out `,` $src_factor_out `,` $wgt_factor_out `]`",
            " `inner` $iter_in ` ` `[` $dst_factor_in `,` $src_factor_in `,` $wgt_factor_in `]`",
            " `` custom<ComputeDeps>(", deps!(), ") attr-dict"
        ),
        directives: [&COMPUTE_DEPS],
        verify: verify::gemm,
        interfaces: [dyn SymbolUserOpInterface => ModuleChecks(verify::gemm_uses)],
    }
}

strata_ir::define_op! {
    /// ALU over a micro-op kernel: acc[dst] = op(acc[dst], acc[src] or imm);
    /// `vta.alu add reset? @k outer N [dst, src] inner M [dst, src] (imm v)?`.
    pub struct AluOp = "vta.alu" {
        summary: "VTA ALU instruction",
        attributes: [
            opcode: required(AttrConstraint::String, syntax = ALU_OPCODE),
            kernel: required(AttrConstraint::FlatSymbol),
            reset: optional(AttrConstraint::Unit),
            iter_out: required(i64_attr()),
            iter_in: required(i64_attr()),
            dst_factor_out: required(i64_attr()),
            dst_factor_in: required(i64_attr()),
            src_factor_out: required(i64_attr()),
            src_factor_in: required(i64_attr()),
            imm: optional(i64_attr()),
            pop_prev: optional(AttrConstraint::Unit),
            pop_next: optional(AttrConstraint::Unit),
            push_prev: optional(AttrConstraint::Unit),
            push_next: optional(AttrConstraint::Unit),
        ],
        format: concat!(
            "$opcode (`reset` $reset^)? $kernel",
            " `outer` $iter_out ` ` `[` $dst_factor_out `,` $src_factor_out `]`",
            " `inner` $iter_in ` ` `[` $dst_factor_in `,` $src_factor_in `]`",
            " (`imm` $imm^)? `` custom<ComputeDeps>(", deps!(), ") attr-dict"
        ),
        directives: [&COMPUTE_DEPS],
        verify: verify::alu,
        interfaces: [dyn SymbolUserOpInterface => ModuleChecks(verify::alu_uses)],
    }
}

strata_ir::define_op! {
    /// FINISH: the end of the instruction stream.
    pub struct FinishOp = "vta.finish" {
        summary: "VTA FINISH instruction",
        attributes: [
            pop_prev: optional(AttrConstraint::Unit),
            pop_next: optional(AttrConstraint::Unit),
            push_prev: optional(AttrConstraint::Unit),
            push_next: optional(AttrConstraint::Unit),
        ],
        format: concat!("`` custom<ComputeDeps>(", deps!(), ") attr-dict"),
        directives: [&COMPUTE_DEPS],
        verify: verify::finish,
    }
}

strata_ir::define_op! {
    /// Loads a window of a DRAM buffer into a fresh tile, with zero padding:
    /// `vta.load_tile @a[0, 4] pad [0, 1, 0, 0] : !vta.tile<inp, 2x4>`.
    pub struct LoadTileOp = "vta.load_tile" {
        summary: "load a tile from a DRAM buffer",
        results: [result: single(tile_type())],
        attributes: [
            buffer: required(AttrConstraint::FlatSymbol),
            offsets: required(AttrConstraint::DenseI64Array),
            pad: optional(AttrConstraint::DenseI64Array),
        ],
        format: "$buffer `` $offsets (`pad` $pad^)? attr-dict `:` type($result)",
        verify: verify::load_tile,
        interfaces: [dyn SymbolUserOpInterface => ModuleChecks(verify::load_tile_uses)],
    }
}

strata_ir::define_op! {
    /// Stores an accumulator tile, truncated to int8, into a DRAM buffer:
    /// `vta.store_tile %c, @c[0, 0] : !vta.tile<acc, 2x3>`.
    pub struct StoreTileOp = "vta.store_tile" {
        summary: "store an accumulator tile to a DRAM buffer",
        operands: [tile: single(tile_type())],
        attributes: [
            buffer: required(AttrConstraint::FlatSymbol),
            offsets: required(AttrConstraint::DenseI64Array),
        ],
        format: "$tile `,` $buffer `` $offsets attr-dict `:` type($tile)",
        verify: verify::store_tile,
        interfaces: [dyn SymbolUserOpInterface => ModuleChecks(verify::store_tile_uses)],
    }
}

strata_ir::define_op! {
    /// acc[acc_map(i)] += sum over the iteration space of
    /// inp[inp_map(i)] . wgt[wgt_map(i)]^T; starts from zero without `into`:
    /// `%c = vta.gemm_tile %a, %w (into %acc)? (maps [...] bounds [...])? : ta, tw -> tc`.
    pub struct GemmTileOp = "vta.gemm_tile" {
        summary: "matrix multiply-accumulate on tiles",
        operands: [inp: single(tile_type()), wgt: single(tile_type()), acc: optional(tile_type())],
        results: [result: single(tile_type())],
        attributes: [
            indexing_maps: optional(AttrConstraint::Array(Some(Box::new(AttrConstraint::AffineMap)))),
            bounds: optional(AttrConstraint::DenseI64Array),
        ],
        types_match: [[acc, result]],
        format: concat!(
            "$inp `,` $wgt (`into` $acc^)? (`maps` $indexing_maps^ `bounds` $bounds)? attr-dict",
            " `:` type($inp) `,` type($wgt) `->` type($result)"
        ),
        verify: verify::gemm_tile,
        interfaces: [dyn SymbolUserOpInterface => ModuleChecks(verify::gemm_tile_uses)],
    }
}

strata_ir::define_op! {
    /// Element-wise ALU operation on an accumulator tile, in place:
    /// `%r = vta.alu_tile <op> %x, (%src (map <affine_map>)? | <imm>) : tx (, tsrc)?`.
    pub struct AluTileOp = "vta.alu_tile" {
        summary: "element-wise ALU operation on an accumulator tile",
        operands: [dst: single(tile_type()), src: optional(tile_type())],
        results: [result: single(tile_type())],
        attributes: [
            opcode: required(AttrConstraint::String, syntax = ALU_OPCODE),
            imm: optional(i64_attr()),
            src_map: optional(AttrConstraint::AffineMap),
        ],
        types_match: [[dst, result]],
        format: concat!(
            "$opcode $dst `,` ($src^ (`map` $src_map^)?) : ($imm)? attr-dict",
            " `:` type($dst) (`,` type($src)^)?"
        ),
        verify: verify::alu_tile,
        interfaces: [dyn SymbolUserOpInterface => ModuleChecks(verify::alu_tile_uses)],
    }
}

strata_ir::dialect_ops!(
    DramBufferOp,
    UopKernelOp,
    UopOp,
    LoadOp,
    StoreOp,
    GemmOp,
    AluOp,
    FinishOp,
    LoadTileOp,
    StoreTileOp,
    GemmTileOp,
    AluTileOp,
);

/// `SymbolUserOpInterface` for the checks of an op that need its module
/// (see [`crate::verify`]).
struct ModuleChecks(fn(&strata_ir::Context, &strata_ir::Ir, OpId) -> DiagResult<()>);

impl SymbolUserOpInterface for ModuleChecks {
    fn verify_symbol_uses(
        &self,
        ctx: &strata_ir::Context,
        ir: &strata_ir::Ir,
        op: OpId,
        _symbol_tables: &mut strata_ir::symbol_table::SymbolTableCollection,
    ) -> DiagResult<()> {
        (self.0)(ctx, ir, op)
    }
}

/// The tile type of `value`, if it has one.
pub fn tile_of(
    ctx: &strata_ir::Context,
    ir: &strata_ir::Ir,
    value: strata_ir::Value,
) -> Option<TileType> {
    TileType::from_type(ctx, ir.value_type(value))
}

/// The affine maps of an `indexing_maps` array.
pub fn affine_maps(
    ctx: &strata_ir::Context,
    attr: strata_ir::Attribute,
) -> Option<Vec<strata_ir::affine::AffineMap>> {
    ctx.array_elements(attr)?
        .iter()
        .map(|a| match ctx.attr_data(*a) {
            AttrData::AffineMap(m) => Some(m.clone()),
            _ => None,
        })
        .collect()
}
