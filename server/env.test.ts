import { describe, expect, it } from 'vitest';

import { EnvError, loadEnv } from './env.ts';

const SECRET = 'x'.repeat(40);

describe('loadEnv', () => {
  it('applies the defaults of a demo start', () => {
    expect(loadEnv({})).toEqual({
      nodeEnv: 'development',
      port: 8080,
      host: '0.0.0.0',
      dataDir: './data',
      fileStore: { kind: 'local' },
      databaseUrl: undefined,
      jwtSecret: undefined,
      accessTokenTtlSeconds: 900,
      refreshTokenIdleDays: 7,
      demoData: true,
      migrateOnStart: true,
      apiDocs: true,
      seedSites: 100_000,
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
      jwtSecret: SECRET,
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
    expect(loadEnv({ NODE_ENV: 'production' }).logFormat).toBe('json');
    expect(loadEnv({}).logFormat).toBe('pretty');
    expect(loadEnv({ LOG_FORMAT: 'json' }).logFormat).toBe('json');
  });

  it('serves the API documents outside production, and in production only when asked', () => {
    expect(loadEnv({ NODE_ENV: 'production' }).apiDocs).toBe(false);
    expect(loadEnv({ NODE_ENV: 'production', API_DOCS: 'true' }).apiDocs).toBe(true);
    expect(loadEnv({ API_DOCS: 'false' }).apiDocs).toBe(false);
  });

  it('turns demo data off in production and refuses to turn it on there', () => {
    expect(loadEnv({ NODE_ENV: 'production' }).demoData).toBe(false);
    expect(() => loadEnv({ NODE_ENV: 'production', DEMO_DATA: 'true' })).toThrow(EnvError);
  });

  it('runs the demo publisher only in a demo installation, and never in production', () => {
    expect(loadEnv({ DEMO_ADVANCE_SECONDS: '5' }).demoAdvanceSeconds).toBe(5);
    expect(loadEnv({ DEMO_ADVANCE_SECONDS: '0' }).demoAdvanceSeconds).toBe(0);
    expect(loadEnv({ DEMO_DATA: 'false' }).demoAdvanceSeconds).toBe(0);
    expect(loadEnv({ NODE_ENV: 'production' }).demoAdvanceSeconds).toBe(0);
    expect(() => loadEnv({ NODE_ENV: 'production', DEMO_ADVANCE_SECONDS: '60' })).toThrow(
      /DEMO_ADVANCE_SECONDS cannot be set when NODE_ENV=production/,
    );
    expect(() => loadEnv({ DEMO_ADVANCE_SECONDS: '-1' })).toThrow(/DEMO_ADVANCE_SECONDS/);
  });

  it('gives a shutdown ten seconds unless told otherwise, and refuses a limit below two', () => {
    expect(loadEnv({}).shutdownTimeoutSeconds).toBe(10);
    expect(loadEnv({ SHUTDOWN_TIMEOUT_SECONDS: '30' }).shutdownTimeoutSeconds).toBe(30);
    expect(() => loadEnv({ SHUTDOWN_TIMEOUT_SECONDS: '1' })).toThrow(/SHUTDOWN_TIMEOUT_SECONDS/);
  });

  it('monitors live links by default, at a demo pace and through loopback only in a demo', () => {
    expect(loadEnv({ NODE_ENV: 'production' }).linkMonitoring).toEqual({
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
    expect(() => loadEnv({ NODE_ENV: 'production', LINK_CHECK_ALLOW_LOOPBACK: 'true' })).toThrow(
      /LINK_CHECK_ALLOW_LOOPBACK cannot be enabled when NODE_ENV=production/,
    );
    expect(() => loadEnv({ NODE_ENV: 'production', LINK_CHECK_DEMO_PACE_SECONDS: '5' })).toThrow(
      /LINK_CHECK_DEMO_PACE_SECONDS cannot be set when NODE_ENV=production/,
    );
    expect(() => loadEnv({ LINK_CHECK_CONCURRENCY: '0' })).toThrow(/LINK_CHECK_CONCURRENCY/);
    expect(() => loadEnv({ LINK_CHECK_INTERVAL_HOURS: '0' })).toThrow(/LINK_CHECK_INTERVAL_HOURS/);
  });

  it('reads TRUST_PROXY as no proxy, a hop count, a list of proxies, or every hop', () => {
    const trust = (value: string, nodeEnv = 'development') =>
      loadEnv({ NODE_ENV: nodeEnv, TRUST_PROXY: value }).trustProxy;
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
    expect(() => loadEnv({ NODE_ENV: 'production', TRUST_PROXY: 'true' })).toThrow(
      /TRUST_PROXY=true cannot be used when NODE_ENV=production/,
    );
    expect(() => loadEnv({ NODE_ENV: 'production', TRUST_PROXY: 'yes' })).toThrow(EnvError);
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

  it('names each invalid variable', () => {
    expect(() => loadEnv({ PORT: 'eighty', JWT_SECRET: 'short', LOG_LEVEL: 'loud' })).toThrow(
      /PORT: .*\n.*JWT_SECRET: JWT_SECRET must be at least 32 characters long\n.*LOG_LEVEL/,
    );
  });
});
