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

struct Demo;
impl Dialect for Demo {
    fn name(&self) -> &str {
        "demo"
    }
    fn operations(&self, _ctx: &Context) -> Vec<OpDefinition> {
        vec![
            AddOp::definition(),
            ConstOp::definition(),
            CallOp::definition(),
            PairOp::definition(),
            YieldOp::definition(),
        ]
    }
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
