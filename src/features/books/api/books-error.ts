import { errorMessageOr } from '@/lib/api/error-message';

/** The text to show for a failed books call (no RTK Query import: the home's books use it too). */
export function booksErrorMessage(error: unknown): string {
  return errorMessageOr(error, 'Could not load the books.');
}
