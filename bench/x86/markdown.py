"""Render bench/out/x86_kernels.json as the Markdown table of docs/benchmarks.md.

    python3 bench/x86/markdown.py [bench/out/x86_kernels.json] [--stat median|min]

The JSON keeps each implementation's median and minimum per-call time, so
one run renders with either (default: the statistic the run used).
"""

import argparse
import json
import math
import os

WHO = ("strata", "ort", "ov")


def fmt(v, spec):
    return format(v, spec) if v is not None else "-"


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    ap = argparse.ArgumentParser()
    ap.add_argument("json", nargs="?", default=os.path.join(here, "..", "out", "x86_kernels.json"))
    ap.add_argument("--stat", choices=("median", "min"))
    args = ap.parse_args()
    with open(args.json) as f:
        res = json.load(f)
    stat = args.stat or res.get("stat", "median")
    pk = res["peak"]
    # Older JSON files record only the AVX-512 peaks (no int8_gops).
    int8 = pk.get("int8_gops", pk.get("int8_vnni_gops"))
    peak = {"f32": pk["f32_fma_gflops"], "int8": int8}
    print(f"CPU: {res.get('cpu', '?')}; peaks measured in the run ({pk.get('simd', 'avx512')}): f32 "
          f"{pk['f32_fma_gflops']:.0f} GFLOP/s (FMA), int8 {int8:.0f} GOP/s ({pk.get('int8_instr', 'vpdpbusd')}), "
          f"AMX int8 {pk['int8_amx_gops']:.0f} GOP/s"
          + (f", exact AVX2 int8 (vpmaddwd+vpaddd) {pk['int8_exact_avx2_gops']:.0f} GOP/s"
             if pk.get("int8_exact_avx2_gops", -1) > 0 else "") + ". "
          f"onnxruntime {res['versions']['onnxruntime']}, openvino {res['versions']['openvino'].split('-')[0]}. "
          f"Strata pipeline: {res['pipeline_choice']} (`{res['pipeline']}`). {res.get('rounds', 1)} round(s) of "
          f"{res['warmup']} warm-up + {res['repeat']} calls; {stat} per call. GFLOP/s (f32), GOP/s (int8). "
          f"int8 weights in [{res.get('int8_weights', '-32,31').replace(',', ', ')}].\n")
    print("| problem | dtype | Strata | ORT | OpenVINO | Strata/ORT | Strata/OV | Strata %peak | ORT %peak "
          "| OV %peak | check |")
    print("|---|---|--:|--:|--:|--:|--:|--:|--:|--:|---|")
    best = {}
    for r in res["rows"]:
        g = {w: r["ops"] / r[w][f"{stat}_s"] / 1e9 for w in WHO if w in r}
        frac = {w: v / peak[r["dtype"]] for w, v in g.items()}
        ratio = {p: g["strata"] / g[p] for p in ("ort", "ov") if "strata" in g and p in g}
        if ratio:
            best.setdefault(r["dtype"], []).append(g["strata"] / max(g[p] for p in ratio))
        print(f"| {r['shape']} | {r['dtype']} | {fmt(g.get('strata'), '.1f')} | {fmt(g.get('ort'), '.1f')} | "
              f"{fmt(g.get('ov'), '.1f')} | {fmt(ratio.get('ort'), '.3f')} | {fmt(ratio.get('ov'), '.3f')} | "
              f"{fmt(frac.get('strata'), '.3f')} | {fmt(frac.get('ort'), '.3f')} | {fmt(frac.get('ov'), '.3f')} | "
              f"{'ok' if r['check']['ok'] else 'FAIL'} |")
    print()
    for dtype, rs in best.items():
        gm = math.exp(sum(math.log(x) for x in rs) / len(rs))
        print(f"Geomean Strata / max(ORT, OpenVINO), {dtype}: **{gm:.3f}** over {len(rs)} problems.  ")


if __name__ == "__main__":
    main()
