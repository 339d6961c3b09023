import type { useAppDispatch } from '@/lib/redux-hooks';

// Apart from the Order Now button, so that the layout's PendingOrderHandler (loaded with a
// signed-in session, D105) carries only this (docs/decisions.md D104), and the button imports it
// when it is pressed by a signed-in user: the screens that show books never load it (D106).

/** Puts one copy of a book in the signed-in user's cart (the cart's endpoints load here, lazily). */
export async function addBookToCart(
  dispatch: ReturnType<typeof useAppDispatch>,
  bookId: string,
): Promise<void> {
  const { cartApi } = await import('./api/cart-api');
  const request = dispatch(cartApi.endpoints.addToCart.initiate({ bookId }));
  try {
    await request.unwrap();
  } finally {
    // Nothing reads this mutation's result from the cache: the Cart tag refreshes the badge.
    request.reset();
  }
}
