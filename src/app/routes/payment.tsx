import { ComingSoon } from '@/components/coming-soon';

export default function PaymentScreen() {
  return <ComingSoon title="Shipping" what="The shipping form" />;
}
