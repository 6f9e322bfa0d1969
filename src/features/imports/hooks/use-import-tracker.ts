import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';

import { IMPORT_MESSAGES } from '#contract/domains.ts';
import { paths } from '#src/config/paths.ts';
import { useLiveStore } from '#src/hooks/use-live-store.ts';
import { withExclusiveLock } from '#src/lib/locks.ts';
import { toast } from '#src/lib/toast-store.ts';

import { refreshImportedLists } from '../api/queries.ts';
import { countTrackedImports } from '../storage.ts';
import {
  IMPORT_POLLING_LOCK,
  type ImportEvent,
  importKindOf,
  pollWhileTracked,
} from '../tracker.ts';

/** Tabs that do not poll hear of finished imports here, to refresh without announcing. */
const CHANNEL_NAME = 'buyer-portal:imports';
const VIEW_ERRORS = 'View errors';

function openChannel(): BroadcastChannel | null {
  return typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL_NAME);
}

/**
 * Follows tracked imports while the buyer is signed in: this tab polls when it holds the lock,
 * announces each finished import once, and refreshes the lists the import changed in every tab.
 */
export function useImportTracker(): void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  // Read when a toast's button is pressed, so a navigation does not restart the polling.
  const navigateRef = useRef(navigate);
  useEffect(() => {
    navigateRef.current = navigate;
  }, [navigate]);
  const tracked = useLiveStore((db) => countTrackedImports(db), [], 0);
  const isTracking = tracked > 0;
  // Bumped when a polling run ends, so an import tracked at that very moment starts another.
  const [run, setRun] = useState(0);

  useEffect(() => {
    const channel = openChannel();
    if (!channel) return;
    channel.onmessage = () => void refreshImportedLists(queryClient, { isFinished: true });
    return () => channel.close();
  }, [queryClient]);

  useEffect(() => {
    if (!isTracking) return;
    const controller = new AbortController();
    const channel = openChannel();
    const viewErrors = {
      label: VIEW_ERRORS,
      onClick: () => void navigateRef.current(paths.domains),
    };

    const announce = (event: ImportEvent) => {
      if (event.type === 'complete') return;
      void refreshImportedLists(queryClient, { isFinished: true });
      channel?.postMessage(event.type);
      // The spec's message, prefixed with what was imported when this device knows it.
      const about = (message?: string) => {
        const subject = 'entry' in event ? event.entry.subject : undefined;
        if (!subject) return message;
        return message ? `${subject}: ${message}` : subject;
      };
      if (event.type === 'update') {
        const kind = importKindOf(event.entry);
        toast({
          title: IMPORT_MESSAGES.success,
          description: about(
            kind === 'competitors'
              ? IMPORT_MESSAGES.competitorsFinished
              : IMPORT_MESSAGES.referentsFinished,
          ),
          variant: 'success',
        });
      } else if (event.type === 'warning') {
        toast({
          title: IMPORT_MESSAGES.partial,
          description: about(IMPORT_MESSAGES.skipped),
          action: viewErrors,
        });
      } else if (event.type === 'failure') {
        toast({
          title: IMPORT_MESSAGES.failed,
          description: about(),
          variant: 'destructive',
          action: viewErrors,
        });
      } else {
        toast({ title: IMPORT_MESSAGES.statusesFailed, variant: 'destructive' });
      }
    };

    void withExclusiveLock(IMPORT_POLLING_LOCK, () =>
      pollWhileTracked(announce, controller.signal),
    ).finally(() => {
      if (!controller.signal.aborted) setRun((value) => value + 1);
    });
    return () => {
      controller.abort();
      channel?.close();
    };
  }, [isTracking, run, queryClient]);
}
