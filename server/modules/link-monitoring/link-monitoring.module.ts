// Monitoring of live links (decision 140): its settings, the monitor and its own worker, the
// buyer's lists and remedies, and the demo's article pages and breakages.
import { provide, serve, type ServerModule } from '#server/composition.ts';
import { DEFAULT_ENV, type Env } from '#server/env.ts';
import type { JobHandler, JobRunner } from '#server/jobs/job-runner.ts';
import type { Metrics } from '#server/metrics/metrics.ts';

import { demoLinkRoutes, withDemoBreakages } from './demo-pages.ts';
import type { LinkChecker } from './link-check-types.ts';
import { linkMonitoringRoutes } from './link-monitoring.routes.ts';
import {
  createDemoLinks,
  createLinkChecker,
  createLinkMonitor,
  createLinkMonitoringService,
  createLinkMonitorJob,
  type DemoLinks,
  LINK_MONITOR_JOB,
  type LinkMonitor,
  type LinkMonitoringService,
  linkMonitorSchedule,
  monitorPace,
  registerDemoArticlePages,
} from './link-monitoring.service.ts';

declare module '#server/composition.ts' {
  interface Services {
    /** DEFAULT_ENV's LINK_* settings with the app's own (a demo asks for its pace and loopback). */
    linkSettings: Env['linkMonitoring'];
    linkMonitor: LinkMonitor;
    links: LinkMonitoringService;
    demoLinks: DemoLinks;
    /** The demo publisher's job, breaking a link now and then in a demo (decision 145). */
    demoBreakages: (job: JobHandler) => JobHandler;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The link monitor's own worker (decision 140): start() to check due links every minute. */
    linkMonitor: JobRunner;
  }
}

/** The checker, each check's outcome counted for the metrics. */
const countOutcomes = (checker: LinkChecker, metrics: Metrics): LinkChecker => ({
  check: async (input) => {
    const result = await checker.check(input);
    metrics.linkChecked(result.outcome);
    return result;
  },
});

const paceOf = (
  linkSettings: Env['linkMonitoring'],
  options: { linkMonitoring?: { demoPaceSeconds?: number } },
) =>
  monitorPace({
    intervalHours: linkSettings.intervalHours,
    demoPaceSeconds: options.linkMonitoring?.demoPaceSeconds ?? 0,
  });

export const linkMonitoringModule: ServerModule = {
  name: 'link-monitoring',
  services: {
    linkSettings: provide(['options'], ({ options }) => ({
      ...DEFAULT_ENV.linkMonitoring,
      ...options.linkMonitoring,
    })),
    linkMonitor: provide(
      ['db', 'now', 'mail', 'log', 'options', 'linkSettings', 'metrics'],
      ({ db, now, mail, log, options, linkSettings, metrics }) => {
        const selfAddress = options.linkMonitoring?.selfAddress;
        const checker =
          options.linkChecker ??
          createLinkChecker({
            userAgent: `BuyerPortalLinkMonitor/1.0 (+${options.publicUrl.replace(/\/$/, '')}/link-monitoring)`,
            allowLoopback: options.linkMonitoring?.allowLoopback ?? false,
            // A demo never leaves the machine: every publisher is the portal's own demo (decision 145).
            route: options.demo && selfAddress ? () => selfAddress : undefined,
          });
        return createLinkMonitor({
          db,
          now,
          checker: countOutcomes(checker, metrics),
          pace: paceOf(linkSettings, options),
          concurrency: linkSettings.concurrency,
          guaranteeMonths: linkSettings.guaranteeMonths,
          mail,
          publicUrl: options.publicUrl,
          repairsDemoPages: Boolean(options.demo),
          log,
        });
      },
    ),
    links: provide(
      ['db', 'now', 'linkMonitor', 'lifeCycle', 'documents', 'linkSettings'],
      ({ db, now, linkMonitor, lifeCycle, documents, linkSettings }) =>
        createLinkMonitoringService({
          db,
          now,
          monitor: linkMonitor,
          lifeCycle,
          documents,
          guaranteeMonths: linkSettings.guaranteeMonths,
          isEnabled: linkSettings.isEnabled,
        }),
    ),
    demoLinks: provide(['db', 'now'], ({ db, now }) => createDemoLinks({ db, now })),
    demoBreakages: provide(
      ['options', 'linkSettings', 'demoLinks'],
      ({ options, linkSettings, demoLinks }) =>
        (job) => {
          if (!options.demo || !linkSettings.isEnabled) return job;
          const pace = options.demo.advanceSeconds;
          return withDemoBreakages(job, demoLinks, Math.max(1, pace / 4));
        },
    ),
  },
  jobs: {
    [LINK_MONITOR_JOB]: {
      worker: 'linkMonitor',
      handler: provide(['linkMonitor'], ({ linkMonitor }) => createLinkMonitorJob(linkMonitor)),
      schedule: provide(['options', 'linkSettings'], ({ options, linkSettings }) =>
        linkSettings.isEnabled
          ? linkMonitorSchedule(paceOf(linkSettings, options).runEveryMs)
          : null,
      ),
    },
  },
  // Before the routes: a demo publisher's hostname is answered before any route (decision 145).
  setup: provide(['db', 'options', 'linkSettings'], ({ db, options, linkSettings }) => (app) => {
    if (options.demo && linkSettings.isEnabled) {
      registerDemoArticlePages(app, { db, publicUrl: options.publicUrl });
    }
  }),
  routes: [
    serve(
      'buyer',
      linkMonitoringRoutes,
      provide(['links'], ({ links }) => ({ links })),
    ),
    serve(
      'demo',
      demoLinkRoutes,
      provide(['demoLinks', 'options'], ({ demoLinks, options }) => ({
        links: demoLinks,
        jwtSecret: options.jwtSecret,
      })),
    ),
  ],
};
