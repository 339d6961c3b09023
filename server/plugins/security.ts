import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';

/**
 * The Content-Security-Policy for the SPA, limited to the services it talks to: Firebase Auth,
 * Google's gapi loader (popup sign-in), Stripe, EmailJS, imgbb, socket.io on this origin, and the
 * Auth and Stripe emulators when configured.
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
    'frame-src': ["'self'", 'https://js.stripe.com', 'https://*.firebaseapp.com', ...emulator],
    // Firebase's popup sign-in loads Google's gapi loader to talk to its helper iframe.
    'script-src': ["'self'", 'https://js.stripe.com', 'https://apis.google.com', ...stripeEmulator],
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
 * The headers every answer carries, as plain values: for the answers Node or the router send
 * before any hook runs (431, 408, malformed URLs). Must match what helmet sends (a test checks).
 */
export function securityHeaders(config: Config): Readonly<Record<string, string>> {
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

export async function registerSecurity(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      // Explicit list: helmet's defaults add upgrade-insecure-requests, which would break the
      // plain-http local stack (the Auth Emulator is http://127.0.0.1:9099).
      useDefaults: false,
      directives: contentSecurityDirectives(config),
    },
    // Firebase's popup sign-in talks to its opener window.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  });
  // helmet does not send Permissions-Policy.
  app.addHook('onRequest', async (_request, reply) => {
    void reply.header('permissions-policy', PERMISSIONS_POLICY);
  });
}
