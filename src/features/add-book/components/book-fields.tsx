import { useId } from 'react';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { BOOK_CATEGORIES } from '@contract/book-categories';
import { IMAGE_LIMITS } from '@contract/image-rules';
import { TextField } from '@/components/form/text-field';
import type { BookFormValues } from '../book-form-schema';

export type { BookFormValues };

const fieldLabel = 'mb-1.5 block text-sm font-medium text-base-content/90';
const fieldError = 'mt-1.5 text-sm font-medium text-error';

/** `science fiction` → `Science fiction` (the stored value stays as the contract spells it). */
const sentenceCase = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

type Props = {
  register: UseFormRegister<BookFormValues>;
  errors: FieldErrors<BookFormValues>;
  /** Add Book needs a cover; Edit book keeps the current one when none is chosen. */
  imageRequired: boolean;
};

/**
 * A book's fields (docs/product.md §2 Add Book, and the Books screen's Edit): name, author,
 * category, price, stock, description and a cover image, each checked before anything is sent
 * (by the form's resolver, bookFormSchema), the image before any upload.
 */
export function BookFields({ register, errors, imageRequired }: Props) {
  const id = useId();

  const categoryId = `${id}-category`;
  const descriptionId = `${id}-description`;
  const imageId = `${id}-image`;
  const imageHintId = `${id}-image-hint`;
  return (
    <>
      <TextField
        label="Product Name"
        autoComplete="off"
        error={errors.name?.message}
        registration={register('name')}
      />
      <TextField
        label="Author"
        autoComplete="off"
        error={errors.author?.message}
        registration={register('author')}
      />
      <div className="grid gap-5 sm:grid-cols-3">
        <div>
          <label htmlFor={categoryId} className={fieldLabel}>
            Product Category
          </label>
          <select
            id={categoryId}
            {...register('category')}
            aria-invalid={errors.category ? true : undefined}
            aria-describedby={errors.category ? `${categoryId}-error` : undefined}
            className={`select select-bordered w-full rounded-xl focus:border-primary focus:outline-none focus:ring-2 focus:ring-primary/30 ${
              errors.category ? 'select-error' : ''
            }`}
          >
            <option value="" disabled>
              Choose a category
            </option>
            {BOOK_CATEGORIES.map((category) => (
              <option key={category} value={category}>
                {sentenceCase(category)}
              </option>
            ))}
          </select>
          {errors.category && (
            <p id={`${categoryId}-error`} role="alert" className={fieldError}>
              {errors.category.message}
            </p>
          )}
        </div>
        <TextField
          label="Product Price"
          type="number"
          inputMode="decimal"
          placeholder="12.99"
          hint="In US dollars"
          // A scroll over a focused number field must not change the price.
          onWheel={(event) => event.currentTarget.blur()}
          error={errors.price?.message}
          registration={register('price')}
        />
        <TextField
          label="Stock"
          type="number"
          inputMode="numeric"
          placeholder="20"
          hint="Copies on hand"
          onWheel={(event) => event.currentTarget.blur()}
          error={errors.stock?.message}
          registration={register('stock')}
        />
      </div>
      <div>
        <label htmlFor={descriptionId} className={fieldLabel}>
          Description
        </label>
        <textarea
          id={descriptionId}
          rows={4}
          {...register('description')}
          aria-invalid={errors.description ? true : undefined}
          aria-describedby={errors.description ? `${descriptionId}-error` : `${descriptionId}-hint`}
          className={`textarea textarea-bordered w-full rounded-xl text-base focus:border-primary focus:outline-none focus:ring-2 focus:ring-primary/30 ${
            errors.description ? 'textarea-error' : ''
          }`}
        />
        {errors.description ? (
          <p id={`${descriptionId}-error`} role="alert" className={fieldError}>
            {errors.description.message}
          </p>
        ) : (
          <p id={`${descriptionId}-hint`} className="mt-1.5 text-xs text-base-content/70">
            Plain text, shown on the book&apos;s page. Line breaks are kept.
          </p>
        )}
      </div>
      <div>
        <label htmlFor={imageId} className={fieldLabel}>
          {imageRequired ? 'Product Image' : 'New Product Image'}
        </label>
        <input
          id={imageId}
          type="file"
          accept={IMAGE_LIMITS.types.join(',')}
          {...register('image')}
          aria-invalid={errors.image ? true : undefined}
          aria-describedby={errors.image ? `${imageId}-error` : imageHintId}
          className={`file-input file-input-bordered w-full rounded-xl focus:outline-none focus:ring-2 focus:ring-primary/30 ${
            errors.image ? 'file-input-error' : ''
          }`}
        />
        {errors.image ? (
          <p id={`${imageId}-error`} role="alert" className={fieldError}>
            {errors.image.message}
          </p>
        ) : (
          <p id={imageHintId} className="mt-1.5 text-xs text-base-content/70">
            PNG, JPEG, WebP or GIF, at most {IMAGE_LIMITS.maxBytes / (1024 * 1024)} MB.
            {!imageRequired && ' Leave it empty to keep the current cover.'}
          </p>
        )}
      </div>
    </>
  );
}
