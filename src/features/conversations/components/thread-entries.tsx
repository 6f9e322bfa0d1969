import { createContext, type ReactNode, use, useEffect, useRef } from 'react';

import type { ThreadEntry } from '#contract/conversations.ts';
import { Button } from '#src/components/button.tsx';
import type { OutboxEntry } from '#src/lib/outbox.ts';
import { cx } from '#src/utils/class-names.ts';
import { formatDateTime } from '#src/utils/format.ts';

import type { QueuedMessage } from '../api/message-outbox.ts';
import { hiddenForPublisherNote, hiddenForYouNote, THREAD_EVENT_LABELS } from '../labels.ts';
import { MessageText } from './message-text.tsx';

/**
 * How a message's document is shown: the app passes the orders' stored-file link (download and
 * preview); without it, its name.
 */
export const AttachmentLink = createContext<(file: { id: string; file_name: string }) => ReactNode>(
  (file) => file.file_name,
);

/** A message's document, under its bubble. */
function Attachment({ file }: { file: { id: string; file_name: string } }) {
  const render = use(AttachmentLink);
  return (
    <p className="flex max-w-[85%] flex-wrap items-center gap-1 text-sm text-slate-700">
      <span className="text-xs text-slate-600">Document:</span> {render(file)}
    </p>
  );
}

function Time({ value }: { value: string }) {
  return <time dateTime={value}>{formatDateTime(value)}</time>;
}

/** An event of the item, centred between the messages: its label, time and detail. */
function EventLine({ entry }: { entry: ThreadEntry }) {
  const label = entry.event ? THREAD_EVENT_LABELS[entry.event] : entry.author_name;
  return (
    <li className="mx-auto max-w-[90%] text-center text-xs text-slate-600">
      <p>
        <span className="font-semibold text-slate-800">{label}</span> ·{' '}
        <Time value={entry.created_at} />
      </p>
      {entry.text ? <MessageText text={entry.text} className="mt-0.5 text-slate-700" /> : null}
    </li>
  );
}

const BUBBLE = 'max-w-[85%] rounded-2xl px-3.5 py-2 text-sm';

/** A message: the member's own on the right, colleagues' there with their name, the publisher's left. */
function MessageBubble({ entry }: { entry: ThreadEntry }) {
  const isBuyerSide = entry.side === 'buyer';
  return (
    <li className={cx('flex flex-col gap-1', isBuyerSide ? 'items-end' : 'items-start')}>
      {entry.is_own ? (
        <span className="sr-only">You wrote:</span>
      ) : (
        <p className="text-xs font-medium text-slate-700">{entry.author_name}</p>
      )}
      {entry.text ? (
        <div
          className={cx(
            BUBBLE,
            entry.is_own
              ? 'rounded-br-sm bg-indigo-600 text-white'
              : isBuyerSide
                ? 'rounded-br-sm bg-indigo-50 text-slate-900 ring-1 ring-indigo-100'
                : 'rounded-bl-sm bg-white text-slate-900 ring-1 ring-slate-200',
          )}
        >
          <MessageText text={entry.text} />
        </div>
      ) : null}
      {entry.attachment ? <Attachment file={entry.attachment} /> : null}
      <p className={cx('max-w-[85%] text-xs text-slate-600', isBuyerSide && 'text-right')}>
        <Time value={entry.created_at} />
        {isBuyerSide && entry.read_by_publisher_at ? (
          <>
            {' · Read by the publisher '}
            <Time value={entry.read_by_publisher_at} />
          </>
        ) : null}
      </p>
      {entry.hidden_for_you.length > 0 ? (
        <p className="max-w-[85%] text-xs text-amber-800">
          {hiddenForYouNote(entry.hidden_for_you)}
        </p>
      ) : null}
      {entry.is_own && entry.hidden_for_publisher.length > 0 ? (
        <p className="max-w-[85%] text-right text-xs text-amber-800">
          {hiddenForPublisherNote(entry.hidden_for_publisher)}
        </p>
      ) : null}
    </li>
  );
}

/** A message written on this device that waits to be sent, or that the server refused. */
function QueuedBubble({
  entry,
  onDismiss,
}: {
  entry: OutboxEntry<QueuedMessage>;
  onDismiss: (entry: OutboxEntry<QueuedMessage>) => void;
}) {
  return (
    <li className="flex flex-col items-end gap-1">
      <span className="sr-only">You wrote:</span>
      <div
        className={cx(
          BUBBLE,
          'rounded-br-sm bg-indigo-50 text-slate-900 border border-dashed border-indigo-400',
        )}
      >
        {entry.variables.text ? <MessageText text={entry.variables.text} /> : null}
        {entry.variables.file ? (
          <p className={entry.variables.text ? 'mt-1 text-xs' : 'text-xs'}>
            Document: {entry.variables.file.name}
          </p>
        ) : null}
      </div>
      {entry.refusal === null ? (
        <p className="text-xs font-medium text-slate-700">Waiting to send</p>
      ) : (
        <div className="flex max-w-[85%] flex-wrap items-center justify-end gap-2 text-right text-xs text-red-700">
          <p>Not sent: {entry.refusal}</p>
          <Button size="sm" variant="ghost" onClick={() => onDismiss(entry)}>
            Dismiss
          </Button>
        </div>
      )}
    </li>
  );
}

/** The thread oldest first, then what waits on this device; the newest is scrolled into view. */
export function ThreadEntries({
  entries,
  queued,
  onDismiss,
}: {
  entries: ThreadEntry[];
  queued: OutboxEntry<QueuedMessage>[];
  onDismiss: (entry: OutboxEntry<QueuedMessage>) => void;
}) {
  const end = useRef<HTMLDivElement>(null);
  const count = entries.length + queued.length;
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [count]);
  return (
    <>
      <ol aria-label="Messages and events" className="flex flex-col gap-4">
        {entries.map((entry) =>
          entry.kind === 'event' ? (
            <EventLine key={entry.id} entry={entry} />
          ) : (
            <MessageBubble key={entry.id} entry={entry} />
          ),
        )}
        {queued.map((entry) => (
          <QueuedBubble key={entry.idempotencyKey} entry={entry} onDismiss={onDismiss} />
        ))}
      </ol>
      <div ref={end} />
    </>
  );
}
