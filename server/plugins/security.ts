import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { VIDEO_FRAME_HOSTS } from '../../contract/course-video';
import { PRERENDERED_HEAD_SCRIPT } from '../../contract/early-taps';
import type { Config } from '../config';
import { API_REFERENCE_URL } from './openapi';

/** The CSP source that lets exactly `script` run inline (CSP Level 2 hash-source). */
function inlineScriptSource(script: string): string {
  return `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`;
}

const PRERENDERED_HEAD_SCRIPT_SOURCE = inlineScriptSource(PRERENDERED_HEAD_SCRIPT);

/**
 * The Content-Security-Policy for the SPA, limited to the services it talks to: Firebase Auth,
 * Google's gapi loader (popup sign-in), Stripe, EmailJS, imgbb, socket.io on this origin, and the
 * Auth and Stripe emulators when configured, and the two video players lessons may embed.
 */
export function contentSecurityDirectives(config: Config): Record<string, string[]> {
  const emulator = config.FIREBASE_AUTH_EMULATOR_HOST
    ? [`http://${config.FIREBASE_AUTH_EMULATOR_HOST}`]
    : [];
  // The browser loads the Stripe.js stand-in from the Stripe emulator and confirms cards there.
  const stripeEmulator = config.STRIPE_EMULATOR_URL ? [config.STRIPE_EMULATOR_URL] : [];
  return {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'object-src': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'self'"],
    'img-src': ["'self'", 'data:', 'blob:', 'https://i.ibb.co'],
    'connect-src': [
      // 'self' covers same-origin ws:/wss: (socket.io) in CSP Level 3.
      "'self'",
      'https://identitytoolkit.googleapis.com',
      'https://securetoken.googleapis.com',
      'https://api.emailjs.com',
      'https://api.stripe.com',
      'https://api.imgbb.com',
      ...emulator,
      ...stripeEmulator,
    ],
    // A lesson's video plays in YouTube's privacy-enhanced or Vimeo's player, and only once the
    // learner presses play (contract/course-video.ts parseVideoUrl); an MP4 is the shop's own.
    'frame-src': [
      "'self'",
      'https://js.stripe.com',
      'https://*.firebaseapp.com',
      ...VIDEO_FRAME_HOSTS,
      ...emulator,
    ],
    'media-src': ["'self'"],
    // Firebase's popup sign-in loads Google's gapi loader to talk to its helper iframe. The one
    // inline script is the prerendered documents' head script: the saved-cart probe and the early
    // taps' holder (contract/early-taps.ts).
    'script-src': [
      "'self'",
      PRERENDERED_HEAD_SCRIPT_SOURCE,
      'https://js.stripe.com',
      'https://apis.google.com',
      ...stripeEmulator,
    ],
    'style-src': ["'self'", "'unsafe-inline'"],
    'font-src': ["'self'", 'data:'],
  };
}

/** Browser features the SPA never uses are denied; card payments may use Stripe's frame. */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'hid=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=(self "https://js.stripe.com")',
  'serial=()',
  'usb=()',
].join(', ');

function serializeCsp(directives: Record<string, string[]>): string {
  return Object.entries(directives)
    .map(([name, values]) => [name, ...values].join(' '))
    .join(';');
}

/**
 * The two kinds of answer, each with its own security headers (docs/architecture.md §4):
 * - `api`: the JSON answers under /api, their errors too, and the JSON errors Node's parser or the
 *   router send before any hook runs (431, 408, malformed URLs);
 * - `document`: everything else: the SPA's index.html and static files, the API reference page.
 */
export type AnswerKind = 'api' | 'document';

/**
 * The security headers of a kind of answer, as plain values (the default: the API's, as the
 * answers sent outside Fastify are all JSON errors).
 *
 * A JSON answer is never rendered, framed or run, so it needs only what stops a browser from
 * treating it as something else, as OWASP's REST Security Cheat Sheet lists: no sniffing, a CSP
 * that allows nothing (should it ever be opened as a page) and no framing, and no cross-origin
 * reads (CORP). Its Cache-Control is the route's own. HSTS is a policy of the host, which the
 * browser records from the documents (the SPA calls the API from one), and the page CSP,
 * Permissions-Policy, opener policy, referrer policy and the rest of helmet's set govern pages.
 */
export function securityHeaders(
  config: Config,
  kind: AnswerKind = 'api',
): Readonly<Record<string, string>> {
  if (kind === 'api') {
    return {
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
      'cross-origin-resource-policy': 'same-origin',
      'x-content-type-options': 'nosniff',
    };
  }
  // helmet's set as @fastify/helmet sent it (with our CSP, which has no upgrade-insecure-requests:
  // it would break the plain-http local stack, the Auth Emulator being http://127.0.0.1:9099, and
  // an opener policy Firebase's popup sign-in can talk through), plus Permissions-Policy.
  return {
    'content-security-policy': serializeCsp(contentSecurityDirectives(config)),
    'cross-origin-opener-policy': 'same-origin-allow-popups',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'no-referrer',
    'strict-transport-security': 'max-age=31536000; includeSubDomains',
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'SAMEORIGIN',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
    'permissions-policy': PERMISSIONS_POLICY,
  };
}

/** Whether `url` (path and query) is at or under `prefix`. */
function isUnder(url: string, prefix: string): boolean {
  if (!url.startsWith(prefix)) return false;
  const next = url.charAt(prefix.length);
  return next === '' || next === '/' || next === '?';
}

/** The kind of the answer to a request, by its path: the reference page is a document. */
function answerKind(url: string): AnswerKind {
  return isUnder(url, '/api') && !isUnder(url, API_REFERENCE_URL) ? 'api' : 'document';
}

/**
 * Sends each answer its kind's security headers, built once here; a route or plugin may still
 * override one (the reference page sets its own CSP).
 */
export function registerSecurity(app: FastifyInstance, config: Config): void {
  const headers: Record<AnswerKind, Readonly<Record<string, string>>> = {
    api: securityHeaders(config, 'api'),
    document: securityHeaders(config, 'document'),
  };
  // A callback, not an async hook: it runs on every request and has nothing to wait for.
  app.addHook('onRequest', (request, reply, done) => {
    void reply.headers(headers[answerKind(request.url)]);
    done();
  });
}
