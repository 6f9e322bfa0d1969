// The demo publisher (decision 041): it moves paid items through the publisher's steps in a demo
// installation, paced by DEMO_ADVANCE_SECONDS, and answers the demo control route.
import { provide, serve, type ServerModule } from '#server/composition.ts';

import { demoRoutes } from './demo.routes.ts';
import {
  createDemoPublisher,
  createDemoPublisherJob,
  DEMO_PUBLISHER_JOB,
  type DemoPublisher,
  demoPublisherSchedule,
} from './demo-publisher.ts';

declare module '#server/composition.ts' {
  interface Services {
    publisher: DemoPublisher;
  }
}

export const demoPublisherModule: ServerModule = {
  name: 'demo-publisher',
  services: {
    publisher: provide(
      ['db', 'now', 'lifeCycle', 'conversations'],
      ({ db, now, lifeCycle, conversations }) =>
        createDemoPublisher({ db, now, lifeCycle, conversations }),
    ),
  },
  jobs: {
    [DEMO_PUBLISHER_JOB]: {
      handler: provide(
        ['publisher', 'options', 'demoBreakages'],
        ({ publisher, options, demoBreakages }) =>
          demoBreakages(createDemoPublisherJob(publisher, options.demo?.advanceSeconds ?? 0)),
      ),
      schedule: provide(['options'], ({ options }) =>
        demoPublisherSchedule(options.demo?.advanceSeconds ?? 0),
      ),
    },
  },
  routes: [
    serve(
      'demo',
      demoRoutes,
      provide(['publisher', 'options'], ({ publisher, options }) => ({
        publisher,
        jwtSecret: options.jwtSecret,
      })),
    ),
  ],
};
