//! Shape ops: Reshape, Flatten, Squeeze, Unsqueeze (`tensor.collapse_shape`
//! / `tensor.expand_shape`), Transpose (`linalg.transpose`), Concat
//! (`tensor.concat`), Slice (`tensor.extract_slice`), Gather (a
//! `linalg.generic` that extracts from the data at the gathered index).
//!
//! Shapes, axes, starts and ends must be constants. Exporters compute
//! shapes with small subgraphs (`Shape -> Gather -> Unsqueeze -> Concat ->
//! Reshape`); on constant inputs these ops fold at import, so such a
//! subgraph leaves no IR and its result is a constant again.

use crate::import::{int_attr, ints_attr, normalize_axis, Importer, Tensor};
use crate::model::{DType, TensorData};
use crate::proto::NodeProto;
use strata_dialect_linalg::IteratorType;
use strata_ir::affine::{AffineExpr, AffineMap};

/// `t` with `shape` (same element count): its data reinterpreted when it
/// is a constant, else a reshape in IR.
fn reshaped(
    im: &mut Importer,
    node: &NodeProto,
    t: Tensor,
    shape: Vec<i64>,
) -> Result<Tensor, String> {
    let count: i64 = t.shape.iter().product();
    if shape.iter().product::<i64>() != count {
        return Err(format!(
            "cannot reshape {:?} ({count} elements) to {shape:?}",
            t.shape
        ));
    }
    if let Some(data) = &t.data {
        if t.value.is_none() {
            let mut d = (**data).clone();
            d.shape = shape;
            return Ok(Tensor::constant(d));
        }
    }
    let v = im.value(&node.input[0])?;
    let r = im.em.reshape(v, &shape);
    Ok(im.out(r, t.dtype))
}

fn data_input(im: &Importer, node: &NodeProto) -> Result<Tensor, String> {
    im.tensor(node, 0)?
        .ok_or_else(|| "input 0 is required".to_string())
}

pub fn reshape(im: &mut Importer, node: &NodeProto) -> Result<Vec<Tensor>, String> {
    let t = data_input(im, node)?;
    let target = im
        .const_input(node, 1, "shape")?
        .ok_or("input 1 ('shape') is required")?
        .ints();
    let allow_zero = int_attr(node, "allowzero", 0)? != 0;
    let mut shape = Vec::with_capacity(target.len());
    let mut infer = None;
    for (i, &d) in target.iter().enumerate() {
        match d {
            -1 if infer.is_none() => {
                infer = Some(i);
                shape.push(1);
            }
            0 if !allow_zero => shape.push(*t.shape.get(i).ok_or_else(|| {
                format!("shape {target:?}: dimension {i} copies a dimension the input lacks")
            })?),
            d if d >= 0 => shape.push(d),
            _ => return Err(format!("invalid shape {target:?}")),
        }
    }
    if let Some(i) = infer {
        let known: i64 = shape.iter().product();
        let count: i64 = t.shape.iter().product();
        if known == 0 || count % known != 0 {
            return Err(format!("cannot reshape {:?} to {target:?}", t.shape));
        }
        shape[i] = count / known;
    }
    Ok(vec![reshaped(im, node, t, shape)?])
}

pub fn flatten(im: &mut Importer, node: &NodeProto) -> Result<Vec<Tensor>, String> {
    let t = data_input(im, node)?;
    let rank = t.rank() as i64;
    let axis = int_attr(node, "axis", 1)?;
    if axis < -rank || axis > rank {
        return Err(format!("axis {axis} is out of range for rank {rank}"));
    }
    let axis = if axis < 0 { axis + rank } else { axis } as usize;
    let shape = vec![
        t.shape[..axis].iter().product(),
        t.shape[axis..].iter().product(),
    ];
    Ok(vec![reshaped(im, node, t, shape)?])
}

/// The `axes` of Squeeze/Unsqueeze: input 1 since opset 13.
fn axes(im: &Importer, node: &NodeProto) -> Result<Option<Vec<i64>>, String> {
    Ok(im.const_input(node, 1, "axes")?.map(|d| d.ints()))
}

pub fn squeeze(im: &mut Importer, node: &NodeProto) -> Result<Vec<Tensor>, String> {
    let t = data_input(im, node)?;
    let drop: Vec<usize> = match axes(im, node)? {
        Some(axes) => {
            let mut out = Vec::new();
            for a in axes {
                let a = normalize_axis(a, t.rank())?;
                if t.shape[a] != 1 {
                    return Err(format!(
                        "cannot squeeze dimension {a} of size {}",
                        t.shape[a]
                    ));
                }
                out.push(a);
            }
            out
        }
        None => (0..t.rank()).filter(|&d| t.shape[d] == 1).collect(),
    };
    let shape = (0..t.rank())
        .filter(|d| !drop.contains(d))
        .map(|d| t.shape[d])
        .collect();
    Ok(vec![reshaped(im, node, t, shape)?])
}

pub fn unsqueeze(im: &mut Importer, node: &NodeProto) -> Result<Vec<Tensor>, String> {
    let t = data_input(im, node)?;
    let axes = axes(im, node)?.ok_or("input 1 ('axes') is required")?;
    let rank = t.rank() + axes.len();
    let mut added = Vec::new();
    for a in axes {
        let a = normalize_axis(a, rank)?;
        if added.contains(&a) {
            return Err(format!("axis {a} is repeated"));
        }
        added.push(a);
    }
    let mut dims = t.shape.iter();
    let shape = (0..rank)
        .map(|d| {
            if added.contains(&d) {
                1
            } else {
                *dims.next().unwrap()
            }
        })
        .collect();
    Ok(vec![reshaped(im, node, t, shape)?])
}

pub fn transpose(im: &mut Importer, node: &NodeProto) -> Result<Vec<Tensor>, String> {
    let t = data_input(im, node)?;
    let rank = t.rank();
    let perm: Vec<usize> = match ints_attr(node, "perm")? {
        Some(p) => {
            let p: Vec<usize> = p
                .iter()
                .map(|&a| normalize_axis(a, rank))
                .collect::<Result<_, _>>()?;
            let mut sorted = p.clone();
            sorted.sort_unstable();
            if sorted != (0..rank).collect::<Vec<_>>() {
                return Err(format!(
                    "perm {p:?} is not a permutation of {rank} dimensions"
                ));
            }
            p
        }
        None => (0..rank).rev().collect(),
    };
    // A constant stays one (later shape arithmetic may read it).
    if let (None, Some(data)) = (t.value, &t.data) {
        return Ok(vec![Tensor::constant(data.permuted(&perm))]);
    }
    let x = im.permuted_arg(node, 0, &perm)?;
    Ok(vec![im.out(x.value, x.dtype)])
}

/// Elements of a constant at `indices` (row-major positions) as a new
/// constant of `shape`.
fn pick(data: &TensorData, shape: Vec<i64>, positions: impl Iterator<Item = usize>) -> Tensor {
    let size = data.dtype.size();
    let raw = positions
        .flat_map(|p| data.raw[p * size..(p + 1) * size].iter().copied())
        .collect();
    Tensor::constant(TensorData {
        dtype: data.dtype,
        shape,
        raw,
    })
}

pub fn concat(im: &mut Importer, node: &NodeProto) -> Result<Vec<Tensor>, String> {
    let inputs: Vec<Tensor> = (0..node.input.len())
        .map(|i| {
            im.tensor(node, i)?
                .ok_or_else(|| format!("input {i} is missing"))
        })
        .collect::<Result<_, _>>()?;
    let first = inputs
        .first()
        .ok_or("Concat needs at least one input")?
        .clone();
    if crate::import::raw_attr(node, "axis").is_none() {
        return Err("attribute 'axis' is required".into());
    }
    let axis = normalize_axis(int_attr(node, "axis", 0)?, first.rank())?;
    let mut shape = first.shape.clone();
    shape[axis] = 0;
    for t in &inputs {
        if t.dtype != first.dtype
            || t.rank() != first.rank()
            || (0..t.rank()).any(|d| d != axis && t.shape[d] != first.shape[d])
        {
            return Err(format!(
                "inputs {:?} of {} and {:?} of {} do not concatenate along axis {axis}",
                first.shape,
                first.dtype.name(),
                t.shape,
                t.dtype.name()
            ));
        }
        shape[axis] += t.shape[axis];
    }
    // Shape arithmetic: 1-D constants fold.
    if first.rank() == 1 && inputs.iter().all(|t| t.data.is_some() && t.value.is_none()) {
        let mut raw = Vec::new();
        for t in &inputs {
            raw.extend_from_slice(&t.data.as_ref().unwrap().raw);
        }
        return Ok(vec![Tensor::constant(TensorData {
            dtype: first.dtype,
            shape,
            raw,
        })]);
    }
    let values: Vec<_> = (0..inputs.len())
        .map(|i| im.value(&node.input[i]))
        .collect::<Result<_, _>>()?;
    let nonempty: Vec<_> = values
        .into_iter()
        .zip(&inputs)
        .filter(|(_, t)| t.shape[axis] > 0)
        .map(|(v, _)| v)
        .collect();
    let v = if nonempty.len() == 1 {
        nonempty[0]
    } else {
        im.em.concat(&nonempty, axis, &shape)
    };
    Ok(vec![im.out(v, first.dtype)])
}

/// Slice with constant starts, ends, axes and positive steps.
pub fn slice(im: &mut Importer, node: &NodeProto) -> Result<Vec<Tensor>, String> {
    let t = data_input(im, node)?;
    let rank = t.rank();
    let starts = im
        .const_input(node, 1, "starts")?
        .ok_or("input 1 ('starts') is required")?
        .ints();
    let ends = im
        .const_input(node, 2, "ends")?
        .ok_or("input 2 ('ends') is required")?
        .ints();
    let axes = match im.const_input(node, 3, "axes")? {
        Some(a) => a.ints(),
        None => (0..starts.len() as i64).collect(),
    };
    let steps = match im.const_input(node, 4, "steps")? {
        Some(s) => s.ints(),
        None => vec![1; starts.len()],
    };
    if ends.len() != starts.len() || axes.len() != starts.len() || steps.len() != starts.len() {
        return Err("starts, ends, axes and steps must have the same length".into());
    }
    let mut offsets = vec![0; rank];
    let mut sizes = t.shape.clone();
    let mut strides = vec![1; rank];
    for i in 0..starts.len() {
        let a = normalize_axis(axes[i], rank)?;
        let dim = t.shape[a];
        let step = steps[i];
        if step == 0 {
            return Err("a step of 0 is invalid".into());
        }
        // ONNX's clamping: starts and ends in [0, dim] for positive
        // steps, in [-1, dim - 1] for negative ones (-1: before the first
        // element).
        let (lo, hi) = if step > 0 { (0, dim) } else { (-1, dim - 1) };
        let clamp = |v: i64| {
            let v = if v < 0 { v.saturating_add(dim) } else { v };
            v.clamp(lo, hi)
        };
        let (s, e) = (clamp(starts[i]), clamp(ends[i]));
        let span = if step > 0 { e - s } else { s - e };
        let magnitude = step.unsigned_abs().min(i64::MAX as u64) as i64;
        offsets[a] = s.max(0);
        sizes[a] = if span > 0 {
            (span - 1) / magnitude + 1
        } else {
            0
        };
        strides[a] = step;
    }
    if rank == 1 && t.value.is_none() {
        if let Some(data) = &t.data {
            let positions = (0..sizes[0]).map(|i| (offsets[0] + i * strides[0]) as usize);
            return Ok(vec![pick(data, sizes.clone(), positions)]);
        }
    }
    let x = im.arg(node, 0)?;
    // tensor.extract_slice takes positive strides only: a dimension with
    // a negative step is sliced lowest element first, then reversed.
    let reversed: Vec<usize> = (0..rank).filter(|&d| strides[d] < 0).collect();
    for &d in &reversed {
        offsets[d] += (sizes[d] - 1).max(0) * strides[d];
        strides[d] = -strides[d];
    }
    let v = im.em.slice(x.value, &offsets, &sizes, &strides);
    if reversed.is_empty() {
        return Ok(vec![im.out(v, x.dtype)]);
    }
    let map = AffineMap::new(
        rank,
        0,
        (0..rank)
            .map(|d| match reversed.contains(&d) {
                true => AffineExpr::constant(sizes[d] - 1) - AffineExpr::dim(d),
                false => AffineExpr::dim(d),
            })
            .collect(),
    );
    let init = im.em.empty(&sizes, x.dtype);
    let v = im.em.generic(
        &[(v, map)],
        init,
        AffineMap::multi_dim_identity(rank),
        &vec![IteratorType::Parallel; rank],
        |_, args| args[0],
    );
    Ok(vec![im.out(v, x.dtype)])
}

/// Gather along `axis`: out[i.., j.., k..] = data[i.., indices[j..], k..].
pub fn gather(im: &mut Importer, node: &NodeProto) -> Result<Vec<Tensor>, String> {
    let data = data_input(im, node)?;
    let indices = im
        .tensor(node, 1)?
        .ok_or("input 1 ('indices') is required")?;
    if !matches!(indices.dtype, DType::I32 | DType::I64) {
        return Err(format!(
            "indices of {} are not supported",
            indices.dtype.name()
        ));
    }
    let rank = data.rank();
    let axis = normalize_axis(int_attr(node, "axis", 0)?, rank)?;
    let dim = data.shape[axis];
    let shape: Vec<i64> = data.shape[..axis]
        .iter()
        .chain(&indices.shape)
        .chain(&data.shape[axis + 1..])
        .copied()
        .collect();
    // Constant indices are checked here; run-time ones wrap once.
    if let Some(ix) = &indices.data {
        for i in ix.ints() {
            if i < -dim || i >= dim {
                return Err(format!(
                    "index {i} is out of range for dimension {axis} of size {dim}"
                ));
            }
        }
        // Shape arithmetic: a 1-D constant gathered by constants folds.
        if rank == 1 && data.value.is_none() {
            if let Some(d) = &data.data {
                let positions = ix
                    .ints()
                    .into_iter()
                    .map(|i| (if i < 0 { i + dim } else { i }) as usize);
                return Ok(vec![pick(d, shape, positions)]);
            }
        }
    }
    let x = im.arg(node, 0)?;
    let ix = im.arg(node, 1)?;
    let q = indices.rank();
    let out_rank = shape.len();
    let index_map = AffineMap::new(
        out_rank,
        0,
        (axis..axis + q)
            .map(strata_ir::affine::AffineExpr::dim)
            .collect(),
    );
    let init = im.em.empty(&shape, x.dtype);
    let source = x.value;
    let v = im.em.generic(
        &[(ix.value, index_map)],
        init,
        AffineMap::multi_dim_identity(out_rank),
        &vec![IteratorType::Parallel; out_rank],
        |p, args| {
            let raw = args[0];
            let ty = p.b.ir.value_type(raw);
            let zero = p.constant(ty, crate::emit::Scalar::Int(0));
            let size = p.constant(ty, crate::emit::Scalar::Int(dim));
            let negative = p.less_signed(raw, zero);
            let wrapped = p.add(raw, size);
            let i = p.select(negative, wrapped, raw);
            let i = p.to_index(i);
            let mut at = Vec::with_capacity(rank);
            for d in 0..axis {
                at.push(p.index(d));
            }
            at.push(i);
            for d in axis + 1..rank {
                at.push(p.index(d - 1 + q));
            }
            p.extract(source, &at)
        },
    );
    Ok(vec![im.out(v, x.dtype)])
}

/// Shape: the input's (static) shape as a constant, `start..end` of it.
pub fn shape(im: &mut Importer, node: &NodeProto) -> Result<Vec<Tensor>, String> {
    let t = data_input(im, node)?;
    let rank = t.rank() as i64;
    let clamp = |v: i64| (if v < 0 { v + rank } else { v }).clamp(0, rank) as usize;
    let start = clamp(int_attr(node, "start", 0)?);
    let end = clamp(int_attr(node, "end", rank)?);
    let dims: Vec<i64> = t.shape[start..end.max(start)].to_vec();
    Ok(vec![Tensor::constant(TensorData::from_ints(
        DType::I64,
        vec![dims.len() as i64],
        &dims,
    ))])
}
