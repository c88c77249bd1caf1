#!/usr/bin/env bash
# Run every fuzz target (or those named) for SECONDS each, one after another
# or, with -j, all at once in the background (niced). Panics are saved under
# fuzz/crashes/TARGET/; the summary lines give inputs run and panics found.
#
#   fuzz/run.sh 600            # every target, 10 minutes each, in turn
#   fuzz/run.sh -j 600         # every target at once, 10 minutes
#   fuzz/run.sh 60 dimacs lab  # two targets, a minute each
set -euo pipefail
cd "$(dirname "$0")"
parallel=0
if [[ "${1:-}" == "-j" ]]; then parallel=1; shift; fi
seconds="${1:-60}"; shift || true
# Share the main crate's target folder: the dependencies are built already.
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-../target}"
cargo build --offline --quiet 2>&1 || cargo build --quiet
bin="$CARGO_TARGET_DIR/debug/puzzlelab-fuzz"
targets=("$@")
if [[ ${#targets[@]} -eq 0 ]]; then mapfile -t targets < <("$bin" --list); fi
mkdir -p logs
status=0
for t in "${targets[@]}"; do
  if [[ $parallel == 1 ]]; then
    nice -n 10 "$bin" "$t" "$seconds" > "logs/$t.log" 2>&1 &
  else
    "$bin" "$t" "$seconds" | tee "logs/$t.log" || status=1
  fi
done
if [[ $parallel == 1 ]]; then
  for job in $(jobs -p); do wait "$job" || status=1; done
  cat logs/*.log
fi
exit $status
