//! `gpu.launch`: a kernel written inline in the host code.
//!
//! ```mlir
//! %t = gpu.launch async [%dep] blocks(%bx, %by, %bz) in (%gx = %a, %gy = %b, %gz = %c)
//!          threads(%tx, %ty, %tz) in (%sx = %d, %sy = %e, %sz = %f)
//!          dynamic_shared_memory_size %bytes
//!          workgroup(%w : memref<32xf32, #gpu.address_space<workgroup>>) {
//!   ...
//!   gpu.terminator
//! }
//! ```
//!
//! Operands, in MLIR's segment order: async dependencies, grid sizes x/y/z,
//! block sizes x/y/z, cluster sizes (absent: Strata has no cluster form),
//! the dynamic shared memory size (`i32`). The body's entry block takes
//! the block ids, thread ids, grid sizes and block sizes (12 `index`
//! values), then the workgroup attributions (counted by the discardable
//! `workgroup_attributions` attribute) and the private ones. The op is an
//! affine scope, as in MLIR.

use crate::async_token_type;
use crate::func::{
    parse_attributions, print_attributions, verify_attributions, NUM_WORKGROUP_ATTR,
};
use crate::ops::{async_token, parse_async_dependencies, print_async_dependencies, TerminatorOp};
use strata_ir::asm::lexer::TokenKind;
use strata_ir::asm::parser::{BlockArgDecl, OpParser, UnresolvedOperand};
use strata_ir::asm::printer::OpPrinter;
use strata_ir::constraints::{AttrConstraint, TypeConstraint};
use strata_ir::diagnostics::{DiagResult, Diagnostic};
use strata_ir::verifier::emit_op_error;
use strata_ir::{Context, Ir, OpId, Value};

/// Block ids, thread ids, grid sizes and block sizes.
pub const NUM_CONFIG_ARGS: usize = 12;

strata_ir::define_op! {
    /// An inline kernel launch. MLIR writes its syntax by hand: the
    /// region's arguments are declared by the `blocks` and `threads`
    /// clauses and the attributions.
    pub struct LaunchOp = "gpu.launch" {
        summary: "GPU kernel launch operation",
        traits: [AFFINE_SCOPE, AUTOMATIC_ALLOCATION_SCOPE, RECURSIVE_MEMORY_EFFECTS],
        operands: [
            asyncDependencies: variadic(async_token()),
            gridSizeX: single(TypeConstraint::Index),
            gridSizeY: single(TypeConstraint::Index),
            gridSizeZ: single(TypeConstraint::Index),
            blockSizeX: single(TypeConstraint::Index),
            blockSizeY: single(TypeConstraint::Index),
            blockSizeZ: single(TypeConstraint::Index),
            clusterSizeX: optional(TypeConstraint::Index),
            clusterSizeY: optional(TypeConstraint::Index),
            clusterSizeZ: optional(TypeConstraint::Index),
            dynamicSharedMemorySize: optional(TypeConstraint::SignlessInteger(Some(32))),
        ],
        results: [asyncToken: optional(async_token())],
        attributes: [
            module: optional(AttrConstraint::FlatSymbol),
            function: optional(AttrConstraint::FlatSymbol),
        ],
        regions: [body: any],
        parse: parse_launch,
        print: print_launch,
        verify: verify_launch,
    }
}

/// The launch configuration of a `gpu.launch`, read from its operands.
pub struct LaunchConfig {
    pub async_dependencies: Vec<Value>,
    /// Grid sizes x, y, z.
    pub grid: [Value; 3],
    /// Block sizes x, y, z.
    pub block: [Value; 3],
    pub dynamic_shared_memory_size: Option<Value>,
}

impl LaunchConfig {
    pub fn of(ctx: &Context, ir: &Ir, op: OpId) -> Option<Self> {
        let def = ctx.op_definition(ir.op_name(op))?;
        let groups = strata_ir::format::value_groups(ctx, ir, op, def, false);
        let one = |i: usize| groups.get(i).and_then(|g| g.first().copied());
        Some(LaunchConfig {
            async_dependencies: groups.first()?.to_vec(),
            grid: [one(1)?, one(2)?, one(3)?],
            block: [one(4)?, one(5)?, one(6)?],
            dynamic_shared_memory_size: one(10),
        })
    }
}

/// `(%x, %y, %z) in (%sx = %a, %sy = %b, %sz = %c)`: the ids and the
/// region's size arguments, and the size operands (MLIR's
/// `parseSizeAssignment`).
type SizeAssignment<'a> = (
    Vec<UnresolvedOperand<'a>>,
    Vec<UnresolvedOperand<'a>>,
    Vec<UnresolvedOperand<'a>>,
);

fn parse_size_assignment<'a>(p: &mut OpParser<'_, 'a>) -> DiagResult<SizeAssignment<'a>> {
    p.expect(TokenKind::LParen, "'('")?;
    let mut ids = Vec::new();
    loop {
        ids.push(p.parse_operand()?);
        if !p.consume_if(TokenKind::Comma) {
            break;
        }
    }
    p.expect(TokenKind::RParen, "')'")?;
    if ids.len() != 3 {
        return Err(p.error_at(p.name_offset, format!("expected 3 ids, got {}", ids.len())));
    }
    p.expect_keyword("in")?;
    p.expect(TokenKind::LParen, "'('")?;
    let mut region_sizes = Vec::new();
    let mut sizes = Vec::new();
    for i in 0..3 {
        if i > 0 {
            p.expect(TokenKind::Comma, "','")?;
        }
        region_sizes.push(p.parse_operand()?);
        p.expect(TokenKind::Equal, "'='")?;
        sizes.push(p.parse_operand()?);
    }
    p.expect(TokenKind::RParen, "')'")?;
    Ok((ids, region_sizes, sizes))
}

fn parse_launch(p: &mut OpParser) -> DiagResult<()> {
    let ctx = p.ctx();
    let index = ctx.index_type();
    let (is_async, deps) = parse_async_dependencies(p)?;
    let num_deps = deps.len();
    p.add_operands(&deps, &vec![async_token_type(ctx); num_deps])?;
    if p.num_results_hint > 0 {
        if !is_async {
            return Err(p.parser.error_at(
                p.name_offset,
                "gpu.launch requires 'async' keyword to return a value",
            ));
        }
        p.add_result_types(&[async_token_type(ctx)]);
    }
    if p.is_keyword("clusters") {
        return Err(p.error_here("cluster launches are not supported by Strata"));
    }
    p.expect_keyword("blocks")?;
    let (block_ids, grid_args, grid_sizes) = parse_size_assignment(p)?;
    p.expect_keyword("threads")?;
    let (thread_ids, block_args, block_sizes) = parse_size_assignment(p)?;
    let mut sizes = grid_sizes;
    sizes.extend(block_sizes);
    p.add_operands(&sizes, &[index; 6])?;
    let mut has_shared = false;
    if p.consume_keyword("dynamic_shared_memory_size") {
        let size = p.parse_operand()?;
        p.add_operands(
            &[size],
            &[ctx.integer_type(32, strata_ir::Signedness::Signless)],
        )?;
        has_shared = true;
    }
    for name in ["module", "function"] {
        if p.consume_keyword(name) {
            p.expect(TokenKind::LParen, "'('")?;
            let symbol = p.parse_symbol_name()?;
            p.expect(TokenKind::RParen, "')'")?;
            p.add_property(name, ctx.symbol_ref_attr(&symbol, &[]));
        }
    }
    let mut args: Vec<BlockArgDecl> = block_ids
        .into_iter()
        .chain(thread_ids)
        .chain(grid_args)
        .chain(block_args)
        .map(|operand| BlockArgDecl {
            operand,
            ty: index,
            loc: None,
        })
        .collect();
    let workgroup = parse_attributions(p, "workgroup", &mut args)?;
    p.add_attribute(NUM_WORKGROUP_ATTR, ctx.i64_attr(workgroup as i64));
    parse_attributions(p, "private", &mut args)?;
    p.parse_region(&args)?;
    p.parse_optional_attr_dict(false)?;
    let segments = [
        num_deps as i32,
        1,
        1,
        1,
        1,
        1,
        1,
        0,
        0,
        0,
        has_shared as i32,
    ];
    p.add_property("operandSegmentSizes", ctx.dense_i32_array(&segments));
    Ok(())
}

fn print_launch(p: &mut OpPrinter, op: OpId) {
    let ctx = p.ctx();
    let ir = p.ir;
    let Some(config) = LaunchConfig::of(ctx, ir, op) else {
        return;
    };
    let Some(body) = ir.entry_block(ir.region(op, 0)) else {
        return;
    };
    let args = ir.block_args(body).to_vec();
    if args.len() < NUM_CONFIG_ARGS {
        return;
    }
    let is_async = ir.num_results(op) > 0;
    if is_async || !config.async_dependencies.is_empty() {
        p.write(" ");
        print_async_dependencies(p, is_async, &config.async_dependencies);
    }
    for (keyword, ids, region_sizes, sizes) in [
        (" blocks", &args[0..3], &args[6..9], &config.grid),
        (" threads", &args[3..6], &args[9..12], &config.block),
    ] {
        p.write(keyword);
        p.write("(");
        p.print_operands(ids.iter().copied());
        p.write(") in (");
        for i in 0..3 {
            if i > 0 {
                p.write(", ");
            }
            p.print_operand(region_sizes[i]);
            p.write(" = ");
            p.print_operand(sizes[i]);
        }
        p.write(")");
    }
    if let Some(size) = config.dynamic_shared_memory_size {
        p.write(" dynamic_shared_memory_size ");
        p.print_operand(size);
    }
    for name in ["module", "function"] {
        if let Some(symbol) = ir.attr(ctx, op, name) {
            p.write(&format!(" {name}("));
            p.print_attribute(symbol);
            p.write(")");
        }
    }
    let num_workgroup = workgroup_count(ctx, ir, op).min(args.len() - NUM_CONFIG_ARGS);
    let split = NUM_CONFIG_ARGS + num_workgroup;
    print_attributions(p, "workgroup", &args[NUM_CONFIG_ARGS..split]);
    print_attributions(p, "private", &args[split..]);
    p.write(" ");
    p.print_region(ir.region(op, 0), false, true);
    p.print_optional_attr_dict(
        op,
        &[
            "operandSegmentSizes",
            NUM_WORKGROUP_ATTR,
            "module",
            "function",
        ],
        false,
    );
}

fn workgroup_count(ctx: &Context, ir: &Ir, op: OpId) -> usize {
    ir.attr(ctx, op, NUM_WORKGROUP_ATTR)
        .and_then(|a| ctx.integer_value(a))
        .unwrap_or(0) as usize
}

/// MLIR's `LaunchOp::verifyRegions`.
fn verify_launch(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<()> {
    let region = ir.region(op, 0);
    let num_workgroup = workgroup_count(ctx, ir, op);
    if let Some(body) = ir.entry_block(region) {
        let args = ir.block_args(body);
        if args.len() < NUM_CONFIG_ARGS + num_workgroup {
            return Err(emit_op_error(
                ctx,
                ir,
                op,
                "unexpected number of region arguments",
            ));
        }
        let split = NUM_CONFIG_ARGS + num_workgroup;
        verify_attributions(ctx, ir, op, &args[NUM_CONFIG_ARGS..split], "workgroup")?;
        verify_attributions(ctx, ir, op, &args[split..], "private")?;
    }
    for &block in ir.region_blocks(region) {
        let Some(last) = ir.last_op(block) else {
            continue;
        };
        if !ir.successors(last).is_empty() || TerminatorOp::is(ctx, ir, last) {
            continue;
        }
        return Err(Diagnostic::error(
            ir.op_loc(last),
            "expected 'gpu.terminator' or a terminator with successors",
        )
        .with_note(ir.op_loc(op), "in 'gpu.launch' body region"));
    }
    Ok(())
}
