// How the app is put together from its modules (decision 189). Each server module exports one
// registration, `<name>Module` in `<name>.module.ts`: the services it offers, each built from the
// services it names as its needs; the kinds of job it handles; and its routes with the scope they
// are served in. createApp (server/app.ts) gives the shared parts (database, clock, options, logs,
// mail) and composes the modules: every offered service is built once, after the ones it needs.
//
// `Services` names every service and its type. The shared parts are declared here; a module adds
// the services it offers to it with `declare module '#server/composition.ts'`, as Fastify's own
// decorators are declared.
import type { FastifyBaseLogger, FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import type { AppOptions, WorkerRoles } from './app-options.ts';
import type { Clock } from './clock.ts';
import type { Database } from './db/database.ts';
import { createJobRunner, type JobHandler, type JobRunner } from './jobs/job-runner.ts';
import type { Schedule, ScheduleRule } from './jobs/schedules.ts';
import { MAIL_JOB, type MailQueue } from './mail/mail-queue.ts';
import type { Metrics } from './metrics/metrics.ts';
import type { FileStore } from './storage/file-store.ts';

/** The shared parts createApp gives every module. */
export interface SharedServices {
  db: Database;
  now: Clock;
  options: AppOptions;
  logger: FastifyBaseLogger;
  /** Logs a failure of background work at error level. */
  log: (message: string, error?: unknown) => void;
  /** Queues mail, sent by its own worker (server/mail). */
  mail: MailQueue;
  /** Where stored files' bytes live (server/storage, decision 194). */
  files: FileStore;
  /** What the metrics count and time (server/metrics, decision 201). */
  metrics: Metrics;
}

export interface Services extends SharedServices {
  /** The job queue and its worker, composed from the modules' jobs and their recurring ones. */
  jobs: JobRunner;
}

export type ServiceName = keyof Services;

/** How one thing is built: the services it needs, by name, and a factory given just those. */
export interface Provider<T> {
  readonly needs: readonly ServiceName[];
  readonly create: (deps: Services) => T;
}

export function provide<const Need extends ServiceName, T>(
  needs: readonly Need[],
  create: (deps: Pick<Services, Need>) => T,
): Provider<T> {
  return { needs, create };
}

/** A kind of job a module handles. */
export interface JobDeclaration {
  /** Runs one job of the kind. */
  handler: Provider<JobHandler>;
  /**
   * Queues the kind at the slots of a rule (jobs/schedules.ts), once per slot whatever the
   * number of processes; null: not in this installation (a demo's pace of 0, a feature off).
   */
  schedule?: Provider<ScheduleRule | null>;
  /**
   * Claimed by a worker of its own, decorated on the app under this name, so that its work never
   * waits behind other kinds (nor holds them back). Without it the kind goes to `jobs`.
   */
  worker?: keyof FastifyInstance;
}

/**
 * Where a module's routes are served: under a prefix, for anyone or for a signed-in buyer only;
 * `demo` routes only in a demo installation (decision 041).
 */
export const ROUTE_SCOPES = {
  /** Outside the API, for the probes of orchestrators and balancers (`/livez`, `/readyz`). */
  root: { prefix: '', signedIn: false },
  api: { prefix: '/api', signedIn: false },
  public: { prefix: '/api/v1/public', signedIn: false },
  common: { prefix: '/api/v1/common', signedIn: false },
  commonSignedIn: { prefix: '/api/v1/common', signedIn: true },
  buyer: { prefix: '/api/v1/buyer', signedIn: true },
  signedIn: { prefix: '/api/v1', signedIn: true },
  v1: { prefix: '/api/v1', signedIn: false },
  demo: { prefix: '/api/demo', signedIn: false },
} as const;

export type RouteScope = keyof typeof ROUTE_SCOPES;

export interface RouteDeclaration {
  scope: RouteScope;
  needs: readonly ServiceName[];
  register: (app: FastifyInstance, services: Services) => Promise<void>;
}

/** Serves `plugin` (an `xRoutes` function) in `scope` with the options built from services. */
export function serve<Options extends object>(
  scope: RouteScope,
  plugin: FastifyPluginAsyncZod<Options>,
  options: Provider<Options>,
): RouteDeclaration {
  return {
    scope,
    needs: options.needs,
    register: async (app, services) => {
      await app.register(plugin, options.create(services));
    },
  };
}

export interface ServerModule {
  name: string;
  /** The services the module offers others, by name. */
  services?: { [Name in ServiceName]?: Provider<Services[Name]> };
  /** The kinds of job it handles, by kind. */
  jobs?: Record<string, JobDeclaration>;
  routes?: readonly RouteDeclaration[];
  /** What it sets up on the root instance before any route: a parser, a hook on every request. */
  setup?: Provider<(app: FastifyInstance) => Promise<void> | void>;
}

export interface ComposedServices {
  services: Services;
  /** The workers of kinds that have their own, by the name they are decorated under. */
  workers: Map<keyof FastifyInstance, { runner: JobRunner; kind: string }>;
  /** The kinds the shared runner (`services.jobs`) handles. */
  sharedKinds: readonly string[];
  /** The recurring kinds of this installation with their rules. */
  schedules: readonly Schedule[];
  /** Whether this process works jobs of `kind`. */
  works(kind: string): boolean;
}

/**
 * Whether a process with these roles works a kind; refuses, naming them, kinds that no module
 * handles, so that a misspelt WORKERS never starts a process that works nothing.
 */
export function workerRoles(
  roles: WorkerRoles,
  known: readonly string[],
): (kind: string) => boolean {
  if (roles === 'all') return () => true;
  if (roles === 'none') return () => false;
  const unknown = roles.filter((kind) => !known.includes(kind));
  if (unknown.length > 0) {
    throw new Error(
      `WORKERS names ${unknown.length === 1 ? 'a kind' : 'kinds'} of job that no module handles: ${unknown.join(', ')}. The kinds are: ${[...known].sort().join(', ')}; or WORKERS=all or WORKERS=none.`,
    );
  }
  const selected = new Set(roles);
  return (kind) => selected.has(kind);
}

/**
 * Builds every service the modules offer, each once and after the ones it needs; fails at once,
 * naming them, when a need is offered by no module, a service is offered twice, or services need
 * each other in a circle.
 */
export function composeServices(
  shared: SharedServices,
  modules: readonly ServerModule[],
  { pollIntervalMs, roles = 'all' }: { pollIntervalMs?: number; roles?: WorkerRoles } = {},
): ComposedServices {
  const providers = new Map<string, Provider<unknown>>();
  const offer = (name: string, provider: Provider<unknown>, by: string) => {
    if (name in shared || providers.has(name)) {
      throw new Error(`The service "${name}" is offered twice (again by ${by})`);
    }
    providers.set(name, provider);
  };
  for (const module of modules) {
    for (const [name, provider] of Object.entries(module.services ?? {})) {
      offer(name, provider, module.name);
    }
  }
  const jobs = modules.flatMap((module) => Object.entries(module.jobs ?? {}));
  const works = workerRoles(roles, [MAIL_JOB, ...jobs.map(([kind]) => kind)]);
  const workers: ComposedServices['workers'] = new Map();
  const ownWorkerKinds = jobs.flatMap(([kind, job]) => (job.worker ? [kind] : []));
  const sharedJobs = jobs.filter(([, job]) => !job.worker);
  const sharedKinds = sharedJobs.map(([kind]) => kind);
  offer(
    'jobs',
    {
      needs: ['db', 'now', 'log', 'metrics', ...sharedJobs.flatMap(([, job]) => job.handler.needs)],
      create: (deps) =>
        createJobRunner({
          db: deps.db,
          now: deps.now,
          log: deps.log,
          onFailure: deps.metrics.jobFailed,
          pollIntervalMs,
          handlers: Object.fromEntries(
            sharedJobs.map(([kind, job]) => [kind, job.handler.create(pick(deps, job.handler))]),
          ),
          // Every process claims kinds no module handles any more, and fails them, by default.
          kinds:
            roles === 'all'
              ? { except: [MAIL_JOB, ...ownWorkerKinds] }
              : { only: sharedKinds.filter(works) },
        }),
    },
    'the job queue',
  );

  const built: Record<string, unknown> = { ...shared };
  const building: string[] = [];
  const resolve = (name: string, neededBy: string): unknown => {
    if (name in built) return built[name];
    const provider = providers.get(name);
    if (!provider)
      throw new Error(`${neededBy} needs the service "${name}", which no module offers`);
    if (building.includes(name)) {
      throw new Error(`Services need each other: ${[...building, name].join(' → ')}`);
    }
    building.push(name);
    built[name] = provider.create(depsFor(provider, `The service "${name}"`));
    building.pop();
    return built[name];
  };
  const depsFor = (provider: Provider<unknown>, neededBy: string) =>
    Object.fromEntries(
      provider.needs.map((need) => [need, resolve(need, neededBy)]),
    ) as unknown as Services;
  for (const name of providers.keys()) resolve(name, name);

  for (const [kind, job] of jobs) {
    if (!job.worker) continue;
    const runner = createJobRunner({
      db: shared.db,
      now: shared.now,
      log: shared.log,
      onFailure: shared.metrics.jobFailed,
      pollIntervalMs,
      handlers: { [kind]: job.handler.create(depsFor(job.handler, kind)) },
      kinds: { only: [kind] },
    });
    workers.set(job.worker, { runner, kind });
  }
  const schedules = jobs.flatMap(([kind, job]) => {
    const rule = job.schedule?.create(depsFor(job.schedule, kind)) ?? null;
    return rule ? [{ kind, rule }] : [];
  });
  return { services: built as unknown as Services, workers, sharedKinds, schedules, works };
}

/** Just the services a provider names. */
function pick(deps: Services, provider: Provider<unknown>): Services {
  return Object.fromEntries(
    provider.needs.map((need) => [need, deps[need]]),
  ) as unknown as Services;
}

/** Runs every module's setup, then serves their routes scope by scope, in the modules' order. */
export async function registerModules(
  app: FastifyInstance,
  modules: readonly ServerModule[],
  services: Services,
  { signedIn, demo }: { signedIn: onRequestAsyncHookHandler; demo: boolean },
): Promise<void> {
  for (const module of modules) {
    if (module.setup) await module.setup.create(services)(app);
  }
  for (const [scope, { prefix, signedIn: guarded }] of Object.entries(ROUTE_SCOPES)) {
    if (scope === 'demo' && !demo) continue;
    const routes = modules
      .flatMap((module) => module.routes ?? [])
      .filter((r) => r.scope === scope);
    if (routes.length === 0) continue;
    if (!guarded) {
      for (const route of routes) {
        await app.register(async (scoped) => route.register(scoped, services), { prefix });
      }
      continue;
    }
    await app.register(
      async (scoped) => {
        scoped.addHook('onRequest', signedIn);
        for (const route of routes) await route.register(scoped, services);
      },
      { prefix },
    );
  }
}
