import { OrdersSection } from '#src/features/orders/components/orders-section.tsx';
import { SavedViewsMenu } from '#src/features/saved-views/components/saved-views-menu.tsx';

export function Component() {
  return <OrdersSection SavedViewsMenu={SavedViewsMenu} />;
}
