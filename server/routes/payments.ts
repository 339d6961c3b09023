import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DomainError } from '../../contract/domain-error';
import { CHECKOUT_MESSAGES } from '../../contract/payments';
import { apiRoute } from '../plugins/api-route';
import { requireCaller } from '../plugins/auth';
import { HttpError } from '../plugins/errors';
import { WebhookSignatureError, WebhooksNotConfiguredError } from '../payments/stripe-gateway';

/** The webhook's body as the parser below kept it: the bytes Stripe signed. */
function rawBytes(body: Uint8Array | undefined): Buffer {
  if (body === undefined) return Buffer.alloc(0);
  return Buffer.isBuffer(body) ? body : Buffer.from(body.buffer, body.byteOffset, body.byteLength);
}

/** Card payment: the PaymentIntent for a cart, and Stripe's webhook that turns it into orders. */
export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { checkout, paymentGateway: gateway } = app;

  apiRoute(
    app,
    'POST /api/payments/intent',
    { config: { rateLimit: 'paymentIntentPerUser' } },
    async (request) =>
      checkout.createOrReusePaymentIntent(requireCaller(request), request.body, request.log),
  );

  // Its own plugin: the signature covers the exact bytes, so only this route keeps the body raw.
  await app.register(async (webhook) => {
    webhook.removeAllContentTypeParsers();
    // Whatever the content type (Stripe sends application/json), the bytes as they came.
    webhook.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => {
      done(null, body);
    });

    apiRoute(webhook, 'POST /api/payments/webhook', {}, async (request) => {
      if (!gateway)
        throw new DomainError('not-configured', CHECKOUT_MESSAGES.paymentsNotConfigured);
      const header = request.headers['stripe-signature'];
      let event;
      try {
        event = gateway.verifyWebhook(
          rawBytes(request.body),
          typeof header === 'string' ? header : undefined,
        );
      } catch (error) {
        if (error instanceof WebhooksNotConfiguredError) {
          throw new DomainError('not-configured', CHECKOUT_MESSAGES.paymentsNotConfigured);
        }
        if (error instanceof WebhookSignatureError) {
          request.log.warn({ reason: error.message }, 'Stripe webhook refused');
          throw new HttpError(400, CHECKOUT_MESSAGES.badSignature);
        }
        throw error;
      }
      await checkout.handleStripeEvent(event, request.log);
      return { received: true as const };
    });
  });
};
