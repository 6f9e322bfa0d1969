/**
 * Variables of a production installation that starts (decision 198): PostgreSQL, S3, SMTP, the
 * portal's address and the seller. Tests of one setting spread it and change that setting.
 */
export const PRODUCTION_ENV = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://portal:pw@db:5432/portal',
  JWT_SECRET: 'x'.repeat(40),
  FILE_STORE: 's3',
  S3_BUCKET: 'portal-files',
  S3_REGION: 'eu-central-1',
  SMTP_URL: 'smtp://mail.example.com:587',
  PUBLIC_URL: 'https://portal.example.com',
  SELLER_NAME: 'Portal GmbH',
  SELLER_ADDRESS: 'Hauptstraße 1, 10115 Berlin, Germany',
  SELLER_VAT_ID: 'DE999999999',
  SELLER_BANK_ACCOUNT: 'IBAN DE02 1203 0000 0000 2020 51',
} as const;
