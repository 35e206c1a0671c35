#!/usr/bin/env bash
# The toolkit's benchmarks (issue 8), each contender against its baseline in one interleaved run:
# building requests (1), encoding (2) and decoding (3), with instruction counts (callgrind) and heap
# allocations (a preloaded counter), which noise does not move; the controller's own cost over a
# stub transport; end to end on loopback (4); 1 GiB downloads and uploads (5).
#
#   apt-get install valgrind gcc python3 nginx-light    # nginx serves the end-to-end section (without it: our own server)
#   bash Benchmarks/run.sh                      # every table, about 25 minutes
#   SECTIONS="e2e transfer" bash Benchmarks/run.sh   # some of them: build encode decode overhead e2e transfer
set -euo pipefail
cd "$(dirname "$0")"
ROUNDS=${ROUNDS:-7}
SECTIONS=${SECTIONS:-build encode decode overhead e2e transfer}
E2E_ROUNDS=${E2E_ROUNDS:-5}
E2E_SLICE=${E2E_SLICE:-2}
TRANSFER_ROUNDS=${TRANSFER_ROUNDS:-3}
TRANSFER_BYTES=${TRANSFER_BYTES:-1073741824}
SCRATCH=../.build-bench
BUILD_COUNT=${BUILD_COUNT:-20000}
DECODE_COUNT=${DECODE_COUNT:-10}

swift build -c release --scratch-path "$SCRATCH" >&2
BENCH="$SCRATCH/release/endpointkit-bench"
# valgrind 3.19 (Debian's) stops on the DWARF 5 debug information of Swift 6.3's binaries: it
# counts a copy without it.
BENCH_NODEBUG="$SCRATCH/endpointkit-bench-nodebug"
cp "$BENCH" "$BENCH_NODEBUG"
strip --strip-debug "$BENCH_NODEBUG"
gcc -O2 -shared -fPIC -o "$SCRATCH/malloc-count.so" Support/malloc-count.c

# Instructions per operation: a run of COUNT operations less a run of none, over COUNT.
instructions() {  # mode contender-args... count
    local mode=$1; shift
    local count=${!#}
    local args=("${@:1:$#-1}")
    local with without
    with=$(valgrind --tool=callgrind --callgrind-out-file=/dev/null "$BENCH_NODEBUG" "$mode" "${args[@]}" "$count" 2>&1 | sed -n 's/.*Collected : \([0-9]*\).*/\1/p')
    without=$(valgrind --tool=callgrind --callgrind-out-file=/dev/null "$BENCH_NODEBUG" "$mode" "${args[@]}" 0 2>&1 | sed -n 's/.*Collected : \([0-9]*\).*/\1/p')
    echo $(( (with - without) / count ))
}
allocations() {  # mode contender-args... count
    LD_PRELOAD="$SCRATCH/malloc-count.so" "$BENCH" "$@" | sed -n 's/allocations per operation: //p'
}

wants() { [[ " $SECTIONS " == *" $1 "* ]]; }

if wants build; then
echo "# Building requests"
echo
"$BENCH" build "$ROUNDS" 0.5
echo
echo "| contender | instructions per request (callgrind) | heap allocations per request |"
echo "|---|---|---|"
for contender in seed oxford-v1 components-v1 oxford-v2 oxford-v2-urlrequest components-v2; do
    echo "| $contender | $(instructions build-one "$contender" "$BUILD_COUNT") | $(allocations build-one "$contender" "$BUILD_COUNT") |"
done

fi

if wants encode; then
echo
echo "# Encoding"
"$BENCH" encode "$ROUNDS" 0.5
echo
echo "| contender | instructions per encoding (callgrind) | heap allocations per encoding |"
echo "|---|---|---|"
for contender in query query-components form form-by-hand json json-jsonencoder multipart multipart-by-hand; do
    echo "| $contender | $(instructions encode-one "$contender" "$BUILD_COUNT") | $(allocations encode-one "$contender" "$BUILD_COUNT") |"
done
echo
LARGE="$SCRATCH/large.bin"
head -c 1073741824 /dev/zero > "$LARGE"
"$BENCH" large-body "$LARGE" streamed
"$BENCH" large-body "$LARGE" in-memory
rm -f "$LARGE"
fi

if wants decode; then
echo
echo "# Decoding a large entries response"
echo
(cd .. && swift build --product oxford >&2)
FIXTURE="$SCRATCH/entries-large.json"
python3 make-entries-fixture.py ../.build/debug/oxford "$FIXTURE" 150
"$BENCH" decode "$FIXTURE" "$ROUNDS" 1
echo
echo "| contender | instructions per decode (callgrind) | heap allocations per decode |"
echo "|---|---|---|"
for contender in bare-jsondecoder controller-path controller-load; do
    echo "| $contender | $(instructions decode-one "$FIXTURE" "$contender" "$DECODE_COUNT") | $(allocations decode-one "$FIXTURE" "$contender" "$DECODE_COUNT") |"
done
fi

if wants overhead; then
echo
echo "# The controller's own cost, over a stub transport"
echo
"$BENCH" overhead 20000 "$ROUNDS"
echo
echo "| contender | heap allocations per request |"
echo "|---|---|"
for contender in stub-send controller-load stub-send-entry controller-load-entry controller-load-entry-inline controller-load-traced; do
    echo "| $contender | $(allocations overhead-one "$contender" 20000) |"
done
fi

if wants e2e; then
echo
echo "# End to end on loopback"
echo
"$BENCH" e2e "$E2E_ROUNDS" "$E2E_SLICE"
fi

if wants transfer; then
echo
echo "# Downloads and uploads of $TRANSFER_BYTES bytes"
echo
mkdir -p "$SCRATCH/transfers"
"$BENCH" transfer "$TRANSFER_ROUNDS" "$TRANSFER_BYTES" "$(cd "$SCRATCH" && pwd)/transfers"
rm -rf "$SCRATCH/transfers"
fi
