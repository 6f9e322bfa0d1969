// The content guidelines form and its file: what the module offers and serves.
import { provide, serve, type ServerModule } from '#server/composition.ts';

import { contentGuidelinesRoutes } from './content-guidelines.routes.ts';
import {
  type ContentGuidelinesService,
  createContentGuidelinesService,
} from './content-guidelines.service.ts';

declare module '#server/composition.ts' {
  interface Services {
    contentGuidelines: ContentGuidelinesService;
  }
}

export const contentGuidelinesModule: ServerModule = {
  name: 'content-guidelines',
  services: {
    contentGuidelines: provide(['db', 'now', 'files'], ({ db, now, files }) =>
      createContentGuidelinesService({ db, now, files }),
    ),
  },
  routes: [
    serve(
      'buyer',
      contentGuidelinesRoutes,
      provide(['contentGuidelines'], ({ contentGuidelines }) => ({
        guidelines: contentGuidelines,
      })),
    ),
  ],
};
