import { z } from 'zod';
import { formatCents } from '../../contract/money';
import { receiptPath } from '../../contract/receipt';

/** The mails the outbox sends (the `mail_outbox.kind` values). */
export const MAIL_KINDS = ['order-confirmation', 'refund', 'out-of-stock-refund'] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

/**
 * What a mail says, written into the outbox with it (in the transaction that made the orders or
 * settled the refund): the mail is the receipt as it was then.
 */
export const receiptFactsSchema = z.object({
  /** `LT-…`, as the confirmation and the receipt show it. */
  orderNumber: z.string().min(1),
  /** The PaymentIntent id: the receipt's address. */
  receiptId: z.string().min(1),
  /** When the checkout was placed (ISO). */
  placedAt: z.iso.datetime({ offset: true }),
  /** The lines the mail is about: all of the order's, or those a refund gives back. */
  lines: z
    .array(
      z.object({
        name: z.string(),
        quantity: z.number().int().positive(),
        unitPriceCents: z.number().int().nonnegative(),
      }),
    )
    .min(1),
  /** Paid, or refunded, in cents. */
  totalCents: z.number().int().nonnegative(),
});
export type ReceiptFacts = z.infer<typeof receiptFactsSchema>;

type Wording = {
  subject: (orderNumber: string) => string;
  /** The paragraph before the lines. */
  intro: (total: string) => string;
  totalLabel: string;
};

const WORDING: Record<MailKind, Wording> = {
  'order-confirmation': {
    subject: (orderNumber) => `Your LearnTogether order ${orderNumber}`,
    intro: () => 'Thank you for your order. We received your payment; here is what you bought.',
    totalLabel: 'Total paid',
  },
  refund: {
    subject: (orderNumber) => `Your refund for LearnTogether order ${orderNumber}`,
    intro: (total) =>
      `We refunded ${total} to the card you paid with, for the items below. A refund usually ` +
      'shows on your statement within 5 to 10 business days.',
    totalLabel: 'Total refunded',
  },
  'out-of-stock-refund': {
    subject: (orderNumber) => `Your LearnTogether payment ${orderNumber} was refunded`,
    intro: (total) =>
      'The books you paid for sold out before your payment went through, so no order was made ' +
      `and we refunded the whole payment, ${total}, to your card. A refund usually shows on your ` +
      'statement within 5 to 10 business days.',
    totalLabel: 'Total refunded',
  },
};

/** The date as the receipt shows it ("November 27, 2026"), in UTC: the server has no reader's zone. */
function formatDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Book names are the admins' text: never markup in a customer's mail. */
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}

/** The mail of one outbox row: subject, plain text and simple HTML, with the receipt's link. */
export function composeReceiptMail(
  kind: MailKind,
  facts: ReceiptFacts,
  publicUrl: string,
): { subject: string; text: string; html: string } {
  const wording = WORDING[kind];
  const total = formatCents(facts.totalCents);
  const link = `${publicUrl}${receiptPath(facts.receiptId)}`;
  const lines = facts.lines.map((line) => ({
    name: line.name,
    quantity: line.quantity,
    unit: formatCents(line.unitPriceCents),
    amount: formatCents(line.unitPriceCents * line.quantity),
  }));
  const date = formatDate(facts.placedAt);

  const text = [
    wording.intro(total),
    '',
    `Order number: ${facts.orderNumber}`,
    `Date: ${date}`,
    '',
    ...lines.map((line) => `${line.name}: ${line.quantity} × ${line.unit} = ${line.amount}`),
    '',
    `${wording.totalLabel}: ${total}`,
    '',
    `Your receipt: ${link}`,
    '',
    'LearnTogether',
    '',
  ].join('\n');

  const cell = 'style="padding:4px 8px;text-align:right"';
  const html = `<!doctype html>
<html lang="en">
<body style="font-family:sans-serif;color:#1f2937">
<p>${escapeHtml(wording.intro(total))}</p>
<p>Order number: <strong>${escapeHtml(facts.orderNumber)}</strong><br>Date: ${escapeHtml(date)}</p>
<table style="border-collapse:collapse">
<thead><tr><th style="padding:4px 8px;text-align:left">Item</th><th ${cell}>Qty</th><th ${cell}>Unit price</th><th ${cell}>Amount</th></tr></thead>
<tbody>
${lines
  .map(
    (line) =>
      `<tr><td style="padding:4px 8px">${escapeHtml(line.name)}</td><td ${cell}>${line.quantity}</td><td ${cell}>${line.unit}</td><td ${cell}>${line.amount}</td></tr>`,
  )
  .join('\n')}
</tbody>
<tfoot><tr><th colspan="3" ${cell}>${wording.totalLabel}</th><td ${cell}><strong>${total}</strong></td></tr></tfoot>
</table>
<p><a href="${escapeHtml(link)}">See your receipt</a></p>
<p>LearnTogether</p>
</body>
</html>
`;
  return { subject: wording.subject(facts.orderNumber), text, html };
}
