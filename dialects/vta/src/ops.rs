//! The ops of the vta dialect, declared with `define_op!`, and their
//! custom syntax.
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

use crate::syntax::*;
use crate::types::TileType;
use strata_ir::asm::lexer::TokenKind;
use strata_ir::asm::{OpParser, OpPrinter};
use strata_ir::constraints::{AttrConstraint, TypeConstraint};
use strata_ir::interfaces::SymbolUserOpInterface;
use strata_ir::{AttrData, DiagResult, OpDefinition, OpId};
use strata_vta::{MemId, Module};

fn i64_attr() -> AttrConstraint {
    AttrConstraint::Integer(Some(64))
}

fn tile_type() -> TypeConstraint {
    TypeConstraint::DialectType {
        dialect: crate::DIALECT.into(),
        name: crate::types::TILE.into(),
    }
}

strata_ir::define_op! {
    /// A named region of DRAM: `vta.dram_buffer @x : tensor<4x1x16xi8>`,
    /// optionally `= dense<...>` with its initial contents (zeros otherwise,
    /// or bound by the runner).
    pub struct DramBufferOp = "vta.dram_buffer" {
        summary: "a DRAM buffer addressed by VTA instructions",
        traits: [SYMBOL],
        attributes: [
            sym_name: required(AttrConstraint::String),
            tensor_type: required(AttrConstraint::TypeOf(TypeConstraint::AnyRankedTensor)),
            initial_value: optional(AttrConstraint::DenseElements),
        ],
    }
}

strata_ir::define_op! {
    /// A micro-op kernel: the micro-ops a GEMM or ALU instruction loops over.
    pub struct UopKernelOp = "vta.uop_kernel" {
        summary: "a micro-op kernel referenced by vta.gemm and vta.alu",
        traits: [SYMBOL, NO_TERMINATOR, SINGLE_BLOCK, ISOLATED_FROM_ABOVE],
        attributes: [sym_name: required(AttrConstraint::String)],
        regions: [body: single_block],
    }
}

strata_ir::define_op! {
    /// One micro-op: base indices into acc (dst), inp or acc (src) and wgt.
    pub struct UopOp = "vta.uop" {
        summary: "a GEMM/ALU micro-op",
        attributes: [dst: required(i64_attr()), src: required(i64_attr()), wgt: required(i64_attr())],
        format: "`dst` $dst `,` `src` $src `,` `wgt` $wgt attr-dict",
    }
}

strata_ir::define_op! {
    /// LOAD: a 2-D DMA transfer from DRAM into an on-chip buffer, with zero padding.
    pub struct LoadOp = "vta.load" {
        summary: "VTA LOAD instruction",
        attributes: [
            memory: required(AttrConstraint::String),
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
    }
}

strata_ir::define_op! {
    /// STORE: a 2-D DMA transfer of int8-truncated accumulators to DRAM.
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
    }
}

strata_ir::define_op! {
    /// GEMM over a micro-op kernel and a two-level loop nest.
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
    }
}

strata_ir::define_op! {
    /// ALU over a micro-op kernel: acc[dst] = op(acc[dst], acc[src] or imm).
    pub struct AluOp = "vta.alu" {
        summary: "VTA ALU instruction",
        attributes: [
            opcode: required(AttrConstraint::String),
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
    }
}

strata_ir::define_op! {
    /// Loads a window of a DRAM buffer into a fresh tile, with zero padding.
    pub struct LoadTileOp = "vta.load_tile" {
        summary: "load a tile from a DRAM buffer",
        results: [result: single(tile_type())],
        attributes: [
            buffer: required(AttrConstraint::FlatSymbol),
            offsets: required(AttrConstraint::DenseI64Array),
            pad: optional(AttrConstraint::DenseI64Array),
        ],
    }
}

strata_ir::define_op! {
    /// Stores an accumulator tile, truncated to int8, into a DRAM buffer.
    pub struct StoreTileOp = "vta.store_tile" {
        summary: "store an accumulator tile to a DRAM buffer",
        operands: [tile: single(tile_type())],
        attributes: [
            buffer: required(AttrConstraint::FlatSymbol),
            offsets: required(AttrConstraint::DenseI64Array),
        ],
    }
}

strata_ir::define_op! {
    /// acc[acc_map(i)] += sum over the iteration space of
    /// inp[inp_map(i)] . wgt[wgt_map(i)]^T; starts from zero without `into`.
    pub struct GemmTileOp = "vta.gemm_tile" {
        summary: "matrix multiply-accumulate on tiles",
        operands: [inp: single(tile_type()), wgt: single(tile_type()), acc: optional(tile_type())],
        results: [result: single(tile_type())],
        attributes: [
            indexing_maps: optional(AttrConstraint::Array(Some(Box::new(AttrConstraint::AffineMap)))),
            bounds: optional(AttrConstraint::DenseI64Array),
        ],
    }
}

strata_ir::define_op! {
    /// Element-wise ALU operation on an accumulator tile, in place.
    pub struct AluTileOp = "vta.alu_tile" {
        summary: "element-wise ALU operation on an accumulator tile",
        operands: [dst: single(tile_type()), src: optional(tile_type())],
        results: [result: single(tile_type())],
        attributes: [
            opcode: required(AttrConstraint::String),
            imm: optional(i64_attr()),
            src_map: optional(AttrConstraint::AffineMap),
        ],
    }
}

/// The module whose queue a `vta.load` of `memory` goes to.
pub fn load_module(memory: MemId) -> Module {
    match memory {
        MemId::Inp | MemId::Wgt => Module::Load,
        _ => Module::Compute,
    }
}

pub fn mem_id(name: &str) -> Option<MemId> {
    MemId::ALL.into_iter().find(|m| m.name() == name)
}

pub fn alu_op(name: &str) -> Option<strata_vta::AluOp> {
    strata_vta::AluOp::ALL
        .into_iter()
        .find(|m| m.name() == name)
}

// ----- vta.dram_buffer @x : tensor<...> (= dense<...>)? -----

fn parse_dram_buffer(p: &mut OpParser) -> DiagResult<()> {
    let name = p.parse_symbol_name()?;
    let name = p.ctx().string_attr(&name);
    p.add_property("sym_name", name);
    let ty = p.parse_colon_type()?;
    let ty_attr = p.ctx().type_attr(ty);
    p.add_property("tensor_type", ty_attr);
    if p.consume_if(TokenKind::Equal) {
        let value = p.parse_attribute(Some(ty))?;
        p.add_property("initial_value", value);
    }
    p.parse_optional_attr_dict(false)
}

fn print_dram_buffer(p: &mut OpPrinter, op: OpId) {
    let ctx = p.ctx();
    p.write(" ");
    p.print_symbol_name(str_prop(ctx, p.ir, op, "sym_name").unwrap_or(""));
    p.write(" : ");
    if let Some(ty) =
        p.ir.attr(ctx, op, "tensor_type")
            .and_then(|a| ctx.type_value(a))
    {
        p.print_type(ty);
    }
    if let Some(init) = p.ir.attr(ctx, op, "initial_value") {
        p.write(" = ");
        p.print_attribute_without_type(init);
    }
    p.print_optional_attr_dict(op, &["sym_name", "tensor_type", "initial_value"], false);
}

// ----- vta.uop_kernel @k { ... } -----

fn parse_uop_kernel(p: &mut OpParser) -> DiagResult<()> {
    let name = p.parse_symbol_name()?;
    let name = p.ctx().string_attr(&name);
    p.add_property("sym_name", name);
    p.parse_optional_attr_dict(true)?;
    p.parse_region(&[])?;
    Ok(())
}

fn print_uop_kernel(p: &mut OpPrinter, op: OpId) {
    let ctx = p.ctx();
    p.write(" ");
    p.print_symbol_name(str_prop(ctx, p.ir, op, "sym_name").unwrap_or(""));
    p.print_optional_attr_dict(op, &["sym_name"], true);
    p.write(" ");
    let region = p.ir.region(op, 0);
    p.print_region(region, false, true);
}

// ----- vta.load <mem> <dram> to sram[<n>] size [y, x] stride s pad [..] deps -----

const PADS: [&str; 4] = ["y_pad_0", "y_pad_1", "x_pad_0", "x_pad_1"];

fn parse_transfer_shape(p: &mut OpParser) -> DiagResult<()> {
    p.expect_keyword("size")?;
    parse_int_props(p, &["y_size", "x_size"])?;
    parse_keyword_int(p, "stride", "x_stride")
}

fn print_transfer_shape(p: &mut OpPrinter, op: OpId) {
    let v = int_props(p.ctx(), p.ir, op, &["y_size", "x_size", "x_stride"]);
    p.write(&format!(" size {} stride {}", int_list(&v[..2]), v[2]));
}

fn parse_sram(p: &mut OpParser) -> DiagResult<()> {
    p.expect_keyword("sram")?;
    p.expect(TokenKind::LSquare, "'['")?;
    let v = parse_int(p)?;
    p.expect(TokenKind::RSquare, "']'")?;
    add_int_props(p, &["sram_base"], &[v]);
    Ok(())
}

fn print_sram(p: &mut OpPrinter, op: OpId) {
    let v = int_prop(p.ctx(), p.ir, op, "sram_base");
    p.write(&format!("sram[{v}]"));
}

/// Names of the properties printed by the custom syntax of instructions,
/// left out of their attribute dictionaries.
const INSN_ELIDED: &[&str] = &[
    "memory",
    "buffer",
    "dram_offset",
    "sram_base",
    "y_size",
    "x_size",
    "x_stride",
    "y_pad_0",
    "y_pad_1",
    "x_pad_0",
    "x_pad_1",
    "pop_prev",
    "pop_next",
    "push_prev",
    "push_next",
    "kernel",
    "reset",
    "iter_out",
    "iter_in",
    "dst_factor_out",
    "dst_factor_in",
    "src_factor_out",
    "src_factor_in",
    "wgt_factor_out",
    "wgt_factor_in",
    "opcode",
    "imm",
];

fn parse_load(p: &mut OpParser) -> DiagResult<()> {
    if p.parser.kind() != TokenKind::BareIdent {
        return Err(p.error_here("expected memory: inp, wgt, acc, acc8 or uop"));
    }
    let name = p.parser.text();
    let Some(memory) = mem_id(name) else {
        return Err(p.error_here(format!("unknown memory '{name}'")));
    };
    p.parser.advance();
    let attr = p.ctx().string_attr(memory.name());
    p.add_property("memory", attr);
    parse_dram_ref(p)?;
    p.expect_keyword("to")?;
    parse_sram(p)?;
    parse_transfer_shape(p)?;
    let pads = if p.consume_keyword("pad") {
        let pads = parse_int_list(p)?;
        if pads.len() != 4 {
            return Err(p.error_here("expected 4 paddings: [y_pad_0, y_pad_1, x_pad_0, x_pad_1]"));
        }
        pads
    } else {
        vec![0; 4]
    };
    add_int_props(p, &PADS, &pads);
    parse_deps(p, load_module(memory))?;
    p.parse_optional_attr_dict(false)
}

fn print_load(p: &mut OpPrinter, op: OpId) {
    let ctx = p.ctx();
    let memory = str_prop(ctx, p.ir, op, "memory").unwrap_or("?");
    p.write(&format!(" {memory} "));
    print_dram_ref(p, op);
    p.write(" to ");
    print_sram(p, op);
    print_transfer_shape(p, op);
    let pads = int_props(ctx, p.ir, op, &PADS);
    if pads.iter().any(|&x| x != 0) {
        p.write(&format!(" pad {}", int_list(&pads)));
    }
    let module = mem_id(memory).map_or(Module::Compute, load_module);
    print_deps(p, op, module);
    p.print_optional_attr_dict(op, INSN_ELIDED, false);
}

// ----- vta.store sram[<n>] to <dram> size [y, x] stride s deps -----

fn parse_store(p: &mut OpParser) -> DiagResult<()> {
    parse_sram(p)?;
    p.expect_keyword("to")?;
    parse_dram_ref(p)?;
    parse_transfer_shape(p)?;
    parse_deps(p, Module::Store)?;
    p.parse_optional_attr_dict(false)
}

fn print_store(p: &mut OpPrinter, op: OpId) {
    p.write(" ");
    print_sram(p, op);
    p.write(" to ");
    print_dram_ref(p, op);
    print_transfer_shape(p, op);
    print_deps(p, op, Module::Store);
    p.print_optional_attr_dict(op, INSN_ELIDED, false);
}

// ----- vta.gemm (reset)? @k outer N [d, s, w] inner M [d, s, w] deps -----

const GEMM_OUT: [&str; 4] = [
    "iter_out",
    "dst_factor_out",
    "src_factor_out",
    "wgt_factor_out",
];
const GEMM_IN: [&str; 4] = ["iter_in", "dst_factor_in", "src_factor_in", "wgt_factor_in"];

fn parse_kernel_ref(p: &mut OpParser) -> DiagResult<()> {
    let name = p.parse_symbol_name()?;
    let sym = p.ctx().symbol_ref_attr(&name, &[]);
    p.add_property("kernel", sym);
    Ok(())
}

/// Parses `outer N [factors] inner M [factors]`.
fn parse_loops(p: &mut OpParser, out: &[&str], inn: &[&str]) -> DiagResult<()> {
    for (keyword, names) in [("outer", out), ("inner", inn)] {
        p.expect_keyword(keyword)?;
        let extent = parse_int(p)?;
        add_int_props(p, &names[..1], &[extent]);
        parse_int_props(p, &names[1..])?;
    }
    Ok(())
}

fn print_loops(p: &mut OpPrinter, op: OpId, out: &[&str], inn: &[&str]) {
    for (keyword, names) in [("outer", out), ("inner", inn)] {
        let v = int_props(p.ctx(), p.ir, op, names);
        p.write(&format!(" {keyword} {} {}", v[0], int_list(&v[1..])));
    }
}

fn parse_gemm(p: &mut OpParser) -> DiagResult<()> {
    if p.consume_keyword("reset") {
        let unit = p.ctx().unit_attr();
        p.add_property("reset", unit);
    }
    parse_kernel_ref(p)?;
    parse_loops(p, &GEMM_OUT, &GEMM_IN)?;
    parse_deps(p, Module::Compute)?;
    p.parse_optional_attr_dict(false)
}

fn print_gemm(p: &mut OpPrinter, op: OpId) {
    let ctx = p.ctx();
    if p.ir.attr(ctx, op, "reset").is_some() {
        p.write(" reset");
    }
    p.write(" ");
    p.print_symbol_name(&symbol_prop(ctx, p.ir, op, "kernel").unwrap_or_default());
    print_loops(p, op, &GEMM_OUT, &GEMM_IN);
    print_deps(p, op, Module::Compute);
    p.print_optional_attr_dict(op, INSN_ELIDED, false);
}

// ----- vta.alu <op> (reset)? @k outer N [d, s] inner M [d, s] (imm v)? deps -----

const ALU_OUT: [&str; 3] = ["iter_out", "dst_factor_out", "src_factor_out"];
const ALU_IN: [&str; 3] = ["iter_in", "dst_factor_in", "src_factor_in"];

fn parse_alu_opcode(p: &mut OpParser) -> DiagResult<()> {
    if p.parser.kind() != TokenKind::BareIdent {
        return Err(p.error_here("expected ALU opcode: min, max, add, shr or mul"));
    }
    let name = p.parser.text();
    let Some(op) = alu_op(name) else {
        return Err(p.error_here(format!(
            "unknown ALU opcode '{name}', expected min, max, add, shr or mul"
        )));
    };
    p.parser.advance();
    let attr = p.ctx().string_attr(op.name());
    p.add_property("opcode", attr);
    Ok(())
}

fn parse_alu(p: &mut OpParser) -> DiagResult<()> {
    parse_alu_opcode(p)?;
    if p.consume_keyword("reset") {
        let unit = p.ctx().unit_attr();
        p.add_property("reset", unit);
    }
    parse_kernel_ref(p)?;
    parse_loops(p, &ALU_OUT, &ALU_IN)?;
    if p.is_keyword("imm") {
        parse_keyword_int(p, "imm", "imm")?;
    }
    parse_deps(p, Module::Compute)?;
    p.parse_optional_attr_dict(false)
}

fn print_alu(p: &mut OpPrinter, op: OpId) {
    let ctx = p.ctx();
    p.write(&format!(
        " {}",
        str_prop(ctx, p.ir, op, "opcode").unwrap_or("?")
    ));
    if p.ir.attr(ctx, op, "reset").is_some() {
        p.write(" reset");
    }
    p.write(" ");
    p.print_symbol_name(&symbol_prop(ctx, p.ir, op, "kernel").unwrap_or_default());
    print_loops(p, op, &ALU_OUT, &ALU_IN);
    if p.ir.attr(ctx, op, "imm").is_some() {
        p.write(&format!(" imm {}", int_prop(ctx, p.ir, op, "imm")));
    }
    print_deps(p, op, Module::Compute);
    p.print_optional_attr_dict(op, INSN_ELIDED, false);
}

fn parse_finish(p: &mut OpParser) -> DiagResult<()> {
    parse_deps(p, Module::Compute)?;
    p.parse_optional_attr_dict(false)
}

fn print_finish(p: &mut OpPrinter, op: OpId) {
    print_deps(p, op, Module::Compute);
    p.print_optional_attr_dict(op, INSN_ELIDED, false);
}

// ----- tile form -----

/// Parses `@buffer[i, j, ...]` into `buffer` and `offsets`.
fn parse_buffer_window(p: &mut OpParser) -> DiagResult<()> {
    let name = p.parse_symbol_name()?;
    let sym = p.ctx().symbol_ref_attr(&name, &[]);
    p.add_property("buffer", sym);
    let offsets = parse_int_list(p)?;
    let attr = p.ctx().dense_i64_array(&offsets);
    p.add_property("offsets", attr);
    Ok(())
}

fn print_buffer_window(p: &mut OpPrinter, op: OpId) {
    let ctx = p.ctx();
    p.print_symbol_name(&symbol_prop(ctx, p.ir, op, "buffer").unwrap_or_default());
    let offsets =
        p.ir.attr(ctx, op, "offsets")
            .and_then(|a| ctx.dense_array_i64(a))
            .unwrap_or_default();
    p.write(&int_list(&offsets));
}

const TILE_ELIDED: &[&str] = &[
    "buffer",
    "offsets",
    "pad",
    "indexing_maps",
    "bounds",
    "opcode",
    "imm",
    "src_map",
];

fn parse_load_tile(p: &mut OpParser) -> DiagResult<()> {
    parse_buffer_window(p)?;
    if p.consume_keyword("pad") {
        let pads = parse_int_list(p)?;
        let attr = p.ctx().dense_i64_array(&pads);
        p.add_property("pad", attr);
    }
    p.parse_optional_attr_dict(false)?;
    let ty = p.parse_colon_type()?;
    p.add_result_types(&[ty]);
    Ok(())
}

fn print_load_tile(p: &mut OpPrinter, op: OpId) {
    let ctx = p.ctx();
    p.write(" ");
    print_buffer_window(p, op);
    if let Some(pads) =
        p.ir.attr(ctx, op, "pad")
            .and_then(|a| ctx.dense_array_i64(a))
    {
        p.write(&format!(" pad {}", int_list(&pads)));
    }
    p.print_optional_attr_dict(op, TILE_ELIDED, false);
    p.write(" : ");
    let ty = p.ir.value_type(p.ir.result(op, 0));
    p.print_type(ty);
}

fn parse_store_tile(p: &mut OpParser) -> DiagResult<()> {
    let tile = p.parse_operand()?;
    p.expect(TokenKind::Comma, "','")?;
    parse_buffer_window(p)?;
    p.parse_optional_attr_dict(false)?;
    let ty = p.parse_colon_type()?;
    p.add_operands(&[tile], &[ty])
}

fn print_store_tile(p: &mut OpPrinter, op: OpId) {
    let tile = p.ir.operand(op, 0);
    p.write(" ");
    p.print_operand(tile);
    p.write(", ");
    print_buffer_window(p, op);
    p.print_optional_attr_dict(op, TILE_ELIDED, false);
    p.write(" : ");
    p.print_type(p.ir.value_type(tile));
}

// %c = vta.gemm_tile %a, %w (into %acc)? (maps [...] bounds [...])? : ta, tw -> tc
fn parse_gemm_tile(p: &mut OpParser) -> DiagResult<()> {
    let inp = p.parse_operand()?;
    p.expect(TokenKind::Comma, "','")?;
    let wgt = p.parse_operand()?;
    let acc = if p.consume_keyword("into") {
        Some(p.parse_operand()?)
    } else {
        None
    };
    if p.consume_keyword("maps") {
        let maps = p.parse_attribute(None)?;
        p.add_property("indexing_maps", maps);
        p.expect_keyword("bounds")?;
        let bounds = parse_int_list(p)?;
        let attr = p.ctx().dense_i64_array(&bounds);
        p.add_property("bounds", attr);
    }
    p.parse_optional_attr_dict(false)?;
    p.expect(TokenKind::Colon, "':'")?;
    let t_inp = p.parse_type()?;
    p.expect(TokenKind::Comma, "','")?;
    let t_wgt = p.parse_type()?;
    p.expect(TokenKind::Arrow, "'->'")?;
    let t_acc = p.parse_type()?;
    p.add_operands(&[inp, wgt], &[t_inp, t_wgt])?;
    if let Some(acc) = acc {
        p.add_operands(&[acc], &[t_acc])?;
    }
    p.add_result_types(&[t_acc]);
    Ok(())
}

fn print_gemm_tile(p: &mut OpPrinter, op: OpId) {
    let ctx = p.ctx();
    let operands: Vec<_> = p.ir.operands(op).collect();
    p.write(" ");
    p.print_operands(operands[..2].iter().copied());
    if let Some(&acc) = operands.get(2) {
        p.write(" into ");
        p.print_operand(acc);
    }
    if let Some(maps) = p.ir.attr(ctx, op, "indexing_maps") {
        p.write(" maps ");
        p.print_attribute(maps);
        let bounds =
            p.ir.attr(ctx, op, "bounds")
                .and_then(|a| ctx.dense_array_i64(a))
                .unwrap_or_default();
        p.write(&format!(" bounds {}", int_list(&bounds)));
    }
    p.print_optional_attr_dict(op, TILE_ELIDED, false);
    p.write(" : ");
    p.print_types(operands[..2].iter().map(|v| p.ir.value_type(*v)));
    p.write(" -> ");
    p.print_type(p.ir.value_type(p.ir.result(op, 0)));
}

// %r = vta.alu_tile <op> %x, (%src (map <affine_map>)? | <imm>) : tx (, tsrc)?
fn parse_alu_tile(p: &mut OpParser) -> DiagResult<()> {
    parse_alu_opcode(p)?;
    let dst = p.parse_operand()?;
    p.expect(TokenKind::Comma, "','")?;
    let src = p.parse_optional_operand()?;
    if src.is_none() {
        let v = parse_int(p)?;
        let attr = p.ctx().i64_attr(v);
        p.add_property("imm", attr);
    } else if p.consume_keyword("map") {
        let map = p.parse_attribute(None)?;
        p.add_property("src_map", map);
    }
    p.parse_optional_attr_dict(false)?;
    p.expect(TokenKind::Colon, "':'")?;
    let t_dst = p.parse_type()?;
    p.add_operands(&[dst], &[t_dst])?;
    if let Some(src) = src {
        p.expect(TokenKind::Comma, "','")?;
        let t_src = p.parse_type()?;
        p.add_operands(&[src], &[t_src])?;
    }
    p.add_result_types(&[t_dst]);
    Ok(())
}

fn print_alu_tile(p: &mut OpPrinter, op: OpId) {
    let ctx = p.ctx();
    p.write(&format!(
        " {} ",
        str_prop(ctx, p.ir, op, "opcode").unwrap_or("?")
    ));
    let operands: Vec<_> = p.ir.operands(op).collect();
    p.print_operand(operands[0]);
    p.write(", ");
    if let Some(&src) = operands.get(1) {
        p.print_operand(src);
        if let Some(map) = p.ir.attr(ctx, op, "src_map") {
            p.write(" map ");
            p.print_attribute(map);
        }
    } else {
        p.write(&int_prop(ctx, p.ir, op, "imm").to_string());
    }
    p.print_optional_attr_dict(op, TILE_ELIDED, false);
    p.write(" : ");
    p.print_types(operands.iter().map(|v| p.ir.value_type(*v)));
}

/// Every op definition of the dialect, with its syntax and verifier attached.
pub fn definitions() -> Vec<OpDefinition> {
    type Parse = fn(&mut OpParser) -> DiagResult<()>;
    type Print = fn(&mut OpPrinter, OpId);
    type Verify = fn(&strata_ir::Context, &strata_ir::Ir, OpId) -> DiagResult<()>;
    type Entry = (OpDefinition, Option<(Parse, Print)>, Verify);
    // Checks that need the enclosing module (named symbols, `vta.config`).
    let uses: [(&str, Verify); 8] = [
        ("vta.load", crate::verify::load_uses),
        ("vta.store", crate::verify::store_uses),
        ("vta.gemm", crate::verify::gemm_uses),
        ("vta.alu", crate::verify::alu_uses),
        ("vta.load_tile", crate::verify::load_tile_uses),
        ("vta.store_tile", crate::verify::store_tile_uses),
        ("vta.gemm_tile", crate::verify::gemm_tile_uses),
        ("vta.alu_tile", crate::verify::alu_tile_uses),
    ];
    let custom: Vec<Entry> = vec![
        (
            DramBufferOp::definition(),
            Some((parse_dram_buffer, print_dram_buffer)),
            crate::verify::dram_buffer,
        ),
        (
            UopKernelOp::definition(),
            Some((parse_uop_kernel, print_uop_kernel)),
            crate::verify::uop_kernel,
        ),
        (UopOp::definition(), None, crate::verify::uop),
        (
            LoadOp::definition(),
            Some((parse_load, print_load)),
            crate::verify::load,
        ),
        (
            StoreOp::definition(),
            Some((parse_store, print_store)),
            crate::verify::store,
        ),
        (
            GemmOp::definition(),
            Some((parse_gemm, print_gemm)),
            crate::verify::gemm,
        ),
        (
            AluOp::definition(),
            Some((parse_alu, print_alu)),
            crate::verify::alu,
        ),
        (
            FinishOp::definition(),
            Some((parse_finish, print_finish)),
            crate::verify::finish,
        ),
        (
            LoadTileOp::definition(),
            Some((parse_load_tile, print_load_tile)),
            crate::verify::load_tile,
        ),
        (
            StoreTileOp::definition(),
            Some((parse_store_tile, print_store_tile)),
            crate::verify::store_tile,
        ),
        (
            GemmTileOp::definition(),
            Some((parse_gemm_tile, print_gemm_tile)),
            crate::verify::gemm_tile,
        ),
        (
            AluTileOp::definition(),
            Some((parse_alu_tile, print_alu_tile)),
            crate::verify::alu_tile,
        ),
    ];
    custom
        .into_iter()
        .map(|(mut def, syntax, verify)| {
            if let Some((parse, print)) = syntax {
                def.hooks.parse = Some(parse);
                def.hooks.print = Some(print);
            }
            def.hooks.verify = Some(verify);
            if let Some(&(_, check)) = uses.iter().find(|(name, _)| *name == def.name) {
                def.interfaces
                    .insert::<dyn SymbolUserOpInterface>(std::sync::Arc::new(ModuleChecks(check)));
            }
            def
        })
        .collect()
}

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
