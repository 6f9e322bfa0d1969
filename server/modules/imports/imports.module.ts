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
    imports: provide(['db', 'jobs', 'files'], ({ db, jobs, files }) =>
      createImportsService({ db, jobs, files }),
    ),
  },
  jobs: {
    [LIST_IMPORT_JOB]: {
      handler: provide(['db', 'now', 'files'], ({ db, now, files }) =>
        createListImportJob({ db, files, now }),
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
