#!/usr/bin/env bash
# Miniflare's MINIFLARE_WORKERD_PATH for the bench's CPU phase (bench/run.mjs, docs/decisions/111-other-isolates-gc.md):
# runs the real workerd ($BENCH_WORKERD) with the V8 flags in $BENCH_V8_FLAGS (e.g. --trace-gc-nvp) added
# to the config Miniflare writes to standard input (bench/capnp-v8-flags.mjs; Miniflare has no option for
# them), and its standard output line-buffered into $BENCH_GC_LOG, so each garbage collection V8 reports
# is in the file when the request during which it ran has ended. Miniflare's errors still reach it.
set -euo pipefail
: "${BENCH_WORKERD:?the real workerd binary}" "${BENCH_GC_LOG:?where its output goes}"
config="$(mktemp "${TMPDIR:-/tmp}/workerd-config.XXXXXX")"
# shellcheck disable=SC2086 # the flags are space-separated on purpose
node "$(dirname "$0")/capnp-v8-flags.mjs" "$config" ${BENCH_V8_FLAGS:-}
args=()
for arg in "$@"; do
  if [[ "$arg" == "-" ]]; then args+=("$config"); else args+=("$arg"); fi
done
exec stdbuf -oL "$BENCH_WORKERD" "${args[@]}" >> "$BENCH_GC_LOG"
