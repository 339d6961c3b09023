import { CART_LIMITS, type CartLine } from '../../../contract/carts';
import type { InCents } from '../../../contract/money';
import type { Db, Queryable } from '../client';
import { heldByOthersSql } from './stock';

/** Every address passed in here is the caller's, already normalised by the access token. */

type CartLineRow = {
  id: string;
  user_email: string;
  book_id: string | null;
  name: string;
  price_cents: number;
  quantity: number;
  image: string;
  removed: boolean;
  available: number;
};

/**
 * A line as the cart shows it: the book's current name, price and image while it is in the
 * catalogue (what checkout charges), and the copies the owner can order: the stock less other
 * shoppers' live holds. `c` is cart_lines, `b` the book (left-joined).
 */
const LINE_SELECT = `c.id, c.user_email, c.book_id, coalesce(b.name, c.name) as name,
  coalesce(b.price_cents, c.price_cents) as price_cents, c.quantity,
  coalesce(b.image, c.image) as image, (b.id is null or b.removed_at is not null) as removed,
  greatest(0, coalesce(b.stock, 0) - ${heldByOthersSql('c.book_id', 'c.user_email')})::integer
    as available`;

/** A cart line, its price in cents (the API's `CartLine` has dollars). */
export type CartLineRecord = InCents<CartLine>;

function toCartLine(row: CartLineRow): CartLineRecord {
  const status = row.removed ? 'removed' : row.available > 0 ? 'available' : 'sold-out';
  return {
    _id: row.id,
    bookId: row.book_id,
    name: row.name,
    priceCents: row.price_cents,
    quantity: row.quantity,
    image: row.image,
    email: row.user_email,
    status,
    stock: status === 'available' ? row.available : 0,
  };
}

async function findCartLine(
  db: Queryable,
  email: string,
  id: string,
): Promise<CartLineRecord | undefined> {
  const [row] = await db.query<CartLineRow>(
    `select ${LINE_SELECT} from cart_lines c left join books b on b.id = c.book_id
     where c.id = $1 and c.user_email = $2`,
    [id, email],
  );
  return row && toCartLine(row);
}

/** The user's lines, oldest first. */
export async function listCartLines(db: Queryable, email: string): Promise<CartLineRecord[]> {
  const rows = await db.query<CartLineRow>(
    `select ${LINE_SELECT} from cart_lines c left join books b on b.id = c.book_id
     where c.user_email = $1 order by c.position`,
    [email],
  );
  return rows.map(toCartLine);
}

/** A cart line as checkout charges it: priced as the shop sells its book now. */
export type CartLineToPay = {
  lineId: string;
  bookId: string | null;
  name: string;
  quantity: number;
  unitPriceCents: number;
};

/**
 * The lines checkout pays for, oldest first, at the catalogue's current name and price (what a
 * real shop charges at checkout), and those it leaves out: sold out, or gone from the catalogue.
 */
export async function listCartLinesToPay(
  db: Queryable,
  email: string,
): Promise<{ payable: CartLineToPay[]; leftOut: CartLineRecord[] }> {
  const lines = await listCartLines(db, email);
  const payable: CartLineToPay[] = [];
  const leftOut: CartLineRecord[] = [];
  for (const line of lines) {
    if (line.status !== 'available' || line.bookId === null) {
      leftOut.push(line);
      continue;
    }
    payable.push({
      lineId: line._id,
      bookId: line.bookId,
      name: line.name,
      quantity: line.quantity,
      unitPriceCents: line.priceCents,
    });
  }
  return { payable, leftOut };
}

export type AddToCartOutcome =
  | { kind: 'created' | 'increased'; line: CartLineRecord }
  | { kind: 'book-not-found' }
  | { kind: 'too-many' }
  | { kind: 'not-enough-stock'; available: number };

/**
 * Adds `quantity` copies of a catalogue book to the user's cart, up to the line cap and the
 * copies the user can order. The book's row is locked meanwhile, so concurrent adds cannot lose
 * an increment, create a second line or pass the stock.
 */
export async function addToCart(
  db: Db,
  input: { email: string; bookId: string; quantity: number },
): Promise<AddToCartOutcome> {
  return db.transaction(async (tx) => {
    const [locked] = await tx.query<{ stock: number }>(
      'select stock from books where id = $1 and removed_at is null for update',
      [input.bookId],
    );
    if (!locked) return { kind: 'book-not-found' };
    // Read after the lock, in a statement of its own: its snapshot sees what a concurrent add of
    // the same book (which held the lock first) committed; the locking statement's would not.
    const [counts] = await tx.query<{ held: number; in_cart: number }>(
      `select ${heldByOthersSql('$1', '$2')} as held,
              coalesce((select quantity from cart_lines where book_id = $1 and user_email = $2), 0)
                as in_cart`,
      [input.bookId, input.email],
    );
    const book = { stock: locked.stock, held: counts?.held ?? 0, in_cart: counts?.in_cart ?? 0 };
    const wanted = book.in_cart + input.quantity;
    if (wanted > CART_LIMITS.maxQuantity) return { kind: 'too-many' };
    const available = Math.max(0, book.stock - book.held);
    if (wanted > available) return { kind: 'not-enough-stock', available };
    const [row] = await tx.query<{ id: string; inserted: boolean }>(
      `insert into cart_lines (user_email, book_id, name, price_cents, image, quantity)
       select $1::text, id, name, price_cents, image, $3::integer from books where id = $2
       on conflict (user_email, book_id) do update set
         quantity = cart_lines.quantity + excluded.quantity,
         name = excluded.name,
         price_cents = excluded.price_cents,
         image = excluded.image
       returning id, (xmax = 0) as inserted`,
      [input.email, input.bookId, input.quantity],
    );
    const line = row && (await findCartLine(tx, input.email, row.id));
    if (!row || !line) throw new Error('the cart line just written is missing');
    return { kind: row.inserted ? 'created' : 'increased', line };
  });
}

export type SetQuantityOutcome =
  | { kind: 'set'; line: CartLineRecord }
  | { kind: 'line-not-found' }
  | { kind: 'not-enough-stock'; available: number };

/**
 * Sets a line's quantity. Raising it stops at the copies the user can order; lowering it always
 * works (also on a sold-out or removed line).
 */
export async function setCartLineQuantity(
  db: Db,
  input: { email: string; id: string; quantity: number },
): Promise<SetQuantityOutcome> {
  return db.transaction(async (tx) => {
    // Scoped by owner as well as id, whatever the access policy already checked.
    const [current] = await tx.query<{ quantity: number; book_id: string | null }>(
      'select quantity, book_id from cart_lines where id = $1 and user_email = $2 for update',
      [input.id, input.email],
    );
    if (!current) return { kind: 'line-not-found' };
    if (input.quantity > current.quantity) {
      const line = await findCartLine(tx, input.email, input.id);
      const available = line?.stock ?? 0;
      if (input.quantity > available) return { kind: 'not-enough-stock', available };
    }
    await tx.query('update cart_lines set quantity = $3 where id = $1 and user_email = $2', [
      input.id,
      input.email,
      input.quantity,
    ]);
    const line = await findCartLine(tx, input.email, input.id);
    if (!line) throw new Error('the cart line just written is missing');
    return { kind: 'set', line };
  });
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
