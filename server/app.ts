// The application factory: builds the Fastify instance with the shared plugins and composes the
// server modules (decision 189). The process entry (index.ts) and the tests both create the app
// through it. What each module offers, handles and serves is its own `<name>.module.ts`.
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';

import { installSchemaMessages } from '#contract/schema-messages.ts';

import type { AppOptions } from './app-options.ts';
import { systemClock } from './clock.ts';
import { composeServices, registerModules, type ServerModule } from './composition.ts';
import { registerIdempotency } from './http/idempotency.ts';
import { registerMemberAccess } from './http/member-access.ts';
import { validatorCompiler } from './http/validation.ts';
import type { JobRunner } from './jobs/job-runner.ts';
import { readQueueDepths } from './jobs/queue-depth.ts';
import { createScheduler, type Scheduler } from './jobs/schedules.ts';
import { createMailQueue, MAIL_JOB } from './mail/mail-queue.ts';
import { mailPayloadKey } from './mail/mail-secrets.ts';
import { createMetrics, type Metrics } from './metrics/metrics.ts';
import { registerRequestMetrics } from './metrics/request-metrics.ts';
import { accountSettingsModule } from './modules/account-settings/account-settings.module.ts';
import { authModule } from './modules/auth/auth.module.ts';
import { avatarsModule } from './modules/avatars/avatars.module.ts';
import { billingModule } from './modules/billing/billing.module.ts';
import { cartModule } from './modules/cart/cart.module.ts';
import { checkoutModule } from './modules/checkout/checkout.module.ts';
import { companiesModule } from './modules/companies/companies.module.ts';
import { contentGuidelinesModule } from './modules/content-guidelines/content-guidelines.module.ts';
import { conversationsModule } from './modules/conversations/conversations.module.ts';
import { demoPublisherModule } from './modules/demo-publisher/demo-publisher.module.ts';
import { domainsModule } from './modules/domains/domains.module.ts';
import { exportsModule } from './modules/exports/exports.module.ts';
import { favoritesModule } from './modules/favorites/favorites.module.ts';
import { filesModule } from './modules/files/files.module.ts';
import { healthModule } from './modules/health/health.module.ts';
import { importsModule } from './modules/imports/imports.module.ts';
import { linkMonitoringModule } from './modules/link-monitoring/link-monitoring.module.ts';
import { membersModule } from './modules/members/members.module.ts';
import { notificationsModule } from './modules/notifications/notifications.module.ts';
import { orderItemsModule } from './modules/order-items/order-items.module.ts';
import { ordersModule } from './modules/orders/orders.module.ts';
import { profileModule } from './modules/profile/profile.module.ts';
import { publicAuthModule } from './modules/public-auth/public-auth.module.ts';
import { purchaseRequestsModule } from './modules/purchase-requests/purchase-requests.module.ts';
import { referenceDataModule } from './modules/reference-data/reference-data.module.ts';
import { savedViewsModule } from './modules/saved-views/saved-views.module.ts';
import { sitesModule } from './modules/sites/sites.module.ts';
import { strategyRequestsModule } from './modules/strategy-requests/strategy-requests.module.ts';
import { requireRole } from './plugins/auth.ts';
import { registerPlugins } from './plugins/index.ts';
import { serverOptions } from './plugins/server-options.ts';
import { registerSpa } from './plugins/spa.ts';
import { measureFileStore } from './storage/measured-file-store.ts';

export type { AppOptions } from './app-options.ts';

/** The modules, in the order their routes are listed within a scope (and in the API documents). */
export const SERVER_MODULES: readonly ServerModule[] = [
  healthModule,
  publicAuthModule,
  profileModule,
  accountSettingsModule,
  authModule,
  referenceDataModule,
  filesModule,
  companiesModule,
  membersModule,
  notificationsModule,
  domainsModule,
  contentGuidelinesModule,
  strategyRequestsModule,
  importsModule,
  sitesModule,
  favoritesModule,
  savedViewsModule,
  exportsModule,
  cartModule,
  checkoutModule,
  purchaseRequestsModule,
  ordersModule,
  orderItemsModule,
  conversationsModule,
  linkMonitoringModule,
  avatarsModule,
  billingModule,
  demoPublisherModule,
];

declare module 'fastify' {
  interface FastifyInstance {
    /** The job queue's worker: start() to poll, runNext() to run one job now. */
    jobs: JobRunner;
    /** The mail queue's own worker: start() to send queued mail, runNext() to send one now. */
    mail: JobRunner;
    /** Queues the recurring kinds this process works, once per slot: tick() to look now. */
    schedules: Scheduler;
    /**
     * The workers and the schedules of the kinds this process works (WORKERS, decision 195):
     * start() once the app listens; stop() waits for the running jobs.
     */
    background: { start(): void; stop(): Promise<void> };
    /** The app's metrics and their registry, served on METRICS_PORT (decision 201). */
    metrics: Metrics;
  }
}

export async function createApp(options: AppOptions): Promise<FastifyInstance> {
  installSchemaMessages();
  const app = Fastify(serverOptions(options));
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const log = (message: string, error?: unknown) => app.log.error({ err: error }, message);
  const metrics = createMetrics({ processMetrics: options.processMetrics, log });
  app.decorate('metrics', metrics);
  registerRequestMetrics(app, metrics);
  await registerPlugins(app, options);
  const { db } = options;
  const now = options.now ?? systemClock;
  registerIdempotency(app, { db, now });
  registerMemberAccess(app, { db });
  const mail = createMailQueue({
    db,
    now,
    transport: options.mailer,
    payloadKey: mailPayloadKey(options.jwtSecret),
    log,
    pollIntervalMs: options.jobPollIntervalMs,
    metrics,
  });
  const roles = options.workers ?? 'all';
  const { services, workers, sharedKinds, schedules, works } = composeServices(
    {
      db,
      now,
      options,
      logger: app.log,
      log,
      mail: mail.queue,
      files: measureFileStore(options.files, metrics),
      metrics,
    },
    SERVER_MODULES,
    { pollIntervalMs: options.jobPollIntervalMs, roles },
  );
  const runners: [keyof FastifyInstance, JobRunner, readonly string[]][] = [
    ['jobs', services.jobs, sharedKinds],
    ['mail', mail.worker, [MAIL_JOB]],
    ...[...workers].map(
      ([name, { runner, kind }]) =>
        [name, runner, [kind]] as [keyof FastifyInstance, JobRunner, string[]],
    ),
  ];
  metrics.readQueue(
    () => readQueueDepths(db, now),
    runners.flatMap(([, , kinds]) => kinds),
  );
  if (options.databasePool)
    metrics.readPool(options.databasePool.driver, options.databasePool.counts);
  const scheduler = createScheduler({
    db,
    now,
    schedules: schedules.filter(({ kind }) => works(kind)),
    tickMs: options.jobPollIntervalMs,
    log,
  });
  // A process with WORKERS=all runs the shared runner even without kinds: it fails unknown ones.
  const working = runners.filter(
    ([name, , kinds]) => (name === 'jobs' && roles === 'all') || kinds.some(works),
  );
  const background = {
    start: () => {
      for (const [, runner] of working) runner.start();
      scheduler.start();
    },
    stop: async () => {
      await Promise.all([scheduler.stop(), ...runners.map(([, runner]) => runner.stop())]);
    },
  };
  for (const [name, runner] of runners) app.decorate(name, runner);
  app.decorate('schedules', scheduler);
  app.decorate('background', background);
  app.addHook('onClose', () => background.stop());
  await registerModules(app, SERVER_MODULES, services, {
    signedIn: requireRole(services.tokens, 'ROLE_BUYER'),
    demo: Boolean(options.demo),
  });
  await registerSpa(app, options.staticDir ?? null);
  return app;
}
