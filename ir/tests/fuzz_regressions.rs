//! Inputs found by the parser fuzz target (`fuzz/`, see docs/fuzzing.md),
//! minimized. Each must give IR or a diagnostic without panicking, and IR
//! that verifies must print to text that parses again.

#[path = "fuzz/oracle.rs"]
mod oracle;

use oracle::check;

/// An error inside a nested isolated-from-above region left its name scope
/// pushed, and the enclosing region then popped the wrong one.
#[test]
fn error_in_nested_isolated_region() {
    check("module {\n  module {\n    \"foo.a\"() : () -> ()\n  }\n}\n");
    check("module { module { ^bb0: \"t.br\"()[^nowhere] : () -> () } }");
}

/// A branch to the entry block of an unregistered op's region passed the
/// verifier; the printer leaves the entry label out, so the printed IR
/// referred to an undefined block.
#[test]
fn branch_to_entry_block_of_unregistered_op() {
    check("\"foo.region\"() ({\n^bb0:\n  \"foo.br\"()[^bb0] : () -> ()\n}) : () -> ()\n");
}

/// 100000 nested `[`, `{`, `(`, `tuple<`, regions or locations overflowed
/// the stack of the recursive-descent parser; past `MAX_NESTING_DEPTH`
/// levels the input now gets a diagnostic. This test thread has Rust's
/// default 2 MiB stack, less than a main thread's.
#[test]
fn deep_nesting_is_a_diagnostic() {
    use strata_ir::asm::parser::MAX_NESTING_DEPTH;
    use strata_ir::asm::{parse_source, SourceInfo};
    use strata_ir::{Context, Ir};
    let nest = |open: &str, inner: &str, close: &str, n: usize| {
        format!("{}{inner}{}", open.repeat(n), close.repeat(n))
    };
    let inputs = |n: usize| {
        [
            format!("\"t.a\"() {{a = {}}} : () -> ()", nest("[", "1", "]", n)),
            format!(
                "\"t.a\"() {{a = {}}} : () -> ()",
                nest("{a = ", "1", "}", n)
            ),
            format!("\"t.a\"() <{{a = {}}}> : () -> ()", nest("[", "1", "]", n)),
            format!("\"t.a\"() : () -> {}", nest("(", "i32", ")", n)),
            format!("\"t.a\"() : () -> {}", nest("tuple<", "i32", ">", n)),
            format!("\"t.a\"() : () -> {}", nest("complex<", "f32", ">", n)),
            format!("\"t.a\"() {{a = {}}} : () -> ()", nest("(", "i32", ")", n)),
            nest("\"t.r\"() ({", "", "}) : () -> ()", n),
            nest("module {", "", "}", n),
            format!(
                "\"t.a\"() : () -> () loc({})",
                nest("callsite(", "unknown", " at unknown)", n)
            ),
            format!(
                "\"t.a\"() : () -> () loc({})",
                nest("fused[", "unknown", "]", n)
            ),
            format!(
                "\"t.a\"() : () -> () loc({})",
                nest("\"n\"(", "unknown", ")", n)
            ),
            format!(
                "\"t.a\"() {{a = dense<{}> : tensor<1xi32>}} : () -> ()",
                nest("[", "1", "]", n)
            ),
        ]
    };
    let mut ctx = Context::new();
    ctx.allow_unregistered_dialects = true;
    let info = SourceInfo {
        file_name: "deep.mlir".into(),
        first_line: 0,
    };
    for text in inputs(100_000) {
        let err = parse_source(&ctx, &mut Ir::new(), &text, &info)
            .expect_err("100000 levels must be rejected");
        assert!(
            err.message.starts_with("nesting too deep"),
            "{}",
            err.message
        );
    }
    // Just under the limit is not refused for its depth, and prints back.
    // Top-level ops print inside an implicit `module { }`, one level
    // deeper, and the parser keeps that level free for it.
    for text in inputs(MAX_NESTING_DEPTH as usize - 3) {
        if let Err(err) = parse_source(&ctx, &mut Ir::new(), &text, &info) {
            assert!(!err.message.starts_with("nesting too deep"), "{text}");
        }
        check(&text);
    }
}

/// `#.1` and `!.1` parsed as an attribute or type of the dialect named ``,
/// which printed as `#<1>`, text that does not parse.
#[test]
fn empty_dialect_namespace() {
    check("\"foo.op\"() {a = #.1 : f32} : () -> ()");
    check("\"foo.op\"() : () -> !.1");
}

/// An opaque type whose body is `vector<4xf32>, <[]>` starts with an
/// identifier and ends with `>`, so it printed in the pretty form
/// `!dialect.vector<4xf32>, <[]>`, which parses as a type and a stray `,`.
#[test]
fn dialect_body_that_is_not_one_group() {
    check("%0 = \"foo.op\"() : () -> !foo<vector<4xf32>, <[]>>");
    check("\"foo.op\"() {a = #foo<a<b>, c<d>>} : () -> ()");
}

/// `!foo.ba-` is one token (`-` is an identifier character), but the printer
/// did not count `-` as one and wrote `!foo<ba->`, whose `->` is an arrow.
#[test]
fn dialect_body_ending_in_dash() {
    check("%0 = \"foo.op\"() : () -> !foo.ba-");
}

/// A dense literal of `i3102` elements: each element takes 388 bytes but
/// is encoded through u128 as 16, and the splat check sliced past the data.
#[test]
fn dense_elements_wider_than_128_bits() {
    check("\"t.d\"() {a = dense<1> : tensor<4xi3102>} : () -> ()");
    check("\"t.d\"() {a = dense<[1, 2]> : tensor<2xi129>} : () -> ()");
    check("\"t.d\"() {a = dense<(1, 2)> : tensor<complex<i200>>} : () -> ()");
    check("\"t.d\"() {a = dense<\"0x01\"> : tensor<i256>} : () -> ()");
}
