import { HttpResponse } from 'msw';
import { CART_LIMITS, CART_MESSAGES, type CartLine } from '@contract/carts';
import { ApiFailure, apiRoute, requireCaller } from './api-route';
import { db } from './db';

// The book-cart routes (docs/architecture.md §3) over db.carts. A line belongs to the address in its `email`;
// apiRoute checks the owner with the contract's accessDenial: a stranger gets a missing line's 404.

let lineSequence = 0;

/** The caller of a signed-in route (apiRoute has already answered 401 without one). */

/** Who owns the line the path names: apiRoute hands it to the contract's accessDenial. */
const lineOwner = ({ id }: { id: string }) =>
  db.carts.find((line) => line._id === id)?.email ?? null;

/** The line the path names (its owner is the caller by now). */
function lineById(id: string): CartLine {
  const line = db.carts.find((existing) => existing._id === id);
  if (!line) throw new ApiFailure(404, CART_MESSAGES.lineNotFound);
  return line;
}

export const cartHandlers = [
  apiRoute('GET /api/carts', {
    handle: ({ caller }) => {
      const { email } = requireCaller(caller);
      return HttpResponse.json(db.carts.filter((line) => line.email === email));
    },
  }),

  apiRoute('POST /api/cart', {
    handle: ({ caller, body }) => {
      const { email } = requireCaller(caller);
      const book = db.books.find((candidate) => candidate._id === body.bookId);
      if (!book) throw new ApiFailure(404, CART_MESSAGES.bookNotFound);
      const quantity = body.quantity ?? 1;
      const existing = db.carts.find((line) => line.email === email && line.bookId === book._id);
      if (existing) {
        if (existing.quantity + quantity > CART_LIMITS.maxQuantity) {
          throw new ApiFailure(409, CART_MESSAGES.tooMany);
        }
        existing.quantity += quantity;
        return HttpResponse.json(existing, { status: 200 });
      }
      // Name, price and image come from the catalogue, the owner from the token.
      const line: CartLine = {
        _id: `line-${++lineSequence}`,
        bookId: book._id,
        name: book.name,
        price: book.price,
        quantity,
        image: book.image,
        email,
      };
      db.carts.push(line);
      return HttpResponse.json(line, { status: 201 });
    },
  }),

  apiRoute('PUT /api/carts/quantity/:id', {
    owner: lineOwner,
    handle: ({ params, body }) => {
      const line = lineById(params.id);
      line.quantity = body.quantity;
      return HttpResponse.json(line);
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
