// Validated VITE_* settings. Everything optional has a safe default so a fresh clone runs.
type Env = {
  apiUrl: string;
  firebase: {
    apiKey: string;
    authDomain: string;
    projectId: string;
    appId: string | undefined;
    emulatorHost: string | undefined;
    /** False when neither a real project nor the emulator is configured. */
    configured: boolean;
  };
  /** Card payment is off (the card screen says so) without it. */
  stripePublishableKey: string | undefined;
  /** The local Stripe emulator's origin; its Stripe.js stand-in is loaded before `loadStripe`. */
  stripeEmulatorUrl: string | undefined;
  imgbbApiKey: string | undefined;
  emailjs: { serviceId: string; templateId: string; publicKey: string } | undefined;
};

/** Every VITE_* variable the web app reads (the README's table and .env.example name each). */
export const WEB_ENV_VARIABLES = [
  'VITE_API_URL',
  'VITE_FIREBASE_API_KEY',
  'VITE_FIREBASE_AUTH_DOMAIN',
  'VITE_FIREBASE_PROJECT_ID',
  'VITE_FIREBASE_APP_ID',
  'VITE_FIREBASE_AUTH_EMULATOR_HOST',
  'VITE_STRIPE_PUBLISHABLE_KEY',
  'VITE_STRIPE_EMULATOR_URL',
  'VITE_IMGBB_API_KEY',
  'VITE_EMAILJS_SERVICE_ID',
  'VITE_EMAILJS_TEMPLATE_ID',
  'VITE_EMAILJS_PUBLIC_KEY',
] as const;
type WebEnvVariable = (typeof WEB_ENV_VARIABLES)[number];

type RawEnv = Record<string, string | boolean | undefined>;

/** A listed variable's trimmed value; only listed ones can be read. */
function str(raw: RawEnv, key: WebEnvVariable): string | undefined {
  const value = raw[key];
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
}

const HOST_PORT = /^[a-z0-9.-]+:\d{2,5}$/i;
const HTTP_URL = /^https?:\/\/[a-z0-9.-]+(:\d{2,5})?$/i;

export function parseEnv(raw: RawEnv): Env {
  const apiUrl = (str(raw, 'VITE_API_URL') ?? '/api').replace(/\/+$/, '');
  const emulatorHost = str(raw, 'VITE_FIREBASE_AUTH_EMULATOR_HOST');
  if (emulatorHost !== undefined && !HOST_PORT.test(emulatorHost)) {
    throw new Error(
      `VITE_FIREBASE_AUTH_EMULATOR_HOST must look like host:port, got "${emulatorHost}"`,
    );
  }
  const stripeEmulatorUrl = str(raw, 'VITE_STRIPE_EMULATOR_URL')?.replace(/\/+$/, '');
  if (stripeEmulatorUrl !== undefined && !HTTP_URL.test(stripeEmulatorUrl)) {
    throw new Error(
      `VITE_STRIPE_EMULATOR_URL must be an http(s) URL like http://127.0.0.1:12111, got "${stripeEmulatorUrl}"`,
    );
  }
  const apiKey = str(raw, 'VITE_FIREBASE_API_KEY');
  const projectId = str(raw, 'VITE_FIREBASE_PROJECT_ID') ?? 'demo-learntogether';
  const serviceId = str(raw, 'VITE_EMAILJS_SERVICE_ID');
  const templateId = str(raw, 'VITE_EMAILJS_TEMPLATE_ID');
  const publicKey = str(raw, 'VITE_EMAILJS_PUBLIC_KEY');
  return {
    apiUrl,
    firebase: {
      // The emulator accepts any API key; a real project needs its own.
      apiKey: apiKey ?? 'demo-api-key',
      authDomain: str(raw, 'VITE_FIREBASE_AUTH_DOMAIN') ?? `${projectId}.firebaseapp.com`,
      projectId,
      appId: str(raw, 'VITE_FIREBASE_APP_ID'),
      emulatorHost,
      configured: apiKey !== undefined || emulatorHost !== undefined,
    },
    stripePublishableKey: str(raw, 'VITE_STRIPE_PUBLISHABLE_KEY'),
    stripeEmulatorUrl,
    imgbbApiKey: str(raw, 'VITE_IMGBB_API_KEY'),
    emailjs:
      serviceId && templateId && publicKey ? { serviceId, templateId, publicKey } : undefined,
  };
}

export const env: Env = parseEnv(import.meta.env as RawEnv);
