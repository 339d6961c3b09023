import { ComingSoon } from '@/components/coming-soon';

export default function AddBookScreen() {
  return <ComingSoon title="Add Book" what="Adding books to the catalogue" />;
}
