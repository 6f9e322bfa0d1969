#!/usr/bin/env bash
# Every test of the project: lint, types, unit/component/server suites (PGlite and PostgreSQL),
# the production build, the browser suite against the real server, and the reliability suite.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ ! -x /usr/bin/chromium ]; then
  echo "Installing Chromium for the browser tests..."
  if [ "$(id -u)" = 0 ]; then
    apt-get update -qq && apt-get install -y -qq chromium >/dev/null
  else
    sudo apt-get update -qq && sudo apt-get install -y -qq chromium >/dev/null
  fi
fi

mkdir -p .tmp/test-reports
echo "== lint"; npm run --silent lint
echo "== typecheck"; npm run --silent typecheck
echo "== unit, component and server tests"
npx vitest run --reporter=default --reporter=json --outputFile=.tmp/test-reports/vitest.json
echo "== build"; npm run --silent build && npm run --silent build:server
echo "== JavaScript budget of the first load"; node scripts/check-js-budget.mjs
echo "== browser tests"; npx playwright test
echo "== hot reload in the dev server"; npx tsx scripts/check-hot-reload.ts
echo "== reliability: kill -9 and SIGTERM of the real server"; npm run --silent test:reliability

node scripts/test-summary.mjs
