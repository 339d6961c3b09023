import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { BookCategory } from '@contract/book-categories';
import { SubmitButton } from '@/components/form/submit-button';
import { bookFormSchema, type CheckedBook } from '../book-form-schema';
import { BookFields, type BookFormValues } from './book-fields';

export type AddBookFormValues = BookFormValues;

/** A valid form, ready to upload and create. */
export type NewBook = {
  name: string;
  author: string;
  category: BookCategory;
  price: number;
  stock: number;
  description: string;
  image: File;
};

type Props = {
  /** Uploads and creates; true when the book was added (the form then empties). */
  onSubmit: (book: NewBook) => Promise<boolean>;
};

const emptyForm: AddBookFormValues = {
  name: '',
  author: '',
  category: '',
  price: '',
  stock: '',
  description: '',
  image: null,
};

/**
 * Add product (docs/product.md §2): the spec's name, category, price and image, plus author, stock
 * and description (issue 16), checked here before any upload.
 */
export function AddBookForm({ onSubmit }: Props) {
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<AddBookFormValues, unknown, CheckedBook>({
    defaultValues: emptyForm,
    resolver: zodResolver(bookFormSchema(true)),
  });

  const submit = async ({ image, ...book }: CheckedBook) => {
    // The schema wants a cover here.
    if (!image) return;
    const added = await onSubmit({ ...book, image });
    // A failure keeps every value, so the admin can retry at once.
    if (added) reset(emptyForm);
  };

  return (
    <form
      noValidate
      aria-label="Add product"
      aria-busy={isSubmitting}
      onSubmit={(event) => void handleSubmit(submit)(event)}
      className="space-y-5"
    >
      <BookFields register={register} errors={errors} imageRequired />
      <div className="flex justify-end pt-2">
        <SubmitButton
          busy={isSubmitting}
          className="btn btn-primary w-full rounded-xl px-8 normal-case sm:w-auto"
        >
          Add product
        </SubmitButton>
      </div>
    </form>
  );
}
