#!/usr/bin/env bash
# `npm run conformance`: the MCP conformance suite (@modelcontextprotocol/conformance 0.1.16, which needs Node 22:
# npm serves Node 22 as a package, so npx runs it without touching the machine's Node) against /mcp of a real
# server on loopback. The suite sends no Authorization header, so this server runs with MCP_AUTH=none on a
# throwaway state database. Scenarios: those that apply to a real server (stack.md).
set -euo pipefail
cd "$(dirname "$0")/.."
SCENARIOS=(server-initialize ping tools-list logging-set-level dns-rebinding-protection)
state=$(mktemp -d)
port_file="$state/port"
MCP_AUTH=none PORT=0 HOST=127.0.0.1 STATE_DB="$state/state.db" LOG_LEVEL=warn \
  node --import tsx src/main.ts 2>"$state/server.log" &
server=$!
trap 'kill $server 2>/dev/null || true; rm -rf "$state"' EXIT
for _ in $(seq 1 600); do
  port=$(grep -o 'listening on http://127.0.0.1:[0-9]*' "$state/server.log" 2>/dev/null | grep -o '[0-9]*$' || true)
  [ -n "$port" ] && break
  kill -0 $server 2>/dev/null || { cat "$state/server.log"; exit 1; }
  sleep 0.5
done
[ -n "${port:-}" ] || { echo "server did not start"; cat "$state/server.log"; exit 1; }
url="http://127.0.0.1:$port/mcp"
echo "conformance against $url"
passed=0; failed=0
for s in "${SCENARIOS[@]}"; do
  if npx -y -p node@22 -p @modelcontextprotocol/conformance@0.1.16 -- conformance server --url "$url" --scenario "$s" >"$state/$s.out" 2>&1; then
    passed=$((passed+1)); echo "PASS $s"
  else
    failed=$((failed+1)); echo "FAIL $s"; tail -40 "$state/$s.out"
  fi
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
