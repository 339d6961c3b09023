import { z } from 'zod';
import { bookFields } from '@contract/books';
import { imageFileProblem } from './api/images-api';

/** A number field as typed: '' is no value, anything else is read as a number (NaN if it is none). */
const typedNumber = (field: z.ZodType<number, number | undefined>) =>
  z
    .string()
    .transform((text) => (text.trim() === '' ? undefined : Number(text)))
    .pipe(field);

/**
 * The Add Book and Edit book forms' check, from the contract's own fields (contract/books.ts), so
 * the form says what the API would (docs/decisions.md D73); only the cover is the form's own (a
 * file here, its uploaded URL in the API).
 */
export function bookFormSchema(imageRequired: boolean) {
  return z.object({
    name: bookFields.name,
    author: bookFields.author,
    // '' until one is chosen.
    category: z.string().pipe(bookFields.category),
    price: typedNumber(bookFields.price),
    stock: typedNumber(bookFields.stock),
    description: bookFields.description,
    image: z.custom<FileList | null>().transform((files, context) => {
      const file = files?.[0];
      const problem = file
        ? imageFileProblem(file)
        : imageRequired
          ? 'Choose an image of the book.'
          : null;
      if (problem) context.addIssue({ code: 'custom', message: problem });
      return file;
    }),
  });
}

/** The fields as the form holds them (numbers as typed). */
export type BookFormValues = z.input<ReturnType<typeof bookFormSchema>>;
/** The fields once checked: trimmed text, numbers, the chosen file if any. */
export type CheckedBook = z.output<ReturnType<typeof bookFormSchema>>;
