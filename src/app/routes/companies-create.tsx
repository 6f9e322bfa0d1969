import { SectionPage } from './section-page.tsx';

export function Component() {
  return (
    <SectionPage
      title="Add new company request"
      description="Request a new company account to buy under."
      emptyTitle="The company request form appears here."
    />
  );
}
