// How modules are composed: each service built once after what it names, and a wrong graph
// refused at start with the names involved.
import { describe, expect, it } from 'vitest';

import {
  composeServices,
  provide,
  type ServerModule,
  type Services,
  type SharedServices,
} from './composition.ts';
import { dailyAtUtc, every } from './jobs/schedules.ts';
import { createMetrics } from './metrics/metrics.ts';

const shared = {
  db: {},
  now: () => new Date('2026-03-02T09:00:00Z'),
  options: {},
  logger: {},
  log: () => {},
  mail: {},
  metrics: createMetrics(),
} as unknown as SharedServices;

/** A stand-in service value; the composer never looks inside one. */
const value = <Name extends keyof Services>(label: string) =>
  ({ label }) as unknown as Services[Name];

describe('composeServices', () => {
  it('builds each service once, after the services it names, and gives it only those', () => {
    const built: string[] = [];
    const given: Record<string, string[]> = {};
    const later: ServerModule = {
      name: 'favorites',
      services: {
        favorites: provide(['sites', 'db'], (deps) => {
          built.push('favorites');
          given.favorites = Object.keys(deps).sort();
          return value<'favorites'>('favorites');
        }),
      },
    };
    const earlier: ServerModule = {
      name: 'sites',
      services: {
        sites: provide(['db'], () => {
          built.push('sites');
          return value<'sites'>('sites');
        }),
      },
    };
    const { services } = composeServices(shared, [later, earlier]);
    expect(built).toEqual(['sites', 'favorites']);
    expect(given.favorites).toEqual(['db', 'sites']);
    expect(services.sites).toEqual({ label: 'sites' });
  });

  it('refuses a need no module offers, naming both', () => {
    const module: ServerModule = {
      name: 'favorites',
      services: { favorites: provide(['sites'], () => value<'favorites'>('favorites')) },
    };
    expect(() => composeServices(shared, [module])).toThrow(
      'The service "favorites" needs the service "sites", which no module offers',
    );
  });

  it('refuses a service offered twice', () => {
    const sites = (name: string): ServerModule => ({
      name,
      services: { sites: provide([], () => value<'sites'>(name)) },
    });
    expect(() => composeServices(shared, [sites('one'), sites('two')])).toThrow(
      'The service "sites" is offered twice (again by two)',
    );
    const db: ServerModule = { name: 'own-db', services: { db: provide([], () => shared.db) } };
    expect(() => composeServices(shared, [db])).toThrow('The service "db" is offered twice');
  });

  it('refuses services that need each other, naming the circle', () => {
    const module: ServerModule = {
      name: 'circle',
      services: {
        sites: provide(['favorites'], () => value<'sites'>('sites')),
        favorites: provide(['sites'], () => value<'favorites'>('favorites')),
      },
    };
    expect(() => composeServices(shared, [module])).toThrow(
      'Services need each other: sites → favorites → sites',
    );
  });

  it('gives every handled kind to the job queue, a kind with a worker of its own to that worker, and collects the schedules in force', () => {
    const modules: ServerModule[] = [
      {
        name: 'first',
        jobs: {
          'kind-a': {
            handler: provide([], () => async () => {}),
            schedule: provide([], () => every(60_000)),
          },
        },
      },
      {
        name: 'second',
        jobs: {
          'kind-b': {
            handler: provide([], () => async () => {}),
            schedule: provide([], () => null),
          },
          'kind-c': {
            handler: provide([], () => async () => {}),
            schedule: provide([], () => dailyAtUtc(2)),
            worker: 'linkMonitor',
          },
        },
      },
    ];
    const { services, workers, sharedKinds, schedules } = composeServices(shared, modules);
    expect(typeof services.jobs.runNext).toBe('function');
    expect([...workers.keys()]).toEqual(['linkMonitor']);
    expect(workers.get('linkMonitor')?.kind).toBe('kind-c');
    expect(sharedKinds).toEqual(['kind-a', 'kind-b']);
    expect(schedules.map(({ kind, rule }) => [kind, rule.label])).toEqual([
      ['kind-a', 'every 60 s'],
      ['kind-c', 'daily at 02:00 UTC'],
    ]);
  });

  it('works the kinds WORKERS names, and refuses a kind no module handles, naming it and the kinds there are', () => {
    const modules: ServerModule[] = [
      {
        name: 'first',
        jobs: {
          'kind-a': { handler: provide([], () => async () => {}) },
          'kind-b': { handler: provide([], () => async () => {}) },
        },
      },
    ];
    const some = composeServices(shared, modules, { roles: ['kind-a', 'mail'] });
    expect(['kind-a', 'kind-b', 'mail'].map(some.works)).toEqual([true, false, true]);
    expect(composeServices(shared, modules, { roles: 'none' }).works('kind-a')).toBe(false);
    expect(composeServices(shared, modules).works('kind-b')).toBe(true);
    expect(() => composeServices(shared, modules, { roles: ['kind-a', 'kind-z'] })).toThrow(
      'WORKERS names a kind of job that no module handles: kind-z. The kinds are: kind-a, kind-b, mail; or WORKERS=all or WORKERS=none.',
    );
  });
});
