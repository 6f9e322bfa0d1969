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
import type { JobRunner } from './jobs/job-runner.ts';

const shared = {
  db: {},
  now: () => new Date('2026-03-02T09:00:00Z'),
  options: {},
  logger: {},
  log: () => {},
  mail: {},
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

  it('gives every handled kind to the job queue, each recurring wrapper in turn, and a kind with a worker of its own to that worker', () => {
    const wrapped: string[] = [];
    const wrap = (label: string) =>
      provide([], () => (jobs: JobRunner) => {
        wrapped.push(label);
        return jobs;
      });
    const modules: ServerModule[] = [
      {
        name: 'first',
        jobs: { 'kind-a': { handler: provide([], () => async () => {}), recurring: wrap('a') } },
      },
      {
        name: 'second',
        jobs: {
          'kind-b': { handler: provide([], () => async () => {}), recurring: wrap('b') },
          'kind-c': {
            handler: provide([], () => async () => {}),
            recurring: wrap('c'),
            worker: 'linkMonitor',
          },
        },
      },
    ];
    const { services, workers } = composeServices(shared, modules);
    expect(wrapped).toEqual(['a', 'b', 'c']);
    expect(typeof services.jobs.runNext).toBe('function');
    expect([...workers.keys()]).toEqual(['linkMonitor']);
  });
});
