import { useParams } from 'react-router';
import { ReceiptScreen } from '@/features/orders/components/receipt-screen';

/** /orders/{paymentId}/receipt: a checkout's printable receipt. */
export default function ReceiptRoute() {
  const { paymentId = '' } = useParams();
  return <ReceiptScreen key={paymentId} paymentId={paymentId} />;
}
