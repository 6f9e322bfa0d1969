import { useQuery } from '@tanstack/react-query';

import { CountedLabel } from '#src/components/counted-label.tsx';

import { unreadMessagesQuery } from '../api/unread-messages.ts';

const inWords = (total: number) => `${total} ${total === 1 ? 'unread message' : 'unread messages'}`;

/**
 * The menu's "Orders" with the member's unread messages beside it, read as "Orders, 3 unread
 * messages"; the label alone when none is unread or the number is not known.
 */
export function UnreadMessagesCount({ label }: { label: string }) {
  const total = useQuery(unreadMessagesQuery).data?.total ?? 0;
  return (
    <CountedLabel
      label={label}
      count={total}
      spoken={inWords(total)}
      testId="unread-messages-count"
    />
  );
}

/**
 * What the phone's menu button says of unread messages, whose "Orders" entry is out of sight
 * until the menu opens: the description `id` names ("3 unread messages", read after the button's
 * name) and a red dot on the button.
 */
export function UnreadMessagesNote({ id }: { id: string }) {
  const total = useQuery(unreadMessagesQuery).data?.total ?? 0;
  return (
    <>
      <span id={id} hidden>
        {total > 0 ? inWords(total) : ''}
      </span>
      {total > 0 ? (
        <span
          aria-hidden="true"
          data-testid="unread-messages-dot"
          className="absolute top-1 right-1 size-2.5 rounded-full bg-red-600 ring-2 ring-white"
        />
      ) : null}
    </>
  );
}
