//! Runs a function on integer tensors with the reference interpreter
//! (`strata-interp`), to check a rewrite bit for bit: the function before
//! and after `egraph-layout` executes on the same random inputs, through
//! the same semantics every other transformation test uses.

use crate::eval::Tensor;
use strata_dialect_arith::semantics::{mask, sext, Scalar};
use strata_interp::value::{RtValue, Shaped};
use strata_interp::{Interpreter, Registry};
use strata_ir::{Context, Ir, OpId};

/// Executes `func` on `args`; returns the returned tensors.
pub fn run(ctx: &Context, ir: &Ir, func: OpId, args: &[Tensor]) -> Result<Vec<Tensor>, String> {
    // A function pass sees its function detached from the module; its body
    // calls nothing, so the function can stand for the symbol scope.
    let module = ir.parent_op(func).unwrap_or(func);
    let region = *ir.regions(func).first().ok_or("no body")?;
    let block = ir.entry_block(region).ok_or("no block")?;
    let params = ir.block_args(block);
    if params.len() != args.len() {
        return Err(format!(
            "{} arguments for {} parameters",
            args.len(),
            params.len()
        ));
    }
    let mut inputs = Vec::with_capacity(args.len());
    for (&param, tensor) in params.iter().zip(args) {
        let ty = ir.value_type(param);
        let width = ctx
            .integer_width(ctx.element_type_or_self(ty))
            .ok_or("a non-integer argument")?;
        let elems = tensor
            .data
            .iter()
            .map(|&v| Scalar::Int(mask(v as u128, width), width))
            .collect();
        inputs.push(RtValue::Tensor(Shaped::new(tensor.shape.clone(), elems)));
    }
    let registry = Registry::standard();
    let mut interpreter = Interpreter::new(ctx, ir, module, &registry);
    let results = interpreter
        .call(func, inputs)
        .map_err(|e| e.message.clone())?;
    results
        .iter()
        .map(|r| {
            let shaped = r.as_shaped().ok_or("a non-tensor result")?;
            let data = shaped
                .elems
                .iter()
                .map(|s| match *s {
                    Scalar::Int(bits, width) => Ok(sext(bits, width) as i64),
                    Scalar::Float(..) => Err("a float result".to_string()),
                })
                .collect::<Result<Vec<i64>, String>>()?;
            Ok(Tensor {
                shape: shaped.shape.clone(),
                data,
            })
        })
        .collect()
}
