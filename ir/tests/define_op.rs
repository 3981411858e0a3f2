//! Ops declared with `define_op!`: definition, custom syntax from the
//! assembly format, generic form, builder, accessors and verification.

use std::sync::Arc;
use strata_ir::asm::{parse_source, print_op, PrintOptions, SourceInfo};
use strata_ir::builder::OpBuilder;
use strata_ir::constraints::{AttrConstraint, TypeConstraint};
use strata_ir::{Context, Dialect, InsertPoint, Ir, OpDefinition};

strata_ir::define_op! {
    /// Integer addition, as `arith.addi` spells it.
    pub struct AddOp = "demo.addi" {
        traits: [PURE, COMMUTATIVE, SAME_OPERANDS_AND_RESULT_TYPE],
        operands: [lhs: single(TypeConstraint::SignlessIntegerOrIndex), rhs: single(TypeConstraint::SignlessIntegerOrIndex)],
        results: [result: single(TypeConstraint::SignlessIntegerOrIndex)],
        format: "$lhs `,` $rhs attr-dict `:` type($result)",
    }
}

strata_ir::define_op! {
    /// A constant with an optional unit flag.
    pub struct ConstOp = "demo.const" {
        traits: [PURE, CONSTANT_LIKE],
        results: [result: single(TypeConstraint::Any)],
        attributes: [value: required(AttrConstraint::Any), exact: optional(AttrConstraint::Unit)],
        types_match: [[value, result]],
        format: "(`exact` $exact^)? attr-dict $value",
    }
}

strata_ir::define_op! {
    /// Calls a symbol.
    pub struct CallOp = "demo.call" {
        operands: [args: variadic(TypeConstraint::Any)],
        results: [outs: variadic(TypeConstraint::Any)],
        attributes: [callee: required(AttrConstraint::FlatSymbol)],
        format: "$callee `(` $args `)` attr-dict `:` functional-type($args, $outs)",
    }
}

strata_ir::define_op! {
    /// Two variadic groups and a region.
    pub struct PairOp = "demo.pair" {
        operands: [firsts: variadic(TypeConstraint::AnyInteger), seconds: variadic(TypeConstraint::AnyFloat)],
        regions: [body: any],
        format: "`(` $firsts `)` `(` $seconds `)` $body attr-dict `:` type($firsts) `and` type($seconds)",
    }
}

strata_ir::define_op! {
    pub struct YieldOp = "demo.yield" {
        traits: [TERMINATOR],
        operands: [values: variadic(TypeConstraint::Any)],
        format: "attr-dict ($values^ `:` type($values))?",
    }
}

/// `<type>`: a dialect's own directive, next to the shared ones.
const ANGLED_TYPE: strata_ir::format::CustomDirective = strata_ir::format::CustomDirective {
    name: "AngledType",
    parse: |p, slots| {
        p.expect(strata_ir::asm::lexer::TokenKind::Less, "'<'")?;
        let ty = p.parse_type()?;
        p.expect(strata_ir::asm::lexer::TokenKind::Greater, "'>'")?;
        slots.set_types(0, vec![ty]);
        Ok(())
    },
    print: |p, _, values| {
        p.write("<");
        p.print_types(values.types(0).to_vec());
        p.write(">");
    },
};

fn one(ctx: &Context) -> strata_ir::Attribute {
    ctx.integer_attr(ctx.signless(64), 1)
}

fn verify_slice(
    ctx: &Context,
    ir: &Ir,
    op: strata_ir::OpId,
) -> strata_ir::diagnostics::DiagResult<()> {
    let slice = SliceOp(op);
    let statics = ctx
        .dense_array_i64(slice.static_offsets(ctx, ir))
        .unwrap_or_default();
    let dynamic = statics.iter().filter(|&&s| s == strata_ir::DYNAMIC).count();
    if dynamic != slice.offsets(ctx, ir).len() {
        return Err(strata_ir::verifier::emit_op_error(
            ctx,
            ir,
            op,
            "expected one offset operand per dynamic offset",
        ));
    }
    Ok(())
}

strata_ir::define_op! {
    /// A mixed static/dynamic offset list, a default-valued stride and a
    /// type in angle brackets: the shared and a local custom directive.
    pub struct SliceOp = "demo.slice" {
        operands: [source: single(TypeConstraint::Any), offsets: variadic(TypeConstraint::Index)],
        results: [result: single(TypeConstraint::Any)],
        attributes: [
            static_offsets: required(AttrConstraint::DenseI64Array),
            stride: defaulted(AttrConstraint::Integer(Some(64)), default = one),
        ],
        format: "$source `` custom<DynamicIndexList>($offsets, $static_offsets) (`stride` $stride^)? attr-dict `:` type($source) `to` custom<AngledType>(type($result))",
        directives: [&ANGLED_TYPE],
        verify: verify_slice,
        result_names: ["slice"],
    }
}

/// `demo.fill` takes its scalar's type from the tensor (MLIR's
/// `TypesMatchWith`), `demo.pack` one operand per element of its result.
fn elements_of(ctx: &Context, ty: strata_ir::Type) -> Vec<strata_ir::Type> {
    let count: i64 = ctx.shape(ty).map_or(0, |s| s.iter().product());
    vec![ctx.element_type_or_self(ty); count as usize]
}

strata_ir::define_op! {
    /// Writes one element into a ranked tensor.
    pub struct FillOp = "demo.fill" {
        operands: [scalar: single(TypeConstraint::Any), dest: single(TypeConstraint::AnyRankedTensor)],
        results: [result: single(TypeConstraint::AnyRankedTensor)],
        types_match_with: [dest => result: strata_ir::opdef::derive::same, dest => scalar: strata_ir::opdef::derive::element],
        format: "$scalar `into` $dest attr-dict `:` type($dest)",
    }
}

strata_ir::define_op! {
    /// A tensor from its elements.
    pub struct PackOp = "demo.pack" {
        operands: [elements: variadic(TypeConstraint::Any)],
        results: [result: single(TypeConstraint::AnyRankedTensor)],
        types_match_with: [result => elements: elements_of],
        format: "$elements attr-dict `:` type($result)",
    }
}

fn function_inputs(ctx: &Context, ty: strata_ir::Type) -> Vec<strata_ir::Type> {
    ctx.function_signature(ty)
        .map_or_else(Vec::new, |(inputs, _)| inputs.to_vec())
}

fn function_results(ctx: &Context, ty: strata_ir::Type) -> Vec<strata_ir::Type> {
    ctx.function_signature(ty)
        .map_or_else(Vec::new, |(_, results)| results.to_vec())
}

strata_ir::define_op! {
    /// Calls a function value, as `func.call_indirect` spells it: the
    /// arguments' and the results' types come from the callee's.
    pub struct IndirectCallOp = "demo.icall" {
        operands: [callee: single(TypeConstraint::Any), args: variadic(TypeConstraint::Any)],
        results: [outs: variadic(TypeConstraint::Any)],
        types_match_with: [callee => args: function_inputs, callee => outs: function_results],
        format: "$callee `(` $args `)` attr-dict `:` type($callee)",
    }
}

strata_ir::define_op! {
    /// Sizes and optional symbols, as `memref.alloc` spells them.
    pub struct AllocOp = "demo.alloc" {
        operands: [sizes: variadic(TypeConstraint::Index), symbols: variadic(TypeConstraint::Index)],
        results: [result: single(TypeConstraint::Any)],
        format: "`(` $sizes `)` (`` `[` $symbols^ `]`)? attr-dict `:` type($result)",
    }
}

strata_ir::define_op! {
    /// A named symbol with an optional visibility, as `memref.global` spells it.
    pub struct GlobalOp = "demo.global" {
        traits: [SYMBOL],
        attributes: [
            sym_name: required(AttrConstraint::String, syntax = strata_ir::directives::SYMBOL_NAME),
            sym_visibility: optional(AttrConstraint::String),
            r#type: required(AttrConstraint::Type),
        ],
        format: "($sym_visibility^)? $sym_name `:` $type attr-dict",
    }
}

/// `case N {...}` for each case: a directive that parses regions.
const CASES: strata_ir::format::CustomDirective = strata_ir::format::CustomDirective {
    name: "Cases",
    parse: |p, slots| {
        let mut cases = Vec::new();
        while p.consume_keyword("case") {
            cases.push(strata_ir::directives::parse_i64(p)?);
            let region = p.parse_region(&[])?;
            slots.push_region(1, region);
        }
        slots.set_attribute(0, p.ctx().dense_i64_array(&cases));
        Ok(())
    },
    print: |p, _, values| {
        let cases = values
            .attribute(0)
            .and_then(|a| p.ctx().dense_array_i64(a))
            .unwrap_or_default();
        for (value, &region) in cases.iter().zip(values.regions(1)) {
            p.print_newline();
            p.write(&format!("case {value} "));
            p.print_region(region, false, true);
        }
    },
};

strata_ir::define_op! {
    /// Case regions and a default region whose terminator the text may
    /// leave out, as `scf.index_switch` spells them.
    pub struct SwitchOp = "demo.switch" {
        traits: [SINGLE_BLOCK],
        operands: [arg: single(TypeConstraint::Index)],
        attributes: [cases: required(AttrConstraint::DenseI64Array)],
        regions: [defaultRegion: single_block, caseRegions: variadic],
        implicit_terminator: YieldOp,
        format: "$arg attr-dict custom<Cases>($cases, $caseRegions) `\\n` `` `default` $defaultRegion",
        directives: [&CASES],
    }
}

strata_ir::define_op! {
    /// Waits for tokens, with an optional `i32` timeout: both types are
    /// built from their constraints, as MLIR resolves buildable types.
    pub struct WaitOp = "demo.wait" {
        operands: [
            tokens: variadic(TypeConstraint::DialectType { dialect: "demo".into(), name: "token".into() }),
            timeout: optional(TypeConstraint::SignlessInteger(Some(32))),
        ],
        format: "$tokens (`timeout` $timeout^)? attr-dict",
    }
}

fn zero(ctx: &Context) -> strata_ir::Attribute {
    ctx.integer_attr(ctx.signless(64), 0)
}

strata_ir::define_op! {
    /// Clauses in any order, as `vector.print` spells them: a clause
    /// prints when its variable is present (a default-valued one when it
    /// differs from the default).
    pub struct LogOp = "demo.log" {
        operands: [value: optional(TypeConstraint::Any)],
        attributes: [
            message: optional(AttrConstraint::String),
            level: defaulted(AttrConstraint::Integer(Some(64)), default = zero),
        ],
        format: "($value^ `:` type($value))? oilist(`str` $message | `level` $level) attr-dict",
    }
}

strata_ir::define_op! {
    /// Zero or more regions after optional operands, as `scf.reduce`.
    pub struct ReduceOp = "demo.reduce" {
        operands: [operands: variadic(TypeConstraint::Any)],
        regions: [reductions: variadic],
        format: "(`(` $operands^ `:` type($operands) `)`)? $reductions attr-dict",
    }
}

strata_ir::define_op! {
    /// A condition whose type the format leaves out (MLIR's `I1` is buildable).
    pub struct CheckOp = "demo.check" {
        operands: [condition: single(TypeConstraint::SignlessInteger(Some(1)))],
        format: "`(` $condition `)` attr-dict",
    }
}

fn no(ctx: &Context) -> strata_ir::Attribute {
    ctx.bool_attr(false)
}

strata_ir::define_op! {
    /// A flag stored as a unit attribute or `false` (MLIR's `UnitProp`),
    /// as `affine.linearize_index` spells `disjoint`.
    pub struct FlagOp = "demo.flag" {
        operands: [values: variadic(TypeConstraint::Index)],
        attributes: [disjoint: defaulted(AttrConstraint::AnyOf(vec![AttrConstraint::Unit, AttrConstraint::Bool]), default = no)],
        format: "(`disjoint` $disjoint^)? ` ` `[` $values `]` attr-dict",
    }
}

strata_ir::define_op! {
    /// One block, no terminator: `{}` still gets its block. An optional
    /// array attribute starts only at `[`, so the body's `{` is not read
    /// as a dictionary (MLIR's `parseOptionalAttribute(ArrayAttr &)`).
    pub struct ContainerOp = "demo.container" {
        traits: [NO_TERMINATOR, SINGLE_BLOCK],
        attributes: [targets: optional(AttrConstraint::Array(None))],
        regions: [body: single_block],
        format: "($targets^)? attr-dict-with-keyword $body",
    }
}

struct Demo;
impl Dialect for Demo {
    fn name(&self) -> &str {
        "demo"
    }
    fn parse_type(
        &self,
        parser: &mut strata_ir::asm::parser::Parser,
        mnemonic: &str,
    ) -> strata_ir::diagnostics::DiagResult<strata_ir::Type> {
        match mnemonic {
            "token" => Ok(token_type(parser.ctx)),
            _ => Err(parser.error_here("unknown demo type")),
        }
    }
    fn print_type(
        &self,
        ctx: &Context,
        ty: strata_ir::Type,
        out: &mut strata_ir::asm::AsmWriter,
    ) -> bool {
        let is_token = ty == token_type(ctx);
        if is_token {
            out.write("token");
        }
        is_token
    }
    fn operations(&self, _ctx: &Context) -> Vec<OpDefinition> {
        vec![
            AddOp::definition(),
            ConstOp::definition(),
            CallOp::definition(),
            PairOp::definition(),
            YieldOp::definition(),
            SliceOp::definition(),
            FillOp::definition(),
            PackOp::definition(),
            IndirectCallOp::definition(),
            WaitOp::definition(),
            ContainerOp::definition(),
            LogOp::definition(),
            AllocOp::definition(),
            GlobalOp::definition(),
            SwitchOp::definition(),
            ReduceOp::definition(),
            FlagOp::definition(),
            CheckOp::definition(),
        ]
    }
}

fn token_type(ctx: &Context) -> strata_ir::Type {
    ctx.intern_type(strata_ir::TypeData::Dialect {
        dialect: ctx.intern_str("demo"),
        name: ctx.intern_str("token"),
        params: Vec::new().into(),
    })
}

fn context() -> Context {
    let mut ctx = Context::new();
    ctx.load_dialect(Arc::new(Demo));
    ctx.allow_unregistered_dialects = true;
    ctx
}

fn roundtrip(ctx: &Context, text: &str, generic: bool) -> Result<String, String> {
    let mut ir = Ir::new();
    let info = SourceInfo {
        file_name: "t.mlir".into(),
        first_line: 0,
    };
    let module = parse_source(ctx, &mut ir, text, &info).map_err(|d| d.message)?;
    strata_ir::verifier::verify(ctx, &ir, module).map_err(|d| d.message)?;
    Ok(print_op(
        ctx,
        &ir,
        module,
        &PrintOptions {
            generic,
            ..Default::default()
        },
    ))
}

#[test]
fn custom_syntax_round_trips() {
    let ctx = context();
    let text = r#"module {
  %0 = "test.src"() : () -> i32
  %1 = demo.addi %0, %0 : i32
  %2 = demo.const 42 : i64
  %3 = demo.const exact 1.500000e+00 : f32
  %4:2 = demo.call @f(%1, %2) : (i32, i64) -> (f32, i8)
  demo.call @g() : () -> ()
  demo.pair(%1, %0) (%3) {
    demo.yield %1 : i32
  } : i32, i32 and f32
}
"#;
    let printed = roundtrip(&ctx, text, false).unwrap();
    assert_eq!(printed, text);
    // The generic form re-parses to the same custom form.
    let generic = roundtrip(&ctx, text, true).unwrap();
    assert!(
        generic.contains(r#""demo.pair"(%1, %0, %3) <{operandSegmentSizes = array<i32: 2, 1>}>"#),
        "{generic}"
    );
    assert!(
        generic.contains(r#""demo.const"() <{exact, value = 1.500000e+00 : f32}> : () -> f32"#),
        "{generic}"
    );
    assert_eq!(roundtrip(&ctx, &generic, false).unwrap(), text);
}

#[test]
fn format_errors_are_diagnostics() {
    let ctx = context();
    let err = roundtrip(
        &ctx,
        "%0 = \"test.src\"() : () -> i32\n%1 = demo.addi %0 %0 : i32\n",
        false,
    )
    .unwrap_err();
    assert_eq!(err, "expected ','");
    let err = roundtrip(
        &ctx,
        "%0 = \"test.src\"() : () -> f32\n%1 = demo.addi %0, %0 : f32\n",
        false,
    )
    .unwrap_err();
    assert!(
        err.contains("operand #0 must be signless integer or index, but got 'f32'"),
        "{err}"
    );
    let err = roundtrip(&ctx, "\"demo.const\"() : () -> i32\n", false).unwrap_err();
    assert_eq!(err, "'demo.const' op requires attribute 'value'");
}

#[test]
fn types_derived_from_other_types() {
    let ctx = context();
    let text = r#"module {
  %0 = "test.src"() : () -> f32
  %1 = "test.src"() : () -> tensor<2xf32>
  %2 = demo.fill %0 into %1 : tensor<2xf32>
  %3 = demo.pack %0, %0 : tensor<2xf32>
}
"#;
    assert_eq!(roundtrip(&ctx, text, false).unwrap(), text);
    let generic = roundtrip(&ctx, text, true).unwrap();
    assert!(
        generic.contains(r#""demo.fill"(%0, %1) : (f32, tensor<2xf32>) -> tensor<2xf32>"#),
        "{generic}"
    );
    let err = roundtrip(
        &ctx,
        "%0 = \"test.src\"() : () -> f32\n%1 = demo.pack %0, %0 : tensor<3xf32>\n",
        false,
    )
    .unwrap_err();
    assert_eq!(
        err,
        "custom op 'demo.pack' number of operands and types do not match: got 2 operands and 3 types"
    );
    // A variadic result group takes every derived type, none included.
    let text = r#"module {
  %0 = "test.src"() : () -> ((f32) -> (i8, i16))
  %1 = "test.src"() : () -> f32
  %2:2 = demo.icall %0(%1) : (f32) -> (i8, i16)
  %3 = "test.src"() : () -> (() -> ())
  demo.icall %3() : () -> ()
}
"#;
    assert_eq!(roundtrip(&ctx, text, false).unwrap(), text);
    let generic = roundtrip(&ctx, text, true).unwrap();
    assert!(
        generic.contains(r#""demo.icall"(%0, %1) : ((f32) -> (i8, i16), f32) -> (i8, i16)"#),
        "{generic}"
    );
    // `type($dest)` reads a ranked tensor, as MLIR's `parseType<RankedTensorType>`.
    let err = roundtrip(&ctx, "%0 = \"test.src\"() : () -> f32\n%1 = \"test.src\"() : () -> memref<2xf32>\n%2 = demo.fill %0 into %1 : memref<2xf32>\n", false)
        .unwrap_err();
    assert_eq!(
        err,
        "custom op 'demo.fill' invalid kind of type specified: expected builtin.tensor, but found 'memref<2xf32>'"
    );
}

#[test]
fn optional_group_after_no_space() {
    let ctx = context();
    let text = r#"module {
  %0 = "test.src"() : () -> index
  %1 = demo.alloc(%0)[%0] : memref<?xf32>
  %2 = demo.alloc() : memref<4xf32>
}
"#;
    assert_eq!(roundtrip(&ctx, text, false).unwrap(), text);
}

#[test]
fn symbol_names_in_formats() {
    let ctx = context();
    let text = r#"module {
  demo.global "private" @x : i32
  demo.global @"y z" : f32
}
"#;
    assert_eq!(roundtrip(&ctx, text, false).unwrap(), text);
    let generic = roundtrip(&ctx, text, true).unwrap();
    assert!(
        generic.contains(r#"<{sym_name = "x", sym_visibility = "private", type = i32}>"#),
        "{generic}"
    );
}

#[test]
fn builder_and_accessors() {
    let ctx = context();
    let mut ir = Ir::new();
    let info = SourceInfo {
        file_name: "t.mlir".into(),
        first_line: 0,
    };
    let module = parse_source(&ctx, &mut ir, "module {\n}\n", &info).unwrap();
    let body = ir.entry_block(ir.region(module, 0)).unwrap();
    let i32 = ctx.signless(32);
    let mut b = OpBuilder::at(&ctx, &mut ir, InsertPoint::BlockEnd(body));
    let c = ConstOp::build(&mut b, i32, ctx.integer_attr(i32, 7), None);
    let c_value = b.ir.result(c.op(), 0);
    let add = AddOp::build(&mut b, c_value, c_value, i32);
    let call = CallOp::build(
        &mut b,
        &[c_value],
        &[i32, i32],
        ctx.symbol_ref_attr("f", &[]),
    );
    assert_eq!(add.lhs(&ctx, &ir), c_value);
    assert_eq!(call.args(&ctx, &ir), vec![c_value]);
    assert_eq!(call.outs(&ctx, &ir).len(), 2);
    assert_eq!(ConstOp(c.op()).exact(&ctx, &ir), None);
    strata_ir::verifier::verify(&ctx, &ir, module).unwrap();
    let printed = print_op(&ctx, &ir, module, &PrintOptions::default());
    assert_eq!(
        printed,
        "module {\n  %0 = demo.const 7 : i32\n  %1 = demo.addi %0, %0 : i32\n  %2:2 = demo.call @f(%0) : (i32) -> (i32, i32)\n}\n"
    );
}

#[test]
fn custom_directives_and_default_valued_attributes() {
    let ctx = context();
    let text = r#"module {
  %0 = "test.src"() : () -> index
  %1 = "test.src"() : () -> i32
  %slice = demo.slice %1[0, %0, -3] : i32 to <i8>
  %slice_0 = demo.slice %1[] stride 4 : i32 to <i8>
}
"#;
    assert_eq!(roundtrip(&ctx, text, false).unwrap(), text);
    let generic = roundtrip(&ctx, text, true).unwrap();
    // The default is stored, the dynamic offset is an operand.
    assert!(
        generic.contains(
            r#""demo.slice"(%1, %0) <{static_offsets = array<i64: 0, -9223372036854775808, -3>, stride = 1 : i64}> : (i32, index) -> i8"#
        ),
        "{generic}"
    );
    assert_eq!(roundtrip(&ctx, &generic, false).unwrap(), text);
    // The op's own verifier runs.
    let err = roundtrip(
        &ctx,
        "%0 = \"test.src\"() : () -> i32\n%1 = \"demo.slice\"(%0) <{static_offsets = array<i64: -9223372036854775808>}> : (i32) -> i8\n",
        false,
    )
    .unwrap_err();
    assert_eq!(
        err,
        "'demo.slice' op expected one offset operand per dynamic offset"
    );
    // The shared directive's errors.
    let err = roundtrip(
        &ctx,
        "%0 = \"test.src\"() : () -> i32\n%1 = demo.slice %0[x] : i32 to <i8>\n",
        false,
    )
    .unwrap_err();
    assert_eq!(err, "custom op 'demo.slice' expected integer value");
    let err = roundtrip(
        &ctx,
        "%0 = \"test.src\"() : () -> i32\n%1 = demo.slice %0[99999999999999999999] : i32 to <i8>\n",
        false,
    )
    .unwrap_err();
    assert_eq!(err, "integer value too large");
}

#[test]
fn typed_handles_match_and_build_through_any_creator() {
    use strata_ir::rewrite::{PatternRewriter, RewritePatternSet, TypedOp};
    let ctx = context();
    let mut ir = Ir::new();
    let info = SourceInfo {
        file_name: "t.mlir".into(),
        first_line: 0,
    };
    let text = "module {\n  %0 = \"test.src\"() : () -> i32\n  %1 = demo.addi %0, %0 : i32\n}\n";
    let module = parse_source(&ctx, &mut ir, text, &info).unwrap();
    let body = ir.entry_block(ir.region(module, 0)).unwrap();
    let add = ir.block_ops(body).nth(1).unwrap();
    assert_eq!(AddOp::wrap(&ctx, &ir, add), Some(AddOp(add)));
    assert_eq!(
        <AddOp as TypedOp>::wrap_op(&ctx, &ir, add),
        Some(AddOp(add))
    );
    assert!(ConstOp::wrap(&ctx, &ir, add).is_none());
    let sum = ir.result(add, 0);
    assert_eq!(AddOp::defining(&ctx, &ir, sum), Some(AddOp(add)));

    // A typed pattern rewrites `x + x` into `x + 7`, building through the rewriter.
    let mut set = RewritePatternSet::new();
    set.add_op_fn::<AddOp>(&ctx, 1, "AddSelf", |add, r: &mut PatternRewriter| {
        let ctx = r.ctx();
        let lhs = add.lhs(ctx, r.ir());
        if lhs != add.rhs(ctx, r.ir()) {
            return Err(strata_ir::rewrite::NoMatch);
        }
        let ty = r.ir().value_type(lhs);
        let seven = ConstOp::build(r, ty, ctx.integer_attr(ty, 7), None);
        let seven = r.ir().result(seven.op(), 0);
        let new = AddOp::build(r, lhs, seven, ty);
        let value = r.ir().result(new.op(), 0);
        r.replace_op(add.op(), &[value]);
        Ok(())
    });
    let frozen = set.freeze();
    strata_ir::rewrite::walk_and_apply_patterns(&ctx, &mut ir, module, &frozen, None);
    let printed = print_op(&ctx, &ir, module, &PrintOptions::default());
    assert_eq!(
        printed,
        "module {\n  %0 = \"test.src\"() : () -> i32\n  %1 = demo.const 7 : i32\n  %2 = demo.addi %0, %1 : i32\n}\n"
    );
}

#[test]
fn regions_variadic_and_with_implicit_terminators() {
    let ctx = context();
    // The default region's operand-less terminator is left out and put
    // back; the case regions (parsed by the directive) keep theirs; `\n`
    // breaks the line at the op's indentation.
    let text = r#"module {
  %0 = "test.src"() : () -> index
  demo.switch %0 
  case 1 {
    demo.yield
  }
  case -2 {
    demo.yield %0 : index
  }
  default {
    "test.op"() : () -> ()
  }
  demo.switch %0 
  default {
  }
  demo.reduce 
  demo.reduce(%0 : index) {
  ^bb0(%arg0: index):
    demo.yield
  }, {
    demo.yield
  }
}
"#;
    assert_eq!(roundtrip(&ctx, text, false).unwrap(), text);
    let generic = roundtrip(&ctx, text, true).unwrap();
    assert!(
        generic.contains("\"test.op\"() : () -> ()\n    \"demo.yield\"() : () -> ()"),
        "{generic}"
    );
    assert_eq!(roundtrip(&ctx, &generic, false).unwrap(), text);
    // A terminator with operands is printed.
    let text = "module {\n  %0 = \"test.src\"() : () -> index\n  demo.switch %0 \n  default {\n    demo.yield %0 : index\n  }\n}\n";
    assert_eq!(roundtrip(&ctx, text, false).unwrap(), text);
}

#[test]
fn buildable_types_left_out() {
    let ctx = context();
    let text = "module {\n  %0 = \"test.src\"() : () -> i1\n  demo.check(%0)\n}\n";
    assert_eq!(roundtrip(&ctx, text, false).unwrap(), text);
    let err = roundtrip(
        &ctx,
        "%0 = \"test.src\"() : () -> i32\ndemo.check(%0)\n",
        false,
    )
    .unwrap_err();
    assert!(
        err.contains("use of value '%0' expects different type"),
        "{err}"
    );
}

#[test]
fn unit_flags_in_formats() {
    let ctx = context();
    let text = r#"module {
  %0 = "test.src"() : () -> index
  demo.flag [%0, %0]
  demo.flag disjoint [%0]
  demo.flag []
}
"#;
    assert_eq!(roundtrip(&ctx, text, false).unwrap(), text);
    let generic = roundtrip(&ctx, text, true).unwrap();
    assert!(
        generic.contains(r#""demo.flag"(%0, %0) <{disjoint = false}>"#),
        "{generic}"
    );
    assert!(
        generic.contains(r#""demo.flag"(%0) <{disjoint}>"#),
        "{generic}"
    );
}

#[test]
fn buildable_types_and_implicit_blocks() {
    let ctx = context();
    // `demo.wait` with no tokens keeps the space before its empty operand
    // list, as MLIR's generated printers do.
    let text = r#"module {
  %0 = "test.src"() : () -> !demo.token
  %1 = "test.src"() : () -> i32
  demo.wait %0, %0 timeout %1
  demo.wait 
  demo.container {
  }
  demo.container [1, 2] attributes {x} {
    demo.wait %0
  }
}
"#;
    assert_eq!(roundtrip(&ctx, text, false).unwrap(), text);
    let generic = roundtrip(&ctx, text, true).unwrap();
    assert!(
        generic.contains(r#""demo.wait"(%0, %0, %1) <{operandSegmentSizes = array<i32: 2, 1>}> : (!demo.token, !demo.token, i32) -> ()"#),
        "{generic}"
    );
    // The empty body has its block, so the generic form shows it.
    assert!(
        generic.contains("\"demo.container\"() ({\n  ^bb0:\n  }) : () -> ()"),
        "{generic}"
    );
}

#[test]
fn oilist_clauses_in_any_order() {
    let ctx = context();
    let text = "%0 = \"test.src\"() : () -> i32\ndemo.log %0 : i32 level 2 str \"x\"\ndemo.log level 0\ndemo.log str \"y\" {z}\n";
    let printed = roundtrip(&ctx, text, false).unwrap();
    assert!(
        printed.contains("demo.log %0 : i32 str \"x\" level 2\n"),
        "{printed}"
    );
    // The default is stored, and not printed.
    assert!(printed.contains("  demo.log\n"), "{printed}");
    assert!(printed.contains("demo.log str \"y\" {z}\n"), "{printed}");
    let generic = roundtrip(&ctx, text, true).unwrap();
    assert!(
        generic.contains(r#""demo.log"() <{level = 0 : i64}> : () -> ()"#),
        "{generic}"
    );
    let err = roundtrip(&ctx, "demo.log str \"a\" str \"b\"\n", false).unwrap_err();
    assert_eq!(
        err,
        "custom op 'demo.log' `str` clause can appear at most once in the expansion of the oilist directive"
    );
}
