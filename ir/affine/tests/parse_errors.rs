//! Parse errors carry MLIR's wording and a byte offset; no input panics.

use strata_affine::{
    parse_affine_expr, parse_affine_expr_prefix_with, parse_affine_expr_with, parse_affine_map,
    parse_affine_map_or_set, parse_integer_set, AffineExpr, MapOrSet,
};

#[track_caller]
fn map_error(input: &str, offset: usize, message: &str) {
    let error = parse_affine_map(input).expect_err(input);
    assert_eq!(
        (error.offset, error.message.as_str()),
        (offset, message),
        "input: {input}"
    );
}

#[test]
fn errors_point_at_the_offending_token() {
    map_error("(d0) -> (d1)", 9, "use of undeclared identifier");
    map_error("(d0) -> (d0", 11, "expected ')' in affine map range");
    map_error("(d0) -> d0", 8, "expected '(' in affine map range");
    map_error("(d0, d1) -> (d0 * d1)", 16, "non-affine expression: at least one of the multiply operands has to be either a constant or symbolic");
    // MLIR reports a non-affine product at the operator after it, if any.
    map_error("(d0, d1) -> (d0 * d1 * 2)", 21, "non-affine expression: at least one of the multiply operands has to be either a constant or symbolic");
    map_error(
        "(d0) -> (d0 floordiv d0)",
        12,
        "non-affine expression: right operand of floordiv has to be either a constant or symbolic",
    );
    map_error(
        "(d0) -> (d0 ceildiv d0)",
        12,
        "non-affine expression: right operand of ceildiv has to be either a constant or symbolic",
    );
    map_error(
        "(d0) -> (d0 mod (d0 + 1))",
        12,
        "non-affine expression: right operand of mod has to be either a constant or symbolic",
    );
    map_error("(d0, d0) -> (d0)", 5, "redefinition of identifier 'd0'");
    map_error("(d0) (d0)", 5, "expected '->' or ':'");
    map_error("(d0) -> (d0) x", 13, "encountered unexpected token");
    map_error(
        "(d0) -> (d0 +)",
        13,
        "missing right operand of binary operator",
    );
    map_error(
        "(d0) -> (d0 *)",
        13,
        "missing right operand of binary operator",
    );
    map_error(
        "(d0) -> (* d0)",
        9,
        "missing left operand of binary operator",
    );
    map_error("(d0) -> (,)", 9, "expected affine expression");
    map_error("(d0) -> (())", 10, "no expression inside parentheses");
    map_error("(d0) -> ((d0)", 13, "expected ')' in affine map range");
    map_error("(d0) -> ((d0 d0))", 13, "expected ')'");
    map_error(
        "(d0) -> (99999999999999999999)",
        9,
        "constant too large for index",
    );
    map_error(
        "(d0) -> (9223372036854775809)",
        9,
        "constant too large for index",
    );
    map_error("(d0) -> (%x)", 9, "unexpected ssa identifier");
    map_error("(d0) -> (1.5)", 9, "expected affine expression");
    map_error("(d0) -> (d0 + é)", 14, "unexpected character");
    map_error("(d0) -> (d0 % 2)", 12, "invalid SSA name");
    map_error(
        "(d0 -> (d0)",
        4,
        "expected ')' in dimensional identifier list",
    );
    map_error("(1) -> (1)", 1, "expected bare identifier");
    map_error(
        "d0 -> (d0)",
        0,
        "expected '(' in dimensional identifier list",
    );
    map_error("(d0)[s0 -> (d0)", 8, "expected ']' in symbol list");
    map_error("", 0, "expected '(' in dimensional identifier list");
    map_error(
        "(d0) : (d0 >= 0)",
        0,
        "expected AffineMap, but got IntegerSet",
    );
    // `symbol` is a keyword that introduces `symbol(%ssa)`, as in MLIR.
    map_error(
        "(symbol) -> (symbol)",
        19,
        "expected '(' at start of SSA symbol",
    );
}

#[test]
fn set_errors() {
    let error = parse_integer_set("(d0) : (d0)").unwrap_err();
    assert_eq!(error.offset, 10);
    assert_eq!(
        error.message,
        "expected '== affine-expr' or '>= affine-expr' at end of affine constraint"
    );
    let error = parse_integer_set("(d0) : (d0 > 0)").unwrap_err();
    assert_eq!(error.offset, 13);
    let error = parse_integer_set("(d0) -> (d0)").unwrap_err();
    assert_eq!(error.message, "expected IntegerSet, but got AffineMap");
    let error = parse_integer_set("(d0) : (d0 >= 0,)").unwrap_err();
    assert_eq!(
        (error.offset, error.message.as_str()),
        (16, "expected affine expression")
    );
}

#[test]
fn display_of_errors_includes_the_offset() {
    let error = parse_affine_map("(d0) -> (d1)").unwrap_err();
    assert_eq!(
        error.to_string(),
        "use of undeclared identifier (at byte 9)"
    );
}

#[test]
fn resolver_handles_ssa_names() {
    // Names are numbered in order of first use, as the affine dialect does.
    let mut dims: Vec<String> = Vec::new();
    let mut symbols: Vec<String> = Vec::new();
    let mut resolve = |name: &str| -> Option<AffineExpr> {
        if let Some(inner) = name
            .strip_prefix("symbol(")
            .and_then(|n| n.strip_suffix(')'))
        {
            let position = symbols.iter().position(|s| s == inner).unwrap_or_else(|| {
                symbols.push(inner.to_string());
                symbols.len() - 1
            });
            return Some(AffineExpr::symbol(position));
        }
        if !name.starts_with('%') {
            return None;
        }
        let position = dims.iter().position(|d| d == name).unwrap_or_else(|| {
            dims.push(name.to_string());
            dims.len() - 1
        });
        Some(AffineExpr::dim(position))
    };
    let expr = parse_affine_expr_with("%i + symbol(%n) * 2 - %r#1 + %i", &mut resolve).unwrap();
    assert_eq!(expr.to_string(), "d0 + s0 * 2 - d1 + d0");
    assert_eq!(dims, ["%i", "%r#1"]);
    assert_eq!(symbols, ["%n"]);

    let mut never = |_: &str| None;
    let error = parse_affine_expr_with("%a + 1", &mut never).unwrap_err();
    assert_eq!(
        (error.offset, error.message.as_str()),
        (0, "use of undeclared identifier")
    );
    let error = parse_affine_expr_with("symbol(1)", &mut never).unwrap_err();
    assert_eq!(
        (error.offset, error.message.as_str()),
        (7, "expected ssa identifier")
    );
    let error = parse_affine_expr_with("d0 )", &mut |_| Some(AffineExpr::dim(0))).unwrap_err();
    assert_eq!(
        (error.offset, error.message.as_str()),
        (3, "encountered unexpected token")
    );
}

#[test]
fn prefix_parsing_stops_before_the_rest() {
    let mut resolve = |name: &str| (name == "%i").then_some(AffineExpr::dim(0));
    let text = "%i * 4 + 1, %j]";
    let (expr, end) = parse_affine_expr_prefix_with(text, &mut resolve).unwrap();
    assert_eq!(expr.to_string(), "d0 * 4 + 1");
    assert_eq!(&text[end..], ", %j]");
}

#[test]
fn named_expression_parsing() {
    let expr = parse_affine_expr("i * 2 + N floordiv 3", &["i"], &["N"]).unwrap();
    assert_eq!(expr.to_string(), "d0 * 2 + s0 floordiv 3");
    assert!(parse_affine_expr("i * j", &["i", "j"], &[]).is_err());
}

#[test]
fn deep_input_is_an_error_not_a_crash() {
    let parens = format!("(d0) -> ({}d0{})", "(".repeat(100_000), ")".repeat(100_000));
    assert!(parse_affine_map(&parens).is_err());
    let negations = format!("(d0) -> ({}d0)", "-".repeat(100_000));
    assert!(parse_affine_map(&negations).is_err());
    let open = format!("(d0) -> ({}", "(".repeat(100_000));
    assert!(parse_affine_map(&open).is_err());
    // A long chain that does not fold makes a tall tree: refused, not a crash.
    let terms: Vec<String> = (0..5_000).map(|i| format!("d{}", i % 2)).collect();
    let chain = format!("(d0, d1) -> ({})", terms.join(" * 2 + "));
    assert!(parse_affine_map(&chain).is_err());
    // Nesting below the limits is fine.
    let nested = format!("(d0) -> ({}d0{})", "(".repeat(200), ")".repeat(200));
    assert_eq!(
        parse_affine_map(&nested).unwrap().to_string(),
        "(d0) -> (d0)"
    );
}

/// A small deterministic xorshift generator, so the test needs no crates.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// Parses, and for every success checks that printing is a fixed point and
/// that the algebra runs without panicking.
fn exercise(input: &str) {
    let Ok(parsed) = parse_affine_map_or_set(input) else {
        return;
    };
    match parsed {
        MapOrSet::Map(map) => {
            let printed = map.to_string();
            let reparsed = parse_affine_map(&printed)
                .unwrap_or_else(|e| panic!("{input} printed as {printed}: {e}"));
            assert_eq!(reparsed.to_string(), printed, "input: {input}");
            let simplified = map.simplify();
            let _ = simplified.to_string();
            let dims: Vec<i64> = (0..map.num_dims as i64).map(|i| i * 7 - 3).collect();
            let symbols: Vec<i64> = (0..map.num_symbols as i64).map(|i| i - 1).collect();
            let _ = map.eval(&dims, &symbols);
            let _ = map.inverse_permutation();
            if map.num_dims == map.num_results() {
                let _ = map.compose(&map);
            }
        }
        MapOrSet::Set(set) => {
            let printed = set.to_string();
            let reparsed = parse_integer_set(&printed)
                .unwrap_or_else(|e| panic!("{input} printed as {printed}: {e}"));
            assert_eq!(reparsed.to_string(), printed, "input: {input}");
            let _ = set.simplify();
            let dims = vec![2; set.num_dims];
            let symbols = vec![-2; set.num_symbols];
            let _ = set.contains(&dims, &symbols);
        }
    }
}

#[test]
fn random_token_soup_never_panics() {
    const PIECES: &[&str] = &[
        "(",
        ")",
        "[",
        "]",
        ",",
        "->",
        ":",
        "+",
        "-",
        "*",
        " floordiv ",
        " ceildiv ",
        " mod ",
        ">=",
        "<=",
        "==",
        ">",
        "=",
        "d0",
        "d1",
        "s0",
        "s1",
        "0",
        "1",
        "2",
        "-1",
        "7",
        "64",
        "9223372036854775807",
        "9223372036854775808",
        "0x1f",
        " ",
        "%x",
        "symbol",
        "é",
        "\0",
        "//c\n",
        "1.5",
        "#",
    ];
    let mut rng = Rng(0x5eed_1234_abcd_ef01);
    for _ in 0..20_000 {
        let mut input = String::from(if rng.below(2) == 0 {
            "(d0, d1)[s0, s1] -> ("
        } else {
            "(d0, d1)[s0, s1] : ("
        });
        for _ in 0..rng.below(24) {
            input.push_str(PIECES[rng.below(PIECES.len())]);
        }
        if rng.below(4) != 0 {
            input.push(')');
        }
        exercise(&input);
    }
}

#[test]
fn random_bytes_never_panic() {
    let mut rng = Rng(0x0123_4567_89ab_cdef);
    for _ in 0..20_000 {
        let len = rng.below(40);
        let bytes: Vec<u8> = (0..len).map(|_| rng.next() as u8).collect();
        let text = String::from_utf8_lossy(&bytes);
        exercise(&text);
        let _ = parse_affine_expr_with(&text, &mut |_| Some(AffineExpr::symbol(0)));
    }
}

#[test]
fn truncated_inputs_never_panic() {
    let inputs = [
        "(d0, d1)[s0] -> (d0 * s0 + (d1 floordiv 4) mod 3, -(d0 ceildiv 2) - s0)",
        "(i, j)[N] : (i >= 0, N - i - 1 >= 0, j <= i, (i + j) mod 2 == 0)",
        "(d0) -> (d0 - 9223372036854775808, 0x7fffffffffffffff)",
    ];
    for input in inputs {
        exercise(input);
        for end in 0..=input.len() {
            if input.is_char_boundary(end) {
                exercise(&input[..end]);
                exercise(&input[end..]);
            }
        }
    }
}
