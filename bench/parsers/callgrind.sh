#!/usr/bin/env bash
# Instruction counts (valgrind/callgrind) of the parser and the floor on one workload: a figure
# the machine's load does not move. Each contender runs in its own process: `warm` untimed runs,
# a callgrind dump, N counted runs, a dump; the second dump's total ÷ N is the cost of one warm run.
#   bench/parsers/callgrind.sh <provider> <text|tool|tool10x> [N=2] [warm=2]
# Prints parser Ir, floor Ir and their ratio (~1 min per contender under valgrind), for all threads
# and for the main thread alone. The main thread is what wall-clock time follows when a core is
# free: V8 compiles optimized code and does part of its GC on background threads.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
provider="$1"; kind="$2"; n="${3:-2}"; warm="${4:-2}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
"$here/../../node_modules/.bin/esbuild" "$here/one-run.ts" --bundle --platform=node --format=esm --log-level=warning --outfile="$work/run.mjs"
ir() { # contender → "<all threads> <main thread>" instructions of the counted runs
  (cd "$work" && rm -f callgrind.out.* && KEEL_CALLGRIND_MARK=1 valgrind --tool=callgrind --separate-threads=yes --smc-check=all-non-file \
    node --expose-gc run.mjs "$provider" "$kind" "$1" "$n" "$warm" >/dev/null 2>&1 &&
    all=$(cat callgrind.out.*.2-* | grep '^totals:' | grep -o '[0-9]*$' | awk '{ s += $1 } END { print s }') &&
    main=$(grep -h '^totals:' callgrind.out.*.2-01 | grep -o '[0-9]*$') &&
    echo "$all $main")
}
read -r parser parserMain <<<"$(ir parser)"
read -r floor floorMain <<<"$(ir floor)"
awk -v p="$parser" -v f="$floor" -v pm="$parserMain" -v fm="$floorMain" -v n="$n" -v pr="$provider" -v k="$kind" \
  'BEGIN { printf "%s %s: parser %.1f M Ir, floor %.1f M Ir, ratio %.3f; main thread: parser %.1f M, floor %.1f M, ratio %.3f\n",
    pr, k, p / n / 1e6, f / n / 1e6, p / f, pm / n / 1e6, fm / n / 1e6, pm / fm }'
