//! Unit tests of the rewrite drivers and the pass manager, on the test dialect.

use std::sync::{Arc, Mutex};
use strata_ir::asm::{parse_source, print_op, PrintOptions, SourceInfo};
use strata_ir::pass::{OpPassManager, PassManager};
use strata_ir::rewrite::{
    apply_patterns_greedily, GreedyRewriteConfig, NoMatch, PatternRewriter, RewriteListener,
    RewritePatternSet,
};
use strata_ir::{Context, Ir, OpId, Value};

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

const CHAIN: &str = r#"
func.func @f(%a: i32) {
  %0 = "test.pure"(%a) {n = 0 : i32} : (i32) -> i32
  %1 = "test.pure"(%0) {n = 1 : i32} : (i32) -> i32
  "test.write"(%1) : (i32) -> ()
  return
}
"#;

/// Records the order in which a pattern on any op sees ops.
fn visit_order(top_down: bool) -> Vec<String> {
    let ctx = context();
    let (mut ir, module) = parse(&ctx, CHAIN);
    let seen: Arc<Mutex<Vec<String>>> = Arc::default();
    let log = seen.clone();
    let mut set = RewritePatternSet::new();
    set.add_fn(None, 1, "Record", move |op, rw: &mut PatternRewriter| {
        let name = rw.ctx().op_name_str(rw.ir().op_name(op)).to_string();
        log.lock().unwrap().push(name);
        Err(NoMatch)
    });
    let patterns = set.freeze();
    let config = GreedyRewriteConfig {
        top_down,
        ..Default::default()
    };
    let stats = apply_patterns_greedily(&ctx, &mut ir, module, &patterns, &config, None);
    assert!(stats.converged);
    assert!(!stats.changed);
    let v = seen.lock().unwrap().clone();
    v
}

#[test]
fn worklist_order_matches_mlir() {
    // Bottom-up: post-order pushed, popped from the back.
    assert_eq!(
        visit_order(false),
        [
            "func.func",
            "func.return",
            "test.write",
            "test.pure",
            "test.pure"
        ]
    );
    // Top-down: pre-order, reversed, popped from the back.
    assert_eq!(
        visit_order(true),
        [
            "func.func",
            "test.pure",
            "test.pure",
            "test.write",
            "func.return"
        ]
    );
}

#[test]
fn non_convergence_is_reported() {
    let ctx = context();
    let (mut ir, module) = parse(
        &ctx,
        "func.func @f() {\n  \"test.flip\"() : () -> ()\n  return\n}\n",
    );
    let mut set = RewritePatternSet::new();
    set.add_canonicalization_patterns(&ctx);
    let config = GreedyRewriteConfig {
        max_iterations: Some(3),
        ..Default::default()
    };
    let stats = apply_patterns_greedily(&ctx, &mut ir, module, &set.freeze(), &config, None);
    assert!(!stats.converged);
    assert_eq!(stats.iterations, 3);
    assert_eq!(stats.patterns_applied, 3);
}

#[derive(Default)]
struct Counts {
    inserted: usize,
    modified: usize,
    erased: usize,
    replaced: usize,
}

impl RewriteListener for Counts {
    fn notify_op_inserted(&mut self, _: &Ir, _: OpId) {
        self.inserted += 1;
    }
    fn notify_op_modified(&mut self, _: &Ir, _: OpId) {
        self.modified += 1;
    }
    fn notify_op_erased(&mut self, _: &Ir, _: OpId) {
        self.erased += 1;
    }
    fn notify_op_replaced(&mut self, _: &Ir, _: OpId, _: &[Value]) {
        self.replaced += 1;
    }
}

#[test]
fn replacement_bookkeeping_goes_through_the_listener() {
    let ctx = context();
    let (mut ir, module) = parse(
        &ctx,
        r#"
func.func @f(%a: i32) {
  %0 = "test.sub"(%a, %a) : (i32, i32) -> i32
  "test.write"(%0, %0) : (i32, i32) -> ()
  return
}
"#,
    );
    let mut set = RewritePatternSet::new();
    set.add_canonicalization_patterns(&ctx);
    let mut counts = Counts::default();
    let stats = apply_patterns_greedily(
        &ctx,
        &mut ir,
        module,
        &set.freeze(),
        &GreedyRewriteConfig::default(),
        Some(&mut counts),
    );
    assert!(stats.converged);
    assert_eq!(stats.patterns_applied, 1);
    // sub(x, x) -> constant 0: one op inserted, one replaced and erased,
    // and the user (two uses of one value) notified per use.
    assert_eq!(counts.inserted, 1);
    assert_eq!(counts.replaced, 1);
    assert_eq!(counts.erased, 1);
    assert_eq!(counts.modified, 2);
    let text = print_op(&ctx, &ir, module, &PrintOptions::default());
    assert!(text.contains("\"test.write\"(%0, %0)"), "{text}");
    assert!(!text.contains("test.sub"), "{text}");
}

#[test]
fn pass_manager_runs_nested_pipelines_in_parallel_deterministically() {
    let ctx = context();
    let mut source = String::new();
    for i in 0..64 {
        source.push_str(&format!(
            "func.func @f{i}(%a: i32) -> i32 {{\n  %c = \"test.constant\"() {{value = {i} : i32}} : () -> i32\n  %0 = \"test.add\"(%c, %a) : (i32, i32) -> i32\n  %1 = \"test.add\"(%c, %a) : (i32, i32) -> i32\n  %2 = \"test.mul\"(%0, %1) : (i32, i32) -> i32\n  return %2 : i32\n}}\n"
        ));
    }
    let registry = strata_passes::registry();
    let run = |threading: bool| {
        let (mut ir, module) = parse(&ctx, &source);
        let root = strata_ir::pass::parse_pass_pipeline(
            "builtin.module(func.func(canonicalize,cse))",
            &registry,
        )
        .unwrap();
        let mut pm = PassManager::from_op_pass_manager(root);
        pm.config.threading = threading;
        pm.run(&ctx, &mut ir, module).unwrap();
        print_op(&ctx, &ir, module, &PrintOptions::default())
    };
    let serial = run(false);
    let parallel = run(true);
    assert_eq!(serial, parallel);
    assert!(serial.contains("\"test.mul\"(%1, %1)"), "{serial}");
}

#[test]
fn pipeline_text_round_trips() {
    let registry = strata_passes::registry();
    let text = "builtin.module(func.func(canonicalize{max-iterations=3},cse),symbol-dce,print-op-stats{json=true})";
    let mut pm: OpPassManager = strata_ir::pass::parse_pass_pipeline(text, &registry).unwrap();
    let printed = pm.pipeline_text();
    assert!(
        printed.starts_with("builtin.module(func.func(canonicalize{top-down=true"),
        "{printed}"
    );
    assert!(printed.contains("max-iterations=3"));
    assert!(
        printed.ends_with("cse),symbol-dce,print-op-stats{json=true})"),
        "{printed}"
    );
    let mut again = strata_ir::pass::parse_pass_pipeline(&printed, &registry).unwrap();
    assert_eq!(again.pipeline_text(), printed);
}
