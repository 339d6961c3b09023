import { SalesScreen } from '@/features/sales/components/sales-screen';

export default function SalesRoute() {
  return <SalesScreen />;
}
