//! NumPy `.npy` files (format 1.0, also reading 2.0): little-endian, C
//! order, dtypes bool, int8..int64, uint8..uint64, float16/32/64.

use crate::value::Scalar;
use strata_dialect_arith::semantics::{mask, sext, ScalarType};
use strata_ir::FloatKind;

/// An array read from a file: its shape and elements, in the file's dtype.
#[derive(Clone, Debug, PartialEq)]
pub struct NpyArray {
    pub descr: String,
    pub shape: Vec<i64>,
    pub data: Vec<NpyElem>,
}

#[derive(Copy, Clone, Debug, PartialEq)]
pub enum NpyElem {
    Int(i128),
    Float(f64),
}

fn dtype_info(descr: &str) -> Option<(char, usize)> {
    let d = descr.trim_start_matches(['<', '|', '=']);
    let mut chars = d.chars();
    let kind = chars.next()?;
    let size: usize = chars.as_str().parse().ok()?;
    // NumPy's sizes for each kind; anything else (`|b0`, `<i3`, `<f16`)
    // describes no array this reader can hold.
    let valid = match kind {
        'b' => size == 1,
        'i' | 'u' => matches!(size, 1 | 2 | 4 | 8),
        'f' => matches!(size, 2 | 4 | 8),
        _ => false,
    };
    valid.then_some((kind, size))
}

/// Parses the bytes of an `.npy` file.
pub fn parse_npy(bytes: &[u8]) -> Result<NpyArray, String> {
    if bytes.len() < 10 || &bytes[..6] != b"\x93NUMPY" {
        return Err("not an .npy file (bad magic)".into());
    }
    let (header_len, start) = match bytes[6] {
        1 => (u16::from_le_bytes([bytes[8], bytes[9]]) as usize, 10),
        2 | 3 => {
            if bytes.len() < 12 {
                return Err("truncated .npy header".into());
            }
            (
                u32::from_le_bytes([bytes[8], bytes[9], bytes[10], bytes[11]]) as usize,
                12,
            )
        }
        v => return Err(format!("unsupported .npy version {v}")),
    };
    let header = std::str::from_utf8(
        bytes
            .get(start..start + header_len)
            .ok_or("truncated .npy header")?,
    )
    .map_err(|_| "invalid .npy header")?;
    let field = |key: &str| -> Option<&str> {
        let at = header.find(&format!("'{key}'"))?;
        let rest = &header[at + key.len() + 2..];
        Some(rest.trim_start().trim_start_matches(':').trim_start())
    };
    let descr = field("descr")
        .and_then(|r| r.strip_prefix('\''))
        .and_then(|r| r.split('\'').next())
        .ok_or("no 'descr' in .npy header")?
        .to_string();
    if descr.starts_with('>') && !descr.ends_with('1') {
        return Err(format!("big-endian dtype '{descr}' is not supported"));
    }
    if field("fortran_order").is_some_and(|r| r.starts_with("True")) {
        return Err("Fortran-order arrays are not supported".into());
    }
    let shape_text = field("shape")
        .and_then(|r| r.strip_prefix('('))
        .and_then(|r| r.split(')').next())
        .ok_or("no 'shape' in .npy header")?;
    let shape: Vec<i64> = shape_text
        .split(',')
        .map(|s| s.trim())
        .filter(|s| !s.is_empty())
        .map(|s| {
            s.parse::<i64>()
                .map_err(|_| format!("bad shape entry '{s}'"))
        })
        .collect::<Result<_, _>>()?;
    let (kind, size) = dtype_info(&descr).ok_or_else(|| format!("unsupported dtype '{descr}'"))?;
    if let Some(d) = shape.iter().find(|&&d| d < 0) {
        return Err(format!("negative dimension {d} in the .npy shape"));
    }
    let body = &bytes[start + header_len..];
    // The file must hold exactly the array: a shape whose byte size
    // overflows cannot match any file, and trailing bytes mean the header
    // does not describe the data.
    let count = crate::value::element_count(&shape)
        .filter(|c| c.checked_mul(size) == Some(body.len()))
        .ok_or_else(|| {
            let expected = crate::value::element_count(&shape)
                .and_then(|c| c.checked_mul(size))
                .map_or_else(|| "more than fit in memory".to_string(), |b| b.to_string());
            format!(
                "the .npy data holds {} bytes, the header's shape {shape:?} of '{descr}' needs {expected}",
                body.len()
            )
        })?;
    let mut data = Vec::with_capacity(count);
    for chunk in body.chunks(size).take(count) {
        let mut raw = 0u128;
        for (i, b) in chunk.iter().enumerate() {
            raw |= (*b as u128) << (8 * i);
        }
        data.push(match (kind, size) {
            ('b', _) => NpyElem::Int((raw != 0) as i128),
            ('i', _) => NpyElem::Int(sext(raw, 8 * size as u32)),
            ('u', _) => NpyElem::Int(raw as i128),
            ('f', 2) => NpyElem::Float(half::f16::from_bits(raw as u16).to_f64()),
            ('f', 4) => NpyElem::Float(f32::from_bits(raw as u32) as f64),
            ('f', 8) => NpyElem::Float(f64::from_bits(raw as u64)),
            _ => return Err(format!("unsupported dtype '{descr}'")),
        });
    }
    Ok(NpyArray { descr, shape, data })
}

/// Converts file elements to elements of type `ty`, exactly: a value the
/// type cannot hold (an int64 beyond i32's range, a float64 that f32
/// rounds, a fraction for an integer) is an error naming both types, never
/// a silent conversion. NaN converts to NaN.
pub fn to_scalars(array: &NpyArray, ty: ScalarType) -> Result<Vec<Scalar>, String> {
    let lossy = |i: usize, shown: String| {
        format!(
            "element {i} of the .npy file of dtype '{}' ({shown}) is not exactly representable in {}",
            array.descr,
            crate::value::type_name(ty)
        )
    };
    array
        .data
        .iter()
        .enumerate()
        .map(|(i, &e)| match (e, ty) {
            (NpyElem::Int(v), ScalarType::Int(w)) if crate::value::int_fits(v, w) => {
                Ok(Scalar::Int(mask(v as u128, w), w))
            }
            (NpyElem::Int(v), ScalarType::Float(k))
                if (v as f64) as i128 == v
                    && strata_dialect_arith::semantics::round_to(k, v as f64) == v as f64 =>
            {
                Ok(Scalar::Float(v as f64, k))
            }
            (NpyElem::Float(f), ScalarType::Float(k))
                if f.is_nan() || strata_dialect_arith::semantics::round_to(k, f) == f =>
            {
                Ok(Scalar::Float(f, k))
            }
            (NpyElem::Int(v), _) => Err(lossy(i, v.to_string())),
            (NpyElem::Float(f), _) => Err(lossy(i, f.to_string())),
        })
        .collect()
}

/// The dtype written for elements of type `ty` (bf16 is written as
/// float32, exactly); `None` for integers wider than NumPy's 64 bits.
pub fn descr_for(ty: ScalarType) -> Option<&'static str> {
    Some(match ty {
        ScalarType::Int(1) => "|b1",
        ScalarType::Int(w) if w <= 8 => "|i1",
        ScalarType::Int(w) if w <= 16 => "<i2",
        ScalarType::Int(w) if w <= 32 => "<i4",
        ScalarType::Int(w) if w <= 64 => "<i8",
        ScalarType::Int(_) => return None,
        ScalarType::Float(FloatKind::F16) => "<f2",
        ScalarType::Float(FloatKind::F64) => "<f8",
        ScalarType::Float(_) => "<f4",
    })
}

/// The bytes of an `.npy` file (format 1.0) holding `elems` of type `ty`;
/// an error for a type NumPy has no dtype for.
pub fn write_npy(shape: &[i64], ty: ScalarType, elems: &[Scalar]) -> Result<Vec<u8>, String> {
    let descr = descr_for(ty).ok_or_else(|| {
        format!(
            "{} has no NumPy dtype (at most 64-bit integers), so it cannot be written to an .npy file",
            crate::value::type_name(ty)
        )
    })?;
    let shape_text = match shape.len() {
        0 => "()".to_string(),
        1 => format!("({},)", shape[0]),
        _ => format!(
            "({})",
            shape
                .iter()
                .map(|d| d.to_string())
                .collect::<Vec<_>>()
                .join(", ")
        ),
    };
    let mut header =
        format!("{{'descr': '{descr}', 'fortran_order': False, 'shape': {shape_text}, }}");
    let total = 10 + header.len() + 1;
    let pad = (64 - total % 64) % 64;
    header.push_str(&" ".repeat(pad));
    header.push('\n');
    let mut out = Vec::with_capacity(10 + header.len() + elems.len() * 8);
    out.extend_from_slice(b"\x93NUMPY\x01\x00");
    out.extend_from_slice(&(header.len() as u16).to_le_bytes());
    out.extend_from_slice(header.as_bytes());
    let (_, size) = dtype_info(descr).unwrap();
    for &e in elems {
        let raw: u128 = match (e, descr) {
            // NumPy's bool is the byte 0 or 1.
            (Scalar::Int(v, 1), _) => v & 1,
            (Scalar::Int(v, w), _) => sext(v, w) as u128,
            (Scalar::Float(f, _), "<f2") => half::f16::from_f64(f).to_bits() as u128,
            (Scalar::Float(f, _), "<f8") => f.to_bits() as u128,
            (Scalar::Float(f, _), _) => (f as f32).to_bits() as u128,
        };
        out.extend_from_slice(&raw.to_le_bytes()[..size]);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips() {
        let elems: Vec<Scalar> = (0..6)
            .map(|i| Scalar::Float(i as f64 * 0.5, FloatKind::F32))
            .collect();
        let bytes = write_npy(&[2, 3], ScalarType::Float(FloatKind::F32), &elems).unwrap();
        assert_eq!(
            (10 + u16::from_le_bytes([bytes[8], bytes[9]]) as usize) % 64,
            0
        );
        let a = parse_npy(&bytes).unwrap();
        assert_eq!(a.shape, vec![2, 3]);
        assert_eq!(
            to_scalars(&a, ScalarType::Float(FloatKind::F32)).unwrap(),
            elems
        );
        let ints: Vec<Scalar> = [-1i64, 7, 300]
            .iter()
            .map(|&v| Scalar::Int(mask(v as u128, 16), 16))
            .collect();
        let bytes = write_npy(&[3], ScalarType::Int(16), &ints).unwrap();
        let a = parse_npy(&bytes).unwrap();
        assert_eq!(a.descr, "<i2");
        assert_eq!(to_scalars(&a, ScalarType::Int(16)).unwrap(), ints);
    }

    /// Found by fuzzing (fuzz/fuzz_targets/npy.rs): a zero-sized dtype
    /// (`|b0`) split the data into chunks of 0 bytes and panicked; sizes
    /// NumPy does not have and a non-ASCII kind are refused too.
    #[test]
    fn dtypes_numpy_does_not_have_are_refused() {
        let file = |descr: &str, data: &[u8]| {
            let mut header =
                format!("{{'descr': '{descr}', 'fortran_order': False, 'shape': (2,), }}");
            while (10 + header.len() + 1) % 64 != 0 {
                header.push(' ');
            }
            header.push('\n');
            let mut bytes = b"\x93NUMPY\x01\x00".to_vec();
            bytes.extend_from_slice(&(header.len() as u16).to_le_bytes());
            bytes.extend_from_slice(header.as_bytes());
            bytes.extend_from_slice(data);
            bytes
        };
        for descr in [
            "|b0", "<i0", "<i3", "<i16", "<u32", "<f16", "<f1", "é4", "<c8",
        ] {
            let e = parse_npy(&file(descr, &[])).unwrap_err();
            assert_eq!(e, format!("unsupported dtype '{descr}'"));
        }
        assert!(parse_npy(&file("|b1", &[1, 0])).is_ok());
    }
}
