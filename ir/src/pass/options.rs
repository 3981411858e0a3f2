//! Pass options: declared on the pass struct by binding names to fields.
//!
//! A pass lists its options in [`crate::pass::Pass::options`], each a name,
//! a description and a mutable reference to the field it sets:
//!
//! ```ignore
//! fn options(&mut self) -> Vec<PassOption<'_>> {
//!     vec![
//!         PassOption::bool("top-down", "Seed the worklist in general top-down order", &mut self.top_down),
//!         PassOption::int("max-iterations", "Max. iterations between applying patterns", &mut self.max_iterations),
//!     ]
//! }
//! ```
//!
//! The same list parses `{top-down=false max-iterations=3}` from a
//! pipeline, `--canonicalize="top-down=false"` from the command line, and
//! prints the options back when a pipeline is shown.
//!
//! An option with a fixed set of values is an enum (MLIR's `clEnumValN`),
//! declared with [`option_enum!`](crate::option_enum): the pass matches on
//! the enum, `--list-passes` shows the values, and a bad value is an error
//! that lists them.
//!
//! ```
//! strata_ir::option_enum! {
//!     /// How hard to try.
//!     pub enum Effort {
//!         Low = "low": "one round",
//!         High = "high": "until nothing changes",
//!     }
//! }
//! let mut effort = Effort::Low;
//! {
//!     let mut option = strata_ir::pass::PassOption::choice("effort", "How hard to try", &mut effort);
//!     assert!(option.set(Some("medium")).unwrap_err().contains("expected low or high"));
//!     option.set(Some("high")).unwrap();
//! }
//! assert_eq!(effort, Effort::High);
//! ```

/// A test of an option's value beyond its type, given the value's text:
/// `Err` says what is wrong (see [`PassOption::check`]).
pub type OptionCheck = fn(&str) -> Result<(), String>;

/// An enum whose values a pass option takes: each value with its spelling
/// and a description. Implemented by [`option_enum!`](crate::option_enum).
pub trait OptionEnum: Copy + PartialEq + Send + Sync + 'static {
    const VALUES: &'static [(Self, &'static str, &'static str)];

    /// The spelling of `self`.
    fn spelling(self) -> &'static str {
        Self::VALUES
            .iter()
            .find(|(v, _, _)| *v == self)
            .map_or("?", |(_, s, _)| s)
    }
}

/// Declares an enum of option values: `Variant = "spelling": "description"`.
#[macro_export]
macro_rules! option_enum {
    (
        $(#[$meta:meta])*
        $vis:vis enum $name:ident {
            $($(#[$vmeta:meta])* $variant:ident = $spelling:literal : $description:literal),* $(,)?
        }
    ) => {
        $(#[$meta])*
        #[derive(Copy, Clone, PartialEq, Eq, Debug, Hash)]
        $vis enum $name {
            $($(#[$vmeta])* $variant),*
        }

        impl $crate::pass::OptionEnum for $name {
            const VALUES: &'static [(Self, &'static str, &'static str)] =
                &[$(($name::$variant, $spelling, $description)),*];
        }
    };
}

/// A type-erased enum field.
pub trait EnumField {
    fn set_text(&mut self, text: &str) -> bool;
    fn text(&self) -> &'static str;
    fn choices(&self) -> Vec<(&'static str, &'static str)>;
}

impl<E: OptionEnum> EnumField for &mut E {
    fn set_text(&mut self, text: &str) -> bool {
        match E::VALUES.iter().find(|(_, s, _)| *s == text) {
            Some((value, _, _)) => {
                **self = *value;
                true
            }
            None => false,
        }
    }
    fn text(&self) -> &'static str {
        (**self).spelling()
    }
    fn choices(&self) -> Vec<(&'static str, &'static str)> {
        E::VALUES.iter().map(|(_, s, d)| (*s, *d)).collect()
    }
}

/// Where an option's value goes, with its type.
pub enum OptionValue<'a> {
    Bool(&'a mut bool),
    Int(&'a mut i64),
    Str(&'a mut String),
    IntList(&'a mut Vec<i64>),
    StrList(&'a mut Vec<String>),
    Enum(Box<dyn EnumField + 'a>),
    /// A nested pass pipeline's text (`canonicalize,cse`), checked against
    /// the registry by the pipeline parser.
    Pipeline(&'a mut String),
}

/// One declared option of a pass.
pub struct PassOption<'a> {
    pub name: &'static str,
    pub description: &'static str,
    pub value: OptionValue<'a>,
    /// Inclusive bounds of an integer option (each element of a list).
    pub range: Option<(i64, i64)>,
    pub check: Option<OptionCheck>,
}

impl<'a> PassOption<'a> {
    fn new(name: &'static str, description: &'static str, value: OptionValue<'a>) -> Self {
        Self {
            name,
            description,
            value,
            range: None,
            check: None,
        }
    }

    /// Restricts an integer option (or each element of an integer list)
    /// to `min..=max`; a value outside is an error of whoever sets it.
    pub fn range(mut self, min: i64, max: i64) -> Self {
        self.range = Some((min, max));
        self
    }

    /// Adds a test of the value's text, run after it parses as the
    /// option's type: for rules a range cannot say (`nr` a multiple of 8).
    pub fn check(mut self, check: OptionCheck) -> Self {
        self.check = Some(check);
        self
    }

    /// An option holding a nested pass pipeline's text; the pipeline
    /// parser rejects text that is not a pipeline of registered passes.
    pub fn pipeline(name: &'static str, description: &'static str, field: &'a mut String) -> Self {
        Self::new(name, description, OptionValue::Pipeline(field))
    }

    pub fn bool(name: &'static str, description: &'static str, field: &'a mut bool) -> Self {
        Self::new(name, description, OptionValue::Bool(field))
    }
    pub fn int(name: &'static str, description: &'static str, field: &'a mut i64) -> Self {
        Self::new(name, description, OptionValue::Int(field))
    }
    pub fn string(name: &'static str, description: &'static str, field: &'a mut String) -> Self {
        Self::new(name, description, OptionValue::Str(field))
    }
    pub fn int_list(
        name: &'static str,
        description: &'static str,
        field: &'a mut Vec<i64>,
    ) -> Self {
        Self::new(name, description, OptionValue::IntList(field))
    }
    pub fn string_list(
        name: &'static str,
        description: &'static str,
        field: &'a mut Vec<String>,
    ) -> Self {
        Self::new(name, description, OptionValue::StrList(field))
    }

    /// An option taking one of the values of `E`.
    pub fn choice<E: OptionEnum>(
        name: &'static str,
        description: &'static str,
        field: &'a mut E,
    ) -> Self {
        Self::new(name, description, OptionValue::Enum(Box::new(field)))
    }

    /// The description with, for an enum, its values (`--list-passes`).
    pub fn help(&self) -> String {
        match &self.value {
            OptionValue::Enum(field) => {
                let values: Vec<String> = field
                    .choices()
                    .iter()
                    .map(|(s, d)| format!("{s}: {d}"))
                    .collect();
                format!("{} ({})", self.description, values.join("; "))
            }
            _ => self.description.to_string(),
        }
    }

    /// Parses `text` into the field; `None` text means the bare flag `name`.
    pub fn set(&mut self, text: Option<&str>) -> Result<(), String> {
        let name = self.name;
        let invalid = |t: &str, what: &str| {
            format!("for the {name} option: '{t}' value invalid for {what} argument!")
        };
        match &mut self.value {
            OptionValue::Bool(field) => {
                **field = match text.map(unquote) {
                    None | Some("true") | Some("1") | Some("TRUE") | Some("True") => true,
                    Some("false") | Some("0") | Some("FALSE") | Some("False") => false,
                    Some(t) => return Err(invalid(t, "boolean")),
                };
            }
            OptionValue::Int(field) => {
                let t = text
                    .map(unquote)
                    .ok_or_else(|| format!("option '{name}' needs a value"))?;
                **field = t.parse().map_err(|_| invalid(t, "integer"))?;
            }
            OptionValue::Str(field) | OptionValue::Pipeline(field) => {
                **field = text.map(unquote).unwrap_or("").to_string();
            }
            OptionValue::IntList(field) => {
                let t = text
                    .map(strip_list)
                    .ok_or_else(|| format!("option '{name}' needs a value"))?;
                field.clear();
                for item in t.split(',').map(str::trim).filter(|s| !s.is_empty()) {
                    field.push(item.parse().map_err(|_| invalid(item, "integer"))?);
                }
            }
            OptionValue::StrList(field) => {
                let t = text
                    .map(strip_list)
                    .ok_or_else(|| format!("option '{name}' needs a value"))?;
                field.clear();
                field.extend(
                    t.split(',')
                        .map(str::trim)
                        .filter(|s| !s.is_empty())
                        .map(|s| unquote(s).to_string()),
                );
            }
            OptionValue::Enum(field) => {
                let t = text
                    .map(unquote)
                    .ok_or_else(|| format!("option '{name}' needs a value"))?;
                if !field.set_text(t) {
                    let choices: Vec<&str> = field.choices().iter().map(|c| c.0).collect();
                    let expected = match choices.split_last() {
                        Some((last, [])) => last.to_string(),
                        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
                        None => String::new(),
                    };
                    // MLIR's `cl::parser<enum>` message, plus the values.
                    return Err(format!(
                        "for the {name} option: Cannot find option named '{t}'! (expected {expected})"
                    ));
                }
            }
        }
        self.check_value()
    }

    /// Applies the declared range and check to the value just set.
    fn check_value(&self) -> Result<(), String> {
        let name = self.name;
        if let Some((min, max)) = self.range {
            let values: &[i64] = match &self.value {
                OptionValue::Int(v) => std::slice::from_ref(&**v),
                OptionValue::IntList(v) => v,
                _ => &[],
            };
            if let Some(v) = values.iter().find(|v| !(min..=max).contains(*v)) {
                return Err(format!(
                    "for the {name} option: {v} is out of range (expected {min} to {max})"
                ));
            }
        }
        if let Some(check) = self.check {
            check(&self.value_text()).map_err(|m| format!("for the {name} option: {m}"))?;
        }
        Ok(())
    }

    /// The current value as pipeline text.
    pub fn value_text(&self) -> String {
        match &self.value {
            OptionValue::Bool(b) => b.to_string(),
            OptionValue::Int(i) => i.to_string(),
            OptionValue::Str(s) | OptionValue::Pipeline(s) => {
                if s.contains([' ', ',', '{', '}']) {
                    format!("\"{s}\"")
                } else {
                    s.to_string()
                }
            }
            OptionValue::IntList(v) => v
                .iter()
                .map(|i| i.to_string())
                .collect::<Vec<_>>()
                .join(","),
            OptionValue::StrList(v) => v.join(","),
            OptionValue::Enum(field) => field.text().to_string(),
        }
    }
}

fn unquote(text: &str) -> &str {
    let t = text.trim();
    if t.len() >= 2
        && ((t.starts_with('"') && t.ends_with('"')) || (t.starts_with('\'') && t.ends_with('\'')))
    {
        &t[1..t.len() - 1]
    } else {
        t
    }
}

fn strip_list(text: &str) -> &str {
    let t = text.trim();
    if t.starts_with('{') && t.ends_with('}') {
        &t[1..t.len() - 1]
    } else {
        unquote(t)
    }
}

/// One entry of an option string: key, value (absent for a bare flag) and
/// the byte offset of the key.
pub type OptionEntry<'a> = (&'a str, Option<&'a str>, usize);

/// Splits an option string `a=1 b="x y" c={1,2} flag` into (key, value)
/// pairs; `Err` carries the byte offset and message of a malformed entry.
pub fn split_options(text: &str) -> Result<Vec<OptionEntry<'_>>, (usize, String)> {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        while i < bytes.len() && bytes[i].is_ascii_whitespace() {
            i += 1;
        }
        if i >= bytes.len() {
            break;
        }
        let key_start = i;
        while i < bytes.len() && !bytes[i].is_ascii_whitespace() && bytes[i] != b'=' {
            i += 1;
        }
        let key = &text[key_start..i];
        if i < bytes.len() && bytes[i] == b'=' {
            i += 1;
            let value_start = i;
            let mut depth = 0i32;
            let mut quote: Option<u8> = None;
            while i < bytes.len() {
                let c = bytes[i];
                match quote {
                    Some(q) => {
                        if c == q {
                            quote = None;
                        }
                    }
                    None => match c {
                        b'"' | b'\'' => quote = Some(c),
                        b'{' => depth += 1,
                        b'}' => depth -= 1,
                        c if c.is_ascii_whitespace() && depth == 0 => break,
                        _ => {}
                    },
                }
                i += 1;
            }
            if quote.is_some() || depth != 0 {
                return Err((
                    value_start,
                    format!("unterminated value for option '{key}'"),
                ));
            }
            out.push((key, Some(&text[value_start..i]), key_start));
        } else {
            out.push((key, None, key_start));
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_typed_values() {
        let (mut b, mut i, mut s, mut l) = (false, 0i64, String::new(), Vec::new());
        {
            let mut opts = [
                PassOption::bool("flag", "", &mut b),
                PassOption::int("n", "", &mut i),
                PassOption::string("s", "", &mut s),
                PassOption::int_list("list", "", &mut l),
            ];
            for (key, value, _) in split_options("flag n=-3 s=\"a b\" list=1,2,3").unwrap() {
                let opt = opts.iter_mut().find(|o| o.name == key).unwrap();
                opt.set(value).unwrap();
            }
            assert!(opts[1].set(Some("x")).is_err());
        }
        assert!(b);
        assert_eq!(i, -3);
        assert_eq!(s, "a b");
        assert_eq!(l, vec![1, 2, 3]);
    }

    #[test]
    fn ranges_and_checks_reject_values() {
        let (mut i, mut j, mut l) = (0i64, 0i64, Vec::new());
        let mut n = PassOption::int("n", "", &mut i).range(0, 8);
        assert!(n.set(Some("8")).is_ok());
        let err = n.set(Some("-1")).unwrap_err();
        assert_eq!(
            err,
            "for the n option: -1 is out of range (expected 0 to 8)"
        );
        let mut list = PassOption::int_list("l", "", &mut l).range(1, 2);
        assert!(list.set(Some("1,2")).is_ok());
        assert!(list.set(Some("1,3")).is_err());
        let even = |t: &str| match t.parse::<i64>() {
            Ok(v) if v % 2 == 0 => Ok(()),
            _ => Err(format!("{t} is odd")),
        };
        let mut e = PassOption::int("e", "", &mut j).check(even);
        assert!(e.set(Some("4")).is_ok());
        assert_eq!(e.set(Some("5")).unwrap_err(), "for the e option: 5 is odd");
    }
}
