import { PageHeader } from '#src/components/page-header.tsx';
import { ContentGuidelinesPage } from '#src/features/content-guidelines/components/content-guidelines-page.tsx';
import { RequiresPermission } from '#src/features/profile/components/requires-permission.tsx';

import { BuyingRefusal } from '../buying-refusal.tsx';

export function Component() {
  return (
    <RequiresPermission
      permission="catalogue.use"
      header={<PageHeader title="Content guidelines" />}
      loadingLabel="Loading your content guidelines"
      refusal={<BuyingRefusal what="Content guidelines for writers are" />}
    >
      {() => <ContentGuidelinesPage />}
    </RequiresPermission>
  );
}
