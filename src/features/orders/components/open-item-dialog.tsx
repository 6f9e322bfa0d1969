import type { OrderItem } from '#contract/order-items.ts';

import type { ItemActionResult } from '../api/item-actions.ts';
import type { ItemAction } from '../api/requests.ts';
import type { ItemDialog } from './item-columns.tsx';
import {
  ArticleLinkDialog,
  FeedbackDialog,
  TopicDialog,
  ViewFeedbackDialog,
} from './item-dialogs.tsx';
import { ItemGuidelinesDialog } from './item-guidelines-dialog.tsx';

/** The title of a "view feedback" dialog for the item. */
function viewedFeedbackTitle(type: ItemDialog, item: OrderItem): string {
  return type === 'view_topic_feedback'
    ? `Topic feedback for item ${item.number}`
    : type === 'view_content_feedback'
      ? `Content feedback for item ${item.number}`
      : `Webmaster feedback for item ${item.number}`;
}

/** The feedback a "view feedback" dialog shows. */
function viewedFeedback(type: ItemDialog, item: OrderItem) {
  return type === 'view_topic_feedback'
    ? item.topic.feedback
    : type === 'view_content_feedback'
      ? item.article.feedback
      : item.webmaster_feedback;
}

/**
 * The dialog a row's action opened for one item: a topic, an article link, feedback to write, the
 * guidelines or feedback to read. What is sent goes through `run`; a dialog closes itself once its
 * action was made or kept for later.
 */
export function OpenItemDialog({
  type,
  item,
  run,
  onClose,
}: {
  type: ItemDialog;
  item: OrderItem;
  run: (action: ItemAction) => Promise<ItemActionResult | null>;
  onClose: () => void;
}) {
  const { id, number } = item;
  switch (type) {
    case 'topic':
      return (
        <TopicDialog
          open
          itemNumber={number}
          initial={item.topic.content ?? ''}
          onClose={onClose}
          onSubmit={async (content) => Boolean(await run({ kind: 'topic', id, number, content }))}
        />
      );
    case 'article':
      return (
        <ArticleLinkDialog
          open
          itemNumber={number}
          initial={item.article.link ?? ''}
          onClose={onClose}
          onSubmit={async ({ link, file }) =>
            Boolean(await run({ kind: 'article', id, number, link, file }))
          }
        />
      );
    case 'topic_feedback':
    case 'content_feedback':
      return (
        <FeedbackDialog
          open
          kind={type === 'topic_feedback' ? 'topic' : 'content'}
          itemNumber={number}
          onClose={onClose}
          onSubmit={async ({ feedback, file }) =>
            Boolean(
              await run(
                type === 'topic_feedback'
                  ? { kind: 'topic_feedback', id, number, feedback }
                  : { kind: 'article_feedback', id, number, feedback, file },
              ),
            )
          }
        />
      );
    case 'guidelines':
      return (
        <ItemGuidelinesDialog
          open
          itemNumber={number}
          guidelines={item.content_guidelines}
          onClose={onClose}
        />
      );
    case 'view_topic_feedback':
    case 'view_content_feedback':
    case 'view_webmaster_feedback':
      return (
        <ViewFeedbackDialog
          open
          onClose={onClose}
          title={viewedFeedbackTitle(type, item)}
          feedback={viewedFeedback(type, item)}
        />
      );
  }
}
