/** How the layout follows the kept guidelines save (decision 087): what to refresh, what to say. */
import type { ContentGuidelines, ContentGuidelinesInput } from '#contract/content-guidelines.ts';
import type { OutboxSync } from '#src/hooks/use-outbox-sync.ts';

import { guidelinesSaveOutbox } from './guidelines-outbox.ts';
import { contentGuidelinesQueries } from './queries.ts';

export const guidelinesSaveSync: OutboxSync<ContentGuidelinesInput, ContentGuidelines> = {
  kind: guidelinesSaveOutbox,
  afterRound: async (_round, queryClient) => {
    await queryClient.invalidateQueries({ queryKey: contentGuidelinesQueries.all() });
    await queryClient.invalidateQueries({ queryKey: contentGuidelinesQueries.keptKey() });
  },
  sent: {
    title: 'Content guidelines saved',
    description: 'The changes you made offline are saved.',
  },
  refused: {
    title: 'Content guidelines not saved',
    description: 'See the content guidelines page for the reason.',
  },
};
