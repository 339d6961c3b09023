import { ComingSoon } from '@/components/coming-soon';

export default function MyOrdersScreen() {
  return <ComingSoon title="My Orders" what="The order list" />;
}
