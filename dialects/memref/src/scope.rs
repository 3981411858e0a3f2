//! `memref.alloca_scope`: a region whose `memref.alloca`s are freed when
//! it ends (MLIR's `AutomaticAllocationScope`, e.g. the body of a loop
//! that would otherwise grow the stack each iteration), ended by
//! `memref.alloca_scope.return`, which yields the scope's results.

use strata_ir::asm::parser::OpParser;
use strata_ir::asm::printer::OpPrinter;
use strata_ir::constraints::TypeConstraint;
use strata_ir::diagnostics::DiagResult;
use strata_ir::opdef::OpTraits;
use strata_ir::{InsertPoint, OpId, OperationState};

strata_ir::define_op! {
    /// `%r = memref.alloca_scope -> (f32) { ... memref.alloca_scope.return %v : f32 }`
    pub struct AllocaScopeOp = "memref.alloca_scope" {
        summary: "explicitly delimited scope for stack allocation",
        traits: [AUTOMATIC_ALLOCATION_SCOPE, RECURSIVE_MEMORY_EFFECTS, SINGLE_BLOCK],
        results: [results: variadic(TypeConstraint::Any)],
        regions: [bodyRegion: single_block],
        parse: parse_scope,
        print: print_scope,
        canonicalize: crate::canonicalize::alloca_scope_patterns,
    }
}
strata_ir::define_op! {
    pub struct AllocaScopeReturnOp = "memref.alloca_scope.return" {
        summary: "terminator for alloca_scope operation",
        traits: [PURE, TERMINATOR, RETURN_LIKE],
        operands: [results: variadic(TypeConstraint::Any)],
        format: "attr-dict ($results^ `:` type($results))?",
        verify: verify_return,
    }
}

/// `(-> (types))? region attr-dict`; an empty terminator may be left out.
fn parse_scope(p: &mut OpParser) -> DiagResult<()> {
    let types = p.parse_optional_arrow_type_list()?;
    p.add_result_types(&types);
    let loc = p.op_loc();
    let ctx = p.ctx();
    let region = p.parse_region(&[])?;
    let ir = p.ir();
    if ir.region_is_empty(region) {
        ir.append_block(region, &[]);
    }
    let block = ir.region_blocks(region)[0];
    let terminated = ir.last_op(block).is_some_and(|last| {
        ctx.op_definition(ir.op_name(last))
            .is_some_and(|d| d.has_trait(OpTraits::TERMINATOR))
    });
    if !terminated {
        let state = OperationState::new(ctx, AllocaScopeReturnOp::NAME, loc);
        ir.create_op(state, InsertPoint::BlockEnd(block));
    }
    p.parse_optional_attr_dict(false)
}

fn print_scope(p: &mut OpPrinter, op: OpId) {
    let ir = p.ir;
    p.write(" ");
    let results: Vec<_> = ir.results(op).map(|r| ir.value_type(r)).collect();
    if !results.is_empty() {
        p.write(" -> (");
        for (i, &t) in results.iter().enumerate() {
            if i > 0 {
                p.write(", ");
            }
            p.print_type(t);
        }
        p.write(")");
    }
    p.write(" ");
    p.print_region(ir.region(op, 0), false, !results.is_empty());
    p.print_optional_attr_dict(op, &[], false);
}

/// MLIR's `HasParent<AllocaScopeOp>` and the scope's result types.
fn verify_return(ctx: &strata_ir::Context, ir: &strata_ir::Ir, op: OpId) -> DiagResult<()> {
    use strata_ir::verifier::emit_op_error;
    let parent = ir.parent_op(op);
    let Some(parent) = parent.filter(|&p| AllocaScopeOp::is(ctx, ir, p)) else {
        return Err(emit_op_error(
            ctx,
            ir,
            op,
            "expects parent op 'memref.alloca_scope'",
        ));
    };
    let yielded: Vec<_> = ir.operands(op).map(|v| ir.value_type(v)).collect();
    let expected: Vec<_> = ir.results(parent).map(|v| ir.value_type(v)).collect();
    if yielded != expected {
        return Err(emit_op_error(
            ctx,
            ir,
            op,
            "types mismatch between return op and its parent",
        ));
    }
    Ok(())
}
