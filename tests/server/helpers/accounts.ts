import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { RedisOptions } from '../../../server/app';
import type { MailOutboxOptions } from '../../../server/mail/outbox';
import type { PaymentGateway } from '../../../server/payments/stripe-gateway';
import type { CatalogueOptions } from '../../../server/services/catalogue';
import type { RateLimitMaxima } from '../../../server/rate-limit';
import { buildTestApp, type TestApp } from './build-test-app';
import { emulatorHost, signUp, uniqueEmail, type EmulatorAccount } from './firebase-emulator';

/** High enough that only the rate-limit tests ever meet a limit. */
const GENEROUS_LIMITS: RateLimitMaxima = {
  tokenExchangePerIp: 10_000,
  tokenExchangePerAddress: 10_000,
  profileUpdatePerUser: 10_000,
  adminWritePerAdmin: 10_000,
  newsletterPerIp: 10_000,
  newsletterTotal: 10_000,
  bookCreatePerAdmin: 10_000,
  bookWritePerAdmin: 10_000,
  refundPerAdmin: 10_000,
  cartWritePerUser: 10_000,
  imageUploadPerAdmin: 10_000,
  paymentIntentPerUser: 10_000,
  orderDeletePerUser: 10_000,
  chatReportPerUser: 10_000,
  chatModerationPerAdmin: 10_000,
  chatSearchPerUser: 10_000,
  chatDrawingPerUser: 10_000,
  vitalsPerIp: 10_000,
};

/**
 * The real app, verifying ID tokens against the suite's Auth Emulator. `adminEmails` become
 * admins at their first token exchange (use unique ones: the emulator is shared by all files).
 */
export function buildAccountsApp(options: {
  adminEmails: string[];
  limits?: Partial<RateLimitMaxima>;
  seed?: boolean;
  /** Stripe for this app (see helpers/payments.ts); default: card payment not configured. */
  paymentGateway?: PaymentGateway | null;
  /** The chat (default: on); false turns it off. */
  chat?: boolean;
  /** Redis for chat and rate limits (default: none). */
  redis?: RedisOptions;
  /** More environment (e.g. CHAT_ALLOWED_ORIGINS). */
  env?: Record<string, string>;
  /** The mail outbox's clock and timer (tests of the mails drive it by hand). */
  mailOutbox?: MailOutboxOptions;
  /** The catalogue cache's timing. */
  catalogue?: CatalogueOptions;
}): Promise<TestApp> {
  return buildTestApp({
    seed: options.seed ?? false,
    env: {
      FIREBASE_AUTH_EMULATOR_HOST: emulatorHost(),
      ADMIN_EMAILS: options.adminEmails.join(','),
      ...options.env,
    },
    app: {
      rateLimits: { ...GENEROUS_LIMITS, ...options.limits },
      paymentGateway: options.paymentGateway ?? null,
      ...(options.chat === undefined ? {} : { chat: options.chat }),
      ...(options.redis === undefined ? {} : { redis: options.redis }),
      ...(options.mailOutbox === undefined ? {} : { mailOutbox: options.mailOutbox }),
      ...(options.catalogue === undefined ? {} : { catalogue: options.catalogue }),
    },
  });
}

export function bearer(token: string): { authorization: string } {
  return { authorization: `Bearer ${token}` };
}

let nextIp = 1;
/** A client address of its own, so per-IP limits never couple tests. */
export function freshIp(): string {
  nextIp += 1;
  return `10.9.${Math.floor(nextIp / 250)}.${(nextIp % 250) + 1}`;
}

/** PUT /api/user/:email with a Firebase ID token. */
export function exchange(
  app: FastifyInstance,
  options: { idToken?: string; pathEmail: string; bodyEmail?: string; ip?: string },
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'PUT',
    url: `/api/user/${encodeURIComponent(options.pathEmail)}`,
    headers: options.idToken ? bearer(options.idToken) : {},
    payload: { email: options.bodyEmail ?? options.pathEmail },
    remoteAddress: options.ip ?? freshIp(),
  });
}

export type SignedIn = EmulatorAccount & { accessToken: string };

/** Signs up in the emulator and exchanges the ID token, as the web app does after sign-up. */
export async function signIn(app: FastifyInstance, emailOrLabel: string): Promise<SignedIn> {
  const email = emailOrLabel.includes('@') ? emailOrLabel : uniqueEmail(emailOrLabel);
  const account = await signUp(email);
  const res = await exchange(app, { idToken: account.idToken, pathEmail: email });
  expect(res.statusCode, res.body).toBe(200);
  return { ...account, accessToken: res.json<{ token: string }>().token };
}
