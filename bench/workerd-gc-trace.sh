#!/usr/bin/env bash
# Miniflare's MINIFLARE_WORKERD_PATH for the bench's CPU phase (bench/run.mjs, docs/decisions/111-other-isolates-gc.md):
# runs the real workerd ($BENCH_WORKERD) with its standard output line-buffered into $BENCH_GC_LOG, so
# each garbage collection V8 reports there (MINIFLARE_V8_FLAGS=--trace-gc-nvp) is in the file when the
# request during which it ran has ended, and bench/gc-trace.mjs can match the two. Miniflare gets no
# standard output from workerd in this run (the Worker's own log lines go to the file too); its errors
# still reach Miniflare.
set -euo pipefail
: "${BENCH_WORKERD:?the real workerd binary}" "${BENCH_GC_LOG:?where its output goes}"
exec stdbuf -oL "$BENCH_WORKERD" "$@" >> "$BENCH_GC_LOG"
