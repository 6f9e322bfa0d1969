// `npm run db:migrate`, the release step (decision 200; built as dist-server/migrate.mjs, which the
// image runs): applies pending migrations and the reference data, then exits. Web and worker
// processes of the new release start after it, with MIGRATE_ON_START=false.
import { loadEnv } from '../env.ts';
import { openDatabase } from './open-database.ts';
import { seedReferenceData } from './reference-data.ts';

try {
  const env = loadEnv();
  const handle = await openDatabase(env);
  try {
    await handle.withExclusiveLock(async () => {
      await handle.migrate({ log: (message) => console.log(message) });
      await handle.db.transaction((tx) => seedReferenceData(tx));
    });
    console.log('Migrations applied.');
  } finally {
    await handle.close();
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
