import { z } from 'zod';

export const PaginationSchema = z.object({
  page: z.number().int().min(1),
  limit: z.number().int().min(1),
  total: z.number().int().min(0),
});
export type Pagination = z.infer<typeof PaginationSchema>;

/** `{ data, pagination }`: the shape of every list answer. */
export function listOf<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), pagination: PaginationSchema });
}

/** More pages exist when total / limit is greater than page (spec §3). */
export function hasMorePages(p: Pagination): boolean {
  return p.total / p.limit > p.page;
}

/** The highest page number a list request may ask for. */
export const MAX_PAGE = 1_000_000;

/**
 * `?page=&limit=` of a list request: numbers from the query string, with defaults and a cap.
 * Strict like every query schema: a parameter the list does not know (`?user_id=…`) is refused
 * with a violation on it rather than silently ignored.
 */
export function pageQuerySchema(options: { defaultLimit: number; maxLimit: number }) {
  return z.strictObject({
    // A page past a million is past any list; bounded so the offset stays a number the database holds.
    page: z.coerce.number().int().min(1).max(MAX_PAGE).default(1),
    limit: z.coerce.number().int().min(1).max(options.maxLimit).default(options.defaultLimit),
  });
}
export type PageQuery = z.infer<ReturnType<typeof pageQuerySchema>>;

/** The query of a list that takes no parameter: any parameter is refused. */
export const NoQuerySchema = z.strictObject({});
