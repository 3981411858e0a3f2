//! Command-line conventions shared by the tools.

/// MLIR tools accept long options with one dash (`-split-input-file`);
/// clap wants two. Rewrites `-name...` to `--name...` for every argument
/// that is not a short option in `short_options`, a lone `-` (stdin), or a
/// negative number.
pub fn normalize_mlir_style_args(
    args: impl IntoIterator<Item = String>,
    short_options: &[&str],
) -> Vec<String> {
    args.into_iter()
        .enumerate()
        .map(|(i, arg)| {
            if i == 0 || !arg.starts_with('-') || arg.starts_with("--") || arg == "-" {
                return arg;
            }
            let body = &arg[1..];
            let is_short = short_options
                .iter()
                .any(|s| body == *s || body.starts_with(&format!("{s}=")));
            if is_short || body.chars().next().is_some_and(|c| c.is_ascii_digit()) {
                arg
            } else {
                format!("-{arg}")
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::normalize_mlir_style_args;

    fn run(args: &[&str]) -> Vec<String> {
        normalize_mlir_style_args(args.iter().map(|s| s.to_string()), &["o"])
    }

    #[test]
    fn single_dash_long_options_get_two_dashes() {
        assert_eq!(
            run(&[
                "x",
                "-split-input-file",
                "-o",
                "out",
                "-",
                "--verify-diagnostics"
            ]),
            vec![
                "x",
                "--split-input-file",
                "-o",
                "out",
                "-",
                "--verify-diagnostics"
            ]
        );
        assert_eq!(
            run(&["x", "-pass-pipeline=builtin.module(cse)"]),
            vec!["x", "--pass-pipeline=builtin.module(cse)"]
        );
    }
}
