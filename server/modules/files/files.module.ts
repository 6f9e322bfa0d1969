// Stored files, multipart forms and the PDF documents: what the module offers and serves.
import multipart from '@fastify/multipart';

import { provide, serve, type ServerModule } from '#server/composition.ts';
import { DEFAULT_ENV } from '#server/env.ts';
import { createJobRunner } from '#server/jobs/job-runner.ts';

import {
  createDocumentQueue,
  createDocumentWriter,
  createRenderDocumentJob,
  type DocumentWriter,
  RENDER_DOCUMENT_JOB,
} from './documents.ts';
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

const fileRouteOptions = provide(['db', 'now', 'options'], ({ db, now, options }) => ({
  db,
  dataDir: options.dataDir,
  jwtSecret: options.jwtSecret,
  now,
}));

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
      handler: provide(['db', 'options'], ({ db, options }) =>
        createRenderDocumentJob({
          db,
          writer: createDocumentWriter({
            dataDir: options.dataDir,
            seller: options.documentSeller ?? DEFAULT_ENV.documentSeller,
          }),
        }),
      ),
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
