import { hostnameToUnicode } from '#contract/idna.ts';
import { Badge } from '#src/components/badge.tsx';
import { Button } from '#src/components/button.tsx';
import { useLiveStore } from '#src/hooks/use-live-store.ts';
import { dismissOutboxEntry } from '#src/lib/outbox.ts';
import { formatMoney } from '#src/utils/format.ts';

import { type CartLineDraft, listCartLineDrafts } from '../api/cart-lines.ts';

/** The cart lines kept on this device, live. */
export function useCartLineDrafts(): CartLineDraft[] | undefined {
  return useLiveStore((db) => listCartLineDrafts(db), [], undefined);
}

/** Lines added offline: waiting to be sent, or refused by the server with the reason. */
export function CartLineDrafts({ drafts }: { drafts: readonly CartLineDraft[] }) {
  if (drafts.length === 0) return null;
  return (
    <section aria-labelledby="cart-drafts-heading" className="border-b border-slate-100 px-5 py-4">
      <h3 id="cart-drafts-heading" className="text-sm font-semibold text-slate-900">
        Added on this device
      </h3>
      <ul className="mt-2 divide-y divide-slate-100">
        {drafts.map((draft) => (
          <li key={draft.id} className="flex flex-wrap items-start justify-between gap-3 py-2.5">
            <div className="min-w-0 text-sm">
              <p className="font-medium text-slate-900">
                {hostnameToUnicode(draft.summary.hostname)}{' '}
                <span className="font-normal text-slate-600">
                  · {draft.summary.articles} {draft.summary.articles === 1 ? 'article' : 'articles'}{' '}
                  · {draft.summary.linkType} · {draft.summary.plan} ·{' '}
                  {formatMoney(draft.summary.total)}
                </span>
              </p>
              {draft.refusal ? (
                <p className="mt-0.5 text-sm text-red-700">Not added: {draft.refusal}</p>
              ) : null}
            </div>
            <div className="flex items-center gap-2">
              {draft.refusal ? (
                <>
                  <Badge variant="destructive">Not added</Badge>
                  <Button
                    size="sm"
                    variant="secondary"
                    aria-label={`Remove ${hostnameToUnicode(draft.summary.hostname)} line that was not added`}
                    onClick={() => void dismissOutboxEntry(draft.id)}
                  >
                    Remove
                  </Button>
                </>
              ) : (
                <Badge variant="warning">Waiting to sync</Badge>
              )}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
