import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';

/**
 * The Content-Security-Policy for the SPA, limited to the services it talks to: Firebase Auth,
 * Google's gapi loader (popup sign-in), Stripe, EmailJS, imgbb, socket.io on this origin, and the
 * Auth Emulator when configured.
 */
export function contentSecurityDirectives(config: Config): Record<string, string[]> {
  const emulator = config.FIREBASE_AUTH_EMULATOR_HOST
    ? [`http://${config.FIREBASE_AUTH_EMULATOR_HOST}`]
    : [];
  return {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'object-src': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'self'"],
    'img-src': ["'self'", 'data:', 'blob:', 'https://i.ibb.co'],
    'connect-src': [
      "'self'",
      'ws:',
      'wss:',
      'https://identitytoolkit.googleapis.com',
      'https://securetoken.googleapis.com',
      'https://api.emailjs.com',
      'https://api.stripe.com',
      'https://api.imgbb.com',
      ...emulator,
    ],
    'frame-src': ["'self'", 'https://js.stripe.com', 'https://*.firebaseapp.com', ...emulator],
    // Firebase's popup sign-in loads Google's gapi loader to talk to its helper iframe.
    'script-src': ["'self'", 'https://js.stripe.com', 'https://apis.google.com'],
    'style-src': ["'self'", "'unsafe-inline'"],
    'font-src': ["'self'", 'data:'],
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
}
