import { ComingSoon } from '@/components/coming-soon';

export default function AllBooksScreen() {
  return <ComingSoon title="All Books" what="The full book list with Order Now" />;
}
