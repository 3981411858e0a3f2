//! Gemm and MatMul: `linalg.matmul` and `linalg.batch_matmul`.
//!
//! MatMul follows numpy: a 1-D operand gains a unit dimension that the
//! result drops again; batch dimensions broadcast. A 2-D right operand
//! under a batched left one is one `linalg.matmul` over the collapsed
//! batch and rows (the common "activations times weights" case); other
//! batched products broadcast both operands to the result's batch shape
//! and run `linalg.batch_matmul` over the collapsed batch.

use super::elementwise::scalar_of;
use super::{broadcast_shapes, same_element_type};
use crate::import::{float_attr, int_attr, Arg, Importer, Tensor};
use crate::model::DType;
use crate::proto::NodeProto;
use strata_dialect_linalg::{BatchMatmulOp, MatmulOp};
use strata_ir::Value;

/// `a @ b` for 2-D or batched operands of the same element type, with
/// numpy's rules; the result is of `dtype` (the accumulator type, which
/// the operands already have).
pub fn product(im: &mut Importer, a: &Arg, b: &Arg, dtype: DType) -> Result<Value, String> {
    if a.shape.is_empty() || b.shape.is_empty() {
        return Err("MatMul operands must have rank 1 or more".into());
    }
    let a_shape = if a.shape.len() == 1 {
        vec![1, a.shape[0]]
    } else {
        a.shape.clone()
    };
    let b_shape = if b.shape.len() == 1 {
        vec![b.shape[0], 1]
    } else {
        b.shape.clone()
    };
    let (m, k) = (a_shape[a_shape.len() - 2], a_shape[a_shape.len() - 1]);
    let (k2, n) = (b_shape[b_shape.len() - 2], b_shape[b_shape.len() - 1]);
    if k != k2 {
        return Err(format!(
            "inner dimensions differ: {:?} and {:?}",
            a.shape, b.shape
        ));
    }
    let batch_a = &a_shape[..a_shape.len() - 2];
    let batch_b = &b_shape[..b_shape.len() - 2];
    let batch = broadcast_shapes(batch_a, batch_b)?;
    let count: i64 = batch.iter().product();
    let av = im.em.reshape(a.value, &a_shape);
    let bv = im.em.reshape(b.value, &b_shape);
    let zero = scalar_of(dtype, 0.0);
    let full: Vec<i64> = batch.iter().copied().chain([m, n]).collect();
    let y = if batch_b.is_empty() || count == 1 {
        // One matmul over the batch and rows of `a`.
        let a2 = im.em.reshape(av, &[count * m, k]);
        let b2 = im.em.reshape(bv, &[k, n]);
        let init = im.em.filled(&[count * m, n], dtype, zero);
        let y = im.em.named(MatmulOp::NAME, &[a2, b2], init, &[]);
        im.em.reshape(y, &full)
    } else {
        let mut operand = |v: Value, rows: i64, cols: i64, batch_of: &[i64]| {
            let to: Vec<i64> = batch.iter().copied().chain([rows, cols]).collect();
            let v = if batch_of == batch.as_slice() {
                v
            } else {
                let dtype = a.dtype;
                im.em.map(&[v], &to, dtype, |_, args| args[0])
            };
            im.em.reshape(v, &[count, rows, cols])
        };
        let a3 = operand(av, m, k, batch_a);
        let b3 = operand(bv, k, n, batch_b);
        let init = im.em.filled(&[count, m, n], dtype, zero);
        let y = im.em.named(BatchMatmulOp::NAME, &[a3, b3], init, &[]);
        im.em.reshape(y, &full)
    };
    // Drop the unit dimensions a 1-D operand gained.
    let mut out = batch.clone();
    if a.shape.len() > 1 {
        out.push(m);
    }
    if b.shape.len() > 1 {
        out.push(n);
    }
    Ok(im.em.reshape(y, &out))
}

pub fn matmul(im: &mut Importer, node: &NodeProto) -> Result<Vec<Tensor>, String> {
    let a = im.arg(node, 0)?;
    let b = im.arg(node, 1)?;
    same_element_type(&a, &b)?;
    let y = product(im, &a, &b, a.dtype)?;
    Ok(vec![im.out(y, a.dtype)])
}

/// Gemm: `alpha * A' B' + beta * C` with `A'`, `B'` transposed on
/// request (`linalg.transpose`). With `alpha = 1` the scaled `C` is the
/// matmul's init; otherwise one elementwise op follows.
pub fn gemm(im: &mut Importer, node: &NodeProto) -> Result<Vec<Tensor>, String> {
    let trans_a = int_attr(node, "transA", 0)? != 0;
    let trans_b = int_attr(node, "transB", 0)? != 0;
    let operand = |im: &mut Importer, i: usize, transposed: bool| {
        let rank = im
            .tensor(node, i)?
            .ok_or(format!("input {i} is required"))?
            .rank();
        if rank != 2 {
            return Err(format!("operands must be 2-D, input {i} has rank {rank}"));
        }
        im.permuted_arg(node, i, if transposed { &[1, 0] } else { &[0, 1] })
    };
    let a = operand(im, 0, trans_a)?;
    let b = operand(im, 1, trans_b)?;
    same_element_type(&a, &b)?;
    if !a.dtype.is_float() {
        return Err(format!(
            "element type {} is not supported (floats only)",
            a.dtype.name()
        ));
    }
    let c = im.opt_arg(node, 2)?;
    let alpha = float_attr(node, "alpha", 1.0)? as f64;
    let beta = float_attr(node, "beta", 1.0)? as f64;
    let dtype = a.dtype;
    let (av, bv) = (a.value, b.value);
    let (m, k) = (im.em.shape(av)[0], im.em.shape(av)[1]);
    let (k2, n) = (im.em.shape(bv)[0], im.em.shape(bv)[1]);
    if k != k2 {
        return Err(format!("inner dimensions differ: {k} and {k2}"));
    }
    let shape = [m, n];
    if let Some(c) = &c {
        if c.shape.len() > 2 || broadcast_shapes(&c.shape, &shape)? != shape {
            return Err(format!(
                "C of shape {:?} does not broadcast to {shape:?}",
                c.shape
            ));
        }
    }
    let c = c.filter(|_| beta != 0.0);
    let y = if alpha == 1.0 {
        let init = match &c {
            Some(c) => im.em.map(&[c.value], &shape, dtype, |p, x| {
                if beta == 1.0 {
                    x[0]
                } else {
                    let s = p.float_like(x[0], beta);
                    p.mul(x[0], s)
                }
            }),
            None => im.em.filled(&shape, dtype, scalar_of(dtype, 0.0)),
        };
        im.em.named(MatmulOp::NAME, &[av, bv], init, &[])
    } else {
        let init = im.em.filled(&shape, dtype, scalar_of(dtype, 0.0));
        let acc = im.em.named(MatmulOp::NAME, &[av, bv], init, &[]);
        let mut ins = vec![acc];
        ins.extend(c.as_ref().map(|c| c.value));
        im.em.map(&ins, &shape, dtype, |p, x| {
            let s = p.float_like(x[0], alpha);
            let r = p.mul(x[0], s);
            if x.len() > 2 {
                let t = p.float_like(x[0], beta);
                let bc = p.mul(x[1], t);
                p.add(r, bc)
            } else {
                r
            }
        })
    };
    Ok(vec![im.out(y, dtype)])
}
