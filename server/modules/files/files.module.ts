// Stored files, multipart forms and the PDF documents: what the module offers and serves.
import multipart from '@fastify/multipart';

import { provide, serve, type ServerModule } from '#server/composition.ts';
import { DEFAULT_ENV } from '#server/env.ts';
import { createJobRunner } from '#server/jobs/job-runner.ts';
import { dailyAtUtc, every } from '#server/jobs/schedules.ts';

import { createReprintDocumentsJob, REPRINT_DOCUMENTS_JOB } from './document-reprints.ts';
import {
  createDocumentQueue,
  createDocumentWriter,
  createRenderDocumentJob,
  type DocumentWriter,
  RENDER_DOCUMENT_JOB,
} from './documents.ts';
import {
  createFileDeleteJob,
  createFileOrphanSweepJob,
  FILE_DELETE_JOB,
  FILE_ORPHAN_SWEEP_JOB,
} from './file-jobs.ts';
import { filePreviewRoutes, filesRoutes } from './files.routes.ts';
import { MULTIPART_COUNT_LIMIT } from './multipart.ts';

declare module '#server/composition.ts' {
  interface Services {
    /**
     * Issues invoices and credit notes as PDF files (decisions 043 and 196): queues their
     * printing in the issuing transaction.
     */
    documents: DocumentWriter;
  }
}

/** Objects without a row are looked for once a day, at a quiet hour. */
const ORPHAN_SWEEP_SCHEDULE = dailyAtUtc(3, 30);

/** Documents still without their PDF are queued for printing again every quarter of an hour. */
const REPRINT_SCHEDULE = every(15 * 60_000);

const fileRouteOptions = provide(
  ['db', 'now', 'options', 'files'],
  ({ db, now, options, files }) => ({
    db,
    files,
    jwtSecret: options.jwtSecret,
    now,
  }),
);

export const filesModule: ServerModule = {
  name: 'files',
  services: {
    // The jobs are added through a runner that is never started and claims nothing: the app's
    // job worker (`jobs`) runs them, but cannot add them here, since its handlers (the monthly
    // bills) need this service.
    documents: provide(['db', 'now'], ({ db, now }) =>
      createDocumentQueue(createJobRunner({ db, now, handlers: {} }).enqueue),
    ),
  },
  jobs: {
    [RENDER_DOCUMENT_JOB]: {
      handler: provide(['db', 'options', 'files'], ({ db, options, files }) =>
        createRenderDocumentJob({
          db,
          writer: createDocumentWriter({
            files,
            seller: options.documentSeller ?? DEFAULT_ENV.documentSeller,
          }),
        }),
      ),
    },
    [REPRINT_DOCUMENTS_JOB]: {
      handler: provide(['db', 'now', 'documents'], ({ db, now, documents }) =>
        createReprintDocumentsJob({ db, now, documents }),
      ),
      schedule: provide([], () => REPRINT_SCHEDULE),
    },
    [FILE_DELETE_JOB]: { handler: provide(['files'], ({ files }) => createFileDeleteJob(files)) },
    [FILE_ORPHAN_SWEEP_JOB]: {
      handler: provide(['db', 'files', 'now'], ({ db, files, now }) =>
        createFileOrphanSweepJob({ db, store: files, now }),
      ),
      schedule: provide([], () => ORPHAN_SWEEP_SCHEDULE),
    },
  },
  // Uploads are read part by part (multipart.ts), which enforces the spec's limit; the parser's
  // own limit is higher so that the size of a too large file can be named.
  setup: provide([], () => async (app) => {
    await app.register(multipart, {
      limits: { fileSize: MULTIPART_COUNT_LIMIT, files: 1, fields: 10, fieldSize: 64 * 1024 },
    });
  }),
  routes: [
    serve('signedIn', filesRoutes, fileRouteOptions),
    serve('v1', filePreviewRoutes, fileRouteOptions),
  ],
};
