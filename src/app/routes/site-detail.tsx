import { useParams, useSearchParams } from 'react-router';
import { SiteDetailView } from '#src/features/catalogue/components/site-detail.tsx';
import { rememberedDomain } from '#src/features/domains/selected-domain.ts';

/** /sites/:id — the detail of one catalogue site for the chosen buyer domain. */
export function Component() {
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  // The catalogue's links do not carry the domain yet; until they do, the dashboard's last choice.
  const buyerDomain = params.get('buyer_domain') ?? rememberedDomain();
  return <SiteDetailView key={id} id={id} buyerDomain={buyerDomain || null} />;
}
