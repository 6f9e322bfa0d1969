// `npm run db:seed`: creates the demo data in an empty database (after migrating it). Refused in
// production, where demo users with a published password must never exist.
import { loadEnv } from '#server/env.ts';
import { openFileStore } from '#server/storage/open-file-store.ts';

import { openDatabase } from '../open-database.ts';
import { prepareDatabase } from '../prepare.ts';
import { isDemoSeedNeeded } from './demo-data.ts';

try {
  const env = loadEnv();
  if (env.nodeEnv === 'production')
    throw new Error('Demo data is never created when NODE_ENV=production.');
  const handle = await openDatabase(env);
  try {
    await handle.withExclusiveLock(() => handle.migrate());
    if (await isDemoSeedNeeded(handle.db)) {
      await prepareDatabase(handle, {
        demoData: true,
        seedSites: env.seedSites,
        log: console.log,
        documents: { files: await openFileStore(env), seller: env.documentSeller },
      });
    } else {
      console.log(
        'The database already has users or sites; demo data is only created in an empty database.',
      );
    }
  } finally {
    await handle.close();
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
