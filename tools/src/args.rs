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

/// The reference interpreter's limits as flags, shared by `strata-run`
/// (target interp) and `strata-opt --verify-equivalence`. Each limit, when
/// reached, ends the run with an error located at the op being executed.
#[derive(clap::Args, Debug, Clone)]
pub struct InterpLimitArgs {
    /// interp: ops one run may execute (stops non-terminating loops).
    #[arg(long, default_value_t = strata_interp::DEFAULT_STEP_LIMIT)]
    pub max_steps: u64,
    /// interp: seconds one call may run (0: no limit).
    #[arg(long, default_value_t = strata_interp::DEFAULT_TIMEOUT.as_secs_f64())]
    pub timeout: f64,
    /// interp: bytes one tensor or the live buffers together may take.
    #[arg(long, default_value_t = strata_interp::DEFAULT_MAX_MEMORY)]
    pub max_memory: u64,
}

impl InterpLimitArgs {
    /// The limits, or why the flags do not describe any.
    pub fn limits(&self) -> Result<strata_interp::Limits, String> {
        let timeout = match self.timeout {
            0.0 => None,
            t if t.is_finite() && t > 0.0 => Some(std::time::Duration::from_secs_f64(t)),
            t => {
                return Err(format!(
                    "--timeout={t}: expected a positive number of seconds"
                ))
            }
        };
        Ok(strata_interp::Limits {
            max_steps: self.max_steps,
            timeout,
            max_memory: self.max_memory,
        })
    }
}

/// The text of the input file `path` (`-`: standard input) and the name
/// diagnostics give it; the error is a message without a prefix.
pub fn read_text_input(path: &str) -> Result<(String, String), String> {
    let mut bytes = Vec::new();
    let name = if path == "-" {
        std::io::Read::read_to_end(&mut std::io::stdin(), &mut bytes)
            .map_err(|e| format!("could not read standard input: {e}"))?;
        "<stdin>".to_string()
    } else {
        bytes =
            std::fs::read(path).map_err(|e| format!("could not open input file '{path}': {e}"))?;
        path.to_string()
    };
    let text = String::from_utf8(bytes).map_err(|e| {
        format!(
            "{name}: input is not valid UTF-8 (byte {})",
            e.utf8_error().valid_up_to()
        )
    })?;
    Ok((name, text))
}

/// Makes writing to a closed pipe (`strata-run ... --print | head -1`) end
/// the process quietly, as it ends a C tool: Rust ignores SIGPIPE, so
/// `println!` would panic on the broken pipe instead. Called first by every
/// tool's `main`.
pub fn exit_quietly_on_closed_pipe() {
    #[cfg(unix)]
    {
        extern "C" {
            fn signal(signum: i32, handler: usize) -> usize;
        }
        const SIGPIPE: i32 = 13;
        const SIG_DFL: usize = 0;
        // SAFETY: restoring the default disposition of one signal before
        // any thread starts; no handler runs Rust code.
        unsafe {
            signal(SIGPIPE, SIG_DFL);
        }
    }
}

/// Parses a tool's normalized arguments into its options; `Err` carries
/// the exit code after clap has printed the help, the version or the error
/// (success for `--help`, failure for a bad flag).
pub fn parse_options<T: clap::Parser>(args: Vec<String>) -> Result<T, std::process::ExitCode> {
    T::try_parse_from(args).map_err(|e| {
        let _ = e.print();
        if e.use_stderr() {
            std::process::ExitCode::FAILURE
        } else {
            std::process::ExitCode::SUCCESS
        }
    })
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
