#!/bin/sh
# Measures ctxnotify-lint against its floor (the same driver with a null
# analyzer) and against go vet, cold and warm, on the end-to-end module and
# on a synthetic module at 1x, 4x and 16x; prints medians and ratios, then
# runs the analyzer's Go benchmarks.
#
#   scripts/bench.sh [-runs N] [-cold-runs N] [-scales 1,4,16] [-e2e DIR] [-no-cold]
#
# Run from anywhere in a checkout; needs only the Go toolchain (and the
# module proxy, or a filled module cache, for the end-to-end module).
set -eu
cd "$(dirname "$0")/.."
go run ./internal/bench "$@"
echo
echo "== go test -bench (analyzer only, no loading)"
go test -run '^$' -bench . -benchtime 5x ./analyzer
