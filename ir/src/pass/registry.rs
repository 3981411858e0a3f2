//! The pass registry: pass arguments mapped to constructors (MLIR's
//! `PassRegistry`). A tool owns one, fills it (`register_all_passes` of
//! `strata-passes`, plus its own), and builds pipelines from it.

use super::Pass;
use std::collections::BTreeMap;
use std::sync::Arc;

type Constructor = Arc<dyn Fn() -> Box<dyn Pass> + Send + Sync>;

/// What the registry knows about one pass.
#[derive(Clone)]
pub struct PassInfo {
    pub argument: String,
    pub name: String,
    pub description: String,
    /// `(name, description, default value)` of each option.
    pub options: Vec<(String, String, String)>,
    constructor: Constructor,
}

impl PassInfo {
    /// A fresh instance with default options.
    pub fn create(&self) -> Box<dyn Pass> {
        (self.constructor)()
    }
}

#[derive(Clone, Default)]
pub struct PassRegistry {
    passes: BTreeMap<String, PassInfo>,
}

impl PassRegistry {
    pub fn new() -> Self {
        Self::default()
    }

    /// Registers a pass type by its `Default` value.
    pub fn register<P: Pass + Default + 'static>(&mut self) {
        self.register_constructor(|| Box::new(P::default()));
    }

    /// Registers a constructor; argument, name, description and options are
    /// read from one instance.
    pub fn register_constructor(
        &mut self,
        constructor: impl Fn() -> Box<dyn Pass> + Send + Sync + 'static,
    ) {
        let mut sample = constructor();
        let options = sample
            .options()
            .iter()
            .map(|o| (o.name.to_string(), o.help(), o.value_text()))
            .collect();
        let info = PassInfo {
            argument: sample.argument().to_string(),
            name: sample.name().to_string(),
            description: sample.description().to_string(),
            options,
            constructor: Arc::new(constructor),
        };
        self.passes.insert(info.argument.clone(), info);
    }

    pub fn lookup(&self, argument: &str) -> Option<&PassInfo> {
        self.passes.get(argument)
    }

    /// Registered passes, sorted by argument.
    pub fn iter(&self) -> impl Iterator<Item = &PassInfo> {
        self.passes.values()
    }

    pub fn len(&self) -> usize {
        self.passes.len()
    }
    pub fn is_empty(&self) -> bool {
        self.passes.is_empty()
    }
}
