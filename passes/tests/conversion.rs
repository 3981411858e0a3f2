//! Unit tests of the dialect-conversion driver, on the test dialect.

use std::sync::Arc;
use strata_ir::asm::{parse_source, print_op, PrintOptions, SourceInfo};
use strata_ir::ir::InsertPoint;
use strata_ir::pass::{parse_pass_pipeline, Pass, PassContext, PassManager, PassResult};
use strata_ir::rewrite::conversion::collect_unrealized_casts;
use strata_ir::rewrite::{
    apply_full_conversion, apply_partial_conversion, reconcile_unrealized_casts, ConversionConfig,
    ConversionPatternSet, ConversionTarget, NoMatch, TypeConverter,
};
use strata_ir::{Context, Ir, OpId, OperationState, Signedness, Type, Value};

fn context() -> Context {
    let mut ctx = Context::new();
    strata_dialect_func::register(&mut ctx);
    strata_dialect_test::register(&mut ctx);
    ctx
}

fn parse(ctx: &Context, text: &str) -> (Ir, OpId) {
    let mut ir = Ir::new();
    let info = SourceInfo {
        file_name: "t.mlir".into(),
        first_line: 0,
    };
    let module = parse_source(ctx, &mut ir, text, &info).expect("parses");
    (ir, module)
}

fn print(ctx: &Context, ir: &Ir, op: OpId) -> String {
    print_op(ctx, ir, op, &PrintOptions::default())
}

/// The first op named `name` in `root`.
fn find(ctx: &Context, ir: &Ir, root: OpId, name: &str) -> OpId {
    ir.collect_preorder(root)
        .into_iter()
        .find(|&o| ctx.op_name_str(ir.op_name(o)) == name)
        .unwrap_or_else(|| panic!("no {name}"))
}

fn int(ctx: &Context, width: u32) -> Type {
    ctx.integer_type(width, Signedness::Signless)
}

/// Rebuilds `op` as `name` with `operands` and `results`, replacing it.
fn rebuild(
    rw: &mut strata_ir::rewrite::ConversionPatternRewriter,
    op: OpId,
    name: &str,
    operands: &[Value],
    results: &[Type],
) -> OpId {
    let mut state = OperationState::new(rw.ctx(), name, rw.ir().op_loc(op));
    state.operands = operands.to_vec();
    state.result_types = results.to_vec();
    state.attributes = rw.ir().attributes(op);
    rw.replace_op_with_new(op, state)
}

#[test]
fn legality_rules_take_precedence_op_then_dialect_then_unknown() {
    let ctx = context();
    let (ir, module) = parse(
        &ctx,
        r#"func.func @f() {
  "test.legal"() : () -> ()
  "test.illegal"() : () -> ()
  "test.pure"() {ok} : () -> ()
  "test.write"() : () -> ()
  return
}"#,
    );
    let legal = find(&ctx, &ir, module, "test.legal");
    let illegal = find(&ctx, &ir, module, "test.illegal");
    let pure = find(&ctx, &ir, module, "test.pure");
    let write = find(&ctx, &ir, module, "test.write");
    let ret = find(&ctx, &ir, module, "func.return");

    let mut target = ConversionTarget::new(&ctx);
    target
        .add_illegal_dialect("test")
        .add_legal_op("test.legal")
        .add_dynamically_legal_op("test.pure", |ctx, ir, op| ir.attr(ctx, op, "ok").is_some());
    assert!(target.is_legal(&ir, legal));
    assert!(!target.is_legal(&ir, illegal) && target.is_illegal(&ir, illegal));
    assert!(target.is_legal(&ir, pure) && !target.is_illegal(&ir, pure));
    assert!(target.is_illegal(&ir, write), "the dialect rule applies");
    assert!(
        !target.is_legal(&ir, ret) && !target.is_illegal(&ir, ret),
        "unknown"
    );

    target.mark_unknown_operations_dynamically_legal(|_, _, _| true);
    assert!(target.is_legal(&ir, ret));
    assert!(target.is_illegal(&ir, write), "dialect rules still win");
}

#[test]
fn recursively_legal_ops_are_not_entered() {
    let ctx = context();
    let (mut ir, module) = parse(
        &ctx,
        r#"func.func @f() {
  "test.loop"() ({
    "test.illegal"() : () -> ()
    "test.yield"() : () -> ()
  }) : () -> ()
  return
}"#,
    );
    let mut target = ConversionTarget::new(&ctx);
    target
        .add_legal_op("builtin.module")
        .add_legal_dialect("func")
        .add_legal_op("test.loop")
        .mark_op_recursively_legal("test.loop")
        .add_illegal_op("test.illegal");
    let patterns = ConversionPatternSet::new().freeze();
    let config = ConversionConfig::default();
    apply_full_conversion(&ctx, &mut ir, module, &target, &patterns, &config)
        .expect("the illegal op is inside a recursively legal op");
}

#[test]
fn patterns_see_remapped_operands_and_materializations_are_inserted() {
    let ctx = context();
    let (mut ir, module) = parse(
        &ctx,
        r#"func.func @f(%a: i16) -> i16 {
  %0 = "test.illegal"(%a) : (i16) -> i16
  %1 = "test.pure"(%0) : (i16) -> i16
  return %1 : i16
}"#,
    );
    let (i16, i32) = (int(&ctx, 16), int(&ctx, 32));
    let mut converter = TypeConverter::new();
    converter
        .add_identity_conversion()
        .add_conversion(move |_, t| (t == i16).then_some(i32));
    let converter = Arc::new(converter);
    let mut target = ConversionTarget::new(&ctx);
    target
        .add_legal_op("builtin.module")
        .add_legal_dialect("func");
    target.add_illegal_op("test.illegal");
    target.add_legal_op("test.legal");
    let mut patterns = ConversionPatternSet::new();
    patterns.add_fn(
        Some(ctx.op_name("test.illegal")),
        1,
        "Widen",
        Some(converter.clone()),
        move |op, operands, rw| {
            // The adaptor already has the converted type: a target
            // materialization of the i16 function argument.
            assert_eq!(rw.ir().value_type(operands[0]), i32);
            rebuild(rw, op, "test.legal", operands, &[i32]);
            Ok(())
        },
    );
    let stats = apply_partial_conversion(
        &ctx,
        &mut ir,
        module,
        &target,
        &patterns.freeze(),
        &ConversionConfig::default(),
    )
    .expect("converts");
    assert_eq!(stats.patterns_applied, 1);
    // test.pure (unknown) stays, reading a source materialization.
    assert_eq!(stats.unlegalized.len(), 1, "test.pure is unknown");
    let text = print(&ctx, &ir, module);
    assert!(
        text.contains("%0 = builtin.unrealized_conversion_cast %arg0 : i16 to i32"),
        "{text}"
    );
    assert!(
        text.contains(r#"%1 = "test.legal"(%0) : (i32) -> i32"#),
        "{text}"
    );
    assert!(
        text.contains("%2 = builtin.unrealized_conversion_cast %1 : i32 to i16"),
        "{text}"
    );
    assert!(text.contains(r#""test.pure"(%2) : (i16) -> i16"#), "{text}");
    strata_ir::verifier::verify(&ctx, &ir, module).expect("valid");
}

#[test]
fn custom_materializations_replace_the_default_casts() {
    let ctx = context();
    let (mut ir, module) = parse(
        &ctx,
        r#"func.func @f(%a: i32) {
  %0 = "test.illegal"(%a) : (i32) -> i32
  "test.legal"(%0) : (i32) -> ()
  return
}"#,
    );
    let (i32, i64) = (int(&ctx, 32), int(&ctx, 64));
    let mut converter = TypeConverter::new();
    converter
        .add_identity_conversion()
        .add_conversion(move |_, t| (t == i32).then_some(i64))
        .add_source_materialization(|ctx, ir, at, ty, inputs, loc| {
            let mut state = OperationState::new(ctx, "test.pure", loc);
            state.operands = inputs.to_vec();
            state.result_types.push(ty);
            let op = ir.create_op(state, at);
            Some(ir.result(op, 0))
        });
    let converter = Arc::new(converter);
    let mut target = ConversionTarget::new(&ctx);
    target
        .add_legal_op("builtin.module")
        .add_legal_dialect("func")
        .add_legal_op("test.legal")
        .add_illegal_op("test.illegal");
    let mut patterns = ConversionPatternSet::new();
    patterns.add_fn(
        Some(ctx.op_name("test.illegal")),
        1,
        "Widen",
        Some(converter),
        move |op, operands, rw| {
            rebuild(rw, op, "test.legal", operands, &[i64]);
            Ok(())
        },
    );
    apply_partial_conversion(
        &ctx,
        &mut ir,
        module,
        &target,
        &patterns.freeze(),
        &ConversionConfig::default(),
    )
    .expect("converts");
    let text = print(&ctx, &ir, module);
    // The target materialization (no callback) stays a cast; the source
    // one is built by the callback.
    assert!(
        text.contains("builtin.unrealized_conversion_cast %arg0 : i32 to i64"),
        "{text}"
    );
    assert!(text.contains(r#""test.pure"(%1) : (i64) -> i32"#), "{text}");
    assert_eq!(
        text.matches("unrealized_conversion_cast").count(),
        1,
        "{text}"
    );
}

#[test]
fn full_conversion_names_the_op_left_illegal() {
    let ctx = context();
    let (mut ir, module) = parse(
        &ctx,
        "func.func @f() {\n  \"test.pure\"() : () -> ()\n  return\n}",
    );
    let mut target = ConversionTarget::new(&ctx);
    target
        .add_legal_op("builtin.module")
        .add_legal_dialect("func");
    let patterns = ConversionPatternSet::new().freeze();
    let config = ConversionConfig::default();
    let err = apply_full_conversion(&ctx, &mut ir, module, &target, &patterns, &config)
        .expect_err("test.pure is not legal");
    assert_eq!(err.message, "failed to legalize operation 'test.pure'");
    // A partial conversion accepts it.
    let stats = apply_partial_conversion(&ctx, &mut ir, module, &target, &patterns, &config)
        .expect("unknown ops may stay");
    assert_eq!(stats.unlegalized.len(), 1);
}

#[test]
fn erased_values_still_in_use_fail_the_conversion() {
    let ctx = context();
    let (mut ir, module) = parse(
        &ctx,
        r#"func.func @f() {
  %0 = "test.illegal"() : () -> i32
  "test.legal"(%0) : (i32) -> ()
  return
}"#,
    );
    let mut target = ConversionTarget::new(&ctx);
    target
        .add_legal_op("builtin.module")
        .add_legal_dialect("func")
        .add_legal_op("test.legal")
        .add_illegal_op("test.illegal");
    let mut patterns = ConversionPatternSet::new();
    patterns.add_fn(
        Some(ctx.op_name("test.illegal")),
        1,
        "Erase",
        None,
        |op, _, rw| {
            rw.erase_op(op);
            Ok(())
        },
    );
    let err = apply_partial_conversion(
        &ctx,
        &mut ir,
        module,
        &target,
        &patterns.freeze(),
        &ConversionConfig::default(),
    )
    .expect_err("test.legal still reads the erased value");
    assert_eq!(
        err.message,
        "failed to legalize unresolved materialization from () to ('i32') that remained live after conversion"
    );
    assert!(err.notes[0]
        .message
        .starts_with("see existing live user here: \"test.legal\""));
}

#[test]
fn a_pattern_is_not_reapplied_to_what_it_generated() {
    let ctx = context();
    let (mut ir, module) = parse(
        &ctx,
        "func.func @f() {\n  \"test.illegal\"() : () -> ()\n  return\n}",
    );
    let mut target = ConversionTarget::new(&ctx);
    target
        .add_legal_op("builtin.module")
        .add_legal_dialect("func")
        .add_illegal_op("test.illegal");
    let mut patterns = ConversionPatternSet::new();
    patterns.add_fn(
        Some(ctx.op_name("test.illegal")),
        1,
        "Loop",
        None,
        |op, operands, rw| {
            rebuild(rw, op, "test.illegal", operands, &[]);
            Ok(())
        },
    );
    let err = apply_partial_conversion(
        &ctx,
        &mut ir,
        module,
        &target,
        &patterns.freeze(),
        &ConversionConfig::default(),
    )
    .expect_err("no infinite recursion, no success");
    assert_eq!(
        err.message,
        "pattern 'Loop' produced IR that could not be legalized"
    );
}

#[test]
fn illegal_ops_fold_before_patterns() {
    let ctx = context();
    let (mut ir, module) = parse(
        &ctx,
        r#"func.func @f(%a: i32) -> i32 {
  %c = "test.constant"() {value = 0 : i32} : () -> i32
  %0 = "test.add"(%a, %c) : (i32, i32) -> i32
  return %0 : i32
}"#,
    );
    let mut target = ConversionTarget::new(&ctx);
    target
        .add_legal_op("builtin.module")
        .add_legal_dialect("func")
        .add_legal_op("test.constant")
        .add_illegal_op("test.add");
    let patterns = ConversionPatternSet::new().freeze();
    let stats = apply_full_conversion(
        &ctx,
        &mut ir,
        module,
        &target,
        &patterns,
        &ConversionConfig::default(),
    )
    .expect("x + 0 folds to x");
    assert_eq!(stats.folds, 1);
    assert!(print(&ctx, &ir, module).contains("return %arg0 : i32"));
}

#[test]
fn reconcile_cancels_chains_and_keeps_the_rest() {
    let ctx = context();
    let (mut ir, module) = parse(
        &ctx,
        r#"func.func @f(%a: i32) -> (i32, i64) {
  %0 = builtin.unrealized_conversion_cast %a : i32 to i16
  %1 = builtin.unrealized_conversion_cast %0 : i16 to i32
  %2 = builtin.unrealized_conversion_cast %0 : i16 to i64
  %3 = builtin.unrealized_conversion_cast %2 : i64 to i8
  return %1, %2 : i32, i64
}"#,
    );
    let casts = collect_unrealized_casts(&ctx, &ir, module);
    assert_eq!(casts.len(), 4);
    let remaining = reconcile_unrealized_casts(&mut ir, &casts);
    assert_eq!(remaining.len(), 2, "%0 and %2 stay; %1 cancels, %3 is dead");
    let text = print(&ctx, &ir, module);
    assert!(text.contains("return %arg0, %1 : i32, i64"), "{text}");
}

/// A pass that makes its function invalid (a use before its definition)
/// when `break` is set, to check verification after each nested pass.
#[derive(Clone, Default)]
struct BreakBody;

impl Pass for BreakBody {
    fn name(&self) -> &str {
        "BreakBody"
    }
    fn argument(&self) -> &str {
        "break-body"
    }
    fn anchor(&self) -> Option<&str> {
        Some("func.func")
    }
    fn run_on_operation(&mut self, pc: &mut PassContext) -> PassResult {
        let ops = pc.ir.collect_preorder(pc.op);
        let pure: Vec<OpId> = ops
            .into_iter()
            .filter(|&o| pc.ctx.op_name_str(pc.ir.op_name(o)) == "test.pure")
            .collect();
        if let [first, second] = pure[..] {
            pc.ir.move_op(second, InsertPoint::Before(first));
        }
        Ok(())
    }
}

#[test]
fn nested_pipelines_verify_each_function_after_each_pass() {
    let ctx = context();
    let source = r#"
func.func @callee(%a: i32) -> i32 {
  return %a : i32
}
func.func @f(%a: i32) -> i32 {
  %0 = "test.pure"(%a) : (i32) -> i32
  %1 = "test.pure"(%0) : (i32) -> i32
  %2 = call @callee(%1) : (i32) -> i32
  return %2 : i32
}
"#;
    let mut registry = strata_passes::registry();
    registry.register::<BreakBody>();
    // Calls to siblings verify fine in moved bodies (checked with the
    // module's symbol uses, after the adaptor).
    for threading in [false, true] {
        let (mut ir, module) = parse(&ctx, source);
        let pipeline = "builtin.module(func.func(cse,canonicalize))";
        let mut pm =
            PassManager::from_op_pass_manager(parse_pass_pipeline(pipeline, &registry).unwrap());
        pm.config.threading = threading;
        pm.run(&ctx, &mut ir, module)
            .expect("valid after each pass");
    }
    // A pass that breaks a body is caught right after it, before the next
    // pass runs on that body.
    let (mut ir, module) = parse(&ctx, source);
    let pipeline = "builtin.module(func.func(break-body,cse))";
    let mut pm =
        PassManager::from_op_pass_manager(parse_pass_pipeline(pipeline, &registry).unwrap());
    let errors = pm.run(&ctx, &mut ir, module).expect_err("invalid body");
    assert!(
        errors[0].message.contains("does not dominate"),
        "{:?}",
        errors
    );
    // A call to a missing function is caught by the module's symbol-use
    // verification once the bodies are back.
    let (mut ir, module) = parse(&ctx, source);
    let callee = find(&ctx, &ir, module, "func.func");
    ir.set_property(&ctx, callee, "sym_name", Some(ctx.string_attr("renamed")));
    let mut pm = PassManager::from_op_pass_manager(
        parse_pass_pipeline("builtin.module(func.func(cse))", &registry).unwrap(),
    );
    let errors = pm.run(&ctx, &mut ir, module).expect_err("dangling call");
    assert!(
        errors[0]
            .message
            .contains("'callee' does not reference a valid function"),
        "{:?}",
        errors
    );
}

#[test]
fn patterns_failing_before_changes_leave_the_ir_alone() {
    let ctx = context();
    let text = "func.func @f() {\n  \"test.illegal\"() : () -> ()\n  return\n}";
    let (mut ir, module) = parse(&ctx, text);
    let before = print(&ctx, &ir, module);
    let mut target = ConversionTarget::new(&ctx);
    target
        .add_legal_op("builtin.module")
        .add_legal_dialect("func")
        .add_illegal_op("test.illegal");
    let mut patterns = ConversionPatternSet::new();
    patterns.add_fn(
        Some(ctx.op_name("test.illegal")),
        1,
        "Never",
        None,
        |_, _, _| Err(NoMatch),
    );
    let err = apply_partial_conversion(
        &ctx,
        &mut ir,
        module,
        &target,
        &patterns.freeze(),
        &ConversionConfig::default(),
    )
    .expect_err("explicitly illegal");
    assert_eq!(
        err.message,
        "failed to legalize operation 'test.illegal' that was explicitly marked illegal"
    );
    assert_eq!(print(&ctx, &ir, module), before);
}
