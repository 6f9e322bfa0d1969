import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

import {
  type ContentGuidelinesBody,
  GUIDELINES_SAVED_MESSAGE,
} from '#contract/content-guidelines.ts';
import { Alert } from '#src/components/alert.tsx';
import { Button } from '#src/components/button.tsx';
import { PageHeader } from '#src/components/page-header.tsx';
import { EmptyState, ErrorState, LoadingState } from '#src/components/state-blocks.tsx';
import { useOnlineStatus } from '#src/hooks/use-online-status.ts';
import { dismissOutboxEntry } from '#src/lib/outbox.ts';
import { toast } from '#src/lib/toast-store.ts';
import { formatDateTimeLong } from '#src/utils/format.ts';

import { useSaveGuidelines } from '../api/mutations.ts';
import { contentGuidelinesQueries } from '../api/queries.ts';
import { GuidelinesFileCard } from './guidelines-file-card.tsx';
import { GuidelinesForm, toFormValues } from './guidelines-form.tsx';

export const WAITING_TO_SAVE_TEXT = 'Your changes will be saved when you are back online.';

/**
 * Spec §2 `/content-guidelines`: the buyer's guidelines, readable offline from the persisted
 * cache; a save made offline waits on this device (decision 087) and the form shows it.
 */
export function ContentGuidelinesPage() {
  const queryClient = useQueryClient();
  const isOnline = useOnlineStatus();
  const query = useQuery(contentGuidelinesQueries.detail());
  const kept = useQuery(contentGuidelinesQueries.kept());
  const save = useSaveGuidelines();
  const [hasSaved, setHasSaved] = useState(false);

  const header = (
    <PageHeader
      title="Content guidelines"
      description="Tell writers your preferred topics, link placement and trust links. Every order you place gets a copy of them."
    />
  );

  if (!query.data) {
    // Offline the query waits (paused) rather than failing.
    if (!isOnline || query.fetchStatus === 'paused') {
      return (
        <>
          {header}
          <EmptyState
            title="You are offline"
            description="Your content guidelines have not been loaded on this device yet. They appear once you are back online."
          />
        </>
      );
    }
    if (query.isError) {
      return (
        <>
          {header}
          <ErrorState
            message="Your content guidelines could not be loaded."
            onRetry={() => void query.refetch()}
          />
        </>
      );
    }
    return (
      <>
        {header}
        <LoadingState label="Loading your content guidelines…" />
      </>
    );
  }

  const guidelines = query.data;
  const entry = kept.data ?? null;
  const isWaiting = entry !== null && entry.refusal === null;
  const initial = isWaiting ? entry.variables : toFormValues(guidelines);

  const onSave = async (values: ContentGuidelinesBody) => {
    const result = await save.mutateAsync(values);
    setHasSaved(true);
    toast(
      result.status === 'sent'
        ? {
            title: GUIDELINES_SAVED_MESSAGE,
            description: 'Writers of your next orders get these guidelines.',
            variant: 'success',
          }
        : { title: 'Saved on this device', description: WAITING_TO_SAVE_TEXT },
    );
  };

  const forget = async () => {
    if (!entry) return;
    await dismissOutboxEntry(entry.id);
    await queryClient.invalidateQueries({ queryKey: contentGuidelinesQueries.keptKey() });
  };

  const status = isWaiting ? (
    <span className="font-medium text-amber-700">Waiting to be saved</span>
  ) : guidelines.updated_at ? (
    <span>Last saved {formatDateTimeLong(guidelines.updated_at)}</span>
  ) : (
    <span>Not saved yet: the defaults are shown.</span>
  );

  return (
    <>
      {header}
      <div className="space-y-5">
        {!isOnline && !isWaiting ? (
          <Alert variant="info" title="You are offline">
            You see the guidelines last loaded on this device. Changes you save are kept here and
            saved when you are back online.
          </Alert>
        ) : null}
        {isWaiting ? (
          <Alert variant="info" title="Saved on this device">
            <p>{WAITING_TO_SAVE_TEXT}</p>
            <Button variant="ghost" size="sm" className="mt-1 -ml-2" onClick={forget}>
              Discard the waiting changes
            </Button>
          </Alert>
        ) : null}
        {entry && entry.refusal !== null ? (
          <Alert title="Changes made offline were not saved">
            <p>{entry.refusal}</p>
            <Button variant="ghost" size="sm" className="mt-1 -ml-2" onClick={forget}>
              Dismiss
            </Button>
          </Alert>
        ) : null}
        <GuidelinesForm
          key={`${guidelines.revision}:${entry?.id ?? 'none'}:${entry?.refusal ?? ''}`}
          initial={initial}
          onSave={onSave}
          isSaving={save.isPending}
          status={status}
          hasJustSaved={hasSaved}
        />
        <GuidelinesFileCard file={guidelines.custom_guidelines_file} isOnline={isOnline} />
      </div>
    </>
  );
}
