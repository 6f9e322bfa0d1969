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
# Each step is timed, and the times are printed at the end, so a slower run says where it lost time.
timings=""
step() {
  local title="$1"
  shift
  echo "== $title"
  local started=$SECONDS
  "$@"
  timings+="$(printf '%6d s  %s' $((SECONDS - started)) "$title")"$'\n'
}
# Both at once: each keeps one core busy (ESLint and tsc are single-threaded). Each one's output is
# printed whole when it ends; the run fails when either fails.
both() {
  local failed=0
  npm run --silent lint >.tmp/lint.log 2>&1 &
  local lint=$!
  npm run --silent typecheck >.tmp/typecheck.log 2>&1 &
  local typecheck=$!
  wait $lint || failed=1
  echo "-- lint" && cat .tmp/lint.log
  wait $typecheck || failed=1
  echo "-- typecheck" && cat .tmp/typecheck.log
  return $failed
}
step "lint and typecheck" both
step "unit, component and server tests" \
  npx vitest run --reporter=default --reporter=json --outputFile=.tmp/test-reports/vitest.json
# The web app and the server module, as the image builds them (the production-start test uses both).
build() { npm run --silent build && npm run --silent build:server; }
step "build" build
step "JavaScript budget of the first load" node scripts/check-js-budget.mjs
step "browser tests" npx playwright test
step "hot reload in the dev server" npx tsx scripts/check-hot-reload.ts
step "reliability: kill -9, SIGTERM, two processes, the production start" npm run --silent test:reliability

printf '\nTime per step:\n%s' "$timings"
node scripts/test-summary.mjs
