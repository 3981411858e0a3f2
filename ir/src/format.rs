//! MLIR assembly formats (`$lhs `,` $rhs attr-dict `:` type($result)`),
//! parsed once per op definition and interpreted to parse and print ops.

use crate::asm::parser::OpParser;
use crate::asm::printer::OpPrinter;
use crate::diagnostics::DiagResult;
use crate::ir::OpId;

/// A parsed assembly format. (The interpreter lands with the op-definition work.)
#[derive(Clone, Debug, Default)]
pub struct AssemblyFormat {
    pub source: String,
}

pub fn parse_with_format(format: &AssemblyFormat, p: &mut OpParser) -> DiagResult<()> {
    Err(p.error_here(format!(
        "assembly format '{}' is not supported yet",
        format.source
    )))
}

pub fn print_with_format(_format: &AssemblyFormat, _p: &mut OpPrinter, _op: OpId) {}
