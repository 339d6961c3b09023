import { AddBookScreen } from '@/features/add-book/components/add-book-screen';

export default function AddBookRoute() {
  return <AddBookScreen />;
}
