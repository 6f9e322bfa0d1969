import type { BuyerDomain } from '#contract/domains.ts';
import { hostnameToUnicode } from '#contract/idna.ts';
import { ConfirmDialog } from '#src/components/confirm-dialog.tsx';
import { toast } from '#src/lib/toast-store.ts';

import { useRemoveDomain } from '../api/mutations.ts';

/**
 * Asks before deleting a domain, then deletes it: at once online, or kept on this device and sent
 * when the connection returns; a toast says which.
 */
export function DeleteDomainDialog({
  domain,
  onClose,
}: {
  domain: BuyerDomain | null;
  onClose: () => void;
}) {
  const remove = useRemoveDomain();
  return (
    <ConfirmDialog
      open={domain !== null}
      onClose={onClose}
      title={`Delete ${domain ? hostnameToUnicode(domain.hostname) : 'domain'}?`}
      description="Its referring-domain list and competitor groups are removed. Cart lines and orders for it keep its name."
      confirmLabel="Delete domain"
      destructive
      pending={remove.isPending}
      onConfirm={() => {
        if (!domain) return;
        const name = hostnameToUnicode(domain.hostname);
        remove.mutate(
          { id: domain.id, hostname: domain.hostname },
          {
            onSuccess: (result) =>
              toast(
                result.status === 'sent'
                  ? {
                      title: 'Domain deleted',
                      description: `${name} was deleted.`,
                      variant: 'success',
                    }
                  : {
                      title: 'Saved on this device',
                      description: `${name} will be deleted when the connection returns.`,
                    },
              ),
            onSettled: onClose,
          },
        );
      }}
    />
  );
}
