import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { AdminBook, BookUpdateBody } from '@contract/books';
import { SubmitButton } from '@/components/form/submit-button';
import { errorMessageOr } from '@/lib/api/error-message';
import { notify } from '@/lib/notify';
import { useUpdateBookMutation } from '../api/admin-books-api';
import { useUploadImageMutation } from '../api/images-api';
import { bookFormSchema, type CheckedBook } from '../book-form-schema';
import { BookFields, type BookFormValues } from './book-fields';
import { BookHistory } from './book-history';

type Props = {
  book: AdminBook;
  /** Back to the list (after a save, or without one). */
  onClose: () => void;
};

const valuesOf = (book: AdminBook): BookFormValues => ({
  name: book.name,
  author: book.author,
  category: book.category,
  price: String(book.price),
  stock: String(book.stock),
  description: book.description,
  image: null,
});

/** The fields that differ from the book as loaded (a new cover's URL is added once uploaded). */
function changesOf(book: AdminBook, values: CheckedBook): BookUpdateBody {
  const changes: BookUpdateBody = {};
  const { name, author, category, price, stock, description } = values;
  if (name !== book.name) changes.name = name;
  if (author !== book.author) changes.author = author;
  if (category !== book.category) changes.category = category;
  if (price !== book.price) changes.price = price;
  if (stock !== book.stock) changes.stock = stock;
  if (description !== book.description) changes.description = description;
  return changes;
}

/**
 * Edit a book (docs/product.md §2 Books): every field prefilled, an optional new cover uploaded
 * the way Add Book uploads one, and only the changed fields sent. Its history is beside it.
 */
export function EditBookPanel({ book, onClose }: Props) {
  const [updateBook] = useUpdateBookMutation();
  const [uploadImage] = useUploadImageMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<BookFormValues, unknown, CheckedBook>({
    defaultValues: valuesOf(book),
    resolver: zodResolver(bookFormSchema(false)),
  });

  useEffect(() => heading.current?.focus(), []);

  const save = async (values: CheckedBook) => {
    setProblem(null);
    const changes = changesOf(book, values);
    const file = values.image;
    if (!file && Object.keys(changes).length === 0) {
      setProblem('Nothing to save: no field was changed.');
      return;
    }
    if (file) {
      try {
        changes.image = await uploadImage(file).unwrap();
      } catch (error) {
        setProblem(`The image was not uploaded: ${errorMessageOr(error, 'something went wrong.')}`);
        return;
      }
    }
    try {
      const saved = await updateBook({ id: book._id, changes }).unwrap();
      notify.success(`Saved the changes to ${saved.name}.`);
      onClose();
    } catch (error) {
      setProblem(`The book was not saved: ${errorMessageOr(error, 'something went wrong.')}`);
    }
  };

  return (
    <section aria-labelledby="edit-book-heading" className="space-y-6">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex min-w-0 items-center gap-3">
          <img
            src={book.image}
            alt=""
            width={48}
            height={68}
            className="h-[68px] w-12 shrink-0 rounded-lg bg-base-200 object-cover"
          />
          <div className="min-w-0">
            <p className="text-sm font-semibold uppercase tracking-wider text-primary">Books</p>
            <h1
              id="edit-book-heading"
              ref={heading}
              tabIndex={-1}
              className="mt-1 break-words text-2xl font-bold tracking-tight focus:outline-none"
            >
              Edit {book.name}
            </h1>
          </div>
        </div>
        <button
          type="button"
          onClick={onClose}
          className="btn btn-ghost btn-sm rounded-xl normal-case"
        >
          Back to the books
        </button>
      </header>
      <div className="grid gap-6 xl:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <div className="rounded-2xl bg-base-100 p-5 shadow-sm ring-1 ring-base-200 sm:p-8">
          <form
            noValidate
            aria-label="Edit book"
            aria-busy={isSubmitting}
            onSubmit={(event) => void handleSubmit(save)(event)}
            className="space-y-5"
          >
            <BookFields register={register} errors={errors} imageRequired={false} />
            {problem && (
              <p role="alert" className="rounded-xl bg-error/10 p-3 text-sm font-medium text-error">
                {problem}
              </p>
            )}
            <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
              <button
                type="button"
                onClick={onClose}
                className="btn btn-ghost w-full rounded-xl normal-case sm:w-auto"
              >
                Cancel
              </button>
              <SubmitButton
                busy={isSubmitting}
                className="btn btn-primary w-full rounded-xl px-8 normal-case sm:w-auto"
              >
                Save changes
              </SubmitButton>
            </div>
          </form>
        </div>
        <div className="self-start rounded-2xl bg-base-100 p-5 shadow-sm ring-1 ring-base-200 sm:p-6">
          <BookHistory bookId={book._id} />
        </div>
      </div>
    </section>
  );
}
