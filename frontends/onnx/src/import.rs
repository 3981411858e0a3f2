//! The graph walk: inputs become the arguments of `func.func @main_graph`,
//! nodes are imported in order (ONNX requires topological order), outputs
//! are returned.
//!
//! Every value is a [`Tensor`]: its static shape and ONNX element type
//! (which keeps the signedness MLIR's signless integers drop), its IR value
//! and, for initializers and `Constant` nodes, its data. Constants become
//! `arith.constant dense<...>` where a node first uses them as tensors;
//! ops that need a constant operand's values (Reshape's shape, Slice's
//! starts, ...) read the data and never materialize it.

use crate::emit::Emitter;
use crate::model::{self, DType, TensorData};
use crate::ops;
use crate::proto::{attribute_proto::AttributeType, AttributeProto, NodeProto};
use std::collections::HashMap;
use std::path::Path;
use std::rc::Rc;
use strata_dialect_func::{FuncOp, ReturnOp};
use strata_ir::builtin::ModuleOp;
use strata_ir::{Context, InsertPoint, Ir, Location, LocationData, OpId, Value};

/// One ONNX value while importing.
#[derive(Clone, Debug)]
pub struct Tensor {
    pub value: Option<Value>,
    pub shape: Vec<i64>,
    pub dtype: DType,
    pub data: Option<Rc<TensorData>>,
}

impl Tensor {
    pub fn constant(data: TensorData) -> Tensor {
        Tensor {
            value: None,
            shape: data.shape.clone(),
            dtype: data.dtype,
            data: Some(Rc::new(data)),
        }
    }

    pub fn rank(&self) -> usize {
        self.shape.len()
    }
}

/// A tensor operand: its IR value, shape and element type.
#[derive(Clone, Debug)]
pub struct Arg {
    pub value: Value,
    pub shape: Vec<i64>,
    pub dtype: DType,
}

/// The importer's state while one graph becomes one function.
pub struct Importer<'c> {
    pub em: Emitter<'c>,
    pub values: HashMap<String, Tensor>,
    pub opset: i64,
}

/// An import error before or outside any node.
pub type Error = String;

/// Where an error happened: a node (name, op type) or the graph.
#[derive(Debug)]
pub struct Failure {
    pub node: Option<(String, String)>,
    pub message: String,
}

fn graph_error(message: impl Into<String>) -> Failure {
    Failure {
        node: None,
        message: message.into(),
    }
}

/// The module for `bytes` (named `file_name`: the module and function are
/// located at `file_name:0:0`, the ops at their nodes); `dir` is where
/// external data lives.
pub fn import(
    ctx: &Context,
    bytes: &[u8],
    file_name: &str,
    dir: Option<&Path>,
) -> Result<(Ir, OpId), Failure> {
    let (model, opset) = model::decode(bytes).map_err(graph_error)?;
    let graph = model.graph.as_ref().expect("decode checks the graph");
    let mut ir = Ir::new();
    let model_loc = ctx.file_loc(file_name, 0, 0);
    let (module, body) = ModuleOp::create(ctx, &mut ir, model_loc);
    let mut values = HashMap::new();
    for init in &graph.initializer {
        let data = model::tensor_data(init, dir).map_err(graph_error)?;
        values.insert(
            init.name.clone().unwrap_or_default(),
            Tensor::constant(data),
        );
    }
    if !graph.sparse_initializer.is_empty() {
        return Err(graph_error("sparse initializers are not supported"));
    }
    let mut arg_types = Vec::new();
    let mut inputs = Vec::new();
    for info in &graph.input {
        let name = info.name.clone().unwrap_or_default();
        if values.contains_key(&name) {
            continue;
        }
        let (dtype, shape) =
            model::value_info_type(info).map_err(|e| graph_error(format!("graph input {e}")))?;
        arg_types.push(ctx.tensor_type(&shape, dtype.mlir(ctx)));
        inputs.push((name, shape, dtype));
    }
    // The function, with placeholder results until the outputs are known.
    let mut b = strata_ir::builder::OpBuilder::at(ctx, &mut ir, InsertPoint::BlockEnd(body));
    b.loc = model_loc;
    let func = FuncOp::build(
        &mut b,
        ctx.string_attr("main_graph"),
        ctx.type_attr(ctx.function_type(&arg_types, &[])),
        None,
        None,
        None,
        None,
    );
    let region = func.body(&ir);
    let entry = ir.append_block(region, &arg_types);
    for ((name, shape, dtype), &value) in inputs.into_iter().zip(ir.block_args(entry)) {
        values.insert(
            name,
            Tensor {
                value: Some(value),
                shape,
                dtype,
                data: None,
            },
        );
    }
    let em = Emitter {
        ctx,
        ir,
        block: entry,
        loc: model_loc,
    };
    let mut importer = Importer { em, values, opset };
    for (index, node) in graph.node.iter().enumerate() {
        let op_type = node.op_type.clone().unwrap_or_default();
        let name = match node.name.as_deref() {
            Some(n) if !n.is_empty() => n.to_string(),
            _ => format!("#{index}"),
        };
        importer.em.loc = node_location(ctx, &name, &op_type);
        importer.node(node).map_err(|message| Failure {
            node: Some((name.clone(), op_type.clone())),
            message,
        })?;
    }
    importer.em.loc = model_loc;
    let mut results = Vec::new();
    for info in &graph.output {
        let name = info.name.clone().unwrap_or_default();
        let t = importer.values.get(&name).cloned().ok_or_else(|| {
            graph_error(format!("graph output '{name}' is not computed by any node"))
        })?;
        if let Ok((dtype, shape)) = model::value_info_type(info) {
            if dtype != t.dtype || shape != t.shape {
                return Err(graph_error(format!(
                    "graph output '{name}' is declared {shape:?} of {} but computes {:?} of {}",
                    dtype.name(),
                    t.shape,
                    t.dtype.name()
                )));
            }
        }
        results.push(importer.value(&name).map_err(graph_error)?);
    }
    let mut em = importer.em;
    let result_types: Vec<_> = results.iter().map(|&v| em.ir.value_type(v)).collect();
    ReturnOp::build(&mut em.builder(), &results);
    let fty = ctx.type_attr(ctx.function_type(&arg_types, &result_types));
    em.ir
        .set_property(ctx, func.op(), "function_type", Some(fty));
    Ok((em.ir, module.op()))
}

/// `loc("name"("OpType"))`: the node's name, its op type inside.
fn node_location(ctx: &Context, name: &str, op_type: &str) -> Location {
    let inner = ctx.location(LocationData::Name {
        name: ctx.intern_str(op_type),
        child: None,
    });
    ctx.location(LocationData::Name {
        name: ctx.intern_str(name),
        child: Some(inner),
    })
}

impl Importer<'_> {
    fn node(&mut self, node: &NodeProto) -> Result<(), String> {
        let op_type = node.op_type.as_deref().unwrap_or("");
        if !matches!(node.domain.as_deref(), None | Some("") | Some("ai.onnx")) {
            return Err(format!(
                "unsupported ONNX op (domain '{}')",
                node.domain.as_deref().unwrap_or("")
            ));
        }
        let Some(import) = ops::lookup(op_type) else {
            return Err("unsupported ONNX op".into());
        };
        let outputs = import(self, node)?;
        for (i, t) in outputs.into_iter().enumerate() {
            match node.output.get(i) {
                Some(name) if !name.is_empty() => {
                    self.values.insert(name.clone(), t);
                }
                _ => {}
            }
        }
        for (i, name) in node.output.iter().enumerate() {
            if !name.is_empty() && !self.values.contains_key(name) {
                return Err(format!("output {i} ('{name}') is not supported"));
            }
        }
        Ok(())
    }

    /// The IR value of `name`, materializing a constant where first used.
    pub fn value(&mut self, name: &str) -> Result<Value, String> {
        let t = self
            .values
            .get(name)
            .ok_or_else(|| format!("'{name}' is not defined before its use"))?;
        if let Some(v) = t.value {
            return Ok(v);
        }
        let data = t
            .data
            .clone()
            .expect("a tensor without a value is a constant");
        let v = self.em.dense(&data);
        self.values.get_mut(name).expect("present").value = Some(v);
        Ok(v)
    }

    /// Input `i` of `node`, if present (an empty name is an absent input).
    pub fn tensor(&self, node: &NodeProto, i: usize) -> Result<Option<Tensor>, String> {
        match node.input.get(i).map(String::as_str) {
            None | Some("") => Ok(None),
            Some(name) => self
                .values
                .get(name)
                .cloned()
                .map(Some)
                .ok_or_else(|| format!("input '{name}' is not defined before its use")),
        }
    }

    /// Input `i` as an IR operand, if present.
    pub fn opt_arg(&mut self, node: &NodeProto, i: usize) -> Result<Option<Arg>, String> {
        let Some(t) = self.tensor(node, i)? else {
            return Ok(None);
        };
        let value = self.value(&node.input[i])?;
        Ok(Some(Arg {
            value,
            shape: t.shape,
            dtype: t.dtype,
        }))
    }

    /// Input `i` as an IR operand.
    pub fn arg(&mut self, node: &NodeProto, i: usize) -> Result<Arg, String> {
        self.opt_arg(node, i)?
            .ok_or_else(|| format!("input {i} is required"))
    }

    /// Input `i` with its dimensions permuted by `perm` (dimension `k` of
    /// the result is dimension `perm[k]` of the input): a constant is
    /// permuted here, so weights a model stores transposed cost nothing
    /// at run time; a run-time value goes through `linalg.transpose`.
    pub fn permuted_arg(
        &mut self,
        node: &NodeProto,
        i: usize,
        perm: &[usize],
    ) -> Result<Arg, String> {
        let t = self
            .tensor(node, i)?
            .ok_or_else(|| format!("input {i} is required"))?;
        if perm.len() != t.rank() {
            return Err(format!(
                "input {i} must have rank {}, it has shape {:?}",
                perm.len(),
                t.shape
            ));
        }
        if let (None, Some(data)) = (t.value, &t.data) {
            let data = data.permuted(perm);
            let value = self.em.dense(&data);
            return Ok(Arg {
                value,
                shape: data.shape,
                dtype: data.dtype,
            });
        }
        let x = self.arg(node, i)?;
        let value = self.em.transpose(x.value, perm, x.dtype);
        Ok(Arg {
            value,
            shape: self.em.shape(value),
            dtype: x.dtype,
        })
    }

    /// The data of input `i`, which must be a constant, if present.
    pub fn const_input(
        &self,
        node: &NodeProto,
        i: usize,
        what: &str,
    ) -> Result<Option<Rc<TensorData>>, String> {
        let Some(t) = self.tensor(node, i)? else {
            return Ok(None);
        };
        t.data.map(Some).ok_or_else(|| {
            format!(
                "input {i} ('{what}') must be a constant (an initializer or a Constant node); a value computed at run time is not supported"
            )
        })
    }

    /// An output tensor.
    pub fn out(&self, arg: Value, dtype: DType) -> Tensor {
        Tensor {
            value: Some(arg),
            shape: self.em.shape(arg),
            dtype,
            data: None,
        }
    }
}

// ---------------------------------------------------------------------------
// Attributes
// ---------------------------------------------------------------------------

fn attribute<'a>(node: &'a NodeProto, name: &str) -> Option<&'a AttributeProto> {
    node.attribute
        .iter()
        .find(|a| a.name.as_deref() == Some(name))
}

fn kind(a: &AttributeProto) -> Option<AttributeType> {
    a.r#type.and_then(|t| AttributeType::try_from(t).ok())
}

fn wrong_kind(name: &str, expected: &str) -> String {
    format!("attribute '{name}' must be {expected}")
}

/// An integer attribute, `default` when absent.
pub fn int_attr(node: &NodeProto, name: &str, default: i64) -> Result<i64, String> {
    match attribute(node, name) {
        None => Ok(default),
        Some(a) if kind(a) == Some(AttributeType::Int) || (kind(a).is_none() && a.i.is_some()) => {
            Ok(a.i.unwrap_or(0))
        }
        Some(_) => Err(wrong_kind(name, "an integer")),
    }
}

/// A float attribute, `default` when absent.
pub fn float_attr(node: &NodeProto, name: &str, default: f32) -> Result<f32, String> {
    match attribute(node, name) {
        None => Ok(default),
        Some(a)
            if kind(a) == Some(AttributeType::Float) || (kind(a).is_none() && a.f.is_some()) =>
        {
            Ok(a.f.unwrap_or(0.0))
        }
        Some(_) => Err(wrong_kind(name, "a float")),
    }
}

/// An integer-list attribute, if present.
pub fn ints_attr(node: &NodeProto, name: &str) -> Result<Option<Vec<i64>>, String> {
    match attribute(node, name) {
        None => Ok(None),
        Some(a) if kind(a) == Some(AttributeType::Ints) || kind(a).is_none() => {
            Ok(Some(a.ints.clone()))
        }
        Some(_) => Err(wrong_kind(name, "a list of integers")),
    }
}

/// A string attribute, `default` when absent.
pub fn string_attr(node: &NodeProto, name: &str, default: &str) -> Result<String, String> {
    match attribute(node, name) {
        None => Ok(default.to_string()),
        Some(a)
            if kind(a) == Some(AttributeType::String) || (kind(a).is_none() && a.s.is_some()) =>
        {
            String::from_utf8(a.s.clone().unwrap_or_default())
                .map_err(|_| format!("attribute '{name}' is not UTF-8"))
        }
        Some(_) => Err(wrong_kind(name, "a string")),
    }
}

/// The attribute `name` itself, for ops that read several kinds
/// (Constant).
pub fn raw_attr<'a>(node: &'a NodeProto, name: &str) -> Option<&'a AttributeProto> {
    attribute(node, name)
}

/// An axis attribute or input value normalized to `0..rank`.
pub fn normalize_axis(axis: i64, rank: usize) -> Result<usize, String> {
    let r = rank as i64;
    if axis < -r || axis >= r {
        return Err(format!("axis {axis} is out of range for rank {rank}"));
    }
    Ok(if axis < 0 { axis + r } else { axis } as usize)
}

/// Rejects an attribute value the importer does not implement.
pub fn unsupported(name: &str, value: impl std::fmt::Display) -> String {
    format!("unsupported value {value} of attribute '{name}'")
}
