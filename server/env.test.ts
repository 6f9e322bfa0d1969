import { describe, expect, it } from 'vitest';

import { PRODUCTION_ENV } from '#tests/helpers/production-env.ts';

import { EnvError, loadEnv } from './env.ts';

const SECRET = 'x'.repeat(40);
/** What production needs to start (decision 198). */
const PRODUCTION = PRODUCTION_ENV;

describe('loadEnv', () => {
  it('applies the defaults of a demo start', () => {
    expect(loadEnv({})).toEqual({
      nodeEnv: 'development',
      port: 8080,
      host: '0.0.0.0',
      metricsPort: 0,
      dataDir: './data',
      fileStore: { kind: 'local' },
      databaseUrl: undefined,
      databasePool: { size: 10, statementTimeoutMs: 30_000, idleInTransactionTimeoutMs: 60_000 },
      singleMachine: false,
      jwtSecrets: undefined,
      accessTokenTtlSeconds: 900,
      refreshTokenIdleDays: 7,
      demoData: true,
      migrateOnStart: true,
      apiDocs: true,
      seedSites: 100_000,
      mailTransport: 'file',
      smtpUrl: undefined,
      mailFrom: 'Buyer portal <no-reply@localhost>',
      salesEmail: 'sales@localhost',
      staticDir: 'dist',
      logLevel: 'info',
      logFormat: 'pretty',
      publicUrl: 'http://localhost:8080',
      trustProxy: false,
      sellerCountry: 'DE',
      vatRateBasisPoints: 1900,
      documentSeller: {
        name: 'Linkmarket GmbH',
        address: 'Friedrichstraße 68, 10117 Berlin, Germany',
        vatId: 'DE123456789',
        bankAccount: 'IBAN DE89 3704 0044 0532 0130 00, BIC COBADEFFXXX',
      },
      demoAdvanceSeconds: 60,
      shutdownTimeoutSeconds: 10,
      drainSeconds: 0,
      databaseWaitBudgetMs: 1000,
      workers: 'all',
      linkMonitoring: {
        isEnabled: true,
        guaranteeMonths: 12,
        intervalHours: 24,
        concurrency: 8,
        allowLoopback: true,
        demoPaceSeconds: 5,
      },
    });
  });

  it('reads every setting and treats empty variables as unset', () => {
    const env = loadEnv({
      PORT: '9000',
      HOST: '',
      DATA_DIR: '/var/lib/portal',
      DATABASE_URL: 'postgres://portal:pw@db:5432/portal',
      JWT_SECRET: SECRET,
      ACCESS_TOKEN_TTL_SECONDS: '600',
      REFRESH_TOKEN_IDLE_DAYS: '3',
      DEMO_DATA: 'false',
      MIGRATE_ON_START: 'false',
      SEED_SITES: '500',
      SMTP_URL: 'smtp://mail:25',
      MAIL_FROM: 'Portal <portal@example.com>',
      STATIC_DIR: 'build',
      LOG_LEVEL: 'warn',
      LOG_FORMAT: 'json',
      PUBLIC_URL: 'https://portal.example.com',
      TRUST_PROXY: 'true',
      SELLER_COUNTRY: 'at',
      VAT_RATE: '7.7',
      SELLER_NAME: 'Portal Austria GmbH',
      SELLER_ADDRESS: 'Ring 1\n1010 Wien',
      SELLER_VAT_ID: 'ATU12345678',
      SELLER_BANK_ACCOUNT: 'IBAN AT61 1904 3002 3457 3201',
    });
    expect(env).toMatchObject({
      port: 9000,
      host: '0.0.0.0',
      dataDir: '/var/lib/portal',
      databaseUrl: 'postgres://portal:pw@db:5432/portal',
      jwtSecrets: [SECRET],
      accessTokenTtlSeconds: 600,
      refreshTokenIdleDays: 3,
      demoData: false,
      migrateOnStart: false,
      seedSites: 500,
      smtpUrl: 'smtp://mail:25',
      staticDir: 'build',
      logLevel: 'warn',
      logFormat: 'json',
      publicUrl: 'https://portal.example.com',
      trustProxy: true,
      sellerCountry: 'AT',
      vatRateBasisPoints: 770,
      documentSeller: {
        name: 'Portal Austria GmbH',
        address: 'Ring 1\n1010 Wien',
        vatId: 'ATU12345678',
        bankAccount: 'IBAN AT61 1904 3002 3457 3201',
      },
    });
  });

  it('reads a VAT rate with two decimals and refuses one that is not a percent', () => {
    expect(loadEnv({ VAT_RATE: '20.55' }).vatRateBasisPoints).toBe(2055);
    expect(loadEnv({ VAT_RATE: '0' }).vatRateBasisPoints).toBe(0);
    expect(() => loadEnv({ VAT_RATE: '19%' })).toThrow(/VAT_RATE/);
    expect(() => loadEnv({ SELLER_COUNTRY: 'DEU' })).toThrow(/SELLER_COUNTRY/);
    expect(() => loadEnv({ SELLER_NAME: '   ' })).toThrow(/SELLER_NAME/);
  });

  it('reads the sales address of strategy requests and refuses one that is not an address', () => {
    expect(loadEnv({ SALES_EMAIL: 'sales@example.com' }).salesEmail).toBe('sales@example.com');
    expect(() => loadEnv({ SALES_EMAIL: 'sales team' })).toThrow(/SALES_EMAIL/);
  });

  it('refuses DATABASE_URL without JWT_SECRET, since processes must share the token key', () => {
    expect(() => loadEnv({ DATABASE_URL: 'postgres://db/portal' })).toThrow(
      /JWT_SECRET must be set when DATABASE_URL is set/,
    );
  });

  it('stores files on the local disk unless FILE_STORE=s3 names a bucket', () => {
    expect(
      loadEnv({
        FILE_STORE: 's3',
        S3_BUCKET: 'portal-files',
        S3_ENDPOINT: 'http://127.0.0.1:9000',
        S3_FORCE_PATH_STYLE: 'true',
        S3_PREFIX: 'production/',
      }).fileStore,
    ).toEqual({
      kind: 's3',
      bucket: 'portal-files',
      region: 'us-east-1',
      endpoint: 'http://127.0.0.1:9000',
      forcePathStyle: true,
      prefix: 'production/',
    });
    expect(
      loadEnv({ FILE_STORE: 's3', S3_BUCKET: 'b-1', S3_REGION: 'eu-central-1' }).fileStore,
    ).toMatchObject({ kind: 's3', region: 'eu-central-1', forcePathStyle: false });
  });

  it('refuses to start on S3 without a bucket or a place, and S3 settings without FILE_STORE=s3', () => {
    expect(() => loadEnv({ FILE_STORE: 's3', S3_REGION: 'eu-central-1' })).toThrow(
      /S3_BUCKET must be set when FILE_STORE=s3/,
    );
    expect(() => loadEnv({ FILE_STORE: 's3', S3_BUCKET: 'portal-files' })).toThrow(
      /S3_REGION or S3_ENDPOINT must be set when FILE_STORE=s3/,
    );
    expect(() => loadEnv({ S3_BUCKET: 'portal-files' })).toThrow(
      /FILE_STORE must be s3 when S3_BUCKET or S3_ENDPOINT is set/,
    );
    expect(() => loadEnv({ FILE_STORE: 'disk' })).toThrow(/FILE_STORE/);
    expect(() =>
      loadEnv({ FILE_STORE: 's3', S3_BUCKET: 'Portal_Files', S3_REGION: 'eu-central-1' }),
    ).toThrow(/S3_BUCKET must be a bucket name/);
  });

  it('logs JSON in production and readable lines elsewhere, unless told otherwise', () => {
    expect(loadEnv({ ...PRODUCTION }).logFormat).toBe('json');
    expect(loadEnv({}).logFormat).toBe('pretty');
    expect(loadEnv({ LOG_FORMAT: 'json' }).logFormat).toBe('json');
  });

  it('serves the API documents outside production, and in production only when asked', () => {
    expect(loadEnv({ ...PRODUCTION }).apiDocs).toBe(false);
    expect(loadEnv({ ...PRODUCTION, API_DOCS: 'true' }).apiDocs).toBe(true);
    expect(loadEnv({ API_DOCS: 'false' }).apiDocs).toBe(false);
  });

  it('turns demo data off in production and refuses to turn it on there', () => {
    expect(loadEnv({ ...PRODUCTION }).demoData).toBe(false);
    expect(() => loadEnv({ ...PRODUCTION, DEMO_DATA: 'true' })).toThrow(EnvError);
  });

  it('runs the demo publisher only in a demo installation, and never in production', () => {
    expect(loadEnv({ DEMO_ADVANCE_SECONDS: '5' }).demoAdvanceSeconds).toBe(5);
    expect(loadEnv({ DEMO_ADVANCE_SECONDS: '0' }).demoAdvanceSeconds).toBe(0);
    expect(loadEnv({ DEMO_DATA: 'false' }).demoAdvanceSeconds).toBe(0);
    expect(loadEnv({ ...PRODUCTION }).demoAdvanceSeconds).toBe(0);
    expect(() => loadEnv({ ...PRODUCTION, DEMO_ADVANCE_SECONDS: '60' })).toThrow(
      /DEMO_ADVANCE_SECONDS cannot be set when NODE_ENV=production/,
    );
    expect(() => loadEnv({ DEMO_ADVANCE_SECONDS: '-1' })).toThrow(/DEMO_ADVANCE_SECONDS/);
  });

  it('gives a shutdown ten seconds unless told otherwise, and refuses a limit below two', () => {
    expect(loadEnv({}).shutdownTimeoutSeconds).toBe(10);
    expect(loadEnv({ SHUTDOWN_TIMEOUT_SECONDS: '30' }).shutdownTimeoutSeconds).toBe(30);
    expect(() => loadEnv({ SHUTDOWN_TIMEOUT_SECONDS: '1' })).toThrow(/SHUTDOWN_TIMEOUT_SECONDS/);
  });

  it('drains ten seconds before a shutdown in production, none elsewhere, unless told', () => {
    expect(loadEnv({}).drainSeconds).toBe(0);
    expect(loadEnv({ ...PRODUCTION }).drainSeconds).toBe(10);
    expect(loadEnv({ ...PRODUCTION, DRAIN_SECONDS: '0' }).drainSeconds).toBe(0);
    expect(loadEnv({ DRAIN_SECONDS: '25' }).drainSeconds).toBe(25);
    expect(() => loadEnv({ DRAIN_SECONDS: '-1' })).toThrow(/DRAIN_SECONDS/);
  });

  it('monitors live links by default, at a demo pace and through loopback only in a demo', () => {
    expect(loadEnv({ ...PRODUCTION }).linkMonitoring).toEqual({
      isEnabled: true,
      guaranteeMonths: 12,
      intervalHours: 24,
      concurrency: 8,
      allowLoopback: false,
      demoPaceSeconds: 0,
    });
    expect(
      loadEnv({
        LINK_MONITORING: 'false',
        LINK_GUARANTEE_MONTHS: '36',
        LINK_CHECK_INTERVAL_HOURS: '12',
        LINK_CHECK_CONCURRENCY: '2',
        LINK_CHECK_ALLOW_LOOPBACK: 'false',
        LINK_CHECK_DEMO_PACE_SECONDS: '0',
      }).linkMonitoring,
    ).toEqual({
      isEnabled: false,
      guaranteeMonths: 36,
      intervalHours: 12,
      concurrency: 2,
      allowLoopback: false,
      demoPaceSeconds: 0,
    });
    expect(loadEnv({ DEMO_DATA: 'false' }).linkMonitoring).toMatchObject({
      allowLoopback: false,
      demoPaceSeconds: 0,
    });
    expect(() => loadEnv({ ...PRODUCTION, LINK_CHECK_ALLOW_LOOPBACK: 'true' })).toThrow(
      /LINK_CHECK_ALLOW_LOOPBACK cannot be enabled when NODE_ENV=production/,
    );
    expect(() => loadEnv({ ...PRODUCTION, LINK_CHECK_DEMO_PACE_SECONDS: '5' })).toThrow(
      /LINK_CHECK_DEMO_PACE_SECONDS cannot be set when NODE_ENV=production/,
    );
    expect(() => loadEnv({ LINK_CHECK_CONCURRENCY: '0' })).toThrow(/LINK_CHECK_CONCURRENCY/);
    expect(() => loadEnv({ LINK_CHECK_INTERVAL_HOURS: '0' })).toThrow(/LINK_CHECK_INTERVAL_HOURS/);
  });

  it('reads TRUST_PROXY as no proxy, a hop count, a list of proxies, or every hop', () => {
    const trust = (value: string, nodeEnv = 'development') =>
      loadEnv({ ...(nodeEnv === 'production' ? PRODUCTION : {}), TRUST_PROXY: value }).trustProxy;
    expect(trust('false')).toBe(false);
    expect(trust('0')).toBe(false);
    expect(trust('1', 'production')).toBe(1);
    expect(trust('2', 'production')).toBe(2);
    expect(trust('10.0.0.0/8, 192.0.2.7,2001:db8::/32', 'production')).toEqual([
      '10.0.0.0/8',
      '192.0.2.7',
      '2001:db8::/32',
    ]);
    expect(trust('loopback,uniquelocal')).toEqual(['loopback', 'uniquelocal']);
    expect(trust('true')).toBe(true);
    for (const wrong of ['10.0.0.0/33', 'balancer.internal', '10.0.0.1/8/1', '11', '1.5']) {
      expect(() => trust(wrong)).toThrow(/TRUST_PROXY must be false, a hop count/);
    }
  });

  it('refuses TRUST_PROXY=true in production: the client would choose its own address', () => {
    expect(() => loadEnv({ ...PRODUCTION, TRUST_PROXY: 'true' })).toThrow(
      /TRUST_PROXY=true cannot be used when NODE_ENV=production/,
    );
    expect(() => loadEnv({ ...PRODUCTION, TRUST_PROXY: 'yes' })).toThrow(EnvError);
  });

  it('works every kind of job unless WORKERS names none or some', () => {
    expect(loadEnv({}).workers).toBe('all');
    expect(loadEnv({ WORKERS: 'none' }).workers).toBe('none');
    expect(loadEnv({ WORKERS: 'mail, link-monitor,mail' }).workers).toEqual([
      'mail',
      'link-monitor',
    ]);
    expect(() => loadEnv({ WORKERS: 'mail,none' })).toThrow(
      'WORKERS is all, none or a list of kinds of job, not a mix of them.',
    );
    expect(() => loadEnv({ WORKERS: 'mail;exports' })).toThrow(
      'WORKERS: WORKERS must be all, none or kinds of job separated by commas',
    );
  });

  it('refuses to start production with mail, links, seller, database or files meant for a demo', () => {
    expect(loadEnv(PRODUCTION)).toMatchObject({ mailTransport: 'smtp', singleMachine: false });
    const refusal = (changes: Record<string, string>) => () =>
      loadEnv({ ...PRODUCTION, ...changes });
    expect(refusal({ SMTP_URL: '' })).toThrow(
      /SMTP_URL must be set when NODE_ENV=production.*MAIL_TRANSPORT=file/,
    );
    expect(refusal({ PUBLIC_URL: '' })).toThrow(/PUBLIC_URL must be set when NODE_ENV=production/);
    expect(refusal({ SELLER_VAT_ID: '', SELLER_BANK_ACCOUNT: '' })).toThrow(
      /SELLER_VAT_ID, SELLER_BANK_ACCOUNT must be set when NODE_ENV=production/,
    );
    expect(refusal({ SELLER_NAME: '' })).toThrow(
      /^(?!.*SELLER_ADDRESS)[^]*SELLER_NAME must be set/,
    );
    expect(refusal({ DATABASE_URL: '', JWT_SECRET: '' })).toThrow(
      /DATABASE_URL must be set when NODE_ENV=production.*SINGLE_MACHINE=true/,
    );
    expect(refusal({ FILE_STORE: '', S3_BUCKET: '', S3_REGION: '' })).toThrow(
      /FILE_STORE=s3 must be set when NODE_ENV=production.*SINGLE_MACHINE=true/,
    );
    // Every refusal at once, each naming its variable.
    expect(() => loadEnv({ NODE_ENV: 'production' })).toThrow(
      /SMTP_URL[^]*PUBLIC_URL[^]*SELLER_NAME, SELLER_ADDRESS, SELLER_VAT_ID, SELLER_BANK_ACCOUNT[^]*DATABASE_URL[^]*FILE_STORE=s3/,
    );
  });

  it('starts production with mail in files or one process on one machine only when told so', () => {
    const single = loadEnv({
      ...PRODUCTION,
      SMTP_URL: '',
      MAIL_TRANSPORT: 'file',
      DATABASE_URL: '',
      JWT_SECRET: '',
      FILE_STORE: '',
      S3_BUCKET: '',
      S3_REGION: '',
      SINGLE_MACHINE: 'true',
    });
    expect(single).toMatchObject({
      mailTransport: 'file',
      smtpUrl: undefined,
      singleMachine: true,
      databaseUrl: undefined,
      fileStore: { kind: 'local' },
    });
    // File chosen on purpose wins over a configured server.
    expect(loadEnv({ ...PRODUCTION, MAIL_TRANSPORT: 'file' })).toMatchObject({
      mailTransport: 'file',
      smtpUrl: undefined,
    });
  });

  it('chooses the mail transport from SMTP_URL and refuses smtp without a server anywhere', () => {
    expect(loadEnv({ SMTP_URL: 'smtp://mail:25' })).toMatchObject({
      mailTransport: 'smtp',
      smtpUrl: 'smtp://mail:25',
    });
    expect(loadEnv({}).mailTransport).toBe('file');
    expect(() => loadEnv({ MAIL_TRANSPORT: 'smtp' })).toThrow(
      /SMTP_URL must be set when MAIL_TRANSPORT=smtp/,
    );
    expect(() => loadEnv({ MAIL_TRANSPORT: 'pigeon' })).toThrow(/MAIL_TRANSPORT/);
  });

  it('keeps the demo seller outside production only', () => {
    expect(loadEnv({ NODE_ENV: 'test' }).documentSeller.name).toBe('Linkmarket GmbH');
    expect(loadEnv({ SELLER_NAME: 'Shop AG' }).documentSeller).toMatchObject({
      name: 'Shop AG',
      vatId: 'DE123456789',
    });
  });

  it('reads the database pool settings and refuses sizes and timeouts out of range', () => {
    expect(
      loadEnv({
        DATABASE_POOL_SIZE: '25',
        DATABASE_STATEMENT_TIMEOUT_MS: '0',
        DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: '5000',
      }).databasePool,
    ).toEqual({ size: 25, statementTimeoutMs: 0, idleInTransactionTimeoutMs: 5000 });
    expect(() => loadEnv({ DATABASE_POOL_SIZE: '0' })).toThrow(/DATABASE_POOL_SIZE/);
    expect(() => loadEnv({ DATABASE_STATEMENT_TIMEOUT_MS: '-1' })).toThrow(
      /DATABASE_STATEMENT_TIMEOUT_MS/,
    );
    expect(() => loadEnv({ DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: 'soon' })).toThrow(
      /DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS/,
    );
  });

  it('reads several signing secrets separated by commas and refuses a short one among them', () => {
    const next = 'n'.repeat(32);
    expect(loadEnv({ JWT_SECRET: `${next}, ${SECRET}` }).jwtSecrets).toEqual([next, SECRET]);
    expect(() => loadEnv({ JWT_SECRET: `${next},short` })).toThrow(
      /JWT_SECRET: JWT_SECRET must be at least 32 characters long/,
    );
    expect(() => loadEnv({ JWT_SECRET: `${next},` })).toThrow(/JWT_SECRET/);
  });

  it('names each invalid variable', () => {
    expect(() => loadEnv({ PORT: 'eighty', JWT_SECRET: 'short', LOG_LEVEL: 'loud' })).toThrow(
      /PORT: .*\n.*JWT_SECRET: JWT_SECRET must be at least 32 characters long\n.*LOG_LEVEL/,
    );
  });
});
