/** The text to show for a failed books call (an RTK Query error or the api-client's ApiError). */
export function booksErrorMessage(error: unknown): string {
  if (typeof error === 'object' && error !== null && 'code' in error && 'message' in error) {
    const { message } = error as { message: unknown };
    if (typeof message === 'string') return message;
  }
  return 'Could not load the books.';
}
