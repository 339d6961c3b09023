import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CART_MESSAGES } from '@contract/cart-rules';
import { selectCheckoutSource, selectCheckoutTotalCents } from '@/features/checkout/checkout-slice';
import { buildBookDetail, buildUser } from '@/testing/data';
import { db, type DbCartLine } from '@/testing/mocks/db';
import { renderApp } from '@/testing/render';

const STUDENT = 'student@learntogether.test';

/** A line of the student's cart, stored in the fake API. */
function inCart(_id: string, name: string, price: number, quantity: number): DbCartLine {
  // The book it is a line of, in stock, so the cart shows the line as payable.
  db.books.push(
    buildBookDetail({ _id: `book-${_id}`, name, price, image: `/images/books/${_id}.svg` }),
  );
  const line: DbCartLine = {
    _id,
    bookId: `book-${_id}`,
    name,
    price,
    quantity,
    image: `/images/books/${_id}.svg`,
    email: STUDENT,
  };
  db.carts.push(line);
  return line;
}

function renderCart() {
  return renderApp(
    { route: '/cart-book' },
    { auth: { user: buildUser({ email: STUDENT, displayName: 'Sam Student' }) } },
  );
}

const summary = () => screen.getByRole('complementary', { name: 'Order summary' });
const total = () => within(summary()).getByText('Total:').nextElementSibling;
const quantityOf = (name: string) => screen.getByRole('status', { name: `Quantity of ${name}` });
const storedQuantity = (id: string) => db.carts.find((line) => line._id === id)?.quantity;

// The first test loads the screen's chunk, slow on a busy 2-core machine.
describe('book cart', { timeout: 15_000 }, () => {
  it("lists the user's lines with price and quantity, and totals them in cents", async () => {
    inCart('l-1', 'Clean Code', 10.1, 3);
    inCart('l-2', 'Dune', 0.2, 1);
    // Someone else's line is not shown.
    const theirs = inCart('l-3', 'Not mine', 5, 1);
    theirs.email = 'reader@learntogether.test';
    renderCart();

    const list = await screen.findByRole('list', { name: 'Book cart' });
    // The heading counts the books (lines) and the copies; the summary the copies too.
    expect(
      screen.getByRole('heading', { level: 1, name: 'Your book cart: 2 books (4 copies)' }),
    ).toBeVisible();
    expect(within(summary()).getByText('Total quantity').nextElementSibling).toHaveTextContent('4');
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Clean Code');
    expect(items[0]).toHaveTextContent('$10.10');
    expect(quantityOf('Clean Code')).toHaveTextContent('3');
    // 3 × 10.10 + 0.20, which floating-point dollars would make $30.499999…
    expect(total()).toHaveTextContent('$30.50');
  });

  it('plus and minus change the quantity on the server and the total; minus at 1 removes the line', async () => {
    inCart('l-1', 'Clean Code', 32.5, 1);
    inCart('l-2', 'Dune', 15, 2);
    const { user } = renderCart();

    await user.click(
      await screen.findByRole('button', { name: 'Increase quantity of Clean Code' }),
    );
    expect(quantityOf('Clean Code')).toHaveTextContent('2');
    expect(total()).toHaveTextContent('$95.00');
    await waitFor(() => expect(storedQuantity('l-1')).toBe(2));

    await user.click(screen.getByRole('button', { name: 'Decrease quantity of Dune' }));
    expect(quantityOf('Dune')).toHaveTextContent('1');
    await waitFor(() => expect(storedQuantity('l-2')).toBe(1));
    expect(total()).toHaveTextContent('$80.00');

    await user.click(screen.getByRole('button', { name: 'Decrease quantity of Dune' }));
    await waitFor(() => expect(screen.queryByText('Dune')).not.toBeInTheDocument());
    await waitFor(() => expect(db.carts.map((line) => line._id)).toEqual(['l-1']));
    expect(
      screen.getByRole('heading', { level: 1, name: 'Your book cart: 1 book (2 copies)' }),
    ).toBeVisible();
    expect(total()).toHaveTextContent('$65.00');
  });

  it('removes a line with its remove button', async () => {
    inCart('l-1', 'Clean Code', 32.5, 4);
    inCart('l-2', 'Dune', 15, 1);
    const { user } = renderCart();

    await user.click(await screen.findByRole('button', { name: 'Remove Clean Code' }));
    await waitFor(() => expect(screen.queryByText('Clean Code')).not.toBeInTheDocument());
    await waitFor(() => expect(db.carts.map((line) => line._id)).toEqual(['l-2']));
    expect(total()).toHaveTextContent('$15.00');
  });

  it('a line that vanished on the server: a toast says so and the list refetches', async () => {
    inCart('l-1', 'Clean Code', 32.5, 1);
    inCart('l-2', 'Dune', 15, 1);
    const { user } = renderCart();
    await screen.findByRole('list', { name: 'Book cart' });
    // Deleted meanwhile, e.g. in another tab.
    db.carts = db.carts.filter((line) => line._id !== 'l-1');

    await user.click(screen.getByRole('button', { name: 'Increase quantity of Clean Code' }));

    expect(await screen.findByText(CART_MESSAGES.lineNotFound)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Clean Code')).not.toBeInTheDocument());
    expect(screen.getByText('Dune')).toBeInTheDocument();
    expect(total()).toHaveTextContent('$15.00');
  });

  it('a line at 10 copies cannot take another, and the cart says so', async () => {
    inCart('l-1', 'Clean Code', 1, 10);
    renderCart();

    expect(
      await screen.findByRole('button', { name: 'Increase quantity of Clean Code' }),
    ).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Decrease quantity of Clean Code' })).toBeEnabled();
    expect(
      screen.getByText(
        'Up to 10 copies of each book. From the card step, your books are held for you for 15 minutes.',
      ),
    ).toBeVisible();
  });

  it('an empty cart says so with a link to the books, $0.00 and a disabled Checkout', async () => {
    renderCart();

    expect(await screen.findByText('Your book cart is empty')).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Your book cart: 0 books (0 copies)' }),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: /browse books/i })).toHaveAttribute('href', '/book');
    expect(total()).toHaveTextContent('$0.00');
    expect(screen.getByRole('button', { name: 'Checkout' })).toBeDisabled();
  });

  it('Checkout stores the total in cents and which cart, and goes to /payment', async () => {
    inCart('l-1', 'Clean Code', 10.1, 3);
    inCart('l-2', 'Dune', 0.2, 1);
    const { user, store, router } = renderCart();

    await screen.findByRole('list', { name: 'Book cart' });
    await user.click(screen.getByRole('button', { name: 'Checkout' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/payment'));
    expect(selectCheckoutTotalCents(store.getState())).toBe(3050);
    expect(selectCheckoutSource(store.getState())).toBe('books');
  });

  it('shows sold-out and removed lines as not included, and stops plus at the copies left', async () => {
    inCart('l-1', 'Clean Code', 10, 2);
    inCart('l-2', 'Dune', 5, 1);
    inCart('l-3', 'Gone Girl', 7, 1);
    const book = (id: string) => db.books.find((candidate) => candidate._id === id)!;
    book('book-l-1').stock = 2;
    book('book-l-2').stock = 0;
    book('book-l-3').removed = true;
    renderCart();

    const list = await screen.findByRole('list', { name: 'Book cart' });
    const [clean, dune, gone] = within(list).getAllByRole('listitem');
    expect(dune).toHaveTextContent('Sold out: not included at checkout');
    expect(gone).toHaveTextContent('No longer sold: not included at checkout');
    expect(clean).not.toHaveTextContent('not included');
    // Two copies left, two in the cart: plus stops there.
    expect(
      within(clean!).getByRole('button', { name: 'Increase quantity of Clean Code' }),
    ).toBeDisabled();
    // The summary counts and totals what checkout will charge.
    expect(within(summary()).getByText('Total quantity').nextElementSibling).toHaveTextContent('2');
    expect(total()).toHaveTextContent('$20.00');
  });
});
