import { ComingSoon } from '@/components/coming-soon';

export default function BookCartScreen() {
  return <ComingSoon title="Your book cart" what="The book cart" />;
}
