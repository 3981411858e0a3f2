#!/bin/sh
# Modelled MACs/cycle of the AIE target on the Vyasa paper's Table VI
# workloads (CONV2D, 256x16 outputs, filters 2x2 to 11x11, int32 and
# int16) and Table VII's REG, PW, SS and DS workloads (128x2 outputs, 8 or
# 16 input and 16 output channels; not FC), and CONV3D (3x3x3, 5x5x5,
# 7x7x7 filters over 128x2x16 outputs), each run emulated and checked bit-exact against the interpreter
# on random data over the types' full range, with the geomeans next to the
# paper's (CV: 7.67 int32, 25.92 int16). Odd int16 filters also run with
# --no-cross-row (the paper's zero padding) to show what cross-row fusion
# gains; efficiency is MACs/cycle over the datapath's peak (8 or 32).
# Usage: bench/aie.sh  (after cargo build --release -p strata-tools)
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
run="$here/target/release/strata-run"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# One workload: run it emulated with --check and --stats, print a row and
# record its rate under TAG for the geomeans.
run_workload() {  # FILE ENTRY SEED TAG
  local out macs cycles rate check
  out=$("$run" "$tmp/$1" --entry "$2" --target aie --random-inputs \
    --random-range full --seed "$3" --check --stats)
  macs=$(echo "$out" | sed -n 's/^macs: //p')
  cycles=$(echo "$out" | sed -n 's/^cycles: //p')
  rate=$(echo "$out" | sed -n 's/^macs-per-cycle: //p')
  check=$(echo "$out" | grep -q '^check: OK' && echo bit-exact || echo FAILED)
  printf '%-14s %10s %10s %8s  %s\n' "$2" "$macs" "$cycles" "$rate" "$check"
  echo "$4 $rate" >> "$tmp/rates"
}

python3 "$here/bench/aie_workloads.py" table6 > "$tmp/table6.mlir"
printf '%-14s %10s %10s %8s  %s\n' workload macs cycles mac/cyc check
for elem in i32 i16; do
  for k in 2 3 4 5 6 7 8 9 10 11; do
    name="cv${k}x${k}_${elem}"
    run_workload table6.mlir "$name" "$k" "$elem"
  done
done
python3 "$here/bench/aie_workloads.py" table7 > "$tmp/table7.mlir"
for elem in i32 i16; do
  for w in reg3x3 reg5x5 reg7x7 pw1x1 ss1x3 ss3x1 ds3x3; do
    name="dl_${w}_${elem}"
    run_workload table7.mlir "$name" 9 "dl$elem"
  done
done
python3 "$here/bench/aie_workloads.py" conv3d > "$tmp/conv3d.mlir"
for elem in i32 i16; do
  for k in 3 5 7; do
    name="c3d_${k}_${elem}"
    run_workload conv3d.mlir "$name" 11 "3d$elem"
  done
done
echo
printf '%-14s %12s %12s\n' "odd int16" "zero-padded" "cross-row"
for k in 3 5 7 9 11; do
  eff() {
    o=$("$run" "$tmp/table6.mlir" --entry "cv${k}x${k}_i16" --target aie --random-inputs \
      --random-range full --seed "$k" --check --stats "$@" || true)
    echo "$o" | grep -q '^check: OK' || { echo FAILED; return; }
    echo "$o" | sed -n 's/^macs-per-cycle: //p' | awk '{ printf "%.1f%%", 100 * $1 / 32 }'
  }
  printf '%-14s %12s %12s\n' "cv${k}x${k}_i16" "$(eff --no-cross-row)" "$(eff)"
done
echo
awk '{ s[$1] += log($2); n[$1]++ }
     END { printf "geomean CV int32: %.2f MACs/cycle (paper 7.67)\n", exp(s["i32"] / n["i32"]);
           printf "geomean CV int16: %.2f MACs/cycle (paper 25.92)\n", exp(s["i16"] / n["i16"]);
           printf "geomean DL int32: %.2f MACs/cycle over REG/PW/SS/DS (paper 7.67 with FC)\n", exp(s["dli32"] / n["dli32"]);
           printf "geomean DL int16: %.2f MACs/cycle over REG/PW/SS/DS (paper 22.53 with FC)\n", exp(s["dli16"] / n["dli16"]);
           printf "geomean CONV3D int32: %.2f MACs/cycle (paper 7.55)\n", exp(s["3di32"] / n["3di32"]);
           printf "geomean CONV3D int16: %.2f MACs/cycle (paper 21.60)\n", exp(s["3di16"] / n["3di16"]) }' "$tmp/rates"
