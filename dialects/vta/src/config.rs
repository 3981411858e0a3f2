//! The VTA configuration in effect for an op.
//!
//! Field widths and buffer depths depend on the hardware configuration, so
//! the verifiers, the lowering and the translation all need it. It is a
//! discardable attribute on an enclosing op (normally the module):
//!
//! ```mlir
//! module attributes {vta.config = {LOG_ACC_BUFF_SIZE = 16 : i64, LOG_BLOCK = 4 : i64}} { ... }
//! ```
//!
//! The dictionary uses the keys of TVM's `vta_config.json` (read by
//! [`strata_vta::VtaConfig::from_json_value`], so unknown `LOG_*` keys are
//! errors and missing keys take the default configuration's values); with no
//! attribute anywhere above the op, the default configuration applies.

use serde_json::{Map, Value};
use strata_ir::{AttrData, Attribute, Context, Ir, OpId};
use strata_vta::VtaConfig;

/// Name of the discardable attribute holding the configuration.
pub const CONFIG_ATTR: &str = "vta.config";

/// The configuration of the nearest op at or above `op` that carries
/// [`CONFIG_ATTR`], or the default configuration.
pub fn config_for(ctx: &Context, ir: &Ir, op: OpId) -> Result<VtaConfig, String> {
    let mut current = Some(op);
    while let Some(o) = current {
        if let Some(attr) = ir.attribute(ctx, o, CONFIG_ATTR) {
            return config_from_attr(ctx, attr);
        }
        current = ir.parent_op(o);
    }
    Ok(VtaConfig::default())
}

/// Reads a `vta.config` dictionary.
pub fn config_from_attr(ctx: &Context, attr: Attribute) -> Result<VtaConfig, String> {
    let AttrData::Dictionary(entries) = ctx.attr_data(attr) else {
        return Err(format!("'{CONFIG_ATTR}' must be a dictionary attribute"));
    };
    let mut map = Map::new();
    for (name, value) in entries.iter() {
        let key = ctx.str(*name);
        let json = match ctx.attr_data(*value) {
            AttrData::Integer { value, .. } => Value::from(
                u64::try_from(*value)
                    .map_err(|_| format!("'{CONFIG_ATTR}' key {key} must be non-negative"))?,
            ),
            AttrData::String { value, .. } => Value::from(value.to_string()),
            _ => {
                return Err(format!(
                    "'{CONFIG_ATTR}' key {key} must be an integer or a string"
                ))
            }
        };
        map.insert(key.to_string(), json);
    }
    VtaConfig::from_json_value(&Value::Object(map))
        .map_err(|e| format!("invalid '{CONFIG_ATTR}': {e}"))
}

/// The dictionary for `config`, listing only the keys whose values differ
/// from the default configuration; `None` for the default configuration.
pub fn config_attr(ctx: &Context, config: &VtaConfig) -> Option<Attribute> {
    let default = VtaConfig::default().to_json_value();
    let Value::Object(map) = config.to_json_value() else {
        return None;
    };
    let mut entries = Vec::new();
    for (key, value) in &map {
        if default.get(key) == Some(value) {
            continue;
        }
        let attr = match value {
            Value::Number(n) => ctx.i64_attr(n.as_i64()?),
            Value::String(s) => ctx.string_attr(s),
            _ => continue,
        };
        entries.push((ctx.intern_str(key), attr));
    }
    (!entries.is_empty()).then(|| ctx.dictionary_attr(entries))
}
