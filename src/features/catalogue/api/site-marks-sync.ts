import type { OutboxSync } from '#src/hooks/use-outbox-sync.ts';

import { catalogueQueries } from './queries.ts';
import { type QueuedMark, siteMarksOutbox } from './site-marks.ts';

/** Sends the marks kept offline, then shows the catalogue as the server has it. */
export const siteMarksSync: OutboxSync<QueuedMark, null> = {
  kind: siteMarksOutbox,
  afterRound: async (round, queryClient) => {
    if (round.sent === 0) return;
    await queryClient.invalidateQueries({ queryKey: catalogueQueries.lists() });
  },
  sent: {
    title: 'Favorites and blacklist synced',
    description: 'The changes made offline are saved.',
  },
  refused: {
    title: 'Some favorite or blacklist changes were not saved',
    description: 'See the catalogue for the reason.',
  },
};
