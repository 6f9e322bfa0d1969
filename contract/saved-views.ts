// Saved views: named filter sets and column layouts a buyer keeps per kind (spec §3 "Saved view
// kinds"). The value is the client's JSON (a query object or a column layout), stored as given.
import { z } from 'zod';

import { endpoint } from './endpoint.ts';
import { IdParamsSchema, NoContentSchema } from './endpoint-schemas.ts';
import { OWN_ACCOUNT } from './permissions.ts';

export const SAVED_VIEW_KINDS = [
  'site_filters',
  'site_columns',
  'order_columns',
  'order_item_columns',
  'order_article_columns',
  'order_topic_columns',
] as const;
export type SavedViewKind = (typeof SAVED_VIEW_KINDS)[number];

export const SAVED_VIEW_NAME_TAKEN_MESSAGE = 'A saved view with this name already exists.';
export const SAVED_VIEW_MAX_VALUE_BYTES = 64 * 1024;

const JsonValueSchema: z.ZodType<unknown> = z.json();

const ValueSchema = JsonValueSchema.refine(
  (value) => JSON.stringify(value).length <= SAVED_VIEW_MAX_VALUE_BYTES,
  { message: `The value must be at most ${SAVED_VIEW_MAX_VALUE_BYTES} bytes of JSON.` },
);

const NameSchema = z.string().trim().min(1, 'This value should not be blank.').max(100);

export const SavedViewSchema = z.object({
  id: z.uuid(),
  kind: z.enum(SAVED_VIEW_KINDS),
  name: z.string(),
  value: z.unknown(),
  is_favorite: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type SavedView = z.infer<typeof SavedViewSchema>;

export const SavedViewListSchema = z.object({ data: z.array(SavedViewSchema) });
export type SavedViewList = z.infer<typeof SavedViewListSchema>;

/** GET /saved-views?kind=site_filters: the caller's views of that kind (all kinds without it). */
export const SavedViewQuerySchema = z
  .object({ kind: z.enum(SAVED_VIEW_KINDS).optional() })
  .strict();

/** POST /saved-views. Names are unique per buyer and kind (409 with a `name` violation). */
export const SavedViewCreateSchema = z
  .object({
    kind: z.enum(SAVED_VIEW_KINDS),
    name: NameSchema,
    value: ValueSchema,
    is_favorite: z.boolean().optional(),
  })
  .strict();
export type SavedViewCreate = z.infer<typeof SavedViewCreateSchema>;

/** PUT /saved-views/{id}: rename, replace the value, mark or unmark as favourite. */
export const SavedViewUpdateSchema = z
  .object({
    name: NameSchema.optional(),
    value: ValueSchema.optional(),
    is_favorite: z.boolean().optional(),
  })
  .strict();
export type SavedViewUpdate = z.infer<typeof SavedViewUpdateSchema>;

const savedView = { access: 'buyer', tags: ['Saved views'] } as const;

export const savedViewEndpoints = {
  list: endpoint({
    ...savedView,
    method: 'GET',
    path: '/v1/buyer/saved-views',
    permission: OWN_ACCOUNT,
    summary: "The caller's saved views, of one kind with ?kind=",
    query: SavedViewQuerySchema,
    status: 200,
    response: SavedViewListSchema,
    errors: [400, 401, 403],
  }),
  create: endpoint({
    ...savedView,
    method: 'POST',
    path: '/v1/buyer/saved-views',
    permission: OWN_ACCOUNT,
    summary: 'Saves a filter set or column layout under a name unique per kind',
    body: SavedViewCreateSchema,
    status: 201,
    response: SavedViewSchema,
    errors: [400, 401, 403, 409],
  }),
  update: endpoint({
    ...savedView,
    method: 'PUT',
    path: '/v1/buyer/saved-views/{id}',
    permission: OWN_ACCOUNT,
    summary: 'Renames a saved view, replaces its value or marks it as favourite',
    params: IdParamsSchema,
    body: SavedViewUpdateSchema,
    status: 200,
    response: SavedViewSchema,
    errors: [400, 401, 403, 404, 409],
  }),
  remove: endpoint({
    ...savedView,
    method: 'DELETE',
    path: '/v1/buyer/saved-views/{id}',
    permission: OWN_ACCOUNT,
    summary: 'Deletes a saved view',
    params: IdParamsSchema,
    status: 204,
    response: NoContentSchema,
    errors: [400, 401, 403, 404],
  }),
};
