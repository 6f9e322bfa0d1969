import type { QueryClient } from '@tanstack/react-query';

import { catalogueQueries } from '#src/features/catalogue/api/queries.ts';
import { domainQueries } from '#src/features/domains/api/queries.ts';

/**
 * What an upload or a finished import changes: the domains with their files and import statuses,
 * the competitor groups (kept under the domains' keys), and the catalogue, whose "already linked"
 * and "competitors" flags follow the imported lists.
 */
export async function refreshImportedLists(
  queryClient: QueryClient,
  { isFinished }: { isFinished: boolean },
): Promise<void> {
  const refreshes = [queryClient.invalidateQueries({ queryKey: domainQueries.all() })];
  if (isFinished)
    refreshes.push(queryClient.invalidateQueries({ queryKey: catalogueQueries.all() }));
  await Promise.all(refreshes);
}
