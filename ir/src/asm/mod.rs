//! MLIR's textual format: lexer, parser and printer.

mod apfloat;
pub mod lexer;
pub mod parse_attr;
pub mod parse_type;
pub mod parser;
pub mod printer;

pub use parser::{parse_source, OpParser, Parser, SourceInfo};
pub use printer::{print_op, AsmWriter, OpPrinter, PrintOptions};
