// What createApp is given: the database, secrets, addresses and the settings of each concern.
// server/index.ts reads them from the environment (server/env.ts); the tests pass their own.
import type { FastifyServerOptions } from 'fastify';

import type { VatSeller } from '#contract/vat.ts';
import type { Secrets } from '#server/signing-keys.ts';

import type { BuildInfo } from './build-info.ts';
import type { Clock } from './clock.ts';
import type { Database } from './db/database.ts';
import type { PoolCounts } from './db/pool-load.ts';
import type { Env } from './env.ts';
import type { TrustProxy } from './http/trust-proxy.ts';
import type { Mailer } from './mail/mailer.ts';
import type { LoginLimits } from './modules/auth/auth.service.ts';
import type { DocumentSeller } from './modules/files/files.service.ts';
import type { ReadinessCheck } from './modules/health/health.service.ts';
import type { LinkChecker } from './modules/link-monitoring/link-monitoring.service.ts';
import type { MailRequestLimits } from './modules/public-auth/public-auth.service.ts';
import type { OverloadOptions } from './plugins/overload.ts';
import type { FileStore } from './storage/file-store.ts';

/** Which kinds of job a process works (WORKERS): every kind, none, or the kinds named. */
export type WorkerRoles = 'all' | 'none' | readonly string[];

export interface AppOptions {
  db: Database;
  /** The signing secrets, the one that signs first (server/signing-keys.ts derives the keys). */
  jwtSecret: Secrets;
  /** The transport the mail worker sends queued mail with. */
  mailer: Mailer;
  /** Origin of the web app, used in the links of mails. */
  publicUrl: string;
  /** Where stored files live: uploads, documents, exports, avatars (decision 194). */
  files: FileStore;
  /**
   * How often the job workers look for work and the schedules for a new slot once started
   * (server/index.ts starts them); a second by default.
   */
  jobPollIntervalMs?: number;
  /**
   * The kinds of job this process works and schedules (WORKERS, decision 195): all by default;
   * `none` for a web process; kinds no module handles are refused at start.
   */
  workers?: WorkerRoles;
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
  /**
   * Which proxies may name the client in X-Forwarded-For (TRUST_PROXY): the client's address is
   * the subject of the per-address limits (server/http/trust-proxy.ts).
   */
  trustProxy?: TrustProxy;
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
  /** The version and commit the probes report (server/build-info.ts); commit "unknown" if not given. */
  build?: BuildInfo;
  /** Checks of readiness besides the database and the file store (decision 199). */
  readinessChecks?: readonly ReadinessCheck[];
  /**
   * Also collect the process's own metrics (event-loop delay, heap: prom-client's defaults) in
   * the app's registry; the server process turns it on (decision 201).
   */
  processMetrics?: boolean;
  /** The database pool's counts for the metrics (`DatabaseHandle.poolCounts`) and its driver. */
  databasePool?: { driver: string; counts: () => PoolCounts };
}
