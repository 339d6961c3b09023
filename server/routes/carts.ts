import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DomainError } from '../../contract/domain-error';
import { notEnoughStockMessage } from '../../contract/book-rules';
import { CART_MESSAGES } from '../../contract/carts';
import { inDollars } from '../../contract/money';
import { apiRoute } from '../plugins/api-route';
import { requireCaller } from '../plugins/auth';
import {
  addToCart,
  deleteCartLine,
  listCartLines,
  setCartLineQuantity,
} from '../db/repositories/carts';

/**
 * The signed-in user's book cart. The owner is always the token's user; the `cart-line-owner`
 * policy has already answered 404 for a line of anyone else.
 */
export const cartRoutes: FastifyPluginAsyncZod = async (app) => {
  apiRoute(app, 'GET /api/carts', {}, async (request) =>
    (await listCartLines(app.db, requireCaller(request).email)).map(inDollars),
  );

  apiRoute(
    app,
    'POST /api/cart',
    { config: { rateLimit: 'cartWritePerUser' } },
    async (request, reply) => {
      // Only the book and the quantity are read: name, price, image and email are not trusted.
      const outcome = await addToCart(app.db, {
        email: requireCaller(request).email,
        bookId: request.body.bookId,
        quantity: request.body.quantity ?? 1,
      });
      switch (outcome.kind) {
        case 'book-not-found':
          throw new DomainError('not-found', CART_MESSAGES.bookNotFound);
        case 'too-many':
          throw new DomainError('conflict', CART_MESSAGES.tooMany);
        case 'not-enough-stock':
          throw new DomainError('conflict', notEnoughStockMessage(outcome.available));
        case 'created':
          return reply.code(201).send(inDollars(outcome.line));
        case 'increased':
          return reply.code(200).send(inDollars(outcome.line));
      }
    },
  );

  apiRoute(
    app,
    'PUT /api/carts/quantity/:id',
    { config: { rateLimit: 'cartWritePerUser' } },
    async (request) => {
      const outcome = await setCartLineQuantity(app.db, {
        email: requireCaller(request).email,
        id: request.params.id,
        quantity: request.body.quantity,
      });
      switch (outcome.kind) {
        // Deleted since the policy looked it up.
        case 'line-not-found':
          throw new DomainError('not-found', CART_MESSAGES.lineNotFound);
        case 'not-enough-stock':
          throw new DomainError('conflict', notEnoughStockMessage(outcome.available));
        case 'set':
          return inDollars(outcome.line);
      }
    },
  );

  apiRoute(
    app,
    'DELETE /api/carts/delete/:id',
    { config: { rateLimit: 'cartWritePerUser' } },
    async (request) => {
      const deleted = await deleteCartLine(app.db, {
        email: requireCaller(request).email,
        id: request.params.id,
      });
      if (!deleted) throw new DomainError('not-found', CART_MESSAGES.lineNotFound);
      return { acknowledged: true as const, deletedCount: 1 as const };
    },
  );
};
