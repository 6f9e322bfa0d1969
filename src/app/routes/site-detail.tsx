import { useCallback, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import type { Site } from '#contract/catalogue.ts';
import { BuyButton } from '#src/features/cart/components/buy-button.tsx';
import { CartPanel, type CartPanelSite } from '#src/features/cart/components/cart-panel.tsx';
import { SiteDetailView } from '#src/features/catalogue/components/site-detail.tsx';
import { rememberedDomain } from '#src/features/domains/selected-domain.ts';
import { lastListRoute } from '#src/lib/list-route-memory.ts';

/** /sites/:id — the detail of one catalogue site for the chosen buyer domain, with Buy. */
export function Component() {
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  // The catalogue's links do not carry the domain yet; until they do, the dashboard's last choice.
  const buyerDomain = params.get('buyer_domain') ?? rememberedDomain();
  const [panel, setPanel] = useState<{ site: CartPanelSite | null; open: boolean }>({
    site: null,
    open: false,
  });
  const renderBuyAction = useCallback(
    (site: Site) => (
      <BuyButton
        site={site}
        onBuy={() => setPanel({ site: { id: site.id, hostname: site.hostname }, open: true })}
      />
    ),
    [],
  );
  return (
    <>
      <SiteDetailView
        key={id}
        id={id}
        buyerDomain={buyerDomain || null}
        renderBuyAction={renderBuyAction}
        backTo={lastListRoute()}
      />
      <CartPanel
        site={panel.site}
        open={panel.open}
        onClose={() => setPanel((current) => ({ ...current, open: false }))}
        nicheFilter={null}
        buyerDomainFilter={buyerDomain || null}
      />
    </>
  );
}
