// The server process: reads the environment, opens and prepares the database, serves the API and
// the web app on one port, and shuts down on SIGTERM/SIGINT within SHUTDOWN_TIMEOUT_SECONDS
// (server/shutdown.ts).
import path from 'node:path';

import type { FastifyInstance } from 'fastify';

import type { DatabaseHandle } from './db/database.ts';
import { openDatabase } from './db/open-database.ts';
import { prepareDatabase } from './db/prepare.ts';
import { type Env, loadEnv } from './env.ts';
import { createReadableLogStream } from './http/readable-log.ts';
import { serializeRequest } from './http/request-log.ts';
import { describeTrustProxy } from './http/trust-proxy.ts';
import { resolveJwtSecret } from './jwt-secret.ts';
import { createMailer } from './mail/mailer.ts';
import { type ConnectionTracker, stopServer, trackConnections } from './shutdown.ts';
import { describeFileStore, openFileStore } from './storage/open-file-store.ts';

async function start(env: Env): Promise<void> {
  const startedAt = Date.now();
  const jwtSecret = resolveJwtSecret(env);
  // The embedded database starts in its own thread while this one loads the app's modules.
  const opening = openDatabase(env, (error) => {
    // The embedded database's thread ended on its own: nothing can be answered any more.
    console.error(error.message);
    process.exit(1);
  });
  const loading = import('./app.ts');
  loading.catch(() => {}); // awaited below, once the database is open
  const handle = await opening;
  const files = await openFileStore(env);
  let app: FastifyInstance | null = null;
  try {
    const { createApp } = await loading;
    const log = (message: string) => app?.log.info(message);
    app = await createApp({
      db: handle.db,
      jwtSecret,
      mailer: createMailer({
        smtpUrl: env.smtpUrl,
        from: env.mailFrom,
        mailDir: path.join(env.dataDir, 'mail'),
        log,
      }),
      publicUrl: env.publicUrl,
      salesEmail: env.salesEmail,
      files,
      staticDir: env.staticDir,
      accessTokenTtlSeconds: env.accessTokenTtlSeconds,
      refreshTokenIdleDays: env.refreshTokenIdleDays,
      logger: {
        level: env.logLevel,
        serializers: { req: serializeRequest },
        ...(env.logFormat === 'pretty' ? { stream: createReadableLogStream() } : {}),
      },
      quietRequests: env.logFormat === 'pretty',
      trustProxy: env.trustProxy,
      workers: env.workers,
      apiDocs: env.apiDocs,
      vat: { countryCode: env.sellerCountry, rateBasisPoints: env.vatRateBasisPoints },
      documentSeller: env.documentSeller,
      // The demo publisher and its control exist in a demo installation only (decision 041).
      demo: env.demoData ? { advanceSeconds: env.demoAdvanceSeconds } : null,
      overload: {
        databaseWaitMs: handle.expectedWaitMs,
        limits: { databaseWaitBudgetMs: env.databaseWaitBudgetMs },
      },
      linkMonitoring: {
        ...env.linkMonitoring,
        // The demo's article pages are served by this process (decision 145).
        selfAddress: {
          address: env.host === '0.0.0.0' || env.host === '::' ? '127.0.0.1' : env.host,
          port: env.port,
        },
      },
    });
    app.log.info(
      `Database: ${handle.driver === 'pglite' ? `PGlite in ${env.dataDir}` : 'PostgreSQL'}`,
    );
    const clientAddress = `Client address: ${describeTrustProxy(env.trustProxy)}`;
    // Refused in production (server/env.ts); elsewhere it still deserves a warning.
    if (env.trustProxy === true) {
      app.log.warn(`${clientAddress}, which any client can write: use a hop count instead`);
    } else app.log.info(clientAddress);
    app.log.info(`Files: ${describeFileStore(env)}`);
    await prepareDatabase(handle, {
      migrate: env.migrateOnStart,
      demoData: env.demoData,
      seedSites: env.seedSites,
      log,
      documents: { files, seller: env.documentSeller },
    });
    const connections = trackConnections(app.server);
    await app.listen({ port: env.port, host: env.host });
    // Background jobs (exports, monthly bills), queued mail and link checks, each with its own
    // worker, and the schedules of recurring kinds, for the kinds WORKERS names (all by default);
    // app.close() stops them and waits for their current job.
    app.background.start();
    app.log.info(`Ready in ${Date.now() - startedAt} ms at ${env.publicUrl}`);
    stopOnSignals(app, connections, handle, env.shutdownTimeoutSeconds * 1000);
  } catch (error) {
    await app?.close();
    await handle.close();
    throw error;
  }
}

function stopOnSignals(
  app: FastifyInstance,
  connections: ConnectionTracker,
  handle: DatabaseHandle,
  timeoutMs: number,
): void {
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal} received, shutting down`);
    await stopServer({ app, connections, closeDatabase: () => handle.close(), timeoutMs });
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));
}

try {
  await start(loadEnv());
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
