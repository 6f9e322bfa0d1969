import { useCallback, useState } from 'react';

import type { Site } from '#contract/catalogue.ts';
import { BuyButton } from '#src/features/cart/components/buy-button.tsx';
import type { CartPanelSite } from '#src/features/cart/components/cart-panel.tsx';

/**
 * Buy → cart panel, for a page that lists catalogue sites: `renderBuyAction` draws a site's Buy
 * button, which opens the cart panel on that site; `panel` is what the page gives its
 * `CartPanel` (the site, whether it is open, and how it closes). The site stays after closing, so
 * the panel's closing transition still shows it.
 */
export function useBuyPanel() {
  const [state, setState] = useState<{ site: CartPanelSite | null; open: boolean }>({
    site: null,
    open: false,
  });
  const renderBuyAction = useCallback(
    (site: Site) => (
      <BuyButton
        site={site}
        onBuy={() => setState({ site: { id: site.id, hostname: site.hostname }, open: true })}
      />
    ),
    [],
  );
  const onClose = useCallback(() => setState((current) => ({ ...current, open: false })), []);
  return { renderBuyAction, panel: { ...state, onClose } };
}
