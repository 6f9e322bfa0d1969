import { useState } from 'react';

import { Button } from '#src/components/button.tsx';
import { MUTATION_ERROR_TITLE } from '#src/lib/query-client.ts';
import { toast } from '#src/lib/toast-store.ts';

import { downloadOrderItems } from '../api/requests.ts';

/** Downloads the order's items as CSV (GET /orders/{id}/items/exports). */
export function ExportItemsButton({ order }: { order: { id: string; number: string } }) {
  const [isRunning, setRunning] = useState(false);
  const run = async () => {
    setRunning(true);
    try {
      await downloadOrderItems(order);
    } catch (error) {
      toast({
        title: MUTATION_ERROR_TITLE,
        description:
          error instanceof Error && error.message
            ? error.message
            : 'There was a problem with your request.',
        variant: 'destructive',
        action: { label: 'Try again', onClick: () => void run() },
      });
    } finally {
      setRunning(false);
    }
  };
  return (
    <Button variant="secondary" size="sm" loading={isRunning} onClick={() => void run()}>
      {isRunning ? 'Exporting…' : 'Export items'}
    </Button>
  );
}
