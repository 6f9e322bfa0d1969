// The application factory: builds the Fastify instance with every plugin and route. The process
// entry (index.ts) and the tests both create the app through it.
import { randomUUID } from 'node:crypto';
import multipart from '@fastify/multipart';
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { MULTIPART_COUNT_LIMIT } from './modules/files/multipart.ts';
import { parseRequestQuery } from './http/query-string.ts';
import { installSchemaMessages } from '#contract/schema-messages.ts';
import type { VatSeller } from '#contract/vat.ts';
import { systemClock, type Clock } from './clock.ts';
import type { Database } from './db/database.ts';
import { registerIdempotency } from './http/idempotency.ts';
import { DEFAULT_ENV, type Env } from './env.ts';
import { validatorCompiler } from './http/validation.ts';
import { createJobRunner, type JobHandler, type JobRunner } from './jobs/job-runner.ts';
import { createMailQueue, MAIL_JOB } from './mail/mail-queue.ts';
import { mailPayloadKey } from './mail/mail-secrets.ts';
import type { Mailer } from './mail/mailer.ts';
import { createAccessTokens } from './modules/auth/access-tokens.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { cartRoutes } from './modules/cart/cart.routes.ts';
import { createCartService } from './modules/cart/cart.service.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import { sessionsRoutes } from './modules/auth/sessions.routes.ts';
import { createSessionsService } from './modules/auth/sessions.service.ts';
import {
  createLoginThrottle,
  DEFAULT_LOGIN_LIMITS,
  type LoginLimits,
} from './modules/auth/login-throttle.ts';
import { domainsRoutes } from './modules/domains/domains.routes.ts';
import { createDomainsService } from './modules/domains/domains.service.ts';
import { favoritesRoutes } from './modules/favorites/favorites.routes.ts';
import { createFavoritesService } from './modules/favorites/favorites.service.ts';
import { exportsRoutes } from './modules/exports/exports.routes.ts';
import { createExportsService } from './modules/exports/exports.service.ts';
import { createSiteExportJob, SITE_EXPORT_JOB } from './modules/exports/site-export.job.ts';
import { filePreviewRoutes, filesRoutes } from './modules/files/files.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { importsRoutes, importStatusRoutes } from './modules/imports/imports.routes.ts';
import { createImportsService } from './modules/imports/imports.service.ts';
import { createListImportJob, LIST_IMPORT_JOB } from './modules/imports/list-import.job.ts';
import { createDocumentWriter, type DocumentSeller } from './modules/files/documents.ts';
import { storeFile } from './modules/files/file-store.ts';
import { readMultipartForm } from './modules/files/multipart.ts';
import {
  createMonthlyBillsJob,
  MONTHLY_BILLS_JOB,
  withMonthlyBills,
} from './modules/billing/monthly-bills.job.ts';
import { contentGuidelinesRoutes } from './modules/content-guidelines/content-guidelines.routes.ts';
import { createContentGuidelinesService } from './modules/content-guidelines/content-guidelines.service.ts';
import { checkoutRoutes } from './modules/checkout/checkout.routes.ts';
import { payeeOf } from './modules/billing/billing.service.ts';
import { createCheckoutService } from './modules/checkout/checkout.service.ts';
import {
  createDemoPublisher,
  createDemoPublisherJob,
  DEMO_PUBLISHER_JOB,
  withDemoPublisher,
} from './modules/demo-publisher/demo-publisher.ts';
import { demoRoutes } from './modules/demo-publisher/demo.routes.ts';
import { companiesRoutes } from './modules/companies/companies.routes.ts';
import { createCompaniesService } from './modules/companies/companies.service.ts';
import {
  createDemoCompanyReviewJob,
  DEMO_COMPANY_REVIEW_JOB,
  demoCompanyRoutes,
  withDemoCompanyReview,
} from './modules/companies/demo-company-reviewer.ts';
import { linkMonitoringRoutes } from './modules/link-monitoring/link-monitoring.routes.ts';
import {
  createDemoLinks,
  createLinkChecker,
  createLinkMonitor,
  createLinkMonitoringService,
  createLinkMonitorJob,
  LINK_MONITOR_JOB,
  monitorPace,
  registerDemoArticlePages,
  withLinkMonitor,
  type LinkChecker,
} from './modules/link-monitoring/link-monitoring.service.ts';
import { demoLinkRoutes, withDemoBreakages } from './modules/link-monitoring/demo-pages.ts';
import { orderItemsRoutes } from './modules/order-items/order-items.routes.ts';
import {
  createLifeCycleService,
  createOrderItemsService,
  createOrderNotifier,
} from './modules/order-items/order-items.service.ts';
import { ordersRoutes } from './modules/orders/orders.routes.ts';
import { createOrdersService } from './modules/orders/orders.service.ts';
import {
  accountSettingsRoutes,
  emailChangeConfirmationRoutes,
  passwordChangeRoutes,
} from './modules/account-settings/account-settings.routes.ts';
import { createAccountSettingsService } from './modules/account-settings/account-settings.service.ts';
import { avatarsRoutes } from './modules/avatars/avatars.routes.ts';
import { createAvatarsService } from './modules/avatars/avatars.service.ts';
import {
  createMissingDetailsJob,
  MISSING_DETAILS_JOB,
  withMissingDetailsReminders,
} from './modules/notifications/missing-details-reminder.job.ts';
import { notificationsRoutes } from './modules/notifications/notifications.routes.ts';
import { createNotificationsService } from './modules/notifications/notifications.service.ts';
import { createProfileService } from './modules/profile/profile.service.ts';
import { profileRoutes } from './modules/profile/profile.routes.ts';
import { publicAuthRoutes } from './modules/public-auth/public-auth.routes.ts';
import {
  createMailThrottle,
  DEFAULT_MAIL_REQUEST_LIMITS,
  type MailRequestLimits,
} from './modules/public-auth/mail-throttle.ts';
import { createPublicAuthService } from './modules/public-auth/public-auth.service.ts';
import { decoratePrincipal, requireRole } from './plugins/auth.ts';
import { registerErrorHandler } from './plugins/errors.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { registerOverloadGuard, type OverloadOptions } from './plugins/overload.ts';
import { registerResponseHeaders } from './plugins/response-headers.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerCompression } from './plugins/compression.ts';
import { answerClientError, answerFrameworkError } from './plugins/parser-errors.ts';
import { registerSpa } from './plugins/spa.ts';
import { flagRoutes } from './modules/reference-data/flags.routes.ts';
import { referenceDataRoutes } from './modules/reference-data/reference-data.routes.ts';
import { savedViewsRoutes } from './modules/saved-views/saved-views.routes.ts';
import { createSavedViewsService } from './modules/saved-views/saved-views.service.ts';
import { sitesRoutes } from './modules/sites/sites.routes.ts';
import { createSitesService } from './modules/sites/sites.service.ts';
import { strategyRequestsRoutes } from './modules/strategy-requests/strategy-requests.routes.ts';
import { createStrategyRequestsService } from './modules/strategy-requests/strategy-requests.service.ts';

export interface AppOptions {
  db: Database;
  /** Key of the HS256 access tokens. */
  jwtSecret: string;
  /** The transport the mail worker sends queued mail with. */
  mailer: Mailer;
  /** Origin of the web app, used in the links of mails. */
  publicUrl: string;
  /** Where stored files (exports) live, under `files/`. */
  dataDir: string;
  /** How often the job worker looks for work once started (server/index.ts starts it). */
  jobPollIntervalMs?: number;
  /** The built web app to serve; null or a missing directory serves no files. */
  staticDir?: string | null;
  accessTokenTtlSeconds?: number;
  /** Days a refresh token may lie unused before the session ends (REFRESH_TOKEN_IDLE_DAYS). */
  refreshTokenIdleDays?: number;
  now?: Clock;
  loginLimits?: Partial<LoginLimits>;
  /** Limits of registration and password-reset requests (tests lower them). */
  mailRequestLimits?: Partial<MailRequestLimits>;
  logger?: FastifyServerOptions['logger'];
  /** Serve the OpenAPI document and its UI at /api/docs (API_DOCS); off when not given. */
  apiDocs?: boolean;
  /**
   * Each request as one line at debug level instead of Fastify's two lines at info: the readable
   * log of a demo or development start (decision 067).
   */
  quietRequests?: boolean;
  /** Trust X-Forwarded-For (behind a load balancer) for the client address of login limits. */
  trustProxy?: boolean;
  /** The selling company's country and VAT rate (decision 030). */
  vat?: VatSeller;
  /** Receives the strategy requests of buyers without an account manager (decision 057). */
  salesEmail?: string;
  /** The seller printed on invoices and credit notes (decision 043). */
  documentSeller?: DocumentSeller;
  /**
   * A demo installation (decision 041): the demo publisher's control route is served, and with
   * `demoAdvanceSeconds` > 0 the demo publisher moves paid items one step after that many seconds.
   */
  demo?: { advanceSeconds: number } | null;
  /**
   * Refuse requests with 503 and Retry-After when the event loop lags or too many queries wait for
   * the database (decision 121); off when not given. The server process turns it on.
   */
  overload?: OverloadOptions;
  /**
   * Monitoring of live links (decision 140): DEFAULT_ENV's settings unless given, but at the
   * normal pace and without loopback unless asked (a demo asks for both).
   */
  linkMonitoring?: Partial<Env['linkMonitoring']> & {
    /** Where the demo's article pages are served: this process's own address and port. */
    selfAddress?: { address: string; port: number };
  };
  /** Checks live links; the tests give a scripted one. */
  linkChecker?: LinkChecker;
}

export async function createApp(options: AppOptions): Promise<FastifyInstance> {
  installSchemaMessages();
  const app = Fastify({
    logger: options.logger ?? false,
    logController: new LogController({ disableRequestLogging: options.quietRequests ?? false }),
    trustProxy: options.trustProxy ?? DEFAULT_ENV.trustProxy,
    // Each answer names its request (X-Request-Id, and the body of a 5xx); a caller may pass its
    // own well-formed id to follow a request across services.
    requestIdHeader: false,
    genReqId: (request) => acceptedRequestId(request.headers['x-request-id']) ?? randomUUID(),
    // Nested bracket syntax (`filter[price][min]=1`) arrives as nested objects.
    routerOptions: { querystringParser: parseRequestQuery },
    // Requests refused before any hook runs answer in the error format with the usual headers.
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
    // While shutting down, a request already read is answered as usual, with `Connection: close`
    // (server/shutdown.ts), rather than by Fastify's own 503 outside the error format.
    return503OnClosing: false,
  });
  if (options.quietRequests) {
    app.addHook('onResponse', async (request, reply) => {
      request.log.debug({ res: reply, responseTime: reply.elapsedTime }, 'request completed');
    });
  }
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  acceptEmptyJsonBodies(app);
  registerErrorHandler(app);
  decoratePrincipal(app);
  await registerSecurityHeaders(app);
  registerResponseHeaders(app);
  await registerCompression(app);
  if (options.overload) await registerOverloadGuard(app, options.overload);
  // The API documents are served only when asked for (API_DOCS): not in production by default.
  if (options.apiDocs) await registerOpenApi(app);
  registerIdempotency(app, { db: options.db, now: options.now ?? systemClock });
  const services = createServices(options, app);
  app.decorate('jobs', services.jobs);
  app.decorate('mail', services.mail);
  app.decorate('linkMonitor', services.linkJobs);
  app.addHook('onClose', () => services.jobs.stop());
  app.addHook('onClose', () => services.mail.stop());
  app.addHook('onClose', () => services.linkJobs.stop());
  if (options.demo && services.linkSettings.isEnabled) {
    // Before the routes: a demo publisher's hostname is answered before any route (decision 145).
    registerDemoArticlePages(app, { db: options.db, publicUrl: options.publicUrl });
  }
  await registerRoutes(app, services, options);
  await registerSpa(app, options.staticDir ?? null);
  return app;
}

type Services = ReturnType<typeof createServices>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The job queue's worker: start() to poll, runNext() to run one job now. */
    jobs: JobRunner;
    /** The mail queue's own worker: start() to send queued mail, runNext() to send one now. */
    mail: JobRunner;
    /** The link monitor's own worker (decision 140): start() to check due links every minute. */
    linkMonitor: JobRunner;
  }
}

function createServices(options: AppOptions, app: FastifyInstance) {
  const { db } = options;
  const now = options.now ?? systemClock;
  const idleDays = options.refreshTokenIdleDays ?? DEFAULT_ENV.refreshTokenIdleDays;
  const sessions = createSessionsService({ db, now, idleDays });
  const tokens = createAccessTokens({
    secret: options.jwtSecret,
    ttlSeconds: options.accessTokenTtlSeconds ?? DEFAULT_ENV.accessTokenTtlSeconds,
    now,
    isSessionActive: sessions.isActive,
  });
  const throttle = createLoginThrottle(db, now, {
    ...DEFAULT_LOGIN_LIMITS,
    ...options.loginLimits,
  });
  const sites = createSitesService({ db });
  const handlers: Record<string, JobHandler> = {};
  const log = (message: string, error?: unknown) => app.log.error({ err: error }, message);
  const runner = createJobRunner({
    db,
    handlers,
    now,
    pollIntervalMs: options.jobPollIntervalMs,
    kinds: { except: [MAIL_JOB, LINK_MONITOR_JOB] },
    log,
  });
  const mail = createMailQueue({
    db,
    now,
    transport: options.mailer,
    payloadKey: mailPayloadKey(options.jwtSecret),
    log,
    pollIntervalMs: options.jobPollIntervalMs,
  });
  const demoPace = options.demo?.advanceSeconds ?? 0;
  const jobs = withMissingDetailsReminders(
    withDemoCompanyReview(
      withDemoPublisher(withMonthlyBills(runner, undefined, log), demoPace, log),
      demoPace,
      log,
    ),
    undefined,
    log,
  );
  const notifier = createOrderNotifier({ mail: mail.queue, publicUrl: options.publicUrl });
  const documents = createDocumentWriter({
    dataDir: options.dataDir,
    seller: options.documentSeller ?? DEFAULT_ENV.documentSeller,
  });
  const linkSettings = { ...DEFAULT_ENV.linkMonitoring, ...options.linkMonitoring };
  const pace = monitorPace({
    intervalHours: linkSettings.intervalHours,
    demoPaceSeconds: options.linkMonitoring?.demoPaceSeconds ?? 0,
  });
  const selfAddress = options.linkMonitoring?.selfAddress;
  const linkChecker =
    options.linkChecker ??
    createLinkChecker({
      userAgent: `BuyerPortalLinkMonitor/1.0 (+${options.publicUrl.replace(/\/$/, '')}/link-monitoring)`,
      allowLoopback: options.linkMonitoring?.allowLoopback ?? false,
      // A demo never leaves the machine: every publisher is the portal's own demo (decision 145).
      route: options.demo && selfAddress ? () => selfAddress : undefined,
    });
  const linkMonitor = createLinkMonitor({
    db,
    now,
    checker: linkChecker,
    pace,
    concurrency: linkSettings.concurrency,
    guaranteeMonths: linkSettings.guaranteeMonths,
    mail: mail.queue,
    publicUrl: options.publicUrl,
    repairsDemoPages: Boolean(options.demo),
    log,
  });
  const linkRunner = createJobRunner({
    db,
    handlers: { [LINK_MONITOR_JOB]: createLinkMonitorJob(linkMonitor) },
    now,
    pollIntervalMs: options.jobPollIntervalMs,
    kinds: { only: [LINK_MONITOR_JOB] },
    log,
  });
  const linkJobs = linkSettings.isEnabled
    ? withLinkMonitor(linkRunner, pace.runEveryMs, log)
    : linkRunner;
  const lifeCycle = createLifeCycleService({
    db,
    now,
    notifier,
    documents,
    onItemsChanged: linkSettings.isEnabled ? linkMonitor.itemsChanged : undefined,
  });
  const publisher = createDemoPublisher({ db, now, lifeCycle });
  const demoLinks = createDemoLinks({ db, now });
  const payee = payeeOf(options.documentSeller ?? DEFAULT_ENV.documentSeller);
  const orders = createOrdersService({ db, payee });
  handlers[SITE_EXPORT_JOB] = createSiteExportJob({ db, sites, now, dataDir: options.dataDir });
  handlers[MONTHLY_BILLS_JOB] = createMonthlyBillsJob({ db, now, documents });
  handlers[DEMO_PUBLISHER_JOB] =
    options.demo && linkSettings.isEnabled
      ? withDemoBreakages(
          createDemoPublisherJob(publisher, demoPace),
          demoLinks,
          Math.max(1, demoPace / 4),
        )
      : createDemoPublisherJob(publisher, demoPace);
  const companies = createCompaniesService({ db, now });
  handlers[DEMO_COMPANY_REVIEW_JOB] = createDemoCompanyReviewJob(companies, demoPace);
  handlers[LIST_IMPORT_JOB] = createListImportJob({ db, dataDir: options.dataDir, now });
  handlers[MISSING_DETAILS_JOB] = createMissingDetailsJob({
    db,
    mail: mail.queue,
    now,
    publicUrl: options.publicUrl,
  });
  return {
    tokens,
    sessions,
    jobs,
    mail: mail.worker,
    auth: createAuthService({
      db,
      tokens,
      throttle,
      now,
      idleDays,
      securityLog: ({ event, userId, address }) =>
        app.log.warn({ event, user_id: userId ?? null, address }, 'Security event'),
    }),
    publicAuth: createPublicAuthService({
      db,
      mail: mail.queue,
      now,
      publicUrl: options.publicUrl,
      throttle: createMailThrottle(db, now, {
        ...DEFAULT_MAIL_REQUEST_LIMITS,
        ...options.mailRequestLimits,
      }),
    }),
    profile: createProfileService({ db }),
    accountSettings: createAccountSettingsService({
      db,
      mail: mail.queue,
      now,
      throttle,
      publicUrl: options.publicUrl,
    }),
    companies,
    contentGuidelines: createContentGuidelinesService({ db, now, dataDir: options.dataDir }),
    avatars: createAvatarsService({ db, dataDir: options.dataDir }),
    notifications: createNotificationsService({ db }),
    domains: createDomainsService({ db, now }),
    strategyRequests: createStrategyRequestsService({
      db,
      now,
      mail: mail.queue,
      salesEmail: options.salesEmail ?? DEFAULT_ENV.salesEmail,
      publicUrl: options.publicUrl,
    }),
    imports: createImportsService({ db, jobs, dataDir: options.dataDir }),
    sites,
    exports: createExportsService({ db, sites, jobs, now }),
    favorites: createFavoritesService({ db, sites }),
    savedViews: createSavedViewsService({ db, now }),
    cart: createCartService({ db, now }),
    checkout: createCheckoutService({
      db,
      now,
      seller: options.vat ?? {
        countryCode: DEFAULT_ENV.sellerCountry,
        rateBasisPoints: DEFAULT_ENV.vatRateBasisPoints,
      },
      notifier,
      documents,
      payee,
    }),
    orders,
    orderItems: createOrderItemsService({
      db,
      now,
      lifeCycle,
      orders,
      storeFile,
      dataDir: options.dataDir,
    }),
    lifeCycle,
    publisher,
    linkJobs,
    linkSettings,
    demoLinks,
    links: createLinkMonitoringService({
      db,
      now,
      monitor: linkMonitor,
      lifeCycle,
      documents,
      guaranteeMonths: linkSettings.guaranteeMonths,
      isEnabled: linkSettings.isEnabled,
    }),
  };
}

async function registerRoutes(
  app: FastifyInstance,
  services: Services,
  { db, dataDir, jwtSecret, demo, now }: AppOptions,
): Promise<void> {
  // Uploads are read part by part (modules/files/multipart.ts), which enforces the spec's limit;
  // the parser's own limit is higher so that the size of a too large file can be named.
  await app.register(multipart, {
    limits: { fileSize: MULTIPART_COUNT_LIMIT, files: 1, fields: 10, fieldSize: 64 * 1024 },
  });
  await app.register(healthRoutes, { prefix: '/api', db });
  await app.register(authRoutes, { prefix: '/api', auth: services.auth });
  await app.register(publicAuthRoutes, {
    prefix: '/api/v1/public',
    publicAuth: services.publicAuth,
  });
  await app.register(emailChangeConfirmationRoutes, {
    prefix: '/api/v1/public',
    settings: services.accountSettings,
    tokens: services.tokens,
  });
  await app.register(referenceDataRoutes, { prefix: '/api/v1/common', db });
  await app.register(
    async (common) => {
      common.addHook('onRequest', requireRole(services.tokens, 'ROLE_BUYER'));
      await common.register(passwordChangeRoutes, { settings: services.accountSettings });
      await common.register(sessionsRoutes, { sessions: services.sessions });
    },
    { prefix: '/api/v1/common' },
  );
  await app.register(flagRoutes, { prefix: '/api/v1/common' });
  await app.register(
    async (buyer) => {
      buyer.addHook('onRequest', requireRole(services.tokens, 'ROLE_BUYER'));
      await buyer.register(profileRoutes, { profile: services.profile });
      await buyer.register(accountSettingsRoutes, {
        settings: services.accountSettings,
        profile: services.profile,
      });
      await buyer.register(companiesRoutes, { companies: services.companies });
      await buyer.register(notificationsRoutes, { notifications: services.notifications });
      await buyer.register(domainsRoutes, { domains: services.domains });
      await buyer.register(contentGuidelinesRoutes, { guidelines: services.contentGuidelines });
      await buyer.register(strategyRequestsRoutes, {
        strategyRequests: services.strategyRequests,
      });
      await buyer.register(importsRoutes, { imports: services.imports });
      await buyer.register(sitesRoutes, { sites: services.sites });
      await buyer.register(favoritesRoutes, { favorites: services.favorites });
      await buyer.register(savedViewsRoutes, { savedViews: services.savedViews });
      await buyer.register(exportsRoutes, { exports: services.exports });
      await buyer.register(cartRoutes, { cart: services.cart });
      await buyer.register(checkoutRoutes, { checkout: services.checkout });
      await buyer.register(ordersRoutes, { orders: services.orders });
      await buyer.register(orderItemsRoutes, {
        items: services.orderItems,
        readForm: readMultipartForm,
      });
      await buyer.register(linkMonitoringRoutes, { links: services.links });
    },
    { prefix: '/api/v1/buyer' },
  );
  await app.register(
    async (signedIn) => {
      signedIn.addHook('onRequest', requireRole(services.tokens, 'ROLE_BUYER'));
      await signedIn.register(filesRoutes, { db, dataDir, jwtSecret, now: now ?? systemClock });
      await signedIn.register(importStatusRoutes, { imports: services.imports });
    },
    { prefix: '/api/v1' },
  );
  await app.register(
    async (signedIn) => {
      signedIn.addHook('onRequest', requireRole(services.tokens, 'ROLE_BUYER'));
      await signedIn.register(avatarsRoutes, { avatars: services.avatars });
    },
    { prefix: '/api/v1/common' },
  );
  await app.register(filePreviewRoutes, {
    prefix: '/api/v1',
    db,
    dataDir,
    jwtSecret,
    now: now ?? systemClock,
  });
  if (demo) {
    await app.register(demoRoutes, {
      prefix: '/api/demo',
      publisher: services.publisher,
      jwtSecret,
    });
    await app.register(demoCompanyRoutes, {
      prefix: '/api/demo',
      companies: services.companies,
      jwtSecret,
    });
    await app.register(demoLinkRoutes, {
      prefix: '/api/demo',
      links: services.demoLinks,
      jwtSecret,
    });
  }
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** An incoming X-Request-Id when it is one plain token, so nothing odd reaches logs or headers. */
function acceptedRequestId(header: string | string[] | undefined): string | null {
  return typeof header === 'string' && REQUEST_ID.test(header) ? header : null;
}

/** Calls without a body (e.g. a confirmation POST) may still say Content-Type: application/json. */
function acceptEmptyJsonBodies(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text === '') {
      done(null, undefined);
      return;
    }
    parseJson(request, text, done);
  });
}
