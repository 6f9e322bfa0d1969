import { useParams, useSearchParams } from 'react-router';
import { SiteDetailView } from '#src/features/catalogue/components/site-detail.tsx';
import { getCookie } from '#src/lib/cookies.ts';

/** /sites/:id — the detail of one catalogue site for the chosen buyer domain. */
export function Component() {
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const buyerDomain = params.get('buyer_domain') ?? getCookie('selected_buyer_domain') ?? null;
  return <SiteDetailView key={id} id={id} buyerDomain={buyerDomain || null} />;
}
