import { ComingSoon } from '@/components/coming-soon';

export default function BookScreen() {
  return <ComingSoon title="Books" what="The searchable book catalogue" />;
}
