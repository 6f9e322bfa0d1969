/**
 * A client test that logs an error or a warning fails (as in the Epic Stack): React, the router
 * and the query client report real problems there. A test that expects such a log says so with
 * `allowConsole`. The console is replaced by a recorder rather than a spy, so a test's own
 * `vi.restoreAllMocks()` cannot turn the guard off.
 */
type Level = 'error' | 'warn';

const LEVELS: Level[] = ['error', 'warn'];
const original = { error: console.error, warn: console.warn };
const logged: { level: Level; args: unknown[] }[] = [];
const allowed = new Set<Level>();

export function watchConsole(): void {
  logged.length = 0;
  allowed.clear();
  for (const level of LEVELS) {
    console[level] = (...args: unknown[]) => {
      logged.push({ level, args });
    };
  }
}

export function failOnConsole(): void {
  for (const level of LEVELS) console[level] = original[level];
  const unexpected = logged
    .filter((entry) => !allowed.has(entry.level))
    .map((entry) => `console.${entry.level}: ${entry.args.map(String).join(' ')}`);
  logged.length = 0;
  if (unexpected.length > 0) {
    throw new Error(
      `The test logged what it did not expect; fix the cause, or call allowConsole() in a test that expects it:\n${unexpected.join('\n')}`,
    );
  }
}

/** Lets the running test log at `level` without failing. */
export function allowConsole(level: Level): void {
  allowed.add(level);
}

/** What the running test has logged at `level`, one argument list per call. */
export function consoleCalls(level: Level): unknown[][] {
  return logged.filter((entry) => entry.level === level).map((entry) => entry.args);
}
