//! Creating the IR: tensors, constants, structured ops and their scalar
//! payloads, at the end of the function being built.
//!
//! Ops are created through their typed builders (arith, math, tensor,
//! func, `linalg.yield`, `linalg.index`). A named structured op needs more
//! than its generated builder gives (segments, default maps, its payload),
//! so [`Emitter::named`] goes through linalg's `build_named`, which completes
//! it as the parser does; [`Emitter::generic`] writes a `linalg.generic`'s
//! properties with `generic_properties` and builds the payload it is given.

use crate::model::{DType, TensorData};
use strata_dialect_arith as arith;
use strata_dialect_linalg::{iterator_type_attr, IteratorType};
use strata_dialect_linalg::{BroadcastOp, FillOp, GenericOp, TransposeOp};
use strata_dialect_math as math;
use strata_dialect_tensor::ops as tensor;
use strata_ir::affine::{AffineExpr, AffineMap};
use strata_ir::builder::OpBuilder;
use strata_ir::{
    AttrData, Attribute, BlockId, Context, FloatBits, InsertPoint, Ir, Location, OperationState,
    Type, Value,
};

/// A scalar constant of some element type.
#[derive(Copy, Clone, Debug)]
pub enum Scalar {
    Float(f64),
    Int(i64),
}

/// Appends ops to one block.
pub struct Emitter<'c> {
    pub ctx: &'c Context,
    pub ir: Ir,
    pub block: BlockId,
    /// The location every new op gets (the ONNX node being imported).
    pub loc: Location,
}

/// The scalar payload of a `linalg.generic`: a builder inside its block
/// with the arithmetic the importer needs, chosen by element type.
pub struct Payload<'a> {
    pub b: OpBuilder<'a>,
}

impl Payload<'_> {
    fn ty(&self, v: Value) -> Type {
        self.b.ir.value_type(v)
    }

    fn is_float(&self, v: Value) -> bool {
        self.b.ctx.is_float(self.ty(v))
    }

    fn value(&self, op: strata_ir::OpId) -> Value {
        self.b.ir.result(op, 0)
    }

    /// A constant of element type `ty`.
    pub fn constant(&mut self, ty: Type, value: Scalar) -> Value {
        let attr = scalar_attr(self.b.ctx, ty, value);
        let op = arith::ConstantOp::build(&mut self.b, ty, attr).op();
        self.value(op)
    }

    /// A float constant of `v`'s type.
    pub fn float_like(&mut self, v: Value, value: f64) -> Value {
        let ty = self.ty(v);
        self.constant(ty, Scalar::Float(value))
    }

    pub fn add(&mut self, a: Value, b: Value) -> Value {
        let ty = self.ty(a);
        let op = if self.is_float(a) {
            arith::AddFOp::build(&mut self.b, a, b, ty, None).op()
        } else {
            arith::AddIOp::build(&mut self.b, a, b, ty, None).op()
        };
        self.value(op)
    }

    pub fn sub(&mut self, a: Value, b: Value) -> Value {
        let ty = self.ty(a);
        let op = if self.is_float(a) {
            arith::SubFOp::build(&mut self.b, a, b, ty, None).op()
        } else {
            arith::SubIOp::build(&mut self.b, a, b, ty, None).op()
        };
        self.value(op)
    }

    pub fn mul(&mut self, a: Value, b: Value) -> Value {
        let ty = self.ty(a);
        let op = if self.is_float(a) {
            arith::MulFOp::build(&mut self.b, a, b, ty, None).op()
        } else {
            arith::MulIOp::build(&mut self.b, a, b, ty, None).op()
        };
        self.value(op)
    }

    /// Division; integers truncate toward zero (ONNX's `Div`).
    pub fn div(&mut self, a: Value, b: Value, unsigned: bool) -> Value {
        let ty = self.ty(a);
        let op = if self.is_float(a) {
            arith::DivFOp::build(&mut self.b, a, b, ty, None).op()
        } else if unsigned {
            arith::DivUIOp::build(&mut self.b, a, b, ty, None).op()
        } else {
            arith::DivSIOp::build(&mut self.b, a, b, ty, None).op()
        };
        self.value(op)
    }

    /// The larger of two values; NaN wins for floats (`arith.maximumf`).
    pub fn max(&mut self, a: Value, b: Value, unsigned: bool) -> Value {
        let ty = self.ty(a);
        let op = if self.is_float(a) {
            arith::MaximumFOp::build(&mut self.b, a, b, ty, None).op()
        } else if unsigned {
            arith::MaxUIOp::build(&mut self.b, a, b, ty).op()
        } else {
            arith::MaxSIOp::build(&mut self.b, a, b, ty).op()
        };
        self.value(op)
    }

    /// The smaller of two values; NaN wins for floats (`arith.minimumf`).
    pub fn min(&mut self, a: Value, b: Value, unsigned: bool) -> Value {
        let ty = self.ty(a);
        let op = if self.is_float(a) {
            arith::MinimumFOp::build(&mut self.b, a, b, ty, None).op()
        } else if unsigned {
            arith::MinUIOp::build(&mut self.b, a, b, ty).op()
        } else {
            arith::MinSIOp::build(&mut self.b, a, b, ty).op()
        };
        self.value(op)
    }

    pub fn neg(&mut self, a: Value) -> Value {
        let ty = self.ty(a);
        let op = arith::NegFOp::build(&mut self.b, a, ty, None).op();
        self.value(op)
    }

    pub fn exp(&mut self, a: Value) -> Value {
        let ty = self.ty(a);
        let op = math::ExpOp::build(&mut self.b, a, ty, None).op();
        self.value(op)
    }

    pub fn tanh(&mut self, a: Value) -> Value {
        let ty = self.ty(a);
        let op = math::TanhOp::build(&mut self.b, a, ty, None).op();
        self.value(op)
    }

    pub fn erf(&mut self, a: Value) -> Value {
        let ty = self.ty(a);
        let op = math::ErfOp::build(&mut self.b, a, ty, None).op();
        self.value(op)
    }

    pub fn sqrt(&mut self, a: Value) -> Value {
        let ty = self.ty(a);
        let op = math::SqrtOp::build(&mut self.b, a, ty, None).op();
        self.value(op)
    }

    /// Round half to even (ONNX's rounding in QuantizeLinear).
    pub fn round_even(&mut self, a: Value) -> Value {
        let ty = self.ty(a);
        let op = math::RoundEvenOp::build(&mut self.b, a, ty, None).op();
        self.value(op)
    }

    /// `v` (of ONNX type `from`) converted to `to` as ONNX's `Cast` does
    /// for in-range values: integers extend or truncate, int-float
    /// conversions follow the signedness, floats extend or truncate.
    pub fn cast(&mut self, v: Value, from: DType, to: DType) -> Value {
        let ctx = self.b.ctx;
        let ty = to.mlir(ctx);
        if from.mlir(ctx) == ty {
            return v;
        }
        let b = &mut self.b;
        let op = match (from.is_float(), to.is_float()) {
            (true, true) if to.bits() > from.bits() => arith::ExtFOp::build(b, v, ty, None).op(),
            (true, true) => arith::TruncFOp::build(b, v, ty, None, None).op(),
            (false, true) if from.is_unsigned() => arith::UIToFPOp::build(b, v, ty).op(),
            (false, true) => arith::SIToFPOp::build(b, v, ty).op(),
            (true, false) if to.is_unsigned() => arith::FPToUIOp::build(b, v, ty).op(),
            (true, false) => arith::FPToSIOp::build(b, v, ty).op(),
            (false, false) if to.bits() < from.bits() => {
                arith::TruncIOp::build(b, v, ty, None).op()
            }
            (false, false) if from.is_unsigned() => arith::ExtUIOp::build(b, v, ty).op(),
            (false, false) => arith::ExtSIOp::build(b, v, ty).op(),
        };
        self.value(op)
    }

    /// `linalg.index dim`.
    pub fn index(&mut self, dim: usize) -> Value {
        let ctx = self.b.ctx;
        let op = strata_dialect_linalg::ops::IndexOp::build(
            &mut self.b,
            ctx.index_type(),
            ctx.i64_attr(dim as i64),
        )
        .op();
        self.value(op)
    }

    /// `arith.index_cast` of an integer to `index`.
    pub fn to_index(&mut self, v: Value) -> Value {
        let ty = self.b.ctx.index_type();
        let op = arith::IndexCastOp::build(&mut self.b, v, ty).op();
        self.value(op)
    }

    /// `arith.cmpi slt, a, b`.
    pub fn less_signed(&mut self, a: Value, b: Value) -> Value {
        let i1 = self.b.ctx.signless(1);
        let pred = self.b.ctx.i64_attr(2);
        let op = arith::CmpIOp::build(&mut self.b, a, b, i1, pred).op();
        self.value(op)
    }

    pub fn select(&mut self, cond: Value, a: Value, b: Value) -> Value {
        let ty = self.ty(a);
        let op = arith::SelectOp::build(&mut self.b, cond, a, b, ty).op();
        self.value(op)
    }

    /// `tensor.extract t[indices]`.
    pub fn extract(&mut self, t: Value, indices: &[Value]) -> Value {
        let ty = self
            .b
            .ctx
            .element_type(self.b.ir.value_type(t))
            .expect("a tensor");
        let op = tensor::ExtractOp::build(&mut self.b, t, indices, ty).op();
        self.value(op)
    }
}

/// The attribute of a scalar of element type `ty`.
pub fn scalar_attr(ctx: &Context, ty: Type, value: Scalar) -> Attribute {
    if ctx.is_float(ty) {
        let v = match value {
            Scalar::Float(f) => f,
            Scalar::Int(i) => i as f64,
        };
        let bits = if ctx.float_kind(ty) == Some(strata_ir::FloatKind::F64) {
            v.to_bits() as u128
        } else {
            (v as f32).to_bits() as u128
        };
        ctx.intern_attr(AttrData::Float {
            ty,
            bits: FloatBits(bits),
        })
    } else {
        let v = match value {
            Scalar::Float(f) => f as i64,
            Scalar::Int(i) => i,
        };
        ctx.integer_attr(ty, v as i128)
    }
}

/// The affine map from an elementwise op's `out` loops to the indices of
/// an operand of shape `shape` under numpy broadcasting: trailing
/// dimensions line up, a size-1 dimension against a larger one reads
/// index 0.
pub fn broadcast_map(shape: &[i64], out: &[i64]) -> AffineMap {
    let lead = out.len() - shape.len();
    let exprs = shape
        .iter()
        .enumerate()
        .map(|(k, &d)| {
            if d == 1 && out[lead + k] != 1 {
                AffineExpr::constant(0)
            } else {
                AffineExpr::dim(lead + k)
            }
        })
        .collect();
    AffineMap::new(out.len(), 0, exprs)
}

/// The map selecting loops `dims` (in that order) out of `rank` loops.
pub fn projection(rank: usize, dims: &[usize]) -> AffineMap {
    AffineMap::new(rank, 0, dims.iter().map(|&d| AffineExpr::dim(d)).collect())
}

/// How the dimensions of `fine` group into those of `coarse` (MLIR's
/// reassociation indices), if one is a regrouping of the other.
pub fn reassociation(fine: &[i64], coarse: &[i64]) -> Option<Vec<Vec<usize>>> {
    if coarse.is_empty() {
        return fine.iter().all(|&d| d == 1).then(Vec::new);
    }
    let mut groups: Vec<Vec<usize>> = Vec::new();
    let mut i = 0;
    for &c in coarse {
        let mut group = Vec::new();
        let mut product = 1i64;
        loop {
            let &d = fine.get(i)?;
            group.push(i);
            product = product.checked_mul(d)?;
            i += 1;
            if product == c {
                break;
            }
            if c != 0 && product > c {
                return None;
            }
        }
        groups.push(group);
    }
    while i < fine.len() {
        if fine[i] != 1 {
            return None;
        }
        groups.last_mut()?.push(i);
        i += 1;
    }
    Some(groups)
}

impl<'c> Emitter<'c> {
    /// A builder at the end of the block with the current location.
    pub fn builder(&mut self) -> OpBuilder<'_> {
        let mut b = OpBuilder::at(self.ctx, &mut self.ir, InsertPoint::BlockEnd(self.block));
        b.loc = self.loc;
        b
    }

    pub fn tensor_type(&self, shape: &[i64], dtype: DType) -> Type {
        self.ctx.tensor_type(shape, dtype.mlir(self.ctx))
    }

    pub fn shape(&self, v: Value) -> Vec<i64> {
        self.ctx
            .shape(self.ir.value_type(v))
            .map(<[i64]>::to_vec)
            .unwrap_or_default()
    }

    fn element(&self, v: Value) -> Type {
        self.ctx.element_type_or_self(self.ir.value_type(v))
    }

    /// `arith.constant` of a scalar.
    pub fn scalar(&mut self, ty: Type, value: Scalar) -> Value {
        let attr = scalar_attr(self.ctx, ty, value);
        let mut b = self.builder();
        let op = arith::ConstantOp::build(&mut b, ty, attr).op();
        self.ir.result(op, 0)
    }

    /// `arith.constant dense<...>` holding `data`.
    pub fn dense(&mut self, data: &TensorData) -> Value {
        let ty = self.tensor_type(&data.shape, data.dtype);
        let attr = self
            .ctx
            .dense_elements_attr(ty, data.dtype.size(), &data.raw);
        let mut b = self.builder();
        let op = arith::ConstantOp::build(&mut b, ty, attr).op();
        self.ir.result(op, 0)
    }

    /// A `dense<[...]> : tensor<Nxi64>` attribute (strides, dilations).
    pub fn i64_elements(&self, values: &[i64]) -> Attribute {
        let ty = self
            .ctx
            .tensor_type(&[values.len() as i64], self.ctx.signless(64));
        let raw: Vec<u8> = values.iter().flat_map(|v| v.to_le_bytes()).collect();
        self.ctx.dense_elements_attr(ty, 8, &raw)
    }

    /// `tensor.empty() : tensor<shape x dtype>`.
    pub fn empty(&mut self, shape: &[i64], dtype: DType) -> Value {
        let ty = self.tensor_type(shape, dtype);
        let mut b = self.builder();
        let op = tensor::EmptyOp::build(&mut b, &[], ty).op();
        self.ir.result(op, 0)
    }

    /// A tensor filled with `value` (`linalg.fill` of a constant).
    pub fn filled(&mut self, shape: &[i64], dtype: DType, value: Scalar) -> Value {
        let empty = self.empty(shape, dtype);
        let c = self.scalar(dtype.mlir(self.ctx), value);
        self.named(FillOp::NAME, &[c], empty, &[])
    }

    /// A named structured op (`linalg.matmul`, `linalg.conv_2d_nchw_fchw`,
    /// `linalg.transpose`, ...) with `ins`, one `init` and properties; the
    /// result has `init`'s type.
    pub fn named(
        &mut self,
        name: &str,
        ins: &[Value],
        init: Value,
        props: &[(&str, Attribute)],
    ) -> Value {
        let mut b = OpBuilder::at(self.ctx, &mut self.ir, InsertPoint::BlockEnd(self.block));
        b.loc = self.loc;
        let op = strata_dialect_linalg::ops::build_named(&mut b, name, ins, init, props)
            .unwrap_or_else(|e| panic!("{e}"));
        self.ir.result(op, 0)
    }

    /// `linalg.generic` over `iterators` loops: `inputs` read through
    /// their maps, `init` written through `out_map`, the payload built by
    /// `body` from the block arguments (inputs' elements, then the
    /// output's).
    pub fn generic(
        &mut self,
        inputs: &[(Value, AffineMap)],
        init: Value,
        out_map: AffineMap,
        iterators: &[IteratorType],
        body: impl FnOnce(&mut Payload, &[Value]) -> Value,
    ) -> Value {
        let ctx = self.ctx;
        let mut state = OperationState::new(ctx, GenericOp::NAME, self.loc);
        state.operands = inputs.iter().map(|(v, _)| *v).chain([init]).collect();
        state.result_types = vec![self.ir.value_type(init)];
        state.num_regions = 1;
        let maps: Vec<Attribute> = inputs
            .iter()
            .map(|(_, m)| m.clone())
            .chain([out_map])
            .map(|m| ctx.affine_map_attr(m))
            .collect();
        let its: Vec<Attribute> = iterators
            .iter()
            .map(|&it| iterator_type_attr(ctx, it))
            .collect();
        state.properties = ctx.dictionary_attr([
            (ctx.intern_str("indexing_maps"), ctx.array_attr(&maps)),
            (ctx.intern_str("iterator_types"), ctx.array_attr(&its)),
            (
                ctx.intern_str("operandSegmentSizes"),
                ctx.dense_i32_array(&[inputs.len() as i32, 1]),
            ),
        ]);
        let elements: Vec<Type> = state.operands.iter().map(|&v| self.element(v)).collect();
        let op = self.ir.create_op(state, InsertPoint::BlockEnd(self.block));
        let region = self.ir.region(op, 0);
        let block = self.ir.append_block(region, &elements);
        let args = self.ir.block_args(block).to_vec();
        let mut b = OpBuilder::at(ctx, &mut self.ir, InsertPoint::BlockEnd(block));
        b.loc = self.loc;
        let mut payload = Payload { b };
        let result = body(&mut payload, &args);
        strata_dialect_linalg::ops::YieldOp::build(&mut payload.b, &[result]);
        self.ir.result(op, 0)
    }

    /// An elementwise `linalg.generic`: `inputs` broadcast (numpy rules)
    /// to `shape`, the result of element type `dtype`.
    pub fn map(
        &mut self,
        inputs: &[Value],
        shape: &[i64],
        dtype: DType,
        body: impl FnOnce(&mut Payload, &[Value]) -> Value,
    ) -> Value {
        let ins: Vec<(Value, AffineMap)> = inputs
            .iter()
            .map(|&v| (v, broadcast_map(&self.shape(v), shape)))
            .collect();
        let init = self.empty(shape, dtype);
        let iterators = vec![IteratorType::Parallel; shape.len()];
        self.generic(
            &ins,
            init,
            AffineMap::multi_dim_identity(shape.len()),
            &iterators,
            body,
        )
    }

    /// `linalg.transpose` with `perm` (result dimension `i` is input
    /// dimension `perm[i]`).
    pub fn transpose(&mut self, v: Value, perm: &[usize], dtype: DType) -> Value {
        if perm.iter().enumerate().all(|(i, &p)| i == p) {
            return v;
        }
        let shape = self.shape(v);
        let out: Vec<i64> = perm.iter().map(|&p| shape[p]).collect();
        let init = self.empty(&out, dtype);
        let perm: Vec<i64> = perm.iter().map(|&p| p as i64).collect();
        let attr = self.ctx.dense_i64_array(&perm);
        self.named(TransposeOp::NAME, &[v], init, &[("permutation", attr)])
    }

    /// `linalg.broadcast` of `v` to `shape`, adding the dimensions `added`.
    pub fn broadcast(&mut self, v: Value, shape: &[i64], added: &[usize], dtype: DType) -> Value {
        if added.is_empty() {
            return v;
        }
        let init = self.empty(shape, dtype);
        let dims: Vec<i64> = added.iter().map(|&d| d as i64).collect();
        let attr = self.ctx.dense_i64_array(&dims);
        self.named(BroadcastOp::NAME, &[v], init, &[("dimensions", attr)])
    }

    fn reassociation_attr(&self, groups: &[Vec<usize>]) -> Attribute {
        let ctx = self.ctx;
        let groups: Vec<Attribute> = groups
            .iter()
            .map(|g| {
                let items: Vec<Attribute> = g.iter().map(|&i| ctx.i64_attr(i as i64)).collect();
                ctx.array_attr(&items)
            })
            .collect();
        ctx.array_attr(&groups)
    }

    /// `v` with shape `to` (same element count): `tensor.collapse_shape`
    /// or `tensor.expand_shape` when one shape regroups the other, else
    /// a collapse to one dimension followed by an expand.
    pub fn reshape(&mut self, v: Value, to: &[i64]) -> Value {
        let from = self.shape(v);
        if from == to {
            return v;
        }
        let element = self.element(v);
        let ty = self.ctx.tensor_type(to, element);
        if to.len() < from.len() {
            if let Some(groups) = reassociation(&from, to) {
                let attr = self.reassociation_attr(&groups);
                let mut b = self.builder();
                let op = tensor::CollapseShapeOp::build(&mut b, v, ty, attr).op();
                return self.ir.result(op, 0);
            }
        } else if to.len() > from.len() {
            if let Some(groups) = reassociation(to, &from) {
                let attr = self.reassociation_attr(&groups);
                let shape = self.ctx.dense_i64_array(to);
                let mut b = self.builder();
                let op = tensor::ExpandShapeOp::build(&mut b, v, &[], ty, attr, shape).op();
                return self.ir.result(op, 0);
            }
        }
        let count: i64 = from.iter().product();
        let flat = self.reshape(v, &[count]);
        self.reshape(flat, to)
    }

    /// `tensor.pad` of `v` by `low`/`high` per dimension with `value`.
    pub fn pad(&mut self, v: Value, low: &[i64], high: &[i64], value: Scalar) -> Value {
        if low.iter().chain(high).all(|&p| p == 0) {
            return v;
        }
        let shape = self.shape(v);
        let out: Vec<i64> = (0..shape.len())
            .map(|i| shape[i] + low[i] + high[i])
            .collect();
        let element = self.element(v);
        let pad_value = self.scalar(element, value);
        let ty = self.ctx.tensor_type(&out, element);
        let (lo, hi) = (
            self.ctx.dense_i64_array(low),
            self.ctx.dense_i64_array(high),
        );
        let mut b = self.builder();
        let pad = tensor::PadOp::build(&mut b, v, &[], &[], ty, lo, hi, None);
        let region = pad.region(&self.ir);
        let index = self.ctx.index_type();
        let block = self.ir.append_block(region, &vec![index; shape.len()]);
        let mut b = OpBuilder::at(self.ctx, &mut self.ir, InsertPoint::BlockEnd(block));
        b.loc = self.loc;
        tensor::YieldOp::build(&mut b, pad_value);
        self.ir.result(pad.op(), 0)
    }

    /// `tensor.extract_slice` with static offsets, sizes and strides.
    pub fn slice(&mut self, v: Value, offsets: &[i64], sizes: &[i64], strides: &[i64]) -> Value {
        let element = self.element(v);
        let ty = self.ctx.tensor_type(sizes, element);
        let (o, s, t) = (
            self.ctx.dense_i64_array(offsets),
            self.ctx.dense_i64_array(sizes),
            self.ctx.dense_i64_array(strides),
        );
        let mut b = self.builder();
        let op = tensor::ExtractSliceOp::build(&mut b, v, &[], &[], &[], ty, o, s, t).op();
        self.ir.result(op, 0)
    }

    /// `tensor.concat dim(axis)`.
    pub fn concat(&mut self, inputs: &[Value], axis: usize, shape: &[i64]) -> Value {
        let element = self.element(inputs[0]);
        let ty = self.ctx.tensor_type(shape, element);
        let dim = self.ctx.i64_attr(axis as i64);
        let mut b = self.builder();
        let op = tensor::ConcatOp::build(&mut b, inputs, ty, dim).op();
        self.ir.result(op, 0)
    }
}
