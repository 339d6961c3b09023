import { MyOrdersScreen } from '@/features/orders/components/my-orders-screen';

// The dashboard is behind the login guard: the API names the signed-in caller's checkouts.
export default function MyOrdersRoute() {
  return <MyOrdersScreen />;
}
