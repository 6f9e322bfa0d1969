// Prints one closing line over both runners' JSON reports: "Tests: N passed, N failed".
import { readFileSync } from 'node:fs';

const vitest = JSON.parse(readFileSync('.tmp/test-reports/vitest.json', 'utf8'));
const e2e = JSON.parse(readFileSync('.tmp/test-reports/e2e.json', 'utf8'));
const passed = vitest.numPassedTests + (e2e.stats.expected ?? 0) + (e2e.stats.flaky ?? 0);
const failed = vitest.numFailedTests + (e2e.stats.unexpected ?? 0);
console.log(`Tests: ${passed} passed, ${failed} failed`);
// The closing line decides too: a failed test fails the run even if a runner exited 0.
if (failed > 0) process.exitCode = 1;
