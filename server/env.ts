// The process environment, parsed and checked once at start. Nothing else in server/ reads
// process.env: the entry points pass the parsed values on.
// Every default of a setting is written here and nowhere else; the app's options fall back to
// DEFAULT_ENV.
import { z } from 'zod';

import {
  ACCESS_TOKEN_TTL_SECONDS,
  REFRESH_TOKEN_IDLE_DAYS,
  REFRESH_TOKEN_TTL_DAYS,
} from '#contract/constants.ts';

import { parseTrustProxy } from './http/trust-proxy.ts';

const flag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  METRICS_PORT: z.coerce.number().int().min(0).max(65_535).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  FILE_STORE: z.enum(['local', 's3']).default('local'),
  S3_BUCKET: z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      'S3_BUCKET must be a bucket name such as portal-files',
    )
    .optional(),
  S3_REGION: z.string().min(1).optional(),
  S3_ENDPOINT: z.url('S3_ENDPOINT must be a URL such as https://s3.example.com').optional(),
  S3_FORCE_PATH_STYLE: flag.default(false),
  S3_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9._/-]+$/, 'S3_PREFIX may hold letters, digits, ".", "_", "-" and "/" only')
    .optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// or postgresql:// URL')
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /** 0 turns a timeout off. */
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
  DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(0)
    .max(3_600_000)
    .default(60_000),
  /** This installation is one process on one machine: the embedded database and local files are fine. */
  SINGLE_MACHINE: flag.default(false),
  /** One or more secrets separated by commas: the first signs, all verify (rotation). */
  JWT_SECRET: z
    .string()
    .transform((value) => value.split(',').map((secret) => secret.trim()))
    .refine(
      (secrets) => secrets.every((secret) => secret.length >= 32),
      'JWT_SECRET must be at least 32 characters long',
    )
    .optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .max(86_400)
    .default(ACCESS_TOKEN_TTL_SECONDS),
  REFRESH_TOKEN_IDLE_DAYS: z.coerce
    .number()
    .int()
    .min(1)
    .max(REFRESH_TOKEN_TTL_DAYS)
    .default(REFRESH_TOKEN_IDLE_DAYS),
  DEMO_DATA: flag.optional(),
  MIGRATE_ON_START: flag.default(true),
  API_DOCS: flag.optional(),
  SEED_SITES: z.coerce.number().int().min(0).max(2_000_000).default(100_000),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'SMTP_URL must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_TRANSPORT: z.enum(['smtp', 'file']).optional(),
  MAIL_FROM: z.string().min(3).default('Buyer portal <no-reply@localhost>'),
  SALES_EMAIL: z
    .string()
    .regex(/^[^\s@]+@[^\s@]+$/, 'SALES_EMAIL must be an e-mail address such as sales@example.com')
    .default('sales@localhost'),
  STATIC_DIR: z.string().min(1).default('dist'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** `pretty`: readable lines, requests at debug level; `json`: pino's lines. Default by NODE_ENV. */
  LOG_FORMAT: z.enum(['pretty', 'json']).optional(),
  PUBLIC_URL: z.url().optional(),
  TRUST_PROXY: z
    .string()
    .transform((value, context) => {
      try {
        return parseTrustProxy(value);
      } catch (error) {
        context.addIssue({ code: 'custom', message: (error as Error).message, input: value });
        return z.NEVER;
      }
    })
    .default(false),
  SELLER_COUNTRY: z
    .string()
    .regex(/^[A-Za-z]{2}$/, 'SELLER_COUNTRY must be an ISO 3166-1 alpha-2 code such as DE')
    .transform((value) => value.toUpperCase())
    .default('DE'),
  // Outside production a demo company stands in (DEMO_SELLER), so that documents are complete.
  SELLER_NAME: z.string().trim().min(1).optional(),
  SELLER_ADDRESS: z.string().trim().min(1).optional(),
  SELLER_VAT_ID: z.string().trim().min(1).optional(),
  SELLER_BANK_ACCOUNT: z.string().trim().min(1).optional(),
  VAT_RATE: z
    .string()
    .regex(/^\d{1,2}(\.\d{1,2})?$/, 'VAT_RATE must be a percent such as 19 or 7.7')
    .default('19'),
  DEMO_ADVANCE_SECONDS: z.coerce.number().int().min(0).max(86_400).optional(),
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().int().min(2).max(600).default(10),
  DRAIN_SECONDS: z.coerce.number().int().min(0).max(600).optional(),
  DATABASE_WAIT_BUDGET_MS: z.coerce.number().int().min(10).max(60_000).default(1000),
  LINK_MONITORING: flag.default(true),
  LINK_GUARANTEE_MONTHS: z.coerce.number().int().min(0).max(120).default(12),
  LINK_CHECK_INTERVAL_HOURS: z.coerce.number().int().min(1).max(720).default(24),
  LINK_CHECK_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(8),
  LINK_CHECK_ALLOW_LOOPBACK: flag.optional(),
  LINK_CHECK_DEMO_PACE_SECONDS: z.coerce.number().int().min(0).max(3600).optional(),
  APP_COMMIT: z
    .string()
    .regex(/^[0-9a-f]{7,40}$/, 'APP_COMMIT must be a git commit hash such as 3f2a1b7')
    .optional(),
  WORKERS: z
    .string()
    .trim()
    .regex(
      /^[a-z0-9-]+(\s*,\s*[a-z0-9-]+)*$/,
      'WORKERS must be all, none or kinds of job separated by commas, such as mail,link-monitor',
    )
    .default('all'),
});

/**
 * METRICS_PORT in production unless set: the port commonly given to Prometheus exporters of
 * applications, so that a scrape configuration finds every process on the same port.
 */
export const PRODUCTION_METRICS_PORT = 9464;

const DEMO_ADVANCE_SECONDS_OF_A_DEMO = 60;
const DRAIN_SECONDS_IN_PRODUCTION = 10;
/** The seller printed on documents outside production when SELLER_* are unset. */
const DEMO_SELLER = {
  name: 'Linkmarket GmbH',
  address: 'Friedrichstraße 68, 10117 Berlin, Germany',
  vatId: 'DE123456789',
  bankAccount: 'IBAN DE89 3704 0044 0532 0130 00, BIC COBADEFFXXX',
};
/** A demo's link checks come seconds apart, so that a breakage shows within a minute. */
const LINK_CHECK_DEMO_PACE_SECONDS_OF_A_DEMO = 5;

/** The variables, checked together, turned into the settings the entry points pass on. */
const SettingsSchema = EnvSchema.transform((env, context) => {
  const isProduction = env.NODE_ENV === 'production';
  const refuse = (message: string) => context.addIssue({ code: 'custom', message, input: env });
  if (env.DATABASE_URL && !env.JWT_SECRET) {
    refuse(
      'JWT_SECRET must be set when DATABASE_URL is set: every API process has to sign tokens with the same secret.',
    );
  }
  if (isProduction && env.DEMO_DATA) {
    refuse(
      'DEMO_DATA cannot be enabled when NODE_ENV=production: demo users have a public password.',
    );
  }
  if (isProduction && env.TRUST_PROXY === true) {
    refuse(
      'TRUST_PROXY=true cannot be used when NODE_ENV=production: it takes the client address from the left-most X-Forwarded-For, which any client writes, so the sign-in and mail limits could be dodged. Set the number of proxies in front (1 for one load balancer) or their addresses.',
    );
  }
  if (isProduction && (env.DEMO_ADVANCE_SECONDS ?? 0) > 0) {
    refuse(
      'DEMO_ADVANCE_SECONDS cannot be set when NODE_ENV=production: the demo publisher moves real orders.',
    );
  }
  if (isProduction && env.LINK_CHECK_ALLOW_LOOPBACK) {
    refuse(
      'LINK_CHECK_ALLOW_LOOPBACK cannot be enabled when NODE_ENV=production: link checks would reach the servers inside the network.',
    );
  }
  if (isProduction && (env.LINK_CHECK_DEMO_PACE_SECONDS ?? 0) > 0) {
    refuse(
      'LINK_CHECK_DEMO_PACE_SECONDS cannot be set when NODE_ENV=production: live links would be checked every few seconds.',
    );
  }
  if (env.FILE_STORE === 's3' && !env.S3_BUCKET) {
    refuse('S3_BUCKET must be set when FILE_STORE=s3: it names the bucket that holds the files.');
  }
  if (env.FILE_STORE === 's3' && !env.S3_REGION && !env.S3_ENDPOINT) {
    refuse(
      'S3_REGION or S3_ENDPOINT must be set when FILE_STORE=s3: the store needs to know where the bucket is.',
    );
  }
  if (env.FILE_STORE === 'local' && (env.S3_BUCKET || env.S3_ENDPOINT)) {
    refuse(
      'FILE_STORE must be s3 when S3_BUCKET or S3_ENDPOINT is set: otherwise files would be stored on this machine only.',
    );
  }
  const metricsPort = env.METRICS_PORT ?? (isProduction ? PRODUCTION_METRICS_PORT : 0);
  if (metricsPort !== 0 && metricsPort === env.PORT) {
    refuse(
      'METRICS_PORT must differ from PORT: the metrics are served on a port of their own, which the load balancer does not forward.',
    );
  }
  const workers = workerRoles(env.WORKERS);
  if (workers === null) {
    refuse('WORKERS is all, none or a list of kinds of job, not a mix of them.');
  }
  const mailTransport = env.MAIL_TRANSPORT ?? (env.SMTP_URL ? 'smtp' : 'file');
  if (isProduction) refuseWrongProduction(env, mailTransport, refuse);
  if (mailTransport === 'smtp' && !env.SMTP_URL) {
    refuse('SMTP_URL must be set when MAIL_TRANSPORT=smtp: it names the mail server.');
  }
  const demoData = env.DEMO_DATA ?? !isProduction;
  return {
    nodeEnv: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    /**
     * METRICS_PORT: where GET /metrics answers, on HOST (decision 201); 0 is off. Off by default,
     * PRODUCTION_METRICS_PORT in production.
     */
    metricsPort,
    dataDir: env.DATA_DIR,
    /**
     * Where stored files live (decision 194): `local` under DATA_DIR/files (one process), or `s3`
     * in S3_BUCKET, credentials from the AWS SDK's default chain (AWS_ACCESS_KEY_ID, a role…).
     */
    fileStore:
      env.FILE_STORE === 's3' && env.S3_BUCKET
        ? {
            kind: 's3' as const,
            bucket: env.S3_BUCKET,
            // S3-compatible services other than AWS often ignore the region; the SDK needs one.
            region: env.S3_REGION ?? 'us-east-1',
            endpoint: env.S3_ENDPOINT,
            forcePathStyle: env.S3_FORCE_PATH_STYLE,
            prefix: env.S3_PREFIX,
          }
        : { kind: 'local' as const },
    databaseUrl: env.DATABASE_URL,
    /** The connections of one process to PostgreSQL (server/db/postgres.ts, decision 198). */
    databasePool: {
      size: env.DATABASE_POOL_SIZE,
      statementTimeoutMs: env.DATABASE_STATEMENT_TIMEOUT_MS,
      idleInTransactionTimeoutMs: env.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS,
    },
    /** SINGLE_MACHINE: one process on one machine, so PGlite and local files are allowed in production. */
    singleMachine: env.SINGLE_MACHINE,
    /** JWT_SECRET split at commas: the first signs, all verify (server/signing-keys.ts). */
    jwtSecrets: env.JWT_SECRET,
    accessTokenTtlSeconds: env.ACCESS_TOKEN_TTL_SECONDS,
    /** Days a refresh token may lie unused before its session ends (the 30-day limit stays). */
    refreshTokenIdleDays: env.REFRESH_TOKEN_IDLE_DAYS,
    demoData,
    /**
     * Apply migrations and reference data at start (default). False where the release step
     * `npm run db:migrate` does it: the process then refuses a database lacking a migration.
     */
    migrateOnStart: env.MIGRATE_ON_START,
    /** Serve /api/docs: on unless NODE_ENV=production, where API_DOCS=true turns it on. */
    apiDocs: env.API_DOCS ?? !isProduction,
    seedSites: env.SEED_SITES,
    /** MAIL_TRANSPORT: smtp when SMTP_URL is set, else file (.eml files in DATA_DIR/mail). */
    mailTransport,
    /** The SMTP server; unset when mail goes into files. */
    smtpUrl: mailTransport === 'smtp' ? env.SMTP_URL : undefined,
    mailFrom: env.MAIL_FROM,
    /** Receives the strategy requests of buyers who have no account manager (decision 057). */
    salesEmail: env.SALES_EMAIL,
    staticDir: env.STATIC_DIR,
    logLevel: env.LOG_LEVEL,
    /** Readable lines (requests at debug level) unless production, which keeps JSON (decision 067). */
    logFormat: env.LOG_FORMAT ?? (isProduction ? 'json' : 'pretty'),
    /** Origin of the web app for links in mails; defaults to http://localhost:PORT. */
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
    /** How the client's address is found behind proxies (server/http/trust-proxy.ts). */
    trustProxy: env.TRUST_PROXY,
    /** ISO alpha-2 country of the seller (decision 030). */
    sellerCountry: env.SELLER_COUNTRY,
    /** The seller's standard VAT rate in basis points: 1900 = 19 %. */
    vatRateBasisPoints: percentToBasisPoints(env.VAT_RATE),
    /** SELLER_NAME, SELLER_ADDRESS, SELLER_VAT_ID, SELLER_BANK_ACCOUNT: printed on invoices. */
    documentSeller: {
      name: env.SELLER_NAME ?? DEMO_SELLER.name,
      address: env.SELLER_ADDRESS ?? DEMO_SELLER.address,
      vatId: env.SELLER_VAT_ID ?? DEMO_SELLER.vatId,
      bankAccount: env.SELLER_BANK_ACCOUNT ?? DEMO_SELLER.bankAccount,
    },
    /**
     * Seconds the demo publisher lets a paid item rest before its next step (decision 041); 0 is
     * off. Default 60 in a demo installation (DEMO_DATA), 0 otherwise.
     */
    demoAdvanceSeconds: env.DEMO_ADVANCE_SECONDS ?? (demoData ? DEMO_ADVANCE_SECONDS_OF_A_DEMO : 0),
    /** Seconds from SIGTERM/SIGINT to the exit, whatever is still running (decision 125). */
    shutdownTimeoutSeconds: env.SHUTDOWN_TIMEOUT_SECONDS,
    /**
     * Seconds from SIGTERM/SIGINT during which /readyz answers 503 and everything else is served,
     * before the shutdown (decision 199): 10 in production, the time a balancer checking every
     * 5 s takes to see two failures; 0 elsewhere, so a developer's Ctrl-C stops at once.
     */
    drainSeconds: env.DRAIN_SECONDS ?? (isProduction ? DRAIN_SECONDS_IN_PRODUCTION : 0),
    databaseWaitBudgetMs: env.DATABASE_WAIT_BUDGET_MS,
    /**
     * WORKERS: the kinds of job this process works and schedules (decision 195): `all` (the
     * default), `none` (a web process) or kinds separated by commas (a worker process); a kind
     * no module handles is refused when the app starts.
     */
    workers: workers ?? 'all',
    /** APP_COMMIT: the commit this build was made from, reported by health and logs. */
    appCommit: env.APP_COMMIT,
    /** Monitoring of live links (decision 140). */
    linkMonitoring: {
      /** LINK_MONITORING: check live links on a schedule; on by default. */
      isEnabled: env.LINK_MONITORING,
      /** LINK_GUARANTEE_MONTHS from the first publication; 12 by default. */
      guaranteeMonths: env.LINK_GUARANTEE_MONTHS,
      /** LINK_CHECK_INTERVAL_HOURS between the checks of a healthy link; 24 by default. */
      intervalHours: env.LINK_CHECK_INTERVAL_HOURS,
      /** LINK_CHECK_CONCURRENCY: checks running at once in one process; 8 by default. */
      concurrency: env.LINK_CHECK_CONCURRENCY,
      /**
       * LINK_CHECK_ALLOW_LOOPBACK: the checker may connect to this machine, which the demo's own
       * article pages need; on in a demo installation, refused in production.
       */
      allowLoopback: env.LINK_CHECK_ALLOW_LOOPBACK ?? demoData,
      /**
       * LINK_CHECK_DEMO_PACE_SECONDS: in a demo, seconds instead of an hour before a first check
       * and a re-check after a failure (decision 145); 5 in a demo installation, 0 (off) otherwise.
       */
      demoPaceSeconds:
        env.LINK_CHECK_DEMO_PACE_SECONDS ?? (demoData ? LINK_CHECK_DEMO_PACE_SECONDS_OF_A_DEMO : 0),
    },
  };
});

export type Env = z.output<typeof SettingsSchema>;

export class EnvError extends Error {
  constructor(problems: string[]) {
    super(`Invalid environment:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'EnvError';
  }
}

export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  // An empty variable (FOO=) counts as unset, as container tooling often writes them.
  const present = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''));
  const parsed = SettingsSchema.safeParse(present);
  if (!parsed.success) {
    throw new EnvError(
      parsed.error.issues.map((issue) =>
        issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message,
      ),
    );
  }
  return parsed.data;
}

/**
 * The settings with FILE_STORE=`kind`, for the copy command, which names both stores: the local
 * store leaves the S3 settings aside (they would refuse FILE_STORE=local).
 */
export function loadEnvWithFileStore(
  kind: 'local' | 's3',
  source: Record<string, string | undefined> = process.env,
): Env {
  const variables = { ...source, FILE_STORE: kind };
  return loadEnv(kind === 'local' ? { ...variables, S3_BUCKET: '', S3_ENDPOINT: '' } : variables);
}

/** The settings of an installation that sets no variable: what the app falls back to. */
export const DEFAULT_ENV: Env = loadEnv({});

/**
 * What production refuses to start with (decision 198): mail that would only be written to this
 * machine's disk, links to localhost, the demo seller on real invoices, and a database or file
 * store that several processes cannot share, unless SINGLE_MACHINE says there is only one.
 */
function refuseWrongProduction(
  env: z.output<typeof EnvSchema>,
  mailTransport: 'smtp' | 'file',
  refuse: (message: string) => void,
): void {
  if (mailTransport === 'file' && env.MAIL_TRANSPORT !== 'file') {
    refuse(
      'SMTP_URL must be set when NODE_ENV=production: without it mails are only written into files on this machine. Set MAIL_TRANSPORT=file to choose that on purpose.',
    );
  }
  if (!env.PUBLIC_URL) {
    refuse(
      'PUBLIC_URL must be set when NODE_ENV=production: links in mails would point at localhost.',
    );
  }
  const missingSeller = (
    ['SELLER_NAME', 'SELLER_ADDRESS', 'SELLER_VAT_ID', 'SELLER_BANK_ACCOUNT'] as const
  ).filter((name) => !env[name]);
  if (missingSeller.length > 0) {
    refuse(
      `${missingSeller.join(', ')} must be set when NODE_ENV=production: invoices would name the demo seller.`,
    );
  }
  if (env.SINGLE_MACHINE) return;
  if (!env.DATABASE_URL) {
    refuse(
      'DATABASE_URL must be set when NODE_ENV=production: the embedded database serves one process only. Set SINGLE_MACHINE=true if this installation is one process on one machine.',
    );
  }
  if (env.FILE_STORE === 'local') {
    refuse(
      'FILE_STORE=s3 must be set when NODE_ENV=production: local files are seen by this machine only. Set SINGLE_MACHINE=true if this installation is one process on one machine.',
    );
  }
}

/** `all`, `none` or the kinds named; null for a list that names all or none among kinds. */
function workerRoles(value: string): 'all' | 'none' | string[] | null {
  if (value === 'all' || value === 'none') return value;
  const kinds = [...new Set(value.split(',').map((kind) => kind.trim()))];
  return kinds.some((kind) => kind === 'all' || kind === 'none') ? null : kinds;
}

/** "19" → 1900, "7.7" → 770, read digit by digit so that no floating point is involved. */
function percentToBasisPoints(percent: string): number {
  const [units = '0', decimals = ''] = percent.split('.');
  return Number(units) * 100 + Number(decimals.padEnd(2, '0'));
}
