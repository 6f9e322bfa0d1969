// `npm run db:migrate`: applies pending migrations and the reference data, then exits.
import { loadEnv } from '../env.ts';
import { openDatabase } from './open-database.ts';
import { seedReferenceData } from './reference-data.ts';

try {
  const env = loadEnv();
  const handle = await openDatabase(env);
  try {
    await handle.withExclusiveLock(async () => {
      await handle.migrate();
      await seedReferenceData(handle.db);
    });
    console.log('Migrations applied.');
  } finally {
    await handle.close();
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
