import { AdminOrdersScreen } from '@/features/admin-orders/components/admin-orders-screen';

export default function AdminOrdersRoute() {
  return <AdminOrdersScreen />;
}
