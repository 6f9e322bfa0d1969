import { OrdersSection } from '../../features/orders/components/orders-section.tsx';
import { SavedViewsMenu } from '../../features/saved-views/components/saved-views-menu.tsx';

export function Component() {
  return <OrdersSection SavedViewsMenu={SavedViewsMenu} />;
}
