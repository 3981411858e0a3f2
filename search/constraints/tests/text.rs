//! The textual form: round trips and located errors.

use strata_constraints::{Problem, Solver};

const GEMM_TILE: &str = "\
# One loop of 1024 split three ways; the inner tile is a vector length.
var i in 1024..1024
var i.o in 1..1024
var i.m in 1..1024
var i.v in {1, 2, 4, 8}
var loc in 0..2
var mem in 0..4096
var total in 0..65536
var neg in -5..-1
PROD(i, [i.o, i.m, i.v])
SELECT(mem, loc, [i, i.m, 1])
SUM(total, [mem, mem, 16])
LE(total, 1024)
EQ(neg, -3)
IN(i.v, [2, 4, 8])
";

#[test]
fn print_parse_round_trip() {
    let p = Problem::parse(GEMM_TILE).unwrap();
    let printed = p.to_string();
    let expected: String = GEMM_TILE
        .lines()
        .skip(1)
        .map(|l| format!("{l}\n"))
        .collect();
    assert_eq!(printed, expected);
    let again = Problem::parse(&printed).unwrap();
    assert_eq!(again.to_string(), printed);
    // Same meaning: i = o*m*v with v in {2,4,8}; loc=0 gives mem=1024, total
    // 2064 > 1024: out. loc=2: mem=1, every split. loc=1: mem = m, 2m+16 <= 1024, m <= 504.
    // v=2: o*m = 512 (10 splits), v=4: 256 (9), v=8: 128 (8) -> 27 splits at loc=2;
    // at loc=1, m <= 504 drops m = 512 (v=2) only: 26.
    assert_eq!(Solver::new(&p).count().unwrap(), 27 + 26);
    assert_eq!(Solver::new(&again).count().unwrap(), 27 + 26);
}

fn error_of(src: &str) -> String {
    Problem::parse(src)
        .expect_err("should not parse")
        .to_string()
}

#[test]
fn errors_are_located() {
    assert_eq!(
        error_of("var a in 1..4\nPROD(a, [a, b])\n"),
        "2:13: error: use of undeclared variable 'b'"
    );
    assert_eq!(error_of("var a in 4..1\n"), "1:10: error: empty range 4..1");
    assert_eq!(
        error_of("var a in 1..4\nvar a in 1..2\n"),
        "2:5: error: variable 'a' declared twice"
    );
    assert_eq!(
        error_of("var a in 1..4\n  MUL(a, [a])\n"),
        "2:3: error: unknown constraint kind 'MUL' (expected PROD, SUM, EQ, LE, IN or SELECT)"
    );
    assert_eq!(
        error_of("var a in 1..4\nLE(a 3)\n"),
        "2:6: error: expected ',', found '3'"
    );
    assert_eq!(
        error_of("var a in 1..4\nLE(a, 3"),
        "2:8: error: expected ')', found end of line"
    );
    assert_eq!(
        error_of("var a in 1..4\nLE(a, 3) x\n"),
        "2:10: error: expected end of line, found 'x'"
    );
    assert_eq!(
        error_of("var a in 1..99999999999999999999\n"),
        "1:13: error: integer '99999999999999999999' does not fit in 64 bits"
    );
    assert_eq!(
        error_of("var a on 1..4\n"),
        "1:7: error: expected 'in', found 'on'"
    );
    assert_eq!(
        error_of("var a in {1, x}\n"),
        "1:14: error: expected an integer, found 'x'"
    );
    assert_eq!(
        error_of("var a in 1..4\nIN(a, [1, a])\n"),
        "2:11: error: expected an integer, found 'a'"
    );
    assert_eq!(
        error_of("var a in 1..4 $\n"),
        "1:15: error: unexpected character '$'"
    );
    assert_eq!(
        error_of("(a)\n"),
        "1:1: error: expected 'var' or a constraint kind, found '('"
    );
    let e = Problem::parse("\n\nvar in in 1..2\n").unwrap_err();
    assert_eq!(
        e.render("csp.txt"),
        "csp.txt:3:5: error: 'in' cannot name a variable"
    );
}

#[test]
fn comments_blank_lines_and_lines_are_kept() {
    let p = Problem::parse("# header\n\nvar a in 1..4   # trailing\nLE(a, 2)\n").unwrap();
    let (id, _) = p.constraints().next().unwrap();
    assert_eq!(p.line_of(id), Some(4));
    assert_eq!(Solver::new(&p).count().unwrap(), 2);
}
