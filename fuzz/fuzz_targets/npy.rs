//! Fuzzes the .npy reader behind `strata-run --input`/`--expect`: any bytes
//! give an array or an error, never a panic or an allocation the bytes do
//! not account for; an array read as any element type either converts
//! exactly or is refused; and what converts writes back to a file that reads
//! as the same elements (bit for bit, NaN payloads included).

#![no_main]

use libfuzzer_sys::fuzz_target;
use strata_interp::npy::{parse_npy, to_scalars, write_npy};
use strata_interp::value::{Scalar, ScalarType};
use strata_ir::FloatKind;

const TYPES: [ScalarType; 8] = [
    ScalarType::Int(1),
    ScalarType::Int(8),
    ScalarType::Int(16),
    ScalarType::Int(32),
    ScalarType::Int(64),
    ScalarType::Float(FloatKind::F16),
    ScalarType::Float(FloatKind::F32),
    ScalarType::Float(FloatKind::F64),
];

fn same(a: &[Scalar], b: &[Scalar]) -> bool {
    a.len() == b.len()
        && a.iter().zip(b).all(|(x, y)| match (x, y) {
            (Scalar::Float(p, _), Scalar::Float(q, _)) => p.to_bits() == q.to_bits() || (p.is_nan() && q.is_nan()),
            _ => x == y,
        })
}

fuzz_target!(|data: &[u8]| {
    let Ok(array) = parse_npy(data) else { return };
    for ty in TYPES {
        let Ok(elems) = to_scalars(&array, ty) else { continue };
        let bytes = write_npy(&array.shape, ty, &elems).expect("converted elements write");
        let again = parse_npy(&bytes).expect("a written file reads");
        assert_eq!(again.shape, array.shape);
        let back = to_scalars(&again, ty).expect("written elements convert");
        assert!(same(&elems, &back), "round trip changed the elements");
    }
});
