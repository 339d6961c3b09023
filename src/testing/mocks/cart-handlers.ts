import { HttpResponse } from 'msw';
import { notEnoughStockMessage } from '@contract/book-rules';
import { CART_LIMITS, CART_MESSAGES, type CartLine } from '@contract/carts';
import { ApiFailure, apiRoute, requireCaller } from './api-route';
import { db, type DbCartLine } from './db';

// The book-cart routes (docs/architecture.md §3) over db.carts. A line belongs to the address in its `email`;
// apiRoute checks the owner with the contract's accessDenial: a stranger gets a missing line's 404.
// The fake holds no checkout reservations: a book's available copies are its stock.

let lineSequence = 0;

/** Who owns the line the path names: apiRoute hands it to the contract's accessDenial. */
const lineOwner = ({ id }: { id: string }) =>
  db.carts.find((line) => line._id === id)?.email ?? null;

/** The line the path names (its owner is the caller by now). */
function lineById(id: string): DbCartLine {
  const line = db.carts.find((existing) => existing._id === id);
  if (!line) throw new ApiFailure(404, CART_MESSAGES.lineNotFound);
  return line;
}

/** A line as the server answers it: the book's name, price and image now, and its state. */
export function cartLineView(line: DbCartLine): CartLine {
  const book = db.books.find((candidate) => candidate._id === line.bookId);
  if (!book || book.removed) {
    return { ...line, status: line.status ?? 'removed', stock: 0 };
  }
  const status = book.stock > 0 ? 'available' : 'sold-out';
  return {
    ...line,
    name: book.name,
    price: book.price,
    image: book.image,
    status,
    stock: book.stock,
  };
}

export const cartHandlers = [
  apiRoute('GET /api/carts', {
    handle: ({ caller }) => {
      const { email } = requireCaller(caller);
      return HttpResponse.json(db.carts.filter((line) => line.email === email).map(cartLineView));
    },
  }),

  apiRoute('POST /api/cart', {
    handle: ({ caller, body }) => {
      const { email } = requireCaller(caller);
      const book = db.books.find(
        (candidate) => candidate._id === body.bookId && !candidate.removed,
      );
      if (!book) throw new ApiFailure(404, CART_MESSAGES.bookNotFound);
      const quantity = body.quantity ?? 1;
      const existing = db.carts.find((line) => line.email === email && line.bookId === book._id);
      const wanted = (existing?.quantity ?? 0) + quantity;
      if (wanted > CART_LIMITS.maxQuantity) throw new ApiFailure(409, CART_MESSAGES.tooMany);
      if (wanted > book.stock) throw new ApiFailure(409, notEnoughStockMessage(book.stock));
      if (existing) {
        existing.quantity = wanted;
        return HttpResponse.json(cartLineView(existing), { status: 200 });
      }
      // Name, price and image come from the catalogue, the owner from the token.
      const line: DbCartLine = {
        _id: `line-${++lineSequence}`,
        bookId: book._id,
        name: book.name,
        price: book.price,
        quantity,
        image: book.image,
        email,
      };
      db.carts.push(line);
      return HttpResponse.json(cartLineView(line), { status: 201 });
    },
  }),

  apiRoute('PUT /api/carts/quantity/:id', {
    owner: lineOwner,
    handle: ({ params, body }) => {
      const line = lineById(params.id);
      const { stock } = cartLineView(line);
      if (body.quantity > line.quantity && body.quantity > stock) {
        throw new ApiFailure(409, notEnoughStockMessage(stock));
      }
      line.quantity = body.quantity;
      return HttpResponse.json(cartLineView(line));
    },
  }),

  apiRoute('DELETE /api/carts/delete/:id', {
    owner: lineOwner,
    handle: ({ params }) => {
      lineById(params.id);
      db.carts = db.carts.filter((line) => line._id !== params.id);
      return HttpResponse.json({ acknowledged: true, deletedCount: 1 });
    },
  }),
];
