import type { ReactNode } from 'react';
import { PageHeader } from '#src/components/page-header.tsx';
import { EmptyState } from '#src/components/state-blocks.tsx';

/** A section whose content is not available yet: its heading and an honest empty state. */
export function SectionPage({
  title,
  description,
  emptyTitle,
  emptyDescription,
  actions,
}: {
  title: string;
  description?: string;
  emptyTitle: string;
  emptyDescription?: string;
  actions?: ReactNode;
}) {
  return (
    <>
      <PageHeader title={title} description={description} actions={actions} />
      <EmptyState title={emptyTitle} description={emptyDescription} />
    </>
  );
}
