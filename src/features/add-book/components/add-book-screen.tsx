import { errorMessageOr } from '@/lib/api/error-message';
import { successPopup } from '@/lib/dialogs';
import { notify } from '@/lib/notify';
import { useCreateBookMutation } from '../api/create-book';
import { useUploadImageMutation } from '../api/images-api';
import { AddBookForm, type NewBook } from './add-book-form';

/**
 * Add Book (docs/product.md §2, §4, §7): the image is uploaded first, and only a reported success creates the
 * book. Unlike the spec's silent failures, each failure says what went wrong.
 */
export function AddBookScreen() {
  const [createBook] = useCreateBookMutation();
  const [uploadImage] = useUploadImageMutation();

  const addBook = async ({ image, ...book }: NewBook): Promise<boolean> => {
    let imageUrl: string;
    try {
      imageUrl = await uploadImage(image).unwrap();
    } catch (error) {
      notify.error(`The image was not uploaded: ${errorMessageOr(error, 'something went wrong.')}`);
      return false;
    }
    try {
      await createBook({ ...book, image: imageUrl }).unwrap();
    } catch (error) {
      notify.error(`The book was not added: ${errorMessageOr(error, 'something went wrong.')}`);
      return false;
    }
    void successPopup({ title: 'Good job!', text: 'Product has been added' });
    return true;
  };

  return (
    <section aria-labelledby="add-book-heading" className="space-y-6">
      <header>
        <p className="text-sm font-semibold uppercase tracking-wider text-primary">Add Book</p>
        <h1 id="add-book-heading" className="mt-1 text-2xl font-bold tracking-tight">
          Add a book to the catalogue
        </h1>
      </header>
      <div className="max-w-2xl rounded-2xl bg-base-100 p-5 shadow-sm ring-1 ring-base-200 sm:p-8">
        <AddBookForm onSubmit={addBook} />
      </div>
    </section>
  );
}
