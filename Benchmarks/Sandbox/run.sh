#!/usr/bin/env bash
# Measures the Oxford sandbox against its budgets (issue 5): data size, start-up with the data
# loaded, resident memory, and entries look-ups per second on loopback with keep-alive (wrk).
#
#   apt-get install wrk curl python3      # once
#   bash Benchmarks/Sandbox/run.sh        # from the package root; prints a Markdown table
#
# The server runs with its defaults (one event-loop thread).
# Environment: PORT (default 18080), DURATION (seconds per wrk run, default 15),
# CONNECTIONS (default 16), THREADS (wrk threads, default 1: the machine has 2 cores and the
# server needs one), WORDS (distinct headwords cycled through, default 2000), ROUNDS (rounds of
# the two runs, interleaved, default 3). The machine is a VM whose CPU time is sometimes stolen by
# its neighbours: each row shows the steal share during its wrk run, and the summary gives medians
# and min–max over the rounds.
set -euo pipefail
cd "$(dirname "$0")/../.."
PORT=${PORT:-18080}
DURATION=${DURATION:-15}
CONNECTIONS=${CONNECTIONS:-16}
THREADS=${THREADS:-1}
WORDS=${WORDS:-2000}
ROUNDS=${ROUNDS:-3}
WORK=$(mktemp -d)
trap 'if [ -n "${SERVER:-}" ]; then kill "$SERVER" 2>/dev/null || true; fi; rm -rf "$WORK"' EXIT

command -v wrk > /dev/null || { echo "wrk is missing: apt-get install wrk" >&2; exit 1; }
swift build -c release --product oxford-sandbox --scratch-path .build-release > "$WORK/build.log" 2>&1 \
    || { tail -20 "$WORK/build.log" >&2; exit 1; }
BINARY=.build-release/release/oxford-sandbox
LEXICON=Sources/OxfordSandbox/Lexicon/lexicon.json

# The look-ups: the WORDS most frequent headwords, the same list for every run.
python3 - "$LEXICON" "$WORDS" > "$WORK/words.txt" <<'PY'
import json, sys
words = json.load(open(sys.argv[1]))["words"]
for word in sorted(words, key=lambda w: (-words[w]["frequency"], w))[: int(sys.argv[2])]:
    print(word.replace(" ", "_"))
PY
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

now_ms() { date +%s%3N; }

# Start-up: from exec to the first answered look-up, with the data loaded.
start_server() {
    local started
    started=$(now_ms)
    "$BINARY" --port "$PORT" "$@" 2> "$WORK/server.log" &
    SERVER=$!
    until curl -sf -o /dev/null -H 'app_id: b' -H 'app_key: b' "http://127.0.0.1:$PORT/api/v2/entries/en-gb/ace"; do
        kill -0 "$SERVER" 2> /dev/null || { cat "$WORK/server.log" >&2; exit 1; }
        sleep 0.005
    done
    STARTUP_MS=$(( $(now_ms) - started ))
}
stop_server() { kill "$SERVER"; wait "$SERVER" 2> /dev/null || true; SERVER=; }
# The server's CPU time (user + system) in clock ticks.
cpu_ticks() { awk '{ print $14 + $15 }' "/proc/$SERVER/stat"; }
rss_mb() { awk "/^$1:/ { printf \"%.1f\", \$2 / 1024 }" "/proc/$SERVER/status"; }

# CPU time stolen by the hypervisor: jiffies of all and of steal, from /proc/stat.
cpu_jiffies() { awk '/^cpu / { total = 0; for (i = 2; i <= NF; i++) total += $i; print total, $9 }' /proc/stat; }

run_wrk() {
    wrk -t"$THREADS" -c"$CONNECTIONS" -d"${DURATION}s" --latency -s "$WORK/lookups.lua" "http://127.0.0.1:$PORT" > "$WORK/wrk.txt"
    grep '^RESULT' "$WORK/wrk.txt"
}

field() { sed -E "s/.*$1=([0-9.]+).*/\1/" <<< "$2"; }

echo "| round | run | start-up (ms) | RSS idle (MB) | RSS after (MB) | peak RSS (MB) | look-ups/s | p50 (ms) | p99 (ms) | max (ms) | errors + non-2xx | server CPU (µs/look-up) | CPU stolen |"
echo "|---|---|---|---|---|---|---|---|---|---|---|---|---|"
: > "$WORK/rows"
for round in $(seq 1 "$ROUNDS"); do
    for mode in "cache on" "cache off"; do
        if [ "$mode" = "cache on" ]; then start_server; else start_server --cache-mb 0; fi
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
        echo "| $round | $mode | $STARTUP_MS | $IDLE_RSS | $(rss_mb VmRSS) | $(rss_mb VmHWM) | $rate | $(field p50 "$RESULT") | $(field p99 "$RESULT") | $(field max "$RESULT") | $(( $(field errors "$RESULT") + $(field non2xx "$RESULT") )) | $cpu_us | $steal |"
        echo "$mode $STARTUP_MS $rate $(field p99 "$RESULT") $(rss_mb VmHWM) $cpu_us" >> "$WORK/rows"
        stop_server
    done
done
echo
python3 - "$WORK/rows" <<'PY'
import statistics, sys
rows = [line.rsplit(" ", 5) for line in open(sys.argv[1]).read().splitlines()]
print("| run | start-up (ms) | look-ups/s | p99 (ms) | peak RSS (MB) | server CPU (µs/look-up) |")
print("|---|---|---|---|---|---|")
for mode in ("cache on", "cache off"):
    columns = list(zip(*[[float(value) for value in row[1:]] for row in rows if row[0] == mode]))
    cells = [f"{statistics.median(c):g} ({min(c):g}–{max(c):g})" for c in columns]
    print(f"| {mode} | " + " | ".join(cells) + " |")
PY
echo "medians (min–max) over $ROUNDS rounds; data: $(stat -c %s "$LEXICON") bytes ($LEXICON); $(wc -l < "$WORK/words.txt") distinct words cycled; wrk -t$THREADS -c$CONNECTIONS -d${DURATION}s; $(nproc) cores" >&2
