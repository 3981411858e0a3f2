//! Fuzzes the pass-pipeline parser (`--pass-pipeline`, `strata-run
//! --pipeline`, `inline{default-pipeline=...}`) with every registered pass
//! and its options: any text gives a pipeline or a located error, never a
//! panic or a stack overflow; a pipeline that parses prints as text that
//! parses to the same pipeline.

#![no_main]

use libfuzzer_sys::fuzz_target;
use std::sync::OnceLock;
use strata_ir::pass::{parse_pass_pipeline, PassRegistry};

static REGISTRY: OnceLock<PassRegistry> = OnceLock::new();

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let registry = REGISTRY.get_or_init(strata_passes_all::registry);
    let Ok(mut pm) = parse_pass_pipeline(text, registry) else { return };
    let printed = pm.pipeline_text();
    let mut again = parse_pass_pipeline(&printed, registry)
        .unwrap_or_else(|e| panic!("printed pipeline does not parse: {printed}\n{}", e.render()));
    assert_eq!(again.pipeline_text(), printed, "print is not stable");
});
