//! Op semantics, one file per dialect. A dialect adds its file here and
//! one line to [`register_all`].

pub mod affine;
pub mod arith;
pub mod bufferization;
pub mod builtin;
pub mod cf;
pub mod func;
pub mod gpu;
pub mod linalg;
pub mod math;
pub mod memref;
pub mod scf;
pub mod tensor;
pub mod vector;

use crate::value::{RtValue, Scalar, Shaped};
use crate::{InterpError, InterpResult, Registry};

/// Registers the semantics of every dialect the interpreter knows.
pub fn register_all(registry: &mut Registry) {
    builtin::register(registry);
    func::register(registry);
    arith::register(registry);
    math::register(registry);
    cf::register(registry);
    tensor::register(registry);
    linalg::register(registry);
    scf::register(registry);
    memref::register(registry);
    affine::register(registry);
    vector::register(registry);
    bufferization::register(registry);
    gpu::register(registry);
}

/// Applies `f` element by element over scalar, vector or tensor operands
/// of equal shape (MLIR's `Elementwise` ops); scalars broadcast.
pub fn elementwise(
    args: &[RtValue],
    f: impl Fn(&[Scalar]) -> InterpResult<Scalar>,
) -> InterpResult<RtValue> {
    let shaped = args.iter().find_map(|a| match a {
        RtValue::Tensor(s) => Some((true, s.shape.clone(), s.len())),
        RtValue::Vector(s) => Some((false, s.shape.clone(), s.len())),
        _ => None,
    });
    let Some((is_tensor, shape, len)) = shaped else {
        let scalars: Vec<Scalar> = args
            .iter()
            .map(|a| {
                a.as_scalar()
                    .ok_or_else(|| InterpError::new("expected a scalar operand"))
            })
            .collect::<InterpResult<_>>()?;
        return Ok(RtValue::Scalar(f(&scalars)?));
    };
    let mut out = Vec::with_capacity(len);
    let mut buf = Vec::with_capacity(args.len());
    for i in 0..len {
        buf.clear();
        for a in args {
            buf.push(match a {
                RtValue::Scalar(s) => *s,
                RtValue::Tensor(s) | RtValue::Vector(s) => *s
                    .elems
                    .get(i)
                    .ok_or_else(|| InterpError::new("operands of different shapes"))?,
                _ => {
                    return Err(InterpError::new(
                        "unexpected operand kind in an elementwise op",
                    ))
                }
            });
        }
        out.push(f(&buf)?);
    }
    let shaped = Shaped::new(shape, out);
    Ok(if is_tensor {
        RtValue::Tensor(shaped)
    } else {
        RtValue::Vector(shaped)
    })
}

/// The operand groups of `op` (as its definition declares them) as ranges
/// into its operand list, so an op semantics can slice its arguments.
pub fn operand_groups(
    it: &crate::Interpreter,
    op: strata_ir::OpId,
) -> InterpResult<Vec<std::ops::Range<usize>>> {
    strata_ir::verifier::operand_group_ranges(it.ctx, it.ir, op)
        .map_err(|d| it.error(op, d.message))
}

/// `args` as signed integers (indices), or an error naming `what`.
pub fn indices(
    it: &crate::Interpreter,
    op: strata_ir::OpId,
    args: &[RtValue],
    what: &str,
) -> InterpResult<Vec<i64>> {
    args.iter()
        .map(|a| {
            a.as_i64()
                .ok_or_else(|| it.error(op, format!("{what} is not an integer")))
        })
        .collect()
}
