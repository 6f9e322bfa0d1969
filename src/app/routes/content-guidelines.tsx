import { ContentGuidelinesPage } from '#src/features/content-guidelines/components/content-guidelines-page.tsx';

import { BuyingPage } from '../buying-page.tsx';

export function Component() {
  return (
    <BuyingPage
      title="Content guidelines"
      loadingLabel="Loading your content guidelines"
      what="Content guidelines for writers are"
    >
      <ContentGuidelinesPage />
    </BuyingPage>
  );
}
