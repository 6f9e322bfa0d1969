import { useParams, useSearchParams } from 'react-router';

import { CartPanel } from '#src/features/cart/components/cart-panel.tsx';
import { SiteDetailView } from '#src/features/catalogue/components/site-detail.tsx';
import { rememberedDomain } from '#src/features/domains/selected-domain.ts';
import { lastListRoute } from '#src/lib/list-route-memory.ts';

import { BuyingPage } from '../buying-page.tsx';
import { useBuyPanel } from '../hooks/use-buy-panel.tsx';

/** /sites/:id — the detail of one catalogue site for the chosen buyer domain, with Buy. */
export function Component() {
  return (
    <BuyingPage
      title="Site details"
      loadingLabel="Loading the site"
      what="The catalogue of sites is"
    >
      <SiteDetail />
    </BuyingPage>
  );
}

function SiteDetail() {
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  // The catalogue's links do not carry the domain yet; until they do, the dashboard's last choice.
  const buyerDomain = params.get('buyer_domain') ?? rememberedDomain();
  const { renderBuyAction, panel } = useBuyPanel();
  return (
    <>
      <SiteDetailView
        key={id}
        id={id}
        buyerDomain={buyerDomain || null}
        renderBuyAction={renderBuyAction}
        backTo={lastListRoute()}
      />
      <CartPanel {...panel} nicheFilter={null} buyerDomainFilter={buyerDomain || null} />
    </>
  );
}
