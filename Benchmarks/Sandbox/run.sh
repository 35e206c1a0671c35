#!/usr/bin/env bash
# Measures the Oxford sandbox against its budgets (issues 5 and 16): data size, start-up to the first
# answered look-up, resident memory, entries look-ups per second on loopback with keep-alive (wrk),
# and `oxford define WORD` end to end. Contenders are compared interleaved, round by round.
#
#   apt-get install wrk curl python3      # once
#   bash Benchmarks/Sandbox/run.sh        # from the package root; prints Markdown tables
#
# Contenders: CONTENDERS="name:directory name:directory", each directory holding release builds
# of `oxford-sandbox` and `oxford` (default: this checkout, built into .build-release). To compare
# with an earlier commit: git worktree add ../before <commit>, build it the same way, and pass
# CONTENDERS="before:../before/.build-release/release after:.build-release/release".
# The server runs with its defaults (one event-loop thread).
# Environment: PORT (default 18080), DURATION (seconds per wrk run, default 15), CONNECTIONS
# (default 16), THREADS (wrk threads, default 1: the machine has 2 cores and the server needs one),
# WORDS (distinct headwords cycled through, default 2000), ROUNDS (default 3), DEFINES (runs of
# `oxford define` per contender and round, default 10). The machine is a VM whose CPU time is
# sometimes stolen by its neighbours: each row shows the steal share during its wrk run, and the
# summary gives medians and min–max over the rounds.
set -euo pipefail
cd "$(dirname "$0")/../.."
PORT=${PORT:-18080}
DURATION=${DURATION:-15}
CONNECTIONS=${CONNECTIONS:-16}
THREADS=${THREADS:-1}
WORDS=${WORDS:-2000}
ROUNDS=${ROUNDS:-3}
DEFINES=${DEFINES:-10}
WORK=$(mktemp -d)
trap 'if [ -n "${SERVER:-}" ]; then kill "$SERVER" 2>/dev/null || true; fi; rm -rf "$WORK"' EXIT

command -v wrk > /dev/null || { echo "wrk is missing: apt-get install wrk" >&2; exit 1; }
if [ -z "${CONTENDERS:-}" ]; then
    for product in oxford-sandbox oxford; do
        swift build -c release --product "$product" --scratch-path .build-release > "$WORK/build.log" 2>&1 \
            || { tail -20 "$WORK/build.log" >&2; exit 1; }
    done
    CONTENDERS="this:.build-release/release"
fi

now_ms() { date +%s%3N; }

# Start-up: from exec to the first answered look-up, with the data loaded.
start_server() {
    local binary=$1 started
    shift
    started=$(now_ms)
    "$binary" --port "$PORT" "$@" 2> "$WORK/server.log" &
    SERVER=$!
    until curl -sf -o /dev/null -H 'app_id: b' -H 'app_key: b' "http://127.0.0.1:$PORT/api/v2/entries/en-gb/ace"; do
        kill -0 "$SERVER" 2> /dev/null || { cat "$WORK/server.log" >&2; exit 1; }
        sleep 0.005
    done
    STARTUP_MS=$(( $(now_ms) - started ))
}
stop_server() { kill "$SERVER"; wait "$SERVER" 2> /dev/null || true; SERVER=; }
cpu_ticks() { awk '{ print $14 + $15 }' "/proc/$SERVER/stat"; }
rss_mb() { awk "/^$1:/ { printf \"%.1f\", \$2 / 1024 }" "/proc/$SERVER/status"; }
cpu_jiffies() { awk '/^cpu / { total = 0; for (i = 2; i <= NF; i++) total += $i; print total, $9 }' /proc/stat; }

# The look-ups: the WORDS most frequent headwords, as the first contender's server lists them
# (LexiStats over its own data), the same list for every run.
first_dir=${CONTENDERS%% *}; first_dir=${first_dir#*:}
start_server "$first_dir/oxford-sandbox"
curl -sf -H 'app_id: b' -H 'app_key: b' \
    "http://127.0.0.1:$PORT/api/v2/stats/frequency/words/en?corpus=wordfreq&sort=-normalizedFrequency&limit=$WORDS" \
    | python3 -c 'import json, sys; print("\n".join(r["lemma"].replace(" ", "_") for r in json.load(sys.stdin)["results"]))' > "$WORK/words.txt"
stop_server
{
    echo 'local words = {}'
    while read -r word; do printf 'table.insert(words, "%s")\n' "$word"; done < "$WORK/words.txt"
    cat <<'LUA'
-- Every request is formatted once, up front, so the load generator spends its CPU on sending.
local requests = {}
for index, word in ipairs(words) do
    requests[index] = wrk.format("GET", "/api/v2/entries/en-gb/" .. word, {["app_id"] = "benchmark", ["app_key"] = "benchmark"})
end
local counter = 0
request = function()
    counter = counter + 1
    return requests[(counter % #requests) + 1]
end
done = function(summary, latency, requests)
    io.write(string.format("RESULT requests=%d errors=%d non2xx=%d seconds=%.3f p50=%.3f p90=%.3f p99=%.3f max=%.3f\n",
        summary.requests, summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout,
        summary.errors.status, summary.duration / 1e6, latency:percentile(50) / 1000, latency:percentile(90) / 1000,
        latency:percentile(99) / 1000, latency.max / 1000))
end
LUA
} > "$WORK/lookups.lua"

run_wrk() {
    wrk -t"$THREADS" -c"$CONNECTIONS" -d"${DURATION}s" --latency -s "$WORK/lookups.lua" "http://127.0.0.1:$PORT" > "$WORK/wrk.txt"
    grep '^RESULT' "$WORK/wrk.txt"
}
field() { sed -E "s/.*$1=([0-9.]+).*/\1/" <<< "$2"; }

# `oxford define WORD` end to end: exec, the in-process sandbox opening its data, the look-up, the
# printing, exit. The median of DEFINES runs over rare and common words.
define_ms() {
    local binary=$1 times=()
    local words=(serendipity ephemeral swimming_pool quixotic ace run photosynthesis ubiquitous vapid house)
    for run in $(seq 1 "$DEFINES"); do
        local word=${words[$(( (run - 1) % ${#words[@]} ))]} started
        started=$(date +%s%N)
        env -u OXFORD_APP_ID -u OXFORD_APP_KEY "$binary" define "$word" --color never > /dev/null 2>&1
        times+=($(( ($(date +%s%N) - started) / 1000000 )))
    done
    printf '%s\n' "${times[@]}" | sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'
}

echo "| round | contender | run | start-up (ms) | RSS idle (MB) | RSS after (MB) | peak RSS (MB) | look-ups/s | p50 (ms) | p99 (ms) | max (ms) | errors + non-2xx | server CPU (µs/look-up) | \`oxford define\` (ms, median of $DEFINES) | CPU stolen |"
echo "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"
: > "$WORK/rows"
for round in $(seq 1 "$ROUNDS"); do
    for contender in $CONTENDERS; do
        name=${contender%%:*}; dir=${contender#*:}
        DEFINE_MS=$(define_ms "$dir/oxford")
        for mode in "cache on" "cache off"; do
            if [ "$mode" = "cache on" ]; then start_server "$dir/oxford-sandbox"; else start_server "$dir/oxford-sandbox" --cache-mb 0; fi
            IDLE_RSS=$(rss_mb VmRSS)
            run_wrk > /dev/null   # warm-up pass (fills the cache in the first mode)
            read -r total_before steal_before < <(cpu_jiffies)
            ticks_before=$(cpu_ticks)
            RESULT=$(run_wrk)
            ticks_after=$(cpu_ticks)
            read -r total_after steal_after < <(cpu_jiffies)
            steal=$(python3 -c "print(f'{100 * ($steal_after - $steal_before) / max(1, $total_after - $total_before):.0f} %')")
            requests=$(field requests "$RESULT"); seconds=$(field seconds "$RESULT")
            rate=$(python3 -c "print(round($requests / $seconds))")
            cpu_us=$(python3 -c "import os; print(round(($ticks_after - $ticks_before) / os.sysconf('SC_CLK_TCK') * 1e6 / $requests, 1))")
            echo "| $round | $name | $mode | $STARTUP_MS | $IDLE_RSS | $(rss_mb VmRSS) | $(rss_mb VmHWM) | $rate | $(field p50 "$RESULT") | $(field p99 "$RESULT") | $(field max "$RESULT") | $(( $(field errors "$RESULT") + $(field non2xx "$RESULT") )) | $cpu_us | $DEFINE_MS | $steal |"
            echo "$name|$mode $STARTUP_MS $IDLE_RSS $rate $(field p99 "$RESULT") $(rss_mb VmHWM) $cpu_us $DEFINE_MS" >> "$WORK/rows"
            stop_server
        done
    done
done
echo
python3 - "$WORK/rows" <<'PY'
import statistics, sys
rows = [line.rsplit(" ", 7) for line in open(sys.argv[1]).read().splitlines()]
print("| contender, run | start-up (ms) | RSS idle (MB) | look-ups/s | p99 (ms) | peak RSS (MB) | server CPU (µs/look-up) | `oxford define` (ms) |")
print("|---|---|---|---|---|---|---|---|")
for key in dict.fromkeys(row[0] for row in rows):
    columns = list(zip(*[[float(value) for value in row[1:]] for row in rows if row[0] == key]))
    cells = [f"{statistics.median(c):g} ({min(c):g}–{max(c):g})" for c in columns]
    print(f"| {key.replace('|', ', ')} | " + " | ".join(cells) + " |")
PY
for contender in $CONTENDERS; do
    dir=${contender#*:}
    echo "${contender%%:*}: data $(find "$dir/" -maxdepth 3 -path '*OxfordSandbox*' -name 'lexicon.*' -printf '%s bytes (%f) ' 2>/dev/null)" >&2
done
echo "medians (min–max) over $ROUNDS rounds; $(wc -l < "$WORK/words.txt") distinct words cycled; wrk -t$THREADS -c$CONNECTIONS -d${DURATION}s; $(nproc) cores" >&2
