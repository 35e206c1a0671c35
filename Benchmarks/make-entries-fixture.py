#!/usr/bin/env python3
"""Builds the large entries response of the decoding benchmark from the bundled sandbox: the
entries of the first N verbs of the wordlist (all fields), merged into one RetrieveEntry document.
Real lexicon data, nothing invented; the sandbox has no subsenses (WordNet has none).

usage: make-entries-fixture.py OXFORD_BINARY OUTPUT [N]"""
import json, re, subprocess, sys, time, urllib.request

binary, output = sys.argv[1], sys.argv[2]
count = int(sys.argv[3]) if len(sys.argv) > 3 else 150
server = subprocess.Popen([binary, "sandbox", "--port", "0", "--open"], stderr=subprocess.PIPE, text=True)
port = None
deadline = time.time() + 120
for line in server.stderr:
    match = re.search(r"127\.0\.0\.1:(\d+)/api/v2", line)
    if match:
        port = int(match.group(1))
        break
    if time.time() > deadline:
        break
if port is None:
    server.kill()
    sys.exit("the sandbox did not start")
try:
    base = f"http://127.0.0.1:{port}/api"
    words = json.load(urllib.request.urlopen(f"{base}/v1/wordlist/en/lexicalCategory=verb?limit=5000"))["results"]
    results = []
    for entry in words[:count]:
        with urllib.request.urlopen(f"{base}/v2/entries/en-gb/{urllib.parse.quote(entry['id'])}") as answer:
            results += json.load(answer)["results"]
    document = {"id": "benchmark", "metadata": {"operation": "retrieve", "provider": "Oxford University Press", "schema": "RetrieveEntry"},
                "results": results, "word": "benchmark"}
    with open(output, "w") as file:
        json.dump(document, file, ensure_ascii=False, sort_keys=True)
    senses = sum(len(e.get("senses", [])) for r in results for l in r["lexicalEntries"] for e in l.get("entries", []))
    print(f"{output}: {len(results)} headword entries, {senses} senses")
finally:
    server.terminate()
    server.wait()
