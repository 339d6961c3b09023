import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { z } from 'zod';

/** Only for development and tests; production must set its own secret. */
const DEV_ACCESS_TOKEN_SECRET = 'dev-only-access-token-secret-do-not-use-in-production';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

// `.env` files often hold `NAME=` for "not set"; treat blank values as absent.
const optionalString = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
  z.string().trim().optional(),
);

const booleanString = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'Expected true or false' })
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const postgresUrl = z
  .url({ protocol: /^postgres(ql)?$/, error: 'Expected a postgres:// or postgresql:// URL' })
  .optional();

// host:port, as firebase-admin and the web SDK expect it.
const emulatorHost = z
  .string()
  .regex(/^[A-Za-z0-9.-]+:\d{1,5}$/, 'Expected host:port, e.g. 127.0.0.1:9099')
  .optional();

// Stripe's key formats: secret keys, and restricted keys (which may create PaymentIntents).
const stripeSecretKey = z
  .string()
  .regex(
    /^(sk|rk)_(test|live)_[A-Za-z0-9_]+$/,
    'Expected a Stripe secret key (sk_test_…, sk_live_…, rk_test_… or rk_live_…)',
  )
  .optional();

const stripeWebhookSecret = z
  .string()
  .regex(/^whsec_[A-Za-z0-9_+/=]+$/, 'Expected a Stripe webhook signing secret (whsec_…)')
  .optional();

/** An http(s) origin and nothing after it (no path, query, fragment or credentials). */
function httpOrigin(formatError: string, pathError: string) {
  return z
    .url({ protocol: /^https?$/, error: formatError })
    .refine((value) => {
      // Runs even when the check above failed: only judge what parses.
      if (!URL.canParse(value)) return true;
      const url = new URL(value);
      return url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password;
    }, pathError)
    .transform((value) => new URL(value).origin);
}

// The local Stripe emulator.
const stripeEmulatorUrl = httpOrigin(
  'Expected an http(s)://host:port URL',
  'Expected an http(s)://host:port URL, without a path',
).optional();

// Redis for the chat across processes (socket.io adapter, rate limits).
const redisUrl = z
  .url({ protocol: /^rediss?$/, error: 'Expected a redis:// or rediss:// URL' })
  .optional();

// Origins (scheme://host[:port]) whose pages may open the chat socket besides the server's own.
const originList = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((origin) => origin.trim())
      .filter((origin) => origin !== ''),
  )
  .pipe(
    z.array(
      httpOrigin(
        'Expected a comma-separated list of http(s) origins',
        'Expected origins without a path (e.g. https://shop.example.com)',
      ),
    ),
  )
  .optional();

// Where the server sends its mails (order confirmations, refunds): an SMTP server, with its
// credentials when it needs them (smtp://user:pass@host:587, STARTTLS when offered; smtps:// for
// TLS from the start).
const smtpUrl = z
  .url({
    protocol: /^smtps?$/,
    error: 'Expected an smtp:// or smtps:// URL, e.g. smtp://127.0.0.1:1025',
  })
  .optional();

// The sender of the shop's mails: `shop@example.com` or `Shop name <shop@example.com>`.
const mailFrom = z.string().refine((value) => {
  const address = /^(?:[^<>]*<([^<>\s]+)>|([^<>\s]+))$/.exec(value);
  return z.email().safeParse(address?.[1] ?? address?.[2]).success;
}, 'Expected an address, or a name and an address: LearnTogether <shop@example.com>');

// The shop's address as its customers reach it: links in its mails point there.
const publicUrl = httpOrigin(
  "Expected the shop's public http(s) origin, e.g. https://shop.example.com",
  'Expected an origin without a path, e.g. https://shop.example.com',
).optional();

const TRUST_PROXY_FORMAT =
  'Expected true, false, a hop count (e.g. 1) or a comma-separated list of IP addresses and ' +
  'CIDR ranges';

/** Why `entry` is no IP address or CIDR range (as Fastify's proxy-addr takes them), if it is not. */
function proxyAddressProblem(entry: string): string | undefined {
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return `${TRUST_PROXY_FORMAT}; "${entry}" is none`;
  if (prefix === undefined) return undefined;
  const bits = family === 4 ? 32 : 128;
  if (!/^\d{1,3}$/.test(prefix) || Number(prefix) > bits) {
    return `"${entry}": the prefix length of an IPv${family} range is 0-${bits}`;
  }
  return undefined;
}

// Whose X-Forwarded-For to believe for the client's address (Fastify's `trustProxy`).
const trustProxy = z.string().transform((value, ctx): boolean | number | readonly string[] => {
  const word = value.toLowerCase();
  if (word === 'true' || word === 'false') return word === 'true';
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops >= 1 && Number.isSafeInteger(hops)) return hops;
    ctx.issues.push({ code: 'custom', input: value, message: 'A hop count is 1 or more' });
    return z.NEVER;
  }
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  for (const entry of entries) {
    const problem = proxyAddressProblem(entry);
    if (problem) ctx.issues.push({ code: 'custom', input: value, message: problem });
  }
  if (entries.length === 0) {
    ctx.issues.push({ code: 'custom', input: value, message: TRUST_PROXY_FORMAT });
  }
  return Object.freeze([...new Set(entries)]);
});

const envSchema = z.object({
  NODE_ENV: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.enum(['development', 'test', 'production']).default('development'),
  ),
  HOST: optionalString,
  PORT: optionalString.pipe(
    z
      .string()
      .regex(/^\d{1,5}$/, 'Expected a port number 0-65535')
      .transform(Number)
      .refine((port) => port <= 65535, 'Expected a port number 0-65535')
      .optional(),
  ),
  DATABASE_URL: optionalString.pipe(postgresUrl),
  PGLITE_DATA_DIR: optionalString,
  ACCESS_TOKEN_SECRET: optionalString.pipe(
    z.string().min(32, 'Must be at least 32 characters').optional(),
  ),
  ADMIN_EMAILS: optionalString.pipe(
    z
      .string()
      .transform((value) =>
        value
          .split(',')
          .map((email) => email.trim().toLowerCase())
          .filter((email) => email !== ''),
      )
      .pipe(z.array(z.email('Expected a comma-separated list of email addresses')))
      .optional(),
  ),
  FIREBASE_PROJECT_ID: optionalString,
  FIREBASE_AUTH_EMULATOR_HOST: optionalString.pipe(emulatorHost),
  GOOGLE_APPLICATION_CREDENTIALS: optionalString,
  SPA_DIR: optionalString,
  SERVE_SPA: optionalString.pipe(booleanString.optional()),
  LOG_LEVEL: optionalString.pipe(z.enum(LOG_LEVELS).optional()),
  STRIPE_SECRET_KEY: optionalString.pipe(stripeSecretKey),
  STRIPE_WEBHOOK_SECRET: optionalString.pipe(stripeWebhookSecret),
  STRIPE_EMULATOR_URL: optionalString.pipe(stripeEmulatorUrl),
  REDIS_URL: optionalString.pipe(redisUrl),
  PAYMENT_RECONCILE_SECONDS: optionalString.pipe(
    z
      .string()
      .regex(/^\d{1,5}$/, 'Expected a whole number of seconds (0 turns it off)')
      .transform(Number)
      .optional(),
  ),
  CHAT_ALLOWED_ORIGINS: optionalString.pipe(originList),
  TRUST_PROXY: optionalString.pipe(trustProxy.optional()),
  SMTP_URL: optionalString.pipe(smtpUrl),
  MAIL_FROM: optionalString.pipe(mailFrom.optional()),
  PUBLIC_URL: optionalString.pipe(publicUrl),
});

/** Where `npm run dev` serves the web app: the links of mails sent in development point there. */
const DEV_PUBLIC_URL = 'http://127.0.0.1:5173';
const DEV_MAIL_FROM = 'LearnTogether <no-reply@learntogether.test>';

/**
 * The environment as the server uses it: every variable validated, then its default applied (some
 * depend on NODE_ENV). `Config` is this schema's output type: one source for both.
 */
const configSchema = envSchema.transform((values) => {
  const nodeEnv = values.NODE_ENV;
  // Production without a configured secret still starts (`npm run build && npm start` just
  // works), with a random per-process secret: never a known value, but sessions end on restart.
  const ephemeralSecret = nodeEnv === 'production' && !values.ACCESS_TOKEN_SECRET;
  return Object.freeze({
    NODE_ENV: nodeEnv,
    HOST: values.HOST ?? '127.0.0.1',
    PORT: values.PORT ?? 3000,
    /** When set, PostgreSQL through `pg`; otherwise embedded PGlite. */
    DATABASE_URL: values.DATABASE_URL,
    /** PGlite data directory; `memory://` keeps the database in memory. */
    PGLITE_DATA_DIR: values.PGLITE_DATA_DIR ?? 'data/pglite',
    ACCESS_TOKEN_SECRET:
      values.ACCESS_TOKEN_SECRET ??
      (ephemeralSecret ? randomBytes(48).toString('hex') : DEV_ACCESS_TOKEN_SECRET),
    /** True when production runs on a random per-process secret because none was configured. */
    ACCESS_TOKEN_SECRET_IS_EPHEMERAL: ephemeralSecret,
    ADMIN_EMAILS: Object.freeze(
      values.ADMIN_EMAILS && values.ADMIN_EMAILS.length > 0
        ? [...new Set(values.ADMIN_EMAILS)]
        : ['admin@learntogether.test'],
    ),
    FIREBASE_PROJECT_ID: values.FIREBASE_PROJECT_ID ?? 'demo-learntogether',
    /** host:port of the Firebase Auth Emulator, when used (never in production). */
    FIREBASE_AUTH_EMULATOR_HOST: values.FIREBASE_AUTH_EMULATOR_HOST,
    /** Service-account file of a real Firebase project; read by firebase-admin itself. */
    GOOGLE_APPLICATION_CREDENTIALS: values.GOOGLE_APPLICATION_CREDENTIALS,
    SPA_DIR: values.SPA_DIR ?? 'dist',
    SERVE_SPA: values.SERVE_SPA ?? nodeEnv === 'production',
    LOG_LEVEL: values.LOG_LEVEL ?? (nodeEnv === 'test' ? 'silent' : 'info'),
    /** Card payment: without it POST /payments/intent answers 503 (the rest of the shop works). */
    STRIPE_SECRET_KEY: values.STRIPE_SECRET_KEY,
    /** Verifies the webhook's Stripe-Signature; without it the webhook answers 503. */
    STRIPE_WEBHOOK_SECRET: values.STRIPE_WEBHOOK_SECRET,
    /** Origin of the local Stripe emulator (never in production); the stripe package talks to it. */
    STRIPE_EMULATOR_URL: values.STRIPE_EMULATOR_URL,
    /**
     * When set, the chat uses Redis: the socket.io Redis Streams adapter between processes, and
     * the rate limits count there. The server refuses to start when it is unreachable.
     */
    REDIS_URL: values.REDIS_URL,
    /**
     * How often (seconds) the server asks Stripe about payments it has not heard the end of
     * (docs/decisions.md D56); 0: never. Default 60, and off under NODE_ENV=test (the suites run
     * it by hand).
     */
    PAYMENT_RECONCILE_SECONDS: values.PAYMENT_RECONCILE_SECONDS ?? (nodeEnv === 'test' ? 0 : 60),
    /**
     * Origins whose pages may open the chat socket although they differ from the request's Host
     * (a proxy that rewrites Host). Pages of the Host itself are always allowed.
     */
    CHAT_ALLOWED_ORIGINS: Object.freeze([...new Set(values.CHAT_ALLOWED_ORIGINS ?? [])]),
    /**
     * Whose X-Forwarded-For gives the client's address (`request.ip`, which the per-IP rate limits
     * count by). false (default): none, the socket's peer is the client. A hop count: that many
     * proxies in front (1 = nginx appending to X-Forwarded-For: its last entry is the client); the
     * peer is not checked, so only where clients cannot reach the server but through the proxy.
     * IPs/CIDR ranges: the proxies' addresses, checked hop by hop. true: every hop, so the first
     * entry, which a client forges unless the proxy overwrites the header.
     */
    TRUST_PROXY: values.TRUST_PROXY ?? false,
    /**
     * The SMTP server the order and refund mails go through (docs/decisions.md D54). Unset: no
     * mail is sent (nor queued), and the server says so at start.
     */
    SMTP_URL: values.SMTP_URL,
    /** The mails' sender. Production with SMTP_URL must set it (loadConfig refuses otherwise). */
    MAIL_FROM: values.MAIL_FROM ?? DEV_MAIL_FROM,
    /**
     * The shop's public origin: a mail's receipt link is PUBLIC_URL + /orders/{id}/receipt.
     * Production with SMTP_URL must set it (loadConfig refuses otherwise).
     */
    PUBLIC_URL: values.PUBLIC_URL ?? DEV_PUBLIC_URL,
    /** Whether PUBLIC_URL was set: production without it names the developer's origin. */
    PUBLIC_URL_IS_SET: values.PUBLIC_URL !== undefined,
  });
});

/** The variables the server reads: the README's table and .env.example must name each. */
export const SERVER_ENV_VARIABLES = Object.keys(envSchema.shape);

export type Config = z.output<typeof configSchema>;
export type NodeEnv = Config['NODE_ENV'];

export const PGLITE_IN_MEMORY = 'memory://';

/** Whether `host` (HOST's value) is reachable from this machine only. */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  if (bare === 'localhost' || bare === '::1') return true;
  return isIP(bare) === 4 && bare.startsWith('127.');
}

/**
 * Reads and validates the server's environment. Throws one Error naming every bad variable,
 * so a misconfigured deployment fails at start-up rather than on the first request.
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = configSchema.safeParse(env);
  const problems: string[] = [];
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      problems.push(`${String(issue.path[0] ?? '(env)')}: ${issue.message}`);
    }
  }
  // Checked on the raw values too, so one error lists this alongside any other problem.
  if (env.NODE_ENV?.trim() === 'production') {
    const secret = env.ACCESS_TOKEN_SECRET?.trim();
    if (secret === DEV_ACCESS_TOKEN_SECRET) {
      problems.push('ACCESS_TOKEN_SECRET: The development secret must not be used in production');
    }
  }

  // firebase-admin accepts unsigned ID tokens when it talks to an emulator: anyone who can reach
  // such a server can sign in as anyone. So never in production, and elsewhere (dev, tests, the
  // local demo of start:cluster) only on a loopback address, which other machines cannot reach.
  // The raw value, untrimmed: firebase-admin takes any non-empty one (even ' ') as "use the
  // emulator" and stops checking signatures (docs/decisions.md D53).
  const emulatorConfigured = (env.FIREBASE_AUTH_EMULATOR_HOST ?? '') !== '';
  if (emulatorConfigured && env.NODE_ENV?.trim() === 'production') {
    problems.push(
      'FIREBASE_AUTH_EMULATOR_HOST: Not allowed in production (the Auth Emulator accepts unsigned ' +
        'ID tokens: anyone could sign in as anyone); use a real Firebase project',
    );
  }
  const host = env.HOST?.trim();
  if (emulatorConfigured && host && !isLoopbackHost(host)) {
    problems.push(
      `HOST: With FIREBASE_AUTH_EMULATOR_HOST set the server listens on loopback only ` +
        `(127.0.0.1, ::1 or localhost), not ${host}: the Auth Emulator's ID tokens are unsigned`,
    );
  }

  // The emulator answers every 4242 card as paid: a real shop must never trust it.
  if (env.NODE_ENV?.trim() === 'production' && env.STRIPE_EMULATOR_URL?.trim()) {
    problems.push(
      'STRIPE_EMULATOR_URL: Not allowed in production (the Stripe emulator is for development ' +
        'and tests; use real Stripe keys, or run with NODE_ENV=test)',
    );
  }

  // A mail sent to every customer with a link to the developer's machine, or from a made-up
  // sender that real mail servers reject, is worse than none: production that sends mail names
  // both (docs/decisions.md D54). Without SMTP_URL neither is used.
  if (env.NODE_ENV?.trim() === 'production' && env.SMTP_URL?.trim()) {
    for (const name of ['PUBLIC_URL', 'MAIL_FROM'] as const) {
      if (env[name]?.trim()) continue;
      problems.push(
        `${name}: Required in production when SMTP_URL is set (${
          name === 'PUBLIC_URL'
            ? "the shop's https origin, which the mails' receipt links point to"
            : 'the sender of the order and refund mails, an address of your domain'
        })`,
      );
    }
  }

  if (problems.length > 0 || !parsed.success) {
    throw new Error(`Invalid environment variables:\n  - ${problems.join('\n  - ')}`);
  }
  return parsed.data;
}
