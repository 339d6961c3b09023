import { useEffect, useState } from 'react';
import type { AdminBook } from '@contract/books';
import { formatCents, toCents } from '@contract/money';
import { Pager } from '@/components/pager';
import { BookIcon } from '@/components/icons/book-icon';
import { TrashIcon } from '@/components/icons/trash-icon';
import { RowActionButton } from '@/components/row-action-button';
import { DashboardTable } from '@/components/dashboard-table';
import { EmptyNote } from '@/components/empty-state';
import { QueryView } from '@/components/query-view';
import { Spinner } from '@/components/spinner';
import { errorMessageOr } from '@/lib/api/error-message';
import { confirmDialog } from '@/lib/dialogs';
import { notify } from '@/lib/notify';
import { useListAddress, useSearchText } from '@/lib/use-list-address';
import { useGetAdminBooksQuery, useRemoveBookMutation } from '../api/admin-books-api';
import { EditBookPanel } from './edit-book-panel';
import { DashboardScreen } from '@/components/dashboard-screen';
import { SearchForm } from '@/components/search-form';
import type { Column } from '@/components/column-heads';

function StockCell({ book }: { book: AdminBook }) {
  return (
    <>
      <span className="font-medium tabular-nums">{book.stock}</span>
      {book.held > 0 && (
        <span className="block whitespace-nowrap text-xs text-base-content/70">
          {book.held} held
        </span>
      )}
    </>
  );
}

/**
 * Books (docs/product.md §2 Books): the live books, searchable by name or author and paged by the
 * server, each with Edit and Remove. The search, the page and the book being edited are in the
 * address (`?q=&page=&edit=`), so Back and a reload keep them.
 */
const BOOK_COLUMNS: readonly Column[] = [
  { label: 'Cover', className: 'w-14', srOnly: true },
  { label: 'Name' },
  { label: 'Author', className: 'hidden md:table-cell' },
  { label: 'Category', className: 'hidden lg:table-cell' },
  { label: 'Price', className: 'hidden text-right sm:table-cell' },
  { label: 'Stock', className: 'hidden text-right sm:table-cell' },
  { label: 'Actions', className: 'text-right' },
];

export function AdminBooksScreen() {
  const { params, page, navigate, goToPage } = useListAddress();
  const q = params.get('q') ?? '';
  const editId = params.get('edit');
  const [text, setText] = useSearchText(q);
  const [pending, setPending] = useState<string | null>(null);
  const { data, error, isError, isLoading, isFetching, refetch } = useGetAdminBooksQuery({
    q: q === '' ? undefined : q,
    page,
  });
  const [removeBook] = useRemoveBookMutation();

  const books = isError ? [] : (data?.books ?? []);
  const total = data?.total ?? 0;
  const pageCount = data ? Math.max(1, Math.ceil(data.total / data.limit)) : 1;
  const isRefreshing = isFetching && !isLoading;

  // The last book of the last page was removed (or the address named a page past the end).
  useEffect(() => {
    if (data && !isFetching && page > pageCount) goToPage(pageCount);
  });

  const editing = editId ? books.find((book) => book._id === editId) : undefined;
  if (editing) {
    return (
      <EditBookPanel key={editing._id} book={editing} onClose={() => navigate({ edit: null })} />
    );
  }

  const handleRemove = async (book: AdminBook) => {
    const confirmed = await confirmDialog({
      title: 'Remove this book?',
      text: `Remove ${book.name} from the catalogue? Carts will show it as unavailable; orders keep it.`,
      confirmText: 'Yes, remove it',
      danger: true,
    });
    if (!confirmed) return;
    setPending(book._id);
    try {
      await removeBook(book._id).unwrap();
      notify.success(`${book.name} was removed from the catalogue.`);
    } catch (removeError) {
      notify.error(errorMessageOr(removeError, 'The book could not be removed.'));
    } finally {
      setPending(null);
    }
  };

  return (
    <DashboardScreen
      eyebrow="Books"
      headingId="admin-books-heading"
      heading="Books in the catalogue"
      refreshing={isRefreshing}
    >
      <SearchForm
        name="Books"
        inputId="admin-book-search"
        label="Search by name or author"
        value={text}
        onChange={setText}
        onSearch={(q) => navigate({ q, page: null })}
        className="max-w-xl"
      />

      <QueryView
        query={{ isLoading, isError, error, refetch }}
        loading={<Spinner label="Loading the books…" />}
        errorText="Could not load the books."
        isEmpty={books.length === 0}
        empty={
          <EmptyNote icon={BookIcon}>
            {q ? `No book matches “${q}”.` : 'The catalogue has no books yet.'}
          </EmptyNote>
        }
      >
        <>
          <p className="text-sm text-base-content/70" aria-live="polite">
            {total === 1 ? '1 book' : `${total} books`}
            {q && ` matching “${q}”`}
          </p>
          {/* Phones: tighter cells, and price and stock under the name instead of columns. */}
          <DashboardTable tightOnPhones columns={BOOK_COLUMNS}>
            {books.map((book) => {
              const busy = pending === book._id;
              return (
                <tr key={book._id} className="hover:bg-base-200/40">
                  <td>
                    <img
                      src={book.image}
                      alt=""
                      width={40}
                      height={56}
                      loading="lazy"
                      className="h-14 w-10 rounded-md bg-base-200 object-cover"
                    />
                  </td>
                  <th scope="row" className="min-w-28 font-medium">
                    <span className="break-words">{book.name}</span>
                    <span className="block text-xs font-normal text-base-content/70 md:hidden">
                      {book.author}
                    </span>
                    <span className="mt-1 block text-xs font-normal text-base-content/80 sm:hidden">
                      {formatCents(toCents(book.price))} · {book.stock} in stock
                      {book.held > 0 && ` · ${book.held} held`}
                    </span>
                  </th>
                  <td className="hidden md:table-cell">{book.author}</td>
                  <td className="hidden capitalize lg:table-cell">{book.category}</td>
                  <td className="hidden text-right tabular-nums sm:table-cell">
                    {formatCents(toCents(book.price))}
                  </td>
                  <td className="hidden text-right sm:table-cell">
                    <StockCell book={book} />
                  </td>
                  <td>
                    <div className="flex flex-col items-end gap-2 sm:flex-row sm:justify-end">
                      <button
                        type="button"
                        aria-label={`Edit ${book.name}`}
                        disabled={busy}
                        onClick={() => navigate({ edit: book._id })}
                        className="btn btn-outline btn-primary btn-xs whitespace-nowrap rounded-lg normal-case sm:btn-sm"
                      >
                        Edit
                      </button>
                      <RowActionButton
                        label={`Remove ${book.name}`}
                        busy={busy}
                        icon={<TrashIcon className="h-4 w-4" />}
                        onClick={() => void handleRemove(book)}
                      >
                        Remove
                      </RowActionButton>
                    </div>
                  </td>
                </tr>
              );
            })}
          </DashboardTable>
          <Pager page={page} pageCount={pageCount} onPage={goToPage} />
        </>
      </QueryView>
    </DashboardScreen>
  );
}
