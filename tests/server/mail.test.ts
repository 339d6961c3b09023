import { randomUUID } from 'node:crypto';
import type { ParsedMail } from 'mailparser';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { refundAcceptedSchema } from '../../contract/admin-orders';
import { orderNumberOf } from '../../contract/checkout-rules';
import { paymentIntentResponseSchema } from '../../contract/payments';
import { loadConfig } from '../../server/config';
import { createSmtpMailer, mailStartupMessage } from '../../server/mail/mailer';
import { createMailOutbox, RETRY_DELAYS_MINUTES } from '../../server/mail/outbox';
import { bearer, buildAccountsApp, signIn, type SignedIn } from './helpers/accounts';
import type { TestApp } from './helpers/build-test-app';
import { uniqueEmail } from './helpers/firebase-emulator';
import {
  askForIntent,
  buyBooks,
  createTestGateway,
  deliverWebhook,
  intentIdOf,
  paymentIntentEvent,
  type TestGateway,
} from './helpers/payments';
import { createTestSmtpServer, type TestSmtpServer } from './helpers/smtp-server';

const PUBLIC_URL = 'https://shop.example.test';

const stripeEvent = (type: string, object: Record<string, unknown>) => ({
  id: `evt_test_${randomUUID().replaceAll('-', '')}`,
  object: 'event',
  type,
  created: Math.floor(Date.now() / 1000),
  data: { object },
});

/** The mails one address received. */
const mailsTo = (smtp: TestSmtpServer, email: string): ParsedMail[] =>
  smtp.mails.filter((mail) => mail.to && !Array.isArray(mail.to) && mail.to.text === email);

describe('order and refund mails (SMTP, through the outbox)', () => {
  const adminEmail = uniqueEmail('mail-admin');
  let t: TestApp;
  let gateway: TestGateway;
  let admin: SignedIn;
  let smtp: TestSmtpServer;
  /** The outbox worker's clock: the tests move it instead of waiting minutes. */
  let clock = Date.now();

  beforeAll(async () => {
    smtp = await createTestSmtpServer();
    await smtp.start();
    gateway = createTestGateway();
    t = await buildAccountsApp({
      adminEmails: [adminEmail],
      seed: false,
      paymentGateway: gateway,
      env: { SMTP_URL: smtp.url, PUBLIC_URL, MAIL_FROM: 'LearnTogether <shop@example.test>' },
      // No timer: each test runs the worker's passes itself.
      mailOutbox: { now: () => clock, pollMs: 0 },
    });
    admin = await signIn(t.app, adminEmail);
  });
  afterEach(async () => {
    // Every test leaves the server up and nothing due.
    await smtp.start();
    clock += 48 * 60 * 60_000;
    await t.app.mailOutbox.sendDue();
  });
  afterAll(async () => {
    await t.close();
    await smtp.stop();
  });

  async function newBook(name: string, priceCents: number, stock = 10): Promise<string> {
    const [row] = await t.db.query<{ id: string }>(
      `insert into books (name, author, price_cents, image, category, stock)
       values ($1, 'M. Ailer', $2, '/x.png', 'story', $3) returning id`,
      [name, priceCents, stock],
    );
    if (!row) throw new Error('no book');
    return row.id;
  }

  const outboxRows = (subjectIds: string[]) =>
    t.db.query<{ kind: string; status: string; attempts: number; last_error: string | null }>(
      `select kind, status, attempts, last_error from mail_outbox
       where subject_id = any($1::text[]) order by id`,
      [subjectIds],
    );
  const paymentIdOf = async (intentId: string) =>
    (
      await t.db.query<{ id: string }>('select id from payments where payment_intent_id = $1', [
        intentId,
      ])
    )[0]?.id ?? '';

  it('a paid checkout sends one confirmation with its lines, total and receipt link, even when the webhook comes twice', async () => {
    const user = await signIn(t.app, 'mail-buyer');
    const a = await newBook(`Mail & <Tales> ${randomUUID()}`, 1250);
    const b = await newBook(`Mail book ${randomUUID()}`, 799);
    const { id } = await buyBooks(t.app, gateway, user, [
      { bookId: a, quantity: 2 },
      { bookId: b, quantity: 1 },
    ]);
    // The same event again, and another event for the same payment (Stripe sends both kinds).
    const amount = 2 * 1250 + 799;
    const again = paymentIntentEvent('payment_intent.succeeded', { id, amount });
    expect((await deliverWebhook(t.app, again)).statusCode).toBe(200);
    expect((await deliverWebhook(t.app, again)).statusCode).toBe(200);

    expect(await t.app.mailOutbox.sendDue()).toEqual({ sent: 1, retried: 0, gaveUp: 0 });
    expect(await t.app.mailOutbox.sendDue()).toEqual({ sent: 0, retried: 0, gaveUp: 0 });

    const mails = mailsTo(smtp, user.email);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    const orderNumber = orderNumberOf(await paymentIdOf(id));
    const link = `${PUBLIC_URL}/orders/${id}/receipt`;
    expect(mail?.subject).toBe(`Your LearnTogether order ${orderNumber}`);
    expect(mail?.from?.value).toEqual([{ name: 'LearnTogether', address: 'shop@example.test' }]);
    const [nameA] = await t.db.query<{ name: string }>('select name from books where id = $1', [a]);
    const [nameB] = await t.db.query<{ name: string }>('select name from books where id = $1', [b]);
    expect(mail?.text).toContain(`Order number: ${orderNumber}`);
    expect(mail?.text).toContain(`${nameA?.name}: 2 × $12.50 = $25.00`);
    expect(mail?.text).toContain(`${nameB?.name}: 1 × $7.99 = $7.99`);
    expect(mail?.text).toContain('Total paid: $32.99');
    expect(mail?.text).toContain(`Your receipt: ${link}`);
    // The HTML part: the same lines, the admin's text escaped, and the link.
    expect(mail?.html).toContain(`href="${link}"`);
    expect(mail?.html).toContain('Mail &amp; &lt;Tales&gt;');
    expect(mail?.html).not.toContain('<Tales>');
    expect(mail?.html).toContain('<strong>$32.99</strong>');
    expect(await outboxRows([await paymentIdOf(id)])).toEqual([
      { kind: 'order-confirmation', status: 'sent', attempts: 1, last_error: null },
    ]);
  });

  it('a settled refund sends the refunded lines and amount, once', async () => {
    const user = await signIn(t.app, 'mail-refund');
    const a = await newBook(`Refunded book ${randomUUID()}`, 1000);
    const b = await newBook(`Kept book ${randomUUID()}`, 500);
    const { id, orderIds } = await buyBooks(t.app, gateway, user, [
      { bookId: a, quantity: 2 },
      { bookId: b, quantity: 1 },
    ]);
    await t.app.mailOutbox.sendDue();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${id}/refunds`,
      headers: bearer(admin.accessToken),
      payload: { orderIds: [orderIds[0]] },
    });
    expect(res.statusCode, res.body).toBe(202);
    const { refundId } = refundAcceptedSchema.parse(res.json());
    // Asked, not settled: no mail yet.
    expect(await t.app.mailOutbox.sendDue()).toEqual({ sent: 0, retried: 0, gaveUp: 0 });

    const settled = stripeEvent('refund.updated', {
      id: refundId,
      object: 'refund',
      status: 'succeeded',
      payment_intent: id,
    });
    expect((await deliverWebhook(t.app, settled)).statusCode).toBe(200);
    expect((await deliverWebhook(t.app, settled)).statusCode).toBe(200);
    const charge = stripeEvent('charge.refunded', {
      object: 'charge',
      payment_intent: id,
      amount_refunded: 2000,
    });
    expect((await deliverWebhook(t.app, charge)).statusCode).toBe(200);
    expect(await t.app.mailOutbox.sendDue()).toEqual({ sent: 1, retried: 0, gaveUp: 0 });

    const mails = mailsTo(smtp, user.email);
    expect(mails.map((mail) => mail.subject)).toEqual([
      `Your LearnTogether order ${orderNumberOf(await paymentIdOf(id))}`,
      `Your refund for LearnTogether order ${orderNumberOf(await paymentIdOf(id))}`,
    ]);
    const refund = mails[1];
    expect(refund?.text).toContain('We refunded $20.00 to the card you paid with');
    expect(refund?.text).toMatch(/Refunded book [^\n]*: 2 × \$10\.00 = \$20\.00/);
    expect(refund?.text).not.toContain('Kept book');
    expect(refund?.text).toContain('Total refunded: $20.00');
    expect(refund?.text).toContain(`Your receipt: ${PUBLIC_URL}/orders/${id}/receipt`);
    expect(await outboxRows([refundId])).toEqual([
      { kind: 'refund', status: 'sent', attempts: 1, last_error: null },
    ]);
  });

  it('a payment refunded because its books were gone says so, with the whole amount', async () => {
    const user = await signIn(t.app, 'mail-sold-out');
    const book = await newBook(`Gone book ${randomUUID()}`, 1500, 1);
    await t.app.inject({
      method: 'POST',
      url: '/api/cart',
      headers: bearer(user.accessToken),
      payload: { bookId: book, quantity: 1 },
    });
    const intent = await askForIntent(t.app, user, { source: 'books' });
    const id = intentIdOf(paymentIntentResponseSchema.parse(intent.json()).clientSecret);
    // The hold lapsed and the last copy went elsewhere before the card went through.
    await t.db.query('delete from stock_reservations where book_id = $1', [book]);
    await t.db.query('update books set stock = 0 where id = $1', [book]);
    const paid = await deliverWebhook(
      t.app,
      paymentIntentEvent('payment_intent.succeeded', { id, amount: 1500 }),
    );
    expect(paid.statusCode).toBe(200);
    expect(await t.app.mailOutbox.sendDue()).toEqual({ sent: 1, retried: 0, gaveUp: 0 });

    const [mail] = mailsTo(smtp, user.email);
    expect(mail?.subject).toBe(
      `Your LearnTogether payment ${orderNumberOf(await paymentIdOf(id))} was refunded`,
    );
    expect(mail?.text).toContain('sold out before your payment went through, so no order');
    expect(mail?.text).toContain('Total refunded: $15.00');
    expect(mail?.text).toContain(`${PUBLIC_URL}/orders/${id}/receipt`);
  });

  it('with the mail server down the order still succeeds; the mail is retried with backoff and sent once it is up', async () => {
    await smtp.stop();
    const user = await signIn(t.app, 'mail-later');
    const book = await newBook(`Patient book ${randomUUID()}`, 2000);
    const { id, orderIds } = await buyBooks(t.app, gateway, user, [{ bookId: book, quantity: 1 }]);
    expect(orderIds).toHaveLength(1);
    const paymentId = await paymentIdOf(id);

    expect(await t.app.mailOutbox.sendDue()).toEqual({ sent: 0, retried: 1, gaveUp: 0 });
    const [row] = await outboxRows([paymentId]);
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row?.last_error).toMatch(/ECONNREFUSED/);

    await smtp.start();
    // Not before its time: the first retry waits a minute.
    clock += 59_000;
    expect(await t.app.mailOutbox.sendDue()).toEqual({ sent: 0, retried: 0, gaveUp: 0 });
    expect(mailsTo(smtp, user.email)).toEqual([]);
    clock += 1_000;
    expect(await t.app.mailOutbox.sendDue()).toEqual({ sent: 1, retried: 0, gaveUp: 0 });
    expect(mailsTo(smtp, user.email)).toHaveLength(1);
    expect(await outboxRows([paymentId])).toEqual([
      { kind: 'order-confirmation', status: 'sent', attempts: 2, last_error: null },
    ]);
  });

  it('gives a mail up after the last retry, and keeps it with its error', async () => {
    await smtp.stop();
    const user = await signIn(t.app, 'mail-never');
    const book = await newBook(`Unlucky book ${randomUUID()}`, 300);
    const { id } = await buyBooks(t.app, gateway, user, [{ bookId: book, quantity: 1 }]);
    const paymentId = await paymentIdOf(id);

    expect(await t.app.mailOutbox.sendDue()).toMatchObject({ retried: 1 });
    for (const minutes of RETRY_DELAYS_MINUTES.slice(0, -1)) {
      clock += minutes * 60_000;
      expect(await t.app.mailOutbox.sendDue()).toMatchObject({ retried: 1, gaveUp: 0 });
    }
    clock += (RETRY_DELAYS_MINUTES.at(-1) ?? 0) * 60_000;
    expect(await t.app.mailOutbox.sendDue()).toEqual({ sent: 0, retried: 0, gaveUp: 1 });
    const [row] = await outboxRows([paymentId]);
    expect(row).toMatchObject({ status: 'failed', attempts: RETRY_DELAYS_MINUTES.length + 1 });
    expect(row?.last_error).toMatch(/ECONNREFUSED/);

    // Never tried again, even with the server back.
    await smtp.start();
    clock += 7 * 24 * 60 * 60_000;
    expect(await t.app.mailOutbox.sendDue()).toEqual({ sent: 0, retried: 0, gaveUp: 0 });
    expect(mailsTo(smtp, user.email)).toEqual([]);
  });

  it('two workers on one database send each mail once', async () => {
    const buyers = await Promise.all(
      ['mail-two-a', 'mail-two-b', 'mail-two-c'].map((label) => signIn(t.app, label)),
    );
    const book = await newBook(`Shared book ${randomUUID()}`, 450, 100);
    for (const buyer of buyers)
      await buyBooks(t.app, gateway, buyer, [{ bookId: book, quantity: 1 }]);
    // A second process's worker: its own outbox and SMTP connection, the same rows.
    const other = createMailOutbox(
      {
        db: t.db,
        mailer: createSmtpMailer(t.config),
        publicUrl: PUBLIC_URL,
        log: t.app.log,
      },
      { now: () => clock, pollMs: 0 },
    );
    const runs = await Promise.all([t.app.mailOutbox.sendDue(), other.sendDue()]);
    expect(runs.reduce((sum, run) => sum + run.sent, 0)).toBe(3);
    for (const buyer of buyers) expect(mailsTo(smtp, buyer.email)).toHaveLength(1);
  });
});

describe('the worker in the app', () => {
  it('starts with the app, sends what the webhook queued by itself, and stops on close', async () => {
    const smtp = await createTestSmtpServer();
    await smtp.start();
    const gateway = createTestGateway();
    const t = await buildAccountsApp({
      adminEmails: [],
      seed: true,
      paymentGateway: gateway,
      env: { SMTP_URL: smtp.url, PUBLIC_URL },
      mailOutbox: { pollMs: 20 },
    });
    try {
      const user = await signIn(t.app, 'mail-timer');
      const [book] = await t.db.query<{ id: string }>('select id from books order by name limit 1');
      await t.db.query('update books set stock = 10 where id = $1', [book?.id]);
      await buyBooks(t.app, gateway, user, [{ bookId: book?.id ?? '', quantity: 1 }]);
      await vi.waitFor(() => expect(mailsTo(smtp, user.email)).toHaveLength(1), {
        timeout: 5_000,
      });
    } finally {
      await t.close();
      await smtp.stop();
    }
  });
});

describe('without SMTP_URL', () => {
  let t: TestApp;
  let gateway: TestGateway;

  beforeAll(async () => {
    gateway = createTestGateway();
    t = await buildAccountsApp({ adminEmails: [], seed: true, paymentGateway: gateway });
  });
  afterAll(async () => {
    await t.close();
  });

  it('queues no mail: orders are made as before', async () => {
    const user = await signIn(t.app, 'mail-off');
    const [book] = await t.db.query<{ id: string }>('select id from books order by name limit 1');
    await t.db.query('update books set stock = 10 where id = $1', [book?.id]);
    const { orderIds } = await buyBooks(t.app, gateway, user, [
      { bookId: book?.id ?? '', quantity: 1 },
    ]);
    expect(orderIds).toHaveLength(1);
    expect(await t.db.query('select id from mail_outbox')).toEqual([]);
    expect(await t.app.mailOutbox.sendDue()).toEqual({ sent: 0, retried: 0, gaveUp: 0 });
  });
});

describe('mail configuration', () => {
  it('validates SMTP_URL and MAIL_FROM, and defaults PUBLIC_URL to the local web app', () => {
    const config = loadConfig({ NODE_ENV: 'test' });
    expect(config.SMTP_URL).toBeUndefined();
    expect(config.PUBLIC_URL).toBe('http://127.0.0.1:5173');
    expect(
      loadConfig({ SMTP_URL: 'smtp://user:secret@mail.example.com:587', MAIL_FROM: 'a@b.example' }),
    ).toMatchObject({
      SMTP_URL: 'smtp://user:secret@mail.example.com:587',
      MAIL_FROM: 'a@b.example',
    });
    expect(() => loadConfig({ SMTP_URL: 'http://mail.example.com' })).toThrow(
      /SMTP_URL: Expected an smtp:\/\/ or smtps:\/\/ URL/,
    );
    expect(() => loadConfig({ MAIL_FROM: 'Shop <not an address>' })).toThrow(/MAIL_FROM: Expected/);
    expect(() => loadConfig({ PUBLIC_URL: 'https://shop.example.com/app' })).toThrow(
      /PUBLIC_URL: Expected an origin without a path/,
    );
  });

  it('production that sends mail must name its public URL and sender; without SMTP_URL it need not', () => {
    const production = { NODE_ENV: 'production', ACCESS_TOKEN_SECRET: 'x'.repeat(40) };
    expect(() => loadConfig({ ...production, SMTP_URL: 'smtp://mail.example.com' })).toThrow(
      /PUBLIC_URL: Required in production when SMTP_URL is set[\s\S]*MAIL_FROM: Required/,
    );
    expect(
      loadConfig({
        ...production,
        SMTP_URL: 'smtp://mail.example.com',
        PUBLIC_URL: 'https://shop.example.com',
        MAIL_FROM: 'LearnTogether <shop@example.com>',
      }).PUBLIC_URL,
    ).toBe('https://shop.example.com');
    expect(loadConfig(production).SMTP_URL).toBeUndefined();
  });

  it('says at start whether mails are sent, and never prints the SMTP password', () => {
    expect(mailStartupMessage(loadConfig({ NODE_ENV: 'production' }))).toEqual({
      level: 'warn',
      message: expect.stringContaining('SMTP_URL is not set: no order confirmation or refund mail'),
    });
    expect(mailStartupMessage(loadConfig({ NODE_ENV: 'development' })).level).toBe('info');
    const on = mailStartupMessage(
      loadConfig({ SMTP_URL: 'smtp://user:secret@mail.example.com:587', PUBLIC_URL: PUBLIC_URL }),
    );
    expect(on.message).toContain('smtp://mail.example.com:587');
    expect(on.message).not.toContain('secret');
  });
});
