import { CART_LIMITS, type CartLine } from '../../../contract/carts';
import { centsToDollars } from '../../../contract/money';
import type { Queryable } from '../client';

/** Every address passed in here is the caller's, already normalised by the access token. */

type CartLineRow = {
  id: string;
  user_email: string;
  book_id: string | null;
  name: string;
  price_cents: number;
  quantity: number;
  image: string;
};

const LINE_COLUMNS = 'id, user_email, book_id, name, price_cents, quantity, image';

function toCartLine(row: CartLineRow): CartLine {
  return {
    _id: row.id,
    bookId: row.book_id,
    name: row.name,
    price: centsToDollars(row.price_cents),
    quantity: row.quantity,
    image: row.image,
    email: row.user_email,
  };
}

/** The user's lines, oldest first. */
export async function listCartLines(db: Queryable, email: string): Promise<CartLine[]> {
  const rows = await db.query<CartLineRow>(
    `select ${LINE_COLUMNS} from cart_lines where user_email = $1 order by position`,
    [email],
  );
  return rows.map(toCartLine);
}

/** A cart line as checkout charges it: priced as the shop sells its book now. */
export type CartLineToPay = {
  lineId: string;
  /** Null once the book has left the catalogue. */
  bookId: string | null;
  name: string;
  quantity: number;
  unitPriceCents: number;
};

/**
 * The user's lines, oldest first, priced for checkout: a line whose book is still in the catalogue
 * at the catalogue's current name and price (what a real shop charges at checkout), a line whose
 * book left the catalogue at the price its line kept.
 */
export async function listCartLinesToPay(db: Queryable, email: string): Promise<CartLineToPay[]> {
  const rows = await db.query<{
    id: string;
    book_id: string | null;
    name: string;
    quantity: number;
    price_cents: number;
  }>(
    `select c.id, c.book_id, coalesce(b.name, c.name) as name, c.quantity,
            coalesce(b.price_cents, c.price_cents) as price_cents
     from cart_lines c left join books b on b.id = c.book_id
     where c.user_email = $1
     order by c.position`,
    [email],
  );
  return rows.map((row) => ({
    lineId: row.id,
    bookId: row.book_id,
    name: row.name,
    quantity: row.quantity,
    unitPriceCents: row.price_cents,
  }));
}

export type AddToCartOutcome =
  | { kind: 'created' | 'increased'; line: CartLine }
  | { kind: 'book-not-found' }
  | { kind: 'too-many' };

/**
 * Adds `quantity` copies of a catalogue book to the user's cart. Name, price and image are the
 * catalogue's. One statement: a new line is inserted, an existing one raised, unless that would
 * pass the cap; concurrent adds cannot lose an increment or create a second line.
 */
export async function addToCart(
  db: Queryable,
  input: { email: string; bookId: string; quantity: number },
): Promise<AddToCartOutcome> {
  const [row] = await db.query<CartLineRow & { inserted: boolean }>(
    `insert into cart_lines (user_email, book_id, name, price_cents, image, quantity)
     select $1::text, id, name, price_cents, image, $3::integer from books where id = $2
     on conflict (user_email, book_id) do update set
       quantity = cart_lines.quantity + excluded.quantity,
       name = excluded.name,
       price_cents = excluded.price_cents,
       image = excluded.image
     where cart_lines.quantity + excluded.quantity <= $4
     returning ${LINE_COLUMNS}, (xmax = 0) as inserted`,
    [input.email, input.bookId, input.quantity, CART_LIMITS.maxQuantity],
  );
  if (row) return { kind: row.inserted ? 'created' : 'increased', line: toCartLine(row) };
  // Nothing written: either the book is unknown or the cap stopped the increment.
  const [book] = await db.query<{ id: string }>('select id from books where id = $1', [
    input.bookId,
  ]);
  return book ? { kind: 'too-many' } : { kind: 'book-not-found' };
}

/** Sets a line's quantity; undefined when the user has no such line. */
export async function setCartLineQuantity(
  db: Queryable,
  input: { email: string; id: string; quantity: number },
): Promise<CartLine | undefined> {
  // Scoped by owner as well as id, whatever the access policy already checked.
  const [row] = await db.query<CartLineRow>(
    `update cart_lines set quantity = $3 where id = $1 and user_email = $2
     returning ${LINE_COLUMNS}`,
    [input.id, input.email, input.quantity],
  );
  return row ? toCartLine(row) : undefined;
}

/** Removes a line; false when the user has no such line. */
export async function deleteCartLine(
  db: Queryable,
  input: { email: string; id: string },
): Promise<boolean> {
  const rows = await db.query<{ id: string }>(
    'delete from cart_lines where id = $1 and user_email = $2 returning id',
    [input.id, input.email],
  );
  return rows.length > 0;
}

/** Who owns a line (the `cart-line-owner` policy); null when there is no such line. */
export async function cartLineOwner(db: Queryable, id: string): Promise<string | null> {
  const [row] = await db.query<{ user_email: string }>(
    'select user_email from cart_lines where id = $1',
    [id],
  );
  return row?.user_email ?? null;
}
