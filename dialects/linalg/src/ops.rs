//! The linalg ops: definitions, MLIR's custom syntax and the structured-op verifier.

use crate::named::{
    affine_maps_attr, default_maps_with, window_attr, Kind, Maps, MEMOIZED_MAPS, NAMED,
};
use crate::structured::{structured_info, IteratorType, LinalgStructuredOp};
use strata_dialect_tensor::syntax::*;
use strata_ir::asm::lexer::TokenKind;
use strata_ir::asm::parser::{BlockArgDecl, OpParser, UnresolvedOperand};
use strata_ir::asm::printer::OpPrinter;
use strata_ir::constraints::{AttrConstraint, TypeConstraint};
use strata_ir::diagnostics::{DiagResult, Diagnostic};
use strata_ir::interfaces::{ConditionallySpeculatable, MemoryEffects, SpeculatableIf};
use strata_ir::{Attribute, Context, Ir, OpDefinition, OpId, Type, DYNAMIC};

strata_ir::define_op! {
    /// Yields the payload's results.
    pub struct YieldOp = "linalg.yield" {
        traits: [PURE, TERMINATOR, RETURN_LIKE],
        operands: [values: variadic(TypeConstraint::Any)],
        // MLIR's custom syntax (`YieldOp::parse`/`print`): the values, the
        // attributes, then the types when there are values.
        format: "$values attr-dict (`:` type($values)^)?",
        verify: verify_yield,
        // MLIR registers FoldTensorCastProducerOp on the dialect; Strata has
        // no dialect-level pattern hook, so linalg.yield's adds it for every
        // structured op.
        canonicalize: crate::canonicalize::cast_producer_patterns,
    }
}
strata_ir::define_op! {
    /// The current iteration index along one loop.
    pub struct IndexOp = "linalg.index" {
        traits: [PURE],
        results: [result: single(TypeConstraint::Index)],
        attributes: [dim: required(AttrConstraint::Integer(Some(64)), syntax = PLAIN_I64)],
        format: "$dim attr-dict `:` type($result)",
        verify: verify_index,
        infer_result_types: |ctx, _, _| Ok(vec![ctx.index_type()]),
    }
}

// ---------------------------------------------------------------------------
// Structured ops (MLIR's `LinalgStructuredBase_Op`)
// ---------------------------------------------------------------------------

/// The `indexing_maps` constraint: an array of affine maps.
fn maps_constraint() -> AttrConstraint {
    AttrConstraint::Array(Some(Box::new(AttrConstraint::AffineMap)))
}

/// A structured op: what every one shares (traits, the variadic results,
/// the single-block payload region, the structured-op verifier, payload
/// argument names, the `LinalgStructuredOp`, memory-effect and
/// speculation interfaces) around what sets it apart (its operand groups,
/// properties, syntax, folder and patterns). Result types are checked by
/// `verify::verify_op`, with MLIR's wording.
macro_rules! structured_op {
    (
        $(#[$doc:meta])* $name:ident = $op:literal, kind: $kind:expr,
        operands: [$($operands:tt)*],
        attributes: [$($attributes:tt)*],
        parse: $parse:expr, print: $print:expr
        $(, fold: $fold:expr)?
        $(, canonicalize: $canon:expr)?
        $(, result_names: [$result_name:literal])?
    ) => {
        strata_ir::define_op! {
            $(#[$doc])*
            pub struct $name = $op {
                traits: [RECURSIVE_MEMORY_EFFECTS, SINGLE_BLOCK],
                operands: [$($operands)*],
                results: [result_tensors: variadic(TypeConstraint::Any)],
                attributes: [$($attributes)*],
                regions: [region: single_block],
                parse: $parse,
                print: $print,
                verify: verify_structured,
                $(fold: $fold,)?
                $(canonicalize: $canon,)?
                $(result_names: [$result_name],)?
                block_arg_names: payload_arg_names,
                interfaces: [
                    dyn LinalgStructuredOp => $kind,
                    dyn MemoryEffects => StructuredEffects,
                    dyn ConditionallySpeculatable => SpeculatableIf(structured_speculatability),
                ],
            }
        }
    };
}

/// A named op (OpDSL's ops, fill and copy): `ins(...) outs(...)` operand
/// groups (their counts are checked by `verify::verify_op` with MLIR's
/// wording, "expected 2 operands, but found 0"), the syntax of
/// `parse_named`/`print_named`, the memref-cast fold, and the properties
/// of its kind: `plain` (none), `windowed` (`strides`, `dilations`),
/// `explicit_maps` (an optional `indexing_maps`) or `required_maps`. Its
/// [`Kind`] is its line in [`NAMED`].
macro_rules! named_op {
    ($name:ident = $op:literal, plain $($canon:tt)*) => {
        named_op!(@declare $name = $op, [], [$($canon)*]);
    };
    ($name:ident = $op:literal, windowed $($canon:tt)*) => {
        named_op!(@declare $name = $op, [
            strides: optional(AttrConstraint::DenseElements),
            dilations: optional(AttrConstraint::DenseElements),
        ], [$($canon)*]);
    };
    ($name:ident = $op:literal, explicit_maps $($canon:tt)*) => {
        named_op!(@declare $name = $op, [indexing_maps: optional(maps_constraint())], [$($canon)*]);
    };
    ($name:ident = $op:literal, required_maps $($canon:tt)*) => {
        named_op!(@declare $name = $op, [indexing_maps: required(maps_constraint())], [$($canon)*]);
    };
    (@declare $name:ident = $op:literal, [$($attributes:tt)*], [$($canon:tt)*]) => {
        structured_op! {
            #[doc = concat!("`", $op, "`, a named structured op.")]
            $name = $op, kind: named_kind($op),
            operands: [inputs: variadic(TypeConstraint::Any), outputs: variadic(TypeConstraint::Any)],
            attributes: [$($attributes)*],
            parse: parse_named, print: print_named,
            fold: fold_memref_casts
            $($canon)*
        }
    };
}

/// Declares the named ops, in [`NAMED`]'s order, and lists their definitions.
macro_rules! named_ops {
    ($($name:ident = $op:literal, $props:ident $(, canonicalize: $canon:expr)?;)*) => {
        $(named_op!($name = $op, $props $(, canonicalize: $canon)?);)*

        /// The named ops' definitions, in [`NAMED`]'s order.
        fn named_definitions() -> Vec<OpDefinition> {
            vec![$($name::definition()),*]
        }

    };
}

/// A named op's [`Kind`]: its line in [`NAMED`]. Every declared named op
/// has one (a test checks it), so a missing line is a bug found when the
/// dialect is loaded.
fn named_kind(name: &str) -> Kind {
    match NAMED.iter().find(|(n, _)| *n == name) {
        Some(&(_, kind)) => kind,
        None => panic!("linalg op `{name}` is declared but has no line in NAMED"),
    }
}

structured_op! {
    /// `linalg.generic`: indexing maps, iterator types and a payload region.
    GenericOp = "linalg.generic", kind: Kind::Generic,
    operands: [inputs: variadic(TypeConstraint::Any), outputs: variadic(TypeConstraint::Any)],
    attributes: [
        indexing_maps: required(maps_constraint()),
        iterator_types: required(AttrConstraint::Array(None)),
        doc: optional(AttrConstraint::String),
        library_call: optional(AttrConstraint::String),
    ],
    parse: parse_generic, print: print_generic,
    fold: fold_memref_casts,
    canonicalize: crate::canonicalize::generic_patterns
}

structured_op! {
    /// `linalg.transpose`: the input with its dimensions permuted. One
    /// operand group: the counts are checked by `verify::verify_op`.
    TransposeOp = "linalg.transpose", kind: Kind::Transpose,
    operands: [operands: variadic(TypeConstraint::Any)],
    attributes: [permutation: required(AttrConstraint::DenseI64Array)],
    parse: parse_transpose_like, print: print_transpose_like,
    fold: crate::canonicalize::fold_transpose,
    canonicalize: crate::canonicalize::transpose_patterns,
    result_names: ["transposed"]
}

structured_op! {
    /// `linalg.broadcast`: the input with `dimensions` added.
    BroadcastOp = "linalg.broadcast", kind: Kind::Broadcast,
    operands: [operands: variadic(TypeConstraint::Any)],
    attributes: [dimensions: required(AttrConstraint::DenseI64Array)],
    parse: parse_transpose_like, print: print_transpose_like,
    canonicalize: crate::canonicalize::broadcast_patterns,
    result_names: ["broadcasted"]
}

structured_op! {
    /// `linalg.map`: its payload applied to the inputs elementwise.
    MapOp = "linalg.map", kind: Kind::Map,
    operands: [operands: variadic(TypeConstraint::Any)],
    attributes: [],
    parse: parse_map_like, print: print_map_like,
    result_names: ["mapped"]
}

structured_op! {
    /// `linalg.reduce`: the inputs reduced along `dimensions` into the inits.
    ReduceOp = "linalg.reduce", kind: Kind::Reduce,
    operands: [operands: variadic(TypeConstraint::Any)],
    attributes: [dimensions: required(AttrConstraint::DenseI64Array)],
    parse: parse_map_like, print: print_map_like,
    result_names: ["reduced"]
}

named_ops! {
    FillOp = "linalg.fill", plain, canonicalize: crate::canonicalize::fill_patterns;
    CopyOp = "linalg.copy", plain, canonicalize: copy_patterns;
    MatmulOp = "linalg.matmul", explicit_maps;
    BatchMatmulOp = "linalg.batch_matmul", explicit_maps;
    BatchReduceMatmulOp = "linalg.batch_reduce_matmul", explicit_maps;
    ContractOp = "linalg.contract", required_maps;
    MatvecOp = "linalg.matvec", plain;
    VecmatOp = "linalg.vecmat", plain;
    BatchMatvecOp = "linalg.batch_matvec", plain;
    BatchVecmatOp = "linalg.batch_vecmat", plain;
    DotOp = "linalg.dot", plain;
    Mmt4DOp = "linalg.mmt4d", plain;
    BatchMmt4DOp = "linalg.batch_mmt4d", plain;
    QuantizedMatmulOp = "linalg.quantized_matmul", plain;
    QuantizedBatchMatmulOp = "linalg.quantized_batch_matmul", plain;
    Conv1DOp = "linalg.conv_1d", plain;
    Conv2DOp = "linalg.conv_2d", plain;
    Conv3DOp = "linalg.conv_3d", plain;
    Conv1DNwcWcfOp = "linalg.conv_1d_nwc_wcf", windowed;
    Conv1DNcwFcwOp = "linalg.conv_1d_ncw_fcw", windowed;
    Conv2DNhwcHwcfOp = "linalg.conv_2d_nhwc_hwcf", windowed;
    Conv2DNhwcFhwcOp = "linalg.conv_2d_nhwc_fhwc", windowed;
    Conv2DNhwcHwcfQOp = "linalg.conv_2d_nhwc_hwcf_q", windowed;
    Conv2DNhwcFhwcQOp = "linalg.conv_2d_nhwc_fhwc_q", windowed;
    Conv2DNchwFchwOp = "linalg.conv_2d_nchw_fchw", windowed;
    Conv2DNchwFchwQOp = "linalg.conv_2d_nchw_fchw_q", windowed;
    Conv2DNgchwFgchwOp = "linalg.conv_2d_ngchw_fgchw", windowed;
    Conv2DNgchwGfchwOp = "linalg.conv_2d_ngchw_gfchw", windowed;
    Conv2DNgchwGfchwQOp = "linalg.conv_2d_ngchw_gfchw_q", windowed;
    Conv2DNhwgcGfhwcOp = "linalg.conv_2d_nhwgc_gfhwc", windowed;
    Conv2DNhwgcGfhwcQOp = "linalg.conv_2d_nhwgc_gfhwc_q", windowed;
    Conv3DNdhwcDhwcfOp = "linalg.conv_3d_ndhwc_dhwcf", windowed;
    Conv3DNdhwcDhwcfQOp = "linalg.conv_3d_ndhwc_dhwcf_q", windowed;
    Conv3DNcdhwFcdhwOp = "linalg.conv_3d_ncdhw_fcdhw", windowed;
    DepthwiseConv1DNwcWcOp = "linalg.depthwise_conv_1d_nwc_wc", windowed;
    DepthwiseConv1DNcwCwOp = "linalg.depthwise_conv_1d_ncw_cw", windowed;
    DepthwiseConv1DNwcWcmOp = "linalg.depthwise_conv_1d_nwc_wcm", windowed;
    DepthwiseConv2DNhwcHwcOp = "linalg.depthwise_conv_2d_nhwc_hwc", windowed;
    DepthwiseConv2DNhwcHwcQOp = "linalg.depthwise_conv_2d_nhwc_hwc_q", windowed;
    DepthwiseConv2DNchwChwOp = "linalg.depthwise_conv_2d_nchw_chw", windowed;
    DepthwiseConv2DNhwcHwcmOp = "linalg.depthwise_conv_2d_nhwc_hwcm", windowed;
    DepthwiseConv2DNhwcHwcmQOp = "linalg.depthwise_conv_2d_nhwc_hwcm_q", windowed;
    DepthwiseConv3DNdhwcDhwcOp = "linalg.depthwise_conv_3d_ndhwc_dhwc", windowed;
    DepthwiseConv3DNcdhwCdhwOp = "linalg.depthwise_conv_3d_ncdhw_cdhw", windowed;
    DepthwiseConv3DNdhwcDhwcmOp = "linalg.depthwise_conv_3d_ndhwc_dhwcm", windowed;
    PoolingNhwcSumOp = "linalg.pooling_nhwc_sum", windowed;
    PoolingNhwcMaxOp = "linalg.pooling_nhwc_max", windowed;
    PoolingNhwcMinOp = "linalg.pooling_nhwc_min", windowed;
    PoolingNhwcMaxUnsignedOp = "linalg.pooling_nhwc_max_unsigned", windowed;
    PoolingNhwcMinUnsignedOp = "linalg.pooling_nhwc_min_unsigned", windowed;
    PoolingNchwSumOp = "linalg.pooling_nchw_sum", windowed;
    PoolingNchwMaxOp = "linalg.pooling_nchw_max", windowed;
    PoolingNwcSumOp = "linalg.pooling_nwc_sum", windowed;
    PoolingNwcMaxOp = "linalg.pooling_nwc_max", windowed;
    PoolingNwcMinOp = "linalg.pooling_nwc_min", windowed;
    PoolingNwcMaxUnsignedOp = "linalg.pooling_nwc_max_unsigned", windowed;
    PoolingNwcMinUnsignedOp = "linalg.pooling_nwc_min_unsigned", windowed;
    PoolingNcwSumOp = "linalg.pooling_ncw_sum", windowed;
    PoolingNcwMaxOp = "linalg.pooling_ncw_max", windowed;
    PoolingNdhwcSumOp = "linalg.pooling_ndhwc_sum", windowed;
    PoolingNdhwcMaxOp = "linalg.pooling_ndhwc_max", windowed;
    PoolingNdhwcMinOp = "linalg.pooling_ndhwc_min", windowed;
    ExpOp = "linalg.exp", plain;
    LogOp = "linalg.log", plain;
    AbsOp = "linalg.abs", plain;
    CeilOp = "linalg.ceil", plain;
    FloorOp = "linalg.floor", plain;
    NegFOp = "linalg.negf", plain;
    ReciprocalOp = "linalg.reciprocal", plain;
    RoundOp = "linalg.round", plain;
    SqrtOp = "linalg.sqrt", plain;
    RsqrtOp = "linalg.rsqrt", plain;
    SquareOp = "linalg.square", plain;
    TanhOp = "linalg.tanh", plain;
    ErfOp = "linalg.erf", plain;
    AddOp = "linalg.add", plain;
    SubOp = "linalg.sub", plain;
    MulOp = "linalg.mul", plain;
    DivOp = "linalg.div", plain;
    DivUnsignedOp = "linalg.div_unsigned", plain;
    MaxOp = "linalg.max", plain;
    MinOp = "linalg.min", plain;
    PowFOp = "linalg.powf", plain;
    SelectOp = "linalg.select", plain;
}

/// The fold of generic and the named ops (MLIR's `memref::foldMemRefCast`):
/// an operand produced by `memref.cast` from a ranked memref is replaced by
/// the cast's source, in place.
fn fold_memref_casts(
    ctx: &Context,
    ir: &mut Ir,
    op: OpId,
    _: &[Option<Attribute>],
) -> strata_ir::fold::FoldOutcome {
    let mut folded = false;
    for i in 0..ir.num_operands(op) {
        let v = ir.operand(op, i);
        let Some(cast) = strata_dialect_memref::CastOp::defining(ctx, ir, v) else {
            continue;
        };
        if ir.num_operands(cast.op()) != 1 {
            continue;
        }
        let source = ir.operand(cast.op(), 0);
        if !matches!(
            ctx.type_data(ir.value_type(source)),
            strata_ir::TypeData::MemRef { .. }
        ) {
            continue;
        }
        ir.set_operand(op, i, source);
        folded = true;
    }
    if folded {
        strata_ir::fold::FoldOutcome::InPlace
    } else {
        strata_ir::fold::FoldOutcome::Failed
    }
}

/// `linalg.copy` canonicalization: MLIR's `EraseSelfCopy` (a copy of a
/// buffer onto itself is erased; on tensors it is its input).
fn copy_patterns(ctx: &Context, set: &mut strata_ir::rewrite::RewritePatternSet) {
    set.add_fn(
        Some(ctx.op_name("linalg.copy")),
        1,
        "EraseSelfCopy",
        |op, rw| {
            use strata_ir::rewrite::NoMatch;
            let ir = rw.ir();
            if ir.num_operands(op) != 2 || ir.operand(op, 0) != ir.operand(op, 1) {
                return Err(NoMatch);
            }
            let input = ir.operand(op, 0);
            if ir.num_results(op) == 0 {
                rw.erase_op(op);
            } else {
                rw.replace_op(op, &[input]);
            }
            Ok(())
        },
    );
}

/// Memory effects of a structured op (MLIR's `getGenericEffectsImpl`):
/// memref inputs are read, memref outputs read and written; on tensors
/// there is none, so an unused op on tensors is dead.
struct StructuredEffects;

/// MLIR's `LinalgOp::getSpeculatability`: on tensors a structured op may
/// run speculatively when its payload may; on buffers it writes memory.
fn structured_speculatability(
    ctx: &Context,
    ir: &Ir,
    op: OpId,
) -> strata_ir::interfaces::Speculatability {
    let on_buffers = ir.operands(op).any(|v| {
        matches!(
            ctx.type_data(ir.value_type(v)),
            strata_ir::TypeData::MemRef { .. } | strata_ir::TypeData::UnrankedMemRef { .. }
        )
    });
    if on_buffers {
        strata_ir::interfaces::Speculatability::NotSpeculatable
    } else {
        strata_ir::interfaces::Speculatability::RecursivelySpeculatable
    }
}

impl strata_ir::interfaces::MemoryEffects for StructuredEffects {
    fn effects(
        &self,
        ctx: &Context,
        ir: &Ir,
        op: OpId,
        out: &mut smallvec::SmallVec<[strata_ir::interfaces::EffectInstance; 2]>,
    ) {
        use strata_ir::interfaces::{Effect, EffectInstance};
        let Some(Ok(info)) = structured_info(ctx, ir, op) else {
            return;
        };
        let is_memref = |v| {
            matches!(
                ctx.type_data(ir.value_type(v)),
                strata_ir::TypeData::MemRef { .. }
            )
        };
        for &v in info.inputs.iter().filter(|&&v| is_memref(v)) {
            out.push(EffectInstance {
                effect: Effect::Read,
                value: Some(v),
            });
        }
        for &v in info.outputs.iter().filter(|&&v| is_memref(v)) {
            out.push(EffectInstance {
                effect: Effect::Read,
                value: Some(v),
            });
            out.push(EffectInstance {
                effect: Effect::Write,
                value: Some(v),
            });
        }
    }
}

/// The payload's arguments print as `%in`, `%in_0`, ..., `%out` (`%init`
/// for map and reduce), as MLIR's `getAsmBlockArgumentNames`.
fn payload_arg_names(
    ctx: &Context,
    ir: &Ir,
    op: OpId,
    region: strata_ir::RegionId,
    set: &mut dyn FnMut(strata_ir::Value, &str),
) {
    let Some(block) = ir.entry_block(region) else {
        return;
    };
    let n = ir.num_operands(op);
    let (n_ins, out) = match kind_of(ctx.op_name_str(ir.op_name(op))) {
        Some(Kind::Map) => (n.saturating_sub(1), "init"),
        Some(Kind::Reduce) => (n / 2, "init"),
        Some(Kind::Transpose | Kind::Broadcast) => (1, "init"),
        _ => match operand_segments(ctx, ir, op).as_slice() {
            [ins, _] => (ins.len(), "out"),
            _ => return,
        },
    };
    for (i, &arg) in ir.block_args(block).iter().take(n).enumerate() {
        set(arg, if i < n_ins { "in" } else { out });
    }
}

/// Every op definition of the dialect.
pub fn definitions(_ctx: &Context) -> Vec<OpDefinition> {
    let mut defs = vec![
        YieldOp::definition(),
        IndexOp::definition(),
        GenericOp::definition(),
        TransposeOp::definition(),
        BroadcastOp::definition(),
        MapOp::definition(),
        ReduceOp::definition(),
    ];
    defs.extend(named_definitions());
    defs.extend([
        crate::pack::PackOp::definition(),
        crate::pack::UnPackOp::definition(),
    ]);
    defs
}

/// The kind of a structured op definition by name.
pub fn kind_of(name: &str) -> Option<Kind> {
    match name {
        GenericOp::NAME => Some(Kind::Generic),
        TransposeOp::NAME => Some(Kind::Transpose),
        BroadcastOp::NAME => Some(Kind::Broadcast),
        MapOp::NAME => Some(Kind::Map),
        ReduceOp::NAME => Some(Kind::Reduce),
        _ => NAMED.iter().find(|(n, _)| *n == name).map(|(_, k)| *k),
    }
}

/// Builds the structured op `name` (a named op, `linalg.transpose` or
/// `linalg.broadcast`) on `ins` into `init`, with its properties `props`,
/// completed as the parser completes it: operand segments, the default
/// indexing maps of ops that store them, a convolution's memoized maps, and
/// the op's payload. Returns the op.
pub fn build_named(
    b: &mut strata_ir::builder::OpBuilder,
    name: &str,
    ins: &[strata_ir::Value],
    init: strata_ir::Value,
    props: &[(&str, Attribute)],
) -> Result<OpId, String> {
    let ctx = b.ctx;
    let kind = kind_of(name)
        .filter(|k| !matches!(k, Kind::Generic | Kind::Map | Kind::Reduce))
        .ok_or_else(|| format!("{name} is not a named structured op"))?;
    let mut state = b.state(name);
    state.operands = ins.iter().copied().chain([init]).collect();
    state.result_types = vec![b.ir.value_type(init)];
    state.num_regions = 1;
    let mut properties: Vec<_> = props.iter().map(|(n, a)| (ctx.intern_str(n), *a)).collect();
    if !matches!(kind, Kind::Transpose | Kind::Broadcast) {
        properties.push((
            ctx.intern_str("operandSegmentSizes"),
            ctx.dense_i32_array(&[ins.len() as i32, 1]),
        ));
    }
    let maps_attr = |maps: Vec<strata_ir::affine::AffineMap>| {
        let maps: Vec<Attribute> = maps.into_iter().map(|m| ctx.affine_map_attr(m)).collect();
        ctx.array_attr(&maps)
    };
    if kind.spec().map(|s| s.maps) == Some(crate::named::Maps::Explicit) {
        let (maps, _) = crate::named::default_maps_with(kind, &[], &[]);
        properties.push((ctx.intern_str("indexing_maps"), maps_attr(maps)));
    }
    if kind.memoizes_maps() {
        let s = kind.spatial_rank();
        let window = |name: &str| {
            props
                .iter()
                .find(|(n, _)| *n == name)
                .map_or(vec![1; s], |(_, a)| crate::named::window_values(ctx, *a, s))
        };
        let (maps, _) =
            crate::named::default_maps_with(kind, &window("strides"), &window("dilations"));
        state.attributes =
            ctx.dictionary_attr([(ctx.intern_str(crate::named::MEMOIZED_MAPS), maps_attr(maps))]);
    }
    state.properties = ctx.dictionary_attr(properties);
    let op = b.create(state);
    let elements: Vec<Type> = ins
        .iter()
        .chain([&init])
        .map(|&v| crate::structured::element_or_self(ctx, b.ir.value_type(v)))
        .collect();
    let region = b.ir.region(op, 0);
    let block = b.ir.append_block(region, &elements);
    let loc = b.loc;
    kind.build_payload(ctx, b.ir, loc, block);
    Ok(op)
}

fn current_kind(p: &OpParser) -> Kind {
    kind_of(&p.definition.name).unwrap_or(Kind::Generic)
}

// ---------------------------------------------------------------------------
// ins/outs
// ---------------------------------------------------------------------------

type Group<'a> = (Vec<UnresolvedOperand<'a>>, Vec<Type>);

fn parse_group<'a>(p: &mut OpParser<'_, 'a>, keyword: &str) -> DiagResult<Group<'a>> {
    if !p.consume_keyword(keyword) {
        return Ok((Vec::new(), Vec::new()));
    }
    p.expect(TokenKind::LParen, "'('")?;
    let operands = p.parse_operand_list()?;
    let mut types = Vec::new();
    if !operands.is_empty() {
        p.expect(TokenKind::Colon, "':'")?;
        types = p.parse_type_list()?;
    }
    p.expect(TokenKind::RParen, "')'")?;
    Ok((operands, types))
}

fn print_group(pr: &mut OpPrinter, keyword: &str, values: &[strata_ir::Value]) {
    let ir = pr.ir;
    pr.write(&format!(" {keyword}("));
    pr.print_operands(values.iter().copied());
    if !values.is_empty() {
        pr.write(" : ");
        pr.print_types(values.iter().map(|&v| ir.value_type(v)));
    }
    pr.write(")");
}

fn print_arrow_types(pr: &mut OpPrinter, op: OpId) {
    let ir = pr.ir;
    let n = ir.num_results(op);
    if n == 0 {
        return;
    }
    pr.write(" -> ");
    if n > 1 {
        pr.write("(");
    }
    pr.print_types(ir.results(op).map(|v| ir.value_type(v)));
    if n > 1 {
        pr.write(")");
    }
}

/// Moves attributes the op stores as properties out of the parsed attr-dict.
fn move_to_properties(p: &mut OpParser, names: &[&str]) {
    let ctx = p.ctx();
    let entries = ctx.dictionary_entries(p.state.attributes).to_vec();
    let (props, rest): (Vec<_>, Vec<_>) = entries
        .into_iter()
        .partition(|(n, _)| names.contains(&ctx.str(*n)));
    for (n, a) in props {
        p.add_property(ctx.str(n), a);
    }
    p.state.attributes = ctx.dictionary_attr(rest);
}

/// Adds the operands and a region whose block holds the payload of `kind`.
fn finish_structured<'a>(
    p: &mut OpParser<'_, 'a>,
    kind: Kind,
    ins: Group<'a>,
    outs: Group<'a>,
    segments: bool,
    build_body: bool,
) -> DiagResult<()> {
    let ctx = p.ctx();
    p.add_operands(&ins.0, &ins.1)?;
    p.add_operands(&outs.0, &outs.1)?;
    if segments {
        set_segments(p, &[ins.0.len(), outs.0.len()]);
    }
    if build_body {
        let loc = p.op_loc();
        let elements: Vec<Type> = ins
            .1
            .iter()
            .chain(&outs.1)
            .map(|&t| crate::structured::element_or_self(ctx, t))
            .collect();
        let region = p.add_empty_region();
        let ir = p.ir();
        let block = ir.append_block(region, &elements);
        kind.build_payload(ctx, ir, loc, block);
    }
    Ok(())
}

// ---------------------------------------------------------------------------
// Named ops: `linalg.matmul {attrs} ins(...) outs(...) -> types`
// ---------------------------------------------------------------------------

fn parse_named(p: &mut OpParser) -> DiagResult<()> {
    let kind = current_kind(p);
    let start = p.parser.offset();
    let required_maps = kind.spec().map(|s| s.maps) == Some(Maps::Required);
    if p.consume_keyword("indexing_maps") {
        p.expect(TokenKind::Equal, "'='")?;
        let maps = p.parse_attribute(None)?;
        p.add_property("indexing_maps", maps);
    } else if required_maps {
        return Err(p.error_here("expected 'indexing_maps' attribute"));
    }
    p.parse_optional_attr_dict(false)?;
    move_to_properties(p, &["strides", "dilations", "indexing_maps"]);
    let ins = parse_group(p, "ins")?;
    let outs = parse_group(p, "outs")?;
    let results = p.parse_optional_arrow_type_list()?;
    p.add_result_types(&results);
    // OpDSL ops build their region from the operand count
    // (MLIR's parseNamedStructuredOpRegion).
    let expected = match kind {
        Kind::Fill | Kind::Copy => Some(2),
        Kind::Named(spec) if !required_maps => Some(spec.num_inputs() + 1),
        _ => None,
    };
    let got = ins.0.len() + outs.0.len();
    if let Some(expected) = expected.filter(|&e| e != got) {
        return Err(p.error_here(format!(
            "[parseNamedStructuredOpRegion] ods-gen generated region expects {expected} args, got {got}"
        )));
    }
    let elements: Vec<Type> = ins
        .1
        .iter()
        .chain(&outs.1)
        .map(|&t| crate::structured::element_or_self(p.ctx(), t))
        .collect();
    if let Some(message) = crate::named::payload_type_error(p.ctx(), kind, &elements) {
        return Err(p.error_at(start, message));
    }
    let ctx = p.ctx();
    let maps_attr = |maps: Vec<strata_ir::affine::AffineMap>| {
        let attrs: Vec<Attribute> = maps.into_iter().map(|m| ctx.affine_map_attr(m)).collect();
        ctx.array_attr(&attrs)
    };
    let explicit = kind.spec().map(|s| s.maps) == Some(Maps::Explicit);
    if explicit
        && ctx
            .dictionary_get(p.state.properties, "indexing_maps")
            .is_none()
    {
        let (maps, _) = default_maps_with(kind, &[], &[]);
        p.add_property("indexing_maps", maps_attr(maps));
    }
    if kind.memoizes_maps()
        && ctx
            .dictionary_get(p.state.attributes, MEMOIZED_MAPS)
            .is_none()
    {
        // MLIR's getIndexingMaps() memoizes the maps when the verifier
        // first asks for them; the generic form prints them.
        let props = p.state.properties;
        let s = kind.spatial_rank();
        let window = |name: &str| {
            ctx.dictionary_get(props, name)
                .map_or(vec![1; s], |a| crate::named::window_values(ctx, a, s))
        };
        let (maps, _) = default_maps_with(kind, &window("strides"), &window("dilations"));
        let id = ctx.intern_str(MEMOIZED_MAPS);
        p.state.attributes = ctx.dictionary_with(p.state.attributes, id, Some(maps_attr(maps)));
    }
    finish_structured(p, kind, ins, outs, true, true)
}

fn print_named(pr: &mut OpPrinter, op: OpId) {
    let ctx = pr.ctx();
    let ir = pr.ir;
    let kind = kind_of(ctx.op_name_str(ir.op_name(op))).unwrap_or(Kind::Copy);
    if kind.has_explicit_maps() {
        if let Some(maps) = affine_maps_attr(ctx, ir, op, "indexing_maps") {
            let required = kind.spec().map(|s| s.maps) == Some(Maps::Required);
            if required || maps != default_maps_with(kind, &[], &[]).0 {
                pr.write(" indexing_maps = ");
                let attr = ir.attr(ctx, op, "indexing_maps").unwrap();
                pr.print_attribute(attr);
            }
        }
    }
    pr.print_optional_attr_dict(
        op,
        &["operandSegmentSizes", "indexing_maps", MEMOIZED_MAPS],
        false,
    );
    let groups = operand_segments(ctx, ir, op);
    if let [ins, outs] = groups.as_slice() {
        print_group(pr, "ins", ins);
        print_group(pr, "outs", outs);
    }
    print_arrow_types(pr, op);
}

// ---------------------------------------------------------------------------
// linalg.generic
// ---------------------------------------------------------------------------

const GENERIC_TRAIT_ATTRS: &[&str] = &["indexing_maps", "iterator_types", "doc", "library_call"];

fn parse_generic(p: &mut OpParser) -> DiagResult<()> {
    let ctx = p.ctx();
    let dict_start = p.parser.offset();
    if p.is(TokenKind::HashIdent) {
        // `linalg.generic #trait ins(...)`: MLIR parses any attribute there
        // (an alias of the trait dictionary) and takes its entries.
        let start = p.parser.offset();
        let dict = p.parse_attribute(None)?;
        if !matches!(
            ctx.attr_data(dict),
            strata_ir::attributes::AttrData::Dictionary(_)
        ) {
            return Err(p.parser.error_at(start, "expected '{'"));
        }
        let mut entries = ctx.dictionary_entries(p.state.attributes).to_vec();
        entries.extend_from_slice(ctx.dictionary_entries(dict));
        p.state.attributes = ctx.dictionary_attr(entries);
    } else if !p.is(TokenKind::LBrace) {
        return Err(p.token_error_here("expected '{'"));
    }
    p.parse_optional_attr_dict(false)?;
    // iterator_types are written as strings and stored as #linalg.iterator_type.
    if let Some(its) = ctx.dictionary_get(p.state.attributes, "iterator_types") {
        let mut converted = Vec::new();
        for &a in ctx.array_elements(its).unwrap_or(&[]) {
            let word = ctx.string_value(a).map(|s| s.to_string());
            match word.as_deref().and_then(IteratorType::from_keyword) {
                Some(it) => converted.push(crate::iterator_type_attr(ctx, it)),
                None if crate::iterator_type_of(ctx, a).is_some() => converted.push(a),
                None => {
                    return Err(p.error_here(format!(
                        "unexpected iterator_type ({})",
                        word.unwrap_or_default()
                    )))
                }
            }
        }
        let id = ctx.intern_str("iterator_types");
        p.state.attributes =
            ctx.dictionary_with(p.state.attributes, id, Some(ctx.array_attr(&converted)));
    }
    if ctx
        .dictionary_get(p.state.attributes, "iterator_types")
        .is_none()
    {
        return Err(p.error_at(dict_start, "expected \"iterator_types\" array attribute"));
    }
    move_to_properties(p, GENERIC_TRAIT_ATTRS);
    let ins = parse_group(p, "ins")?;
    let outs = parse_group(p, "outs")?;
    if p.consume_keyword("attrs") {
        p.expect(TokenKind::Equal, "'='")?;
        p.parse_optional_attr_dict(false)?;
    }
    p.parse_region(&[])?;
    let results = p.parse_optional_arrow_type_list()?;
    p.add_result_types(&results);
    finish_structured(p, Kind::Generic, ins, outs, true, false)
}

fn print_generic(pr: &mut OpPrinter, op: OpId) {
    let ctx = pr.ctx();
    let ir = pr.ir;
    pr.write(" {");
    let mut first = true;
    for name in GENERIC_TRAIT_ATTRS {
        let Some(attr) = ir.attr(ctx, op, name) else {
            continue;
        };
        if !first {
            pr.write(", ");
        }
        first = false;
        pr.write(name);
        pr.write(" = ");
        if *name == "iterator_types" {
            let words: Vec<Attribute> = ctx
                .array_elements(attr)
                .unwrap_or(&[])
                .iter()
                .map(|&a| match crate::iterator_type_of(ctx, a) {
                    Some(it) => ctx.string_attr(it.keyword()),
                    None => a,
                })
                .collect();
            pr.print_attribute(ctx.array_attr(&words));
        } else {
            pr.print_attribute(attr);
        }
    }
    pr.write("}");
    let groups = operand_segments(ctx, ir, op);
    if let [ins, outs] = groups.as_slice() {
        if !ins.is_empty() {
            print_group(pr, "ins", ins);
        }
        if !outs.is_empty() {
            print_group(pr, "outs", outs);
        }
    }
    let mut elided: Vec<&str> = GENERIC_TRAIT_ATTRS.to_vec();
    elided.push("operandSegmentSizes");
    let before = pr.w.out.len();
    pr.print_optional_attr_dict(op, &elided, false);
    if pr.w.out.len() > before {
        let printed = pr.w.out.split_off(before);
        // MLIR: `attrs = ` then printOptionalAttrDict, which starts with
        // its own space.
        pr.write(" attrs = ");
        pr.write(&printed);
    }
    pr.write(" ");
    pr.print_region(ir.region(op, 0), true, true);
    print_arrow_types(pr, op);
}

// ---------------------------------------------------------------------------
// transpose / broadcast: `ins(...) outs(...) permutation = [1, 0]`
// ---------------------------------------------------------------------------

fn parse_transpose_like(p: &mut OpParser) -> DiagResult<()> {
    let kind = current_kind(p);
    let ins = parse_group(p, "ins")?;
    let outs = parse_group(p, "outs")?;
    let name = if kind == Kind::Transpose {
        "permutation"
    } else {
        "dimensions"
    };
    p.expect_keyword(name)?;
    p.expect(TokenKind::Equal, "'='")?;
    let values = parse_i64_list(p)?;
    let attr = p.ctx().dense_i64_array(&values);
    p.add_property(name, attr);
    p.parse_optional_attr_dict(false)?;
    let results: Vec<Type> = outs
        .1
        .iter()
        .copied()
        .filter(|&t| is_ranked_tensor(p.ctx(), t))
        .collect();
    p.add_result_types(&results);
    finish_structured(p, kind, ins, outs, false, true)
}

fn print_transpose_like(pr: &mut OpPrinter, op: OpId) {
    let ctx = pr.ctx();
    let ir = pr.ir;
    let transpose = ctx.op_name_str(ir.op_name(op)) == "linalg.transpose";
    let name = if transpose {
        "permutation"
    } else {
        "dimensions"
    };
    print_group(pr, "ins", &[ir.operand(op, 0)]);
    print_group(pr, "outs", &[ir.operand(op, 1)]);
    pr.write(&format!(" {name} = "));
    print_i64_list(pr, &i64_array_prop(ctx, ir, op, name));
    pr.print_optional_attr_dict(op, &[name], false);
    pr.write(" ");
}

// ---------------------------------------------------------------------------
// map / reduce: `{ arith.addf } ins(...) outs(...)` or a block with arguments
// ---------------------------------------------------------------------------

fn parse_map_like(p: &mut OpParser) -> DiagResult<()> {
    let kind = current_kind(p);
    let ctx = p.ctx();
    let mut short_op: Option<(String, Attribute)> = None;
    if p.consume_if(TokenKind::LBrace) {
        let name = p.parser.text().to_string();
        p.parser.advance();
        let mut attrs = ctx.empty_dictionary();
        if p.is(TokenKind::LBrace) {
            attrs = p.parser.parse_attribute_dict()?;
        }
        p.expect(TokenKind::RBrace, "'}'")?;
        short_op = Some((name, attrs));
    }
    let ins = parse_group(p, "ins")?;
    let outs = parse_group(p, "outs")?;
    if kind == Kind::Reduce {
        p.expect_keyword("dimensions")?;
        p.expect(TokenKind::Equal, "'='")?;
        let values = parse_i64_list(p)?;
        let attr = ctx.dense_i64_array(&values);
        p.add_property("dimensions", attr);
    }
    p.parse_optional_attr_dict(false)?;
    let results: Vec<Type> = outs
        .1
        .iter()
        .copied()
        .filter(|&t| is_ranked_tensor(ctx, t))
        .collect();
    p.add_result_types(&results);
    match short_op {
        Some((name, attrs)) => {
            let loc = p.op_loc();
            let elements: Vec<Type> = ins
                .1
                .iter()
                .chain(&outs.1)
                .map(|&t| crate::structured::element_or_self(ctx, t))
                .collect();
            let n_ins = ins.1.len();
            finish_structured(p, kind, ins, outs, false, false)?;
            let region = p.add_empty_region();
            let ir = p.ir();
            let block = ir.append_block(region, &elements);
            if elements.is_empty() {
                // No operands: the verifier reports it.
                return Ok(());
            }
            let args = ir.block_args(block).to_vec();
            let operands = if kind == Kind::Map {
                args[..n_ins].to_vec()
            } else {
                args[n_ins..]
                    .iter()
                    .chain(&args[..n_ins])
                    .copied()
                    .collect()
            };
            let result_ty = *elements.last().unwrap();
            let mut state = strata_ir::OperationState::new(ctx, &name, loc);
            state.operands = operands;
            state.result_types = vec![result_ty];
            state.properties = attrs;
            let body = ir.create_op(state, strata_ir::InsertPoint::BlockEnd(block));
            let r = ir.result(body, 0);
            let mut y = strata_ir::OperationState::new(ctx, crate::YieldOp::NAME, loc);
            y.operands = vec![r];
            ir.create_op(y, strata_ir::InsertPoint::BlockEnd(block));
            Ok(())
        }
        None => {
            let mut decls: Vec<BlockArgDecl> = Vec::new();
            p.expect(TokenKind::LParen, "'('")?;
            if !p.is(TokenKind::RParen) {
                loop {
                    decls.push(p.parser.parse_block_arg_decl()?);
                    if !p.consume_if(TokenKind::Comma) {
                        break;
                    }
                }
            }
            p.expect(TokenKind::RParen, "')'")?;
            p.parse_region(&decls)?;
            finish_structured(p, kind, ins, outs, false, false)
        }
    }
}

/// The body op of a map/reduce in short form, if the body is one op over
/// the block arguments in order.
fn short_form_op(ctx: &Context, ir: &Ir, op: OpId, is_map: bool) -> Option<OpId> {
    let block = ir.entry_block(ir.region(op, 0))?;
    let first = ir.first_op(block)?;
    let yield_op = ir.next_op(first)?;
    if ir.next_op(yield_op).is_some()
        || ir.num_results(first) != 1
        || ir.num_operands(yield_op) != 1
    {
        return None;
    }
    if ir.operand(yield_op, 0) != ir.result(first, 0) || !ir.regions(first).is_empty() {
        return None;
    }
    let args = ir.block_args(block);
    // map: f(ins...); reduce: f(inits..., ins...) (MLIR's `initFirst`).
    let expected: Vec<_> = if is_map {
        args[..args.len() - 1].to_vec()
    } else {
        let half = args.len() / 2;
        args[half..].iter().chain(&args[..half]).copied().collect()
    };
    let operands: Vec<_> = ir.operands(first).collect();
    if operands != expected || !ctx.dictionary_entries(ir.attributes(first)).is_empty() {
        return None;
    }
    Some(first)
}

fn print_map_like(pr: &mut OpPrinter, op: OpId) {
    let ctx = pr.ctx();
    let ir = pr.ir;
    let is_map = MapOp::is(ctx, ir, op);
    let short = short_form_op(ctx, ir, op, is_map);
    if let Some(body) = short {
        pr.write(" { ");
        pr.write(ctx.op_name_str(ir.op_name(body)));
        let props = ir.properties(body);
        let defaults_only = ctx.dictionary_entries(props).iter().all(|(n, a)| {
            ctx.str(*n) == "fastmath"
                && strata_ir::asm::printer::attr_to_string(ctx, *a) == "#arith.fastmath<none>"
        });
        if !defaults_only {
            pr.write(" ");
            pr.print_attribute(props);
        }
        pr.write(" }");
    }
    let all: Vec<_> = ir.operands(op).collect();
    let split = if is_map { all.len() - 1 } else { all.len() / 2 };
    // MLIR prints no `ins()` for a map without inputs.
    if split > 0 {
        print_group(pr, "ins", &all[..split]);
    }
    print_group(pr, "outs", &all[split..]);
    if !is_map {
        pr.write(" dimensions = ");
        print_i64_list(pr, &i64_array_prop(ctx, ir, op, "dimensions"));
        // MLIR leaves a space after the dimensions list.
        pr.write(" ");
    }
    pr.print_optional_attr_dict(op, &["dimensions"], false);
    if short.is_none() {
        // MLIR: increaseIndent, printNewline, `(args) ` and the region.
        let block = ir.entry_block(ir.region(op, 0));
        pr.increase_indent();
        pr.print_newline();
        pr.write("(");
        if let Some(block) = block {
            for (i, &arg) in ir.block_args(block).iter().enumerate() {
                if i > 0 {
                    pr.write(", ");
                }
                pr.print_operand(arg);
                pr.write(": ");
                pr.print_type(ir.value_type(arg));
            }
        }
        pr.write(") ");
        pr.print_region(ir.region(op, 0), false, true);
        pr.decrease_indent();
    }
}

// ---------------------------------------------------------------------------
// Verification (MLIR's `verifyStructuredOpInterface`)
// ---------------------------------------------------------------------------

fn verify_structured(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<()> {
    let Some(kind) = kind_of(ctx.op_name_str(ir.op_name(op))) else {
        return Ok(());
    };
    let (ins, outs) = crate::named::ins_outs(ctx, ir, op, kind);
    crate::verify::verify_op(ctx, ir, op, kind, &ins, &outs)?;
    let Some(info) = structured_info(ctx, ir, op) else {
        return Ok(());
    };
    let info = info.map_err(|m| op_error(ctx, ir, op, m))?;
    let operands: Vec<_> = info.operands().collect();
    let n_loops = info.num_loops();
    if info.indexing_maps.len() != operands.len() {
        return Err(op_error(ctx, ir, op, format!(
            "expected the number of indexing_map ({}) to be equal to the number of input/output operands ({})",
            info.indexing_maps.len(),
            operands.len()
        )));
    }
    let tensor_outs = info
        .outputs
        .iter()
        .filter(|&&v| is_ranked_tensor(ctx, ir.value_type(v)))
        .count();
    if tensor_outs != ir.num_results(op) {
        return Err(op_error(ctx, ir, op, format!(
            "expected the number of tensor results ({}) to be equal to the number of output tensors ({})",
            ir.num_results(op),
            tensor_outs
        )));
    }
    crate::verify::verify_destination_style(ctx, ir, op, &operands, &info.outputs)?;
    // MLIR 22 (IndexingMapOpInterface): no symbols, operand ranks, then the
    // maps must be invertible (every loop indexes some operand dimension alone).
    if let Some(i) = info.indexing_maps.iter().position(|m| m.num_symbols() != 0) {
        return Err(op_error(
            ctx,
            ir,
            op,
            format!("unexpected symbols in indexing_map #{i}"),
        ));
    }
    for (i, (map, &v)) in info.indexing_maps.iter().zip(&operands).enumerate() {
        let rank = operand_shape(ctx, ir.value_type(v)).len();
        if rank != map.num_results() {
            return Err(op_error(
                ctx,
                ir,
                op,
                format!(
                    "expected operand #{i} rank ({rank}) to match the result rank of indexing_map ({})",
                    map.num_results()
                ),
            ));
        }
    }
    let all_dims = info
        .indexing_maps
        .iter()
        .map(|m| m.num_dims())
        .max()
        .unwrap_or(0);
    let results: Vec<_> = info
        .indexing_maps
        .iter()
        .flat_map(|m| m.results().iter().cloned())
        .collect();
    if (0..all_dims).any(|d| !results.iter().any(|e| e.as_dim() == Some(d))) {
        let concat = strata_ir::affine::AffineMap::new(all_dims, 0, results);
        return Err(op_error(
            ctx,
            ir,
            op,
            format!("invalid indexing maps are non-invertible: ({concat})"),
        ));
    }
    let mut shapes = Vec::new();
    for (i, (map, &v)) in info.indexing_maps.iter().zip(&operands).enumerate() {
        if map.num_symbols() != 0 {
            return Err(op_error(
                ctx,
                ir,
                op,
                format!("expected indexing_map #{i} to have no symbols"),
            ));
        }
        if map.num_dims() != n_loops {
            return Err(op_error(
                ctx,
                ir,
                op,
                format!(
                "expected indexing_map #{i} to have {n_loops} dim(s) to match the number of loops"
            ),
            ));
        }
        let shape = operand_shape(ctx, ir.value_type(v));
        if shape.len() != map.num_results() {
            return Err(op_error(
                ctx,
                ir,
                op,
                format!(
                    "expected operand rank ({}) to match the result rank of indexing_map #{i} ({})",
                    shape.len(),
                    map.num_results()
                ),
            ));
        }
        shapes.push(shape);
    }
    // MLIR's static shape check: when every loop range is static, each
    // map is evaluated at the first and the last point of the iteration
    // space; the indices must stay in bounds (exactly the size for plain
    // dimensions).
    let mut bounds: Vec<Option<i64>> = vec![None; n_loops];
    for (map, shape) in info.indexing_maps.iter().zip(&shapes) {
        for (r, e) in map.results().iter().enumerate() {
            if let Some(d) = e.as_dim() {
                if bounds[d].is_none() {
                    bounds[d] = Some(shape[r]);
                }
            }
        }
    }
    let ends: Option<Vec<i64>> = bounds
        .iter()
        .map(|b| b.filter(|&b| b != DYNAMIC).map(|b| b - 1))
        .collect();
    if let Some(ends) = ends {
        let starts = vec![0; n_loops];
        for (i, (map, shape)) in info.indexing_maps.iter().zip(&shapes).enumerate() {
            let (Ok(first), Ok(last)) = (map.eval(&starts, &[]), map.eval(&ends, &[])) else {
                continue;
            };
            for (r, &size) in shape.iter().enumerate() {
                if size == DYNAMIC || size == 0 {
                    continue;
                }
                let inferred = first[r].max(last[r]) + 1;
                if first[r].min(last[r]) < 0 {
                    return Err(op_error(
                        ctx,
                        ir,
                        op,
                        format!("unexpected result less than 0 at expression #{r} in {map}"),
                    ));
                }
                if map.results()[r].as_dim().is_some() {
                    if inferred != size {
                        return Err(op_error(ctx, ir, op, format!(
                            "inferred input/output operand #{i} has shape's dimension #{r} to be {inferred}, but found {size}"
                        )));
                    }
                } else if inferred > size {
                    return Err(op_error(ctx, ir, op, format!(
                        "inferred input/output operand #{i} has shape's dimension #{r} to be greater than or equal to {inferred}, but found {size}"
                    )));
                }
            }
        }
    }
    let Some(block) = crate::structured::payload_block(ir, op) else {
        return Err(op_error(
            ctx,
            ir,
            op,
            "expects to have 1 region with 1 block",
        ));
    };
    let args = ir.block_args(block);
    if args.len() != operands.len() {
        return Err(op_error(ctx, ir, op, "expected as many non-induction variable region arguments as the number of input/output operands"));
    }
    for (i, (&arg, &v)) in args.iter().zip(&operands).enumerate() {
        let expected = crate::structured::element_or_self(ctx, ir.value_type(v));
        let found = ir.value_type(arg);
        if found != expected {
            return Err(op_error(ctx, ir, op, format!(
                "expected type of bb argument #{i} ('{}') to match element or self type of the corresponding operand ('{}')",
                type_str(ctx, found),
                type_str(ctx, expected)
            )));
        }
    }
    Ok(())
}

/// The shape a structured op indexes: that of a memref or tensor operand;
/// anything else (scalars, vectors) is one element (MLIR's `isScalar`).
fn operand_shape(ctx: &Context, ty: Type) -> Vec<i64> {
    match ctx.type_data(ty) {
        strata_ir::TypeData::MemRef { .. } | strata_ir::TypeData::RankedTensor { .. } => {
            ctx.shape(ty).map(|s| s.to_vec()).unwrap_or_default()
        }
        _ => Vec::new(),
    }
}

fn verify_yield(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<()> {
    let Some(parent) = ir.parent_op(op) else {
        return Ok(());
    };
    // MLIR verifies an op's own verify() before its regions: when the
    // parent's fails, that is the error reported (by the parent).
    if let Some(kind) = kind_of(ctx.op_name_str(ir.op_name(parent))) {
        let (ins, outs) = crate::named::ins_outs(ctx, ir, parent, kind);
        if crate::verify::verify_op(ctx, ir, parent, kind, &ins, &outs).is_err() {
            return Ok(());
        }
    }
    let Some(info) = structured_info(ctx, ir, parent) else {
        return Err(op_error(
            ctx,
            ir,
            op,
            "expected parent op with LinalgOp interface",
        ));
    };
    let Ok(info) = info else {
        return Ok(());
    };
    if ir.num_operands(op) != info.outputs.len() {
        return Err(op_error(ctx, ir, op, format!(
            "expected number of yield values ({}) to match the number of inits / outs operands of the enclosing LinalgOp ({})",
            ir.num_operands(op),
            info.outputs.len()
        )));
    }
    for (i, (v, &out)) in ir.operands(op).zip(&info.outputs).enumerate() {
        let expected = crate::structured::element_or_self(ctx, ir.value_type(out));
        if ir.value_type(v) != expected {
            return Err(op_error(ctx, ir, op, format!(
                "type of yield operand {} ('{}') doesn't match the element type of the enclosing linalg.generic op ('{}')",
                i + 1,
                type_str(ctx, ir.value_type(v)),
                type_str(ctx, expected)
            )));
        }
    }
    Ok(())
}

/// MLIR's `IndexOp::verify`: inside a structured op, below its loop count.
fn verify_index(ctx: &Context, ir: &Ir, op: OpId) -> DiagResult<()> {
    let dim = ir
        .attr(ctx, op, "dim")
        .and_then(|a| ctx.integer_value(a))
        .unwrap_or(0);
    if dim < 0 {
        return Err(op_error(
            ctx,
            ir,
            op,
            "attribute 'dim' failed to satisfy constraint: 64-bit signless integer attribute whose minimum value is 0",
        ));
    }
    let parent = ir.parent_op(op);
    let Some(info) = parent.and_then(|p| structured_info(ctx, ir, p)) else {
        return Err(op_error(
            ctx,
            ir,
            op,
            "expected parent op with LinalgOp interface",
        ));
    };
    let Ok(info) = info else {
        return Ok(());
    };
    if dim as usize >= info.num_loops() {
        return Err(op_error(
            ctx,
            ir,
            op,
            format!(
                "expected dim ({dim}) to be lower than the number of loops ({}) of the enclosing LinalgOp",
                info.num_loops()
            ),
        ));
    }
    Ok(())
}

#[allow(dead_code)]
fn error_at(ir: &Ir, op: OpId, message: impl Into<String>) -> Diagnostic {
    Diagnostic::error(ir.op_loc(op), message)
}

/// For the interpreter and lowerings: strides of a windowed op.
pub fn strides_of(ctx: &Context, ir: &Ir, op: OpId, rank: usize) -> Vec<i64> {
    window_attr(ctx, ir, op, "strides", rank)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every line of `NAMED` is a declared op and every declared named op
    /// has a line, in the same order.
    #[test]
    fn declared_named_ops_are_the_named_table() {
        let declared: Vec<String> = named_definitions().into_iter().map(|d| d.name).collect();
        let table: Vec<&str> = NAMED.iter().map(|(n, _)| *n).collect();
        assert_eq!(declared, table);
    }

    /// Each declared named op has the properties its `Kind` reads:
    /// strides/dilations when windowed, `indexing_maps` (required or
    /// optional) when its maps may be given, none otherwise.
    #[test]
    fn named_op_properties_follow_their_kind() {
        for (def, &(name, kind)) in named_definitions().iter().zip(NAMED) {
            assert_eq!(def.name, name);
            let props: Vec<(&str, bool)> = def
                .attributes
                .iter()
                .map(|a| (a.name.as_str(), a.optional))
                .collect();
            let expected: Vec<(&str, bool)> = if kind.is_windowed() {
                vec![("strides", true), ("dilations", true)]
            } else if kind.has_explicit_maps() {
                let required = kind.spec().map(|s| s.maps) == Some(Maps::Required);
                vec![("indexing_maps", !required)]
            } else {
                vec![]
            };
            assert_eq!(props, expected, "{name}");
            assert!(
                def.interfaces.get::<dyn LinalgStructuredOp>().is_some(),
                "{name}"
            );
        }
    }
}
