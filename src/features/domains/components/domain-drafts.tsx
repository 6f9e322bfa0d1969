import { hostnameToUnicode } from '#contract/idna.ts';
import { Badge } from '#src/components/badge.tsx';
import { Button } from '#src/components/button.tsx';
import { useLiveStore } from '#src/hooks/use-live-store.ts';
import { dismissOutboxEntry } from '#src/lib/outbox.ts';

import { type DomainDraft, listDomainDrafts } from '../api/domain-writes.ts';

/** The domain adds and deletes kept on this device, live. */
export function useDomainDrafts(): DomainDraft[] | undefined {
  return useLiveStore((db) => listDomainDrafts(db), [], undefined);
}

const WORDS = {
  add: { waiting: 'Will be added', refused: 'Not added' },
  delete: { waiting: 'Will be deleted', refused: 'Not deleted' },
} as const;

/** Changes made offline: waiting to be sent, or refused by the server with its reason. */
export function DomainDrafts({ drafts }: { drafts: readonly DomainDraft[] }) {
  if (drafts.length === 0) return null;
  return (
    <section
      aria-labelledby="domain-drafts-heading"
      className="mb-4 rounded-xl border border-amber-200 bg-amber-50/50 px-4 py-3"
    >
      <h2 id="domain-drafts-heading" className="text-sm font-semibold text-slate-900">
        Changes on this device
      </h2>
      <ul className="mt-1 divide-y divide-amber-100">
        {drafts.map((draft) => {
          const words = WORDS[draft.action];
          const hostname = hostnameToUnicode(draft.variables.hostname);
          return (
            <li key={draft.id} className="flex flex-wrap items-start justify-between gap-2 py-2">
              <div className="min-w-0 text-sm">
                <p className="font-medium break-all text-slate-900">{hostname}</p>
                {draft.refusal ? (
                  <p className="text-red-700">
                    {words.refused}: {draft.refusal}
                  </p>
                ) : null}
              </div>
              <div className="flex items-center gap-2">
                {draft.refusal ? (
                  <>
                    <Badge variant="destructive">{words.refused}</Badge>
                    <Button
                      size="sm"
                      variant="secondary"
                      aria-label={`Dismiss ${hostname}`}
                      onClick={() => void dismissOutboxEntry(draft.id)}
                    >
                      Dismiss
                    </Button>
                  </>
                ) : (
                  <Badge variant="warning">{words.waiting} when online</Badge>
                )}
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
