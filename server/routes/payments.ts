import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { DomainError } from '../../contract/domain-error';
import { z } from 'zod';
import {
  CHECKOUT_MESSAGES,
  paymentIntentBodySchema,
  paymentIntentResponseSchema,
  paymentWebhookResponseSchema,
} from '../../contract/payments';
import { requireCaller } from '../plugins/auth';
import { errorResponses, HttpError } from '../plugins/errors';
import { WebhookSignatureError, WebhooksNotConfiguredError } from '../payments/stripe-gateway';

/** The webhook's body: the raw bytes Stripe signed (absent when a request sends none). */
const rawBodySchema = z.instanceof(Buffer).optional();

/** Card payment: the PaymentIntent for a cart, and Stripe's webhook that turns it into orders. */
export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { checkout, paymentGateway: gateway } = app;

  app.post(
    '/payments/intent',
    {
      config: { rateLimit: 'paymentIntentPerUser' },
      schema: {
        body: paymentIntentBodySchema,
        response: { 200: paymentIntentResponseSchema, ...errorResponses },
      },
    },
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

    webhook.withTypeProvider<ZodTypeProvider>().post(
      '/payments/webhook',
      {
        schema: {
          body: rawBodySchema,
          response: { 200: paymentWebhookResponseSchema, ...errorResponses },
        },
      },
      async (request) => {
        if (!gateway)
          throw new DomainError('not-configured', CHECKOUT_MESSAGES.paymentsNotConfigured);
        const header = request.headers['stripe-signature'];
        let event;
        try {
          event = gateway.verifyWebhook(
            request.body ?? Buffer.alloc(0),
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
      },
    );
  });
};
