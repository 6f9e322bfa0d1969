// What this process is: the package's version and the commit it was built from, reported by the
// health routes and written on every log line, so an operator can tell which build answers.
// The commit comes from APP_COMMIT (the image sets it from a build argument); "unknown" otherwise.
import packageJson from '../package.json' with { type: 'json' };

export interface BuildInfo {
  version: string;
  commit: string;
}

export function buildInfo(appCommit: string | undefined): BuildInfo {
  return { version: packageJson.version, commit: appCommit ?? 'unknown' };
}
