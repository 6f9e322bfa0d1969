import { SectionPage } from './section-page.tsx';

export function Component() {
  return (
    <SectionPage
      title="Checkout"
      description="Prices are in euro and exclude VAT."
      emptyTitle="Cart items appear here"
      emptyDescription="Placements you add from the catalogue are listed here for billing and payment."
    />
  );
}
