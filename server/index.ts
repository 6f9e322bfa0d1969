// The server process: reads the environment, opens and prepares the database, serves the API and
// the web app on one port, and on SIGTERM/SIGINT drains for DRAIN_SECONDS (server/drain.ts), then
// shuts down within SHUTDOWN_TIMEOUT_SECONDS (server/shutdown.ts).
import path from 'node:path';

import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';

import { buildInfo } from './build-info.ts';
import { type DatabaseHandle, queryRows } from './db/database.ts';
import { openDatabase } from './db/open-database.ts';
import { prepareDatabase } from './db/prepare.ts';
import { drainThenStopOnSignals } from './drain.ts';
import { type Env, loadEnv } from './env.ts';
import { createReadableLogStream } from './http/readable-log.ts';
import { logBindings, serializeRequest } from './http/request-log.ts';
import { describeTrustProxy } from './http/trust-proxy.ts';
import { resolveJwtSecrets } from './jwt-secret.ts';
import { createMailer, describeMailTransport } from './mail/mailer.ts';
import { serveMetrics } from './metrics/metrics-server.ts';
import { type ConnectionTracker, stopServer, trackConnections } from './shutdown.ts';
import { describeFileStore, openFileStore } from './storage/open-file-store.ts';

async function start(env: Env): Promise<void> {
  const startedAt = Date.now();
  const jwtSecret = resolveJwtSecrets(env);
  let app: FastifyInstance | null = null;
  // The embedded database starts in its own thread while this one loads the app's modules.
  const opening = openDatabase(
    env,
    (error) => {
      // The embedded database's thread ended on its own: nothing can be answered any more.
      console.error(error.message);
      process.exit(1);
    },
    // A pooled connection lost while idle: the pool opens another, but the operator should know.
    (error) => {
      if (app) app.log.error({ err: error }, 'Database: a pooled connection failed while idle');
      else console.error(`Database: a pooled connection failed while idle: ${error.message}`);
    },
  );
  const loading = import('./app.ts');
  loading.catch(() => {}); // awaited below, once the database is open
  const handle = await opening;
  const files = await openFileStore(env);
  const mail = { smtpUrl: env.smtpUrl, mailDir: path.join(env.dataDir, 'mail') };
  try {
    const { createApp } = await loading;
    const log = (message: string) => app?.log.info(message);
    app = await createApp({
      db: handle.db,
      jwtSecret,
      mailer: createMailer({ ...mail, from: env.mailFrom, log }),
      publicUrl: env.publicUrl,
      salesEmail: env.salesEmail,
      files,
      staticDir: env.staticDir,
      accessTokenTtlSeconds: env.accessTokenTtlSeconds,
      refreshTokenIdleDays: env.refreshTokenIdleDays,
      logger: {
        level: env.logLevel,
        base: logBindings(buildInfo(env.appCommit)),
        serializers: { req: serializeRequest },
        ...(env.logFormat === 'pretty' ? { stream: createReadableLogStream() } : {}),
      },
      quietRequests: env.logFormat === 'pretty',
      trustProxy: env.trustProxy,
      workers: env.workers,
      apiDocs: env.apiDocs,
      build: buildInfo(env.appCommit),
      vat: { countryCode: env.sellerCountry, rateBasisPoints: env.vatRateBasisPoints },
      documentSeller: env.documentSeller,
      // The demo publisher and its control exist in a demo installation only (decision 041).
      demo: env.demoData ? { advanceSeconds: env.demoAdvanceSeconds } : null,
      overload: {
        databaseWaitMs: handle.expectedWaitMs,
        limits: { databaseWaitBudgetMs: env.databaseWaitBudgetMs },
      },
      processMetrics: env.metricsPort !== 0,
      databasePool: handle.poolCounts && { driver: handle.driver, counts: handle.poolCounts },
      linkMonitoring: {
        ...env.linkMonitoring,
        // The demo's article pages are served by this process (decision 145).
        selfAddress: {
          address: env.host === '0.0.0.0' || env.host === '::' ? '127.0.0.1' : env.host,
          port: env.port,
        },
      },
    });
    const { version, commit } = buildInfo(env.appCommit);
    app.log.info(`Buyer portal ${version}, commit ${commit}, NODE_ENV=${env.nodeEnv}`);
    app.log.info(`Database: ${await describeDatabase(handle, env)}`);
    app.log.info(`Mail: ${describeMailTransport(mail)}`);
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
    await startMetricsServer(app, env);
    await app.listen({ port: env.port, host: env.host });
    // Background jobs (exports, monthly bills), queued mail and link checks, each with its own
    // worker, and the schedules of recurring kinds, for the kinds WORKERS names (all by default);
    // app.close() stops them and waits for their current job.
    app.background.start();
    app.log.info(`Ready in ${Date.now() - startedAt} ms at ${env.publicUrl}`);
    stopOnSignals(app, connections, handle, env);
  } catch (error) {
    await app?.close();
    await handle.close();
    throw error;
  }
}

/** GET /metrics on METRICS_PORT, bound like the app (decision 201); closed with the app. */
async function startMetricsServer(app: FastifyInstance, env: Env): Promise<void> {
  if (env.metricsPort === 0) return;
  const metrics = await serveMetrics(app.metrics.registry, {
    host: env.host,
    port: env.metricsPort,
    log: (message, error) => app.log.error({ err: error }, message),
  });
  app.addHook('onClose', () => metrics.close());
  app.log.info(`Metrics: GET /metrics on port ${metrics.port}`);
}

/** The database's kind, where it is and the server's version, for the start-up log. */
async function describeDatabase(handle: DatabaseHandle, env: Env): Promise<string> {
  const [row] = await queryRows<{ server_version: string }>(handle.db, sql`show server_version`);
  const version = row?.server_version ?? 'of unknown version';
  if (handle.driver === 'pglite') return `PGlite (PostgreSQL ${version}) in ${env.dataDir}`;
  const pool = env.databasePool;
  return (
    `PostgreSQL ${version}, a pool of ${pool.size} connections, statement timeout ` +
    `${pool.statementTimeoutMs} ms, idle in transaction timeout ${pool.idleInTransactionTimeoutMs} ms`
  );
}

function stopOnSignals(
  app: FastifyInstance,
  connections: ConnectionTracker,
  handle: DatabaseHandle,
  env: Pick<Env, 'drainSeconds' | 'shutdownTimeoutSeconds'>,
): void {
  // Readiness turns off at the first signal; the process serves on for the drain (server/drain.ts).
  drainThenStopOnSignals({
    drainMs: env.drainSeconds * 1000,
    drain: () => app.readiness.drain(),
    log: (message) => app.log.info(message),
    stop: () =>
      stopServer({
        app,
        connections,
        closeDatabase: () => handle.close(),
        timeoutMs: env.shutdownTimeoutSeconds * 1000,
      }),
  });
}

try {
  await start(loadEnv());
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
