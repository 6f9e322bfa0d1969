import { useParams } from 'react-router';
import { SectionPage } from './section-page.tsx';

export function Component() {
  const { id = '' } = useParams();
  return (
    <SectionPage
      title={`Order ${id}`}
      emptyTitle="Order details are not available yet"
      emptyDescription="The order's items, topics, content and live links appear here."
    />
  );
}
