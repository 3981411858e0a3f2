//! `test.affine_scope`: MLIR's `AffineScopeOp` of `TestOps.td`, an op whose
//! single-block region starts a new affine scope (trait `AFFINE_SCOPE`), so
//! that tests can check the affine dim/symbol rules below a function's top
//! level: values defined at the top of its region are valid symbols for
//! the affine ops nested in it. Syntax: `test.affine_scope { ... }` (the
//! region printed with its terminator, no entry block arguments).

use strata_ir::asm::parser::OpParser;
use strata_ir::asm::printer::OpPrinter;
use strata_ir::diagnostics::DiagResult;
use strata_ir::opdef::RegionDef;
use strata_ir::{OpDefinition, OpId, OpTraits};

pub(crate) fn definition() -> OpDefinition {
    let mut def = OpDefinition::new("test.affine_scope");
    def.summary = "affine scope operation".into();
    def.traits = OpTraits::AFFINE_SCOPE;
    def.regions = vec![RegionDef {
        name: "region".into(),
        variadic: false,
        single_block: true,
    }];
    def.hooks.parse = Some(parse);
    def.hooks.print = Some(print);
    def
}

fn parse(p: &mut OpParser) -> DiagResult<()> {
    p.parse_region(&[])?;
    p.parse_optional_attr_dict(false)
}

fn print(p: &mut OpPrinter, op: OpId) {
    p.write(" ");
    p.print_region(p.ir.region(op, 0), false, true);
    p.print_optional_attr_dict(op, &[], false);
}
