import { useParams } from 'react-router';
import { OrderDetail } from '../../features/orders/components/order-detail.tsx';

export function Component() {
  const { id = '' } = useParams();
  return <OrderDetail key={id} id={id} />;
}
