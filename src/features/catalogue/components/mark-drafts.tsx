import { hostnameToUnicode } from '#contract/idna.ts';
import { Alert } from '#src/components/alert.tsx';
import { Button } from '#src/components/button.tsx';
import { useLiveStore } from '#src/hooks/use-live-store.ts';
import { dismissOutboxEntry, listOutbox, type OutboxEntry } from '#src/lib/outbox.ts';

import { markChangeText } from '../api/mutations.ts';
import { type QueuedMark, siteMarksOutbox } from '../api/site-marks.ts';

export interface MarkDraftList {
  waiting: OutboxEntry<QueuedMark>[];
  refused: OutboxEntry<QueuedMark>[];
}

/** The favourite and blacklist changes kept on this device, live; undefined until read. */
export function useMarkDrafts(): MarkDraftList | undefined {
  return useLiveStore(
    async (db) => {
      const entries = await listOutbox(siteMarksOutbox, db);
      return {
        waiting: entries.filter((entry) => entry.refusal === null),
        refused: entries.filter((entry) => entry.refusal !== null),
      };
    },
    [],
    undefined,
  );
}

/** How many changes wait to be sent, and each one the server refused with its reason. */
export function MarkDrafts({ drafts }: { drafts: MarkDraftList }) {
  const { waiting, refused } = drafts;
  if (waiting.length === 0 && refused.length === 0) return null;
  return (
    <div className="mb-3 space-y-2">
      {waiting.length > 0 ? (
        <p className="text-sm text-slate-700">
          Waiting to sync: {waiting.length} favorite or blacklist{' '}
          {waiting.length === 1 ? 'change' : 'changes'} made offline.
        </p>
      ) : null}
      {refused.length > 0 ? (
        <Alert variant="error" title="Favorite and blacklist changes not saved">
          <ul className="mt-1 space-y-2">
            {refused.map((entry) => {
              const names = entry.variables.hostnames.map(hostnameToUnicode).join(', ');
              return (
                <li key={entry.id} className="flex flex-wrap items-start justify-between gap-2">
                  <span className="min-w-0 break-all">
                    Not {markChangeText(entry.variables)}: {names}. {entry.refusal}
                  </span>
                  <Button
                    size="sm"
                    variant="secondary"
                    aria-label={`Dismiss the change to ${names}`}
                    onClick={() => void dismissOutboxEntry(entry.id)}
                  >
                    Dismiss
                  </Button>
                </li>
              );
            })}
          </ul>
        </Alert>
      ) : null}
    </div>
  );
}
