import { SectionPage } from './section-page.tsx';

export function Component() {
  return (
    <SectionPage
      title="Your orders"
      description="Follow your placements from topic to live link."
      emptyTitle="No orders to show"
      emptyDescription="Orders you place appear here with their status, links and totals."
    />
  );
}
