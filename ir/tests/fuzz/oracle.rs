//! The property the parser fuzz target checks, shared with the regression
//! tests in `fuzz_regressions.rs` so that both test exactly the same thing.
//!
//! Any input gives either IR or a diagnostic, never a panic, a hang or a
//! stack overflow; and IR that parses and verifies prints (custom and
//! generic form) to text that parses again: a print that does not re-parse
//! is a printer or parser bug. Each input runs with unregistered dialects
//! both rejected and allowed, since the two take different paths.

use strata_ir::asm::{parse_source, print_op, PrintOptions, SourceInfo};
use strata_ir::{Context, Ir};

/// Runs `text` through parse, verify, print and re-parse; panics when the
/// contract above is broken.
pub fn check(text: &str) {
    for allow_unregistered in [false, true] {
        check_with(text, allow_unregistered);
    }
}

fn source(name: &str) -> SourceInfo {
    SourceInfo {
        file_name: name.to_string(),
        first_line: 0,
    }
}

fn check_with(text: &str, allow_unregistered: bool) {
    let mut ctx = Context::new();
    ctx.allow_unregistered_dialects = allow_unregistered;
    let mut ir = Ir::new();
    let Ok(module) = parse_source(&ctx, &mut ir, text, &source("input.mlir")) else {
        return;
    };
    if strata_ir::verifier::verify(&ctx, &ir, module).is_err() {
        return;
    }
    let custom = PrintOptions::default();
    let generic = PrintOptions {
        generic: true,
        debug_info: true,
        ..PrintOptions::default()
    };
    for options in [custom, generic] {
        let printed = print_op(&ctx, &ir, module, &options);
        let mut reparsed = Ir::new();
        if let Err(d) = parse_source(&ctx, &mut reparsed, &printed, &source("printed.mlir")) {
            // Top-level ops print inside `module { }`, one region deeper than
            // they were parsed: input at the nesting limit may exceed it.
            if d.message.starts_with("nesting too deep") {
                continue;
            }
            panic!(
                "printed IR does not re-parse (generic: {}, allow-unregistered: {allow_unregistered}): {}\n--- printed:\n{printed}",
                options.generic, d.message
            );
        }
    }
}
