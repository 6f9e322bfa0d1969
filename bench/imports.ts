// Uploaded domain lists, in one run: reading 100,000 rows in the browser's imports worker (time
// and the main thread's longest task), then importing 100,000 rows on PGlite and PostgreSQL with
// the catalogue's p95 idle and during the import.
import { runImportsServerBench } from './imports-server.ts';
import { runImportsWorkerBench } from './imports-worker.ts';

export async function runImportsBench(): Promise<void> {
  await runImportsWorkerBench();
  await runImportsServerBench();
}
