import { SectionPage } from './section-page.tsx';

export function Component() {
  return (
    <SectionPage
      title="Content guidelines"
      description="Tell writers your preferred topics, link placement and trust links."
      emptyTitle="No guidelines saved yet"
      emptyDescription="The guidelines form appears here."
    />
  );
}
