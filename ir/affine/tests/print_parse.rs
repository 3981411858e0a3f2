//! Parse → print checks. The expected texts are what MLIR 22 prints for the
//! same input (from the CHECK lines of MLIR's `test/IR/affine-map.mlir` and
//! `test/IR/affine-set.mlir`, plus cases derived from its printer rules), so
//! a failure here means Strata's output would differ from MLIR's.

use strata_affine::{parse_affine_map, parse_affine_map_or_set, parse_integer_set, MapOrSet};

#[track_caller]
fn map(input: &str, expected: &str) {
    let parsed = parse_affine_map(input).unwrap_or_else(|e| panic!("{input}: {e}"));
    assert_eq!(parsed.to_string(), expected, "input: {input}");
    // The printed form is a fixed point: it parses and prints back to itself
    // (the tree may differ, e.g. `d0 + (d1 + 5)` prints as `d0 + d1 + 5`).
    let reparsed = parse_affine_map(expected).unwrap_or_else(|e| panic!("{expected}: {e}"));
    assert_eq!(reparsed.to_string(), expected, "round trip of {expected}");
}

#[track_caller]
fn set(input: &str, expected: &str) {
    let parsed = parse_integer_set(input).unwrap_or_else(|e| panic!("{input}: {e}"));
    assert_eq!(parsed.to_string(), expected, "input: {input}");
    let reparsed = parse_integer_set(expected).unwrap_or_else(|e| panic!("{expected}: {e}"));
    assert_eq!(reparsed.to_string(), expected, "round trip of {expected}");
}

#[test]
fn identity_and_empty_maps() {
    map("(i, j) -> (i, j)", "(d0, d1) -> (d0, d1)");
    map("(i, j)[s0] -> (i, j)", "(d0, d1)[s0] -> (d0, d1)");
    map("() -> (0)", "() -> (0)");
    map("() -> ()", "() -> ()");
    map("()[] -> ()", "() -> ()");
    map("()[N] -> (N)", "()[s0] -> (s0)");
    map("(d0) -> ()", "(d0) -> ()");
}

#[test]
fn constants_fold_and_move_right() {
    let expected = "(d0, d1) -> (d0 + 1, d1 * 4 + 2)";
    for input in [
        "(i, j) -> (i+1, 4*j + 2)",
        "(i, j) -> (1+i, 4*j + 2)",
        "(i, j) -> (2 + 3 - 2*2 + i, 4*j + 2)",
        "(i, j) -> (i +1 + 0, 4*j + 2)",
        "(i, j) -> (i + 3 + 2 - 4, 4*j + 2)",
        "(i, j) -> (1*i+3*2-2*2-1, 4*j + 2)",
        "(i, j) -> (i + 1, 4*j*1 + 2)",
        "(i, j) -> (i + 1, 2*2*j + 2)",
        "(i, j) -> (i + 1, 2*j*2 + 2)",
        "(i, j) -> (i + 1, j*2*2 + 2)",
        "(i, j) -> (i + 1, j*1*4 + 2)",
        "(i, j) -> (i + 1, j*4*1 + 2)",
    ] {
        map(input, expected);
    }
    map("(i, j) -> (3+3-2*2+i, j)", "(d0, d1) -> (d0 + 2, d1)");
    map(
        "(i, j) -> (5+3, 2*2, 8-7, 100 floordiv 32, 5 mod 3, 10 ceildiv 3)",
        "(d0, d1) -> (8, 4, 1, 3, 2, 4)",
    );
    map(
        "(i, j) -> (5 mod 3 + 2, 5*3 - 4, 128 * (500 ceildiv 128), 40 floordiv 7 * 3)",
        "(d0, d1) -> (4, 11, 512, 15)",
    );
    map(
        "(i) -> (-5 floordiv 3, -5 mod 3, -5 ceildiv 3)",
        "(d0) -> (-2, 1, -1)",
    );
    map(
        "(i, j) -> (1 + i*2, 2 + j)",
        "(d0, d1) -> (d0 * 2 + 1, d1 + 2)",
    );
    map("(i, j) -> (-2+-5-(-3), -1*i)", "(d0, d1) -> (-4, -d0)");
}

#[test]
fn parse_time_simplification_is_local_only() {
    // MLIR does not fully simplify while parsing.
    map(
        "(i, j) -> ((j - i) + 2*(i - j + 1) + j - 1 + 0, j + j + 1 + j + j + 1)",
        "(d0, d1) -> (d1 - d0 + (d0 - d1 + 1) * 2 + d1 - 1, d1 * 4 + 2)",
    );
}

#[test]
fn symbols_and_sums() {
    map("(i, j)[s0] -> (i + s0, j)", "(d0, d1)[s0] -> (d0 + s0, d1)");
    map(
        "(i, j)[s0] -> (i + s0, j + 5)",
        "(d0, d1)[s0] -> (d0 + s0, d1 + 5)",
    );
    map(
        "(i, j)[s0] -> (i + j + s0, j)",
        "(d0, d1)[s0] -> (d0 + d1 + s0, d1)",
    );
    map(
        "(i, j)[s0] -> (5 + i + j + s0, j)",
        "(d0, d1)[s0] -> (d0 + d1 + s0 + 5, d1)",
    );
    map(
        "(i, j)[s0] -> ((i + j) + 5, j)",
        "(d0, d1)[s0] -> (d0 + d1 + 5, d1)",
    );
    map(
        "(i, j)[s0] -> (i + (j + 5), j)",
        "(d0, d1)[s0] -> (d0 + d1 + 5, d1)",
    );
    map(
        "(i, j)[s0] -> (2*i, 3*j)",
        "(d0, d1)[s0] -> (d0 * 2, d1 * 3)",
    );
    map(
        "(i, j)[s0] -> (i + 2*6 + 5*(j+s0*3), j)",
        "(d0, d1)[s0] -> (d0 + (d1 + s0 * 3) * 5 + 12, d1)",
    );
    map(
        "(i, j)[s0] -> (5*i + j, j)",
        "(d0, d1)[s0] -> (d0 * 5 + d1, d1)",
    );
    map(
        "(i, j)[s0] -> ((i + j), (j))",
        "(d0, d1)[s0] -> (d0 + d1, d1)",
    );
    map(
        "(i, j)[s0] -> ((i + j + 2) + 5, (j)+3)",
        "(d0, d1)[s0] -> (d0 + d1 + 7, d1 + 3)",
    );
    map("(i, j)[s1] -> (i, 0)", "(d0, d1)[s0] -> (d0, 0)");
    map("(i, j) -> (i, 3*i + j)", "(d0, d1) -> (d0, d0 * 3 + d1)");
    map("(i, j)  -> (i, i + 3*j)", "(d0, d1) -> (d0, d0 + d1 * 3)");
    map(
        "(i, j)  -> (1, i + 3*j + 5)",
        "(d0, d1) -> (1, d0 + d1 * 3 + 5)",
    );
    map(
        "(i, j)[s0] -> (5*s0, i + 3*j + 5*i)",
        "(d0, d1)[s0] -> (s0 * 5, d0 + d1 * 3 + d0 * 5)",
    );
    map(
        "(i, j)[M, N] -> (i*M, M + i, 2+i, j*2, N*2, 2 + M)",
        "(d0, d1)[s0, s1] -> (d0 * s0, d0 + s0, d0 + 2, d1 * 2, s1 * 2, s0 + 2)",
    );
}

#[test]
fn semi_affine_products() {
    map("(i, j)[s0] -> (i, s0*j)", "(d0, d1)[s0] -> (d0, d1 * s0)");
    map(
        "(i, j)[N] -> (i, 2 + N*N*9*i + 1)",
        "(d0, d1)[s0] -> (d0, d0 * ((s0 * s0) * 9) + 3)",
    );
    map(
        "(i, j)[s0, s1] -> (i*(s0*s1), j)",
        "(d0, d1)[s0, s1] -> (d0 * (s0 * s1), d1)",
    );
    map(
        "(i, j, k)[s0, s1, s2] -> (i*s1*s2 + j*s1 + k)",
        "(d0, d1, d2)[s0, s1, s2] -> ((d0 * s1) * s2 + d1 * s1 + d2)",
    );
    map(
        "(i, j)[s0, s1] -> (i, j floordiv s0, j mod s0)",
        "(d0, d1)[s0, s1] -> (d0, d1 floordiv s0, d1 mod s0)",
    );
    map(
        "(i, j, k) [N] -> (1 + i + 3 + j - 3 + k, k + 5 + j - 5, 2*i*4*N)",
        "(d0, d1, d2)[s0] -> (d0 + d1 + d2 + 1, d1 + d2, (d0 * s0) * 8)",
    );
}

#[test]
fn division_and_modulo() {
    map(
        "(i, j)[s0, s1] -> (i, j mod 5)",
        "(d0, d1)[s0, s1] -> (d0, d1 mod 5)",
    );
    map(
        "(i, j)[s0, s1] -> (i, j floordiv 5)",
        "(d0, d1)[s0, s1] -> (d0, d1 floordiv 5)",
    );
    map(
        "(i, j)[s0, s1] -> (i, j ceildiv 5)",
        "(d0, d1)[s0, s1] -> (d0, d1 ceildiv 5)",
    );
    map(
        "(i, j) [s0] -> ( i * 5 floordiv 4, j ceildiv 7 mod s0)",
        "(d0, d1)[s0] -> ((d0 * 5) floordiv 4, (d1 ceildiv 7) mod s0)",
    );
    map(
        "(i, j) -> (i - 2*j, j * 6 floordiv 4)",
        "(d0, d1) -> (d0 - d1 * 2, (d1 * 6) floordiv 4)",
    );
    map(
        "(i, j, k) -> (i*0, 1*j, i * 128 floordiv 64, j * 0 floordiv 64)",
        "(d0, d1, d2) -> (0, d1, d0 * 2, 0)",
    );
    map(
        "(i, j, k) -> (i * 64 ceildiv 64, i * 512 ceildiv 128, 4 * j mod 4, 4*j*4 mod 8, k mod 1)",
        "(d0, d1, d2) -> (d0, d0 * 4, 0, 0, 0)",
    );
    map(
        "(i, j, k) -> (i * 64 floordiv 64, i * 512 floordiv 128, 4 * j mod 4, 4*j*4 mod 8)",
        "(d0, d1, d2) -> (d0, d0 * 4, 0, 0)",
    );
    map(
        "(i, j)[s0] -> ( (i * 4 + 8) mod 4, 32 * j * s0 * 8 mod 256, (4*i + (j * (s0 * 2))) mod 2, (4*i + 3) mod 2)",
        "(d0, d1)[s0] -> (0, 0, 0, 1)",
    );
    map(
        "(i, j)[s0] -> ( (i * 2 + 1) ceildiv 1, (j + s0) floordiv 1)",
        "(d0, d1)[s0] -> (d0 * 2 + 1, d1 + s0)",
    );
    map(
        "(d0, d1) -> ((4*d0 + 2) floordiv 4, (4*d0 + 8*d1 + 5) floordiv 2, (2*d0 + 4*d1 + 3) mod 2, (3*d0 - 4) mod 3, (4*d0 + 8*d1) mod 8)",
        "(d0, d1) -> (d0, d0 * 2 + d1 * 4 + 2, 1, 2, (d0 * 4) mod 8)",
    );
    map(
        "(d0, d1) -> ((d0 mod 35) mod 5, (d1 mod 35) mod 4)",
        "(d0, d1) -> (d0 mod 5, (d1 mod 35) mod 4)",
    );
    // Division by zero or a negative constant is kept as written.
    map(
        "(d0) -> (d0 floordiv 0, d0 mod -2, 7 ceildiv 0)",
        "(d0) -> (d0 floordiv 0, d0 mod -2, 7 ceildiv 0)",
    );
}

#[test]
fn subtraction_and_negation_printing() {
    map(
        "(i, j)[s0, s1] -> (i, i - j - 5)",
        "(d0, d1)[s0, s1] -> (d0, d0 - d1 - 5)",
    );
    map(
        "(i, j)[M, N] -> (i, i - N*j + 2)",
        "(d0, d1)[s0, s1] -> (d0, d0 - d1 * s1 + 2)",
    );
    map(
        "(i, j)[s0, s1] -> (-5*i, -3*j, -2, -1*(i+j), -1*s0)",
        "(d0, d1)[s0, s1] -> (d0 * -5, d1 * -3, -2, -(d0 + d1), -s0)",
    );
    map(
        "(d0) -> (16*d0 + ((d0 + 1) * -1) + 15)",
        "(d0) -> (d0 * 16 - (d0 + 1) + 15)",
    );
    map("(d0) -> (d0 - (d0 + 1))", "(d0) -> (d0 - (d0 + 1))");
    map(
        "(d0)[s0] -> (-s0 floordiv 4, d0 floordiv -1)",
        "(d0)[s0] -> ((-s0) floordiv 4, d0 floordiv -1)",
    );
    map(
        "(d0, d1) -> (d0 - d1 * 3, d0 + d1 * -3)",
        "(d0, d1) -> (d0 - d1 * 3, d0 - d1 * 3)",
    );
    map(
        "(d0, d1) -> (d0 - (d1 mod 4) * 2)",
        "(d0, d1) -> (d0 - (d1 mod 4) * 2)",
    );
    map("(d0, d1) -> (-(d0 mod 4))", "(d0, d1) -> (-(d0 mod 4))");
    map("(d0) -> (- - d0, ---d0)", "(d0) -> (d0, -d0)");
}

#[test]
fn add_folds_into_multiples_and_modulo() {
    map(
        "(d0, d1) -> (d0 - d0 + d1, -d0 + d0 + d0, (1 + d0 + d1 floordiv 4) - (d0 + d1 floordiv 4 + 1))",
        "(d0, d1) -> (d1, d0, 0)",
    );
    map(
        "(d0, d1) -> (4*d0 - 2*d0 + d0, (d0 + d1) + (d0 + d1), 2 * (d0 mod 2) - d0 mod 2)",
        "(d0, d1) -> (d0 * 3, (d0 + d1) * 2, d0 mod 2)",
    );
    map("(d0) -> (d0 - d0 floordiv 4 * 4)", "(d0) -> (d0 mod 4)");
    map(
        "(d0)[s0] -> (d0 - d0 floordiv (4 * s0) * (4 * s0))",
        "(d0)[s0] -> (d0 mod (s0 * 4))",
    );
    map(
        "(d0) -> (d0 + ((d0 floordiv 4) - 4))",
        "(d0) -> (d0 + d0 floordiv 4 - 4)",
    );
}

#[test]
fn identifiers_may_be_keywords_or_type_names() {
    map("(i0, i1) -> (i0, i1)", "(d0, d1) -> (d0, d1)");
    map(
        "(d0, d1)[step, loc] -> (step - d0, loc - d1)",
        "(d0, d1)[s0, s1] -> (-d0 + s0, -d1 + s1)",
    );
    map(
        "(d0, d1)[mod, floordiv] -> (mod floordiv 2 - d0, floordiv mod 3 - d1)",
        "(d0, d1)[s0, s1] -> (-d0 + s0 floordiv 2, -d1 + s1 mod 3)",
    );
    map(
        "(d0, d1)[mod, floordiv] -> (floordiv floordiv 2 - d0, mod mod 3 - d1)",
        "(d0, d1)[s0, s1] -> (-d0 + s1 floordiv 2, -d1 + s0 mod 3)",
    );
    map(
        "(i0, i1)[mod] -> (i0 + i1 + mod)",
        "(d0, d1)[s0] -> (d0 + d1 + s0)",
    );
    map("(x.y, z$) -> (x.y)", "(d0, d1) -> (d0)");
    // Names are positional: `d1` may well be the first dimension.
    map("(d1, d0) -> (d0, d1)", "(d0, d1) -> (d1, d0)");
}

#[test]
fn whitespace_comments_and_hex() {
    map(
        "  ( i ,\n j )\t[ N ]\n->\n( i+N , // trailing comment\n j )  ",
        "(d0, d1)[s0] -> (d0 + s0, d1)",
    );
    map("(d0) -> (d0 + 0x10)", "(d0) -> (d0 + 16)");
    map(
        "(d0) -> (d0 - 9223372036854775808)",
        "(d0) -> (d0 - 9223372036854775808)",
    );
    map(
        "(d0) -> (9223372036854775807)",
        "(d0) -> (9223372036854775807)",
    );
}

#[test]
fn integer_sets() {
    set("() : ()", "() : (0 == 0)");
    set("(i) : (i == 0)", "(d0) : (d0 == 0)");
    set("(i) : (i >= 0)", "(d0) : (d0 >= 0)");
    set("(i, j) : (i >= 0, j >= 0)", "(d0, d1) : (d0 >= 0, d1 >= 0)");
    set("(i, j) : (i == 0, j >= 0)", "(d0, d1) : (d0 == 0, d1 >= 0)");
    set(
        "(i, j)[N, M] : (i * 2 + N >= 0, j * 2 + M >= 0, i >= 0, j >= 0, N == 0, M == 0)",
        "(d0, d1)[s0, s1] : (d0 * 2 + s0 >= 0, d1 * 2 + s1 >= 0, d0 >= 0, d1 >= 0, s0 == 0, s1 == 0)",
    );
    set(
        "(i, j)[N, M] : (N - i >= 0, M - j >= 0, i >= 0, j >= 0)",
        "(d0, d1)[s0, s1] : (-d0 + s0 >= 0, -d1 + s1 >= 0, d0 >= 0, d1 >= 0)",
    );
    set("(i) : (i == 1)", "(d0) : (d0 - 1 == 0)");
    set(
        "(i)[N, M] : (i >= 0, N >= i, N == 5, M + 1 >= i)",
        "(d0)[s0, s1] : (d0 >= 0, -d0 + s0 >= 0, s0 - 5 == 0, -d0 + s1 + 1 >= 0)",
    );
    set(
        "(i, j)[N] : (i >= 0, N >= i, j >= 0, i >= j)",
        "(d0, d1)[s0] : (d0 >= 0, -d0 + s0 >= 0, d1 >= 0, d0 - d1 >= 0)",
    );
    set(
        "(i0, i1)[N, M] : (0 == i0 + i1 + N + M, i0 + i1 == N + M)",
        "(d0, d1)[s0, s1] : (-(d0 + d1 + s0 + s1) == 0, d0 + d1 - (s0 + s1) == 0)",
    );
    set(
        "(i0, i1)[N, M] : (0 >= i0 + i1 + N + M, i0 + i1 >= N + M)",
        "(d0, d1)[s0, s1] : (-(d0 + d1 + s0 + s1) >= 0, d0 + d1 - (s0 + s1) >= 0)",
    );
    set(
        "(d0, d1, r0, r1) : ((d0 + d1) mod 2 == (r0 + r1) floordiv 2, ((d0) mod 2) + ((d1) mod 2) >= (r0 + r1) + r0)",
        "(d0, d1, d2, d3) : ((d0 + d1) mod 2 - (d2 + d3) floordiv 2 == 0, d0 mod 2 + d1 mod 2 - (d2 + d3 + d2) >= 0)",
    );
    set("(i) : (i <= 0)", "(d0) : (-d0 >= 0)");
    set("(i) : (i >= 0, i <= 10)", "(d0) : (d0 >= 0, -d0 + 10 >= 0)");
    set(
        "(i, j)[N, M] : (i >= 0, i <= N, j >= 0, j <= M)",
        "(d0, d1)[s0, s1] : (d0 >= 0, -d0 + s0 >= 0, d1 >= 0, -d1 + s1 >= 0)",
    );
    set(
        "(i)[N] : (i >= 0, i <= N, i <= N floordiv 2)",
        "(d0)[s0] : (d0 >= 0, -d0 + s0 >= 0, -d0 + s0 floordiv 2 >= 0)",
    );
    set(
        "(i0, i1, i2, i3, i4)[] : (i0 <= 0, i1 <= 0, i2 <= 0, i3 <= 0, i4 <= 0)",
        "(d0, d1, d2, d3, d4) : (-d0 >= 0, -d1 >= 0, -d2 >= 0, -d3 >= 0, -d4 >= 0)",
    );
    // `>` `=` are two tokens in MLIR's lexer, so spaces between them are fine.
    set(
        "(d0)[s0] : (d0 - 10 > = 0, s0 - d0 = = 0)",
        "(d0)[s0] : (d0 - 10 >= 0, -d0 + s0 == 0)",
    );
}

#[test]
fn map_or_set_dispatch() {
    assert!(matches!(
        parse_affine_map_or_set("(d0) -> (d0)"),
        Ok(MapOrSet::Map(_))
    ));
    assert!(matches!(
        parse_affine_map_or_set("(d0) : (d0 >= 0)"),
        Ok(MapOrSet::Set(_))
    ));
}
