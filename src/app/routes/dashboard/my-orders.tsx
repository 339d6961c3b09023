import { MyOrdersScreen } from '@/features/orders/components/my-orders-screen';
import { useAuth } from '@/lib/auth';

export default function MyOrdersRoute() {
  const { user } = useAuth();
  // The dashboard is behind the login guard: a signed-in user always has an email here.
  return <MyOrdersScreen email={user?.email ?? ''} />;
}
