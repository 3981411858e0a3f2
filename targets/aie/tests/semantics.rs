//! The emulation header against the dialect's documented semantics, and
//! the target's check against a broken kernel:
//!
//! - `strata_aie.h`'s lane selection (`aie_x_pair`, `aie_z`, the 32-bit
//!   modes' `xstart + xoff`) equals `select::x_index`/`z_index` for random
//!   parameters of every implemented mode;
//! - `srs` rounds half up and saturates or wraps, `ups` sign-extends and
//!   shifts, as `aievec.srs`/`aievec.ups` document;
//! - the solver's parameters select what was wanted, for random wanted
//!   selections that some parameters produce;
//! - the running example runs bit-exact against the interpreter, and a
//!   kernel with one MAC's `zstart` changed does not.

use std::process::Command;
use strata_aie::run::{compile, execute};
use strata_dialect_aievec::datapath::by_name;
use strata_dialect_aievec::select::{solve_x, x_index, z_index, Params, Want};
use strata_interp::inputs::{extract, instantiate, random_data_in, Distribution, Rng};
use strata_interp::{Interpreter, Registry};
use strata_ir::asm::{parse_source, SourceInfo};
use strata_ir::Ir;

fn random_params(rng: &mut Rng, xlen: u32, zlen: u32) -> Params {
    let mut word = || rng.next_u64() as u32;
    Params {
        xstart: word() % xlen,
        xoffsets: word(),
        xoffsets_hi: word(),
        xsquare: word() & 0x3333,
        xstep: 0,
        zstart: word() % zlen,
        zoffsets: word(),
        zoffsets_hi: word(),
        zstep: word() % zlen,
    }
}

fn run_c(program: &str) -> String {
    // One directory per call: the tests run in parallel threads.
    static NEXT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let dir = std::env::temp_dir().join(format!("strata-aie-sem-{}-{n}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (src, bin) = (dir.join("t.c"), dir.join("t"));
    std::fs::write(&src, format!("{}\n{program}", strata_aie::HEADER)).unwrap();
    let cc = std::env::var("CC").unwrap_or_else(|_| "cc".into());
    let built = Command::new(cc)
        .arg("-O0")
        .arg("-o")
        .arg(&bin)
        .arg(&src)
        .output()
        .unwrap();
    assert!(
        built.status.success(),
        "{}",
        String::from_utf8_lossy(&built.stderr)
    );
    let out = Command::new(&bin).output().unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn header_selects_what_the_dialect_documents() {
    let mut rng = Rng::new(42);
    let pair = by_name("int16 16x2").unwrap();
    let word = by_name("int32 8x1").unwrap();
    let mut program = String::from("int main(void) {\n");
    let mut expected = String::new();
    for case in 0..40 {
        let xlen = [32, 64][case % 2];
        let p = random_params(&mut rng, xlen, 16);
        for lane in 0..16 {
            for col in 0..2 {
                program.push_str(&format!(
                    "  printf(\"%d %d\\n\", aie_x_pair({xlen}, {}, {}u, {}u, {}u, 0, {lane}, {col}), aie_z(16, {}, {}u, {}u, {}, {lane}, {col}));\n",
                    p.xstart, p.xoffsets, p.xoffsets_hi, p.xsquare, p.zstart, p.zoffsets, p.zoffsets_hi, p.zstep
                ));
                expected.push_str(&format!(
                    "{} {}\n",
                    x_index(pair, &p, xlen, lane, col),
                    z_index(&p, 16, lane, col)
                ));
            }
        }
        // 32-bit lanes: lmac8 reads x[(xstart + xoff[l]) % xlen], z[(zstart + zoff[l]) % 8].
        let xlen32 = [16, 32][case % 2];
        let q = Params {
            zstep: 0,
            ..random_params(&mut rng, xlen32, 8)
        };
        for lane in 0..8 {
            program.push_str(&format!(
                "  printf(\"%d %d\\n\", (int)(({} + aie_nibble({}u, 0, {lane})) % {xlen32}), aie_z(8, {}, {}u, 0, 0, {lane}, 0));\n",
                q.xstart, q.xoffsets, q.zstart, q.zoffsets
            ));
            let q = Params {
                xoffsets_hi: 0,
                zoffsets_hi: 0,
                ..q.clone()
            };
            expected.push_str(&format!(
                "{} {}\n",
                x_index(word, &q, xlen32, lane, 0),
                z_index(&q, 8, lane, 0)
            ));
        }
    }
    program.push_str("  return 0;\n}\n");
    assert_eq!(run_c(&program), expected);
}

#[test]
fn solver_finds_parameters_for_reachable_selections() {
    let mut rng = Rng::new(7);
    let pair = by_name("int16 16x2").unwrap();
    let mut solved = 0;
    for _ in 0..60 {
        // A selection some parameters produce (even xstart, as verified).
        let mut p = random_params(&mut rng, 32, 16);
        p.xstart &= !1;
        let want: Want = (0..16)
            .map(|l| (0..2).map(|c| Some(x_index(pair, &p, 32, l, c))).collect())
            .collect();
        let found = solve_x(pair, 32, &want).expect("a reachable selection is solvable");
        for (l, cols) in want.iter().enumerate() {
            for (c, w) in cols.iter().enumerate() {
                assert_eq!(Some(x_index(pair, &found, 32, l as u32, c as u32)), *w);
            }
        }
        solved += 1;
    }
    assert_eq!(solved, 60);
    // Lane 0 and lane 1 reading the same element in column 0 twice and
    // elements 17 apart in column 1 is beyond the network: no parameters.
    let mut want: Want = vec![vec![None; 2]; 16];
    want[0] = vec![Some(0), Some(1)];
    want[1] = vec![Some(0), Some(18)];
    want[2] = vec![Some(5), Some(9)];
    assert!(solve_x(pair, 32, &want).is_none());
}

const RUNNING_EXAMPLE: &str = r#"
func.func @f(%I: memref<10x48xi16>, %W: memref<3x4xi16>, %O: memref<8x32xi16>) {
  %c0 = arith.constant 0 : i16
  linalg.fill ins(%c0 : i16) outs(%O : memref<8x32xi16>)
  linalg.conv_2d ins(%I, %W : memref<10x48xi16>, memref<3x4xi16>) outs(%O : memref<8x32xi16>)
  return
}
"#;

#[test]
fn check_catches_a_wrong_parameter() {
    let ctx = strata_dialects::context();
    let mut ir = Ir::new();
    let info = SourceInfo {
        file_name: "example.mlir".into(),
        first_line: 0,
    };
    let module = parse_source(&ctx, &mut ir, RUNNING_EXAMPLE, &info).expect("parses");
    let body = ir.entry_block(ir.regions(module)[0]).unwrap();
    let func = ir.block_ops(body).next().unwrap();
    let (inputs, _) = strata_dialect_func::ops_function_signature(&ctx, &ir, func).unwrap();
    let mut rng = Rng::new(3);
    let args: Vec<_> = inputs
        .iter()
        .map(|&t| random_data_in(&ctx, t, Distribution::Full, &mut rng).unwrap())
        .collect();
    let reference = {
        let registry = Registry::standard();
        let mut it = Interpreter::new(&ctx, &ir, module, &registry);
        let values: Vec<_> = inputs
            .iter()
            .zip(&args)
            .map(|(&t, d)| instantiate(&mut it, t, d).unwrap())
            .collect();
        it.call(func, values.clone()).expect("interprets");
        values
            .iter()
            .map(|v| extract(&it, v).unwrap())
            .collect::<Vec<_>>()
    };
    let compiled = compile(&ctx, &mut ir, func, Default::default()).expect("compiles");
    // The tile loop (8 rows x 2 vectors) carries the pipelining hints.
    assert!(compiled
        .source
        .contains("chess_prepare_for_pipelining chess_loop_range(16, 16)"));
    assert_eq!(execute(&compiled, &args).unwrap(), reference);
    // The same kernel with the last MAC reading the wrong weight.
    let mut macs = Vec::new();
    ir.walk_preorder(func, &mut |op| {
        if strata_dialect_aievec::MacOp::is(&ctx, &ir, op) {
            macs.push(op);
        }
    });
    let last = *macs.last().unwrap();
    ir.set_property(&ctx, last, "zstart", Some(ctx.string_attr("0")));
    let source = strata_aie::emit::emit_function(&ctx, &ir, func, "aie_kernel").unwrap();
    let broken = strata_aie::run::Compiled {
        source: compiled.source.replace(
            &compiled.source[compiled.source.find("void aie_kernel").unwrap()
                ..compiled.source.find("int main").unwrap()],
            &format!("{source}\n"),
        ),
        ..compiled
    };
    assert_ne!(execute(&broken, &args).unwrap(), reference);
}

/// srs: shift right rounding half up, then saturate (mode on) or wrap
/// (mode off) to 16 bits; ups: sign-extend and shift left, wrapped to 48.
#[test]
fn shift_round_saturate() {
    let mut rng = Rng::new(11);
    let mut program = String::from("int main(void) {\n  v16acc48 a; v16int16 v;\n");
    let mut expected = String::new();
    for case in 0..64 {
        let shift = case % 20;
        let sat = case % 2;
        let lanes: Vec<i64> = (0..16)
            .map(|_| {
                let x = rng.next_u64() as i64 >> (16 + rng.next_u64() % 24);
                x.clamp(-(1 << 47), (1 << 47) - 1)
            })
            .collect();
        for (l, x) in lanes.iter().enumerate() {
            program.push_str(&format!("  a.e[{l}] = {x}LL;\n"));
        }
        program.push_str(&format!(
            "  aie_set_saturation({sat}); v = srs_v16int16(a, {shift});\n  for (int l = 0; l < 16; l++) printf(\"%d \", v.e[l]);\n  printf(\"\\n\");\n"
        ));
        for x in &lanes {
            let rounded = if shift > 0 {
                (x + (1i64 << (shift - 1))) >> shift
            } else {
                *x
            };
            let out = if sat == 1 {
                rounded.clamp(-32768, 32767)
            } else {
                rounded as i16 as i64
            };
            expected.push_str(&format!("{out} "));
        }
        expected.push('\n');
    }
    program.push_str(
        "  v16int16 u; for (int l = 0; l < 16; l++) u.e[l] = (int16_t)(l * 4099 - 30000);\n",
    );
    program.push_str("  v16acc48 w = ups_v16acc48(u, 20);\n  for (int l = 0; l < 16; l++) printf(\"%lld \", (long long)w.e[l]);\n  printf(\"\\n\");\n");
    for l in 0..16i64 {
        let u = (l * 4099 - 30000) as i16 as i64;
        let shifted = (u << 20) as i128;
        let wrapped = ((shifted << 80) >> 80) as i64; // fits: |u << 20| < 2^36
        expected.push_str(&format!("{wrapped} "));
    }
    expected.push('\n');
    program.push_str("  return 0;\n}\n");
    assert_eq!(run_c(&program), expected);
}
