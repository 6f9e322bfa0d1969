// Uploaded domain and competitor lists and their import job: what the module offers, handles
// and serves.
import { provide, serve, type ServerModule } from '#server/composition.ts';

import { importsRoutes, importStatusRoutes } from './imports.routes.ts';
import { createImportsService, type ImportsService } from './imports.service.ts';
import { createListImportJob, LIST_IMPORT_JOB } from './list-import.job.ts';

declare module '#server/composition.ts' {
  interface Services {
    imports: ImportsService;
  }
}

export const importsModule: ServerModule = {
  name: 'imports',
  services: {
    imports: provide(['db', 'jobs', 'options'], ({ db, jobs, options }) =>
      createImportsService({ db, jobs, dataDir: options.dataDir }),
    ),
  },
  jobs: {
    [LIST_IMPORT_JOB]: {
      handler: provide(['db', 'now', 'options'], ({ db, now, options }) =>
        createListImportJob({ db, dataDir: options.dataDir, now }),
      ),
    },
  },
  routes: [
    serve(
      'buyer',
      importsRoutes,
      provide(['imports'], ({ imports }) => ({ imports })),
    ),
    serve(
      'signedIn',
      importStatusRoutes,
      provide(['imports'], ({ imports }) => ({ imports })),
    ),
  ],
};
