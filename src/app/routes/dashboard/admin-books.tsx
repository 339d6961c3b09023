import { AdminBooksScreen } from '@/features/add-book/components/admin-books-screen';

export default function AdminBooksRoute() {
  return <AdminBooksScreen />;
}
