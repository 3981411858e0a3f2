"""Render bench/out/x86_kernels.json as the Markdown table of docs/benchmarks.md.

    python3 bench/x86/markdown.py [bench/out/x86_kernels.json]
"""

import json
import os
import sys


def fmt(v, spec):
    return format(v, spec) if v is not None else "-"


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    path = sys.argv[1] if len(sys.argv) > 1 else os.path.join(here, "..", "out", "x86_kernels.json")
    with open(path) as f:
        res = json.load(f)
    pk = res["peak"]
    print(f"CPU: {res.get('cpu', '?')}; peaks measured in the run: f32 {pk['f32_fma_gflops']:.0f} GFLOP/s "
          f"(FMA), int8 {pk['int8_vnni_gops']:.0f} GOP/s (vpdpbusd), AMX int8 {pk['int8_amx_gops']:.0f} GOP/s. "
          f"onnxruntime {res['versions']['onnxruntime']}, openvino {res['versions']['openvino'].split('-')[0]}. "
          f"Strata pipeline: {res['pipeline_choice']} (`{res['pipeline']}`). {res['warmup']} warm-up + {res.get('stat', 'median')} "
          f"of {res['repeat']} calls.\n")
    print("| problem | dtype | Strata | ORT | OpenVINO | Strata/ORT | Strata/OV | Strata %peak | ORT %peak "
          "| OV %peak | check |")
    print("|---|---|--:|--:|--:|--:|--:|--:|--:|--:|---|")
    for r in res["rows"]:
        g = {w: r.get(w, {}) for w in ("strata", "ort", "ov")}
        print(f"| {r['shape']} | {r['dtype']} | {fmt(g['strata'].get('gops'), '.1f')} | "
              f"{fmt(g['ort'].get('gops'), '.1f')} | {fmt(g['ov'].get('gops'), '.1f')} | "
              f"{fmt(r.get('strata_over_ort'), '.3f')} | {fmt(r.get('strata_over_ov'), '.3f')} | "
              f"{fmt(g['strata'].get('fraction_of_peak'), '.3f')} | {fmt(g['ort'].get('fraction_of_peak'), '.3f')} | "
              f"{fmt(g['ov'].get('fraction_of_peak'), '.3f')} | {'ok' if r['check']['ok'] else 'FAIL'} |")
    print()
    for dtype, s in res["summary"].items():
        if s["geomean_strata_over_best_peer"]:
            print(f"Geomean Strata / max(ORT, OpenVINO), {dtype}: **{s['geomean_strata_over_best_peer']:.3f}** "
                  f"over {s['rows']} problems.  ")


if __name__ == "__main__":
    main()
