import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  HANDLED_STRIPE_EVENTS,
  PaymentProviderError,
  type WebhookEndpoint,
} from '../../server/payments/stripe-gateway';
import {
  checkWebhookSubscription,
  subscriptionWarnings,
} from '../../server/payments/webhook-subscription';
import { createTestGateway } from './helpers/payments';

const endpoint = (url: string, enabledEvents: string[], status = 'enabled'): WebhookEndpoint => ({
  id: `we_${url.length}`,
  url,
  enabledEvents,
  status,
});
const SHOP = 'https://shop.example.com/api/payments/webhook';

describe('the webhook events the server handles (one list)', () => {
  it('are all in docs/deploy.md, "Stripe", which an operator follows to subscribe the endpoint', () => {
    const deploy = readFileSync(new URL('../../docs/deploy.md', import.meta.url), 'utf8');
    const section = deploy.slice(deploy.indexOf('## 2.'), deploy.indexOf('## 3.'));
    for (const type of HANDLED_STRIPE_EVENTS) expect(section).toContain(`\`${type}\``);
    expect(HANDLED_STRIPE_EVENTS).toEqual(
      expect.arrayContaining(['charge.refunded', 'refund.updated', 'payment_intent.succeeded']),
    );
  });
});

describe('subscriptionWarnings', () => {
  it('names the refund events an endpoint subscribed as deploy.md used to say lacks', () => {
    const warnings = subscriptionWarnings([
      endpoint(SHOP, ['payment_intent.succeeded', 'payment_intent.payment_failed']),
    ]);
    expect(warnings).toEqual([
      expect.stringContaining(
        `${SHOP} (we_${SHOP.length}) lacks the events charge.refunded, refund.created, refund.updated`,
      ),
    ]);
    expect(warnings[0]).toContain('refunds stay "Refund pending"');
  });

  it("is silent for '*' or every handled event, and ignores disabled endpoints", () => {
    expect(subscriptionWarnings([endpoint(SHOP, ['*'])])).toEqual([]);
    expect(
      subscriptionWarnings([endpoint(SHOP, [...HANDLED_STRIPE_EVENTS, 'charge.succeeded'])]),
    ).toEqual([]);
    expect(
      subscriptionWarnings([
        endpoint(SHOP, ['*']),
        endpoint(SHOP, ['charge.refunded'], 'disabled'),
      ]),
    ).toEqual([]);
  });

  it('checks each endpoint posting to the webhook path, and only those', () => {
    const warnings = subscriptionWarnings([
      endpoint(SHOP, ['*']),
      endpoint('https://staging.example.com/api/payments/webhook/', ['refund.updated']),
      endpoint('https://other-app.example.com/hooks', ['customer.created']),
    ]);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('staging.example.com');
    expect(warnings[0]).toContain(
      'payment_intent.succeeded, payment_intent.payment_failed, charge.refunded, refund.created',
    );
    expect(warnings[0]).toContain('paid carts wait to become orders and refunds stay pending');
  });

  it('with no endpoint on the path, checks all enabled endpoints together', () => {
    expect(
      subscriptionWarnings([
        endpoint('https://proxy.example.com/stripe', [...PAYMENT, 'charge.refunded']),
        endpoint('https://proxy.example.com/other', ['refund.created', 'refund.updated']),
      ]),
    ).toEqual([]);
    expect(
      subscriptionWarnings([endpoint('https://proxy.example.com/stripe', [...PAYMENT])]),
    ).toEqual([expect.stringContaining('lack charge.refunded, refund.created, refund.updated')]);
  });

  it('says so when no endpoint is enabled', () => {
    expect(subscriptionWarnings([endpoint(SHOP, ['*'], 'disabled')])).toEqual([
      expect.stringContaining('Stripe has no enabled webhook endpoint'),
    ]);
  });
});

const PAYMENT = ['payment_intent.succeeded', 'payment_intent.payment_failed'];

describe('checkWebhookSubscription', () => {
  function recordingLog() {
    const lines: { level: 'info' | 'warn'; message: string }[] = [];
    return {
      lines,
      info: (message: string) => lines.push({ level: 'info', message }),
      warn: (message: string) => lines.push({ level: 'warn', message }),
    };
  }

  it('warns with what the gateway lists, and tells when all is well', async () => {
    const gateway = createTestGateway();
    const log = recordingLog();
    await checkWebhookSubscription(gateway, log);
    expect(log.lines).toEqual([{ level: 'info', message: expect.stringContaining('every event') }]);

    gateway.webhookEndpoints = [endpoint(SHOP, PAYMENT)];
    const missing = recordingLog();
    await checkWebhookSubscription(gateway, missing);
    expect(missing.lines).toEqual([
      { level: 'warn', message: expect.stringContaining('lacks the events charge.refunded') },
    ]);
  });

  it('says it could not check when Stripe cannot be asked, without throwing', async () => {
    const gateway = createTestGateway();
    gateway.listWebhookEndpoints = () => Promise.reject(new PaymentProviderError('ECONNREFUSED'));
    const log = recordingLog();
    await expect(checkWebhookSubscription(gateway, log)).resolves.toBeUndefined();
    expect(log.lines).toEqual([
      {
        level: 'warn',
        message: expect.stringContaining(
          "Could not check the Stripe webhook's events: Stripe could not be asked (ECONNREFUSED)",
        ),
      },
    ]);
  });
});
