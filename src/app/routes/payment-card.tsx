import { ComingSoon } from '@/components/coming-soon';

export default function PaymentCardScreen() {
  return <ComingSoon title="Pay price of the book" what="Card payment" />;
}
