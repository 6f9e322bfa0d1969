// The process environment, parsed and checked once at start. Nothing else in server/ reads
// process.env: the entry points pass the parsed values on.
import { z } from 'zod';
import { DEMO_DOCUMENT_SELLER, type DocumentSeller } from './modules/files/document-seller.ts';

const flag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// or postgresql:// URL')
    .optional(),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters long').optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(900),
  DEMO_DATA: flag.optional(),
  SEED_SITES: z.coerce.number().int().min(0).max(2_000_000).default(100_000),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'SMTP_URL must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Buyer portal <no-reply@localhost>'),
  STATIC_DIR: z.string().min(1).default('dist'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  PUBLIC_URL: z.url().optional(),
  TRUST_PROXY: flag.default(false),
  SELLER_COUNTRY: z
    .string()
    .regex(/^[A-Za-z]{2}$/, 'SELLER_COUNTRY must be an ISO 3166-1 alpha-2 code such as DE')
    .transform((value) => value.toUpperCase())
    .default('DE'),
  SELLER_NAME: z.string().trim().min(1).default(DEMO_DOCUMENT_SELLER.name),
  SELLER_ADDRESS: z.string().trim().min(1).default(DEMO_DOCUMENT_SELLER.address),
  SELLER_VAT_ID: z.string().trim().min(1).default(DEMO_DOCUMENT_SELLER.vatId),
  SELLER_BANK_ACCOUNT: z.string().trim().min(1).default(DEMO_DOCUMENT_SELLER.bankAccount),
  VAT_RATE: z
    .string()
    .regex(/^\d{1,2}(\.\d{1,2})?$/, 'VAT_RATE must be a percent such as 19 or 7.7')
    .default('19'),
  DEMO_ADVANCE_SECONDS: z.coerce.number().int().min(0).max(86_400).optional(),
});

export const DEFAULT_DEMO_ADVANCE_SECONDS = 60;

export interface Env {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  jwtSecret?: string;
  accessTokenTtlSeconds: number;
  demoData: boolean;
  seedSites: number;
  smtpUrl?: string;
  mailFrom: string;
  staticDir: string;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Origin of the web app for links in mails; defaults to http://localhost:PORT. */
  publicUrl: string;
  trustProxy: boolean;
  /** ISO alpha-2 country of the seller (decision 030). */
  sellerCountry: string;
  /** The seller's standard VAT rate in basis points: 1900 = 19 %. */
  vatRateBasisPoints: number;
  /** SELLER_NAME, SELLER_ADDRESS, SELLER_VAT_ID, SELLER_BANK_ACCOUNT: printed on invoices. */
  documentSeller: DocumentSeller;
  /**
   * Seconds the demo publisher lets a paid item rest before its next step (decision 041); 0 is
   * off. Default 60 in a demo installation (DEMO_DATA), 0 otherwise.
   */
  demoAdvanceSeconds: number;
}

export class EnvError extends Error {
  constructor(problems: string[]) {
    super(`Invalid environment:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'EnvError';
  }
}

export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  // An empty variable (FOO=) counts as unset, as container tooling often writes them.
  const present = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''));
  const parsed = EnvSchema.safeParse(present);
  if (!parsed.success) {
    throw new EnvError(
      parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
    );
  }
  const env = parsed.data;
  const isProduction = env.NODE_ENV === 'production';
  const problems: string[] = [];
  if (env.DATABASE_URL && !env.JWT_SECRET) {
    problems.push(
      'JWT_SECRET must be set when DATABASE_URL is set: every API process has to sign tokens with the same secret.',
    );
  }
  if (isProduction && env.DEMO_DATA) {
    problems.push(
      'DEMO_DATA cannot be enabled when NODE_ENV=production: demo users have a public password.',
    );
  }
  if (isProduction && (env.DEMO_ADVANCE_SECONDS ?? 0) > 0) {
    problems.push(
      'DEMO_ADVANCE_SECONDS cannot be set when NODE_ENV=production: the demo publisher moves real orders.',
    );
  }
  if (problems.length > 0) throw new EnvError(problems);
  const demoData = env.DEMO_DATA ?? !isProduction;
  return {
    nodeEnv: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    dataDir: env.DATA_DIR,
    databaseUrl: env.DATABASE_URL,
    jwtSecret: env.JWT_SECRET,
    accessTokenTtlSeconds: env.ACCESS_TOKEN_TTL_SECONDS,
    demoData,
    seedSites: env.SEED_SITES,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    staticDir: env.STATIC_DIR,
    logLevel: env.LOG_LEVEL,
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
    trustProxy: env.TRUST_PROXY,
    sellerCountry: env.SELLER_COUNTRY,
    vatRateBasisPoints: percentToBasisPoints(env.VAT_RATE),
    documentSeller: {
      name: env.SELLER_NAME,
      address: env.SELLER_ADDRESS,
      vatId: env.SELLER_VAT_ID,
      bankAccount: env.SELLER_BANK_ACCOUNT,
    },
    demoAdvanceSeconds: env.DEMO_ADVANCE_SECONDS ?? (demoData ? DEFAULT_DEMO_ADVANCE_SECONDS : 0),
  };
}

/** "19" → 1900, "7.7" → 770, read digit by digit so that no floating point is involved. */
function percentToBasisPoints(percent: string): number {
  const [units = '0', decimals = ''] = percent.split('.');
  return Number(units) * 100 + Number(decimals.padEnd(2, '0'));
}
