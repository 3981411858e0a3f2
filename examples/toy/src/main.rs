//! toy-opt: strata-opt with the Toy dialect and its pass.
use strata_ir::pass::PassRegistry;

fn main() -> std::process::ExitCode {
    let mut ctx = strata_dialects::context();
    strata_example_toy::register(&mut ctx);
    let mut registry = PassRegistry::new();
    strata_passes_all::register_all_passes(&mut registry);
    registry.register::<strata_example_toy::ShapeInference>();
    let _ = strata_tools::pipeline::set_registry(registry);
    strata_tools::opt::opt_main(ctx, std::env::args())
}
