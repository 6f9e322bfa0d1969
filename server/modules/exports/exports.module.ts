// Exports of the catalogue and their job: what the module offers, handles and serves.
import { provide, serve, type ServerModule } from '#server/composition.ts';
import { timeJob } from '#server/metrics/metrics.ts';

import { exportsRoutes } from './exports.routes.ts';
import { createExportsService, type ExportsService } from './exports.service.ts';
import { createSiteExportJob, SITE_EXPORT_JOB } from './site-export.job.ts';

declare module '#server/composition.ts' {
  interface Services {
    exports: ExportsService;
  }
}

export const exportsModule: ServerModule = {
  name: 'exports',
  services: {
    exports: provide(['db', 'sites', 'jobs', 'now'], ({ db, sites, jobs, now }) =>
      createExportsService({ db, sites, jobs, now }),
    ),
  },
  jobs: {
    [SITE_EXPORT_JOB]: {
      handler: provide(
        ['db', 'sites', 'now', 'files', 'metrics'],
        ({ db, sites, now, files, metrics }) =>
          timeJob(createSiteExportJob({ db, sites, now, files }), metrics.exported),
      ),
    },
  },
  routes: [
    serve(
      'buyer',
      exportsRoutes,
      provide(['exports'], ({ exports }) => ({ exports })),
    ),
  ],
};
