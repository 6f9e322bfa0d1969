import { ContentGuidelinesPage } from '#src/features/content-guidelines/components/content-guidelines-page.tsx';

export function Component() {
  return <ContentGuidelinesPage />;
}
