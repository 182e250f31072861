#!/usr/bin/env bash
# `npm run conformance`: the MCP conformance suite (@modelcontextprotocol/conformance, its newest published
# version: 0.2.0-alpha.12, the first with --requirements; it needs Node 22, which npm serves as a package, so npx
# runs it without touching the machine's Node) against /mcp of a real server on loopback, once per protocol
# revision: `--requirements 2025-11-25` and `--requirements 2026-07-28` run exactly the scenarios each revision
# requires. The suite sends no Authorization header, so this server runs with MCP_AUTH=none on a throwaway state
# database. Scenarios that need the suite's demo fixtures (tools, resources and prompts with fixed names) fail
# against a real server; README "MCP" lists them with the reason. Results: $CONFORMANCE_OUT (default
# test-artifacts/conformance).
set -euo pipefail
cd "$(dirname "$0")/.."
SUITE=@modelcontextprotocol/conformance@0.2.0-alpha.12
REVISIONS=(${CONFORMANCE_REVISIONS:-2025-11-25 2026-07-28})
out=${CONFORMANCE_OUT:-test-artifacts/conformance}
mkdir -p "$out"
state=$(mktemp -d)
MCP_AUTH=none PORT=0 HOST=127.0.0.1 STATE_DB="$state/state.db" LOG_LEVEL=warn \
  node --import tsx src/main.ts 2>"$state/server.log" &
server=$!
trap 'kill $server 2>/dev/null || true; wait $server 2>/dev/null || true; rm -rf "$state"' EXIT
for _ in $(seq 1 600); do
  port=$(grep -o 'listening on http://127.0.0.1:[0-9]*' "$state/server.log" 2>/dev/null | grep -o '[0-9]*$' || true)
  [ -n "$port" ] && break
  kill -0 $server 2>/dev/null || { cat "$state/server.log"; exit 1; }
  sleep 0.5
done
[ -n "${port:-}" ] || { echo "server did not start"; cat "$state/server.log"; exit 1; }
url="http://127.0.0.1:$port/mcp"
echo "conformance ($SUITE) against $url"
status=0
for rev in "${REVISIONS[@]}"; do
  echo "== --requirements $rev"
  npx -y -p node@22 -p "$SUITE" -- conformance server --url "$url" --requirements "$rev" -o "$out/$rev" >"$out/$rev.txt" 2>&1 || status=1
  tail -60 "$out/$rev.txt"
done
exit $status
