//! Simplification, composition, evaluation and map/set queries.

use strata_affine::{
    parse_affine_map, parse_integer_set, AffineExpr, AffineMap, AffineMapError, EvalError,
    IntegerSet,
};

fn d(p: usize) -> AffineExpr {
    AffineExpr::dim(p)
}
fn s(p: usize) -> AffineExpr {
    AffineExpr::symbol(p)
}
fn m(text: &str) -> AffineMap {
    parse_affine_map(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

#[test]
fn smart_constructors_print_like_mlir() {
    assert_eq!((d(0) + d(1) * 2).to_string(), "d0 + d1 * 2");
    assert_eq!((d(0) + -1).to_string(), "d0 - 1");
    assert_eq!((d(0) * -1).to_string(), "-d0");
    assert_eq!((d(0) - d(1)).to_string(), "d0 - d1");
    assert_eq!((d(0) + 1).floor_div(2).to_string(), "(d0 + 1) floordiv 2");
    assert_eq!(((d(0) % 4) % 2).to_string(), "d0 mod 2");
    assert_eq!(((d(0) % 3) % 2).to_string(), "(d0 mod 3) mod 2");
    assert_eq!(
        (d(0).floor_div(4)).floor_div(2).to_string(),
        "(d0 floordiv 4) floordiv 2"
    );
    assert_eq!((d(0) * 1).to_string(), "d0");
    assert_eq!((d(0) + 0).to_string(), "d0");
    assert_eq!(d(0).floor_div(1).to_string(), "d0");
    assert_eq!(d(0).modulo(1).to_string(), "0");
    assert_eq!(((d(0) + 3) + 4).to_string(), "d0 + 7");
    assert_eq!((AffineExpr::constant(3) * 4).to_string(), "12");
    assert_eq!((AffineExpr::constant(2) + d(0)).to_string(), "d0 + 2");
    assert_eq!((s(0) + d(0)).to_string(), "d0 + s0");
    assert_eq!((s(1) * s(0)).to_string(), "s0 * s1");
    assert_eq!((d(1) + d(0)).to_string(), "d0 + d1");
    assert_eq!(
        (d(0) * s(0)).floor_div(s(0)).to_string(),
        "(d0 * s0) floordiv s0"
    );
    assert_eq!((d(0) + i64::MIN).to_string(), "d0 - 9223372036854775808");
    assert_eq!(d(0).floor_div(0).to_string(), "d0 floordiv 0");
    // Constant folding wraps like MLIR's int64_t arithmetic.
    assert_eq!(
        (AffineExpr::constant(i64::MAX) + 1).as_constant(),
        Some(i64::MIN)
    );
}

#[test]
fn expression_queries() {
    let e = (d(0) * 4 + s(0) * 8) % 16;
    assert!(!e.is_symbolic_or_constant());
    assert!(e.is_pure_affine());
    assert_eq!((d(0) * 4 + d(1) * 8).largest_known_divisor(), 4);
    assert!((d(0) * 6).is_multiple_of(3));
    assert!(!d(0).is_multiple_of(0));
    assert!(!(d(0) * s(0)).is_pure_affine());
    assert!((d(0) * s(0)).is_semi_affine());
    assert!(e.is_function_of_dim(0) && !e.is_function_of_dim(1));
    assert!(e.is_function_of_symbol(0));
    assert_eq!((d(3) + s(1)).min_dims_and_symbols(), (4, 2));
    assert_eq!(d(0).shift_dims(1, 2, 0), d(2));
    assert_eq!(s(0).shift_symbols(1, 1, 0), s(1));
}

#[test]
fn replace_rebuilds_with_simplification() {
    let e = d(0) + d(1);
    assert_eq!(e.replace_dims(&[d(1), d(1) * -1]).to_string(), "0");
    let mut map = std::collections::HashMap::new();
    map.insert(d(1), AffineExpr::constant(5));
    assert_eq!((d(0) * 2 + d(1)).replace(&map).to_string(), "d0 * 2 + 5");
}

#[test]
fn full_simplification() {
    let cases = [
        (
            "(d0, d1) -> ((d1 - d0) + 2*(d0 - d1 + 1) + d1 - 1)",
            "(d0, d1) -> (d0 + 1)",
        ),
        ("(d0, d1) -> ((d0 + d1) - d1)", "(d0, d1) -> (d0)"),
        ("(d0, d1) -> (d1 + d0 - 2 * d0)", "(d0, d1) -> (-d0 + d1)"),
        ("(d0) -> (d0 mod 2 + (d0 floordiv 2) * 2)", "(d0) -> (d0)"),
        ("(d0) -> ((d0 * 4 + 3) floordiv 2)", "(d0) -> (d0 * 2 + 1)"),
        (
            "(d0) -> ((d0 * 6) floordiv 4)",
            "(d0) -> ((d0 * 3) floordiv 2)",
        ),
        ("(d0)[s0] -> (d0 + s0 - d0)", "(d0)[s0] -> (s0)"),
        ("(d0)[s0] -> ((d0 * s0) floordiv s0)", "(d0)[s0] -> (d0)"),
        ("(d0)[s0] -> ((d0 * s0 + s0) mod s0)", "(d0)[s0] -> (0)"),
        (
            "(d0)[s0] -> ((d0 * s0 + s0 * 2) ceildiv s0)",
            "(d0)[s0] -> (d0 + 2)",
        ),
        // Division by a non-positive constant is MLIR's poison: left alone.
        ("(d0) -> (d0 floordiv 0)", "(d0) -> (d0 floordiv 0)"),
        (
            "(d0) -> (d0 floordiv -2 + d0 - d0)",
            "(d0) -> (d0 floordiv -2 + d0 - d0)",
        ),
    ];
    for (input, expected) in cases {
        assert_eq!(
            m(input).simplify().to_string(),
            expected,
            "simplify {input}"
        );
    }
    // Positions beyond the declared counts are left alone, never a panic.
    let bad = AffineMap::new(1, 0, vec![d(3) + d(3)]);
    assert_eq!(bad.simplify(), bad);
    // A non-affine product is left alone too.
    let product = AffineMap::new(2, 0, vec![d(0) * d(1)]);
    assert_eq!(product.simplify(), product);
}

#[test]
fn simplification_preserves_values() {
    let maps = [
        "(d0, d1)[s0] -> ((d0 * 3 + d1 * 6 + 5) floordiv 3, (d0 - d1) mod 7, (d0 * 2 + 1) ceildiv 4)",
        "(d0, d1)[s0] -> (d0 * s0 + d1 * s0 - d0 * s0, (d0 + 2 * d1) mod 4 + ((d0 + 2 * d1) floordiv 4) * 4)",
        "(d0)[s0] -> ((d0 - d0 mod s0) mod s0, d0 floordiv 2 - d0 floordiv 4)",
    ];
    for text in maps {
        let map = m(text);
        let simplified = map.simplify();
        for a in -9..=9 {
            for b in -5..=5 {
                for n in 1..=4 {
                    let dims = &[a, b][..map.num_dims];
                    assert_eq!(
                        map.eval(dims, &[n]),
                        simplified.eval(dims, &[n]),
                        "{map} vs {simplified} at {dims:?} [{n}]"
                    );
                }
            }
        }
    }
}

#[test]
fn compose_follows_mlir() {
    let outer = m("(d0, d1) -> (d0 + d1)");
    let inner = m("(d0) -> (d0 * 2, d0 + 1)");
    assert_eq!(
        outer.compose(&inner).unwrap().to_string(),
        "(d0) -> (d0 * 2 + d0 + 1)"
    );
    // Symbols of `self` come first, those of `other` are shifted after them.
    let outer = m("(d0)[s0] -> (d0 + s0)");
    let inner = m("(d0)[s0] -> (d0 * s0)");
    assert_eq!(
        outer.compose(&inner).unwrap().to_string(),
        "(d0)[s0, s1] -> (d0 * s1 + s0)"
    );
    let perm = AffineMap::permutation(&[1, 2, 0]).unwrap();
    let inverse = perm.inverse_permutation().unwrap();
    assert!(perm.compose(&inverse).unwrap().is_identity());
    assert!(inverse.compose(&perm).unwrap().is_identity());
    assert_eq!(
        m("(d0, d1) -> (d0)").compose(&m("(d0) -> (d0)")),
        Err(AffineMapError::ComposeArityMismatch {
            outer_dims: 2,
            inner_results: 1
        })
    );
    // Composition agrees with evaluating one map after the other.
    let f = m("(d0, d1)[s0] -> (d0 floordiv 2 + s0, d1 mod 3 - d0)");
    let g = m("(d0)[s0] -> (d0 * 3 + s0, d0 - 1)");
    let fg = f.compose(&g).unwrap();
    for x in -6..6 {
        let inner = g.eval(&[x], &[4]).unwrap();
        assert_eq!(
            fg.eval(&[x], &[5, 4]).unwrap(),
            f.eval(&inner, &[5]).unwrap()
        );
    }
}

#[test]
fn map_constructors_and_queries() {
    assert_eq!(
        AffineMap::multi_dim_identity(3).to_string(),
        "(d0, d1, d2) -> (d0, d1, d2)"
    );
    assert_eq!(AffineMap::constant(7).to_string(), "() -> (7)");
    assert_eq!(
        AffineMap::minor_identity(3, 2).unwrap().to_string(),
        "(d0, d1, d2) -> (d1, d2)"
    );
    assert!(AffineMap::minor_identity(1, 2).is_err());
    assert!(AffineMap::minor_identity(3, 2).unwrap().is_minor_identity());
    assert_eq!(
        AffineMap::permutation(&[2, 0, 1]).unwrap().to_string(),
        "(d0, d1, d2) -> (d2, d0, d1)"
    );
    assert_eq!(AffineMap::permutation(&[0, 0]), None);
    assert_eq!(AffineMap::permutation(&[]), None);
    assert!(m("(d0, d1)[s0] -> (d0, d1)").is_identity());
    assert!(!m("(d0, d1) -> (d1, d0)").is_identity());
    assert!(m("(d0, d1) -> (d1, d0)").is_permutation());
    assert!(m("(d0, d1, d2) -> (d2, d0)").is_projected_permutation(false));
    assert!(!m("(d0, d1, d2) -> (d2, 0)").is_projected_permutation(false));
    assert!(m("(d0, d1, d2) -> (d2, 0)").is_projected_permutation(true));
    assert!(!m("(d0, d1) -> (d0, d0)").is_projected_permutation(false));
    assert!(!m("(d0)[s0] -> (d0)").is_projected_permutation(false));
    assert!(m("(d0) -> (42)").is_single_constant());
    assert_eq!(m("(d0) -> (42)").single_constant_result(), Some(42));
    assert!(!m("(d0) -> (42, 1)").is_single_constant());
    assert_eq!(m("() -> (4, 2)").constant_results(), Some(vec![4, 2]));
    assert!(m("() -> ()").is_empty());
    let map = m("(d0, d1) -> (d1, d0 + 1, d0)");
    assert_eq!(map.num_results(), 3);
    assert_eq!(map.result(1).unwrap().to_string(), "d0 + 1");
    assert_eq!(map.result(3), None);
    assert_eq!(map.dim_position(0), Some(1));
    assert_eq!(map.result_position(&d(0)), Some(2));
    assert_eq!(
        map.drop_results(&[1]).unwrap().to_string(),
        "(d0, d1) -> (d1, d0)"
    );
    assert!(map.drop_results(&[5]).is_err());
    assert_eq!(
        map.sub_map(&[2, 0]).unwrap().to_string(),
        "(d0, d1) -> (d0, d1)"
    );
    assert!(map.sub_map(&[3]).is_err());
    assert_eq!(
        map.replace_dims_and_symbols(&[AffineExpr::constant(3), s(0)], &[], 0, 1)
            .to_string(),
        "()[s0] -> (s0, 4, 3)"
    );
    // Projected permutations invert with the first occurrence winning.
    assert_eq!(
        m("(d0, d1) -> (d1, d0, d1)")
            .inverse_permutation()
            .unwrap()
            .to_string(),
        "(d0, d1, d2) -> (d1, d0)"
    );
    assert_eq!(m("(d0, d1) -> (d1)").inverse_permutation(), None);
    assert!(m("(d0) -> (d0)").is_valid());
    assert!(!AffineMap::new(1, 0, vec![d(1)]).is_valid());
}

#[test]
fn eval_uses_floor_ceil_and_mod_semantics() {
    let map = m("(d0) -> (d0 floordiv 4, d0 ceildiv 4, d0 mod 4)");
    assert_eq!(map.eval(&[-7], &[]).unwrap(), vec![-2, -1, 1]);
    assert_eq!(map.eval(&[7], &[]).unwrap(), vec![1, 2, 3]);
    let by_symbol = m("(d0)[s0] -> (d0 floordiv s0, d0 ceildiv s0)");
    assert_eq!(by_symbol.eval(&[7], &[-2]).unwrap(), vec![-4, -3]);
    assert_eq!(by_symbol.eval(&[7], &[0]), Err(EvalError::DivisionByZero));
    let modulo = m("(d0)[s0] -> (d0 mod s0)");
    assert_eq!(
        modulo.eval(&[7], &[-3]),
        Err(EvalError::NonPositiveModulus(-3))
    );
    assert!(matches!(
        modulo.eval(&[7], &[]),
        Err(EvalError::OperandCountMismatch { .. })
    ));
    assert_eq!(
        AffineMap::new(1, 0, vec![d(2)]).eval(&[1], &[]),
        Err(EvalError::DimOutOfRange {
            position: 2,
            available: 1
        })
    );
    // Wrapping arithmetic and i64::MIN / -1 never panic.
    let extreme = m("(d0)[s0] -> (d0 * 2, d0 floordiv s0, d0 ceildiv s0)");
    assert_eq!(
        extreme.eval(&[i64::MIN], &[-1]).unwrap(),
        vec![0, i64::MIN, i64::MIN]
    );
}

#[test]
fn integer_set_membership_and_forms() {
    let set = parse_integer_set("(i, j)[N] : (i >= 0, N - 1 - i >= 0, i - j == 0)").unwrap();
    assert_eq!(
        set.to_string(),
        "(d0, d1)[s0] : (d0 >= 0, -d0 + s0 - 1 >= 0, d0 - d1 == 0)"
    );
    assert_eq!(set.contains(&[3, 3], &[10]), Ok(true));
    assert_eq!(set.contains(&[3, 4], &[10]), Ok(false));
    assert_eq!(set.contains(&[10, 10], &[10]), Ok(false));
    assert!(set.contains(&[1], &[10]).is_err());
    assert_eq!(set.num_equalities(), 1);
    assert_eq!(set.num_inequalities(), 2);

    let empty = IntegerSet::empty(2, 1);
    assert_eq!(empty.to_string(), "(d0, d1)[s0] : (1 == 0)");
    assert!(empty.is_empty_integer_set());
    assert_eq!(empty.contains(&[0, 0], &[0]), Ok(false));
    assert!(!set.is_empty_integer_set());

    let universe = parse_integer_set("(d0) : ()").unwrap();
    assert_eq!(universe, IntegerSet::universe(1, 0));
    assert_eq!(universe.contains(&[5], &[]), Ok(true));

    // simplify() folds constant constraints into the canonical forms.
    let contradictory = parse_integer_set("(d0) : (d0 >= 0, d0 - d0 - 1 >= 0)").unwrap();
    assert!(contradictory.simplify().is_empty_integer_set());
    let trivial = parse_integer_set("(d0) : (d0 - d0 >= 0, d0 + 1 - d0 - 1 == 0)").unwrap();
    assert_eq!(trivial.simplify().to_string(), "(d0) : (0 == 0)");
    let mixed = parse_integer_set("(d0) : ((d0 + d0) - d0 >= 0, 3 >= 0)").unwrap();
    assert_eq!(mixed.simplify().to_string(), "(d0) : (d0 >= 0)");

    let replaced = set.replace_dims_and_symbols(&[d(0), d(0)], &[AffineExpr::constant(4)], 1, 0);
    assert_eq!(
        replaced.to_string(),
        "(d0) : (d0 >= 0, -d0 + 3 >= 0, 0 == 0)"
    );
}

#[test]
fn values_are_cheap_to_share() {
    use std::collections::HashSet;
    let a = m("(d0, d1) -> (d0 floordiv 4 + d1 mod 3)");
    let b = a.clone();
    let c = m("(i, j) -> (i floordiv 4 + j mod 3)");
    let mut set = HashSet::new();
    set.insert(a);
    assert!(set.contains(&b) && set.contains(&c));
    fn assert_send_sync<T: Send + Sync>() {}
    assert_send_sync::<AffineMap>();
    assert_send_sync::<IntegerSet>();
}
