import { useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';

import type { Thread } from '#contract/conversations.ts';
import { hostnameToUnicode } from '#contract/idna.ts';
import { MEMBER_ROLE_LABELS } from '#contract/permissions.ts';
import { Alert } from '#src/components/alert.tsx';
import { SideSheet } from '#src/components/side-sheet.tsx';
import { Skeleton } from '#src/components/skeleton.tsx';
import { EmptyState, ErrorState, LoadingAnnouncement } from '#src/components/state-blocks.tsx';
import { useMemberRole } from '#src/features/profile/api/queries.ts';
import { useOnlineStatus } from '#src/hooks/use-online-status.ts';
import { ApiError, NetworkError } from '#src/lib/api-client.ts';
import { dismissOutboxEntry, type OutboxEntry } from '#src/lib/outbox.ts';

import type { QueuedMessage } from '../api/message-outbox.ts';
import { conversationQueries } from '../api/queries.ts';
import { useMarkThreadReadWhileOpen } from '../hooks/use-mark-thread-read.ts';
import { MessageComposer } from './message-composer.tsx';
import { AttachmentLink, ThreadEntries } from './thread-entries.tsx';

export interface ItemMessagesSheetProps {
  /** The item whose conversation it is; its number when the page knows it already. */
  item: { id: string; number?: string; companyId?: string };
  open: boolean;
  onClose: () => void;
  /** Shows a message's document (the app passes the stored-file link); else its name. */
  renderAttachment?: (file: { id: string; file_name: string }) => ReactNode;
}

function ThreadSkeleton() {
  return (
    <div className="flex flex-col gap-4">
      <LoadingAnnouncement>Loading messages…</LoadingAnnouncement>
      <Skeleton className="mx-auto h-4 w-48" />
      <Skeleton className="h-14 w-3/4" />
      <Skeleton className="ml-auto h-10 w-2/3" />
      <Skeleton className="h-16 w-3/4" />
    </div>
  );
}

/** Why the member reads the thread without a field to write in. */
function ReadOnlyNote({ companyId }: { companyId?: string }) {
  const { role } = useMemberRole(companyId);
  const text =
    role === 'buyer'
      ? 'As Buyer you write on the orders you placed.'
      : `${role ? `As ${MEMBER_ROLE_LABELS[role]}` : 'In your role'} you can read this conversation; Owners, Admins and Buyers write to the publisher.`;
  return <p className="w-full text-sm text-slate-600">{text}</p>;
}

/** The messages kept on this device for one item, waiting or refused. */
function useQueuedMessages(itemId: string, enabled: boolean): OutboxEntry<QueuedMessage>[] {
  const queued = useQuery({ ...conversationQueries.queued(), enabled });
  return (queued.data ?? []).filter((entry) => entry.variables.itemId === itemId);
}

/** Above the composer, so it stays in view however far the thread is scrolled. */
function OfflineCopyNote({ savedAt }: { savedAt: number }) {
  return (
    <Alert variant="info" className="w-full">
      You are offline: this is the copy saved on {dayjs(savedAt).format('DD/MM/YYYY HH:mm')}. New
      messages show when the connection returns.
    </Alert>
  );
}

function ThreadBody({
  thread,
  query,
  isOnline,
  queued,
  onDismiss,
}: {
  thread: Thread | undefined;
  query: {
    isError: boolean;
    error: Error | null;
    isPending: boolean;
    refetch: () => unknown;
  };
  isOnline: boolean;
  queued: OutboxEntry<QueuedMessage>[];
  onDismiss: (entry: OutboxEntry<QueuedMessage>) => void;
}) {
  if (!thread) {
    if (query.error instanceof NetworkError || (query.isPending && !isOnline))
      return (
        <EmptyState
          title="Not available offline"
          description="This conversation is not saved on this device. Open it once while online to read it offline."
        />
      );
    if (query.error instanceof ApiError && query.error.status === 404)
      return (
        <EmptyState
          title="No such conversation"
          description="This item is not one of your company's orders, or it no longer exists."
        />
      );
    if (query.isError)
      return (
        <ErrorState
          title="The messages could not be loaded."
          message={query.error?.message}
          onRetry={() => void query.refetch()}
        />
      );
    return <ThreadSkeleton />;
  }
  return (
    <div className="flex flex-col gap-4">
      {thread.entries.length === 0 && queued.length === 0 ? (
        <EmptyState
          title="No messages yet."
          description="Ask the publisher about the topic, the content or the publication."
        />
      ) : (
        <ThreadEntries entries={thread.entries} queued={queued} onDismiss={onDismiss} />
      )}
    </div>
  );
}

/**
 * An order item's conversation with the publisher (decision 213) in a side sheet, the whole
 * screen on a phone: the thread oldest first, asked for again every few seconds while open and
 * online, marked read as it is seen, and the field to write in for the roles that may.
 */
export function ItemMessagesSheet({
  item,
  open,
  onClose,
  renderAttachment = (file) => file.file_name,
}: ItemMessagesSheetProps) {
  const queryClient = useQueryClient();
  const isOnline = useOnlineStatus();
  const query = useQuery({ ...conversationQueries.thread(item.id), enabled: open });
  const thread = query.data;
  const queued = useQueuedMessages(item.id, open);
  useMarkThreadReadWhileOpen(item.id, thread, open && isOnline);
  const number = item.number ?? thread?.item_number;

  const dismiss = async (entry: OutboxEntry<QueuedMessage>) => {
    await dismissOutboxEntry(entry.id);
    await queryClient.invalidateQueries({ queryKey: conversationQueries.queued().queryKey });
  };

  return (
    <SideSheet
      open={open}
      onClose={onClose}
      title={number ? `Messages for item ${number}` : 'Messages'}
      bodyLabel="Conversation"
      description={
        thread ? `With the publisher of ${hostnameToUnicode(thread.site_hostname)}` : undefined
      }
      footer={
        thread ? (
          <>
            {isOnline ? null : <OfflineCopyNote savedAt={query.dataUpdatedAt} />}
            {thread.can_write ? (
              <MessageComposer itemId={item.id} itemNumber={number ?? thread.item_number} />
            ) : (
              <ReadOnlyNote companyId={item.companyId} />
            )}
          </>
        ) : undefined
      }
    >
      <AttachmentLink value={renderAttachment}>
        <ThreadBody
          thread={thread}
          query={query}
          isOnline={isOnline}
          queued={queued}
          onDismiss={(entry) => void dismiss(entry)}
        />
      </AttachmentLink>
    </SideSheet>
  );
}
