//! Reading the model: the protobuf, the opset, element types and tensor
//! data (inline or external).
//!
//! Everything here is about the file, not about IR: what comes out is a
//! decoded [`ModelProto`], the default-domain opset version, and tensors
//! as [`TensorData`] (element type, shape, little-endian bytes), whatever
//! field of the `TensorProto` held them.

use crate::proto::{tensor_proto, type_proto, ModelProto, TensorProto, ValueInfoProto};
use prost::Message;
use std::path::Path;
use strata_ir::{Context, FloatKind, Type};

/// The default-domain opsets the importer knows.
pub const OPSETS: std::ops::RangeInclusive<i64> = 13..=21;

/// An ONNX element type the importer handles. Unsigned integers become
/// MLIR's signless integers of the same width; the importer remembers the
/// signedness to pick `extui`/`uitofp`/`divui`.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum DType {
    F32,
    F64,
    I8,
    U8,
    I16,
    U16,
    I32,
    U32,
    I64,
    U64,
    Bool,
}

impl DType {
    /// The element type of `TensorProto.DataType` number `code`.
    pub fn from_onnx(code: i32) -> Result<DType, String> {
        use tensor_proto::DataType as D;
        Ok(match D::try_from(code) {
            Ok(D::Float) => DType::F32,
            Ok(D::Double) => DType::F64,
            Ok(D::Int8) => DType::I8,
            Ok(D::Uint8) => DType::U8,
            Ok(D::Int16) => DType::I16,
            Ok(D::Uint16) => DType::U16,
            Ok(D::Int32) => DType::I32,
            Ok(D::Uint32) => DType::U32,
            Ok(D::Int64) => DType::I64,
            Ok(D::Uint64) => DType::U64,
            Ok(D::Bool) => DType::Bool,
            Ok(other) => {
                return Err(format!(
                    "element type {} is not supported",
                    other.as_str_name()
                ))
            }
            Err(_) => return Err(format!("unknown element type {code}")),
        })
    }

    pub fn name(self) -> &'static str {
        match self {
            DType::F32 => "float32",
            DType::F64 => "float64",
            DType::I8 => "int8",
            DType::U8 => "uint8",
            DType::I16 => "int16",
            DType::U16 => "uint16",
            DType::I32 => "int32",
            DType::U32 => "uint32",
            DType::I64 => "int64",
            DType::U64 => "uint64",
            DType::Bool => "bool",
        }
    }

    /// Bytes per element in a dense attribute (`i1` takes one).
    pub fn size(self) -> usize {
        match self {
            DType::I8 | DType::U8 | DType::Bool => 1,
            DType::I16 | DType::U16 => 2,
            DType::F32 | DType::I32 | DType::U32 => 4,
            DType::F64 | DType::I64 | DType::U64 => 8,
        }
    }

    pub fn is_float(self) -> bool {
        matches!(self, DType::F32 | DType::F64)
    }

    pub fn is_unsigned(self) -> bool {
        matches!(
            self,
            DType::U8 | DType::U16 | DType::U32 | DType::U64 | DType::Bool
        )
    }

    pub fn bits(self) -> u32 {
        match self {
            DType::Bool => 1,
            other => other.size() as u32 * 8,
        }
    }

    /// The smallest and largest value of an integer type.
    pub fn int_range(self) -> (i64, i64) {
        let bits = self.bits();
        if self.is_unsigned() {
            (0, ((1u128 << bits) - 1).min(i64::MAX as u128) as i64)
        } else {
            (-(1i64 << (bits - 1)), ((1u128 << (bits - 1)) - 1) as i64)
        }
    }

    /// The MLIR element type.
    pub fn mlir(self, ctx: &Context) -> Type {
        match self {
            DType::F32 => ctx.float_type(FloatKind::F32),
            DType::F64 => ctx.float_type(FloatKind::F64),
            other => ctx.signless(other.bits()),
        }
    }
}

/// A tensor's element type, shape and little-endian element bytes.
#[derive(Clone, Debug)]
pub struct TensorData {
    pub dtype: DType,
    pub shape: Vec<i64>,
    pub raw: Vec<u8>,
}

impl TensorData {
    /// The tensor with its dimensions permuted: dimension `i` of the
    /// result is dimension `perm[i]` of `self` (a permutation of the rank).
    pub fn permuted(&self, perm: &[usize]) -> TensorData {
        let rank = self.shape.len();
        let shape: Vec<i64> = perm.iter().map(|&p| self.shape[p]).collect();
        let mut strides = vec![1usize; rank];
        for d in (0..rank.saturating_sub(1)).rev() {
            strides[d] = strides[d + 1] * self.shape[d + 1] as usize;
        }
        let size = self.dtype.size();
        let mut raw = Vec::with_capacity(self.raw.len());
        let mut index = vec![0usize; rank];
        for _ in 0..self.len() {
            let at: usize = (0..rank).map(|i| index[i] * strides[perm[i]]).sum();
            raw.extend_from_slice(&self.raw[at * size..(at + 1) * size]);
            for i in (0..rank).rev() {
                index[i] += 1;
                if (index[i] as i64) < shape[i] {
                    break;
                }
                index[i] = 0;
            }
        }
        TensorData {
            dtype: self.dtype,
            shape,
            raw,
        }
    }

    pub fn len(&self) -> usize {
        self.shape.iter().product::<i64>() as usize
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Element `i` as an integer (floats truncated).
    pub fn int(&self, i: usize) -> i64 {
        let s = self.dtype.size();
        let b = &self.raw[i * s..(i + 1) * s];
        match self.dtype {
            DType::F32 => f32::from_le_bytes(b.try_into().unwrap()) as i64,
            DType::F64 => f64::from_le_bytes(b.try_into().unwrap()) as i64,
            DType::I8 => b[0] as i8 as i64,
            DType::U8 | DType::Bool => b[0] as i64,
            DType::I16 => i16::from_le_bytes(b.try_into().unwrap()) as i64,
            DType::U16 => u16::from_le_bytes(b.try_into().unwrap()) as i64,
            DType::I32 => i32::from_le_bytes(b.try_into().unwrap()) as i64,
            DType::U32 => u32::from_le_bytes(b.try_into().unwrap()) as i64,
            DType::I64 | DType::U64 => i64::from_le_bytes(b.try_into().unwrap()),
        }
    }

    /// Element `i` as a float.
    pub fn float(&self, i: usize) -> f64 {
        let s = self.dtype.size();
        let b = &self.raw[i * s..(i + 1) * s];
        match self.dtype {
            DType::F32 => f32::from_le_bytes(b.try_into().unwrap()) as f64,
            DType::F64 => f64::from_le_bytes(b.try_into().unwrap()),
            DType::U64 => u64::from_le_bytes(b.try_into().unwrap()) as f64,
            _ => self.int(i) as f64,
        }
    }

    pub fn ints(&self) -> Vec<i64> {
        (0..self.len()).map(|i| self.int(i)).collect()
    }

    pub fn floats(&self) -> Vec<f64> {
        (0..self.len()).map(|i| self.float(i)).collect()
    }

    /// A tensor of `dtype` and `shape` from integers.
    pub fn from_ints(dtype: DType, shape: Vec<i64>, values: &[i64]) -> TensorData {
        let mut raw = Vec::with_capacity(values.len() * dtype.size());
        for &v in values {
            push_int(&mut raw, dtype, v);
        }
        TensorData { dtype, shape, raw }
    }
}

fn push_int(raw: &mut Vec<u8>, dtype: DType, v: i64) {
    match dtype {
        DType::F32 => raw.extend((v as f32).to_le_bytes()),
        DType::F64 => raw.extend((v as f64).to_le_bytes()),
        other => raw.extend(&v.to_le_bytes()[..other.size()]),
    }
}

/// Decodes a model and checks that its default-domain opset is one the
/// importer knows; returns the model and that opset.
pub fn decode(bytes: &[u8]) -> Result<(ModelProto, i64), String> {
    let model = ModelProto::decode(bytes)
        .map_err(|e| format!("not a valid ONNX model (protobuf decoding failed: {e})"))?;
    if model.graph.is_none() {
        return Err("not a valid ONNX model: it has no graph".into());
    }
    let opset = model
        .opset_import
        .iter()
        .find(|o| matches!(o.domain.as_deref(), None | Some("") | Some("ai.onnx")))
        .and_then(|o| o.version)
        .ok_or("the model imports no version of the default ONNX opset")?;
    if !OPSETS.contains(&opset) {
        return Err(format!(
            "opset {opset} is not supported (supported: {} to {})",
            OPSETS.start(),
            OPSETS.end()
        ));
    }
    Ok((model, opset))
}

/// The element type and static shape a value info declares; `Err` names
/// a dimension that is symbolic or unknown.
pub fn value_info_type(info: &ValueInfoProto) -> Result<(DType, Vec<i64>), String> {
    let name = info.name.as_deref().unwrap_or("");
    let Some(type_proto::Value::TensorType(t)) =
        info.r#type.as_ref().and_then(|t| t.value.as_ref())
    else {
        return Err(format!("'{name}' is not a tensor"));
    };
    let dtype = DType::from_onnx(t.elem_type.unwrap_or(0)).map_err(|e| format!("'{name}': {e}"))?;
    let Some(shape) = &t.shape else {
        return Err(format!("'{name}' has no shape (its rank is unknown)"));
    };
    let mut dims = Vec::new();
    for (i, d) in shape.dim.iter().enumerate() {
        use crate::proto::tensor_shape_proto::dimension::Value as V;
        match &d.value {
            Some(V::DimValue(v)) if *v >= 0 => dims.push(*v),
            Some(V::DimParam(p)) => {
                return Err(format!(
                    "'{name}' has the dynamic dimension '{p}' (dimension {i}); the importer needs static shapes"
                ))
            }
            _ => {
                return Err(format!(
                    "'{name}' has an unknown dimension {i}; the importer needs static shapes"
                ))
            }
        }
    }
    Ok((dtype, dims))
}

/// The data of a `TensorProto`, read from `dir` when it is external.
pub fn tensor_data(t: &TensorProto, dir: Option<&Path>) -> Result<TensorData, String> {
    let name = t.name.as_deref().unwrap_or("");
    let dtype =
        DType::from_onnx(t.data_type.unwrap_or(0)).map_err(|e| format!("tensor '{name}': {e}"))?;
    if t.dims.iter().any(|&d| d < 0) {
        return Err(format!("tensor '{name}' has a negative dimension"));
    }
    let shape = t.dims.clone();
    let count = shape
        .iter()
        .try_fold(1usize, |n, &d| n.checked_mul(d as usize))
        .ok_or_else(|| format!("tensor '{name}' is too large"))?;
    let size = dtype.size();
    let raw = if t.data_location == Some(tensor_proto::DataLocation::External as i32) {
        external(t, dir, count * size)?
    } else if let Some(raw) = &t.raw_data {
        if dtype == DType::Bool {
            raw.iter().map(|&b| (b != 0) as u8).collect()
        } else {
            raw.clone()
        }
    } else {
        let mut raw = Vec::with_capacity(count * size);
        match dtype {
            DType::F32 => t
                .float_data
                .iter()
                .for_each(|v| raw.extend(v.to_le_bytes())),
            DType::F64 => t
                .double_data
                .iter()
                .for_each(|v| raw.extend(v.to_le_bytes())),
            DType::I64 => t
                .int64_data
                .iter()
                .for_each(|&v| push_int(&mut raw, dtype, v)),
            DType::U32 | DType::U64 => t
                .uint64_data
                .iter()
                .for_each(|&v| push_int(&mut raw, dtype, v as i64)),
            _ => t
                .int32_data
                .iter()
                .for_each(|&v| push_int(&mut raw, dtype, v as i64)),
        }
        raw
    };
    if raw.len() != count * size {
        return Err(format!(
            "tensor '{name}' holds {} bytes, its shape {:?} of {} needs {}",
            raw.len(),
            shape,
            dtype.name(),
            count * size
        ));
    }
    Ok(TensorData { dtype, shape, raw })
}

/// The bytes of an external tensor: `location` (relative to the model's
/// folder), `offset` and `length` from `external_data`.
fn external(t: &TensorProto, dir: Option<&Path>, expected: usize) -> Result<Vec<u8>, String> {
    let name = t.name.as_deref().unwrap_or("");
    let entry = |key: &str| {
        t.external_data
            .iter()
            .find(|e| e.key.as_deref() == Some(key))
            .and_then(|e| e.value.clone())
    };
    let location =
        entry("location").ok_or_else(|| format!("external tensor '{name}' has no 'location'"))?;
    let number = |key: &str| -> Result<Option<usize>, String> {
        entry(key)
            .map(|v| {
                v.parse::<usize>().map_err(|_| {
                    format!("external tensor '{name}': '{key}' is not a number: '{v}'")
                })
            })
            .transpose()
    };
    let offset = number("offset")?.unwrap_or(0);
    let length = number("length")?.unwrap_or(expected);
    let relative = Path::new(&location);
    if relative.is_absolute()
        || relative
            .components()
            .any(|c| matches!(c, std::path::Component::ParentDir))
    {
        return Err(format!(
            "external tensor '{name}': location '{location}' must be a path inside the model's folder"
        ));
    }
    let dir = dir.ok_or_else(|| {
        format!(
            "external tensor '{name}' needs the model's folder, but the model was read from stdin"
        )
    })?;
    let path = dir.join(relative);
    let bytes = std::fs::read(&path).map_err(|e| {
        format!(
            "external tensor '{name}': cannot read '{}': {e}",
            path.display()
        )
    })?;
    bytes
        .get(offset..offset.saturating_add(length))
        .map(<[u8]>::to_vec)
        .ok_or_else(|| {
            format!(
                "external tensor '{name}': '{}' has {} bytes, the tensor needs {length} from offset {offset}",
                path.display(),
                bytes.len()
            )
        })
}
