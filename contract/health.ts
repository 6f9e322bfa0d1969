// The API's health (operations): liveness and readiness in one.
import { z } from 'zod';

import { endpoint } from './endpoint.ts';

export const HealthSchema = z.object({ status: z.literal('ok') });

export const healthEndpoints = {
  health: endpoint({
    method: 'GET',
    path: '/health',
    access: 'public',
    tags: ['Operations'],
    summary: 'Health of the API and its database',
    status: 200,
    response: HealthSchema,
    errors: [503],
  }),
};
