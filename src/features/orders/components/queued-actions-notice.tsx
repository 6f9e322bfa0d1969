import { useQuery, useQueryClient } from '@tanstack/react-query';

import { Button } from '#src/components/button.tsx';
import { dismissOutboxEntry, type OutboxEntry } from '#src/lib/outbox.ts';

import { actionNumbers, type QueuedItemAction } from '../api/item-actions.ts';
import { orderQueries } from '../api/queries.ts';
import { actionPastTense } from '../hooks/use-item-actions.ts';

function describe(queued: OutboxEntry<QueuedItemAction>): string {
  const numbers = actionNumbers(queued.variables);
  const subject = numbers.length === 1 ? `Item ${numbers[0]}` : `Items ${numbers.join(', ')}`;
  return `${subject} was not ${actionPastTense(queued.variables)}`;
}

/**
 * Changes made offline that the server refused when they were sent (the item had moved on, for
 * example). They stay listed with the server's reason until the buyer dismisses them.
 */
export function QueuedActionsNotice() {
  const queryClient = useQueryClient();
  const queued = useQuery(orderQueries.queued());
  const refused = (queued.data ?? []).filter((entry) => entry.refusal !== null);
  if (refused.length === 0) return null;
  const dismiss = async (id: number) => {
    await dismissOutboxEntry(id);
    await queryClient.invalidateQueries({ queryKey: orderQueries.queued().queryKey });
  };
  return (
    <section
      role="alert"
      aria-labelledby="refused-actions-heading"
      className="mb-4 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900"
    >
      <h2 id="refused-actions-heading" className="font-semibold">
        Changes made offline that were not accepted
      </h2>
      <ul className="mt-2 space-y-2">
        {refused.map((entry) => (
          <li key={entry.id} className="flex flex-wrap items-center justify-between gap-2">
            <span>
              {describe(entry)}: {entry.refusal}
            </span>
            <Button
              size="sm"
              variant="secondary"
              aria-label={`Dismiss: ${describe(entry)}`}
              onClick={() => void dismiss(entry.id)}
            >
              Dismiss
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
