import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';

import { orderKeys } from '#src/features/orders/api/query-keys.ts';

import { linkMonitoringQueries } from './queries.ts';

/**
 * Links change on the server's schedule. The overview (asked for every minute) is the signal: when
 * its counts change, a link somewhere changed health, so the lists and the order items that show
 * links are asked for again. Used once, by the signed-in layout's navigation.
 */
export function useFollowLinkHealth() {
  const queryClient = useQueryClient();
  const overview = useQuery(linkMonitoringQueries.overview());
  const fingerprint = overview.data
    ? JSON.stringify([overview.data.per_health, overview.data.issues_open])
    : null;
  const previous = useRef(fingerprint);
  useEffect(() => {
    if (fingerprint === null || fingerprint === previous.current) return;
    const isFirst = previous.current === null;
    previous.current = fingerprint;
    if (isFirst) return;
    void queryClient.invalidateQueries({ queryKey: orderKeys.all() });
    void queryClient.invalidateQueries({
      queryKey: linkMonitoringQueries.all(),
      predicate: (query) => query.queryKey[2] !== 'overview',
    });
  }, [fingerprint, queryClient]);
}
